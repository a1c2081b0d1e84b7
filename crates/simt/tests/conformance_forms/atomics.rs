//! Atomics and reductions. Uncontended: each thread stores `a` to its own word (global, shared
//! or through a generic address), applies `atom`/`red` with `b` (and `c` for `cas`), and
//! reports the value returned and the word's new value, for every operation and type, with
//! memory-order and scope qualifiers. Contended: every thread of a warp applies its `a` to one
//! word per warp, which lane 0 set to the uniform `c` first; after `bar.warp.sync` each reads
//! the final word, which the ISA fixes whatever the order (integer sums, min/max, logic,
//! bounded `inc`/`dec`, float sums of exactly representable values), and for `cas` how many
//! succeeded. Models from the ISA's `atom` semantics: `inc(r, s) = r >= s ? 0 : r + 1`,
//! `dec(r, s) = r == 0 || r > s ? s : r - 1`, `cas(r, s, t) = r == s ? t : r`; `atom.add.f32`
//! on global memory flushes subnormal inputs and results, on shared memory it does not; the
//! half forms (`.noftz`) never flush.

use super::half::{BF16_EDGES, BF16X2_EDGES, F16_EDGES, F16X2_EDGES, half_round, half_value};
use super::{Model, leak};
use crate::{Case, Group, GroupModel, Res, SM90, ftz32, mask, sext};

/// Integer operands: zero, one, two, the 32- and 64-bit signed and unsigned ends, a pattern.
const INT_EDGES: &[u64] = &[
    0,
    1,
    2,
    0x7f,
    0x8000_0000,
    0x7fff_ffff,
    0xffff_fffe,
    0xffff_ffff,
    0x1_0000_0000,
    0x8000_0000_0000_0000,
    u64::MAX,
    0x1234_5678_9abc_def0,
];

/// f32 operands without NaNs (their payloads are unspecified): zeros, subnormals, the normal
/// ends, ones, infinities, values whose sums round.
const F32_ATOM_EDGES: &[u64] = &[
    0,
    0x8000_0000,
    1,
    0x8000_0001,
    0x007f_ffff,
    0x0080_0000,
    0x8080_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x3eaa_aaab,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x3380_0000,
    0x4b80_0000,
];

/// f64 operands, as for f32.
const F64_ATOM_EDGES: &[u64] = &[
    0,
    0x8000_0000_0000_0000,
    1,
    0x800f_ffff_ffff_ffff,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3fd5_5555_5555_5555,
    0x7fef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x3ca0_0000_0000_0000,
    0x4340_0000_0000_0000,
];

/// Odd multiplier folding a 64-bit returned value into the reported word.
const FOLD: u64 = 0x9e37_79b9_7f4a_7c15;

/// Operations, as the models index them.
const ADD: u8 = 0;
const MIN: u8 = 1;
const MAX: u8 = 2;
const INC: u8 = 3;
const DEC: u8 = 4;
const AND: u8 = 5;
const OR: u8 = 6;
const XOR: u8 = 7;
const EXCH: u8 = 8;
const CAS: u8 = 9;

/// The word's new value after integer operation `OP` on old value `r` with `s` (and `t` for
/// `cas`), `w` bits.
fn int_op<const OP: u8, const SIGNED: bool>(r: u64, s: u64, t: u64, w: u32) -> u64 {
    let key = |v: u64| if SIGNED { i128::from(sext(v, w)) } else { i128::from(v) };
    let v = match OP {
        ADD => r.wrapping_add(s),
        MIN => {
            if key(r) <= key(s) {
                r
            } else {
                s
            }
        }
        MAX => {
            if key(r) >= key(s) {
                r
            } else {
                s
            }
        }
        INC => {
            if r >= s {
                0
            } else {
                r + 1
            }
        }
        DEC => {
            if r == 0 || r > s {
                s
            } else {
                r - 1
            }
        }
        AND => r & s,
        OR => r | s,
        XOR => r ^ s,
        EXCH => s,
        _ => {
            if r == s {
                t
            } else {
                r
            }
        }
    };
    v & mask(w)
}

/// What a form reports: the returned (old) and new values packed (16 and 32 bits: old low, new
/// high; 64 bits: new XOR old × `FOLD`), or for `red` the new value alone.
fn report<const W: u32, const RED: bool>(old: u64, new: u64) -> u64 {
    match (RED, W) {
        (true, _) => new,
        (_, 64) => new ^ old.wrapping_mul(FOLD),
        _ => old | new << W,
    }
}

