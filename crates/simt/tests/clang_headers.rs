//! Cuprite's own CUDA headers (`include/cuda_fp16.h`, `cuda_bf16.h`, `cooperative_groups.h`):
//! the kernels of tests/headers/*.cu compiled by clang-19 to PTX with those headers, checked by
//! ptxas -arch=sm_90, run on every engine, their results checked against the IEEE semantics
//! computed here (half and bfloat16 rounding by hand, from f64).

use std::path::{Path, PathBuf};
use std::process::Command;

use simt::{DeviceMemory, DevicePtr, Dim3, LaunchConfig, LaunchOptions};

mod common;

use common::{download_u32, on_engines, upload};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A name part no other test of any process uses at the same time (tests run in parallel).
fn unique() -> String {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    format!("{}-{}", std::process::id(), NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
}

/// Runs `cmd`, failing the test with `what` if it cannot start or fails.
fn run(mut cmd: Command, what: &str) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: cannot run {:?} ({e})", cmd.get_program()));
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

/// Cuprite's math library (`libdevice/libdevice.c`) compiled to bitcode for `arch`, once per
/// process and architecture, by `cuprite nvcc`'s recipe (`nvcc::driver::libdevice_args`): the headers' half-precision exp/log/
/// sin/cos round a double result (`__nv_exp`, ...), so their kernels link it.
fn libdevice(arch: &str) -> PathBuf {
    static BUILT: std::sync::Mutex<Vec<(String, PathBuf)>> = std::sync::Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, bc)) = built.iter().find(|(a, _)| a == arch) {
        return bc.clone();
    }
    let bc = std::env::temp_dir().join(format!("cuprite-headers-libdevice-{arch}-{}.bc", unique()));
    let sm: u32 = arch.trim_start_matches("sm_").parse().unwrap_or_else(|e| panic!("{arch}: {e}"));
    let mut clang = Command::new("clang-19");
    clang.args(nvcc::driver::libdevice_args(sm, &repo().join("libdevice/libdevice.c"), &bc));
    run(clang, &format!("clang-19 libdevice.c ({arch})"));
    built.push((arch.to_string(), bc.clone()));
    bc
}

/// `tests/headers/{stem}.cu` compiled by clang-19 for `arch` (PTX text), after ptxas accepted it.
fn compile(stem: &str, arch: &str, std: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/headers");
    let out = std::env::temp_dir().join(format!("cuprite-headers-{stem}-{arch}-{std}-{}.ptx", unique()));
    let mut clang = Command::new("clang++-19");
    clang.args(["-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", "-O2", "-S"]);
    clang.arg(format!("-std={std}")).arg(format!("--cuda-gpu-arch={arch}")).arg("--cuda-feature=+ptx80");
    clang.args(["-Xclang", "-target-sdk-version=12.3", "-Wno-unknown-cuda-version"]);
    clang.arg("-I").arg(repo().join("include")).arg(dir.join(format!("{stem}.cu"))).arg("-o").arg(&out);
    if Command::new("clang++-19").arg("--version").output().is_err() {
        panic!("clang++-19 is not installed: these tests compile CUDA with it (apt-get install clang-19)");
    }
    clang.args(["-Xclang", "-mlink-builtin-bitcode", "-Xclang"]).arg(libdevice(arch));
    run(clang, &format!("clang++-19 {stem}.cu ({arch}, {std})"));
    let ptx = std::fs::read_to_string(&out).unwrap();
    let mut ptxas = Command::new("ptxas");
    ptxas.args(["-arch=sm_90", "-o", "/dev/null"]).arg(&out);
    if Command::new("ptxas").arg("--version").output().is_err() {
        panic!("ptxas is not in PATH: `source scripts/nvcc-env.sh /tmp/nvtool` (scripts/test.sh does)");
    }
    run(ptxas, &format!("ptxas -arch=sm_90 on {stem}.cu's PTX"));
    let _ = std::fs::remove_file(&out);
    ptx
}

fn args(ptrs: &[DevicePtr], tail: &[u32]) -> Vec<u8> {
    let mut b: Vec<u8> = ptrs.iter().flat_map(|p| p.0.to_le_bytes()).collect();
    for t in tail {
        b.extend(t.to_le_bytes());
    }
    b
}

// ---- the small formats, by hand ---------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
enum Round {
    Nearest,
    Zero,
    Down,
    Up,
}

/// A binary format with `ebits` exponent and `mbits` fraction bits (half: 5, 10; bf16: 8, 7).
#[derive(Clone, Copy, Debug)]
struct Format {
    ebits: u32,
    mbits: u32,
}

const HALF: Format = Format { ebits: 5, mbits: 10 };
const BF16: Format = Format { ebits: 8, mbits: 7 };

impl Format {
    fn bias(self) -> i32 {
        (1 << (self.ebits - 1)) - 1
    }
    fn inf(self) -> u32 {
        ((1 << self.ebits) - 1) << self.mbits
    }
    fn sign(self) -> u32 {
        1 << (self.ebits + self.mbits)
    }
    fn is_nan(self, b: u32) -> bool {
        (b & !self.sign()) > self.inf()
    }

