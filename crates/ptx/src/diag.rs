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
    /// A line longer than [`LINE_WINDOW`] characters is shown as a window around the caret, cut
    /// with `…`.
    pub fn render(&self, file: &str, source: &str, lines: &LineIndex) -> String {
        let at = self.span.start.min(source.len() as u32);
        let (line, col) = lines.line_col(at);
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!("{file}:{line}:{col}: {kind}: {}\n", self.message);
        let (ls, le) = lines.line_range(line, source.len() as u32);
        let text = source.get(ls as usize..le as usize).unwrap_or("");
        let mut caret = ((at - ls) as usize).min(text.len());
        while !text.is_char_boundary(caret) {
            caret -= 1;
        }
        let (start, end) = window(text, caret);
        let shown_text = &text[start..end];
        let cut_left = if start > 0 { "…" } else { "" };
        let cut_right = if end < text.len() { "…" } else { "" };
        // Control characters (binary input) would garble the terminal: show them as '?'.
        let shown: String = shown_text.chars().map(|c| if c.is_control() && c != '\t' { '?' } else { c }).collect();
        let _ = writeln!(out, "{cut_left}{shown}{cut_right}");
        let pad: String = cut_left
            .chars()
            .map(|_| ' ')
            .chain(
                text[start..caret.clamp(start, end)].chars().map(|c| if c == '\t' { '\t' } else { ' ' }), // one pad character per character
            )
            .collect();
        let width = (self.span.end.saturating_sub(self.span.start) as usize).clamp(1, end.saturating_sub(caret) + 1);
        let _ = writeln!(out, "{pad}^{}", "~".repeat(width.saturating_sub(1).min(80)));
        out
    }
}

/// The most characters of a source line a diagnostic shows (a window around the caret).
pub const LINE_WINDOW: usize = 160;

/// The byte range of `text` to show for a caret at byte `caret`: all of it if it is short,
/// else [`LINE_WINDOW`] bytes around the caret, on character boundaries.
fn window(text: &str, caret: usize) -> (usize, usize) {
    if text.len() <= LINE_WINDOW {
        return (0, text.len());
    }
    let caret = caret.min(text.len());
    let mut start = caret.saturating_sub(LINE_WINDOW / 2);
    let mut end = (start + LINE_WINDOW).min(text.len());
    start = end.saturating_sub(LINE_WINDOW).min(start);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    (start, end)
}

/// The most diagnostics [`render_all`] shows for one file; the rest are counted.
pub const MAX_SHOWN: usize = 50;

/// Renders the first [`MAX_SHOWN`] diagnostics in order (see [`Diagnostic::render`]), then
/// `file: and K more errors` if there are more, so the output stays proportional to what is
/// shown, whatever the input.
pub fn render_all(diags: &[Diagnostic], file: &str, source: &str) -> String {
    let lines = LineIndex::new(source);
    let mut out: String = diags.iter().take(MAX_SHOWN).map(|d| d.render(file, source, &lines)).collect();
    if let Some(more) = diags.len().checked_sub(MAX_SHOWN).filter(|&n| n > 0) {
        let _ = writeln!(out, "{file}: and {more} more error{}", if more == 1 { "" } else { "s" });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_caret() {
        let source = format!("{}X{}", "a".repeat(1000), "b".repeat(1000));
        let d = Diagnostic::error(Span::new(1000, 1001), "here");
        let out = d.render("f.ptx", &source, &LineIndex::new(&source));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "f.ptx:1:1001: error: here");
        assert!(lines[1].starts_with('…') && lines[1].ends_with('…'), "{}", lines[1]);
        assert_eq!(lines[1].chars().count(), LINE_WINDOW + 2);
        // The caret sits under the X.
        let caret = lines[2].chars().count() - 1;
        assert_eq!(lines[1].chars().nth(caret), Some('X'), "{out}");
    }

    #[test]
    fn only_the_first_diagnostics_are_shown() {
        let source = "}".repeat(500);
        let diags: Vec<Diagnostic> = (0..500).map(|i| Diagnostic::error(Span::new(i, i + 1), "stray")).collect();
        let out = render_all(&diags, "f.ptx", &source);
        assert_eq!(out.matches(": error: stray").count(), MAX_SHOWN);
        assert!(out.ends_with("f.ptx: and 450 more errors\n"), "{}", &out[out.len() - 100..]);
        assert!(out.len() < MAX_SHOWN * 3 * (LINE_WINDOW + 40));
    }
}
