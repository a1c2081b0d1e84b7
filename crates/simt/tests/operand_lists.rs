//! Registers written by instructions whose results the compiled tiers never compute themselves
//! (`bar.red`, `activemask`, `elect`, `match`), after the same register held a constant: every
//! engine must read the instruction's result afterwards, not the constant. (The warp tier folds a
//! register written once by `mov` of an immediate; an instruction missing from its list of
//! writers made a second write invisible.)

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, program};

fn ptx() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// out[tid] = { popc of (tid % 3 == 0) over the block, and of (tid < 5), or of (tid == 7),
// the tid of lane `popc` of the thread's warp (a shuffle whose lane operand is the reduction) }.
"#,
            ),
            Kernel::new("red", &["out"], Index::Thread).body(
                r#"
    rem.u32 %r2, %r1, 3;
    setp.eq.u32 %p1, %r2, 0;
    mov.u32 %r3, 1000;
    bar.red.popc.u32 %r3, 0, %p1;
    setp.lt.u32 %p2, %r1, 5;
    mov.u32 %r4, 2000;
    bar.red.and.pred %p3, 0, %p2;
    selp.u32 %r4, 1, 0, %p3;
    setp.eq.u32 %p2, %r1, 7;
    mov.u32 %r5, 3000;
    bar.red.or.pred %p3, 0, %p2;
    selp.u32 %r5, 1, 0, %p3;
    add.u32 %r6, %r3, 0;
    mov.u32 %r7, 1;
    bar.red.popc.u32 %r7, 0, %p1;
    shfl.sync.idx.b32 %r8, %r1, %r7, 31, -1;
    cvta.to.global.u64 %rd1, %rd1;
    mul.wide.u32 %rd2, %r1, 16;
    add.s64 %rd1, %rd1, %rd2;
    st.global.u32 [%rd1], %r6;
    st.global.u32 [%rd1+4], %r4;
    st.global.u32 [%rd1+8], %r5;
    st.global.u32 [%rd1+12], %r8;
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

#[test]
fn a_register_written_by_bar_red_after_a_constant_reads_the_reduction() {
    let mem = DeviceMemory::new();
    // Block sizes whose reduction is a lane every warp has.
    for threads in [32u32, 64] {
        let out = mem.alloc(u64::from(threads) * 16).unwrap();
        let popc = (0..threads).filter(|t| t % 3 == 0).count() as u32;
        for e in ENGINES {
            let p = program(&ptx(), e);
            let params = Params::new().ptr(out).clone();
            p.launch("red", Dim3::x(1), Dim3::x(threads), 0, params.bytes(), &mem).unwrap();
            let mut b = vec![0u8; threads as usize * 16];
            mem.read(out, &mut b).unwrap();
            for t in 0..threads as usize {
                let w = |k: usize| u32::from_le_bytes(b[t * 16 + 4 * k..t * 16 + 4 * k + 4].try_into().unwrap());
                let from = (t as u32 / 32) * 32 + popc;
                assert_eq!([w(0), w(1), w(2), w(3)], [popc, 0, 1, from], "{e:?} {threads} threads, thread {t}");
            }
        }
    }
}
