//! Runs a planned build: spawns clang, checks the PTX, writes fatbins, builds the math
//! library's bitcode on first use, and (`--run`) runs the result.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::cache::{self, Key};
use crate::options::Options;
use crate::pipe;
use crate::plan::{self, Job};
use crate::toolchain::Toolchain;
use fatbin::PtxEntry;

/// The `nvcc --version` text. Build systems read it: CMake recognizes an nvcc by the words
/// "nvcc: NVIDIA (R) Cuda compiler driver" (and only then drives it with nvcc's command line)
/// and takes the CUDA version from "V13.0.0"; the second line names that command line as the
/// one implemented, and says whose driver this is.
pub fn version_text(tc: Option<&Toolchain>) -> String {
    let clang = tc.map(|t| t.clangxx.display().to_string()).unwrap_or_else(|| "clang (not found)".into());
    format!(
        "cuprite nvcc: Cuprite's CUDA compiler driver (cuprite {}), compiling with {clang}\n\
         Implements the command line of nvcc: NVIDIA (R) Cuda compiler driver (this is not NVIDIA software)\n\
         Cuda compilation tools, release 13.0, V13.0.0 (Cuprite)\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// The `#$ NAME=value` lines nvcc's `-v` starts with, as build systems read them (CMake takes
/// the toolkit root from `TOP`, its headers from `INCLUDES`, the host link line from the command
/// that contains `LIBRARIES`): here they describe what this driver does, its toolkit root, the
/// include directory it passes, and the `-L` of its link line; before them, as nvcc prints
/// them, the options read from `NVCC_PREPEND_FLAGS` and `NVCC_APPEND_FLAGS`.
pub fn environment_lines(tc: &Toolchain) -> String {
    let mut lines = String::new();
    // nvcc names the options it read from the environment first.
    for variable in [crate::options::PREPEND_FLAGS, crate::options::APPEND_FLAGS] {
        if let Ok(value) = std::env::var(variable) {
            lines.push_str(&format!("#$ {variable}=\"{value}\"\n"));
        }
    }
    lines.push_str(&format!("#$ TOP={}\n", tc.root.display()));
    if let Some(bc) = &tc.libdevice_bitcode
        && let Some(dir) = bc.parent()
    {
        lines.push_str(&format!("#$ NVVMIR_LIBRARY_DIR={}\n", dir.display()));
    }
    if let Some(path) = std::env::var_os("PATH") {
        lines.push_str(&format!("#$ PATH={}\n", path.to_string_lossy()));
    }
    lines.push_str(&format!("#$ INCLUDES={}\n", crate::plan::shell_quote(&format!("-I{}", tc.include_dir.display()))));
    if let Some(dir) = &tc.cudart_dir {
        lines.push_str(&format!(
            "#$ LIBRARIES={}\n",
            crate::plan::shell_quote(&crate::plan::library_dir_arg(dir).to_string_lossy())
        ));
    }
    lines
}

/// A directory for intermediate files, removed on drop unless kept.
struct TempDir {
    path: PathBuf,
    remove: bool,
}

impl TempDir {
    fn new(o: &Options) -> std::io::Result<TempDir> {
        if o.keep {
            let path = o.keep_dir.clone().unwrap_or_else(|| PathBuf::from("."));
            std::fs::create_dir_all(&path)?;
            return Ok(TempDir { path, remove: false });
        }
        static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("cuprite-nvcc-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&path)?;
        Ok(TempDir { path, remove: true })
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if self.remove {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// An error that ends the build: its message (already printed, if empty) and exit status.
#[derive(Debug)]
pub struct Failure {
    /// What to print after "cuprite nvcc: error: " (empty: a tool already reported it).
    pub message: String,
    /// The exit status.
    pub status: i32,
    /// What the failing tool printed: [`build`] passes it through to standard error when it
    /// ends with this failure (not when it retries: see [`crate::shared_objects`]).
    pub diagnostics: String,
}

impl Failure {
    /// A failure with a message and status 1.
    pub fn new(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: 1, diagnostics: String::new() }
    }
}

/// The math library's bitcode for `arch`: the toolkit's prebuilt one, or `libdevice.c` compiled
/// into the cache (once per content and architecture), or none (then `__nv_*` calls stay
/// unresolved and fail at load naming the function).
fn libdevice(tc: &Toolchain, arch: u32, show: bool, dry_run: bool) -> Result<Option<PathBuf>, Failure> {
    if let Some(bc) = &tc.libdevice_bitcode {
        return Ok(Some(bc.clone()));
    }
    let Some(src) = &tc.libdevice_source else { return Ok(None) };
    // The key covers every file of the library's directory: `libdevice.c` includes the others.
    let mut key = Key::default();
    key.add(tc.clang.as_os_str().as_encoded_bytes());
    let dir = src.parent().unwrap_or(Path::new("."));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Failure::new(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "c" || x == "h"))
        .collect();
    files.sort();
    for f in &files {
        let text = std::fs::read(f).map_err(|e| Failure::new(format!("cannot read {}: {e}", f.display())))?;
        key.add(f.as_os_str().as_encoded_bytes()).add(&text);
    }
    let key = key.hex();
    let bc = cache::cache_root().join("libdevice").join(key).join(format!("libdevice.sm_{arch}.bc"));
    if bc.is_file() {
        return Ok(Some(bc));
    }
    let tmp = cache::unique_temporary(&bc);
    let job = Job::Run { program: tc.clang.clone(), args: libdevice_args(arch, src, &tmp) };
    if show {
        eprintln!("#$ {job}");
    }
    if dry_run {
        return Ok(Some(bc));
    }
    if let Some(dir) = bc.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Failure::new(format!("cannot create {}: {e}", dir.display())))?;
    }
    execute(&job, None)?;
    std::fs::rename(&tmp, &bc).map_err(|e| Failure::new(format!("cannot write {}: {e}", bc.display())))?;
    Ok(Some(bc))
}

/// The clang arguments that compile Cuprite's math library `src` (`libdevice/libdevice.c`) to
/// bitcode `out` for `sm_{arch}`: the one recipe, which the tests that link the library use too.
pub fn libdevice_args(arch: u32, src: &Path, out: &Path) -> Vec<std::ffi::OsString> {
    vec![
        "-x".into(),
        "c".into(),
        "--target=nvptx64-nvidia-cuda".into(),
        format!("-march=sm_{arch}").into(),
        "-O2".into(),
        "-ffp-contract=off".into(),
        "-fno-math-errno".into(),
        // `__nvvm_reflect("__CUDA_FTZ")` must survive into the bitcode, to follow the user's
        // flush-to-zero flag when the library is linked into the user's code.
        "-mllvm".into(),
        "-nvvm-reflect-enable=false".into(),
        "-emit-llvm".into(),
        "-c".into(),
        src.into(),
        "-o".into(),
        out.into(),
    ]
}

/// Runs one job. `pipe_reader` is the host pass reading the fatbin through a named pipe, if
/// one runs alongside (see [`Job::Overlap`]).
fn execute(job: &Job, pipe_reader: Option<&mut Child>) -> Result<(), Failure> {
    match job {
        Job::Overlap { device, host, pipe } => overlap(device, host, pipe),
        Job::DeviceLink { objects, source, out, compiler, compiler_args } => {
            device_link(objects, source, out, compiler, compiler_args)
        }
        // What the tool prints is passed through.
        Job::Run { program, args } => run_tool(program, args, Stdio::inherit()),
        Job::Precompile { program, args, pch, includes } => precompile(program, args, pch, includes.as_ref()),
        Job::Print(path) => {
            use std::io::Write as _;
            let text = read_text(path)?;
            std::io::stdout()
                .write_all(text.as_bytes())
                .map_err(|e| Failure::new(format!("cannot write {} to standard output: {e}", path.display())))
        }
        Job::DepfileLayout(path) => {
            let text = crate::depfile::nvcc_layout(&read_text(path)?);
            std::fs::write(path, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))
        }
        Job::NameInputInDepfile { depfile, source, input } => {
            let text = read_text(depfile)?;
            let text = text.replace(&crate::depfile::escape(source), &crate::depfile::escape(input));
            std::fs::write(depfile, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", depfile.display())))
        }
        Job::NvvmIr { path, source } => match nvvm_ir(&read_text(path)?, source)? {
            Some(text) => {
                std::fs::write(path, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))
            }
            None => Ok(()),
        },
        Job::PrettyFunctionNames(path) => match crate::pretty_function::edg(&read_text(path)?) {
            Some(text) => {
                std::fs::write(path, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))
            }
            None => Ok(()),
        },
        Job::MarkManaged(path) => match crate::managed::mark_ptx(&read_text(path)?) {
            Some(text) => {
                std::fs::write(path, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))
            }
            None => Ok(()),
        },
        Job::RemoveFile(path) => match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(Failure::new(format!("cannot remove {}: {e}", path.display())))
            }
            _ => Ok(()),
        },
        Job::WriteSource { path, text } => {
            std::fs::write(path, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))
        }
        Job::GridConstants { ptx, ir, ll, annotated, codegen } => {
            if !crate::grid_constant::is_marked(&read_text(ptx)?) {
                return Ok(());
            }
            execute(ir, None)?;
            if let Some(text) = crate::grid_constant::annotate(&read_text(ll)?) {
                let text = crate::contraction::nvvm(&text).unwrap_or(text);
                let text = crate::vector_copies::rewrite(&text).unwrap_or(text);
                std::fs::write(annotated, text)
                    .map_err(|e| Failure::new(format!("cannot write {}: {e}", annotated.display())))?;
                execute(codegen, None)?;
            }
            let text = crate::grid_constant::remove_mark(&read_text(ptx)?);
            std::fs::write(ptx, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", ptx.display())))
        }
        Job::ClusterDims { ptx, ir, ll } => {
            let text = read_text(ptx)?;
            if !crate::cluster_dims::is_marked(&text) {
                return Ok(());
            }
            execute(ir, None)?;
            let kernels = crate::cluster_dims::from_ir(&read_text(ll)?).map_err(Failure::new)?;
            let text = crate::cluster_dims::apply(&text, &kernels).map_err(Failure::new)?;
            std::fs::write(ptx, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", ptx.display())))
        }
        Job::Retarget { ptx, arch } => {
            let text = crate::gpu_arch::retarget(&read_text(ptx)?, *arch)
                .map_err(|e| Failure::new(format!("{}: {e}", ptx.display())))?;
            std::fs::write(ptx, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", ptx.display())))
        }
        Job::CompleteParamCopies(path) => match crate::param_copies::complete(&read_text(path)?) {
            Some(text) => {
                std::fs::write(path, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))
            }
            None => Ok(()),
        },
        Job::ResolveStatics(path) => match crate::externalized_statics::resolve(&read_text(path)?) {
            Some(text) => {
                std::fs::write(path, text).map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))
            }
            None => Ok(()),
        },
        Job::ReportResources { ptx, relocatable } => {
            eprint!("{}", crate::resource_usage::report(&read_text(ptx)?, *relocatable));
            Ok(())
        }
        Job::WarnResourcesNotFinal => {
            eprintln!("{}", crate::resource_usage::NOT_FINAL);
            Ok(())
        }
        Job::CheckPtx(path) => {
            let text = read_text(path)?;
            crate::ptx_check::check_clang_output(&path.display().to_string(), &text).map_err(Failure::new)
        }
        Job::Fatbin { ptx, out } => {
            let mut entries = Vec::new();
            for p in ptx {
                let text = read_text(p)?;
                let (version, arch) = fatbin::ptx_version_and_target(&text)
                    .ok_or_else(|| Failure::new(format!("{}: no .version/.target directive", p.display())))?;
                entries.push(PtxEntry { arch, version, text });
            }
            let bytes = fatbin::write(&entries);
            match pipe_reader {
                Some(reader) => pipe::write(out, &bytes, reader),
                None => cache::write_atomic(out, &bytes),
            }
            .map_err(|e| Failure::new(format!("cannot write {}: {e}", out.display())))
        }
    }
}

