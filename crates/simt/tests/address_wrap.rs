//! 32-bit address arithmetic wraps (issue 18 item 1). PTX ISA 6.4.1: the address size
//! follows the address register, so `[%r+imm]` through a 32-bit register is `%r + imm` modulo
//! 2^32, zero-extended. nvcc keeps shared-memory pointers in 32-bit registers and may leave
//! one "below" the array, adding the difference back in the access (`add.s32 %r5, %r1,
//! -140` then `ld.shared.u32 %r6, [%r5+4]`). Every access form through such a register runs on
//! the interpreter, the per-thread JIT and the warp tier, checked against values computed
//! from the PTX semantics.

use simt::{DeviceMemory, Dim3, Engine, FaultKind, MemError, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download_u32, one_worker_program, upload};

/// Threads of the hand-written kernels' one block.
const THREADS: usize = 64;
/// Words each thread of `wrap_forms` reports.
const WORDS: usize = 18;
/// The words between two threads' results: 20, so that each thread's `v4` stores are 16-byte
/// aligned, as the PTX ISA requires of a vector access.
const STRIDE: usize = 20;

fn wrap_forms() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// The only static shared variable: at shared offset 0, so that `tile - 64` wraps.
.shared .align 16 .b8 tile[512];

// Thread t (64 threads) reaches tile words through 32-bit registers 64 bytes below them
// (`[%rX+64]`, the register wrapping for t < 16), in every access form; out[20t + k] gets
// what it saw (see `wrap_forms_reference`). Both compiled tiers compile all of it.
"#,
            ),
            Kernel::new("wrap_forms", &["out", "in"], Index::Thread)
                .declare(".reg .b16 %h<4>;")
                .declare(".local .align 16 .b8 buf[64];")
                .offset(4)
                .body(
                    r#"
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r2, [%rd4];
    ld.global.u32 %r3, [%rd4+256];
    mul.wide.u32 %rd5, %r1, 80;
    add.s64 %rd6, %rd1, %rd5;
    mov.u32 %r4, tile;
    shl.b32 %r5, %r1, 2;
    add.s32 %r6, %r4, %r5;
    add.s32 %r7, %r6, -64;
    // Stores: words t and t + 64.
    st.shared.u32 [%r7+64], %r2;
    st.shared.u32 [%r7+320], %r3;
    bar.sync 0;
    // Scalar, vector and narrow loads.
    ld.shared.u32 %r10, [%r7+64];
    and.b32 %r11, %r5, -8;
    add.s32 %r12, %r4, %r11;
    add.s32 %r12, %r12, -64;
    ld.shared.v2.u32 {%r13, %r14}, [%r12+64];
    and.b32 %r15, %r5, -16;
    add.s32 %r16, %r4, %r15;
    add.s32 %r16, %r16, -64;
    ld.shared.v4.u32 {%r17, %r18, %r19, %r20}, [%r16+64];
    shl.b32 %r21, %r1, 1;
    add.s32 %r22, %r4, %r21;
    add.s32 %r22, %r22, -64;
    ld.shared.u16 %h1, [%r22+64];
    cvt.u32.u16 %r23, %h1;
    add.s32 %r24, %r4, %r1;
    add.s32 %r24, %r24, -64;
    ld.shared.s8 %r25, [%r24+64];
    // A warp-uniform register (word 1) and a stride of two words.
    add.s32 %r26, %r4, -64;
    ld.shared.u32 %r27, [%r26+68];
    shl.b32 %r28, %r1, 3;
    add.s32 %r29, %r4, %r28;
    add.s32 %r29, %r29, -64;
    ld.shared.u32 %r30, [%r29+64];
    bar.sync 0;
    // Atomics: a result used, one unused (a histogram's), an exchange.
    atom.shared.add.u32 %r35, [%r7+64], 5;
    bar.sync 0;
    atom.shared.add.u32 %r36, [%r7+64], 1;
    bar.sync 0;
    atom.shared.exch.b32 %r37, [%r7+320], %r1;
    bar.sync 0;
    ld.shared.u32 %r38, [%r6];
    ld.shared.u32 %r39, [%r6+256];
    // Local memory through a 32-bit register 64 bytes below a local array.
    mov.u32 %r41, buf;
    add.s32 %r42, %r41, -64;
    xor.b32 %r43, %r2, 0x5a5a5a5a;
    st.local.u32 [%r42+68], %r43;
    st.local.u32 [%r42+64], %r2;
    ld.local.v2.u32 {%r44, %r45}, [%r42+64];
    st.global.v4.u32 [%rd6], {%r10, %r13, %r14, %r17};
    st.global.v4.u32 [%rd6+16], {%r18, %r19, %r20, %r23};
    st.global.v4.u32 [%rd6+32], {%r25, %r27, %r30, %r35};
    st.global.v4.u32 [%rd6+48], {%r37, %r38, %r39, %r44};
    st.global.v2.u32 [%rd6+64], {%r45, %r43};
    ret;
"#,
                ),
            String::from(
                r#"
// The instructions the compiled tiers leave to the interpreter, through the same registers:
// ldmatrix (lane l names row l % 8, 16 bytes each, of the tile's start), and cp.async of
// in[t + 64] into word t. out[2t], out[2t + 1]: what thread t saw.
"#,
            ),
            Kernel::new("wrap_async", &["out", "in"], Index::Thread).offset(4).body(
                r#"
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r2, [%rd4];
    mov.u32 %r4, tile;
    shl.b32 %r5, %r1, 2;
    add.s32 %r6, %r4, %r5;
    add.s32 %r7, %r6, -64;
    st.shared.u32 [%r6], %r2;
    bar.sync 0;
    and.b32 %r8, %r1, 7;
    shl.b32 %r9, %r8, 4;
    add.s32 %r10, %r4, %r9;
    add.s32 %r10, %r10, -64;
    ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r11}, [%r10+64];
    bar.sync 0;
    cp.async.ca.shared.global [%r7+64], [%rd4+256], 4;
    cp.async.wait_all;
    bar.sync 0;
    ld.shared.u32 %r12, [%r6];
    mul.wide.u32 %rd5, %r1, 8;
    add.s64 %rd6, %rd1, %rd5;
    st.global.v2.u32 [%rd6], {%r11, %r12};
    ret;
