//! Parses and validates one PTX file N times (for profiling the front end): `parse_file FILE [N]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: parse_file FILE [N]");
        std::process::exit(2);
    };
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let src = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let mut errors = 0;
    for _ in 0..n {
        errors += ptx::check(&src).1.len();
    }
    println!("{n} runs, {errors} diagnostics");
}
