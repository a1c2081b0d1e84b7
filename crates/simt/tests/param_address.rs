//! The address of a device function's parameter (`mov` of a `.param` name). The PTX ISA: "the
//! address of a function input parameter may be moved into a register using the `mov`
//! instruction. Note that the parameter will be copied to the stack if necessary, and so the
//! address will be in the `.local` state space"; since PTX 6.0 the same holds for a return
//! parameter. clang at -O0 emits it for a struct passed by value (tests/kernels/
//! param_address.cu); the hand-written kernel below writes through both kinds of address and
//! reads the parameters back by name. Every check runs on the interpreter and both compiled
//! tiers.

use simt::{DeviceMemory, Dim3};

mod common;

use common::{download, on_engines};

/// clang -O0's `byval(S s) { return use(&s); }`: s.a[1] + s.a[3] + (int)s.f, where the kernel
/// added the thread index to a[1].
#[test]
fn clang_o0_struct_by_value_whose_address_is_passed_on() {
    let src = include_str!("kernels/param_address.clang_O0.ptx");
    let mem = DeviceMemory::new();
    for (e, p) in on_engines(src) {
        let out = mem.alloc(32 * 4).unwrap();
        let mut params = out.0.to_le_bytes().to_vec();
        for v in [1i32, 20, 300, 4000] {
            params.extend(v.to_le_bytes());
        }
        params.extend(5.75f32.to_le_bytes());
        p.launch("_Z1kPi1S", Dim3::x(1), Dim3::x(32), 0, &params, &mem).unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let got = download::<i32>(&mem, out, 32);
        let want: Vec<i32> = (0..32).map(|t| 20 + t + 4000 + 5).collect();
        assert_eq!(got, want, "{e:?}");
    }
}

/// `through(s)` writes s.x * 10 through the generic form of `&s`, reads it back by name
/// (`ld.param`: one object), and builds its return value through `&ret`.
const WRITES_THROUGH: &str = r#"
.version 8.3
.target sm_90
.address_size 64

.func (.param .align 8 .b8 ret[12]) through(.param .align 4 .b8 s[8])
{
    .reg .b32 %x, %y, %v;
    .reg .b64 %a, %g, %q, %h;
    mov.b64 %a, s;
    cvta.local.u64 %g, %a;
    ld.u32 %x, [%g];
    mul.lo.s32 %x, %x, 10;
    st.u32 [%g], %x;
    ld.param.u32 %v, [s];
    ld.param.u32 %y, [s+4];
    add.s32 %v, %v, %y;
    mov.u64 %q, ret;
    cvta.local.u64 %h, %q;
    st.u32 [%h], %v;
    st.u32 [%h+4], 7;
    st.param.u32 [ret+8], %y;
    ret;
}

.visible .entry k(.param .u64 in, .param .u64 out)
{
    .reg .b32 %t, %a, %b, %r0, %r1, %r2;
    .reg .b64 %pin, %pout, %o;
    ld.param.u64 %pin, [in];
    ld.param.u64 %pout, [out];
    mov.u32 %t, %tid.x;
    mul.wide.u32 %o, %t, 8;
    add.s64 %pin, %pin, %o;
    ld.global.u32 %a, [%pin];
    ld.global.u32 %b, [%pin+4];
    {
        .param .align 4 .b8 arg[8];
        st.param.u32 [arg], %a;
        st.param.u32 [arg+4], %b;
        .param .align 8 .b8 rv[12];
        call (rv), through, (arg);
        ld.param.u32 %r0, [rv];
        ld.param.u32 %r1, [rv+4];
        ld.param.u32 %r2, [rv+8];
    }
    mul.wide.u32 %o, %t, 12;
    add.s64 %pout, %pout, %o;
    st.global.u32 [%pout], %r0;
    st.global.u32 [%pout+4], %r1;
    st.global.u32 [%pout+8], %r2;
    ret;
}
"#;

#[test]
fn writes_through_parameter_addresses_reach_the_parameters() {
    let mem = DeviceMemory::new();
    let n = 64usize;
    let input: Vec<u8> = (0..n as i32).flat_map(|t| [t - 5, 3 * t + 1]).flat_map(i32::to_le_bytes).collect();
    let din = mem.alloc(input.len() as u64).unwrap();
    mem.write(din, &input).unwrap();
    for (e, p) in on_engines(WRITES_THROUGH) {
        let out = mem.alloc(n as u64 * 12).unwrap();
        let params: Vec<u8> = [din.0, out.0].iter().flat_map(|v| v.to_le_bytes()).collect();
        p.launch("k", Dim3::x(1), Dim3::x(n as u32), 0, &params, &mem).unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let got = download::<i32>(&mem, out, 3 * n);
        for t in 0..n as i32 {
            let (a, b) = (t - 5, 3 * t + 1);
            let i = 3 * t as usize;
            assert_eq!(&got[i..i + 3], &[a * 10 + b, 7, b], "{e:?} thread {t}");
        }
    }
}

/// clang -O0 also reads a by-value struct through its address with `ld.param` (libdevice's
/// double-double `atan2` helper: `mov.b64 %rd2, f_param_0; ld.param.f64 %fd, [%rd2+8];`):
/// ptxas takes `.param` through such a register as the parameter's local copy.
const LD_PARAM_THROUGH_ADDRESS: &str = r#"
.version 8.3
.target sm_90
.address_size 64

.func (.param .align 16 .b8 ret[16]) swap(.param .align 16 .b8 s[16])
{
    .reg .b64 %a, %hi, %lo;
    mov.b64 %a, s;
    ld.param.b64 %hi, [%a+8];
    ld.param.b64 %lo, [s];
    st.param.b64 [ret], %hi;
    st.param.b64 [ret+8], %lo;
    ret;
}

.visible .entry k(.param .u64 out)
{
    .reg .b32 %t;
    .reg .b64 %p, %o, %x, %y, %r0, %r1;
    ld.param.u64 %p, [out];
    mov.u32 %t, %tid.x;
    cvt.u64.u32 %x, %t;
    mul.lo.u64 %y, %x, 1000;
    {
        .param .align 16 .b8 arg[16];
        st.param.b64 [arg], %x;
        st.param.b64 [arg+8], %y;
        .param .align 16 .b8 rv[16];
        call (rv), swap, (arg);
        ld.param.b64 %r0, [rv];
        ld.param.b64 %r1, [rv+8];
    }
    mul.wide.u32 %o, %t, 16;
    add.s64 %p, %p, %o;
    st.global.u64 [%p], %r0;
    st.global.u64 [%p+8], %r1;
    ret;
}
"#;

#[test]
fn ld_param_through_a_parameters_address_reads_the_parameter() {
    let mem = DeviceMemory::new();
    let n = 64u64;
    for (e, p) in on_engines(LD_PARAM_THROUGH_ADDRESS) {
        let out = mem.alloc(n * 16).unwrap();
        p.launch("k", Dim3::x(1), Dim3::x(n as u32), 0, &out.0.to_le_bytes(), &mem)
            .unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let got: Vec<u64> = download(&mem, out, (n * 2) as usize);
        let want: Vec<u64> = (0..n).flat_map(|t| [t * 1000, t]).collect();
        assert_eq!(got, want, "{e:?}");
    }
}
