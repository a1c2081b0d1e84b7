//! The block tier's linear registers (`block_tier/emit/linear.rs`: a register whose lane `l`
//! is lane 0's value plus a known step times `l` kept as one scalar in the lane phase):
//! nvcc's index arithmetic (`mad.lo`, `mul.wide.s32/u32`, `cvt.s64.s32`, `shl.b64`,
//! `add/sub.s64`, `mul.lo.s64`) feeding consecutive, reversed and strided accesses and stored as data, in
//! every block shape; a grid-stride loop whose lanes leave at different turns; and 32-bit
//! indices that wrap around inside a vector, which must fault at the first wrapped thread
//! as the interpreter does, not pass for consecutive.

use simt::{DeviceMemory, Dim3, Engine, FaultKind, Params, Tier};

mod common;

use common::ptx::tile_kernel;
use common::{download_u32, one_worker_program, run_out_in, write};

/// With `x = ctaid.x * ntid.x + tid.x`, `y = ctaid.y * ntid.y + tid.y`, `z = tid.z`, the
/// width `w = nctaid.x * ntid.x`, the height `h = nctaid.y * ntid.y` and
/// `i = (z * h + y) * w + x`, `t` the number of threads: `o1[i] = in[i] + 1`,
/// `o2[i] = in[i]` (the address through `shl.b64`), `o3[i] = 3x + 5 + y` (through
/// `cvt.s64.s32` and `mul.lo.s64`), `o4[i] = in[t - 1 - i]` (lanes in reverse), `o5[i] = in[2i]` (every other
/// element; `in` has `2t`).
const INDEX: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry index(.param .u64 o1, .param .u64 o2, .param .u64 o3, .param .u64 o4, .param .u64 o5,
    .param .u64 in, .param .u32 t)
{
    .reg .b32 %r<40>;
    .reg .b64 %rd<40>;
    ld.param.u64 %rd1, [o1];
    ld.param.u64 %rd2, [o2];
    ld.param.u64 %rd3, [o3];
    ld.param.u64 %rd4, [o4];
    ld.param.u64 %rd5, [o5];
    ld.param.u64 %rd6, [in];
    ld.param.u32 %r1, [t];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    mov.u32 %r6, %ctaid.y;
    mov.u32 %r7, %ntid.y;
    mov.u32 %r8, %tid.y;
    mad.lo.s32 %r9, %r6, %r7, %r8;
    mov.u32 %r10, %tid.z;
    mov.u32 %r11, %nctaid.x;
    mul.lo.s32 %r12, %r11, %r3;
    mov.u32 %r13, %nctaid.y;
    mul.lo.s32 %r14, %r13, %r7;
    mad.lo.s32 %r15, %r10, %r14, %r9;
    mad.lo.s32 %r16, %r15, %r12, %r5;
    mul.wide.s32 %rd7, %r16, 4;
    add.s64 %rd8, %rd6, %rd7;
    ld.global.u32 %r17, [%rd8];
    add.s32 %r18, %r17, 1;
    add.s64 %rd9, %rd1, %rd7;
    st.global.u32 [%rd9], %r18;
    mul.wide.u32 %rd10, %r16, 1;
    shl.b64 %rd11, %rd10, 2;
    add.s64 %rd12, %rd2, %rd11;
    st.global.u32 [%rd12], %r17;
    mul.lo.s32 %r19, %r5, 3;
    add.s32 %r20, %r19, 5;
    add.s32 %r21, %r20, %r9;
    cvt.s64.s32 %rd13, %r16;
    mul.lo.s64 %rd14, %rd13, 4;
    add.s64 %rd15, %rd14, %rd3;
    st.global.u32 [%rd15], %r21;
    sub.s32 %r22, %r1, 1;
    sub.s32 %r23, %r22, %r16;
    mul.wide.s32 %rd16, %r23, 4;
    add.s64 %rd17, %rd6, %rd16;
    ld.global.u32 %r24, [%rd17];
    add.s64 %rd18, %rd4, %rd7;
    st.global.u32 [%rd18], %r24;
    shl.b32 %r25, %r16, 1;
    mul.wide.s32 %rd19, %r25, 4;
    add.s64 %rd20, %rd6, %rd19;
    ld.global.u32 %r26, [%rd20];
    sub.s64 %rd21, %rd9, %rd1;
    add.s64 %rd22, %rd5, %rd21;
    st.global.u32 [%rd22], %r26;
    ret;
}
"#;

