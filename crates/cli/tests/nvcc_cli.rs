//! `cuprite nvcc` and `cuprite run` as commands: exit statuses and messages, the run cache
//! (built once, rebuilt when an included header changes), and the math library hookup (a
//! `libdevice/libdevice.c` in the toolkit is compiled to bitcode once and linked).

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{cuprite, repo, scratch, text};

/// Builds `src` into `exe` with `cuprite nvcc -v -arch=sm_90` against toolkit `kit` and cache
/// `cache`, which must succeed; its log (the commands, on stderr).
fn verbose_build(src: &Path, exe: &Path, kit: &Path, cache: &Path) -> String {
    let o = cuprite()
        .args(["nvcc", "-v", "-arch=sm_90"])
        .arg(src)
        .arg("-o")
        .arg(exe)
        .env("CUPRITE_TOOLKIT", kit)
        .env("CUPRITE_CACHE_DIR", cache)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// nvcc 13.0 exits 1 for any command-line error ("nvcc fatal   : Unknown option '--bogus'",
/// "Unsupported gpu architecture 'sm_13'": status 1 each); Cuprite names every unknown option.
#[test]
fn unknown_options_exit_1_naming_them() {
    let o = cuprite().args(["nvcc", "-arch=sm_90", "--frobnicate", "-Qx", "a.cu"]).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "cuprite nvcc: error: unknown options '--frobnicate', '-Qx'\n");
}

/// nvcc 13.0's exit status for a build that fails: 2 when its CUDA front end rejects a `.cu`
/// file (an undeclared name), 1 when the host compiler's preprocessor does (a missing header,
/// `#error`), for a C++ file's errors, and for the link's.
#[test]
fn failed_builds_exit_with_nvccs_status() {
    let dir = scratch("failure-status");
    let status = |name: &str, source: &str, extra: &[&str]| {
        let src = dir.join(name);
        std::fs::write(&src, source).unwrap();
        let o = cuprite()
            .args(["nvcc", "-arch=sm_90"])
            .args(extra)
            .arg(&src)
            .arg("-o")
            .arg(dir.join("out"))
            .output()
            .unwrap();
        o.status.code()
    };
    assert_eq!(status("semantic.cu", "int main() { foo(); }\n", &["-c"]), Some(2));
    assert_eq!(status("device.cu", "__global__ void k(int *p) { *p = undeclared; }\n", &["-c"]), Some(2));
    assert_eq!(status("missing.cu", "#include <nonexistent_header.h>\nint main() {}\n", &["-c"]), Some(1));
    assert_eq!(status("directive.cu", "#error stop here\nint main() {}\n", &["-c"]), Some(1));
    assert_eq!(status("host.cpp", "int main() { foo(); }\n", &["-c"]), Some(1));
    assert_eq!(status("link.cu", "void f();\nint main() { f(); }\n", &[]), Some(1));
    // An object into a directory that does not exist: nvcc 13.0's assembler fails ("Fatal
    // error: can't create nodir/k.o: No such file or directory"), status 1.
    let src = dir.join("fine.cu");
    std::fs::write(&src, "__global__ void k(int *p) { *p = 1; }\n").unwrap();
    for args in [&["-c"][..], &["-dc"][..], &["-c", "-rdc=true"][..]] {
        let o = cuprite()
            .args(["nvcc", "-arch=sm_90"])
            .args(args)
            .arg(&src)
            .arg("-o")
            .arg(dir.join("nodir/k.o"))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", text(&o));
        assert!(String::from_utf8_lossy(&o.stderr).contains("nodir/k.o"), "{}", text(&o));
    }
}