/// Runs the device jobs while the host pass, started first, parses the same source; the host
/// pass blocks on the named pipe until the fatbin is written into it.
fn overlap(device: &[Job], host: &Job, fifo: &Path) -> Result<(), Failure> {
    let Job::Run { program, args } = host else {
        return Err(Failure::new("internal error: the overlapped host pass is not a command"));
    };
    pipe::create(fifo).map_err(|e| Failure::new(format!("cannot create the pipe {}: {e}", fifo.display())))?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Failure::new(format!("cannot run {}: {e}", program.display())))?;
    // Drain the host pass's diagnostics as they come, so that a full pipe never stalls it.
    let stderr = child.stderr.take();
    let collector = std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(mut s) = stderr {
            let _ = std::io::Read::read_to_string(&mut s, &mut text);
        }
        text
    });
    let mut device_result = Ok(());
    for job in device {
        device_result = execute(job, Some(&mut child));
        if device_result.is_err() {
            break;
        }
    }
    if device_result.is_err() {
        // The device code did not compile: the host pass waits for a fatbin that will not come.
        let _ = child.kill();
    }
    let status = child.wait().map_err(|e| Failure::new(format!("cannot wait for {}: {e}", program.display())))?;
    // The pipe has served: a build attempted again (see build) makes it anew.
    let _ = std::fs::remove_file(fifo);
    let diagnostics = collector.join().unwrap_or_default();
    device_result?;
    if status.success() {
        eprint!("{diagnostics}");
        Ok(())
    } else {
        Err(Failure { message: String::new(), status: status.code().unwrap_or(1).max(1), diagnostics })
    }
}

