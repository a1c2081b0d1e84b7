//! The conformance table: each integer arithmetic, logic and shift instruction, the basic
//! f32/f64 arithmetic (with `.ftz`, `.sat`, `.rz`, `min`/`max` and their NaN rules), conversions
//! and unary operations here, and (`conformance_forms`) three-operand forms, carry chains,
//! comparisons, float special operations and approximations, half precision, bit operations,
//! every conversion pair, warp collectives with member masks and atomics (uncontended, and
//! contended where the ISA fixes the outcome), and (a test of their own, from `ROUND6`) every
//! rounding mode of the basic float operations, memory forms, barriers with results and fences,
//! `mma.sync`, `wmma`, `ldmatrix`/`stmatrix`/`movmatrix`, per type, over edge operands (0, ±1, powers of two and their neighbours, the widths' signed
//! and unsigned extremes, NaNs, signed zeros, subnormals), in every operand shape the compiled
//! tiers treat differently — loaded per lane, warp-uniform (a kernel parameter), lane-affine
//! (`param + tid`), an immediate — converged and diverged (only odd lanes execute), in 1D and 2D
//! blocks, on every engine. Each result must equal the PTX ISA's definition, written out
//! independently of the engines' code (`simt::semantics` is the reference they implement), or
//! for approximations lie within the ISA's stated bound; where the ISA leaves a result
//! unspecified, or an NVIDIA H200 departs from its text, what the H200 gives (division and
//! remainder by zero: all ones; `MIN / -1`: `MIN`; `.sat` of `-0.0`: `+0.0`; 64-bit `bfe`
//! fields taken whole; `shfl` from an inactive lane: 0). `tests/conformance-gpu/` replays this table on a GPU
//! (`CONFORMANCE_DUMP=dir` writes it out) and compares every result.

use simt::{DeviceMemory, DevicePtr, Dim3, Engine, Params, Program};

mod common;
mod conformance_forms;

use common::ENGINES;

/// Operand values (raw bits; each case uses the low bits of its width).
const EDGES: [u64; 26] = [
    0,
    1,
    2,
    3,
    31,
    32,
    33,
    63,
    64,
    0x7f,
    0x80,
    0xff,
    0x7fff,
    0x8000,
    0xffff,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_fffe,
    0xffff_ffff,
    0x1_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
    0x1234_5678_9abc_def0,
    1_000_003,
    0xdead_beef_0000_0001,
];

/// Threads per block (two warps).
const THREADS: u32 = 64;

/// One instruction form: `op` is the PTX mnemonic with its type (`div.s32`), `w` the operand
/// width, `bw` the second operand's width (shift amounts are 32-bit), `cw` the third's, `dw` the
/// result's.
struct Case {
    op: &'static str,
    w: u32,
    bw: u32,
    cw: u32,
    dw: u32,
    /// The PTX ISA's result for operands `a`, `b`, `c` (already narrowed to their widths) of
    /// width `w`; `None` where the result is unspecified.
    model: fn(u64, u64, u64, u32) -> Option<u64>,
    /// Immediates tried as operand `imm_at` (1: `b`, 2: `c`).
    imms: &'static [u64],
    imm_at: usize,
    /// Operand values (raw bits) of `a`, and of `b` unless `b_edges` says otherwise.
    edges: &'static [u64],
    b_edges: Option<&'static [u64]>,
    /// Values of the third operand (three-operand forms).
    c_edges: &'static [u64],
    /// Whether operands are floating point (immediates written `0f...`/`0d...`).
    float: bool,
    /// Source operands: 1 (`a`), 2 (`a`, `b`) or 3 (`a`, `b`, `c`).
    arity: usize,
    /// How results compare: bit for bit, or with NaNs of any payload equal.
    result: Res,
    /// The instructions computing `{d}` from `{a}`, `{b}`, `{c}` where one instruction of the
    /// default form (`op d, a, b`) does not (predicates, several results, carry chains); scratch
    /// registers `%sp<8>` (`.pred`), `%sh<8>` (`.b16`), `%sx<8>` (`.b32`), `%sy<8>` (`.b64`).
    text: Option<&'static str>,
    /// `.version`/`.target` lines: PTX 8.0 for sm_80 unless the form needs newer (`sm_90`).
    target: &'static str,
    /// For approximations: how far from the model's correctly rounded result a result may be
    /// (the PTX ISA's bound); `None`: bit for bit (NaN payloads aside).
    tolerance: Option<Tolerance>,
    /// For collectives and contended atomics, whose result depends on other threads: the
    /// model, given every thread's operands (replaces `model`).
    group: Option<GroupModel>,
    /// Whether the last slot runs in every thread rather than the odd ones: for forms the ISA
    /// requires the whole warp or block to execute (`.aligned` matrix instructions, barriers).
    converged_only: bool,
}

/// A collective's model: thread `t`'s result, `None` where the ISA leaves it to the hardware.
type GroupModel = fn(&Group<'_>) -> Option<u64>;

/// What a collective's model sees of one result slot of a launch.
struct Group<'a> {
    /// Every thread's operands `(a, b, c)`, by linear thread id (warps: 32 consecutive ids).
    lanes: &'a [(u64, u64, u64)],
    /// Which threads execute the slot (the diverged slot: the odd ones).
    active: &'a [bool],
    /// The thread whose result is wanted.
    t: usize,
    /// The launch's uniform operands (contended atomics start from `c`'s).
    uniforms: [u64; 3],
    /// Every thread's loaded operands (the `a`, `b`, `c` arrays), whatever the slot's shapes:
    /// for forms that read those arrays themselves (`ld.global.nc`, `cp.async`).
    loaded: &'a [(u64, u64, u64)],
}

impl Group<'_> {
    /// The linear ids of thread `t`'s warp.
    fn warp(&self) -> std::ops::Range<usize> {
        let first = self.t / 32 * 32;
        first..first + 32
    }

    /// The member mask the slot's instructions name (`{m}`): every lane, or the odd ones.
    fn member_mask(&self) -> u32 {
        if self.active.iter().all(|&a| a) { u32::MAX } else { 0xaaaa_aaaa }
    }
}

/// An approximation's error bound, per the PTX ISA.
#[derive(Clone, Copy)]
enum Tolerance {
    /// Units in the last place of the result's format, from the correctly rounded result.
    Ulps(f64),
    /// The larger of a relative and an absolute error (plus half an ulp: the model's result
    /// is itself rounded).
    Error { relative: f64, absolute: f64 },
}

/// The floating-point values of a result: one, or one per 16-bit lane.
fn float_lanes(v: u64, dw: u32, result: Res) -> Vec<(f64, f64)> {
    use conformance_forms::half::half_value;
    let v = v & mask(dw);
    // (value, its ulp)
    let half = |h: u64, exp_bits: u32| {
        let x = half_value(h, exp_bits);
        let frac_bits = 15 - exp_bits as i32;
        let min_exp = 2 - (1 << (exp_bits - 1));
        let e = if x == 0.0 || !x.is_finite() { min_exp } else { (x.abs().log2().floor() as i32).max(min_exp) };
        (x, 2f64.powi(e - frac_bits))
    };
    match (result, dw) {
        (Res::F16Lanes, _) => (0..dw / 16).map(|k| half((v >> (16 * k)) & 0xffff, 5)).collect(),
        (Res::Bf16Lanes, _) => (0..dw / 16).map(|k| half((v >> (16 * k)) & 0xffff, 8)).collect(),
        (_, 32) => {
            let x = f32::from_bits(v as u32);
            vec![(f64::from(x), f64::from(x.abs().next_up() - x.abs()))]
        }
        _ => {
            let x = f64::from_bits(v);
            vec![(x, x.abs().next_up() - x.abs())]
        }
    }
}

