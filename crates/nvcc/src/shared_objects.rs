//! `__shared__` variables whose type has a non-empty constructor or destructor, such as libcu++'s
//! `__shared__ cuda::barrier<cuda::thread_scope_block> bar;` (the Programming Guide's
//! asynchronous-barrier idiom). nvcc accepts them with warning 20054 and runs neither the
//! constructor nor the destructor: the program initializes the object itself (`init(&bar, n)`
//! from one thread). clang rejects them ("initialization is not supported for __shared__
//! variables": its CUDA front end allows a `__shared__` variable only an empty constructor and
//! destructor, and no option lifts the rule), and libcu++ gives clang no other declaration of the
//! barrier. So when clang reports such declarations in a compiled file, the driver compiles a copy
//! in which each declares storage clang accepts, a union whose empty constructor and destructor
//! construct and destroy nothing (`include/cuprite/shared_object.h`: the object's size and
//! alignment, in shared memory), and binds the name to the object in it:
//!
//! ```text
//! __shared__ cuda::barrier<cuda::thread_scope_block> bar;
//! __shared__ ::__cuprite::shared_object<cuda::barrier<cuda::thread_scope_block>> __cuprite_shared_bar; static constexpr auto &bar = __cuprite_shared_bar.value;
//! ```
//!
//! The reference is a compile-time constant, so a lambda does not capture it (no copy) and it
//! costs nothing. Only the declarations clang reports are rewritten, each in the form
//! `[specifiers] __shared__ T name;` or with array bounds `name[N]...` (one variable, no
//! initializer); the replacement stays on the declaration's lines, so every other line and column
//! stays where it was. One a macro writes is rewritten in the macro's body, where clang's note
//! points (the storage's name pasted, `__cuprite_shared_ ## name`, since the name may be the
//! macro's parameter); one in a header, in the header's copy (see [`crate::header_rewrites`]).
//! Any other form is left as it is, and the build fails with a message saying why. Unlike
//! nvcc's, `decltype(name)` is a reference type.

use crate::clang_errors::{Reported, offset_of};
use crate::tokens::{Kind, Token, closing, opening, tokenize};

/// What clang says of such a declaration, at its variable's name.
const REJECTED: &str = "initialization is not supported for __shared__ variables";

/// Every `__shared__` declaration clang's `diagnostics` reject for its constructor or destructor
/// (where its variable's name is), each once, in order.
pub fn rejections(diagnostics: &str) -> Vec<Reported> {
    crate::clang_errors::reported(diagnostics, |message| message == REJECTED)
}

/// A reported declaration this module does not rewrite: where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unrewritable {
    /// The line, from 1.
    pub line: usize,
    /// The byte column, from 1.
    pub column: usize,
    /// Why.
    pub reason: &'static str,
}

/// `source` with the declarations whose variables' names are at `places` (line, byte column,
/// from 1) rewritten as the module says, and the places it could not rewrite (left as they
/// are). `None` when nothing was rewritten.
pub fn rewrite(source: &[u8], places: &[(usize, usize)]) -> (Option<Vec<u8>>, Vec<Unrewritable>) {
    let tokens = tokenize(source);
    let mut edits: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    let mut problems = Vec::new();
    for &(line, column) in places {
        match declaration_at(source, &tokens, line, column) {
            Ok(edit) => {
                if !edits.iter().any(|e| e.0 == edit.0) {
                    edits.push(edit);
                }
            }
            Err(reason) => problems.push(Unrewritable { line, column, reason }),
        }
    }
    if edits.is_empty() {
        return (None, problems);
    }
    edits.sort_by_key(|e| e.0);
    let mut out = Vec::with_capacity(source.len() + 128 * edits.len());
    let mut copied = 0;
    for (start, end, text) in edits {
        out.extend_from_slice(&source[copied..start]);
        out.extend_from_slice(&text);
        copied = end;
    }
    out.extend_from_slice(&source[copied..]);
    (Some(out), problems)
}

