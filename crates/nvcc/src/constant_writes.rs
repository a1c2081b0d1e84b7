//! Writes to `__constant__` variables that nvcc refuses. nvcc's front end treats a `__constant__`
//! variable of scalar type (arithmetic or pointer) as not modifiable: assigning it, compound-
//! assigning it or incrementing it is "error: expression must be a modifiable lvalue" in any
//! function, device, host or both (the elements of a `__constant__` array and the members of a
//! `__constant__` struct it lets device code write). clang accepts such a write, and LLVM's
//! NVPTX back end then drops the store, so the program would silently compute with the old
//! value. [`check`] finds these writes in a compiled file, lexically: a name also declared as
//! something else in the file (a local or parameter of the same name) is left alone.

use crate::tokens::{Kind, Token, namespace_scope_declarations, tokenize};

/// Words of arithmetic types: a `__constant__` variable declared with only these is a scalar.
const ARITHMETIC: [&[u8]; 19] = [
    b"int",
    b"float",
    b"double",
    b"char",
    b"short",
    b"long",
    b"unsigned",
    b"signed",
    b"bool",
    b"size_t",
    b"int8_t",
    b"uint8_t",
    b"int16_t",
    b"uint16_t",
    b"int32_t",
    b"uint32_t",
    b"int64_t",
    b"uint64_t",
    b"ptrdiff_t",
];

/// Specifiers that may come with `__constant__` in a declaration.
const SPECIFIERS: [&[u8]; 7] =
    [b"__constant__", b"__device__", b"static", b"extern", b"volatile", b"inline", b"alignas"];

/// Words before a name that make it an expression, not a declaration (`return x`).
const EXPRESSION_KEYWORDS: [&[u8]; 5] = [b"return", b"case", b"sizeof", b"throw", b"else"];

/// The errors for the writes to scalar `__constant__` variables in `source` (the file `file`),
/// each as clang renders one (place, message, the line, a caret); empty when there are none.
pub fn check(source: &[u8], file: &str) -> Vec<String> {
    if !source.windows(12).any(|w| w == b"__constant__") {
        return Vec::new();
    }
    let tokens = tokenize(source);
    // Enumerations declared in the file are scalars too.
    let enums: Vec<&[u8]> = tokens
        .windows(3)
        .filter(|w| w[0].kind == Kind::Word && w[0].text(source) == b"enum")
        .map(|w| if matches!(w[1].text(source), b"class" | b"struct") { w[2].text(source) } else { w[1].text(source) })
        .collect();
    let mut scalars: Vec<&[u8]> = Vec::new();
    let mut declared: Vec<usize> = Vec::new();
    for d in namespace_scope_declarations(source, &tokens, b"__constant__") {
        for &n in &d.names {
            declared.push(n);
            if is_scalar(source, &tokens, &enums, d.start, n) {
                scalars.push(tokens[n].text(source));
            }
        }
    }
    // A name declared as something else too (`float scale` as a parameter) is not checked.
    scalars.retain(|name| {
        !tokens.iter().enumerate().any(|(i, t)| {
            t.kind == Kind::Word
                && t.text(source) == *name
                && !declared.contains(&i)
                && i > 0
                && tokens[i - 1].kind == Kind::Word
                && !EXPRESSION_KEYWORDS.contains(&tokens[i - 1].text(source))
        })
    });
    let mut errors = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.kind != Kind::Word || !scalars.contains(&t.text(source)) || declared.contains(&i) {
            continue;
        }
        let mut first = i;
        while first >= 2 && tokens[first - 1].is(source, b"::") && tokens[first - 2].kind == Kind::Word {
            first -= 2;
        }
        if first >= 1 && tokens[first - 1].is(source, b"::") {
            first -= 1;
        }
        let member = first >= 1
            && (tokens[first - 1].is(source, b".")
                || (tokens[first - 1].is(source, b">") && first >= 2 && adjacent(source, &tokens, first - 2, b"-")));
        if !member && is_written(source, &tokens, first, i) {
            let message = format!(
                "expression must be a modifiable lvalue: '{}' is a __constant__ variable, which nvcc lets no \
                 function write (cudaMemcpyToSymbol writes it from the host)",
                String::from_utf8_lossy(t.text(source))
            );
            errors.push(crate::source_diagnostics::render(source, file, tokens[first].start, "error", &message));
        }
    }
    errors
}

/// Whether tokens `k` (which must be `text`) and `k + 1` are written together (`-` `>`).
fn adjacent(source: &[u8], tokens: &[Token], k: usize, text: &[u8]) -> bool {
    tokens[k].is(source, text) && tokens.get(k + 1).is_some_and(|n| n.start == tokens[k].end)
}