"#,
            ),
            String::from(
                r#"
// A global access through a 32-bit register (lane 0: 0xfffffff0): the address is the
// register plus 32 modulo 2^32, 0x10, outside every allocation.
.visible .entry global_narrow(.param .u64 out)
{
    .reg .b32 %r<4>;
    mov.u32 %r1, %tid.x;
    add.s32 %r2, %r1, -16;
    ld.global.u32 %r3, [%r2+32];
    ret;
}

"#,
            ),
        ]
        .concat(),
    )
}

/// What thread `t` of `wrap_forms` reports, from the PTX semantics (`input`: 128 words; the
/// tile holds them in order once the threads stored them).
fn wrap_forms_reference(input: &[u32], t: usize) -> [u32; WORDS] {
    let tile = |w: usize| input[w];
    let half = |i: usize| (tile(i / 2) >> (16 * (i % 2))) & 0xffff;
    let byte = |i: usize| (tile(i / 4) >> (8 * (i % 4))) as u8 as i8 as i32 as u32;
    let (t2, t4) = (t & !1, t & !3);
    [
        tile(t),
        tile(t2),
        tile(t2 + 1),
        tile(t4),
        tile(t4 + 1),
        tile(t4 + 2),
        tile(t4 + 3),
        half(t),
        byte(t),
        tile(1),
        tile(2 * t),
        tile(t),
        tile(t + 64),
        tile(t).wrapping_add(6),
        t as u32,
        tile(t),
        tile(t) ^ 0x5a5a_5a5a,
        tile(t) ^ 0x5a5a_5a5a,
    ]
}

