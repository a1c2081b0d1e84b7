//! Where the driver's parts are: clang (the C++ front end and NVPTX code generator), Cuprite's
//! toolkit headers, CCCL's headers, the math library's source, and the directory holding Cuprite's
//! `libcudart.so` for linking.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The clang major versions tried, newest first (clang-19 is Debian 12's).
const CLANG_VERSIONS: &[u32] = &[22, 21, 20, 19];

/// The located parts.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// `clang++` (a versioned name, e.g. `clang++-19`, or `$CUPRITE_CLANG`).
    pub clangxx: PathBuf,
    /// The C compiler of the same clang (`clang-19`).
    pub clang: PathBuf,
    /// Clang's resource directory (its CUDA wrapper headers are under `include/`).
    pub resource_dir: PathBuf,
    /// Clang's major version (the resource directory's name: `lib/clang/19`), 19 if unknown.
    pub clang_major: u32,
    /// The toolkit root (an install prefix, or the source tree): `include/` is under it.
    pub root: PathBuf,
    /// Cuprite's toolkit `include/` directory.
    pub include_dir: PathBuf,
    /// `libdevice/libdevice.c`, the math library's source, if present.
    pub libdevice_source: Option<PathBuf>,
    /// A prebuilt math bitcode (`nvvm/libdevice/libdevice.10.bc` in an install prefix), if present.
    pub libdevice_bitcode: Option<PathBuf>,
    /// The directory with `libcudart.so` (Cuprite's) for `-L`, if known.
    pub cudart_dir: Option<PathBuf>,
    /// CCCL's include root (Thrust, CUB, libcu++), if installed (see [`crate::cccl`]).
    pub cccl_dir: Option<PathBuf>,
    /// Whether clang's own LLVM has `ld.lld`: executables are then linked with it, which starts
    /// and links in about half the time of the system's `ld`.
    pub lld: bool,
    /// The archiver for `-lib`: clang's own LLVM's `llvm-ar`, else `ar` from `PATH`.
    pub archiver: PathBuf,
    /// Clang's own LLVM's `opt` (Debian's `llvm-19`, which clang-19 recommends), if installed:
    /// `-G` builds keep their locals in registers with it, as NVVM does (see `plan`).
    pub opt: Option<PathBuf>,
}

/// Finds an executable named `name` on `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

/// The toolkit root: `$CUPRITE_TOOLKIT`, an install prefix around the running executable
/// (`PREFIX/bin/cuprite` with `PREFIX/include/cuda_runtime.h`), or the source tree this crate
/// was built from.
fn toolkit_root() -> PathBuf {
    if let Some(root) = std::env::var_os("CUPRITE_TOOLKIT") {
        return root.into();
    }
    if let Ok(exe) = std::env::current_exe()
        && let Some(prefix) = exe.parent().and_then(Path::parent)
        && prefix.join("include/cuda_runtime.h").is_file()
    {
        return prefix.to_path_buf();
    }
    let tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    tree.canonicalize().unwrap_or(tree)
}