/// A CUDA library Cuprite does not provide fails the link as under nvcc without it (the
/// linker's "cannot find -lcublas", status 1), and the message names the library and what the
/// toolkit has instead; the libraries it has link.
#[test]
fn missing_cuda_libraries_are_named() {
    let dir = scratch("missing-libraries");
    let src = dir.join("k.cu");
    std::fs::write(&src, "__global__ void k(int *p) { *p = 1; }\nint main() { return 0; }\n").unwrap();
    let link = |library: &str| {
        cuprite().args(["nvcc", "-arch=sm_90", library]).arg(&src).arg("-o").arg(dir.join("app")).output().unwrap()
    };
    for (library, name) in [("-lcublas", "cuBLAS"), ("-lcufft", "cuFFT"), ("-lcublasLt", "cuBLAS"), ("-lnppif", "NPP")]
    {
        let o = link(library);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(stderr.contains(&format!("cannot find {library}")), "{stderr}");
        assert!(stderr.contains(&format!("cuprite nvcc: error: {library}: Cuprite provides no {name};")), "{stderr}");
    }
    for library in ["-lcuda", "-lcurand", "-lcudart", "-lcudadevrt"] {
        let o = link(library);
        assert_eq!(o.status.code(), Some(0), "{library}: {}", text(&o));
    }
}

/// `--resource-usage` of relocatable device code compiled alone: nvcc 13.0 warns that the
/// allocation is not final and shows nothing else; ptxas's own `-v` shows its lines (recorded).
#[test]
fn resource_usage_of_relocatable_device_code_warns_as_nvcc_does() {
    let dir = scratch("resource-usage-rdc");
    let src = dir.join("k.cu");
    std::fs::write(&src, "__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }\n").unwrap();
    let compile = |option: &[&str]| {
        let o = cuprite()
            .args(["nvcc", "-arch=sm_90", "-rdc=true", "-c"])
            .args(option)
            .arg(&src)
            .arg("-o")
            .arg(dir.join("k.o"))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let warning = "nvcc warning : Resource usage is not shown as the final resource allocation is not done.\n";
    assert_eq!(compile(&["--resource-usage"]), warning);
    assert_eq!(compile(&["-res-usage"]), warning);
    let ptxas = compile(&["-Xptxas", "-v"]);
    assert!(
        ptxas.starts_with(
            "ptxas info    : 0 bytes gmem\nptxas info    : Compiling entry function '_Z1kPi' for 'sm_90'\n"
        ),
        "{ptxas}"
    );
}

/// `-Xcompiler` options that only the link uses reach every host command, as nvcc gives them
/// to every g++ command, and the compilations say nothing of them (g++ is silent; clang warned
/// "argument unused during compilation" once per pass); the link uses them (no libstdc++.so
/// needed with `-static-libstdc++`).
#[test]
fn link_options_given_with_xcompiler_build_silently() {
    let dir = scratch("xcompiler-link-options");
    let src = dir.join("k.cu");
    std::fs::write(&src, "#include <string>\n__global__ void k(int *p) { *p = 1; }\nint main() { return std::string(\"ab\").size() - 2; }\n").unwrap();
    let cpp = dir.join("h.cpp");
    std::fs::write(&cpp, "int h() { return 0; }\n").unwrap();
    for (input, extra) in [(&src, &["-c"][..]), (&cpp, &["-c"][..]), (&src, &[][..])] {
        let out = dir.join(if extra.is_empty() { "app" } else { "x.o" });
        let o = cuprite()
            .args(["nvcc", "-arch=sm_90", "-Xcompiler", "-static-libstdc++", "-Xcompiler=-pthread"])
            .args(extra)
            .arg(input)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert!(o.stderr.is_empty(), "{}", text(&o));
    }
    let dynamic = Command::new("readelf").arg("-d").arg(dir.join("app")).output().unwrap();
    let dynamic = String::from_utf8_lossy(&dynamic.stdout);
    assert!(dynamic.contains("NEEDED") && !dynamic.contains("libstdc++"), "{dynamic}");
}

/// `-nodlink` links relocatable objects as given, without the device link: with the output of
/// an explicit `-dlink` among them the program runs; without one the link fails on the
/// registration functions, as nvcc 13.0's does ("undefined reference to
/// `__cudaRegisterLinkedBinary_...`", exit 1; recorded).
#[test]
fn no_device_link_links_objects_as_given() {
    let dir = scratch("nodlink");
    std::fs::write(dir.join("dev.cu"), "__device__ int twice(int x) { return 2 * x; }\n").unwrap();
    std::fs::write(
        dir.join("main.cu"),
        "#include <cstdio>\nextern __device__ int twice(int x);\n__global__ void k(int *o) { *o = twice(21); }\n\
         int main() { int *d, h = 0; cudaMalloc(&d, 4); k<<<1, 1>>>(d); cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);\n\
         printf(\"%d\\n\", h); }\n",
    )
    .unwrap();
    let nvcc = |args: &[&str]| cuprite().arg("nvcc").arg("-arch=sm_90").args(args).current_dir(&dir).output().unwrap();
    for args in [
        &["-dc", "main.cu", "dev.cu"][..],
        &["-dlink", "main.o", "dev.o", "-o", "dl.o"],
        &["main.o", "dev.o", "dl.o", "-nodlink", "-o", "app"],
    ] {
        let o = nvcc(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o));
    }
    // Without LD_LIBRARY_PATH, which may name NVIDIA's libcudart (the tests' oracle): the
    // program finds Cuprite's through its RUNPATH.
    let o = Command::new(dir.join("app")).env_remove("LD_LIBRARY_PATH").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), "42\n", "{}", text(&o));
    let o = nvcc(&["-rdc=true", "main.cu", "dev.cu", "--no-device-link", "-o", "app2"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("undefined reference to `__cudaRegisterLinkedBinary"),
        "{}",
        text(&o)
    );
}

