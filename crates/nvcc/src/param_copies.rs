//! Kernel parameters of aggregate type copied only in part (LLVM 19's NVPTX back end). When a
//! kernel takes the address of a by-value aggregate parameter (always at `-O0`/`-G`: the
//! parameter is passed on by reference), LLVM 19's NVPTXLowerArgs copies it into local memory
//! with one load and one store of the parameter's IR type, which move its members and not the
//! bytes between or after them. For a union, whose IR type is one of its members, the other
//! members' bytes there are lost: CUB's `kernel_arg<It>` (a union of `aligned_base_ptr`, a
//! pointer and an `int`, and the iterator `It`) loses the last four bytes of a two-pointer
//! iterator such as Thrust's `permutation_iterator`, whose second pointer's high half is then
//! zero, and `thrust::gather` at `-G` faults (on a GPU too). LLVM 20 copies the whole parameter.
//!
//! [`complete`] finds each such copy in a kernel's prologue (every `ld.param` of the parameter
//! stored to the same local frame at the same distance, and the parameter's address taken)
//! and adds byte copies of what it leaves out, so that the local copy is the parameter's bytes,
//! as C++ copies a trivially copyable object.

use std::collections::BTreeMap;

/// `ptx` with the parameter copies of its kernels completed, or `None` when none is partial.
pub fn complete(ptx: &str) -> Option<String> {
    let lines: Vec<&str> = ptx.lines().collect();
    // Lines after which to insert, with what.
    let mut inserts: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    // Kernel bodies needing the byte register, by the line of their `{`.
    let mut registers: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_entry(lines[i]) {
            i += 1;
            continue;
        }
        // A declaration (`.extern`/-rdc prototypes) ends with `;` before any body.
        let Some(open) = (i..lines.len()).find(|&j| matches!(lines[j].trim(), "{" | ";")) else { break };
        if lines[open].trim() == ";" {
            i = open + 1;
            continue;
        }
        let close = (open..lines.len()).find(|&j| lines[j].starts_with('}')).unwrap_or(lines.len());
        let params = aggregate_params(&lines[i..open]);
        let body = &lines[open + 1..close];
        let mut needed = false;
        for (name, size) in &params {
            if let Some((after, copies)) = missing_copies(body, name, *size) {
                inserts.entry(open + 1 + after).or_default().extend(copies);
                needed = true;
            }
        }
        if needed {
            registers.push(open);
        }
        i = close;
    }
    if inserts.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(ptx.len() + 256);
    for (n, line) in lines.iter().enumerate() {
        out.push_str(line);
        out.push('\n');
        if registers.contains(&n) {
            out.push_str("\t.reg .b16 \t%cuprite_byte;\n");
        }
        for extra in inserts.get(&n).into_iter().flatten() {
            out.push_str(extra);
            out.push('\n');
        }
    }
    Some(out)
}

fn is_entry(line: &str) -> bool {
    let t = line.trim_start();
    [".entry ", ".visible .entry ", ".weak .entry "].iter().any(|p| t.starts_with(p))
}

/// The aggregate (`.b8 name[size]`) parameters declared in a kernel's header lines.
fn aggregate_params(header: &[&str]) -> Vec<(String, u32)> {
    header
        .iter()
        .filter_map(|l| {
            let decl = l.trim().trim_end_matches(',');
            let rest = decl.strip_prefix(".param ")?;
            let array = rest.split_whitespace().last()?;
            if !rest.contains(".b8 ") {
                return None;
            }
            let (name, size) = array.strip_suffix(']')?.split_once('[')?;
            Some((name.to_string(), size.parse().ok()?))
        })
        .collect()
}

/// For parameter `name` of `size` bytes, if `body` copies it partly into a local frame: the body
/// line after which to copy the rest, and those copies.
fn missing_copies(body: &[&str], name: &str, size: u32) -> Option<(usize, Vec<String>)> {
    let address_taken = body.iter().any(|l| {
        let t = l.trim();
        (t.starts_with("mov.b64") || t.starts_with("mov.u64")) && t.trim_end_matches(';').ends_with(&format!(" {name}"))
    });
    if !address_taken {
        return None;
    }
    let mut covered = vec![false; size as usize];
    // The store's opcode prefix ("st" or "st.local"), its base register and the parameter's
    // offset 0 in the frame; the line of the last store.
    let mut frame: Option<(String, String, i64)> = None;
    let mut last = 0;
    let mut loads = 0;
    for (n, line) in body.iter().enumerate() {
        let Some((width, register, offset)) = param_load(line, name) else { continue };
        loads += 1;
        let (m, store) = body.iter().enumerate().skip(n + 1).find(|(_, l)| mentions(l, &register))?;
        let (prefix, store_width, base, at, stored) = local_store(store)?;
        if stored != register || store_width != width {
            return None;
        }
        let origin = at - i64::from(offset);
        match &frame {
            None => frame = Some((prefix, base, origin)),
            Some((p, b, o)) if *p == prefix && *b == base && *o == origin => {}
            Some(_) => return None,
        }
        let end = offset.saturating_add(width).min(size);
        covered[offset.min(size) as usize..end as usize].fill(true);
        last = last.max(m);
    }
    let (prefix, base, origin) = frame?;
    if loads == 0 || covered.iter().all(|&c| c) {
        return None;
    }
    let copies = covered
        .iter()
        .enumerate()
        .filter(|&(_, &c)| !c)
        .flat_map(|(byte, _)| {
            [
                format!("\tld.param.u8 \t%cuprite_byte, [{name}+{byte}];"),
                format!("\t{prefix}.u8 \t[{base}+{}], %cuprite_byte;", origin + byte as i64),
            ]
        })
        .collect();
    Some((last, copies))
}