/// The replacement (start, end, text) of the declaration whose variable's name is at `line`,
/// `column`: in the code, or in the body of a `#define` (clang points there, at the name, for a
/// declaration a macro wrote).
fn declaration_at(
    source: &[u8],
    tokens: &[Token],
    line: usize,
    column: usize,
) -> Result<(usize, usize, Vec<u8>), &'static str> {
    let offset = offset_of(source, line, column).ok_or("no such place in the file")?;
    if let Some(directive) = tokens.iter().find(|t| t.kind == Kind::Directive && (t.start..t.end).contains(&offset)) {
        let body = define_body(source, directive).ok_or("in a preprocessor directive other than a #define's body")?;
        // The body's tokens, in the file's offsets, without its line continuations.
        let tokens: Vec<Token> = tokenize(&source[body.clone()])
            .into_iter()
            .map(|t| Token { start: t.start + body.start, end: t.end + body.start, kind: t.kind })
            .filter(|t| !t.is(source, b"\\"))
            .collect();
        let name = name_at(&tokens, offset)?;
        return declaration(source, &tokens, name, Written::InMacro);
    }
    declaration(source, tokens, name_at(tokens, offset)?, Written::InCode)
}

/// Where a declaration is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Written {
    /// In the code: it ends at its `;`.
    InCode,
    /// In a macro's body: it ends at its `;` or the body's end (the `;` after the macro's use
    /// ends it), the name may be a parameter (the storage's name is pasted with `##`), and each
    /// line break continues the directive.
    InMacro,
}

/// The index of the word token at `offset`.
fn name_at(tokens: &[Token], offset: usize) -> Result<usize, &'static str> {
    tokens.iter().position(|t| t.start == offset && t.kind == Kind::Word).ok_or("no variable name at that place")
}

/// The byte range of the body of the `#define` `directive` (after the macro's name and
/// parameter list).
fn define_body(source: &[u8], directive: &Token) -> Option<std::ops::Range<usize>> {
    let text = directive.text(source);
    let mut i = 1;
    let skip_blanks = |i: &mut usize| {
        while *i < text.len() && (text[*i] == b' ' || text[*i] == b'\t') {
            *i += 1;
        }
    };
    skip_blanks(&mut i);
    text[i..].starts_with(b"define").then_some(())?;
    i += b"define".len();
    skip_blanks(&mut i);
    let name_start = i;
    while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
        i += 1;
    }
    (i > name_start).then_some(())?;
    if text.get(i) == Some(&b'(') {
        i += text[i..].iter().position(|&c| c == b')')? + 1;
    }
    Some(directive.start + i..directive.end)
}

