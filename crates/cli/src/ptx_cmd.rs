//! `cuprite ptx ...`: the PTX tools.

use std::io::Write as _;
use std::process::ExitCode;

/// Runs `cuprite ptx <args>`.
pub fn run(args: &[&str]) -> ExitCode {
    match args {
        ["check", files @ ..] if !files.is_empty() => check(files),
        ["fmt", file] => fmt(file),
        _ => {
            eprintln!("usage: cuprite ptx check FILE...\n       cuprite ptx fmt FILE");
            ExitCode::from(2)
        }
    }
}

/// Reads a PTX file as text; binary junk is read lossily so it gets diagnostics, not an I/O error.
fn read(path: &str) -> Result<String, ExitCode> {
    match std::fs::read(path) {
        Ok(bytes) => {
            Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
        }
        Err(e) => {
            eprintln!("{path}: error: cannot read file: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// Parses and validates; returns the module if there were no errors (diagnostics go to stderr).
fn load(path: &str, src: &str) -> Option<ptx::Module> {
    let (module, diags) = ptx::check(src);
    if diags.is_empty() {
        Some(module)
    } else {
        eprint!("{}", ptx::render_all(&diags, path, src));
        let n = diags.len();
        eprintln!("{path}: {n} error{}", if n == 1 { "" } else { "s" });
        None
    }
}

fn check(files: &[&str]) -> ExitCode {
    let mut ok = true;
    for path in files {
        match read(path) {
            Ok(src) => ok &= load(path, &src).is_some(),
            Err(code) => return code,
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

fn fmt(path: &str) -> ExitCode {
    let src = match read(path) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let Some(module) = load(path, &src) else {
        return ExitCode::from(1);
    };
    let text = ptx::print_module(&module);
    // A closed pipe (`cuprite ptx fmt x | head`) is not an error worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}
