//! Warp collectives on the block tier (`Engine::Block`): `shfl.sync` in every mode, with
//! clamps, segments and member masks, `vote.sync`, `redux.sync`, `match.sync` and `activemask`,
//! in converged and diverged warps, in blocks whose last warp is partial, in 2D and 3D blocks
//! whose rows do or do not line up with warps, and beside block barriers. The block tier must
//! run the launch itself (`Tier::Block`) and give the interpreter's results bit for bit (the
//! reference: `tests/conformance.rs` holds it to the PTX ISA and an H200's recordings), and
//! the few results written out below are the ISA's.

use simt::{DeviceMemory, Dim3, Engine, Params, Tier};

mod common;

use common::ptx::{Kernel, module};
use common::{Rng, download_u32, one_worker_program, upload};

/// Outputs per thread of `collectives`.
const OUTS: u32 = 24;

/// Each thread (linear index `t` in its block, `g` in the grid) reads `v = in[g]` and writes
/// `OUTS` words to `out[g * OUTS..]`: shuffles of `v` (up, down, bfly, idx; clamps and
/// 16/8/4-lane segments; lanes from a register), their in-range predicates, votes on `v < 2^31`
/// and on its low bit, reductions and matches, `activemask`; then, diverged by lane parity,
/// shuffles and ballots with the half-warp member masks; then a shuffle reduction in a loop
/// (as `__shfl_down_sync` sums are written), a barrier, and a shuffle again.
fn collectives() -> String {
    module(
        "sm_80",
        &Kernel::new("coll", &["out", "in"], common::ptx::Index::None).global_pointers().body(
            r#"
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %tid.y;
    mov.u32 %r3, %tid.z;
    mov.u32 %r5, %ntid.x;
    mov.u32 %r6, %ntid.y;
    mov.u32 %r7, %ntid.z;
    mov.u32 %r8, %ctaid.x;
    mad.lo.s32 %r9, %r3, %r6, %r2;
    mad.lo.s32 %r9, %r9, %r5, %r1;
    mul.lo.s32 %r10, %r5, %r6;
    mul.lo.s32 %r10, %r10, %r7;
    mad.lo.s32 %r11, %r8, %r10, %r9;
    mul.wide.u32 %rd3, %r11, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r12, [%rd4];
    mul.wide.u32 %rd5, %r11, 96;
    add.s64 %rd6, %rd1, %rd5;
    shfl.sync.up.b32 %r20|%p1, %r12, 1, 0, -1;
    shfl.sync.down.b32 %r21|%p2, %r12, 3, 31, -1;
    shfl.sync.bfly.b32 %r22, %r12, 5, 31, -1;
    shfl.sync.idx.b32 %r23, %r12, %r12, 31, -1;
    shfl.sync.down.b32 %r24|%p3, %r12, 2, 0x100f, -1;
    shfl.sync.up.b32 %r25|%p4, %r12, 2, 0x1800, -1;
    shfl.sync.idx.b32 %r26, %r12, 3, 0x1c03, -1;
    shfl.sync.bfly.b32 %r27, %r12, 9, 0x1807, -1;
    st.global.v4.u32 [%rd6], {%r20, %r21, %r22, %r23};
    st.global.v4.u32 [%rd6+16], {%r24, %r25, %r26, %r27};
    selp.u32 %r28, 1, 0, %p1;
    selp.u32 %r29, 2, 0, %p2;
    selp.u32 %r30, 4, 0, %p3;
    selp.u32 %r31, 8, 0, %p4;
    or.b32 %r28, %r28, %r29;
    or.b32 %r28, %r28, %r30;
    or.b32 %r28, %r28, %r31;
    setp.lt.u32 %p5, %r12, 0x80000000;
    and.b32 %r32, %r12, 1;
    setp.ne.u32 %p6, %r32, 0;
    vote.sync.ballot.b32 %r33, %p6, -1;
    vote.sync.all.pred %p7, %p5, -1;
    vote.sync.any.pred %p8, %p6, -1;
    vote.sync.uni.pred %p9, %p5, -1;
    selp.u32 %r34, 16, 0, %p7;
    selp.u32 %r35, 32, 0, %p8;
    selp.u32 %r36, 64, 0, %p9;
    or.b32 %r28, %r28, %r34;
    or.b32 %r28, %r28, %r35;
    or.b32 %r28, %r28, %r36;
    redux.sync.add.u32 %r37, %r12, -1;
    redux.sync.max.s32 %r38, %r12, -1;
    and.b32 %r39, %r12, 3;
    match.any.sync.b32 %r40, %r39, -1;
    activemask.b32 %r41;
    st.global.v4.u32 [%rd6+32], {%r28, %r33, %r37, %r38};
    mov.u32 %r42, %laneid;
    and.b32 %r43, %r42, 1;
    setp.eq.u32 %p10, %r43, 0;
    @%p10 bra EVEN;
    shfl.sync.bfly.b32 %r44, %r12, 2, 31, 0xaaaaaaaa;
    vote.sync.ballot.b32 %r45, %p5, 0xaaaaaaaa;
    activemask.b32 %r46;
    bra JOIN;
EVEN:
    shfl.sync.down.b32 %r44, %r12, 2, 31, 0x55555555;
    vote.sync.ballot.b32 %r45, %p6, 0x55555555;
    activemask.b32 %r46;
JOIN:
    st.global.v4.u32 [%rd6+48], {%r40, %r41, %r44, %r45};
    mov.u32 %r47, %r12;
    mov.u32 %r48, 16;
LOOP:
    shfl.sync.down.b32 %r49, %r47, %r48, 31, -1;
    add.s32 %r47, %r47, %r49;
    shr.u32 %r48, %r48, 1;
    setp.ne.u32 %p11, %r48, 0;
    @%p11 bra LOOP;
    bar.sync 0;
    shfl.sync.idx.b32 %r50, %r47, 0, 31, -1;
    sub.s32 %r51, %r42, 1;
    shfl.sync.idx.b32 %r52, %r9, %r51, 31, -1;
    st.global.v4.u32 [%rd6+64], {%r46, %r42, %r47, %r50};
    st.global.v4.u32 [%rd6+80], {%r52, %r9, %r43, %r11};
    ret;
"#,
        ),
    )
}

