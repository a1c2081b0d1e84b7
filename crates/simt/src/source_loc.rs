//! Which source line a fault report names: the user's, not one of the CUDA toolkit's own
//! headers. nvcc marks code inlined from a header (an atomic's wrapper, `assert`) with the
//! header's `.loc` and an `inlined_at` pointing at the user's call; clang (`cuprite nvcc`)
//! writes the header's `.loc` alone, so the line is the user's last one before it; under `-G`
//! such code is a real call (`__trap`, `__iAtomicAdd`), so the report walks the call stack
//! instead (`exec/fault.rs`).

use std::collections::HashMap;

/// Whether `path` is one of the CUDA toolkit's own headers: below an `include/` directory,
/// under `crt/`, `cuda/`, `cub/`, `thrust/`, `nv/` or `cooperative_groups`, or named
/// `sm_*`, `cuda_*`, `device_*`, `math_*`, `texture_*`, `surface_*` or `vector_*`; or one of
/// the headers `cuprite nvcc` compiles with: clang's `__clang_cuda_*` and `cuda_wrappers/`,
/// Cuprite's `cuprite/` and `__cuprite/` (a user's own `include/` directory holds none of these
/// names, in practice).
pub(crate) fn is_toolkit_header(path: &str) -> bool {
    let Some((_, rest)) = path.rsplit_once("/include/") else { return false };
    let rest = rest.trim_start_matches('/');
    const DIRS: [&str; 9] =
        ["crt/", "cuda/", "cub/", "thrust/", "nv/", "cooperative_groups", "cuda_wrappers/", "cuprite/", "__cuprite/"];
    const FILES: [&str; 8] = ["sm_", "cuda_", "device_", "math_", "texture_", "surface_", "vector_", "__clang_cuda_"];
    DIRS.iter().any(|d| rest.starts_with(d)) || (!rest.contains('/') && FILES.iter().any(|f| rest.starts_with(f)))
}

/// Call sites of inlined code seen so far in a function: a `.loc`'s `(file, line, col)` → the
/// `inlined_at` it named. Code inlined from a header into a header into the user's function
/// (cooperative groups' grid barrier) names its caller's site, whose own `.loc` (earlier in the
/// function) names the next: the chain leads out of the headers.
pub(crate) type InlineSites = HashMap<(u32, u32, u32), (u32, u32, u32)>;

/// The location of a `.loc` to report: its own; where it was inlined (`inlined_at FILE LINE
/// COL`, followed through `sites` out of the toolkit's headers) when its own is in a toolkit
/// header; else, for a header's line with no `inlined_at`, `before` (the location the
/// function's previous `.loc` gave) when that is the user's. Records the `.loc`'s own
/// `inlined_at` in `sites`.
/// Line 0 is DWARF's "no source line" (code the compiler made: nvcc writes `.loc 1 0 COL`
/// before the `trap` it puts in place of a store to `__constant__` memory): it keeps `before`,
/// the line the code was made for, and none where there is none (never "file:0").
pub(crate) fn user_loc(
    loc: &ptx::ast::Loc,
    files: &HashMap<u32, String>,
    before: Option<(u32, u32)>,
    sites: &mut InlineSites,
) -> Option<(u32, u32)> {
    if loc.line == 0 {
        return before;
    }
    let inlined = loc.extra.as_deref().and_then(|extra| {
        let (_, at) = extra.split_once("inlined_at")?;
        let mut numbers = at.split_ascii_whitespace().map(|n| n.trim_matches(',').parse::<u32>().ok());
        Some((numbers.next()??, numbers.next()??, numbers.next().flatten().unwrap_or(0)))
    });
    if let Some(at) = inlined {
        sites.insert((loc.file, loc.line, loc.col), at);
    }
    let own = (loc.file, loc.line);
    let in_header = |file: u32| files.get(&file).is_some_and(|p| is_toolkit_header(p));
    if !in_header(loc.file) {
        return Some(own);
    }
    // Out of the headers along the call sites (a bounded walk: the map could hold a cycle).
    let mut site = inlined;
    for _ in 0..64 {
        match site {
            Some(s) if in_header(s.0) => match sites.get(&s) {
                Some(&caller) => site = Some(caller),
                None => break,
            },
            _ => break,
        }
    }
    let site = site.map(|(file, line, _)| (file, line));
    let user = site.filter(|&(file, _)| !in_header(file));
    Some(user.or(before.filter(|&(file, _)| !in_header(file))).or(site).unwrap_or(own))
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
        // the headers cuprite nvcc compiles with
        assert!(is_toolkit_header("/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_device_functions.h"));
        assert!(is_toolkit_header("/opt/cuprite/include/cuprite/cuda_wrapper.h"));
    }

    #[test]
    fn a_header_line_without_inlined_at_is_the_users_previous_line() {
        let files: HashMap<u32, String> =
            [(1, "/src/app.cu".into()), (2, "/opt/cuprite/include/cuprite/cuda_wrapper.h".into())]
                .into_iter()
                .collect();
        let loc = |file, line, extra: Option<&str>| ptx::ast::Loc {
            file,
            line,
            col: 1,
            extra: extra.map(str::to_string),
            span: ptx::Span::default(),
        };
        let mut s = InlineSites::new();
        assert_eq!(user_loc(&loc(2, 24, None), &files, Some((1, 17)), &mut s), Some((1, 17)));
        assert_eq!(user_loc(&loc(2, 24, Some(", inlined_at 1 9 3")), &files, Some((1, 17)), &mut s), Some((1, 9)));
        assert_eq!(user_loc(&loc(2, 24, None), &files, Some((2, 20)), &mut s), Some((2, 24)));
        assert_eq!(user_loc(&loc(2, 24, None), &files, None, &mut s), Some((2, 24)));
        assert_eq!(user_loc(&loc(1, 5, None), &files, Some((1, 17)), &mut s), Some((1, 5)));
        // line 0: no source line of its own
        assert_eq!(user_loc(&loc(1, 0, None), &files, Some((1, 29)), &mut s), Some((1, 29)));
        assert_eq!(user_loc(&loc(1, 0, None), &files, None, &mut s), None);
    }

    /// nvcc -lineinfo's grid barrier (`cg::this_grid().sync()` on line 6): a header's code
    /// inlined into a header inlined into the kernel; the spin's line leads back to line 6.
    #[test]
    fn nested_inlining_leads_out_of_the_headers() {
        let inc = "/opt/cuda/include";
        let files: HashMap<u32, String> = [
            (1, "/src/app.cu".to_string()),
            (2, format!("{inc}/cooperative_groups.h")),
            (4, format!("{inc}/cooperative_groups/details/helpers.h")),
            (5, format!("{inc}/cooperative_groups/details/sync.h")),
        ]
        .into_iter()
        .collect();
        let loc = |file, line, col, at: &str| ptx::ast::Loc {
            file,
            line,
            col,
            extra: Some(format!(", function_name $L__info_string0, inlined_at {at}")),
            span: ptx::Span::default(),
        };
        let mut s = InlineSites::new();
        assert_eq!(user_loc(&loc(2, 182, 9, "1 6 3"), &files, Some((1, 6)), &mut s), Some((1, 6)));
        assert_eq!(user_loc(&loc(4, 378, 13, "2 182 9"), &files, Some((1, 6)), &mut s), Some((1, 6)));
        // before is a header's line here: only the chain finds the user's
        assert_eq!(user_loc(&loc(5, 98, 1, "4 378 13"), &files, Some((4, 378)), &mut s), Some((1, 6)));
    }
}
