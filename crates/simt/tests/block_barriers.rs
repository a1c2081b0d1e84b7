//! Kernels with barriers (tests/kernels/barriers.cu, -O3 and -G) on every engine and the
//! default one, in the block shapes CUDA programs use and the ones that stress a lane phase
//! of 16 threads along x: 1D 32..1024, sizes whose last group is partial (96 is six full
//! groups, 100 leaves one of 4), 2D 8x8/16x16/32x8/32x32, 3D 7x3x5 and 4x4x4. Each result
//! is computed here from the CUDA semantics: tree sums in dynamic shared memory, rounds of
//! exchange with divergent work between barriers, shared tiles with halos, tiled matrix
//! products and transposes, `__syncthreads_count/and/or`. Hand-written PTX covers what CUDA
//! C cannot say: one group's lanes at two `bar.sync 0` instructions.

use simt::{DeviceMemory, Dim3, Engine, Params, Program, Tier};

use common::{Rng, download, download_u32, kernel_source, program, upload};

mod common;

/// The fixture on every engine, and on the default one (it picks a tier per kernel).
fn programs() -> Vec<(String, Program)> {
    let mut out = common::fixture_on_engines("barriers.sm_80");
    for v in ["O3", "G"] {
        out.push((format!("{v}/Jit"), program(&kernel_source(&format!("barriers.sm_80.{v}.ptx")), Engine::Jit)));
    }
    out
}

/// Any block shape: 1D, partial last groups, 2D, 3D.
const SHAPES: [(u32, u32, u32); 10] = [
    (32, 1, 1),
    (96, 1, 1),
    (100, 1, 1),
    (256, 1, 1),
    (1024, 1, 1),
    (8, 8, 1),
    (16, 16, 1),
    (32, 8, 1),
    (7, 3, 5),
    (4, 4, 4),
];

/// Under `Engine::Block` (`v`: `variant/engine`), the block tier ran the launch itself (the
/// -G builds call functions, which it declines).
fn check_tier(v: &str, tier: Tier) {
    if v.ends_with("/Block") && !v.starts_with("G/") {
        assert_eq!(tier, Tier::Block, "{v}");
    }
}

fn dim((x, y, z): (u32, u32, u32)) -> Dim3 {
    Dim3 { x, y, z }
}

#[test]
fn tree_sums_in_dynamic_shared_memory_in_every_block_shape() {
    let blocks = 3u32;
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for shape in SHAPES {
            let n = (shape.0 * shape.1 * shape.2) as usize;
            let mut rng = Rng::new(n as u64);
            let input: Vec<u32> = (0..n * blocks as usize).map(|_| rng.next() as u32).collect();
            let din = upload(&mem, &input);
            let dout = mem.alloc(4 * u64::from(blocks)).unwrap();
            let params = Params::new().ptr(din).ptr(dout).clone();
            let st = p
                .launch("block_sum", Dim3::x(blocks), dim(shape), 4 * n as u32, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {shape:?}: {f}"));
            check_tier(&v, st.tier);
            let want: Vec<u32> = input.chunks(n).map(|c| c.iter().fold(0u32, |a, &x| a.wrapping_add(x))).collect();
            assert_eq!(download_u32(&mem, dout, blocks as usize), want, "{v} {shape:?}");
            mem.free(din).unwrap();
            mem.free(dout).unwrap();
        }
    }
}

/// What `exchange_rounds` leaves in each thread of a block of `input.len()` threads.
fn exchange_rounds(input: &[u32], rounds: i32) -> Vec<u32> {
    let n = input.len();
    let mut v = input.to_vec();
    for r in 0..rounds as usize {
        let published = v.clone();
        for t in 0..n {
            let mut u = published[(t + r + 1) % n];
            for k in 0..(t % 5) as u32 {
                u = u.wrapping_mul(3).wrapping_add(k);
            }
            v[t] = match t % 3 {
                0 => v[t].wrapping_add(u),
                1 => v[t] ^ (u << 1),
                _ => v[t].wrapping_sub(u),
            };
        }
    }
    v
}

