//! The pipeline planner: turns [`Options`] into the jobs that build the requested output —
//! clang's device pass per architecture (CUDA → PTX), the PTX check, the fatbin, clang's host
//! pass embedding it, host compilations of C/C++ inputs and the link — without running anything,
//! so that `--dryrun` prints exactly what a real run executes.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::gpu_arch;
use crate::options::{Cudart, DefaultStream, Input, InputKind, Macro, Options, Phase};
use crate::precompiled;
use crate::toolchain::Toolchain;

/// One step of a build.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// Run a program.
    Run {
        /// The program.
        program: PathBuf,
        /// Its arguments.
        args: Vec<OsString>,
    },
    /// Parse and validate a PTX file with Cuprite's PTX front end (`crates/ptx`).
    CheckPtx(PathBuf),
    /// `--resource-usage`: report what each kernel of a PTX file uses (see
    /// [`crate::resource_usage`]).
    ReportResources {
        /// The PTX.
        ptx: PathBuf,
        /// Compiled with `-rdc`.
        relocatable: bool,
    },
    /// `--resource-usage` of relocatable device code without ptxas's `-v`: nvcc's warning that
    /// the allocation is not final ([`crate::resource_usage::NOT_FINAL`]).
    WarnResourcesNotFinal,
    /// Complete the kernels' partial copies of aggregate parameters in a PTX file (see
    /// [`crate::param_copies`]), in place.
    CompleteParamCopies(PathBuf),
    /// Point a `-rdc` PTX file's references to its renamed internal variables at their
    /// definitions (see [`crate::externalized_statics`]), in place.
    ResolveStatics(PathBuf),
    /// Add the cluster directives of `__cluster_dims__` kernels to the PTX file `ptx`, if it is
    /// marked as having some (see [`crate::cluster_dims`]): `ir` (the device pass stopped
    /// before LLVM's passes) writes the IR `ll` that gives each kernel's shape.
    ClusterDims {
        /// The PTX, rewritten in place.
        ptx: PathBuf,
        /// The clang command that writes `ll`.
        ir: Box<Job>,
        /// The IR file.
        ll: PathBuf,
    },
    /// Compile the device pass again if the PTX file `ptx` is marked as having kernels with
    /// `__grid_constant__` parameters (see [`crate::grid_constant`]): `ir` (the device pass
    /// writing its IR `ll` instead of PTX), the IR annotated into `annotated`, which `codegen`
    /// compiles to `ptx`.
    GridConstants {
        /// The PTX, rewritten in place.
        ptx: PathBuf,
        /// The clang command that writes `ll`.
        ir: Box<Job>,
        /// The IR file.
        ll: PathBuf,
        /// The annotated IR file.
        annotated: PathBuf,
        /// The clang command that compiles `annotated` to `ptx`.
        codegen: Box<Job>,
    },
    /// Retarget a PTX file compiled for an older architecture to `arch` (see [`crate::gpu_arch`]).
    Retarget {
        /// The PTX, rewritten in place.
        ptx: PathBuf,
        /// The architecture asked for.
        arch: u32,
    },
    /// Copy a file to standard output (`--ptx -o -`: the PTX is checked first, in a file; `-M`
    /// of a rewritten copy: the dependencies, once they name the input).
    Print(PathBuf),
    /// Lay a dependency file out as nvcc does, in place (see [`crate::depfile::nvcc_layout`]).
    DepfileLayout(PathBuf),
    /// In the dependency file `depfile`, name `input` where clang named `source`, its rewritten
    /// copy (see `compiled_source`).
    NameInputInDepfile {
        /// The dependency file.
        depfile: PathBuf,
        /// The copy clang compiled.
        source: PathBuf,
        /// The input.
        input: PathBuf,
    },
    /// Remove a file if it exists (`-lib` writes its library afresh, as nvcc does, so that no
    /// member of an older one stays in it).
    RemoveFile(PathBuf),
    /// Write a source file the plan made (see `compiled_source`).
    WriteSource {
        /// The file.
        path: PathBuf,
        /// Its text.
        text: Vec<u8>,
    },
    /// Precompile the wrapper header into `pch` with `program` and `args` (see
    /// [`crate::precompiled`]), unless the cached one is current.
    Precompile {
        /// clang.
        program: PathBuf,
        /// Its arguments, without the output.
        args: Vec<OsString>,
        /// The precompiled header to write.
        pch: PathBuf,
        /// For a source's leading includes (see [`crate::leading_includes`]): the header to
        /// write first, and the PCH this one chains on.
        includes: Option<LeadingIncludes>,
    },
    /// Write a fatbin holding these PTX files (one entry each).
    Fatbin {
        /// The PTX files.
        ptx: Vec<PathBuf>,
        /// The fatbin to write.
        out: PathBuf,
    },
    /// The device link of relocatable device code (see [`crate::device_link`]): the objects'
    /// PTX linked into one fatbin, in a link stub compiled by `compiler` to `out`.
    DeviceLink {
        /// The objects (those without relocatable device code are skipped, and so are modules
        /// that a device-link output among them already linked).
        objects: Vec<PathBuf>,
        /// The stub's C source, written here.
        source: PathBuf,
        /// The stub object.
        out: PathBuf,
        /// The C compiler for the stub.
        compiler: PathBuf,
        /// Its options (the user's `-Xcompiler`, e.g. `-fPIC` for a shared library).
        compiler_args: Vec<OsString>,
    },
    /// Mend the device pass's IR file in place as NVVM would have made it: 16-byte-aligned
    /// copies as vector accesses (see [`crate::vector_copies`]), the `contract` flag off its
    /// arithmetic (see [`crate::contraction`]: NVPTX's own rule fuses where the pass contracts;
    /// at -G nothing does, as with nvcc -G).
    NvvmIr {
        /// The IR file.
        path: PathBuf,
        /// The CUDA source, where errors about the IR's names point (see
        /// [`crate::unicode_names`]).
        source: PathBuf,
    },
    /// Write the `__PRETTY_FUNCTION__` strings of a PTX file as nvcc's front end does (see
    /// [`crate::pretty_function`]), in place.
    PrettyFunctionNames(PathBuf),
    /// Mark the `__managed__` variables of a PTX file `.attribute(.managed)` (see
    /// [`crate::managed`]), in place.
    MarkManaged(PathBuf),
    /// Runs `host` (clang's host pass) alongside `device` (the device passes, the checks and
    /// the fatbin): the host pass reads the fatbin through the named pipe `pipe`, which the last
    /// device job fills, so the two clang front ends parse at the same time.
    Overlap {
        /// The device jobs, in order; the last writes the fatbin into `pipe`.
        device: Vec<Job>,
        /// The host pass (a [`Job::Run`]).
        host: Box<Job>,
        /// The named pipe standing for the fatbin file.
        pipe: PathBuf,
    },
}

impl fmt::Display for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Job::Run { program, args } => {
                write!(f, "{}", shell_quote(&program.to_string_lossy()))?;
                for a in args {
                    write!(f, " {}", shell_quote(&a.to_string_lossy()))?;
                }
                Ok(())
            }
            Job::CheckPtx(p) => write!(f, "# cuprite: check PTX {}", p.display()),
            Job::ReportResources { ptx, .. } => write!(f, "# cuprite: report the resource usage of {}", ptx.display()),
            Job::WarnResourcesNotFinal => write!(f, "# cuprite: resource usage is not final"),
            Job::CompleteParamCopies(p) => {
                write!(f, "# cuprite: complete the partial copies of kernel parameters in {}", p.display())
            }
            Job::ResolveStatics(p) => {
                write!(f, "# cuprite: resolve the renamed static variables of {}", p.display())
            }
            Job::Print(p) => write!(f, "# cuprite: print {}", p.display()),
            Job::Retarget { ptx, arch } => {
                write!(
                    f,
                    "# cuprite: retarget {} to sm_{arch} (clang compiled it for an older architecture)",
                    ptx.display()
                )
            }
            Job::WriteSource { path, .. } => write!(f, "# cuprite: write {}", path.display()),
            Job::RemoveFile(path) => write!(f, "rm -f {}", shell_quote(&path.to_string_lossy())),
            Job::DepfileLayout(p) => write!(f, "# cuprite: lay {} out as nvcc does", p.display()),
            Job::NameInputInDepfile { depfile, source, input } => write!(
                f,
                "# cuprite: in {}, name {} instead of {}",
                depfile.display(),
                input.display(),
                source.display()
            ),
            Job::GridConstants { ptx, ll, .. } => write!(
                f,
                "# cuprite: if {} has __grid_constant__ parameters, compile it again from the device pass's IR ({}) annotated with them",
                ptx.display(),
                ll.display()
            ),
            Job::ClusterDims { ptx, ll, .. } => write!(
                f,
                "# cuprite: if {} has __cluster_dims__ kernels, add their cluster directives (read from the device pass's IR, {})",
                ptx.display(),
                ll.display()
            ),
            Job::Precompile { program, args, pch, .. } => {
                let mut args = args.clone();
                args.extend([os("-o"), pch.into()]);
                write!(f, "{} (unless current)", Job::Run { program: program.clone(), args })
            }
            Job::Fatbin { ptx, out } => {
                write!(f, "# cuprite: write fatbin {} from", out.display())?;
                for p in ptx {
                    write!(f, " {}", p.display())?;
                }
                Ok(())
            }
            Job::DeviceLink { objects, source, out, compiler, .. } => {
                write!(f, "# cuprite: device link")?;
                for o in objects {
                    write!(f, " {}", o.display())?;
                }
                write!(f, " into {} (stub {}, compiled by {})", out.display(), source.display(), compiler.display())
            }
            Job::NvvmIr { path, .. } => write!(
                f,
                "# cuprite: copy 16-byte-aligned objects in {} with vector accesses; leave its contraction to \
                 NVPTX's rule, as NVVM does",
                path.display()
            ),
            Job::PrettyFunctionNames(p) => {
                write!(f, "# cuprite: write the __PRETTY_FUNCTION__ strings of {} as nvcc does", p.display())
            }
            Job::MarkManaged(p) => write!(f, "# cuprite: mark the __managed__ variables of {}", p.display()),
            Job::Overlap { device, host, pipe } => {
                writeln!(f, "# cuprite: the host pass runs alongside, reading {} as a named pipe", pipe.display())?;
                for j in device {
                    writeln!(f, "#$ {j}")?;
                }
                write!(f, "#$ {host}")
            }
        }
    }
}

