//! `cuprite`: the command-line tool.
//!
//! Subcommands so far:
//! - `cuprite nvcc [nvcc options] FILES`: compile CUDA C++ (clang-19 with Cuprite's headers and
//!   math library) into programs that run on Cuprite's `libcudart.so.13`.
//! - `cuprite run APP.cu [nvcc options] [-- ARGS]`: compile (cached) and run on the CPU device.
//! - `cuprite ptxas ...`, `cuprite fatbinary ...`: the installed toolkit's `bin/ptxas` and
//!   `bin/fatbinary`, which clang's CUDA mode runs (they check and embed PTX).
//! - `cuprite ptx check FILE...`: parse and validate; exit 0 if every file is valid, 1 otherwise.
//! - `cuprite ptx fmt FILE`: print the normalized module on stdout.
//! - `cuprite exec PROGRAM [ARGS]`: run an nvcc-built program on the CPU device.

mod elf;
mod exec_check;
mod exec_cmd;
mod input_file;
mod nvcc_cmd;
mod ptx_cmd;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cuprite <command> [args]

commands:
  nvcc [OPTIONS] FILES  compile CUDA C++ as nvcc does (clang-19 + Cuprite's headers)
  run APP.cu [OPTIONS] [-- ARGS]
                      compile (cached) and run a CUDA program on the CPU device
  ptxas, fatbinary    a CUDA toolkit's tools, for clang --cuda-path: check PTX; embed PTX
  ptx check FILE...   parse and validate PTX files (exit 1 on any error)
  ptx fmt FILE        print a PTX file in normalized form
  exec PROGRAM [ARGS] run a program built with -cudart shared on the CPU device
  help                show this text
  --version           show the version
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["ptx", rest @ ..] => ptx_cmd::run(rest),
        ["exec", rest @ ..] => exec_cmd::run(rest),
        ["nvcc", rest @ ..] => nvcc_cmd::nvcc(rest),
        ["run", rest @ ..] => nvcc_cmd::run(rest),
        ["ptxas", rest @ ..] => nvcc_cmd::device_tool("ptxas", nvcc::device_tools::ptxas, rest),
        ["fatbinary", rest @ ..] => nvcc_cmd::device_tool("fatbinary", nvcc::device_tools::fatbinary, rest),
        ["--version" | "-V"] => {
            println!("cuprite {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        ["help" | "--help" | "-h"] => {
            print!("{USAGE}\nenvironment variables:\n{}", simt::env::help());
            ExitCode::SUCCESS
        }
        [command, ..] => {
            eprint!("cuprite: unknown command '{command}'\n\n{USAGE}");
            ExitCode::from(2)
        }
        [] => {
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
