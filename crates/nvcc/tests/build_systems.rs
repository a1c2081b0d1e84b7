//! `cuprite nvcc` driven as Make-based builds drive nvcc, on a project shaped like real ones
//! (`tests/projects/shapes`): a static library of relocatable device code made with `-lib`
//! (a `__device__` variable and function defined in one file, a templated kernel instantiated in
//! another) used by kernels of a third file, C++ headers included by both `.cpp` and `.cu`, host
//! OpenMP threads launching kernels on their own streams, separate compilation finished by
//! `-dlink` and a plain `g++` link, and a shared library of kernels behind an `extern "C"`
//! launcher, linked into a C program by `cc`. The programs check their results against values
//! computed from the kernels' arithmetic and print PASS.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn project() -> PathBuf {
    common::repo().join("crates/nvcc/tests/projects/shapes")
}

/// A fresh directory for one test's outputs.
fn out_dir(name: &str) -> PathBuf {
    let dir = common::work_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the output directory");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Builds with the driver, panicking with its diagnostics on failure.
fn nvcc(args: &[&str]) {
    if let Err(e) = common::nvcc(args) {
        panic!("cuprite nvcc {}: {e}", args.join(" "));
    }
}

/// Runs `cmd`, panicking with its output unless it succeeds.
fn succeed(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{cmd:?}: {stdout}{}", String::from_utf8_lossy(&out.stderr));
    stdout
}

/// Runs a built program and expects it to pass.
fn passes(exe: &Path) {
    let o = common::run(exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
}

/// The host compiler nvcc users name with `-ccbin` (g++; OpenMP through its libgomp).
const HOST_CXX: &str = "g++";

/// A Makefile's build: `-lib` makes a static library of two relocatable device-code files,
/// `-dc` with `-MD -MT -MF` compiles the launching file (the dependency file names the target
/// given and the headers), `-x cu` compiles a `.cpp` holding no kernel as CUDA, host files
/// compile with `-ccbin g++ -Xcompiler=-fopenmp,-Wall`, and two links: by the driver (`-l` of
/// the library, which the device link reads), and by `g++` after `-dlink`.
#[test]
fn makefile_build_with_a_device_code_library_dlink_and_a_host_link() {
    let src = project();
    let out = out_dir("make-shapes");
    let include = format!("-I{}", s(&src.join("include")));
    let library = out.join("libdevshapes.a");
    nvcc(&[
        "-lib",
        "-rdc=true",
        "-arch=sm_80",
        &include,
        s(&src.join("devvars.cu")),
        s(&src.join("templates.cu")),
        "-o",
        s(&library),
    ]);
    let archive = std::fs::read(&library).expect("-lib writes the library");
    let members = nvcc::archive::members(&archive).expect("an ar archive");
    assert_eq!(members.len(), 2, "one object per source: {:?}", members.iter().map(|m| &m.0).collect::<Vec<_>>());

    let launch = out.join("launch.o");
    let depfile = out.join("launch.d");
    nvcc(&[
        "-dc",
        "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
        "--std",
        "c++17",
        &include,
        "-MD",
        "-MT",
        "objects/launch.cu.o",
        "-MF",
        s(&depfile),
        s(&src.join("launch.cu")),
        "-o",
        s(&launch),
    ]);
    let deps = std::fs::read_to_string(&depfile).expect("-MD writes the dependency file");
    // nvcc's layout: `target : source \`, then a path a line, four spaces in.
    assert!(deps.starts_with(&format!("objects/launch.cu.o : {} \\\n    ", s(&src.join("launch.cu")))), "{deps}");
    let listed = nvcc::depfile::parse(&deps);
    for file in ["launch.cu", "shapes.h", "devlib.cuh"] {
        assert!(listed.iter().any(|p| p.file_name().is_some_and(|n| n == file)), "{file} not in {deps}");
    }

    // A .cpp without kernels compiled as CUDA (`-x cu`), and host files by g++ with OpenMP.
    let main = out.join("main.o");
    nvcc(&["-x", "cu", "-arch=sm_80", &include, "-c", s(&src.join("main.cpp")), "-o", s(&main)]);
    let omp = out.join("omp_host.o");
    nvcc(&[
        "-ccbin",
        HOST_CXX,
        "-Xcompiler=-fopenmp,-Wall",
        &include,
        "-c",
        s(&src.join("omp_host.cpp")),
        "-o",
        s(&omp),
    ]);

    // The driver links, device-linking the library's relocatable code found through -L/-l.
    let app = out.join("app");
    nvcc(&[
        "-ccbin",
        HOST_CXX,
        "-rdc=true",
        "-arch=sm_80",
        "-Xcompiler",
        "-fopenmp",
        s(&main),
        s(&launch),
        s(&omp),
        "-L",
        s(&out),
        "-ldevshapes",
        "-o",
        s(&app),
    ]);
    passes(&app);

    // `-dlink` then the host compiler links, as Makefiles without nvcc at the link do.
    let dlink = out.join("dlink.o");
    nvcc(&["-dlink", "-arch=sm_80", s(&launch), s(&library), "-o", s(&dlink)]);
    let app_gxx = out.join("app_gxx");
    succeed(
        Command::new(HOST_CXX)
            .args([&main, &launch, &omp, &dlink, &library])
            .arg("-fopenmp")
            .arg(format!("-L{}", s(&common::work_dir().join("lib"))))
            .args(["-lcudart", "-o"])
            .arg(&app_gxx),
    );
    passes(&app_gxx);
}

/// `-shared -Xcompiler "-fPIC -Wall"` makes a shared library of kernels that a C program, compiled and
/// linked by `cc` alone, calls through an `extern "C"` launcher; the library and the program run
/// with no library path set, as an nvcc-built library (with its static runtime) does.
#[test]
fn shared_library_of_kernels_serves_a_c_program_linked_by_cc() {
    let src = project();
    let out = out_dir("shared-shapes");
    let include = format!("-I{}", s(&src.join("include")));
    let library = out.join("libkshared.so");
    // A Makefile's flags: a virtual architecture and a list of real ones, host options in one
    // quoted value, ptxas's report asked for.
    nvcc(&[
        "-shared",
        "-Xcompiler",
        "-fPIC -Wall",
        "--gpu-architecture=compute_75",
        "--gpu-code=sm_75,sm_80,compute_75",
        "--ptxas-options=-v",
        &include,
        s(&src.join("kshared.cu")),
        "-o",
        s(&library),
    ]);
    let capp = out.join("capp");
    succeed(
        Command::new("cc")
            .arg(src.join("capp.c"))
            .arg(&include)
            .arg(format!("-L{}", s(&out)))
            .arg("-lkshared")
            .arg(format!("-Wl,-rpath,{}", s(&out)))
            .arg("-o")
            .arg(&capp),
    );
    let stdout = succeed(Command::new(&capp).env_remove("LD_LIBRARY_PATH"));
    // The sum of i² for i < 1000: 999·1000·1999/6.
    assert_eq!(stdout, "sum 332833500 want 332833500\nPASS\n");
}

/// `-odir` places the outputs named after their inputs, and names them in dependency targets
/// (`-c -MD`: `DIR/a.o` and `DIR/a.d`; `-M`: the target `DIR/a.o`); dependencies name the source
/// where clang compiles a rewritten copy of it; `-MD` while linking names `app.d` and `app` after
/// `-o app`; `-ccbin` names a directory holding the host compiler.
#[test]
fn output_directory_and_compiler_directory() {
    let src = project();
    let out = out_dir("odir-shapes");
    let include = format!("-I{}", s(&src.join("include")));
    let objects = out.join("objects");
    std::fs::create_dir_all(&objects).expect("create objects/");
    nvcc(&["-c", "-MD", "-odir", s(&objects), &include, s(&src.join("devvars.cu"))]);
    assert!(objects.join("devvars.o").is_file(), "-c -odir writes DIR/devvars.o");
    let deps = std::fs::read_to_string(objects.join("devvars.d")).expect("-MD writes DIR/devvars.d");
    let first = format!("{} : {} \\\n", s(&objects.join("devvars.o")), s(&src.join("devvars.cu")));
    assert!(deps.starts_with(&first), "{deps}");
    let listing = out.join("deps.txt");
    nvcc(&["-M", "--output-directory", "objs", &include, s(&src.join("templates.cu")), "-o", s(&listing)]);
    let deps = std::fs::read_to_string(&listing).expect("-M -o writes the listing");
    assert!(deps.starts_with("objs/templates.o : "), "{deps}");

    // A source compiled as a rewritten copy (a device-side launch under -rdc): -M names the
    // source, not the copy.
    let launching = out.join("launching.cu");
    std::fs::write(
        &launching,
        "#include \"shapes.h\"\n__global__ void child(int *p) { p[threadIdx.x] = combine(Pair{1, 2}); }\n\
         __global__ void parent(int *p) { child<<<1, 32>>>(p); }\n",
    )
    .unwrap();
    nvcc(&["-M", "-rdc=true", &include, s(&launching), "-o", s(&listing)]);
    let deps = std::fs::read_to_string(&listing).expect("-M -o writes the listing");
    assert!(deps.starts_with(&format!("launching.o : {} \\\n    ", s(&launching))), "{deps}");
    assert!(!deps.contains("rewritten"), "{deps}");
    // -MD while linking: the dependency file and target are named after the output, as nvcc's;
    // `-shared` alone (no -Xcompiler -fPIC) links a shared library, as nvcc's does.
    let app = out.join("app");
    nvcc(&["-MD", "-rdc=true", &include, s(&launching), s(&src.join("devvars.cu")), "-c", "-odir", s(&objects)]);
    let deps = std::fs::read_to_string(objects.join("launching.d")).expect("-MD -odir writes DIR/launching.d");
    assert!(deps.contains(s(&launching)) && !deps.contains("rewritten"), "{deps}");
    nvcc(&["-MD", &include, s(&src.join("kshared.cu")), "-shared", "-o", s(&app)]);
    let deps = std::fs::read_to_string(out.join("app.d")).expect("-MD writes app.d beside -o app");
    assert!(deps.starts_with(&format!("{} : ", s(&app))) && deps.contains("kshared.h"), "{deps}");

    // A directory for -ccbin: the GNU compiler's name in it.
    let bindir = out.join("bin");
    std::fs::create_dir_all(&bindir).expect("create bin/");
    let gxx = Command::new("sh").args(["-c", "command -v g++"]).output().expect("sh");
    let gxx = String::from_utf8_lossy(&gxx.stdout).trim().to_string();
    std::os::unix::fs::symlink(&gxx, bindir.join("g++")).expect("link g++");
    let main = out.join("main.o");
    nvcc(&["--compiler-bindir", s(&bindir), &include, "-c", s(&src.join("main.cpp")), "-o", s(&main)]);
    assert!(main.is_file());
}

/// A PyTorch extension build's compile line (its flags as `torch.utils.cpp_extension` writes
/// them: `--compiler-options "'-fPIC'"` with the shell's quotes, the half-operator macros,
/// dependency options by their long names), in C++03 as old Makefiles ask (nvcc accepts it;
/// built as C++11), then a shared-library link by the driver and a run through a C++ host.
#[test]
fn pytorch_extension_compile_line_and_cxx03() {
    let out = out_dir("pytorch-shapes");
    let source = out.join("ext.cu");
    // C++03: no auto, no nullptr, no brace-narrowing complaints (an int from a double in braces).
    std::fs::write(
        &source,
        "#include <cuda_fp16.h>\n\
         __global__ void add_half(__half *o, const float *x, int n) {\n\
         \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20 if (i < n) o[i] = __hadd(__float2half(x[i]), __float2half(0.5f));\n\
         }\n\
         extern \"C\" int ext_run(int n, float *result) {\n\
         \x20 int narrowed[1] = {2.0 * n};\n\
         \x20 float *x; __half *o;\n\
         \x20 cudaMallocManaged((void **)&x, n * sizeof(float));\n\
         \x20 cudaMallocManaged((void **)&o, n * sizeof(__half));\n\
         \x20 for (int i = 0; i < n; ++i) x[i] = (float)i;\n\
         \x20 add_half<<<(n + 63) / 64, 64>>>(o, x, n);\n\
         \x20 cudaDeviceSynchronize();\n\
         \x20 float sum = 0;\n\
         \x20 for (int i = 0; i < n; ++i) sum += __half2float(o[i]);\n\
         \x20 *result = sum + narrowed[0];\n\
         \x20 cudaFree(x); cudaFree(o);\n\
         \x20 return 0;\n\
         }\n",
    )
    .unwrap();
    let object = out.join("ext.cuda.o");
    let depfile = out.join("ext.cuda.o.d");
    nvcc(&[
        "--generate-dependencies-with-compile",
        "--dependency-output",
        s(&depfile),
        "-D__CUDA_NO_HALF_OPERATORS__",
        "-D__CUDA_NO_HALF_CONVERSIONS__",
        "-D__CUDA_NO_BFLOAT16_CONVERSIONS__",
        "-D__CUDA_NO_HALF2_OPERATORS__",
        "--expt-relaxed-constexpr",
        "--compiler-options",
        "'-fPIC'",
        "-O2",
        "-DTORCH_EXTENSION_NAME=ext",
        "-gencode=arch=compute_80,code=compute_80",
        "-gencode=arch=compute_80,code=sm_80",
        "-std=c++03",
        "-c",
        s(&source),
        "-o",
        s(&object),
    ]);
    assert!(std::fs::read_to_string(&depfile).is_ok_and(|d| d.contains("ext.cu")), "the dependency file");
    let library = out.join("ext.so");
    nvcc(&["-shared", s(&object), "-o", s(&library)]);
    let host = out.join("host.cpp");
    std::fs::write(
        &host,
        "#include <cstdio>\nextern \"C\" int ext_run(int, float *);\n\
         int main() { float r = 0; if (ext_run(100, &r)) return 1; std::printf(\"%g\\n\", r); return 0; }\n",
    )
    .unwrap();
    let exe = out.join("host");
    succeed(Command::new(HOST_CXX).arg(&host).arg(&library).arg("-o").arg(&exe));
    // (0 + ... + 99) + 100 * 0.5 + 2 * 100, each term exact in half precision.
    let o = common::run(&exe, &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), format!("{}\n", 4950 + 50 + 200), "{o:?}");
}

/// One command line as build systems and people write it, run in a fresh directory holding
/// `k.cu` (a kernel and a `main`, including `h.h`), `h.h`, `host.cpp` (a host function),
/// `opts.txt` (`-c -odir sub`), `resp.txt` and an empty `sub/`; with what nvcc 13.0 did there
/// (recorded): its exit status, the files it left besides those, and a fragment of its
/// diagnostics where it failed (Cuprite's say the same; where its words differ, ours are given).
struct CommandLine {
    args: &'static [&'static str],
    succeeds: bool,
    files: &'static [&'static str],
    says: &'static str,
}