/// A source's leading includes, to precompile (see [`crate::leading_includes`]).
#[derive(Debug, Clone, PartialEq)]
pub struct LeadingIncludes {
    /// Their cache entry.
    pub entry: crate::leading_includes::Entry,
    /// The header's text.
    pub text: String,
    /// The wrapper's PCH, which this one chains on.
    pub base: PathBuf,
}

/// Quotes a word for a POSIX shell when it needs it.
pub fn shell_quote(s: &str) -> String {
    let plain = !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=+:,@%".contains(c));
    if plain { s.to_string() } else { format!("'{}'", s.replace('\'', "'\\''")) }
}

/// A planned build: its jobs, notes for `-v`/`--dryrun`, and what to run afterwards (`--run`).
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// The jobs, in order.
    pub jobs: Vec<Job>,
    /// Remarks printed with `-v`/`--dryrun` (e.g. how `-cudart static` is honoured).
    pub notes: Vec<String>,
    /// The executable to run when done (`--run`).
    pub run: Option<PathBuf>,
    /// Markers to create once the build succeeds: sources' leading includes seen (see
    /// [`crate::leading_includes`]).
    pub mark_seen: Vec<PathBuf>,
    /// The `__shared__` declarations clang rejected that the compiled copies could not rewrite
    /// (see [`crate::shared_objects`]): the input, and where and why.
    pub unrewritten_shared: Vec<(PathBuf, crate::shared_objects::Unrewritable)>,
}

/// Why a command line cannot be planned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanError(pub String);

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The PTX ISA version requested from clang for an architecture: 8.3 (clang-19 supports up to
/// 8.5) for sm_90 and older, 8.7 for the Blackwell generation (clang 20+).
fn ptx_feature(arch: u32) -> &'static str {
    if arch >= 100 { "+ptx87" } else { "+ptx83" }
}

/// The file name stem of an input (`dir/a.cu` → `a`).
fn stem(p: &Path) -> String {
    p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into())
}

fn os(s: impl Into<OsString>) -> OsString {
    s.into()
}

/// Plans the build. `temp` is the directory for intermediate files; `libdevice` the math
/// bitcode for each architecture, if there is one; `leading_includes` whether CUDA sources'
/// leading includes may be precompiled (see [`crate::leading_includes`]); `shared` the
/// `__shared__` declarations clang rejected in earlier attempts (see [`crate::shared_objects`]);
/// `launch_macros` the CUDA inputs whose macros' device-side launches are rewritten (see
/// [`crate::device_launches`]).
pub fn plan(
    o: &Options,
    tc: &Toolchain,
    temp: &Path,
    libdevice: &dyn Fn(u32) -> Option<PathBuf>,
    leading_includes: bool,
    shared: &SharedObjectRounds,
    launch_macros: &[PathBuf],
) -> Result<Plan, PlanError> {
    let mut plan = Plan::default();
    if o.inputs.is_empty() {
        return Err(PlanError("no input files".into()));
    }
    check_openmp(o, tc)?;
    match o.phase {
        Phase::Cubin => {
            return Err(PlanError(
                "--cubin is not supported: Cuprite compiles device code to PTX only (use --ptx or --fatbin; \
                 executables embed PTX, which Cuprite runs and NVIDIA's driver JIT-compiles)"
                    .into(),
            ));
        }
        Phase::DeviceLink => {
            if let Some(other) = o.inputs.iter().find(|i| !matches!(i.kind, InputKind::Object | InputKind::Library)) {
                return Err(PlanError(format!(
                    "{}: -dlink links objects (.o) and static libraries (.a) of relocatable device code only",
                    other.path.display()
                )));
            }
            let objects = device_link_inputs(o, tc, o.inputs.iter().map(|i| i.path.clone()).collect());
            let out = o.output.clone().unwrap_or_else(|| in_output_directory(o, "a_dlink.o"));
            plan.jobs.push(device_link_job(o, tc, temp, objects, out));
            return Ok(plan);
        }
        _ => {}
    }
    let single_output = matches!(
        o.phase,
        Phase::Compile | Phase::DeviceCompile | Phase::Ptx | Phase::Fatbin | Phase::Preprocess | Phase::Dependencies
    );
    let sources = o.inputs.iter().filter(|i| !matches!(i.kind, InputKind::Object | InputKind::Library)).count();
    // nvcc 13.0's words for both (exit 1).
    if single_output && o.output.is_some() && sources > 1 {
        return Err(PlanError(
            "A single input file is required for a non-link phase when an outputfile is specified".into(),
        ));
    }
    if matches!(o.phase, Phase::Ptx) && o.archs.len() > 1 {
        return Err(PlanError(
            "Option '--ptx (-ptx)' is not allowed when compiling for multiple GPU architectures".into(),
        ));
    }
    let mut objects: Vec<OsString> = Vec::new();
    for input in &o.inputs {
        match input.kind {
            InputKind::Library if o.phase == Phase::Library => {
                return Err(PlanError(format!(
                    "{}: -lib puts objects in a static library: give the objects (or sources), not a library",
                    input.path.display()
                )));
            }
            InputKind::Object | InputKind::Library => {
                if single_output {
                    return Err(PlanError(format!(
                        "{}: nothing to compile in an object or library",
                        input.path.display()
                    )));
                }
                objects.push(input.path.clone().into());
            }
            InputKind::Ptx => {
                if o.phase != Phase::Fatbin {
                    return Err(PlanError(format!("{}: PTX inputs are supported with --fatbin", input.path.display())));
                }
                let out = o.output.clone().unwrap_or_else(|| default_output_path(o, input, "fatbin"));
                plan.jobs.push(Job::CheckPtx(input.path.clone()));
                plan.jobs.push(Job::Fatbin { ptx: vec![input.path.clone()], out });
            }
            InputKind::Cuda => {
                // Read once: the leading includes and both rewritten copies come from this text.
                let text = std::fs::read(&input.path).ok();
                let includes = leading_includes.then(|| source_includes(o, input, text.as_deref())).flatten();
                let workspace = Workspace { temp, libdevice };
                let rewrites = Rewrites {
                    relocatable: o.relocatable_device_code,
                    launch_macros: launch_macros.contains(&input.path),
                    shared: shared.of(&input.path),
                };
                let source = compiled_source(input, temp, text, includes.as_deref(), &rewrites, &mut plan);
                plan_cuda(o, tc, &workspace, input, &source, &mut plan, &mut objects)?
            }
            InputKind::Cxx | InputKind::C => plan_host_source(o, tc, temp, input, &mut plan, &mut objects)?,
        }
    }
    match o.phase {
        Phase::Link | Phase::Run => plan_link(o, tc, temp, &objects, &mut plan),
        Phase::Library => plan_library(o, tc, &objects, &mut plan),
        _ => {}
    }
    if o.max_registers.is_some() {
        plan.notes.push("-maxrregcount: accepted and ignored (clang's PTX carries no register limit)".into());
    }
    if o.ptxas_options.iter().any(|p| p != "-v" && p != "--verbose") {
        plan.notes.push("-Xptxas: accepted and ignored (there is no ptxas step: PTX is embedded)".into());
    }
    for d in &o.unmapped_diagnostics {
        plan.notes.push(format!("{d}: accepted and ignored (clang has no warning that corresponds)"));
    }
    Ok(plan)
}

/// An error when clang is to compile host code with OpenMP (`-Xcompiler -fopenmp`) and clang's
/// OpenMP runtime is not installed: clang compiles the host code of every `.cu` file (and of
/// the others without `-ccbin`), while nvcc's host compiler, g++, brings its own (libgomp).
fn check_openmp(o: &Options, tc: &Toolchain) -> Result<(), PlanError> {
    let openmp = o.compiler_options.iter().any(|c| c == "-fopenmp" || c == "-fopenmp=libomp");
    let clang_compiles_host_code = o.host_compiler.is_none() || o.inputs.iter().any(|i| i.kind == InputKind::Cuda);
    match missing_openmp(tc) {
        Some(why) if openmp && clang_compiles_host_code => Err(PlanError(format!("-Xcompiler -fopenmp: {why}"))),
        _ => Ok(()),
    }
}

/// Why clang cannot compile OpenMP host code, and what to install, when its OpenMP runtime (its
/// `omp.h`) is not installed; also the explanation of a failed `#include <omp.h>` (which g++
/// finds without `-fopenmp`: Rodinia's kmeans and backprop include it in `.cu` files).
pub(crate) fn missing_openmp(tc: &Toolchain) -> Option<String> {
    let include = tc.resource_dir.join("include");
    (!include.join("omp.h").is_file()).then(|| {
        format!(
            "clang, which compiles the host code of .cu files (and of the others without -ccbin), has no OpenMP \
             runtime installed (no omp.h in {}): install clang's (Debian/Ubuntu: apt-get install libomp-{}-dev), \
             as nvcc's host compiler g++ brings its own",
            include.display(),
            tc.clang_major
        )
    })
}

/// The jobs for a C or C++ source: preprocess it or list its dependencies (`-E`, `-M`), or
/// compile it to an object for the link; an error for the phases that need device code.
fn plan_host_source(
    o: &Options,
    tc: &Toolchain,
    temp: &Path,
    input: &Input,
    plan: &mut Plan,
    objects: &mut Vec<OsString>,
) -> Result<(), PlanError> {
    let out = object_path(o, temp, input);
    match o.phase {
        Phase::Compile | Phase::DeviceCompile | Phase::Link | Phase::Run | Phase::Library => {}
        // `-cuda` translates CUDA sources only.
        Phase::Preprocess if o.cuda_translation => return Ok(()),
        Phase::Preprocess | Phase::Dependencies => {
            let mut args = host_args(o, tc, input.kind);
            args.push(os(if o.phase == Phase::Preprocess { "-E" } else { "-M" }));
            if o.phase == Phase::Dependencies {
                dependency_target_args(o, input, &mut args);
            }
            args.extend(forced_language(input));
            args.push(input.path.clone().into());
            let listing = match (&o.output, o.phase) {
                (Some(out), _) => Some(out.clone()),
                (None, Phase::Dependencies) => Some(dependency_listing(o, temp, input)),
                (None, _) => None,
            };
            if let Some(out) = &listing {
                args.extend([os("-o"), out.into()]);
            }
            plan.jobs.push(Job::Run { program: host_compiler(o, tc, input.kind), args });
            if let Some(listing) = listing.filter(|_| o.phase == Phase::Dependencies) {
                plan.jobs.push(Job::DepfileLayout(listing.clone()));
                if o.output.is_none() && o.dependency_file.is_none() {
                    plan.jobs.push(Job::Print(listing));
                }
            }
            return Ok(());
        }
        _ => {
            return Err(PlanError(format!("{}: no device code in a host source file", input.path.display())));
        }
    }
    let mut args = host_args(o, tc, input.kind);
    let mut depfile = None;
    if o.dependencies_with_compile {
        dependency_args(o, true, &mut args);
        let (file, target) = compile_dependencies(o, input, &out);
        args.extend([os("-MF"), file.clone().into()]);
        if let Some(target) = target {
            args.extend([os("-MT"), os(target)]);
        }
        depfile = Some(file);
    }
    args.push(os("-c"));
    args.extend(forced_language(input));
    args.extend([input.path.clone().into(), os("-o"), out.clone().into()]);
    plan.jobs.push(Job::Run { program: host_compiler(o, tc, input.kind), args });
    plan.jobs.extend(depfile.map(Job::DepfileLayout));
    objects.push(out.into());
    Ok(())
}

