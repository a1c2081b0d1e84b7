//! Deduction guides in device code: nvcc lets class template argument deduction use a
//! user-declared guide (`template <class... Ts> overloaded(Ts...) -> overloaded<Ts...>;`, the
//! visitor idiom) in `__device__` and `__global__` functions, while clang before 22 takes every
//! such guide for a `__host__` function ("no viable constructor or deduction guide ... call to
//! __host__ function from __global__ function"). A guide declares no code, so marking it
//! `__host__ __device__` (clang's own fix, and what CCCL writes for clang) changes nothing else:
//! [`host_device`] does that to each guide a source spells out. Compiled files are rewritten
//! before clang reads them; a header once clang has found a guide in it not viable
//! ([`rejected_in`]; its copy: [`crate::header_rewrites`]). Every line keeps its number.

use crate::tokens::{Kind, Token, closing, tokenize};

/// What the rewrite puts before a guide.
const MARK: &[u8] = b"__host__ __device__ ";

/// clang's note at a guide it did not consider in device code.
const HOST_ONLY: &str = "candidate function not viable: call to __host__ function from";

/// `source` with every deduction guide that starts a declaration marked `__host__ __device__`,
/// or `None` when it has none. A guide is `[explicit] NAME ( ... ) -> NAME < ... > ;` after a
/// template header, a `;`, a brace or the start of the file, so that an expression never
/// matches; one already preceded by another word (an execution space, a macro) is left alone.
pub fn host_device(source: &[u8]) -> Option<Vec<u8>> {
    let tokens = tokenize(source);
    let mut marks: Vec<usize> = Vec::new();
    for i in 0..tokens.len() {
        if let Some(at) = guide_at(source, &tokens, i) {
            marks.push(at);
        }
    }
    if marks.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(source.len() + MARK.len() * marks.len());
    let mut copied = 0;
    for at in marks {
        out.extend_from_slice(&source[copied..at]);
        out.extend_from_slice(MARK);
        copied = at;
    }
    out.extend_from_slice(&source[copied..]);
    Some(out)
}

/// The byte where a mark goes when a guide's name is token `i`.
fn guide_at(source: &[u8], tokens: &[Token], i: usize) -> Option<usize> {
    let name = tokens.get(i)?;
    if name.kind != Kind::Word || !name.text(source).first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') {
        return None;
    }
    if !tokens.get(i + 1)?.is(source, b"(") {
        return None;
    }
    let close = closing(source, tokens, i + 1)?;
    let arrow = tokens.get(close + 1..close + 3)?;
    if !(arrow[0].is(source, b"-") && arrow[1].is(source, b">") && arrow[1].start == arrow[0].end) {
        return None;
    }
    let result = tokens.get(close + 3)?;
    if result.kind != Kind::Word || result.text(source) != name.text(source) || !tokens.get(close + 4)?.is(source, b"<")
    {
        return None;
    }
    let end = template_end(source, tokens, close + 4)?;
    if !tokens.get(end + 1)?.is(source, b";") {
        return None;
    }
    // What the declaration starts after: the mark goes before `explicit`, if any.
    let (first, before) = match i.checked_sub(1).map(|p| &tokens[p]) {
        Some(t) if t.kind == Kind::Word && t.text(source) == b"explicit" => (i - 1, i.checked_sub(2)),
        _ => (i, i.checked_sub(1)),
    };
    let starts_declaration = match before.map(|p| &tokens[p]) {
        None => true,
        Some(t) if t.kind == Kind::Directive => true,
        Some(t) => [&b";"[..], b"{", b"}", b">"].iter().any(|p| t.is(source, p)),
    };
    starts_declaration.then_some(tokens[first].start)
}

/// The `>` that closes the template argument list opened by the `<` at token `open`.
fn template_end(source: &[u8], tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < tokens.len() {
        let t = &tokens[i];
        if t.is(source, b"<") {
            depth += 1;
        } else if t.is(source, b">") {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        } else if t.is(source, b"(") || t.is(source, b"[") {
            i = closing(source, tokens, i)?;
        } else if t.is(source, b";") || t.is(source, b"{") {
            return None;
        }
        i += 1;
    }
    None
}

/// The files (as clang names them) of the guides clang found not viable in device code.
pub fn rejected_in(diagnostics: &str) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    for line in diagnostics.lines() {
        let Some((place, message)) = line.split_once(": note: ") else { continue };
        if !message.starts_with(HOST_ONLY) {
            continue;
        }
        // FILE:LINE:COL
        let mut parts = place.rsplitn(3, ':');
        let (Some(_column), Some(_line), Some(file)) = (parts.next(), parts.next(), parts.next()) else { continue };
        if !files.iter().any(|f| f == file) {
            files.push(file.to_string());
        }
    }
    files
}

#[cfg(test)]
mod tests {
    fn host_device(source: &str) -> Option<String> {
        super::host_device(source.as_bytes()).map(|b| String::from_utf8(b).expect("UTF-8 in, UTF-8 out"))
    }

    /// Guides after a template header, after `;` and at the start, `explicit` ones, guides over
    /// lines: each is marked once, in place; lines keep their numbers.
    #[test]
    fn guides_are_marked_host_device_where_they_stand() {
        assert_eq!(
            host_device(
                "template <class... Ts> struct overloaded : Ts... { using Ts::operator()...; };\n\
                 template <class... Ts> overloaded(Ts...) -> overloaded<Ts...>;\n\
                 template <class T>\nexplicit Box(T, int (*)(T)) ->\n  Box<decltype(T() + 1)>;\n"
            )
            .as_deref(),
            Some(
                "template <class... Ts> struct overloaded : Ts... { using Ts::operator()...; };\n\
                 template <class... Ts> __host__ __device__ overloaded(Ts...) -> overloaded<Ts...>;\n\
                 template <class T>\n__host__ __device__ explicit Box(T, int (*)(T)) ->\n  Box<decltype(T() + 1)>;\n"
            )
        );
        assert_eq!(
            host_device("Pair(int, float) -> Pair<int, float>;").as_deref(),
            Some("__host__ __device__ Pair(int, float) -> Pair<int, float>;")
        );
    }

    /// Not guides: guides already marked (by an execution space or a macro), functions with a
    /// trailing return type, expressions, a result of another template or with a member after it.
    #[test]
    fn other_code_is_left_alone() {
        for source in [
            "template <class T> __host__ __device__ Box(T) -> Box<T>;",
            "template <class T> _CCCL_HOST_DEVICE Box(T) -> Box<T>;",
            "auto f(int x) -> Box<int> { return {x}; }",
            "int g() { return h(1) -> Box<int>::value; }",
            "x = Box(1) -> Box<int>;",
            "template <class T> Box(T) -> Other<T>;",
            "struct S { Box(int) -> Box<int>::type; };",
        ] {
            assert_eq!(host_device(source), None, "{source}");
        }
    }

    /// The files of clang's notes at guides it took for host functions, each once.
    #[test]
    fn rejected_guides_name_their_files() {
        let diagnostics = "a.cu:5:12: error: no viable constructor or deduction guide for deduction of template arguments of 'overloaded'\n\
                           inc/v.h:3:24: note: candidate function not viable: call to __host__ function from __global__ function\n\
                           inc/v.h:2:31: note: candidate function template not viable: requires 1 argument, but 2 were provided\n\
                           inc/v.h:9:1: note: candidate function not viable: call to __host__ function from __device__ function\n";
        assert_eq!(super::rejected_in(diagnostics), ["inc/v.h"]);
    }
}