const fn line(args: &'static [&'static str], files: &'static [&'static str]) -> CommandLine {
    CommandLine { args, succeeds: true, files, says: "" }
}

const fn fails(args: &'static [&'static str], says: &'static str) -> CommandLine {
    CommandLine { args, succeeds: false, files: &[], says }
}

/// nvcc 13.0's behaviour on each command line (recorded with nvcc 13.0.88 in the directory
/// described at [`CommandLine`]).
const COMMAND_LINES: &[CommandLine] = &[
    // Default output names, -o, -x cu, and the output directory (which nvcc does not create).
    line(&["-c", "k.cu"], &["k.o"]),
    line(&["-c", "k.cu", "-o", "x.o"], &["x.o"]),
    line(&["-x", "cu", "-c", "host.cpp"], &["host.o"]),
    line(&["-c", "k.cu", "-odir", "sub"], &["sub/k.o"]),
    line(&["-c", "k.cu", "--output-directory", "sub"], &["sub/k.o"]),
    fails(&["-c", "k.cu", "-odir", "missing"], "missing/k.o"),
    line(&["k.cu", "-odir", "sub"], &["sub/a.out"]),
    line(&["-lib", "k.cu", "-odir", "sub"], &["sub/a.a"]),
    line(&["-ptx", "k.cu", "-odir", "sub"], &["sub/k.ptx"]),
    line(&["-fatbin", "k.cu", "-odir", "sub"], &["sub/k.fatbin"]),
    fails(&["-c", "k.cu", "host.cpp", "-o", "x.o"], "A single input file is required for a non-link phase"),
    // Dependency files: -M writes -MF's file or prints; -MD while linking names them after the
    // inputs (in -odir), or after -o's output.
    line(&["-c", "-MD", "k.cu"], &["k.d", "k.o"]),
    line(&["-c", "-MMD", "-MF", "x.d", "-MT", "foo.o", "-MP", "k.cu"], &["k.o", "x.d"]),
    line(&["-M", "-MF", "x.d", "k.cu"], &["x.d"]),
    line(&["-MM", "k.cu", "-o", "sub/x.d"], &["sub/x.d"]),
    line(&["-M", "k.cu", "-odir", "sub"], &[]),
    line(&["-MD", "k.cu"], &["a.out", "k.d"]),
    line(&["-MD", "k.cu", "-o", "prog"], &["prog", "prog.d"]),
    line(&["-MD", "k.cu", "-odir", "sub"], &["sub/a.out", "sub/k.d"]),
    fails(&["-MF", "x.d", "-c", "k.cu"], "Option '--dependency-file' requires one of '-M', '-MM', '-MD' or '-MMD'"),
    // Architectures.
    line(&["-c", "k.cu", "--generate-code=arch=compute_80,code=[sm_80,compute_80]"], &["k.o"]),
    line(
        &[
            "-c",
            "k.cu",
            "-gencode",
            "arch=compute_90,code=sm_90",
            "-gencode",
            "arch=compute_80,code=[compute_80,sm_86]",
        ],
        &["k.o"],
    ),
    line(&["-c", "k.cu", "-arch=native"], &["k.o"]),
    line(&["-c", "k.cu", "-arch=all-major", "--threads", "2"], &["k.o"]),
    // Warnings, host compiler options and host compilers, timing.
    line(&["-c", "k.cu", "-Werror", "all-warnings", "-Wno-deprecated-gpu-targets"], &["k.o"]),
    line(&["-c", "k.cu", "--resource-usage"], &["k.o"]),
    line(&["-c", "k.cu", "-Xcompiler", "-Wall,-Wextra"], &["k.o"]),
    line(&["-c", "k.cu", "-Xcompiler", "\"-DFOO=1\",\"-O2\""], &["k.o"]),
    line(&["-c", "k.cu", "-ccbin", "g++"], &["k.o"]),
    line(&["-c", "host.cpp", "--compiler-bindir", "/usr/bin"], &["host.o"]),
    line(&["-c", "k.cu", "-time", "t.csv"], &["k.o", "t.csv"]),
    line(&["-c", "k.cu", "--forward-unknown-to-host-compiler", "-fno-strict-aliasing"], &["k.o"]),
    fails(&["-c", "k.cu", "-fno-strict-aliasing"], "-fno-strict-aliasing"),
    // Options from a file; nvcc knows no response files.
    line(&["--options-file", "opts.txt", "k.cu"], &["sub/k.o"]),
    fails(&["@resp.txt"], "@resp.txt"),
    line(&["-c", "k.cu", "-lineinfo", "-G"], &["k.o"]),
    // Links: sources of both kinds, a shared library of kernels, libraries that do not exist.
    line(&["k.cu", "host.cpp", "-o", "prog"], &["prog"]),
    line(&["-shared", "-Xcompiler", "-fPIC", "k.cu", "-o", "libk.so"], &["libk.so"]),
    fails(&["k.cu", "-lcublas"], "cannot find -lcublas"),
    fails(&["k.cu", "-lnosuchlib"], "cannot find -lnosuchlib"),
];

