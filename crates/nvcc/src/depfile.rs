//! Make-style dependency files (what `clang -MD` writes): the inputs a build read, which the
//! caches key on (`run`'s executables, `precompiled`'s headers).

use std::path::PathBuf;

/// `path` as a make-style dependency file spells it (blanks and `#` escaped, `$` doubled).
pub fn escape(path: &std::path::Path) -> String {
    let mut out = String::new();
    for c in path.to_string_lossy().chars() {
        match c {
            ' ' | '\t' | '#' => out.extend(['\\', c]),
            '$' => out.push_str("$$"),
            _ => out.push(c),
        }
    }
    out
}

/// Parses a make-style dependency file (`target: a.h b.h \` continued lines) into paths.
pub fn parse(text: &str) -> Vec<PathBuf> {
    let joined = text.replace("\\\n", " ");
    let mut out = Vec::new();
    for line in joined.lines() {
        let Some((_, deps)) = line.split_once(": ").or_else(|| line.split_once(':')) else { continue };
        let mut word = String::new();
        let mut chars = deps.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&' ') => {
                    word.push(' ');
                    chars.next();
                }
                ' ' | '\t' => {
                    if !word.is_empty() {
                        out.push(PathBuf::from(std::mem::take(&mut word)));
                    }
                }
                _ => word.push(c),
            }
        }
        if !word.is_empty() {
            out.push(PathBuf::from(word));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depfile_with_continuations_and_escaped_spaces() {
        let d = "/tmp/x.o: a.cu /inc/b.h \\\n  /inc/c\\ d.h\n";
        assert_eq!(parse(d), vec![PathBuf::from("a.cu"), "/inc/b.h".into(), "/inc/c d.h".into()]);
    }

    #[test]
    fn escaped_paths_read_back_as_themselves() {
        let path = std::path::Path::new("/src/my dir/#1/a$b.cu");
        assert_eq!(escape(path), "/src/my\\ dir/\\#1/a$$b.cu");
        assert_eq!(
            parse(&format!("x.o: {}\n", escape(std::path::Path::new("/src/my dir/a.cu")))),
            vec![PathBuf::from("/src/my dir/a.cu")]
        );
    }
}
