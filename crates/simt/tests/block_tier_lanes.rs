//! The block tier's lane phase (`block_tier/emit/lanes.rs`: a barrier-free kernel run 16
//! threads along x at a time): lanes that take different paths (if/else, loops of different
//! trip counts, a break out of a loop, early exits), uniform loops and loads, rows shorter or
//! longer than a vector and 3D blocks, and faults naming the lane's own thread.

use simt::{DeviceMemory, Dim3, Engine, FaultKind, Params, Tier};

mod common;

use common::{download_u32, one_worker_program, write};

/// Per thread `g` (global linear index), with `k` a parameter: `a` = `3g` (g odd) or `g + k`;
/// `acc` = the sum of `i * k` for `i` below `g % 7`, stopping once it passes 40 (else plus
/// 1000); `u` = the sum of `j` below `max(k, 1)` (a loop every lane runs alike); `h` =
/// `hist[g % 4]` (a load every lane of a row of `ntid.x % 4 == 0` reads alike, not uniform
/// here) plus `hist[ctaid.x]` (uniform). Threads with `g % 5 == 4` leave before storing;
/// the others store `a, acc, u, h` at `out[4g..]` and `a ^ acc` at `packed[g]`.
const PATHS: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry paths(.param .u64 out, .param .u64 packed, .param .u64 hist, .param .u32 k)
{
    .reg .pred %p<8>;
    .reg .b32 %r<40>;
    .reg .b64 %rd<16>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd8, [packed];
    ld.param.u64 %rd10, [hist];
    ld.param.u32 %r1, [k];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %tid.y;
    mov.u32 %r4, %tid.z;
    mov.u32 %r5, %ntid.x;
    mov.u32 %r6, %ntid.y;
    mov.u32 %r20, %ntid.z;
    mov.u32 %r21, %ctaid.x;
    mad.lo.s32 %r7, %r4, %r6, %r3;
    mad.lo.s32 %r8, %r7, %r5, %r2;
    mul.lo.s32 %r22, %r5, %r6;
    mul.lo.s32 %r22, %r22, %r20;
    mad.lo.s32 %r8, %r21, %r22, %r8;
    and.b32 %r9, %r8, 1;
    setp.eq.s32 %p1, %r9, 0;
    @%p1 bra EVEN;
    mul.lo.s32 %r10, %r8, 3;
    bra JOIN;
EVEN:
    add.s32 %r10, %r8, %r1;
JOIN:
    rem.u32 %r11, %r8, 7;
    mov.u32 %r12, 0;
    mov.u32 %r13, 0;
    setp.eq.s32 %p2, %r11, 0;
    @%p2 bra AFTER;
LOOP:
    mad.lo.s32 %r13, %r12, %r1, %r13;
    setp.gt.u32 %p3, %r13, 40;
    @%p3 bra BROKE;
    add.s32 %r12, %r12, 1;
    setp.lt.u32 %p4, %r12, %r11;
    @%p4 bra LOOP;
AFTER:
    add.s32 %r13, %r13, 1000;
BROKE:
    mov.u32 %r14, 0;
    mov.u32 %r15, 0;
ULOOP:
    add.s32 %r15, %r15, %r14;
    add.s32 %r14, %r14, 1;
    setp.lt.u32 %p5, %r14, %r1;
    @%p5 bra ULOOP;
    and.b32 %r23, %r8, 3;
    mul.wide.u32 %rd11, %r23, 4;
    add.s64 %rd12, %rd10, %rd11;
    ld.global.u32 %r24, [%rd12];
    mul.wide.u32 %rd13, %r21, 4;
    add.s64 %rd14, %rd10, %rd13;
    ld.global.u32 %r25, [%rd14];
    add.s32 %r26, %r24, %r25;
    rem.u32 %r16, %r8, 5;
    setp.eq.s32 %p6, %r16, 4;
    @%p6 bra END;
    mul.wide.u32 %rd2, %r8, 16;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r10;
    st.global.u32 [%rd3+4], %r13;
    st.global.u32 [%rd3+8], %r15;
    st.global.u32 [%rd3+12], %r26;
    xor.b32 %r17, %r10, %r13;
    mul.wide.u32 %rd4, %r8, 4;
    add.s64 %rd9, %rd8, %rd4;
    st.global.u32 [%rd9], %r17;
END:
    ret;
}
"#;

