//! A C++ source as tokens, for the driver's rewrites of declarations (see
//! [`crate::shared_objects`], [`crate::attribute_order`]): identifiers and numbers, punctuators
//! (`::` one token, every other one byte), literals, and preprocessor directives, each a byte
//! range; comments and blanks are skipped.

use crate::launch_chevrons::{skip_block_comment, skip_line_comment, skip_literal};

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An identifier, keyword or number.
    Word,
    /// A punctuator (`::` is one; every other is one byte) or a literal.
    Punct,
    /// A preprocessor directive's line(s).
    Directive,
}

/// A token of the source, by byte range.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Token {
    /// Its first byte.
    pub start: usize,
    /// Past its last byte.
    pub end: usize,
    /// What it is.
    pub kind: Kind,
}

impl Token {
    /// Its text.
    pub fn text<'a>(&self, source: &'a [u8]) -> &'a [u8] {
        &source[self.start..self.end]
    }

    /// Whether it is the punctuator (or literal) `text`.
    pub fn is(&self, source: &[u8], text: &[u8]) -> bool {
        self.kind == Kind::Punct && self.text(source) == text
    }
}

/// The tokens of `source`, comments skipped.
pub(crate) fn tokenize(source: &[u8]) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut at_line_start = true;
    let mut i = 0;
    while i < source.len() {
        let c = source[i];
        let start = i;
        if c == b'\n' {
            at_line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let kind = if c == b'#' && at_line_start {
            i = crate::device_launches::directive_end(source, i);
            Kind::Directive
        } else if source[i..].starts_with(b"//") {
            i = skip_line_comment(source, i);
            continue;
        } else if source[i..].starts_with(b"/*") {
            i = skip_block_comment(source, i);
            continue;
        } else if c == b'"' || c == b'\'' {
            i = skip_literal(source, i);
            Kind::Punct
        } else if c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80 {
            while i < source.len() && (source[i].is_ascii_alphanumeric() || source[i] == b'_' || source[i] >= 0x80) {
                i += 1;
            }
            Kind::Word
        } else {
            i += if source[i..].starts_with(b"::") { 2 } else { 1 };
            Kind::Punct
        };
        at_line_start = false;
        tokens.push(Token { start, end: i, kind });
    }
    tokens
}

/// The index of the bracket closing the one at `open` (`(`, `[`).
pub(crate) fn closing(source: &[u8], tokens: &[Token], open: usize) -> Option<usize> {
    let (o, c): (&[u8], &[u8]) = if tokens[open].is(source, b"(") { (b"(", b")") } else { (b"[", b"]") };
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        if t.is(source, o) {
            depth += 1;
        } else if t.is(source, c) {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// The index of the bracket opening the one at `close` (`)`, `]`).
pub(crate) fn opening(source: &[u8], tokens: &[Token], close: usize) -> Option<usize> {
    let (o, c): (&[u8], &[u8]) = if tokens[close].is(source, b")") { (b"(", b")") } else { (b"[", b"]") };
    let mut depth = 0usize;
    for i in (0..=close).rev() {
        if tokens[i].is(source, c) {
            depth += 1;
        } else if tokens[i].is(source, o) {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// A declaration found by [`namespace_scope_declarations`].
pub(crate) struct Declaration {
    /// Its first token.
    pub start: usize,
    /// The token indexes of its declared names, one per declarator.
    pub names: Vec<usize>,
    /// The token index of its closing `;`.
    pub semicolon: usize,
}

/// The declarations of `source` at namespace scope that have the specifier `specifier`
/// (`__managed__`, `__constant__`), outside preprocessor directives.
pub(crate) fn namespace_scope_declarations(source: &[u8], tokens: &[Token], specifier: &[u8]) -> Vec<Declaration> {
    let mut out = Vec::new();
    // For each open brace: whether it opens a namespace (or `extern "C"`) body.
    let mut braces: Vec<bool> = Vec::new();
    // The first token of the current declaration.
    let mut statement = 0;
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        if t.is(source, b"{") {
            braces.push(opens_namespace(source, tokens, i));
            statement = i + 1;
        } else if t.is(source, b"}") {
            braces.pop();
            statement = i + 1;
        } else if t.is(source, b";") || t.kind == Kind::Directive {
            statement = i + 1;
        } else if t.kind == Kind::Word
            && t.text(source) == specifier
            && braces.iter().all(|&n| n)
            && let Some(d) = declaration(source, tokens, statement, i)
        {
            i = d.semicolon;
            statement = i + 1;
            out.push(d);
        }
        i += 1;
    }
    out
}

/// Whether the `{` at `open` opens a namespace body (`namespace a {`, `namespace {`,
/// `extern "C" {`).
fn opens_namespace(source: &[u8], tokens: &[Token], open: usize) -> bool {
    let word = |i: usize, w: &[u8]| tokens.get(i).is_some_and(|t| t.kind == Kind::Word && t.text(source) == w);
    (open >= 1 && word(open - 1, b"namespace"))
        || (open >= 2 && word(open - 2, b"namespace"))
        || (open >= 2 && word(open - 2, b"extern") && tokens[open - 1].text(source).starts_with(b"\""))
        || (open >= 3 && tokens[open - 1].kind == Kind::Word && tokens[open - 2].is(source, b"::"))
            && (open - 3..open).rev().any(|k| word(k, b"namespace"))
}

/// The declaration from token `start` whose specifier is at `at`: its names (one per
/// declarator), up to the `;` at bracket depth 0.
fn declaration(source: &[u8], tokens: &[Token], start: usize, at: usize) -> Option<Declaration> {
    let mut names = Vec::new();
    let mut candidate: Option<usize> = None;
    // Whether the current declarator's name is already known (`=`, `[` seen).
    let mut named = false;
    let mut i = at + 1;
    while i < tokens.len() {
        let t = &tokens[i];
        if t.is(source, b"(") || t.is(source, b"[") || t.is(source, b"{") {
            if !named && (t.is(source, b"[") || t.is(source, b"{")) {
                names.extend(candidate.take());
                named = true;
            }
            i = if t.is(source, b"{") { closing_brace(source, tokens, i)? } else { closing(source, tokens, i)? };
        } else if t.is(source, b"=") && !named {
            names.extend(candidate.take());
            named = true;
        } else if t.is(source, b",") || t.is(source, b";") {
            if !named {
                names.extend(candidate.take());
            }
            if t.is(source, b";") {
                return (!names.is_empty()).then_some(Declaration { start, names, semicolon: i });
            }
            named = false;
            candidate = None;
        } else if t.kind == Kind::Word && !named {
            candidate = Some(i);
        } else if t.kind == Kind::Directive {
            return None;
        }
        i += 1;
    }
    None
}

/// The index of the `}` closing the `{` at `open`.
fn closing_brace(source: &[u8], tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        if t.is(source, b"{") {
            depth += 1;
        } else if t.is(source, b"}") {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}
