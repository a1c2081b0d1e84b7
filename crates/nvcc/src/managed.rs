//! `__managed__` variables. clang (19) supports managed variables for HIP only: in CUDA it
//! ignores the attribute, so Cuprite's headers make a managed variable a `__device__` one whose
//! host object lies in section [`SECTION`]. Two runtimes must then see one object:
//! - Cuprite's binds the module's variable to that host object (its device memory is host
//!   memory: `include/cuprite/cuda_wrapper.h` hands the section to it), so host code may use the
//!   host object directly;
//! - NVIDIA's allocates the variable in managed memory when the PTX marks it
//!   `.attribute(.managed)`, and host code must reach it through that allocation. nvcc's front
//!   end rewrites every host reference `x` to `(*(init, __nv_managed_ptr_x))` for this.
//!
//! So, as nvcc does, the driver compiles a copy of a file that declares managed variables
//! ([`rewrite`]) where every other reference to them is `__CUPRITE_MANAGED(x)`: `(x)` in the
//! device passes, and on the host `*__cuprite_managed_ref(&x)`, which is `&x` itself under
//! Cuprite's runtime and for any object outside the section (a local of the same name), else
//! the variable's managed address (`cudaGetSymbolAddress`, once per variable); each declaration
//! is followed by `__CUPRITE_MANAGED_MARK(n, x)`, a device variable holding `&x`, by which
//! [`mark_ptx`] finds the variables to mark `.attribute(.managed)` in the PTX (clang names them,
//! mangled, as it does any variable). The rewrite is lexical: references written in headers or
//! through macros defined elsewhere keep the host object (which is the managed one under
//! Cuprite's runtime only). References inside a macro that stringizes its argument keep their
//! spelling ([`crate::managed_stringize`]); every line keeps its number (`#line` where lines
//! are added).

use crate::managed_stringize as stringize;
use crate::tokens::{Kind, Token, namespace_scope_declarations, tokenize};

/// The section of the host objects of `__managed__` variables (`host_defines.h` names it too).
pub const SECTION: &str = "cuprite_managed";

/// The prefix of the device variables [`rewrite`] declares to mark managed variables.
const MARK: &str = "__cuprite_managed_mark_";

/// Words before a name that make it an expression, not a declaration (`return x`).
const EXPRESSION_KEYWORDS: [&[u8]; 11] = [
    b"return",
    b"case",
    b"sizeof",
    b"throw",
    b"delete",
    b"co_return",
    b"co_yield",
    b"co_await",
    b"else",
    b"do",
    b"new",
];

/// Words that name a type (or qualify one) before `*` or `&` in a declaration (`int *x`).
const TYPE_WORDS: [&[u8]; 17] = [
    b"int",
    b"float",
    b"double",
    b"char",
    b"long",
    b"short",
    b"unsigned",
    b"signed",
    b"bool",
    b"void",
    b"auto",
    b"const",
    b"volatile",
    b"size_t",
    b"half",
    b"float2",
    b"float4",
];

