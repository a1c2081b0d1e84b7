//! nvcc's command line, parsed into typed [`Options`].
//!
//! Both of nvcc's spellings are accepted for every option (`-arch=sm_80`, `-arch sm_80`,
//! `--gpu-architecture=sm_80`, `--gpu-architecture sm_80`), with one or two leading dashes; the
//! short forms that nvcc allows to be glued to their value are too (`-I/dir`, `-DNAME=1`,
//! `-lm`, `-L/dir`, `-O3`). Option lists (`-Xcompiler -fopenmp,-Wall`) split at commas.
//! Anything unknown is an error naming it.

use std::fmt;
use std::path::PathBuf;

use crate::diagnostic_numbers::Severity;

/// What kind of file an input is, by extension (or `-x`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// CUDA C++ (`.cu`).
    Cuda,
    /// Host C++ (`.cpp`, `.cc`, `.cxx`, `.C`).
    Cxx,
    /// Host C (`.c`).
    C,
    /// An object file (`.o`).
    Object,
    /// A static library (`.a`); also shared libraries (`.so`), handed to the linker.
    Library,
    /// PTX text (`.ptx`), embedded as is after checking.
    Ptx,
}

impl InputKind {
    /// The kind of `path`, from its extension.
    pub fn of(path: &str) -> Option<InputKind> {
        let ext = path.rsplit_once('.').map(|(_, e)| e)?;
        Some(match ext {
            "cu" => InputKind::Cuda,
            // `.ii`/`.i`: preprocessed C++/C, which the host compiler knows by the extension.
            "cpp" | "cc" | "cxx" | "C" | "c++" | "ii" => InputKind::Cxx,
            "c" | "i" => InputKind::C,
            "o" | "obj" => InputKind::Object,
            "a" | "so" => InputKind::Library,
            "ptx" => InputKind::Ptx,
            _ => return None,
        })
    }
}

/// One input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The path as given.
    pub path: PathBuf,
    /// Its kind.
    pub kind: InputKind,
}

/// What the invocation produces (nvcc's "compilation phases").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phase {
    /// Compile and link an executable (the default).
    #[default]
    Link,
    /// `-c`: compile each input to an object file.
    Compile,
    /// `-E`: preprocess to standard output (or `-o`).
    Preprocess,
    /// `-M`: print make dependencies.
    Dependencies,
    /// `--ptx`: the device code as PTX.
    Ptx,
    /// `--fatbin`: the device code as a fatbin.
    Fatbin,
    /// `--cubin`: refused with a clear error (Cuprite emits PTX only).
    Cubin,
    /// `-dc`: relocatable device code objects.
    DeviceCompile,
    /// `-dlink`: device link of relocatable objects.
    DeviceLink,
    /// `--run`: link, then run the executable.
    Run,
    /// `-lib`: compile each input to an object file and put the objects (and the object
    /// files given) in a static library.
    Library,
}

/// Which runtime library the executable links (`-cudart`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cudart {
    /// `shared`: libcudart.so.13.
    #[default]
    Shared,
    /// `static`: honoured by linking Cuprite's shared libcudart (there is no static one).
    Static,
    /// `none`: no runtime library.
    None,
}

/// A `-D`/`-U` in command-line order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Macro {
    /// `-D NAME` or `-D NAME=VALUE`.
    Define(String),
    /// `-U NAME`.
    Undefine(String),
}

/// `--default-stream`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DefaultStream {
    /// `legacy` (also `null`): the synchronizing legacy stream.
    #[default]
    Legacy,
    /// `per-thread`.
    PerThread,
}

/// The parsed command line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    /// Input files, in order.
    pub inputs: Vec<Input>,
    /// `-o`.
    pub output: Option<PathBuf>,
    /// The phase to stop after.
    pub phase: Phase,
    /// `-I`.
    pub include_dirs: Vec<PathBuf>,
    /// `-isystem`.
    pub system_include_dirs: Vec<PathBuf>,
    /// `-D`/`-U`.
    pub macros: Vec<Macro>,
    /// `-O<n>` (host code; device code is optimized unless `-G`).
    pub opt_level: Option<u8>,
    /// `-g`: host debug information.
    pub host_debug: bool,
    /// `-G`: device debug (unoptimized device code with debug information).
    pub device_debug: bool,
    /// `-lineinfo`.
    pub line_info: bool,
    /// `-std=` (C++03 given as C++11, which Cuprite's headers and clang's CUDA headers need).
    pub std: Option<String>,
    /// The virtual architectures to generate PTX for (`compute_XY` → XY), deduplicated, in order.
    pub archs: Vec<u32>,
    /// `-Xcompiler` options, in order.
    pub compiler_options: Vec<String>,
    /// `-Xlinker` options, in order.
    pub linker_options: Vec<String>,
    /// `-l`.
    pub libraries: Vec<String>,
    /// `-L`.
    pub library_dirs: Vec<PathBuf>,
    /// `-rdc=true` (or `-dc`).
    pub relocatable_device_code: bool,
    /// `--keep`: keep intermediate files.
    pub keep: bool,
    /// `--keep-dir`.
    pub keep_dir: Option<PathBuf>,
    /// `--dryrun`: print the commands, run nothing.
    pub dry_run: bool,
    /// `-v`: print the commands as they run.
    pub verbose: bool,
    /// `--version`.
    pub version: bool,
    /// `--help`: print the options and stop.
    pub help: bool,
    /// `-ccbin`: the host compiler for `.c`/`.cpp` inputs and the link.
    pub host_compiler: Option<PathBuf>,
    /// `-use_fast_math`.
    pub fast_math: bool,
    /// `--extended-lambda` (`--expt-extended-lambda`): clang needs no flag for them; nvcc then
    /// defines `__CUDACC_EXTENDED_LAMBDA__`.
    pub extended_lambda: bool,
    /// `--expt-relaxed-constexpr`: clang needs no flag; nvcc then defines
    /// `__CUDACC_RELAXED_CONSTEXPR__`.
    pub relaxed_constexpr: bool,
    /// `-w`: no warnings (nvcc passes it to the host compiler, as this driver passes it to clang).
    pub disable_warnings: bool,
    /// `-ftz=`.
    pub flush_denormals: Option<bool>,
    /// `-prec-div=`.
    pub precise_division: Option<bool>,
    /// `-prec-sqrt=`.
    pub precise_sqrt: Option<bool>,
    /// `-fmad=`.
    pub fused_multiply_add: Option<bool>,
    /// `--default-stream`.
    pub default_stream: DefaultStream,
    /// `-maxrregcount` (accepted; PTX from clang carries no register limit).
    pub max_registers: Option<u32>,
    /// `-cudart`.
    pub cudart: Cudart,
    /// `-MD`: write dependencies while compiling.
    pub dependencies_with_compile: bool,
    /// `-MF`: the dependency file.
    pub dependency_file: Option<PathBuf>,
    /// `-MT`: the target named in the dependency file (default: the object file).
    pub dependency_target: Option<String>,
    /// `--shared`: link a shared library instead of an executable.
    pub shared: bool,
    /// `-nodlink` (`--no-device-link`): link without the device link of relocatable device
    /// code (the objects include one already, made with `-dlink`).
    pub no_device_link: bool,
    /// `-Xptxas` options (accepted and ignored: there is no ptxas step).
    pub ptxas_options: Vec<String>,
    /// `--run-args`.
    pub run_args: Vec<String>,
    /// `-include`: headers included first (after the CUDA headers), in order.
    pub pre_includes: Vec<String>,
    /// Front-end flags for clang in both passes (`-ftemplate-depth`, warnings nvcc has options for).
    pub front_end_options: Vec<String>,
    /// Clang's warning flags for nvcc's diagnostic numbers (`--diag-suppress` and the like,
    /// see [`crate::diagnostic_numbers`]), in both passes.
    pub diagnostic_options: Vec<String>,
    /// The diagnostic numbers given that clang has no warning for (listed by `-v`), as
    /// `OPTION NUMBER`.
    pub unmapped_diagnostics: Vec<String>,
    /// `-MM`/`-MMD`: dependencies on user headers only.
    pub dependencies_nonsystem: bool,
    /// `-MP`: a phony target for each dependency.
    pub dependency_phony_targets: bool,
    /// `--list-gpu-arch` / `--list-gpu-code`: print the virtual / real architectures and stop.
    pub list_architectures: Option<ArchitectureList>,
    /// `-time FILE`: append each phase's time to FILE (`-`: standard output).
    pub timing_file: Option<PathBuf>,
    /// `--resource-usage` (or `-Xptxas -v`, ptxas's own report): report each kernel's
    /// resources in ptxas's lines (see [`crate::resource_usage`]).
    pub resource_usage: bool,
    /// `-odir`: the directory of the outputs named after their inputs (`-c` objects, `-M`
    /// targets) when `-o` does not name them.
    pub output_directory: Option<PathBuf>,
    /// `-cuda`: `-E` of each `.cu` input to `<input>.cpp.ii` (nvcc's host-side translation,
    /// `a.cu.cpp.ii`, in the `-odir` directory) when `-o` does not name the output; C and C++
    /// inputs are left alone, as nvcc leaves them.
    pub cuda_translation: bool,
    /// nvcc's own warnings about the command line, as nvcc words them (an option given twice
    /// with different values: the last is used); the caller prints them.
    pub warnings: Vec<String>,
    /// Not an nvcc option: the overlay through which clang reads rewritten copies of headers
    /// (see [`crate::header_rewrites`]), set by the driver when it builds again with them.
    pub header_overlay: Option<PathBuf>,
}

/// Which architecture names `--list-gpu-arch` and `--list-gpu-code` print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArchitectureList {
    /// `compute_XY`.
    Virtual,
    /// `sm_XY`.
    Real,
    /// Both options: `arch=compute_XY,code=sm_XY`, as `--generate-code` spells them.
    Both,
}