/// Builds the precompiled header at `pch` (the wrapper, or a source's leading `includes`)
/// unless the cached one is current; written beside under a temporary name and renamed, so that
/// parallel builds never read half a file.
fn precompile(
    program: &Path,
    args: &[std::ffi::OsString],
    pch: &Path,
    includes: Option<&plan::LeadingIncludes>,
) -> Result<(), Failure> {
    let dir = pch.parent().unwrap_or(Path::new("."));
    if crate::precompiled::is_current(pch) {
        cache::touch(dir);
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| Failure::new(format!("cannot create {}: {e}", dir.display())))?;
    if let Some(i) = includes {
        // Never rewritten: a PCH another build made from it would go stale.
        cache::write_once(&i.entry.header, i.text.as_bytes())
            .map_err(|e| Failure::new(format!("cannot write {}: {e}", i.entry.header.display())))?;
    }
    let tmp = cache::unique_temporary(pch);
    let depfile = PathBuf::from(format!("{}.d", tmp.display()));
    let cwd = std::env::current_dir().unwrap_or_default();
    let dirs = crate::shadowing::search_dirs(args, &cwd);
    let args = crate::precompiled::build_args(args, &tmp, &depfile);
    let built = match includes {
        None => execute(&Job::Run { program: program.to_path_buf(), args }, None),
        // Its diagnostics are the headers' and name the generated header as their includer:
        // on failure the build is redone without it (see build), which reports them as usual.
        Some(_) => run_quietly(program, &args),
    };
    let record = std::fs::read_to_string(&depfile).map(|t| crate::precompiled::record(&t, &dirs));
    let _ = std::fs::remove_file(&depfile);
    if built.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    built?;
    let mut record = record.map_err(|e| Failure::new(format!("cannot read {}: {e}", depfile.display())))?;
    if let Some(i) = includes {
        // A rebuilt wrapper PCH makes this one unusable: it is an input too.
        record.push_str(&crate::precompiled::record(&format!("x: {}\n", i.base.display()), &[]));
        let size = std::fs::metadata(&tmp).map_or(0, |m| m.len());
        if size < crate::leading_includes::WORTHWHILE_BYTES {
            let _ = cache::write_atomic(&i.entry.not_worthwhile, b"");
        }
    }
    // The PCH first, then its record: a reader that sees the new PCH with an old record (or
    // none) rebuilds it; none ever trusts an old PCH on a new record.
    std::fs::rename(&tmp, pch)
        .and_then(|()| cache::write_atomic(&crate::precompiled::record_path(pch), record.as_bytes()))
        .map_err(|e| Failure::new(format!("cannot write {}: {e}", pch.display())))?;
    // Only our caches (`pch/`, `includes/` under the cache root) are pruned: pruning removes
    // whole directories, and a PCH elsewhere (as in tests) must leave its parent alone.
    if let Some(cache_dir) = dir.parent().filter(|d| d.parent() == Some(cache::cache_root().as_path())) {
        cache::prune(cache_dir, cache::MAX_PCH_CACHE_BYTES);
    }
    Ok(())
}

/// Runs a tool, printing its diagnostics only if it succeeds.
fn run_quietly(program: &Path, args: &[std::ffi::OsString]) -> Result<(), Failure> {
    run_tool(program, args, Stdio::null())
}

/// Runs a tool with its output going to `stdout`: its diagnostics are printed if it succeeds,
/// else returned in the failure (for callers that report them elsewhere, as the test suite).
fn run_tool(program: &Path, args: &[std::ffi::OsString], stdout: Stdio) -> Result<(), Failure> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| Failure::new(format!("cannot run {}: {e}", program.display())))?;
    let diagnostics = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        eprint!("{diagnostics}");
        Ok(())
    } else {
        Err(Failure { message: String::new(), status: out.status.code().unwrap_or(1).max(1), diagnostics })
    }
}

/// Device-links the relocatable objects among `objects` that no device-link output among them
/// linked already into the stub object `out`.
fn device_link(
    objects: &[PathBuf],
    source: &Path,
    out: &Path,
    compiler: &Path,
    compiler_args: &[std::ffi::OsString],
) -> Result<(), Failure> {
    let inputs = objects
        .iter()
        .map(|o| crate::device_link::read_input(o))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::new)?;
    let relocatable = crate::device_link::still_to_link(inputs);
    let source_text = if relocatable.is_empty() {
        String::from("/* Generated by cuprite nvcc: no relocatable device code to link. */\n")
    } else {
        use crate::device_link::LinkFailure;
        let linked = crate::device_link::link(&relocatable).map_err(|e| match e {
            // nvlink's lines, and nvcc's status after them.
            LinkFailure::Nvlink { lines, status } => {
                Failure { message: String::new(), status, diagnostics: lines.join("\n") + "\n" }
            }
            LinkFailure::Other(message) => Failure::new(message),
        })?;
        if let Some(warning) = crate::device_link::device_runtime_warning(&linked) {
            eprintln!("cuprite nvcc: warning: {warning}");
        }
        crate::device_link::stub_source(&relocatable, &fatbin::write(&linked))
    };
    std::fs::write(source, source_text).map_err(|e| Failure::new(format!("cannot write {}: {e}", source.display())))?;
    let mut args = compiler_args.to_vec();
    args.extend(["-c".into(), "-x".into(), "c".into(), source.into(), "-o".into(), out.into()]);
    execute(&Job::Run { program: compiler.to_path_buf(), args }, None)
}

fn read_text(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure::new(format!("cannot read {}: {e}", path.display())))
}

/// The device pass's IR `text` as NVVM would have made it (see [`plan::Job::NvvmIr`]), or
/// `None` when nothing changes; nvcc's errors for names PTX cannot spell, at their places in
/// `source` (see [`crate::unicode_names`]).
fn nvvm_ir(text: &str, source: &Path) -> Result<Option<String>, Failure> {
    let names = crate::unicode_names::non_ascii_identifiers(text);
    if !names.is_empty() {
        let file = source.display().to_string();
        let bytes = std::fs::read(source).unwrap_or_default();
        let rendered = crate::unicode_names::render(&names, &bytes, &file);
        let mut diagnostics = String::new();
        for (name, at) in names.iter().zip(rendered) {
            let message = crate::unicode_names::message(name);
            diagnostics.push_str(&at.unwrap_or_else(|| format!("{file}: error: {message}\n")));
        }
        let count = if names.len() == 1 { "1 error".to_string() } else { format!("{} errors", names.len()) };
        diagnostics.push_str(&format!("{count} generated.\n"));
        return Err(Failure { message: String::new(), status: 1, diagnostics });
    }
    let copied = crate::vector_copies::rewrite(text);
    let text = copied.as_deref().unwrap_or(text);
    Ok(crate::contraction::nvvm(text).or(copied))
}