/// `source` rewritten so that host code reaches its `__managed__` variables through the
/// runtime's managed allocation (see the module docs), or `None` when it declares none at
/// namespace scope. Every line keeps its number.
pub fn rewrite(source: &[u8]) -> Option<Vec<u8>> {
    if !source.windows(11).any(|w| w == b"__managed__") {
        return None;
    }
    let tokens = tokenize(source);
    let decls = namespace_scope_declarations(source, &tokens, b"__managed__");
    if decls.is_empty() {
        return None;
    }
    let names: Vec<&[u8]> = {
        let mut v: Vec<&[u8]> = decls.iter().flat_map(|d| d.names.iter().map(|&i| tokens[i].text(source))).collect();
        v.sort();
        v.dedup();
        v
    };
    let declared: Vec<usize> = decls.iter().flat_map(|d| d.names.iter().copied()).collect();
    let types = type_names(source, &tokens);
    // (byte range replaced, replacement)
    let mut edits: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    // (token, first token of the reference)
    let refs: Vec<(usize, usize)> = tokens
        .iter()
        .enumerate()
        .filter(|(i, t)| t.kind == Kind::Word && names.contains(&t.text(source)) && !declared.contains(i))
        .filter_map(|(i, _)| reference_start(source, &tokens, &types, i).map(|first| (i, first)))
        .collect();
    let plain: Vec<usize> = refs.iter().filter(|(i, first)| i == first).map(|&(i, _)| i).collect();
    let windows = stringize::windows(source, &tokens, &plain, |j| plain.contains(&j));
    for &(i, first) in &refs {
        let t = &tokens[i];
        let line = stringize::line_of(source, t.start);
        if windows.iter().any(|w| (w.first..=w.last).contains(&line) && w.names.contains(&t.text(source))) {
            continue;
        }
        let mut text = b"__CUPRITE_MANAGED(".to_vec();
        text.extend_from_slice(&source[tokens[first].start..t.end]);
        text.push(b')');
        edits.push((tokens[first].start, t.end, text));
    }
    for w in &windows {
        let open = stringize::line_start(source, w.first);
        edits.push((open, open, stringize::opening_text(w)));
        let close = stringize::line_start(source, w.last + 1);
        let newline = close == source.len() && !source.ends_with(b"\n");
        edits.push((close, close, stringize::closing_text(w, newline)));
    }
    let mut mark = 0;
    for d in &decls {
        let at = tokens[d.semicolon].end;
        let mut text = Vec::new();
        for &n in &d.names {
            text.extend_from_slice(format!(" __CUPRITE_MANAGED_MARK({mark}, ").as_bytes());
            text.extend_from_slice(tokens[n].text(source));
            text.push(b')');
            mark += 1;
        }
        edits.push((at, at, text));
    }
    edits.sort_by_key(|e| (e.0, e.1));
    let mut out = Vec::with_capacity(source.len() + edits.len() * 24);
    let mut at = 0;
    for (start, end, text) in edits {
        if start < at {
            continue;
        }
        out.extend_from_slice(&source[at..start]);
        out.extend_from_slice(&text);
        at = end;
    }
    out.extend_from_slice(&source[at..]);
    Some(out)
}

/// For the name at token `i`: the first token of the reference to rewrite (its qualification
/// `a::b::`, if any), or `None` where it does not name the variable in an expression (a member
/// `s.x`, a declaration `int x`, a call `x(...)`, `decltype(x)`, a label, a capture).
fn reference_start(source: &[u8], tokens: &[Token], types: &[&[u8]], i: usize) -> Option<usize> {
    let punct = |k: usize, p: &[u8]| tokens.get(k).is_some_and(|t| t.is(source, p));
    let word_at = |k: usize| tokens.get(k).filter(|t| t.kind == Kind::Word).map(|t| t.text(source));
    if punct(i + 1, b"::") || punct(i + 1, b"(") {
        return None;
    }
    // The qualification: `::`, `a::`, `a::b::`.
    let mut first = i;
    while first >= 1 && punct(first - 1, b"::") {
        first -= 1;
        if first >= 1 && word_at(first - 1).is_some() {
            first -= 1;
        } else {
            break;
        }
    }
    if symbol_argument(source, tokens, first, i) {
        return None;
    }
    let Some(before) = first.checked_sub(1) else { return Some(first) };
    let prev = &tokens[before];
    let text = prev.text(source);
    if prev.kind == Kind::Word {
        // `return x` is an expression, `int x` or `using ns::x` a declaration.
        return EXPRESSION_KEYWORDS.contains(&text).then_some(first);
    }
    if prev.kind == Kind::Directive {
        return Some(first);
    }
    match text {
        b"." | b"~" => None,
        // `p->x` (the tokens give `-` and `>`).
        b">" if before >= 1 && punct(before - 1, b"-") && tokens[before - 1].end == prev.start => None,
        // `decltype(x)`: the declared type, not a reference's.
        b"(" if before >= 1 && word_at(before - 1) == Some(b"decltype") && punct(i + 1, b")") => None,
        // A capture, `[x]` or `[&x]`.
        b"[" if punct(i + 1, b"]") || punct(i + 1, b",") => None,
        b"&" if before >= 1 && punct(before - 1, b"[") => None,
        // `int *x`, `const T &x`: a declaration.
        b"*" | b"&" | b"&&"
            if before >= 1
                && (word_at(before - 1)
                    .is_some_and(|w| TYPE_WORDS.contains(&w) || types.contains(&w) || w.ends_with(b"_t"))
                    || punct(before - 1, b">")) =>
        {
            None
        }
        // A label, `x:`.
        b";" | b"{" | b"}" if punct(i + 1, b":") => None,
        _ => Some(first),
    }
}

