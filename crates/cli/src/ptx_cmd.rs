//! `cuprite ptx ...`: the PTX tools.

use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use crate::input_file;

/// The largest PTX file read (spans are 32-bit; real modules are a few MiB).
const MAX_PTX_FILE: u64 = 256 << 20;

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

/// Reads a PTX file as text; binary junk is read lossily so it gets diagnostics, not an I/O
/// error. Why it cannot be read goes to stderr.
fn read(path: &str) -> Option<String> {
    match input_file::read(Path::new(path), MAX_PTX_FILE) {
        Ok(bytes) => {
            Some(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
        }
        Err(e) => {
            eprintln!("{path}: error: {e}");
            None
        }
    }
}

/// Parses and validates; returns the module if there were no errors (diagnostics go to
/// stderr, the first few of them: see `ptx::render_all`).
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

/// Checks every file, also after one fails: exit 0 if all are valid, 1 if some are invalid,
/// 2 if some could not be read.
fn check(files: &[&str]) -> ExitCode {
    let mut status = 0;
    for path in files {
        status = match read(path) {
            Some(src) if load(path, &src).is_some() => status,
            Some(_) => status.max(1),
            None => 2,
        };
    }
    ExitCode::from(status)
}

fn fmt(path: &str) -> ExitCode {
    let Some(src) = read(path) else {
        return ExitCode::from(2);
    };
    let Some(module) = load(path, &src) else {
        return ExitCode::from(1);
    };
    let text = ptx::print_module(&module);
    // A closed pipe (`cuprite ptx fmt x | head`) is not an error worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}
