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