/// Whether result `got` is within `tolerance` of the model's `want`: NaN where `want` is NaN,
/// infinities exactly, finite values within the bound.
fn within(got: u64, want: u64, dw: u32, result: Res, tolerance: Tolerance) -> bool {
    float_lanes(got, dw, result).into_iter().zip(float_lanes(want, dw, result)).all(|((g, _), (w, ulp))| {
        if w.is_nan() || g.is_nan() {
            return w.is_nan() && g.is_nan();
        }
        if w.is_infinite() || g.is_infinite() {
            return g == w;
        }
        let bound = match tolerance {
            Tolerance::Ulps(n) => n * ulp,
            Tolerance::Error { relative, absolute } => (relative * w.abs()).max(absolute) + ulp / 2.0,
        };
        (g - w).abs() <= bound
    })
}

/// How a form's results compare (and hash): NaNs of any payload are one value, as the ISA
/// leaves single-precision NaN payloads unspecified.
#[derive(Clone, Copy, PartialEq)]
enum Res {
    /// Bit for bit.
    Int,
    /// An IEEE value of the result's width (16 bits: binary16).
    Float,
    /// 16-bit binary16 lanes (`.f16`, `.f16x2`).
    F16Lanes,
    /// 16-bit bfloat16 lanes (`.bf16`, `.bf16x2`).
    Bf16Lanes,
}

impl Res {
    /// The manifest's and `compare.py`'s number for it.
    fn code(self) -> u8 {
        match self {
            Res::Int => 0,
            Res::Float => 1,
            Res::F16Lanes => 2,
            Res::Bf16Lanes => 3,
        }
    }
}

/// The default PTX version and target.
const SM80: &str = ".version 8.0\n.target sm_80";
/// For forms that need sm_90 (bf16 arithmetic, `.relu` integer min/max).
const SM90: &str = ".version 8.0\n.target sm_90";

impl Case {
    /// A form with the defaults: two integer operands of width `w`, its edges, no immediates.
    fn int(op: &'static str, w: u32, dw: u32, model: fn(u64, u64, u64, u32) -> Option<u64>) -> Case {
        Case {
            op,
            w,
            bw: w,
            cw: w,
            dw,
            model,
            imms: &[],
            imm_at: 1,
            edges: &EDGES,
            b_edges: None,
            c_edges: &[],
            float: false,
            arity: 2,
            result: Res::Int,
            text: None,
            target: SM80,
            tolerance: None,
            group: None,
            converged_only: false,
        }
    }

    fn b_edges(&self) -> &'static [u64] {
        self.b_edges.unwrap_or(self.edges)
    }
}

/// A model's answer for a floating-point result the ISA leaves unspecified but a NaN
/// ("single-precision instructions return an unspecified NaN").
const ANY_NAN: u64 = u64::MAX;

/// Whether `v` is a NaN of width `w`.
fn is_nan(v: u64, w: u32) -> bool {
    if w == 32 { f32::from_bits(v as u32).is_nan() } else { f64::from_bits(v).is_nan() }
}

fn mask(w: u32) -> u64 {
    if w >= 64 { u64::MAX } else { (1u64 << w) - 1 }
}

fn sext(v: u64, w: u32) -> i64 {
    let s = 64 - w;
    ((v << s) as i64) >> s
}

const PLAIN_IMMS: &[u64] = &[1, 7, 0x8000_0000, u64::MAX];
const SHIFT_IMMS: &[u64] = &[0, 1, 31, 32, 33, 63, 64, 100];

/// The integer arithmetic forms of type `t` (`w` bits, `signed`): add, sub, mul (lo, hi,
/// wide), div and rem (by zero: all ones), min, max and shr (counts past the width).
fn integer_forms(t: &str, w: u32, signed: bool) -> Vec<Case> {
    let mut v = Vec::new();
    let op = |name: &str| -> &'static str { Box::leak(format!("{name}.{t}").into_boxed_str()) };
    let c = |o, model| Case { imms: PLAIN_IMMS, ..Case::int(o, w, w, model) };
    v.push(c(op("add"), |a, b, _, w| Some(a.wrapping_add(b) & mask(w))));
    v.push(c(op("sub"), |a, b, _, w| Some(a.wrapping_sub(b) & mask(w))));
    v.push(c(op("mul.lo"), |a, b, _, w| Some(a.wrapping_mul(b) & mask(w))));
    if signed {
        v.push(c(op("mul.hi"), |a, b, _, w| {
            Some(((i128::from(sext(a, w)) * i128::from(sext(b, w))) >> w) as u64 & mask(w))
        }));
        // By zero: all ones, quotient and remainder; MIN / -1 wraps to MIN, remainder 0.
        v.push(c(op("div"), |a, b, _, w| {
            let (x, y) = (sext(a, w), sext(b, w));
            Some(if y == 0 { mask(w) } else { x.wrapping_div(y) as u64 & mask(w) })
        }));
        v.push(c(op("rem"), |a, b, _, w| {
            let (x, y) = (sext(a, w), sext(b, w));
            Some(if y == 0 { mask(w) } else { x.wrapping_rem(y) as u64 & mask(w) })
        }));
        v.push(c(op("min"), |a, b, _, w| Some(sext(a, w).min(sext(b, w)) as u64 & mask(w))));
        v.push(c(op("max"), |a, b, _, w| Some(sext(a, w).max(sext(b, w)) as u64 & mask(w))));
    } else {
        v.push(c(op("mul.hi"), |a, b, _, w| Some(((u128::from(a) * u128::from(b)) >> w) as u64 & mask(w))));
        v.push(c(op("div"), |a, b, _, w| Some(a.checked_div(b).unwrap_or(mask(w)))));
        v.push(c(op("rem"), |a, b, _, w| Some(a.checked_rem(b).unwrap_or(mask(w)))));
        v.push(c(op("min"), |a, b, _, _| Some(a.min(b))));
        v.push(c(op("max"), |a, b, _, _| Some(a.max(b))));
    }
    if w <= 32 {
        let model: fn(u64, u64, u64, u32) -> Option<u64> =
            if signed { |a, b, _, w| Some((sext(a, w) * sext(b, w)) as u64) } else { |a, b, _, _| Some(a * b) };
        v.push(Case { imms: PLAIN_IMMS, ..Case::int(op("mul.wide"), w, 2 * w, model) });
    }
    let shr: fn(u64, u64, u64, u32) -> Option<u64> = if signed {
        |a, b, _, w| Some((sext(a, w) >> b.min(u64::from(w) - 1)) as u64 & mask(w))
    } else {
        |a, b, _, w| Some(if b >= u64::from(w) { 0 } else { a >> b })
    };
    v.push(Case { bw: 32, imms: SHIFT_IMMS, ..Case::int(op("shr"), w, w, shr) });
    v
}

/// The logic forms of bit type `t` (`w` bits): and, or, xor, and shl (counts past the width).
fn logic_forms(t: &str, w: u32) -> Vec<Case> {
    let mut v = Vec::new();
    let op = |name: &str| -> &'static str { Box::leak(format!("{name}.{t}").into_boxed_str()) };
    let c = |o, model| Case { imms: PLAIN_IMMS, ..Case::int(o, w, w, model) };
    v.push(c(op("and"), |a, b, _, _| Some(a & b)));
    v.push(c(op("or"), |a, b, _, _| Some(a | b)));
    v.push(c(op("xor"), |a, b, _, _| Some(a ^ b)));
    v.push(Case {
        bw: 32,
        imms: SHIFT_IMMS,
        ..Case::int(op("shl"), w, w, |a, b, _, w| Some(if b >= u64::from(w) { 0 } else { (a << b) & mask(w) }))
    });
    v
}

fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    for (t, w, signed) in [("u32", 32, false), ("s32", 32, true), ("u64", 64, false), ("s64", 64, true)] {
        v.extend(integer_forms(t, w, signed));
    }
    for (t, w) in [("b32", 32), ("b64", 64)] {
        v.extend(logic_forms(t, w));
    }
    v.extend(float_cases());
    v.extend(unary_cases());
    v.extend(conformance_forms::cases());
    // New families go last: a launch's name holds its form's index, which the GPU's
    // recordings are keyed by.
    v.extend(conformance_forms::later_cases());
    assert_eq!(v.len(), ROUND6, "round 6's forms start at ROUND6");
    v.extend(conformance_forms::round6_cases());
    assert_eq!(v.len(), ROUND7, "round 7's forms start at ROUND7");
    v.extend(conformance_forms::round7_cases());
    assert_eq!(v.len(), ROUND8, "round 8's forms start at ROUND8");
    v.extend(conformance_forms::round8_cases());
    assert_eq!(v.len(), ROUND9, "round 9's forms start at ROUND9");
    v.extend(conformance_forms::round9_cases());
    v
}