/// An uncontended integer atomic: the word held `a`.
fn int_single<const OP: u8, const SIGNED: bool, const W: u32, const RED: bool>(
    a: u64,
    b: u64,
    c: u64,
    _: u32,
) -> Option<u64> {
    Some(report::<W, RED>(a, int_op::<OP, SIGNED>(a, b, c, W)))
}

/// Float formats of the float atomics.
const F32: u8 = 0;
const F64: u8 = 1;
const F16: u8 = 2;
const BF16: u8 = 3;

/// `a + b` in format `FORMAT` (`LANES` 16-bit lanes for the halves), rounded to nearest even;
/// with `FTZ` subnormal inputs and results flushed to signed zeros (f32 only).
fn float_add<const FORMAT: u8, const LANES: u32, const FTZ: bool>(a: u64, b: u64) -> u64 {
    match FORMAT {
        F32 => {
            let flush = |x: f32| if FTZ { ftz32(x) } else { x };
            let r = flush(flush(f32::from_bits(a as u32)) + flush(f32::from_bits(b as u32)));
            u64::from(r.to_bits())
        }
        F64 => (f64::from_bits(a) + f64::from_bits(b)).to_bits(),
        _ => {
            let exp = if FORMAT == F16 { 5 } else { 8 };
            (0..LANES).fold(0, |acc, k| {
                let [x, y] = [a, b].map(|v| half_value((v >> (16 * k)) & 0xffff, exp));
                // The sum of two halves is exact in f64: one rounding.
                acc | half_round(x + y, exp) << (16 * k)
            })
        }
    }
}

/// An uncontended float `add`: the word held `a`. A NaN sum of f32 or f64 (`inf + -inf`) has
/// a payload the ISA leaves unspecified: the GPU's recording decides it.
fn float_single<const FORMAT: u8, const LANES: u32, const FTZ: bool, const W: u32, const RED: bool>(
    a: u64,
    b: u64,
    _: u64,
    _: u32,
) -> Option<u64> {
    let new = float_add::<FORMAT, LANES, FTZ>(a, b);
    let nan = match FORMAT {
        F32 => f32::from_bits(new as u32).is_nan(),
        F64 => f64::from_bits(new).is_nan(),
        _ => false,
    };
    (!nan).then(|| report::<W, RED>(a, new))
}

/// The instructions of an uncontended form: store `a` to the thread's word in `space`, apply
/// `op`, read the word back and report (`report`). With `generic`, `op` reaches the word
/// through its generic address (`cvta.shared` of a shared word; a global address is one).
fn single_text(op: &str, bits: u32, space: &str, red: bool, generic: bool) -> &'static str {
    let (addr, sp) = if space == "shared" { ("%q11", "shared") } else { ("%q10", "global") };
    let (prefix, at) = match (generic, sp) {
        (false, _) => (String::new(), addr),
        (true, "shared") => (format!("cvta.shared.u64 %sy3, {addr}; "), "%sy3"),
        (true, _) => (format!("mov.b64 %sy3, {addr}; "), "%sy3"),
    };
    let (old, new, pack) = match bits {
        16 => ("%sh0", "%sh1", "mov.b32 {d}, {%sh0, %sh1}"),
        32 => ("%sx0", "%sx1", "mov.b64 {d}, {%sx0, %sx1}"),
        _ => ("%sy0", "%sy1", "mul.lo.u64 %sy2, %sy0, 0x9e3779b97f4a7c15; xor.b64 {d}, %sy1, %sy2"),
    };
    let operands = if op.contains(".cas.") { "{b}, {c}" } else { "{b}" };
    leak(if red {
        format!("{prefix}st.{sp}.b{bits} [{addr}], {{a}}; {op} [{at}], {operands}; ld.{sp}.b{bits} {{d}}, [{addr}]")
    } else {
        format!(
            "{prefix}st.{sp}.b{bits} [{addr}], {{a}}; {op} {old}, [{at}], {operands}; ld.{sp}.b{bits} {new}, [{addr}]; {pack}"
        )
    })
}