/// `-x c++` / `-x c` where nvcc's `-x` gave a source a language its name does not (`-x c++
/// a.cu`): the host compiler would go by the name (clang compiled a `.cu` as CUDA, failing for
/// want of a CUDA installation), where nvcc's g++ compiles it as C++.
fn forced_language(input: &Input) -> Vec<OsString> {
    let named = input.path.to_str().and_then(InputKind::of);
    match input.kind {
        InputKind::Cxx if named != Some(InputKind::Cxx) => vec![os("-x"), os("c++")],
        InputKind::C if named != Some(InputKind::C) => vec![os("-x"), os("c")],
        _ => Vec::new(),
    }
}

/// The link of `objects` into the executable (or shared library), after the device link of
/// relocatable device code into a stub; `--run` runs the result.
fn plan_link(o: &Options, tc: &Toolchain, temp: &Path, objects: &[OsString], plan: &mut Plan) {
    let exe = o.output.clone().unwrap_or_else(|| in_output_directory(o, "a.out"));
    // Relocatable device code (compiled here with -rdc=true, or given as -dc objects) is
    // device-linked into a stub linked with the program.
    let user_relocatable =
        o.inputs.iter().any(|i| i.kind == InputKind::Object && crate::device_link::is_relocatable(&i.path));
    let mut args = objects.to_vec();
    if o.host_compiler.is_none() && tc.lld {
        args.push(os("-fuse-ld=lld"));
    }
    // `-nodlink`: the objects are linked as given (a device-link output among them, or the
    // link fails on the registration functions, as nvcc's does).
    if (o.relocatable_device_code || user_relocatable) && !o.no_device_link {
        let stub = temp.join("cuprite_dlink.o");
        let objs = device_link_inputs(o, tc, objects.iter().map(PathBuf::from).collect());
        plan.jobs.push(device_link_job(o, tc, temp, objs, stub.clone()));
        args.push(stub.into());
    }
    if o.shared {
        args.push(os("-shared"));
    }
    args.extend([os("-o"), exe.clone().into()]);
    args.extend(o.compiler_options.iter().map(os));
    for d in &o.library_dirs {
        args.push(os(format!("-L{}", d.display())));
    }
    for opt in &o.linker_options {
        args.push(os(format!("-Wl,{opt}")));
    }
    if o.cudart != Cudart::None {
        if o.cudart == Cudart::Static {
            plan.notes.push(
                "-cudart static: Cuprite has no static runtime library; linking Cuprite's shared libcudart.so.13 \
                 instead"
                    .into(),
            );
        }
        if let Some(dir) = &tc.cudart_dir {
            args.push(library_dir_arg(dir));
            args.push(runtime_search_path_arg(dir));
        }
        args.push(os("-lcudart"));
    }
    // nvcc's dynamic-parallelism programs link the device runtime, `-lcudadevrt`: Cuprite's
    // is part of its libcudart (the device link finds the toolkit's empty archive), so the
    // host link leaves it out (a source-tree build has no such archive to find).
    for l in o.libraries.iter().filter(|l| *l != "cudadevrt") {
        args.push(os(format!("-l{l}")));
    }
    plan.jobs.push(Job::Run { program: host_compiler(o, tc, InputKind::Cxx), args });
    if o.phase == Phase::Run {
        plan.run = Some(exe);
    }
}

/// `-lib`: the static library of `objects` (the compiled inputs' and the objects given), written
/// afresh, as nvcc writes it (`rm` then `ar cr`; `s` adds the index linkers read); nvcc's
/// default name is `a.a`. Relocatable device code stays relocatable in it, for a later
/// `-dlink` or link.
fn plan_library(o: &Options, tc: &Toolchain, objects: &[OsString], plan: &mut Plan) {
    let library = o.output.clone().unwrap_or_else(|| in_output_directory(o, "a.a"));
    plan.jobs.push(Job::RemoveFile(library.clone()));
    let mut args = vec![os("crs"), library.into()];
    args.extend(objects.iter().cloned());
    plan.jobs.push(Job::Run { program: tc.archiver.clone(), args });
}

/// The `-L` of the link line for Cuprite's runtime library (`-v` prints it as `LIBRARIES=`,
/// quoted as the link line prints it: build systems look for it there).
pub fn library_dir_arg(dir: &Path) -> OsString {
    os(format!("-L{}", dir.display()))
}

/// The link flag that records `dir` as the output's run-time search path (`DT_RUNPATH`) for
/// Cuprite's runtime library. nvcc links its runtime statically by default: what it builds runs,
/// and links into other programs (a shared library of kernels used by a C program), without
/// being told where a libcudart is. Cuprite's runtime is a shared library; found through the
/// output's search path, it serves the same, while `LD_LIBRARY_PATH`, searched before a
/// `DT_RUNPATH` (unlike the old `DT_RPATH`, hence the new tags), still picks another runtime
/// (`cuprite exec`, NVIDIA's on a GPU).
fn runtime_search_path_arg(dir: &Path) -> OsString {
    os(format!("-Wl,--enable-new-dtags,-rpath,{}", dir.display()))
}

/// What the device link reads: the objects and static libraries among `inputs`, and the
/// static libraries that `-l` names in the `-L` directories (the toolkit's `lib64` last; its
/// `libcudadevrt.a`, which build systems link, is empty). Shared libraries hold no device code.
fn device_link_inputs(o: &Options, tc: &Toolchain, inputs: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut objects: Vec<PathBuf> =
        inputs.into_iter().filter(|p| p.extension().is_some_and(|e| e == "o" || e == "obj" || e == "a")).collect();
    let mut dirs = o.library_dirs.clone();
    dirs.extend(tc.cudart_dir.clone());
    objects.extend(o.libraries.iter().filter_map(|l| crate::device_link::find_static_library(l, &dirs)));
    objects
}

fn device_link_job(o: &Options, tc: &Toolchain, temp: &Path, objects: Vec<PathBuf>, out: PathBuf) -> Job {
    Job::DeviceLink {
        objects,
        source: temp.join("cuprite_dlink.c"),
        out,
        compiler: tc.clang.clone(),
        compiler_args: host_code_options(o),
    }
}

/// Where a source's object goes: `-o` with `-c`, else `<stem>.o` (with `-c`) or a temporary.
fn object_path(o: &Options, temp: &Path, input: &Input) -> PathBuf {
    match (o.phase, &o.output) {
        (Phase::Compile | Phase::DeviceCompile, Some(out)) => out.clone(),
        (Phase::Compile | Phase::DeviceCompile, None) => default_output_path(o, input, "o"),
        _ => temp.join(format!("{}.o", intermediate_stem(o, &input.path))),
    }
}

/// The output nvcc names after `input` when `-o` does not name it: the input's stem with
/// `extension`, in the `-odir` directory if one is given (else the current one).
fn default_output_path(o: &Options, input: &Input, extension: &str) -> PathBuf {
    in_output_directory(o, format!("{}.{extension}", stem(&input.path)))
}

/// An output nvcc names itself (`a.out`, `a.a`, `a_dlink.o`, `k.ptx`): in the `-odir`
/// directory if one is given, else the current one; nvcc 13.0 puts every such output there.
fn in_output_directory(o: &Options, name: impl Into<PathBuf>) -> PathBuf {
    let name = name.into();
    o.output_directory.as_ref().map_or_else(|| name.clone(), |dir| dir.join(&name))
}

/// `-cuda`'s output for `input` when `-o` does not name it: nvcc's `a.cu.cpp.ii` (the whole
/// file name, then `.cpp.ii`), in the `-odir` directory if one is given.
fn cuda_translation_path(o: &Options, input: &Input) -> PathBuf {
    let mut name = input.path.file_name().unwrap_or(input.path.as_os_str()).to_os_string();
    name.push(".cpp.ii");
    o.output_directory.as_ref().map_or_else(|| name.clone().into(), |dir| dir.join(&name))
}

/// `-MD`'s dependency file and target (`None`: clang's, the object) for `input` compiled to
/// `object`: `-MF`'s and `-MT`'s if given; else beside the object (`a.o` → `a.d`) when the
/// build stops at objects. When it links, as nvcc 13.0 writes them: named after the output
/// given with `-o` (`-o app` → `app.d`, target `app`), else after the input (`a.d`, target
/// `a.o`, both in the `-odir` directory if one is given), the objects being temporary.
fn compile_dependencies(o: &Options, input: &Input, object: &Path) -> (PathBuf, Option<String>) {
    let linked = !matches!(o.phase, Phase::Compile | Phase::DeviceCompile);
    let (file, target) = match (&o.output, linked) {
        (_, false) => (object.with_extension("d"), None),
        (Some(output), true) => (output.with_extension("d"), Some(output.to_string_lossy().into_owned())),
        (None, true) => (
            default_output_path(o, input, "d"),
            Some(default_output_path(o, input, "o").to_string_lossy().into_owned()),
        ),
    };
    (o.dependency_file.clone().unwrap_or(file), o.dependency_target.clone().or(target))
}

/// Where `-M`/`-MM` write the dependencies of `input` when `-o` does not name the file:
/// `-MF`'s file (nvcc writes it and prints nothing), else a temporary file then printed.
fn dependency_listing(o: &Options, temp: &Path, input: &Input) -> PathBuf {
    o.dependency_file.clone().unwrap_or_else(|| temp.join(format!("{}.d", unique_stem(&input.path))))
}

