//! The C ABI of `libcudart.so.13`, generated from one table ([`table`]'s `entry_points!` list).
//!
//! The table lists every exported symbol once: each implemented entry point with its C
//! arguments (the function of the same name in the module its group names implements it),
//! the `_ptsz`/`_ptds` variant that runs it with the per-thread default stream, the entry
//! points that only fix an argument of another (`cudaStreamCreate` is
//! `cudaStreamCreateWithFlags(s, 0)`), and the symbols not implemented yet. From it the macros
//! here generate, for each symbol, a guard with the C signature, exported under the symbol's
//! name:
//! - the guard calls the implementation under [`crate::guard`], so that a panic becomes the
//!   function's error value instead of an abort of the caller's program, and times the call
//!   for `CUPRITE_PROFILE` ([`profiled_as`]);
//! - a `_ptsz`/`_ptds` variant calls the same implementation under
//!   [`crate::default_stream::per_thread`], so a variant cannot drift from the function it
//!   varies;
//! - a symbol not implemented yet notes once on stderr that it is not, and returns
//!   `cudaErrorNotSupported`.
//!
//! `build.rs` writes the linker version script (every name of `exports-13.0.txt`, the dynamic
//! symbols of CUDA 13.0's libcudart.so.13, and of `exports-cuprite.txt`, Cuprite's own entry
//! points, under version node `libcudart.so.13`); `tests/programs.rs` checks that the library
//! exports exactly those names, each versioned. Exports are `global_asm!` thunks rather than
//! `#[no_mangle]` functions, so that rustc's own version script does not list them and ours can
//! give them the version node.

/// Exports `$name` (the C symbol) as a tail-jump thunk to the Rust function `$f` (an alias
/// cannot be used: `$f` may live in another object file).
macro_rules! export {
    ($name:ident, $f:path) => {
        std::arch::global_asm!(
            ".pushsection .text",
            concat!(".globl ", stringify!($name)),
            concat!(".type ", stringify!($name), ",@function"),
            ".p2align 4",
            concat!(stringify!($name), ":"),
            "jmp {0}",
            concat!(".size ", stringify!($name), ", . - ", stringify!($name)),
            ".popsection",
            sym $f,
        );
    };
}

/// The table: groups `module::path { entry; ... }`, whose entries `module::path` implements.
/// An entry is `[unsafe] fn NAME(ARG: TYPE, ...) -> RET`, then optionally `= OTHER(EXPR, ...)`
/// (NAME is OTHER called with these arguments) and `, per_thread VARIANT` (VARIANT is the same
/// call with the per-thread default stream), then `;`.
macro_rules! entry_points {
    ($( $($module:ident)::+ { $($entries:tt)* } )*) => {
        $( entry_points_of!([$($module)::+] $($entries)*); )*
    };
}

/// The entries of one group of the table, one at a time.
macro_rules! entry_points_of {
    ($module:tt) => {};
    ($module:tt fn $name:ident $params:tt -> $ret:ty = $target:ident $args:tt $(, per_thread $variant:ident)?; $($rest:tt)*) => {
        entry_point!(fn $name $params -> $ret = $module $target $args, as_called);
        $( entry_point!(fn $variant $params -> $ret = $module $target $args, per_thread); )?
        $( variant_of!($variant, $name); )?
        entry_points_of!($module $($rest)*);
    };
    ($module:tt fn $name:ident $params:tt -> $ret:ty $(, per_thread $variant:ident)?; $($rest:tt)*) => {
        entry_point!(fn $name $params -> $ret = $module $name params, as_called);
        $( entry_point!(fn $variant $params -> $ret = $module $name params, per_thread); )?
        $( variant_of!($variant, $name); )?
        entry_points_of!($module $($rest)*);
    };
    ($module:tt unsafe fn $name:ident $params:tt -> $ret:ty = $target:ident $args:tt $(, per_thread $variant:ident)?; $($rest:tt)*) => {
        entry_point!(unsafe fn $name $params -> $ret = $module $target $args, as_called);
        $( entry_point!(unsafe fn $variant $params -> $ret = $module $target $args, per_thread); )?
        $( variant_of!($variant, $name); )?
        entry_points_of!($module $($rest)*);
    };
    ($module:tt unsafe fn $name:ident $params:tt -> $ret:ty $(, per_thread $variant:ident)?; $($rest:tt)*) => {
        entry_point!(unsafe fn $name $params -> $ret = $module $name params, as_called);
        $( entry_point!(unsafe fn $variant $params -> $ret = $module $name params, per_thread); )?
        $( variant_of!($variant, $name); )?
        entry_points_of!($module $($rest)*);
    };
}