/// An uncontended form of `op` (its state space: `space`) on `bits`-bit words.
fn single(op: &'static str, bits: u32, space: &str, edges: &'static [u64], result: Res, model: Model) -> Case {
    let red = op.starts_with("red");
    let dw = if red {
        bits
    } else if bits == 64 {
        64
    } else {
        2 * bits
    };
    Case {
        edges,
        c_edges: if op.contains(".cas.") { edges } else { &[] },
        arity: if op.contains(".cas.") { 3 } else { 2 },
        text: Some(single_text(op, bits, space, red, false)),
        result,
        target: if op.contains("bf16") || op.contains("cluster") { SM90 } else { crate::SM80 },
        ..Case::int(op, bits, dw, model)
    }
}

fn single_cases() -> Vec<Case> {
    let mut v = Vec::new();
    macro_rules! ints {
        ($bits:literal: $($name:literal $op:ident $signed:literal),* $(,)?) => {
            for space in ["global", "shared"] {
                $(
                    let op = leak(format!("atom.{space}.{}", $name));
                    v.push(single(op, $bits, space, INT_EDGES, Res::Int, int_single::<$op, $signed, $bits, false>));
                )*
            }
        };
    }
    ints!(32: "add.u32" ADD false, "add.s32" ADD true, "min.u32" MIN false, "min.s32" MIN true,
        "max.u32" MAX false, "max.s32" MAX true, "inc.u32" INC false, "dec.u32" DEC false,
        "and.b32" AND false, "or.b32" OR false, "xor.b32" XOR false, "exch.b32" EXCH false,
        "cas.b32" CAS false);
    ints!(64: "add.u64" ADD false, "min.u64" MIN false, "min.s64" MIN true, "max.u64" MAX false,
        "max.s64" MAX true, "and.b64" AND false, "or.b64" OR false, "xor.b64" XOR false,
        "exch.b64" EXCH false, "cas.b64" CAS false);
    ints!(16: "cas.b16" CAS false);
    // Memory orders, scopes and generic addresses.
    let qualified: [(&'static str, u32, Model); 6] = [
        ("atom.relaxed.gpu.global.add.u32", 32, int_single::<ADD, false, 32, false>),
        ("atom.acquire.cta.shared.cas.b32", 32, int_single::<CAS, false, 32, false>),
        ("atom.release.sys.global.exch.b64", 64, int_single::<EXCH, false, 64, false>),
        ("atom.acq_rel.gpu.global.or.b32", 32, int_single::<OR, false, 32, false>),
        ("atom.relaxed.cluster.global.max.s32", 32, int_single::<MAX, true, 32, false>),
        ("atom.inc.u32", 32, int_single::<INC, false, 32, false>),
    ];
    for (op, bits, model) in qualified {
        let space = if op.contains("shared") { "shared" } else { "global" };
        v.push(single(op, bits, space, INT_EDGES, Res::Int, model));
    }
    for space in ["global", "shared"] {
        let op = |name: &str| leak(format!("atom.{space}.{name}"));
        let ftz = space == "global";
        v.push(single(
            op("add.f32"),
            32,
            space,
            F32_ATOM_EDGES,
            Res::Int,
            if ftz { float_single::<F32, 1, true, 32, false> } else { float_single::<F32, 1, false, 32, false> },
        ));
        v.push(single(op("add.f64"), 64, space, F64_ATOM_EDGES, Res::Int, float_single::<F64, 1, false, 64, false>));
        v.push(single(
            op("add.noftz.f16"),
            16,
            space,
            F16_EDGES,
            Res::F16Lanes,
            float_single::<F16, 1, false, 16, false>,
        ));
        v.push(single(
            op("add.noftz.f16x2"),
            32,
            space,
            &F16X2_EDGES,
            Res::F16Lanes,
            float_single::<F16, 2, false, 32, false>,
        ));
        v.push(single(
            op("add.noftz.bf16"),
            16,
            space,
            BF16_EDGES,
            Res::Bf16Lanes,
            float_single::<BF16, 1, false, 16, false>,
        ));
        v.push(single(
            op("add.noftz.bf16x2"),
            32,
            space,
            &BF16X2_EDGES,
            Res::Bf16Lanes,
            float_single::<BF16, 2, false, 32, false>,
        ));
    }
    // Reductions: the new value alone.
    let reds: [(&'static str, u32, &'static [u64], Res, Model); 8] = [
        ("red.global.add.u32", 32, INT_EDGES, Res::Int, int_single::<ADD, false, 32, true>),
        ("red.shared.min.s32", 32, INT_EDGES, Res::Int, int_single::<MIN, true, 32, true>),
        ("red.global.inc.u32", 32, INT_EDGES, Res::Int, int_single::<INC, false, 32, true>),
        ("red.shared.dec.u32", 32, INT_EDGES, Res::Int, int_single::<DEC, false, 32, true>),
        ("red.relaxed.gpu.global.xor.b64", 64, INT_EDGES, Res::Int, int_single::<XOR, false, 64, true>),
        ("red.global.add.f32", 32, F32_ATOM_EDGES, Res::Int, float_single::<F32, 1, true, 32, true>),
        ("red.shared.add.f64", 64, F64_ATOM_EDGES, Res::Int, float_single::<F64, 1, false, 64, true>),
        ("red.global.add.noftz.f16x2", 32, &F16X2_EDGES, Res::F16Lanes, float_single::<F16, 2, false, 32, true>),
    ];
    for (op, bits, edges, result, model) in reds {
        let space = if op.contains("shared") { "shared" } else { "global" };
        v.push(single(op, bits, space, edges, result, model));
    }
    // sm_90's vector atomics: two f32 words (reported: new XOR old × FOLD), two f16.
    v.push(Case {
        text: Some(
            "mov.b64 {%sx0, %sx1}, {a}; mov.b64 {%sx2, %sx3}, {b}; st.global.v2.b32 [%q10], {%sx0, %sx1}; \
             atom.global.add.v2.f32 {%sx4, %sx5}, [%q10], {%sx2, %sx3}; mov.b64 %sy0, {%sx4, %sx5}; \
             ld.global.b64 %sy1, [%q10]; mul.lo.u64 %sy2, %sy0, 0x9e3779b97f4a7c15; xor.b64 {d}, %sy1, %sy2",
        ),
        target: ".version 8.1\n.target sm_90",
        edges: F32_PAIRS,
        ..Case::int("atom.global.add.v2.f32", 64, 64, |a, b, _, _| {
            let lane = |v: u64, k: u32| (v >> (32 * k)) & 0xffff_ffff;
            let new = (0..2).fold(0, |acc, k| acc | float_add::<F32, 1, true>(lane(a, k), lane(b, k)) << (32 * k));
            Some(new ^ a.wrapping_mul(FOLD))
        })
    });
    v.push(Case {
        text: Some(
            "mov.b32 {%sh0, %sh1}, {a}; mov.b32 {%sh2, %sh3}, {b}; st.global.b32 [%q10], {a}; \
             atom.global.add.noftz.v2.f16 {%sh4, %sh5}, [%q10], {%sh2, %sh3}; mov.b32 %sx0, {%sh4, %sh5}; \
             ld.global.b32 %sx1, [%q10]; mov.b64 {d}, {%sx0, %sx1}",
        ),
        target: ".version 8.1\n.target sm_90",
        edges: &F16X2_EDGES,
        result: Res::F16Lanes,
        ..Case::int("atom.global.add.noftz.v2.f16", 32, 64, float_single::<F16, 2, false, 32, false>)
    });
    v
}

/// Pairs of f32 values packed into 64 bits, for the vector atomics.
const F32_PAIRS: &[u64] = &[
    0,
    0x8000_0000_0000_0001,
    0x007f_ffff_3f80_0000,
    0x3f80_0000_bf80_0000,
    0x7f7f_ffff_7f7f_ffff,
    0x7f80_0000_ff80_0000,
    0x3eaa_aaab_3380_0000,
    0x4b80_0000_0080_0000,
];

/// The final word of a contended form: `OP` of every member lane's `a` (`W` bits), folded
/// from the uniform `c`, which lane 0 stored first. `inc`/`dec` take the bound `BOUND`.
fn contended<const OP: u8, const SIGNED: bool, const W: u32>(g: &Group<'_>) -> Option<u64> {
    let first = g.warp().start;
    let init = g.uniforms[2] & mask(W);
    Some(g.warp().filter(|&t| g.active[t] && g.member_mask() >> (t - first) & 1 == 1).fold(init, |r, t| {
        int_op::<OP, SIGNED>(r, if OP == INC || OP == DEC { BOUND } else { g.lanes[t].0 & mask(W) }, 0, W)
    }))
}

/// The bound of the contended `inc`/`dec`.
const BOUND: u64 = 37;

/// The final word of a contended float sum (every value exactly representable, so that the
/// order does not matter).
fn contended_add<const FORMAT: u8, const LANES: u32, const W: u32>(g: &Group<'_>) -> Option<u64> {
    let first = g.warp().start;
    let init = g.uniforms[2] & mask(W);
    Some(
        g.warp()
            .filter(|&t| g.active[t] && g.member_mask() >> (t - first) & 1 == 1)
            .fold(init, |r, t| float_add::<FORMAT, LANES, false>(r, g.lanes[t].0 & mask(W))),
    )
}

/// How many of the members' `cas` from the initial word succeed: one, as long as no member
/// writes the initial value back (then the count depends on the order).
fn cas_count(g: &Group<'_>) -> Option<u64> {
    let first = g.warp().start;
    let init = g.uniforms[2] & 0xffff_ffff;
    let members: Vec<usize> = g.warp().filter(|&t| g.active[t] && g.member_mask() >> (t - first) & 1 == 1).collect();
    (!members.iter().any(|&t| g.lanes[t].0 & 0xffff_ffff == init)).then_some(1)
}

/// Contended values: small integers and their negations, the 32-bit ends.
const CONTENDED_INTS: &[u64] = &[
    0,
    1,
    2,
    3,
    5,
    0x7f,
    0x80,
    0xff,
    0x8000_0000,
    0x7fff_ffff,
    0xffff_fffe,
    0xffff_ffff,
    36,
    37,
    38,
    0x1_0000_0001,
    0xffff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
];
/// Exactly summable f32 values (and initial words).
const SUMMABLE_F32: &[u64] =
    &[0x3f80_0000, 0x4000_0000, 0xbf80_0000, 0x3f00_0000, 0x4120_0000, 0, 0x8000_0000, 0x3e80_0000];
const SUMMABLE_F64: &[u64] = &[
    0x3ff0_0000_0000_0000,
    0x4000_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3fe0_0000_0000_0000,
    0x4024_0000_0000_0000,
    0,
    0x8000_0000_0000_0000,
    0x3fd0_0000_0000_0000,
];
const SUMMABLE_F16X2: &[u64] =
    &[0x3c00_4000, 0xbc00_3800, 0x4900_0000, 0x8000_3400, 0x3c00_3c00, 0x0000_8000, 0xb800_4000, 0x3400_bc00];

fn contended_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let form = |op: &'static str, bits: u32, space: &str, edges: &'static [u64], result: Res, group: GroupModel| {
        let base = if space == "shared" { "%w0" } else { "%w1" };
        let (sp, value) = if op.contains(".inc.") || op.contains(".dec.") {
            (space, "37".to_string())
        } else {
            (space, "{a}".to_string())
        };
        let apply = if op.starts_with("red") {
            format!("{op} [{base}+{{s8}}], {value}")
        } else {
            let reg = match bits {
                32 => "%sx0",
                _ => "%sy0",
            };
            format!("{op} {reg}, [{base}+{{s8}}], {value}")
        };
        Case {
            edges,
            b_edges: Some(&[0]),
            c_edges: edges,
            text: Some(leak(format!("{apply}; bar.warp.sync {{m}}; ld.{sp}.b{bits} {{d}}, [{base}+{{s8}}]"))),
            group: Some(group),
            result,
            ..Case::int(leak(format!("{op}/contended")), bits, bits, |_, _, _, _| None)
        }
    };
    for space in ["shared", "global"] {
        let op = |name: &str| leak(format!("atom.{space}.{name}"));
        v.push(form(op("add.u32"), 32, space, CONTENDED_INTS, Res::Int, contended::<ADD, false, 32>));
        v.push(form(op("min.s32"), 32, space, CONTENDED_INTS, Res::Int, contended::<MIN, true, 32>));
        v.push(form(op("max.u32"), 32, space, CONTENDED_INTS, Res::Int, contended::<MAX, false, 32>));
        v.push(form(op("and.b32"), 32, space, CONTENDED_INTS, Res::Int, contended::<AND, false, 32>));
        v.push(form(op("or.b32"), 32, space, CONTENDED_INTS, Res::Int, contended::<OR, false, 32>));
        v.push(form(op("xor.b32"), 32, space, CONTENDED_INTS, Res::Int, contended::<XOR, false, 32>));
        v.push(form(op("inc.u32"), 32, space, CONTENDED_INTS, Res::Int, contended::<INC, false, 32>));
        v.push(form(op("dec.u32"), 32, space, CONTENDED_INTS, Res::Int, contended::<DEC, false, 32>));
        v.push(form(op("add.u64"), 64, space, CONTENDED_INTS, Res::Int, contended::<ADD, false, 64>));
        v.push(form(op("max.s64"), 64, space, CONTENDED_INTS, Res::Int, contended::<MAX, true, 64>));
        v.push(form(op("add.f32"), 32, space, SUMMABLE_F32, Res::Float, contended_add::<F32, 1, 32>));
        v.push(form(op("add.f64"), 64, space, SUMMABLE_F64, Res::Float, contended_add::<F64, 1, 64>));
        v.push(form(op("add.noftz.f16x2"), 32, space, SUMMABLE_F16X2, Res::F16Lanes, contended_add::<F16, 2, 32>));
        v.push(form(
            leak(format!("red.{space}.add.u32")),
            32,
            space,
            CONTENDED_INTS,
            Res::Int,
            contended::<ADD, false, 32>,
        ));
        let base = if space == "shared" { "%w0" } else { "%w1" };
        v.push(Case {
            edges: CONTENDED_INTS,
            b_edges: Some(&[0]),
            c_edges: CONTENDED_INTS,
            text: Some(leak(format!(
                "atom.{space}.cas.b32 %sx0, [{base}+{{s8}}], %c1, {{a}}; setp.eq.u32 %sp0, %sx0, %c1; \
                 vote.sync.ballot.b32 %sx1, %sp0, {{m}}; popc.b32 {{d}}, %sx1"
            ))),
            group: Some(cas_count),
            ..Case::int(leak(format!("atom.{space}.cas.b32/contended")), 32, 32, |_, _, _, _| None)
        });
    }
    v
}