#[test]
fn rounds_of_exchange_with_divergent_work_between_barriers() {
    let (blocks, rounds) = (2u32, 4i32);
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for shape in SHAPES {
            let n = (shape.0 * shape.1 * shape.2) as usize;
            let mut rng = Rng::new(7 + n as u64);
            let input: Vec<u32> = (0..n * blocks as usize).map(|_| rng.next() as u32).collect();
            let din = upload(&mem, &input);
            let dout = mem.alloc(4 * input.len() as u64).unwrap();
            let params = Params::new().ptr(din).ptr(dout).u32(rounds as u32).clone();
            let st = p
                .launch("exchange_rounds", Dim3::x(blocks), dim(shape), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {shape:?}: {f}"));
            check_tier(&v, st.tier);
            let want: Vec<u32> = input.chunks(n).flat_map(|c| exchange_rounds(c, rounds)).collect();
            assert_eq!(download_u32(&mem, dout, input.len()), want, "{v} {shape:?}");
            mem.free(din).unwrap();
            mem.free(dout).unwrap();
        }
    }
}

#[test]
fn a_stencil_through_a_shared_tile_with_halos() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for (bx, by) in [(8u32, 8u32), (16, 16), (32, 8), (7, 3), (32, 32)] {
            // Not a multiple of the block: the last blocks' threads partly outside.
            let (w, h) = (2 * bx + 3, 2 * by + 1);
            let mut rng = Rng::new(u64::from(w * h));
            let input: Vec<f32> = (0..w * h).map(|_| rng.fint(-50, 50)).collect();
            let din = upload(&mem, &input);
            let dout = upload(&mem, &vec![0.0f32; (w * h) as usize]);
            let params = Params::new().ptr(din).ptr(dout).u32(w).u32(h).clone();
            let grid = Dim3 { x: w.div_ceil(bx), y: h.div_ceil(by), z: 1 };
            let st = p
                .launch("halo_stencil", grid, dim((bx, by, 1)), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {bx}x{by}: {f}"));
            check_tier(&v, st.tier);
            let at = |x: i64, y: i64| {
                if x < 0 || y < 0 || x >= i64::from(w) || y >= i64::from(h) {
                    0.0
                } else {
                    input[(y * i64::from(w) + x) as usize]
                }
            };
            let mut want = Vec::new();
            for y in 0..i64::from(h) {
                for x in 0..i64::from(w) {
                    want.push((((at(x, y) + at(x - 1, y)) + at(x + 1, y)) + at(x, y - 1)) + at(x, y + 1));
                }
            }
            assert_eq!(download::<f32>(&mem, dout, want.len()), want, "{v} {bx}x{by}");
            mem.free(din).unwrap();
            mem.free(dout).unwrap();
        }
    }
}

#[test]
fn tiled_matrix_products_in_square_blocks() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for tile in [8u32, 16, 5, 32] {
            // Two tiles and a partial one.
            let n = 2 * tile + 3;
            let mut rng = Rng::new(u64::from(n));
            let a: Vec<f32> = (0..n * n).map(|_| rng.fint(-4, 5)).collect();
            let b: Vec<f32> = (0..n * n).map(|_| rng.fint(-4, 5)).collect();
            let (da, db) = (upload(&mem, &a), upload(&mem, &b));
            let dc = upload(&mem, &vec![f32::NAN; (n * n) as usize]);
            let params = Params::new().ptr(da).ptr(db).ptr(dc).u32(n).clone();
            let grid = Dim3 { x: n.div_ceil(tile), y: n.div_ceil(tile), z: 1 };
            let st = p
                .launch("tiled_matmul", grid, dim((tile, tile, 1)), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} tile {tile}: {f}"));
            check_tier(&v, st.tier);
            // Small integers: every product and partial sum is exact, in any order.
            let n = n as usize;
            let want: Vec<f32> =
                (0..n * n).map(|i| (0..n).map(|k| a[i / n * n + k] * b[k * n + i % n]).sum::<f32>()).collect();
            assert_eq!(download::<f32>(&mem, dc, n * n), want, "{v} tile {tile}");
            for d in [da, db, dc] {
                mem.free(d).unwrap();
            }
        }
    }
}