    fn value(self, b: u32) -> f64 {
        let s = if b & self.sign() != 0 { -1.0 } else { 1.0 };
        let e = ((b >> self.mbits) & ((1 << self.ebits) - 1)) as i32;
        let f = f64::from(b & ((1 << self.mbits) - 1));
        let m = 2f64.powi(self.mbits as i32);
        if b & !self.sign() == self.inf() {
            return s * f64::INFINITY;
        }
        if self.is_nan(b) {
            return f64::NAN;
        }
        if e == 0 { s * f * 2f64.powi(1 - self.bias()) / m } else { s * (1.0 + f / m) * 2f64.powi(e - self.bias()) }
    }

    /// `x` rounded to the format: scale to units of the result's last place, round the
    /// integer, re-encode.
    fn round(self, x: f64, mode: Round) -> u32 {
        if x.is_nan() {
            return 0x7fff;
        }
        let sign = if x.is_sign_negative() { self.sign() } else { 0 };
        let a = x.abs();
        if a.is_infinite() {
            return sign | self.inf();
        }
        if a == 0.0 {
            return sign;
        }
        let emin = 1 - self.bias();
        let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(emin);
        let q = a / 2f64.powi(e - self.mbits as i32);
        let (fl, frac) = (q.floor(), q - q.floor());
        let negative = sign != 0;
        let up = match mode {
            Round::Nearest => frac > 0.5 || (frac == 0.5 && fl % 2.0 == 1.0),
            Round::Zero => false,
            Round::Down => negative && frac > 0.0,
            Round::Up => !negative && frac > 0.0,
        };
        let n = fl as u32 + u32::from(up);
        let bits = (((e - emin) as u32) << self.mbits) + n;
        if bits >= self.inf() {
            let to_inf =
                mode == Round::Nearest || (mode == Round::Up && !negative) || (mode == Round::Down && negative);
            return sign | if to_inf { self.inf() } else { self.inf() - 1 };
        }
        sign | bits
    }
    fn rn(self, x: f64) -> u32 {
        self.round(x, Round::Nearest)
    }
}

/// Whether `got` is `want` (NaN: any NaN).
fn same(f: Format, got: u32, want: u32) -> bool {
    if f.is_nan(want) { f.is_nan(got) } else { got == want }
}

/// Operand bits: the edge values of the format, then pseudo-random ones.
fn operands(f: Format) -> Vec<u32> {
    let one = f.rn(1.0);
    let mut v = vec![
        0,
        f.sign(),
        one,
        one | f.sign(),
        one + 1,
        f.rn(0.5),
        f.rn(3.0),
        f.rn(-2.5),
        f.inf() - 1,
        (f.inf() - 1) | f.sign(),
        f.inf(),
        f.inf() | f.sign(),
        f.inf() | (1 << (f.mbits - 1)),
        1,
        (1 << f.mbits) - 1,
        1 << f.mbits,
        f.rn(0.999),
        f.rn(1.5),
        f.rn(-0.25),
        f.rn(7.75),
    ];
    let mut s = 0x1234_5678u32;
    while v.len() < 256 {
        s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let b = (s >> 16) & 0xffff;
        // Mostly moderate exponents, so that sums and products stay finite.
        let e = (b >> f.mbits) % (1 << f.ebits);
        let mid = (f.bias() as u32).saturating_sub(3) + e % 7;
        v.push((b & f.sign()) | (mid << f.mbits) | (b & ((1 << f.mbits) - 1)));
    }
    v
}

/// The float inputs of the conversions: ties, overflow, subnormals, NaN, random.
fn floats() -> Vec<f32> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0 + 2f32.powi(-11),
        1.0 + 3.0 * 2f32.powi(-11),
        -(1.0 + 2f32.powi(-11)),
        65504.0,
        65519.0,
        65520.0,
        -70000.0,
        2f32.powi(-25),
        3.0 * 2f32.powi(-25),
        2f32.powi(-24) * 1.5,
        1e-10,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0 + 2f32.powi(-8),
        1.0 + 3.0 * 2f32.powi(-8),
        3.0e38,
        f32::MAX,
        2.5,
        -2.5,
        3.5,
        40000.5,
        -0.4,
    ];
    let mut s = 99u32;
    while v.len() < 128 {
        s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        v.push(((s >> 8) as f32 / 16_777_216.0 - 0.5) * 2f32.powi((s % 40) as i32 - 20));
    }
    v
}

// ---- half and bfloat16 arithmetic --------------------------------------------------------

const OPS: usize = 40;

