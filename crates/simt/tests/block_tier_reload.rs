//! The block tier's lane phase taking back, at a barrier, only the registers a group may touch
//! before its next stop (`block_tier/emit/reload.rs`): registers live across stretches that do
//! not use them stay in the frames, and one that a stretch leaves alone but another path to
//! the same barrier writes (so the lanes stopping there store it) is still taken back. Results
//! against the CUDA semantics of the kernel and the interpreter, in rows and spanning groups.

use simt::{DeviceMemory, Dim3, Engine, Params, Tier};

mod common;

use common::{download_u32, one_worker_program};

/// `t` a thread's linear index, `n` the block's size: `a = t + 1000`, `b = 3 t`; then barriers
/// A, (unless `skip`: barrier B, `a += 1`), X, Y; then `out[ctaid * 2n + t] = a` and
/// `out[ctaid * 2n + n + t] = b`. From A, a group goes to X without touching `a`, yet `a` is
/// written on the way from B to X, so lanes stopping at X store it.
const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 skip)
{
    .reg .pred %p<4>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    ld.param.u32 %r1, [skip];
    mov.u32 %r2, %tid.x;
    mov.u32 %r5, %tid.y;
    mov.u32 %r6, %tid.z;
    mov.u32 %r7, %ntid.x;
    mov.u32 %r8, %ntid.y;
    mov.u32 %r9, %ntid.z;
    mad.lo.s32 %r10, %r6, %r8, %r5;
    mad.lo.s32 %r11, %r10, %r7, %r2;
    mul.lo.s32 %r12, %r7, %r8;
    mul.lo.s32 %r12, %r12, %r9;
    add.s32 %r3, %r11, 1000;
    mul.lo.s32 %r4, %r11, 3;
    setp.ne.u32 %p1, %r1, 0;
    bar.sync 0;
    @%p1 bra X;
    bar.sync 0;
    add.s32 %r3, %r3, 1;
X:
    bar.sync 0;
    bar.sync 0;
    mov.u32 %r13, %ctaid.x;
    shl.b32 %r14, %r12, 1;
    mad.lo.s32 %r15, %r13, %r14, %r11;
    mul.wide.u32 %rd2, %r15, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r3;
    mul.wide.u32 %rd4, %r12, 4;
    add.s64 %rd5, %rd3, %rd4;
    st.global.u32 [%rd5], %r4;
    ret;
}
"#;

/// Runs the kernel on `blocks` blocks of `block` on `engine`: `out`, and the tier that ran.
fn run(block: Dim3, blocks: u32, skip: u32, engine: Engine) -> (Vec<u32>, Tier) {
    let n = (block.x * block.y * block.z) as usize;
    let words = 2 * n * blocks as usize;
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * words as u64).unwrap();
    mem.write(out, &vec![0xee; 4 * words]).unwrap();
    let p = one_worker_program(KERNEL, engine);
    let st = p.launch("k", Dim3::x(blocks), block, 0, Params::new().ptr(out).u32(skip).bytes(), &mem).unwrap();
    (download_u32(&mem, out, words), st.tier)
}

#[test]
fn registers_a_stretch_leaves_alone_keep_their_values_across_barriers() {
    let blocks = 3u32;
    for block in [Dim3::x(64), Dim3::x(40), Dim3::new(32, 3, 1), Dim3::new(8, 8, 2)] {
        let n = block.x * block.y * block.z;
        for skip in [0u32, 1] {
            let mut want = Vec::new();
            for _ in 0..blocks {
                want.extend((0..n).map(|t| t + 1000 + u32::from(skip == 0)));
                want.extend((0..n).map(|t| 3 * t));
            }
            let (got, tier) = run(block, blocks, skip, Engine::Block);
            assert_eq!(tier, Tier::Block, "{block:?}");
            assert_eq!(got, want, "{block:?} skip={skip}");
            assert_eq!(run(block, blocks, skip, Engine::Interp).0, want, "{block:?} skip={skip} interpreter");
        }
    }
}
