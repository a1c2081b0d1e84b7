//! Where CCCL's headers (Thrust, CUB, libcu++) are. CCCL is a dependency installed apart from
//! Cuprite (`scripts/install-cccl.sh`), never part of its source tree; the driver finds it without
//! user flags and puts it on the include path after Cuprite's own headers.

use std::path::{Path, PathBuf};

/// The CCCL release `scripts/install-cccl.sh` installs (the `nvidia-cuda-cccl` wheel of CUDA 13.0),
/// which names the default install directory.
pub const VERSION: &str = "13.0.85";

/// How to install CCCL, for error messages.
pub const INSTALL_HINT: &str = "install CCCL's headers with `scripts/install-cccl.sh` (from Cuprite's source tree), \
     or set CUPRITE_CCCL to a directory holding thrust/, cub/ and cuda/";

/// Whether `dir` is a CCCL include root (it holds Thrust's, CUB's and libcu++'s headers).
pub fn is_include_root(dir: &Path) -> bool {
    dir.join("thrust/version.h").is_file() && dir.join("cub/version.cuh").is_file() && dir.join("cuda/std").is_dir()
}

/// The directory `scripts/install-cccl.sh` installs into by default:
/// `${XDG_CACHE_HOME:-$HOME/.cache}/cuprite/cccl-<VERSION>` (an empty variable counts as unset,
/// as in the shell).
pub fn default_install_dir(xdg_cache_home: Option<&Path>, home: Option<&Path>) -> Option<PathBuf> {
    let non_empty = |p: &&Path| !p.as_os_str().is_empty();
    let cache = match (xdg_cache_home.filter(non_empty), home.filter(non_empty)) {
        (Some(xdg), _) => xdg.to_path_buf(),
        (None, Some(home)) => home.join(".cache"),
        (None, None) => return None,
    };
    Some(cache.join("cuprite").join(format!("cccl-{VERSION}")))
}

/// Finds CCCL: `explicit` (`$CUPRITE_CCCL`) if given, which must then hold CCCL; else the default
/// install directory; else `<toolkit root>/include/cccl` (the layout of an installed toolkit).
/// `Ok(None)` when none is there: programs that do not include CCCL still build.
pub fn locate(
    explicit: Option<&Path>,
    default_dir: Option<&Path>,
    toolkit_root: &Path,
) -> Result<Option<PathBuf>, String> {
    if let Some(dir) = explicit {
        return if is_include_root(dir) {
            Ok(Some(dir.to_path_buf()))
        } else {
            Err(format!(
                "CUPRITE_CCCL is '{}', which holds no CCCL headers (thrust/version.h, cub/version.cuh, cuda/std/); {INSTALL_HINT}",
                dir.display()
            ))
        };
    }
    let candidates = default_dir.into_iter().map(Path::to_path_buf).chain([toolkit_root.join("include/cccl")]);
    Ok(candidates.into_iter().find(|d| is_include_root(d)))
}

/// Whether a compiler's diagnostics report a missing CCCL header (`'thrust/...' file not found`,
/// or `cub/`, `cuda/`, `nv/`).
pub fn missing_header_reported(diagnostics: &str) -> bool {
    diagnostics.lines().any(|line| {
        line.contains("file not found")
            && ["'thrust/", "'cub/", "'cuda/", "'nv/", "<thrust/", "<cub/", "<cuda/", "<nv/"]
                .iter()
                .any(|prefix| line.contains(prefix))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        crate::test_dir(&format!("cccl-test-{name}"))
    }

    /// Makes `dir` look like a CCCL include root.
    fn fake_cccl(dir: &Path) {
        for sub in ["thrust", "cub", "cuda/std"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        std::fs::write(dir.join("thrust/version.h"), "").unwrap();
        std::fs::write(dir.join("cub/version.cuh"), "").unwrap();
    }

    #[test]
    fn the_default_dir_follows_xdg_then_home() {
        let v = format!("cccl-{VERSION}");
        assert_eq!(
            default_install_dir(Some(Path::new("/x")), Some(Path::new("/h"))),
            Some(Path::new("/x/cuprite").join(&v))
        );
        assert_eq!(
            default_install_dir(Some(Path::new("")), Some(Path::new("/h"))),
            Some(Path::new("/h/.cache/cuprite").join(&v))
        );
        assert_eq!(default_install_dir(None, None), None);
    }

    #[test]
    fn the_install_script_pins_the_version_the_driver_looks_for() {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/install-cccl.sh");
        let text = std::fs::read_to_string(script).unwrap();
        assert!(text.lines().any(|l| l == format!("version=\"{VERSION}\"")), "install-cccl.sh pins another version");
    }

    #[test]
    fn lookup_order_is_explicit_then_default_then_toolkit() {
        let base = scratch("order");
        let (explicit, default, toolkit) = (base.join("explicit"), base.join("default"), base.join("toolkit"));
        let toolkit_cccl = toolkit.join("include/cccl");
        // Nothing installed: no CCCL, and no error.
        assert_eq!(locate(None, Some(&default), &toolkit), Ok(None));
        fake_cccl(&toolkit_cccl);
        assert_eq!(locate(None, Some(&default), &toolkit), Ok(Some(toolkit_cccl.clone())));
        fake_cccl(&default);
        assert_eq!(locate(None, Some(&default), &toolkit), Ok(Some(default.clone())));
        // An explicit directory wins, and one without CCCL is an error that says how to install it.
        let err = locate(Some(&explicit), Some(&default), &toolkit).unwrap_err();
        assert!(err.contains("CUPRITE_CCCL") && err.contains("scripts/install-cccl.sh"), "{err}");
        fake_cccl(&explicit);
        assert_eq!(locate(Some(&explicit), Some(&default), &toolkit), Ok(Some(explicit.clone())));
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn a_missing_cccl_header_is_recognized() {
        assert!(missing_header_reported(
            "a.cu:1:10: fatal error: 'thrust/device_vector.h' file not found\n    1 | #include <thrust/device_vector.h>"
        ));
        assert!(missing_header_reported("a.cu:2:10: fatal error: 'cuda/barrier' file not found"));
        assert!(!missing_header_reported("a.cu:2:10: fatal error: 'cuda_runtime.h' file not found"));
        assert!(!missing_header_reported("a.cu:3:1: error: unknown type name 'thrust'"));
    }
}
