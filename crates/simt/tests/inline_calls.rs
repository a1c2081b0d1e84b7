//! Calls to small leaf device functions run inlined (`decode/inline.rs`): every compiled tier
//! runs the callee where it runs the caller (before, the per-thread JIT and the block tier
//! declined the kernel and the warp tier handed each call to the interpreter), and the
//! results are the call's: parameters and return values in and out, a `ret` in the middle
//! of the callee, the callee's labels and local memory apart in each copy, a guarded call.

mod common;

use common::*;
use simt::{DeviceMemory, Dim3, Engine, Params, Tier};

const PTX: &str = r#"
.version 8.0
.target sm_80
.address_size 64

// r = (x odd) ? x + y : sum over k < 4 of (x + k) * y, with the four products in a local array
// (a loop, a label, a `ret` in the middle and the function's own local memory).
.func (.param .b32 r) poly(.param .b32 x, .param .b32 y)
{
    .local .align 4 .b8 depot[16];
    .reg .pred %p<3>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    ld.param.u32 %r1, [x];
    ld.param.u32 %r2, [y];
    and.b32 %r3, %r1, 1;
    setp.ne.u32 %p1, %r3, 0;
    add.s32 %r4, %r1, %r2;
    st.param.b32 [r], %r4;
    @%p1 ret;
    mov.u64 %rd1, depot;
    mov.u32 %r5, 0;
FILL:
    add.s32 %r6, %r1, %r5;
    mul.lo.s32 %r7, %r6, %r2;
    mul.wide.u32 %rd2, %r5, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.local.u32 [%rd3], %r7;
    add.s32 %r5, %r5, 1;
    setp.lt.u32 %p2, %r5, 4;
    @%p2 bra FILL;
    ld.local.u32 %r8, [depot];
    ld.local.u32 %r9, [depot+4];
    ld.local.u32 %r10, [depot+8];
    ld.local.u32 %r11, [depot+12];
    add.s32 %r8, %r8, %r9;
    add.s32 %r8, %r8, %r10;
    add.s32 %r8, %r8, %r11;
    st.param.b32 [r], %r8;
    ret;
}

// out[i] = poly(i, 3) + 1000 * (i % 3 == 0 ? poly(i + 1, i) : 7) for i = the thread's index.
.visible .entry calls(.param .u64 out, .param .u64 unused)
{
    .reg .pred %p<2>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mad.lo.s32 %r4, %r2, %r3, %r1;
    {
    .param .b32 p0;
    .param .b32 p1;
    .param .b32 r0;
    st.param.b32 [p0], %r4;
    mov.u32 %r5, 3;
    st.param.b32 [p1], %r5;
    call.uni (r0), poly, (p0, p1);
    ld.param.b32 %r6, [r0];
    }
    rem.u32 %r7, %r4, 3;
    setp.eq.u32 %p1, %r7, 0;
    mov.u32 %r8, 7;
    {
    .param .b32 p0;
    .param .b32 p1;
    .param .b32 r0;
    add.s32 %r9, %r4, 1;
    st.param.b32 [p0], %r9;
    st.param.b32 [p1], %r4;
    @%p1 call (r0), poly, (p0, p1);
    @%p1 ld.param.b32 %r8, [r0];
    }
    mad.lo.s32 %r10, %r8, 1000, %r6;
    mul.wide.u32 %rd2, %r4, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r10;
    ret;
}
"#;

/// `poly` of the PTX above.
fn poly(x: u32, y: u32) -> u32 {
    if x & 1 == 1 { x.wrapping_add(y) } else { (0..4).map(|k| (x + k).wrapping_mul(y)).fold(0, u32::wrapping_add) }
}

#[test]
fn leaf_calls_run_inlined_on_every_tier_with_the_calls_results() {
    let want: Vec<u32> = (0..256u32)
        .map(|i| {
            let second = if i % 3 == 0 { poly(i + 1, i) } else { 7 };
            poly(i, 3).wrapping_add(second.wrapping_mul(1000))
        })
        .collect();
    for engine in ENGINES {
        let p = program(PTX, engine);
        let mem = DeviceMemory::new();
        let out = upload(&mem, &[0xeeee_eeeeu32; 256]);
        let params = Params::new().ptr(out).ptr(out).clone();
        let stats = p
            .launch("calls", Dim3::x(4), Dim3::x(64), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download::<u32>(&mem, out, 256), want, "{engine:?}");
        match engine {
            // The per-thread JIT declined kernels with calls.
            Engine::JitAll => assert_eq!(stats.tier, Tier::ThreadJit),
            // The warp tier handed each call (and the callee) to the interpreter.
            Engine::Warp => assert_eq!((stats.tier, stats.warp_instructions), (Tier::WarpJit, 0)),
            // The block tier declined kernels with calls.
            Engine::Block => assert_eq!(stats.tier, Tier::Block),
            _ => {}
        }
    }
}

/// A function that calls `poly` twice, and a kernel that calls it: inlined innermost first
/// (`poly` into `outer`, then `outer`, a leaf now, into the kernel), so every tier compiles it.
const NESTED: &str = r#"
// r = poly(x, y) + 2 * poly(y, x)
.func (.param .b32 r) outer(.param .b32 x, .param .b32 y)
{
    .reg .b32 %r<8>;
    ld.param.u32 %r1, [x];
    ld.param.u32 %r2, [y];
    {
    .param .b32 p0;
    .param .b32 p1;
    .param .b32 r0;
    st.param.b32 [p0], %r1;
    st.param.b32 [p1], %r2;
    call.uni (r0), poly, (p0, p1);
    ld.param.b32 %r3, [r0];
    }
    {
    .param .b32 p0;
    .param .b32 p1;
    .param .b32 r0;
    st.param.b32 [p0], %r2;
    st.param.b32 [p1], %r1;
    call.uni (r0), poly, (p0, p1);
    ld.param.b32 %r4, [r0];
    }
    shl.b32 %r5, %r4, 1;
    add.s32 %r6, %r3, %r5;
    st.param.b32 [r], %r6;
    ret;
}

// out[i] = outer(i, i % 5)
.visible .entry nested(.param .u64 out)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mad.lo.s32 %r4, %r2, %r3, %r1;
    rem.u32 %r5, %r4, 5;
    {
    .param .b32 p0;
    .param .b32 p1;
    .param .b32 r0;
    st.param.b32 [p0], %r4;
    st.param.b32 [p1], %r5;
    call.uni (r0), outer, (p0, p1);
    ld.param.b32 %r6, [r0];
    }
    mul.wide.u32 %rd2, %r4, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    ret;
}
"#;

#[test]
fn calls_of_functions_that_call_run_inlined_innermost_first() {
    let want: Vec<u32> = (0..256u32).map(|i| poly(i, i % 5).wrapping_add(poly(i % 5, i).wrapping_mul(2))).collect();
    let ptx = format!("{PTX}{NESTED}");
    for engine in ENGINES {
        let p = program(&ptx, engine);
        let mem = DeviceMemory::new();
        let out = upload(&mem, &[0xeeee_eeeeu32; 256]);
        let params = Params::new().ptr(out).clone();
        let stats = p
            .launch("nested", Dim3::x(4), Dim3::x(64), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download::<u32>(&mem, out, 256), want, "{engine:?}");
        // No call is left: the tiers that decline calls take the kernel.
        match engine {
            Engine::JitAll => assert_eq!(stats.tier, Tier::ThreadJit),
            Engine::Block => assert_eq!(stats.tier, Tier::Block),
            _ => {}
        }
    }
}
