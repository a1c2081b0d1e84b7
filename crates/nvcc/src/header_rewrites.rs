//! Headers compiled as rewritten copies: the device-side launches of a header that clang
//! reported (see [`crate::device_launches`]: launches in the header's device functions and in
//! its own macros), and the `__shared__` declarations it rejected there (see
//! [`crate::shared_objects`]), are rewritten in a copy, which clang reads in the header's place through a
//! virtual file system overlay (`-ivfsoverlay`) that keeps the header's name. So every
//! `#include` of the header, however spelled, reads the copy; and since the rewrite keeps line
//! breaks and the overlay keeps the name, diagnostics and `__FILE__` name the user's header and
//! lines, as without the rewrite.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

/// The headers to compile rewritten: each header's absolute path (as clang looks it up: the
/// path made absolute, `.` and `..` removed, links kept) and its rewritten text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeaderRewrites {
    headers: BTreeMap<PathBuf, Vec<u8>>,
}

impl HeaderRewrites {
    /// Whether no header is rewritten.
    pub fn is_empty(&self) -> bool {
        self.headers.is_empty()
    }

    /// Adds the header `path` (as clang names it, relative to the current directory or
    /// absolute) with its device-side launches rewritten, those of its macros too; false when
    /// it cannot be read, has no launch to rewrite, or is already added.
    pub fn add_launches(&mut self, path: &Path) -> bool {
        let Some(absolute) = lexically_absolute(path) else { return false };
        if self.headers.contains_key(&absolute) {
            return false;
        }
        let Some(rewritten) = std::fs::read(&absolute).ok().and_then(|t| crate::device_launches::rewrite(&t, true))
        else {
            return false;
        };
        self.headers.insert(absolute, rewritten);
        true
    }

    /// Rewrites the `__shared__` declarations clang rejected at `places` (line, byte column) of
    /// the header `path` (see [`crate::shared_objects`]), in its copy if it has one; false when
    /// none was rewritten.
    pub fn add_shared(&mut self, path: &Path, places: &[(usize, usize)]) -> bool {
        self.rewrite(path, |text| crate::shared_objects::rewrite(text, places).0)
    }

    /// Moves the `alignas` that clang rejected after a memory-space specifier in the header
    /// `path` (see [`crate::attribute_order`]), in its copy if it has one; false when there was
    /// none to move.
    pub fn add_alignas(&mut self, path: &Path) -> bool {
        self.rewrite(path, crate::attribute_order::alignas_first)
    }

    /// Marks the deduction guides of the header `path` `__host__ __device__` (see
    /// [`crate::deduction_guides`]), in its copy if it has one; false when it has none to mark.
    pub fn add_guides(&mut self, path: &Path) -> bool {
        self.rewrite(path, crate::deduction_guides::host_device)
    }

    /// Rewrites the header `path` (its copy if it has one) by `edit`; false when it cannot be
    /// read or `edit` changes nothing.
    fn rewrite(&mut self, path: &Path, edit: impl FnOnce(&[u8]) -> Option<Vec<u8>>) -> bool {
        let Some(absolute) = lexically_absolute(path) else { return false };
        let text = match self.headers.get(&absolute) {
            Some(copy) => copy.clone(),
            None => match std::fs::read(&absolute) {
                Ok(text) => text,
                Err(_) => return false,
            },
        };
        match edit(&text) {
            Some(rewritten) => {
                self.headers.insert(absolute, rewritten);
                true
            }
            None => false,
        }
    }

    /// Writes the copies into `dir` and the overlay that maps each header to its copy; returns
    /// the overlay's path, for clang's `-ivfsoverlay`.
    pub fn write(&self, dir: &Path) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(dir)?;
        let mut roots = Vec::new();
        for (n, (header, text)) in self.headers.iter().enumerate() {
            let name = header.file_name().map_or_else(|| "header".into(), |n| n.to_string_lossy().into_owned());
            let copy = dir.join(format!("{n}-{name}"));
            std::fs::write(&copy, text)?;
            roots.push(format!(
                "{{\"type\": \"file\", \"name\": {}, \"external-contents\": {}}}",
                json_string(&header.to_string_lossy()),
                json_string(&copy.to_string_lossy())
            ));
        }
        // The header's own name in diagnostics, `__FILE__` and dependency files.
        let overlay = format!(
            "{{\"version\": 0, \"case-sensitive\": \"true\", \"use-external-names\": false, \"roots\": [{}]}}\n",
            roots.join(", ")
        );
        let path = dir.join("overlay.yaml");
        std::fs::write(&path, overlay)?;
        Ok(path)
    }
}

/// `path` made absolute against the current directory with `.` and `..` removed lexically, as
/// clang's overlay looks paths up (an include spelled `inc/../inc/h.h` finds `inc/h.h`).
fn lexically_absolute(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let mut out = PathBuf::new();
    for component in absolute.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// `text` as a JSON (and so YAML) string.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header with a device-side launch is added once, under its lexically absolute path;
    /// one without launches, or missing, is not; the overlay maps the header to its copy.
    #[test]
    fn headers_with_launches_get_copies_in_an_overlay() {
        let dir = crate::test_dir("header-rewrites");
        std::fs::create_dir_all(dir.join("inc")).unwrap();
        let header = dir.join("inc/launch.h");
        std::fs::write(&header, "__global__ void c(int *p);\n__global__ void p(int *q) { c<<<1, 2>>>(q); }\n").unwrap();
        std::fs::write(dir.join("inc/plain.h"), "__global__ void c(int *p);\n").unwrap();
        let mut rewrites = HeaderRewrites::default();
        assert!(rewrites.add_launches(&dir.join("inc/../inc/./launch.h")));
        assert!(!rewrites.add_launches(&header), "added twice");
        assert!(!rewrites.add_launches(&dir.join("inc/plain.h")), "nothing to rewrite");
        assert!(!rewrites.add_launches(&dir.join("inc/missing.h")));
        let overlay = rewrites.write(&dir.join("overlay")).unwrap();
        let text = std::fs::read_to_string(&overlay).unwrap();
        assert!(text.contains(&format!("\"name\": \"{}\"", header.display())), "{text}");
        assert!(text.contains("\"use-external-names\": false"), "{text}");
        let copy = std::fs::read_to_string(dir.join("overlay/0-launch.h")).unwrap();
        assert!(copy.contains("__cuprite_device_launch(c)"), "{copy}");
        assert_eq!(copy.lines().count(), 2, "lines kept: {copy}");
        // A __shared__ declaration rejected in the copy (line 2, at `bar`) is rewritten in it.
        std::fs::write(
            &header,
            "__global__ void c(int *p);\n__device__ void d() { __shared__ B bar; c<<<1, 2>>>(0); }\n",
        )
        .unwrap();
        let mut rewrites = HeaderRewrites::default();
        assert!(rewrites.add_launches(&header));
        assert!(rewrites.add_shared(&header, &[(2, 36)]));
        assert!(!rewrites.add_shared(&header, &[(1, 1)]), "no declaration there");
        rewrites.write(&dir.join("overlay")).unwrap();
        let copy = std::fs::read_to_string(dir.join("overlay/0-launch.h")).unwrap();
        assert!(copy.contains("shared_object<B >") && copy.contains("__cuprite_device_launch(c)"), "{copy}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn json_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(json_string("a\"b\\c\nd"), "\"a\\\"b\\\\c\\u000ad\"");
    }
}
