//! `cuprite nvcc [nvcc options] FILES` and `cuprite run FILE.cu [nvcc options] [-- ARGS]`:
//! Cuprite's CUDA compiler (crate `cuprite-nvcc`), linking against and running with Cuprite's
//! libcudart.so.13.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::exec_cmd;

/// The directory with Cuprite's `libcudart.so.13` (and `libcurand.so.10`), given `libcudart.so`
/// (and `libcurand.so`) links beside them so that `-lcudart` (`-lcurand`) finds them at link time: `PREFIX/lib64` in an installed toolkit
/// (`scripts/install-toolkit.sh`, `PREFIX/bin/cuprite`), else where `cuprite exec` finds it.
/// `libcuda.so` links to the runtime too: Makefiles link `-lcuda` (NVIDIA's driver library,
/// which a GPU machine has) beside `-lcudart` whether or not they call the Driver API, and
/// Cuprite has no driver library; a program that calls it fails to link, naming the function.
fn cudart_dir() -> Result<PathBuf, String> {
    let toolkit_lib = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("lib64")))
        .filter(|d| d.join("libcudart.so.13").is_file());
    let dir = match toolkit_lib {
        Some(d) => d,
        None => exec_cmd::lib_dir()?,
    };
    for (unversioned, versioned) in
        [("libcudart.so", "libcudart.so.13"), ("libcuda.so", "libcudart.so.13"), ("libcurand.so", "libcurand.so.10")]
    {
        let link = dir.join(unversioned);
        if !link.exists() && dir.join(versioned).exists() {
            // Relative, so that it follows the versioned name when `cuprite exec` repoints that.
            if let Err(e) = std::os::unix::fs::symlink(versioned, &link)
                && !link.exists()
            {
                return Err(format!("cannot create {}: {e}", link.display()));
            }
        }
    }
    Ok(dir)
}

fn exit(status: i32) -> ExitCode {
    ExitCode::from(u8::try_from(status.clamp(0, 255)).unwrap_or(1))
}

fn fail(prefix: &str, f: nvcc::driver::Failure) -> ExitCode {
    if !f.message.is_empty() {
        eprintln!("{prefix}: error: {}", f.message);
    }
    exit(f.status)
}

/// Runs `cuprite nvcc`.
pub fn nvcc(args: &[&str]) -> ExitCode {
    let options = match nvcc::Options::parse_invocation(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("cuprite nvcc: error: {e}");
            return ExitCode::from(e.status());
        }
    };
    for warning in &options.warnings {
        eprintln!("{warning}");
    }
    if options.help {
        print!("{}", nvcc::options::help_text());
        return ExitCode::SUCCESS;
    }
    if options.version {
        let tc = nvcc::toolchain::Toolchain::locate(None).ok();
        print!("{}", nvcc::driver::version_text(tc.as_ref()));
        return ExitCode::SUCCESS;
    }
    // Linking needs the library; compiling alone does not.
    let dir = match cudart_dir() {
        Ok(d) => Some(d),
        Err(e) if options.phase == nvcc::options::Phase::Link || options.phase == nvcc::options::Phase::Run => {
            eprintln!("cuprite nvcc: error: {e}");
            return ExitCode::from(1);
        }
        Err(_) => None,
    };
    match nvcc::driver::build(&options, dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => fail("cuprite nvcc", f),
    }
}

/// Runs `cuprite run`.
pub fn run(args: &[&str]) -> ExitCode {
    const USAGE: &str = "usage: cuprite run FILE.cu [nvcc options] [-- ARGS...]\n\
        compiles FILE.cu as `cuprite nvcc` does (cached by content and options) and runs it on the\n\
        CPU device, with ARGS; nvcc options such as -O2, -arch=sm_90, -lineinfo, -DNAME=VALUE apply\n";
    match args {
        [] => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
        ["--help" | "-h", ..] => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let dir = match cudart_dir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("cuprite run: error: {e}");
            return ExitCode::from(127);
        }
    };
    match nvcc::run::run(&args, &dir) {
        Ok(status) => exit(status),
        Err(f) => fail("cuprite run", f),
    }
}

/// Runs `cuprite ptxas` or `cuprite fatbinary` (a toolkit's `bin/ptxas` and `bin/fatbinary`, which
/// clang's CUDA mode runs: see `nvcc::device_tools`).
pub fn device_tool(name: &str, tool: fn(&[&str]) -> Result<(), String>, args: &[&str]) -> ExitCode {
    match tool(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cuprite {name}: error: {e}");
            ExitCode::from(1)
        }
    }
}