/// Every atomic form.
pub fn cases() -> Vec<Case> {
    let mut v = single_cases();
    v.extend(contended_cases());
    v
}

/// The reductions the coverage test (`coverage.rs`) found without a form: `red` with every
/// integer operation and type, and the half-precision sums, each on its own word.
pub fn later_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let ints: [(&'static str, u32, Model); 14] = [
        ("red.global.and.b32", 32, int_single::<AND, false, 32, true>),
        ("red.shared.and.b64", 64, int_single::<AND, false, 64, true>),
        ("red.shared.or.b32", 32, int_single::<OR, false, 32, true>),
        ("red.global.or.b64", 64, int_single::<OR, false, 64, true>),
        ("red.global.xor.b32", 32, int_single::<XOR, false, 32, true>),
        ("red.shared.add.s32", 32, int_single::<ADD, true, 32, true>),
        ("red.global.add.u64", 64, int_single::<ADD, false, 64, true>),
        ("red.global.min.u32", 32, int_single::<MIN, false, 32, true>),
        ("red.shared.min.u64", 64, int_single::<MIN, false, 64, true>),
        ("red.global.min.s64", 64, int_single::<MIN, true, 64, true>),
        ("red.shared.max.u32", 32, int_single::<MAX, false, 32, true>),
        ("red.global.max.s32", 32, int_single::<MAX, true, 32, true>),
        ("red.global.max.u64", 64, int_single::<MAX, false, 64, true>),
        ("red.shared.max.s64", 64, int_single::<MAX, true, 64, true>),
    ];
    for (op, bits, model) in ints {
        let space = if op.contains("shared") { "shared" } else { "global" };
        v.push(single(op, bits, space, INT_EDGES, Res::Int, model));
    }
    v.push(single(
        "red.shared.add.noftz.f16",
        16,
        "shared",
        F16_EDGES,
        Res::F16Lanes,
        float_single::<F16, 1, false, 16, true>,
    ));
    v.push(single(
        "red.global.add.noftz.bf16",
        16,
        "global",
        BF16_EDGES,
        Res::Bf16Lanes,
        float_single::<BF16, 1, false, 16, true>,
    ));
    v.push(single(
        "red.shared.add.noftz.bf16x2",
        32,
        "shared",
        &BF16X2_EDGES,
        Res::Bf16Lanes,
        float_single::<BF16, 2, false, 32, true>,
    ));
    v
}

