//! Which source line a fault report names: the user's, not one of the CUDA toolkit's own
//! headers. nvcc marks code inlined from a header (an atomic's wrapper, `assert`) with the
//! header's `.loc` and an `inlined_at` pointing at the user's call; under `-G` such code is a
//! real call (`__trap`, `__iAtomicAdd`), so the report walks the call stack instead
//! (`exec/fault.rs`).

use std::collections::HashMap;

/// Whether `path` is one of the CUDA toolkit's own headers: below an `include/` directory,
/// under `crt/`, `cuda/`, `cub/`, `thrust/`, `nv/` or `cooperative_groups`, or named
/// `sm_*`, `cuda_*`, `device_*`, `math_*`, `texture_*`, `surface_*` or `vector_*` (a user's
/// own `include/` directory holds none of these names, in practice).
pub(crate) fn is_toolkit_header(path: &str) -> bool {
    let Some((_, rest)) = path.rsplit_once("/include/") else { return false };
    let rest = rest.trim_start_matches('/');
    const DIRS: [&str; 6] = ["crt/", "cuda/", "cub/", "thrust/", "nv/", "cooperative_groups"];
    const FILES: [&str; 7] = ["sm_", "cuda_", "device_", "math_", "texture_", "surface_", "vector_"];
    DIRS.iter().any(|d| rest.starts_with(d)) || (!rest.contains('/') && FILES.iter().any(|f| rest.starts_with(f)))
}

/// The location of a `.loc` to report: its own, or where it was inlined (`inlined_at FILE
/// LINE COL`) when its own is in a toolkit header.
pub(crate) fn user_loc(loc: &ptx::ast::Loc, files: &HashMap<u32, String>) -> (u32, u32) {
    let own = (loc.file, loc.line);
    if !files.get(&loc.file).is_some_and(|p| is_toolkit_header(p)) {
        return own;
    }
    let inlined = loc.extra.as_deref().and_then(|extra| {
        let (_, at) = extra.split_once("inlined_at")?;
        let mut numbers = at.split_ascii_whitespace().map(|n| n.trim_matches(',').parse::<u32>());
        Some((numbers.next()?.ok()?, numbers.next()?.ok()?))
    });
    inlined.unwrap_or(own)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toolkit_headers_and_user_files() {
        let inc = "/opt/cuda/bin/..//include/";
        for header in ["crt/sm_90_rt.hpp", "device_atomic_functions.hpp", "sm_60_atomic_functions.hpp", "cuda_fp16.hpp"]
        {
            assert!(is_toolkit_header(&format!("{inc}{header}")), "{header}");
        }
        assert!(!is_toolkit_header("/home/me/app/kernel.cu"));
        assert!(!is_toolkit_header("/home/me/app/include/my_kernels.cuh"));
        assert!(!is_toolkit_header("/home/me/app/include/sub/device_things.h"));
    }
}
