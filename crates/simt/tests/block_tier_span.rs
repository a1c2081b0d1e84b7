//! The block tier's lane phase in groups that span rows (`block_tier/emit/grouping.rs`):
//! blocks whose rows are narrower than a group of 16 lanes (8×8, 4×4, 8×8×8, ...) run 16
//! consecutive threads at a time, every thread index varying by lane. Results against the
//! CUDA semantics of the kernel and the interpreter, in every such shape, with a barrier and
//! shared memory between lanes of different rows, and launches of shapes the code was not
//! built for.

use simt::{DeviceMemory, Dim3, Engine, Params, Tier};

mod common;

use common::{download_u32, one_worker_program, write};

/// Per thread, `t` its linear index in the block, `n` the block's size and
/// `g = ctaid.x * n + t`: `tile[t] = in[g]`; a barrier; then `out[g] = in[g] +
/// 2 * tile[(t + 1) % n] + 3 * up + 1000 * tid.x + 100000 * tid.y + 10000000 * tid.z`,
/// where `up` is the row above's `tile[t - ntid.x]` when `tid.y > 0`, else 0. Threads with
/// `tid.x == ntid.x - 1` and odd `tid.z` leave before storing (after the barrier).
const SPAN: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry span(.param .u64 in, .param .u64 out)
{
    .reg .pred %p<4>;
    .reg .b32 %r<40>;
    .reg .b64 %rd<8>;
    .shared .align 4 .b8 tile[4096];
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %tid.y;
    mov.u32 %r3, %tid.z;
    mov.u32 %r4, %ntid.x;
    mov.u32 %r5, %ntid.y;
    mov.u32 %r6, %ntid.z;
    mad.lo.s32 %r7, %r3, %r5, %r2;
    mad.lo.s32 %r8, %r7, %r4, %r1;
    mul.lo.s32 %r9, %r4, %r5;
    mul.lo.s32 %r9, %r9, %r6;
    mov.u32 %r10, %ctaid.x;
    mad.lo.s32 %r11, %r10, %r9, %r8;
    mul.wide.u32 %rd3, %r11, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r12, [%rd4];
    mov.u32 %r13, tile;
    shl.b32 %r14, %r8, 2;
    add.s32 %r15, %r13, %r14;
    st.shared.u32 [%r15], %r12;
    bar.sync 0;
    add.s32 %r16, %r8, 1;
    rem.u32 %r17, %r16, %r9;
    shl.b32 %r18, %r17, 2;
    add.s32 %r19, %r13, %r18;
    ld.shared.u32 %r20, [%r19];
    mov.u32 %r21, 0;
    setp.eq.s32 %p1, %r2, 0;
    @%p1 bra NOUP;
    shl.b32 %r22, %r4, 2;
    sub.s32 %r23, %r15, %r22;
    ld.shared.u32 %r21, [%r23];
NOUP:
    sub.s32 %r24, %r4, 1;
    setp.eq.s32 %p2, %r1, %r24;
    and.b32 %r25, %r3, 1;
    setp.eq.s32 %p3, %r25, 1;
    and.pred %p2, %p2, %p3;
    @%p2 bra END;
    mad.lo.s32 %r26, %r20, 2, %r12;
    mad.lo.s32 %r26, %r21, 3, %r26;
    mad.lo.s32 %r26, %r1, 1000, %r26;
    mad.lo.s32 %r26, %r2, 100000, %r26;
    mad.lo.s32 %r26, %r3, 10000000, %r26;
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r26;
END:
    ret;
}
"#;

/// What `SPAN` leaves in `out` for blocks of `b` over `input`, from the kernel's comment
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

/// Runs `SPAN` on `engine` for each of `shapes` in turn on one program (its block-tier code
/// built for the first), checking each launch's results; returns them.
fn run_shapes(engine: Engine, shapes: &[Dim3]) -> Vec<Vec<u32>> {
    let p = one_worker_program(SPAN, engine);
    let blocks = 3u32;
    shapes
        .iter()
        .map(|&b| {
            let n = (b.x * b.y * b.z * blocks) as usize;
            let input: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2_654_435_761) >> 7).collect();
            let mem = DeviceMemory::new();
            let (din, dout) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap());
            write(&mem, din, &input);
            write(&mem, dout, &vec![u32::MAX; n]);
            let params = Params::new().ptr(din).ptr(dout).clone();
            let st = p.launch("span", Dim3::x(blocks), b, 0, params.bytes(), &mem).unwrap();
            if engine == Engine::Block {
                assert_eq!(st.tier, Tier::Block, "{b:?}");
            }
            let got = download_u32(&mem, dout, n);
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
