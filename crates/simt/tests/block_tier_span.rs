//! The block tier's lane phase in groups that span rows (`block_tier/emit/grouping.rs`):
//! blocks whose rows are narrower than a group of 16 lanes (8×8, 4×4, 8×8×8, ...) run 16
//! consecutive threads at a time, every thread index varying by lane. Results against the
//! CUDA semantics of the kernel and the interpreter, in every such shape, with a barrier and
//! shared memory between lanes of different rows, and launches of shapes the code was not
//! built for. Blocks 8 wide whose accesses are consecutive along a row run a row of 8 at a
//! time instead (`emit::layout`): a 7-point stencil through shared memory, in those shapes.

use simt::{Dim3, Engine, Tier};

mod common;

use common::ptx::tile_kernel;
use common::{one_worker_program, run_out_in};

/// Per thread, `t` its linear index in the block, `n` the block's size and
/// `g = ctaid.x * n + t`: `tile[t] = in[g]`; a barrier; then `out[g] = in[g] +
/// 2 * tile[(t + 1) % n] + 3 * up + 1000 * tid.x + 100000 * tid.y + 10000000 * tid.z`,
/// where `up` is the row above's `tile[t - ntid.x]` when `tid.y > 0`, else 0. Threads with
/// `tid.x == ntid.x - 1` and odd `tid.z` leave before storing (after the barrier).
fn span() -> String {
    tile_kernel(
        "span",
        "",
        r#"    add.s32 %r17, %r8, 1;
    rem.u32 %r18, %r17, %r10;
    shl.b32 %r19, %r18, 2;
    add.s32 %r20, %r14, %r19;
    ld.shared.u32 %r21, [%r20];
    mov.u32 %r22, 0;
    setp.eq.s32 %p1, %r2, 0;
    @%p1 bra NOUP;
    shl.b32 %r23, %r4, 2;
    sub.s32 %r24, %r16, %r23;
    ld.shared.u32 %r22, [%r24];
NOUP:
    sub.s32 %r25, %r4, 1;
    setp.eq.s32 %p2, %r1, %r25;
    and.b32 %r26, %r3, 1;
    setp.eq.s32 %p3, %r26, 1;
    and.pred %p2, %p2, %p3;
    @%p2 bra END;
    mad.lo.s32 %r27, %r21, 2, %r13;
    mad.lo.s32 %r27, %r22, 3, %r27;
    mad.lo.s32 %r27, %r1, 1000, %r27;
    mad.lo.s32 %r27, %r2, 100000, %r27;
    mad.lo.s32 %r27, %r3, 10000000, %r27;
    add.s64 %rd5, %rd1, %rd3;
    st.global.u32 [%rd5], %r27;
END:
    ret;
"#,
    )
}

/// What `span` leaves in `out` for blocks of `b` over `input`, from the kernel's comment
/// (`u32::MAX` where a thread stores nothing).
fn expected(b: Dim3, blocks: u32, input: &[u32]) -> Vec<u32> {
    let n = b.x * b.y * b.z;
    let mut out = vec![u32::MAX; (n * blocks) as usize];
    for c in 0..blocks {
        let tile = &input[(c * n) as usize..((c + 1) * n) as usize];
        for z in 0..b.z {
            for y in 0..b.y {
                for x in 0..b.x {
                    let t = (z * b.y + y) * b.x + x;
                    if x == b.x - 1 && z % 2 == 1 {
                        continue;
                    }
                    let up = if y > 0 { tile[(t - b.x) as usize] } else { 0 };
                    let v = tile[t as usize]
                        .wrapping_add(2u32.wrapping_mul(tile[((t + 1) % n) as usize]))
                        .wrapping_add(3u32.wrapping_mul(up))
                        .wrapping_add(1000 * x)
                        .wrapping_add(100_000 * y)
                        .wrapping_add(10_000_000u32.wrapping_mul(z));
                    out[(c * n + t) as usize] = v;
                }
            }
        }
    }
    out
}