#[test]
fn transposes_through_a_padded_tile() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for (size, rows) in [(32u32, 8u32), (16, 16), (8, 8), (16, 4)] {
            let n = 2 * size + 5;
            let input: Vec<f32> = (0..n * n).map(|i| i as f32).collect();
            let din = upload(&mem, &input);
            let dout = upload(&mem, &vec![-1.0f32; (n * n) as usize]);
            let params = Params::new().ptr(din).ptr(dout).u32(n).clone();
            let grid = Dim3 { x: n.div_ceil(size), y: n.div_ceil(size), z: 1 };
            let st = p
                .launch("tile_transpose", grid, dim((size, rows, 1)), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {size}x{rows}: {f}"));
            check_tier(&v, st.tier);
            let n = n as usize;
            let want: Vec<f32> = (0..n * n).map(|i| input[i % n * n + i / n]).collect();
            assert_eq!(download::<f32>(&mem, dout, n * n), want, "{v} {size}x{rows}");
            mem.free(din).unwrap();
            mem.free(dout).unwrap();
        }
    }
}

#[test]
fn syncthreads_count_and_or_reduce_over_the_block() {
    let blocks = 4u32;
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for shape in SHAPES {
            let n = (shape.0 * shape.1 * shape.2) as usize;
            let mut rng = Rng::new(3 * n as u64);
            // Block 0: one zero; block 1: all below the bound; blocks 2 and 3: random.
            let mut input: Vec<u32> = (0..n * blocks as usize).map(|_| 1 + rng.below(1000) as u32).collect();
            input[n / 3] = 0;
            input[n..2 * n].iter_mut().for_each(|x| *x %= 500);
            let bound = 500u32;
            let din = upload(&mem, &input);
            let dout = mem.alloc(16 * input.len() as u64).unwrap();
            let params = Params::new().ptr(din).ptr(dout).u32(bound).clone();
            p.launch("block_votes", Dim3::x(blocks), dim(shape), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {shape:?}: {f}"));
            let mut want = Vec::new();
            for c in input.chunks(n) {
                let odd = c.iter().filter(|&&x| x & 1 == 1).count() as u32;
                let below = u32::from(c.iter().all(|&x| x < bound));
                let zero = u32::from(c.contains(&0));
                for t in 0..n {
                    want.extend([odd, below, zero, c[n - 1 - t]]);
                }
            }
            assert_eq!(download_u32(&mem, dout, want.len()), want, "{v} {shape:?}");
            mem.free(din).unwrap();
            mem.free(dout).unwrap();
        }
    }
}

/// Odd threads store `2t`, even ones `3t`, each side then waits at its own `bar.sync 0` (one
/// barrier, two instructions: PTX counts arrivals by barrier number) and reads its mirror
/// thread's value, odd threads adding 1000. The lanes of every group of 16 split between the
/// two instructions, each continuing after its own.
const TWO_SITES: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry two_sites(.param .u64 out)
{
    .shared .align 4 .b8 buf[4096];
    .reg .pred %p<2>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ntid.x;
    shl.b32 %r3, %r1, 2;
    mov.u32 %r4, buf;
    add.s32 %r5, %r4, %r3;
    sub.s32 %r8, %r2, %r1;
    sub.s32 %r8, %r8, 1;
    shl.b32 %r9, %r8, 2;
    add.s32 %r10, %r4, %r9;
    and.b32 %r6, %r1, 1;
    setp.eq.s32 %p1, %r6, 0;
    @%p1 bra EVEN;
    shl.b32 %r7, %r1, 1;
    st.shared.u32 [%r5], %r7;
    bar.sync 0;
    ld.shared.u32 %r11, [%r10];
    add.s32 %r11, %r11, 1000;
    bra STORE;
EVEN:
    mul.lo.s32 %r7, %r1, 3;
    st.shared.u32 [%r5], %r7;
    bar.sync 0;
    ld.shared.u32 %r11, [%r10];
STORE:
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r11;
    ret;
}
"#;

