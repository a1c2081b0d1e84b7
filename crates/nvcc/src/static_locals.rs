//! Function-local `static` variables of device functions whose type's constructor is
//! `__device__` only, such as
//!
//! ```text
//! struct Counter { int calls; __device__ constexpr Counter() : calls(0) {} };
//! __device__ int ticket() { static Counter c; return atomicAdd(&c.calls, 1); }
//! ```
//!
//! nvcc accepts them (the variable lives in device memory, constant-initialized). clang 19
//! rejects them ("reference to __device__ function 'Counter' in global initializer"): its check
//! of a variable's initializer (`SemaCUDA::checkAllowedInitializer`) takes a static local
//! without a `__device__` attribute for a host variable, although device compilation emits it
//! as a device one. Marking the variable `__device__` makes clang check it as nvcc does (a
//! constant or empty initializer, an empty destructor) and changes nothing else: a static local
//! of a device function is device memory either way. So when clang reports such declarations
//! in a compiled file, the driver compiles a copy in which each carries
//! `__attribute__((device))` before its name (see [`crate::shared_objects`] for the rounds):
//!
//! ```text
//! static Counter c;   →   static Counter __attribute__((device)) c;
//! ```
//!
//! Only a declaration that spells `static`, has no memory-space specifier, and is inside a
//! function body is rewritten; anything else (a namespace-scope variable, which nvcc rejects
//! too) is left as it is and clang's error stands.

use crate::clang_errors::{Reported, offset_of};
use crate::tokens::{Kind, Token, opening, tokenize};

/// Whether clang's error `message` is the one this module answers.
fn is_rejection(message: &str) -> bool {
    message.starts_with("reference to __device__ function '") && message.ends_with("' in global initializer")
}

/// Every declaration clang's `diagnostics` reject for a `__device__` constructor or function in
/// its initializer (where its variable's name is), each once, in order.
pub fn rejections(diagnostics: &str) -> Vec<Reported> {
    crate::clang_errors::reported(diagnostics, is_rejection)
}

/// What is inserted before the variable's name.
const DEVICE: &[u8] = b"__attribute__((device)) ";

/// `source` with the static locals whose names are at `places` (line, byte column, from 1)
/// marked `__device__`, or `None` when none is (a place that is not such a declaration is left
/// as it is).
pub fn rewrite(source: &[u8], places: &[(usize, usize)]) -> Option<Vec<u8>> {
    let tokens = tokenize(source);
    let mut at: Vec<usize> = places
        .iter()
        .filter_map(|&(line, column)| {
            let offset = offset_of(source, line, column)?;
            let name = tokens.iter().position(|t| t.start == offset && t.kind == Kind::Word)?;
            is_static_local(source, &tokens, name).then_some(offset)
        })
        .collect();
    if at.is_empty() {
        return None;
    }
    at.sort_unstable();
    at.dedup();
    let mut out = Vec::with_capacity(source.len() + DEVICE.len() * at.len());
    let mut copied = 0;
    for offset in at {
        out.extend_from_slice(&source[copied..offset]);
        out.extend_from_slice(DEVICE);
        copied = offset;
    }
    out.extend_from_slice(&source[copied..]);
    Some(out)
}

/// Whether the word token `name` declares a `static` variable without a memory-space
/// specifier inside a function body.
fn is_static_local(source: &[u8], tokens: &[Token], name: usize) -> bool {
    // The declaration's first token: after the previous statement's end or a brace.
    let mut begin = name;
    while begin > 0 {
        let t = &tokens[begin - 1];
        if t.kind == Kind::Directive || [&b";"[..], b"{", b"}"].iter().any(|p| t.is(source, p)) {
            break;
        }
        begin -= 1;
    }
    let words: Vec<&[u8]> =
        tokens[begin..name].iter().filter(|t| t.kind == Kind::Word).map(|t| t.text(source)).collect();
    const SPACES: [&[u8]; 4] = [b"__device__", b"__shared__", b"__constant__", b"__managed__"];
    words.contains(&&b"static"[..])
        && !words.iter().any(|w| SPACES.contains(w))
        && begin > 0
        && in_function_body(source, tokens, begin)
}