/// Builds what `o` asks for. `cudart_dir` holds Cuprite's `libcudart.so`.
pub fn build(o: &Options, cudart_dir: Option<PathBuf>) -> Result<(), Failure> {
    let tc = Toolchain::locate(cudart_dir.clone()).map_err(Failure::new)?;
    if o.version {
        print!("{}", version_text(Some(&tc)));
        return Ok(());
    }
    if o.help {
        print!("{}", crate::options::help_text());
        return Ok(());
    }
    if let Some(list) = o.list_architectures {
        use crate::options::ArchitectureList;
        for arch in crate::options::LISTED_ARCHS {
            match list {
                ArchitectureList::Virtual => println!("compute_{arch}"),
                ArchitectureList::Real => println!("sm_{arch}"),
                ArchitectureList::Both => println!("arch=compute_{arch},code=sm_{arch}"),
            }
        }
        return Ok(());
    }
    let show = o.verbose || o.dry_run;
    if show {
        eprint!("{}", environment_lines(&tc));
    }
    let temp = TempDir::new(o).map_err(|e| Failure::new(format!("cannot create a temporary directory: {e}")))?;
    let mut bitcode_error = None;
    let mut bitcode = std::collections::HashMap::new();
    if o.inputs.iter().any(|i| i.kind == crate::options::InputKind::Cuda) {
        // Per architecture clang generates code for (the plan asks for those).
        for &arch in &o.archs {
            let arch = crate::gpu_arch::codegen_arch(arch, tc.clang_major);
            match libdevice(&tc, arch, show, o.dry_run) {
                Ok(bc) => {
                    bitcode.insert(arch, bc);
                }
                Err(e) => bitcode_error = Some(e),
            }
        }
    }
    if let Some(e) = bitcode_error {
        eprint!("{}", e.diagnostics);
        return Err(e);
    }
    let libdevice = |arch| bitcode.get(&arch).cloned().flatten();
    if let Some(failure) = refused_source(o) {
        eprint!("{}", failure.diagnostics);
        return Err(failure);
    }
    let mut leading_includes = true;
    let mut shared = plan::SharedObjectRounds::default();
    let mut launch_macros: Vec<PathBuf> = Vec::new();
    let mut launches_retried = false;
    // The headers compiled as rewritten copies (see crate::header_rewrites), and the options
    // with their overlay once there are some (the next attempt's, then the current one's).
    let mut headers = crate::header_rewrites::HeaderRewrites::default();
    let mut with_headers: Option<Options> = None;
    let mut pending_headers: Option<Options> = None;
    let original = o;
    for attempt in 1.. {
        if let Some(next) = pending_headers.take() {
            with_headers = Some(next);
        }
        let o = with_headers.as_ref().unwrap_or(original);
        let plan = plan::plan(o, &tc, &temp.path, &libdevice, leading_includes, &shared, &launch_macros)
            .map_err(|e| Failure::new(e.0))?;
        match run_plan(o, &tc, &plan, cudart_dir.as_deref()) {
            Ok(()) => return Ok(()),
            Err(Ran::IncludesFailed(seen)) if leading_includes => {
                // A header of a source's leading includes does not compile: build without them,
                // so that clang reports it from the source, and start over next time.
                for marker in seen {
                    let _ = std::fs::remove_file(marker);
                }
                leading_includes = false;
            }
            Err(ran) => {
                let failure = ran.into_failure();
                let mut retry = false;
                let mut headers_changed = false;
                // clang rejected device-side launches written by macros of compiled files, or in
                // headers (their functions or macros): compile again with the launches in those
                // files' macros, and in those headers, rewritten (once).
                if o.relocatable_device_code && !launches_retried {
                    launches_retried = true;
                    launch_macros = inputs_with_macro_launches(&failure.diagnostics, o);
                    headers_changed = add_headers_with_launches(&failure.diagnostics, o, &mut headers);
                    retry = !launch_macros.is_empty() || headers_changed;
                }
                // clang rejected __shared__ declarations of a compiled file or a header: compile
                // again with them rewritten (each attempt may report ones clang's error limit hid).
                let rejected = crate::shared_objects::rejections(&failure.diagnostics);
                if !retry && attempt <= MAX_SHARED_OBJECT_ATTEMPTS {
                    // `alignas` after __shared__ in a header (compiled files are rewritten before
                    // clang reads them, see crate::attribute_order): again with it moved.
                    for file in crate::attribute_order::misplaced_in(&failure.diagnostics) {
                        if !is_input(o, &file) {
                            headers_changed |= headers.add_alignas(Path::new(&file));
                        }
                    }
                    // Deduction guides of a header that clang took for host functions in device
                    // code (see crate::deduction_guides): again with them marked.
                    for file in crate::deduction_guides::rejected_in(&failure.diagnostics) {
                        if !is_input(o, &file) {
                            headers_changed |= headers.add_guides(Path::new(&file));
                        }
                    }
                    let mut rounds: Vec<(PathBuf, plan::RejectedRound)> = Vec::new();
                    for (file, places) in declaration_places(&rejected, &plan) {
                        match o.inputs.iter().find(|i| i.path.to_string_lossy() == file) {
                            Some(input) => round_of(&mut rounds, &input.path).shared = places,
                            None => headers_changed |= headers.add_shared(Path::new(&file), &places),
                        }
                    }
                    // Static locals of device functions clang took for host variables (see
                    // crate::static_locals), in compiled files, each tried once.
                    for r in crate::static_locals::rejections(&failure.diagnostics) {
                        if let Some(input) = o.inputs.iter().find(|i| i.path.to_string_lossy() == r.file)
                            && !r.by_macro()
                            && !shared.has_static(&input.path, (r.line, r.column))
                        {
                            round_of(&mut rounds, &input.path).statics.push((r.line, r.column));
                        }
                    }
                    // `%`s of inline-asm templates that macros assemble (see
                    // crate::asm_escapes), in compiled files, each doubled once.
                    for r in crate::asm_escapes::rejections(&failure.diagnostics) {
                        if let Some(input) = o.inputs.iter().find(|i| i.path.to_string_lossy() == r.file)
                            && !shared.has_percent(&input.path, (r.line, r.column))
                        {
                            round_of(&mut rounds, &input.path).percents.push((r.line, r.column));
                        }
                    }
                    for (input, round) in rounds {
                        retry = true;
                        shared.add(&input, round);
                    }
                    retry |= headers_changed;
                }
                if headers_changed {
                    let overlay = headers.write(&temp.path.join("headers")).map_err(|e| {
                        Failure::new(format!("cannot write the rewritten headers in {}: {e}", temp.path.display()))
                    })?;
                    pending_headers = Some(Options { header_overlay: Some(overlay), ..original.clone() });
                    // Precompiled leading includes would hold the headers as written.
                    leading_includes = false;
                }
                if !retry {
                    eprint!("{}", failure.diagnostics);
                    return Err(front_end_status(explain_shared_initialization(failure, &rejected, &plan, o)));
                }
            }
        }
    }
    Err(Failure::new("internal error: the build attempts ended"))
}

/// What nvcc's front end refuses that clang's accepts, in the CUDA inputs a compiling build
/// reads (see [`crate::constant_writes`]): the errors as clang renders them, then their count.
/// What it warns about that clang does not ([`crate::long_double`]) is printed on the way.
fn refused_source(o: &Options) -> Option<Failure> {
    use crate::options::{InputKind, Phase};
    if o.dry_run || matches!(o.phase, Phase::Preprocess | Phase::Dependencies) {
        return None;
    }
    let mut errors = Vec::new();
    for input in o.inputs.iter().filter(|i| i.kind == InputKind::Cuda) {
        if let Ok(text) = std::fs::read(&input.path) {
            let file = input.path.display().to_string();
            errors.extend(crate::constant_writes::check(&text, &file));
            if !o.extended_lambda {
                errors.extend(crate::extended_lambdas::check(&text, &file));
            }
            if !o.relaxed_constexpr {
                let (refused, warned) = crate::host_constexpr::check(&text, &file);
                errors.extend(refused);
                let suppressed = o.disable_warnings
                    || o.unmapped_diagnostics.iter().any(|d| d.contains("suppress") && d.ends_with("20013"));
                if !suppressed {
                    warned.iter().for_each(|w| eprint!("{w}"));
                }
            }
            // -w, or nvcc's number for it suppressed (`--diag-suppress=20208`).
            let suppressed = o.disable_warnings
                || o.unmapped_diagnostics.iter().any(|d| d.contains("suppress") && d.ends_with("20208"));
            if !suppressed {
                for warning in crate::long_double::check(&text, &file) {
                    eprint!("{warning}");
                }
            }
        }
    }
    if errors.is_empty() {
        return None;
    }
    let count = match errors.len() {
        1 => "1 error".to_string(),
        n => format!("{n} errors"),
    };
    let diagnostics = format!("{}{count} generated.\n", errors.concat());
    // What nvcc's front end refuses: its exit status (see front_end_status).
    Some(Failure { message: String::new(), status: FRONT_END_STATUS, diagnostics })
}