/// The architectures nvcc 13.0 lists (`--list-gpu-arch`); `cuprite nvcc` builds for each.
pub const LISTED_ARCHS: &[u32] = &[75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121];

/// A command-line error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// Options nvcc does not have (or Cuprite does not know), all of them.
    Unknown(Vec<String>),
    /// An option that needs a value came last.
    MissingValue(String),
    /// A value that is not valid for its option.
    BadValue {
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// An input whose kind is unknown.
    UnknownInput(String),
    /// Options that do not go together.
    Conflict(String),
    /// An architecture nvcc 13.0 does not build for (CUDA 13 removed sm_50 … sm_72): nvcc's
    /// message, which build systems probing architectures look for.
    UnsupportedArch {
        /// The name given (`sm_60`, `compute_52`).
        name: String,
        /// Given to `-code` (`--gpu-code`), for which nvcc words it differently.
        code: bool,
    },
    /// An `--options-file` that cannot be read.
    OptionsFile {
        /// The file.
        path: String,
        /// Why it cannot be read.
        reason: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(names) => {
                let list = names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ");
                let s = if names.len() == 1 { "" } else { "s" };
                write!(f, "unknown option{s} {list}")
            }
            OptionError::MissingValue(o) => write!(f, "option '{o}' needs a value"),
            OptionError::BadValue { option, value, expected } => {
                write!(f, "invalid value '{value}' for option '{option}' (expected {expected})")
            }
            OptionError::UnknownInput(p) => write!(
                f,
                "don't know what to do with '{p}' (inputs are .cu, .cpp, .cc, .cxx, .c, .ii, .i, .o, .a, .so and .ptx files; \
                 -x cu makes any file CUDA)"
            ),
            OptionError::Conflict(m) => f.write_str(m),
            OptionError::UnsupportedArch { name, code } => {
                if *code {
                    write!(f, "Value '{name}' is not defined for option 'gpu-code'")?;
                } else {
                    write!(f, "Unsupported gpu architecture '{name}'")?;
                }
                f.write_str(" (nvcc 13.0 builds for sm_75 and newer: --list-gpu-code)")
            }
            OptionError::OptionsFile { path, reason } => write!(f, "cannot read the options file '{path}': {reason}"),
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionError {
    /// The exit status: nvcc's 1 ("nvcc fatal", whatever is wrong with the command line:
    /// an unknown option, a missing value, an architecture it does not support).
    pub fn status(&self) -> u8 {
        1
    }
}

/// How an option takes its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arity {
    /// No value.
    Flag,
    /// A value, `=value` or the next argument.
    Value,
    /// A boolean: `=true/false`, or bare meaning true.
    Bool,
}

/// The options: (long name, short name, arity). Both names work with one or two dashes.
const TABLE: &[(&str, &str, Arity)] = &[
    ("output-file", "o", Arity::Value),
    ("compile", "c", Arity::Flag),
    ("preprocess", "E", Arity::Flag),
    ("cuda", "cuda", Arity::Flag),
    ("generate-dependencies", "M", Arity::Flag),
    ("generate-dependencies-with-compile", "MD", Arity::Flag),
    ("dependency-output", "MF", Arity::Value),
    ("dependency-target-name", "MT", Arity::Value),
    ("shared", "shared", Arity::Flag),
    ("forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", Arity::Flag),
    ("forward-unknown-to-host-linker", "forward-unknown-to-host-linker", Arity::Flag),
    ("include-path", "I", Arity::Value),
    ("system-include", "isystem", Arity::Value),
    ("define-macro", "D", Arity::Value),
    ("undefine-macro", "U", Arity::Value),
    ("optimize", "O", Arity::Value),
    ("debug", "g", Arity::Flag),
    ("device-debug", "G", Arity::Flag),
    ("generate-line-info", "lineinfo", Arity::Flag),
    ("std", "std", Arity::Value),
    ("gpu-architecture", "arch", Arity::Value),
    ("gpu-code", "code", Arity::Value),
    ("generate-code", "gencode", Arity::Value),
    ("compiler-options", "Xcompiler", Arity::Value),
    ("linker-options", "Xlinker", Arity::Value),
    ("ptxas-options", "Xptxas", Arity::Value),
    ("library", "l", Arity::Value),
    ("library-path", "L", Arity::Value),
    ("relocatable-device-code", "rdc", Arity::Bool),
    ("device-c", "dc", Arity::Flag),
    ("device-link", "dlink", Arity::Flag),
    ("no-device-link", "nodlink", Arity::Flag),
    ("lib", "lib", Arity::Flag),
    ("ptx", "ptx", Arity::Flag),
    ("cubin", "cubin", Arity::Flag),
    ("fatbin", "fatbin", Arity::Flag),
    ("run", "run", Arity::Flag),
    ("run-args", "run-args", Arity::Value),
    ("keep", "keep", Arity::Flag),
    ("keep-dir", "keep-dir", Arity::Value),
    ("dryrun", "dryrun", Arity::Flag),
    ("verbose", "v", Arity::Flag),
    ("version", "V", Arity::Flag),
    ("help", "h", Arity::Flag),
    ("compiler-bindir", "ccbin", Arity::Value),
    ("use_fast_math", "use_fast_math", Arity::Flag),
    ("ftz", "ftz", Arity::Bool),
    ("prec-div", "prec-div", Arity::Bool),
    ("prec-sqrt", "prec-sqrt", Arity::Bool),
    ("fmad", "fmad", Arity::Bool),
    ("extended-lambda", "extended-lambda", Arity::Flag),
    ("expt-extended-lambda", "expt-extended-lambda", Arity::Flag),
    ("expt-relaxed-constexpr", "expt-relaxed-constexpr", Arity::Flag),
    ("default-stream", "default-stream", Arity::Value),
    ("maxrregcount", "maxrregcount", Arity::Value),
    ("Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", Arity::Flag),
    ("cudart", "cudart", Arity::Value),
    ("x", "x", Arity::Value),
    ("disable-warnings", "w", Arity::Flag),
    ("threads", "t", Arity::Value),
    ("no-compress", "no-compress", Arity::Flag),
    ("compress-mode", "compress-mode", Arity::Value),
    ("resource-usage", "res-usage", Arity::Flag),
    ("diag-suppress", "diag-suppress", Arity::Value),
    ("Werror", "Werror", Arity::Value),
    ("output-directory", "odir", Arity::Value),
    ("generate-nonsystem-dependencies", "MM", Arity::Flag),
    ("generate-nonsystem-dependencies-with-compile", "MMD", Arity::Flag),
    ("generate-dependency-targets", "MP", Arity::Flag),
    ("pre-include", "include", Arity::Value),
    ("machine", "m", Arity::Value),
    ("m64", "m64", Arity::Flag),
    ("profile", "pg", Arity::Flag),
    ("no-exceptions", "noeh", Arity::Flag),
    ("ftemplate-backtrace-limit", "ftemplate-backtrace-limit", Arity::Value),
    ("ftemplate-depth", "ftemplate-depth", Arity::Value),
    ("Wno-deprecated-declarations", "Wno-deprecated-declarations", Arity::Flag),
    ("Wreorder", "Wreorder", Arity::Flag),
    ("forward-unknown-opts", "forward-unknown-opts", Arity::Flag),
    ("list-gpu-arch", "arch-ls", Arity::Flag),
    ("list-gpu-code", "code-ls", Arity::Flag),
    ("save-temps", "save-temps", Arity::Flag),
    // Accepted and without effect here: they tune NVIDIA's device code generator, linker,
    // archiver or diagnostics, or concern Windows; Cuprite's results do not depend on them.
    ("Xcudafe", "Xcudafe", Arity::Value),
    ("fatbin-options", "Xfatbin", Arity::Value),
    ("nvlink-options", "Xnvlink", Arity::Value),
    ("archive-options", "Xarchive", Arity::Value),
    ("archiver-binary", "arbin", Arity::Value),
    ("cudadevrt", "cudadevrt", Arity::Value),
    ("libdevice-directory", "ldir", Arity::Value),
    ("target-directory", "target-dir", Arity::Value),
    ("optimization-info", "opt-info", Arity::Value),
    ("Ofast-compile", "Ofc", Arity::Value),
    ("dopt", "dopt", Arity::Value),
    ("dlink-time-opt", "dlto", Arity::Flag),
    ("lto", "lto", Arity::Flag),
    ("gen-opt-lto", "gen-opt-lto", Arity::Flag),
    ("no-host-device-initializer-list", "nohdinitlist", Arity::Flag),
    ("no-host-device-move-forward", "nohdmoveforward", Arity::Flag),
    ("static-global-template-stub", "static-global-template-stub", Arity::Bool),
    ("device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", Arity::Bool),
    ("dont-use-profile", "noprof", Arity::Flag),
    ("split-compile", "split-compile", Arity::Value),
    ("split-compile-extended", "split-compile-extended", Arity::Value),
    ("fdevice-time-trace", "fdevice-time-trace", Arity::Value),
    ("time", "time", Arity::Value),
    ("objdir-as-tempdir", "objtemp", Arity::Flag),
    ("allow-unsupported-compiler", "allow-unsupported-compiler", Arity::Flag),
    ("use-local-env", "use-local-env", Arity::Flag),
    ("input-drive-prefix", "idp", Arity::Value),
    ("dependency-drive-prefix", "ddp", Arity::Value),
    ("drive-prefix", "dp", Arity::Value),
    ("no-align-double", "no-align-double", Arity::Flag),
    ("entries", "e", Arity::Value),
    ("extra-device-vectorization", "extra-device-vectorization", Arity::Flag),
    ("keep-device-functions", "keep-device-functions", Arity::Flag),
    ("source-in-ptx", "src-in-ptx", Arity::Flag),
    ("restrict", "restrict", Arity::Flag),
    ("Wdefault-stream-launch", "Wdefault-stream-launch", Arity::Flag),
    ("Wmissing-launch-bounds", "Wmissing-launch-bounds", Arity::Flag),
    ("Wext-lambda-captures-this", "Wext-lambda-captures-this", Arity::Flag),
    ("extensible-whole-program", "ewp", Arity::Flag),
    ("display-error-number", "err-no", Arity::Flag),
    ("no-display-error-number", "no-err-no", Arity::Flag),
    ("diag-error", "diag-error", Arity::Value),
    ("diag-warn", "diag-warn", Arity::Value),
    ("host-linker-script", "hls", Arity::Value),
    ("brief-diagnostics", "brief-diag", Arity::Bool),
    ("jump-table-density", "jtd", Arity::Value),
    ("device-stack-protector", "device-stack-protector", Arity::Bool),
    ("frandom-seed", "frandom-seed", Arity::Value),
    ("jobserver", "jobserver", Arity::Flag),
];

/// `--help`: the usage line nvcc prints (build scripts look for it), then every option this
/// driver accepts, by both names, with its value's shape.
pub fn help_text() -> String {
    let mut text = String::from(
        "\nUsage  : nvcc [options] <inputfile>\n\n\
         cuprite nvcc: Cuprite's CUDA compiler driver, with nvcc's command line (see `cuprite help`). Inputs: .cu, \
         .cpp/.cc/.cxx, .c, .o, .a, .so, .ptx. The options it accepts (each also with one or two dashes, and a \
         value after '=' or as the next argument):\n\n",
    );
    for (long, short, arity) in TABLE {
        let value = match arity {
            Arity::Flag => "",
            Arity::Value => " <value>",
            Arity::Bool => " {true|false}",
        };
        let short = if short == long { String::new() } else { format!(" (-{short})") };
        text.push_str(&format!("--{long}{value}{short}\n"));
    }
    text
}

/// The options whose value may be glued to a one-dash short name (`-I/dir`, `-O3`).
/// The short options nvcc 13.0 takes with their value glued on (`-t0` too: CMake's and
/// PyTorch's lines pass it; `-oFILE`, `-xcu`, `-MFFILE` are nvcc's "Unknown option").
const GLUED: &[&str] = &["I", "D", "U", "O", "l", "L", "t"];

/// The options that take one value, by long name: given twice with different values, nvcc 13.0
/// uses the last and warns (recorded for each). The others gather their values (`-I`, `-D`,
/// `-gencode`, `-Xcompiler`, `-l`, `--diag-suppress`, ...).
const SINGLE_VALUED: &[&str] = &[
    "output-file",
    "optimize",
    "std",
    "gpu-architecture",
    "x",
    "threads",
    "ftz",
    "prec-div",
    "prec-sqrt",
    "fmad",
    "maxrregcount",
    "time",
    "keep-dir",
    "split-compile",
    "relocatable-device-code",
    "compiler-bindir",
    "cudart",
    "cudadevrt",
    "default-stream",
    "dependency-output",
    "dependency-target-name",
    "output-directory",
    "ftemplate-depth",
    "ftemplate-backtrace-limit",
    "compress-mode",
];

/// Finds an option by name; returns its long name (the canonical key) and arity.
fn lookup(name: &str) -> Option<(&'static str, Arity)> {
    TABLE.iter().find(|(long, short, _)| *long == name || *short == name).map(|&(long, _, arity)| (long, arity))
}

/// Parses a boolean option value.
fn parse_bool(option: &str, value: &str) -> Result<bool, OptionError> {
    match value {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => Err(OptionError::BadValue { option: option.into(), value: value.into(), expected: "true or false" }),
    }
}

/// The SM number of an architecture name: `sm_80`, `compute_80`, `sm_90a`, `lto_80` → 80. Any
/// other name, well-formed (`sm_60`, `sm_13`, `sm_89a`) or not (`sm_9x`, `foo`), is nvcc 13.0's
/// error for an architecture it does not support; `code` says the name was given to `-code`.
fn arch_number(name: &str, code: bool) -> Result<u32, OptionError> {
    let digits = ["sm_", "compute_", "lto_"].iter().find_map(|p| name.strip_prefix(p));
    let number = digits.and_then(|d| {
        let base = d.trim_end_matches(['a', 'f']);
        Some((base.parse::<u32>().ok()?, &d[base.len()..]))
    });
    // `a` (architecture-specific) exists from sm_90, `f` (family) from sm_100.
    let supported = |&(n, suffix): &(u32, &str)| {
        LISTED_ARCHS.contains(&n)
            && match suffix {
                "" => true,
                "a" => n >= 90,
                "f" => n >= 100,
                _ => false,
            }
    };
    match number.filter(supported) {
        Some((n, _)) => Ok(n),
        None => Err(OptionError::UnsupportedArch { name: name.into(), code }),
    }
}

/// The architectures `-arch=all` and `all-major` stand for (those clang-19 can target).
const ALL_ARCHS: &[u32] = &[75, 80, 86, 87, 89, 90];
const ALL_MAJOR_ARCHS: &[u32] = &[75, 80, 90];
/// nvcc 13.0's default architecture.
pub const DEFAULT_ARCH: u32 = 75;
/// `-arch=native`: Cuprite's CPU device reports compute capability 9.0.
const NATIVE_ARCH: u32 = 90;

/// Architectures named by an `-arch` value (one name; nvcc 13.0 refuses a list: "Unsupported
/// gpu architecture 'sm_80,sm_90'") or a `-code` value (a comma list).
fn arch_values(value: &str, code: bool) -> Result<Vec<u32>, OptionError> {
    if !code && value.contains(',') {
        return Err(OptionError::UnsupportedArch { name: value.into(), code });
    }
    let mut out = Vec::new();
    for name in value.split(',').filter(|s| !s.is_empty()) {
        match name {
            "all" => out.extend_from_slice(ALL_ARCHS),
            "all-major" => out.extend_from_slice(ALL_MAJOR_ARCHS),
            "native" => out.push(NATIVE_ARCH),
            _ => out.push(arch_number(name, code)?),
        }
    }
    Ok(out)
}

/// The virtual architecture of a `-gencode arch=compute_XY,code=...` value.
fn gencode_arch(value: &str) -> Result<u32, OptionError> {
    let bad = || OptionError::BadValue {
        option: "-gencode".into(),
        value: value.into(),
        expected: "arch=compute_XY,code=sm_XY or code=[sm_XY,compute_XY]",
    };
    // Makefiles write `code=\"sm_90,compute_90\"` (the shell leaves the quotes): nvcc groups
    // a list's items with double quotes and drops them, so `code="sm_90,compute_90"` and
    // `arch="compute_90"` name the same architectures as without quotes.
    let unquoted = value.replace('"', "");
    let value = unquoted.as_str();
    let arch = value.split(',').find_map(|part| part.strip_prefix("arch=")).ok_or_else(bad)?;
    if !value.contains("code=") {
        return Err(bad());
    }
    let number = arch_number(arch, false)?;
    // Every name in `code=sm_XY` or `code=[sm_XY,compute_XY]` must be one nvcc supports too.
    let codes = value.split_once("code=").map_or("", |(_, c)| c).trim_start_matches('[');
    for name in codes.split([',', ']']).map(str::trim).filter(|n| !n.is_empty() && !n.starts_with("arch=")) {
        arch_number(name, false)?;
    }
    Ok(number)
}

impl Options {
    /// Adds the clang flags of the comma-separated diagnostic numbers `list` given to `option`
    /// (its name, for `-v`'s list of numbers without a clang counterpart).
    fn add_diagnostics(&mut self, option: &str, severity: Severity, list: &str) {
        for which in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match crate::diagnostic_numbers::clang_flags(severity, which) {
                Some(flags) => self.diagnostic_options.extend(flags),
                None => self.unmapped_diagnostics.push(format!("{option} {which}")),
            }
        }
    }
    /// Parses nvcc's arguments (without the program name).
    pub fn parse<S: AsRef<str>>(args: &[S]) -> Result<Options, OptionError> {
        Options::parse_with_flags(None, args, None)
    }

    /// Parses an invocation's arguments as nvcc reads them: the options of the environment
    /// variable [`PREPEND_FLAGS`], then `args`, then those of [`APPEND_FLAGS`] (build
    /// systems and package builds set them to add options to every nvcc command).
    pub fn parse_invocation<S: AsRef<str>>(args: &[S]) -> Result<Options, OptionError> {
        let prepend = std::env::var(PREPEND_FLAGS).ok();
        let append = std::env::var(APPEND_FLAGS).ok();
        Options::parse_with_flags(prepend.as_deref(), args, append.as_deref())
    }

    /// Parses `args` with the options `prepend` before them and `append` after them, each
    /// split into words as a shell splits them (the values of [`PREPEND_FLAGS`] and
    /// [`APPEND_FLAGS`]).
    pub fn parse_with_flags<S: AsRef<str>>(
        prepend: Option<&str>,
        args: &[S],
        append: Option<&str>,
    ) -> Result<Options, OptionError> {
        let words = |variable: &str, value: Option<&str>| -> Result<Vec<String>, OptionError> {
            value.map_or(Ok(Vec::new()), |v| {
                split_words(v).map_err(|reason| OptionError::Conflict(format!("{variable}: {reason}")))
            })
        };
        let mut all = words(PREPEND_FLAGS, prepend)?;
        all.extend(args.iter().map(|a| a.as_ref().to_string()));
        all.extend(words(APPEND_FLAGS, append)?);
        let mut expanded = Vec::new();
        expand_options_files(&all, &mut expanded, 0)?;
        CommandLine::new(&expanded).read()
    }
}