/// Whether the (qualified) name at tokens `first..=i` is a whole argument of a call of the symbol API
/// (`cudaMemcpyToSymbol(x, ...)`, `cudaGetSymbolAddress(&p, x)`): there the host object, which
/// clang's code registered as the variable's symbol, names it under every runtime.
fn symbol_argument(source: &[u8], tokens: &[Token], first: usize, i: usize) -> bool {
    let punct = |k: usize, p: &[u8]| tokens.get(k).is_some_and(|t| t.is(source, p));
    if first == 0 || !(punct(first - 1, b"(") || punct(first - 1, b",")) || !(punct(i + 1, b",") || punct(i + 1, b")"))
    {
        return false;
    }
    // The enclosing call's `(`.
    let mut depth = 0usize;
    for k in (0..first).rev() {
        if punct(k, b")") || punct(k, b"]") {
            depth += 1;
        } else if punct(k, b"(") || punct(k, b"[") {
            if depth == 0 {
                return k >= 1
                    && punct(k, b"(")
                    && tokens[k - 1].kind == Kind::Word
                    && tokens[k - 1].text(source).starts_with(b"cuda")
                    && tokens[k - 1].text(source).windows(6).any(|w| w == b"Symbol");
            }
            depth -= 1;
        } else if punct(k, b";") || punct(k, b"{") || punct(k, b"}") {
            return false;
        }
    }
    false
}

