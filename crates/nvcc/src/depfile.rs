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

/// A make-style dependency file as clang writes it (`a.o: a.cu b.h \` and lines of two-space
/// indented paths, filled to 80 columns) laid out as nvcc writes it: `a.o : a.cu \`, then one path
/// a line, indented by four spaces, each but the last ending ` \`. Paths keep their escapes;
/// text that is not a rule is returned as it is.
pub fn nvcc_layout(text: &str) -> String {
    let joined = text.replace("\\\n", " ");
    let mut out = String::new();
    for line in joined.lines().filter(|l| !l.trim().is_empty()) {
        let Some((target, deps)) = line.split_once(": ") else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        // The paths, split at blanks that are not escaped.
        let mut words: Vec<String> = Vec::new();
        let mut word = String::new();
        let mut chars = deps.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    word.push(c);
                    if let Some(next) = chars.next() {
                        word.push(next);
                    }
                }
                ' ' | '\t' => {
                    if !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                    }
                }
                _ => word.push(c),
            }
        }
        if !word.is_empty() {
            words.push(word);
        }
        // nvcc names the source first; clang, compiling with a precompiled header, names that
        // header's own inputs first.
        let source = ["cu", "cpp", "cc", "cxx", "c"];
        let is_source = |w: &String| w.rsplit_once('.').is_some_and(|(_, ext)| source.contains(&ext));
        if let Some(at) = words.iter().position(is_source) {
            let first = words.remove(at);
            words.insert(0, first);
        }
        out.push_str(target.trim_end());
        out.push_str(" :");
        for (i, w) in words.iter().enumerate() {
            out.push_str(if i == 0 { " " } else { "    " });
            out.push_str(w);
            out.push_str(if i + 1 < words.len() { " \\\n" } else { "\n" });
        }
        if words.is_empty() {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// nvcc 13.0's `-M` of a source including "my.h": `dep.o : dep.cu \`, four-space indents.
    #[test]
    fn clangs_layout_becomes_nvccs() {
        let clang = "dep.o: dep.cu /usr/include/stdc-predef.h my.h \\\n  /inc/with\\ space.h \\\n  /usr/include/c++/12/cstdio\n";
        assert_eq!(
            nvcc_layout(clang),
            "dep.o : dep.cu \\\n    /usr/include/stdc-predef.h \\\n    my.h \\\n    /inc/with\\ space.h \\\n    \
             /usr/include/c++/12/cstdio\n"
        );
        assert_eq!(nvcc_layout("a.o: a.cu\n"), "a.o : a.cu\n");
        assert_eq!(
            nvcc_layout("a.o: /inc/wrapper.h a.cu /inc/b.h\n"),
            "a.o : a.cu \\\n    /inc/wrapper.h \\\n    /inc/b.h\n"
        );
    }

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
