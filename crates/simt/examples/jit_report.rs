//! Prints, for every kernel of a PTX file, whether the JIT tier compiles it or why it falls
//! back to the interpreter, and every function the engine cannot load (with why):
//! `cargo run --release -p cuprite-simt --example jit_report FILE.ptx`.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: jit_report FILE.ptx");
        std::process::exit(2);
    };
    let src = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let parsed = ptx::parse(&src);
    let (prog, errors) = simt::Program::load_partial(&parsed.module, Some(&src));
    for e in &errors {
        println!("cannot load: {e}");
    }
    for k in prog.kernels() {
        match prog.jit_fallback_reason(&k) {
            None => println!("jit     {k}"),
            Some(why) => println!("interp  {k}: {why}"),
        }
    }
}
