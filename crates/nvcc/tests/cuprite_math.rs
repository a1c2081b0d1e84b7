//! Functions of the CUDA Math API that `cuprite nvcc` provides itself (Cuprite's libdevice and
//! headers), each checked by a program against the API reference's definitions: it prints each
//! disagreement, then PASS.

mod common;

/// Builds `crates/nvcc/tests/programs/NAME.cu` for sm_90 and requires it to print PASS.
fn passes(name: &str) {
    let src = common::repo().join(format!("crates/nvcc/tests/programs/{name}.cu"));
    let exe = common::work_dir().join(name);
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
    let o = common::run(&exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
}

/// f(±0) = ±0 for the odd functions, sinpi(-n) = -0 for integers n (libdevice).
#[test]
fn odd_functions_and_sinpi_keep_the_sign_of_zero() {
    passes("signed_zeros");
}

/// The DPX functions (__vimax3_s32 ... __vibmin_u16x2), in device and host code (headers).
#[test]
fn dpx_integer_functions_match_their_definitions() {
    passes("dpx_functions");
}

/// The C++11 <cmath> overloads for float in device code (erf(float), fmax(float, float), ...),
/// which CUDA's math_functions.hpp defines and clang's headers only declare (headers).
#[test]
fn cmath_float_overloads_are_their_f_functions() {
    passes("cmath_float_overloads");
}
