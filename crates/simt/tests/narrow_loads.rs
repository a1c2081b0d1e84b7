//! A vector load whose trailing or leading elements nothing reads is, as ptxas assembles it,
//! only as wide as the elements read, and needs only their alignment: ptxas 13.0 (`-O3`)
//! makes `ld.global.nc.v2.u64 {%a, %b}` with `%b` unused `LDG.E.64.CONSTANT [R]`, with only
//! `%a` unused `LDG.E.64.CONSTANT [R+0x8]`, and `ld.global.v4.u32` with only its last two
//! elements read `LDG.E.64 [R+0x8]` (`cuobjdump -sass`). NVVM emits such loads (CUB's
//! `DeviceReduce::TransformReduce` into a 24-byte struct loads pairs of `int` with a 16-byte
//! load at 8-byte steps, which an H200 runs). A strong load stays whole (`ld.volatile`:
//! `LDG.E.128.STRONG.SYS`), and so does every load of `-G` code (ptxas `-O0`: `LDG.E.128`).

use simt::{DeviceMemory, Dim3, FaultKind, MemError, Params};

mod common;

use common::{ENGINES, download_u32, one_worker_program, upload};

/// `k(buf, out, mode)`, 32 threads, `t` = %tid.x; `out[t]` = mode 0: the first `u64` of the
/// `v2.u64` at `buf + 8 t` (low half); 1: the second `u64` of the `v2.u64` at `buf + 8 t`;
/// 2: elements 2 + 3 of the `v4.u32` at `buf + 8 t`; 3: element 3 of the `v4.u32` at
/// `buf + 4 t`; 4: the first `u64` of an `ld.volatile.v2.u64` at `buf + 8 t`. Only mode 4's
/// whole vector is then misaligned for odd `t` (modes 0 to 3: misaligned for the vector, not
/// for the elements read).
fn kernel(debug: bool) -> String {
    format!(
        r#"
.version 8.0
.target sm_90{}
.address_size 64

.visible .entry k(.param .u64 buf, .param .u64 out, .param .u32 mode)
{{
    .reg .pred %p<5>;
    .reg .b32 %t, %mode, %v<5>, %w<5>, %s;
    .reg .b64 %b, %o, %a, %x, %y;
    mov.u32 %t, %tid.x;
    ld.param.u64 %b, [buf];
    ld.param.u64 %o, [out];
    ld.param.u32 %mode, [mode];
    cvta.to.global.u64 %b, %b;
    cvta.to.global.u64 %o, %o;
    mul.wide.u32 %a, %t, 8;
    add.s64 %a, %b, %a;
    setp.eq.u32 %p1, %mode, 1;
    setp.eq.u32 %p2, %mode, 2;
    setp.eq.u32 %p3, %mode, 3;
    setp.eq.u32 %p4, %mode, 4;
    @%p1 bra SECOND;
    @%p2 bra PAIR;
    @%p3 bra LAST;
    @%p4 bra STRONG;
    ld.global.nc.v2.u64 {{%x, %y}}, [%a];
    cvt.u32.u64 %s, %x;
    bra OUT;
SECOND:
    ld.global.nc.v2.u64 {{%y, %x}}, [%a];
    cvt.u32.u64 %s, %x;
    bra OUT;
PAIR:
    ld.global.v4.u32 {{%v1, %v2, %v3, %v4}}, [%a];
    add.u32 %s, %v3, %v4;
    bra OUT;
LAST:
    mul.wide.u32 %a, %t, 4;
    add.s64 %a, %b, %a;
    ld.global.v4.u32 {{%w1, %w2, %w3, %w4}}, [%a];
    mov.u32 %s, %w4;
    bra OUT;
STRONG:
    ld.volatile.global.v2.u64 {{%x, %y}}, [%a];
    cvt.u32.u64 %s, %x;
OUT:
    mul.wide.u32 %a, %t, 4;
    add.s64 %a, %o, %a;
    st.global.u32 [%a], %s;
    ret;
}}
"#,
        if debug { ", debug" } else { "" }
    )
}

/// What lane `t` reads in `mode` from `buf[i] = i` (32-bit words).
fn expected(mode: u32, t: u32) -> u32 {
    match mode {
        0 => 2 * t,
        1 => 2 * t + 2,
        2 => (2 * t + 2) + (2 * t + 3),
        _ => t + 3,
    }
}

#[test]
fn loads_are_as_wide_as_the_elements_read() {
    let mem = DeviceMemory::new();
    let buf = upload(&mem, &(0..200u32).collect::<Vec<_>>());
    let src = kernel(false);
    for e in ENGINES {
        let p = one_worker_program(&src, e);
        for mode in 0..4u32 {
            let out = upload(&mem, &[u32::MAX; 32]);
            let mut params = Params::new();
            params.ptr(buf).ptr(out).u32(mode);
            p.launch("k", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{e:?} mode {mode}: {f}"));
            let want: Vec<u32> = (0..32).map(|t| expected(mode, t)).collect();
            assert_eq!(download_u32(&mem, out, 32), want, "{e:?} mode {mode}");
        }
    }
}

/// A fault of the whole 16-byte vector at `buf + 8`, by lane 1.
fn assert_misaligned(f: &simt::Fault, what: &str) {
    match f.kind {
        FaultKind::Memory(MemError::Misaligned { addr, size }) => {
            assert_eq!(size, 16, "{what}: {f}");
            assert_eq!(addr % 16, 8, "{what}: {f}");
        }
        _ => panic!("{what}: {f}"),
    }
    assert_eq!(f.thread, [1, 0, 0], "{what}: {f}");
}

#[test]
fn strong_loads_and_debug_code_stay_whole() {
    let mem = DeviceMemory::new();
    let buf = upload(&mem, &(0..200u32).collect::<Vec<_>>());
    let (optimized, debug) = (kernel(false), kernel(true));
    for e in ENGINES {
        let p = one_worker_program(&optimized, e);
        let mut params = Params::new();
        params.ptr(buf).ptr(upload(&mem, &[0u32; 32])).u32(4);
        let f = p.launch("k", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap_err();
        assert_misaligned(&f, &format!("{e:?} ld.volatile"));
        let p = one_worker_program(&debug, e);
        let mut params = Params::new();
        params.ptr(buf).ptr(upload(&mem, &[0u32; 32])).u32(0);
        let f = p.launch("k", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap_err();
        assert_misaligned(&f, &format!("{e:?} -G code"));
    }
}
