//! References to `__managed__` variables inside the arguments of a macro that stringizes them
//! (`#define CHECK(x) ... #x ...`, `assert`). [`crate::managed::rewrite`] writes a host
//! reference `x` as `__CUPRITE_MANAGED(x)` before preprocessing, so a macro's `#x` would print
//! that spelling, where nvcc (whose front end rewrites after preprocessing) prints `x`. Around
//! such an invocation the rewrite instead leaves the name as written and makes it an
//! object-like macro for those lines ([`windows`]):
//!
//! ```text
//! #define x __CUPRITE_MANAGED(x)
//! #line 12
//! CHECK(cudaMemPrefetchAsync(x, 4, loc, 0));
//! #undef x
//! #line 13
//! ```
//!
//! `#x` stringizes the argument as written, every other use expands it (a macro does not expand
//! inside its own expansion), and `#line` keeps each line's number. A window is kept only when
//! every occurrence of its names on its lines is a plain reference the rewrite would have
//! wrapped (no declaration, member, qualified name or symbol-API argument there): those keep
//! the plain rewrite, and its spelling where a macro stringizes them.

use crate::launch_chevrons::skip_literal;
use crate::tokens::{Kind, Token, closing};

/// A run of lines (1-based, inclusive) where some managed names are object-like macros.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Window<'s> {
    /// The first line.
    pub first: usize,
    /// The last line.
    pub last: usize,
    /// The managed names defined there.
    pub names: Vec<&'s [u8]>,
}

/// The function-like macros `source` defines whose body stringizes a parameter, and `assert`.
fn stringizing_macros<'s>(source: &'s [u8], tokens: &[Token]) -> Vec<&'s [u8]> {
    let mut out: Vec<&[u8]> = vec![b"assert"];
    for t in tokens.iter().filter(|t| t.kind == Kind::Directive) {
        let text = t.text(source);
        let Some(rest) = text.strip_prefix(b"#").map(trim_start).and_then(|r| r.strip_prefix(b"define")) else {
            continue;
        };
        let rest = trim_start(rest);
        let n = ident_len(rest);
        if n == 0 || rest.get(n) != Some(&b'(') {
            continue;
        }
        let Some(close) = rest[n..].iter().position(|&c| c == b')').map(|p| p + n) else { continue };
        let params: Vec<&[u8]> = rest[n + 1..close].split(|&c| c == b',').map(trim).collect();
        let variadic = params.iter().any(|p| p.ends_with(b"..."));
        if stringizes(&rest[close + 1..], &params, variadic) {
            out.push(&rest[..n]);
        }
    }
    out
}

/// Whether a macro body applies `#` to one of `params` (or `__VA_ARGS__`).
fn stringizes(body: &[u8], params: &[&[u8]], variadic: bool) -> bool {
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'"' | b'\'' => i = skip_literal(body, i),
            b'#' if body.get(i + 1) == Some(&b'#') => i += 2,
            b'#' => {
                let rest = trim_start(&body[i + 1..]);
                let word = &rest[..ident_len(rest)];
                if !word.is_empty() && (params.contains(&word) || (variadic && word == b"__VA_ARGS__")) {
                    return true;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    false
}

/// The windows for the references at `refs` (token indices of unqualified references the
/// rewrite would wrap) that lie inside a stringizing macro's arguments; `wrapped(j)` says
/// whether token `j` is a reference the rewrite would wrap unqualified.
pub(crate) fn windows<'s>(
    source: &'s [u8],
    tokens: &[Token],
    refs: &[usize],
    wrapped: impl Fn(usize) -> bool,
) -> Vec<Window<'s>> {
    let macros = stringizing_macros(source, tokens);
    let mut found: Vec<Window<'_>> = Vec::new();
    for &i in refs {
        let Some((m, close)) = outermost_invocation(source, tokens, &macros, i) else { continue };
        let w = Window {
            first: line_of(source, tokens[m].start),
            last: line_of(source, tokens[close].start),
            names: vec![tokens[i].text(source)],
        };
        found.push(w);
    }
    found.sort_by_key(|w| w.first);
    let mut merged: Vec<Window<'_>> = Vec::new();
    for w in found {
        match merged.last_mut() {
            Some(prev) if w.first <= prev.last => {
                prev.last = prev.last.max(w.last);
                for n in w.names {
                    if !prev.names.contains(&n) {
                        prev.names.push(n);
                    }
                }
            }
            _ => merged.push(w),
        }
    }
    merged.retain(|w| {
        tokens.iter().enumerate().all(|(j, t)| {
            let line = line_of(source, t.start);
            if line < w.first || line > w.last {
                return true;
            }
            if t.kind == Kind::Directive {
                return false;
            }
            // Other managed names there keep the plain rewrite.
            let named = t.kind == Kind::Word && w.names.contains(&t.text(source));
            !named || wrapped(j)
        })
    });
    merged
}