/// The replacement (start, end, text) of the declaration whose variable's name is the token
/// `name` of `tokens`.
fn declaration(
    source: &[u8],
    tokens: &[Token],
    name: usize,
    written: Written,
) -> Result<(usize, usize, Vec<u8>), &'static str> {
    // The declarator: the name, array bounds, then `;` (or, in a macro, the body's end).
    let mut end = name + 1;
    while tokens.get(end).is_some_and(|t| t.is(source, b"[")) {
        end = closing(source, tokens, end).ok_or("unbalanced array bounds")? + 1;
    }
    let semicolon = tokens.get(end).is_some_and(|t| t.is(source, b";"));
    let ends_macro_body = written == Written::InMacro && end == tokens.len();
    if !semicolon && !ends_macro_body {
        return Err("cuprite nvcc rewrites a declaration of one variable with no initializer \
                    (`__shared__ T name;` or `__shared__ T name[N];`)");
    }
    let last = if semicolon { end } else { end - 1 };
    // The specifiers and type, back to the previous statement's end, brace, directive or label
    // (a template argument list holds commas and `::`).
    let mut begin = name;
    let mut angle_depth = 0usize;
    while begin > 0 {
        let t = &tokens[begin - 1];
        let top_level_stop = angle_depth == 0 && (t.is(source, b":") || t.is(source, b","));
        if t.kind == Kind::Directive || [&b";"[..], b"{", b"}"].iter().any(|p| t.is(source, p)) || top_level_stop {
            break;
        }
        begin -= 1;
        if t.is(source, b">") {
            angle_depth += 1;
        } else if t.is(source, b"<") {
            angle_depth = angle_depth.checked_sub(1).ok_or("unbalanced template brackets before the name")?;
        } else if t.is(source, b")") || t.is(source, b"]") {
            begin = opening(source, tokens, begin).ok_or("unbalanced brackets before the name")?;
        }
    }
    if angle_depth != 0 {
        return Err("unbalanced template brackets before the name");
    }
    let (specifiers, type_tokens) = split_specifiers(source, &tokens[begin..name]);
    if !specifiers.iter().any(|s| s == b"__shared__") {
        return Err("cuprite nvcc rewrites a declaration that spells `__shared__` and declares one variable");
    }
    if type_tokens.is_empty() {
        return Err("the declaration names no type");
    }
    let name_text = tokens[name].text(source);
    let bounds: Vec<&[u8]> = tokens[name + 1..end].iter().map(|t| t.text(source)).collect();
    let span = tokens[begin].start..tokens[last].end;
    // The storage's name: pasted in a macro, whose parameter the name may be.
    let storage: &[u8] = if written == Written::InMacro { b"__cuprite_shared_ ## " } else { b"__cuprite_shared_" };
    let mut text = Vec::new();
    for s in &specifiers {
        text.extend_from_slice(s);
        text.push(b' ');
    }
    text.extend_from_slice(b"::__cuprite::shared_object<");
    text.extend_from_slice(&type_tokens.join(&b' '));
    text.extend_from_slice(&bounds.concat());
    text.extend_from_slice(b" > ");
    text.extend_from_slice(storage);
    text.extend_from_slice(name_text);
    text.extend_from_slice(b"; static constexpr auto &");
    text.extend_from_slice(name_text);
    text.extend_from_slice(b" = ");
    text.extend_from_slice(storage);
    text.extend_from_slice(name_text);
    text.extend_from_slice(b".value");
    if semicolon {
        text.push(b';');
    }
    // The lines the declaration spanned stay lines (continued, in a macro's body).
    for _ in source[span.clone()].iter().filter(|&&c| c == b'\n') {
        text.extend_from_slice(if written == Written::InMacro { b" \\\n" } else { b"\n" });
    }
    Ok((span.start, span.end, text))
}

