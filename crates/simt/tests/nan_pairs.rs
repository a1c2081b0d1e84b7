//! Which NaN an operation with NaN operands returns, with its sign and payload, as an H200
//! computes it: every ordered pair of 8 operands per type (6 NaNs of both signs, quiet and
//! signalling, with payloads, then 1.0 and +inf) through f64/f32/f16/bf16 arithmetic, `fma` with
//! NaNs in each position, `min`/`max`, `copysign` and conversions between the float types.
//! The expected bits are the H200's (`tests/nan/nan_pairs.gpu.txt`, recorded by
//! `tests/nan/nan_pairs.cu`: each operation one inline-asm PTX instruction over operands loaded
//! at run time); every engine must give them bit for bit, except which of two NaN operands an
//! f64 add, sub, mul or fma returns ([`either_nan_operand`]).

use std::collections::HashMap;

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download, program, upload};

/// An operand or result type: which operand table the recording used, and the register width.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ty {
    F64,
    F32,
    F16,
    Bf16,
}

impl Ty {
    /// The recording's operand line for the type.
    fn operands_line(self) -> &'static str {
        match self {
            Ty::F64 => "f64 operands",
            Ty::F32 => "f32 operands",
            Ty::F16 => "f16 operands",
            Ty::Bf16 => "bf16 operands",
        }
    }
}

/// One recorded operation: its name in the recording, the PTX instruction (`{d}`, `{a}`, `{b}`,
/// `{c}` the registers), the operands' type and the result's.
struct Form {
    name: &'static str,
    instruction: &'static str,
    input: Ty,
    output: Ty,
}

const fn form(name: &'static str, instruction: &'static str, input: Ty, output: Ty) -> Form {
    Form { name, instruction, input, output }
}

