//! `isspacep` (PTX ISA, data movement: "write predicate register p with 1 if generic address a
//! falls within the specified state space window"): a `.const` variable's generic address is in
//! the const window and, global memory holding the constant banks, in the global window too; a
//! global variable's, an allocation's, a shared and a local address are not in the const window.
//! Every check runs on the interpreter and both compiled tiers, which share one semantics.

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::ptx::module_version;
use common::{download_u32, on_engines};

/// Per thread, for the addresses of: a `.const` array element, a `.global` variable, the
/// kernel's pointer argument, a `.shared` array element and a `.local` array element, the word
/// isspacep.global + 2 * isspacep.const + 4 * isspacep.shared + 8 * isspacep.local.
fn kernel() -> String {
    // One word per address (`%a0`..`%a4`), at `out + 4 * k`.
    let words: String = (0..5)
        .map(|k| {
            format!(
                "    isspacep.global %p1, %a{k};
    isspacep.const %p2, %a{k};
    isspacep.shared %p3, %a{k};
    isspacep.local %p4, %a{k};
    selp.u32 %w, 1, 0, %p1;
    selp.u32 %bit, 2, 0, %p2;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 4, 0, %p3;
    or.b32 %w, %w, %bit;
    selp.u32 %bit, 8, 0, %p4;
    or.b32 %w, %w, %bit;
    st.global.u32 [%o+{}], %w;
",
                4 * k
            )
        })
        .collect();
    module_version(
        "8.3",
        "sm_90",
        &format!(
            r#"
.const .align 4 .u32 table[8] = {{1, 2, 3, 4, 5, 6, 7, 8}};
.global .align 4 .u32 counter;

.visible .entry k(.param .u64 buf, .param .u64 out)
{{
    .shared .align 4 .u32 sh[32];
    .local .align 4 .u32 loc[4];
    .reg .pred %p<5>;
    .reg .b32 %t, %w, %bit;
    .reg .b64 %a<6>, %o, %off;
    mov.u32 %t, %tid.x;
    ld.param.u64 %o, [out];
    mul.wide.u32 %off, %t, 20;
    add.s64 %o, %o, %off;
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
{words}    ret;
}}
"#
        ),
    )
}

#[test]
fn only_const_variables_are_in_the_const_window() {
    let mem = DeviceMemory::new();
    let n = 64u32;
    let buf = mem.alloc(4096).unwrap();
    for (e, p) in on_engines(&kernel()) {
        let out = mem.alloc(u64::from(n) * 20).unwrap();
        let params = Params::new().ptr(buf).ptr(out).clone();
        p.launch("k", Dim3::x(1), Dim3::x(n), 0, params.bytes(), &mem).unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let words = download_u32(&mem, out, n as usize * 5);
        for t in 0..n as usize {
            // const: global and const; global variable and allocation: global; shared; local.
            assert_eq!(&words[t * 5..t * 5 + 5], &[1 | 2, 1, 1, 4, 8], "{e:?} thread {t}");
        }
    }
}
