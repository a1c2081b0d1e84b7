//! What `cuprite exec` checks before it runs a program, so that a program it cannot run gets a
//! message that says why and what to do, not NVIDIA's "driver version is insufficient" or a
//! shell's attempt at binary bytes: the file exists, is a regular executable file, is a
//! 64-bit ELF for this machine (or a `#!` script), and uses CUDA's shared runtime if it has
//! device code. Also the `CUPRITE_*` environment variables' values.

use std::io::Read as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

use crate::elf;

/// Why a program cannot be run: the message and the exit status (126 cannot execute, 127 not
/// found, 2 bad usage or settings, as shells do).
#[derive(Debug)]
pub struct Refusal {
    /// What is wrong and what to do.
    pub message: String,
    /// The exit status.
    pub status: u8,
}

fn refuse(status: u8, message: String) -> Refusal {
    Refusal { message, status }
}

/// The largest program whose sections are read to look for device code and its libraries.
const MAX_INSPECTED: u64 = 512 << 20;

/// The `e_machine` of the machine we run on.
fn host_machine() -> u16 {
    if cfg!(target_arch = "aarch64") { elf::EM_AARCH64 } else { elf::EM_X86_64 }
}

/// The file `program` names: a bare name means a file in the current directory, as the user
/// typed `./name` intends, else a program on `PATH`; names with a slash are used as given.
pub fn resolve(program: &str) -> PathBuf {
    if program.contains('/') || Path::new(program).is_file() {
        return Path::new(".").join(program).components().collect();
    }
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(program)).find(|p| p.is_file()))
        .unwrap_or_else(|| PathBuf::from(program))
}

/// Checks `path` (as typed: `name` in messages) before `cuprite exec` runs it.
pub fn check_program(path: &Path, name: &str) -> Result<(), Refusal> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => refuse(127, format!("{name}: no such file")),
        _ => refuse(126, format!("{name}: cannot read it: {e}")),
    })?;
    if !meta.is_file() {
        return Err(refuse(
            126,
            format!("{name}: not a program: it is {}", crate::input_file::kind_of(meta.file_type())),
        ));
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(refuse(
            126,
            format!("{name}: not executable (no x permission); `chmod +x {name}` if it is a program"),
        ));
    }
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(64).read_to_end(&mut head))
        .map_err(|e| refuse(126, format!("{name}: cannot read it: {e}")))?;
    if head.starts_with(b"#!") {
        // A script: the kernel runs its interpreter, which inherits our environment.
        return Ok(());
    }
    if !elf::is_elf(&head) {
        return Err(refuse(
            126,
            format!("{name}: not a program Cuprite can run: it is neither an ELF executable nor a `#!` script"),
        ));
    }
    let header = elf::read(&head);
    let host = host_machine();
    if !header.is_64_bit || header.machine != host {
        let class = if header.is_64_bit { "64-bit" } else { "32-bit" };
        return Err(refuse(
            126,
            format!(
                "{name}: a {class} ELF program for {}; Cuprite runs 64-bit {} programs",
                elf::machine_name(header.machine),
                elf::machine_name(host)
            ),
        ));
    }
    if meta.len() <= MAX_INSPECTED
        && let Ok(bytes) = std::fs::read(path)
    {
        let program = elf::read(&bytes);
        let shared_runtime = program.needed.iter().any(|l| l.starts_with("libcudart.so"));
        if program.has_fatbin && !shared_runtime {
            return Err(refuse(
                126,
                format!(
                    "{name}: built with CUDA's static runtime (nvcc's default, `-cudart static`), which Cuprite \
                     cannot replace: the program would talk to NVIDIA's driver directly.\n  Rebuild it with \
                     `nvcc -cudart shared ...` and run that with `cuprite exec`.\n  (Running static-runtime \
                     programs is planned.)"
                ),
            ));
        }
    }
    Ok(())
}

/// Checks Cuprite's environment variables: a bad value refuses to start (exit 2), naming the
/// variable, the value and the accepted values.
pub fn check_environment() -> Result<(), Refusal> {
    let problems = simt::env::problems();
    if problems.is_empty() {
        return Ok(());
    }
    Err(refuse(2, problems.join("\ncuprite exec: ")))
}