/// Runs `span` on `engine` for each of `shapes` in turn on one program (its block-tier code
/// built for the first), checking each launch's results; returns them.
fn run_shapes(engine: Engine, shapes: &[Dim3]) -> Vec<Vec<u32>> {
    let p = one_worker_program(&span(), engine);
    let blocks = 3u32;
    shapes
        .iter()
        .map(|&b| {
            let n = (b.x * b.y * b.z * blocks) as usize;
            let input: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2_654_435_761) >> 7).collect();
            let (got, tier) = run_out_in(&p, "span", Dim3::x(blocks), b, &input);
            if engine == Engine::Block {
                assert_eq!(tier, Tier::Block, "{b:?}");
            }
            assert_eq!(got, expected(b, blocks, &input), "{engine:?}, block {b:?} after {:?}", shapes[0]);
            got
        })
        .collect()
}

#[test]
fn narrow_rows_share_groups_in_every_shape() {
    // Each shape first: the code is built for it (spanning rows but for 16 × 16, 32 × 4 × 2,
    // 8 × 1 and 4 × 3 × 2, whose y extent is no power of two beside a z extent).
    for b in [
        Dim3::new(8, 8, 8),
        Dim3::new(8, 8, 1),
        Dim3::new(4, 4, 1),
        Dim3::new(2, 4, 4),
        Dim3::new(1, 32, 1),
        Dim3::new(4, 3, 1),
        Dim3::new(8, 2, 3),
        Dim3::new(4, 3, 2),
        Dim3::new(8, 1, 1),
        Dim3::new(16, 16, 1),
        Dim3::new(32, 4, 2),
    ] {
        let block = run_shapes(Engine::Block, &[b]);
        assert_eq!(block, run_shapes(Engine::Interp, &[b]), "{b:?}");
    }
}

#[test]
fn code_built_for_one_shape_runs_launches_of_others() {
    // Built spanning rows of 8: then rows of 16 (indices still from shifts), and shapes whose
    // indices are not (the scalar passes run them), and back.
    let shapes = [
        Dim3::new(8, 8, 1),
        Dim3::new(16, 2, 1),
        Dim3::new(4, 3, 2),
        Dim3::new(12, 2, 1),
        Dim3::x(40),
        Dim3::new(2, 2, 2),
        Dim3::new(8, 8, 1),
    ];
    assert_eq!(run_shapes(Engine::Block, &shapes), run_shapes(Engine::Interp, &shapes));
    // Built for rows: launches spanning-shaped blocks row by row.
    let shapes = [Dim3::new(32, 2, 1), Dim3::new(8, 8, 8), Dim3::new(4, 4, 1)];
    assert_eq!(run_shapes(Engine::Block, &shapes), run_shapes(Engine::Interp, &shapes));
}

/// Per thread, after `tile[t] = in[g]` and a barrier: `out[g] = tile[t] + 3 * left +
/// 5 * right + 7 * up + 11 * down + 13 * back + 17 * front`, each neighbour in the block
/// along x, y or z (`tile[t ∓ 1]`, `tile[t ∓ ntid.x]`, `tile[t ∓ ntid.x * ntid.y]`), 0 where
/// the block has none: a 7-point stencil through shared memory, every access consecutive
/// along a row.
fn stencil() -> String {
    tile_kernel(
        "stencil",
        "",
        r#"    ld.shared.u32 %r17, [%r16];
    setp.eq.u32 %p1, %r1, 0;
    @%p1 bra NOLEFT;
    sub.s32 %r18, %r16, 4;
    ld.shared.u32 %r19, [%r18];
    mad.lo.s32 %r17, %r19, 3, %r17;
NOLEFT:
    add.s32 %r20, %r1, 1;
    setp.ge.u32 %p2, %r20, %r4;
    @%p2 bra NORIGHT;
    ld.shared.u32 %r21, [%r16+4];
    mad.lo.s32 %r17, %r21, 5, %r17;
NORIGHT:
    shl.b32 %r22, %r4, 2;
    setp.eq.u32 %p3, %r2, 0;
    @%p3 bra NOUP;
    sub.s32 %r23, %r16, %r22;
    ld.shared.u32 %r24, [%r23];
    mad.lo.s32 %r17, %r24, 7, %r17;
NOUP:
    add.s32 %r25, %r2, 1;
    setp.ge.u32 %p4, %r25, %r5;
    @%p4 bra NODOWN;
    add.s32 %r26, %r16, %r22;
    ld.shared.u32 %r27, [%r26];
    mad.lo.s32 %r17, %r27, 11, %r17;
NODOWN:
    shl.b32 %r28, %r9, 2;
    setp.eq.u32 %p5, %r3, 0;
    @%p5 bra NOBACK;
    sub.s32 %r29, %r16, %r28;
    ld.shared.u32 %r30, [%r29];
    mad.lo.s32 %r17, %r30, 13, %r17;
NOBACK:
    add.s32 %r31, %r3, 1;
    setp.ge.u32 %p6, %r31, %r6;
    @%p6 bra NOFRONT;
    add.s32 %r32, %r16, %r28;
    ld.shared.u32 %r33, [%r32];
    mad.lo.s32 %r17, %r33, 17, %r17;
NOFRONT:
    add.s64 %rd5, %rd1, %rd3;
    st.global.u32 [%rd5], %r17;
    ret;
"#,
    )
}