/// The environment variable whose options nvcc reads before its command line's.
pub const PREPEND_FLAGS: &str = "NVCC_PREPEND_FLAGS";
/// The environment variable whose options nvcc reads after its command line's.
pub const APPEND_FLAGS: &str = "NVCC_APPEND_FLAGS";

/// One pass over the arguments (options files expanded): the options gathered so far and what
/// the checks after the last argument need.
struct CommandLine<'a> {
    args: &'a [String],
    /// The index of the next argument to read.
    next: usize,
    /// nvcc forwards the options it does not know to the host compiler when asked to (CMake
    /// asks); otherwise they are errors.
    forward_unknown: bool,
    options: Options,
    unknown: Vec<String>,
    explicit_archs: Vec<u32>,
    /// The first `-arch` value nvcc does not support (reported after the `-code` values).
    arch_error: Option<OptionError>,
    /// How many `-code` values were given (they need an `-arch`).
    code_values: usize,
    /// `-x`: the kind of the inputs that follow.
    language: Option<InputKind>,
    /// The phases asked for, each with the argument that asked.
    phases: Vec<(Phase, String)>,
    /// The last value of each option that takes one value (see [`SINGLE_VALUED`]).
    single_values: Vec<(&'static str, String)>,
    /// The architectures the last `-arch` added (a later `-arch` replaces them).
    arch_option_archs: Vec<u32>,
    /// The last `-arch` value (with `-code`, it must name a virtual architecture).
    arch_option: Option<String>,
}

