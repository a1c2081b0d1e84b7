//! A source's leading `#include` lines, precompiled: what CMake's `target_precompile_headers`
//! does, done by the driver for sources built more than once. Parsing the headers is a large part
//! of each clang pass of a program that includes Thrust or CUB (some 40% of the device pass's
//! front end); a precompiled header (PCH) of the includes, chained on the wrapper's PCH
//! ([`crate::precompiled`]), replaces that parse in both passes.
//!
//! The header is the run of `#include` lines (with comments and blank lines) that opens the
//! source, up to the first other line; a quoted include must be beside the source and guarded
//! (`#pragma once` or an include guard), and is made absolute (the header lives in the cache,
//! and a quoted include is looked up beside its includer first). The source
//! is then compiled as written, after the PCH: its own `#include`s of those headers find their
//! include guards already defined, as with CMake's precompiled headers.
//!
//! Policy, so that one-off builds never pay for a PCH and the cache holds only useful ones: a
//! source's first successful build only marks its includes as seen; the next build precompiles
//! them; a PCH smaller than [`WORTHWHILE_BYTES`] (nothing heavy included) is marked not worth
//! using again. A stale PCH (a header changed) is rebuilt, as the wrapper's is. A build whose PCH
//! fails to build (a broken header) is rebuilt without it, so that diagnostics read as usual.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::cache::{self, Key};

/// Below this size, a PCH of a source's includes saves less parsing than it costs to keep.
pub const WORTHWHILE_BYTES: u64 = 2 << 20;

/// The header holding the leading `#include` lines of `source` (whose directory is `dir`), if
/// it opens with any.
pub fn header_text(source: &str, dir: &Path) -> Option<String> {
    let mut text = String::new();
    let mut rest = source;
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = &after[after.find("*/")? + 2..];
        } else if rest.starts_with('#') {
            let (line, next) = rest.split_once('\n').unwrap_or((rest, ""));
            let Some(include) = include_line(line, dir) else { break };
            text.push_str(&include);
            text.push('\n');
            rest = next;
        } else {
            break;
        }
    }
    (!text.is_empty()).then_some(text)
}

/// `line` as an include of the header, if it is a plain `#include <x>` or `#include "x"`
/// (followed by nothing but a `//` comment).
fn include_line(line: &str, dir: &Path) -> Option<String> {
    let rest = line.strip_prefix('#')?.trim_start().strip_prefix("include")?.trim_start();
    let (close, quoted) = match rest.chars().next()? {
        '<' => ('>', false),
        '"' => ('"', true),
        _ => return None,
    };
    let end = rest[1..].find(close)? + 1;
    let name = &rest[1..end];
    let after = rest[end + 1..].trim();
    if name.is_empty() || name.contains(['\\', '"', '<', '>']) || !(after.is_empty() || after.starts_with("//")) {
        return None;
    }
    if !quoted {
        return Some(format!("#include <{name}>"));
    }
    // Only a quoted include found beside the source (the header's own directory, the cache,
    // must never be where one is found), and only a guarded one: the source includes it again.
    let path = dir.join(name).canonicalize().ok().filter(|p| p.is_file())?;
    if !is_guarded(&std::fs::read_to_string(&path).ok()?) {
        return None;
    }
    Some(format!("#include \"{}\"", path.to_str()?))
}

/// Whether a header's text opens (after comments) with `#pragma once` or an include guard
/// (`#ifndef X` or `#if !defined(X)`, then `#define X`), so that including it again is a no-op.
/// Library headers included with `<...>` are taken to be guarded, as the standard's are.
fn is_guarded(text: &str) -> bool {
    let mut directives = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("//"));
    let words = |line: &str| -> Vec<String> {
        let line = line.strip_prefix('#').unwrap_or("");
        line.replace(['(', ')', '!'], " ").split_whitespace().map(str::to_string).collect()
    };
    // Leading block comments (`/* ... */` spanning lines) are skipped line by line.
    let mut in_comment = false;
    let mut first = None;
    for line in directives.by_ref() {
        if in_comment {
            in_comment = !line.contains("*/");
            continue;
        }
        if line.starts_with("/*") {
            in_comment = !line.contains("*/");
            continue;
        }
        first = Some(line);
        break;
    }
    let Some(first) = first else { return false };
    let first = words(first);
    let guard = match first.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["pragma", "once", ..] => return true,
        ["ifndef", name] | ["if", "defined", name] => name.to_string(),
        _ => return false,
    };
    directives
        .next()
        .is_some_and(|l| words(l).first().is_some_and(|w| w == "define") && words(l).get(1) == Some(&guard))
}

/// Where one source's precompiled includes live: keyed by the pass's front-end flags (which
/// name the wrapper's PCH), the header's text, and what else decides where its `<...>` includes
/// are found (the directory relative `-I` paths start from, clang's include-path variables).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The generated header.
    pub header: PathBuf,
    /// Its PCH.
    pub pch: PathBuf,
    /// Present once a build has seen these includes.
    pub seen: PathBuf,
    /// Present when the PCH was too small to be worth using.
    pub not_worthwhile: PathBuf,
}

