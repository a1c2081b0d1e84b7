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
/// text that is not a rule is returned as it is. `-MP`'s phony targets follow as nvcc (g++)
/// writes them: one for each dependency but the source, each after a blank line.
pub fn nvcc_layout(text: &str) -> String {
    let joined = text.replace("\\\n", " ");
    let mut out = String::new();
    // The main rule's source, and the dependency clang named first (which its `-MP` takes for
    // the main file and leaves without a phony target: the precompiled wrapper header).
    let mut main: Option<(String, String)> = None;
    let mut phony: Vec<String> = Vec::new();
    for line in joined.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(target) = line.trim_end().strip_suffix(':') {
            phony.push(target.to_string());
            continue;
        }
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
        let clangs_first = words.first().cloned();
        if let Some(at) = words.iter().position(is_source) {
            let first = words.remove(at);
            words.insert(0, first);
        }
        if main.is_none()
            && let (Some(source), Some(first)) = (words.first(), clangs_first)
        {
            main = Some((source.clone(), first));
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
    if !phony.is_empty() {
        if let Some((source, first)) = &main {
            phony.retain(|p| p != source);
            if first != source && !phony.contains(first) {
                phony.insert(0, first.clone());
            }
        }
        for p in phony {
            out.push_str(&format!("\n{p}:\n"));
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

    /// `-MP` (nvcc 13.0's `-MMD -MP`, recorded): a phony target for each dependency but the
    /// source, each after a blank line; clang, which read the wrapper header first, gave the
    /// source one and the header none.
    #[test]
    fn phony_targets_as_nvcc_writes_them() {
        let clang = "x.o: /inc/wrapper.h a/x.cu /inc/b.h \\\n  c.h\n/inc/b.h:\nc.h:\na/x.cu:\n";
        assert_eq!(
            nvcc_layout(clang),
            "x.o : a/x.cu \\\n    /inc/wrapper.h \\\n    /inc/b.h \\\n    c.h\n\n/inc/wrapper.h:\n\n/inc/b.h:\n\nc.h:\n"
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