/// `ld.param.<type> REG, [name(+offset)];`: the width in bytes, the register, the offset.
fn param_load(line: &str, name: &str) -> Option<(u32, String, u32)> {
    let rest = line.trim().strip_prefix("ld.param.")?;
    let (ty, rest) = rest.split_once(char::is_whitespace)?;
    let (register, address) = rest.trim().trim_end_matches(';').split_once(',')?;
    let address = address.trim().strip_prefix('[')?.strip_suffix(']')?;
    let offset = match address.strip_prefix(name)? {
        "" => 0,
        tail => tail.strip_prefix('+')?.parse().ok()?,
    };
    Some((type_width(ty)?, register.trim().to_string(), offset))
}

/// `st(.local).<type> [BASE(+offset)], REG;`: the opcode prefix, width, base, offset, register.
fn local_store(line: &str) -> Option<(String, u32, String, i64, String)> {
    let t = line.trim();
    let (opcode, rest) = t.split_once(char::is_whitespace)?;
    let (prefix, ty) = opcode.rsplit_once('.')?;
    if prefix != "st" && prefix != "st.local" {
        return None;
    }
    let (address, register) = rest.trim().trim_end_matches(';').split_once(',')?;
    let address = address.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (base, at) = match address.split_once('+') {
        Some((b, o)) => (b, o.parse().ok()?),
        None => (address, 0),
    };
    if base != "%SP" && base != "%SPL" {
        return None;
    }
    Some((prefix.to_string(), type_width(ty)?, base.to_string(), at, register.trim().to_string()))
}

fn type_width(ty: &str) -> Option<u32> {
    match ty.get(1..)? {
        "8" => Some(1),
        "16" => Some(2),
        "32" => Some(4),
        "64" => Some(8),
        _ => None,
    }
}

/// Whether `line` names `register` (as a whole operand).
fn mentions(line: &str, register: &str) -> bool {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '%' || c == '_')).any(|w| w == register)
}

#[cfg(test)]
mod tests {
    use super::complete;

    /// A kernel whose 16-byte union parameter LLVM 19 copied as `{ptr, i32}` (CUB's kernel_arg).
    const PARTIAL: &str = "\
.visible .entry k(
\t.param .u32 k_param_0,
\t.param .align 8 .b8 k_param_1[16]
)
{
\t.local .align 8 .b8 \t__local_depot0[16];
\t.reg .b64 \t%SP;
\t.reg .b64 \t%rd<6>;
\tmov.u64 \t%SPL, __local_depot0;
\tcvta.local.u64 \t%SP, %SPL;
\tmov.b64 \t%rd3, k_param_1;
\tld.param.u64 \t%rd4, [k_param_1];
\tld.param.u32 \t%r3, [k_param_1+8];
\tst.u32 \t[%SP+8], %r3;
\tst.u64 \t[%SP+0], %rd4;
\tret;
}
";

    #[test]
    fn the_bytes_a_partial_copy_leaves_out_are_copied_after_it() {
        let done = complete(PARTIAL).expect("a partial copy");
        let expected = PARTIAL.replace("\t.local .align 8", "\t.reg .b16 \t%cuprite_byte;\n\t.local .align 8").replace(
            "\tst.u64 \t[%SP+0], %rd4;\n",
            "\tst.u64 \t[%SP+0], %rd4;\n\
                 \tld.param.u8 \t%cuprite_byte, [k_param_1+12];\n\tst.u8 \t[%SP+12], %cuprite_byte;\n\
                 \tld.param.u8 \t%cuprite_byte, [k_param_1+13];\n\tst.u8 \t[%SP+13], %cuprite_byte;\n\
                 \tld.param.u8 \t%cuprite_byte, [k_param_1+14];\n\tst.u8 \t[%SP+14], %cuprite_byte;\n\
                 \tld.param.u8 \t%cuprite_byte, [k_param_1+15];\n\tst.u8 \t[%SP+15], %cuprite_byte;\n",
        );
        assert_eq!(done, expected);
    }

    #[test]
    fn odd_offsets_and_sizes_do_not_panic() {
        for (from, to) in [("[k_param_1+8]", "[k_param_1+4294967295]"), ("k_param_1[16]", "k_param_1[0]")] {
            let _ = complete(&PARTIAL.replace(from, to));
        }
    }

    #[test]
    fn whole_copies_and_direct_uses_are_left_alone() {
        // Every byte copied.
        let whole =
            PARTIAL.replace("ld.param.u32 \t%r3", "ld.param.u64 \t%r3").replace("st.u32 \t[%SP+8]", "st.u64 \t[%SP+8]");
        assert_eq!(complete(&whole), None);
        // The address not taken: the loads are the parameter's uses, not a copy.
        assert_eq!(complete(&PARTIAL.replace("\tmov.b64 \t%rd3, k_param_1;\n", "")), None);
        // A load used otherwise than stored to the frame.
        assert_eq!(complete(&PARTIAL.replace("st.u32 \t[%SP+8], %r3;", "add.s32 \t%r4, %r3, 1;")), None);
    }
}