/// What `stencil` leaves in `out` for blocks of `b` over `input`, from the kernel's comment.
fn stencil_expected(b: Dim3, blocks: u32, input: &[u32]) -> Vec<u32> {
    let n = b.x * b.y * b.z;
    let mut out = vec![0u32; (n * blocks) as usize];
    for c in 0..blocks {
        let tile = &input[(c * n) as usize..((c + 1) * n) as usize];
        let at = |x: u32, y: u32, z: u32| tile[((z * b.y + y) * b.x + x) as usize];
        for z in 0..b.z {
            for y in 0..b.y {
                for x in 0..b.x {
                    let mut v = at(x, y, z);
                    let mut add = |on: bool, w: u32, f: &dyn Fn() -> u32| {
                        if on {
                            v = v.wrapping_add(w.wrapping_mul(f()));
                        }
                    };
                    add(x > 0, 3, &|| at(x - 1, y, z));
                    add(x + 1 < b.x, 5, &|| at(x + 1, y, z));
                    add(y > 0, 7, &|| at(x, y - 1, z));
                    add(y + 1 < b.y, 11, &|| at(x, y + 1, z));
                    add(z > 0, 13, &|| at(x, y, z - 1));
                    add(z + 1 < b.z, 17, &|| at(x, y, z + 1));
                    out[(c * n + (z * b.y + y) * b.x + x) as usize] = v;
                }
            }
        }
    }
    out
}

/// Runs `stencil` on `engine` for each of `shapes` in turn on one program (its block-tier
/// code built for the first), checking each launch's results against the kernel's comment.
fn run_stencil(engine: Engine, shapes: &[Dim3]) {
    let p = one_worker_program(&stencil(), engine);
    let blocks = 3u32;
    for &b in shapes {
        let n = (b.x * b.y * b.z * blocks) as usize;
        let input: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2_654_435_761) >> 5).collect();
        let (got, tier) = run_out_in(&p, "stencil", Dim3::x(blocks), b, &input);
        if engine == Engine::Block {
            assert_eq!(tier, Tier::Block, "{b:?}");
        }
        assert_eq!(got, stencil_expected(b, blocks, &input), "{engine:?}, block {b:?} after {:?}", shapes[0]);
    }
}

#[test]
fn rows_of_eight_run_a_shared_stencil_in_every_shape() {
    // Blocks 8 wide: groups of one row of 8 (`emit::layout`), built for each shape, then
    // launches of other shapes on the same code (rows of 16 and more, narrower rows, a row of
    // 8 alone, y extents no power of two).
    for first in [Dim3::new(8, 8, 8), Dim3::new(8, 8, 1), Dim3::new(8, 2, 3), Dim3::new(8, 3, 1), Dim3::new(8, 3, 2)] {
        let shapes = [first, Dim3::new(16, 4, 1), Dim3::new(4, 4, 4), Dim3::new(8, 1, 1), Dim3::new(6, 5, 1), first];
        for engine in [Engine::Block, Engine::Interp] {
            run_stencil(engine, &shapes);
        }
    }
}