impl<'a> CommandLine<'a> {
    fn new(args: &'a [String]) -> CommandLine<'a> {
        let forward_unknown = args.iter().any(|a| {
            let name = a.trim_start_matches('-');
            matches!(
                name,
                "forward-unknown-to-host-compiler" | "forward-unknown-to-host-linker" | "forward-unknown-opts"
            )
        });
        CommandLine {
            args,
            next: 0,
            forward_unknown,
            options: Options::default(),
            unknown: Vec::new(),
            explicit_archs: Vec::new(),
            arch_error: None,
            code_values: 0,
            language: None,
            phases: Vec::new(),
            single_values: Vec::new(),
            arch_option_archs: Vec::new(),
            arch_option: None,
        }
    }

    /// Reads every argument, then checks what needs all of them.
    fn read(mut self) -> Result<Options, OptionError> {
        while let Some(arg) = self.args.get(self.next) {
            self.next += 1;
            self.argument(arg)?;
        }
        self.finish()
    }

    /// Reads one argument: an input, or an option with its value.
    fn argument(&mut self, arg: &str) -> Result<(), OptionError> {
        if arg == "--" {
            return Err(OptionError::Conflict(
                "'--' is not an nvcc option (to pass arguments to the program, use `cuprite run FILE.cu [options] -- args`)"
                    .into(),
            ));
        }
        if let Some(file) = arg.strip_prefix('@') {
            return Err(OptionError::Conflict(format!(
                "'{arg}': nvcc reads no response files (@FILE); pass the file with --options-file {file}"
            )));
        }
        if !arg.starts_with('-') || arg == "-" {
            let kind =
                self.language.or_else(|| InputKind::of(arg)).ok_or_else(|| OptionError::UnknownInput(arg.into()))?;
            self.options.inputs.push(Input { path: arg.into(), kind });
            return Ok(());
        }
        let Some((key, arity, attached)) = self.known_option(arg) else {
            return Ok(());
        };
        let value = self.value(arg, arity, attached)?;
        self.apply(key, value, arg)
    }

    /// The option `arg` names (its key, arity and any value attached to it); `None` when it is
    /// unknown, after noting it as unknown or forwarding it to the host compiler.
    fn known_option(&mut self, arg: &str) -> Option<(&'static str, Arity, Option<String>)> {
        let body = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        let (name, attached) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        if let Some((key, arity)) = lookup(name) {
            return Some((key, arity, attached));
        }
        // A glued short option: -I/dir, -DX=1, -O3, -lfoo.
        let glued = if arg.starts_with("--") {
            None
        } else {
            GLUED.iter().find(|g| body.starts_with(**g) && body.len() > g.len())
        };
        match glued {
            Some(g) => {
                let (key, arity) = lookup(g).unwrap_or(("", Arity::Value));
                Some((key, arity, Some(body[g.len()..].to_string())))
            }
            None if self.forward_unknown => {
                self.options.compiler_options.push(arg.to_string());
                None
            }
            None => {
                self.unknown.push(arg.to_string());
                None
            }
        }
    }

    /// The value of option `arg`: the one attached to it, or the next argument where its arity
    /// takes one.
    fn value(&mut self, arg: &str, arity: Arity, attached: Option<String>) -> Result<String, OptionError> {
        let following = self.args.get(self.next);
        match arity {
            Arity::Flag => match attached {
                Some(v) => Err(OptionError::BadValue { option: arg.into(), value: v, expected: "no value" }),
                None => Ok(String::new()),
            },
            Arity::Bool => Ok(attached.unwrap_or_else(|| {
                // `-rdc true` is nvcc's spelling too.
                match following.map(String::as_str) {
                    Some(v @ ("true" | "false")) => {
                        self.next += 1;
                        v.to_string()
                    }
                    _ => "true".to_string(),
                }
            })),
            Arity::Value => match attached {
                Some(v) => Ok(v),
                None => {
                    let v = following.ok_or_else(|| OptionError::MissingValue(arg.into()))?;
                    self.next += 1;
                    Ok(v.clone())
                }
            },
        }
    }

    /// Notes the value of a single-valued option: given again with another value, the last one
    /// is used and nvcc warns (once per change: `-O3 -O2 -O3` warns twice).
    fn note_single_value(&mut self, key: &'static str, value: &str) {
        if !SINGLE_VALUED.contains(&key) {
            return;
        }
        match self.single_values.iter_mut().find(|(k, _)| *k == key) {
            Some((_, last)) if last != value => {
                self.options.warnings.push(format!(
                    "nvcc warning : incompatible redefinition for option '{key}', the last value of this option was used"
                ));
                *last = value.to_string();
            }
            Some(_) => {}
            None => self.single_values.push((key, value.to_string())),
        }
    }

    /// Applies option `key` (given as `arg`) with its `value`.
    fn apply(&mut self, key: &'static str, value: String, arg: &str) -> Result<(), OptionError> {
        self.note_single_value(key, &value);
        if let Some(phase) = phase_option(key) {
            self.options.cuda_translation |= key == "cuda";
            self.phases.push((phase, arg.into()));
            return Ok(());
        }
        let o = &mut self.options;
        match key {
            "output-file" => o.output = Some(value.into()),
            "generate-dependencies-with-compile" => o.dependencies_with_compile = true,
            "generate-nonsystem-dependencies" => {
                o.dependencies_nonsystem = true;
                self.phases.push((Phase::Dependencies, arg.into()));
            }
            "generate-nonsystem-dependencies-with-compile" => {
                o.dependencies_nonsystem = true;
                o.dependencies_with_compile = true;
            }
            "generate-dependency-targets" => o.dependency_phony_targets = true,
            "pre-include" => o.pre_includes.extend(value.split(',').map(String::from)),
            "machine" if value != "64" => {
                return Err(OptionError::BadValue { option: arg.into(), value, expected: "64" });
            }
            "profile" => o.compiler_options.push("-pg".into()),
            "no-exceptions" => o.compiler_options.push("-fno-exceptions".into()),
            "ftemplate-backtrace-limit" | "ftemplate-depth" => o.front_end_options.push(format!("-{key}={value}")),
            "Wno-deprecated-declarations" | "Wreorder" => o.front_end_options.push(format!("-{key}")),
            "Werror" => {
                for kind in value.split(',').filter(|k| !k.is_empty()) {
                    o.front_end_options.extend(werror_flag(arg, kind)?.map(String::from));
                }
            }
            "diag-suppress" => o.add_diagnostics("--diag-suppress", Severity::Suppress, &value),
            "diag-warn" => o.add_diagnostics("--diag-warn", Severity::Warn, &value),
            "diag-error" => o.add_diagnostics("--diag-error", Severity::Error, &value),
            "Xcudafe" => {
                for word in value.split_whitespace().flat_map(|w| w.split(",--")) {
                    if let Some((severity, list)) = crate::diagnostic_numbers::front_end_option(word) {
                        o.add_diagnostics("-Xcudafe", severity, list);
                    }
                }
            }
            "time" => o.timing_file = Some(value.into()),
            "resource-usage" => o.resource_usage = true,
            "list-gpu-arch" | "list-gpu-code" => {
                let asked = if key == "list-gpu-arch" { ArchitectureList::Virtual } else { ArchitectureList::Real };
                o.list_architectures = match o.list_architectures {
                    Some(other) if other != asked => Some(ArchitectureList::Both),
                    _ => Some(asked),
                };
            }
            "save-temps" => o.keep = true,
            "dependency-output" => o.dependency_file = Some(value.into()),
            "dependency-target-name" => o.dependency_target = Some(value),
            "shared" => o.shared = true,
            "no-device-link" => o.no_device_link = true,
            "include-path" => o.include_dirs.extend(value.split(',').map(PathBuf::from)),
            "system-include" => o.system_include_dirs.push(value.into()),
            "define-macro" => o.macros.extend(value.split(',').map(|m| Macro::Define(m.into()))),
            "undefine-macro" => o.macros.push(Macro::Undefine(value)),
            "optimize" => {
                let level = value.parse::<u8>().ok().filter(|l| *l <= 3).ok_or_else(|| OptionError::BadValue {
                    option: "-O".into(),
                    value: value.clone(),
                    expected: "0, 1, 2 or 3",
                })?;
                o.opt_level = Some(level);
            }
            "debug" => o.host_debug = true,
            "device-debug" => o.device_debug = true,
            "generate-line-info" => o.line_info = true,
            "std" => {
                // C++03 (which nvcc accepts) compiles as C++11: Cuprite's headers and clang's CUDA
                // headers need C++11, whose only changes to a C++03 program are rare corners;
                // narrowing in braces, an error in C++11, stays allowed as C++03 allows it.
                let old = matches!(value.as_str(), "c++98" | "c++03" | "gnu++98" | "gnu++03");
                if old {
                    o.front_end_options.push("-Wno-c++11-narrowing".into());
                }
                o.std = Some(if old { value.replace("98", "11").replace("03", "11") } else { value });
            }
            // nvcc checks every `-code` before `-arch` (`-arch=sm_13 -code=sm_13` is an error of
            // `-code`): a bad `-arch` is reported once every argument is read.
            // A second `-arch` replaces the first (nvcc builds `-arch=sm_80 -arch=sm_90` for sm_90
            // alone, warning as above).
            "gpu-architecture" => {
                match arch_values(&value, false).inspect(|_| self.arch_option = Some(value.clone())) {
                    Ok(archs) => {
                        let replaced = std::mem::replace(&mut self.arch_option_archs, archs.clone());
                        self.explicit_archs.retain(|a| !replaced.contains(a));
                        self.explicit_archs.extend(archs);
                    }
                    Err(e) => {
                        self.arch_error.get_or_insert(e);
                    }
                }
            }
            "gpu-code" => {
                self.code_values += 1;
                arch_values(&value, true)?;
            }
            "generate-code" => self.explicit_archs.push(gencode_arch(&value)?),
            "compiler-options" => o.compiler_options.extend(split_host_options(arg, &value)?),
            "linker-options" => o.linker_options.extend(split_host_options(arg, &value)?),
            "ptxas-options" => {
                let options: Vec<String> = split_list(&value).collect();
                // ptxas's `-v` prints each kernel's resources: the report --resource-usage gives.
                o.resource_usage |= options.iter().any(|p| p == "-v" || p == "--verbose");
                o.ptxas_options.extend(options);
            }
            "output-directory" => o.output_directory = Some(value.into()),
            "library" => o.libraries.push(value),
            "library-path" => o.library_dirs.push(value.into()),
            "relocatable-device-code" => o.relocatable_device_code = parse_bool(arg, &value)?,
            "device-c" => {
                o.relocatable_device_code = true;
                self.phases.push((Phase::DeviceCompile, arg.into()));
            }
            // nvcc runs `program ARGS` through the shell: an item with blanks is several
            // arguments (`-run-args a,"c d"` gives a, c and d).
            "run-args" => {
                for item in split_list(&value) {
                    o.run_args.extend(split_words(&item).unwrap_or_else(|_| vec![item.clone()]));
                }
            }
            "keep" => o.keep = true,
            "keep-dir" => o.keep_dir = Some(value.into()),
            "dryrun" => o.dry_run = true,
            "verbose" => o.verbose = true,
            "version" => o.version = true,
            "help" => o.help = true,
            "compiler-bindir" => o.host_compiler = Some(value.into()),
            "use_fast_math" => o.fast_math = true,
            "disable-warnings" => o.disable_warnings = true,
            "ftz" => o.flush_denormals = Some(parse_bool(arg, &value)?),
            "prec-div" => o.precise_division = Some(parse_bool(arg, &value)?),
            "prec-sqrt" => o.precise_sqrt = Some(parse_bool(arg, &value)?),
            "fmad" => o.fused_multiply_add = Some(parse_bool(arg, &value)?),
            "default-stream" => o.default_stream = one_of(arg, value, DEFAULT_STREAMS, "legacy, null or per-thread")?,
            "maxrregcount" => {
                o.max_registers = Some(value.parse().map_err(|_| OptionError::BadValue {
                    option: arg.into(),
                    value: value.clone(),
                    expected: "a register count",
                })?);
            }
            "cudart" => o.cudart = one_of(arg, value, CUDARTS, "shared, static or none")?,
            "x" => self.language = Some(one_of(arg, value, LANGUAGES, "cu, c++ or c")?),
            "extended-lambda" | "expt-extended-lambda" => o.extended_lambda = true,
            "expt-relaxed-constexpr" => o.relaxed_constexpr = true,
            // Accepted, nothing to do under clang: compression, threads and warnings about old
            // targets concern NVIDIA's tools.
            _ => {}
        }
        Ok(())
    }

    /// The checks that need every argument: unknown options, `-code` without `-arch`, phases
    /// that disagree; then the phase and the architectures.
    fn finish(self) -> Result<Options, OptionError> {
        let CommandLine {
            mut options, unknown, mut explicit_archs, arch_error, code_values, phases, arch_option, ..
        } = self;
        if !unknown.is_empty() {
            return Err(OptionError::Unknown(unknown));
        }
        if let Some(e) = arch_error {
            return Err(e);
        }
        // nvcc 13.0: "nvcc fatal   : Option '--dependency-file' requires one of '-M', '-MM', '-MD'
        // or '-MMD' to be specified" (exit 1).
        if options.dependency_file.is_some()
            && !options.dependencies_with_compile
            && !phases.iter().any(|(p, _)| *p == Phase::Dependencies)
        {
            return Err(OptionError::Conflict(
                "Option '--dependency-file' requires one of '-M', '-MM', '-MD' or '-MMD' to be specified".into(),
            ));
        }
        // nvcc 13.0 (recorded): `-code` needs `-arch` to name the virtual architecture it compiles.
        match arch_option.as_deref() {
            Some(arch @ ("all" | "all-major" | "native")) if code_values > 0 => {
                return Err(OptionError::Conflict(format!("Cannot use '-arch={arch}' with '--gpu-code (-code)'")));
            }
            Some(arch) if code_values > 0 && !arch.starts_with("compute_") => {
                return Err(OptionError::Conflict(format!(
                    "Value of -arch option ('{arch}') must be a virtual code architecture"
                )));
            }
            _ => {}
        }
        if code_values > 0 && explicit_archs.is_empty() {
            return Err(OptionError::Conflict("-code needs -arch (nvcc: '-arch=compute_XY -code=sm_XY')".into()));
        }
        options.phase = match phases.as_slice() {
            [] => Phase::Link,
            [(p, _)] => *p,
            [(first, a), rest @ ..] => {
                if let Some((_, b)) = rest.iter().find(|(p, _)| p != first) {
                    return Err(OptionError::Conflict(format!("options '{a}' and '{b}' select different outputs")));
                }
                *first
            }
        };
        if explicit_archs.is_empty() {
            explicit_archs.push(DEFAULT_ARCH);
        }
        for a in explicit_archs {
            if !options.archs.contains(&a) {
                options.archs.push(a);
            }
        }
        Ok(options)
    }
}

/// The phase an option that only selects one stops after (`-c`, `-E`, `-ptx`, ...).
fn phase_option(key: &str) -> Option<Phase> {
    Some(match key {
        "compile" => Phase::Compile,
        "preprocess" | "cuda" => Phase::Preprocess,
        "generate-dependencies" => Phase::Dependencies,
        "device-link" => Phase::DeviceLink,
        "ptx" => Phase::Ptx,
        "cubin" => Phase::Cubin,
        "fatbin" => Phase::Fatbin,
        "run" => Phase::Run,
        "lib" => Phase::Library,
        _ => return None,
    })
}

/// The clang flag that makes nvcc's warning kind `kind` (`-Werror kind`) an error, if clang has
/// the warning: `all-warnings` every warning, `reorder` and `deprecated-declarations` theirs.
/// Clang reports an unsupported cross-execution-space call as an error already, and has none
/// of nvcc's warnings about launches (`default-stream-launch`, `missing-launch-bounds`) or
/// extended lambdas (`ext-lambda-captures-this`), so those kinds have nothing to turn into
/// errors.
fn werror_flag(option: &str, kind: &str) -> Result<Option<&'static str>, OptionError> {
    Ok(match kind {
        "all-warnings" => Some("-Werror"),
        "reorder" => Some("-Werror=reorder"),
        "deprecated-declarations" => Some("-Werror=deprecated-declarations"),
        "cross-execution-space-call"
        | "default-stream-launch"
        | "missing-launch-bounds"
        | "ext-lambda-captures-this" => None,
        _ => {
            return Err(OptionError::BadValue {
                option: option.into(),
                value: kind.into(),
                expected: "all-warnings, cross-execution-space-call, default-stream-launch, deprecated-declarations, \
                           ext-lambda-captures-this, missing-launch-bounds or reorder",
            });
        }
    })
}

