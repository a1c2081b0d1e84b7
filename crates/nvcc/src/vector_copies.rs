//! Copies of 16-byte-aligned objects as nvcc makes them: one 16-byte vector access per 16 bytes.
//! nvcc copies a `float4`, `double2`, `int4` or `alignas(16)` struct with `ld.v4.u32` and
//! `st.v4.u32`; clang emits `llvm.memcpy` (or `llvm.memmove`) for such a copy, which the NVPTX
//! back end lowers to 8-byte accesses. The two differ where programs can tell: a pointer aligned
//! to 8 but not 16 faults on the GPU (misaligned address) and ran on under `cuprite nvcc`, and
//! another thread could see half of a copy. So the device pass's IR has each such call, of a
//! constant size that is a multiple of 16 up to [`MAX_BYTES`] with both operands aligned to 16,
//! replaced by `<4 x i32>` loads (all of them first, so that a `memmove` of overlapping objects
//! stays right) and stores, which NVPTX emits as `ld.v4.u32`/`st.v4.u32`. Copies of objects
//! aligned to less than 16 (`struct { double a, b; }`, four floats) stay: nvcc copies those
//! member by member too.

use std::fmt::Write as _;

/// The largest copy rewritten (16 vector loads); larger ones are left to the back end, which
/// copies them in a loop.
const MAX_BYTES: u64 = 256;

/// The textual LLVM IR `ir` with its 16-byte-aligned constant-size copies made of vector
/// accesses, or `None` when it has none.
pub fn rewrite(ir: &str) -> Option<String> {
    if !ir.contains("@llvm.memcpy.") && !ir.contains("@llvm.memmove.") {
        return None;
    }
    let mut out = String::with_capacity(ir.len());
    let mut count = 0usize;
    for line in ir.split_inclusive('\n') {
        match Copy::parse(line) {
            Some(copy) => {
                copy.write(count, &mut out);
                count += 1;
            }
            None => out.push_str(line),
        }
    }
    (count > 0).then_some(out)
}

/// A call `llvm.memcpy`/`llvm.memmove` that can be made of vector accesses.
struct Copy<'a> {
    /// The line's indentation.
    indent: &'a str,
    /// The destination's type (`ptr`, `ptr addrspace(1)`) and value (`%5`, `@g`).
    dst: (&'a str, &'a str),
    /// The source's type and value.
    src: (&'a str, &'a str),
    /// The size in bytes: a multiple of 16.
    bytes: u64,
    /// The call's `!dbg` attachment (`!dbg !42`), kept on every access for line information.
    dbg: Option<&'a str>,
}