/// Whether the token at `index` is inside a function's body: the nearest enclosing `{` opens a
/// block of statements (after a parameter list's `)`, a function's qualifiers, or a statement),
/// not a namespace, class or initializer.
fn in_function_body(source: &[u8], tokens: &[Token], index: usize) -> bool {
    let mut depth = 0usize;
    let mut i = index;
    while i > 0 {
        i -= 1;
        let t = &tokens[i];
        if t.is(source, b"}") {
            depth += 1;
        } else if t.is(source, b"{") {
            if depth > 0 {
                depth -= 1;
                continue;
            }
            return opens_statements(source, tokens, i);
        }
    }
    false
}

/// Whether the `{` at `brace` opens a block of statements.
fn opens_statements(source: &[u8], tokens: &[Token], brace: usize) -> bool {
    let Some(before) = brace.checked_sub(1).map(|b| &tokens[b]) else { return false };
    const QUALIFIERS: [&[u8]; 10] =
        [b"const", b"noexcept", b"override", b"final", b"mutable", b"else", b"do", b"try", b"volatile", b"constexpr"];
    if before.is(source, b")") {
        // A parameter list or a condition; not `__attribute__((...))` or `alignas(...)` of a
        // class head, nor `noexcept(...)`'s operand of a declaration (also a function's).
        return opening(source, tokens, brace - 1)
            .and_then(|open| open.checked_sub(1))
            .is_none_or(|w| !matches!(tokens[w].text(source), b"__attribute__" | b"alignas" | b"__declspec"));
    }
    if before.kind == Kind::Word {
        return QUALIFIERS.contains(&before.text(source));
    }
    // A block after a statement, another block, a label or a trailing `&`/`&&` qualifier.
    [&b";"[..], b"{", b"}", b":", b"&"].iter().any(|p| before.is(source, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(source: &str, places: &[(usize, usize)]) -> Option<String> {
        rewrite(source.as_bytes(), places).map(|t| String::from_utf8(t).expect("UTF-8 in, UTF-8 out"))
    }

    #[test]
    fn clangs_message_is_recognized_with_its_place() {
        let diagnostics = "a.cu:6:18: error: reference to __device__ function 'Counter' in global initializer\n\
                           a.cu:1:34: note: 'Counter' declared here\n\
                           a.cu:9:3: error: reference to __device__ function 'f' in host function\n";
        let found = rejections(diagnostics);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].file.as_str(), found[0].line, found[0].column), ("a.cu", 6, 18));
    }

    #[test]
    fn a_static_local_of_a_device_function_is_marked_device_before_its_name() {
        let src = "__device__ int f() {\n  static Counter c;\n  static Val v(3);\n  return c.calls + v.v;\n}\n";
        assert_eq!(
            rewritten(src, &[(2, 18), (3, 14)]).as_deref(),
            Some(
                "__device__ int f() {\n  static Counter __attribute__((device)) c;\n  \
                 static Val __attribute__((device)) v(3);\n  return c.calls + v.v;\n}\n"
            )
        );
    }

    #[test]
    fn nested_blocks_qualified_members_and_lambdas_are_function_bodies() {
        let src = "struct S { __device__ int g() const {\n if (x) {\n  static T a;\n }\n return 0; } };\n\
                   auto l = [] __device__ () mutable { static T b; };\n";
        assert_eq!(
            rewritten(src, &[(3, 12), (6, 46)]).as_deref(),
            Some(
                "struct S { __device__ int g() const {\n if (x) {\n  static T __attribute__((device)) a;\n }\n return 0; } };\n\
                 auto l = [] __device__ () mutable { static T __attribute__((device)) b; };\n"
            )
        );
    }

    #[test]
    fn namespace_and_class_scope_and_device_variables_are_left_alone() {
        // A host global (nvcc rejects it too), a class's static member, one already __device__,
        // one without `static`, and a place with no name.
        let src = "static Counter a;\nnamespace n { static Counter b; }\nstruct __attribute__((aligned(8))) S { static Counter c; };\n\
                   __device__ void f() { static __device__ Counter d; Counter e; }\n";
        assert_eq!(rewritten(src, &[(1, 16), (2, 30), (3, 55), (4, 49), (4, 60), (9, 1), (1, 1)]), None);
    }
}