/// The macro name and closing parenthesis of the outermost stringizing macro invocation whose
/// arguments hold token `i`.
fn outermost_invocation(source: &[u8], tokens: &[Token], macros: &[&[u8]], i: usize) -> Option<(usize, usize)> {
    let mut best = None;
    let mut depth = 0usize;
    for k in (1..i).rev() {
        let t = &tokens[k];
        if t.kind == Kind::Directive || t.is(source, b";") || t.is(source, b"{") || t.is(source, b"}") {
            break;
        }
        if t.is(source, b")") {
            depth += 1;
        } else if t.is(source, b"(") {
            if depth > 0 {
                depth -= 1;
                continue;
            }
            let name = &tokens[k - 1];
            if name.kind == Kind::Word && macros.contains(&name.text(source)) {
                best = closing(source, tokens, k).map(|c| (k - 1, c));
            }
        }
    }
    best
}

/// The 1-based line of byte `at`.
pub(crate) fn line_of(source: &[u8], at: usize) -> usize {
    1 + source[..at].iter().filter(|&&c| c == b'\n').count()
}

/// The byte offset where 1-based line `line` starts (the source's length past its end).
pub(crate) fn line_start(source: &[u8], line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    source.iter().enumerate().filter(|(_, c)| **c == b'\n').nth(line - 2).map_or(source.len(), |(p, _)| p + 1)
}

/// The text opening window `w`: a definition per name, then the first line's number.
pub(crate) fn opening_text(w: &Window<'_>) -> Vec<u8> {
    let mut out = Vec::new();
    for n in &w.names {
        out.extend_from_slice(b"#define ");
        out.extend_from_slice(n);
        out.extend_from_slice(b" __CUPRITE_MANAGED(");
        out.extend_from_slice(n);
        out.extend_from_slice(b")\n");
    }
    out.extend_from_slice(format!("#line {}\n", w.first).as_bytes());
    out
}

/// The text closing window `w` (after its last line's newline, `newline` when the source ends
/// without one): the names undefined, then the next line's number.
pub(crate) fn closing_text(w: &Window<'_>, newline: bool) -> Vec<u8> {
    let mut out = if newline { b"\n".to_vec() } else { Vec::new() };
    for n in &w.names {
        out.extend_from_slice(b"#undef ");
        out.extend_from_slice(n);
        out.push(b'\n');
    }
    out.extend_from_slice(format!("#line {}\n", w.last + 1).as_bytes());
    out
}

fn ident_len(s: &[u8]) -> usize {
    s.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count()
}

fn trim_start(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|c| c.is_ascii_whitespace() || **c == b'\\').count();
    &s[n..]
}

fn trim(s: &[u8]) -> &[u8] {
    let s = trim_start(s);
    let n = s.iter().rev().take_while(|c| c.is_ascii_whitespace() || **c == b'\\').count();
    &s[..s.len() - n]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::tokenize;

    #[test]
    fn macros_that_stringize_a_parameter_are_found() {
        let src = b"#define P(x) do { f(x); puts(#x); } while (0)\n#define Q(a, b) g(a ## b, \"#a\")\n\
                    #define V(...) h(# __VA_ARGS__)\n#define O 1\nint x;\n";
        let t = tokenize(src);
        assert_eq!(stringizing_macros(src, &t), vec![&b"assert"[..], b"P", b"V"]);
    }
}
