//! The PTX lexer: bytes in, a flat vector of zero-copy tokens (kind + byte span) out.
//! It never fails: malformed input becomes [`TokKind::Error`] tokens the parser reports.

use crate::span::Span;

/// What a token is. The token's text is `source[span]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokKind {
    /// `name`, `%r1`, `$L__BB0_1`, `_`.
    Ident,
    /// `.word` or `.a::b` (directives and modifiers); the span includes the dot.
    DotWord,
    /// An integer literal (decimal, `0x`, `0b`, octal, optional `U`).
    Int,
    /// `0fXXXXXXXX`, `0dXXXXXXXXXXXXXXXX`, or a decimal literal with `.` or exponent.
    Float,
    /// `"..."` (span includes the quotes).
    Str,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// A single punctuation byte (`,;:{}[]()<>+-*/%@!|&^~=?`).
    Punct(u8),
    /// Bytes that form no token (reported by the parser).
    Error,
    /// End of input.
    Eof,
}

/// A token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// Kind.
    pub kind: TokKind,
    /// Where.
    pub span: Span,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b == b'%'
}

fn is_ident_cont(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// Splits `src` into tokens, ending with one [`TokKind::Eof`]. Comments and whitespace are
/// dropped. Inputs over 4 GiB are cut at 4 GiB (spans are 32-bit).
pub fn lex(src: &str) -> Vec<Token> {
    let b = src.as_bytes();
    let n = b.len().min(u32::MAX as usize - 1);
    let mut toks = Vec::with_capacity(n / 4 + 1);
    let mut i = 0usize;
    while i < n {
        let c = b[i];
        let start = i;
        let kind = match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'/' if i + 1 < n && b[i + 1] == b'/' => {
                while i < n && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if i + 1 < n && b[i + 1] == b'*' => {
                i += 2;
                let mut closed = false;
                while i + 1 < n {
                    if b[i] == b'*' && b[i + 1] == b'/' {
                        closed = true;
                        break;
                    }
                    i += 1;
                }
                if closed {
                    i += 2;
                    continue;
                }
                i = n;
                TokKind::Error
            }
            b'.' if i + 1 < n && (is_ident_cont(b[i + 1])) && b[i + 1] != b'$' => {
                i += 1;
                loop {
                    while i < n && is_ident_cont(b[i]) {
                        i += 1;
                    }
                    if i + 2 < n && b[i] == b':' && b[i + 1] == b':' && is_ident_cont(b[i + 2]) {
                        i += 2;
                        continue;
                    }
                    break;
                }
                TokKind::DotWord
            }
            b'0'..=b'9' => lex_number(b, n, &mut i),
            b'"' => {
                i += 1;
                while i < n && b[i] != b'"' && b[i] != b'\n' {
                    if b[i] == b'\\' && i + 1 < n {
                        i += 1;
                    }
                    i += 1;
                }
                if i < n && b[i] == b'"' {
                    i += 1;
                    TokKind::Str
                } else {
                    TokKind::Error
                }
            }
            _ if is_ident_start(c) => {
                i += 1;
                while i < n && is_ident_cont(b[i]) {
                    i += 1;
                }
                TokKind::Ident
            }
            b'<' if i + 1 < n && b[i + 1] == b'<' => {
                i += 2;
                TokKind::Shl
            }
            b'>' if i + 1 < n && b[i + 1] == b'>' => {
                i += 2;
                TokKind::Shr
            }
            b',' | b';' | b':' | b'{' | b'}' | b'[' | b']' | b'(' | b')' | b'<' | b'>' | b'+' | b'-' | b'*' | b'/'
            | b'@' | b'!' | b'|' | b'&' | b'^' | b'~' | b'=' | b'?' => {
                i += 1;
                TokKind::Punct(c)
            }
            _ => {
                // Skip one whole UTF-8 character so spans stay on char boundaries.
                i += 1;
                while i < n && (b[i] & 0xC0) == 0x80 {
                    i += 1;
                }
                TokKind::Error
            }
        };
        toks.push(Token { kind, span: Span::new(start as u32, i as u32) });
    }
    toks.push(Token { kind: TokKind::Eof, span: Span::new(n as u32, n as u32) });
    toks
}

fn lex_number(b: &[u8], n: usize, i: &mut usize) -> TokKind {
    let start = *i;
    if b[start] == b'0' && start + 1 < n {
        match b[start + 1] {
            b'f' | b'F' | b'd' | b'D' => {
                *i += 2;
                while *i < n && b[*i].is_ascii_hexdigit() {
                    *i += 1;
                }
                return TokKind::Float;
            }
            b'x' | b'X' | b'b' | b'B' => {
                *i += 2;
                while *i < n && b[*i].is_ascii_hexdigit() {
                    *i += 1;
                }
                if *i < n && (b[*i] == b'U' || b[*i] == b'u') {
                    *i += 1;
                }
                return TokKind::Int;
            }
            _ => {}
        }
    }
    while *i < n && b[*i].is_ascii_digit() {
        *i += 1;
    }
    let mut float = false;
    if *i < n && b[*i] == b'.' && !(*i + 1 < n && b[*i + 1].is_ascii_alphabetic()) {
        float = true;
        *i += 1;
        while *i < n && b[*i].is_ascii_digit() {
            *i += 1;
        }
    }
    if *i < n && (b[*i] == b'e' || b[*i] == b'E') {
        let mut j = *i + 1;
        if j < n && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < n && b[j].is_ascii_digit() {
            float = true;
            *i = j;
            while *i < n && b[*i].is_ascii_digit() {
                *i += 1;
            }
        }
    }
    if float {
        return TokKind::Float;
    }
    if *i < n && (b[*i] == b'U' || b[*i] == b'u') {
        *i += 1;
    }
    TokKind::Int
}

/// The value of an integer token's text: `Ok(value, unsigned_suffix)`, or `Err` on overflow or bad digits.
pub fn int_value(text: &str) -> Result<(u64, bool), &'static str> {
    let (body, unsigned) = match text.strip_suffix(['U', 'u']) {
        Some(b) => (b, true),
        None => (text, false),
    };
    let (digits, radix) = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(bn) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
        (bn, 2)
    } else if body.len() > 1 && body.starts_with('0') {
        (&body[1..], 8)
    } else {
        (body, 10)
    };
    if digits.is_empty() {
        return Err("integer literal has no digits");
    }
    u64::from_str_radix(digits, radix).map(|v| (v, unsigned)).map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => "integer literal does not fit in 64 bits",
        _ => "invalid digit in integer literal",
    })
}

/// The value of a float token: `(is_f32, bits)`; decimal literals are f64 as PTX specifies.
pub fn float_value(text: &str) -> Result<(bool, u64), &'static str> {
    let bytes = text.as_bytes();
    if bytes.len() >= 2 && bytes[0] == b'0' && matches!(bytes[1], b'f' | b'F' | b'd' | b'D') {
        let is_f32 = matches!(bytes[1], b'f' | b'F');
        let hex = &text[2..];
        let want = if is_f32 { 8 } else { 16 };
        if hex.len() != want {
            return Err(if is_f32 {
                "0f literal needs exactly 8 hex digits"
            } else {
                "0d literal needs exactly 16 hex digits"
            });
        }
        return u64::from_str_radix(hex, 16).map(|v| (is_f32, v)).map_err(|_| "invalid hex float literal");
    }
    text.parse::<f64>().map(|v| (false, v.to_bits())).map_err(|_| "invalid floating-point literal")
}

/// The contents of a string token without its quotes, escapes kept verbatim (so printing
/// it back between quotes reproduces the original).
pub fn string_value(text: &str) -> String {
    text.get(1..text.len().saturating_sub(1)).unwrap_or("").to_string()
}
