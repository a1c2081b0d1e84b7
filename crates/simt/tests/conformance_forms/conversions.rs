//! Conversions beyond the table's first ones: every integer pair (8 to 64 bits, signed and
//! unsigned, with and without `.sat`), float to 8- and 16-bit integers and from halves, integer
//! to half, f32/f64 with `.ftz`/`.sat` in every rounding, integral rounding of each float type,
//! halves with `.relu`/`.satfinite` in every rounding, `tf32`, and the 8-bit float pairs
//! (`e4m3x2`/`e5m2x2`) both ways. Models from the PTX ISA's `cvt` text where it fixes the
//! result; the rest the GPU's recording decides.

use super::half::{BF16_EDGES, F16_EDGES, half_value};
use super::{Model, leak};
use crate::{Case, EDGES, F32_EDGES, F64_EDGES, Res, mask, sext};

/// PTX 8.1 on sm_90 (`.satfinite` on halves, the 8-bit floats).
const SM90_81: &str = ".version 8.1\n.target sm_90";

/// A single-operand conversion over `edges` (one round: the `b` operand is unused).
fn unary(op: &'static str, w: u32, dw: u32, edges: &'static [u64], float: bool, result: Res, model: Model) -> Case {
    Case { bw: 32, edges, b_edges: Some(&[0]), float, arity: 1, result, ..Case::int(op, w, dw, model) }
}

/// The register width holding an integer type of `bits` (8-bit types live in 16-bit registers).
fn reg(bits: u32) -> u32 {
    bits.max(16)
}

/// `cvt` between integer types as the ISA defines it: the source's low `SRC` bits, sign- or
/// zero-extended by its signedness; with `.sat` clamped to the destination's range, else cut
/// to its width; an 8-bit result held in its 16-bit register sign- or zero-extended by the
/// destination's signedness.
fn int_cvt<const SRC: u32, const SRC_SIGNED: bool, const DST: u32, const DST_SIGNED: bool, const SAT: bool>(
    a: u64,
    _: u64,
    _: u64,
    _: u32,
) -> Option<u64> {
    let v = i128::from(if SRC_SIGNED { sext(a, SRC) } else { (a & mask(SRC)) as i64 })
        + if !SRC_SIGNED && SRC == 64 { i128::from(a & (1 << 63)) * 2 } else { 0 };
    let v = if SAT {
        let (lo, hi) =
            if DST_SIGNED { (-(1i128 << (DST - 1)), (1i128 << (DST - 1)) - 1) } else { (0, (1i128 << DST) - 1) };
        v.clamp(lo, hi)
    } else {
        v
    };
    let cut = (v as u64) & mask(DST);
    Some(if DST_SIGNED { sext(cut, DST) as u64 & mask(reg(DST)) } else { cut })
}

const INT_TYPES: [(&str, u32, bool); 8] = [
    ("s8", 8, true),
    ("u8", 8, false),
    ("s16", 16, true),
    ("u16", 16, false),
    ("s32", 32, true),
    ("u32", 32, false),
    ("s64", 64, true),
    ("u64", 64, false),
];

/// The model of `cvt{.sat}.{dst}.{src}`, type indices into `INT_TYPES`.
fn int_model(src: usize, dst: usize, sat: bool) -> Model {
    macro_rules! pick {
        ($($s:literal $d:literal),* $(,)?) => {
            match (src, dst, sat) {
                $(
                    ($s, $d, false) => int_cvt::<{ INT_TYPES[$s].1 }, { INT_TYPES[$s].2 }, { INT_TYPES[$d].1 }, { INT_TYPES[$d].2 }, false>,
                    ($s, $d, true) => int_cvt::<{ INT_TYPES[$s].1 }, { INT_TYPES[$s].2 }, { INT_TYPES[$d].1 }, { INT_TYPES[$d].2 }, true>,
                )*
                _ => |_, _, _, _| None,
            }
        };
    }
    pick!(
        0 0, 0 1, 0 2, 0 3, 0 4, 0 5, 0 6, 0 7,
        1 0, 1 1, 1 2, 1 3, 1 4, 1 5, 1 6, 1 7,
        2 0, 2 1, 2 2, 2 3, 2 4, 2 5, 2 6, 2 7,
        3 0, 3 1, 3 2, 3 3, 3 4, 3 5, 3 6, 3 7,
        4 0, 4 1, 4 2, 4 3, 4 4, 4 5, 4 6, 4 7,
        5 0, 5 1, 5 2, 5 3, 5 4, 5 5, 5 6, 5 7,
        6 0, 6 1, 6 2, 6 3, 6 4, 6 5, 6 6, 6 7,
        7 0, 7 1, 7 2, 7 3, 7 4, 7 5, 7 6, 7 7,
    )
}