/// Fails the build unless `$variant` is `$base` with `_ptsz` or `_ptds` appended.
macro_rules! variant_of {
    ($variant:ident, $base:ident) => {
        const _: () = assert!(
            crate::exports::names_variant(stringify!($variant), stringify!($base)),
            concat!(stringify!($variant), " is not a `_ptsz`/`_ptds` variant of ", stringify!($base))
        );
    };
}

/// One exported symbol `$name`: a guard with the C signature `$params -> $ret` that calls
/// `$target` of `$module` with `$args` (`params`: the guard's own arguments), with the
/// default stream `crate::default_stream::$stream` gives it.
macro_rules! entry_point {
    (fn $name:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = $module:tt $target:ident params, $stream:ident) => {
        entry_point!(fn $name ($($arg: $ty),*) -> $ret = $module $target ($($arg),*), $stream);
    };
    (unsafe fn $name:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = $module:tt $target:ident params, $stream:ident) => {
        entry_point!(unsafe fn $name ($($arg: $ty),*) -> $ret = $module $target ($($arg),*), $stream);
    };
    (fn $name:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = [$($module:ident)::+] $target:ident ($($args:expr),* $(,)?), $stream:ident) => {
        #[allow(non_snake_case)]
        mod $name {
            // The table's types (an entry of primitive types uses none of them).
            #[allow(unused_imports, clippy::wildcard_imports)]
            use super::*;

            extern "C" fn guard($($arg: $ty),*) -> $ret {
                const PROFILED_AS: Option<&str> = crate::exports::profiled_as(stringify!($name));
                let _api = PROFILED_AS.map(runtime::profile::api_call);
                crate::guard(stringify!($name), || {
                    crate::default_stream::$stream(|| crate::$($module)::+::$target($($args),*))
                })
            }
            export!($name, guard);
        }
    };
    (unsafe fn $name:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = [$($module:ident)::+] $target:ident ($($args:expr),* $(,)?), $stream:ident) => {
        #[allow(non_snake_case)]
        mod $name {
            // The table's types (an entry of primitive types uses none of them).
            #[allow(unused_imports, clippy::wildcard_imports)]
            use super::*;

            unsafe extern "C" fn guard($($arg: $ty),*) -> $ret {
                const PROFILED_AS: Option<&str> = crate::exports::profiled_as(stringify!($name));
                let _api = PROFILED_AS.map(runtime::profile::api_call);
                crate::guard(stringify!($name), || {
                    crate::default_stream::$stream(|| {
                        // SAFETY: the C caller upholds the contract of the CUDA function this
                        // symbol is, which is the implementation's: the table pairs them.
                        unsafe { crate::$($module)::+::$target($($args),*) }
                    })
                })
            }
            export!($name, guard);
        }
    };
}

/// The symbols not implemented yet: each notes once on stderr that it is not, and returns
/// `cudaErrorNotSupported`.
macro_rules! not_implemented {
    ($($name:ident)*) => {
        $(
            #[allow(non_snake_case)]
            mod $name {
                extern "C" fn stub() -> i32 {
                    crate::not_implemented(stringify!($name))
                }
                export!($name, stub);
            }
        )*
    };
}

