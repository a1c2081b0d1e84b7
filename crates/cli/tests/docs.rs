//! The documentation stays true to the tree: every repository path that `ARCHITECTURE.md`,
//! `docs/design-notes.md` and `README.md` cite in backquotes exists, every relative Markdown
//! link resolves (with its `#section`), and `ARCHITECTURE.md` stays a map of at most
//! [`MAX_ARCHITECTURE_LINES`] lines.
//!
//! A backquoted span is taken for a repository path when it is one word of path characters
//! and either ends in a file extension of [`EXTENSIONS`], ends in `/`, or starts with a
//! top-level entry of the repository (`crates/ptx`, `.ci/run`, `samples`). Paths are relative
//! to the repository root; a bare file name (`nvcc-env.sh`) must name some file of the tree;
//! `*` matches within one path component. Write a CUDA header as `<mma.h>`, a PTX form as
//! `ld/st` or `atom.cas/exch.b128`: neither looks like a path.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The documents whose paths and links are checked, relative to the repository root.
const DOCS: [&str; 3] = ["ARCHITECTURE.md", "docs/design-notes.md", "README.md"];

/// ARCHITECTURE.md is a map; history and rationale go to docs/design-notes.md and BENCHMARKS.md.
const MAX_ARCHITECTURE_LINES: usize = 250;

/// Endings of the file names that a citation of a repository file has.
const EXTENSIONS: [&str; 20] = [
    "rs", "md", "sh", "py", "cu", "cuh", "h", "hpp", "cpp", "c", "ptx", "txt", "toml", "json", "expected", "bin",
    "lock", "ll", "bc", "dict",
];

/// Citations of paths that are not in the tree yet, as (document, path). Each entry is a
/// documentation bug to fix (the path lands, or the document stops citing it); the list only
/// shrinks.
const NOT_YET_IN_TREE: [(&str, &str); 0] = [];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The backquoted spans of a Markdown text outside fenced code blocks, with their line numbers.
fn code_spans(text: &str) -> Vec<(usize, &str)> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            spans.extend(line.split('`').skip(1).step_by(2).map(|s| (n + 1, s)));
        }
    }
    spans
}

/// The targets of the inline Markdown links `[text](target)` of a text, with line numbers.
fn link_targets(text: &str) -> Vec<(usize, &str)> {
    let mut links = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                links.push((n + 1, &rest[..end]));
                rest = &rest[end..];
            }
        }
    }
    links
}

/// Whether a backquoted span cites a repository path (see the module documentation);
/// `top_level` holds the names of the repository root's entries.
fn cites_path(span: &str, top_level: &BTreeSet<String>) -> bool {
    let path_chars = |c: char| c.is_ascii_alphanumeric() || "_.-/*".contains(c);
    if span.is_empty() || !span.chars().all(path_chars) || span.starts_with(['/', '-']) {
        return false;
    }
    let file = span.rsplit('/').next().unwrap_or(span);
    let extension = file.rsplit_once('.').map(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext));
    let first = span.split('/').next().unwrap_or(span);
    extension == Some(true) || (span.contains('/') && span.ends_with('/')) || top_level.contains(first)
}

/// Whether `pattern` (with `*` for any run of characters) matches the whole of `name`.
fn wildcard(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            let Some(rest) = name.strip_prefix(head) else { return false };
            (0..=rest.len()).filter(|&i| rest.is_char_boundary(i)).any(|i| wildcard(tail, &rest[i..]))
        }
    }
}

/// Whether the relative path (components may hold `*`) names something under `root`.
fn exists(root: &Path, path: &str) -> bool {
    let mut found = vec![root.to_path_buf()];
    for part in path.split('/').filter(|p| !p.is_empty() && *p != ".") {
        found = found
            .iter()
            .flat_map(|dir| -> Vec<PathBuf> {
                if !part.contains('*') {
                    let p = dir.join(part);
                    return if p.exists() { vec![p] } else { Vec::new() };
                }
                let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
                entries
                    .flatten()
                    .filter(|e| wildcard(part, &e.file_name().to_string_lossy()))
                    .map(|e| e.path())
                    .collect()
            })
            .collect();
    }
    !found.is_empty()
}

/// The names of the files of the tree (not under `target/` or hidden directories).
fn file_names(root: &Path) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                if !name.starts_with('.') && name != "target" {
                    dirs.push(e.path());
                }
            } else {
                names.insert(name);
            }
        }
    }
    names
}

/// GitHub's anchor for a Markdown heading: lower case, spaces to hyphens, other punctuation
/// dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text's headings (outside fenced code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(slug(line.trim_start_matches('#')));
        }
    }
    out
}