#[test]
fn lanes_of_one_group_at_two_instructions_of_one_barrier() {
    for engine in common::ENGINES {
        let p = program(TWO_SITES, engine);
        for n in [32u32, 100, 256] {
            let mem = DeviceMemory::new();
            let dout = mem.alloc(4 * u64::from(n)).unwrap();
            let params = Params::new().ptr(dout).clone();
            let st = p
                .launch("two_sites", Dim3::x(2), Dim3::x(n), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{engine:?} {n}: {f}"));
            check_tier(&format!("/{engine:?}"), st.tier);
            let mirror = |t: u32| n - 1 - t;
            let stored = |m: u32| if m % 2 == 1 { 2 * m } else { 3 * m };
            let want: Vec<u32> = (0..n).map(|t| stored(mirror(t)) + if t % 2 == 1 { 1000 } else { 0 }).collect();
            assert_eq!(download_u32(&mem, dout, n as usize), want, "{engine:?} {n}");
        }
    }
}

/// Thread `t` (the block's linear index) stores `7t` in shared memory and adds 1 to
/// `counter`; threads with `t % 3 == 2` then leave. The others wait, read `(t + 1) % n`'s
/// value, and wait again, threads of even warps at one `bar.sync 0`, odd ones at another
/// (adding 1000), then store what they read at `out[t]` and add 1 to `counter` again. From
/// the second barrier on, a lane phase's groups wait at two instructions: the block goes to
/// the scalar passes, which must resume each waiting thread where it waits and never rerun
/// one that left (the counter would show it).
const HANDOVER: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry handover(.param .u64 out, .param .u64 counter)
{
    .shared .align 4 .b8 buf[4096];
    .reg .pred %p<4>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [counter];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %tid.y;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %ntid.y;
    mov.u32 %r18, %tid.z;
    mov.u32 %r19, %ntid.z;
    mad.lo.s32 %r5, %r18, %r4, %r2;
    mad.lo.s32 %r5, %r5, %r3, %r1;
    mul.lo.s32 %r6, %r3, %r4;
    mul.lo.s32 %r6, %r6, %r19;
    mov.u32 %r7, buf;
    shl.b32 %r8, %r5, 2;
    add.s32 %r9, %r7, %r8;
    mul.lo.s32 %r10, %r5, 7;
    st.shared.u32 [%r9], %r10;
    red.global.add.u32 [%rd2], 1;
    rem.u32 %r12, %r5, 3;
    setp.eq.u32 %p1, %r12, 2;
    @%p1 bra DONE;
    bar.sync 0;
    add.s32 %r13, %r5, 1;
    rem.u32 %r13, %r13, %r6;
    shl.b32 %r14, %r13, 2;
    add.s32 %r15, %r7, %r14;
    ld.shared.u32 %r16, [%r15];
    shr.u32 %r17, %r5, 5;
    and.b32 %r17, %r17, 1;
    setp.eq.u32 %p2, %r17, 0;
    @%p2 bra EVENWARP;
    bar.sync 0;
    add.s32 %r16, %r16, 1000;
    bra STORE;
EVENWARP:
    bar.sync 0;
STORE:
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd1, %rd3;
    st.global.u32 [%rd4], %r16;
    red.global.add.u32 [%rd2], 1;
DONE:
    ret;
}
"#;

#[test]
fn groups_at_different_barriers_hand_every_thread_over_where_it_stands() {
    const UNTOUCHED: u32 = 0xdead_beef;
    for engine in common::ENGINES {
        let p = program(HANDOVER, engine);
        for shape in [(32, 1, 1), (64, 1, 1), (96, 1, 1), (100, 1, 1), (256, 1, 1), (8, 8, 1), (16, 6, 1), (7, 3, 5)] {
            let n = shape.0 * shape.1 * shape.2;
            let mem = DeviceMemory::new();
            let dout = upload(&mem, &vec![UNTOUCHED; n as usize]);
            let dcount = upload(&mem, &[0u32]);
            let params = Params::new().ptr(dout).ptr(dcount).clone();
            let st = p
                .launch("handover", Dim3::x(1), dim(shape), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{engine:?} {shape:?}: {f}"));
            check_tier(&format!("/{engine:?}"), st.tier);
            let stays = |t: u32| t % 3 != 2;
            let want: Vec<u32> = (0..n)
                .map(
                    |t| if stays(t) { 7 * ((t + 1) % n) + if (t >> 5) & 1 == 1 { 1000 } else { 0 } } else { UNTOUCHED },
                )
                .collect();
            assert_eq!(download_u32(&mem, dout, n as usize), want, "{engine:?} {shape:?}");
            let count = n + (0..n).filter(|&t| stays(t)).count() as u32;
            assert_eq!(download_u32(&mem, dcount, 1), vec![count], "{engine:?} {shape:?}: every thread once");
        }
    }
}

/// `bar.red` in warps whose lanes are on two paths when they reach it: the odd lanes may
/// leave early (none does), so the two paths meet only at the kernel's end, past the barrier.
/// Every thread counts in the reduction and every thread gets it, as `__syncthreads_count/and/or`
/// are defined for a block's threads (clang's `__syncthreads_or` in a kernel whose `sincosf`
/// slow path ends in an `exit` compiled to this; found by scripts/cufuzz seed 201).
const SPLIT_RED: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry split_red(.param .u64 out)
{
    .reg .pred %p<8>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra EVEN;
    setp.eq.u32 %p2, %r1, 5000;
    @%p2 bra DONE;
    add.s32 %r3, %r1, 1000;
    bra.uni JOIN;
EVEN:
    mov.u32 %r3, %r1;
JOIN:
    rem.u32 %r4, %r1, 3;
    setp.eq.u32 %p3, %r4, 0;
    setp.lt.u32 %p6, %r1, 4096;
    bar.red.popc.u32 %r5, 0, %p3;
    bar.red.and.pred %p4, 0, %p6;
    bar.red.or.pred %p5, 0, %p3;
    bar.red.and.pred %p7, 0, %p3;
    selp.u32 %r6, 4, 0, %p4;
    selp.u32 %r7, 2, 0, %p5;
    selp.u32 %r8, 1, 0, %p7;
    or.b32 %r9, %r6, %r7;
    or.b32 %r9, %r9, %r8;
    shl.b32 %r10, %r5, 4;
    or.b32 %r10, %r10, %r9;
    mul.wide.u32 %rd2, %r1, 8;
    add.s64 %rd3, %rd1, %rd2;
    st.global.v2.u32 [%rd3], {%r10, %r3};
DONE:
    ret;
}
"#;

#[test]
fn bar_red_in_a_warp_whose_lanes_are_on_two_paths_reduces_over_every_thread() {
    for engine in common::ENGINES {
        let p = program(SPLIT_RED, engine);
        for n in [1u32, 32, 64, 100, 256] {
            let mem = DeviceMemory::new();
            let dout = mem.alloc(8 * u64::from(n)).unwrap();
            let params = Params::new().ptr(dout).clone();
            p.launch("split_red", Dim3::x(1), Dim3::x(n), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{engine:?} {n}: {f}"));
            let thirds = (0..n).filter(|t| t % 3 == 0).count() as u32;
            let red = thirds << 4 | 4 | 2 | u32::from(thirds == n);
            let want: Vec<u32> = (0..n).flat_map(|t| [red, if t % 2 == 0 { t } else { t + 1000 }]).collect();
            assert_eq!(download_u32(&mem, dout, 2 * n as usize), want, "{engine:?} {n} threads");
            mem.free(dout).unwrap();
        }
    }
}
