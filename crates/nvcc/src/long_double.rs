//! `long double` in device code. nvcc treats it as `double` there and says so at each use in a
//! device function: "warning #20208-D: 'long double' is treated as 'double' in device code"
//! (its size and alignment stay the host's, 16 bytes, on nvcc's device side; clang's device
//! side makes it 8 bytes, so a struct holding one is laid out differently for kernels than on
//! the host, under both compilers' code reading garbage after it). clang says nothing: [`check`]
//! finds the uses, lexically, in the bodies of functions declared `__global__` or `__device__`
//! in a compiled file.

use crate::tokens::{Kind, Token, tokenize};

/// The warnings for `long double` in the device functions of `source` (the file `file`), each
/// as clang renders one.
pub fn check(source: &[u8], file: &str) -> Vec<String> {
    if !source.windows(11).any(|w| w == b"long double") && !source.windows(4).any(|w| w == b"long") {
        return Vec::new();
    }
    let tokens = tokenize(source);
    let word = |i: usize, w: &[u8]| tokens.get(i).is_some_and(|t| t.kind == Kind::Word && t.text(source) == w);
    let mut warnings = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if (word(i, b"__global__") || word(i, b"__device__"))
            && let Some((open, close)) = body(source, &tokens, i)
        {
            for (k, t) in tokens.iter().enumerate().take(close).skip(open) {
                if word(k, b"long") && word(k + 1, b"double") {
                    warnings.push(crate::source_diagnostics::render(
                        source,
                        file,
                        t.start,
                        "warning",
                        "'long double' is treated as 'double' in device code (nvcc's warning 20208)",
                    ));
                }
            }
            i = close;
        }
        i += 1;
    }
    warnings
}

/// For the execution-space word at `at`: the token range of the function body its declaration
/// opens (`(` params `)` then `{`), or `None` when it declares no function with a body there
/// (a variable, a declaration ending with `;`).
fn body(source: &[u8], tokens: &[Token], at: usize) -> Option<(usize, usize)> {
    let mut k = at + 1;
    let mut saw_params = false;
    while k < tokens.len() {
        let t = &tokens[k];
        if t.is(source, b";") || t.is(source, b"=") || t.kind == Kind::Directive {
            return None;
        }
        if t.is(source, b"(") {
            k = crate::tokens::closing(source, tokens, k)?;
            saw_params = true;
        } else if t.is(source, b"{") {
            if !saw_params {
                return None;
            }
            let mut depth = 0usize;
            for (j, u) in tokens.iter().enumerate().skip(k) {
                if u.is(source, b"{") {
                    depth += 1;
                } else if u.is(source, b"}") {
                    depth -= 1;
                    if depth == 0 {
                        return Some((k, j));
                    }
                }
            }
            return None;
        }
        k += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::check;

    /// nvcc 13.0 warns at both uses in the kernel of this source (ld.cu(3), twice), not in
    /// host code.
    #[test]
    fn long_double_in_device_functions_is_warned_about_as_nvcc_does() {
        let src = "struct P { long double x; int y; };\n__global__ void k(P p, long double *q) { long double t = p.x * 2; \
                   q[0] = t; printf(\"%d\", (int)sizeof(long double)); }\nint main() { long double h = 1; }\n\
                   __device__ long double g;\n__host__ __device__ void f() { long double v = 0; }\n";
        let w = check(src.as_bytes(), "ld.cu");
        let places: Vec<&str> = w.iter().map(|e| e.split(": warning").next().unwrap()).collect();
        assert_eq!(places, ["ld.cu:2:42", "ld.cu:2:102", "ld.cu:5:32"]);
        assert!(w[0].contains("warning: 'long double' is treated as 'double' in device code"), "{}", w[0]);
    }
}