/// What is wrong with the citations of document `doc` (its text `text`) in the tree at `root`.
fn broken_citations(root: &Path, doc: &str, text: &str) -> Vec<String> {
    let top_level: BTreeSet<String> = std::fs::read_dir(root)
        .map(|entries| entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    let names = file_names(root);
    let mut problems = Vec::new();
    for (line, span) in code_spans(text) {
        if !cites_path(span, &top_level) || NOT_YET_IN_TREE.contains(&(doc, span)) {
            continue;
        }
        let found = if span.contains('/') { exists(root, span) } else { exists(root, span) || names.contains(span) };
        if !found {
            problems.push(format!("{doc}:{line}: `{span}` is not in the tree"));
        }
    }
    let dir = Path::new(doc).parent().unwrap_or(Path::new(""));
    for (line, target) in link_targets(text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
        let path = if file.is_empty() { root.join(doc) } else { root.join(dir).join(file) };
        let Ok(linked) = std::fs::read_to_string(&path) else {
            if !path.is_dir() {
                problems.push(format!("{doc}:{line}: link target `{target}` is not in the tree"));
            }
            continue;
        };
        if !anchor.is_empty() && !anchors(&linked).contains(anchor) {
            problems.push(format!("{doc}:{line}: link `{target}`: no such section"));
        }
    }
    problems
}

#[test]
fn documents_cite_only_paths_in_the_tree() {
    let root = repo();
    let mut problems = Vec::new();
    for doc in DOCS {
        let text = std::fs::read_to_string(root.join(doc)).unwrap_or_else(|e| panic!("read {doc}: {e}"));
        problems.extend(broken_citations(&root, doc, &text));
    }
    assert!(problems.is_empty(), "documentation cites what is not there:\n{}", problems.join("\n"));
}

#[test]
fn the_allow_list_holds_only_missing_paths() {
    let root = repo();
    for (doc, path) in NOT_YET_IN_TREE {
        assert!(!exists(&root, path), "{path} is in the tree now: remove it from NOT_YET_IN_TREE ({doc})");
    }
}

#[test]
fn architecture_is_a_short_map() {
    let text = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("read ARCHITECTURE.md");
    let lines = text.lines().count();
    assert!(
        lines <= MAX_ARCHITECTURE_LINES,
        "ARCHITECTURE.md has {lines} lines, more than {MAX_ARCHITECTURE_LINES}: move history and rationale \
         to docs/design-notes.md, figures to BENCHMARKS.md"
    );
}

#[test]
fn the_checker_finds_missing_paths_and_sections() {
    let root = repo();
    let text = "A `crates/ptx/src/lexer.rs`, `crates/simt/src/nope.rs`, `tests/corpus/cu/*.cu`, \
                `tests/nowhere/*.cu`, `scripts/`, `nvcc-env.sh`, `gone.sh`, `crates/simt/src/jit/warp/`.\n\
                ```\n`crates/in-a-fence.rs`\n```\n\
                Links: [map](ARCHITECTURE.md#tests), [bad](ARCHITECTURE.md#no-such-section), [gone](NOPE.md).\n";
    let problems = broken_citations(&root, "README.md", text);
    let expected = [
        "README.md:1: `crates/simt/src/nope.rs` is not in the tree",
        "README.md:1: `tests/nowhere/*.cu` is not in the tree",
        "README.md:1: `gone.sh` is not in the tree",
        "README.md:5: link `ARCHITECTURE.md#no-such-section`: no such section",
        "README.md:5: link target `NOPE.md` is not in the tree",
    ];
    assert_eq!(problems, expected);
}

#[test]
fn ptx_forms_and_commands_are_not_paths() {
    let top_level: BTreeSet<String> = ["crates", "scripts", ".ci"].map(String::from).into();
    for not_path in [
        "atom/red.global.v2/.v4/.v8",
        "ld/st",
        "-O3/-G",
        "cuprite exec ./app",
        "/tmp/perf-PID.map",
        "libcudart.so.13",
        "jit::Shape::Rows32",
        "<mma.h>",
        "CUPRITE_ENGINE=interp|jit",
    ] {
        assert!(!cites_path(not_path, &top_level), "{not_path} taken for a path");
    }
    for path in ["crates/simt/src/exec.rs", "crates/ptx", ".ci/run", "memory.rs", "tests/corpus/cu/*.cu", "jit/warp/"] {
        assert!(cites_path(path, &top_level), "{path} not taken for a path");
    }
}

#[test]
fn slugs_follow_github() {
    assert_eq!(slug(" Forward progress in the interpreter"), "forward-progress-in-the-interpreter");
    assert_eq!(slug(" `crates/simt`: PTX on CPU cores"), "cratessimt-ptx-on-cpu-cores");
    assert_eq!(slug(" Warp tier (jit/warp/)"), "warp-tier-jitwarp");
}
