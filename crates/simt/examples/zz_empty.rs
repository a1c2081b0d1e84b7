use simt::{DeviceMemory, Dim3, Params, Program};
use std::time::Instant;
fn main() {
    let ptx = r#".version 8.0
.target sm_80
.address_size 64
.visible .entry empty(.param .u64 p, .param .u32 n)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    .reg .pred %p<2>;
    ld.param.u64 %rd1, [p];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
DONE:
    ret;
}
.visible .entry bars(.param .u64 p, .param .u32 n)
{
    .reg .b32 %r<4>;
    bar.sync 0;
    bar.sync 0;
    bar.sync 0;
    bar.sync 0;
    bar.sync 0;
    bar.sync 0;
    bar.sync 0;
    bar.sync 0;
    ret;
}
"#;
    let p = Program::from_ptx(ptx).unwrap();
    let mem = DeviceMemory::new();
    let buf = mem.alloc(1024).unwrap();
    let params = Params::new().ptr(buf).i32(1000).clone();
    for k in std::env::args().skip(1).collect::<Vec<_>>().iter().map(|s| s.as_str()) {
        for bs in [256u32, 1024] {
            let blocks = (1u32 << 22) / bs;
            let mut best = f64::MAX;
            for _ in 0..std::env::var("N").ok().and_then(|v| v.parse().ok()).unwrap_or(5) {
                let t = Instant::now();
                p.launch(k, Dim3::x(blocks), Dim3::x(bs), 0, params.bytes(), &mem).unwrap();
                best = best.min(t.elapsed().as_secs_f64());
            }
            println!(
                "{k} block {bs}: {:.2} ms, {:.0} ns/block, {:.1} ns/warp",
                best * 1e3,
                best * 1e9 / blocks as f64,
                best * 1e9 / (blocks as f64 * bs as f64 / 32.0)
            );
        }
    }
}
