//! Parse + validate throughput on the largest corpus fixtures (run: `cargo bench -p cuprite-ptx`).
//!
//! Prints MB/s for lexing alone, parsing, and parsing + validating, one thread, plus each as a
//! ratio to a baseline pass run side by side (counting lines of the same bytes), so a noisy
//! machine shows up in both numbers rather than in the ratio.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

fn time_per_iter(mut f: impl FnMut()) -> Duration {
    // Warm up, then run for at least ~0.5 s.
    f();
    let start = Instant::now();
    let mut iters = 0u32;
    while start.elapsed() < Duration::from_millis(500) || iters < 3 {
        f();
        iters += 1;
    }
    start.elapsed() / iters
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/ptx");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/corpus/ptx")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ptx"))
        .collect();
    files.sort_by_key(|p| std::cmp::Reverse(std::fs::metadata(p).map(|m| m.len()).unwrap_or(0)));
    // The three largest files (-G, mostly debug sections) and the three largest -O3 files
    // (instruction-dense; 67_thrust is the thrust-sized module).
    let o3: Vec<_> = files.iter().filter(|p| p.to_string_lossy().ends_with(".O3.ptx")).take(3).cloned().collect();
    files.truncate(3);
    files.extend(o3);
    println!(
        "{:<44} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8}",
        "file", "KB", "baseline", "lex", "parse", "p+valid", "ratio"
    );
    let mut total_bytes = 0usize;
    let mut total_time = Duration::ZERO;
    for path in &files {
        let src = std::fs::read_to_string(path).expect("read fixture");
        let mb = src.len() as f64 / 1e6;
        let base = time_per_iter(|| {
            black_box(black_box(&src).bytes().filter(|&b| b == b'\n').count());
        });
        let lex = time_per_iter(|| {
            black_box(ptx::lexer::lex(black_box(&src)));
        });
        let parse = time_per_iter(|| {
            black_box(ptx::parse(black_box(&src)));
        });
        let check = time_per_iter(|| {
            let (_, d) = ptx::check(black_box(&src));
            assert!(d.is_empty());
        });
        total_bytes += src.len();
        total_time += check;
        let rate = |d: Duration| mb / d.as_secs_f64();
        println!(
            "{:<44} {:>9.0} {:>8.0}/s {:>8.0}/s {:>8.0}/s {:>8.0}/s {:>8.1}",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
            src.len() as f64 / 1e3,
            rate(base),
            rate(lex),
            rate(parse),
            rate(check),
            check.as_secs_f64() / base.as_secs_f64(),
        );
    }
    println!(
        "parse + validate, one thread: {:.0} MB/s over {:.1} MB (ratio = p+valid time / line-count time)",
        total_bytes as f64 / 1e6 / total_time.as_secs_f64(),
        total_bytes as f64 / 1e6
    );
}
