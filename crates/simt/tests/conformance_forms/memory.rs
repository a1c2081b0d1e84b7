//! Memory forms (PTX ISA, "Data Movement and Conversion Instructions"): `ld`/`st` of each width
//! into wider registers (sign extension for signed types, zero extension otherwise), partial
//! stores, vectors (`.v2`/`.v4` of 16, 32 and 64 bits), `ld.local`/`st.local` at dynamic
//! offsets, cache and eviction hints, `.volatile`, `.relaxed`/`.acquire`/`.release` with scopes,
//! `prefetch`, `ld.global.nc`, `cp.async` with `src-size` zero fill and its groups,
//! `cp.async.bulk` completing an `mbarrier`'s transaction count, `mbarrier` phases and
//! `mapa`/`ld.shared::cluster` in a cluster of one CTA. Each thread uses its own words (its `c`
//! word `[%q10]`, its shared word `[%q11]`, or slot-local arrays), so every model is a function
//! of the thread's operands; hints and orders change no result.

use super::{Model, leak};
use crate::{Case, EDGES, Group, GroupModel, SM90, mask, sext};

/// Small second operands (sizes, indices, counts): each low-bit pattern once.
const SMALL: &[u64] = &[0, 1, 2, 3, 5, 7, 8, 0xd, 0xf, 0x10, 0x13, 0xff, 0x8000_0007, 0xffff_ffff];

/// A memory form computing `{d}` (width `dw`) from `a` (width `w`) by `text`.
fn form(op: &str, w: u32, dw: u32, text: &str, model: Model) -> Case {
    Case { arity: 1, text: Some(leak(text.to_string())), ..Case::int(leak(op.to_string()), w, dw, model) }
}

/// As `form`, with a second operand `b` of width `bw` from `SMALL`.
fn form2(op: &str, w: u32, bw: u32, dw: u32, text: &str, model: Model) -> Case {
    Case { arity: 2, bw, b_edges: Some(SMALL), ..form(op, w, dw, text, model) }
}

/// A form whose model reads the loaded operand arrays (`Group::loaded`).
fn loaded_form(op: &str, w: u32, dw: u32, text: &str, group: GroupModel) -> Case {
    Case { group: Some(group), ..form(op, w, dw, text, |_, _, _, _| None) }
}

/// `ld.global.nc` of the thread's `a` and `b` words.
fn nc_pair(g: &Group<'_>) -> Option<u64> {
    let (x, y, _) = g.loaded[g.t];
    Some(x ^ y.rotate_left(1))
}

/// `cp.async.cg` of 16 bytes from the 16-byte-aligned pair of `a` words holding the thread's,
/// the first `a & 15` bytes copied, the rest zero-filled; the two halves mixed into one result.
fn cp_async_16(g: &Group<'_>) -> Option<u64> {
    let t = g.t & !1;
    let size = (g.lanes[g.t].0 & 15) as usize;
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&g.loaded[t].0.to_le_bytes());
    bytes[8..].copy_from_slice(&g.loaded[t + 1].0.to_le_bytes());
    bytes[size..].fill(0);
    let lo = u64::from_le_bytes(bytes[..8].try_into().ok()?);
    let hi = u64::from_le_bytes(bytes[8..].try_into().ok()?);
    Some(lo ^ (hi << 1))
}

/// The same 16 bytes copied whole by `cp.async.bulk`.
fn bulk_16(g: &Group<'_>) -> Option<u64> {
    let t = g.t & !1;
    Some(g.loaded[t].0 ^ (g.loaded[t + 1].0 << 1))
}

/// `mbarrier` with expected count `n = (a & 7) + 1`, `k = 1 + b mod n` arrivals: whether the
/// phase with parity 0 completed (bit 0) and whether parity 1's did (bit 1; before phase 0
/// completes, parity 1 names the "immediately preceding phase", complete).
fn mbarrier_phase(a: u64, b: u64, _: u64, _: u32) -> Option<u64> {
    let n = (a & 7) + 1;
    let k = 1 + (b & 0xffff_ffff) % n;
    let done = k == n;
    Some(u64::from(done) | u64::from(!done) << 1)
}

