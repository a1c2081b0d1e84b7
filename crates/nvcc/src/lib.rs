//! `cuprite nvcc`: Cuprite's CUDA compiler driver. clang is the C++ front end and NVPTX code
//! generator; everything else is Cuprite's: nvcc's command line ([`options`]), the pipeline
//! ([`plan`]), the PTX check through `crates/ptx` ([`ptx_check`]), the fatbin writer
//! (the `fatbin` crate), the headers (the repository's `include/`), and the caches ([`cache`], [`run`]).
//! Programs it builds register their PTX exactly as nvcc-built ones do, so they run on
//! Cuprite's libcudart.so.13 and, unchanged, under NVIDIA's runtime on a GPU.

pub mod archive;
pub mod asm_escapes;
pub mod attribute_order;
pub mod cache;
pub mod cccl;
pub mod clang_errors;
pub mod cluster_dims;
pub mod constant_writes;
pub mod contraction;
pub mod deduction_guides;
pub mod depfile;
pub mod device_launches;
pub mod device_link;
pub mod device_tools;
pub mod diagnostic_numbers;
pub mod driver;
pub mod extended_lambdas;
pub mod externalized_statics;
pub mod gpu_arch;
pub mod grid_constant;
pub mod header_rewrites;
pub mod host_constexpr;
pub mod launch_chevrons;
pub mod leading_includes;
pub mod long_double;
pub mod managed;
mod managed_stringize;
pub mod options;
pub mod param_copies;
pub mod pipe;
pub mod plan;
pub mod precompiled;
pub mod pretty_function;
pub mod ptx_check;
pub mod resource_usage;
pub mod run;
pub mod shadowing;
pub mod shared_objects;
pub mod source_diagnostics;
pub mod static_locals;
pub mod timing;
mod tokens;
pub mod toolchain;
pub mod unicode_names;
pub mod vector_copies;

pub use options::{OptionError, Options};

/// A fresh, empty directory for a unit test's files: `cuprite-{name}-{pid}` under the system's
/// temporary directory (the process id keeps two runs of the tests apart; `name` keeps the
/// tests of one run apart).
#[cfg(test)]
pub(crate) fn test_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cuprite-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}