/// The declaration's specifiers and attributes (`static`, `__shared__`, `alignas(...)`,
/// `__attribute__((...))`, `[[...]]`), each one piece of text, and the type's tokens.
fn split_specifiers<'a>(source: &'a [u8], tokens: &[Token]) -> (Vec<Vec<u8>>, Vec<&'a [u8]>) {
    const SPECIFIERS: [&[u8]; 3] = [b"__shared__", b"static", b"extern"];
    const ATTRIBUTES: [&[u8]; 4] = [b"alignas", b"__attribute__", b"__align__", b"__declspec"];
    let mut specifiers = Vec::new();
    let mut type_tokens = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        let word = t.text(source);
        let group_end = if ATTRIBUTES.contains(&word) && tokens.get(i + 1).is_some_and(|n| n.is(source, b"(")) {
            closing(source, tokens, i + 1)
        } else if t.is(source, b"[") && tokens.get(i + 1).is_some_and(|n| n.is(source, b"[")) {
            closing(source, tokens, i)
        } else if SPECIFIERS.contains(&word) {
            Some(i)
        } else {
            None
        };
        match group_end {
            Some(last) => {
                let pieces: Vec<&[u8]> = tokens[i..=last].iter().map(|t| t.text(source)).collect();
                specifiers.push(pieces.join(&b' '));
                i = last + 1;
            }
            None => {
                type_tokens.push(word);
                i += 1;
            }
        }
    }
    (specifiers, type_tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rewritten text of the declarations at `places`, as a string.
    fn rewritten(source: &str, places: &[(usize, usize)]) -> (Option<String>, Vec<Unrewritable>) {
        let (text, problems) = rewrite(source.as_bytes(), places);
        (text.map(|t| String::from_utf8(t).expect("UTF-8 in, UTF-8 out")), problems)
    }

    #[test]
    fn a_declaration_becomes_storage_and_a_constant_reference_on_the_same_line() {
        let src =
            "__global__ void k() {\n  __shared__ cuda::barrier<cuda::thread_scope_block> bar;\n  init(&bar, 1);\n}\n";
        let (text, problems) = rewritten(src, &[(2, 54)]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            text.as_deref(),
            Some(
                "__global__ void k() {\n  __shared__ ::__cuprite::shared_object<cuda :: barrier < cuda :: thread_scope_block > > \
                 __cuprite_shared_bar; static constexpr auto &bar = __cuprite_shared_bar.value;\n  init(&bar, 1);\n}\n"
            )
        );
    }

    #[test]
    fn template_arguments_with_commas_are_part_of_the_type() {
        let src = "  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> st;\n";
        let (text, problems) = rewritten(src, &[(1, 71)]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            text.as_deref(),
            Some(
                "  __shared__ ::__cuprite::shared_object<cuda :: pipeline_shared_state < cuda :: thread_scope_block , 2 > > \
                 __cuprite_shared_st; static constexpr auto &st = __cuprite_shared_st.value;\n"
            )
        );
    }

    #[test]
    fn arrays_specifiers_attributes_and_split_lines_are_kept() {
        // The guide's producer-consumer barriers, over two lines after a pragma, and a static
        // aligned one whose qualifier follows __shared__.
        let src = "  #pragma nv_diag_suppress static_var_with_dynamic_init\n  __shared__ barrier\n     bar[4]; // four\n\
                   static __shared__ alignas(16) volatile Obj o[2][3];\n";
        let (text, problems) = rewritten(src, &[(3, 6), (4, 44)]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            text.as_deref(),
            Some(
                "  #pragma nv_diag_suppress static_var_with_dynamic_init\n  __shared__ ::__cuprite::shared_object<barrier[4] > \
                 __cuprite_shared_bar; static constexpr auto &bar = __cuprite_shared_bar.value;\n // four\n\
                 static __shared__ alignas ( 16 ) ::__cuprite::shared_object<volatile Obj[2][3] > __cuprite_shared_o; \
                 static constexpr auto &o = __cuprite_shared_o.value;\n"
            )
        );
    }

    /// A declaration a macro writes is rewritten in the macro's body (clang points at the name
    /// there): the storage's name pasted (the name may be a parameter), the `;` left to the
    /// macro's use where the body has none, continued lines kept continued.
    #[test]
    fn declarations_in_macro_bodies_paste_the_storage_name() {
        let src = "#define SHARED(T, name) __shared__ T name\n\
                   #define BAR_DECL \\\n  __shared__ cuda::barrier<S> \\\n  fixed_bar;\n\
                   #if 0\n#endif\n";
        let (text, problems) = rewritten(src, &[(1, 38), (4, 3), (5, 2)]);
        assert_eq!(
            text.as_deref(),
            Some(
                "#define SHARED(T, name) __shared__ ::__cuprite::shared_object<T > __cuprite_shared_ ## name; \
                 static constexpr auto &name = __cuprite_shared_ ## name.value\n\
                 #define BAR_DECL \\\n  __shared__ ::__cuprite::shared_object<cuda :: barrier < S > > __cuprite_shared_ ## \
                 fixed_bar; static constexpr auto &fixed_bar = __cuprite_shared_ ## fixed_bar.value; \\\n\n\
                 #if 0\n#endif\n"
            )
        );
        let lines: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(lines, [(5, 2)], "{problems:?}");
        assert!(problems[0].reason.contains("#define"), "{problems:?}");
    }

    #[test]
    fn declarations_it_cannot_rewrite_are_named_and_left_alone() {
        let src = "__shared__ A a, b;\n__shared__ B c = B();\nSHARED B d;\n__shared__ e;\n";
        let (text, problems) = rewritten(src, &[(1, 17), (2, 14), (3, 10), (4, 12), (9, 1), (1, 2)]);
        assert_eq!(text, None);
        let lines: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(lines, vec![(1, 17), (2, 14), (3, 10), (4, 12), (9, 1), (1, 2)]);
        assert!(problems[0].reason.contains("`__shared__`"), "{:?}", problems[0]);
        assert!(problems[1].reason.contains("no initializer"), "{:?}", problems[1]);
        assert!(problems[3].reason.contains("names no type"), "{:?}", problems[3]);
        assert!(problems[4].reason.contains("no such place"), "{:?}", problems[4]);
        assert!(problems[5].reason.contains("no variable name"), "{:?}", problems[5]);
    }
}