/// What `PATHS` stores for thread `g` (`None`: it leaves first), from the kernel's comment.
fn paths_expected(g: u32, k: u32, hist: &[u32], block: u32) -> Option<[u32; 5]> {
    if g % 5 == 4 {
        return None;
    }
    let a = if g % 2 == 1 { g.wrapping_mul(3) } else { g.wrapping_add(k) };
    let (mut acc, mut broke) = (0u32, false);
    for i in 0..g % 7 {
        acc = acc.wrapping_add(i.wrapping_mul(k));
        if acc > 40 {
            broke = true;
            break;
        }
    }
    if !broke {
        acc = acc.wrapping_add(1000);
    }
    let u = (0..k.max(1)).fold(0u32, |s, j| s.wrapping_add(j));
    let h = hist[(g % 4) as usize].wrapping_add(hist[block as usize]);
    Some([a, acc, u, h, a ^ acc])
}

#[test]
fn lanes_on_different_paths_match_the_isa_in_every_block_shape() {
    let k = 7u32;
    let blocks = 3u32;
    let hist: Vec<u32> = (0..8).map(|i| 100 + i * 11).collect();
    for block in
        [Dim3::new(16, 16, 1), Dim3::new(8, 8, 1), Dim3::new(20, 3, 1), Dim3::x(33), Dim3::new(4, 2, 3), Dim3::x(64)]
    {
        let per_block = block.x * block.y * block.z;
        let n = (per_block * blocks) as usize;
        let mem = DeviceMemory::new();
        let (out, packed, dhist) =
            (mem.alloc(16 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * 8).unwrap());
        write(&mem, out, &vec![u32::MAX; 4 * n]);
        write(&mem, packed, &vec![u32::MAX; n]);
        write(&mem, dhist, &hist);
        let params = Params::new().ptr(out).ptr(packed).ptr(dhist).u32(k).clone();
        let p = one_worker_program(PATHS, Engine::Block);
        let st = p.launch("paths", Dim3::x(blocks), block, 0, params.bytes(), &mem).unwrap();
        assert_eq!(st.tier, Tier::Block);
        let (got, got_packed) = (download_u32(&mem, out, 4 * n), download_u32(&mem, packed, n));
        for g in 0..n as u32 {
            let want = paths_expected(g, k, &hist, g / per_block);
            let have = [got[4 * g as usize], got[4 * g as usize + 1], got[4 * g as usize + 2], got[4 * g as usize + 3]];
            match want {
                None => assert_eq!((have, got_packed[g as usize]), ([u32::MAX; 4], u32::MAX), "{block:?} thread {g}"),
                Some(w) => {
                    assert_eq!((have, got_packed[g as usize]), ([w[0], w[1], w[2], w[3]], w[4]), "{block:?} thread {g}")
                }
            }
        }
    }
}

/// `out[tid] = in[tid]` for a block of 48 (three vectors): `in` has 21 elements, so thread
/// 21, lane 5 of the second vector, is the first to read past it.
const COPY: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry copy(.param .u64 in, .param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r2, [%rd4];
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r2;
    ret;
}
"#;

#[test]
fn a_fault_in_a_vector_names_the_lanes_thread() {
    let mem = DeviceMemory::new();
    let (din, dout) = (mem.alloc(4 * 21).unwrap(), mem.alloc(4 * 48).unwrap());
    let params = Params::new().ptr(din).ptr(dout).clone();
    let fault = |e| one_worker_program(COPY, e).launch("copy", Dim3::x(1), Dim3::x(48), 0, params.bytes(), &mem).err();
    let block = fault(Engine::Block).expect("thread 21 reads past `in`");
    assert_eq!(block.thread, [21, 0, 0]);
    assert!(matches!(block.kind, FaultKind::Memory(_)), "{:?}", block.kind);
    assert_eq!(Some(block), fault(Engine::Interp));
}