/// The expected results of `ops()` in half_types.cu for operands a, b, c and float x; None
/// where only closeness is checked (approximate functions) or PTX leaves it open.
fn expected_ops(f: Format, a: u32, b: u32, c: u32, x: f32) -> Vec<Option<u32>> {
    let (va, vb, vc) = (f.value(a), f.value(b), f.value(c));
    let nan = |v: f64| v.is_nan();
    let sat = |r: u32| {
        let v = f.value(r);
        if nan(v) || v <= 0.0 {
            0
        } else if v >= 1.0 {
            f.rn(1.0)
        } else {
            r
        }
    };
    let fma = |x: f64, y: f64, z: f64| f.rn(x.mul_add(y, z));
    let minmax = |x: u32, y: u32, max: bool, nan_wins: bool| {
        let (vx, vy) = (f.value(x), f.value(y));
        if nan(vx) || nan(vy) {
            return if nan_wins || (nan(vx) && nan(vy)) { Some(0x7fff) } else { Some(if nan(vx) { y } else { x }) };
        }
        if vx == vy && vx == 0.0 {
            return None; // signed zeros: not checked
        }
        Some(if (vx > vy) == max { x } else { y })
    };
    let b01 = |p: bool| Some(u32::from(p));
    let pair = |lo: u32, hi: u32| lo | (hi << 16);
    let rint = |v: f64, m: Round| match m {
        Round::Nearest => f.rn(v.round_ties_even()),
        Round::Zero => f.rn(v.trunc()),
        Round::Down => f.rn(v.floor()),
        Round::Up => f.rn(v.ceil()),
    };
    let s = f.rn(va + vb);
    vec![
        Some(f.rn(va + vb)),
        Some(f.rn(va - vb)),
        Some(f.rn(va * vb)),
        Some(f.rn(va / vb)),
        Some(fma(va, vb, vc)),
        Some(sat(f.rn(va + vb))),
        Some(sat(f.rn(va * vb))),
        Some(sat(fma(va, vb, vc))),
        Some(a ^ f.sign()),
        Some(a & !f.sign()),
        minmax(a, b, true, false),
        minmax(a, b, false, false),
        minmax(a, b, true, true),
        minmax(a, b, false, true),
        b01(va == vb),
        b01(va.partial_cmp(&vb).is_some_and(|o| o.is_ne())), // ordered: false on NaN
        b01(va < vb),
        b01(va <= vb),
        b01(va.partial_cmp(&vb).is_none_or(|o| o.is_gt())), // unordered: true on NaN
        b01(va != vb),
        b01(nan(va)),
        Some(if va == f64::INFINITY {
            2
        } else if va == f64::NEG_INFINITY {
            0
        } else {
            1
        }),
        Some(pair(f.rn(va + vb), f.rn(vb + vc))),
        Some(pair(f.rn(va * vb), f.rn(vb * vc))),
        Some(pair(fma(va, vb, va), fma(vb, vc, vb))),
        b01(va < vb && vb < vc),
        Some(if va < vb { 0xffff } else { 0 } | if vb < vc { 0xffff_0000 } else { 0 }),
        minmax(a, b, true, false).zip(minmax(b, c, true, false)).map(|(l, h)| pair(l, h)),
        Some(f.rn(f.value(f.rn(f.value(s) * vc)) - va)),
        Some(u32::from(va < vb) | (u32::from(va == vb) << 1) | (u32::from(va >= vb) << 2)),
        Some(rint(va, Round::Up)),
        Some(rint(va, Round::Down)),
        Some(rint(va, Round::Zero)),
        Some(rint(va, Round::Nearest)),
        None,
        None,
        None,
        None,
        Some((va as f32).to_bits()),
        Some(f.rn(f64::from(x))),
    ]
}

/// The approximate functions (ops 34..=37: sqrt, exp, log2, rcp) within one unit in the last
/// place of the exact result.
fn check_approx(f: Format, a: u32, got: &[u32], ctx: &str) {
    let va = f.value(a);
    let exact = [va.sqrt(), va.exp(), va.log2(), 1.0 / va];
    for (k, &want) in exact.iter().enumerate() {
        let g = got[34 + k];
        let w = f.rn(want);
        if f.is_nan(w) || f.value(w).is_infinite() || f.value(w) == 0.0 || (w & !f.sign()) < (1 << f.mbits) {
            // Special and subnormal results: the ftz approximations may differ; NaN must stay.
            if f.is_nan(w) {
                assert!(f.is_nan(g), "{ctx} op {}: {g:#x}, want NaN", 34 + k);
            }
            continue;
        }
        let ulp = f.value(w + 1) - f.value(w);
        assert!((f.value(g) - want).abs() <= ulp.abs() * 1.01, "{ctx} op {}: {} for {want} ({va})", 34 + k, f.value(g));
    }
}

/// The operands of the ops rows: a, b, c (format bits) and x.
fn ops_inputs(f: Format) -> (Vec<u32>, Vec<u32>, Vec<u32>, Vec<f32>) {
    let a = operands(f);
    let n = a.len();
    let b: Vec<u32> = (0..n).map(|i| a[(i * 7 + 3) % n]).collect();
    let c: Vec<u32> = (0..n).map(|i| a[(i * 13 + 5) % n]).collect();
    let fl = floats();
    let x: Vec<f32> = (0..n).map(|i| fl[i % fl.len()]).collect();
    (a, b, c, x)
}