/// The block shapes a skeptic would vary: rows of 8 to 1024 threads, rows shorter than a
/// vector and with a partial last vector, 3D blocks, odd sizes.
const SHAPES: [Dim3; 11] = [
    Dim3 { x: 32, y: 1, z: 1 },
    Dim3 { x: 96, y: 1, z: 1 },
    Dim3 { x: 1024, y: 1, z: 1 },
    Dim3 { x: 8, y: 8, z: 1 },
    Dim3 { x: 16, y: 16, z: 1 },
    Dim3 { x: 32, y: 8, z: 1 },
    Dim3 { x: 20, y: 3, z: 1 },
    Dim3 { x: 4, y: 2, z: 3 },
    Dim3 { x: 7, y: 3, z: 5 },
    Dim3 { x: 33, y: 1, z: 1 },
    Dim3 { x: 17, y: 2, z: 2 },
];

#[test]
fn linear_indices_address_and_compute_as_the_isa_says_in_every_block_shape() {
    let grid = Dim3::new(3, 2, 1);
    for block in SHAPES {
        let (w, h, d) = (grid.x * block.x, grid.y * block.y, block.z);
        let t = (w * h * d) as usize;
        let mem = DeviceMemory::new();
        let input: Vec<u32> = (0..2 * t as u32).map(|v| v.wrapping_mul(2_654_435_761) ^ 0x5555).collect();
        let din = mem.alloc(8 * t as u64).unwrap();
        write(&mem, din, &input);
        let outs: Vec<_> = (0..5).map(|_| mem.alloc(4 * t as u64).unwrap()).collect();
        for &o in &outs {
            write(&mem, o, &vec![u32::MAX; t]);
        }
        let mut params = Params::new();
        for &o in &outs {
            params.ptr(o);
        }
        params.ptr(din).u32(t as u32);
        let p = one_worker_program(INDEX, Engine::Block);
        let st = p.launch("index", grid, block, 0, params.bytes(), &mem).unwrap();
        assert_eq!(st.tier, Tier::Block);
        let got: Vec<Vec<u32>> = outs.iter().map(|&o| download_u32(&mem, o, t)).collect();
        for z in 0..d {
            for y in 0..h {
                for x in 0..w {
                    let i = ((z * h + y) * w + x) as usize;
                    let want = [input[i].wrapping_add(1), input[i], 3 * x + 5 + y, input[t - 1 - i], input[2 * i]];
                    let have = [got[0][i], got[1][i], got[2][i], got[3][i], got[4][i]];
                    assert_eq!(have, want, "block {block:?}, thread at ({x}, {y}, {z})");
                }
            }
        }
    }
}

/// A grid-stride loop: `out[k] = 2k + 1` for every `k < n`, from `k = g` (the thread's global
/// linear index) by the number of threads; lanes leave the loop at different turns when
/// `n` is not a multiple of the vector.
const STRIDE: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry stride(.param .u64 out, .param .u32 n)
{
    .reg .pred %p<4>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %tid.y;
    mov.u32 %r4, %ntid.x;
    mov.u32 %r5, %ntid.y;
    mov.u32 %r6, %ctaid.x;
    mov.u32 %r7, %nctaid.x;
    mul.lo.s32 %r8, %r4, %r5;
    mad.lo.s32 %r9, %r3, %r4, %r2;
    mad.lo.s32 %r10, %r6, %r8, %r9;
    mul.lo.s32 %r11, %r8, %r7;
    setp.ge.u32 %p1, %r10, %r1;
    @%p1 bra DONE;
LOOP:
    shl.b32 %r12, %r10, 1;
    add.s32 %r13, %r12, 1;
    mul.wide.u32 %rd2, %r10, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r13;
    add.s32 %r10, %r10, %r11;
    setp.lt.u32 %p2, %r10, %r1;
    @%p2 bra LOOP;
DONE:
    ret;
}
"#;