/// `coll` on `engine` over `blocks` blocks of `block`; its outputs and the tier that ran it.
fn run(engine: Engine, blocks: u32, block: Dim3, input: &[u32]) -> (Vec<u32>, Tier) {
    let p = one_worker_program(&collectives(), engine);
    let mem = DeviceMemory::new();
    let din = upload(&mem, input);
    let n = input.len();
    let dout = upload(&mem, &vec![0xeeee_eeeeu32; n * OUTS as usize]);
    let params = Params::new().ptr(dout).ptr(din).clone();
    let st = p
        .launch("coll", Dim3::x(blocks), block, 0, params.bytes(), &mem)
        .unwrap_or_else(|f| panic!("{engine:?} {block:?}: {f}"));
    (download_u32(&mem, dout, n * OUTS as usize), st.tier)
}

/// The block shapes: whole warps, a partial last warp, rows of 16 and 8 (two and four rows a
/// warp), rows of 24 and 12 (warps across rows at odd places), 3D.
const SHAPES: [(u32, u32, u32); 10] = [
    (32, 1, 1),
    (64, 1, 1),
    (100, 1, 1),
    (7, 1, 1),
    (16, 4, 1),
    (8, 8, 1),
    (24, 3, 1),
    (12, 5, 1),
    (32, 2, 2),
    (8, 4, 3),
];

#[test]
fn collectives_agree_with_the_interpreter_in_every_block_shape() {
    let mut rng = Rng::new(0x13b);
    for (x, y, z) in SHAPES {
        let block = Dim3 { x, y, z };
        let blocks = 3;
        let n = (x * y * z * blocks) as usize;
        // Values with repeats (match), both signs, and small ones (`idx` lanes from values).
        let input: Vec<u32> = (0..n)
            .map(|i| match i % 5 {
                0 => rng.below(40) as u32,
                1 => 0x8000_0000 | rng.below(1 << 20) as u32,
                _ => rng.next() as u32,
            })
            .collect();
        let (want, _) = run(Engine::Interp, blocks, block, &input);
        let (got, tier) = run(Engine::Block, blocks, block, &input);
        assert_eq!(tier, Tier::Block, "{block:?}");
        for t in 0..n {
            let range = t * OUTS as usize..(t + 1) * OUTS as usize;
            assert_eq!(got[range.clone()], want[range], "{block:?}: thread {t} (words: see `collectives`)");
        }
    }
}