/// Loads, vector loads, narrow loads, stores, atomics, `ldmatrix`, `cp.async` and local
/// accesses through a 32-bit register below its target (`[%r+64]`) address the target, on
/// every engine (before the fix: a fault at 0x1_0000_00xx for the threads whose register
/// wrapped).
#[test]
fn narrow_address_registers_wrap() {
    let input: Vec<u32> = (0..2 * THREADS as u32).map(|i| i.wrapping_mul(0x9e37_79b9) ^ 0x8080_0000 ^ i).collect();
    for engine in ENGINES {
        let p = one_worker_program(&wrap_forms(), engine);
        let mem = DeviceMemory::new();
        let din = upload(&mem, &input);
        let dout = upload(&mem, &[0xeeee_eeee_u32; THREADS * STRIDE]);
        p.launch("wrap_forms", Dim3::x(1), Dim3::x(THREADS as u32), 0, Params::new().ptr(dout).ptr(din).bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        let got = download_u32(&mem, dout, THREADS * STRIDE);
        for t in 0..THREADS {
            assert_eq!(got[t * STRIDE..t * STRIDE + WORDS], wrap_forms_reference(&input, t), "{engine:?}: thread {t}");
        }
        let dout = upload(&mem, &[0xeeee_eeee_u32; THREADS * 2]);
        p.launch("wrap_async", Dim3::x(1), Dim3::x(THREADS as u32), 0, Params::new().ptr(dout).ptr(din).bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        let got = download_u32(&mem, dout, THREADS * 2);
        for t in 0..THREADS {
            // ldmatrix x1: lane l gets row l / 4, elements 2 (l % 4) and the next: word l % 32.
            assert_eq!(got[2 * t..2 * t + 2], [input[t % 32], input[t + 64]], "{engine:?}: wrap_async thread {t}");
        }
    }
    // The compiled tiers ran `wrap_forms` themselves.
    for engine in [Engine::JitAll, Engine::Warp] {
        assert_eq!(one_worker_program(&wrap_forms(), engine).jit_fallback_reason("wrap_forms"), None, "{engine:?}");
    }
}

/// A global access through a 32-bit register faults at the 32-bit address (the register plus
/// the offset modulo 2^32), not at the 64-bit sum, on every engine.
#[test]
fn narrow_global_address_faults_at_the_wrapped_address() {
    for engine in ENGINES {
        let p = one_worker_program(&wrap_forms(), engine);
        let mem = DeviceMemory::new();
        let dout = upload(&mem, &[0; 4]);
        let f =
            p.launch("global_narrow", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(dout).bytes(), &mem).unwrap_err();
        assert_eq!(f.kind, FaultKind::Memory(MemError::OutOfBounds { addr: 0x10, size: 4 }), "{engine:?}: {f}");
        assert_eq!(f.thread, [0, 0, 0], "{engine:?}");
    }
}

/// What `neg_index` (tests/kernels/address_wrap.cu) computes for `input` (`n` threads, `m`
/// elements from 35 before each thread's own): each thread's sum, then each element at the
/// end.
fn neg_index_reference(input: &[i32], m: usize) -> Vec<i32> {
    let mut read = input.to_vec();
    let mut end = input.to_vec();
    for (t, r) in read.iter_mut().enumerate() {
        for k in 0..m {
            let Some(j) = (t + k).checked_sub(35) else { continue };
            let short = input[j].wrapping_mul(7) as i16;
            *r = r.wrapping_add(input[j].wrapping_mul(k as i32 + 1)).wrapping_sub(i32::from(short));
            end[j] = end[j].wrapping_add(k as i32 + 1);
        }
    }
    read.extend(end);
    read
}

/// nvcc's own form (issue 18's program): `neg_index`, built -O3 and -G for sm_90, on every
/// engine, against the CPU reference; the -O3 build reaches shared memory through 32-bit
/// registers below the array plus an offset (checked here, so that a rebuild that loses the
/// form fails instead of passing without testing it).
#[test]
fn nvcc_negative_shared_indexing() {
    let o3 = std::fs::read_to_string(format!("{}/tests/kernels/address_wrap.sm_90.O3.ptx", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let offset_form = o3.lines().any(|l| {
        let l = l.trim();
        l.starts_with("ld.shared.u32") && l.contains(", [%r") && l.ends_with("+4];")
    });
    assert!(offset_form, "the -O3 build has no `ld.shared.u32 %r, [%r+4]`");
    let n = 96usize;
    let input: Vec<i32> = (0..n as u32).map(|i| (i.wrapping_mul(0x9e37_79b9) >> 7) as i32 - (1 << 23)).collect();
    let words: Vec<u32> = input.iter().map(|&v| v as u32).collect();
    for (name, p) in common::fixture_on_engines("address_wrap.sm_90") {
        let mut p = p;
        p.set_workers(1);
        for m in [13usize, 35] {
            let mem = DeviceMemory::new();
            let din = upload(&mem, &words);
            let dout = upload(&mem, &vec![0; 2 * n]);
            let params = Params::new().ptr(din).ptr(dout).u32(n as u32).u32(m as u32).clone();
            let smem = (n * 4 + n * 2) as u32;
            p.launch("neg_index", Dim3::x(1), Dim3::x(n as u32), smem, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{name}, m = {m}: {f}"));
            let got: Vec<i32> = download_u32(&mem, dout, 2 * n).into_iter().map(|v| v as i32).collect();
            assert_eq!(got, neg_index_reference(&input, m), "{name}, m = {m}");
        }
    }
}