#[test]
fn a_grid_stride_loop_keeps_its_index_linear_as_lanes_leave() {
    for block in [Dim3::x(32), Dim3::x(96), Dim3::new(8, 8, 1), Dim3::new(7, 3, 5), Dim3::new(20, 3, 1)] {
        for n in [1u32, 100, 1000, 4099] {
            let mem = DeviceMemory::new();
            let out = mem.alloc(4 * u64::from(n)).unwrap();
            write(&mem, out, &vec![u32::MAX; n as usize]);
            let params = Params::new().ptr(out).u32(n).clone();
            let p = one_worker_program(STRIDE, Engine::Block);
            let st = p.launch("stride", Dim3::x(3), block, 0, params.bytes(), &mem).unwrap();
            assert_eq!(st.tier, Tier::Block);
            let want: Vec<u32> = (0..n).map(|k| 2 * k + 1).collect();
            assert_eq!(download_u32(&mem, out, n as usize), want, "block {block:?}, n {n}");
        }
    }
}

/// `out + ext(base + tid.x) * 4 - back`: with `back = ext(base) * 4`, thread `l` stores `l`
/// at `out[l]`, until `base + tid.x` wraps around (`ext`: sign extension of 32 bits, or zero
/// extension with `mul.wide.u32`): the threads from there address 16 GiB away.
const WRAP: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry wrap(.param .u64 out, .param .u64 back, .param .u32 base)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [back];
    ld.param.u32 %r1, [base];
    mov.u32 %r2, %tid.x;
    add.s32 %r3, %r1, %r2;
    mul.wide.EXT %rd3, %r3, 4;
    add.s64 %rd4, %rd1, %rd3;
    sub.s64 %rd5, %rd4, %rd2;
    st.global.u32 [%rd5], %r2;
    ret;
}
"#;

#[test]
fn a_32_bit_index_wrapping_inside_a_vector_faults_at_the_first_wrapped_thread() {
    // Threads 0 to 15 (the first vector) store side by side, inside `out`; in the second
    // vector, thread 24 is the first whose index wraps around, though its vector's first and
    // last lanes' addresses lie inside `out` (32 words).
    for (ext, base) in [("s32", 0x7fff_fff8u32 - 16), ("u32", 0xffff_fff8 - 16)] {
        let src = WRAP.replace("EXT", ext);
        let back = if ext == "s32" { (i64::from(base as i32) * 4) as u64 } else { u64::from(base) * 4 };
        let mem = DeviceMemory::new();
        let out = mem.alloc(4 * 32).unwrap();
        let params = Params::new().ptr(out).u64(back).u32(base).clone();
        let run = |e| {
            let p = one_worker_program(&src, e);
            let r = p.launch("wrap", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem);
            r.err()
        };
        let block = run(Engine::Block).expect("thread 24's address wraps 16 GiB away");
        assert_eq!(block.thread, [24, 0, 0], "{ext}");
        assert!(matches!(block.kind, FaultKind::Memory(_)), "{ext}: {:?}", block.kind);
        assert_eq!(Some(block), run(Engine::Interp), "{ext}");
    }
}

/// Through a shared tile, with `t` the thread's index in its block of `nt` threads and `g`
/// its global one: `tile[t] = in[g]`; barrier; `v = tile[nt - 1 - t]`; barrier;
/// `tile[t] = v + t`; barrier; `out[g] = tile[t]`. The tile's 32-bit address of `t` is live
/// across every barrier.
fn tile() -> String {
    tile_kernel(
        "tile",
        "",
        r#"    sub.s32 %r17, %r10, 1;
    sub.s32 %r18, %r17, %r8;
    shl.b32 %r19, %r18, 2;
    add.s32 %r20, %r14, %r19;
    ld.shared.u32 %r21, [%r20];
    bar.sync 0;
    add.s32 %r22, %r21, %r8;
    st.shared.u32 [%r16], %r22;
    bar.sync 0;
    ld.shared.u32 %r23, [%r16];
    add.s64 %rd5, %rd1, %rd3;
    st.global.u32 [%rd5], %r23;
    ret;
"#,
    )
}

