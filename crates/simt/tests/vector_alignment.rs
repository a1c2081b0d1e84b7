//! Vector loads and stores (`ld`/`st` `.v2`, `.v4`) must be aligned to the whole vector, not
//! just to an element (PTX ISA, `ld`: the address must be naturally aligned to a multiple of
//! the access size; an H200 answers a `float4` read at an 8-byte boundary with
//! `cudaErrorMisalignedAddress`: tests/program-diff/vector_alignment.cu). On every engine, for
//! each access shape (a warp-uniform address, an address per lane, a vector store, shared and
//! local memory): aligned, the values arrive; misaligned as a vector but not as elements, a
//! misaligned-address fault naming the whole vector's size, before any element is stored;
//! except in local memory, which ptxas keeps in registers where it can (an H200 ran a
//! misaligned local `int2` read without a fault): there the elements arrive.

use simt::{DeviceMemory, Dim3, FaultKind, MemError, Params};

mod common;

use common::{ENGINES, download_u32, one_worker_program, upload};

/// `k(buf, out, off, mode)`, 32 threads; `t` = %tid.x. Modes: 0, `out[t]` = the sum of the
/// `v4.u32` at `buf + off` (one address for the warp); 1, the sum of the `v4.u32` at
/// `buf + off + 16 t`; 2, the `v2.u32` {t, t + 1} stored at `out + off + 8 t`; 3, the sum of a
/// `v4.u32` {t, 1, 2, 3} stored and loaded again at `sh + off + 16 t` in shared memory; 4, the
/// same with a `v2.u32` {t, 5} at `loc + off` in local memory.
const KERNEL: &str = r#"
.version 8.0
.target sm_90
.address_size 64

.visible .entry k(.param .u64 buf, .param .u64 out, .param .u32 off, .param .u32 mode)
{
    .shared .align 16 .b8 sh[544];
    .local .align 16 .b8 loc[32];
    .reg .pred %p<5>;
    .reg .b32 %t, %off, %mode, %v<5>, %s, %sa;
    .reg .b64 %b, %o, %a, %w, %la;
    mov.u32 %t, %tid.x;
    ld.param.u64 %b, [buf];
    ld.param.u64 %o, [out];
    ld.param.u32 %off, [off];
    ld.param.u32 %mode, [mode];
    cvta.to.global.u64 %b, %b;
    cvta.to.global.u64 %o, %o;
    cvt.u64.u32 %w, %off;
    setp.eq.u32 %p1, %mode, 1;
    setp.eq.u32 %p2, %mode, 2;
    setp.eq.u32 %p3, %mode, 3;
    setp.eq.u32 %p4, %mode, 4;
    @%p1 bra PER_LANE;
    @%p2 bra STORE;
    @%p3 bra SHARED;
    @%p4 bra LOCAL;
    add.s64 %a, %b, %w;
    ld.global.v4.u32 {%v1, %v2, %v3, %v4}, [%a];
    bra SUM;
PER_LANE:
    mul.wide.u32 %a, %t, 16;
    add.s64 %a, %a, %w;
    add.s64 %a, %b, %a;
    ld.global.v4.u32 {%v1, %v2, %v3, %v4}, [%a];
    bra SUM;
STORE:
    mul.wide.u32 %a, %t, 8;
    add.s64 %a, %a, %w;
    add.s64 %a, %o, %a;
    add.u32 %v2, %t, 1;
    st.global.v2.u32 [%a], {%t, %v2};
    ret;
SHARED:
    mov.u32 %sa, sh;
    mad.lo.u32 %sa, %t, 16, %sa;
    add.u32 %sa, %sa, %off;
    mov.u32 %v2, 1;
    mov.u32 %v3, 2;
    mov.u32 %v4, 3;
    st.shared.v4.u32 [%sa], {%t, %v2, %v3, %v4};
    ld.shared.v4.u32 {%v1, %v2, %v3, %v4}, [%sa];
    bra SUM;
LOCAL:
    mov.u64 %la, loc;
    add.s64 %la, %la, %w;
    mov.u32 %v2, 5;
    st.local.v2.u32 [%la], {%t, %v2};
    ld.local.v2.u32 {%v1, %v2}, [%la];
    mov.u32 %v3, 0;
    mov.u32 %v4, 0;
SUM:
    add.u32 %s, %v1, %v2;
    add.u32 %s, %s, %v3;
    add.u32 %s, %s, %v4;
    mul.wide.u32 %a, %t, 4;
    add.s64 %a, %o, %a;
    st.global.u32 [%a], %s;
    ret;
}
"#;

/// The aligned and the misaligned offset of each mode, and the vector's size.
const MODES: [(u32, u32, u32, u32); 5] = [(0, 16, 8, 16), (1, 16, 8, 16), (2, 8, 4, 8), (3, 16, 8, 16), (4, 8, 4, 8)];

#[test]
fn vectors_must_be_aligned_to_their_whole_size() {
    let mem = DeviceMemory::new();
    // buf[i] = i; the uniform load at byte 16 reads 4..8, lane t's at 16 + 16 t reads 4t+4..4t+8.
    let buf = upload(&mem, &(0..600u32).collect::<Vec<_>>());
    for e in ENGINES {
        let p = one_worker_program(KERNEL, e);
        for (mode, good, bad, size) in MODES {
            let out = upload(&mem, &[u32::MAX; 600]);
            let mut params = Params::new();
            params.ptr(buf).ptr(out).u32(good).u32(mode);
            p.launch("k", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{e:?} mode {mode} aligned: {f}"));
            let got = download_u32(&mem, out, 80);
            for t in 0..32u32 {
                let ti = t as usize;
                match mode {
                    0 => assert_eq!(got[ti], 4 + 5 + 6 + 7, "{e:?} mode 0 thread {t}"),
                    1 => assert_eq!(got[ti], 16 * t + 22, "{e:?} mode 1 thread {t}"),
                    2 => assert_eq!(got[2 + 2 * ti..4 + 2 * ti], [t, t + 1], "{e:?} mode 2 thread {t}"),
                    3 => assert_eq!(got[ti], t + 6, "{e:?} mode 3 thread {t}"),
                    _ => assert_eq!(got[ti], t + 5, "{e:?} mode 4 thread {t}"),
                }
            }
            let out = upload(&mem, &[u32::MAX; 600]);
            let mut params = Params::new();
            params.ptr(buf).ptr(out).u32(bad).u32(mode);
            if mode == 4 {
                p.launch("k", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem)
                    .unwrap_or_else(|f| panic!("{e:?} local vector at {bad}: {f}"));
                let got = download_u32(&mem, out, 32);
                assert_eq!(got, (0..32).map(|t| t + 5).collect::<Vec<_>>(), "{e:?} local vector at {bad}");
                continue;
            }
            let f = p.launch("k", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap_err();
            match f.kind {
                FaultKind::Memory(MemError::Misaligned { addr, size: s }) => {
                    assert_eq!(s, size, "{e:?} mode {mode}: {f}");
                    assert_eq!(addr % u64::from(size), u64::from(bad), "{e:?} mode {mode}: {f}");
                }
                _ => panic!("{e:?} mode {mode} misaligned: {f}"),
            }
            assert_eq!(f.thread, [0, 0, 0], "{e:?} mode {mode}: {f}");
            assert!(download_u32(&mem, out, 80).iter().all(|&v| v == u32::MAX), "{e:?} mode {mode}: nothing stored");
        }
    }
}