/// `-M`'s target: `-MT`'s, else the object nvcc names after the input (`a.o`, in the `-odir`
/// directory if one is given), whatever file clang reads.
fn dependency_target_args(o: &Options, input: &Input, args: &mut Vec<OsString>) {
    let target = o
        .dependency_target
        .clone()
        .unwrap_or_else(|| default_output_path(o, input, "o").to_string_lossy().into_owned());
    args.extend([os("-MT"), os(target)]);
}

/// A temporary-file stem unique per input path (two inputs may share a file name).
fn unique_stem(p: &Path) -> String {
    let h = crate::cache::hash_bytes(p.as_os_str().as_encoded_bytes());
    format!("{}-{:08x}", stem(p), h as u32)
}

/// The stem of a source's intermediate files: under `--keep`, which leaves them for the user,
/// nvcc's (the input's stem: `a.fatbin`, `a.o`); else [`unique_stem`].
fn intermediate_stem(o: &Options, p: &Path) -> String {
    if o.keep { stem(p) } else { unique_stem(p) }
}

/// The name of a kept PTX file, as nvcc 13.0 names it: `a.ptx` for one architecture, else
/// `a.compute_80.ptx`, one per architecture.
fn kept_ptx_name(o: &Options, input: &Path, arch: u32) -> String {
    if o.archs.len() == 1 { format!("{}.ptx", stem(input)) } else { format!("{}.compute_{arch}.ptx", stem(input)) }
}

/// The host compiler for a C/C++ input (C++ for the link): `-ccbin`, else clang. `-ccbin` may
/// name the compiler or, as nvcc documents, the directory holding it: there the GNU compiler
/// (`gcc` for C, `g++` for C++), else clang's.
fn host_compiler(o: &Options, tc: &Toolchain, kind: InputKind) -> PathBuf {
    let names: &[&str] = if kind == InputKind::C { &["gcc", "clang", "cc"] } else { &["g++", "clang++", "c++"] };
    match &o.host_compiler {
        Some(dir) if dir.is_dir() => {
            names.iter().map(|n| dir.join(n)).find(|c| c.is_file()).unwrap_or_else(|| dir.join(names[0]))
        }
        Some(compiler) => compiler.clone(),
        None if kind == InputKind::C => tc.clang.clone(),
        None => tc.clangxx.clone(),
    }
}

/// nvcc's `__CUDA_ARCH_LIST__`: the virtual architectures compiled for, ascending, as
/// `__CUDA_ARCH__` spells them (`800,900`). CUB reads it to instantiate only the tuning policies
/// (and kernels) of those architectures; without it, every policy of a dispatch's chain.
fn arch_list_define(o: &Options) -> OsString {
    let mut archs = o.archs.clone();
    archs.sort_unstable();
    archs.dedup();
    let list: Vec<String> = archs.iter().map(|a| (a * 10).to_string()).collect();
    os(format!("-D__CUDA_ARCH_LIST__={}", list.join(",")))
}

/// The macros nvcc defines for the modes its options select, which programs and libraries test
/// (CUB enables device-side launches under `__CUDACC_RDC__`): `-rdc=true`/`-dc`, `-G`,
/// `--extended-lambda`, `--expt-relaxed-constexpr`.
fn mode_defines(o: &Options) -> Vec<OsString> {
    [
        (o.relocatable_device_code, "-D__CUDACC_RDC__"),
        (o.device_debug, "-D__CUDACC_DEBUG__"),
        (o.extended_lambda, "-D__CUDACC_EXTENDED_LAMBDA__"),
        (o.relaxed_constexpr, "-D__CUDACC_RELAXED_CONSTEXPR__"),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, define)| os(define))
    .collect()
}

/// The flag that makes signed integer overflow wrap in host code Cuprite's clang compiles.
/// nvcc's host compiler is g++, which compiles host-side checks such as `a[i] != i * i` (whose
/// `int` product overflows, as the device's `mul.lo.s32` wraps) to compare the wrapped values;
/// clang's optimizer assumes the overflow away (widening `i * i`), so such a program that passes
/// when built by nvcc failed when built here (NVIDIA's simpleOccupancy sample). Device code is
/// compiled as before.
const HOST_SIGNED_OVERFLOW_WRAPS: &str = "-fwrapv";

/// The flag that keeps Cuprite's clang quiet about options that only the link uses when they
/// reach a compilation: nvcc gives `-Xcompiler` options (`-static-libstdc++`, `-pthread`,
/// `-fopenmp`) to every g++ command, compilations and the link alike, and g++ says nothing of
/// them; clang warned "argument unused during compilation" once per pass.
const HOST_UNUSED_ARGUMENTS_QUIET: &str = "-Qunused-arguments";

/// Flags of a host C/C++ compilation: Cuprite's headers on the include path (host code uses the
/// runtime API), the user's -I/-D/-O/-g/-Xcompiler, and wrapping signed overflow when the host
/// compiler is Cuprite's clang.
fn host_args(o: &Options, tc: &Toolchain, kind: InputKind) -> Vec<OsString> {
    let mut args = Vec::new();
    if kind == InputKind::Cxx
        && let Some(std) = &o.std
    {
        args.push(os(format!("-std={std}")));
    }
    args.push(arch_list_define(o));
    user_preprocessor_args(o, &mut args);
    args.push(os(format!("-I{}", tc.include_dir.display())));
    if kind == InputKind::Cxx {
        cccl_args(tc, &mut args);
    }
    if o.host_compiler.is_none() {
        args.extend([os(HOST_SIGNED_OVERFLOW_WRAPS), os(HOST_UNUSED_ARGUMENTS_QUIET)]);
    }
    if o.host_debug {
        args.push(os("-g"));
    }
    if o.default_stream == DefaultStream::PerThread {
        args.push(os("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"));
    }
    if o.disable_warnings {
        args.push(os("-w"));
    }
    if kind == InputKind::C && o.host_compiler.is_none() {
        args.extend(LEGACY_C_WARNINGS.iter().map(os));
    }
    args.extend(host_code_options(o));
    args
}

/// The options of host code compilations: `-fPIC` where the invocation links a shared library
/// (`-shared`, also with `-dlink`, as nvcc compiles the device-link stub then), since clang's
/// kernel stubs are global functions whose addresses the registration takes (nvcc makes its
/// stubs static, so its objects need no `-fPIC` there); then `-Xcompiler`'s, then `-O` (nvcc's
/// order, recorded from nvcc 13.0's --dryrun: `-Xcompiler -O0 -O3` compiles host code at -O3;
/// `-O0` is not passed, so `-Xcompiler -O2 -O0` compiles it at -O2).
fn host_code_options(o: &Options) -> Vec<OsString> {
    let shared_library = o.shared && matches!(o.phase, Phase::Link | Phase::Run | Phase::DeviceLink);
    let mut args: Vec<OsString> = if shared_library { vec![os("-fPIC")] } else { Vec::new() };
    args.extend(o.compiler_options.iter().map(os));
    args.extend(host_optimization(o).map(os));
    args
}

/// The host compiler's `-O` from nvcc's: none for `-O0` or none given.
fn host_optimization(o: &Options) -> Option<String> {
    o.opt_level.filter(|&l| l > 0).map(|l| format!("-O{l}"))
}

/// In C compiled by clang (no `-ccbin`): clang's diagnostics that C99 made errors (calls to undeclared functions, implicit `int`) and
/// that clang 16+ reports as errors in C by default, while gcc before 14 (the host compiler
/// nvcc runs on C files here) warns: old C that nvcc builds builds, with the warnings.
const LEGACY_C_WARNINGS: &[&str] = &[
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-function-pointer-types",
];

/// CCCL's headers, after Cuprite's own (which they include), as system headers (as nvcc has them).
fn cccl_args(tc: &Toolchain, args: &mut Vec<OsString>) {
    if let Some(dir) = &tc.cccl_dir {
        args.extend([os("-isystem"), dir.into()]);
    }
}

/// The user's -I, -isystem, -D and -U, in order.
fn user_preprocessor_args(o: &Options, args: &mut Vec<OsString>) {
    for d in &o.include_dirs {
        args.push(os(format!("-I{}", d.display())));
    }
    for d in &o.system_include_dirs {
        args.extend([os("-isystem"), d.into()]);
    }
    for m in &o.macros {
        args.push(os(match m {
            Macro::Define(d) => format!("-D{d}"),
            Macro::Undefine(u) => format!("-U{u}"),
        }));
    }
}

/// Which compilation of a CUDA source: the host pass, or a device pass.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Host,
    Device,
}

/// The warnings nvcc's front end gives by default that clang's does not: a local variable or
/// static function declared but never referenced (EDG's #177-D), a variable set but never used
/// (#550-D); `-Werror all-warnings` makes them errors (`--diag-suppress 177,550` and `-w`,
/// which come after, silence them). The host pass only: it parses device code too, so each is
/// reported once.
const NVCC_DEFAULT_WARNINGS: &[&str] = &["-Wunused-variable", "-Wunused-function", "-Wunused-but-set-variable"];

/// Flags shared by both CUDA passes: CUDA C++ with Cuprite's headers instead of NVIDIA's, the
/// CUDA 9.2+ launch ABI, the user's preprocessor options. The wrapper header comes separately
/// ([`include_wrapper`]).
fn cuda_common_args(o: &Options, tc: &Toolchain, arch: u32, input: &Path, source: &Path, pass: Pass) -> Vec<OsString> {
    let mut args = vec![
        os("-x"),
        os("cuda"),
        os(format!("-std={}", o.std.as_deref().unwrap_or("c++17"))),
        os(format!("--cuda-gpu-arch=sm_{arch}")),
        os("-nocudainc"),
        os("-nocudalib"),
        os("-Wno-unknown-cuda-version"),
        // nvcc says nothing when it cannot honour a `#pragma unroll` (a trip count that is not a
        // constant, as in CUB's radix-sort kernels); clang's optimizer warns at every such loop.
        os("-Wno-pass-failed"),
        // Narrowing in braces (`S s{threadIdx.x}`, `float f{i}`) is a warning of nvcc's front
        // end (#2361-D, in device and host code alike), an error of clang's by default.
        os("-Wno-error=c++11-narrowing"),
        // The SDK version selects clang's launch ABI: >= 9.2 is cudaLaunchKernel with
        // __cudaPushCallConfiguration and __cudaRegisterFatBinaryEnd, as nvcc emits.
        os("-Xclang"),
        os("-target-sdk-version=12.3"),
        // Declarations of C variadic functions in device code (SFINAE overloads in libcu++,
        // device printf's prototype) are allowed, as nvcc and clang with an SDK allow them.
        os("-Xclang"),
        os("-fcuda-allow-variadic-functions"),
        arch_list_define(o),
    ];
    args.extend(mode_defines(o));
    if source != input {
        // The rewritten copy (see compiled_source) finds the headers next to the input first.
        let dir = input.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        args.extend([os("-iquote"), dir.into()]);
    }
    user_preprocessor_args(o, &mut args);
    if pass == Pass::Host {
        args.extend(NVCC_DEFAULT_WARNINGS.iter().map(os));
    }
    args.extend(o.front_end_options.iter().map(os));
    args.extend(o.diagnostic_options.iter().map(os));
    args.extend([
        os("-isystem"),
        tc.resource_dir.join("include/cuda_wrappers").into(),
        os(format!("-I{}", tc.include_dir.display())),
    ]);
    cccl_args(tc, &mut args);
    if o.disable_warnings {
        args.push(os("-w"));
    }
    if o.default_stream == DefaultStream::PerThread {
        args.push(os("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"));
    }
    if o.relocatable_device_code {
        // Both passes must name the file's internal device symbols alike: one compilation
        // unit id for both (clang's driver gives it to the device pass only; see host_cuid_args).
        args.extend([os("-fgpu-rdc"), os(format!("-cuid={}", cuid(input)))]);
    }
    args
}