/// An `atom` form on two halves (`.v2` of `.f16`/`.bf16`): the thread's word `a` stored, the
/// halves of `b` its operand; the result is the old word (two halves) beside the new one.
fn vector_half_atom(op: &'static str, edges: &'static [u64], result: Res) -> Case {
    Case {
        text: Some(leak(format!(
            "mov.b32 {{%sh0, %sh1}}, {{a}}; mov.b32 {{%sh2, %sh3}}, {{b}}; st.global.b32 [%q10], {{a}}; \
             {op} {{%sh4, %sh5}}, [%q10], {{%sh2, %sh3}}; mov.b32 %sx0, {{%sh4, %sh5}}; \
             ld.global.b32 %sx1, [%q10]; mov.b64 {{d}}, {{%sx0, %sx1}}"
        ))),
        target: ".version 8.1\n.target sm_90",
        edges,
        result,
        ..Case::int(op, 32, 64, |_, _, _, _| None)
    }
}

/// A `red` form on two halves (`.v2` of `.f16`/`.bf16`): the thread's word `a` stored, the
/// halves of `b` its operand; the result is the new word.
fn vector_half_red(op: &'static str, edges: &'static [u64], result: Res) -> Case {
    Case {
        text: Some(leak(format!(
            "mov.b32 {{%sh2, %sh3}}, {{b}}; st.global.b32 [%q10], {{a}}; {op} [%q10], {{%sh2, %sh3}}; \
             ld.global.b32 {{d}}, [%q10]"
        ))),
        target: ".version 8.1\n.target sm_90",
        edges,
        result,
        ..Case::int(op, 32, 32, |_, _, _, _| None)
    }
}

