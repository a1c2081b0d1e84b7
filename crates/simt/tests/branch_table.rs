//! `brx.idx` through a `.branchtargets` table (PTX ISA 9.7.12.3): the index picks the label,
//! each thread its own, on every engine; a table naming an unknown label does not load.

use simt::{DeviceMemory, Dim3, Program};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{download_u32, on_engines, upload};

/// out[tid] = 10 * (tid % 3) + 1 through the label the table holds at index tid % 3 (the
/// table lists the labels out of order, so its order, not the labels', picks).
fn ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("pick", &["out"], Index::Thread).body(
            r#"
    rem.u32 %r2, %r1, 3;
    ts: .branchtargets TWO, ZERO, ONE;
    brx.idx %r2, ts;
ZERO:
    mov.u32 %r3, 1;
    bra.uni DONE;
ONE:
    mov.u32 %r3, 11;
    bra.uni DONE;
TWO:
    mov.u32 %r3, 21;
DONE:
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r3;
    ret;
"#,
        ),
    )
}

#[test]
fn brx_idx_branches_to_the_tables_entry() {
    let mem = DeviceMemory::new();
    // Index 0 is TWO (21), 1 is ZERO (1), 2 is ONE (11).
    let want: Vec<u32> = (0..64u32).map(|t| [21, 1, 11][(t % 3) as usize]).collect();
    for (engine, p) in on_engines(&ptx()) {
        let out = upload(&mem, &[0u32; 64]);
        p.launch("pick", Dim3::x(1), Dim3::x(64), 0, &out.0.to_le_bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download_u32(&mem, out, 64), want, "{engine:?}");
    }
}

#[test]
fn a_table_naming_an_unknown_label_does_not_load() {
    let src = ptx().replace("TWO, ZERO, ONE", "TWO, ZERO, NOWHERE");
    let err = match Program::from_ptx(&src) {
        Ok(_) => panic!("a .branchtargets table with an unknown label loaded"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("unknown label `NOWHERE` in .branchtargets"), "{err}");
}
