//! `redux.sync`, `match.sync`, `activemask` and `elect.sync` of whole, converged warps: every engine gives
//! the PTX ISA's results, and the warp tier runs them in compiled code, not one
//! warp-instruction at a time in the interpreter.

use simt::{DeviceMemory, Dim3, Engine, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download, program, run_on_every_engine, upload};

/// Each thread reads `in[i]` and writes to `out[8i..8i + 8]` the warp's `redux.sync` of it:
/// add.s32, min.s32, max.s32, min.u32, max.u32, and.b32, or.b32, xor.b32. The member mask is
/// an immediate for most and a register holding -1 (as nvcc writes it) for two.
fn redux() -> String {
    module(
        "sm_80",
        &Kernel::new("reduce", &["out", "in"], Index::Grid).offset(4).body(
            r#"
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r5, [%rd4];
    mov.u32 %r20, -1;
    redux.sync.add.s32 %r6, %r5, 0xffffffff;
    redux.sync.min.s32 %r7, %r5, %r20;
    redux.sync.max.s32 %r8, %r5, 0xffffffff;
    redux.sync.min.u32 %r9, %r5, 0xffffffff;
    redux.sync.max.u32 %r10, %r5, %r20;
    redux.sync.and.b32 %r11, %r5, 0xffffffff;
    redux.sync.or.b32 %r12, %r5, 0xffffffff;
    redux.sync.xor.b32 %r13, %r5, 0xffffffff;
    mul.wide.u32 %rd5, %r4, 32;
    add.s64 %rd6, %rd1, %rd5;
    st.global.v4.u32 [%rd6], {%r6, %r7, %r8, %r9};
    st.global.v4.u32 [%rd6+16], {%r10, %r11, %r12, %r13};
    ret;
"#,
        ),
    )
}

/// Each thread writes to `out[2i]` its `activemask` and to `out[2i + 1]` the lane
/// `elect.sync` names, plus 256 when it is the elected lane.
fn elect() -> String {
    module(
        "sm_90",
        &Kernel::new("elect", &["out"], Index::Grid).body(
            r#"
    activemask.b32 %r5;
    elect.sync %r6|%p1, 0xffffffff;
    selp.u32 %r7, 256, 0, %p1;
    or.b32 %r8, %r6, %r7;
    mul.wide.u32 %rd2, %r4, 8;
    add.s64 %rd3, %rd1, %rd2;
    st.global.v2.u32 [%rd3], {%r5, %r8};
    ret;
"#,
        ),
    )
}

/// The PTX ISA's `redux.sync` over each warp of 32 lanes of `input`, in `redux`'s order.
fn redux_reference(input: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    for warp in input.chunks(32) {
        let signed = || warp.iter().map(|&v| v as i32);
        let row = [
            warp.iter().fold(0u32, |s, &v| s.wrapping_add(v)),
            signed().min().unwrap_or(0) as u32,
            signed().max().unwrap_or(0) as u32,
            warp.iter().copied().min().unwrap_or(0),
            warp.iter().copied().max().unwrap_or(0),
            warp.iter().fold(u32::MAX, |s, &v| s & v),
            warp.iter().fold(0, |s, &v| s | v),
            warp.iter().fold(0, |s, &v| s ^ v),
        ];
        for _ in warp {
            out.extend(row);
        }
    }
    out
}

#[test]
fn whole_warp_reductions() {
    // Warps of: signed extremes among negatives (the sum wraps), all -1, small mixed signs,
    // one lane apart from the rest, then hashed.
    let input: Vec<u32> = (0..256u32)
        .map(|i| {
            let (w, l) = (i / 32, i % 32);
            match w {
                0 => [i32::MIN as u32, i32::MAX as u32, (-5i32) as u32, 0x4000_0000][(l % 4) as usize],
                1 => u32::MAX,
                2 => (l as i32 - 16) as u32,
                3 => {
                    if l == 29 {
                        0x8000_0001
                    } else {
                        7
                    }
                }
                _ => i.wrapping_mul(2_654_435_761),
            }
        })
        .collect();
    let want = redux_reference(&input);
    run_on_every_engine(&redux(), "reduce", &input, &want, "redux.sync");
}