/// `-x c++` on a `.cu` file compiles it as C++ with the host compiler, as nvcc's g++ does: CUDA
/// in it is an error of C++ (nvcc 13.0: "'__global__' does not name a type", exit 1), plain C++
/// builds and runs. clang went by the name and compiled it as CUDA, failing for want of a CUDA
/// installation.
#[test]
fn x_cxx_compiles_a_cu_file_as_cxx() {
    let dir = scratch("x-cxx");
    std::fs::write(dir.join("k.cu"), "__global__ void k(int *p) { *p = 1; }\n").unwrap();
    std::fs::write(dir.join("plain.cu"), "#include <cstdio>\nint main() { std::printf(\"%d\\n\", 6 * 7); }\n").unwrap();
    let nvcc = |args: &[&str]| cuprite().arg("nvcc").args(args).current_dir(&dir).output().unwrap();
    let o = nvcc(&["-x", "c++", "-c", "k.cu"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("__global__") && !stderr.contains("CUDA installation"), "{stderr}");
    let o = nvcc(&["-x", "c++", "plain.cu", "-o", "plain"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = Command::new(dir.join("plain")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), "42\n");
    let o = nvcc(&["-x", "c++", "-M", "plain.cu"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("plain.o : plain.cu"), "{}", text(&o));
}

/// An option of one value given twice with different values (CMake's `-std=c++17` after a
/// project's `-std=c++20`): nvcc 13.0 uses the last and warns once per change, on stderr.
#[test]
fn redefined_options_warn_as_nvcc_does() {
    let dir = scratch("redefined");
    let src = dir.join("k.cu");
    std::fs::write(&src, "__global__ void k(int *p) { *p = 1; }\n").unwrap();
    let o = cuprite()
        .args(["nvcc", "-std=c++20", "-arch=sm_90", "-std=c++17", "-O3", "-O3", "-c"])
        .arg(&src)
        .arg("-o")
        .arg(dir.join("k.o"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "nvcc warning : incompatible redefinition for option 'std', the last value of this option was used\n"
    );
}

/// nvcc's front end warns by default of a variable or static function declared but never
/// referenced (#177-D) and of a variable set but never used (#550-D), so `-Werror
/// all-warnings` fails on them (nvcc 13.0: status 2, "error #177-D: variable "unused" was
/// declared but never referenced"); each is reported once, and `--diag-suppress` silences them.
#[test]
fn nvccs_default_unused_warnings_once_and_as_errors_with_werror_all_warnings() {
    let dir = scratch("unused-warnings");
    let src = dir.join("w.cu");
    std::fs::write(
        &src,
        "__global__ void w(int *p) { int unused; int set = 0; set = 2; p[0] = 1; }\n\
         static void never_called() {}\nint main() { return 0; }\n",
    )
    .unwrap();
    let compile = |extra: &[&str]| {
        cuprite()
            .args(["nvcc", "-arch=sm_90", "-c"])
            .args(extra)
            .arg(&src)
            .arg("-o")
            .arg(dir.join("w.o"))
            .output()
            .unwrap()
    };
    let o = compile(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    for warning in ["unused variable 'unused'", "variable 'set' set but not used", "unused function 'never_called'"] {
        assert_eq!(stderr.matches(warning).count(), 1, "{warning}: {stderr}");
    }
    let o = compile(&["-Werror", "all-warnings"]);
    assert_ne!(o.status.code(), Some(0), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("error: unused variable 'unused'"), "{}", text(&o));
    let o = compile(&["--diag-suppress", "177,550"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(!String::from_utf8_lossy(&o.stderr).contains("warning"), "{}", text(&o));
}

/// `__launch_bounds__` with its third argument (maximum blocks per cluster, sm_90) builds
/// without a word, as with nvcc 13.0 for -arch=sm_90; clang's host pass warned that
/// "maxclusterrank requires sm_90 or higher, CUDA arch provided: unknown".
#[test]
fn launch_bounds_with_three_arguments_build_silently_for_sm_90() {
    let dir = scratch("launch-bounds");
    let src = dir.join("lb.cu");
    std::fs::write(
        &src,
        "__global__ void __launch_bounds__(256, 2, 1) lb(int *p) { p[threadIdx.x] = 1; }\n\
         __global__ void __launch_bounds__(128) one(int *p) { p[threadIdx.x] = 2; }\n",
    )
    .unwrap();
    let o = cuprite().args(["nvcc", "-arch=sm_90", "-c"]).arg(&src).arg("-o").arg(dir.join("lb.o")).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(o.stderr.is_empty(), "{}", text(&o));
}

/// A relocatable-device-code link that misses a definition fails as nvcc 13.0's does (recorded):
/// nvlink's line for each name no object defines, naming the object that uses it, and exit
/// status 255. It linked, and the kernel then failed to load ("call to `_Z6offseti`, which
/// has no body in this module"). What CUDA itself provides (printf's `vprintf`, `malloc`) is no
/// undefined reference, and the link succeeds once an object defines the names; a name defined
/// twice is nvlink's "Multiple definition" (it was Cuprite's own message).
#[test]
fn device_link_names_undefined_references_as_nvlink_does() {
    let dir = scratch("undefined-references");
    std::fs::write(
        dir.join("main.cu"),
        "#include <cstdio>\n__device__ int offset(int x);\nextern __device__ int g_scale;\n\
         extern \"C\" __device__ int c_func(int);\n\
         __global__ void k(int *p) { p[0] = offset(1) + g_scale + c_func(2); printf(\"%d\\n\", p[0]);\n\
         int *q = (int *)malloc(4); free(q); }\nint main() { return 0; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("dev.cu"),
        "__device__ int g_scale = 3;\n__device__ int offset(int x) { return x + g_scale; }\n\
         extern \"C\" __device__ int c_func(int x) { return -x; }\n",
    )
    .unwrap();
    let nvcc = |args: &[&str]| {
        cuprite().arg("nvcc").args(["-arch=sm_90", "-rdc=true"]).args(args).current_dir(&dir).output().unwrap()
    };
    for src in ["main", "dev"] {
        let o = nvcc(&["-c", &format!("{src}.cu"), "-o", &format!("{src}.o")]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    }
    let o = nvcc(&["main.o", "-o", "app"]);
    assert_eq!(o.status.code(), Some(255), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "nvlink error   : Undefined reference to '_Z6offseti' in 'main.o'\n\
         nvlink error   : Undefined reference to 'c_func' in 'main.o'\n\
         nvlink error   : Undefined reference to 'g_scale' in 'main.o'\n"
    );
    let o = nvcc(&["main.o", "dev.o", "-o", "app"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // A name two objects define: nvlink's two lines and nvcc's status 1 (recorded).
    std::fs::write(dir.join("again.cu"), "__device__ int offset(int x) { return x; }\n").unwrap();
    let o = nvcc(&["-c", "again.cu", "-o", "again.o"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = nvcc(&["main.o", "dev.o", "again.o", "-o", "app"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "nvlink error   : Multiple definition of '_Z6offseti' in 'again.o', first defined in 'dev.o'\n\
         nvlink fatal   : merge_elf failed\n"
    );
    // Built for two architectures, nvlink names the one it failed on (nvcc 13.0, recorded with
    // `-gencode` for sm_80 then sm_90: "... in 'm2.o' (target: sm_80)", also on merge_elf's line).
    let two = ["-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=sm_90", "-rdc=true"];
    let nvcc2 = |args: &[&str]| cuprite().arg("nvcc").args(two).args(args).current_dir(&dir).output().unwrap();
    for src in ["main", "dev", "again"] {
        let o = nvcc2(&["-c", &format!("{src}.cu"), "-o", &format!("{src}2.o")]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    }
    let o = nvcc2(&["main2.o", "-o", "app"]);
    assert_eq!(o.status.code(), Some(255), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "nvlink error   : Undefined reference to '_Z6offseti' in 'main2.o' (target: sm_80)\n\
         nvlink error   : Undefined reference to 'c_func' in 'main2.o' (target: sm_80)\n\
         nvlink error   : Undefined reference to 'g_scale' in 'main2.o' (target: sm_80)\n"
    );
    let o = nvcc2(&["main2.o", "dev2.o", "again2.o", "-o", "app"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "nvlink error   : Multiple definition of '_Z6offseti' in 'again2.o', first defined in 'dev2.o' (target: sm_80)\n\
         nvlink fatal   : merge_elf failed (target: sm_80)\n"
    );
}

#[test]
fn run_caches_and_rebuilds_when_an_included_header_changes() {
    let dir = scratch("run");
    let cache = dir.join("cache");
    std::fs::write(dir.join("value.h"), "#define VALUE 7\n").unwrap();
    let src = dir.join("app.cu");
    std::fs::write(
        &src,
        "#include <cstdio>\n#include \"value.h\"\n__global__ void k(int *p) { *p = VALUE * 6; }\n\
         int main(int argc, char **argv) { int *d, h = 0; cudaMalloc(&d, 4); k<<<1, 1>>>(d);\n\
         cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost); printf(\"%d %s\\n\", h, argc > 1 ? argv[1] : \"-\"); return 0; }\n",
    )
    .unwrap();
    let run = || {
        let o = cuprite()
            .args(["run"])
            .arg(&src)
            .args(["-arch=sm_90", "--", "hello"])
            .env("CUPRITE_CACHE_DIR", &cache)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let entries = || std::fs::read_dir(cache.join("run")).unwrap().count();
    assert_eq!(run(), "42 hello\n");
    let exe = std::fs::read_dir(cache.join("run")).unwrap().next().unwrap().unwrap().path().join("app");
    let built = std::fs::metadata(&exe).unwrap().modified().unwrap();
    assert_eq!(run(), "42 hello\n");
    assert_eq!(std::fs::metadata(&exe).unwrap().modified().unwrap(), built, "second run must use the cache");
    assert_eq!(entries(), 1);
    // The source is unchanged but a header it includes is not: the entry is rebuilt.
    std::fs::write(dir.join("value.h"), "#define VALUE 8\n").unwrap();
    assert_eq!(run(), "48 hello\n");
    assert_eq!(entries(), 1);
}

/// A program of several files (`cuprite run main.cu lib/k.cu host.cpp -- ARGS`): a header that
/// only the second CUDA file includes, and one only the C++ file includes, each rebuild the
/// cached entry when edited (one `-MF` file keeps only the last source's list, so these were
/// missed and the stale program ran).
#[test]
fn run_rebuilds_a_program_of_several_files_when_any_sources_header_changes() {
    let dir = scratch("run-multi");
    let cache = dir.join("cache");
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(dir.join("lib/k.h"), "#pragma once\n#define SCALE 3\nvoid launch(int *d, int n);\n").unwrap();
    std::fs::write(dir.join("lib/host.h"), "#define OFFSET 100\n").unwrap();
    std::fs::write(
        dir.join("lib/k.cu"),
        "#include \"k.h\"\n__global__ void kern(int *p, int n) { int i = threadIdx.x; if (i < n) p[i] = i * SCALE; }\n\
         void launch(int *d, int n) { kern<<<1, 64>>>(d, n); }\n",
    )
    .unwrap();
    std::fs::write(dir.join("host.cpp"), "#include \"lib/host.h\"\nint offset() { return OFFSET; }\n").unwrap();
    std::fs::write(
        dir.join("main.cu"),
        "#include <cstdio>\n#include <cstdlib>\nvoid launch(int *d, int n);\nint offset();\n\
         int main(int argc, char **argv) { int n = atoi(argv[1]), *d, h[64]; cudaMalloc(&d, sizeof h);\n\
         launch(d, n); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); printf(\"%d\\n\", h[n - 1] + offset()); }\n",
    )
    .unwrap();
    let run = || {
        let o = cuprite()
            .current_dir(&dir)
            .args(["run", "main.cu", "lib/k.cu", "host.cpp", "-arch=sm_90", "--", "10"])
            .env("CUPRITE_CACHE_DIR", &cache)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    assert_eq!(run(), "127\n");
    std::fs::write(dir.join("lib/k.h"), "#pragma once\n#define SCALE 5\nvoid launch(int *d, int n);\n").unwrap();
    assert_eq!(run(), "145\n");
    std::fs::write(dir.join("lib/host.h"), "#define OFFSET 200\n").unwrap();
    assert_eq!(run(), "245\n");
    assert_eq!(run(), "245\n");
    assert_eq!(std::fs::read_dir(cache.join("run")).unwrap().count(), 1);
}

#[test]
fn math_library_source_is_compiled_once_and_linked() {
    let dir = scratch("libdevice");
    // A toolkit with the repository's headers and a one-function math library.
    let kit = dir.join("kit");
    std::fs::create_dir_all(kit.join("libdevice")).unwrap();
    std::os::unix::fs::symlink(repo().join("include"), kit.join("include")).unwrap();
    std::fs::write(
        kit.join("libdevice/libdevice.c"),
        "float __nv_int_as_float(int x) { union { int i; float f; } u; u.i = x; return u.f; }\n",
    )
    .unwrap();
    let src = dir.join("bits.cu");
    std::fs::write(
        &src,
        "#include <cstdio>\n__global__ void k(float *p) { *p = __int_as_float(0x40490fdb); }\n\
         int main() { float *d, h = 0; cudaMalloc(&d, 4); k<<<1, 1>>>(d);\n\
         cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost); printf(\"%s\\n\", h == 3.14159274f ? \"PASS\" : \"FAIL\"); return 0; }\n",
    )
    .unwrap();
    let cache = dir.join("cache");
    let exe = dir.join("bits");
    let build = || verbose_build(&src, &exe, &kit, &cache);
    let first = build();
    assert!(first.contains("--target=nvptx64-nvidia-cuda") && first.contains("libdevice.c"), "{first}");
    assert!(first.contains("-mlink-builtin-bitcode"), "{first}");
    let second = build();
    assert!(!second.contains("libdevice.c"), "the bitcode is cached: {second}");
    let o = cuprite().arg("exec").arg(&exe).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", text(&o));
}

/// The wrapper header is precompiled (one PCH for the host pass, one for the device pass), reused
/// by the next build with the same flags, and rebuilt when a header it was made from changes.
#[test]
fn wrapper_header_is_precompiled_reused_and_rebuilt_after_a_header_changes() {
    let dir = scratch("pch");
    let kit = dir.join("kit");
    std::fs::create_dir_all(&kit).unwrap();
    let copied = Command::new("cp").arg("-r").arg(repo().join("include")).arg(kit.join("include")).status().unwrap();
    assert!(copied.success());
    std::os::unix::fs::symlink(repo().join("libdevice"), kit.join("libdevice")).unwrap();
    let cache = dir.join("cache");
    let exe = dir.join("vectorAdd");
    let build = || {
        let log = verbose_build(&repo().join("samples/vectorAdd.cu"), &exe, &kit, &cache);
        let r = cuprite().arg("exec").arg(&exe).output().unwrap();
        assert!(String::from_utf8_lossy(&r.stdout).contains("Test PASSED"), "{}", text(&r));
        log
    };
    // Each PCH with its modification time.
    let pchs = || -> Vec<(PathBuf, std::time::SystemTime)> {
        let mut v: Vec<_> = std::fs::read_dir(cache.join("pch"))
            .unwrap()
            .map(|e| e.unwrap().path().join("cuda_wrapper.pch"))
            .map(|p| {
                let t = std::fs::metadata(&p).and_then(|m| m.modified()).unwrap();
                (p, t)
            })
            .collect();
        v.sort();
        v
    };
    let log = build();
    // The CUDA passes (not the PCH builds) load a PCH instead of parsing the wrapper.
    let passes: Vec<&str> = log.lines().filter(|l| l.contains("-x cuda") && !l.contains("-emit-pch")).collect();
    assert_eq!(passes.len(), 2, "{log}");
    assert!(passes.iter().all(|l| l.contains("-include-pch") && !l.contains("-include cuprite")), "{log}");
    let first = pchs();
    assert_eq!(first.len(), 2, "a host and a device PCH: {first:?}");
    build();
    assert_eq!(pchs(), first, "reused, not rebuilt");
    // A header the wrapper includes changes (size and time): both PCHs are rebuilt.
    std::thread::sleep(std::time::Duration::from_millis(20));
    let header = kit.join("include/cuda_runtime.h");
    let mut text = std::fs::read_to_string(&header).unwrap();
    text.push_str("/* changed */\n");
    std::fs::write(&header, text).unwrap();
    build();
    let rebuilt = pchs();
    assert_eq!(rebuilt.len(), 2);
    assert!(rebuilt.iter().zip(&first).all(|(new, old)| new.0 == old.0 && new.1 != old.1), "{rebuilt:?} {first:?}");
}

/// An install prefix (the layout scripts/install-toolkit.sh makes): `PREFIX/bin/cuprite nvcc`
/// finds the headers in `PREFIX/include` and links `PREFIX/lib64/libcudart.so`.
#[test]
fn installed_toolkit_layout_is_found_from_the_executable() {
    let prefix = scratch("toolkit");
    std::fs::create_dir_all(prefix.join("bin")).unwrap();
    std::fs::create_dir_all(prefix.join("lib64")).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_cuprite"), prefix.join("bin/cuprite")).unwrap();
    // A copy of the headers, so that a path in the build's commands shows which were used.
    let copied = Command::new("cp").arg("-r").arg(repo().join("include")).arg(prefix.join("include")).status().unwrap();
    assert!(copied.success());
    let lib = Path::new(env!("CARGO_BIN_EXE_cuprite")).parent().unwrap().join("deps/libcudart.so");
    std::fs::copy(&lib, prefix.join("lib64/libcudart.so.13")).unwrap();
    let exe = prefix.join("vectorAdd");
    let o = Command::new(prefix.join("bin/cuprite"))
        .args(["nvcc", "-v", "-arch=sm_90"])
        .arg(repo().join("samples/vectorAdd.cu"))
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(log.contains(&format!("-I{}", prefix.join("include").display())), "{log}");
    assert!(log.contains(&format!("-L{}", prefix.join("lib64").display())), "{log}");
    let r = Command::new(&exe).env("LD_LIBRARY_PATH", prefix.join("lib64")).output().unwrap();
    assert!(String::from_utf8_lossy(&r.stdout).contains("Test PASSED"), "{}", text(&r));
}

/// `-E` and `-M` write to standard output, as nvcc's do.
#[test]
fn preprocess_and_dependencies_go_to_stdout() {
    let src = repo().join("samples/vectorAdd.cu");
    let o = cuprite().args(["nvcc", "-E"]).arg(&src).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("__global__") || out.contains("vectorAdd(const float"),
        "{}",
        &out[out.len().saturating_sub(500)..]
    );
    let o = cuprite().args(["nvcc", "-M"]).arg(&src).output().unwrap();
    let deps = String::from_utf8_lossy(&o.stdout);
    assert!(deps.starts_with("vectorAdd.o : ") && deps.contains("cuda_runtime.h"), "{}", text(&o));
}

/// `NVCC_PREPEND_FLAGS` and `NVCC_APPEND_FLAGS` add their options around the command line's
/// (the later `-O` wins, with nvcc's warning for each change; `-v` names them next, as nvcc does), and an unknown one among them is
/// an error naming it; `-M` of a source compiled as a rewritten copy (a device-side launch
/// under `-rdc`) prints the source's name; `--help` prints nvcc's usage line.
#[test]
fn environment_flags_dependencies_of_copies_and_help() {
    let dir = scratch("envflags");
    let src = dir.join("k.cu");
    std::fs::write(&src, "__global__ void c(int *p) {}\n__global__ void k(int *p) { c<<<1, 1>>>(p); }\n").unwrap();
    let o = cuprite()
        .args(["nvcc", "--dryrun", "-rdc=true", "-O1", "-c"])
        .arg(&src)
        .env("NVCC_PREPEND_FLAGS", "-DFROM_ENV='a b' -O0")
        .env("NVCC_APPEND_FLAGS", "-O3")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let log = String::from_utf8_lossy(&o.stderr);
    // -O0, -O1, -O3: nvcc 13.0 warns of each change first, then names the variables (recorded).
    let redefined =
        "nvcc warning : incompatible redefinition for option 'optimize', the last value of this option was used\n";
    assert!(
        log.starts_with(&format!(
            "{redefined}{redefined}#$ NVCC_PREPEND_FLAGS=\"-DFROM_ENV='a b' -O0\"\n#$ NVCC_APPEND_FLAGS=\"-O3\"\n"
        )),
        "{log}"
    );
    assert!(log.contains("'-DFROM_ENV=a b'") && log.contains(" -O3 ") && !log.contains(" -O1 "), "{log}");
    let o = cuprite().args(["nvcc", "-c"]).arg(&src).env("NVCC_APPEND_FLAGS", "--bogus").output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "cuprite nvcc: error: unknown option '--bogus'\n");
    let o = cuprite().args(["nvcc", "-M", "-rdc=true"]).arg(&src).output().unwrap();
    let deps = String::from_utf8_lossy(&o.stdout);
    assert!(deps.starts_with(&format!("k.o : {} \\\n", src.display())) && !deps.contains("rewritten"), "{}", text(&o));
    let o = cuprite().args(["nvcc", "--help"]).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("Usage  : nvcc [options] <inputfile>"), "{}", text(&o));
}

/// `--ptx -o -` writes the checked PTX to standard output and nothing else (it once printed it,
/// then failed to read a file named `-` to check it).
#[test]
fn ptx_to_stdout_is_checked_and_printed() {
    let src = repo().join("samples/vectorAdd.cu");
    let o = cuprite()
        .current_dir(scratch("ptx_stdout"))
        .args(["nvcc", "--ptx", "-arch=sm_80"])
        .arg(&src)
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let ptx = String::from_utf8_lossy(&o.stdout);
    assert!(ptx.contains(".target sm_80") && ptx.contains(".entry"), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).is_empty(), "{}", text(&o));
}

/// The headers compile for nvcc 13.0's oldest architecture and for the C++ standards nvcc
/// accepts; architectures CUDA 13 removed (sm_50 … sm_72) are nvcc 13.0's error, its words and
/// exit status 1 (`nvcc fatal   : Unsupported gpu architecture 'sm_52'`), nothing written.
#[test]
fn old_architectures_and_standards_build_and_pass() {
    let dir = scratch("archs");
    for (i, flags) in
        [&["-arch=sm_75"][..], &["-arch=sm_75", "-std=c++11"], &["-arch=sm_75", "-std=c++14"]].iter().enumerate()
    {
        let exe = dir.join(format!("v{i}"));
        let o = cuprite()
            .arg("nvcc")
            .args(*flags)
            .arg(repo().join("samples/vectorAdd.cu"))
            .arg("-o")
            .arg(&exe)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{flags:?}: {}", text(&o));
        assert!(o.stderr.is_empty(), "{flags:?}: no warnings expected: {}", text(&o));
        let r = cuprite().arg("exec").arg(&exe).output().unwrap();
        assert!(String::from_utf8_lossy(&r.stdout).contains("Test PASSED"), "{flags:?}: {}", text(&r));
    }
    for (flags, said) in [
        (&["-arch=sm_52"][..], "Unsupported gpu architecture 'sm_52'"),
        (&["-gencode", "arch=compute_70,code=sm_70"], "Unsupported gpu architecture 'compute_70'"),
        (&["-arch=compute_75", "-code=sm_60"], "Value 'sm_60' is not defined for option 'gpu-code'"),
    ] {
        let exe = dir.join("removed");
        let o = cuprite()
            .arg("nvcc")
            .args(flags)
            .arg(repo().join("samples/vectorAdd.cu"))
            .arg("-o")
            .arg(&exe)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{flags:?}: {}", text(&o));
        assert!(String::from_utf8_lossy(&o.stderr).contains(said), "{flags:?}: {}", text(&o));
        assert!(!exe.exists(), "{flags:?}");
    }
}