/// The compilation unit id of `input` under `-rdc=true`: clang appends it to the names of the
/// file's internal kernels and `__device__` variables (`static`, anonymous namespace), which
/// relocatable device code makes visible to the device linker.
fn cuid(input: &Path) -> String {
    format!("{:016x}", crate::cache::hash_bytes(input.as_os_str().as_encoded_bytes()))
}

/// The host pass's copy of the compilation unit id, given to the front end directly: clang-19's
/// driver drops `-cuid` under `--cuda-host-only`, and the host pass then registers internal
/// kernels and variables under a name of its own (file id and macro hash), which the device code
/// does not define: launches of `static` or anonymous-namespace kernels failed with
/// cudaErrorInvalidResourceHandle. After the wrapper's arguments: its PCH does not depend on it.
fn host_cuid_args(o: &Options, input: &Path, args: &mut Vec<OsString>) {
    if o.relocatable_device_code {
        args.extend([os("-Xclang"), os(format!("-cuid={}", cuid(input)))]);
    }
}

/// Device-pass code-generation flags: optimization (device code is optimized unless -G, as
/// nvcc does), debug info, zero-initialized locals, allocations that may fail, and the
/// floating-point options.
fn device_codegen_args(o: &Options) -> Vec<OsString> {
    let mut args = Vec::new();
    if o.device_debug {
        args.extend([os("-O0"), os("-gline-tables-only")]);
    } else {
        args.push(os("-O3"));
        if o.line_info {
            args.push(os("-gline-tables-only"));
        }
    }
    // Locals read before they are written are zero, not undefined: CUDA code relies on NVVM
    // leaving such reads alone (the warp-aggregated atomic of NVIDIA's own examples writes
    // `res` in the leader lane only, then broadcasts it with __shfl_sync), while LLVM would
    // fold the leader's branch away and run its atomic in every lane.
    args.push(os("-ftrivial-auto-var-init=zero"));
    // Device malloc and new return NULL when the heap cannot serve them, and CUDA programs test
    // for it; LLVM would fold such a test to "not NULL" (and drop an allocation only freed),
    // taking malloc for the C library's and new for one that throws.
    args.extend([os("-fno-builtin-malloc"), os("-fno-builtin-free"), os("-fcheck-new")]);
    args.extend(float_mode_args(o));
    args.push(os(match o.fused_multiply_add {
        Some(false) => "-ffp-contract=off",
        _ => "-ffp-contract=fast",
    }));
    args
}

/// The device pass's `__OPTIMIZE__`, `__OPTIMIZE_SIZE__` and `__NO_INLINE__`: those of the host
/// pass, as nvcc's device pass has them (it preprocesses with the host compiler's -O, whatever
/// the device code's optimization). clang's device pass runs at -O3 (-O0 under -G), so without
/// this `__OPTIMIZE__` was defined in device code where nvcc's has it only with -O1..3 or a host
/// -O (-Xcompiler), and `__NO_INLINE__` was missing; -G -O3 had them the other way round. The
/// host pass's level is the last -O of its arguments (-Xcompiler's, then nvcc's: `host_code_options`).
fn host_optimization_macros(o: &Options) -> Vec<OsString> {
    let host = host_optimization(o);
    let last = o.compiler_options.iter().filter(|a| a.starts_with("-O")).chain(host.iter()).last();
    // gcc's and clang's predefines: -O0 (or none) inlines nothing; -Os/-Oz optimize for size;
    // -Og optimizes but keeps __NO_INLINE__.
    let (optimize, size, no_inline) = match last.map(|a| &a[2..]) {
        None | Some("0") => (false, false, true),
        Some("s" | "z") => (true, true, false),
        Some("g") => (true, false, true),
        Some(_) => (true, false, false),
    };
    let mut args = vec![os("-U__OPTIMIZE__"), os("-U__OPTIMIZE_SIZE__"), os("-U__NO_INLINE__")];
    for (on, name) in [(optimize, "__OPTIMIZE__"), (size, "__OPTIMIZE_SIZE__"), (no_inline, "__NO_INLINE__")] {
        if on {
            args.push(os(format!("-D{name}=1")));
        }
    }
    args
}

/// The device pass's flags for nvcc's -use_fast_math, -ftz, -prec-div and -prec-sqrt, with
/// nvcc's rule: -use_fast_math implies -ftz=true -prec-div=false -prec-sqrt=false, and an
/// explicit option overrides what it implies. Like nvcc's, fast math is no licence to assume
/// finite values or reassociate (no clang -ffast-math): it selects instructions.
/// - flush-to-zero: `.ftz` instructions and libdevice's flush-to-zero paths;
/// - -prec-div=false: `div.full.f32` (`div.approx` under -use_fast_math), through the NVPTX
///   back end's division level;
/// - -prec-sqrt=false: `sqrt.approx` (cuda_wrapper.h maps sqrtf), and `1/sqrtf(x)` one
///   `rsqrt.approx` only where division is approximate too;
/// - -use_fast_math: the fast single-precision intrinsics for sinf, expf, ... (cuda_wrapper.h).
fn float_mode_args(o: &Options) -> Vec<OsString> {
    let mut args = Vec::new();
    if o.flush_denormals.unwrap_or(o.fast_math) {
        args.push(os("-fgpu-flush-denormals-to-zero"));
    }
    if o.fast_math {
        args.push(os("-fgpu-approx-transcendentals"));
    }
    if !o.precise_division.unwrap_or(!o.fast_math) {
        // 0: div.approx, 1: div.full (IEEE div.rn is the default, 2).
        let level = if o.fast_math { "0" } else { "1" };
        args.extend([os("-mllvm"), os(format!("-nvptx-prec-divf32={level}"))]);
    } else {
        // `1.0f / sqrtf(x)` with an approximate square root stays a division (`sqrt.approx`,
        // `rcp.rn`) where division is IEEE: nvcc folds it into `rsqrt.approx` only under
        // -prec-div=false, NVPTX under any division level.
        args.extend([os("-mllvm"), os("-nvptx-rsqrt-approx-opt=false")]);
    }
    if !o.precise_sqrt.unwrap_or(!o.fast_math) {
        args.push(os("-D__CUPRITE_APPROX_SQRT__"));
    }
    args
}

/// Whether the device pass contracts multiply-adds (`-fmad=true`, the default, without `-G`),
/// and so contracts as NVVM does (see [`crate::contraction`]).
fn contracts(o: &Options) -> bool {
    !o.device_debug && o.fused_multiply_add != Some(false)
}

/// The arguments of clang's code generation from the device pass's IR (LLVM's passes already
/// run), up to the IR file: the target, and what code generation reads from the command line
/// rather than the IR.
fn codegen_args(o: &Options, codegen: u32) -> Vec<OsString> {
    let mut cg_args = vec![
        os("--target=nvptx64-nvidia-cuda"),
        os(format!("-march=sm_{codegen}")),
        os("-Xclang"),
        os("-target-feature"),
        os("-Xclang"),
        os(ptx_feature(codegen)),
    ];
    // The optimization level, fp contraction and division level: what code generation reads
    // from the command line rather than the IR.
    let device = device_codegen_args(o);
    let mut i = 0;
    while i < device.len() {
        let a = device[i].to_string_lossy();
        if a.starts_with("-O") {
            cg_args.push(device[i].clone());
        } else if a == "-mllvm" && i + 1 < device.len() {
            cg_args.extend([device[i].clone(), device[i + 1].clone()]);
            i += 1;
        }
        i += 1;
    }
    // clang applies -ffp-contract to source languages only, not to IR: the NVPTX back end's own
    // switch contracts as -ffp-contract=fast does (no switch: as =off; -O0 contracts nothing).
    if contracts(o) {
        cg_args.extend([os("-mllvm"), os("-nvptx-fma-level=1")]);
    }
    // The IR has been through LLVM's passes once: code generation only, as the device pass's,
    // with its warnings (-w).
    cg_args.extend([os("-Xclang"), os("-disable-llvm-passes")]);
    if o.disable_warnings {
        cg_args.push(os("-w"));
    }
    cg_args.extend([os("-Wno-override-module"), os("-S"), os("-x"), os("ir")]);
    cg_args
}

/// The [`Job::GridConstants`] of a device pass whose flags (all but its input and output) are
/// `args`: the same pass writing IR, and clang compiling the annotated IR for `codegen` with the
/// pass's code-generation flags (the rest of them is in the IR); the IR files are `stem.ll` and
/// `stem-annotated.ll`.
fn grid_constants_job(o: &Options, tc: &Toolchain, codegen: u32, args: &[OsString], io: [&Path; 3]) -> Job {
    let [device_input, ptx, stem] = io;
    let ll = PathBuf::from(format!("{}.ll", stem.display()));
    let annotated = PathBuf::from(format!("{}-annotated.ll", stem.display()));
    let mut ir_args = args.to_vec();
    ir_args.extend([os("-emit-llvm"), os("-S"), device_input.into(), os("-o"), ll.clone().into()]);
    let mut cg_args = codegen_args(o, codegen);
    cg_args.push(annotated.clone().into());
    cg_args.extend([os("-o"), ptx.into()]);
    Job::GridConstants {
        ptx: ptx.to_path_buf(),
        ir: Box::new(Job::Run { program: tc.clangxx.clone(), args: ir_args }),
        ll,
        annotated,
        codegen: Box::new(Job::Run { program: tc.clang.clone(), args: cg_args }),
    }
}