/// Checks one row of `ops()` results.
fn check_ops_row(f: Format, (a, b, c, x): (u32, u32, u32, f32), g: &[u32], ctx: &str) {
    let ctx = format!("{ctx} a {a:#x} b {b:#x} c {c:#x} x {x}");
    for (k, w) in expected_ops(f, a, b, c, x).into_iter().enumerate() {
        let Some(w) = w else { continue };
        let ok = match k {
            // mul then sub without rounding modifiers may be fused into an fma, as PTX allows.
            28 => {
                let s = f.value(f.rn(f.value(a) + f.value(b)));
                same(f, g[k], w) || same(f, g[k], f.rn(s.mul_add(f.value(c), -f.value(a))))
            }
            22..=24 | 27 => same(f, g[k] & 0xffff, w & 0xffff) && same(f, g[k] >> 16, w >> 16),
            38 => g[k] == w || (f32::from_bits(w).is_nan() && f32::from_bits(g[k]).is_nan()),
            _ => same(f, g[k], w),
        };
        assert!(ok, "{ctx}: op {k} gave {:#x}, want {w:#x}", g[k]);
    }
    check_approx(f, a, g, &ctx);
}

fn run_ops(kernel: &str, f: Format, arch: &str) {
    let ptx = compile("half_types", arch, "c++17");
    let mem = DeviceMemory::new();
    let (a, b, c, x) = ops_inputs(f);
    let n = a.len();
    let to16 = |v: &[u32]| v.iter().map(|&b| b as u16).collect::<Vec<_>>();
    let (da, db, dc) = (upload::<u16>(&mem, &to16(&a)), upload::<u16>(&mem, &to16(&b)), upload::<u16>(&mem, &to16(&c)));
    let dx = upload::<u32>(&mem, &x.iter().map(|v| v.to_bits()).collect::<Vec<_>>());
    for (e, p) in on_engines(&ptx) {
        let out = upload::<u32>(&mem, &vec![0xdead_beef; n * OPS]);
        let params = args(&[da, db, dc, dx, out], &[n as u32]);
        p.launch(kernel, Dim3::x(n.div_ceil(64) as u32), Dim3::x(64), 0, &params, &mem)
            .unwrap_or_else(|err| panic!("{kernel} {e:?}: {err}"));
        let got = download_u32(&mem, out, n * OPS);
        for i in 0..n {
            let row = &got[i * OPS..(i + 1) * OPS];
            check_ops_row(f, (a[i], b[i], c[i], x[i]), row, &format!("{kernel} {arch} {e:?}"));
        }
    }
}

/// host_main.cu built for the host (the headers' software paths) and fed `input`; its rows.
fn run_on_host(input: &str) -> Vec<Vec<u32>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/headers");
    let exe = std::env::temp_dir().join(format!("cuprite-headers-host-{}", unique()));
    let mut clang = Command::new("clang++-19");
    clang.args(["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-O2", "-std=c++17"]);
    clang.args(["-Xclang", "-target-sdk-version=12.3", "-Wno-unknown-cuda-version"]);
    clang.arg("-I").arg(repo().join("include")).arg(dir.join("host_main.cu")).arg("-o").arg(&exe);
    if Command::new("clang++-19").arg("--version").output().is_err() {
        panic!("clang++-19 is not installed: these tests compile CUDA with it (apt-get install clang-19)");
    }
    run(clang, "clang++-19 host_main.cu");
    let mut child = Command::new(&exe)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", exe.display()));
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_file(&exe);
    assert!(out.status.success(), "host_main failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split(' ').map(|w| u32::from_str_radix(w, 16).unwrap()).collect())
        .collect()
}

/// The same operations in host code: the software half/bfloat16 arithmetic, comparisons,
/// conversions and libm-based math give the IEEE results too.
#[test]
fn host_code_computes_the_same_bits() {
    for (f, kind) in [(HALF, "ops16"), (BF16, "opsbf")] {
        let (a, b, c, x) = ops_inputs(f);
        let input: String =
            (0..a.len()).map(|i| format!("{kind} {:x} {:x} {:x} {:x}\n", a[i], b[i], c[i], x[i].to_bits())).collect();
        let rows = run_on_host(&input);
        assert_eq!(rows.len(), a.len());
        for (i, row) in rows.iter().enumerate() {
            check_ops_row(f, (a[i], b[i], c[i], x[i]), row, &format!("host {kind}"));
        }
    }
    let (fl, ints) = conversion_inputs();
    let input: String = fl.iter().zip(&ints).map(|(x, k)| format!("conv {:x} {k}\n", x.to_bits())).collect();
    let rows = run_on_host(&input);
    assert_eq!(rows.len(), fl.len());
    for (i, row) in rows.iter().enumerate() {
        check_conversion_row(fl[i], ints[i], row, "host");
    }
}

#[test]
fn half_arithmetic_comparisons_and_math() {
    run_ops("fp16_ops", HALF, "sm_80");
}

/// sm_75 (CUDA 13's oldest target) has no min/max.f16, fma.relu or any bfloat16 instruction:
/// the headers compute those in software there, with the same results.
#[test]
fn half_and_bfloat16_on_sm_75() {
    run_ops("fp16_ops", HALF, "sm_75");
    run_ops("bf16_ops", BF16, "sm_75");
}

#[test]
fn bfloat16_arithmetic_comparisons_and_math() {
    run_ops("bf16_ops", BF16, "sm_80");
}