/// The vector half-precision `min`/`max` atomics and reductions (sm_90), two halves of the
/// thread's word (`a`) with two of `b`: the H200's recording decides: each half as
/// the scalar half `min`/`max` (one NaN gives the other operand, two the canonical NaN; `-0`
/// below `+0`), `crates/simt/src/semantics/atomic.rs`'s `apply`.
pub fn vector_min_max_cases() -> Vec<Case> {
    vec![
        vector_half_atom("atom.global.min.noftz.v2.f16", &F16X2_EDGES, Res::F16Lanes),
        vector_half_atom("atom.global.max.noftz.v2.bf16", &BF16X2_EDGES, Res::Bf16Lanes),
        vector_half_red("red.global.max.noftz.v2.f16", &F16X2_EDGES, Res::F16Lanes),
        vector_half_red("red.global.min.noftz.v2.bf16", &BF16X2_EDGES, Res::Bf16Lanes),
    ]
}

/// Round 8: the other operation of each type of the vector half `min`/`max` above, and the
/// vector atomics on pairs (`.v2.f16x2`, `.v2.bf16x2`: two packed words, eight bytes at the
/// thread's word and the next; PTX ISA `atom`'s `.vec_32_bit.packed_type`). The pair forms
/// store `a` then `b` and apply `{b, a}`, so that both words meet each operand order; the
/// result is each word's new value xor its old one xor what was stored (the old value
/// returned is checked through it). The H200's recording decides, as above.
pub fn vector_pair_cases() -> Vec<Case> {
    let pair_atom = |op: &'static str, edges: &'static [u64], result: Res| Case {
        text: Some(leak(format!(
            "mov.b32 %sx6, {{a}}; mov.b32 %sx7, {{b}}; st.global.v2.b32 [%q10], {{%sx6, %sx7}}; \
             {op} {{%sx0, %sx1}}, [%q10], {{%sx7, %sx6}}; ld.global.v2.b32 {{%sx2, %sx3}}, [%q10]; \
             xor.b32 %sx4, %sx0, %sx6; xor.b32 %sx4, %sx4, %sx2; xor.b32 %sx5, %sx1, %sx7; \
             xor.b32 %sx5, %sx5, %sx3; mov.b64 {{d}}, {{%sx4, %sx5}}"
        ))),
        target: ".version 8.1\n.target sm_90",
        edges,
        result,
        ..Case::int(op, 32, 64, |_, _, _, _| None)
    };
    let pair_red = |op: &'static str, edges: &'static [u64], result: Res| Case {
        text: Some(leak(format!(
            "mov.b32 %sx6, {{a}}; mov.b32 %sx7, {{b}}; st.global.v2.b32 [%q10], {{%sx6, %sx7}}; \
             {op} [%q10], {{%sx7, %sx6}}; ld.global.v2.b32 {{%sx2, %sx3}}, [%q10]; mov.b64 {{d}}, {{%sx2, %sx3}}"
        ))),
        target: ".version 8.1\n.target sm_90",
        edges,
        result,
        ..Case::int(op, 32, 64, |_, _, _, _| None)
    };
    let mut v = vec![
        vector_half_atom("atom.global.max.noftz.v2.f16", &F16X2_EDGES, Res::F16Lanes),
        vector_half_atom("atom.global.min.noftz.v2.bf16", &BF16X2_EDGES, Res::Bf16Lanes),
        vector_half_red("red.global.min.noftz.v2.f16", &F16X2_EDGES, Res::F16Lanes),
        vector_half_red("red.global.max.noftz.v2.bf16", &BF16X2_EDGES, Res::Bf16Lanes),
    ];
    for m in ["min", "max"] {
        v.push(pair_atom(leak(format!("atom.global.{m}.noftz.v2.f16x2")), &F16X2_EDGES, Res::F16Lanes));
        v.push(pair_atom(leak(format!("atom.global.{m}.noftz.v2.bf16x2")), &BF16X2_EDGES, Res::Bf16Lanes));
        v.push(pair_red(leak(format!("red.global.{m}.noftz.v2.f16x2")), &F16X2_EDGES, Res::F16Lanes));
        v.push(pair_red(leak(format!("red.global.{m}.noftz.v2.bf16x2")), &BF16X2_EDGES, Res::Bf16Lanes));
    }
    v
}