/// Whether every value of integer type `src` fits type `dst` (`.sat` is then refused).
fn fits(src: (u32, bool), dst: (u32, bool)) -> bool {
    match (src.1, dst.1) {
        (false, false) | (true, true) => dst.0 >= src.0,
        (false, true) => dst.0 > src.0,
        (true, false) => false,
    }
}

/// Float → integer as the ISA defines it (`cvt.rXi`): rounded by `MODE` (0 nearest even, 1
/// toward zero, 2 down, 3 up), clamped to the destination's range; NaN gives 0 from a source
/// other than `.f64` into fewer than 64 bits. An 8-bit result sits in its 16-bit register
/// extended by the destination's signedness. `EXP` is the source's exponent width (5: f16, 8:
/// bf16 or f32 by `SRC`, 11: f64).
fn float_to_int<const SRC: u32, const EXP: u32, const MODE: u8, const DST: u32, const SIGNED: bool>(
    a: u64,
    _: u64,
    _: u64,
    _: u32,
) -> Option<u64> {
    let x = match SRC {
        16 => half_value(a & 0xffff, EXP),
        32 => f64::from(f32::from_bits(a as u32)),
        _ => f64::from_bits(a),
    };
    if x.is_nan() {
        // `1 << (bits - 1)`, held like any result of the type (an s8's sign-extended).
        let v: u64 = 1 << (DST - 1);
        let v = if SIGNED { sext(v, DST) as u64 & mask(reg(DST)) } else { v };
        return if SRC == 64 || DST == 64 { Some(v) } else { Some(0) };
    }
    let r = match MODE {
        0 => x.round_ties_even(),
        1 => x.trunc(),
        2 => x.floor(),
        _ => x.ceil(),
    };
    let v = if SIGNED {
        let (lo, hi) = (-(2f64.powi(DST as i32 - 1)), 2f64.powi(DST as i32 - 1) - 1.0);
        (r.clamp(lo, hi) as i64) as u64 & mask(reg(DST))
    } else {
        r.clamp(0.0, 2f64.powi(DST as i32) - 1.0) as u64
    };
    Some(v)
}

/// binary16 value `h` as an f32's bits.
fn f16_to_f32(a: u64, _: u64, _: u64, _: u32) -> Option<u64> {
    let x = half_value(a & 0xffff, 5);
    Some(if x.is_nan() { crate::ANY_NAN } else { u64::from((x as f32).to_bits()) })
}

/// `cvt.rna.tf32.f32`: the f32 rounded to 10 fraction bits, ties away from zero, the low 13
/// bits zero (the ISA: "rounded to tf32 in the .rna mode"); a value rounding past the largest
/// finite one becomes infinite. The H200 rounds NaNs' encodings alike: a payload only in the
/// dropped bits gives infinity.
fn tf32_rna(a: u64, _: u64, _: u64, _: u32) -> Option<u64> {
    let (sign, magnitude) = (a & 0x8000_0000, a & 0x7fff_ffff);
    // Adding half the dropped unit to the magnitude's bits rounds ties away (a carry into
    // the exponent is the next binade, or infinity).
    let r = ((magnitude + 0x1000).min(0x7fff_ffff) & 0x7fff_e000) | sign;
    Some(if f32::from_bits(r as u32).is_nan() { crate::ANY_NAN } else { r })
}

fn integer_cases() -> Vec<Case> {
    let mut v = Vec::new();
    for (s, &(st, sw, ss)) in INT_TYPES.iter().enumerate() {
        for (d, &(dt, dw, ds)) in INT_TYPES.iter().enumerate() {
            for sat in [false, true] {
                if sat && fits((sw, ss), (dw, ds)) {
                    continue;
                }
                let op = leak(format!("cvt{}.{dt}.{st}", if sat { ".sat" } else { "" }));
                v.push(unary(op, reg(sw), reg(dw), &EDGES, false, Res::Int, int_model(s, d, sat)));
            }
        }
    }
    v
}

