//! Which source line a fault report names: the user's, not one of the CUDA toolkit's own
//! headers. nvcc marks code inlined from a header (an atomic's wrapper, `assert`) with the
//! header's `.loc` and an `inlined_at` pointing at the user's call; under `-G` such code is a
//! real call (`__trap`, `__iAtomicAdd`), so the report walks the call stack instead
//! (`exec/fault.rs`).

use std::collections::HashMap;

/// Whether `path` is one of the CUDA toolkit's own headers: below an `include/` directory,
/// under `crt/`, `cuda/`, `cub/`, `thrust/`, `nv/` or `cooperative_groups` (or Cuprite's own,
/// `cuprite/` and `__cuprite/`, where `cuprite nvcc`'s device `__assert_fail` is), or named
/// `sm_*`, `cuda_*`, `device_*`, `math_*`, `texture_*`, `surface_*` or `vector_*` (or
/// `__clang_cuda_*`, clang's headers that `cuprite nvcc` compiles with: `atomicAdd` is a function
/// there) (a user's own `include/` directory holds none of these names, in practice).
pub(crate) fn is_toolkit_header(path: &str) -> bool {
    let Some((_, rest)) = path.rsplit_once("/include/") else { return false };
    let rest = rest.trim_start_matches('/');
    const DIRS: [&str; 8] = ["crt/", "cuda/", "cub/", "thrust/", "nv/", "cooperative_groups", "cuprite/", "__cuprite/"];
    const FILES: [&str; 8] = ["sm_", "cuda_", "device_", "math_", "texture_", "surface_", "vector_", "__clang_cuda_"];
    DIRS.iter().any(|d| rest.starts_with(d)) || (!rest.contains('/') && FILES.iter().any(|f| rest.starts_with(f)))
}

/// The location of a `.loc` to report: its own, or where it was inlined (`inlined_at FILE
/// LINE COL`) when its own is in a toolkit header. LLVM 19 (`cuprite nvcc`'s PTX) writes no
/// `inlined_at`: code inlined from a header (clang's `atomicAdd`, Cuprite's `__assert_fail`)
/// then keeps `previous`, the function's last location before it, when that is the user's
/// (the statement that called it).
pub(crate) fn user_loc(loc: &ptx::ast::Loc, files: &HashMap<u32, String>, previous: Option<(u32, u32)>) -> (u32, u32) {
    let own = (loc.file, loc.line);
    let toolkit = |file: u32| files.get(&file).is_some_and(|p| is_toolkit_header(p));
    if !toolkit(loc.file) {
        return own;
    }
    let inlined = loc.extra.as_deref().and_then(|extra| {
        let (_, at) = extra.split_once("inlined_at")?;
        let mut numbers = at.split_ascii_whitespace().map(|n| n.trim_matches(',').parse::<u32>());
        Some((numbers.next()?.ok()?, numbers.next()?.ok()?))
    });
    inlined.or(previous.filter(|&(file, _)| !toolkit(file))).unwrap_or(own)
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
        // Cuprite's headers, which `cuprite nvcc` compiles into every program.
        for header in ["cuprite/cuda_wrapper.h", "__cuprite/half_common.h"] {
            assert!(is_toolkit_header(&format!("/work/cuprite/include/{header}")), "{header}");
        }
        assert!(is_toolkit_header("/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_device_functions.h"));
        assert!(!is_toolkit_header("/home/me/app/kernel.cu"));
        assert!(!is_toolkit_header("/home/me/app/include/my_kernels.cuh"));
        assert!(!is_toolkit_header("/home/me/app/include/sub/device_things.h"));
    }
}
