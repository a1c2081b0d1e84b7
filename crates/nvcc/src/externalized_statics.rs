//! `static` `__device__`/`__constant__` variables read by the host under `-rdc=true` (clang-19).
//! Relocatable device code makes a file's internal variables visible to the device linker, so
//! clang renames one that host code uses (`cudaMemcpyToSymbol`) to `NAME__static__<cuid>`,
//! under which the host registers it. But clang learns of the host's use only when it parses
//! it, and a kernel compiled before that (the usual order: variable, kernels, then `main`)
//! already refers to the old name: its PTX declares `.extern .global NAME;`, which nothing
//! defines, beside the renamed definition. The kernel then reads a variable of its own that
//! the host never reaches (cudaMemcpyToSymbol's value unseen, on a GPU a link error).
//!
//! [`resolve`] points such references at the renamed definition and drops the dangling
//! declaration. A name with clang's suffix (`__static__` and the hash of the compilation unit
//! id, hex digits) in a file's PTX is that file's own internal variable (no other file can
//! refer to one), so its unsuffixed `.extern` is the same variable.

/// `ptx` (a `-fgpu-rdc` device pass's output) with the references to its renamed internal
/// variables resolved, or `None` when it has none.
pub fn resolve(ptx: &str) -> Option<String> {
    // (unsuffixed name, its suffix)
    let mut renamed: Vec<(&str, &str)> = Vec::new();
    for line in ptx.lines() {
        for word in identifiers(line) {
            if let Some(at) = word.rfind("__static__")
                && at > 0
                && word[at + "__static__".len()..].bytes().all(|c| c.is_ascii_hexdigit())
                && word.len() > at + "__static__".len()
                && !renamed.iter().any(|(base, _)| *base == &word[..at])
            {
                renamed.push((&word[..at], &word[at..]));
            }
        }
    }
    let suffix_of = |w: &str| renamed.iter().find(|(base, _)| *base == w).map(|(_, suffix)| *suffix);
    let dangling = |line: &str| {
        let t = line.trim_start();
        t.starts_with(".extern") && identifiers(t).any(|w| suffix_of(w).is_some())
    };
    if !ptx.lines().any(dangling) {
        return None;
    }
    let mut out = String::with_capacity(ptx.len() + 64);
    for line in ptx.lines() {
        if dangling(line) {
            continue;
        }
        let mut last = 0;
        for (at, word) in identifier_spans(line) {
            if let Some(suffix) = suffix_of(word) {
                out.push_str(&line[last..at + word.len()]);
                out.push_str(suffix);
                last = at + word.len();
            }
        }
        out.push_str(&line[last..]);
        out.push('\n');
    }
    Some(out)
}

/// The identifiers of a PTX line (letters, digits, `_` and `$`, not starting with a digit),
/// with their byte offsets. Directives and registers (`.global`, `%r1`) are words after a `.`
/// or `%`, skipped.
fn identifier_spans(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let b = line.as_bytes();
    let is_id = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() {
            if !is_id(b[i]) {
                i += 1;
                continue;
            }
            let start = i;
            while i < b.len() && is_id(b[i]) {
                i += 1;
            }
            let prefixed = start > 0 && matches!(b[start - 1], b'.' | b'%');
            if !prefixed && !b[start].is_ascii_digit() {
                return Some((start, &line[start..i]));
            }
        }
        None
    })
}

fn identifiers(line: &str) -> impl Iterator<Item = &str> {
    identifier_spans(line).map(|(_, w)| w)
}

#[cfg(test)]
mod tests {
    use super::resolve;

    /// What clang-19 emits for `static __device__ int count;`, a kernel reading it, then a host
    /// function calling cudaMemcpyToSymbol(count, ...), compiled with -fgpu-rdc.
    const CLANG: &str = "\
.extern .global .align 4 .u32 _ZL5count;
.visible .global .align 4 .u32 _ZL5count__static__61ec4765a948a0f7;
.visible .entry _Z3repPi(
\t.param .u64 _Z3repPi_param_0
)
{
\tld.global.u32 \t%r1, [_ZL5count];
\tmov.u64 \t%rd2, _ZL5count;
\tld.global.u32 \t%r2, [_ZL5count_b];
\tret;
}
";

    #[test]
    fn references_reach_the_renamed_definition() {
        let out = resolve(CLANG).expect("rewritten");
        assert!(!out.contains(".extern"), "{out}");
        assert!(out.contains("ld.global.u32 \t%r1, [_ZL5count__static__61ec4765a948a0f7];"), "{out}");
        assert!(out.contains("mov.u64 \t%rd2, _ZL5count__static__61ec4765a948a0f7;"), "{out}");
        // Another name that merely starts alike is left alone, as is the definition.
        assert!(out.contains("[_ZL5count_b]"), "{out}");
        assert!(out.contains(".visible .global .align 4 .u32 _ZL5count__static__61ec4765a948a0f7;\n"), "{out}");
    }

    #[test]
    fn consistent_modules_are_left_alone() {
        // The host's use parsed first: clang named every reference alike.
        let fine = CLANG
            .replace(".extern .global .align 4 .u32 _ZL5count;\n", "")
            .replace("_ZL5count]", "_ZL5count__static__61ec4765a948a0f7]");
        assert_eq!(resolve(&fine), None);
        // No renamed variable: a genuine `.extern` of another file's variable stays.
        let other =
            ".extern .global .align 4 .u32 counter;\n.visible .entry k()\n{\n\tld.global.u32 \t%r1, [counter];\n}\n";
        assert_eq!(resolve(other), None);
    }
}