/// sm_90's native bfloat16 forms (add.bf16, mul.bf16, ... instead of sm_80's fma forms).
#[test]
fn bfloat16_arithmetic_on_sm_90() {
    run_ops("bf16_ops", BF16, "sm_90");
}

/// The half-precision PTX forms the headers take from nvcc's (tanh.approx.f16; `hexp2` is
/// correctly rounded through double, as an H200 computes it with NVIDIA's headers) and sm_90's
/// bfloat16 instructions: ptxas accepts them and the headers emit them.
#[test]
fn native_half_instructions_pass_ptxas() {
    let ptx = compile("half_native", "sm_80", "c++17");
    for ins in ["tanh.approx.f16 ", "tanh.approx.f16x2 ", "fma.rn.bf16 "] {
        assert!(ptx.contains(ins), "sm_80 PTX lacks `{ins}`:\n{ptx}");
    }
    let ptx = compile("half_native", "sm_90", "c++17");
    for ins in ["add.bf16 ", "mul.bf16 ", "atom.add.noftz.bf16 "] {
        assert!(ptx.contains(ins), "sm_90 PTX lacks `{ins}`:\n{ptx}");
    }
}

/// Integer `v` rounded to the format in `mode` (exact integer first: i64 to f64 is exact here).
fn int_to(f: Format, v: i32, mode: Round) -> u32 {
    f.round(f64::from(v), mode)
}

/// The float and integer inputs of the conversion rows.
fn conversion_inputs() -> (Vec<f32>, Vec<i32>) {
    let fl = floats();
    let mut ints =
        vec![0, 1, -1, 2049, 2051, -2049, 65519, 65520, 100_000, -100_000, i32::MAX, i32::MIN, 257, 259, -259];
    let mut s = 7u32;
    while ints.len() < fl.len() {
        s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        ints.push((s as i32) >> (s % 24));
    }
    (fl, ints)
}

/// Checks one row of `convert()` results for float `x` and integer `k`.
fn check_conversion_row(x: f32, k: i32, g: &[u32], ctx: &str) {
    let xd = f64::from(x);
    let hv = HALF.value(HALF.rn(xd));
    let to_int = |v: f64, lo: f64, hi: f64| -> i64 { if v.is_nan() { 0 } else { v.clamp(lo, hi) as i64 } };
    let modes = [Round::Nearest, Round::Zero, Round::Down, Round::Up];
    let mut want: Vec<u32> = modes.iter().map(|&m| HALF.round(xd, m)).collect();
    want.extend(modes.iter().map(|&m| BF16.round(xd, m)));
    want.extend([
        int_to(HALF, k, Round::Nearest),
        int_to(HALF, k, Round::Down),
        int_to(BF16, k, Round::Nearest),
        int_to(BF16, k, Round::Up),
        to_int(hv.round_ties_even(), f64::from(i32::MIN), f64::from(i32::MAX)) as i32 as u32,
        to_int(hv.floor(), f64::from(i32::MIN), f64::from(i32::MAX)) as i32 as u32,
        to_int(hv.trunc(), -32768.0, 32767.0) as i32 as u32,
        (hv as f32).to_bits(),
    ]);
    for (j, &w) in want.iter().enumerate() {
        let f = if (4..8).contains(&j) || j == 10 || j == 11 { BF16 } else { HALF };
        let ok = if j == 15 { g[j] == w || (hv.is_nan() && f32::from_bits(g[j]).is_nan()) } else { same(f, g[j], w) };
        assert!(ok, "{ctx} conversion {j} of {x} / {k}: {:#x}, want {w:#x}", g[j]);
    }
}

#[test]
fn conversions_in_every_rounding_mode() {
    for arch in ["sm_75", "sm_80"] {
        conversions_on(arch);
    }
}

fn conversions_on(arch: &str) {
    let ptx = compile("half_types", arch, "c++17");
    let mem = DeviceMemory::new();
    let (fl, ints) = conversion_inputs();
    let n = fl.len();
    let df = upload::<u32>(&mem, &fl.iter().map(|v| v.to_bits()).collect::<Vec<_>>());
    let di = upload::<u32>(&mem, &ints.iter().map(|&v| v as u32).collect::<Vec<_>>());
    for (e, p) in on_engines(&ptx) {
        let out = upload::<u32>(&mem, &vec![0xdead_beef; n * 16]);
        p.launch("conversions", Dim3::x(2), Dim3::x(64), 0, &args(&[df, di, out], &[n as u32]), &mem)
            .unwrap_or_else(|err| panic!("{e:?}: {err}"));
        let got = download_u32(&mem, out, n * 16);
        for i in 0..n {
            check_conversion_row(fl[i], ints[i], &got[i * 16..(i + 1) * 16], &format!("{arch} {e:?}"));
        }
    }
}

