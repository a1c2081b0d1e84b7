//! Memory instruction forms ptxas 13.0 accepts that name qualifiers without effect on one
//! CPU: `ld.mmio.relaxed.sys`/`st.mmio.relaxed.sys` (a strong access performed once, PTX ISA
//! 8.2, sm_70) and `fence.proxy.alias` (every address here has one proxy). Each must load and
//! compute its value on every engine (the conformance table's `ld.relaxed.cluster.mmio` and
//! `fence.membar` forms check them against an H200).

mod common;

use common::ptx::{Index, Kernel, module_version};
use common::run_on_every_engine;

#[test]
fn mmio_accesses_and_alias_fences_load_and_run_on_every_engine() {
    let kernel = Kernel::new("k", &["out", "inp"], Index::Grid).global_pointers().offset(4).body(
        "    add.u64 %rd4, %rd2, %rd3;
    ld.mmio.relaxed.sys.global.u32 %r5, [%rd4];
    add.u64 %rd5, %rd1, %rd3;
    st.mmio.relaxed.sys.global.u32 [%rd5], %r5;
    fence.proxy.alias;
    ld.mmio.relaxed.sys.global.u32 %r6, [%rd5];
    add.u32 %r6, %r6, %r5;
    st.global.u32 [%rd5], %r6;
    ret;",
    );
    let ptx = module_version("8.2", "sm_90", &kernel);
    let input: Vec<u32> = (0..256u32).map(|i| i.wrapping_mul(0x9e37_79b9)).collect();
    let want: Vec<u32> = input.iter().map(|v| v.wrapping_mul(2)).collect();
    run_on_every_engine(&ptx, "k", &input, &want, "mmio accesses");
}
