//! The kinds of operation the coverage test (`coverage.rs`) found without a form: branches
//! inside a slot (`bra` on a predicate of each operand shape, `brx.idx` through a table),
//! `nanosleep`, `cvta` and `isspacep` of each window, `mbarrier`'s
//! `expect_tx` and `pending_count`, the cluster barrier in a cluster of one, and the scalar video
//! instructions (the GPU's recording decides those, as for the SIMD ones in `bits.rs`).

use super::{Model, leak};
use crate::{Case, EDGES, SM90, mask};

pub fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    // A forward branch taken where `b` is not 0: uniform, lane-affine or per lane by shape.
    v.push(Case {
        text: Some(
            "setp.ne.u32 %sp0, {b}, 0; mov.u32 %sx0, {a}; @%sp0 bra SKIP{s8}; xor.b32 %sx0, %sx0, 0x55; \
             SKIP{s8}: add.u32 {d}, %sx0, 1",
        ),
        ..Case::int("bra", 32, 32, |a, b, _, _| Some((if b != 0 { a } else { a ^ 0x55 }).wrapping_add(1) & mask(32)))
    });
    // An indexed branch to one of three targets, `b mod 3`.
    v.push(Case {
        text: Some(
            "TABLE{s8}: .branchtargets T0_{s8}, T1_{s8}, T2_{s8}; rem.u32 %sx0, {b}, 3; brx.idx %sx0, TABLE{s8}; \
             T0_{s8}: add.u32 %sx1, {a}, 1; bra.uni JOIN{s8}; T1_{s8}: mul.lo.u32 %sx1, {a}, 3; bra.uni JOIN{s8}; \
             T2_{s8}: xor.b32 %sx1, {a}, 0xff; JOIN{s8}: mov.u32 {d}, %sx1",
        ),
        ..Case::int("brx.idx", 32, 32, |a, b, _, _| {
            Some(match b % 3 {
                0 => a.wrapping_add(1) & mask(32),
                1 => a.wrapping_mul(3) & mask(32),
                _ => a ^ 0xff,
            })
        })
    });
    // A sleep of at most a microsecond changes nothing.
    v.push(Case {
        b_edges: Some(&[0, 1, 100, 1000]),
        text: Some("nanosleep.u32 {b}; add.u32 {d}, {a}, {b}"),
        ..Case::int("nanosleep.u32", 32, 32, |a, b, _, _| Some(a.wrapping_add(b) & mask(32)))
    });
    // Generic and window addresses: the thread's shared word through a generic address and
    // back, and which windows each address is in (bits 8 up).
    v.push(Case {
        target: SM90,
        arity: 1,
        text: Some(
            "st.shared.b32 [%q11], {a}; cvta.shared.u64 %sy0, %q11; ld.b32 %sx0, [%sy0]; cvta.to.shared.u64 %sy1, %sy0; \
             ld.shared.b32 %sx1, [%sy1]; cvta.to.global.u64 %sy2, %q10; cvta.global.u64 %sy3, %sy2; \
             st.b32 [%sy3], {a}; ld.global.b32 %sx2, [%q10]; add.u32 %sx0, %sx0, %sx1; xor.b32 %sx0, %sx0, %sx2; \
             isspacep.shared %sp0, %sy0; isspacep.global %sp1, %sy0; isspacep.param %sp2, %sy0; \
             isspacep.local %sp3, %sy0; isspacep.shared::cluster %sp4, %sy0; isspacep.global %sp5, %sy3; \
             selp.u32 %sx3, 0x100, 0, %sp0; selp.u32 %sx4, 0x200, 0, %sp1; or.b32 %sx3, %sx3, %sx4; \
             selp.u32 %sx4, 0x400, 0, %sp2; or.b32 %sx3, %sx3, %sx4; selp.u32 %sx4, 0x800, 0, %sp3; \
             or.b32 %sx3, %sx3, %sx4; selp.u32 %sx4, 0x1000, 0, %sp4; or.b32 %sx3, %sx3, %sx4; \
             selp.u32 %sx4, 0x2000, 0, %sp5; or.b32 %sx3, %sx3, %sx4; shl.b32 %sx3, %sx3, 16; xor.b32 {d}, %sx0, %sx3",
        ),
        ..Case::int("cvta.isspacep", 32, 32, |a, _, _, _| {
            // shared and shared::cluster hold the shared address, global the global one.
            Some((((a + a) & mask(32)) ^ a) ^ (((0x100 | 0x1000 | 0x2000) << 16) & mask(32)))
        })
    });
    // An mbarrier expecting `n = (a & 7) + 2` arrivals and `k = b & 0xff` transaction bytes:
    // `mbarrier.pending_count` of the state `arrive` returns is "the pending count of the
    // mbarrier object prior to the arrive-on operation" (PTX ISA), `n`; one arrival of `n`
    // leaves the phase incomplete.
    v.push(Case {
        target: SM90,
        b_edges: Some(&[0, 1, 2, 0x7f, 0x80, 0xff, 0x1234]),
        text: Some(
            "and.b32 %sx0, {a}, 7; add.u32 %sx0, %sx0, 2; mbarrier.init.shared.b64 [%q11], %sx0; \
             and.b32 %sx1, {b}, 0xff; mbarrier.expect_tx.relaxed.cta.shared.b64 [%q11], %sx1; \
             mbarrier.arrive.shared.b64 %sy0, [%q11]; mbarrier.pending_count.b64 %sx2, %sy0; \
             mbarrier.complete_tx.shared.b64 [%q11], %sx1; mbarrier.test_wait.parity.shared.b64 %sp0, [%q11], 0; \
             selp.u32 %sx3, 0x100, 0, %sp0; or.b32 {d}, %sx2, %sx3; mbarrier.inval.shared.b64 [%q11]",
        ),
        ..Case::int("mbarrier.expect_tx.pending_count", 32, 32, |a, _, _, _| Some((a & 7) + 2))
    });
    // The cluster barrier in a cluster of one: every thread of the block arrives, then waits.
    v.push(Case {
        target: SM90,
        converged_only: true,
        text: Some("barrier.cluster.arrive; barrier.cluster.wait; add.u32 {d}, {a}, {b}"),
        ..Case::int("barrier.cluster.arrive.wait", 32, 32, |a, b, _, _| Some(a.wrapping_add(b) & mask(32)))
    });
    v.extend(scalar_video());
    v
}

