//! `bar.warp.sync` (`__syncwarp`) in diverged code: the lanes of the mask wait for each other
//! even on different paths; lanes that exited count as arrived.

use simt::{DeviceMemory, Dim3, Params, Program};

const PTX: &str = r#"
.version 8.0
.target sm_90
.address_size 64

.visible .entry exchange(.param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<5>;
    .shared .align 4 .b32 buf[32];
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    mov.u32 %r9, buf;
    shl.b32 %r3, %r1, 2;
    add.u32 %r4, %r9, %r3;
    @%p1 bra EVEN;
    mul.lo.u32 %r5, %r1, 10;
    st.shared.u32 [%r4], %r5;
    bar.warp.sync -1;
    ld.shared.u32 %r6, [%r4+-4];
    bra DONE;
EVEN:
    mul.lo.u32 %r5, %r1, 100;
    st.shared.u32 [%r4], %r5;
    bar.warp.sync -1;
    ld.shared.u32 %r6, [%r4+4];
DONE:
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
}

.visible .entry after_exit(.param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<5>;
    mov.u32 %r1, %tid.x;
    setp.ge.u32 %p1, %r1, 16;
    @%p1 bra END;
    bar.warp.sync -1;
    add.u32 %r2, %r1, 7;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r2;
END:
    ret;
}
"#;

fn run(kernel: &str) -> Vec<u32> {
    let p = Program::from_ptx(PTX).unwrap();
    let mem = DeviceMemory::new();
    let out = mem.alloc(32 * 4).unwrap();
    mem.write(out, &[0u8; 128]).unwrap();
    let mut params = Params::new();
    params.ptr(out);
    p.launch(kernel, Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap();
    let mut bytes = [0u8; 128];
    mem.read(out, &mut bytes).unwrap();
    bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[test]
fn diverged_paths_wait_for_each_other() {
    let got = run("exchange");
    let want: Vec<u32> = (0..32).map(|t| if t % 2 == 1 { (t - 1) * 100 } else { (t + 1) * 10 }).collect();
    assert_eq!(got, want);
}

#[test]
fn exited_lanes_count_as_arrived() {
    let got = run("after_exit");
    let want: Vec<u32> = (0..32).map(|t| if t < 16 { t + 7 } else { 0 }).collect();
    assert_eq!(got, want);
}