#[test]
fn shuffles_and_atomic_adds_of_halves() {
    let ptx = compile("half_types", "sm_80", "c++17");
    let mem = DeviceMemory::new();
    let a: Vec<u16> = (0..32).map(|i| HALF.rn(f64::from(i) * 0.75 - 3.0) as u16).collect();
    let da = upload::<u16>(&mem, &a);
    for (e, p) in on_engines(&ptx) {
        let out = upload::<u32>(&mem, &[0; 64]);
        let hsum = upload::<u32>(&mem, &[0]);
        let bsum = upload::<u16>(&mem, &[0, 0]);
        p.launch("warp_and_atomics", Dim3::x(1), Dim3::x(32), 0, &args(&[da, out, hsum, bsum], &[]), &mem)
            .unwrap_or_else(|err| panic!("{e:?}: {err}"));
        let got = download_u32(&mem, out, 64);
        for i in 0..32 {
            assert_eq!(got[i], u32::from(a[i ^ 1]), "{e:?} shfl_xor lane {i}");
            assert_eq!(got[32 + i], u32::from(a[(i + 1).min(31)]), "{e:?} shfl_down lane {i}");
        }
        let pair = HALF.rn(32.0) | (HALF.rn(16.0) << 16);
        assert_eq!(download_u32(&mem, hsum, 1), [pair], "{e:?} atomicAdd(__half2)");
        assert_eq!(download_u32(&mem, bsum, 1)[0] & 0xffff, BF16.rn(32.0), "{e:?} atomicAdd(__nv_bfloat16)");
    }
}

#[test]
fn cache_hinted_loads_and_stores() {
    let ptx = compile("half_types", "sm_80", "c++17");
    for ins in ["ld.global.nc.b16", "ld.global.cg.b16", "ld.global.cs.b32", "st.global.cs.b16", "st.global.wt.b32"] {
        assert!(ptx.contains(ins), "PTX lacks `{ins}`");
    }
    let mem = DeviceMemory::new();
    let a: Vec<u16> = (0..32).map(|i| HALF.rn(f64::from(i) * 1.25 - 7.0) as u16).collect();
    let b: Vec<u32> = (0..32).map(|i| BF16.rn(f64::from(i) * 3.0) | (BF16.rn(-f64::from(i)) << 16)).collect();
    let (da, db) = (upload::<u16>(&mem, &a), upload::<u32>(&mem, &b));
    for (e, p) in on_engines(&ptx) {
        let o = upload::<u16>(&mem, &[0xffff; 32]);
        let o2 = upload::<u32>(&mem, &[u32::MAX; 32]);
        p.launch("cached_loads", Dim3::x(1), Dim3::x(32), 0, &args(&[da, db, o, o2], &[]), &mem)
            .unwrap_or_else(|err| panic!("{e:?}: {err}"));
        let got = download_u32(&mem, o, 16);
        for i in 0..32 {
            let want = HALF.rn(HALF.value(u32::from(a[i])) + HALF.value(u32::from(a[i ^ 1])));
            assert_eq!((got[i / 2] >> (16 * (i % 2))) & 0xffff, want, "{e:?} lane {i}");
        }
        assert_eq!(download_u32(&mem, o2, 32), b, "{e:?}");
    }
}