/// Scalar video instructions: each primary operation, with and without a secondary one, byte
/// and half-word selectors, saturation, merges into a part of `c`; the GPU's recording decides.
fn scalar_video() -> Vec<Case> {
    let forms: [(&str, usize, Option<&str>); 10] = [
        ("vadd.s32.s32.s32.sat", 2, None),
        ("vadd.u32.u32.u32.add", 3, None),
        ("vsub.s32.u32.s32.min", 3, None),
        ("vabsdiff.u32.s32.s32.max", 3, None),
        ("vmin.s32.s32.s32", 2, Some("vmin.s32.s32.s32 {d}, {a}.b1, {b}.h1")),
        ("vmax.u32.u32.u32.sat", 2, Some("vmax.u32.u32.u32.sat {d}, {a}.h0, {b}.b3")),
        ("vshl.u32.u32.u32.clamp.add", 3, None),
        ("vshr.s32.s32.u32.wrap", 2, None),
        ("vset.u32.u32.lt", 2, None),
        ("vadd.u32.u32.u32/merge", 3, Some("vadd.u32.u32.u32 {d}.b2, {a}.b0, {b}.b1, {c}")),
    ];
    let model: Model = |_, _, _, _| None;
    forms
        .into_iter()
        .map(|(op, arity, text)| Case {
            cw: 32,
            c_edges: if arity == 3 { &EDGES } else { &[] },
            arity,
            text,
            ..Case::int(leak(op.to_string()), 32, 32, model)
        })
        .collect()
}