/// Every line of [`COMMAND_LINES`] does what nvcc 13.0 did: same exit status, same output
/// files, equivalent diagnostics. Runs in a child process (the test binary itself), which
/// changes its working directory for each line as a build system's shell does.
#[test]
fn command_lines_behave_as_nvccs() {
    let dir = out_dir("command-lines");
    let o = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", "command_lines_child", "--nocapture", "--test-threads=1"])
        .env("CUPRITE_COMMAND_LINES_CHILD", &dir)
        .output()
        .expect("run the child");
    assert!(o.status.success(), "{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
}

#[test]
fn command_lines_child() {
    let Some(root) = std::env::var_os("CUPRITE_COMMAND_LINES_CHILD").map(PathBuf::from) else { return };
    let files = [
        (
            "k.cu",
            "#include <cstdio>\n#include \"h.h\"\n__global__ void k(int *p) { p[threadIdx.x] = VAL; }\n\
                  int main() { int *d; cudaMalloc(&d, 128); k<<<1, 32>>>(d); int h[32] = {};\n\
                  \x20 cudaMemcpy(h, d, 128, cudaMemcpyDeviceToHost); printf(\"%d\\n\", h[3]); return 0; }\n",
        ),
        ("h.h", "#define VAL 7\n"),
        ("host.cpp", "int twice(int x) { return 2 * x; }\n"),
        ("opts.txt", "-c -odir sub\n"),
        ("resp.txt", "-c k.cu -o r.o\n"),
    ];
    let mut problems = Vec::new();
    for (n, case) in COMMAND_LINES.iter().enumerate() {
        let dir = root.join(n.to_string());
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).expect("create the line's directory");
        for (name, text) in files {
            std::fs::write(dir.join(name), text).expect("write an input");
        }
        std::env::set_current_dir(&dir).expect("enter the line's directory");
        let result = common::nvcc(case.args);
        let mut left = Vec::new();
        let mut pending = vec![PathBuf::new()];
        while let Some(sub) = pending.pop() {
            for entry in std::fs::read_dir(dir.join(&sub)).expect("list the directory") {
                let entry = entry.expect("a directory entry");
                let path = sub.join(entry.file_name());
                if entry.file_type().is_ok_and(|t| t.is_dir()) {
                    pending.push(path);
                } else if !files.iter().any(|(name, _)| path == Path::new(name)) {
                    left.push(path.to_string_lossy().into_owned());
                }
            }
        }
        left.sort();
        let what = format!("cuprite nvcc {}", case.args.join(" "));
        match &result {
            Ok(()) if !case.succeeds => problems.push(format!("{what}: succeeds; nvcc fails with {:?}", case.says)),
            Err(e) if case.succeeds => problems.push(format!("{what}: fails, where nvcc succeeds: {e}")),
            Err(e) if !e.contains(case.says) => problems.push(format!("{what}: says {e:?}, not {:?}", case.says)),
            _ => {}
        }
        if left != case.files {
            problems.push(format!("{what}: leaves {left:?}, nvcc {:?}", case.files));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