impl Toolchain {
    /// Locates clang and the toolkit; `cudart_dir` is where Cuprite's `libcudart.so` is.
    pub fn locate(cudart_dir: Option<PathBuf>) -> Result<Toolchain, String> {
        let (clangxx, clang) = find_clang()?;
        let resource_dir = resource_dir(&clang)?;
        let clang_major = resource_dir.file_name().and_then(|n| n.to_str()?.parse().ok()).unwrap_or(19);
        let root = toolkit_root();
        let include_dir = root.join("include");
        if !include_dir.join("cuda_runtime.h").is_file() {
            return Err(format!(
                "Cuprite's CUDA headers were not found in {} (set CUPRITE_TOOLKIT to the directory holding include/)",
                include_dir.display()
            ));
        }
        let libdevice_source = Some(root.join("libdevice/libdevice.c")).filter(|p| p.is_file());
        let libdevice_bitcode = Some(root.join("nvvm/libdevice/libdevice.10.bc")).filter(|p| p.is_file());
        let default_cccl = crate::cccl::default_install_dir(
            std::env::var_os("XDG_CACHE_HOME").as_deref().map(Path::new),
            std::env::var_os("HOME").as_deref().map(Path::new),
        );
        let cccl_dir = crate::cccl::locate(
            std::env::var_os("CUPRITE_CCCL").filter(|d| !d.is_empty()).as_deref().map(Path::new),
            default_cccl.as_deref(),
            &root,
        )?;
        let llvm_tool = |name: &str| clang.canonicalize().ok().and_then(|c| Some(c.parent()?.join(name)));
        let lld = llvm_tool("ld.lld").is_some_and(|l| l.is_file());
        let archiver = llvm_tool("llvm-ar").filter(|a| a.is_file()).unwrap_or_else(|| PathBuf::from("ar"));
        let opt = llvm_tool("opt").filter(|o| o.is_file());
        Ok(Toolchain {
            root,
            lld,
            archiver,
            opt,
            clangxx,
            clang,
            resource_dir,
            clang_major,
            include_dir,
            libdevice_source,
            libdevice_bitcode,
            cudart_dir,
            cccl_dir,
        })
    }
}

/// Clang's resource directory (`clang -print-resource-dir`), remembered in the cache per clang
/// binary (its path, size and modification time): asking clang costs a process start, a tenth
/// of a second on a busy machine, on every compilation.
fn resource_dir(clang: &Path) -> Result<PathBuf, String> {
    let usable = |dir: &Path| dir.join("include/__clang_cuda_builtin_vars.h").is_file();
    let mut key = crate::cache::Key::default();
    key.add(clang.as_os_str().as_encoded_bytes());
    if let Ok(meta) = std::fs::metadata(clang) {
        let modified = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
        key.add(&meta.len().to_le_bytes()).add(&modified.map_or(0, |d| d.as_nanos()).to_le_bytes());
    }
    let remembered = crate::cache::cache_root().join("clang").join(key.hex()).join("resource-dir");
    if let Ok(text) = std::fs::read_to_string(&remembered) {
        let dir = PathBuf::from(text);
        if usable(&dir) {
            return Ok(dir);
        }
    }
    let out = Command::new(clang)
        .arg("-print-resource-dir")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", clang.display()))?;
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    if !out.status.success() || !usable(&dir) {
        return Err(format!(
            "{} has no CUDA support headers in its resource directory '{}'",
            clang.display(),
            dir.display()
        ));
    }
    // Remembering is only a shortcut: a cache that cannot be written costs nothing else.
    let _ = crate::cache::write_atomic(&remembered, dir.as_os_str().as_encoded_bytes());
    Ok(dir)
}

/// `$CUPRITE_CLANG` (a clang++), else the newest versioned clang++ on `PATH`, else `clang++`.
fn find_clang() -> Result<(PathBuf, PathBuf), String> {
    if let Some(c) = std::env::var_os("CUPRITE_CLANG") {
        let cxx = PathBuf::from(c);
        let name = cxx.file_name().map(|n| n.to_string_lossy().replace("clang++", "clang")).unwrap_or_default();
        let cc = cxx.with_file_name(name);
        return Ok((cxx.clone(), if cc.is_file() { cc } else { cxx }));
    }
    for v in CLANG_VERSIONS {
        if let (Some(cxx), Some(cc)) = (on_path(&format!("clang++-{v}")), on_path(&format!("clang-{v}"))) {
            return Ok((cxx, cc));
        }
    }
    if let (Some(cxx), Some(cc)) = (on_path("clang++"), on_path("clang")) {
        return Ok((cxx, cc));
    }
    Err("clang was not found: cuprite nvcc compiles CUDA C++ with clang 19 or newer; install it \
         (Debian/Ubuntu: `apt-get install clang-19`; elsewhere your system's clang package) or set CUPRITE_CLANG"
        .into())
}