/// Round 7's second part: contracted multiply-adds (`mul` whose only use is an `add`/`sub`,
/// fused as ptxas fuses them: one rounding), `createpolicy` with a cache-hinted load, `mapa`
/// on 64-bit and signed addresses, and `madc` without a carry out.
pub fn second_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let fused = |op: &'static str, w: u32, text: &'static str, model: Model| Case {
        edges: if w == 32 { &crate::F32_EDGES } else { &crate::F64_EDGES },
        c_edges: if w == 32 { &crate::F32_EDGES } else { &crate::F64_EDGES },
        arity: 3,
        float: true,
        result: crate::Res::Float,
        text: Some(text),
        ..Case::int(op, w, w, model)
    };
    v.push(fused(
        "mul.sub.f32/contracted",
        32,
        ".reg .f32 %fm{s8}; mul.f32 %fm{s8}, {a}, {b}; sub.f32 {d}, {c}, %fm{s8}",
        |a, b, c, _| {
            let [x, y, z] = [a, b, c].map(|v| f32::from_bits(v as u32));
            let r = (-x).mul_add(y, z);
            Some(if r.is_nan() { crate::ANY_NAN } else { u64::from(r.to_bits()) })
        },
    ));
    v.push(fused(
        "mul.sub.f64/contracted",
        64,
        ".reg .f64 %fd{s8}; mul.f64 %fd{s8}, {a}, {b}; sub.f64 {d}, %fd{s8}, {c}",
        |a, b, c, _| {
            let [x, y, z] = [a, b, c].map(f64::from_bits);
            let r = x.mul_add(y, -z);
            Some(if r.is_nan() { crate::ANY_NAN } else { r.to_bits() })
        },
    ));
    v.push(Case {
        target: SM90,
        arity: 1,
        text: Some(
            "createpolicy.fractional.L2::evict_last.b64 %sy0, 1.0; st.global.b32 [%q10], {a}; \
             ld.global.L2::cache_hint.b32 {d}, [%q10], %sy0",
        ),
        ..Case::int("createpolicy.ld.L2::cache_hint", 32, 32, |a, _, _, _| Some(a))
    });
    v.push(Case {
        target: SM90,
        arity: 1,
        text: Some(
            "st.shared.b32 [%q11], {a}; mapa.shared::cluster.u64 %sy0, %q11, 0; ld.shared::cluster.b32 %sx0, [%sy0]; \
             cvt.u32.u64 %sx1, %q11; mapa.shared::cluster.s32 %sx2, %sx1, 0; ld.shared::cluster.b32 %sx3, [%sx2]; \
             add.u32 {d}, %sx0, %sx3",
        ),
        ..Case::int("mapa.u64.s32", 32, 32, |a, _, _, _| Some((a + a) & mask(32)))
    });
    // `mad.lo.cc` then `madc.lo` without a carry out: the low half plus `c`, then plus the
    // carry out of that sum.
    for (t, w, r) in [("u64", 64, "%sy"), ("s32", 32, "%sx"), ("s64", 64, "%sy")] {
        v.push(Case {
            c_edges: &EDGES,
            arity: 3,
            text: Some(leak(format!("mad.lo.cc.{t} {r}5, {{a}}, {{b}}, {{c}}; madc.lo.{t} {{d}}, {r}5, 1, 0"))),
            ..Case::int(leak(format!("mad.lo.cc/madc.lo.{t}")), w, w, |a, b, c, w| {
                let lo = u128::from(a.wrapping_mul(b) & mask(w));
                let s = lo + u128::from(c);
                let carry = s >> w;
                Some(((s + carry) as u64) & mask(w))
            })
        });
    }
    v
}

/// Round 8: the `alloca` stack without assuming that a freed address is reused (the ISA does
/// not promise it; an H200 returned another one), and `mapa` of a 64-bit signed type, in a
/// shared::cluster window and a generic one.
pub fn round8_cases() -> Vec<Case> {
    vec![
        // Sixteen bytes of the thread's stack: `a` and `b` stored, the middle eight loaded; freed
        // by `stackrestore`. The next `alloca` (aligned to 8, wherever it is) holds `a` through a
        // store and a load: the result's bits change if the value or the alignment does not hold.
        Case {
            target: ".version 7.3\n.target sm_80",
            text: Some(
                "stacksave.u64 %sy0; alloca.u64 %sy1, 16, 8; st.local.u64 [%sy1], {a}; st.local.u64 [%sy1+8], {b}; \
                 ld.local.u32 %sx0, [%sy1+4]; ld.local.u32 %sx1, [%sy1+8]; stackrestore.u64 %sy0; \
                 alloca.u64 %sy2, 16, 8; st.local.u64 [%sy2+8], {a}; ld.local.u64 %sy3, [%sy2+8]; \
                 xor.b64 %sy3, %sy3, {a}; and.b64 %sy4, %sy2, 7; or.b64 %sy3, %sy3, %sy4; \
                 mov.b64 %sy5, {%sx0, %sx1}; xor.b64 {d}, %sy5, %sy3; stackrestore.u64 %sy0",
            ),
            ..Case::int("alloca.stacksave.stackrestore", 64, 64, |a, b, _, _| Some(a >> 32 | (b & mask(32)) << 32))
        },
        // A cluster of one CTA: `mapa` to rank 0 is the CTA's own shared memory.
        Case {
            target: SM90,
            arity: 1,
            text: Some(
                "st.shared.b32 [%q11], {a}; mapa.shared::cluster.s64 %sy0, %q11, 0; ld.shared::cluster.b32 %sx0, [%sy0]; \
                 cvta.shared.u64 %sy1, %q11; mapa.s64 %sy2, %sy1, 0; ld.b32 %sx1, [%sy2]; add.u32 {d}, %sx0, %sx1",
            ),
            ..Case::int("mapa.s64", 32, 32, |a, _, _, _| Some((a + a) & mask(32)))
        },
    ]
}