/// The source CMake compiles to identify a CUDA compiler. CMake reads the compiler's name from
/// the program it builds, which says "NVIDIA" when `__NVCC__` is defined: the host pass of this
/// one file defines it. Nothing else does: libraries (CCCL among them) read `__NVCC__` as "the
/// front end of NVIDIA's nvcc" and would use that front end's built-ins, which clang has not.
const CMAKE_COMPILER_ID_SOURCE: &str = "CMakeCUDACompilerId.cu";

/// Adds the force-included wrapper header to a CUDA pass whose front-end flags are `args` so
/// far: as a precompiled header (planning its build, once per plan), followed by the source's
/// precompiled leading `includes` where there are some; as plain text where a PCH cannot be used
/// (see [`can_precompile`]).
fn include_wrapper(o: &Options, tc: &Toolchain, includes: Option<&str>, args: &mut Vec<OsString>, plan: &mut Plan) {
    if can_precompile(o) {
        include_wrapper_pch(tc, args, plan);
        if let Some(text) = includes {
            use_leading_includes(tc, text, args, plan);
        }
    } else {
        args.extend([os("-include"), os(precompiled::WRAPPER)]);
    }
    pre_include_args(o, args);
}

/// nvcc's `-include`: after the CUDA headers, as nvcc includes them after `cuda_runtime.h`;
/// then the overlay of rewritten headers, if any (see [`crate::header_rewrites`]), after the
/// arguments a precompiled wrapper is keyed on, which reads none of the user's headers.
fn pre_include_args(o: &Options, args: &mut Vec<OsString>) {
    for header in &o.pre_includes {
        args.extend([os("-include"), os(header)]);
    }
    if let Some(overlay) = &o.header_overlay {
        args.extend([os("-ivfsoverlay"), overlay.into()]);
    }
}

/// clang's dependency-file flag for nvcc's `-M`/`-MM` (`with_compile`: `-MD`/`-MMD`), and `-MP`.
fn dependency_args(o: &Options, with_compile: bool, args: &mut Vec<OsString>) {
    args.push(os(match (with_compile, o.dependencies_nonsystem) {
        (false, false) => "-M",
        (false, true) => "-MM",
        (true, false) => "-MD",
        (true, true) => "-MMD",
    }));
    if o.dependency_phony_targets {
        args.push(os("-MP"));
    }
}

/// Whether the wrapper may be precompiled. Not in C++20 and later: there clang-19 checks the
/// one-definition rule across a PCH and takes clang's `__device__ int max(int, int)` and
/// Cuprite's `__host__` one (`cuprite/min_max.h`) for two definitions of one function, which
/// they are not (CUDA overloads on the execution space).
fn can_precompile(o: &Options) -> bool {
    let standard = o.std.as_deref().unwrap_or("c++17");
    let year = standard.trim_start_matches("gnu++").trim_start_matches("c++");
    !year.starts_with('2')
}

/// [`include_wrapper`] with the PCH.
fn include_wrapper_pch(tc: &Toolchain, args: &mut Vec<OsString>, plan: &mut Plan) {
    let pch = precompiled::path(tc, args);
    let planned = plan.jobs.iter().any(|j| matches!(j, Job::Precompile { pch: p, .. } if *p == pch));
    if !planned {
        // Before every other job: the passes of an overlap run together and need it first.
        let at = plan.jobs.iter().take_while(|j| matches!(j, Job::Precompile { .. })).count();
        let job = Job::Precompile {
            program: tc.clangxx.clone(),
            args: precompiled::args(tc, args),
            pch: pch.clone(),
            includes: None,
        };
        plan.jobs.insert(at, job);
    }
    args.extend([os("-include-pch"), pch.into()]);
}

/// The header of `input`'s leading includes (see [`crate::leading_includes`]), unless the
/// build writes dependency files (which must name every header the source includes).
fn source_includes(o: &Options, input: &Input, text: Option<&[u8]>) -> Option<String> {
    if o.dependencies_with_compile || matches!(o.phase, Phase::Preprocess | Phase::Dependencies) {
        return None;
    }
    let source = std::str::from_utf8(text?).ok()?;
    let dir = input.path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };
    crate::leading_includes::header_text(source, &dir)
}

/// What clang reads for a CUDA input: the file of the host pass, the file of the device passes
/// (see [`compiled_source`]), and the text of its leading includes, when they are precompiled
/// (see [`crate::leading_includes`]).
struct CompiledSource<'a> {
    file: PathBuf,
    device_file: PathBuf,
    includes: Option<&'a str>,
}

/// The files clang compiles for a CUDA input whose contents are `text` (`None`: unreadable, so
/// compiled as it is and reported by clang). Where nvcc's front end reads what clang's does not,
/// a copy written by a job of the plan, whose `#line` keeps the input's name and lines in
/// diagnostics and `__FILE__`:
/// - launches with split chevrons (`k << < g, b >> > (...)`, see [`crate::launch_chevrons`])
///   joined, for every pass;
/// - `alignas` after a memory-space specifier (see [`crate::attribute_order`]) moved before it,
///   for every pass;
/// - templated deduction guides (see [`crate::deduction_guides`]) marked host-and-device, for
///   every pass;
/// - with relocatable device code (`rewrites.relocatable`), launches in device code (see
///   [`crate::device_launches`]) written as calls of the device runtime, for every pass;
/// - the `__shared__` declarations clang rejected in earlier attempts (`rewrites.shared`, see
///   [`crate::shared_objects`]) declared as storage clang accepts, for every pass;
/// - host references to `__managed__` variables (see [`crate::managed`]) through the
///   runtime's managed allocation, for every pass;
/// - inline PTX naming special registers with one `%` (see [`crate::asm_escapes`]) escaped as
///   well, for the device passes only.
fn compiled_source<'a>(
    input: &Input,
    temp: &Path,
    text: Option<Vec<u8>>,
    includes: Option<&'a str>,
    rewrites: &Rewrites<'_>,
    plan: &mut Plan,
) -> CompiledSource<'a> {
    let relocatable = rewrites.relocatable;
    let unique = unique_stem(&input.path);
    let joined = text.as_deref().and_then(crate::launch_chevrons::join_split_chevrons);
    if joined.is_some() {
        plan.notes.push(format!(
            "{}: launches with split chevrons (<< <, >> >) joined, as nvcc reads them",
            input.path.display()
        ));
    }
    let aligned = joined.as_deref().or(text.as_deref()).and_then(crate::attribute_order::alignas_first);
    if aligned.is_some() {
        plan.notes.push(format!(
            "{}: `alignas` after __shared__ (or __device__, __constant__, __managed__) moved before the specifiers, \
             where clang reads it",
            input.path.display()
        ));
    }
    let joined = aligned.or(joined);
    let guided = joined.as_deref().or(text.as_deref()).and_then(crate::deduction_guides::host_device);
    if guided.is_some() {
        plan.notes.push(format!(
            "{}: deduction guides marked __host__ __device__, so that device code may use them as with nvcc",
            input.path.display()
        ));
    }
    let joined = guided.or(joined);
    let launching = relocatable.then(|| {
        joined.as_deref().or(text.as_deref()).and_then(|t| crate::device_launches::rewrite(t, rewrites.launch_macros))
    });
    let launching = launching.flatten();
    if launching.is_some() {
        plan.notes.push(format!(
            "{}: kernel launches in device code written as calls of the device runtime (dynamic parallelism)",
            input.path.display()
        ));
    }
    let rewritten = launching.or(joined);
    let managed = crate::managed::rewrite(rewritten.as_deref().or(text.as_deref()).unwrap_or_default());
    if managed.is_some() {
        plan.notes.push(format!(
            "{}: host references to __managed__ variables written through their managed memory, as nvcc writes them",
            input.path.display()
        ));
    }
    let rewritten = managed.or(rewritten);
    let rewritten =
        match rewritten_shared_objects(input, rewritten.as_deref().or(text.as_deref()), rewrites.shared, plan) {
            Some(body) => Some(body),
            None => rewritten,
        };
    let file = match &rewritten {
        Some(body) => write_copy(input, temp.join(format!("{unique}.rewritten.cu")), body, plan),
        None => input.path.clone(),
    };
    let source = rewritten.or(text).and_then(|t| String::from_utf8(t).ok());
    let mut escaped = source.as_deref().and_then(crate::asm_escapes::escape);
    // Then the `%`s clang rejected in earlier attempts, each round in the text it compiled.
    for round in rewrites.shared {
        if let Some(again) =
            escaped.as_deref().or(source.as_deref()).and_then(|t| crate::asm_escapes::escape_at(t, &round.percents))
        {
            escaped = Some(again);
        }
    }
    let device_file = match escaped {
        Some(escaped) => {
            plan.notes.push(format!(
                "{}: inline PTX names special registers with one `%`: its device passes compile a copy with `%%`",
                input.path.display()
            ));
            write_copy(input, temp.join(format!("{unique}.asm-escaped.cu")), escaped.as_bytes(), plan)
        }
        None => file.clone(),
    };
    CompiledSource { file, device_file, includes }
}

/// What [`compiled_source`] rewrites besides what every source gets.
struct Rewrites<'a> {
    /// The build compiles relocatable device code: device-side launches are rewritten.
    relocatable: bool,
    /// Launches in the file's macro definitions are rewritten too (see
    /// [`crate::device_launches::rewrite`]).
    launch_macros: bool,
    /// The places of the declarations clang rejected, per earlier attempt.
    shared: &'a [RejectedRound],
}

/// Per CUDA input (as the command line names it, which is how clang's diagnostics name it), the
/// places (line, column) of the declarations clang rejected in each earlier attempt to build
/// that the driver rewrites: each attempt's places are in the text that attempt compiled.
#[derive(Debug, Clone, Default)]
pub struct SharedObjectRounds(std::collections::BTreeMap<PathBuf, Vec<RejectedRound>>);

/// One attempt's rejected declarations of an input.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RejectedRound {
    /// `__shared__` objects with constructors (see [`crate::shared_objects`]).
    pub shared: Vec<(usize, usize)>,
    /// Static locals initialized by `__device__` constructors (see [`crate::static_locals`]).
    pub statics: Vec<(usize, usize)>,
    /// `%`s of inline-asm templates that macros assemble (see [`crate::asm_escapes`]): places in
    /// the device passes' copy.
    pub percents: Vec<(usize, usize)>,
}