#[test]
fn linear_registers_live_across_barriers_come_back_in_every_block_shape() {
    let blocks = 3u32;
    for block in SHAPES {
        let nt = block.x * block.y * block.z;
        let n = (nt * blocks) as usize;
        let input: Vec<u32> = (0..n as u32).map(|v| v.wrapping_mul(40_503) ^ 0xa5a5).collect();
        let p = one_worker_program(&tile(), Engine::Block);
        let (got, tier) = run_out_in(&p, "tile", Dim3::x(blocks), block, &input);
        assert_eq!(tier, Tier::Block);
        for g in 0..n as u32 {
            let (b, t) = (g / nt, g % nt);
            let want = input[(b * nt + nt - 1 - t) as usize].wrapping_add(t);
            assert_eq!(got[g as usize], want, "block {block:?}, thread {t} of block {b}");
        }
    }
}

/// Threads with `tid.x % 4 == 0` exit first (a vector's first lane among them: the others come
/// back from the barrier without it); the rest, with `t` and `g` as in `tile`:
/// `tile[t] = in[g]`; barrier; `out[g] = tile[t] + t`.
fn gaps() -> String {
    tile_kernel(
        "gaps",
        r#"
    and.b32 %r24, %r1, 3;
    setp.eq.s32 %p1, %r24, 0;
    @%p1 bra DONE;
"#,
        r#"    ld.shared.u32 %r17, [%r16];
    add.s32 %r18, %r17, %r8;
    add.s64 %rd5, %rd1, %rd3;
    st.global.u32 [%rd5], %r18;
DONE:
    ret;
"#,
    )
}

#[test]
fn a_linear_register_comes_back_from_a_barrier_its_first_lane_left_before() {
    let blocks = 2u32;
    for block in SHAPES {
        let nt = block.x * block.y * block.z;
        let n = (nt * blocks) as usize;
        let input: Vec<u32> = (0..n as u32).map(|v| v.wrapping_mul(7919) ^ 0x3c3c).collect();
        let p = one_worker_program(&gaps(), Engine::Block);
        let (got, tier) = run_out_in(&p, "gaps", Dim3::x(blocks), block, &input);
        assert_eq!(tier, Tier::Block);
        for g in 0..n as u32 {
            let t = g % nt;
            let want = if t % block.x % 4 == 0 { u32::MAX } else { input[g as usize].wrapping_add(t) };
            assert_eq!(got[g as usize], want, "block {block:?}, thread {t} of block {}", g / nt);
        }
    }
}

