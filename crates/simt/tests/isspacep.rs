//! `isspacep` (PTX ISA, data movement: "write predicate register p with 1 if generic address a
//! falls within the specified state space window"): a `.const` variable's generic address is in
//! the const window and, global memory holding the constant banks, in the global window too; a
//! global variable's, an allocation's, a shared and a local address are not in the const window.
//! Every check runs on the interpreter and both compiled tiers, which share one semantics.

use simt::{DeviceMemory, Dim3};

mod common;

use common::{ENGINES, program};

/// Per thread, for the addresses of: a `.const` array element, a `.global` variable, the
/// kernel's pointer argument, a `.shared` array element and a `.local` array element, the word
/// isspacep.global + 2 * isspacep.const + 4 * isspacep.shared + 8 * isspacep.local.
const KERNEL: &str = r#"
.version 8.3
.target sm_90
.address_size 64

.const .align 4 .u32 table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
.global .align 4 .u32 counter;

.visible .entry k(.param .u64 buf, .param .u64 out)
{
    .shared .align 4 .u32 sh[32];
    .local .align 4 .u32 loc[4];
    .reg .pred %p<5>;
    .reg .b32 %t, %w, %bit;
    .reg .b64 %a<6>, %o, %off;
    mov.u32 %t, %tid.x;
    and.b32 %w, %t, 7;
    mul.wide.u32 %off, %w, 4;
    mov.u64 %a0, table;
    cvta.const.u64 %a0, %a0;
    add.s64 %a0, %a0, %off;
    mov.u64 %a1, counter;
    cvta.global.u64 %a1, %a1;
    ld.param.u64 %a2, [buf];
    add.s64 %a2, %a2, %off;
    mov.u64 %a3, sh;
    cvta.shared.u64 %a3, %a3;
    add.s64 %a3, %a3, %off;
    mov.u64 %a4, loc;
    cvta.local.u64 %a4, %a4;
    ld.param.u64 %o, [out];
    mul.wide.u32 %off, %t, 20;
    add.s64 %o, %o, %off;
    // One word per address.
    isspacep.global %p1, %a0;
    isspacep.const %p2, %a0;
    isspacep.shared %p3, %a0;
    isspacep.local %p4, %a0;
    selp.u32 %w, 1, 0, %p1;
    selp.u32 %bit, 2, 0, %p2;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 4, 0, %p3;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 8, 0, %p4;
    or.b32 %w, %w, %bit;
    st.global.u32 [%o], %w;
    isspacep.global %p1, %a1;
    isspacep.const %p2, %a1;
    isspacep.shared %p3, %a1;
    isspacep.local %p4, %a1;
    selp.u32 %w, 1, 0, %p1;
    selp.u32 %bit, 2, 0, %p2;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 4, 0, %p3;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 8, 0, %p4;
    or.b32 %w, %w, %bit;
    st.global.u32 [%o+4], %w;
    isspacep.global %p1, %a2;
    isspacep.const %p2, %a2;
    isspacep.shared %p3, %a2;
    isspacep.local %p4, %a2;
    selp.u32 %w, 1, 0, %p1;
    selp.u32 %bit, 2, 0, %p2;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 4, 0, %p3;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 8, 0, %p4;
    or.b32 %w, %w, %bit;
    st.global.u32 [%o+8], %w;
    isspacep.global %p1, %a3;
    isspacep.const %p2, %a3;
    isspacep.shared %p3, %a3;
    isspacep.local %p4, %a3;
    selp.u32 %w, 1, 0, %p1;
    selp.u32 %bit, 2, 0, %p2;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 4, 0, %p3;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 8, 0, %p4;
    or.b32 %w, %w, %bit;
    st.global.u32 [%o+12], %w;
    isspacep.global %p1, %a4;
    isspacep.const %p2, %a4;
    isspacep.shared %p3, %a4;
    isspacep.local %p4, %a4;
    selp.u32 %w, 1, 0, %p1;
    selp.u32 %bit, 2, 0, %p2;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 4, 0, %p3;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 8, 0, %p4;
    or.b32 %w, %w, %bit;
    st.global.u32 [%o+16], %w;
    ret;
}
"#;

#[test]
fn only_const_variables_are_in_the_const_window() {
    let mem = DeviceMemory::new();
    let n = 64u32;
    let buf = mem.alloc(4096).unwrap();
    for e in ENGINES {
        let p = program(KERNEL, e);
        let out = mem.alloc(u64::from(n) * 20).unwrap();
        let params: Vec<u8> = [buf.0, out.0].iter().flat_map(|v| v.to_le_bytes()).collect();
        p.launch("k", Dim3::x(1), Dim3::x(n), 0, &params, &mem).unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let mut bytes = vec![0u8; n as usize * 20];
        mem.read(out, &mut bytes).unwrap();
        let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
        for t in 0..n as usize {
            // const: global and const; global variable and allocation: global; shared; local.
            assert_eq!(&words[t * 5..t * 5 + 5], &[1 | 2, 1, 1, 4, 8], "{e:?} thread {t}");
        }
    }
}