fn float_to_int_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // f32 into 8/16 bits each rounding; with `.sat` and `.ftz` spelled out.
    macro_rules! f2i {
        ($op:literal, $src:literal, $exp:literal, $mode:literal, $dst:literal, $signed:literal, $w:expr, $edges:expr) => {
            v.push(unary($op, $w, reg($dst), $edges, true, Res::Int, float_to_int::<$src, $exp, $mode, $dst, $signed>))
        };
    }
    f2i!("cvt.rni.s8.f32", 32, 8, 0, 8, true, 32, &F32_EDGES);
    f2i!("cvt.rzi.u8.f32", 32, 8, 1, 8, false, 32, &F32_EDGES);
    f2i!("cvt.rmi.s16.f32", 32, 8, 2, 16, true, 32, &F32_EDGES);
    f2i!("cvt.rpi.u16.f32", 32, 8, 3, 16, false, 32, &F32_EDGES);
    f2i!("cvt.rni.sat.s32.f32", 32, 8, 0, 32, true, 32, &F32_EDGES);
    f2i!("cvt.rzi.sat.u64.f32", 32, 8, 1, 64, false, 32, &F32_EDGES);
    f2i!("cvt.rpi.s8.f64", 64, 11, 3, 8, true, 64, &F64_EDGES);
    f2i!("cvt.rmi.u16.f64", 64, 11, 2, 16, false, 64, &F64_EDGES);
    f2i!("cvt.rni.s16.f16", 16, 5, 0, 16, true, 16, F16_EDGES);
    f2i!("cvt.rzi.u32.f16", 16, 5, 1, 32, false, 16, F16_EDGES);
    f2i!("cvt.rmi.s64.f16", 16, 5, 2, 64, true, 16, F16_EDGES);
    f2i!("cvt.rpi.u8.f16", 16, 5, 3, 8, false, 16, F16_EDGES);
    // `.ftz`: a subnormal source is zero before rounding (rpi/rmi of the smallest subnormal).
    v.push(unary("cvt.rpi.ftz.s32.f32", 32, 32, &F32_EDGES, true, Res::Int, |a, _, _, _| {
        float_to_int::<32, 8, 3, 32, true>(u64::from(crate::ftz32(f32::from_bits(a as u32)).to_bits()), 0, 0, 32)
    }));
    v.push(unary("cvt.rmi.ftz.s64.f32", 32, 64, &F32_EDGES, true, Res::Int, |a, _, _, _| {
        float_to_int::<32, 8, 2, 64, true>(u64::from(crate::ftz32(f32::from_bits(a as u32)).to_bits()), 0, 0, 32)
    }));
    // bf16 sources need sm_90.
    for (op, dw) in [("cvt.rni.s32.bf16", 32), ("cvt.rzi.u16.bf16", 16)] {
        let model: Model =
            if dw == 32 { float_to_int::<16, 8, 0, 32, true> } else { float_to_int::<16, 8, 1, 16, false> };
        v.push(Case { target: SM90_81, ..unary(op, 16, dw, BF16_EDGES, true, Res::Int, model) });
    }
    v
}