/// `k = i + base` (`i`: the thread's index in its block), `q = k / C` by nvcc's signed
/// multiply-high and `r = k - C * q`, for `C = 18` and `C = 5` (narrower than a vector of
/// lanes): `o1[i] = 1000 * q + r` for 18, `o2[i]` the same for 5, each stored at
/// `C * q + r - base`, which is `i` in every lane whatever `q` is (`affine.rs`: a linear
/// address, one vector store), also where `k` is negative or wraps around within the block.
/// `o3[i] = 1000 * (k / 100) + k / 10 % 10`, stored at `100 * (k / 100) + 10 * (k / 10 % 10) +
/// k % 10 - base` with `k / 100` and `k / 10 / 10` divided apart (a 3D tile's index).
const DIVMOD: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry divmod(.param .u64 o1, .param .u64 o2, .param .u64 o3, .param .u32 base)
{
    .reg .b32 %r<70>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [o1];
    ld.param.u64 %rd2, [o2];
    ld.param.u64 %rd3, [o3];
    ld.param.u32 %r1, [base];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %tid.y;
    mov.u32 %r4, %tid.z;
    mov.u32 %r5, %ntid.x;
    mov.u32 %r6, %ntid.y;
    mad.lo.s32 %r7, %r4, %r6, %r3;
    mad.lo.s32 %r8, %r7, %r5, %r2;
    add.s32 %r9, %r8, %r1;
    mul.hi.s32 %r10, %r9, 954437177;
    shr.u32 %r11, %r10, 31;
    shr.s32 %r12, %r10, 2;
    add.s32 %r13, %r12, %r11;
    mul.lo.s32 %r14, %r13, 18;
    sub.s32 %r15, %r9, %r14;
    mad.lo.s32 %r16, %r13, 1000, %r15;
    mad.lo.s32 %r17, %r13, 18, %r15;
    sub.s32 %r18, %r17, %r1;
    mul.wide.u32 %rd9, %r18, 4;
    add.s64 %rd4, %rd1, %rd9;
    st.global.u32 [%rd4], %r16;
    mul.hi.s32 %r20, %r9, 1717986919;
    shr.u32 %r21, %r20, 31;
    shr.s32 %r22, %r20, 1;
    add.s32 %r23, %r22, %r21;
    mul.lo.s32 %r24, %r23, 5;
    sub.s32 %r25, %r9, %r24;
    mad.lo.s32 %r26, %r23, 1000, %r25;
    shl.b32 %r27, %r23, 2;
    add.s32 %r28, %r27, %r23;
    add.s32 %r29, %r28, %r25;
    sub.s32 %r30, %r29, %r1;
    mul.wide.u32 %rd5, %r30, 4;
    add.s64 %rd6, %rd2, %rd5;
    st.global.u32 [%rd6], %r26;
    mul.hi.s32 %r40, %r9, 1717986919;
    shr.u32 %r41, %r40, 31;
    shr.s32 %r42, %r40, 2;
    add.s32 %r43, %r42, %r41;
    mul.lo.s32 %r44, %r43, 10;
    sub.s32 %r45, %r9, %r44;
    mul.hi.s32 %r46, %r43, 1717986919;
    shr.u32 %r47, %r46, 31;
    shr.s32 %r48, %r46, 2;
    add.s32 %r49, %r48, %r47;
    mul.lo.s32 %r50, %r49, 10;
    sub.s32 %r51, %r43, %r50;
    mul.hi.s32 %r52, %r9, 1374389535;
    shr.u32 %r53, %r52, 31;
    shr.s32 %r54, %r52, 5;
    add.s32 %r55, %r54, %r53;
    mad.lo.s32 %r56, %r55, 1000, %r51;
    mad.lo.s32 %r57, %r55, 100, %r45;
    mad.lo.s32 %r58, %r51, 10, %r57;
    sub.s32 %r59, %r58, %r1;
    mul.wide.u32 %rd7, %r59, 4;
    add.s64 %rd8, %rd3, %rd7;
    st.global.u32 [%rd8], %r56;
    ret;
}
"#;

#[test]
fn a_quotient_and_remainder_recombined_address_every_thread_as_the_isa_says() {
    for block in SHAPES {
        let t = (block.x * block.y * block.z) as usize;
        for base in [0i32, -40, -1_000_003, 7, i32::MAX - 30] {
            let mem = DeviceMemory::new();
            let outs: Vec<_> = (0..3).map(|_| mem.alloc(4 * t as u64).unwrap()).collect();
            for &o in &outs {
                write(&mem, o, &vec![u32::MAX; t]);
            }
            let params = Params::new().ptr(outs[0]).ptr(outs[1]).ptr(outs[2]).i32(base).clone();
            let p = one_worker_program(DIVMOD, Engine::Block);
            let st = p.launch("divmod", Dim3::x(1), block, 0, params.bytes(), &mem).unwrap();
            assert_eq!(st.tier, Tier::Block);
            // C's division truncates toward zero, and the remainder takes the dividend's sign.
            let want = |c: i32| -> Vec<u32> {
                (0..t as i32)
                    .map(|i| {
                        let k = i.wrapping_add(base);
                        (k / c).wrapping_mul(1000).wrapping_add(k % c) as u32
                    })
                    .collect()
            };
            assert_eq!(download_u32(&mem, outs[0], t), want(18), "C = 18, block {block:?}, base {base}");
            assert_eq!(download_u32(&mem, outs[1], t), want(5), "C = 5, block {block:?}, base {base}");
            let tile: Vec<u32> = (0..t as i32)
                .map(|i| {
                    let k = i.wrapping_add(base);
                    ((k / 100).wrapping_mul(1000) + k / 10 % 10) as u32
                })
                .collect();
            assert_eq!(download_u32(&mem, outs[2], t), tile, "a 3D tile's index, block {block:?}, base {base}");
        }
    }
}

