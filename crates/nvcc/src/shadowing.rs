//! Headers that a new file would hide. A precompiled header stays valid while the files it was
//! built from are unchanged (their sizes and modification times), but a file *added* to a search
//! directory can change what an `#include <x>` finds without touching any of them: a new
//! `include/type_traits` in Cuprite's tree hides libstdc++'s, a user's `-I dir/ctype.h` hides the
//! C library's. So a PCH's record also holds the search directories it was built with and a
//! digest of which candidate shadows exist: for every file the PCH read and every tail of its
//! path (`type_traits`, `12/type_traits`, `c++/12/type_traits`, ...), whether `DIR/tail` exists
//! in each search directory. Any file that could shadow one the PCH read is such a path, so
//! adding or removing one changes the digest and the PCH is rebuilt. (Clang's implicit system
//! directories are not searched for new files: what is installed there changes with a package
//! upgrade, which rewrites the files the PCH read.)

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

use crate::cache::Key;

/// The directories `args` (clang's arguments) search for `#include <...>`, in order: `-I`,
/// `-isystem` and `-idirafter`, joined (`-Idir`) or separate, made absolute against `cwd`.
/// (`-iquote` only serves quoted includes, which the headers resolve beside themselves first.)
pub fn search_dirs(args: &[OsString], cwd: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let mut it = args.iter().map(|a| a.to_string_lossy());
    while let Some(arg) = it.next() {
        let dir = ["-I", "-isystem", "-idirafter"].iter().find_map(|flag| match arg.strip_prefix(flag) {
            Some("") => it.next().map(|d| d.into_owned()),
            Some(joined) if *flag == "-I" || !joined.starts_with('-') => Some(joined.to_string()),
            _ => None,
        });
        if let Some(dir) = dir.filter(|d| !d.is_empty()) {
            let dir = cwd.join(dir);
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
    }
    dirs
}

/// The digest of which candidate shadows of `inputs` exist in `dirs` (see the module's doc).
/// A candidate whose directory is missing is not looked up (each directory is looked up once),
/// which keeps the check to a few thousand lookups for a Thrust program's 1,500 headers.
pub fn digest(inputs: &[PathBuf], dirs: &[PathBuf]) -> String {
    let mut tails: Vec<PathBuf> = inputs.iter().flat_map(|p| tails(p)).collect();
    tails.sort();
    tails.dedup();
    let mut key = Key::default();
    let mut is_dir = std::collections::HashMap::new();
    for dir in dirs {
        key.add(dir.as_os_str().as_encoded_bytes());
        let present: Vec<u8> = tails
            .iter()
            .map(|t| {
                let parent_exists =
                    t.parent().is_none_or(|p| p.as_os_str().is_empty() || directory(dir, p, &mut is_dir));
                u8::from(parent_exists && dir.join(t).exists())
            })
            .collect();
        key.add(&present);
    }
    key.hex()
}

/// Whether `root/relative` is a directory, remembered in `known` (with its ancestors).
fn directory(root: &Path, relative: &Path, known: &mut std::collections::HashMap<PathBuf, bool>) -> bool {
    let path = root.join(relative);
    if let Some(&answer) = known.get(&path) {
        return answer;
    }
    let answer =
        relative.parent().is_none_or(|p| p.as_os_str().is_empty() || directory(root, p, known)) && path.is_dir();
    known.insert(path, answer);
    answer
}

/// The relative paths that end `path` (`/a/b/c.h` → `c.h`, `b/c.h`, `a/b/c.h`), stopping at a
/// `..` or `.` component (the rest of such a path names no include).
fn tails(path: &Path) -> Vec<PathBuf> {
    let names: Vec<&std::ffi::OsStr> = path
        .components()
        .rev()
        .map_while(|c| match c {
            Component::Normal(name) => Some(name),
            _ => None,
        })
        .collect();
    (1..=names.len()).map(|n| names[..n].iter().rev().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_dirs_come_from_every_include_flag_form() {
        let args: Vec<OsString> = [
            "-x",
            "cuda",
            "-Iinc",
            "-I",
            "/abs",
            "-isystem",
            "sys",
            "-isystemjoined",
            "-idirafter",
            "late",
            "-iquote",
            "q",
            "-o",
            "x",
        ]
        .map(OsString::from)
        .into();
        let cwd = Path::new("/work");
        let want: Vec<PathBuf> =
            ["/work/inc", "/abs", "/work/sys", "/work/joined", "/work/late"].iter().map(PathBuf::from).collect();
        assert_eq!(search_dirs(&args, cwd), want);
    }

    #[test]
    fn tails_stop_at_the_root_and_at_dot_dot() {
        let t = tails(Path::new("/usr/lib/gcc/../../include/c++/12/type_traits"));
        assert_eq!(tails(Path::new("/a/b")), [PathBuf::from("b"), PathBuf::from("a/b")]);
        let want: Vec<PathBuf> = ["type_traits", "12/type_traits", "c++/12/type_traits", "include/c++/12/type_traits"]
            .iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(t, want);
    }

    #[test]
    fn a_new_file_that_would_shadow_an_input_changes_the_digest() {
        let dir = crate::test_dir("shadowing");
        let system = dir.join("system/c++");
        let user = dir.join("user");
        std::fs::create_dir_all(system.join("bits")).unwrap();
        std::fs::create_dir_all(&user).unwrap();
        let inputs = vec![system.join("type_traits"), system.join("bits/move.h")];
        for i in &inputs {
            std::fs::write(i, "").unwrap();
        }
        let dirs = vec![user.clone(), system.clone()];
        let before = digest(&inputs, &dirs);
        assert_eq!(before, digest(&inputs, &dirs), "deterministic");
        // An unrelated file changes nothing.
        std::fs::write(user.join("unrelated.h"), "").unwrap();
        assert_eq!(before, digest(&inputs, &dirs));
        // A file named like an input, nested or not, in an earlier directory does.
        std::fs::create_dir_all(user.join("bits")).unwrap();
        std::fs::write(user.join("bits/move.h"), "").unwrap();
        let nested = digest(&inputs, &dirs);
        assert_ne!(before, nested);
        std::fs::write(user.join("type_traits"), "").unwrap();
        assert_ne!(nested, digest(&inputs, &dirs));
        // Removing them restores the digest.
        std::fs::remove_file(user.join("type_traits")).unwrap();
        std::fs::remove_file(user.join("bits/move.h")).unwrap();
        assert_eq!(before, digest(&inputs, &dirs));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
