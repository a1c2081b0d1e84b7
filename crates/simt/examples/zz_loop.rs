use simt::{DeviceMemory, Dim3, Params, Program};
use std::time::Instant;
fn main() {
    let ptx = r#".version 8.0
.target sm_80
.address_size 64
.visible .entry barloop(.param .u64 p, .param .u32 n)
{
    .reg .b32 %r<8>;
    .reg .pred %p<4>;
    ld.param.u32 %r1, [n];
L:
    bar.sync 0;
    sub.s32 %r1, %r1, 1;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra L;
    ret;
}
.visible .entry skiploop(.param .u64 p, .param .u32 n)
{
    .reg .b32 %r<8>;
    .reg .pred %p<4>;
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
L:
    setp.lt.u32 %p2, %r2, 0;
    @%p2 bra SKIP;
    add.s32 %r3, %r3, 1;
SKIP:
    bar.sync 0;
    sub.s32 %r1, %r1, 1;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra L;
    ret;
}
.visible .entry plainloop(.param .u64 p, .param .u32 n)
{
    .reg .b32 %r<8>;
    .reg .pred %p<4>;
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
L:
    setp.ge.u32 %p2, %r2, %r1;
    @%p2 bra SKIP;
    add.s32 %r3, %r3, 1;
SKIP:
    sub.s32 %r1, %r1, 1;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra L;
    ret;
}
"#;
    let p = Program::from_ptx(ptx).unwrap();
    let mem = DeviceMemory::new();
    let buf = mem.alloc(1024).unwrap();
    let iters = 64u32;
    let params = Params::new().ptr(buf).i32(iters as i32).clone();
    for k in ["barloop", "skiploop", "plainloop"] {
        let bs = 256u32;
        let blocks = 4096u32;
        let mut best = f64::MAX;
        for _ in 0..5 {
            let t = Instant::now();
            p.launch(k, Dim3::x(blocks), Dim3::x(bs), 0, params.bytes(), &mem).unwrap();
            best = best.min(t.elapsed().as_secs_f64());
        }
        let wi = f64::from(blocks) * f64::from(bs / 32) * f64::from(iters);
        println!("{k}: {:.2} ms, {:.1} ns per warp-iteration", best * 1e3, best * 1e9 / wi);
    }
}