/// f32 operand values: zeros, the subnormal and normal extremes, ones, infinities, quiet and
/// signalling NaNs with payloads, values whose sums and products round.
const F32_EDGES: [u64; 22] = [
    0,
    0x8000_0000,
    1,
    0x8000_0001,
    0x007f_ffff,
    0x807f_ffff,
    0x0080_0000,
    0x8080_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x3fc0_0000,
    0x3eaa_aaab,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7f80_0001,
    0xffc0_0123,
    0x3380_0000,
    0x4b80_0000,
    0x0040_0000,
];

/// f64 operand values, as for f32.
const F64_EDGES: [u64; 20] = [
    0,
    0x8000_0000_0000_0000,
    1,
    0x800f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3ff8_0000_0000_0000,
    0x3fd5_5555_5555_5555,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff0_0000_0000_0001,
    0xfff8_0000_0000_0123,
    0x3ca0_0000_0000_0000,
    0x4340_0000_0000_0000,
    0x0008_0000_0000_0000,
    0x4009_21fb_5444_2d18,
];

const F32_IMMS: &[u64] = &[0x3f80_0000, 0x8000_0000, 0x7f80_0000, 0x0000_0001];
const F64_IMMS: &[u64] = &[0x3ff0_0000_0000_0000, 0x8000_0000_0000_0000, 0x7ff0_0000_0000_0000, 1];

fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() { f32::from_bits(x.to_bits() & 0x8000_0000) } else { x }
}