/// Whether the variable declared by name token `name` of the declaration from `start` is a
/// scalar: not an array, and of an arithmetic or enumeration type (`enums`) or a pointer.
fn is_scalar(source: &[u8], tokens: &[Token], enums: &[&[u8]], start: usize, name: usize) -> bool {
    if tokens.get(name + 1).is_some_and(|t| t.is(source, b"[")) {
        return false;
    }
    if name >= 1 && tokens[name - 1].is(source, b"*") {
        return true;
    }
    let mut words = 0;
    let mut k = start;
    while k < name {
        let t = &tokens[k];
        if t.kind == Kind::Word {
            let w = t.text(source);
            if w == b"const" {
                // clang rejects writes to a const variable itself.
                return false;
            }
            if !SPECIFIERS.contains(&w) {
                if !ARITHMETIC.contains(&w) && !enums.contains(&w) {
                    return false;
                }
                words += 1;
            }
        } else if t.is(source, b",") {
            // A later declarator: the type words came before the first one.
            words += usize::from(words == 0);
        } else if t.is(source, b"(") {
            // alignas(...)
            if let Some(close) = crate::tokens::closing(source, tokens, k) {
                k = close;
            }
        }
        k += 1;
    }
    words > 0
}

/// Whether the reference at tokens `first..=last` is written: assigned (`=`, `+=`, `<<=`, ...)
/// or incremented or decremented.
fn is_written(source: &[u8], tokens: &[Token], first: usize, last: usize) -> bool {
    let at = |k: usize, p: &[u8]| tokens.get(k).is_some_and(|t| t.is(source, p));
    let joined = |k: usize| tokens.get(k + 1).is_some_and(|n| n.start == tokens[k].end);
    let a = last + 1;
    // `x = v`, not `x == v`.
    if at(a, b"=") && !(at(a + 1, b"=") && joined(a)) {
        return true;
    }
    // `x += v` and the like.
    let compound = [b"+", b"-", b"*", b"/", b"%", b"&", b"|", b"^"].iter().any(|op| at(a, *op));
    if compound && at(a + 1, b"=") && joined(a) && !(at(a + 2, b"=") && joined(a + 1)) {
        return true;
    }
    // `x <<= v`, `x >>= v`.
    let shift = (at(a, b"<") && at(a + 1, b"<")) || (at(a, b">") && at(a + 1, b">"));
    if shift && joined(a) && at(a + 2, b"=") && joined(a + 1) {
        return true;
    }
    // `x++`, `x--`, `++x`, `--x`.
    let pair = |k: usize| (at(k, b"+") && at(k + 1, b"+") || at(k, b"-") && at(k + 1, b"-")) && joined(k);
    pair(a) || (first >= 2 && pair(first - 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(src: &str) -> Vec<String> {
        check(src.as_bytes(), "c.cu").iter().map(|e| e.split(": error").next().unwrap().to_string()).collect()
    }

    #[test]
    fn writes_to_scalar_constants_are_errors_with_nvccs_message() {
        let src = "__constant__ float cf;\n__constant__ int *cp;\n__global__ void k(int v) {\n  cf = v;\n  cf += 1; cf++; --cf;\n  cp = 0; ns::x = 1;\n  cf <<= 1;\n}\n\
                   enum E { A }; __constant__ E e; void h() { e = A; }\n";
        // The places nvcc 13.0 reports (tests/nvcc: c4.cu(4), (5) three times, (6), (7), and the enum).
        assert_eq!(
            places(src),
            ["c.cu:4:3", "c.cu:5:3", "c.cu:5:12", "c.cu:5:20", "c.cu:6:3", "c.cu:7:3", "c.cu:9:44"]
        );
        let e = &check(src.as_bytes(), "c.cu")[0];
        assert!(
            e.starts_with("c.cu:4:3: error: expression must be a modifiable lvalue: 'cf' is a __constant__"),
            "{e}"
        );
        assert!(e.ends_with("\n    4 |   cf = v;\n      |   ^\n"), "{e}");
    }

    #[test]
    fn reads_arrays_structs_and_shadowing_names_are_not() {
        let src = "struct P { int a; };\n__constant__ int c[4];\n__constant__ P p;\n__constant__ float f = 1.0f, g;\n\
                   __constant__ double d;\n__global__ void k(int v, float g) {\n  c[1] = v; p.a = v; p = P();\n  \
                   int x = f == 1.0f; x = f + d; x += f; g = 2; s.f = 3; q->f = 4;\n}\n";
        assert!(places(src).is_empty(), "{:?}", places(src));
    }
}
