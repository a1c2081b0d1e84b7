//! The force-included wrapper header (`cuprite/cuda_wrapper.h`), precompiled. With the C++
//! headers it pulls in it is some 28,000 lines, and parsing it is most of what each clang pass
//! of a small program costs; loaded from a precompiled header (PCH) the pass takes about a third
//! of the time. One PCH is built per set of front-end flags (clang refuses a PCH whose target,
//! language options or macros differ from the compilation's) and kept in the cache; it is
//! rebuilt when a header it was built from has changed size or modification time (the same
//! check clang makes, done first so that a stale PCH is rebuilt instead of failing the build),
//! or when a file added to a search directory would hide one of them ([`crate::shadowing`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::cache::{self, Key};
use crate::toolchain::Toolchain;

/// The wrapper every CUDA compilation includes first, as nvcc force-includes `cuda_runtime.h`.
pub const WRAPPER: &str = "cuprite/cuda_wrapper.h";

/// The cached PCH for a pass with front-end flags `front` (everything but its input, output,
/// dependency and code-generation-only flags): its path is keyed by those flags, the clang
/// used and this crate's version.
pub fn path(tc: &Toolchain, front: &[OsString]) -> PathBuf {
    let mut key = Key::default();
    key.add(env!("CARGO_PKG_VERSION").as_bytes()).add(tc.clangxx.as_os_str().as_encoded_bytes());
    // A different clang binary at the same path (an upgrade) writes PCHs this one cannot read.
    if let Ok(meta) = std::fs::metadata(&tc.clangxx) {
        key.add(&meta.len().to_le_bytes()).add(&modified_nanos(&meta).to_le_bytes());
    }
    for a in front {
        key.add(a.as_encoded_bytes());
    }
    cache::cache_root().join("pch").join(key.hex()).join("cuda_wrapper.pch")
}

/// The clang arguments that build the PCH at `pch` from `front` (the output and dependency
/// file are added when it runs: see [`build_args`]).
pub fn args(tc: &Toolchain, front: &[OsString]) -> Vec<OsString> {
    let mut args = front.to_vec();
    args.extend([
        OsString::from("-Xclang"),
        OsString::from("-emit-pch"),
        // -S: a device pass would otherwise go on to run ptxas on what it emits.
        OsString::from("-S"),
        tc.include_dir.join(WRAPPER).into(),
    ]);
    args
}

/// `args` with the output and the dependency list that [`is_current`] reads.
pub fn build_args(args: &[OsString], out: &Path, depfile: &Path) -> Vec<OsString> {
    let mut all = args.to_vec();
    all.extend([OsString::from("-o"), out.into(), OsString::from("-MD"), OsString::from("-MF"), depfile.into()]);
    all
}

/// The record kept beside a PCH: each input file's size, modification time and path; then the
/// search directories (`dir PATH` lines) and the digest of the shadows of the inputs in them
/// (`shadows HEX`), see [`crate::shadowing`].
pub fn record_path(pch: &Path) -> PathBuf {
    pch.with_extension("inputs")
}

fn modified_nanos(meta: &std::fs::Metadata) -> u128 {
    meta.modified().ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos())
}

/// One record line for `path`, or `None` if it cannot be read.
fn record_line(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    Some(format!("{} {} {}\n", meta.len(), modified_nanos(&meta), path.display()))
}

const DIR: &str = "dir ";
const SHADOWS: &str = "shadows ";

/// The record of the inputs listed in the dependency file `depfile`, built with the search
/// directories `dirs` (none: no shadow check, as for a record line naming a base PCH).
pub fn record(depfile_text: &str, dirs: &[PathBuf]) -> String {
    let inputs: Vec<PathBuf> =
        crate::depfile::parse(depfile_text).into_iter().filter(|p| record_line(p).is_some()).collect();
    let mut text: String = inputs.iter().filter_map(|p| record_line(p)).collect();
    if !dirs.is_empty() {
        for d in dirs {
            text.push_str(&format!("{DIR}{}\n", d.display()));
        }
        text.push_str(&format!("{SHADOWS}{}\n", crate::shadowing::digest(&inputs, dirs)));
    }
    text
}

/// Whether the PCH exists, every input it was built from is unchanged, and no file that would
/// hide one of them has appeared in (or left) its search directories.
pub fn is_current(pch: &Path) -> bool {
    if !pch.is_file() {
        return false;
    }
    let Ok(text) = std::fs::read_to_string(record_path(pch)) else { return false };
    // The digest covers the inputs listed before the directories (a line added after it, the
    // base PCH of a chained one, is checked for changes only).
    let (mut inputs, mut dirs, mut shadows) = (Vec::new(), Vec::new(), None);
    for line in text.lines() {
        if let Some(dir) = line.strip_prefix(DIR) {
            dirs.push(PathBuf::from(dir));
        } else if let Some(digest) = line.strip_prefix(SHADOWS) {
            shadows = Some(digest);
        } else {
            let path = Path::new(line.splitn(3, ' ').nth(2).unwrap_or_default());
            if record_line(path).is_none_or(|now| now.trim_end() != line) {
                return false;
            }
            if dirs.is_empty() {
                inputs.push(path.to_path_buf());
            }
        }
    }
    !text.is_empty() && shadows.is_none_or(|d| d == crate::shadowing::digest(&inputs, &dirs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_input_makes_the_pch_stale() {
        let dir = crate::test_dir("pch-test");
        let header = dir.join("a.h");
        std::fs::write(&header, "int a;\n").unwrap();
        let pch = dir.join("x.pch");
        assert!(!is_current(&pch), "no PCH yet");
        std::fs::write(&pch, "pch").unwrap();
        assert!(!is_current(&pch), "no record yet");
        let depfile = format!("{}: {}\n", pch.display(), header.display());
        std::fs::write(record_path(&pch), record(&depfile, &[])).unwrap();
        assert!(is_current(&pch));
        std::fs::write(&header, "int a, b;\n").unwrap();
        assert!(!is_current(&pch), "the header changed size");
        std::fs::remove_file(&header).unwrap();
        assert!(!is_current(&pch), "the header is gone");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_header_added_to_a_search_directory_makes_the_pch_stale() {
        let dir = crate::test_dir("pch-shadow");
        let (early, late) = (dir.join("early"), dir.join("late"));
        std::fs::create_dir_all(&early).unwrap();
        std::fs::create_dir_all(&late).unwrap();
        let header = late.join("type_traits");
        std::fs::write(&header, "int a;\n").unwrap();
        let pch = dir.join("x.pch");
        std::fs::write(&pch, "pch").unwrap();
        let depfile = format!("{}: {}\n", pch.display(), header.display());
        let base = format!("x: {}\n", header.display());
        let text = record(&depfile, &[early.clone(), late.clone()]) + &record(&base, &[]);
        std::fs::write(record_path(&pch), text).unwrap();
        assert!(is_current(&pch));
        std::fs::write(early.join("unrelated.h"), "").unwrap();
        assert!(is_current(&pch), "a file that hides nothing");
        std::fs::write(early.join("type_traits"), "").unwrap();
        assert!(!is_current(&pch), "the new header hides the one the PCH read");
        std::fs::remove_file(early.join("type_traits")).unwrap();
        assert!(is_current(&pch), "gone again");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