/// An f32 result: NaN → any NaN; `.ftz` flushes subnormal operands and results; `.sat`
/// clamps to [0, 1] with NaN → +0.
fn f32_result(a: u64, b: u64, f: fn(f32, f32) -> f32, ftz: bool, sat: bool) -> Option<u64> {
    let (mut x, mut y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
    if ftz {
        (x, y) = (ftz32(x), ftz32(y));
    }
    let mut r = f(x, y);
    if sat {
        // -0.0 is below the range: +0.0.
        r = if r.is_nan() || r <= 0.0 { 0.0 } else { r.min(1.0) };
    }
    if r.is_nan() {
        return Some(ANY_NAN);
    }
    if ftz {
        r = ftz32(r);
    }
    Some(u64::from(r.to_bits()))
}

/// PTX `min`/`max` of two values, not both NaN: a NaN operand gives the other; -0.0 < +0.0.
fn fmin<T: PartialOrd + Copy>(x: T, y: T, x_nan: bool, y_nan: bool, x_neg: bool, less: bool) -> T {
    match (x_nan, y_nan) {
        (true, _) => y,
        (_, true) => x,
        // Equal: zeros of either sign; the negative one is the smaller.
        _ if x == y => {
            if x_neg == less {
                x
            } else {
                y
            }
        }
        _ => {
            if (x < y) == less {
                x
            } else {
                y
            }
        }
    }
}

fn f64_result(a: u64, b: u64, f: fn(f64, f64) -> f64) -> Option<u64> {
    let r = f(f64::from_bits(a), f64::from_bits(b));
    Some(if r.is_nan() { ANY_NAN } else { r.to_bits() })
}

fn min32(a: u64, b: u64, less: bool, ftz: bool) -> Option<u64> {
    let (mut x, mut y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
    if ftz {
        (x, y) = (ftz32(x), ftz32(y));
    }
    if x.is_nan() && y.is_nan() {
        return Some(ANY_NAN);
    }
    Some(u64::from(fmin(x, y, x.is_nan(), y.is_nan(), x.is_sign_negative(), less).to_bits()))
}

fn min64(a: u64, b: u64, less: bool) -> Option<u64> {
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    if x.is_nan() && y.is_nan() {
        return Some(ANY_NAN);
    }
    Some(fmin(x, y, x.is_nan(), y.is_nan(), x.is_sign_negative(), less).to_bits())
}

/// A binary floating-point form of width `w` (32 or 64) over that width's edge values.
fn float_binary(op: &'static str, w: u32, model: fn(u64, u64, u64, u32) -> Option<u64>) -> Case {
    let (edges, imms): (&'static [u64], &'static [u64]) =
        if w == 32 { (&F32_EDGES, F32_IMMS) } else { (&F64_EDGES, F64_IMMS) };
    Case { imms, edges, float: true, result: Res::Float, ..Case::int(op, w, w, model) }
}

fn float_cases() -> Vec<Case> {
    type Model = fn(u64, u64, u64, u32) -> Option<u64>;
    let f32c = |op: &'static str, model: Model| float_binary(op, 32, model);
    let f64c = |op: &'static str, model: Model| float_binary(op, 64, model);
    vec![
        f32c("add.f32", |a, b, _, _| f32_result(a, b, |x, y| x + y, false, false)),
        f32c("sub.f32", |a, b, _, _| f32_result(a, b, |x, y| x - y, false, false)),
        f32c("mul.f32", |a, b, _, _| f32_result(a, b, |x, y| x * y, false, false)),
        f32c("div.rn.f32", |a, b, _, _| f32_result(a, b, |x, y| x / y, false, false)),
        f32c("add.ftz.f32", |a, b, _, _| f32_result(a, b, |x, y| x + y, true, false)),
        f32c("mul.ftz.f32", |a, b, _, _| f32_result(a, b, |x, y| x * y, true, false)),
        f32c("div.rn.ftz.f32", |a, b, _, _| f32_result(a, b, |x, y| x / y, true, false)),
        f32c("add.sat.f32", |a, b, _, _| f32_result(a, b, |x, y| x + y, false, true)),
        f32c("mul.rz.f32", |a, b, _, _| {
            // Round toward zero: the exact product (an f64 holds it) truncated to f32.
            let p = f64::from(f32::from_bits(a as u32)) * f64::from(f32::from_bits(b as u32));
            if p.is_nan() {
                return Some(ANY_NAN);
            }
            let n = p as f32;
            let t = if f64::from(n).abs() > p.abs() { f32::from_bits(n.to_bits() - 1) } else { n };
            Some(u64::from(t.to_bits()))
        }),
        f32c("min.f32", |a, b, _, _| min32(a, b, true, false)),
        f32c("max.f32", |a, b, _, _| min32(a, b, false, false)),
        f32c("min.ftz.f32", |a, b, _, _| min32(a, b, true, true)),
        f32c("max.NaN.f32", |a, b, _, _| {
            let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            if x.is_nan() || y.is_nan() { Some(ANY_NAN) } else { min32(a, b, false, false) }
        }),
        f64c("add.f64", |a, b, _, _| f64_result(a, b, |x, y| x + y)),
        f64c("sub.f64", |a, b, _, _| f64_result(a, b, |x, y| x - y)),
        f64c("mul.f64", |a, b, _, _| f64_result(a, b, |x, y| x * y)),
        f64c("div.rn.f64", |a, b, _, _| f64_result(a, b, |x, y| x / y)),
        f64c("min.f64", |a, b, _, _| min64(a, b, true)),
        f64c("max.f64", |a, b, _, _| min64(a, b, false)),
    ]
}

/// Where a source operand comes from: loaded per lane, warp-uniform (a kernel parameter),
/// lane-affine (`param + tid`, operand `a` only), or an immediate.
#[derive(Clone, Copy)]
enum Src {
    Loaded,
    Uniform,
    Affine,
    Imm(u64),
}

/// The operand shapes of each result slot but the last (the diverged loaded × loaded × loaded):
/// loaded × loaded, uniform × loaded, loaded × uniform, affine × loaded, uniform × uniform, one
/// per immediate, then for three operands loaded × loaded × uniform and all uniform.
fn shapes(c: &Case) -> Vec<[Src; 3]> {
    use Src::{Affine, Imm, Loaded, Uniform};
    let mut v = vec![
        [Loaded, Loaded, Loaded],
        [Uniform, Loaded, Loaded],
        [Loaded, Uniform, Loaded],
        [Affine, Loaded, Loaded],
        [Uniform, Uniform, Loaded],
    ];
    for &x in c.imms {
        let mut s = [Loaded; 3];
        s[c.imm_at] = Imm(x);
        v.push(s);
    }
    if c.arity == 3 {
        v.push([Loaded, Loaded, Uniform]);
        v.push([Uniform, Uniform, Uniform]);
    }
    v
}

fn slots(c: &Case) -> usize {
    shapes(c).len() + 1
}

/// The value PTX text writes for immediate `v` as a `w`-bit operand.
fn imm(v: u64, w: u32, float: bool) -> String {
    match (float, w) {
        (true, 32) => format!("0f{:08X}", v as u32),
        (true, _) => format!("0d{v:016X}"),
        (false, _) => format!("0x{:x}", v & mask(w)),
    }
}

/// The width of the kernel parameter carrying a uniform operand of width `w` (16-bit operands
/// travel in 32 bits).
fn param_width(w: u32) -> u32 {
    w.max(32)
}

/// Loads uniform operand register `reg` (width `w`) from parameter `param`, through 32-bit
/// register `wide` when it is narrower than its parameter.
fn load_uniform(reg: &str, w: u32, param: &str, wide: &str) -> String {
    if w == param_width(w) {
        format!("    ld.param.b{w} {reg}, [{param}];\n")
    } else {
        format!("    ld.param.b32 {wide}, [{param}];\n    cvt.u{w}.u32 {reg}, {wide};\n")
    }
}

/// The instructions computing result slot `slot`'s register `%d{slot}` of `c` from operands of
/// the given shapes. Besides the operands, a form's text may name the slot's member mask `{m}`
/// (every lane, or the odd ones in the diverged slot), its warp scratch word's offset `{s8}`,
/// the linear thread id `%t3`, the thread's own scratch word (`[%q10]` global, `[%q11]`
/// shared) and its warp's scratch words (`[%w1+{s8}]` global, `[%w0+{s8}]` shared), which lane
/// 0 sets to the uniform `c` before any slot runs.
fn instruction(c: &Case, slot: usize, shape: [Src; 3], diverged: bool) -> String {
    let d = format!("%d{slot}");
    let widths = [c.w, c.bw, c.cw];
    let operand = |i: usize| match shape[i] {
        Src::Loaded => format!("%{}0", ["a", "b", "c"][i]),
        Src::Uniform => format!("%{}1", ["a", "b", "c"][i]),
        Src::Affine => "%a2".to_string(),
        Src::Imm(v) => imm(v, widths[i], c.float),
    };
    let default = match c.arity {
        1 => "{op} {d}, {a}",
        2 => "{op} {d}, {a}, {b}",
        _ => "{op} {d}, {a}, {b}, {c}",
    };
    let text = c
        .text
        .unwrap_or(default)
        .replace("{op}", c.op)
        .replace("{d}", &d)
        .replace("{m}", if diverged { "0xaaaaaaaa" } else { "0xffffffff" })
        .replace("{s8}", &(slot * 8).to_string())
        .replace("{a}", &operand(0))
        .replace("{b}", &operand(1))
        .replace("{c}", &operand(2));
    text.split(';').map(str::trim).filter(|i| !i.is_empty()).map(|i| format!("    {i};\n")).collect()
}

/// Bytes of global scratch after the `c` operands' words: one word per warp and slot.
const GLOBAL_SCRATCH: u64 = 2 * 64 * 8;

/// The scratch memory of forms that name it (`instruction`): each thread's shared word
/// (`%q11`), its warp's shared and global words per slot (`%w0`, `%w1`; the global ones after
/// the `c` operands), which the warp's lane 0 sets to the uniform `c` (width `cw`) before a
/// barrier.
fn scratch(cw: u32, slots: usize) -> String {
    let mut init = String::new();
    for s in 0..slots {
        init.push_str(&format!(
            "    @%wp st.shared.b{cw} [%w0+{o}], %c1;\n    @%wp st.global.b{cw} [%w1+{o}], %c1;\n",
            o = s * 8
        ));
    }
    format!(
        "    .shared .align 8 .b64 lane_scratch[{THREADS}];
    .shared .align 8 .b64 warp_scratch[{words}];
    .reg .b64 %w<3>;
    .reg .b32 %v<2>;
    .reg .pred %wp;
    mov.u64 %q11, lane_scratch;
    add.u64 %q11, %q11, %q3;
    shr.u32 %v0, %t3, 5;
    mul.wide.u32 %w2, %v0, {stride};
    mov.u64 %w0, warp_scratch;
    add.u64 %w0, %w0, %w2;
    add.u64 %w1, %q9, {global};
    add.u64 %w1, %w1, %w2;
    and.b32 %v1, %t3, 31;
    setp.eq.u32 %wp, %v1, 0;
{init}    bar.sync 0;
",
        words = THREADS as usize / 32 * slots,
        stride = slots * 8,
        global = THREADS * 8,
    )
}

/// A kernel computing every slot of `c` for each thread (linear id over a 2D block).
fn kernel(c: &Case) -> String {
    let (aw, bw, cw, dw) = (c.w, c.bw, c.cw, c.dw);
    let n = slots(c);
    let mut body = String::new();
    for (d, shape) in shapes(c).into_iter().enumerate() {
        body.push_str(&instruction(c, d, shape, false));
    }
    let div = n - 1;
    let mut stores = String::new();
    for d in 0..n {
        stores.push_str(&format!("    st.global.b{dw} [%q8+{}], %d{d};\n", d * 8));
    }
    let affine = match aw {
        32 => "    add.u32 %a2, %a1, %t3;\n".to_string(),
        64 => "    cvt.u64.u32 %q6, %t3;\n    add.u64 %a2, %a1, %q6;\n".to_string(),
        _ => format!("    cvt.u{aw}.u32 %h0, %t3;\n    add.u{aw} %a2, %a1, %h0;\n"),
    };
    let uniforms = [
        load_uniform("%a1", aw, "ua", "%t5"),
        load_uniform("%b1", bw, "ub", "%t6"),
        load_uniform("%c1", cw, "uc", "%t7"),
    ]
    .concat();
    let diverged = instruction(c, div, [Src::Loaded; 3], !c.converged_only);
    let branch = if c.converged_only { "" } else { "    @!%p1 bra SKIP;\n" };
    let scratch =
        if c.text.is_some_and(|t| t.contains("%q11") || t.contains("%w")) { scratch(cw, n) } else { String::new() };
    format!(
        r#"{target}
.address_size 64

.visible .entry k(.param .u64 out, .param .u64 av, .param .u64 bv, .param .b{apw} ua, .param .b{bpw} ub, .param .u64 cv, .param .b{cpw} uc)
{{
    .reg .pred %p<3>;
    .reg .pred %sp<8>;
    .reg .b16 %h<2>;
    .reg .b16 %sh<8>;
    .reg .b32 %sx<8>;
    .reg .b64 %sy<8>;
    .reg .b32 %t<8>;
    .reg .b64 %q<12>;
    .reg .b{aw} %a<3>;
    .reg .b{bw} %b<2>;
    .reg .b{cw} %c<2>;
    .reg .b{dw} %d<{n}>;
    mov.u32 %t0, %tid.x;
    mov.u32 %t1, %tid.y;
    mov.u32 %t2, %ntid.x;
    mad.lo.u32 %t3, %t1, %t2, %t0;
    ld.param.u64 %q0, [out];
    ld.param.u64 %q1, [av];
    ld.param.u64 %q2, [bv];
    ld.param.u64 %q9, [cv];
    mul.wide.u32 %q3, %t3, 8;
    add.s64 %q4, %q1, %q3;
    add.s64 %q5, %q2, %q3;
    add.s64 %q10, %q9, %q3;
    ld.global.b{aw} %a0, [%q4];
    ld.global.b{bw} %b0, [%q5];
    ld.global.b{cw} %c0, [%q10];
{uniforms}{scratch}{affine}{body}    and.b32 %t4, %t3, 1;
    setp.ne.u32 %p1, %t4, 0;
    mov.b{dw} %d{div}, 0x5a;
{branch}{diverged}SKIP:
    mul.wide.u32 %q7, %t3, {stride};
    add.s64 %q8, %q0, %q7;
{stores}    ret;
}}
"#,
        target = c.target,
        apw = param_width(aw),
        bpw = param_width(bw),
        cpw = param_width(cw),
        stride = n * 8,
    )
}

/// A result as it compares: masked to its width, NaNs (of the result's format, per 16-bit lane
/// for half lanes) replaced by one value.
fn canonical(v: u64, dw: u32, result: Res) -> u64 {
    let v = v & mask(dw);
    let lanes = |nan: fn(u64) -> bool| {
        (0..dw / 16).fold(0u64, |acc, i| {
            let lane = (v >> (16 * i)) & 0xffff;
            acc | (if nan(lane) { 0xffff } else { lane }) << (16 * i)
        })
    };
    match result {
        Res::Int => v,
        Res::Float => {
            let half_nan = dw == 16 && v & 0x7c00 == 0x7c00 && v & 0x3ff != 0;
            if (dw >= 32 && is_nan(v, dw)) || half_nan { u64::MAX } else { v }
        }
        Res::F16Lanes => lanes(|h| h & 0x7c00 == 0x7c00 && h & 0x3ff != 0),
        Res::Bf16Lanes => lanes(|h| h & 0x7f80 == 0x7f80 && h & 0x7f != 0),
    }
}

/// The value of operand `i` of shape `s` for thread `t`: its loaded value `own`, the launch's
/// uniform `uniform`.
fn operand_value(s: Src, own: u64, uniform: u64, t: usize, w: u32) -> u64 {
    match s {
        Src::Loaded => own,
        Src::Uniform => uniform,
        Src::Affine => (uniform + t as u64) & mask(w),
        Src::Imm(v) => v & mask(w),
    }
}

/// One launch of a form: its operands per thread (`operands`) and uniform ones.
struct Launch<'a> {
    c: &'a Case,
    shapes: &'a [[Src; 3]],
    operands: &'a dyn Fn(usize) -> (u64, u64, u64),
    uniforms: [u64; 3],
}

impl Launch<'_> {
    /// Checks a launch's results (`out`, from an engine or the GPU, named `who`) against the
    /// form's model; records each form's first difference in `failures`. Returns the number
    /// of results checked.
    fn check(&self, out: &[u8], who: &str, failures: &mut std::collections::BTreeMap<String, String>) -> usize {
        let c = self.c;
        let n = self.shapes.len() + 1;
        let [ua, ub, uc] = self.uniforms;
        let word = |t: usize, s: usize| {
            let at = (t * n + s) * 8;
            u64::from_le_bytes(out[at..at + 8].try_into().unwrap())
        };
        let mut checked = 0;
        // Every slot's operands for every thread, for collectives' models.
        let all_lanes: Vec<Vec<(u64, u64, u64)>> = if c.group.is_some() {
            (0..n)
                .map(|s| {
                    (0..THREADS as usize)
                        .map(|t| {
                            let (x, y, z) = (self.operands)(t);
                            match self.shapes.get(s) {
                                Some(shape) => (
                                    operand_value(shape[0], x, ua, t, c.w),
                                    operand_value(shape[1], y, ub, t, c.bw),
                                    operand_value(shape[2], z, uc, t, c.cw),
                                ),
                                None => (x, y, z),
                            }
                        })
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
        let loaded: Vec<(u64, u64, u64)> = (0..THREADS as usize).map(|t| (self.operands)(t)).collect();
        let everyone = [true; THREADS as usize];
        let odd: Vec<bool> = (0..THREADS as usize).map(|t| t % 2 == 1).collect();
        for t in 0..THREADS as usize {
            let (x, y, z) = (self.operands)(t);
            // Each slot's operands, then the diverged slot's (even threads skip it: 0x5a).
            let slots = self.shapes.iter().map(|shape| {
                (
                    operand_value(shape[0], x, ua, t, c.w),
                    operand_value(shape[1], y, ub, t, c.bw),
                    operand_value(shape[2], z, uc, t, c.cw),
                )
            });
            for (s, (p, q, r)) in slots.chain([(x, y, z)]).enumerate() {
                let skipped = s == n - 1 && t % 2 == 0 && !c.converged_only;
                let want = if skipped {
                    Some(0x5a)
                } else if let Some(group) = c.group {
                    let active = if s == n - 1 && !c.converged_only { &odd[..] } else { &everyone[..] };
                    group(&Group { lanes: &all_lanes[s], active, t, uniforms: self.uniforms, loaded: &loaded })
                } else {
                    (c.model)(p, q, r, c.w)
                };
                let Some(want) = want else { continue };
                let got = word(t, s);
                let agrees = match c.tolerance {
                    Some(tolerance) if !skipped => within(got, want, c.dw, c.result, tolerance),
                    _ => canonical(got, c.dw, c.result) == canonical(want, c.dw, c.result),
                };
                if !agrees {
                    let slot = if s == n - 1 { "diverged".to_string() } else { format!("slot {s}") };
                    failures.entry(format!("{} on {}", c.op, who.split(' ').next().unwrap_or(who))).or_insert(format!(
                        "{who}: a={p:#x} b={q:#x} c={r:#x} gave {:#x}, the ISA {:#x} ({slot}, thread {t})",
                        got & mask(c.dw),
                        want & mask(c.dw),
                    ));
                }
                checked += 1;
            }
        }
        checked
    }
}

/// The index of the first form of round 6's families (matrix, memory, barrier and rounding-mode
/// forms), which a test of their own runs so that each test stays short.
const ROUND6: usize = 869;

#[test]
fn instructions_match_the_isa_and_an_h200_in_every_operand_shape_on_every_engine() {
    check_table(0..ROUND6);
}

/// The index of the first form of round 7's families (the operations and types the coverage
/// test found without a form: `conformance_forms/coverage.rs`).
const ROUND7: usize = 1009;

#[test]
fn matrix_memory_barrier_and_rounding_forms_match_the_isa_and_an_h200_on_every_engine() {
    check_table(ROUND6..ROUND7);
}

/// The index of the first form of round 8's families (holes the coverage test still listed
/// that a form can reach); the test of round 7 runs them too.
const ROUND8: usize = 1158;

/// The index of the first form of round 9's family (every atomic through a generic address),
/// which the test of round 7 runs too.
const ROUND9: usize = 1178;

#[test]
fn forms_the_coverage_test_asked_for_match_the_isa_and_an_h200_on_every_engine() {
    check_table(ROUND7..usize::MAX);
}

/// The interpreter and the engines `names` lists (comma-separated `interp`, `jit-all`, `warp`,
/// `block`), in `ENGINES`' order; every engine without a list.
fn engines_named(names: Option<&str>) -> Vec<Engine> {
    let Some(names) = names else { return ENGINES.to_vec() };
    let listed: Vec<&str> = names.split(',').map(str::trim).collect();
    let name = |e: Engine| match e {
        Engine::Interp => "interp",
        Engine::JitAll => "jit-all",
        Engine::Warp => "warp",
        Engine::Block => "block",
        _ => "",
    };
    for n in &listed {
        assert!(ENGINES.iter().any(|&e| name(e) == *n), "CONFORMANCE_ENGINES names {n}: not an engine of the table");
    }
    ENGINES.iter().copied().filter(|&e| e == Engine::Interp || listed.contains(&name(e))).collect()
}

/// Runs the table's forms `range` on every engine and checks them against their models and the
/// H200's recording (`CONFORMANCE_*` variables: see `tests/conformance-gpu/README.md`).
fn check_table(range: std::ops::Range<usize>) {
    // `CONFORMANCE_DUMP=dir` writes every kernel, input and the interpreter's output there, with a
    // manifest, for `tests/conformance-gpu/run.sh` to replay on a GPU and compare.
    let dump = std::env::var_os("CONFORMANCE_DUMP").map(std::path::PathBuf::from);
    // `CONFORMANCE_ONLY=text` runs only the forms whose mnemonic contains it (while debugging).
    let only = std::env::var("CONFORMANCE_ONLY").ok();
    // `CONFORMANCE_FROM=index` runs only the forms from that index on (a new family's launches,
    // to record on a GPU without replaying the rest).
    let from: usize = std::env::var("CONFORMANCE_FROM").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let gpu_results = std::env::var_os("CONFORMANCE_GPU").map(std::path::PathBuf::from);
    // The GPU's results of every launch, hashed (`launch_hash`), as replayed on an H200.
    let recorded = gpu_hashes();
    let forms: Vec<(usize, Case)> = cases()
        .into_iter()
        .enumerate()
        .filter(|(ci, c)| !(only.as_deref().is_some_and(|o| !c.op.contains(o)) || *ci < from || !range.contains(ci)))
        .collect();
    // `CONFORMANCE_CU=file.cu` writes the forms' launches as a CUDA program instead
    // (`conformance_forms/gpu_program.rs`).
    if let Some(cu) = std::env::var_os("CONFORMANCE_CU") {
        let selected: Vec<(usize, &Case)> = forms.iter().map(|(ci, c)| (*ci, c)).collect();
        // `CONFORMANCE_CU_VERBOSE=i,j`: forms whose first launch prints every result.
        let verbose: Vec<usize> = std::env::var("CONFORMANCE_CU_VERBOSE")
            .unwrap_or_default()
            .split(',')
            .filter_map(|i| i.trim().parse().ok())
            .collect();
        std::fs::write(cu, conformance_forms::gpu_program::program(&selected, &verbose)).unwrap();
        return;
    }
    // The forms are independent: workers take them in turn, each with its own memory (most of
    // a fresh clone's time here is the block tier's C compiler, one kernel at a time). A dump
    // lists the launches in the table's order: one worker then.
    let workers = if dump.is_some() { 1 } else { std::thread::available_parallelism().map_or(2, |n| n.get()) };
    let next = std::sync::atomic::AtomicUsize::new(0);
    let tallies = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                let mut t = Tally::default();
                let mem = DeviceMemory::new();
                let bufs = Buffers {
                    av: mem.alloc(u64::from(THREADS) * 8).unwrap(),
                    bv: mem.alloc(u64::from(THREADS) * 8).unwrap(),
                    cv: mem.alloc(u64::from(THREADS) * 8 + GLOBAL_SCRATCH).unwrap(),
                    mem,
                };
                while let Some((ci, c)) = forms.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    check_form(*ci, c, &bufs, &recorded, dump.as_deref(), gpu_results.as_deref(), &mut t);
                }
                tallies.lock().unwrap().push(t);
            });
        }
    });
    let mut all = Tally::default();
    for t in tallies.into_inner().unwrap() {
        all.checked += t.checked;
        all.compared_with_gpu += t.compared_with_gpu;
        all.unrecorded.extend(t.unrecorded);
        all.manifest.push_str(&t.manifest);
        for (k, v) in t.failures {
            all.failures.entry(k).or_insert(v);
        }
    }
    all.unrecorded.sort();
    let Tally { checked, manifest, compared_with_gpu, unrecorded, failures } = all;
    if let Some(d) = &dump {
        std::fs::write(d.join("manifest.txt"), manifest).unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} forms differ (the first difference of each):\n{}",
        failures.len(),
        failures.iter().map(|(k, v)| format!("  {k}: {v}")).collect::<Vec<_>>().join("\n")
    );
    if only.is_some() || from > 0 {
        return;
    }
    // The first test's forms give over 100,000 results and 1,000 launches; round 6's fewer.
    let (least_checked, least_compared) = if range.start == 0 { (100_000, 1000) } else { (10_000, 100) };
    assert!(dump.is_some() || checked > least_checked, "only {checked} results checked");
    assert!(
        dump.is_some() || unrecorded.is_empty(),
        "{} launches (first: {:?}) have no GPU recording: the table changed; re-record it \
         (tests/conformance-gpu/README.md)",
        unrecorded.len(),
        unrecorded.first()
    );
    assert!(
        dump.is_some() || compared_with_gpu > least_compared,
        "only {compared_with_gpu} launches compared with the GPU"
    );
}