/// What `halo2` and `halo3` (tests/kernels/halo_tiles.cu) write for `blocks` blocks and an
/// input of `n` elements (`in[g] = g / 2`): block `b` stages `in[base + k]` (`-1` outside the
/// input, `base = b * step - back`) in its tile at `k`, and writes `2 * tile[k] + c(k)` at
/// `out[b * len + k]`, `c` the tile's column (`k % 18`) or middle index (`k / 10 % 10`).
fn halo_expected(three: bool, blocks: u32, n: u32) -> Vec<u32> {
    let (len, step, back) = if three { (1000, 900, 5) } else { (324, 300, 7) };
    let mut out = Vec::new();
    for b in 0..blocks as i64 {
        for k in 0..len as i64 {
            let g = b * step - back + k;
            let v = if (0..i64::from(n)).contains(&g) { g as f32 / 2.0 } else { -1.0 };
            let c = if three { k / 10 % 10 } else { k % 18 };
            out.push((v * 2.0 + c as f32).to_bits());
        }
    }
    out
}

#[test]
fn halo_tiles_of_nvcc_remainder_loops_land_where_the_isa_says_in_every_block_shape() {
    // nvcc's tile loop `for (k = t; k < TILE; k += threads)`: a remainder loop of each lane's
    // own turn count (modulo 4) before the loop unrolled by four; `k` and the addresses made
    // from it are linear up to the remainder loop's exit (`block_tier/emit/split.rs`). Blocks
    // of 324 and 1000 threads or more run no loop turn twice; of 60 some lanes run one turn
    // fewer than the others in each loop; the input ends inside the third block (a partial
    // tile) and starts after the first block's halo.
    let src = std::fs::read_to_string(format!("{}/tests/kernels/halo_tiles.sm_90.O3.ptx", env!("CARGO_MANIFEST_DIR")))
        .expect("tests/kernels/halo_tiles.sm_90.O3.ptx");
    let shapes = [
        Dim3::new(8, 8, 1),
        Dim3::new(16, 16, 1),
        Dim3::new(32, 8, 1),
        Dim3::new(18, 18, 1),
        Dim3::new(8, 8, 8),
        Dim3::new(7, 3, 5),
        Dim3::new(20, 3, 1),
        Dim3::new(16, 2, 2),
        Dim3::x(96),
        Dim3::x(1024),
    ];
    let blocks = 3u32;
    for (name, three, n) in [("_Z5halo2PKfPfi", false, 650u32), ("_Z5halo3PKfPfi", true, 2300)] {
        let len = if three { 1000 } else { 324 };
        for block in shapes {
            let mem = DeviceMemory::new();
            let input: Vec<u32> = (0..n).map(|g| (g as f32 / 2.0).to_bits()).collect();
            let inp = mem.alloc(4 * u64::from(n)).unwrap();
            write(&mem, inp, &input);
            let out = mem.alloc(4 * u64::from(blocks * len)).unwrap();
            write(&mem, out, &vec![u32::MAX; (blocks * len) as usize]);
            let params = Params::new().ptr(inp).ptr(out).u32(n).clone();
            let p = one_worker_program(&src, Engine::Block);
            let st = p.launch(name, Dim3::x(blocks), block, 0, params.bytes(), &mem).unwrap();
            assert_eq!(st.tier, Tier::Block, "{name}, block {block:?}");
            let got = download_u32(&mem, out, (blocks * len) as usize);
            let want = halo_expected(three, blocks, n);
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(
                    g,
                    w,
                    "{name}, block {block:?}: out[{i}] (block {}, k {}) is {}, not {}",
                    i as u32 / len,
                    i as u32 % len,
                    f32::from_bits(*g),
                    f32::from_bits(*w)
                );
            }
        }
    }
}