/// `--default-stream`'s values.
const DEFAULT_STREAMS: &[(&str, DefaultStream)] =
    &[("legacy", DefaultStream::Legacy), ("null", DefaultStream::Legacy), ("per-thread", DefaultStream::PerThread)];
/// `-cudart`'s values.
const CUDARTS: &[(&str, Cudart)] = &[("shared", Cudart::Shared), ("static", Cudart::Static), ("none", Cudart::None)];
/// `-x`'s values (`-x none` is not accepted).
const LANGUAGES: &[(&str, InputKind)] =
    &[("cu", InputKind::Cuda), ("c++", InputKind::Cxx), ("cpp", InputKind::Cxx), ("c", InputKind::C)];

/// The value that `value` names among `choices`, for option `option`.
fn one_of<T: Copy>(
    option: &str,
    value: String,
    choices: &[(&str, T)],
    expected: &'static str,
) -> Result<T, OptionError> {
    match choices.iter().find(|(name, _)| *name == value) {
        Some(&(_, choice)) => Ok(choice),
        None => Err(OptionError::BadValue { option: option.into(), value, expected }),
    }
}

/// How deep `--options-file`s may nest (a file naming itself is an error, not a hang).
const MAX_OPTIONS_FILE_DEPTH: usize = 8;

/// Copies `args` into `out`, replacing each `--options-file FILE` (`-optf`, also with `=`)
/// by the words of FILE, as nvcc does (CMake passes long lists of objects this way).
fn expand_options_files<S: AsRef<str>>(args: &[S], out: &mut Vec<String>, depth: usize) -> Result<(), OptionError> {
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_ref();
        i += 1;
        let body = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'));
        let (name, attached) = match body.map(|b| b.split_once('=').map_or((b, None), |(n, v)| (n, Some(v)))) {
            Some((name @ ("options-file" | "optf"), attached)) => (name, attached),
            _ => {
                out.push(arg.to_string());
                continue;
            }
        };
        let value = match attached {
            Some(v) => v.to_string(),
            None => {
                let v = args.get(i).ok_or_else(|| OptionError::MissingValue(format!("-{name}")))?;
                i += 1;
                v.as_ref().to_string()
            }
        };
        for path in value.split(',').filter(|p| !p.is_empty()) {
            let unreadable = |reason: String| OptionError::OptionsFile { path: path.into(), reason };
            if depth >= MAX_OPTIONS_FILE_DEPTH {
                return Err(unreadable("options files nest too deeply".into()));
            }
            let text = std::fs::read_to_string(path).map_err(|e| unreadable(e.to_string()))?;
            let words = split_words(&text).map_err(unreadable)?;
            expand_options_files(&words, out, depth + 1)?;
        }
    }
    Ok(())
}

