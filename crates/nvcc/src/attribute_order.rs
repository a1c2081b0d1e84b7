//! `alignas` after a CUDA memory-space specifier: nvcc reads `__shared__ alignas(16) float a[64];`
//! (NVIDIA's samples write it so), while clang, whose `__shared__` is a GNU attribute, refuses a
//! C++11 attribute after it in a function or after another specifier ("an attribute list cannot
//! appear here"). An `alignas` at the start of the declaration means the same, and clang accepts
//! it there: [`alignas_first`] moves each `alignas(...)` that follows `__shared__`, `__device__`,
//! `__constant__` or `__managed__` before the run of specifiers it ends
//! (`static __shared__ alignas(16) float a[4];` → `alignas(16) static __shared__ float a[4];`).
//! Every line keeps its number: the line breaks inside a moved `alignas(...)` stay where it was.
//! Compiled files are rewritten before clang reads them; a header only once clang has rejected
//! an `alignas` in it ([`misplaced_in`]; its copy: [`crate::header_rewrites`]).

use crate::tokens::{Kind, Token, closing, tokenize};

/// clang's message for a C++11 attribute after `__shared__` and the like.
const MISPLACED: &str = "an attribute list cannot appear here";

/// The files (as clang names them) where clang reports a misplaced attribute list.
pub fn misplaced_in(diagnostics: &str) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    for r in crate::clang_errors::reported(diagnostics, |message| message == MISPLACED) {
        if !files.contains(&r.file) {
            files.push(r.file);
        }
    }
    files
}

/// The specifiers that make a declaration CUDA's: `alignas` after one is moved.
const MEMORY_SPACES: [&[u8]; 4] = [b"__shared__", b"__device__", b"__constant__", b"__managed__"];

/// The words of a run of specifiers the moved `alignas` goes before.
const SPECIFIERS: [&[u8]; 11] = [
    b"__shared__",
    b"__device__",
    b"__constant__",
    b"__managed__",
    b"static",
    b"extern",
    b"inline",
    b"volatile",
    b"const",
    b"constexpr",
    b"thread_local",
];

/// `source` with every `alignas(...)` that follows a memory-space specifier moved before the
/// specifiers, or `None` when it has none.
pub fn alignas_first(source: &[u8]) -> Option<Vec<u8>> {
    let tokens = tokenize(source);
    // (where to insert, the group's token range)
    let mut moves: Vec<(usize, usize, usize)> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        let after_memory_space = i > 0 && is_word(source, &tokens[i - 1], &MEMORY_SPACES);
        if after_memory_space
            && t.kind == Kind::Word
            && t.text(source) == b"alignas"
            && tokens.get(i + 1).is_some_and(|n| n.is(source, b"("))
            && let Some(last) = closing(source, &tokens, i + 1)
        {
            let mut first = i - 1;
            while first > 0 && is_word(source, &tokens[first - 1], &SPECIFIERS) {
                first -= 1;
            }
            moves.push((tokens[first].start, i, last));
            i = last + 1;
        } else {
            i += 1;
        }
    }
    if moves.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(source.len() + 16);
    let mut copied = 0;
    for (insert_at, first, last) in moves {
        let group = &source[tokens[first].start..tokens[last].end];
        let text: Vec<&[u8]> = tokens[first..=last].iter().map(|t| t.text(source)).collect();
        out.extend_from_slice(&source[copied..insert_at]);
        out.extend_from_slice(&text.join(&b' '));
        out.push(b' ');
        out.extend_from_slice(&source[insert_at..tokens[first].start]);
        out.extend(group.iter().filter(|&&c| c == b'\n'));
        copied = tokens[last].end;
    }
    out.extend_from_slice(&source[copied..]);
    Some(out)
}

fn is_word(source: &[u8], token: &Token, words: &[&[u8]]) -> bool {
    token.kind == Kind::Word && words.contains(&token.text(source))
}

#[cfg(test)]
mod tests {
    fn alignas_first(source: &str) -> Option<String> {
        super::alignas_first(source.as_bytes()).map(|b| String::from_utf8(b).expect("UTF-8 in, UTF-8 out"))
    }

    /// The files of clang's "an attribute list cannot appear here", each once; other errors not.
    #[test]
    fn misplaced_attribute_lists_name_their_files() {
        let diagnostics = "k.cuh:3:16: error: an attribute list cannot appear here\n\
                           \x20   3 |     __shared__ alignas(16) float a[4];\n\
                           k.cuh:4:16: error: an attribute list cannot appear here\n\
                           a.cu:9:1: error: unknown type name 'foo'\n";
        assert_eq!(super::misplaced_in(diagnostics), ["k.cuh"]);
    }

    #[test]
    fn alignas_after_a_memory_space_goes_before_the_specifiers_on_the_same_lines() {
        assert_eq!(
            alignas_first("  static __shared__ alignas(16) float a[4];\n").as_deref(),
            Some("  alignas ( 16 ) static __shared__  float a[4];\n")
        );
        // NVIDIA's globalToShmemAsyncCopy: the alignas over two lines.
        assert_eq!(
            alignas_first("{ __shared__ alignas(\n      alignof(float4)) float As[8][8];\nint x; }").as_deref(),
            Some("{ alignas ( alignof ( float4 ) ) __shared__ \n float As[8][8];\nint x; }")
        );
        assert_eq!(
            alignas_first("template <int A> __device__ alignas(A) float g[4]; __shared__ alignas(8) int b;").as_deref(),
            Some("template <int A> alignas ( A ) __device__  float g[4]; alignas ( 8 ) __shared__  int b;")
        );
    }

    #[test]
    fn sources_with_alignas_elsewhere_are_left_alone() {
        assert_eq!(alignas_first("alignas(16) __shared__ float a[4]; struct alignas(8) S {};"), None);
        assert_eq!(alignas_first("// __shared__ alignas(16)\nconst char *s = \"__shared__ alignas(4)\";"), None);
    }
}
