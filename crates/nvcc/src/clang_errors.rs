//! clang's errors of one kind, read from its diagnostics: where each is reported, and whether a
//! macro expansion wrote the code there (the driver rewrites only what a compiled file spells
//! out: see [`crate::shared_objects`], and the device-side launches of [`crate::device_launches`]).

/// An error clang reported: where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reported {
    /// The file as clang names it.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The byte column, from 1.
    pub column: usize,
    /// Where the macro that wrote the code there spells it (file, line, byte column): clang's
    /// first note "expanded from macro", the innermost macro's definition; `None` when no macro
    /// wrote it.
    pub macro_definition: Option<(String, usize, usize)>,
}

impl Reported {
    /// Whether a macro expansion wrote the code there.
    pub fn by_macro(&self) -> bool {
        self.macro_definition.is_some()
    }
}

/// Every error of `diagnostics` whose message `is_kind` accepts, each place once, in order.
pub fn reported(diagnostics: &str, is_kind: impl Fn(&str) -> bool) -> Vec<Reported> {
    fn finish(r: Option<Reported>, found: &mut Vec<Reported>) {
        if let Some(r) = r
            && !found.contains(&r)
        {
            found.push(r);
        }
    }
    let mut found: Vec<Reported> = Vec::new();
    let mut current: Option<Reported> = None;
    for line in diagnostics.lines() {
        if let Some((place, _)) = line.split_once(": note: expanded from macro") {
            if let Some(r) = &mut current
                && r.macro_definition.is_none()
            {
                r.macro_definition = Some(located(place).map_or((String::new(), 0, 0), |d| (d.file, d.line, d.column)));
            }
        } else if let Some((place, message)) = line.split_once(": error: ") {
            finish(current.take(), &mut found);
            current = if is_kind(message) { located(place) } else { None };
        } else if line.contains(": warning: ") || line.contains(": fatal error: ") {
            finish(current.take(), &mut found);
        }
    }
    finish(current, &mut found);
    found
}

/// The files that define the macros whose expansions wrote the errors of `diagnostics` that
/// `is_kind` accepts (clang's notes "expanded from macro" after each), each once, in order.
pub fn macro_files(diagnostics: &str, is_kind: impl Fn(&str) -> bool) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    let mut in_kind = false;
    for line in diagnostics.lines() {
        if let Some((place, _)) = line.split_once(": note: expanded from macro") {
            if in_kind
                && let Some(r) = located(place)
                && !files.contains(&r.file)
            {
                files.push(r.file);
            }
        } else if let Some((_, message)) = line.split_once(": error: ") {
            in_kind = is_kind(message);
        } else if line.contains(": warning: ") || line.contains(": fatal error: ") {
            in_kind = false;
        }
    }
    files
}

/// The byte offset in `source` of a place clang reports, `line` and byte `column` (from 1).
pub(crate) fn offset_of(source: &[u8], line: usize, column: usize) -> Option<usize> {
    let line_start = if line == 1 {
        0
    } else {
        source.iter().enumerate().filter(|(_, c)| **c == b'\n').nth(line.checked_sub(2)?)?.0 + 1
    };
    let offset = line_start + column.checked_sub(1)?;
    (offset < source.len()).then_some(offset)
}

/// `FILE:LINE:COL` (the file may hold colons).
fn located(place: &str) -> Option<Reported> {
    let (rest, column) = place.rsplit_once(':')?;
    let (file, line) = rest.rsplit_once(':')?;
    Some(Reported {
        file: file.to_string(),
        line: line.parse().ok()?,
        column: column.parse().ok()?,
        macro_definition: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_of_one_kind_are_read_once_each_with_macro_expansions_marked() {
        let diagnostics = "\
a:b.cu:21:27: error: initialization is not supported for __shared__ variables
   21 |   __shared__ barrier bar;
      |                      ^
a:b.cu:30:5: error: initialization is not supported for __shared__ variables
   30 |   SHARED(barrier, bar);
a:b.cu:14:46: note: expanded from macro 'SHARED'
a:b.cu:40:1: error: use of undeclared identifier 'x'
a:b.cu:21:27: error: initialization is not supported for __shared__ variables
2 errors generated when compiling for sm_90.
";
        let r = reported(diagnostics, |m| m == "initialization is not supported for __shared__ variables");
        assert_eq!(
            r,
            vec![
                Reported { file: "a:b.cu".into(), line: 21, column: 27, macro_definition: None },
                Reported {
                    file: "a:b.cu".into(),
                    line: 30,
                    column: 5,
                    macro_definition: Some(("a:b.cu".into(), 14, 46))
                },
            ]
        );
        assert!(reported("x.cu:1:1: error: expected ';'", |m| m.starts_with("init")).is_empty());
        let files = macro_files(diagnostics, |m| m == "initialization is not supported for __shared__ variables");
        assert_eq!(files, ["a:b.cu"]);
    }

    /// The files of the macros behind errors of one kind: each once, none from other errors.
    #[test]
    fn macro_definition_files_of_one_kind_of_error() {
        let diagnostics = "k.cu:4:50: error: reference to __global__ function 'child' in __global__ function
inc/launch.h:3:34: note: expanded from macro 'HEADER_LAUNCH'
k.cu:5:1: error: use of undeclared identifier 'y'
other.h:1:9: note: expanded from macro 'Y'
k.cu:6:50: error: reference to __global__ function 'child' in __global__ function
inc/launch.h:3:34: note: expanded from macro 'HEADER_LAUNCH'
k.cu:7:50: error: reference to __global__ function 'child' in __global__ function
k.cu:2:20: note: expanded from macro 'LOCAL'
";
        let files = macro_files(diagnostics, |m| m.starts_with("reference to __global__ function"));
        assert_eq!(files, ["inc/launch.h", "k.cu"]);
    }
}