/// The cache entry for a pass with front-end flags `front`, run in `cwd`, and the generated
/// header `text`.
pub fn entry(front: &[OsString], cwd: &Path, text: &str) -> Entry {
    let mut key = Key::default();
    key.add(text.as_bytes());
    for a in front {
        key.add(a.as_encoded_bytes());
    }
    key.add(cwd.as_os_str().as_encoded_bytes());
    for var in ["CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"] {
        key.add(std::env::var_os(var).unwrap_or_default().as_encoded_bytes());
    }
    // The wrapper PCH's path in `front` covers Cuprite's version and the clang binary.
    let dir = cache::cache_root().join("includes").join(key.hex());
    Entry {
        header: dir.join("includes.h"),
        pch: dir.join("includes.pch"),
        seen: dir.join("seen"),
        not_worthwhile: dir.join("not-worthwhile"),
    }
}

/// What a build does with a source's includes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Use the current PCH.
    Use,
    /// Build the PCH, then use it.
    Build,
    /// Compile as usual, and mark the includes seen if the build succeeds.
    MarkSeen,
    /// Compile as usual.
    Skip,
}

/// The decision for `entry`, given whether the wrapper's PCH it chains on is current.
pub fn decide(entry: &Entry, base_current: bool) -> Decision {
    if entry.not_worthwhile.exists() || !base_current {
        // A PCH chained on a stale base would be rebuilt at the same time as the base.
        Decision::Skip
    } else if crate::precompiled::is_current(&entry.pch) {
        Decision::Use
    } else if entry.seen.exists() {
        Decision::Build
    } else {
        Decision::MarkSeen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leading_includes_make_the_header() {
        let dir = crate::test_dir("includes-test");
        std::fs::write(
            dir.join("local.h"),
            "/* A header\n * with a guard. */\n#ifndef LOCAL_H\n#define LOCAL_H\n#endif\n",
        )
        .unwrap();
        std::fs::write(dir.join("unguarded.h"), "struct S {};\n").unwrap();
        let local = dir.join("local.h").canonicalize().unwrap();
        let src = "// A program.\n/* with a\n   block comment */\n#include \"local.h\" // beside\n\n#  include <thrust/sort.h>\n\
                   #define N 4\n#include <vector>\nint main() {}\n";
        let text = header_text(src, &dir).unwrap();
        assert_eq!(text, format!("#include \"{}\"\n#include <thrust/sort.h>\n", local.display()));
        // An unguarded header (the source includes it a second time) ends the run.
        assert_eq!(
            header_text("#include <a.h>\n#include \"unguarded.h\"\n#include <b.h>\n", &dir).unwrap(),
            "#include <a.h>\n"
        );
        // A quoted include found elsewhere than beside the source ends the run.
        assert_eq!(
            header_text("#include <a.h>\n#include \"elsewhere.h\"\n#include <b.h>\n", &dir).unwrap(),
            "#include <a.h>\n"
        );
        // Nothing to precompile: code, a macro or a computed include comes first.
        assert_eq!(header_text("int x;\n#include <vector>\n", &dir), None);
        assert_eq!(header_text("#define X\n#include <vector>\n", &dir), None);
        assert_eq!(header_text("#include HEADER\n", &dir), None);
        assert_eq!(header_text("#include <a.h> int x;\n", &dir), None);
        assert_eq!(header_text("/* unterminated\n#include <a.h>\n", &dir), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn relative_include_paths_from_another_directory_key_another_entry() {
        let front = [OsString::from("-Iinclude")];
        let a = entry(&front, Path::new("/a"), "#include <x.h>\n");
        assert_eq!(a, entry(&front, Path::new("/a"), "#include <x.h>\n"));
        assert_ne!(a, entry(&front, Path::new("/b"), "#include <x.h>\n"));
        assert_ne!(a, entry(&front, Path::new("/a"), "#include <y.h>\n"));
    }

    #[test]
    fn include_guards_are_recognized() {
        assert!(is_guarded("// x\n#pragma once\nint x;\n"));
        assert!(is_guarded("/* license\n   text */\n#ifndef A_H\n#define A_H\nint x;\n#endif\n"));
        assert!(is_guarded("#if !defined(A_H)\n# define A_H 1\n#endif\n"));
        assert!(!is_guarded("#ifndef A_H\n#define B_H\n#endif\n"), "the guard defines another macro");
        assert!(!is_guarded("#include <x.h>\n#pragma once\n"));
        assert!(!is_guarded("struct S {};\n"));
        assert!(!is_guarded(""));
    }

    #[test]
    fn a_build_marks_then_precompiles_then_uses() {
        let dir = crate::test_dir("includes-decide");
        let e = Entry {
            header: dir.join("includes.h"),
            pch: dir.join("includes.pch"),
            seen: dir.join("seen"),
            not_worthwhile: dir.join("not-worthwhile"),
        };
        assert_eq!(decide(&e, true), Decision::MarkSeen);
        std::fs::write(&e.seen, "").unwrap();
        assert_eq!(decide(&e, true), Decision::Build);
        assert_eq!(decide(&e, false), Decision::Skip, "the base PCH is being rebuilt");
        std::fs::write(&e.header, "").unwrap();
        std::fs::write(&e.pch, "pch").unwrap();
        let depfile = format!("{}: {}\n", e.pch.display(), e.header.display());
        std::fs::write(crate::precompiled::record_path(&e.pch), crate::precompiled::record(&depfile, &[])).unwrap();
        assert_eq!(decide(&e, true), Decision::Use);
        std::fs::write(&e.not_worthwhile, "").unwrap();
        assert_eq!(decide(&e, true), Decision::Skip);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
