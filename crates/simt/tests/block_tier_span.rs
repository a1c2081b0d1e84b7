//! The block tier's lane phase in groups that span rows (`block_tier/emit/grouping.rs`):
//! blocks whose rows are narrower than a group of 16 lanes (8×8, 4×4, 8×8×8, ...) run 16
//! consecutive threads at a time, every thread index varying by lane. Results against the
//! CUDA semantics of the kernel and the interpreter, in every such shape, with a barrier and
//! shared memory between lanes of different rows, and launches of shapes the code was not
//! built for.

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