/// Two phases of `n = (a & 7) + 1` arrivals (one `noComplete` arrival of `n - 1`, then one):
/// phase 1 completes too, so parity 0 names the incomplete current phase and parity 1 the
/// completed one.
fn mbarrier_two_phases(_: u64, _: u64, _: u64, _: u32) -> Option<u64> {
    Some(0b10)
}

/// An `expect_tx` of `tx = (a & 0xff) + 1` bytes with the one arrival; `complete_tx` of `tx`
/// bytes when `b` is odd, else of `tx - 1`: the phase completes only when every byte did.
fn mbarrier_tx(_: u64, b: u64, _: u64, _: u32) -> Option<u64> {
    let done = b & 1 == 1;
    Some(u64::from(done) | u64::from(!done) << 1)
}

/// `K` times `a`, on 32 bits (the sum of `K` loads of the stored `a`).
fn times<const K: u64>(a: u64, _: u64, _: u64, _: u32) -> Option<u64> {
    Some(a.wrapping_mul(K) & mask(32))
}

/// Every memory form.
pub fn cases() -> Vec<Case> {
    let mut v = vec![
        // Loads narrower than their register: signed types sign-extend, others zero-extend.
        form("ld.shared.s8.into.b32", 16, 32, "st.shared.b8 [%q11], {a}; ld.shared.s8 {d}, [%q11]", |a, _, _, _| {
            Some(sext(a & 0xff, 8) as u64 & mask(32))
        }),
        form("ld.shared.u8.into.b32", 16, 32, "st.shared.b8 [%q11], {a}; ld.shared.u8 {d}, [%q11]", |a, _, _, _| {
            Some(a & 0xff)
        }),
        form("ld.global.s8.into.b16", 16, 16, "st.global.b8 [%q10], {a}; ld.global.s8 {d}, [%q10]", |a, _, _, _| {
            Some(sext(a & 0xff, 8) as u64 & mask(16))
        }),
        form("ld.global.b8.into.b16", 16, 16, "st.global.b8 [%q10], {a}; ld.global.b8 {d}, [%q10]", |a, _, _, _| {
            Some(a & 0xff)
        }),
        form("ld.global.s16.into.b64", 16, 64, "st.global.b16 [%q10], {a}; ld.global.s16 {d}, [%q10]", |a, _, _, _| {
            Some(sext(a, 16) as u64)
        }),
        form("ld.global.u32.into.b64", 32, 64, "st.global.b32 [%q10], {a}; ld.global.u32 {d}, [%q10]", |a, _, _, _| {
            Some(a)
        }),
        form("ld.global.s32.into.b64", 32, 64, "st.global.b32 [%q10], {a}; ld.global.s32 {d}, [%q10]", |a, _, _, _| {
            Some(sext(a, 32) as u64)
        }),
        form(
            "ld.local.s8.into.b64",
            64,
            64,
            ".local .align 8 .b8 byte{s8}[8]; st.local.b8 [byte{s8}+3], {a}; ld.local.s8 {d}, [byte{s8}+3]",
            |a, _, _, _| Some(sext(a & 0xff, 8) as u64),
        ),
        // Stores of a register's low bits, into a word stored whole before.
        Case {
            b_edges: Some(&EDGES),
            ..form2(
                "st.global.b16.of.b32",
                32,
                32,
                32,
                "st.global.b32 [%q10], {b}; st.global.b16 [%q10+2], {a}; ld.global.b32 {d}, [%q10]",
                |a, b, _, _| Some((b & 0xffff) | (a & 0xffff) << 16),
            )
        },
        Case {
            b_edges: Some(&EDGES),
            ..form2(
                "st.shared.b8.of.b64",
                64,
                64,
                64,
                "st.shared.b64 [%q11], {b}; st.shared.b8 [%q11+5], {a}; ld.shared.b64 {d}, [%q11]",
                |a, b, _, _| Some((b & !(0xff << 40)) | (a & 0xff) << 40),
            )
        },
        // Vectors: element i at offset i times the element size.
        Case {
            b_edges: Some(&EDGES),
            ..form2(
                "st.global.v2.b32",
                32,
                32,
                64,
                "st.global.v2.b32 [%q10], {{a}, {b}}; ld.global.v2.b32 {%sx0, %sx1}, [%q10]; mov.b64 {d}, {%sx1, %sx0}",
                |a, b, _, _| Some(a << 32 | b),
            )
        },
        Case {
            arity: 3,
            b_edges: Some(&EDGES),
            c_edges: &[0, 1, 0x7fff, 0x8000, 0xffff, 0x1234],
            cw: 16,
            ..form2(
                "st.shared.v4.b16",
                16,
                16,
                64,
                "xor.b16 %sh0, {a}, {b}; st.shared.v4.b16 [%q11], {{a}, {b}, {c}, %sh0}; \
                 ld.shared.v4.b16 {%sh1, %sh2, %sh3, %sh4}, [%q11]; mov.b64 {d}, {%sh4, %sh3, %sh2, %sh1}",
                |a, b, c, _| Some((a ^ b) | c << 16 | b << 32 | a << 48),
            )
        },
        Case {
            b_edges: Some(&EDGES),
            ..form2(
                "st.local.v2.f64",
                64,
                64,
                64,
                ".local .align 16 .b8 pair{s8}[16]; st.local.v2.f64 [pair{s8}], {{a}, {b}}; \
                 ld.local.v4.b32 {%sx0, %sx1, %sx2, %sx3}, [pair{s8}]; mov.b64 {d}, {%sx1, %sx2}",
                |a, b, _, _| Some(a >> 32 | (b & mask(32)) << 32),
            )
        },
        Case {
            arity: 3,
            b_edges: Some(&EDGES),
            c_edges: &[0, 1, 0x8000_0000, 0xffff_ffff, 0x1234_5678],
            cw: 32,
            ..form2(
                "st.local.v4.b32",
                32,
                32,
                64,
                ".local .align 16 .b8 quad{s8}[16]; st.local.v4.b32 [quad{s8}], {{a}, {b}, {c}, {a}}; \
                 ld.local.v2.b64 {%sy0, %sy1}, [quad{s8}]; shl.b64 %sy2, %sy1, 7; xor.b64 {d}, %sy0, %sy2",
                |a, b, c, _| Some((a | b << 32) ^ ((c | a << 32) << 7)),
            )
        },
        // A local array of eight words, each `c`, one `a` stored at index `b & 7`, the word at
        // index `(b >> 3) & 7` loaded.
        Case {
            arity: 3,
            c_edges: &[0x5555_5555_5555_5555, 7],
            cw: 64,
            ..form2(
                "ld.local.dynamic",
                64,
                32,
                64,
                ".local .align 16 .b8 arr{s8}[64]; \
                 st.local.v2.b64 [arr{s8}], {{c}, {c}}; st.local.v2.b64 [arr{s8}+16], {{c}, {c}}; \
                 st.local.v2.b64 [arr{s8}+32], {{c}, {c}}; st.local.v2.b64 [arr{s8}+48], {{c}, {c}}; \
                 mov.u64 %sy0, arr{s8}; and.b32 %sx0, {b}, 7; mul.wide.u32 %sy1, %sx0, 8; add.u64 %sy1, %sy0, %sy1; \
                 st.local.b64 [%sy1], {a}; shr.u32 %sx1, {b}, 3; and.b32 %sx1, %sx1, 7; \
                 mul.wide.u32 %sy2, %sx1, 8; add.u64 %sy2, %sy0, %sy2; ld.local.b64 {d}, [%sy2]",
                |a, b, c, _| Some(if b & 7 == (b >> 3) & 7 { a } else { c }),
            )
        },
    ];
    // Cache, eviction and ordering qualifiers: the value stored is the value loaded.
    for (name, target, model, text) in [
        (
            "ld.global.ca.cg.cs.lu.cv",
            crate::SM80,
            times::<5> as Model,
            "st.global.wb.b32 [%q10], {a}; ld.global.ca.b32 %sx0, [%q10]; ld.global.cg.b32 %sx1, [%q10]; ld.global.cs.b32 %sx2, [%q10]; ld.global.cv.b32 %sx3, [%q10]; ld.global.lu.b32 %sx4, [%q10]; add.u32 %sx0, %sx0, %sx1; add.u32 %sx0, %sx0, %sx2; add.u32 %sx0, %sx0, %sx3; add.u32 {d}, %sx0, %sx4",
        ),
        (
            "st.global.cg.cs.wt",
            crate::SM80,
            times::<5> as Model,
            "st.global.cg.b32 [%q10], {a}; ld.global.b32 %sx0, [%q10]; st.global.cs.b32 [%q10], %sx0; ld.global.b32 %sx1, [%q10]; st.global.wt.b32 [%q10], %sx1; ld.global.b32 %sx2, [%q10]; mul.lo.u32 {d}, %sx2, 5",
        ),
        (
            "ld.global.L1.L2.hints",
            crate::SM80,
            times::<5> as Model,
            "st.global.L1::no_allocate.b32 [%q10], {a}; ld.global.L1::evict_last.b32 %sx0, [%q10]; ld.global.L1::evict_first.L2::64B.b32 %sx1, [%q10]; ld.global.L1::no_allocate.L2::128B.b32 %sx2, [%q10]; ld.global.L2::256B.b32 %sx3, [%q10]; ld.global.L1::evict_normal.b32 %sx4, [%q10]; add.u32 %sx0, %sx0, %sx1; add.u32 %sx0, %sx0, %sx2; add.u32 %sx0, %sx0, %sx3; add.u32 {d}, %sx0, %sx4",
        ),
        (
            "ld.st.volatile",
            crate::SM80,
            times::<2> as Model,
            "st.volatile.global.b32 [%q10], {a}; ld.volatile.global.b32 %sx0, [%q10]; st.volatile.shared.b32 [%q11], %sx0; ld.volatile.shared.b32 %sx1, [%q11]; ld.volatile.b32 %sx2, [%q10]; add.u32 {d}, %sx1, %sx2",
        ),
        (
            "ld.acquire.st.release.scopes",
            crate::SM80,
            times::<3> as Model,
            "st.release.gpu.global.b32 [%q10], {a}; ld.acquire.gpu.global.b32 %sx0, [%q10]; st.relaxed.cta.shared.b32 [%q11], %sx0; ld.relaxed.cta.shared.b32 %sx1, [%q11]; st.release.sys.b32 [%q10], %sx1; ld.acquire.sys.b32 %sx2, [%q10]; ld.relaxed.gpu.global.b32 %sx3, [%q10]; add.u32 %sx2, %sx2, %sx3; add.u32 {d}, %sx2, %sx0",
        ),
        (
            "ld.relaxed.cluster.mmio",
            ".version 8.2\n.target sm_90",
            times::<4> as Model,
            "st.relaxed.cluster.global.b32 [%q10], {a}; ld.relaxed.cluster.global.b32 %sx0, [%q10]; ld.acquire.cluster.global.b32 %sx1, [%q10]; ld.mmio.relaxed.sys.global.b32 %sx2, [%q10]; st.mmio.relaxed.sys.global.b32 [%q10], %sx2; ld.global.b32 %sx3, [%q10]; add.u32 %sx0, %sx0, %sx1; add.u32 %sx0, %sx0, %sx2; add.u32 {d}, %sx0, %sx3",
        ),
        (
            "prefetch",
            crate::SM80,
            times::<5> as Model,
            "st.global.b32 [%q10], {a}; prefetch.global.L1 [%q10]; prefetch.global.L2 [%q10]; prefetch.L1 [%q10]; prefetch.global.L2::evict_last [%q10]; prefetch.global.L2::evict_normal [%q10]; prefetchu.L1 [%q10]; ld.global.b32 %sx0, [%q10]; mul.lo.u32 {d}, %sx0, 5",
        ),
    ] {
        v.push(Case { target, ..form(name, 32, 32, text, model) });
    }
    v.push(loaded_form(
        "ld.global.nc",
        64,
        64,
        "ld.global.nc.b64 %sy0, [%q4]; ld.global.nc.L1::evict_last.v2.b32 {%sx0, %sx1}, [%q5]; \
         mov.b64 %sy1, {%sx0, %sx1}; shl.b64 %sy2, %sy1, 1; shr.b64 %sy1, %sy1, 63; or.b64 %sy1, %sy1, %sy2; \
         xor.b64 {d}, %sy0, %sy1",
        nc_pair,
    ));
    // cp.async: `src-size` bytes copied, the rest of `cp-size` zero-filled.
    v.push(form2(
        "cp.async.ca.src-size",
        64,
        32,
        64,
        "st.global.b64 [%q10], {a}; and.b32 %sx0, {b}, 7; cp.async.ca.shared.global [%q11], [%q10], 8, %sx0; \
         cp.async.commit_group; cp.async.wait_group 0; ld.shared.b64 {d}, [%q11]",
        |a, b, _, _| Some(a & mask(8 * (b & 7) as u32)),
    ));
    v.push(form2(
        "cp.async.ca.L2.4",
        32,
        32,
        32,
        "st.global.b32 [%q10], {a}; and.b32 %sx0, {b}, 3; cp.async.ca.shared.global.L2::128B [%q11], [%q10], 4, %sx0; \
         cp.async.commit_group; cp.async.wait_all; ld.shared.b32 {d}, [%q11]",
        |a, b, _, _| Some(a & mask(8 * (b & 3) as u32)),
    ));
    v.push(Case {
        edges: SMALL,
        ..loaded_form(
            "cp.async.cg.16",
            32,
            64,
            ".shared .align 16 .b8 line{s8}[1024]; mov.u64 %sy0, line{s8}; add.u64 %sy0, %sy0, %q3; add.u64 %sy0, %sy0, %q3; \
             and.b64 %sy1, %q4, -16; and.b32 %sx0, {a}, 15; \
             cp.async.cg.shared.global.L2::256B [%sy0], [%sy1], 16, %sx0; cp.async.commit_group; cp.async.wait_group 0; \
             ld.shared.v2.b64 {%sy2, %sy3}, [%sy0]; shl.b64 %sy3, %sy3, 1; xor.b64 {d}, %sy2, %sy3",
            cp_async_16,
        )
    });
    // mbarrier phases, each thread with its own barrier object.
    v.push(Case {
        target: SM90,
        ..form2(
            "mbarrier.arrive.count.test_wait",
            32,
            32,
            32,
            "and.b32 %sx0, {a}, 7; add.u32 %sx0, %sx0, 1; mbarrier.init.shared.b64 [%q11], %sx0; \
             rem.u32 %sx1, {b}, %sx0; add.u32 %sx1, %sx1, 1; mbarrier.arrive.shared.b64 %sy0, [%q11], %sx1; \
             mbarrier.test_wait.parity.shared.b64 %sp0, [%q11], 0; mbarrier.test_wait.parity.shared.b64 %sp1, [%q11], 1; \
             selp.u32 %sx2, 1, 0, %sp0; selp.u32 %sx3, 2, 0, %sp1; or.b32 {d}, %sx2, %sx3; mbarrier.inval.shared.b64 [%q11]",
            mbarrier_phase,
        )
    });
    v.push(form(
        "mbarrier.arrive.noComplete.phases",
        32,
        32,
        "and.b32 %sx0, {a}, 7; add.u32 %sx0, %sx0, 1; mbarrier.init.shared.b64 [%q11], %sx0; \
         sub.u32 %sx1, %sx0, 1; setp.ne.u32 %sp2, %sx1, 0; \
         @%sp2 mbarrier.arrive.noComplete.shared.b64 %sy0, [%q11], %sx1; mbarrier.arrive.shared.b64 %sy0, [%q11]; \
         mbarrier.test_wait.parity.shared.b64 %sp3, [%q11], 0; \
         @%sp2 mbarrier.arrive.noComplete.shared.b64 %sy0, [%q11], %sx1; mbarrier.arrive.shared.b64 %sy0, [%q11]; \
         mbarrier.test_wait.parity.shared.b64 %sp0, [%q11], 0; mbarrier.test_wait.parity.shared.b64 %sp1, [%q11], 1; \
         and.pred %sp1, %sp1, %sp3; \
         selp.u32 %sx2, 1, 0, %sp0; selp.u32 %sx3, 2, 0, %sp1; or.b32 {d}, %sx2, %sx3; mbarrier.inval.shared.b64 [%q11]",
        mbarrier_two_phases,
    ));
    v.push(Case {
        target: SM90,
        ..form2(
            "mbarrier.expect_tx.complete_tx",
            32,
            32,
            32,
            "mbarrier.init.shared.b64 [%q11], 1; and.b32 %sx0, {a}, 0xff; add.u32 %sx0, %sx0, 1; \
             mbarrier.arrive.expect_tx.shared.b64 %sy0, [%q11], %sx0; and.b32 %sx1, {b}, 1; sub.u32 %sx1, %sx1, 1; \
             add.u32 %sx1, %sx0, %sx1; mbarrier.complete_tx.shared.b64 [%q11], %sx1; \
             mbarrier.test_wait.parity.shared.b64 %sp0, [%q11], 0; mbarrier.test_wait.parity.shared.b64 %sp1, [%q11], 1; \
             selp.u32 %sx2, 1, 0, %sp0; selp.u32 %sx3, 2, 0, %sp1; or.b32 {d}, %sx2, %sx3; mbarrier.inval.shared.b64 [%q11]",
            mbarrier_tx,
        )
    });
    v.push(Case {
        target: SM90,
        ..loaded_form(
            "cp.async.bulk.mbarrier",
            32,
            64,
            ".shared .align 16 .b8 bulk{s8}[1024]; mov.u64 %sy0, bulk{s8}; add.u64 %sy0, %sy0, %q3; add.u64 %sy0, %sy0, %q3; \
             and.b64 %sy1, %q4, -16; mbarrier.init.shared.b64 [%q11], 1; fence.proxy.async.shared::cta; \
             mbarrier.arrive.expect_tx.shared.b64 %sy4, [%q11], 16; \
             cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%sy0], [%sy1], 16, [%q11]; \
             WAIT{s8}: mbarrier.try_wait.parity.shared.b64 %sp0, [%q11], 0; @!%sp0 bra WAIT{s8}; \
             ld.shared.v2.b64 {%sy2, %sy3}, [%sy0]; shl.b64 %sy3, %sy3, 1; xor.b64 {d}, %sy2, %sy3; \
             mbarrier.inval.shared.b64 [%q11]",
            bulk_16,
        )
    });
    // A cluster of one CTA: `mapa` to rank 0 is the CTA's own shared memory.
    v.push(Case {
        target: SM90,
        ..form(
            "mapa.ld.shared::cluster",
            32,
            32,
            "st.shared.b32 [%q11], {a}; cvt.u32.u64 %sx0, %q11; mapa.shared::cluster.u32 %sx1, %sx0, 0; \
             ld.shared::cluster.b32 %sx2, [%sx1]; getctarank.shared::cluster.u32 %sx3, %sx1; \
             mov.u32 %sx4, %cluster_nctarank; add.u32 %sx3, %sx3, %sx4; mad.lo.u32 {d}, %sx3, 0x100, %sx2",
            |a, _, _, _| Some((a + 0x100) & mask(32)),
        )
    });
    v
}

