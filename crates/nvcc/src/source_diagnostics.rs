//! Diagnostics the driver itself finds in a source (where nvcc's front end and clang's differ:
//! [`crate::constant_writes`], [`crate::long_double`]), rendered as clang renders its own, so
//! that they read (and parse, for build tools and editors) like the compiler's.

/// The diagnostic `severity: message` at byte `at` of `source` (the file `file`): its place,
/// the line, a caret under the byte.
pub fn render(source: &[u8], file: &str, at: usize, severity: &str, message: &str) -> String {
    let line_start = source[..at].iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
    let line_end = source[at..].iter().position(|&c| c == b'\n').map_or(source.len(), |p| at + p);
    let line = source[..at].iter().filter(|&&c| c == b'\n').count() + 1;
    let column = at - line_start + 1;
    let text = String::from_utf8_lossy(&source[line_start..line_end]);
    let caret: String = source[line_start..at].iter().map(|&c| if c == b'\t' { '\t' } else { ' ' }).collect();
    format!("{file}:{line}:{column}: {severity}: {message}\n{line:>5} | {text}\n      | {caret}^\n")
}