/// Round 9: every atomic through a generic address (no state space in the instruction), into
/// the thread's shared word (`cvta.shared` of it) and into its global word: the engines resolve
/// the space per lane at run time, on paths of their own (the compiled tiers inline only
/// `.shared`/`.global` atomics, the rest calls the helper), and the space still decides the
/// result: `atom.add.f32` flushes subnormals in global memory and not in shared memory. With
/// the qualified forms above, every operation, type, state space and scope runs on every
/// engine (a scope changes nothing a single thread or a warp can see).
pub fn generic_cases() -> Vec<Case> {
    /// An operation of `generic_cases`: name, bits, edges, result, model in global memory,
    /// model in shared memory.
    type GenericForm = (&'static str, u32, &'static [u64], Res, Model, Model);
    let mut v = Vec::new();
    let mut forms: Vec<GenericForm> = Vec::new();
    macro_rules! ints {
        ($bits:literal: $($name:literal $op:ident $signed:literal),* $(,)?) => {
            $(
                let m: Model = int_single::<$op, $signed, $bits, false>;
                forms.push(($name, $bits, INT_EDGES, Res::Int, m, m));
            )*
        };
    }
    ints!(32: "add.u32" ADD false, "add.s32" ADD true, "min.u32" MIN false, "min.s32" MIN true,
        "max.u32" MAX false, "max.s32" MAX true, "inc.u32" INC false, "dec.u32" DEC false,
        "and.b32" AND false, "or.b32" OR false, "xor.b32" XOR false, "exch.b32" EXCH false,
        "cas.b32" CAS false);
    ints!(64: "add.u64" ADD false, "min.u64" MIN false, "min.s64" MIN true, "max.u64" MAX false,
        "max.s64" MAX true, "and.b64" AND false, "or.b64" OR false, "xor.b64" XOR false,
        "exch.b64" EXCH false, "cas.b64" CAS false);
    ints!(16: "cas.b16" CAS false);
    forms.push((
        "add.f32",
        32,
        F32_ATOM_EDGES,
        Res::Int,
        float_single::<F32, 1, true, 32, false>,
        float_single::<F32, 1, false, 32, false>,
    ));
    let f64_add: Model = float_single::<F64, 1, false, 64, false>;
    forms.push(("add.f64", 64, F64_ATOM_EDGES, Res::Int, f64_add, f64_add));
    let halves: [(&'static str, u32, &'static [u64], Res, Model); 4] = [
        ("add.noftz.f16", 16, F16_EDGES, Res::F16Lanes, float_single::<F16, 1, false, 16, false>),
        ("add.noftz.f16x2", 32, &F16X2_EDGES, Res::F16Lanes, float_single::<F16, 2, false, 32, false>),
        ("add.noftz.bf16", 16, BF16_EDGES, Res::Bf16Lanes, float_single::<BF16, 1, false, 16, false>),
        ("add.noftz.bf16x2", 32, &BF16X2_EDGES, Res::Bf16Lanes, float_single::<BF16, 2, false, 32, false>),
    ];
    for (name, bits, edges, result, model) in halves {
        forms.push((name, bits, edges, result, model, model));
    }
    for (name, bits, edges, result, global, shared) in forms {
        for (space, model) in [("global", global), ("shared", shared)] {
            let op = leak(format!("atom.{name}"));
            v.push(Case {
                text: Some(single_text(op, bits, space, false, true)),
                ..single(leak(format!("atom.{name}/generic-{space}")), bits, space, edges, result, model)
            });
        }
    }
    v
}