/// nvcc's exit status when its CUDA front end (cudafe++) rejects a source: 2, where the host
/// compiler's failures (a C++ file's errors, the preprocessor's: a missing header, `#error`,
/// which gcc meets first) and the linker's are 1 (nvcc 13.0).
const FRONT_END_STATUS: i32 = 2;

/// A failure with nvcc's exit status: clang's errors in compiling CUDA code (its summary says
/// "generated when compiling for"), other than the preprocessor's and an object that cannot be
/// written (`-c -o missing_dir/a.o`: nvcc's assembler fails, status 1), are the front end's
/// ([`FRONT_END_STATUS`]); everything else keeps the status the tool gave.
fn front_end_status(mut failure: Failure) -> Failure {
    let lines = || failure.diagnostics.lines();
    let cuda_errors = lines().any(|l| l.contains(" generated when compiling for ") && l.contains("error"));
    let preprocessor = lines().any(|l| {
        l.starts_with("error: unable to open output file")
            || (l.contains("fatal error:") && l.contains("file not found"))
            || l.split_once('|').is_some_and(|(line_number, text)| {
                line_number.trim().parse::<u32>().is_ok() && text.trim_start().starts_with("#error")
            })
    });
    if failure.status == 1 && cuda_errors && !preprocessor {
        failure.status = FRONT_END_STATUS;
    }
    failure
}

/// How many times a build is attempted again with the `__shared__` declarations clang rejected
/// rewritten (see [`crate::shared_objects`]): once, unless clang's error limit hid some.
const MAX_SHARED_OBJECT_ATTEMPTS: usize = 4;

/// Why a plan did not run to its end.
enum Ran {
    /// A job failed.
    Failed(Failure),
    /// Precompiling sources' leading includes failed: the `seen` markers of those sources.
    IncludesFailed(Vec<PathBuf>),
}

impl Ran {
    fn into_failure(self) -> Failure {
        match self {
            Ran::Failed(f) => f,
            Ran::IncludesFailed(_) => Failure::new("internal error: precompiling the leading includes failed"),
        }
    }
}

impl From<Failure> for Ran {
    fn from(f: Failure) -> Ran {
        Ran::Failed(f)
    }
}

/// Runs a plan's jobs, then (`--run`) the program.
fn run_plan(o: &Options, tc: &Toolchain, plan: &plan::Plan, cudart_dir: Option<&Path>) -> Result<(), Ran> {
    let show = o.verbose || o.dry_run;
    if show {
        match &tc.cccl_dir {
            Some(dir) => eprintln!("# cuprite nvcc: CCCL (Thrust, CUB, libcu++) headers: {}", dir.display()),
            None => eprintln!("# cuprite nvcc: CCCL (Thrust, CUB, libcu++) headers: not found"),
        }
        for note in &plan.notes {
            eprintln!("# cuprite nvcc: {note}");
        }
    }
    // The precompiled headers (first in the plan) are independent of each other: built at the
    // same time when several are missing.
    let precompiles = plan.jobs.iter().take_while(|j| matches!(j, Job::Precompile { .. })).count();
    let (precompile_jobs, rest) = plan.jobs.split_at(precompiles);
    if show {
        for job in precompile_jobs {
            eprintln!("#$ {job}");
        }
    }
    // `-time`: each job's row, written once all ran (or one failed).
    let rows = std::sync::Mutex::new(Vec::new());
    let timed = |job: &Job, run: &dyn Fn() -> Result<(), Failure>| {
        let start = std::time::Instant::now();
        let r = run();
        if o.timing_file.is_some() {
            rows.lock().unwrap_or_else(|e| e.into_inner()).push(crate::timing::row(job, start.elapsed()));
        }
        r
    };
    let result = run_jobs(o, tc, plan, precompile_jobs, rest, show, &timed);
    if let (Some(file), false) = (&o.timing_file, o.dry_run) {
        let source: Vec<String> = o.inputs.iter().map(|i| i.path.display().to_string()).collect();
        let rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
        crate::timing::append(file, &source.join(" "), &rows)
            .map_err(|e| Failure::new(format!("cannot write the timing table {}: {e}", file.display())))?;
    }
    result?;
    if let (Some(exe), false) = (&plan.run, o.dry_run) {
        let exe =
            if exe.is_relative() && exe.components().count() == 1 { Path::new(".").join(exe) } else { exe.clone() };
        let mut cmd = Command::new(&exe);
        cmd.args(&o.run_args);
        if let Some(dir) = cudart_dir {
            cmd.env("LD_LIBRARY_PATH", library_path(dir));
        }
        let status = cmd.status().map_err(|e| Failure::new(format!("cannot run {}: {e}", exe.display())))?;
        if !status.success() {
            return Err(Ran::Failed(Failure {
                message: String::new(),
                status: status.code().unwrap_or(1),
                diagnostics: String::new(),
            }));
        }
    }
    Ok(())
}

/// How a job runs under `-time`: the job, and the call that runs it.
type Timed<'a> = dyn Fn(&Job, &dyn Fn() -> Result<(), Failure>) -> Result<(), Failure> + Sync + 'a;

/// Runs the plan's jobs: the precompiles (at the same time), then the rest in order, each
/// through `timed`; marks the cache entries the plan saw.
fn run_jobs(
    o: &Options,
    tc: &Toolchain,
    plan: &plan::Plan,
    precompile_jobs: &[Job],
    rest: &[Job],
    show: bool,
    timed: &Timed<'_>,
) -> Result<(), Ran> {
    if !o.dry_run {
        let results: Vec<Result<(), Failure>> = std::thread::scope(|scope| {
            let running: Vec<_> =
                precompile_jobs.iter().map(|job| scope.spawn(|| timed(job, &|| execute(job, None)))).collect();
            running
                .into_iter()
                .map(|r| r.join().unwrap_or_else(|_| Err(Failure::new("internal error: a precompile panicked"))))
                .collect()
        });
        let mut includes_failed = Vec::new();
        for (job, r) in precompile_jobs.iter().zip(results) {
            match (job, r) {
                (_, Ok(())) => {}
                (Job::Precompile { includes: Some(i), .. }, Err(_)) => includes_failed.push(i.entry.seen.clone()),
                (_, Err(f)) => return Err(explain_missing_cccl(f, tc).into()),
            }
        }
        if !includes_failed.is_empty() {
            return Err(Ran::IncludesFailed(includes_failed));
        }
    }
    for job in rest {
        if show {
            eprintln!("#$ {job}");
        }
        if !o.dry_run {
            timed(job, &|| execute(job, None)).map_err(|f| explain(f, tc, o))?;
        }
    }
    if !o.dry_run {
        for marker in &plan.mark_seen {
            // Best effort: a cache that cannot be written only loses the speed-up.
            let _ = cache::write_atomic(marker, b"");
        }
    }
    Ok(())
}