/// The ISA's results for one whole warp: lane `l` holds `v = l`.
#[test]
fn converged_warp_shuffles_give_the_isas_lanes() {
    let input: Vec<u32> = (0..64).collect();
    let (got, tier) = run(Engine::Block, 1, Dim3::x(64), &input);
    assert_eq!(tier, Tier::Block);
    for t in 0..64u32 {
        let (w, l) = (t / 32 * 32, t % 32);
        let o = &got[(t * OUTS) as usize..((t + 1) * OUTS) as usize];
        // up 1 (clamp 0): lane 0 keeps its own value; down 3 (clamp 31): lanes 29..31 keep theirs.
        assert_eq!(o[0], if l >= 1 { w + l - 1 } else { w + l }, "up, lane {t}");
        assert_eq!(o[1], if l + 3 <= 31 { w + l + 3 } else { w + l }, "down, lane {t}");
        assert_eq!(o[2], w + (l ^ 5), "bfly, lane {t}");
        // idx with the lane from the value (`v & 31`: the lane itself).
        assert_eq!(o[3], w + l, "idx, lane {t}");
        // down 2 in 16-lane segments: from l + 2 within the segment.
        assert_eq!(o[4], if l % 16 + 2 <= 15 { w + l + 2 } else { w + l }, "segment down, lane {t}");
        // The ballot of odd values: every odd lane.
        assert_eq!(o[9], 0xaaaa_aaaa, "ballot, lane {t}");
        // The sum of the warp's values.
        assert_eq!(o[10], (0..32).map(|k| w + k).sum::<u32>(), "redux.add, lane {t}");
        assert_eq!(o[13], u32::MAX, "activemask, lane {t}");
        // The diverged halves: the odd lanes' bfly 2 stays odd, the even lanes' down 2 too.
        let half = if l % 2 == 1 {
            w + (l ^ 2)
        } else if l + 2 <= 31 {
            w + l + 2
        } else {
            w + l
        };
        assert_eq!(o[14], half, "diverged shuffle, lane {t}");
        assert_eq!(o[16], if l % 2 == 1 { 0xaaaa_aaaa } else { 0x5555_5555 }, "diverged activemask, lane {t}");
        // The loop's sum reaches lane 0, which `idx 0` hands to every lane.
        assert_eq!(o[19], (0..32).map(|k| w + k).sum::<u32>(), "reduction, lane {t}");
        assert_eq!(o[20], w + (l + 31) % 32, "idx of lane l - 1 (mod 32: `b & 31`), lane {t}");
    }
}

/// The two halves of each warp shuffle apart (odd lanes, then even lanes, each with its own
/// member mask), and nothing after: the half performed second waits at its shuffle while the
/// other half finishes, and must still be performed before the block ends.
fn halves() -> String {
    module(
        "sm_80",
        &Kernel::new("halves", &["out"], common::ptx::Index::Thread).body(
            r#"
    mov.u32 %r2, %laneid;
    and.b32 %r3, %r2, 1;
    setp.eq.u32 %p1, %r3, 0;
    @%p1 bra EVEN;
    shfl.sync.bfly.b32 %r4, %r1, 2, 31, 0xaaaaaaaa;
    bra JOIN;
EVEN:
    shfl.sync.bfly.b32 %r4, %r1, 2, 31, 0x55555555;
JOIN:
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r4;
    ret;
"#,
        ),
    )
}

#[test]
fn both_halves_of_a_diverged_warp_shuffle() {
    let p = one_worker_program(&halves(), Engine::Block);
    let mem = DeviceMemory::new();
    let out = upload(&mem, &[u32::MAX; 96]);
    let params = Params::new().ptr(out).clone();
    let st = p.launch("halves", Dim3::x(1), Dim3::x(96), 0, params.bytes(), &mem).unwrap();
    assert_eq!(st.tier, Tier::Block);
    let want: Vec<u32> = (0..96).map(|t| t ^ 2).collect();
    assert_eq!(download_u32(&mem, out, 96), want);
}