impl SharedObjectRounds {
    /// The rounds of `input`.
    fn of(&self, input: &Path) -> &[RejectedRound] {
        self.0.get(input).map_or(&[], Vec::as_slice)
    }

    /// Adds an attempt's rejected places of `input` (none: nothing is added).
    pub fn add(&mut self, input: &Path, round: RejectedRound) {
        if !round.shared.is_empty() || !round.statics.is_empty() || !round.percents.is_empty() {
            self.0.entry(input.to_path_buf()).or_default().push(round);
        }
    }

    /// Whether an earlier attempt already rejected the static local at `place` of `input` (its
    /// rewrite did not take: rewriting again would not either).
    pub fn has_static(&self, input: &Path, place: (usize, usize)) -> bool {
        self.of(input).iter().any(|r| r.statics.contains(&place))
    }

    /// Whether an earlier attempt already doubled the `%` at `place` of `input`'s device copy.
    pub fn has_percent(&self, input: &Path, place: (usize, usize)) -> bool {
        self.of(input).iter().any(|r| r.percents.contains(&place))
    }
}

/// `text` (`None`: nothing to rewrite) with the declarations at `rounds` rewritten one round
/// after the other (in a round, static locals first: their rewrite inserts before a name and
/// leaves the places of the `__shared__` declarations on other lines where they were), or
/// `None` when none was; the `__shared__` declarations it cannot rewrite are recorded in the plan.
fn rewritten_shared_objects(
    input: &Input,
    text: Option<&[u8]>,
    rounds: &[RejectedRound],
    plan: &mut Plan,
) -> Option<Vec<u8>> {
    let mut current: Option<Vec<u8>> = None;
    let (mut shared, mut statics) = (false, false);
    for round in rounds {
        if let Some(marked) = crate::static_locals::rewrite(current.as_deref().or(text)?, &round.statics) {
            statics = true;
            current = Some(marked);
        }
        let (rewritten, problems) = crate::shared_objects::rewrite(current.as_deref().or(text)?, &round.shared);
        plan.unrewritten_shared.extend(problems.into_iter().map(|p| (input.path.clone(), p)));
        shared |= rewritten.is_some();
        current = rewritten.or(current);
    }
    if shared {
        plan.notes.push(format!(
            "{}: __shared__ variables whose type has a non-empty constructor or destructor declared as storage that \
             neither constructs nor destroys them, as nvcc compiles them",
            input.path.display()
        ));
    }
    if statics {
        plan.notes.push(format!(
            "{}: static locals initialized by a __device__ constructor marked __device__, as nvcc compiles them",
            input.path.display()
        ));
    }
    current
}

/// Plans writing `body` to `path` after a `#line` naming `input`; returns `path`.
fn write_copy(input: &Input, path: PathBuf, body: &[u8], plan: &mut Plan) -> PathBuf {
    let name = input.path.to_string_lossy().replace('\\', "\\\\").replace('"', "\\\"");
    let mut text = format!("#line 1 \"{name}\"\n").into_bytes();
    text.extend_from_slice(body);
    plan.jobs.push(Job::WriteSource { path: path.clone(), text });
    path
}

/// For a pass whose front-end flags `args` end with the wrapper's PCH: uses the precompiled
/// leading includes `text` instead when they are current, plans their build when the source
/// was seen before, or marks it seen (see [`crate::leading_includes`]).
fn use_leading_includes(tc: &Toolchain, text: &str, args: &mut [OsString], plan: &mut Plan) {
    let Some(base) = args.last().map(PathBuf::from) else { return };
    let cwd = std::env::current_dir().unwrap_or_default();
    let entry = crate::leading_includes::entry(args, &cwd, text);
    match crate::leading_includes::decide(&entry, precompiled::is_current(&base)) {
        crate::leading_includes::Decision::Skip => {}
        crate::leading_includes::Decision::MarkSeen => plan.mark_seen.push(entry.seen),
        decision => {
            if decision == crate::leading_includes::Decision::Build {
                let mut pch_args = args.to_vec();
                pch_args.extend([os("-Xclang"), os("-emit-pch"), os("-S"), entry.header.clone().into()]);
                // After the wrapper's PCH jobs (the same rule as include_wrapper's).
                let at = plan.jobs.iter().take_while(|j| matches!(j, Job::Precompile { .. })).count();
                let includes = LeadingIncludes { entry: entry.clone(), text: text.to_string(), base };
                let job = Job::Precompile {
                    program: tc.clangxx.clone(),
                    args: pch_args,
                    pch: entry.pch.clone(),
                    includes: Some(includes),
                };
                plan.jobs.insert(at, job);
            }
            if let Some(last) = args.last_mut() {
                *last = entry.pch.into();
            }
        }
    }
}

/// Where a CUDA source's passes put their files, and the math library they link.
struct Workspace<'a> {
    /// The directory for intermediate files.
    temp: &'a Path,
    /// The math bitcode for an architecture, if there is one.
    libdevice: &'a dyn Fn(u32) -> Option<PathBuf>,
}