/// The names `source` declares as types (`struct S`, `class S`, `typename T`, `using S =`,
/// `typedef ... S;`), which before `*` or `&` begin a declaration (`S *x`) rather than a product.
fn type_names<'s>(source: &'s [u8], tokens: &[Token]) -> Vec<&'s [u8]> {
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let Some(next) = tokens.get(i + 1).filter(|n| n.kind == Kind::Word) else { continue };
        let w = t.text(source);
        let declares = matches!(w, b"struct" | b"class" | b"union" | b"enum" | b"typename")
            || (w == b"using" && tokens.get(i + 2).is_some_and(|e| e.is(source, b"=")));
        if t.kind == Kind::Word && declares {
            out.push(next.text(source));
        }
        if t.kind == Kind::Word && w == b"typedef" {
            // The last word before the `;`.
            let end = tokens[i..].iter().position(|e| e.is(source, b";")).map(|k| i + k);
            if let Some(name) = end.and_then(|e| tokens[i..e].iter().rev().find(|e| e.kind == Kind::Word)) {
                out.push(name.text(source));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The PTX `text` with every variable that a mark of [`rewrite`] points at declared
/// `.attribute(.managed)`, and the marks removed; `None` when it has no marks.
pub fn mark_ptx(text: &str) -> Option<String> {
    if !text.contains(MARK) {
        return None;
    }
    let mut managed: Vec<&str> = Vec::new();
    for line in text.lines() {
        if is_mark(line)
            && let Some((_, init)) = line.split_once('=')
        {
            let init = init.trim().trim_end_matches(';').trim();
            let name = init.strip_prefix("generic(").and_then(|s| s.strip_suffix(')')).unwrap_or(init);
            managed.push(name.trim());
        }
    }
    let mut out = String::with_capacity(text.len() + managed.len() * 20);
    for line in text.split_inclusive('\n') {
        if is_mark(line) {
            continue;
        }
        match declared_variable(line) {
            Some((at, name)) if managed.contains(&name) && !line.contains(".attribute(.managed)") => {
                out.push_str(&line[..at]);
                out.push_str(" .attribute(.managed)");
                out.push_str(&line[at..]);
            }
            _ => out.push_str(line),
        }
    }
    Some(out)
}

/// Whether a PTX line declares one of [`rewrite`]'s marks (clang prints a module variable on
/// one line).
fn is_mark(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('.') && t.ends_with(';') && t.contains(".global") && t.contains(MARK)
}

/// For a PTX line declaring a module `.global` variable: the byte offset just past `.global`,
/// and the variable's name.
fn declared_variable(line: &str) -> Option<(usize, &str)> {
    let t = line.trim_start();
    if !t.starts_with('.') || line.starts_with([' ', '\t']) {
        return None;
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    let g = words.iter().position(|w| *w == ".global")?;
    let at = line.find(".global")? + ".global".len();
    // The name follows the type: the first word after `.global` that is no directive (`.align`)
    // or number (its operand).
    let name = words[g + 1..].iter().find(|w| !w.starts_with('.') && !w.starts_with(|c: char| c.is_ascii_digit()))?;
    let name = name.split(['[', ';', '=']).next()?.trim();
    Some((at, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(s: &str) -> String {
        String::from_utf8(rewrite(s.as_bytes()).expect("rewritten")).unwrap()
    }

    #[test]
    fn references_are_rewritten_and_declarations_marked() {
        let src =
            "__managed__ int x = 5;\n__managed__ float a[4], b;\nint main() { x += a[1]; int *p = &x; return x; }\n";
        assert_eq!(
            rewritten(src),
            "__managed__ int x = 5; __CUPRITE_MANAGED_MARK(0, x)\n__managed__ float a[4], b; \
             __CUPRITE_MANAGED_MARK(1, a) __CUPRITE_MANAGED_MARK(2, b)\nint main() { __CUPRITE_MANAGED(x) += \
             __CUPRITE_MANAGED(a)[1]; int *p = &__CUPRITE_MANAGED(x); return __CUPRITE_MANAGED(x); }\n"
        );
    }

    #[test]
    fn members_declarations_and_calls_of_the_same_name_are_kept() {
        let src = "namespace n { __device__ __managed__ int v; }\nstruct S { int v; };\n\
                   void f(S s, S *p) { int v = s.v + p->v; v += n::v + ::n::v; g(v); v(1); \
                   cudaMemcpyToSymbol(v, &s, 4); cudaGetSymbolAddress(&p, n::v); }\n";
        assert_eq!(
            rewritten(src),
            "namespace n { __device__ __managed__ int v; __CUPRITE_MANAGED_MARK(0, v) }\nstruct S { int v; };\n\
             void f(S s, S *p) { int v = s.v + p->v; __CUPRITE_MANAGED(v) += __CUPRITE_MANAGED(n::v) + \
             __CUPRITE_MANAGED(::n::v); g(__CUPRITE_MANAGED(v)); v(1); \
             cudaMemcpyToSymbol(v, &s, 4); cudaGetSymbolAddress(&p, n::v); }\n"
        );
    }

    #[test]
    fn references_a_macro_stringizes_keep_their_spelling() {
        let src = "__managed__ int x;\n#define P(e) printf(\"%s %d\\n\", #e, e)\nint main() {\n  P(x + 1);\n  \
                   P(f(x,\n    2)); x = 3;\n  return x;\n}";
        assert_eq!(
            rewritten(src),
            "__managed__ int x; __CUPRITE_MANAGED_MARK(0, x)\n#define P(e) printf(\"%s %d\\n\", #e, e)\nint main() {\n\
             #define x __CUPRITE_MANAGED(x)\n#line 4\n  P(x + 1);\n#undef x\n#line 5\n\
             #define x __CUPRITE_MANAGED(x)\n#line 5\n  P(f(x,\n    2)); x = 3;\n#undef x\n#line 7\n  \
             return __CUPRITE_MANAGED(x);\n}"
        );
        // A declaration or member of the name on those lines: no window, the plain rewrite.
        let src = "__managed__ int x;\nstruct S { int x; };\nvoid f(S s) { assert(x == s.x); }\n";
        assert_eq!(
            rewritten(src),
            "__managed__ int x; __CUPRITE_MANAGED_MARK(0, x)\nstruct S { int x; };\n\
             void f(S s) { assert(__CUPRITE_MANAGED(x) == s.x); }\n"
        );
    }

    #[test]
    fn managed_names_inside_functions_or_macros_only_are_not_declarations() {
        assert!(rewrite(b"#define M __managed__\nint x;\n").is_none());
        assert!(rewrite(b"void f() { static __managed__ int y; y = 1; }\n").is_none());
    }

    #[test]
    fn ptx_variables_pointed_at_by_marks_become_managed() {
        let ptx = ".visible .global .align 4 .u32 x = 5;\n\
                   .global .align 8 .u64 _ZL24__cuprite_managed_mark_0 = generic(x);\n\
                   .extern .global .align 4 .b8 _ZN2ns1yE[12];\n\
                   .global .align 8 .u64 _ZN2nsL24__cuprite_managed_mark_1E = generic(_ZN2ns1yE);\n\
                   .visible .global .align 4 .u32 xx;\n\tld.global.u32 %r1, [x];\n";
        assert_eq!(
            mark_ptx(ptx).unwrap(),
            ".visible .global .attribute(.managed) .align 4 .u32 x = 5;\n\
             .extern .global .attribute(.managed) .align 4 .b8 _ZN2ns1yE[12];\n\
             .visible .global .align 4 .u32 xx;\n\tld.global.u32 %r1, [x];\n"
        );
        assert!(mark_ptx(".visible .global .align 4 .u32 x;\n").is_none());
    }
}
