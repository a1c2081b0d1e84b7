//! nvcc's floating-point options choose the instructions of single-precision arithmetic
//! (nvcc's documentation of -use_fast_math, -ftz, -prec-div, -prec-sqrt, -fmad; the choices
//! below are what NVIDIA's nvcc 13.0 emits for the same source): `cuprite nvcc --ptx` of
//! tests/programs/float_options.cu must make the same choices. -use_fast_math implies -ftz=true
//! -prec-div=false -prec-sqrt=false and replaces the single-precision functions by their fast
//! intrinsics; an explicit option overrides what it implies; it never lets the compiler assume
//! finite values (isnan stays a test).

mod common;

use std::collections::HashMap;

/// The PTX of the program under `flags`: kernel name → its body's instructions (opcode with
/// modifiers, e.g. `div.rn.f32`).
fn kernels(tag: &str, flags: &[&str]) -> HashMap<String, Vec<String>> {
    let src = common::repo().join("crates/nvcc/tests/programs/float_options.cu");
    let out = common::work_dir().join(format!("float_options_{tag}.ptx"));
    let mut args = vec!["-arch=sm_90", "--ptx"];
    args.extend_from_slice(flags);
    args.extend([src.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    common::nvcc(&args).unwrap_or_else(|e| panic!("{flags:?}: {e}"));
    let ptx = std::fs::read_to_string(&out).unwrap();
    let mut map: HashMap<String, Vec<String>> = HashMap::new();
    let mut current = None;
    for line in ptx.lines() {
        if let Some(rest) = line.strip_prefix(".visible .entry ") {
            current = Some(rest.split('(').next().unwrap().trim().to_string());
            continue;
        }
        if let Some(k) = &current
            && let Some(op) = line.split_whitespace().next()
            && op.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        {
            map.entry(k.clone()).or_default().push(op.to_string());
        }
    }
    map
}

/// Checks kernel `k`: it has every instruction of `has` and none containing a part of `lacks`.
fn check(tag: &str, ks: &HashMap<String, Vec<String>>, k: &str, has: &[&str], lacks: &[&str]) {
    let body = ks.get(k).unwrap_or_else(|| panic!("{tag}: no kernel {k}"));
    for h in has {
        assert!(body.iter().any(|i| i == h), "{tag}: {k} should use {h}: {body:?}");
    }
    for l in lacks {
        assert!(!body.iter().any(|i| i.contains(l)), "{tag}: {k} should have no {l}: {body:?}");
    }
}

#[test]
fn default_is_ieee_division_and_square_root_with_fma_contraction() {
    let ks = kernels("default", &[]);
    check("default", &ks, "k_div", &["div.rn.f32"], &["approx", "full", "ftz"]);
    check("default", &ks, "k_rcp", &["rcp.rn.f32"], &["approx", "ftz"]);
    check("default", &ks, "k_sqrtf", &["sqrt.rn.f32"], &["approx", "ftz"]);
    check("default", &ks, "k_fma", &["fma.rn.f32"], &["ftz"]);
    // NVIDIA's exp2f, rsqrtf and rsqrt are one approximate instruction under every option (nvcc
    // 13.0's PTX), so an H200 computes them with its special function unit, not to 0.5 ulp.
    check("default", &ks, "k_exp2f", &["ex2.approx.f32"], &["ftz", "f64"]);
    check("default", &ks, "k_rsqrtf", &["rsqrt.approx.f32"], &["ftz", "f64"]);
    check("default", &ks, "k_rsqrt", &["rsqrt.approx.f64"], &["sqrt.rn", "div"]);
    let ks = kernels("ftz_only", &["-ftz=true"]);
    check("-ftz=true", &ks, "k_exp2f", &["ex2.approx.ftz.f32"], &["f64"]);
    check("-ftz=true", &ks, "k_rsqrt", &["rsqrt.approx.f64"], &["sqrt.rn", "div"]);
}

#[test]
fn use_fast_math_selects_approximate_instructions_and_flushes_denormals() {
    let ks = kernels("fast", &["-use_fast_math"]);
    let t = "-use_fast_math";
    check(t, &ks, "k_div", &["div.approx.ftz.f32"], &[]);
    check(t, &ks, "k_rcp", &["rcp.approx.ftz.f32"], &[]);
    check(t, &ks, "k_sqrtf", &["sqrt.approx.ftz.f32"], &[]);
    check(t, &ks, "k_rsqrtf", &["rsqrt.approx.ftz.f32"], &["f64"]);
    for k in ["k_expf", "k_exp2f", "k_exp10f"] {
        check(t, &ks, k, &["ex2.approx.ftz.f32"], &["f64"]);
    }
    for k in ["k_logf", "k_log2f", "k_log10f"] {
        check(t, &ks, k, &["lg2.approx.ftz.f32"], &["f64"]);
    }
    check(t, &ks, "k_sinf", &["sin.approx.ftz.f32"], &["f64"]);
    check(t, &ks, "k_cosf", &["cos.approx.ftz.f32"], &["f64"]);
    check(t, &ks, "k_sincosf", &["sin.approx.ftz.f32", "cos.approx.ftz.f32"], &["f64"]);
    check(t, &ks, "k_tanf", &["sin.approx.ftz.f32", "cos.approx.ftz.f32", "div.approx.ftz.f32"], &["f64"]);
    check(t, &ks, "k_powf", &["ex2.approx.ftz.f32", "lg2.approx.ftz.f32"], &["f64"]);
    // The explicitly rounded intrinsics keep their rounding.
    check(t, &ks, "k_fsqrt_rn", &["sqrt.rn.ftz.f32"], &["approx"]);
    check(t, &ks, "k_fdiv_rn", &["div.rn.ftz.f32"], &["approx"]);
    check(t, &ks, "k_fma", &["fma.rn.ftz.f32"], &[]);
    // No finite-math assumption: isnan(x) is still tested, not folded to false.
    let isnan = &ks["k_isnan"];
    assert!(isnan.iter().any(|i| i.starts_with("setp") || i.starts_with("testp")), "{isnan:?}");
}

#[test]
fn each_option_alone() {
    let ks = kernels("ftz", &["-ftz=true"]);
    check("-ftz=true", &ks, "k_div", &["div.rn.ftz.f32"], &["approx"]);
    check("-ftz=true", &ks, "k_sqrtf", &["sqrt.rn.ftz.f32"], &["approx"]);
    check("-ftz=true", &ks, "k_fma", &["fma.rn.ftz.f32"], &[]);
    let ks = kernels("prec_div", &["-prec-div=false"]);
    check("-prec-div=false", &ks, "k_div", &["div.full.f32"], &["ftz"]);
    check("-prec-div=false", &ks, "k_rcp", &["rcp.approx.f32"], &["ftz"]);
    check("-prec-div=false", &ks, "k_sqrtf", &["sqrt.rn.f32"], &["approx"]);
    let ks = kernels("prec_sqrt", &["-prec-sqrt=false"]);
    check("-prec-sqrt=false", &ks, "k_sqrtf", &["sqrt.approx.f32"], &["ftz"]);
    check("-prec-sqrt=false", &ks, "k_div", &["div.rn.f32"], &["approx"]);
    let ks = kernels("fmad", &["-fmad=false"]);
    check("-fmad=false", &ks, "k_fma", &["mul.rn.f32", "add.rn.f32"], &["fma"]);
}

#[test]
fn explicit_options_override_what_fast_math_implies() {
    let ks = kernels("fast_prec_div", &["-use_fast_math", "-prec-div=true"]);
    check("-prec-div=true", &ks, "k_div", &["div.rn.ftz.f32"], &["approx"]);
    check("-prec-div=true", &ks, "k_sqrtf", &["sqrt.approx.ftz.f32"], &[]);
    let ks = kernels("fast_prec_sqrt", &["-use_fast_math", "-prec-sqrt=true"]);
    check("-prec-sqrt=true", &ks, "k_sqrtf", &["sqrt.rn.ftz.f32"], &["approx"]);
    check("-prec-sqrt=true", &ks, "k_div", &["div.approx.ftz.f32"], &[]);
    let ks = kernels("fast_no_ftz", &["-use_fast_math", "-ftz=false"]);
    check("-ftz=false", &ks, "k_div", &["div.approx.f32"], &["ftz"]);
    check("-ftz=false", &ks, "k_sqrtf", &["sqrt.approx.f32"], &["ftz"]);
    check("-ftz=false", &ks, "k_expf", &["ex2.approx.f32"], &["ftz", "f64"]);
    let ks = kernels("fast_no_fmad", &["-use_fast_math", "-fmad=false"]);
    check("-fmad=false", &ks, "k_fma", &["mul.rn.ftz.f32", "add.rn.ftz.f32"], &["fma"]);
}

/// The f32 arithmetic of each kernel of tests/programs/contraction_shapes.cu (opcode with its
/// operand registers renamed in order of appearance, so that numbering does not matter).
fn contraction_shapes(tag: &str, flags: &[&str]) -> HashMap<String, Vec<String>> {
    let src = common::repo().join("crates/nvcc/tests/programs/contraction_shapes.cu");
    let out = common::work_dir().join(format!("contraction_shapes_{tag}.ptx"));
    let mut args = vec!["-arch=sm_90", "--ptx"];
    args.extend_from_slice(flags);
    args.extend([src.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    common::nvcc(&args).unwrap_or_else(|e| panic!("{flags:?}: {e}"));
    let ptx = std::fs::read_to_string(&out).unwrap();
    let mut map: HashMap<String, Vec<String>> = HashMap::new();
    let mut current = None;
    for line in ptx.lines() {
        if let Some(rest) = line.strip_prefix(".visible .entry _Z") {
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            let len: usize = rest[..digits].parse().unwrap();
            current = Some(rest[digits..digits + len].to_string());
            continue;
        }
        let Some(k) = &current else { continue };
        let mut words = line.split_whitespace();
        let Some(op) = words.next() else { continue };
        if ["mul.f32", "add.f32", "sub.f32", "neg.f32", "fma.rn.f32", "mul.rn.f32", "sub.rn.f32"].contains(&op) {
            map.entry(k.clone()).or_default().push(format!("{op} {}", words.collect::<Vec<_>>().join(" ")));
        }
    }
    // Registers renamed r0, r1, ... in order of appearance per kernel.
    for body in map.values_mut() {
        let mut names: Vec<String> = Vec::new();
        for inst in body.iter_mut() {
            let (op, operands) = inst.split_once(' ').unwrap();
            let renamed: Vec<String> = operands
                .trim_end_matches(';')
                .split(", ")
                .map(|r| {
                    let i = names.iter().position(|n| n == r).unwrap_or_else(|| {
                        names.push(r.to_string());
                        names.len() - 1
                    });
                    format!("r{i}")
                })
                .collect();
            *inst = format!("{op} {}", renamed.join(","));
        }
    }
    map
}

/// -fmad=true (the default): NVVM fuses a multiply into an add, never into a subtraction, which
/// it leaves to ptxas (`mul`, `mul`, `sub` for `a*a - b*b`; ptxas and Cuprite's engines then
/// contract that by ptxas's rule), and not a product used elsewhere. The shapes below are nvcc
/// 13.0's PTX for tests/programs/contraction_shapes.cu; clang fused subtractions too (k1: `mul
/// r1*r1; neg; fma r0,r0,-` where nvcc has `mul; mul; sub`), so a Julia set's count differed.
#[test]
fn multiply_add_contraction_fuses_adds_only_as_nvvm_does() {
    let ks = contraction_shapes("default", &[]);
    let expect: &[(&str, &[&str])] = &[
        ("k1", &["mul.f32 r0,r1,r1", "mul.f32 r2,r3,r3", "sub.f32 r4,r0,r2"]),
        ("k2", &["mul.f32 r0,r1,r2", "fma.rn.f32 r3,r4,r5,r0"]),
        ("k3", &["mul.f32 r0,r1,r2", "mul.f32 r3,r4,r5", "sub.f32 r6,r0,r3"]),
        ("k4", &["mul.f32 r0,r1,r1", "fma.rn.f32 r2,r3,r3,r0"]),
        ("k5", &["mul.f32 r0,r1,r2", "sub.f32 r3,r0,r4"]),
        ("k6", &["mul.f32 r0,r1,r2", "sub.f32 r3,r4,r0"]),
        ("k7", &["mul.f32 r0,r1,r2", "fma.rn.f32 r3,r4,r5,r0", "fma.rn.f32 r6,r7,r8,r3"]),
        ("k8", &["mul.f32 r0,r1,r1", "mul.f32 r2,r3,r3", "sub.f32 r4,r0,r2", "add.f32 r5,r6,r4"]),
        ("k9", &["add.f32 r0,r1,r1", "fma.rn.f32 r2,r0,r3,r4"]),
        ("k10", &["mul.f32 r0,r1,r2", "fma.rn.f32 r3,r4,r5,r0"]),
        ("k12", &["mul.f32 r0,r1,r2", "mul.f32 r3,r4,r5", "sub.f32 r6,r0,r3"]),
        // |z|² beside z*z (a Julia step): the products feed the subtraction too, so nvcc fuses none.
        ("k13", &["mul.f32 r0,r1,r1", "mul.f32 r2,r3,r3", "add.f32 r4,r0,r2", "sub.f32 r5,r0,r2"]),
    ];
    for (k, shape) in expect {
        let body = ks.get(*k).unwrap_or_else(|| panic!("no kernel {k}: {ks:?}"));
        assert_eq!(body, shape, "{k}");
    }
    // -fmad=false: no fma at all.
    let off = contraction_shapes("nofmad", &["-fmad=false"]);
    assert!(off.values().flatten().all(|i| !i.starts_with("fma")), "{off:?}");
}

/// Each kernel's float instructions (loads and stores left out: their order is the compilers'
/// own), registers renamed in order of appearance, immediates kept.
fn float_arithmetic(ptx: &str) -> HashMap<String, Vec<String>> {
    let mut map: HashMap<String, Vec<String>> = HashMap::new();
    let mut current = None;
    for line in ptx.lines() {
        if let Some(rest) = line.strip_prefix(".visible .entry ") {
            current = Some(rest.split('(').next().unwrap().trim().to_string());
            continue;
        }
        let Some(k) = &current else { continue };
        let mut words = line.split_whitespace();
        let Some(op) = words.next() else { continue };
        let float = op.ends_with(".f32") || op.ends_with(".f64");
        if !float || op.starts_with("ld") || op.starts_with("st") || op.starts_with("mov") {
            continue;
        }
        map.entry(k.clone()).or_default().push(format!("{op} {}", words.collect::<Vec<_>>().join(" ")));
    }
    for body in map.values_mut() {
        let mut names: Vec<String> = Vec::new();
        for inst in body.iter_mut() {
            let (op, operands) = inst.split_once(' ').unwrap();
            let renamed: Vec<String> = operands
                .trim_end_matches(';')
                .split(", ")
                .map(|r| {
                    if !r.starts_with('%') {
                        return r.to_string();
                    }
                    let i = names.iter().position(|n| n == r).unwrap_or_else(|| {
                        names.push(r.to_string());
                        names.len() - 1
                    });
                    format!("r{i}")
                })
                .collect();
            *inst = format!("{op} {}", renamed.join(","));
        }
    }
    map
}

/// NVIDIA's nvcc 13.0 (`$CUDA_HOME/bin/nvcc`, scripts/nvcc-env.sh) and `cuprite nvcc` on
/// tests/programs/NAME.cu under `flags`: each kernel's float arithmetic, nvcc's then ours.
type Both = (HashMap<String, Vec<String>>, HashMap<String, Vec<String>>);
fn both_compilers(name: &str, tag: &str, flags: &[&str]) -> Both {
    let src = common::repo().join(format!("crates/nvcc/tests/programs/{name}.cu"));
    let ours = common::work_dir().join(format!("{name}_{tag}.cuprite.ptx"));
    let theirs = common::work_dir().join(format!("{name}_{tag}.nvcc.ptx"));
    let mut args = vec!["-arch=sm_90", "--ptx"];
    args.extend_from_slice(flags);
    args.extend([src.to_str().unwrap(), "-o", ours.to_str().unwrap()]);
    common::nvcc(&args).unwrap_or_else(|e| panic!("{flags:?}: {e}"));
    let home = std::env::var_os("CUDA_HOME").expect("CUDA_HOME: run `source scripts/nvcc-env.sh /tmp/nvtool` first");
    let last = args.len() - 1;
    args[last] = theirs.to_str().unwrap();
    let o = std::process::Command::new(std::path::Path::new(&home).join("bin/nvcc"))
        .args(&args)
        .output()
        .expect("run nvcc");
    assert!(o.status.success(), "nvcc {flags:?}: {}", String::from_utf8_lossy(&o.stderr));
    let read = |p: &std::path::Path| float_arithmetic(&std::fs::read_to_string(p).unwrap());
    (read(&theirs), read(&ours))
}

/// The fast intrinsics' products are plain multiplications, as in NVIDIA's libdevice: `m +
/// __logf(s)` is one fma of lg2.approx's result (nvcc: `fma.rn.f32 %f, %lg2, 0f3F317218, %m`),
/// a multiplication under -ftz is mul.ftz, and -fmad=false keeps both apart. Cuprite's library
/// rounded each product on its own (`mul.rn.f32`), so a log-sum-exp differed from nvcc's build
/// under -use_fast_math in its last bit.
#[test]
fn fast_intrinsic_products_contract_as_nvcc_s() {
    for (tag, flags) in [
        ("default", &[][..]),
        ("fast", &["-use_fast_math"][..]),
        ("fast_nofmad", &["-use_fast_math", "-fmad=false"][..]),
        ("ftz", &["-ftz=true"][..]),
    ] {
        let (nvidia, ours) = both_compilers("fast_intrinsic_products", tag, flags);
        for (kernel, expected) in &nvidia {
            // Without -use_fast_math logf and log10f are the full functions, each library's own.
            if tag != "fast" && tag != "fast_nofmad" && (kernel.contains("lse") || kernel.contains("scaled_log")) {
                continue;
            }
            assert_eq!(ours.get(kernel), Some(expected), "{kernel} under {flags:?}");
        }
    }
}

/// `1.0f / sqrtf(x)` is one `rsqrt.approx` only where both the square root and the division are
/// approximate (-use_fast_math, or -prec-div=false -prec-sqrt=false); under -prec-sqrt=false
/// alone nvcc keeps `sqrt.approx` and `rcp.rn`, where NVPTX folded it into `rsqrt.approx`
/// (a ray tracer's normalized directions differed in 15 of 64 pixels).
#[test]
fn reciprocal_square_root_folds_only_with_approximate_division() {
    for (tag, flags) in [
        ("default", &[][..]),
        ("prec_sqrt", &["-prec-sqrt=false"][..]),
        ("prec_both", &["-prec-sqrt=false", "-prec-div=false"][..]),
        ("fast", &["-use_fast_math"][..]),
        ("fast_prec_div", &["-use_fast_math", "-prec-div=true"][..]),
    ] {
        let (nvidia, ours) = both_compilers("reciprocal_square_roots", tag, flags);
        assert_eq!(ours, nvidia, "under {flags:?}");
    }
}

/// The output of tests/programs/NAME.cu built by NVIDIA's nvcc 13.0 (`-cudart shared`) and by
/// `cuprite nvcc` under `flags`, each run on Cuprite (which executes nvcc's PTX as an H200 does).
fn both_outputs(name: &str, flags: &[&str]) -> (String, String) {
    let src = common::repo().join(format!("crates/nvcc/tests/programs/{name}.cu"));
    let ours = common::work_dir().join(format!("{name}.cuprite"));
    let theirs = common::work_dir().join(format!("{name}.nvcc"));
    let mut args = vec!["-arch=sm_90"];
    args.extend_from_slice(flags);
    args.extend([src.to_str().unwrap(), "-o", ours.to_str().unwrap()]);
    common::nvcc(&args).unwrap_or_else(|e| panic!("{flags:?}: {e}"));
    let home = std::env::var_os("CUDA_HOME").expect("CUDA_HOME: run `source scripts/nvcc-env.sh /tmp/nvtool` first");
    let last = args.len() - 1;
    args[last] = theirs.to_str().unwrap();
    args.extend(["-cudart", "shared"]);
    let o = std::process::Command::new(std::path::Path::new(&home).join("bin/nvcc"))
        .args(&args)
        .output()
        .expect("run nvcc");
    assert!(o.status.success(), "nvcc {flags:?}: {}", String::from_utf8_lossy(&o.stderr));
    let run = |exe: &std::path::Path| {
        let o = common::run(exe, &[], &[]);
        assert!(o.status.success(), "{}: {}", exe.display(), String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    (run(&theirs), run(&ours))
}

/// Which product of a sum of two products is fused: nvcc's choice for scalar loads, float2 and
/// float4 fields, cuComplex products and a by-value float4 (clang fused the other product of
/// the last four: cuCmulf's imaginary part differed from nvcc's build in 7 of 32 products).
#[test]
fn sums_of_two_products_fuse_the_product_nvcc_fuses() {
    let (nvidia, ours) = both_outputs("product_order", &[]);
    assert!(nvidia.ends_with("no error\n"), "{nvidia}");
    let differ: Vec<String> =
        nvidia.lines().zip(ours.lines()).filter(|(a, b)| a != b).map(|(a, b)| format!("{a} (ours {b})")).collect();
    assert!(differ.is_empty() && nvidia.lines().count() == ours.lines().count(), "{}", differ.join("\n"));
}

/// cuComplex's float functions give nvcc's bits with and without -use_fast_math: cuCabsf's
/// square root is `sqrtf` (sqrt.approx under -prec-sqrt=false), not sqrt.rn (Cuprite's header
/// called the builtin, so 7 of 32 magnitudes differed from nvcc's build under -use_fast_math).
#[test]
fn complex_functions_match_nvcc_s_bits_under_fast_math() {
    for flags in [&[][..], &["-use_fast_math"][..], &["-prec-sqrt=false"][..]] {
        let (nvidia, ours) = both_outputs("complex_fast_math", flags);
        assert!(nvidia.ends_with("no error\n"), "{nvidia}");
        let differ: Vec<String> =
            nvidia.lines().zip(ours.lines()).filter(|(a, b)| a != b).map(|(a, b)| format!("{a} (ours {b})")).collect();
        assert!(differ.is_empty(), "{flags:?}:\n{}", differ.join("\n"));
    }
}