// The guards have CUDA's C signatures, some of more than seven arguments.
#[allow(clippy::too_many_arguments)]
mod table;

/// The name export `name` is timed under for `CUPRITE_PROFILE` (`runtime::profile::api_call`):
/// its own, but the launch entry points nvcc's code calls count as `cudaLaunchKernel`, and the
/// other `__cuda*` registration functions (which run before `main`) are not API calls a user
/// makes.
pub(crate) const fn profiled_as(name: &'static str) -> Option<&'static str> {
    match name.as_bytes() {
        b"__cudaLaunchKernel" => Some("cudaLaunchKernel"),
        b"__cudaLaunchKernel_ptsz" => Some("cudaLaunchKernel_ptsz"),
        [b'_', b'_', ..] => None,
        _ => Some(name),
    }
}

/// Whether `variant` is `base` followed by `_ptsz` or `_ptds`.
pub(crate) const fn names_variant(variant: &str, base: &str) -> bool {
    let (v, b) = (variant.as_bytes(), base.as_bytes());
    if v.len() != b.len() + 5 {
        return false;
    }
    let mut i = 0;
    while i < b.len() {
        if v[i] != b[i] {
            return false;
        }
        i += 1;
    }
    matches!(v.split_at(b.len()).1, b"_ptsz" | b"_ptds")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of a list file (`exports-13.0.txt`, `exports-cuprite.txt`): one a line, `#`
    /// comments.
    fn listed(text: &str) -> Vec<&str> {
        text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
    }

    /// Every symbol the table defines: the entry points (`fn NAME(`), their variants
    /// (`per_thread NAME`) and the names in `not_implemented!`.
    fn table_names(table: &str) -> Vec<&str> {
        let (_, table) = table.split_once("entry_points! {").expect("the table lists the entry points");
        let (entries, stubs) = table.split_once("not_implemented! {").expect("the table lists the stubs");
        let word = |s: &str| s.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("").len();
        let mut names: Vec<&str> = Vec::new();
        for key in ["fn ", "per_thread "] {
            names.extend(entries.match_indices(key).map(|(i, _)| &entries[i + key.len()..]).map(|s| &s[..word(s)]));
        }
        names.extend(stubs.split(|c: char| c.is_whitespace() || c == '}').filter(|s| !s.is_empty()));
        names
    }

    #[test]
    fn the_table_defines_each_symbol_of_the_lists_once_and_nothing_else() {
        let table = include_str!("exports/table.rs");
        let mut names = table_names(table);
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a symbol the table defines twice");
        let mut lists = listed(include_str!("../exports-13.0.txt"));
        lists.extend(listed(include_str!("../exports-cuprite.txt")));
        lists.sort_unstable();
        assert_eq!(names, lists);
    }

    #[test]
    fn launches_count_as_cuda_launch_kernel_and_registration_is_not_timed() {
        assert_eq!(profiled_as("cudaMemcpy"), Some("cudaMemcpy"));
        assert_eq!(profiled_as("__cudaLaunchKernel"), Some("cudaLaunchKernel"));
        assert_eq!(profiled_as("__cudaLaunchKernel_ptsz"), Some("cudaLaunchKernel_ptsz"));
        assert_eq!(profiled_as("__cudaRegisterFunction"), None);
    }

    #[test]
    fn a_variant_is_its_base_with_ptsz_or_ptds() {
        assert!(names_variant("cudaMemcpy_ptds", "cudaMemcpy"));
        assert!(names_variant("cudaMemcpyAsync_ptsz", "cudaMemcpyAsync"));
        assert!(!names_variant("cudaMemcpyAsync_ptsz", "cudaMemcpy"));
        assert!(!names_variant("cudaMemset_ptds", "cudaMemcpy"));
        assert!(!names_variant("cudaMemcpy_v2xx", "cudaMemcpy"));
    }
}