/// Every header compiles for host and device (NVIDIA-style host use) in C++14, 17 and 20,
/// each on its own and all together, for sm_80 and sm_90.
#[test]
fn headers_compile_host_and_device_in_every_standard() {
    let dir = std::env::temp_dir().join(format!("cuprite-headers-syntax-{}", unique()));
    std::fs::create_dir_all(&dir).unwrap();
    let prelude = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/headers/prelude.h");
    let uses = [
        ("cuda_fp16.h", "__half h = 1.5f; __half2 p(h, h); p = p * p; return (int)(float)(h + h) + __half2int_rn(h);"),
        ("cuda_bf16.h", "__nv_bfloat16 h = 1.5f; return (int)__bfloat162float(h * h) + (h < h);"),
        ("cooperative_groups.h", "return 0;"),
    ];
    for (header, host_use) in uses {
        let src = dir.join(format!("{header}.cu"));
        std::fs::write(
            &src,
            format!(
                "#include \"{}\"\n#include <{header}>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n#include <cooperative_groups.h>\nint host_use() {{ {host_use} }}\n",
                prelude.display()
            ),
        )
        .unwrap();
        for std in ["c++14", "c++17", "c++20"] {
            for arch in ["sm_80", "sm_90"] {
                let mut c = Command::new("clang++-19");
                c.args(["-x", "cuda", "-fsyntax-only", "-nocudainc", "-nocudalib", "-Wall", "-Werror"]);
                c.args(["-Xclang", "-target-sdk-version=12.3", "-Wno-unknown-cuda-version"]);
                c.arg(format!("-std={std}")).arg(format!("--cuda-gpu-arch={arch}"));
                c.arg("-I").arg(repo().join("include")).arg(&src);
                run(c, &format!("clang++-19 -fsyntax-only {header} ({std}, {arch})"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- cooperative groups ---------------------------------------------------------------------

fn coop() -> String {
    compile("coop", "sm_80", "c++17")
}

#[test]
fn thread_block_ranks_and_dimensions() {
    let ptx = coop();
    let mem = DeviceMemory::new();
    for (e, p) in on_engines(&ptx) {
        for block in [Dim3::x(32), Dim3::x(48), Dim3::x(256), Dim3::new(16, 8, 1)] {
            let size = (block.x * block.y) as usize;
            let out = upload::<u32>(&mem, &vec![u32::MAX; 2 * size * 8]);
            p.launch("block_info", Dim3::x(2), block, 0, &args(&[out], &[]), &mem)
                .unwrap_or_else(|err| panic!("{e:?}: {err}"));
            let got = download_u32(&mem, out, 2 * size * 8);
            for blk in 0..2u32 {
                for r in 0..size as u32 {
                    let o = &got[((blk as usize) * size + r as usize) * 8..][..8];
                    let (x, y) = (r % block.x, r / block.x);
                    let want = [
                        r,
                        size as u32,
                        x | (y << 10),
                        block.x | (block.y << 10),
                        blk,
                        size as u32,
                        blk * size as u32 + r,
                        1 << 8,
                    ];
                    assert_eq!(o, want, "{e:?} block {block:?} blk {blk} rank {r}");
                }
            }
        }
    }
}

/// Tile members of `r` in tiles of `n` (full tiles).
fn tile_expect(r: u32, n: u32, total: u32) -> [u32; 12] {
    let v = |k: u32| 3 * k + 1;
    let base = r / n * n;
    let members: Vec<u32> = (base..base + n).collect();
    let ballot = members.iter().enumerate().filter(|(_, k)| v(**k) % 4 == 1).fold(0, |m, (j, _)| m | 1 << j);
    let lane = r - base;
    [
        lane | ((r / n) << 8) | (total.div_ceil(n) << 16),
        members.iter().map(|&k| v(k)).sum(),
        v(base + n - 1),
        v(base),
        members.iter().fold(0, |x, &k| x ^ v(k)),
        (base..=r).map(v).sum(),
        (base..r).map(v).sum(),
        v(base + (lane ^ 1)),
        v(base + n - 1),
        ballot,
        u32::from(members.contains(&5)) | 2,
        if lane + 2 < n { v(r + 2) } else { v(r) },
    ]
}

#[test]
fn tiles_reduce_scan_shuffle_and_vote() {
    let ptx = coop();
    let mem = DeviceMemory::new();
    for (e, p) in on_engines(&ptx) {
        for (kernel, n) in [("tile4", 4), ("tile8", 8), ("tile16", 16), ("tile32", 32)] {
            for block in [Dim3::x(32), Dim3::x(48), Dim3::x(256), Dim3::new(16, 8, 1)] {
                let total = block.x * block.y;
                if total % n != 0 {
                    continue; // a partial tile (32 of 48 threads) shuffles with absent lanes
                }
                let out = upload::<u32>(&mem, &vec![u32::MAX; total as usize * 12]);
                p.launch(kernel, Dim3::x(1), block, 0, &args(&[out], &[]), &mem)
                    .unwrap_or_else(|err| panic!("{kernel} {e:?}: {err}"));
                let got = download_u32(&mem, out, total as usize * 12);
                for r in 0..total {
                    assert_eq!(
                        got[r as usize * 12..][..12],
                        tile_expect(r, n, total),
                        "{kernel} {e:?} block {block:?} rank {r}"
                    );
                }
            }
        }
    }
}

#[test]
fn dynamic_coalesced_labeled_and_binary_partitions() {
    let ptx = coop();
    let mem = DeviceMemory::new();
    for (e, p) in on_engines(&ptx) {
        for total in [32u32, 48, 64] {
            let out = upload::<u32>(&mem, &vec![0xdead_beef; total as usize * 4]);
            p.launch("partitions", Dim3::x(1), Dim3::x(total), 0, &args(&[out], &[]), &mem)
                .unwrap_or_else(|err| panic!("{e:?}: {err}"));
            let got = download_u32(&mem, out, total as usize * 4);
            for r in 0..total {
                let warp: Vec<u32> = (r / 32 * 32..((r / 32 + 1) * 32).min(total)).collect();
                let group = |keep: &dyn Fn(u32) -> bool| {
                    let m: Vec<u32> = warp.iter().copied().filter(|&k| keep(k)).collect();
                    let rank = m.iter().position(|&k| k == r).unwrap() as u32;
                    (rank, m.len() as u32, m.iter().sum::<u32>())
                };
                let coalesced = if r % 3 == 0 {
                    let (rank, size, sum) = group(&|k| k % 3 == 0);
                    rank | (size << 8) | (sum << 16)
                } else {
                    u32::MAX
                };
                let (lr, ls, _) = group(&|k| k % 5 == r % 5);
                let (br, bs, _) = group(&|k| (k % 4 == 0) == (r % 4 == 0));
                let want = [(r % 8) | (8 << 8), coalesced, lr | (ls << 8), br | (bs << 8) | ((br + 1) << 16)];
                // The labeled and binary partitions of a 32-thread tile need a whole warp (a tile of a
                // partial warp names absent lanes); coalesced groups are the partial warp's own.
                let checked = if warp.len() == 32 { 4 } else { 2 };
                assert_eq!(got[r as usize * 4..][..checked], want[..checked], "{e:?} {total} threads, rank {r}");
            }
        }
    }
}

#[test]
fn memcpy_async_match_any_and_invoke_one() {
    let ptx = coop();
    assert!(ptx.contains("cp.async.ca.shared.global"), "memcpy_async into shared memory uses cp.async");
    let mem = DeviceMemory::new();
    let src: Vec<u32> = (0..128).map(|i| (i * 0x0101_0101) ^ 0x5a00_00a5).collect();
    let bytes: Vec<u8> = src.iter().flat_map(|w| w.to_le_bytes()).collect();
    let dsrc = upload::<u32>(&mem, &src);
    for (e, p) in on_engines(&ptx) {
        for total in [32u32, 64, 128] {
            let out = upload::<u32>(&mem, &vec![u32::MAX; total as usize * 6]);
            p.launch("extras", Dim3::x(1), Dim3::x(total), 0, &args(&[dsrc, out], &[]), &mem)
                .unwrap_or_else(|err| panic!("{e:?}: {err}"));
            let got = download_u32(&mem, out, total as usize * 6);
            for r in 0..total {
                let base = r / 16 * 16;
                let same_label = (base..base + 16).filter(|k| k / 3 == r / 3).fold(0, |m, k| m | 1 << (k - base));
                let want = [
                    src[(r * 5 % 128) as usize],
                    u32::from(bytes[1 + (r % 13) as usize]),
                    same_label,
                    77,
                    2 * base + 1,
                    (r % 4) | (4 << 8) | ((r / 4) << 16),
                ];
                assert_eq!(got[r as usize * 6..][..6], want, "{e:?} {total} threads, rank {r}");
            }
        }
    }
}

/// cluster_group on sm_90: ranks, sizes, the cluster barrier and map_shared_rank (clusters of 2
/// and 4 blocks).
#[test]
fn cluster_group_ranks_and_distributed_shared_memory() {
    let ptx = compile("cluster", "sm_90", "c++17");
    let mem = DeviceMemory::new();
    for (e, p) in on_engines(&ptx) {
        for cluster in [2u32, 4] {
            let blocks = 8;
            let out = upload::<u32>(&mem, &[u32::MAX; 128]);
            let opts = LaunchOptions { cluster: Some(Dim3::x(cluster)), ..LaunchOptions::default() };
            p.launch_with(
                "cluster_ranks",
                LaunchConfig { grid: Dim3::x(blocks), block: Dim3::x(32), dynamic_shared: 0, opts },
                &args(&[out], &[]),
                &mem,
            )
            .unwrap_or_else(|err| panic!("{e:?}: {err}"));
            let got = download_u32(&mem, out, 128);
            for b in 0..blocks {
                let rank = b % cluster;
                let peer = b - rank + (rank + 1) % cluster;
                assert_eq!(got[b as usize], (peer * 100 + 7) | (rank << 16) | (cluster << 24), "{e:?} block {b}");
                let threads = (rank * 32) | ((cluster * 32) << 16) | (cluster << 28);
                assert_eq!(got[64 + b as usize], threads, "{e:?} block {b}");
            }
        }
    }
}

/// The groups use nothing newer than sm_75 has below `__CUDA_ARCH__` guards (cp.async is
/// sm_80's, clusters sm_90's): ptxas accepts the sm_75 build, which has no cp.async.
#[test]
fn cooperative_groups_compile_for_sm_75() {
    let ptx = compile("coop", "sm_75", "c++14");
    assert!(!ptx.contains("cp.async"), "sm_75 has no cp.async");
    assert!(ptx.contains("%envreg1") && ptx.contains("%envreg2"), "the grid barrier reads the workspace address");
}

#[test]
fn cooperative_grid_sync() {
    grid_sync_rounds(None, &[2, 4, 8]);
}

/// More blocks than workers, on one worker: they take turns on its core at their spins
/// (`exec/coop_cores.rs`), and every round of the grid barrier holds.
#[test]
fn cooperative_grid_sync_on_one_worker() {
    grid_sync_rounds(Some(1), &[3, 16]);
}

/// Three rounds of `grid_sync` on every engine (on `workers` workers, else the machine's
/// cores), grids of `sizes` blocks.
fn grid_sync_rounds(workers: Option<u32>, sizes: &[u32]) {
    let ptx = coop();
    let mem = DeviceMemory::new();
    for (e, mut p) in on_engines(&ptx) {
        if let Some(w) = workers {
            p.set_workers(w);
        }
        for &n in sizes {
            let slots = upload::<u32>(&mem, &vec![u32::MAX; 3 * n as usize]);
            let out = upload::<u32>(&mem, &vec![u32::MAX; 4 * n as usize]);
            let opts = LaunchOptions { cooperative: true, ..LaunchOptions::default() };
            p.launch_with(
                "grid_sync",
                LaunchConfig { grid: Dim3::x(n), block: Dim3::x(64), dynamic_shared: 0, opts },
                &args(&[slots, out], &[]),
                &mem,
            )
            .unwrap_or_else(|err| panic!("{e:?}: {err}"));
            let got = download_u32(&mem, out, 4 * n as usize);
            for round in 0..3 {
                for blk in 0..n {
                    assert_eq!(got[(round * n + blk) as usize], (blk + 1) % n * 10 + round, "{e:?} {n} blocks");
                }
            }
            assert!(got[3 * n as usize..].iter().all(|&v| v == 1), "{e:?} is_valid: {got:?}");
        }
    }
}