/// Plans one `.cu` input.
fn plan_cuda(
    o: &Options,
    tc: &Toolchain,
    workspace: &Workspace<'_>,
    input: &Input,
    compiled: &CompiledSource<'_>,
    plan: &mut Plan,
    objects: &mut Vec<OsString>,
) -> Result<(), PlanError> {
    let (source, includes) = (compiled.file.as_path(), compiled.includes);
    let first_arch = o.archs.first().copied().unwrap_or(crate::options::DEFAULT_ARCH);
    // The host pass compiles no device code: any architecture clang knows will do.
    let first_arch = gpu_arch::codegen_arch(first_arch, tc.clang_major);
    if matches!(o.phase, Phase::Preprocess | Phase::Dependencies) {
        let mut args = cuda_common_args(o, tc, first_arch, &input.path, source, Pass::Host);
        args.extend([os("-include"), os(precompiled::WRAPPER)]);
        pre_include_args(o, &mut args);
        args.push(os("--cuda-host-only"));
        if o.phase == Phase::Preprocess {
            args.push(os("-E"));
        } else {
            dependency_args(o, false, &mut args);
            dependency_target_args(o, input, &mut args);
        }
        args.push(source.into());
        // The dependencies of a rewritten copy name the input instead, written to a file first.
        let renamed = o.phase == Phase::Dependencies && source != input.path;
        // Dependencies are written to a file first (then laid out as nvcc does, see
        // crate::depfile::nvcc_layout), and those of a rewritten copy name the input instead.
        let dependencies = o.phase == Phase::Dependencies;
        let listing = match &o.output {
            Some(out) => Some(out.clone()),
            None if dependencies => Some(dependency_listing(o, workspace.temp, input)),
            None if o.cuda_translation => Some(cuda_translation_path(o, input)),
            None => None,
        };
        if let Some(out) = &listing {
            args.extend([os("-o"), out.into()]);
        }
        plan.jobs.push(Job::Run { program: tc.clangxx.clone(), args });
        if let Some(listing) = listing.filter(|_| dependencies) {
            if renamed {
                let input = input.path.clone();
                plan.jobs.push(Job::NameInputInDepfile {
                    depfile: listing.clone(),
                    source: source.to_path_buf(),
                    input,
                });
            }
            plan.jobs.push(Job::DepfileLayout(listing.clone()));
            if o.output.is_none() && o.dependency_file.is_none() {
                plan.jobs.push(Job::Print(listing));
            }
        }
        return Ok(());
    }
    let unique = intermediate_stem(o, &input.path);
    // In nvcc's words (CMake reads the architectures a compiler defaults to from them).
    let archs: Vec<String> = o.archs.iter().map(|a| format!("-arch compute_{a}")).collect();
    plan.notes.push(format!("{}: PTX for {}", input.path.display(), archs.join(", ")));
    let device_input = compiled.device_file.clone();
    let mut ptx_files = Vec::new();
    // The device passes' jobs, apart: the wrapper's PCH jobs go before all (include_wrapper).
    let mut device = Vec::new();
    for &arch in &o.archs {
        let codegen = gpu_arch::codegen_arch(arch, tc.clang_major);
        let ptx = match (o.phase, &o.output) {
            (Phase::Ptx, Some(out)) if out.as_os_str() != "-" => out.clone(),
            (Phase::Ptx, None) => default_output_path(o, input, "ptx"),
            _ if o.keep => workspace.temp.join(kept_ptx_name(o, &input.path, arch)),
            _ => workspace.temp.join(format!("{unique}.sm_{arch}.ptx")),
        };
        let mut args = cuda_common_args(o, tc, codegen, &input.path, &device_input, Pass::Device);
        args.extend([os("--cuda-device-only"), os(format!("--cuda-feature={}", ptx_feature(codegen)))]);
        args.extend(gpu_arch::arch_macro_args(arch, codegen).into_iter().map(os));
        args.extend(device_codegen_args(o));
        args.extend(host_optimization_macros(o));
        // A copy for the device passes only (see compiled_source): its quoted includes are
        // found beside the input (cuda_common_args), and it has no precompiled leading includes.
        let includes = if device_input == source { includes } else { None };
        include_wrapper(o, tc, includes, &mut args, plan);
        // The same front end, stopped before LLVM's passes, prints the IR that maps kernels to
        // their __cluster_dims__ (needed only if the PTX is marked: see crate::cluster_dims).
        let ll = workspace.temp.join(format!("{unique}.sm_{arch}.ll"));
        let mut ir_args = args.clone();
        ir_args.extend([os("-emit-llvm"), os("-Xclang"), os("-disable-llvm-passes")]);
        ir_args.extend([os("-S"), device_input.clone().into(), os("-o"), ll.clone().into()]);
        if let Some(bc) = (workspace.libdevice)(codegen) {
            args.extend([os("-Xclang"), os("-mlink-builtin-bitcode"), os("-Xclang"), bc.into()]);
        }
        let gc_stem = workspace.temp.join(format!("{unique}.sm_{arch}.gc"));
        let grid_constants = grid_constants_job(o, tc, codegen, &args, [&device_input, &ptx, &gc_stem]);
        // The IR, mended as NVVM would have made it (its copies; its contraction by NVPTX's
        // rule rather than LLVM's), compiled to the PTX.
        let ir = workspace.temp.join(format!("{unique}.sm_{arch}.nvvm.ll"));
        let promote = o.device_debug.then_some(tc.opt.as_ref()).flatten();
        if promote.is_some() {
            // Without `optnone`, which would keep opt from the functions.
            args.extend([os("-Xclang"), os("-disable-O0-optnone")]);
        }
        args.extend([os("-emit-llvm"), os("-S"), device_input.clone().into(), os("-o"), ir.clone().into()]);
        device.push(Job::Run { program: tc.clangxx.clone(), args });
        device.push(Job::NvvmIr { path: ir.clone(), source: input.path.clone() });
        let ir = match promote {
            // -G: clang -O0 gives every local and parameter a stack slot, where NVVM's -G keeps
            // those whose address is not taken in registers; the frames of recursive functions
            // were 2-16x nvcc's, and recursion nvcc's build survives overflowed the 1 KiB
            // stack. mem2reg is that promotion and nothing more (line information stays).
            Some(opt) => {
                let promoted = workspace.temp.join(format!("{unique}.sm_{arch}.promoted.ll"));
                let args = vec![os("-passes=mem2reg"), os("-S"), ir.into(), os("-o"), promoted.clone().into()];
                device.push(Job::Run { program: opt.clone(), args });
                promoted
            }
            None => ir,
        };
        let mut cg_args = codegen_args(o, codegen);
        cg_args.extend([ir.into(), os("-o"), ptx.clone().into()]);
        device.push(Job::Run { program: tc.clangxx.clone(), args: cg_args });
        device.push(grid_constants);
        device.push(Job::CompleteParamCopies(ptx.clone()));
        device.push(Job::MarkManaged(ptx.clone()));
        device.push(Job::PrettyFunctionNames(ptx.clone()));
        if o.relocatable_device_code {
            device.push(Job::ResolveStatics(ptx.clone()));
        }
        if codegen != arch {
            device.push(Job::Retarget { ptx: ptx.clone(), arch });
        }
        let ir = Box::new(Job::Run { program: tc.clangxx.clone(), args: ir_args });
        device.push(Job::ClusterDims { ptx: ptx.clone(), ir, ll });
        device.push(Job::CheckPtx(ptx.clone()));
        // nvcc shows relocatable device code's resources at its device link (nvlink's lines),
        // warning when compiling it, except to ptxas's own `-v` (recorded from nvcc 13.0).
        let ptxas_verbose = o.ptxas_options.iter().any(|p| p == "-v" || p == "--verbose");
        if o.resource_usage && o.relocatable_device_code && !ptxas_verbose {
            if ptx_files.is_empty() {
                device.push(Job::WarnResourcesNotFinal);
            }
        } else if o.resource_usage {
            device.push(Job::ReportResources { ptx: ptx.clone(), relocatable: o.relocatable_device_code });
        }
        if o.phase == Phase::Ptx && o.output.as_ref().is_some_and(|out| out.as_os_str() == "-") {
            device.push(Job::Print(ptx.clone()));
        }
        ptx_files.push(ptx);
    }
    if o.phase == Phase::Ptx {
        plan.jobs.extend(device);
        return Ok(());
    }
    let fatbin = match (o.phase, &o.output) {
        (Phase::Fatbin, Some(out)) => out.clone(),
        (Phase::Fatbin, None) => default_output_path(o, input, "fatbin"),
        _ => workspace.temp.join(format!("{unique}.fatbin")),
    };
    let fatbin_job = Job::Fatbin { ptx: ptx_files, out: fatbin.clone() };
    if o.phase == Phase::Fatbin {
        plan.jobs.extend(device);
        plan.jobs.push(fatbin_job);
        return Ok(());
    }
    let object = object_path(o, workspace.temp, input);
    let mut args = cuda_common_args(o, tc, first_arch, &input.path, source, Pass::Host);
    args.push(os("--cuda-host-only"));
    if input.path.file_name().is_some_and(|n| n == CMAKE_COMPILER_ID_SOURCE) {
        args.push(os("-D__NVCC__"));
        plan.notes.push(format!(
            "{CMAKE_COMPILER_ID_SOURCE}: CMake's compiler identification; __NVCC__ is defined for it, so that CMake \
             drives this driver with nvcc's command line"
        ));
    }
    if o.default_stream == DefaultStream::PerThread {
        // Kernel launches then call cudaLaunchKernel_ptsz (clang's driver does not forward
        // the flag for CUDA: give it to the front end).
        args.extend([os("-Xclang"), os("-fgpu-default-stream=per-thread")]);
    }
    args.extend([os(HOST_SIGNED_OVERFLOW_WRAPS), os(HOST_UNUSED_ARGUMENTS_QUIET)]);
    if o.host_debug {
        args.push(os("-g"));
    }
    args.extend(host_code_options(o));
    include_wrapper(o, tc, includes, &mut args, plan);
    host_cuid_args(o, &input.path, &mut args);
    let dependencies = o.dependencies_with_compile.then(|| compile_dependencies(o, input, &object));
    let depfile = dependencies.as_ref().map(|(file, _)| file.clone());
    if let Some((dep, target)) = dependencies {
        dependency_args(o, true, &mut args);
        args.extend([os("-MF"), dep.into()]);
        if let Some(target) = target {
            args.extend([os("-MT"), os(target)]);
        }
    }
    args.extend([os("-Xclang"), os("-fcuda-include-gpubinary"), os("-Xclang"), fatbin.clone().into()]);
    args.extend([os("-c"), source.into(), os("-o"), object.clone().into()]);
    let host = Job::Run { program: tc.clangxx.clone(), args };
    if o.keep {
        // Kept intermediate files stay plain files: run the passes one after the other.
        plan.jobs.extend(device);
        plan.jobs.push(fatbin_job);
        plan.jobs.push(host);
    } else {
        device.push(fatbin_job);
        plan.jobs.push(Job::Overlap { device, host: Box::new(host), pipe: fatbin });
    }
    if let Some(depfile) = depfile {
        if source != input.path {
            // Build systems must see the input, not the copy that is gone after the build.
            let job = Job::NameInputInDepfile {
                depfile: depfile.clone(),
                source: source.to_path_buf(),
                input: input.path.clone(),
            };
            plan.jobs.push(job);
        }
        plan.jobs.push(Job::DepfileLayout(depfile));
    }
    objects.push(object.into());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `-Xcompiler -fopenmp` with clang compiling host code and no omp.h in clang's resource
    /// directory is an error naming the package; with it, or with g++ compiling all host code,
    /// or without OpenMP, none.
    #[test]
    fn openmp_without_clangs_runtime_is_an_error_naming_the_package() {
        let Ok(mut tc) = Toolchain::locate(None) else { panic!("clang is needed to plan builds") };
        let dir = crate::test_dir("openmp-resource");
        std::fs::create_dir_all(dir.join("include")).unwrap();
        tc.resource_dir = dir.clone();
        let parse = |args: &str| Options::parse(&args.split_whitespace().collect::<Vec<_>>()).unwrap();
        let e = check_openmp(&parse("-Xcompiler -fopenmp a.cu"), &tc).unwrap_err();
        assert!(e.0.contains(&format!("libomp-{}-dev", tc.clang_major)) && e.0.contains("-fopenmp"), "{e}");
        assert!(check_openmp(&parse("-ccbin g++ -Xcompiler -fopenmp a.cpp"), &tc).is_ok());
        assert!(check_openmp(&parse("-ccbin g++ -Xcompiler -fopenmp a.cu"), &tc).is_err());
        assert!(check_openmp(&parse("a.cu"), &tc).is_ok());
        std::fs::write(dir.join("include/omp.h"), "").unwrap();
        assert!(check_openmp(&parse("-Xcompiler -fopenmp a.cu"), &tc).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The device pass's optimization macros follow the host pass's last -O (nvcc's -O, then
    /// -Xcompiler's), not the device code's -O3 or -G.
    #[test]
    fn device_optimization_macros_are_the_host_passs() {
        let macros = |args: &str| {
            let o = Options::parse(&args.split_whitespace().collect::<Vec<_>>()).unwrap();
            let a = host_optimization_macros(&o);
            assert_eq!(a[..3], [os("-U__OPTIMIZE__"), os("-U__OPTIMIZE_SIZE__"), os("-U__NO_INLINE__")]);
            a[3..].iter().map(|d| d.to_string_lossy().into_owned()).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(macros("a.cu"), "-D__NO_INLINE__=1");
        assert_eq!(macros("-G a.cu"), "-D__NO_INLINE__=1");
        assert_eq!(macros("-O3 -G a.cu"), "-D__OPTIMIZE__=1");
        assert_eq!(macros("-O0 a.cu"), "-D__NO_INLINE__=1");
        assert_eq!(macros("-Xcompiler -Os a.cu"), "-D__OPTIMIZE__=1 -D__OPTIMIZE_SIZE__=1");
        // nvcc's -O comes after -Xcompiler's; its -O0 is not passed at all.
        assert_eq!(macros("-O3 -Xcompiler -O0 a.cu"), "-D__OPTIMIZE__=1");
        assert_eq!(macros("-Xcompiler -O2 -O0 a.cu"), "-D__OPTIMIZE__=1");
        assert_eq!(macros("-O1 -Xcompiler -O0 -O0 a.cu"), "-D__NO_INLINE__=1");
        assert_eq!(macros("-Xcompiler -Og a.cu"), "-D__OPTIMIZE__=1 -D__NO_INLINE__=1");
    }

    /// What nvcc 13.0 refuses before compiling (recorded, "nvcc fatal   : " and exit 1): one `-o`
    /// for several inputs of a phase that writes one file each, and `--ptx` for several
    /// architectures (with or without `-o`).
    #[test]
    fn one_output_for_several_inputs_or_architectures_is_nvccs_error() {
        let Ok(tc) = Toolchain::locate(None) else { panic!("clang is needed to plan builds") };
        let error = |args: &str| {
            let o = Options::parse(&args.split_whitespace().collect::<Vec<_>>()).unwrap();
            let shared = SharedObjectRounds::default();
            match plan(&o, &tc, Path::new("/nonexistent"), &|_| None, false, &shared, &[]) {
                Err(e) => e.0,
                Ok(_) => panic!("{args}: planned"),
            }
        };
        let single = "A single input file is required for a non-link phase when an outputfile is specified";
        assert_eq!(error("-c a/x.cu main.cu -o one.o"), single);
        assert_eq!(error("-E a.cu b.cu -o pre.ii"), single);
        let ptx = "Option '--ptx (-ptx)' is not allowed when compiling for multiple GPU architectures";
        assert_eq!(
            error("-ptx -gencode arch=compute_80,code=compute_80 -gencode arch=compute_90,code=compute_90 a.cu"),
            ptx
        );
        assert_eq!(error("-ptx -arch=all a.cu -o a.ptx"), ptx);
    }
}
