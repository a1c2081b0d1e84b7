use simt::{DeviceMemory, Dim3, Params, Program};
use std::time::Instant;
fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let n = 1u32 << 22;
    let mem = DeviceMemory::new();
    let a = mem.alloc(4 * n as u64).unwrap();
    let b = mem.alloc(4 * n as u64).unwrap();
    let c = mem.alloc(4 * n as u64).unwrap();
    let params = Params::new().ptr(a).ptr(b).ptr(c).i32(n as i32).clone();
    let progs: Vec<Program> =
        files.iter().map(|f| Program::from_ptx(&std::fs::read_to_string(f).unwrap()).unwrap()).collect();
    let mut best = vec![f64::MAX; files.len()];
    let reps: usize = std::env::var("N").ok().and_then(|v| v.parse().ok()).unwrap_or(15);
    for _ in 0..reps {
        for (i, p) in progs.iter().enumerate() {
            let t = Instant::now();
            p.launch("vector_add", Dim3::x(n / 256), Dim3::x(256), 0, params.bytes(), &mem).unwrap();
            best[i] = best[i].min(t.elapsed().as_secs_f64());
        }
    }
    for (f, b) in files.iter().zip(best) {
        println!("{f}: {:.2} ms, {:.1} ns/warp", b * 1e3, b * 1e9 / f64::from(n / 32));
    }
}
