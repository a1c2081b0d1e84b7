//! Byte spans into PTX source text, and the line table that turns them into line:column.

/// A half-open byte range `[start, end)` into the module's source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// Maps byte offsets to 1-based line and column numbers.
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<u32>,
}

impl LineIndex {
    /// Builds the line table of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![0];
        line_starts.extend(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i as u32 + 1));
        LineIndex { line_starts }
    }

    /// 1-based (line, column) of a byte offset; the column counts bytes.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = self.line_starts.partition_point(|&s| s <= offset).saturating_sub(1);
        (line as u32 + 1, offset - self.line_starts[line] + 1)
    }

    /// The byte range of 1-based line `line`, without its newline.
    pub fn line_range(&self, line: u32, text_len: u32) -> (u32, u32) {
        let i = (line as usize).saturating_sub(1).min(self.line_starts.len() - 1);
        let start = self.line_starts[i];
        let end = self.line_starts.get(i + 1).map_or(text_len, |&s| s.saturating_sub(1));
        (start, end.max(start))
    }
}