fn float_cases() -> Vec<Case> {
    let none: Model = |_, _, _, _| None;
    let mut v = Vec::new();
    let f32_edges: &'static [u64] = &F32_EDGES;
    let f64_edges: &'static [u64] = &F64_EDGES;
    // Integer → half, each rounding; 64-bit sources that round.
    for (op, w, dw) in [
        ("cvt.rn.f16.s32", 32, 16),
        ("cvt.rz.f16.u32", 32, 16),
        ("cvt.rm.f16.s64", 64, 16),
        ("cvt.rp.f16.u64", 64, 16),
        ("cvt.rn.f16.s16", 16, 16),
        ("cvt.rp.f16.u16", 16, 16),
        ("cvt.rn.f16.s8", 16, 16),
        ("cvt.rz.f32.s64", 64, 32),
        ("cvt.rm.f32.u64", 64, 32),
        ("cvt.rp.f64.s64", 64, 64),
        ("cvt.rz.f64.u64", 64, 64),
    ] {
        v.push(unary(op, w, dw, &EDGES, false, if dw == 16 { Res::F16Lanes } else { Res::Float }, none));
    }
    for op in ["cvt.rn.bf16.s32", "cvt.rz.bf16.u64", "cvt.rn.bf16.s16"] {
        let w = if op.ends_with("64") {
            64
        } else if op.ends_with("16") {
            16
        } else {
            32
        };
        v.push(Case { target: SM90_81, ..unary(op, w, 16, &EDGES, false, Res::Bf16Lanes, none) });
    }
    // f32 ↔ f64 with `.ftz`/`.sat` in every rounding; integral rounding of each float type.
    for op in [
        "cvt.ftz.f64.f32",
        "cvt.sat.f64.f32",
        "cvt.rni.f32.f32",
        "cvt.rpi.f32.f32",
        "cvt.rmi.ftz.f32.f32",
        "cvt.rzi.sat.f32.f32",
        "cvt.ftz.f32.f32",
        "cvt.rni.ftz.sat.f32.f32",
    ] {
        let dw = if op.contains("f64") { 64 } else { 32 };
        v.push(unary(op, 32, dw, f32_edges, true, Res::Float, none));
    }
    for op in [
        "cvt.rz.ftz.f32.f64",
        "cvt.rm.sat.f32.f64",
        "cvt.rp.ftz.sat.f32.f64",
        "cvt.rni.f64.f64",
        "cvt.rzi.f64.f64",
        "cvt.rpi.sat.f64.f64",
        "cvt.sat.f64.f64",
    ] {
        let dw = if op.ends_with("f32.f64") { 32 } else { 64 };
        v.push(unary(op, 64, dw, f64_edges, true, Res::Float, none));
    }
    // Halves: to and from f32/f64, every rounding, `.relu`, `.satfinite`, integral rounding.
    v.push(unary("cvt.f32.f16", 16, 32, F16_EDGES, true, Res::Float, f16_to_f32));
    for op in ["cvt.f64.f16", "cvt.rni.f16.f16", "cvt.rzi.f16.f16", "cvt.sat.f16.f16"] {
        let dw = if op.contains("f64") { 64 } else { 16 };
        v.push(unary(op, 16, dw, F16_EDGES, true, if dw == 16 { Res::F16Lanes } else { Res::Float }, none));
    }
    for op in ["cvt.rm.f16.f32", "cvt.rp.f16.f32", "cvt.rn.relu.f16.f32", "cvt.rz.ftz.sat.f16.f32"] {
        v.push(unary(op, 32, 16, f32_edges, true, Res::F16Lanes, none));
    }
    v.push(Case { target: SM90_81, ..unary("cvt.rn.satfinite.f16.f32", 32, 16, f32_edges, true, Res::F16Lanes, none) });
    for op in ["cvt.rz.f16.f64", "cvt.rp.sat.f16.f64"] {
        v.push(unary(op, 64, 16, f64_edges, true, Res::F16Lanes, none));
    }
    for op in ["cvt.rz.bf16.f32", "cvt.rm.bf16.f32", "cvt.rz.relu.bf16.f32", "cvt.rn.relu.satfinite.bf16.f32"] {
        v.push(Case { target: SM90_81, ..unary(op, 32, 16, f32_edges, true, Res::Bf16Lanes, none) });
    }
    for op in ["cvt.f32.bf16", "cvt.f64.bf16"] {
        let dw = if op.contains("f64") { 64 } else { 32 };
        v.push(Case { target: SM90_81, ..unary(op, 16, dw, BF16_EDGES, true, Res::Float, none) });
    }
    v.push(Case { target: SM90_81, ..unary("cvt.rn.bf16.f64", 64, 16, f64_edges, true, Res::Bf16Lanes, none) });
    v.push(Case { target: SM90_81, ..unary("cvt.rni.bf16.bf16", 16, 16, BF16_EDGES, true, Res::Bf16Lanes, none) });
    // tf32 and the 8-bit float pairs.
    v.push(unary("cvt.rna.tf32.f32", 32, 32, f32_edges, true, Res::Float, tf32_rna));
    v.push(Case { target: SM90_81, ..unary("cvt.rna.satfinite.tf32.f32", 32, 32, f32_edges, true, Res::Float, none) });
    for ty in ["e4m3x2", "e5m2x2"] {
        v.push(Case {
            bw: 32,
            b_edges: None,
            arity: 2,
            target: SM90_81,
            ..unary(leak(format!("cvt.rn.satfinite.{ty}.f32")), 32, 16, f32_edges, true, Res::Int, none)
        });
        v.push(Case {
            target: SM90_81,
            ..unary(leak(format!("cvt.rn.f16x2.{ty}")), 16, 32, F8_PAIRS, false, Res::F16Lanes, none)
        });
        v.push(Case {
            target: SM90_81,
            ..unary(leak(format!("cvt.rn.relu.satfinite.{ty}.f16x2")), 32, 16, F16_PAIRS, false, Res::Int, none)
        });
    }
    v
}

/// Pairs of 8-bit floats (both formats' zeros, smallest subnormals, ones, largest finite,
/// infinities/NaNs).
const F8_PAIRS: &[u64] =
    &[0x0000, 0x8001, 0x0180, 0x3c38, 0x7e7f, 0xfeff, 0x7b7c, 0xfc7d, 0x7f00, 0x80ff, 0x0708, 0x4040];

/// Pairs of binary16 values for the 8-bit conversions' f16x2 source.
const F16_PAIRS: &[u64] = &[
    0x0000_8000,
    0x3c00_bc00,
    0x7bff_fbff,
    0x7c00_fc00,
    0x7e00_0001,
    0x5f00_5f80,
    0x7400_7800,
    0x0400_1c00,
    0x2000_a000,
];

