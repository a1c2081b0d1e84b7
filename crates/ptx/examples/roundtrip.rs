//! Parses each PTX file given, prints diagnostics, and checks print → parse → print is stable.
//! With `--emit DIR`, writes each printed module to DIR (for checking with ptxas).
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut emit = None;
    if let Some(i) = args.iter().position(|a| a == "--emit") {
        emit = Some(args[i + 1].clone());
        args.drain(i..i + 2);
    }
    let mut bad = 0;
    for path in &args {
        let src = std::fs::read_to_string(path).unwrap();
        let p = ptx::parse(&src);
        if !p.diagnostics.is_empty() {
            bad += 1;
            eprint!("{}", ptx::render_all(&p.diagnostics[..p.diagnostics.len().min(5)], path, &src));
            continue;
        }
        let printed = ptx::print_module(&p.module);
        let p2 = ptx::parse(&printed);
        if !p2.diagnostics.is_empty() {
            bad += 1;
            eprint!("REPARSE {}", ptx::render_all(&p2.diagnostics[..p2.diagnostics.len().min(5)], path, &printed));
            continue;
        }
        let printed2 = ptx::print_module(&p2.module);
        if printed != printed2 {
            bad += 1;
            eprintln!("{path}: print is not stable");
        }
        if let Some(dir) = &emit {
            let name = std::path::Path::new(path).file_name().unwrap();
            std::fs::write(std::path::Path::new(dir).join(name), &printed).unwrap();
        }
    }
    eprintln!("{} files, {} bad", args.len(), bad);
}