#[test]
fn whole_warp_activemask_and_elect() {
    // Every lane of a converged warp is active, and the lowest lane of the mask, 0, elected.
    let threads = 256usize;
    let want: Vec<u32> = (0..threads).flat_map(|t| [u32::MAX, if t % 32 == 0 { 256 } else { 0 }]).collect();
    for engine in ENGINES {
        let p = program(&elect(), engine);
        let mem = DeviceMemory::new();
        let out = upload(&mem, &vec![0xeeee_eeeeu32; want.len()]);
        let params = Params::new().ptr(out).clone();
        let stats = p
            .launch("elect", Dim3::x(4), Dim3::x(64), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download::<u32>(&mem, out, want.len()), want, "{engine:?}");
        if engine == Engine::Warp {
            assert_eq!(stats.warp_instructions, 0, "the warp tier left activemask/elect to the interpreter");
        }
    }
}

/// Each thread reads the 64-bit `in[i]` and writes to `out[6i..6i + 6]` the warp's
/// `match.any` and `match.all` of its low 32 bits (with `match.all`'s predicate as 0/1),
/// then the same of all 64.
fn match_ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("matches", &["out", "in"], Index::Grid).offset(8).body(
            r#"
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u64 %rd5, [%rd4];
    cvt.u32.u64 %r5, %rd5;
    mov.u32 %r15, -1;
    match.any.sync.b32 %r6, %r5, 0xffffffff;
    match.all.sync.b32 %r7|%p1, %r5, %r15;
    selp.u32 %r8, 1, 0, %p1;
    match.any.sync.b64 %r9, %rd5, %r15;
    match.all.sync.b64 %r10|%p2, %rd5, 0xffffffff;
    selp.u32 %r11, 1, 0, %p2;
    mul.lo.u32 %r12, %r4, 24;
    cvt.u64.u32 %rd6, %r12;
    add.s64 %rd7, %rd1, %rd6;
    st.global.v2.u32 [%rd7], {%r6, %r7};
    st.global.v2.u32 [%rd7+8], {%r8, %r9};
    st.global.v2.u32 [%rd7+16], {%r10, %r11};
    ret;
"#,
        ),
    )
}

/// The PTX ISA's `match.any`/`match.all` over each warp of 32 lanes of `input`, in
/// `match_ptx`'s order.
fn match_reference(input: &[u64]) -> Vec<u32> {
    let mut out = Vec::new();
    for warp in input.chunks(32) {
        for &mine in warp {
            for bits in [u64::from(u32::MAX), u64::MAX] {
                let same = warp.iter().enumerate().filter(|&(_, &v)| v & bits == mine & bits);
                let any = same.fold(0u32, |m, (l, _)| m | 1 << l);
                let all = any == u32::MAX;
                out.extend([any, if all { u32::MAX } else { 0 }, u32::from(all)]);
            }
        }
    }
    out
}

#[test]
fn whole_warp_matches() {
    // Warps of: one value, one low half under three high halves, four groups, all but lane 5
    // alike, then hashed into a few values.
    let input: Vec<u64> = (0..256u64)
        .map(|i| {
            let (w, l) = (i / 32, i % 32);
            match w {
                0 => 0xdead_beef_0000_0007,
                1 => (l % 3) << 32 | 0x8000_0000,
                2 => l % 4,
                3 => u64::from(l == 5) << 63 | 42,
                _ => (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 62) * 0x1_0000_0001,
            }
        })
        .collect();
    let want = match_reference(&input);
    run_on_every_engine(&match_ptx(), "matches", &input, &want, "match.sync");
}