/// What checking forms found: results checked, launches compared with the GPU's recording and
/// those without one, the dump's manifest lines, and every form's first difference (from the
/// ISA's model, between engines, from the GPU), so that one run shows them all.
#[derive(Default)]
struct Tally {
    checked: usize,
    compared_with_gpu: usize,
    unrecorded: Vec<String>,
    manifest: String,
    failures: std::collections::BTreeMap<String, String>,
}

/// A worker's device memory and its operand arrays `a`, `b` and `c` (with the scratch).
struct Buffers {
    mem: DeviceMemory,
    av: DevicePtr,
    bv: DevicePtr,
    cv: DevicePtr,
}

/// Runs form `c` (index `ci` of the table) on every engine, into `t`.
fn check_form(
    ci: usize,
    c: &Case,
    bufs: &Buffers,
    recorded: &std::collections::HashMap<String, u64>,
    dump: Option<&std::path::Path>,
    gpu_results: Option<&std::path::Path>,
    t: &mut Tally,
) {
    let Buffers { mem, av, bv, cv } = bufs;
    let (av, bv, cv) = (*av, *bv, *cv);
    // `CONFORMANCE_ENGINES=warp` runs the interpreter (the reference) and the engines named
    // (`scripts/test.sh` reruns the warp tier so, with another register allocator).
    let engines = engines_named(std::env::var("CONFORMANCE_ENGINES").ok().as_deref());
    let Tally { checked, compared_with_gpu, unrecorded, manifest, failures } = t;
    {
        let b_edges = c.b_edges();
        let (ea, eb, ec) = (c.edges.len(), b_edges.len(), c.c_edges.len());
        let n = slots(c);
        assert!(n * 8 * THREADS as usize / 32 <= GLOBAL_SCRATCH as usize, "{}: too many slots for the scratch", c.op);
        let shapes = shapes(c);
        let out = mem.alloc(u64::from(THREADS) * n as u64 * 8).unwrap();
        let src = kernel(c);
        if let Some(d) = &dump {
            std::fs::create_dir_all(d).unwrap();
            std::fs::write(d.join(format!("case{ci}.ptx")), &src).unwrap();
        }
        let programs: Vec<_> = engines
            .iter()
            .map(|&eng| {
                let mut p = Program::from_ptx(&src).unwrap_or_else(|err| panic!("{}: {err}\n{src}", c.op));
                p.set_engine(eng);
                (eng, p)
            })
            .collect();
        // Every pair of `a` and `b` edge values over the launches, with a `c` value picked from
        // the pair's index; the uniform and affine operands take values picked per launch.
        for round in 0..(ea * eb).div_ceil(THREADS as usize) {
            let operands = |t: usize| {
                let k = (round * THREADS as usize + t) % (ea * eb);
                let z = if ec == 0 { 0 } else { c.c_edges[(k * 7 + k / eb) % ec] & mask(c.cw) };
                (c.edges[k / eb] & mask(c.w), b_edges[k % eb] & mask(c.bw), z)
            };
            let (ua, ub) = (c.edges[round % ea] & mask(c.w), b_edges[(round * 7 + 3) % eb] & mask(c.bw));
            let uc = if ec == 0 { 0 } else { c.c_edges[(round * 5 + 1) % ec] & mask(c.cw) };
            let column = |f: fn((u64, u64, u64)) -> u64| -> Vec<u8> {
                (0..THREADS as usize).flat_map(|t| f(operands(t)).to_le_bytes()).collect()
            };
            let (a, b, cz) = (column(|o| o.0), column(|o| o.1), column(|o| o.2));
            mem.write(av, &a).unwrap();
            mem.write(bv, &b).unwrap();
            mem.write(cv, &cz).unwrap();
            if let Some(d) = &dump {
                std::fs::write(d.join(format!("case{ci}_{round}.a.bin")), &a).unwrap();
                std::fs::write(d.join(format!("case{ci}_{round}.b.bin")), &b).unwrap();
                std::fs::write(d.join(format!("case{ci}_{round}.c.bin")), &cz).unwrap();
            }
            for block in [Dim3::x(THREADS), Dim3 { x: 16, y: THREADS / 16, z: 1 }] {
                let mut first: Option<Vec<u8>> = None;
                for (eng, p) in &programs {
                    mem.memset(out, 0, u64::from(THREADS) * n as u64 * 8).unwrap();
                    // Atomics may have changed the `c` words (their threads' scratch).
                    mem.write(cv, &cz).unwrap();
                    let mut params = Params::new();
                    params.ptr(out).ptr(av).ptr(bv);
                    let uniform = |params: &mut Params, v: u64, w: u32| {
                        if param_width(w) == 32 {
                            params.u32(v as u32);
                        } else {
                            params.u64(v);
                        }
                    };
                    uniform(&mut params, ua, c.w);
                    uniform(&mut params, ub, c.bw);
                    params.ptr(cv);
                    uniform(&mut params, uc, c.cw);
                    p.launch("k", Dim3::x(1), block, 0, params.bytes(), mem).unwrap();
                    let mut got = vec![0u8; THREADS as usize * n * 8];
                    mem.read(out, &mut got).unwrap();
                    // Dumping for the GPU, the models are not checked (the GPU's answers are).
                    if dump.is_none() {
                        let launch = Launch { c, shapes: &shapes, operands: &operands, uniforms: [ua, ub, uc] };
                        *checked += launch.check(&got, &format!("{eng:?} block {block:?}"), failures);
                    }
                    let name = format!("case{ci}_{round}_{}x{}", block.x, block.y);
                    if let Some(d) = &dump
                        && first.is_none()
                    {
                        std::fs::write(d.join(format!("{name}.cuprite.bin")), &got).unwrap();
                        manifest.push_str(&format!(
                            "{} case{ci}.ptx {} {} {} {} {n} {} {} {ua:#x} {ub:#x} {uc:#x} case{ci}_{round}.a.bin \
                             case{ci}_{round}.b.bin case{ci}_{round}.c.bin {name} {}\n",
                            c.op,
                            c.w,
                            c.bw,
                            c.cw,
                            c.dw,
                            block.x,
                            block.y,
                            c.result.code()
                        ));
                    }
                    // `CONFORMANCE_GPU=dir`: the GPU's results (`NAME.gpu.bin`, from replay.cpp)
                    // checked against the models too, which validates the models themselves.
                    if let Some(g) = &gpu_results
                        && first.is_none()
                    {
                        let path = g.join(format!("{name}.gpu.bin"));
                        let results = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                        let launch = Launch { c, shapes: &shapes, operands: &operands, uniforms: [ua, ub, uc] };
                        launch.check(&results, &format!("the GPU, launch {name}"), failures);
                    }
                    // Approximations are checked against their bound, not bit for bit.
                    if first.is_none() && c.tolerance.is_none() {
                        match recorded.get(&name) {
                            Some(&h) => {
                                if launch_hash(&got, c.dw, c.result) != h {
                                    failures.entry(format!("{} on the GPU", c.op)).or_insert(format!(
                                        "launch {name} differs from the H200's recording \
                                         (tests/conformance-gpu/README.md says how to see the differing results)"
                                    ));
                                }
                                *compared_with_gpu += 1;
                            }
                            None => unrecorded.push(name),
                        }
                    }
                    match &first {
                        None => first = Some(got),
                        Some(f) => {
                            if *f != got {
                                failures.entry(format!("{} {eng:?} vs {:?}", c.op, ENGINES[0])).or_insert(format!(
                                    "block {block:?}: the engines differ (unspecified results included)"
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Float → integer conversion as PTX defines it: round by `mode`, then saturate to the
/// destination's range; NaN gives 0, or `1 << (dw - 1)` from `.f64` or into 64 bits.
fn f2i(x: f64, mode: char, signed: bool, dw: u32, src64: bool) -> u64 {
    let r = match mode {
        'n' => x.round_ties_even(),
        'z' => x.trunc(),
        'm' => x.floor(),
        _ => x.ceil(),
    };
    if r.is_nan() {
        return if src64 || dw == 64 { 1 << (dw - 1) } else { 0 };
    }
    if signed {
        let (lo, hi) = (-(2f64.powi(dw as i32 - 1)), 2f64.powi(dw as i32 - 1) - 1.0);
        (r.clamp(lo, hi) as i64) as u64 & mask(dw)
    } else {
        r.clamp(0.0, 2f64.powi(dw as i32) - 1.0) as u64
    }
}

fn unary_cases() -> Vec<Case> {
    type Model = fn(u64, u64, u64, u32) -> Option<u64>;
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let mut v = Vec::new();
    let un = |op: &'static str, w: u32, dw: u32, float: bool, fres: bool, model: Model| Case {
        bw: 32,
        edges: if !float {
            &EDGES
        } else if w == 32 {
            &F32_EDGES
        } else {
            &F64_EDGES
        },
        float,
        arity: 1,
        result: if fres { Res::Float } else { Res::Int },
        ..Case::int(op, w, dw, model)
    };
    // Float to integer, each rounding, each destination (saturating; NaN gives 0).
    for (src, w) in [("f32", 32), ("f64", 64)] {
        for (dst, dw, signed) in [("s32", 32, true), ("u32", 32, false), ("s64", 64, true), ("u64", 64, false)] {
            for mode in ['n', 'z', 'm', 'p'] {
                let model: Model = match (w, mode, signed, dw) {
                    (32, 'n', true, 32) => {
                        |a, _, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'n', true, 32, false))
                    }
                    (32, 'z', true, 32) => {
                        |a, _, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'z', true, 32, false))
                    }
                    (32, 'm', true, 32) => {
                        |a, _, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'm', true, 32, false))
                    }
                    (32, 'p', true, 32) => {
                        |a, _, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'p', true, 32, false))
                    }
                    (32, 'n', false, 32) => {
                        |a, _, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'n', false, 32, false))
                    }
                    (32, 'z', false, 32) => {
                        |a, _, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'z', false, 32, false))
                    }
                    (64, 'z', true, 64) => |a, _, _, _| Some(f2i(f64::from_bits(a), 'z', true, 64, true)),
                    (64, 'n', true, 32) => |a, _, _, _| Some(f2i(f64::from_bits(a), 'n', true, 32, true)),
                    (64, 'z', false, 64) => |a, _, _, _| Some(f2i(f64::from_bits(a), 'z', false, 64, true)),
                    // The rest: the engines must agree with each other and with the GPU's
                    // recording.
                    _ => |_, _, _, _| None,
                };
                v.push(un(leak(format!("cvt.r{mode}i.{dst}.{src}")), w, dw, true, false, model));
            }
        }
        if w == 32 {
            v.push(un("cvt.rzi.ftz.s32.f32", w, 32, true, false, |_, _, _, _| None));
        }
    }
    // Integer to float, each rounding.
    for (src, w) in [("s32", 32), ("u32", 32), ("s64", 64), ("u64", 64)] {
        for (dst, dw) in [("f32", 32), ("f64", 64)] {
            for mode in ['n', 'z', 'm', 'p'] {
                let model: Model = match (src, dst, mode) {
                    ("s32", "f32", 'n') => |a, _, _, _| Some(u64::from((a as u32 as i32 as f32).to_bits())),
                    ("u32", "f32", 'n') => |a, _, _, _| Some(u64::from((a as u32 as f32).to_bits())),
                    ("s64", "f32", 'n') => |a, _, _, _| Some(u64::from((a as i64 as f32).to_bits())),
                    ("u64", "f64", 'n') => |a, _, _, _| Some((a as f64).to_bits()),
                    ("s32", "f64", _) => |a, _, _, _| Some((f64::from(a as u32 as i32)).to_bits()),
                    _ => |_, _, _, _| None,
                };
                v.push(un(leak(format!("cvt.r{mode}.{dst}.{src}")), w, dw, false, true, model));
            }
        }
    }
    // Between float formats and to integral floats.
    v.push(un("cvt.f64.f32", 32, 64, true, true, |a, _, _, _| {
        let x = f32::from_bits(a as u32);
        Some(if x.is_nan() { ANY_NAN } else { f64::from(x).to_bits() })
    }));
    v.push(un("cvt.rn.f32.f64", 64, 32, true, true, |a, _, _, _| {
        let x = f64::from_bits(a) as f32;
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.to_bits()) })
    }));
    for mode in ['z', 'm', 'p'] {
        v.push(un(leak(format!("cvt.r{mode}.f32.f64")), 64, 32, true, true, |_, _, _, _| None));
    }
    v.push(un("cvt.rn.ftz.f32.f64", 64, 32, true, true, |_, _, _, _| None));
    v.push(un("cvt.rn.f16.f32", 32, 16, true, true, |_, _, _, _| None));
    v.push(un("cvt.rz.f16.f32", 32, 16, true, true, |_, _, _, _| None));
    v.push(un("cvt.rn.bf16.f32", 32, 16, true, true, |_, _, _, _| None));
    v.push(un("cvt.rn.f16.f64", 64, 16, true, true, |_, _, _, _| None));
    v.push(un("cvt.rni.f32.f32", 32, 32, true, true, |a, _, _, _| {
        let x = f32::from_bits(a as u32);
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.round_ties_even().to_bits()) })
    }));
    v.push(un("cvt.rzi.f32.f32", 32, 32, true, true, |a, _, _, _| {
        let x = f32::from_bits(a as u32);
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.trunc().to_bits()) })
    }));
    v.push(un("cvt.rmi.f64.f64", 64, 64, true, true, |a, _, _, _| {
        let x = f64::from_bits(a);
        Some(if x.is_nan() { ANY_NAN } else { x.floor().to_bits() })
    }));
    v.push(un("cvt.rpi.ftz.f32.f32", 32, 32, true, true, |_, _, _, _| None));
    v.push(un("cvt.sat.f32.f32", 32, 32, true, true, |_, _, _, _| None));
    v.push(un("cvt.ftz.sat.f32.f32", 32, 32, true, true, |_, _, _, _| None));
    v.push(un("cvt.rn.sat.f32.f64", 64, 32, true, true, |_, _, _, _| None));
    // Between integer widths: truncation, sign/zero extension, saturation.
    for (op, w, dw) in [
        ("cvt.s32.s64", 64, 32),
        ("cvt.u32.u64", 64, 32),
        ("cvt.s64.s32", 32, 64),
        ("cvt.u64.u32", 32, 64),
        ("cvt.u64.s32", 32, 64),
        ("cvt.s64.u32", 32, 64),
        ("cvt.sat.s32.s64", 64, 32),
        ("cvt.sat.u32.s64", 64, 32),
        ("cvt.sat.s32.u64", 64, 32),
        ("cvt.sat.u32.s32", 32, 32),
        ("cvt.sat.s32.u32", 32, 32),
        ("cvt.s16.s32", 32, 16),
        ("cvt.sat.s16.s32", 32, 16),
        ("cvt.sat.u16.s32", 32, 16),
        ("cvt.sat.s8.s32", 32, 16),
        ("cvt.sat.u8.u64", 64, 16),
        ("cvt.s8.s32", 32, 16),
        ("cvt.u8.u32", 32, 16),
    ] {
        v.push(un(op, w, dw, false, false, |_, _, _, _| None));
    }
    // Bit and integer unary operations.
    v.push(un("popc.b32", 32, 32, false, false, |a, _, _, _| Some(u64::from((a as u32).count_ones()))));
    v.push(un("popc.b64", 64, 32, false, false, |a, _, _, _| Some(u64::from(a.count_ones()))));
    v.push(un("clz.b32", 32, 32, false, false, |a, _, _, _| Some(u64::from((a as u32).leading_zeros()))));
    v.push(un("clz.b64", 64, 32, false, false, |a, _, _, _| Some(u64::from(a.leading_zeros()))));
    v.push(un("brev.b32", 32, 32, false, false, |a, _, _, _| Some(u64::from((a as u32).reverse_bits()))));
    v.push(un("brev.b64", 64, 64, false, false, |a, _, _, _| Some(a.reverse_bits())));
    v.push(un("neg.s32", 32, 32, false, false, |a, _, _, _| Some(u64::from((a as u32).wrapping_neg()))));
    v.push(un("abs.s32", 32, 32, false, false, |a, _, _, _| Some(u64::from((a as u32 as i32).wrapping_abs() as u32))));
    v.push(un("abs.s64", 64, 64, false, false, |a, _, _, _| Some((a as i64).wrapping_abs() as u64)));
    v.push(un("not.b64", 64, 64, false, false, |a, _, _, _| Some(!a)));
    v.push(un("cnot.b32", 32, 32, false, false, |a, _, _, _| Some(u64::from(a as u32 == 0))));
    for op in ["bfind.u32", "bfind.s32", "bfind.shiftamt.u32"] {
        v.push(un(op, 32, 32, false, false, |_, _, _, _| None));
    }
    v.push(un("bfind.s64", 64, 32, false, false, |_, _, _, _| None));
    // Float unary operations.
    v.push(un("sqrt.rn.f32", 32, 32, true, true, |a, _, _, _| {
        let x = f32::from_bits(a as u32).sqrt();
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.to_bits()) })
    }));
    v.push(un("sqrt.rn.f64", 64, 64, true, true, |a, _, _, _| {
        let x = f64::from_bits(a).sqrt();
        Some(if x.is_nan() { ANY_NAN } else { x.to_bits() })
    }));
    v.push(un("rcp.rn.f32", 32, 32, true, true, |a, _, _, _| {
        let x = 1.0 / f32::from_bits(a as u32);
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.to_bits()) })
    }));
    v.push(un("rcp.rn.f64", 64, 64, true, true, |a, _, _, _| {
        let x = 1.0 / f64::from_bits(a);
        Some(if x.is_nan() { ANY_NAN } else { x.to_bits() })
    }));
    for op in [
        "sqrt.rn.ftz.f32",
        "rcp.rn.ftz.f32",
        "sqrt.rz.f32",
        "rcp.rm.f64",
        "abs.f32",
        "neg.f32",
        "abs.ftz.f32",
        "neg.f64",
    ] {
        let (w, dw) = if op.ends_with("f64") { (64, 64) } else { (32, 32) };
        v.push(un(op, w, dw, true, true, |_, _, _, _| None));
    }
    v
}

/// FNV-1a 64 over a launch's results, each slot masked to the result width, a floating-point
/// NaN counted as one value (the ISA leaves single-precision payloads unspecified). Must equal
/// `tests/conformance-gpu/compare.py`'s.
fn launch_hash(out: &[u8], dw: u32, result: Res) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for slot in out.chunks_exact(8) {
        let v = canonical(u64::from_le_bytes(slot.try_into().unwrap()), dw, result);
        for b in v.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

/// `tests/conformance-gpu/gpu-hashes.txt`: launch name → hash of the H200's results.
fn gpu_hashes() -> std::collections::HashMap<String, u64> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/conformance-gpu/gpu-hashes.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, h) = l.split_once(' ').unwrap_or_else(|| panic!("{path}: bad line {l:?}"));
            (
                name.to_string(),
                u64::from_str_radix(h.trim(), 16).unwrap_or_else(|_| panic!("{path}: bad hash in {l:?}")),
            )
        })
        .collect()
}