/// The `.version`/`.target` of the 128-bit forms (`.b128` needs PTX 8.3).
const SM90_PTX83: &str = ".version 8.3\n.target sm_90";

/// The memory forms the coverage test (`coverage.rs`) found without one: `st` then `ld` of
/// each type through the thread's global, shared or local word (narrow signed types
/// sign-extend into the register, the others zero-extend; floats bit for bit, NaN payloads
/// kept), and 128-bit values: `mov.b128` packing and unpacking, `ld`/`st.b128`, and
/// `atom.cas`/`atom.exch.b128`.
pub fn later_cases() -> Vec<Case> {
    let mut v = Vec::new();
    let types: [(&str, u32, Model); 10] = [
        ("u8", 16, |a, _, _, _| Some(a & 0xff)),
        ("s8", 16, |a, _, _, _| Some(sext(a & 0xff, 8) as u64 & mask(16))),
        ("u16", 16, |a, _, _, _| Some(a)),
        ("s16", 16, |a, _, _, _| Some(a)),
        ("u32", 32, |a, _, _, _| Some(a)),
        ("s32", 32, |a, _, _, _| Some(a)),
        ("u64", 64, |a, _, _, _| Some(a)),
        ("s64", 64, |a, _, _, _| Some(a)),
        ("f32", 32, |a, _, _, _| Some(a)),
        ("f64", 64, |a, _, _, _| Some(a)),
    ];
    for (i, (t, w, model)) in types.into_iter().enumerate() {
        let (sp, addr) = match i % 3 {
            0 => ("global", "[%q10]".to_string()),
            1 => ("shared", "[%q11]".to_string()),
            _ => ("local", "[word{s8}]".to_string()),
        };
        let decl = if sp == "local" { ".local .align 8 .b8 word{s8}[8]; " } else { "" };
        let edges: &'static [u64] = match t {
            "f32" => &crate::F32_EDGES,
            "f64" => &crate::F64_EDGES,
            _ => &EDGES,
        };
        v.push(Case {
            edges,
            ..form(
                &format!("st.ld.{sp}.{t}"),
                w,
                w,
                &format!("{decl}st.{sp}.{t} {addr}, {{a}}; ld.{sp}.{t} {{d}}, {addr}"),
                model,
            )
        });
    }
    // 128 bits: `{a, b}` packed, stored, loaded and unpacked (local memory), exchanged and
    // compared-and-swapped in the thread's own 16 bytes of shared memory.
    let wide = |op: &str, arity: usize, text: &str, model: Model| Case {
        target: SM90_PTX83,
        arity,
        b_edges: Some(&EDGES),
        c_edges: if arity == 3 { &EDGES } else { &[] },
        ..form2(op, 64, 64, 64, text, model)
    };
    v.push(wide(
        "mov.ld.st.b128",
        2,
        ".reg .b128 %qa{s8}; .reg .b128 %qb{s8}; .local .align 16 .b8 quad{s8}[16]; mov.b128 %qa{s8}, {{a}, {b}}; \
         st.local.b128 [quad{s8}], %qa{s8}; ld.local.b128 %qb{s8}, [quad{s8}]; mov.b128 {%sy0, %sy1}, %qb{s8}; \
         ld.local.b64 %sy2, [quad{s8}+8]; shl.b64 %sy3, %sy1, 1; xor.b64 %sy3, %sy3, %sy0; xor.b64 {d}, %sy3, %sy2",
        |a, b, _, _| Some((b << 1) ^ a ^ b),
    ));
    let shared16 = ".shared .align 16 .b8 pairs{s8}[1024]; mov.u64 %sy4, pairs{s8}; add.u64 %sy4, %sy4, %q3; \
                    add.u64 %sy4, %sy4, %q3;";
    v.push(wide(
        "atom.shared.exch.b128",
        2,
        leak(format!(
            "{shared16} .reg .b128 %qa{{s8}}; .reg .b128 %qb{{s8}}; .reg .b128 %qc{{s8}}; st.shared.v2.b64 [%sy4], {{{{a}}, {{b}}}}; mov.b128 %qa{{s8}}, {{{{b}}, {{a}}}}; \
             atom.shared.exch.b128 %qb{{s8}}, [%sy4], %qa{{s8}}; mov.b128 {{%sy0, %sy1}}, %qb{{s8}}; \
             ld.shared.v2.b64 {{%sy2, %sy3}}, [%sy4]; shl.b64 %sy1, %sy1, 1; shl.b64 %sy3, %sy3, 3; \
             xor.b64 %sy0, %sy0, %sy1; xor.b64 %sy0, %sy0, %sy2; xor.b64 {{d}}, %sy0, %sy3"
        )),
        // old {a, b}, new {b, a}
        |a, b, _, _| Some(a ^ (b << 1) ^ b ^ (a << 3)),
    ));
    v.push(wide(
        "atom.shared.cas.b128",
        3,
        leak(format!(
            "{shared16} .reg .b128 %qa{{s8}}; .reg .b128 %qb{{s8}}; .reg .b128 %qc{{s8}}; st.shared.v2.b64 [%sy4], {{{{a}}, {{b}}}}; mov.b128 %qa{{s8}}, {{{{c}}, {{b}}}}; \
             mov.b128 %qc{{s8}}, {{{{b}}, {{c}}}}; atom.shared.cas.b128 %qb{{s8}}, [%sy4], %qa{{s8}}, %qc{{s8}}; \
             mov.b128 {{%sy0, %sy1}}, %qb{{s8}}; ld.shared.v2.b64 {{%sy2, %sy3}}, [%sy4]; shl.b64 %sy1, %sy1, 1; \
             shl.b64 %sy3, %sy3, 3; xor.b64 %sy0, %sy0, %sy1; xor.b64 %sy0, %sy0, %sy2; xor.b64 {{d}}, %sy0, %sy3"
        )),
        // old {a, b}; swapped to {b, c} where {a, b} equals {c, b}, that is a = c
        |a, b, c, _| {
            let (n0, n1) = if a == c { (b, c) } else { (a, b) };
            Some(a ^ (b << 1) ^ n0 ^ (n1 << 3))
        },
    ));
    v
}