/// A failed job's failure with the message of the first known cause its diagnostics show (each
/// `explain_*` leaves a failure that already has a message as it is).
fn explain(failure: Failure, tc: &Toolchain, o: &Options) -> Failure {
    let failure = explain_missing_cccl(failure, tc);
    let failure = explain_missing_omp_h(failure, tc);
    let failure = explain_device_launch(failure, o);
    let failure = explain_shared_alignas(failure);
    let failure = explain_extended_lambda_traits(failure);
    let failure = explain_missing_cuda_library(failure);
    let failure = explain_driver_api_calls(failure);
    explain_thrust_device_policy(failure)
}

/// CUDA's libraries beyond the runtime that Cuprite does not provide, by the prefix of their
/// `-l` names (`-lcublasLt`, `-lnppif`), with the name NVIDIA gives each.
const LIBRARIES_NOT_PROVIDED: &[(&str, &str)] = &[
    ("cublas", "cuBLAS"),
    ("nvblas", "NVBLAS"),
    ("cufft", "cuFFT"),
    ("cusparse", "cuSPARSE"),
    ("cusolver", "cuSOLVER"),
    ("nvrtc", "NVRTC"),
    ("nvJitLink", "nvJitLink"),
    ("npp", "NPP"),
    ("nvjpeg", "nvJPEG"),
    ("nvToolsExt", "NVTX's library (NVTX 3 is header-only: include <nvtx3/nvToolsExt.h> and drop -lnvToolsExt)"),
    ("cupti", "CUPTI"),
    ("cudnn", "cuDNN"),
    ("nccl", "NCCL"),
    ("cufile", "cuFile (GPUDirect Storage)"),
    ("nvidia-ml", "NVML"),
];

/// A link that fails on a CUDA library Cuprite does not provide (`-lcublas`: the linker's
/// "cannot find -lcublas", as under nvcc without the library) gets a message naming it and what
/// Cuprite's toolkit links instead.
fn explain_missing_cuda_library(mut failure: Failure) -> Failure {
    let missing = failure.diagnostics.lines().find_map(|l| {
        let name = l.split_once("cannot find -l")?.1.split([':', ' ']).next()?;
        let (_, library) = LIBRARIES_NOT_PROVIDED.iter().find(|(prefix, _)| name.starts_with(prefix))?;
        Some((name.to_string(), *library))
    });
    if failure.message.is_empty()
        && let Some((name, library)) = missing
    {
        failure.message = format!(
            "-l{name}: Cuprite provides no {library}; its toolkit's libraries are the runtime (-lcudart, also \
             as -lcuda and -lcudart_static), cuRAND (-lcurand) and -lcudadevrt"
        );
    }
    failure
}

/// A link that fails on the driver API's functions (`undefined reference to `cuInit'`, as
/// under nvcc without `-lcuda`) gets a message naming them and saying why: `cuda.h` declares
/// them, but Cuprite has no driver library (`libcuda.so.1`) yet, and `-lcuda` links its runtime.
fn explain_driver_api_calls(mut failure: Failure) -> Failure {
    let mut missing: Vec<&str> = failure
        .diagnostics
        .lines()
        .filter_map(|l| {
            let name = l.split_once("undefined reference to `")?.1.split('\'').next()?;
            let driver = name.starts_with("cu") && name[2..].starts_with(|c: char| c.is_ascii_uppercase());
            driver.then_some(name)
        })
        .collect();
    missing.sort_unstable();
    missing.dedup();
    if failure.message.is_empty() && !missing.is_empty() {
        failure.message = format!(
            "{}: CUDA driver API functions, which Cuprite does not provide yet (it has no libcuda.so.1; \
             -lcuda links its runtime library, libcudart.so.13): use the runtime API (cudaInitDevice, \
             cudaMalloc, cudaLaunchKernel, ...)",
            missing.join(", ")
        );
    }
    failure
}

/// A failure from a missing CCCL header, when CCCL is not installed, gets a message saying how
/// to install it.
fn explain_missing_cccl(mut failure: Failure, tc: &Toolchain) -> Failure {
    if tc.cccl_dir.is_none() && failure.message.is_empty() && crate::cccl::missing_header_reported(&failure.diagnostics)
    {
        failure.message = format!("CCCL (Thrust, CUB, libcu++) is not installed: {}", crate::cccl::INSTALL_HINT);
    }
    failure
}

/// A failure from `#include <omp.h>` where clang has no OpenMP headers gets a message naming
/// the package that installs them.
fn explain_missing_omp_h(mut failure: Failure, tc: &Toolchain) -> Failure {
    let reported = failure.diagnostics.lines().any(|l| l.contains("'omp.h' file not found"));
    if failure.message.is_empty()
        && reported
        && let Some(why) = crate::plan::missing_openmp(tc)
    {
        failure.message = format!("<omp.h>: {why}");
    }
    failure
}

/// What clang says of a device-side kernel launch (`kernel<<<...>>>` in device code) and of any
/// other use of a kernel there: "reference to __global__ function 'k' in __global__ function".
fn reports_device_side_launch(diagnostics: &str) -> bool {
    diagnostics.lines().any(|l| {
        l.contains("error: reference to __global__ function")
            && (l.contains("in __global__ function")
                || l.contains("in __device__ function")
                || l.contains("in __host__ __device__ function"))
    })
}

/// A failure from a kernel used in device code gets a message: without relocatable device code,
/// nvcc's ("kernel launch from __device__ or __global__ functions requires separate compilation
/// mode") and the option that gives it; with it, which launches cuprite nvcc compiles (see
/// [`crate::device_launches`]) and how device code takes a kernel's address otherwise.
fn explain_device_launch(mut failure: Failure, o: &Options) -> Failure {
    let relocatable = o.relocatable_device_code;
    if failure.message.is_empty() && reports_device_side_launch(&failure.diagnostics) {
        if relocatable {
            failure.diagnostics.push_str(&unrewritten_launches(&failure.diagnostics, o));
        }
        failure.message = if relocatable {
            "a kernel named in device code: cuprite nvcc compiles a kernel launch in device code (dynamic parallelism) \
             written as `kernel<<<...>>>(...)` in the compiled file, in the headers it includes, or in their macros, \
             inside a function declared __global__ or __device__ (directly or through a macro of that file), the kernel \
             named by a possibly qualified name or template-id; elsewhere device code takes a kernel's address from a \
             __device__ variable initialized with it (`__device__ void (*child_address)(int *) = child;`) for \
             cudaLaunchDevice (include/cuprite/device_runtime.h)"
        } else {
            "kernel launch from __device__ or __global__ functions requires separate compilation mode: compile with \
             -rdc=true (or -dc), as nvcc requires for dynamic parallelism"
        }
        .into();
    }
    failure
}