/// Strided accesses through linear addresses (one access for all lanes, `emit/mem.rs`):
/// thread `t` of a block of `nt`, `g` its global index, loads `in[3g]` (a step of 12 bytes),
/// stores it at `s[2t]` and `g` at `s[2t + 1]` (the index `(t << 1) | 1`) of a shared array
/// (steps of 8 bytes through a 32-bit shared address); after the barrier it loads `s[2t]` and,
/// lanes in reverse, `s[2(nt - 1 - t) + 1]`, and stores the first at `out[2g]`, the second
/// plus `t | 1` (not `t + 1`) at `out[2g + 1]`.
const STRIDED: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry strided(.param .u64 out, .param .u64 in)
{
    .reg .b32 %r<24>;
    .reg .b64 %rd<16>;
    .shared .align 4 .b8 s[8192];
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [in];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %ctaid.x;
    mad.lo.s32 %r4, %r3, %r2, %r1;
    mul.lo.s32 %r5, %r4, 3;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r6, [%rd4];
    mov.u32 %r7, s;
    shl.b32 %r8, %r1, 3;
    add.s32 %r9, %r7, %r8;
    st.shared.u32 [%r9], %r6;
    shl.b32 %r17, %r1, 1;
    or.b32 %r18, %r17, 1;
    shl.b32 %r19, %r18, 2;
    add.s32 %r20, %r7, %r19;
    st.shared.u32 [%r20], %r4;
    bar.sync 0;
    ld.shared.u32 %r10, [%r9];
    sub.s32 %r11, %r2, 1;
    sub.s32 %r12, %r11, %r1;
    shl.b32 %r13, %r12, 3;
    add.s32 %r14, %r7, %r13;
    ld.shared.u32 %r15, [%r14+4];
    shl.b32 %r16, %r4, 1;
    mul.wide.u32 %rd5, %r16, 4;
    add.s64 %rd6, %rd1, %rd5;
    or.b32 %r21, %r1, 1;
    add.s32 %r22, %r15, %r21;
    st.global.u32 [%rd6], %r10;
    st.global.u32 [%rd6+4], %r22;
    ret;
}
"#;

#[test]
fn strided_lanes_load_and_store_where_the_isa_says_and_fault_at_the_first_thread_past_the_end() {
    for nt in [16u32, 17, 32, 100, 256, 1000, 1024] {
        let blocks = 3u32;
        let t = (blocks * nt) as usize;
        let input: Vec<u32> = (0..3 * t as u32).map(|v| v.wrapping_mul(2_654_435_761) ^ 0xa5a5).collect();
        let mem = DeviceMemory::new();
        let din = mem.alloc(4 * 3 * t as u64).unwrap();
        write(&mem, din, &input);
        let out = mem.alloc(8 * t as u64).unwrap();
        write(&mem, out, &vec![u32::MAX; 2 * t]);
        let params = Params::new().ptr(out).ptr(din).clone();
        let p = one_worker_program(STRIDED, Engine::Block);
        let st = p.launch("strided", Dim3::x(blocks), Dim3::x(nt), 0, params.bytes(), &mem).unwrap();
        assert_eq!(st.tier, Tier::Block);
        let got = download_u32(&mem, out, 2 * t);
        for g in 0..t as u32 {
            let (b, tid) = (g / nt, g % nt);
            let want = [input[3 * g as usize], b * nt + (nt - 1 - tid) + (tid | 1)];
            assert_eq!([got[2 * g as usize], got[2 * g as usize + 1]], want, "block of {nt}, thread {g}");
        }
        // `in` three words short: the last thread's `in[3g]` lies past its end (its vector's
        // first lanes' inside), the fault names that thread as the interpreter does.
        let short = mem.alloc(4 * (3 * t as u64 - 3)).unwrap();
        write(&mem, short, &input[..3 * t - 3]);
        let params = Params::new().ptr(out).ptr(short).clone();
        let run = |e| {
            one_worker_program(STRIDED, e)
                .launch("strided", Dim3::x(blocks), Dim3::x(nt), 0, params.bytes(), &mem)
                .err()
        };
        let block = run(Engine::Block).expect("the last thread reads past the end of `in`");
        assert_eq!((block.block, block.thread), ([blocks - 1, 0, 0], [nt - 1, 0, 0]), "block of {nt}");
        assert!(matches!(block.kind, FaultKind::Memory(_)), "{:?}", block.kind);
        assert_eq!(Some(block), run(Engine::Interp), "block of {nt}");
    }
}
