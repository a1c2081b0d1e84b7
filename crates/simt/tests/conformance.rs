//! The conformance table: each integer arithmetic, logic and shift instruction and the basic
//! f32/f64 arithmetic (with `.ftz`, `.sat`, `.rz`, `min`/`max` and their NaN rules), per type, over
//! edge operands (0, ±1, powers of two and their neighbours, the widths' signed and unsigned
//! extremes), in every operand shape the compiled tiers treat differently — loaded per lane,
//! warp-uniform (a kernel parameter), lane-affine (`param + tid`), an immediate — converged and
//! diverged (only odd lanes execute), in 1D and 2D blocks, on every engine. Each result must equal
//! the PTX ISA's definition, written out below independently of the engines' code
//! (`simt::semantics` is the reference they implement); where the ISA leaves a result
//! unspecified, what an NVIDIA H200 gives (division and remainder by zero: all ones; `MIN / -1`:
//! `MIN`; `.sat` of `-0.0`: `+0.0`). `tests/conformance-gpu/` replays this table on a GPU
//! (`CONFORMANCE_DUMP=dir` writes it out) and compares every result.

use simt::{DeviceMemory, Dim3, Params, Program};

mod common;

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
/// width, `bw` the second operand's width (shift amounts are 32-bit), `dw` the result's.
struct Case {
    op: &'static str,
    w: u32,
    bw: u32,
    dw: u32,
    /// The PTX ISA's result for operands `a`, `b` (already narrowed to their widths); `None`
    /// where the result is unspecified.
    model: fn(u64, u64, u32) -> Option<u64>,
    /// Immediates tried as the second operand.
    imms: &'static [u64],
    /// Operand values (raw bits).
    edges: &'static [u64],
    /// Whether operands are floating point (immediates written `0f...`/`0d...`).
    float: bool,
    /// One source operand (`a`; the model ignores `b`).
    unary: bool,
    /// Whether the result is floating point (NaNs compare by being NaNs).
    fres: bool,
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

fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    for (t, w, signed) in [("u32", 32, false), ("s32", 32, true), ("u64", 64, false), ("s64", 64, true)] {
        let op = |name: &str| -> &'static str { Box::leak(format!("{name}.{t}").into_boxed_str()) };
        let c = |o, model| Case {
            op: o,
            w,
            bw: w,
            dw: w,
            model,
            imms: PLAIN_IMMS,
            edges: &EDGES,
            float: false,
            unary: false,
            fres: false,
        };
        v.push(c(op("add"), |a, b, w| Some(a.wrapping_add(b) & mask(w))));
        v.push(c(op("sub"), |a, b, w| Some(a.wrapping_sub(b) & mask(w))));
        v.push(c(op("mul.lo"), |a, b, w| Some(a.wrapping_mul(b) & mask(w))));
        if signed {
            v.push(c(op("mul.hi"), |a, b, w| {
                Some(((i128::from(sext(a, w)) * i128::from(sext(b, w))) >> w) as u64 & mask(w))
            }));
            // By zero: all ones, quotient and remainder; MIN / -1 wraps to MIN, remainder 0.
            v.push(c(op("div"), |a, b, w| {
                let (x, y) = (sext(a, w), sext(b, w));
                Some(if y == 0 { mask(w) } else { x.wrapping_div(y) as u64 & mask(w) })
            }));
            v.push(c(op("rem"), |a, b, w| {
                let (x, y) = (sext(a, w), sext(b, w));
                Some(if y == 0 { mask(w) } else { x.wrapping_rem(y) as u64 & mask(w) })
            }));
            v.push(c(op("min"), |a, b, w| Some(sext(a, w).min(sext(b, w)) as u64 & mask(w))));
            v.push(c(op("max"), |a, b, w| Some(sext(a, w).max(sext(b, w)) as u64 & mask(w))));
        } else {
            v.push(c(op("mul.hi"), |a, b, w| Some(((u128::from(a) * u128::from(b)) >> w) as u64 & mask(w))));
            v.push(c(op("div"), |a, b, w| Some(a.checked_div(b).unwrap_or(mask(w)))));
            v.push(c(op("rem"), |a, b, w| Some(a.checked_rem(b).unwrap_or(mask(w)))));
            v.push(c(op("min"), |a, b, _| Some(a.min(b))));
            v.push(c(op("max"), |a, b, _| Some(a.max(b))));
        }
        if w == 32 {
            let model: fn(u64, u64, u32) -> Option<u64> =
                if signed { |a, b, w| Some((sext(a, w) * sext(b, w)) as u64) } else { |a, b, _| Some(a * b) };
            v.push(Case {
                op: op("mul.wide"),
                w,
                bw: w,
                dw: 64,
                model,
                imms: PLAIN_IMMS,
                edges: &EDGES,
                float: false,
                unary: false,
                fres: false,
            });
        }
        let shr: fn(u64, u64, u32) -> Option<u64> = if signed {
            |a, b, w| Some((sext(a, w) >> b.min(u64::from(w) - 1)) as u64 & mask(w))
        } else {
            |a, b, w| Some(if b >= u64::from(w) { 0 } else { a >> b })
        };
        v.push(Case {
            op: op("shr"),
            w,
            bw: 32,
            dw: w,
            model: shr,
            imms: SHIFT_IMMS,
            edges: &EDGES,
            float: false,
            unary: false,
            fres: false,
        });
    }
    for (t, w) in [("b32", 32), ("b64", 64)] {
        let op = |name: &str| -> &'static str { Box::leak(format!("{name}.{t}").into_boxed_str()) };
        let c = |o, model| Case {
            op: o,
            w,
            bw: w,
            dw: w,
            model,
            imms: PLAIN_IMMS,
            edges: &EDGES,
            float: false,
            unary: false,
            fres: false,
        };
        v.push(c(op("and"), |a, b, _| Some(a & b)));
        v.push(c(op("or"), |a, b, _| Some(a | b)));
        v.push(c(op("xor"), |a, b, _| Some(a ^ b)));
        v.push(Case {
            op: op("shl"),
            w,
            bw: 32,
            dw: w,
            model: |a, b, w| Some(if b >= u64::from(w) { 0 } else { (a << b) & mask(w) }),
            imms: SHIFT_IMMS,
            edges: &EDGES,
            float: false,
            unary: false,
            fres: false,
        });
    }
    v.extend(float_cases());
    v.extend(unary_cases());
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
fn float_binary(op: &'static str, w: u32, model: fn(u64, u64, u32) -> Option<u64>) -> Case {
    let (edges, imms): (&'static [u64], &'static [u64]) =
        if w == 32 { (&F32_EDGES, F32_IMMS) } else { (&F64_EDGES, F64_IMMS) };
    Case { op, w, bw: w, dw: w, model, imms, edges, float: true, unary: false, fres: true }
}

fn float_cases() -> Vec<Case> {
    type Model = fn(u64, u64, u32) -> Option<u64>;
    let f32c = |op: &'static str, model: Model| float_binary(op, 32, model);
    let f64c = |op: &'static str, model: Model| float_binary(op, 64, model);
    vec![
        f32c("add.f32", |a, b, _| f32_result(a, b, |x, y| x + y, false, false)),
        f32c("sub.f32", |a, b, _| f32_result(a, b, |x, y| x - y, false, false)),
        f32c("mul.f32", |a, b, _| f32_result(a, b, |x, y| x * y, false, false)),
        f32c("div.rn.f32", |a, b, _| f32_result(a, b, |x, y| x / y, false, false)),
        f32c("add.ftz.f32", |a, b, _| f32_result(a, b, |x, y| x + y, true, false)),
        f32c("mul.ftz.f32", |a, b, _| f32_result(a, b, |x, y| x * y, true, false)),
        f32c("div.rn.ftz.f32", |a, b, _| f32_result(a, b, |x, y| x / y, true, false)),
        f32c("add.sat.f32", |a, b, _| f32_result(a, b, |x, y| x + y, false, true)),
        f32c("mul.rz.f32", |a, b, _| {
            // Round toward zero: the exact product (an f64 holds it) truncated to f32.
            let p = f64::from(f32::from_bits(a as u32)) * f64::from(f32::from_bits(b as u32));
            if p.is_nan() {
                return Some(ANY_NAN);
            }
            let n = p as f32;
            let t = if f64::from(n).abs() > p.abs() { f32::from_bits(n.to_bits() - 1) } else { n };
            Some(u64::from(t.to_bits()))
        }),
        f32c("min.f32", |a, b, _| min32(a, b, true, false)),
        f32c("max.f32", |a, b, _| min32(a, b, false, false)),
        f32c("min.ftz.f32", |a, b, _| min32(a, b, true, true)),
        f32c("max.NaN.f32", |a, b, _| {
            let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            if x.is_nan() || y.is_nan() { Some(ANY_NAN) } else { min32(a, b, false, false) }
        }),
        f64c("add.f64", |a, b, _| f64_result(a, b, |x, y| x + y)),
        f64c("sub.f64", |a, b, _| f64_result(a, b, |x, y| x - y)),
        f64c("mul.f64", |a, b, _| f64_result(a, b, |x, y| x * y)),
        f64c("div.rn.f64", |a, b, _| f64_result(a, b, |x, y| x / y)),
        f64c("min.f64", |a, b, _| min64(a, b, true)),
        f64c("max.f64", |a, b, _| min64(a, b, false)),
    ]
}

/// Results per thread: loaded × loaded, uniform × loaded, loaded × uniform, affine × loaded,
/// uniform × uniform, then one per immediate, then the diverged loaded × loaded.
const FIXED_SLOTS: usize = 5;

fn slots(c: &Case) -> usize {
    FIXED_SLOTS + c.imms.len() + 1
}

/// The value PTX text writes for immediate `v` as a `w`-bit operand.
fn imm(v: u64, w: u32, float: bool) -> String {
    match (float, w) {
        (true, 32) => format!("0f{:08X}", v as u32),
        (true, _) => format!("0d{v:016X}"),
        (false, _) => format!("0x{:x}", v & mask(w)),
    }
}

/// A kernel computing every slot of `c` for each thread (linear id over a 2D block).
fn kernel(c: &Case) -> String {
    let (aw, bw, dw) = (c.w, c.bw, c.dw);
    let n = slots(c);
    let mut body = String::new();
    let mut op = |d: usize, a: &str, b: &str| {
        if c.unary {
            body.push_str(&format!("    {} %d{d}, {a};\n", c.op));
        } else {
            body.push_str(&format!("    {} %d{d}, {a}, {b};\n", c.op));
        }
    };
    op(0, "%a0", "%b0");
    op(1, "%a1", "%b0");
    op(2, "%a0", "%b1");
    op(3, "%a2", "%b0");
    op(4, "%a1", "%b1");
    for (k, &v) in c.imms.iter().enumerate() {
        op(FIXED_SLOTS + k, "%a0", &imm(v, bw, c.float));
    }
    let div = n - 1;
    let mut stores = String::new();
    for d in 0..n {
        stores.push_str(&format!("    st.global.b{dw} [%q8+{}], %d{d};\n", d * 8));
    }
    let affine = if aw == 32 {
        "    add.u32 %a2, %a1, %t3;\n".to_string()
    } else {
        "    cvt.u64.u32 %q6, %t3;\n    add.u64 %a2, %a1, %q6;\n".to_string()
    };
    format!(
        r#".version 8.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 out, .param .u64 av, .param .u64 bv, .param .b{aw} ua, .param .b{bw} ub)
{{
    .reg .pred %p<3>;
    .reg .b32 %t<8>;
    .reg .b64 %q<12>;
    .reg .b{aw} %a<3>;
    .reg .b{bw} %b<2>;
    .reg .b{dw} %d<{n}>;
    mov.u32 %t0, %tid.x;
    mov.u32 %t1, %tid.y;
    mov.u32 %t2, %ntid.x;
    mad.lo.u32 %t3, %t1, %t2, %t0;
    ld.param.u64 %q0, [out];
    ld.param.u64 %q1, [av];
    ld.param.u64 %q2, [bv];
    mul.wide.u32 %q3, %t3, 8;
    add.s64 %q4, %q1, %q3;
    add.s64 %q5, %q2, %q3;
    ld.global.b{aw} %a0, [%q4];
    ld.global.b{bw} %b0, [%q5];
    ld.param.b{aw} %a1, [ua];
    ld.param.b{bw} %b1, [ub];
{affine}{body}    and.b32 %t4, %t3, 1;
    setp.ne.u32 %p1, %t4, 0;
    mov.b{dw} %d{div}, 0x5a;
    @!%p1 bra SKIP;
    {diverged};
SKIP:
    mul.wide.u32 %q7, %t3, {stride};
    add.s64 %q8, %q0, %q7;
{stores}    ret;
}}
"#,
        diverged = if c.unary { format!("{} %d{div}, %a0", c.op) } else { format!("{} %d{div}, %a0, %b0", c.op) },
        stride = n * 8,
    )
}

#[test]
fn integer_instructions_match_the_isa_in_every_operand_shape_on_every_engine() {
    let mem = DeviceMemory::new();
    let av = mem.alloc(u64::from(THREADS) * 8).unwrap();
    let bv = mem.alloc(u64::from(THREADS) * 8).unwrap();
    let mut checked = 0usize;
    // `CONFORMANCE_DUMP=dir` writes every kernel, input and the interpreter's output there, with a
    // manifest, for `tests/conformance-gpu/run.sh` to replay on a GPU and compare.
    let dump = std::env::var_os("CONFORMANCE_DUMP").map(std::path::PathBuf::from);
    let mut manifest = String::new();
    // The GPU's results of every launch, hashed (`launch_hash`), as replayed on an H200.
    let recorded = gpu_hashes();
    let (mut compared_with_gpu, mut unrecorded) = (0usize, Vec::new());
    for (ci, c) in cases().into_iter().enumerate() {
        let e = c.edges.len();
        let n = slots(&c);
        let out = mem.alloc(u64::from(THREADS) * n as u64 * 8).unwrap();
        let src = kernel(&c);
        if let Some(d) = &dump {
            std::fs::create_dir_all(d).unwrap();
            std::fs::write(d.join(format!("case{ci}.ptx")), &src).unwrap();
        }
        let programs: Vec<_> = ENGINES
            .iter()
            .map(|&eng| {
                let mut p = Program::from_ptx(&src).unwrap_or_else(|err| panic!("{}: {err}\n{src}", c.op));
                p.set_engine(eng);
                (eng, p)
            })
            .collect();
        // Every pair of edge values as (a, b) over the launches; the uniform and affine operands
        // take the values of the launch's first pair.
        for round in 0..(e * e).div_ceil(THREADS as usize) {
            let pair = |t: usize| {
                let k = (round * THREADS as usize + t) % (e * e);
                (c.edges[k / e] & mask(c.w), c.edges[k % e] & mask(c.bw))
            };
            let (ua, ub) = (c.edges[round % e] & mask(c.w), c.edges[(round * 7 + 3) % e] & mask(c.bw));
            let a: Vec<u8> = (0..THREADS as usize).flat_map(|t| pair(t).0.to_le_bytes()).collect();
            let b: Vec<u8> = (0..THREADS as usize).flat_map(|t| pair(t).1.to_le_bytes()).collect();
            mem.write(av, &a).unwrap();
            mem.write(bv, &b).unwrap();
            if let Some(d) = &dump {
                std::fs::write(d.join(format!("case{ci}_{round}.a.bin")), &a).unwrap();
                std::fs::write(d.join(format!("case{ci}_{round}.b.bin")), &b).unwrap();
            }
            for block in [Dim3::x(THREADS), Dim3 { x: 16, y: THREADS / 16, z: 1 }] {
                let mut first: Option<Vec<u8>> = None;
                for (eng, p) in &programs {
                    mem.memset(out, 0, u64::from(THREADS) * n as u64 * 8).unwrap();
                    let mut params = Params::new();
                    params.ptr(out).ptr(av).ptr(bv);
                    if c.w == 32 {
                        params.u32(ua as u32);
                    } else {
                        params.u64(ua);
                    }
                    if c.bw == 32 {
                        params.u32(ub as u32);
                    } else {
                        params.u64(ub);
                    }
                    p.launch("k", Dim3::x(1), block, 0, params.bytes(), &mem).unwrap();
                    let mut got = vec![0u8; THREADS as usize * n * 8];
                    mem.read(out, &mut got).unwrap();
                    let word = |t: usize, s: usize| {
                        let at = (t * n + s) * 8;
                        u64::from_le_bytes(got[at..at + 8].try_into().unwrap()) & mask(c.dw)
                    };
                    for t in 0..THREADS as usize {
                        let (x, y) = pair(t);
                        let mut operands = vec![(x, y), (ua, y), (x, ub), ((ua + t as u64) & mask(c.w), y), (ua, ub)];
                        operands.extend(c.imms.iter().map(|&v| (x, v & mask(c.bw))));
                        for (s, &(p, q)) in operands.iter().enumerate() {
                            // Dumping for the GPU, the models are not checked (the GPU's answers are).
                            if let Some(want) = (c.model)(p, q, c.w).filter(|_| dump.is_none()) {
                                if want == ANY_NAN {
                                    let got = word(t, s);
                                    assert!(
                                        is_nan(got, c.dw),
                                        "{} {eng:?} block {block:?}: a={p:#x} b={q:#x} gave {got:#x}, not a NaN (slot {s}, thread {t})",
                                        c.op
                                    );
                                    checked += 1;
                                    continue;
                                }
                                assert_eq!(
                                    word(t, s),
                                    want & mask(c.dw),
                                    "{} {eng:?} block {block:?}: a={p:#x} b={q:#x} (slot {s}, thread {t})",
                                    c.op
                                );
                                checked += 1;
                            }
                        }
                        let div = n - 1;
                        let want = if t % 2 == 1 { (c.model)(x, y, c.w) } else { Some(0x5a) };
                        if let Some(want) = want.filter(|&w| w != ANY_NAN && dump.is_none()) {
                            assert_eq!(word(t, div), want & mask(c.dw), "{} {eng:?} diverged: a={x:#x} b={y:#x}", c.op);
                        }
                    }
                    if let Some(d) = &dump
                        && first.is_none()
                    {
                        let name = format!("case{ci}_{round}_{}x{}", block.x, block.y);
                        std::fs::write(d.join(format!("{name}.cuprite.bin")), &got).unwrap();
                        manifest.push_str(&format!(
                            "{} case{ci}.ptx {} {} {} {n} {} {} {ua:#x} {ub:#x} case{ci}_{round}.a.bin case{ci}_{round}.b.bin {name} {}\n",
                            c.op,
                            c.w,
                            c.bw,
                            c.dw,
                            block.x,
                            block.y,
                            u8::from(c.fres)
                        ));
                    }
                    if first.is_none() {
                        let name = format!("case{ci}_{round}_{}x{}", block.x, block.y);
                        match recorded.get(&name) {
                            Some(&h) => {
                                assert_eq!(
                                    launch_hash(&got, c.dw, c.fres),
                                    h,
                                    "{} block {block:?} (launch {name}): differs from the H200's recording \
                                     (tests/conformance-gpu/README.md says how to see the differing results)",
                                    c.op
                                );
                                compared_with_gpu += 1;
                            }
                            None => unrecorded.push(name),
                        }
                    }
                    match &first {
                        None => first = Some(got),
                        Some(f) => assert!(
                            *f == got,
                            "{} block {block:?}: {eng:?} differs from {:?} (unspecified results included)",
                            c.op,
                            ENGINES[0]
                        ),
                    }
                }
            }
        }
    }
    if let Some(d) = &dump {
        std::fs::write(d.join("manifest.txt"), manifest).unwrap();
    }
    assert!(dump.is_some() || checked > 100_000, "only {checked} results checked");
    assert!(
        dump.is_some() || unrecorded.is_empty(),
        "{} launches (first: {:?}) have no GPU recording: the table changed; re-record it \
         (tests/conformance-gpu/README.md)",
        unrecorded.len(),
        unrecorded.first()
    );
    assert!(dump.is_some() || compared_with_gpu > 1000, "only {compared_with_gpu} launches compared with the GPU");
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
    type Model = fn(u64, u64, u32) -> Option<u64>;
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let mut v = Vec::new();
    let un = |op: &'static str, w: u32, dw: u32, float: bool, fres: bool, model: Model| Case {
        op,
        w,
        bw: 32,
        dw,
        model,
        imms: &[],
        edges: if !float {
            &EDGES
        } else if w == 32 {
            &F32_EDGES
        } else {
            &F64_EDGES
        },
        float,
        unary: true,
        fres,
    };
    // Float to integer, each rounding, each destination (saturating; NaN gives 0).
    for (src, w) in [("f32", 32), ("f64", 64)] {
        for (dst, dw, signed) in [("s32", 32, true), ("u32", 32, false), ("s64", 64, true), ("u64", 64, false)] {
            for mode in ['n', 'z', 'm', 'p'] {
                let model: Model = match (w, mode, signed, dw) {
                    (32, 'n', true, 32) => {
                        |a, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'n', true, 32, false))
                    }
                    (32, 'z', true, 32) => {
                        |a, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'z', true, 32, false))
                    }
                    (32, 'm', true, 32) => {
                        |a, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'm', true, 32, false))
                    }
                    (32, 'p', true, 32) => {
                        |a, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'p', true, 32, false))
                    }
                    (32, 'n', false, 32) => {
                        |a, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'n', false, 32, false))
                    }
                    (32, 'z', false, 32) => {
                        |a, _, _| Some(f2i(f64::from(f32::from_bits(a as u32)), 'z', false, 32, false))
                    }
                    (64, 'z', true, 64) => |a, _, _| Some(f2i(f64::from_bits(a), 'z', true, 64, true)),
                    (64, 'n', true, 32) => |a, _, _| Some(f2i(f64::from_bits(a), 'n', true, 32, true)),
                    (64, 'z', false, 64) => |a, _, _| Some(f2i(f64::from_bits(a), 'z', false, 64, true)),
                    // The rest: the engines must agree with each other and with the GPU's
                    // recording.
                    _ => |_, _, _| None,
                };
                v.push(un(leak(format!("cvt.r{mode}i.{dst}.{src}")), w, dw, true, false, model));
            }
        }
        if w == 32 {
            v.push(un("cvt.rzi.ftz.s32.f32", w, 32, true, false, |_, _, _| None));
        }
    }
    // Integer to float, each rounding.
    for (src, w) in [("s32", 32), ("u32", 32), ("s64", 64), ("u64", 64)] {
        for (dst, dw) in [("f32", 32), ("f64", 64)] {
            for mode in ['n', 'z', 'm', 'p'] {
                let model: Model = match (src, dst, mode) {
                    ("s32", "f32", 'n') => |a, _, _| Some(u64::from((a as u32 as i32 as f32).to_bits())),
                    ("u32", "f32", 'n') => |a, _, _| Some(u64::from((a as u32 as f32).to_bits())),
                    ("s64", "f32", 'n') => |a, _, _| Some(u64::from((a as i64 as f32).to_bits())),
                    ("u64", "f64", 'n') => |a, _, _| Some((a as f64).to_bits()),
                    ("s32", "f64", _) => |a, _, _| Some((f64::from(a as u32 as i32)).to_bits()),
                    _ => |_, _, _| None,
                };
                v.push(un(leak(format!("cvt.r{mode}.{dst}.{src}")), w, dw, false, true, model));
            }
        }
    }
    // Between float formats and to integral floats.
    v.push(un("cvt.f64.f32", 32, 64, true, true, |a, _, _| {
        let x = f32::from_bits(a as u32);
        Some(if x.is_nan() { ANY_NAN } else { f64::from(x).to_bits() })
    }));
    v.push(un("cvt.rn.f32.f64", 64, 32, true, true, |a, _, _| {
        let x = f64::from_bits(a) as f32;
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.to_bits()) })
    }));
    for mode in ['z', 'm', 'p'] {
        v.push(un(leak(format!("cvt.r{mode}.f32.f64")), 64, 32, true, true, |_, _, _| None));
    }
    v.push(un("cvt.rn.ftz.f32.f64", 64, 32, true, true, |_, _, _| None));
    v.push(un("cvt.rn.f16.f32", 32, 16, true, true, |_, _, _| None));
    v.push(un("cvt.rz.f16.f32", 32, 16, true, true, |_, _, _| None));
    v.push(un("cvt.rn.bf16.f32", 32, 16, true, true, |_, _, _| None));
    v.push(un("cvt.rn.f16.f64", 64, 16, true, true, |_, _, _| None));
    v.push(un("cvt.rni.f32.f32", 32, 32, true, true, |a, _, _| {
        let x = f32::from_bits(a as u32);
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.round_ties_even().to_bits()) })
    }));
    v.push(un("cvt.rzi.f32.f32", 32, 32, true, true, |a, _, _| {
        let x = f32::from_bits(a as u32);
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.trunc().to_bits()) })
    }));
    v.push(un("cvt.rmi.f64.f64", 64, 64, true, true, |a, _, _| {
        let x = f64::from_bits(a);
        Some(if x.is_nan() { ANY_NAN } else { x.floor().to_bits() })
    }));
    v.push(un("cvt.rpi.ftz.f32.f32", 32, 32, true, true, |_, _, _| None));
    v.push(un("cvt.sat.f32.f32", 32, 32, true, true, |_, _, _| None));
    v.push(un("cvt.ftz.sat.f32.f32", 32, 32, true, true, |_, _, _| None));
    v.push(un("cvt.rn.sat.f32.f64", 64, 32, true, true, |_, _, _| None));
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
        v.push(un(op, w, dw, false, false, |_, _, _| None));
    }
    // Bit and integer unary operations.
    v.push(un("popc.b32", 32, 32, false, false, |a, _, _| Some(u64::from((a as u32).count_ones()))));
    v.push(un("popc.b64", 64, 32, false, false, |a, _, _| Some(u64::from(a.count_ones()))));
    v.push(un("clz.b32", 32, 32, false, false, |a, _, _| Some(u64::from((a as u32).leading_zeros()))));
    v.push(un("clz.b64", 64, 32, false, false, |a, _, _| Some(u64::from(a.leading_zeros()))));
    v.push(un("brev.b32", 32, 32, false, false, |a, _, _| Some(u64::from((a as u32).reverse_bits()))));
    v.push(un("brev.b64", 64, 64, false, false, |a, _, _| Some(a.reverse_bits())));
    v.push(un("neg.s32", 32, 32, false, false, |a, _, _| Some(u64::from((a as u32).wrapping_neg()))));
    v.push(un("abs.s32", 32, 32, false, false, |a, _, _| Some(u64::from((a as u32 as i32).wrapping_abs() as u32))));
    v.push(un("abs.s64", 64, 64, false, false, |a, _, _| Some((a as i64).wrapping_abs() as u64)));
    v.push(un("not.b64", 64, 64, false, false, |a, _, _| Some(!a)));
    v.push(un("cnot.b32", 32, 32, false, false, |a, _, _| Some(u64::from(a as u32 == 0))));
    for op in ["bfind.u32", "bfind.s32", "bfind.shiftamt.u32"] {
        v.push(un(op, 32, 32, false, false, |_, _, _| None));
    }
    v.push(un("bfind.s64", 64, 32, false, false, |_, _, _| None));
    // Float unary operations.
    v.push(un("sqrt.rn.f32", 32, 32, true, true, |a, _, _| {
        let x = f32::from_bits(a as u32).sqrt();
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.to_bits()) })
    }));
    v.push(un("sqrt.rn.f64", 64, 64, true, true, |a, _, _| {
        let x = f64::from_bits(a).sqrt();
        Some(if x.is_nan() { ANY_NAN } else { x.to_bits() })
    }));
    v.push(un("rcp.rn.f32", 32, 32, true, true, |a, _, _| {
        let x = 1.0 / f32::from_bits(a as u32);
        Some(if x.is_nan() { ANY_NAN } else { u64::from(x.to_bits()) })
    }));
    v.push(un("rcp.rn.f64", 64, 64, true, true, |a, _, _| {
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
        v.push(un(op, w, dw, true, true, |_, _, _| None));
    }
    v
}

/// FNV-1a 64 over a launch's results, each slot masked to the result width, a floating-point
/// NaN counted as one value (the ISA leaves single-precision payloads unspecified). Must equal
/// `tests/conformance-gpu/compare.py`'s.
fn launch_hash(out: &[u8], dw: u32, fres: bool) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for slot in out.chunks_exact(8) {
        let mut v = u64::from_le_bytes(slot.try_into().unwrap()) & mask(dw);
        let half_nan = dw == 16 && v & 0x7c00 == 0x7c00 && v & 0x3ff != 0;
        if fres && ((dw >= 32 && is_nan(v, dw)) || half_nan) {
            v = u64::MAX;
        }
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