/// The kernels named in device code that clang reports (launches the driver did not rewrite).
fn reported_device_launches(diagnostics: &str) -> Vec<crate::clang_errors::Reported> {
    crate::clang_errors::reported(diagnostics, is_device_launch_error)
}

/// Whether clang's error message is about a kernel named in device code.
fn is_device_launch_error(message: &str) -> bool {
    message.starts_with("reference to __global__ function") && message.contains(" function")
}

/// The CUDA inputs where clang reports a kernel named in device code and whose own macros
/// define launches (clang points at the macro's use, or at a kernel passed to it).
fn inputs_with_macro_launches(diagnostics: &str, o: &Options) -> Vec<PathBuf> {
    let places = reported_device_launches(diagnostics);
    o.inputs
        .iter()
        .filter(|i| i.kind == crate::options::InputKind::Cuda)
        .filter(|i| places.iter().any(|p| p.file == i.path.to_string_lossy()))
        .filter(|i| std::fs::read(&i.path).is_ok_and(|text| crate::device_launches::defines_launches(&text)))
        .map(|i| i.path.clone())
        .collect()
}

/// Adds to `headers` the headers (files other than the compiled ones) where clang reports
/// kernels named in device code, or whose macros wrote them, that have launches
/// [`crate::device_launches`] rewrites; whether it added any.
fn add_headers_with_launches(
    diagnostics: &str,
    o: &Options,
    headers: &mut crate::header_rewrites::HeaderRewrites,
) -> bool {
    let mut files: Vec<String> = reported_device_launches(diagnostics).into_iter().map(|r| r.file).collect();
    files.extend(crate::clang_errors::macro_files(diagnostics, is_device_launch_error));
    let mut added = false;
    for file in files.iter().filter(|f| !is_input(o, f)) {
        added |= headers.add_launches(Path::new(file));
    }
    added
}

/// Whether clang's name `file` is one of the compiled inputs.
fn is_input(o: &Options, file: &str) -> bool {
    o.inputs.iter().any(|i| i.path.to_string_lossy() == file)
}

/// Where the declaration clang rejected at `r` is written: at `r`, or in the definition of the
/// macro that wrote it (file as clang names it, line, byte column).
fn declaration_place(r: &crate::clang_errors::Reported) -> (String, usize, usize) {
    r.macro_definition.clone().unwrap_or_else(|| (r.file.clone(), r.line, r.column))
}

/// The places of the `__shared__` declarations clang `rejected` (see [`declaration_place`]),
/// per file, leaving out those the compiled copies of `plan` could not rewrite.
fn declaration_places(
    rejected: &[crate::clang_errors::Reported],
    plan: &plan::Plan,
) -> Vec<(String, Vec<(usize, usize)>)> {
    let mut out: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    for (file, line, column) in rejected.iter().map(declaration_place) {
        if unrewritten(plan, &(file.clone(), line, column)).is_some() {
            continue;
        }
        match out.iter_mut().find(|(f, _)| *f == file) {
            Some((_, places)) => {
                if !places.contains(&(line, column)) {
                    places.push((line, column));
                }
            }
            None => out.push((file, vec![(line, column)])),
        }
    }
    out
}

/// The round of `input` in `rounds`, added empty if it has none.
fn round_of<'r>(rounds: &'r mut Vec<(PathBuf, plan::RejectedRound)>, input: &Path) -> &'r mut plan::RejectedRound {
    let at = match rounds.iter().position(|(p, _)| p == input) {
        Some(at) => at,
        None => {
            rounds.push((input.to_path_buf(), plan::RejectedRound::default()));
            rounds.len() - 1
        }
    };
    &mut rounds[at].1
}

/// For each kernel named in device code that clang reports under relocatable device code (a
/// launch the driver did not rewrite, see [`crate::device_launches`]), a diagnostic at its place
/// saying why: written by a macro, in a header, or not in a form the driver recognizes.
fn unrewritten_launches(diagnostics: &str, o: &Options) -> String {
    let places = reported_device_launches(diagnostics);
    let mut text = String::new();
    for p in places {
        let why = if p.by_macro() {
            "a kernel launch in device code written by a macro that cuprite nvcc does not rewrite: it compiles \
             device-side launches `kernel<<<...>>>(...)` that a macro's definition spells out, in a compiled file or a \
             header it includes (not ones that the macro assembles from other macros' pieces; launch with \
             cudaLaunchDevice there)"
        } else if !o.inputs.iter().any(|i| i.path.to_string_lossy() == p.file) {
            "a kernel named in device code in a header, other than in a launch `kernel<<<...>>>(...)` inside a function \
             declared __global__ or __device__ in that header (take its address from a __device__ variable initialized \
             with it)"
        } else {
            "a kernel named in device code other than in a launch `kernel<<<...>>>(...)` inside a function declared \
             __global__ or __device__ in this file (take its address from a __device__ variable initialized with it)"
        };
        text.push_str(&format!("{}:{}:{}: error: {why}\n", p.file, p.line, p.column));
    }
    text
}

/// Why the compiled copy of a file could not rewrite the declaration at `place` (file as clang
/// names it, line, column), if it tried.
fn unrewritten<'p>(plan: &'p plan::Plan, place: &(String, usize, usize)) -> Option<&'p str> {
    plan.unrewritten_shared
        .iter()
        .find(|(file, u)| file.to_string_lossy() == place.0 && (u.line, u.column) == (place.1, place.2))
        .map(|(_, u)| u.reason)
}

/// A failure from `__shared__` declarations clang rejected (`rejected`) that the driver did not
/// rewrite (see [`crate::shared_objects`]) gets a message saying that nvcc accepts them, which
/// ones cuprite nvcc compiles, why these were not, and what compiles instead.
fn explain_shared_initialization(
    mut failure: Failure,
    rejected: &[crate::clang_errors::Reported],
    plan: &plan::Plan,
    o: &Options,
) -> Failure {
    if !failure.message.is_empty() || rejected.is_empty() {
        return failure;
    }
    let why: Vec<String> = rejected
        .iter()
        .map(|r| {
            let place = declaration_place(r);
            let reason = if let Some(reason) = unrewritten(plan, &place) {
                reason
            } else if !is_input(o, &place.0) {
                "in a header, in a form cuprite nvcc does not rewrite"
            } else {
                "still rejected once rewritten"
            };
            let by_macro = match r.by_macro() {
                true => format!(" (written by the macro at {}:{}:{})", place.0, place.1, place.2),
                false => String::new(),
            };
            format!("{}:{}:{}: {reason}{by_macro}", r.file, r.line, r.column)
        })
        .collect();
    failure.message = format!(
        "clang's CUDA front end, which Cuprite compiles with, rejects a __shared__ variable whose type has a non-empty \
         constructor or destructor (such as `__shared__ cuda::barrier<cuda::thread_scope_block> bar;`), which nvcc \
         accepts with warning 20054 (static_var_with_dynamic_init), running neither; cuprite nvcc compiles such a \
         declaration written in a compiled file or a header it includes, or by their macros (`__shared__ T name;` or \
         `__shared__ T name[N];`) as nvcc does, but not these: {}; or declare the storage yourself, `alignas(T) __shared__ unsigned char raw[sizeof(T)]; T &bar \
         = *reinterpret_cast<T *>(raw);`, and initialize it in one thread (a cuda::barrier with `init(&bar, count)`)",
        why.join("; ")
    );
    failure
}