impl<'a> Copy<'a> {
    /// The copy on `line`, if it is a call whose operands are both aligned to 16, of a constant
    /// size that is a multiple of 16 up to [`MAX_BYTES`], and not volatile.
    fn parse(line: &'a str) -> Option<Copy<'a>> {
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_start();
        let indent = &body[..body.len() - trimmed.len()];
        let call = ["call void @llvm.memcpy.", "call void @llvm.memmove."]
            .iter()
            .find_map(|c| trimmed.find(c).map(|at| (at, c.len())))?;
        // Only a bare call statement (`tail`/`notail` call kinds allowed), nothing assigned.
        if !matches!(&trimmed[..call.0], "" | "tail " | "notail ") {
            return None;
        }
        let rest = &trimmed[call.0 + call.1..];
        let open = rest.find('(')?;
        // `p0.p0.i64`: the 32-bit length variant is as good; `.inline` is not a separate name here.
        let (args, after) = split_call(&rest[open + 1..])?;
        let [dst, src, len, volatile] = args.as_slice() else {
            return None;
        };
        if volatile.trim() != "i1 false" {
            return None;
        }
        let bytes: u64 = len.trim().strip_prefix("i64 ").or_else(|| len.trim().strip_prefix("i32 "))?.parse().ok()?;
        if bytes == 0 || !bytes.is_multiple_of(16) || bytes > MAX_BYTES {
            return None;
        }
        let dbg = after.split(", ").map(str::trim).find(|a| a.starts_with("!dbg "));
        Some(Copy { indent, dst: aligned_pointer(dst)?, src: aligned_pointer(src)?, bytes, dbg })
    }

    /// Writes the loads, then the stores, naming values `%cuprite.vcopy.N.*`.
    fn write(&self, n: usize, out: &mut String) {
        let dbg = self.dbg.map(|d| format!(", {d}")).unwrap_or_default();
        let Copy { indent, dst, src, .. } = self;
        let parts = self.bytes / 16;
        let address = |out: &mut String, side: &str, (ty, value): (&str, &str), k: u64| -> String {
            if k == 0 {
                return value.to_string();
            }
            let name = format!("%cuprite.vcopy.{n}.{side}{k}");
            let _ = writeln!(out, "{indent}{name} = getelementptr inbounds i8, {ty} {value}, i64 {}{dbg}", 16 * k);
            name
        };
        for k in 0..parts {
            let at = address(out, "s", *src, k);
            let _ = writeln!(out, "{indent}%cuprite.vcopy.{n}.v{k} = load <4 x i32>, {} {at}, align 16{dbg}", src.0);
        }
        for k in 0..parts {
            let at = address(out, "d", *dst, k);
            let _ = writeln!(out, "{indent}store <4 x i32> %cuprite.vcopy.{n}.v{k}, {} {at}, align 16{dbg}", dst.0);
        }
    }
}

/// The arguments of a call, split at the commas outside parentheses, and what follows the
/// closing parenthesis; `s` starts after the opening one.
fn split_call(s: &str) -> Option<(Vec<&str>, &str)> {
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => {
                args.push(&s[start..i]);
                return Some((args, &s[i + 1..]));
            }
            ')' => depth -= 1,
            ',' if depth == 0 => {
                args.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    None
}

/// The type and value of a pointer argument (`ptr noundef nonnull align 16 dereferenceable(16) %0`)
/// aligned to at least 16, whose value is a plain name (`%0`, `%x.y`, `@g`).
fn aligned_pointer(arg: &str) -> Option<(&str, &str)> {
    let arg = arg.trim();
    let ty_len = if arg.starts_with("ptr addrspace(") { arg.find(')')? + 1 } else { "ptr".len() };
    if !arg.starts_with("ptr") {
        return None;
    }
    let (ty, attrs) = arg.split_at(ty_len);
    let words: Vec<&str> = attrs.split_whitespace().collect();
    let (&value, attrs) = words.split_last()?;
    let plain = |v: &str| v.len() > 1 && v[1..].chars().all(|c| c.is_ascii_alphanumeric() || "._$-".contains(c));
    if !(value.starts_with('%') || value.starts_with('@')) || !plain(value) {
        return None;
    }
    let align: u64 = attrs.windows(2).find(|w| w[0] == "align").and_then(|w| w[1].parse().ok())?;
    (align >= 16).then_some((ty, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_copies_become_vector_loads_then_stores() {
        let ir = "define void @k(ptr %0, ptr %1) {\n  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 \
                  dereferenceable(32) %0, ptr noundef nonnull align 16 dereferenceable(32) %1, i64 32, i1 false), \
                  !tbaa.struct !19, !dbg !7\n  ret void\n}\n";
        assert_eq!(
            rewrite(ir).unwrap(),
            "define void @k(ptr %0, ptr %1) {\n  %cuprite.vcopy.0.v0 = load <4 x i32>, ptr %1, align 16, !dbg !7\n  \
             %cuprite.vcopy.0.s1 = getelementptr inbounds i8, ptr %1, i64 16, !dbg !7\n  \
             %cuprite.vcopy.0.v1 = load <4 x i32>, ptr %cuprite.vcopy.0.s1, align 16, !dbg !7\n  \
             store <4 x i32> %cuprite.vcopy.0.v0, ptr %0, align 16, !dbg !7\n  \
             %cuprite.vcopy.0.d1 = getelementptr inbounds i8, ptr %0, i64 16, !dbg !7\n  \
             store <4 x i32> %cuprite.vcopy.0.v1, ptr %cuprite.vcopy.0.d1, align 16, !dbg !7\n  ret void\n}\n"
        );
        let moved =
            "  call void @llvm.memmove.p1.p0.i64(ptr addrspace(1) align 32 %d, ptr align 16 @g, i64 16, i1 false)\n";
        assert_eq!(
            rewrite(moved).unwrap(),
            "  %cuprite.vcopy.0.v0 = load <4 x i32>, ptr @g, align 16\n  \
             store <4 x i32> %cuprite.vcopy.0.v0, ptr addrspace(1) %d, align 16\n"
        );
    }

    /// What nvcc copies member by member, or what is not a plain copy, stays.
    #[test]
    fn other_copies_stay() {
        for line in [
            // Aligned to 8 (struct { double a, b; }) or 4 (four floats).
            "  tail call void @llvm.memcpy.p0.p0.i64(ptr align 8 %0, ptr align 8 %1, i64 16, i1 false)\n",
            "  tail call void @llvm.memcpy.p0.p0.i64(ptr align 16 %0, ptr align 4 %1, i64 16, i1 false)\n",
            // Not a multiple of 16, a variable size, volatile, too large.
            "  tail call void @llvm.memcpy.p0.p0.i64(ptr align 16 %0, ptr align 16 %1, i64 24, i1 false)\n",
            "  tail call void @llvm.memcpy.p0.p0.i64(ptr align 16 %0, ptr align 16 %1, i64 %n, i1 false)\n",
            "  tail call void @llvm.memcpy.p0.p0.i64(ptr align 16 %0, ptr align 16 %1, i64 16, i1 true)\n",
            "  tail call void @llvm.memcpy.p0.p0.i64(ptr align 16 %0, ptr align 16 %1, i64 4096, i1 false)\n",
            // An operand that is an expression.
            "  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %0, ptr align 16 getelementptr (i8, ptr @g, i64 16), i64 16, i1 false)\n",
            // The declaration.
            "declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3\n",
        ] {
            assert!(rewrite(line).is_none(), "{line}");
        }
    }
}
