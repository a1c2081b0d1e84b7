use simt::{Engine, Program};
fn main() {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    let mut total = 0;
    for f in std::env::args().skip(1) {
        let Ok(text) = std::fs::read_to_string(&f) else { continue };
        let Ok(mut p) = Program::from_ptx(&text) else { continue };
        p.set_engine(Engine::Jit);
        for k in p.kernels() {
            total += 1;
            if let Some(why) = p.jit_fallback_reason(&k) {
                let short: String = why.chars().take(70).collect();
                *counts.entry(short.clone()).or_default() += 1;
                println!("{}: {k}: {why}", f.rsplit('/').next().unwrap_or(""));
            }
        }
    }
    println!("{total} kernels");
    for (why, n) in counts {
        println!("{n:4} {why}");
    }
}