/// What clang says when device code calls a Thrust algorithm with the `thrust::device` policy:
/// Thrust's `__host__ __device__` dispatch names its kernel-launching (host) implementation.
fn reports_thrust_device_policy_in_device_code(diagnostics: &str) -> bool {
    diagnostics.lines().any(|l| {
        l.contains("/thrust/")
            && l.contains("error: reference to __host__ function")
            && l.contains("in __host__ __device__ function")
    })
}

/// A failure from a Thrust algorithm called with `thrust::device` in device code gets a message
/// saying that nvcc runs the sequential algorithm there (ignoring the host-only calls under
/// `#pragma nv_exec_check_disable`, which clang has not) and that `thrust::seq` compiles.
fn explain_thrust_device_policy(mut failure: Failure) -> Failure {
    if failure.message.is_empty() && reports_thrust_device_policy_in_device_code(&failure.diagnostics) {
        failure.message = "a Thrust algorithm called with thrust::device (or thrust::cuda::par) in device code does \
             not compile with clang's CUDA front end, which Cuprite compiles with: nvcc runs the sequential algorithm \
             there, ignoring Thrust's host-only calls under #pragma nv_exec_check_disable, which clang has not; call \
             it with thrust::seq in device code"
            .into();
    }
    failure
}

/// nvcc's front end's extended-lambda type traits, which clang has no counterpart of.
const EXTENDED_LAMBDA_TRAITS: [&str; 3] = [
    "__nv_is_extended_device_lambda_closure_type",
    "__nv_is_extended_host_device_lambda_closure_type",
    "__nv_is_extended_device_lambda_with_preserved_return_type",
];

/// A failure whose diagnostics show one of nvcc's extended-lambda traits (clang reads
/// `__nv_is_extended_device_lambda_closure_type(T)` as a call and reports a function-style cast
/// it cannot parse) gets a message naming them as unsupported, and what compiles instead.
fn explain_extended_lambda_traits(mut failure: Failure) -> Failure {
    let named = EXTENDED_LAMBDA_TRAITS.iter().find(|t| failure.diagnostics.contains(*t));
    if let Some(trait_name) = named
        && failure.message.is_empty()
    {
        failure.message = format!(
            "{trait_name}: nvcc's extended-lambda type traits (__nv_is_extended_device_lambda_closure_type, \
             __nv_is_extended_host_device_lambda_closure_type, __nv_is_extended_device_lambda_with_preserved_return_type) \
             are built into nvcc's front end and not supported by cuprite nvcc: clang's CUDA front end, which Cuprite \
             compiles with, has no extended lambdas (any lambda may be __device__, and its return type is known on the \
             host); where a library asks them to find a __device__ lambda's return type, give it one (`-> T`), wrap the \
             lambda in cuda::proclaim_return_type<T>, or pass a named function object"
        );
    }
    failure
}

/// What clang says of `__shared__ alignas(16) float a[64];` in a function: "an attribute list
/// cannot appear here" at the `alignas`, which may not follow a GNU attribute (`__shared__`)
/// there. nvcc accepts it (NVIDIA's CUDA samples use it).
fn reports_shared_alignas(diagnostics: &str) -> bool {
    let lines: Vec<&str> = diagnostics.lines().collect();
    lines.windows(2).any(|w| {
        w[0].contains("error: an attribute list cannot appear here")
            && w[1].contains("__shared__")
            && w[1].contains("alignas")
    })
}

/// A failure from `alignas` after `__shared__` gets a message saying that clang refuses that
/// order, and the two spellings it accepts.
fn explain_shared_alignas(mut failure: Failure) -> Failure {
    if failure.message.is_empty() && reports_shared_alignas(&failure.diagnostics) {
        failure.message = "clang accepts no `alignas` after `__shared__` in a function (`__shared__ alignas(16) float \
             a[64];`, which nvcc accepts, and cuprite nvcc reorders where it is spelled out, but not where macros put \
             the two together); write `alignas(16) __shared__ float a[64];` or `__shared__ __align__(16) float a[64];`"
            .into();
    }
    failure
}

/// `LD_LIBRARY_PATH` with `dir` first.
pub fn library_path(dir: &Path) -> std::ffi::OsString {
    let mut path = dir.as_os_str().to_owned();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH").filter(|p| !p.is_empty()) {
        path.push(":");
        path.push(old);
    }
    path
}

#[cfg(test)]
mod tests {
    /// A link failing on driver API functions names them (once each) and what is missing;
    /// other undefined references (a user's `cudaLike`, `curand_init`) are left to the linker.
    #[test]
    fn driver_api_calls_at_link_are_explained() {
        let link = "/usr/bin/ld: a.o: in function `main':\na.cu:(.text+0x5): undefined reference to `cuInit'\n\
                    a.cu:(.text+0x9): undefined reference to `cuMemAlloc'\n\
                    a.cu:(.text+0xd): undefined reference to `cuInit'\n";
        let f = explain_driver_api_calls(Failure { message: String::new(), status: 1, diagnostics: link.into() });
        assert!(f.message.starts_with("cuInit, cuMemAlloc: CUDA driver API functions"), "{}", f.message);
        assert!(f.message.contains("libcuda.so.1"), "{}", f.message);
        let other = "a.cu:(.text+0x5): undefined reference to `curand_init'\nundefined reference to `cudaLike'\n";
        let f = explain_driver_api_calls(Failure { message: String::new(), status: 1, diagnostics: other.into() });
        assert!(f.message.is_empty(), "{}", f.message);
    }

    use super::*;

    /// Two builds of one PCH at the same time in one process (the test harnesses build on two
    /// threads) each write their own temporary files: both succeed.
    #[test]
    fn one_pch_built_twice_at_once_in_one_process() {
        let dir = crate::test_dir("pch-race");
        let header = dir.join("h.h");
        std::fs::write(&header, "int x;\n").unwrap();
        // A stand-in compiler: writes its output, waits (so that the two builds overlap), then
        // writes its dependency file.
        let tool = dir.join("fake-clang");
        let script = format!(
            "#!/bin/sh\nwhile [ $# -gt 0 ]; do case \"$1\" in -o) out=\"$2\"; shift;; -MF) dep=\"$2\"; shift;; esac; shift; done\n\
             echo pch > \"$out\"\nsleep 0.3\necho \"$out: {}\" > \"$dep\"\n",
            header.display()
        );
        std::fs::write(&tool, script).unwrap();
        std::fs::set_permissions(&tool, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        let pch = dir.join("x.pch");
        let results: Vec<Result<(), Failure>> = std::thread::scope(|s| {
            let builds: Vec<_> = (0..2).map(|_| s.spawn(|| precompile(&tool, &[], &pch, None))).collect();
            builds.into_iter().map(|b| b.join().unwrap()).collect()
        });
        for r in results {
            assert!(r.is_ok(), "{:?}", r.err());
        }
        assert!(crate::precompiled::is_current(&pch));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
