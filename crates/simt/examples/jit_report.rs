//! Prints, for every kernel of a PTX file, which compiled tier runs it under the engine
//! `CUPRITE_ENGINE` selects (`Program::compiled_tier`) or why it falls back to the interpreter, and every function the engine cannot load (with why):
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
        match prog.compiled_tier(&k) {
            Ok(simt::Tier::ThreadJit) => println!("jit     {k}"),
            Ok(simt::Tier::WarpJit) => println!("warp    {k}"),
            Ok(simt::Tier::Block) => println!("block   {k}"),
            Ok(simt::Tier::Interpreter) => println!("interp  {k}"),
            Err(why) => println!("interp  {k}: {why}"),
        }
    }
}
