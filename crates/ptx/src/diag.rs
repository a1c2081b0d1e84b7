//! Diagnostics: `file:line:col: error: message`, the source line, and a caret.

use crate::span::{LineIndex, Span};
use std::fmt::Write as _;

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The module is invalid.
    Error,
    /// Legal, but suspicious.
    Warning,
}

/// One message about a span of PTX source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where.
    pub span: Span,
    /// What, in one line.
    pub message: String,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, span, message: message.into() }
    }

    /// Renders as `file:line:col: error: message` plus the source line and a caret under the span.
    pub fn render(&self, file: &str, source: &str, lines: &LineIndex) -> String {
        let (line, col) = lines.line_col(self.span.start.min(source.len() as u32));
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!("{file}:{line}:{col}: {kind}: {}\n", self.message);
        let (ls, le) = lines.line_range(line, source.len() as u32);
        let text = source.get(ls as usize..le as usize).unwrap_or("");
        // Control characters (binary input) would garble the terminal: show them as '?'.
        let shown: String = text.chars().map(|c| if c.is_control() && c != '\t' { '?' } else { c }).collect();
        let _ = writeln!(out, "{shown}");
        let pad: String = text
            .bytes()
            .take(col as usize - 1)
            .filter(|b| b & 0xC0 != 0x80) // one pad character per UTF-8 character
            .map(|b| if b == b'\t' { '\t' } else { ' ' })
            .collect();
        let width = (self.span.end.saturating_sub(self.span.start) as usize).clamp(1, (le - ls + 1) as usize);
        let _ = writeln!(out, "{pad}^{}", "~".repeat(width.saturating_sub(1).min(80)));
        out
    }
}

/// Renders every diagnostic in order (see [`Diagnostic::render`]).
pub fn render_all(diags: &[Diagnostic], file: &str, source: &str) -> String {
    let lines = LineIndex::new(source);
    diags.iter().map(|d| d.render(file, source, &lines)).collect()
}