/// The pair forms: thread `i * 8 + j` computes with `a = v[i]`, `b = v[j]`.
const PAIRS: [Form; 52] = [
    form("add.rn.f64", "add.rn.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("sub.rn.f64", "sub.rn.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("mul.rn.f64", "mul.rn.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("div.rn.f64", "div.rn.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("add.rz.f64", "add.rz.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("mul.rm.f64", "mul.rm.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("min.f64", "min.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("max.f64", "max.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("copysign.f64", "copysign.f64 {d}, {a}, {b};", Ty::F64, Ty::F64),
    form("add.rn.f32", "add.rn.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("sub.rn.f32", "sub.rn.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("mul.rn.f32", "mul.rn.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("div.rn.f32", "div.rn.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("add.rz.ftz.f32", "add.rz.ftz.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("min.f32", "min.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("max.f32", "max.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("min.NaN.f32", "min.NaN.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("max.NaN.f32", "max.NaN.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("copysign.f32", "copysign.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("add.rn.f16", "add.rn.f16 {d}, {a}, {b};", Ty::F16, Ty::F16),
    form("mul.rn.f16", "mul.rn.f16 {d}, {a}, {b};", Ty::F16, Ty::F16),
    form("sub.rn.f16", "sub.rn.f16 {d}, {a}, {b};", Ty::F16, Ty::F16),
    form("min.f16", "min.f16 {d}, {a}, {b};", Ty::F16, Ty::F16),
    form("max.f16", "max.f16 {d}, {a}, {b};", Ty::F16, Ty::F16),
    form("min.NaN.f16", "min.NaN.f16 {d}, {a}, {b};", Ty::F16, Ty::F16),
    form("add.rn.bf16", "add.rn.bf16 {d}, {a}, {b};", Ty::Bf16, Ty::Bf16),
    form("mul.rn.bf16", "mul.rn.bf16 {d}, {a}, {b};", Ty::Bf16, Ty::Bf16),
    form("min.bf16", "min.bf16 {d}, {a}, {b};", Ty::Bf16, Ty::Bf16),
    form("max.bf16", "max.bf16 {d}, {a}, {b};", Ty::Bf16, Ty::Bf16),
    form("min.NaN.bf16", "min.NaN.bf16 {d}, {a}, {b};", Ty::Bf16, Ty::Bf16),
    form("fma.f64(a,b,1)", "fma.rn.f64 {d}, {a}, {b}, 0d3FF0000000000000;", Ty::F64, Ty::F64),
    form("fma.f64(1,a,b)", "fma.rn.f64 {d}, 0d3FF0000000000000, {a}, {b};", Ty::F64, Ty::F64),
    form("fma.f64(a,1,b)", "fma.rn.f64 {d}, {a}, 0d3FF0000000000000, {b};", Ty::F64, Ty::F64),
    form("fma.f32(a,b,1)", "fma.rn.f32 {d}, {a}, {b}, 0f3F800000;", Ty::F32, Ty::F32),
    form("fma.f32(a,1,b)", "fma.rn.f32 {d}, {a}, 0f3F800000, {b};", Ty::F32, Ty::F32),
    form("cvt.rn.f32.f64", "cvt.rn.f32.f64 {d}, {a};", Ty::F64, Ty::F32),
    form("cvt.f64.f32", "cvt.f64.f32 {d}, {a};", Ty::F32, Ty::F64),
    form("cvt.rn.f16.f32", "cvt.rn.f16.f32 {d}, {a};", Ty::F32, Ty::F16),
    form("cvt.rn.bf16.f32", "cvt.rn.bf16.f32 {d}, {a};", Ty::F32, Ty::Bf16),
    form("cvt.f32.f16", "cvt.f32.f16 {d}, {a};", Ty::F16, Ty::F32),
    form("cvt.f32.bf16", "cvt.f32.bf16 {d}, {a};", Ty::Bf16, Ty::F32),
    form("cvt.rn.f16.f64", "cvt.rn.f16.f64 {d}, {a};", Ty::F64, Ty::F16),
    form("cvt.rn.bf16.f64", "cvt.rn.bf16.f64 {d}, {a};", Ty::F64, Ty::Bf16),
    form("cvt.f64.f16", "cvt.f64.f16 {d}, {a};", Ty::F16, Ty::F64),
    form("cvt.rni.f64.f64", "cvt.rni.f64.f64 {d}, {a};", Ty::F64, Ty::F64),
    form("cvt.rzi.f32.f32", "cvt.rzi.f32.f32 {d}, {a};", Ty::F32, Ty::F32),
    form("cvt.rn.bf16.f16", "cvt.rn.bf16.f16 {d}, {a};", Ty::F16, Ty::Bf16),
    form("cvt.rn.f16x2.f32(a,b)", "cvt.rn.f16x2.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("cvt.rn.bf16x2.f32(a,b)", "cvt.rn.bf16x2.f32 {d}, {a}, {b};", Ty::F32, Ty::F32),
    form("sqrt.rn.f64", "sqrt.rn.f64 {d}, {a};", Ty::F64, Ty::F64),
    form("rcp.rn.f64", "rcp.rn.f64 {d}, {a};", Ty::F64, Ty::F64),
    form("sqrt.rn.f32", "sqrt.rn.f32 {d}, {a};", Ty::F32, Ty::F32),
];

/// The triple forms: thread `i * 64 + j * 8 + k` computes with `a = v[i]`, `b = v[j]`,
/// `c = v[k]`.
const TRIPLES: [Form; 2] = [
    form("fma.rn.f64(a,b,c)", "fma.rn.f64 {d}, {a}, {b}, {c};", Ty::F64, Ty::F64),
    form("fma.rn.f32(a,b,c)", "fma.rn.f32 {d}, {a}, {b}, {c};", Ty::F32, Ty::F32),
];

/// The recording: operation name → its results, and the operand tables.
fn recording() -> HashMap<String, Vec<u64>> {
    let path = format!("{}/tests/nan/nan_pairs.gpu.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter_map(|l| l.split_once(':'))
        .filter(|(name, _)| !name.starts_with('#'))
        .map(|(name, values)| {
            let values = values.split_whitespace().map(|w| u64::from_str_radix(w, 16).unwrap_or(u64::MAX)).collect();
            (name.to_string(), values)
        })
        .collect()
}

/// The registers holding operand `which` (0: a, 1: b, 2: c) of type `ty`, and the result's.
fn register(ty: Ty, which: usize) -> String {
    let slot = which + 4 * ty as usize;
    match ty {
        Ty::F64 => format!("%rd{}", 10 + slot),
        Ty::F32 => format!("%r{}", 10 + slot),
        Ty::F16 | Ty::Bf16 => format!("%h{slot}"),
    }
}

/// One kernel computing every form of `forms` per thread (64 a block): the thread's operands
/// a, b, c of each type are at `data[(t * 4 + type) * 3 + k]` (64 bits each, narrowed to the
/// type's width), its result of form `f` (widened to 64 bits) at `out[f * threads + t]`.
fn kernel(forms: &[Form], threads: u32) -> String {
    let mut body = String::from(
        "\n    mul.wide.u32 %rd3, %r4, 96;\n    add.s64 %rd4, %rd1, %rd3;\n    mul.wide.u32 %rd5, %r4, 8;\n    add.s64 %rd6, %rd2, %rd5;\n",
    );
    for ty in [Ty::F64, Ty::F32, Ty::F16, Ty::Bf16] {
        for k in 0..3 {
            let at = (ty as usize * 3 + k) * 8;
            body.push_str(&format!("    ld.global.u64 %rd7, [%rd4+{at}];\n"));
            body.push_str(&match ty {
                Ty::F64 => format!("    mov.b64 {}, %rd7;\n", register(ty, k)),
                Ty::F32 => format!("    cvt.u32.u64 {}, %rd7;\n", register(ty, k)),
                Ty::F16 | Ty::Bf16 => format!("    cvt.u16.u64 {}, %rd7;\n", register(ty, k)),
            });
        }
    }
    for (i, f) in forms.iter().enumerate() {
        let d = register(f.output, 3);
        let op = f
            .instruction
            .replace("{a}", &register(f.input, 0))
            .replace("{b}", &register(f.input, 1))
            .replace("{c}", &register(f.input, 2))
            .replace("{d}", &d);
        let widen = match f.output {
            Ty::F64 => format!("mov.b64 %rd8, {d};"),
            Ty::F32 => format!("cvt.u64.u32 %rd8, {d};"),
            Ty::F16 | Ty::Bf16 => format!("cvt.u64.u16 %rd8, {d};"),
        };
        let at = i as u32 * threads * 8;
        body.push_str(&format!("    {op}\n    {widen}\n    st.global.u64 [%rd6+{at}], %rd8;\n"));
    }
    body.push_str("    ret;\n");
    module(
        "sm_90",
        &Kernel::new("op", &["data", "out"], Index::Grid).global_pointers().declare(".reg .b16 %h<16>;").body(&body),
    )
}

/// Runs `forms` over `operands` (per thread: a, b, c of each type) on `engine`: each form's
/// results, one per thread.
fn run(forms: &[Form], operands: &[[[u64; 3]; 4]], engine: simt::Engine) -> Vec<Vec<u64>> {
    let n = operands.len();
    let p = program(&kernel(forms, n as u32), engine);
    let mem = DeviceMemory::new();
    let data = upload(&mem, &operands.iter().flatten().flatten().copied().collect::<Vec<u64>>());
    let out = upload(&mem, &vec![0xeeee_eeee_eeee_eeeeu64; n * forms.len()]);
    let params = Params::new().ptr(data).ptr(out).clone();
    p.launch("op", Dim3::x(n as u32 / 64), Dim3::x(64), 0, params.bytes(), &mem)
        .unwrap_or_else(|e| panic!("{engine:?}: {e}"));
    download(&mem, out, n * forms.len()).chunks(n).map(<[u64]>::to_vec).collect()
}

fn check(forms: &[Form], triples: bool) {
    let rec = recording();
    let n = if triples { 512 } else { 64 };
    let operands: Vec<[[u64; 3]; 4]> = (0..n)
        .map(|t| {
            [Ty::F64, Ty::F32, Ty::F16, Ty::Bf16].map(|ty| {
                let v = &rec[ty.operands_line()];
                if triples { [v[t / 64], v[t / 8 % 8], v[t % 8]] } else { [v[t / 8], v[t % 8], 0] }
            })
        })
        .collect();
    let mut failures = Vec::new();
    for engine in ENGINES {
        let got = run(forms, &operands, engine);
        for (f, got) in forms.iter().zip(&got) {
            let want = &rec[f.name];
            assert_eq!(want.len(), n, "{}: recorded results", f.name);
            for (t, (g, w)) in got.iter().zip(want).enumerate() {
                let ops = &operands[t][f.input as usize][..if triples { 3 } else { 2 }];
                if g != w && !either_nan_operand(f, ops, *g, *w) {
                    failures.push(format!("{engine:?} {} of {ops:x?}: {g:x}, an H200 {w:x}", f.name));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}

/// Whether `got` and the H200's `want` are both an f64 NaN operand of `ops`, quieted, where
/// `ops` holds two NaNs and `f` is an f64 add, sub, mul or fma: of two NaNs the GPU returns the
/// one in a given slot of the SASS instruction, and ptxas places register operands either way
/// (an H100 returned the first PTX operand's for `__dadd_rn(x, y)` in `tests/gpu-diff`, this
/// H200 recording the second's), so Cuprite's one rule (`float::BIN64_NAN_PRIORITY`,
/// `FMA64_NAN_PRIORITY`) may take the other. Every other result must be the H200's bits.
fn either_nan_operand(f: &Form, ops: &[u64], got: u64, want: u64) -> bool {
    let placement_dependent = f.input == Ty::F64
        && f.output == Ty::F64
        && ["add.", "sub.", "mul.", "fma."].iter().any(|p| f.name.starts_with(p));
    let nan = |x: u64| x & !(1 << 63) > 0x7ff0_0000_0000_0000;
    let quieted: Vec<u64> = ops.iter().filter(|&&x| nan(x)).map(|x| x | 1 << 51).collect();
    placement_dependent && quieted.len() >= 2 && quieted.contains(&got) && quieted.contains(&want)
}

#[test]
fn nan_pairs_give_the_h200s_nan() {
    check(&PAIRS, false);
}

#[test]
fn fma_with_nans_in_every_position_gives_the_h200s_nan() {
    check(&TRIPLES, true);
}