/// Splits an options file into words as a POSIX shell would: whitespace separates, single
/// and double quotes group, a backslash escapes the next character (except inside single quotes).
fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\\' => {
                if let Some(next) = chars.next() {
                    word.get_or_insert_with(String::new).push(next);
                }
            }
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        None => return Err(format!("unterminated {c} quote")),
                        Some(q) if q == c => break,
                        Some('\\') if c == '"' => {
                            if let Some(next) = chars.next() {
                                w.push(next);
                            }
                        }
                        Some(other) => w.push(other),
                    }
                }
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// Splits a host compiler's or linker's option list (the value of `option`) as nvcc does, which
/// pastes the value into the host compiler's shell command: into words as a shell splits them
/// (`-Xcompiler "-O3 -Wall"` is two options; PyTorch's extension builds pass
/// `--compiler-options "'-fPIC'"`, quotes included), each word at commas.
fn split_host_options(option: &str, value: &str) -> Result<Vec<String>, OptionError> {
    // The only failure is a quote left open.
    let words = split_words(value).map_err(|_| OptionError::BadValue {
        option: option.into(),
        value: value.into(),
        expected: "options with matching quotes",
    })?;
    Ok(words.iter().flat_map(|w| split_list(w)).collect())
}

/// Splits an option list at commas (`-Xcompiler -fopenmp,-Wall`).
fn split_list(value: &str) -> impl Iterator<Item = String> + '_ {
    value.split(',').filter(|s| !s.is_empty()).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn parse(args: &str) -> Result<Options, OptionError> {
        Options::parse(&args.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn defaults_link_an_executable_for_nvccs_default_arch() {
        let o = parse("a.cu").unwrap();
        assert_eq!(o.phase, Phase::Link);
        assert_eq!(o.archs, vec![75]);
        assert_eq!(o.inputs, vec![Input { path: "a.cu".into(), kind: InputKind::Cuda }]);
        assert_eq!(o.cudart, Cudart::Shared);
        assert_eq!(o.output, None);
    }

    #[test]
    fn arch_in_every_spelling() {
        for s in
            ["-arch=sm_80", "-arch sm_80", "--gpu-architecture=sm_80", "--gpu-architecture sm_80", "--arch=compute_80"]
        {
            assert_eq!(parse(&format!("{s} a.cu")).unwrap().archs, vec![80], "{s}");
        }
        assert_eq!(parse("-arch=sm_90a a.cu").unwrap().archs, vec![90]);
        assert_eq!(parse("-arch=native a.cu").unwrap().archs, vec![90]);
        assert_eq!(parse("-arch=all-major a.cu").unwrap().archs, vec![75, 80, 90]);
        assert_eq!(parse("-arch=compute_80 -code=sm_80,compute_80 a.cu").unwrap().archs, vec![80]);
    }

    #[test]
    fn gencode_gives_one_arch_each_deduplicated() {
        let o = parse(
            "-gencode arch=compute_75,code=sm_75 -gencode=arch=compute_90,code=[sm_90,compute_90] \
             --generate-code arch=compute_75,code=compute_75 a.cu",
        )
        .unwrap();
        assert_eq!(o.archs, vec![75, 90]);
        assert!(matches!(parse("-gencode compute_75 a.cu"), Err(OptionError::BadValue { .. })));
        assert!(matches!(parse("-code=sm_80 a.cu"), Err(OptionError::Conflict(_))));
        // Quoted lists, as a Makefile's `code=\"sm_90,compute_90\"` reaches nvcc; nvcc 13.0
        // builds each (recorded).
        for quoted in [
            r#"-gencode=arch=compute_90,code="sm_90,compute_90""#,
            r#"-gencode=arch="compute_90",code="sm_90""#,
            r#"-gencode=arch=compute_90,code=[sm_90,"compute_90"]"#,
        ] {
            assert_eq!(Options::parse(&[quoted, "a.cu"]).unwrap().archs, vec![90], "{quoted}");
        }
    }

    /// CUDA 13 removed sm_50 … sm_72; nvcc 13.0 refuses each in every spelling with exit
    /// status 1 (its messages, recorded from nvcc 13.0 in the comments).
    #[test]
    fn removed_architectures_are_nvccs_error_in_every_spelling() {
        let unsupported = |args: &str| match parse(&format!("{args} a.cu")) {
            Err(e @ OptionError::UnsupportedArch { .. }) => {
                assert_eq!(e.status(), 1);
                e.to_string()
            }
            other => panic!("{args}: {other:?}"),
        };
        // nvcc fatal   : Unsupported gpu architecture 'sm_50'
        for (args, name) in [
            ("-arch=sm_50", "sm_50"),
            ("-arch sm_72", "sm_72"),
            ("--gpu-architecture=sm_61", "sm_61"),
            ("--gpu-architecture compute_60", "compute_60"),
            ("-arch=sm_53", "sm_53"),
            ("-arch=sm_35", "sm_35"),
            ("-arch=sm_101", "sm_101"),
            ("-arch=sm_89a", "sm_89a"),
            ("-arch=sm_90f", "sm_90f"),
            ("-arch=lto_70", "lto_70"),
            ("-gencode arch=compute_70,code=sm_70", "compute_70"),
            ("-gencode=arch=compute_52,code=[sm_52,compute_52]", "compute_52"),
            ("--generate-code arch=compute_75,code=sm_70", "sm_70"),
            ("-gencode arch=compute_75,code=[sm_75,sm_61]", "sm_61"),
            // Rodinia's Makefiles (CUDA 1.x–3.x architectures), and names that are none: nvcc
            // words them all alike.
            ("-arch sm_13", "sm_13"),
            ("-arch=sm_10", "sm_10"),
            ("-arch=sm_9x", "sm_9x"),
            ("-arch=foo", "foo"),
            ("-arch=sm_200", "sm_200"),
            ("-arch=compute_20 -code=sm_80", "compute_20"),
            ("-gencode arch=compute_13,code=sm_13", "compute_13"),
            ("-gencode arch=compute_80,code=sm_13", "sm_13"),
            ("-gencode arch=foo,code=sm_80", "foo"),
        ] {
            assert!(unsupported(args).starts_with(&format!("Unsupported gpu architecture '{name}'")), "{args}");
        }
        // nvcc fatal   : Value 'sm_60' is not defined for option 'gpu-code'
        for (args, name) in [
            ("-arch=compute_75 -code=sm_72", "sm_72"),
            ("-arch=sm_75 --gpu-code=sm_75,compute_60", "compute_60"),
            // `-code` is checked first, wherever `-arch` stands (Rodinia's cfd).
            ("--gpu-architecture=compute_20 --gpu-code=compute_20", "compute_20"),
            ("-arch=sm_13 -code=sm_13", "sm_13"),
            ("-code=foo -arch=compute_80", "foo"),
        ] {
            assert!(
                unsupported(args).starts_with(&format!("Value '{name}' is not defined for option 'gpu-code'")),
                "{args}"
            );
        }
        // What nvcc 13.0 accepts.
        for args in [
            "-arch=sm_75",
            "-arch=sm_87",
            "-arch=sm_88",
            "-arch=sm_90a",
            "-arch=sm_100f",
            "-arch=sm_121f",
            "-arch=lto_90",
        ] {
            assert!(parse(&format!("{args} a.cu")).is_ok(), "{args}");
        }
    }

    #[test]
    fn glued_and_separate_values() {
        let o =
            parse("-I/inc -I /inc2 --include-path=/inc3 -DX=1 -D Y -UZ -lm -L/lib -L /lib2 -O3 -o out a.cu").unwrap();
        assert_eq!(o.include_dirs, vec![PathBuf::from("/inc"), "/inc2".into(), "/inc3".into()]);
        assert_eq!(o.macros, vec![Macro::Define("X=1".into()), Macro::Define("Y".into()), Macro::Undefine("Z".into())]);
        assert_eq!(o.libraries, vec!["m".to_string()]);
        assert_eq!(o.library_dirs, vec![PathBuf::from("/lib"), "/lib2".into()]);
        assert_eq!(o.opt_level, Some(3));
        assert_eq!(o.output, Some("out".into()));
        assert!(matches!(parse("-O7 a.cu"), Err(OptionError::BadValue { .. })));
    }

    #[test]
    fn option_lists_split_at_commas() {
        let o = parse("-Xcompiler -fopenmp,-Wall --compiler-options=-O2 -Xlinker -z,now -Xptxas -v,-O3 a.cu").unwrap();
        assert_eq!(o.compiler_options, vec!["-fopenmp", "-Wall", "-O2"]);
        assert_eq!(o.linker_options, vec!["-z", "now"]);
        assert_eq!(o.ptxas_options, vec!["-v", "-O3"]);
        // nvcc pastes the value into the host command line: blanks separate options too.
        let o = Options::parse(&["-Xcompiler", "-O3 -Wall", "-Xlinker=-rpath /x", "-Xfatbin", "-compress-all", "a.cu"])
            .unwrap();
        assert_eq!(o.compiler_options, ["-O3", "-Wall"]);
        assert_eq!(o.linker_options, ["-rpath", "/x"]);
        let o = parse("-std=c++03 a.cu").unwrap();
        assert_eq!(
            (o.std.as_deref(), o.front_end_options.as_slice()),
            (Some("c++11"), &["-Wno-c++11-narrowing".into()][..])
        );
        assert_eq!(parse("-std=gnu++98 a.cu").unwrap().std.as_deref(), Some("gnu++11"));
        // A shell's quotes, as PyTorch's extension builds write them, are the shell's.
        let o = Options::parse(&["--compiler-options", "'-fPIC'", "-Xcompiler", "\"-DA=1 2\",-O2", "a.cu"]).unwrap();
        assert_eq!(o.compiler_options, ["-fPIC", "-DA=1 2", "-O2"]);
        assert!(matches!(Options::parse(&["-Xcompiler", "'-fPIC", "a.cu"]), Err(OptionError::BadValue { .. })));
    }

    #[test]
    fn phases_and_their_conflicts() {
        assert_eq!(parse("-c a.cu").unwrap().phase, Phase::Compile);
        assert_eq!(parse("-E a.cu").unwrap().phase, Phase::Preprocess);
        assert_eq!(parse("-M a.cu").unwrap().phase, Phase::Dependencies);
        assert_eq!(parse("--ptx a.cu").unwrap().phase, Phase::Ptx);
        assert_eq!(parse("-ptx a.cu").unwrap().phase, Phase::Ptx);
        assert_eq!(parse("--cubin a.cu").unwrap().phase, Phase::Cubin);
        assert_eq!(parse("--fatbin a.cu").unwrap().phase, Phase::Fatbin);
        assert_eq!(parse("--run a.cu").unwrap().phase, Phase::Run);
        assert_eq!(parse("-dlink a.o").unwrap().phase, Phase::DeviceLink);
        let dc = parse("-dc a.cu").unwrap();
        assert_eq!(dc.phase, Phase::DeviceCompile);
        assert!(dc.relocatable_device_code);
        assert_eq!(parse("-c -c a.cu").unwrap().phase, Phase::Compile);
        let Err(OptionError::Conflict(m)) = parse("-c --ptx a.cu") else { panic!("no conflict") };
        assert!(m.contains("-c") && m.contains("--ptx"), "{m}");
        let md = parse("-MD -MF a.d -c a.cu").unwrap();
        assert!(md.dependencies_with_compile);
        assert_eq!(md.dependency_file, Some("a.d".into()));
    }

    #[test]
    fn booleans_in_every_spelling() {
        assert!(parse("-rdc=true a.cu").unwrap().relocatable_device_code);
        assert!(parse("-rdc true a.cu").unwrap().relocatable_device_code);
        assert!(parse("--relocatable-device-code=true a.cu").unwrap().relocatable_device_code);
        assert!(!parse("-rdc=false a.cu").unwrap().relocatable_device_code);
        let o = parse("-ftz=true -prec-div=false -prec-sqrt=false -fmad=false -use_fast_math a.cu").unwrap();
        assert_eq!(
            (o.flush_denormals, o.precise_division, o.precise_sqrt, o.fused_multiply_add, o.fast_math),
            (Some(true), Some(false), Some(false), Some(false), true)
        );
        assert!(matches!(parse("-ftz=maybe a.cu"), Err(OptionError::BadValue { .. })));
    }

    #[test]
    fn runtime_stream_and_accepted_options() {
        let o = parse(
            "-cudart static --default-stream per-thread -maxrregcount=32 --extended-lambda --expt-relaxed-constexpr \
             -Wno-deprecated-gpu-targets -lineinfo -G -g -std=c++17 -ccbin g++ --keep --dryrun -v a.cu",
        )
        .unwrap();
        assert_eq!(o.cudart, Cudart::Static);
        assert_eq!(o.default_stream, DefaultStream::PerThread);
        assert_eq!(o.max_registers, Some(32));
        assert!(o.line_info && o.device_debug && o.host_debug && o.keep && o.dry_run && o.verbose);
        assert_eq!(o.std.as_deref(), Some("c++17"));
        assert_eq!(o.host_compiler, Some("g++".into()));
        assert_eq!(parse("-cudart=none a.cu").unwrap().cudart, Cudart::None);
        assert!(matches!(parse("-cudart dynamic a.cu"), Err(OptionError::BadValue { .. })));
        assert!(matches!(parse("--default-stream=fast a.cu"), Err(OptionError::BadValue { .. })));
        assert!(parse("--version").unwrap().version);
        assert!(parse("-h").unwrap().help && parse("--help").unwrap().help);
        let help = help_text();
        assert!(help.contains("Usage  : nvcc [options] <inputfile>"), "{help}");
        assert!(help.contains("--gpu-architecture <value> (-arch)\n") && help.contains("\n--lib\n"), "{help}");
    }

    #[test]
    fn mixed_inputs_by_extension_and_x() {
        let o = parse("a.cu b.cpp c.c d.o e.a f.ptx g.cc h.ii i.i").unwrap();
        let kinds: Vec<InputKind> = o.inputs.iter().map(|i| i.kind).collect();
        use InputKind::*;
        assert_eq!(kinds, vec![Cuda, Cxx, C, Object, Library, Ptx, Cxx, Cxx, C]);
        let o = parse("-x cu k.cpp").unwrap();
        assert_eq!(o.inputs[0].kind, Cuda);
        assert_eq!(parse("k.txt"), Err(OptionError::UnknownInput("k.txt".into())));
    }

    #[test]
    fn options_files_expand_in_place_with_shell_quoting() {
        let dir = crate::test_dir("optf");
        let inner = dir.join("inner.rsp");
        std::fs::write(&inner, "-DFROM_INNER").unwrap();
        let outer = dir.join("outer.rsp");
        let text = format!("-I\"/a dir\" '-DX=a b' -Ic\\ d\n--options-file {}\n b.o", inner.display());
        std::fs::write(&outer, text).unwrap();
        let o = Options::parse(&["-c", "--options-file", outer.to_str().unwrap(), "a.cu"]).unwrap();
        assert_eq!(o.include_dirs, vec![PathBuf::from("/a dir"), "c d".into()]);
        assert_eq!(o.macros, vec![Macro::Define("X=a b".into()), Macro::Define("FROM_INNER".into())]);
        let inputs: Vec<&str> = o.inputs.iter().map(|i| i.path.to_str().unwrap()).collect();
        assert_eq!(inputs, ["b.o", "a.cu"]);
        let missing = dir.join("missing.rsp");
        let e = Options::parse(&[format!("-optf={}", missing.display())]).unwrap_err();
        assert!(matches!(&e, OptionError::OptionsFile { path, .. } if path.ends_with("missing.rsp")), "{e}");
        std::fs::write(&outer, "'unterminated").unwrap();
        assert!(Options::parse(&["--options-file", outer.to_str().unwrap()]).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn cmake_compile_and_device_link_lines() {
        let o = parse(
            "-forward-unknown-to-host-compiler --generate-code=arch=compute_80,code=[compute_80,sm_80] \
             -Xcompiler=-fPIE -fvisibility=hidden -MD -MT obj/a.cu.o -MF obj/a.cu.o.d -x cu -c a.cu -o obj/a.cu.o",
        )
        .unwrap();
        assert_eq!(o.archs, vec![80]);
        // -fvisibility=hidden is not nvcc's: forwarded to the host compiler, as asked.
        assert_eq!(o.compiler_options, vec!["-fPIE", "-fvisibility=hidden"]);
        assert_eq!(o.dependency_target.as_deref(), Some("obj/a.cu.o"));
        assert_eq!(o.inputs[0].kind, InputKind::Cuda);
        let d = parse("-shared -dlink a.o libb.a -o link.o -L/lib -lcudadevrt").unwrap();
        assert!(d.shared);
        assert_eq!(d.phase, Phase::DeviceLink);
        assert_eq!(d.libraries, vec!["cudadevrt".to_string()]);
        // Without the forwarding option, unknown options stay errors.
        assert!(matches!(parse("-fvisibility=hidden a.cu"), Err(OptionError::Unknown(_))));
    }

    #[test]
    fn unknown_options_are_all_named() {
        let e = parse("--frobnicate -arch=sm_80 -Qunused a.cu").unwrap_err();
        assert_eq!(e, OptionError::Unknown(vec!["--frobnicate".into(), "-Qunused".into()]));
        assert_eq!(e.to_string(), "unknown options '--frobnicate', '-Qunused'");
        assert_eq!(
            parse("--ptx=yes a.cu").unwrap_err().to_string(),
            "invalid value 'yes' for option '--ptx=yes' (expected no value)"
        );
        assert_eq!(parse("a.cu -o"), Err(OptionError::MissingValue("-o".into())));
        // Glued values exist only for one-dash short names.
        assert!(matches!(parse("--I/inc a.cu"), Err(OptionError::Unknown(_))));
    }

    /// nvcc 13.0's options that build systems and samples pass: each is accepted, with its
    /// value consumed (a value taken for an input would fail), and those with an effect have it.
    #[test]
    fn nvcc_options_of_build_systems_are_accepted() {
        let o = parse(
            "-m64 --machine 64 --split-compile 0 -Xcudafe --diag_suppress=177 -Xnvlink -v -Xarchive -v \
             --dopt on -dlto -err-no --diag-warn 20 --static-global-template-stub=false -time t.csv \
             -include a.h,b.h --pre-include c.h -pg -noeh -ftemplate-depth=900 -Wno-deprecated-declarations \
             -MMD -MP -Wmissing-launch-bounds --brief-diagnostics true x.cu",
        )
        .unwrap();
        assert_eq!(o.inputs.len(), 1);
        assert_eq!(o.pre_includes, ["a.h", "b.h", "c.h"]);
        assert_eq!(o.compiler_options, ["-pg", "-fno-exceptions"]);
        assert_eq!(o.front_end_options, ["-ftemplate-depth=900", "-Wno-deprecated-declarations"]);
        assert!(o.dependencies_with_compile && o.dependencies_nonsystem && o.dependency_phony_targets);
        assert_eq!(parse("-MM x.cu").unwrap().phase, Phase::Dependencies);
        assert_eq!(parse("--list-gpu-arch").unwrap().list_architectures, Some(ArchitectureList::Virtual));
        assert_eq!(parse("-code-ls").unwrap().list_architectures, Some(ArchitectureList::Real));
        assert_eq!(parse("--list-gpu-code -arch-ls").unwrap().list_architectures, Some(ArchitectureList::Both));
        assert!(matches!(parse("--machine 32 x.cu"), Err(OptionError::BadValue { .. })));
        // nvcc refuses host compiler flags given directly, as here.
        assert!(matches!(parse("-Wall -fopenmp x.cu"), Err(OptionError::Unknown(_))));
    }

    /// The options of the issue's list that real build systems pass, each as nvcc documents it:
    /// host compiler lists in both spellings, gencode with a bracketed code list, the `-arch`
    /// shorthands, thread and split-compile counts, `-Werror` kinds as clang flags (an unknown
    /// kind named), diagnostics suppression, resource usage, `-time`, dependency files with a
    /// target, a spaced `--std`, `-x cu`, `-include`, a spaced boolean for `-rdc`, and `@FILE`
    /// (no nvcc syntax) refused naming the options file nvcc reads instead.
    #[test]
    fn build_system_options_behave_as_nvcc_documents() {
        let o = parse(
            "-Xcompiler=-fPIC,-O2 --compiler-options -Wall --generate-code=arch=compute_80,code=[compute_80,sm_80] \
             -arch=native --threads 0 --split-compile 4 -Wreorder -Werror=reorder,deprecated-declarations \
             -Werror cross-execution-space-call --diag-suppress=177,550 -Xcudafe --diag_suppress=177 \
             --resource-usage -res-usage --keep-dir kd -time t.csv -MD -MF a.d -MT custom --std c++17 -x cu \
             -include pre.h --relocatable-device-code true a.cu",
        )
        .unwrap();
        assert_eq!(o.compiler_options, ["-fPIC", "-O2", "-Wall"]);
        assert_eq!(o.archs, [80, 90]);
        assert_eq!(o.front_end_options, ["-Wreorder", "-Werror=reorder", "-Werror=deprecated-declarations"]);
        assert_eq!(o.timing_file.as_deref(), Some(Path::new("t.csv")));
        assert!(o.resource_usage);
        assert_eq!(o.keep_dir.as_deref(), Some(Path::new("kd")));
        assert_eq!(
            (o.dependency_file.as_deref(), o.dependency_target.as_deref()),
            (Some(Path::new("a.d")), Some("custom"))
        );
        assert_eq!(o.std.as_deref(), Some("c++17"));
        assert_eq!(o.pre_includes, ["pre.h"]);
        assert!(o.relocatable_device_code && o.dependencies_with_compile);
        assert_eq!(o.inputs, [Input { path: "a.cu".into(), kind: InputKind::Cuda }]);
        assert_eq!(parse("-Werror=all-warnings a.cu").unwrap().front_end_options, ["-Werror"]);
        assert_eq!(parse("-arch=all a.cu").unwrap().archs, ALL_ARCHS);
        assert_eq!(parse("-arch=all-major a.cu").unwrap().archs, ALL_MAJOR_ARCHS);
        let e = parse("-Werror=all-warnings,bogus a.cu").unwrap_err();
        assert!(matches!(&e, OptionError::BadValue { value, .. } if value == "bogus"), "{e}");
        let e = parse("@flags.rsp a.cu").unwrap_err().to_string();
        assert!(e.contains("'@flags.rsp'") && e.contains("--options-file flags.rsp"), "{e}");
    }

    /// An option of one value given twice with different values: the last is used, with nvcc
    /// 13.0's warning per change (recorded: `-std=c++20 ... -std=c++17`, which CMake's lines
    /// give with a user's `-std`, and `-O3 -O2 -O3` twice); none for the same value or for
    /// options that gather values. A second `-arch` replaces the first (nvcc's `--dryrun`
    /// compiles `-arch=sm_80 -arch=sm_90` for sm_90 alone). `-MF` needs `-M`/`-MD`.
    #[test]
    fn redefined_single_valued_options_warn_and_the_last_is_used() {
        let warning = |name: &str| {
            format!(
                "nvcc warning : incompatible redefinition for option '{name}', the last value of this option was used"
            )
        };
        let o =
            parse("-std=c++20 -O3 -O2 -O3 -std=c++17 -x cu -x cu -I a -I b -Da -Db -Xcompiler -a -Xcompiler -b a.cu")
                .unwrap();
        assert_eq!(o.std.as_deref(), Some("c++17"));
        assert_eq!(o.opt_level, Some(3));
        assert_eq!(o.warnings, [warning("optimize"), warning("optimize"), warning("std")]);
        let o = parse("-arch=sm_80 -arch=sm_90 -rdc=true -rdc=false -t 1 -t2 a.cu").unwrap();
        assert_eq!(o.archs, [90]);
        assert!(!o.relocatable_device_code);
        assert_eq!(o.warnings, [warning("gpu-architecture"), warning("relocatable-device-code"), warning("threads")]);
        let o = parse("-gencode arch=compute_80,code=sm_80 -arch=sm_90 -arch=sm_90 a.cu").unwrap();
        assert_eq!((o.archs, o.warnings), (vec![80, 90], vec![]));
        // `-arch` takes one name, and a virtual one with `-code` (nvcc 13.0's errors, recorded).
        let e = parse("-arch=sm_80,sm_90 a.cu").unwrap_err().to_string();
        assert!(e.starts_with("Unsupported gpu architecture 'sm_80,sm_90'"), "{e}");
        let e = parse("-arch=sm_80 -code=sm_80,sm_90 a.cu").unwrap_err().to_string();
        assert_eq!(e, "Value of -arch option ('sm_80') must be a virtual code architecture");
        let e = parse("-arch=all -code=sm_80 a.cu").unwrap_err().to_string();
        assert_eq!(e, "Cannot use '-arch=all' with '--gpu-code (-code)'");
        assert_eq!(parse("-arch=compute_80 -code=sm_80,sm_90 a.cu").unwrap().archs, [80]);
        let e = parse("-MF a.d -c a.cu").unwrap_err().to_string();
        assert_eq!(e, "Option '--dependency-file' requires one of '-M', '-MM', '-MD' or '-MMD' to be specified");
        assert!(parse("-MF a.d -M a.cu").is_ok() && parse("-MMD -MF a.d -c a.cu").is_ok());
    }

    /// `NVCC_PREPEND_FLAGS` before the command line, `NVCC_APPEND_FLAGS` after it, each split
    /// as a shell splits words; the later of two conflicting values wins, as on nvcc's line.
    #[test]
    fn environment_flags_surround_the_command_line() {
        let o =
            Options::parse_with_flags(Some("-DPRE -O1 '-DQ=a b'"), &["-O2", "a.cu"], Some("-O3 -lineinfo")).unwrap();
        assert_eq!(o.macros, vec![Macro::Define("PRE".into()), Macro::Define("Q=a b".into())]);
        assert_eq!(o.opt_level, Some(3));
        assert!(o.line_info);
        assert_eq!(o.inputs, [Input { path: "a.cu".into(), kind: InputKind::Cuda }]);
        let e = Options::parse_with_flags(Some("'-DX"), &["a.cu"], None).unwrap_err().to_string();
        assert!(e.contains("NVCC_PREPEND_FLAGS") && e.contains("quote"), "{e}");
        let e = Options::parse_with_flags(None, &["a.cu"], Some("--bogus")).unwrap_err();
        assert_eq!(e, OptionError::Unknown(vec!["--bogus".into()]));
    }

    /// `-lib` is a phase (not `-l ib`), `-odir` a directory, and ptxas's `-v` asks for the
    /// per-kernel report `--resource-usage` prints.
    #[test]
    fn library_phase_output_directory_and_ptxas_verbose() {
        let o = parse("-lib -rdc=true a.cu b.o -o libx.a").unwrap();
        assert_eq!(o.phase, Phase::Library);
        assert!(o.libraries.is_empty());
        assert_eq!(parse("--lib a.cu").unwrap().phase, Phase::Library);
        assert!(matches!(parse("-lib -c a.cu"), Err(OptionError::Conflict(_))));
        // `-t0` glued, as `-t 0`; nvcc refuses `-oFILE` and `-xcu` (recorded).
        assert!(parse("-t0 -t4 -c a.cu").is_ok());
        // nvcc 13.0's `--run -run-args a,b,"c d"` runs the program with a, b, c, d (recorded).
        let o = Options::parse(&["--run", "r.cu", "-run-args", "a,b,c d", "-run-args=e"]).unwrap();
        assert_eq!(o.run_args, ["a", "b", "c", "d", "e"]);
        assert!(matches!(parse("-oa.o -c a.cu"), Err(OptionError::Unknown(_))));
        assert!(matches!(parse("-xcu -c a.cu"), Err(OptionError::Unknown(_))));
        assert_eq!(parse("-odir objs -c a.cu").unwrap().output_directory.as_deref(), Some(Path::new("objs")));
        assert_eq!(parse("--output-directory=o -M a.cu").unwrap().output_directory.as_deref(), Some(Path::new("o")));
        assert!(parse("-Xptxas -v a.cu").unwrap().resource_usage);
        assert!(parse("-Xptxas=-O3,--verbose a.cu").unwrap().resource_usage);
        assert!(!parse("-Xptxas -O3 a.cu").unwrap().resource_usage);
    }
}