/// 32-bit values around the 8- and 16-bit ranges' ends.
const PACK_EDGES: &[u64] = &[
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0x100,
    0x7fff,
    0x8000,
    0xffff,
    0x1_0000,
    0xffff_ff80,
    0xffff_8000,
    0x8000_0000,
    0xffff_ffff,
];

/// `cvt.pack.sat` per the ISA's pseudocode: `a` and `b` (s32) clamped to the `BITS`-bit
/// type, `b`'s field lowest, `a`'s above it, then `c`'s low bits (none for 16 bits).
fn pack<const BITS: u32, const SIGNED: bool>(a: u64, b: u64, c: u64, _: u32) -> Option<u64> {
    let (lo, hi) = if SIGNED { (-(1i64 << (BITS - 1)), (1i64 << (BITS - 1)) - 1) } else { (0, (1i64 << BITS) - 1) };
    let field = |v: u64| (sext(v, 32).clamp(lo, hi) as u64) & mask(BITS);
    let packed = field(a) << BITS | field(b);
    Some(if BITS == 16 { packed } else { (packed | c << (2 * BITS)) & 0xffff_ffff })
}

/// `cvt.pack.sat` (two or four integers narrowed with saturation into one register).
fn pack_cases() -> Vec<Case> {
    vec![
        Case { edges: PACK_EDGES, ..Case::int("cvt.pack.sat.s16.s32", 32, 32, pack::<16, true>) },
        Case { edges: PACK_EDGES, ..Case::int("cvt.pack.sat.u16.s32", 32, 32, pack::<16, false>) },
        Case {
            arity: 3,
            edges: PACK_EDGES,
            c_edges: PACK_EDGES,
            ..Case::int("cvt.pack.sat.u8.s32.b32", 32, 32, pack::<8, false>)
        },
        Case {
            arity: 3,
            edges: PACK_EDGES,
            c_edges: PACK_EDGES,
            ..Case::int("cvt.pack.sat.s8.s32.b32", 32, 32, pack::<8, true>)
        },
        Case {
            arity: 3,
            edges: PACK_EDGES,
            c_edges: PACK_EDGES,
            ..Case::int("cvt.pack.sat.s4.s32.b32", 32, 32, pack::<4, true>)
        },
        Case {
            arity: 3,
            edges: PACK_EDGES,
            c_edges: PACK_EDGES,
            ..Case::int("cvt.pack.sat.u2.s32.b32", 32, 32, pack::<2, false>)
        },
    ]
}

/// `cvt.{rn,rz}{.relu}.tf32.f32` (sm_90): the f32 encoding's low 13 bits dropped, rounding
/// to nearest even (`NEAREST`) or toward zero; a carry past the largest finite value gives
/// infinity; `.relu` gives +0 for a negative result. A NaN gives a NaN.
fn tf32<const NEAREST: bool, const RELU: bool>(a: u64, _: u64, _: u64, _: u32) -> Option<u64> {
    let (sign, magnitude) = (a & 0x8000_0000, a & 0x7fff_ffff);
    if magnitude > 0x7f80_0000 {
        return Some(crate::ANY_NAN);
    }
    let (low, base) = (magnitude & 0x1fff, magnitude & !0x1fff);
    let up = NEAREST && (low > 0x1000 || low == 0x1000 && base & 0x2000 != 0);
    let r = if up { base + 0x2000 } else { base };
    Some(if RELU && sign != 0 { 0 } else { r | sign })
}

fn tf32_cases() -> Vec<Case> {
    let forms: [(&str, Model); 4] = [
        ("cvt.rn.tf32.f32", tf32::<true, false>),
        ("cvt.rz.tf32.f32", tf32::<false, false>),
        ("cvt.rn.relu.tf32.f32", tf32::<true, true>),
        ("cvt.rz.relu.tf32.f32", tf32::<false, true>),
    ];
    forms
        .into_iter()
        .map(|(op, model)| Case { target: SM90_81, ..unary(op, 32, 32, &F32_EDGES, true, Res::Float, model) })
        .collect()
}

/// The forms added in the second GPU round (after every earlier family, so that earlier
/// launches keep their names): `cvt.pack.sat`, `tf32` with `.rn`/`.rz`/`.relu`.
pub fn second_round_cases() -> Vec<Case> {
    let mut v = pack_cases();
    v.extend(tf32_cases());
    v
}

/// Every conversion form of this module.
pub fn cases() -> Vec<Case> {
    let mut v = integer_cases();
    v.extend(float_to_int_cases());
    v.extend(float_cases());
    v
}
