//! The driver end to end: the sample builds and passes on the CPU, `--dryrun` prints the clang
//! commands and runs nothing, unknown options and `--cubin` are refused by name, and the
//! fatbin `cuprite nvcc --fatbin` writes is read by the runtime's reader and by
//! `scripts/fatbin_dump.py` (the copy of `shared/tools/fatbin_dump.py` in the repository).

mod common;

use std::process::Command;

#[test]
fn sample_vector_add_builds_and_passes_on_the_cpu() {
    let exe = common::work_dir().join("sample_vectorAdd");
    let src = common::repo().join("samples/vectorAdd.cu");
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
    let o = common::run(&exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout.contains("Test PASSED"), "{stdout}");
}

/// Runs the driver's planner in dry-run mode in a child process (the test binary itself, with
/// an environment switch), capturing what it prints.
#[test]
fn dryrun_prints_the_commands_and_runs_nothing() {
    let dir = common::scratch_dir("dryrun");
    let src = common::repo().join("samples/vectorAdd.cu");
    let out = dir.join("never_built");
    let o = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "dryrun_child", "--nocapture"])
        .env("CUPRITE_DRYRUN_CHILD", format!("{}\n{}", src.display(), out.display()))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    let commands: Vec<&str> = stderr.lines().filter(|l| l.starts_with("#$ ")).collect();
    // Two device passes (sm_80, sm_90), their checks, the fatbin, the host pass, the link.
    let compiles: Vec<&&str> = commands.iter().filter(|c| !c.contains("-emit-pch")).collect();
    let device: Vec<&&&str> = compiles.iter().filter(|c| c.contains("--cuda-device-only")).collect();
    assert_eq!(device.len(), 2, "{stderr}");
    assert!(device[0].contains("--cuda-gpu-arch=sm_80") && device[1].contains("--cuda-gpu-arch=sm_90"), "{stderr}");
    assert!(commands.iter().any(|c| c.contains("-fcuda-include-gpubinary")), "{stderr}");
    // nvcc's list of the virtual architectures, in both passes (CUB picks its policies by it).
    assert!(compiles.iter().all(|c| !c.contains("-x cuda") || c.contains("-D__CUDA_ARCH_LIST__=800,900")), "{stderr}");
    assert!(commands.iter().any(|c| c.contains("# cuprite: write fatbin")), "{stderr}");
    assert!(commands.iter().filter(|c| c.contains("# cuprite: check PTX")).count() == 2, "{stderr}");
    assert!(commands.last().unwrap().contains("-lcudart"), "{stderr}");
    // The device runtime is in Cuprite's libcudart: `-lcudadevrt` reaches no link.
    assert!(!commands.last().unwrap().contains("-lcudadevrt"), "{stderr}");
    assert!(stderr.contains("-cudart static: Cuprite has no static runtime library"), "{stderr}");
    assert!(!out.exists(), "--dryrun must not build anything");
}

#[test]
fn dryrun_child() {
    let Ok(spec) = std::env::var("CUPRITE_DRYRUN_CHILD") else { return };
    let (src, out) = spec.split_once('\n').unwrap();
    common::nvcc(&[
        "--dryrun",
        "-gencode",
        "arch=compute_80,code=sm_80",
        "-arch=sm_90",
        "-cudart",
        "static",
        src,
        "-lcudadevrt",
        "-o",
        out,
    ])
    .unwrap();
}

#[test]
fn unknown_options_and_cubin_are_refused_by_name() {
    let e = common::nvcc(&["--frobnicate", "x.cu"]).unwrap_err();
    assert_eq!(e, "unknown option '--frobnicate'");
    let src = common::repo().join("samples/vectorAdd.cu");
    let e = common::nvcc(&["--cubin", src.to_str().unwrap()]).unwrap_err();
    assert!(e.contains("--cubin is not supported") && e.contains("PTX"), "{e}");
}

/// nvcc's `-cuda` (Rodinia's nn Makefile runs `nvcc -cuda nn_cuda.cu` before building): each
/// `.cu` input preprocessed for the host to `NAME.cu.cpp.ii`, in the `-odir` directory (or
/// `-o`'s file); a C++ input is left alone (nvcc 13.0 writes no `c.cpp.cpp.ii`).
#[test]
fn cuda_option_writes_the_host_translation() {
    let dir = common::scratch_dir("cuda_option");
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    std::fs::write(dir.join("a.cu"), "#define SCALE 3\n__global__ void scale_kernel(int *p) { *p *= SCALE; }\n")
        .unwrap();
    std::fs::write(dir.join("c.cpp"), "int host_only() { return 1; }\n").unwrap();
    let _ = std::fs::remove_file(dir.join("a.cu.cpp.ii"));
    common::nvcc(&["-cuda", &p("a.cu"), &p("c.cpp"), "-odir", &p("")]).expect("-cuda");
    let ii = std::fs::read_to_string(dir.join("a.cu.cpp.ii")).expect("a.cu.cpp.ii");
    assert!(ii.contains("scale_kernel") && ii.contains("*= 3") && !ii.contains("#define SCALE"), "{}", &ii[..200]);
    assert!(!dir.join("c.cpp.cpp.ii").exists());
    common::nvcc(&["-cuda", &p("a.cu"), "-o", &p("named.ii")]).expect("-cuda -o");
    assert!(std::fs::read_to_string(dir.join("named.ii")).unwrap().contains("scale_kernel"));
}

/// A CUDA source that includes `<omp.h>` for its host code (Rodinia's kmeans and backprop, built
/// without `-fopenmp`) compiles where clang has its OpenMP headers; where it has none (Debian's
/// clang-19 without libomp-19-dev; nvcc's g++ has its own), the error names the package.
#[test]
fn omp_h_in_a_cuda_source_compiles_or_names_the_package() {
    let dir = common::scratch_dir("omp_h");
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    std::fs::write(
        dir.join("k.cu"),
        "#include <omp.h>\n__global__ void k(int *p) { *p = 1; }\n\
         int threads() { omp_lock_t lock; (void)lock; return omp_get_max_threads(); }\n",
    )
    .unwrap();
    let tc = nvcc::toolchain::Toolchain::locate(None).expect("clang");
    let built = common::nvcc(&["-c", "-arch=sm_90", &p("k.cu"), "-o", &p("k.o")]);
    if tc.resource_dir.join("include/omp.h").is_file() {
        built.expect("a .cu including <omp.h>");
    } else {
        let e = built.unwrap_err();
        assert!(e.starts_with("<omp.h>: clang, which compiles the host code of .cu files"), "{e}");
        assert!(e.contains(&format!("apt-get install libomp-{}-dev", tc.clang_major)), "{e}");
    }
}

/// A `__device__` lambda passed to a kernel template builds with `--extended-lambda` and runs;
/// without the flag it is nvcc 13.0's error ("__host__ or __device__ annotation on lambda
/// requires --extended-lambda nvcc flag", exit status 2), where clang compiled it.
#[test]
fn device_lambdas_need_extended_lambda_as_with_nvcc() {
    let dir = common::scratch_dir("extended_lambda");
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    std::fs::write(
        dir.join("lam.cu"),
        "#include <cstdio>\ntemplate <typename F> __global__ void apply(F f, int *p) { p[threadIdx.x] = f(threadIdx.x); }\n\
         int main() {\n  int *d, h[32]; cudaMalloc(&d, sizeof h);\n  auto twice = [] __device__ (int x) { return 2 * x; };\n\
           apply<<<1, 32>>>(twice, d);\n  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n\
           printf(h[31] == 62 ? \"PASS\\n\" : \"FAIL\\n\");\n}\n",
    )
    .unwrap();
    let options = nvcc::Options::parse(&["-arch=sm_90", &p("lam.cu"), "-o", &p("lam")]).unwrap();
    let failure = nvcc::driver::build(&options, Some(common::work_dir().join("lib"))).unwrap_err();
    assert_eq!(failure.status, 2);
    assert!(
        failure.diagnostics.contains(&format!(
            "{}:5:30: error: __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag",
            p("lam.cu")
        )),
        "{}",
        failure.diagnostics
    );
    common::nvcc(&["-arch=sm_90", "--extended-lambda", &p("lam.cu"), "-o", &p("lam")]).expect("--extended-lambda");
    assert_eq!(String::from_utf8_lossy(&common::run(&dir.join("lam"), &[], &[]).stdout), "PASS\n");
}

#[test]
fn fatbin_is_read_by_the_runtime_and_by_fatbin_dump() {
    let dir = common::scratch_dir("fatbin");
    let src = common::repo().join("samples/vectorAdd.cu");
    let fb = dir.join("v.fatbin");
    common::nvcc(&[
        "--fatbin",
        "-arch=sm_75",
        "-gencode",
        "arch=compute_90,code=sm_90",
        src.to_str().unwrap(),
        "-o",
        fb.to_str().unwrap(),
    ])
    .expect("build");
    let bytes = std::fs::read(&fb).unwrap();
    let header: [u8; 16] = bytes[..16].try_into().unwrap();
    assert_eq!(fatbin::declared_size(&header), Some(bytes.len() as u64));
    let entries = fatbin::entries(&bytes).expect("entries");
    let archs: Vec<u32> = entries.iter().map(|e| e.arch).collect();
    assert_eq!(archs, vec![75, 90]);
    for (e, arch) in entries.iter().zip([75, 90]) {
        assert_eq!(e.kind, fatbin::KIND_PTX);
        let text = std::str::from_utf8(e.payload).unwrap().trim_end_matches('\0');
        assert!(
            text.contains(&format!(".target sm_{arch}")) && text.contains(".entry _Z9vectorAddPKfS0_Pfi"),
            "{text}"
        );
        assert_eq!(ptx::check(text).1.len(), 0);
    }
    let o = Command::new("python3")
        .arg(common::repo().join("scripts/fatbin_dump.py"))
        .arg(&fb)
        .output()
        .expect("run fatbin_dump.py");
    let listing = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{listing}\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(listing.contains("sm_75") && listing.contains("sm_90") && listing.contains("PTX"), "{listing}");
}

/// Mixed inputs as build systems pass them: a .cu and a .c++ source compiled separately with
/// `-c`, then linked with a C source by one `cuprite nvcc` call; -D and -I reach both passes.
#[test]
fn separate_compile_then_link_mixed_inputs() {
    let dir = common::work_dir().join("mixed");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/scale.h"), "#define SCALE 3\n").unwrap();
    std::fs::write(
        dir.join("kern.cu"),
        "#include \"scale.h\"\n__global__ void k(int *p) { p[threadIdx.x] = (int)threadIdx.x * SCALE + OFFSET; }\n\
         void launch(int *d) { k<<<1, 32>>>(d); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.cpp"),
        "#include <cstdio>\n#include <cuda_runtime.h>\nvoid launch(int *d);\nextern \"C\" int expected(int i);\n\
         int main() { int *d, h[32]; cudaMalloc(&d, sizeof h); launch(d);\n\
         cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n\
         for (int i = 0; i < 32; i++) if (h[i] != expected(i)) { printf(\"FAIL %d\\n\", i); return 1; }\n\
         printf(\"PASS\\n\"); return 0; }\n",
    )
    .unwrap();
    std::fs::write(dir.join("expect.c"), "int expected(int i) { return i * 3 + 5; }\n").unwrap();
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let inc = format!("-I{}", p("inc"));
    common::nvcc(&["-c", "-arch=sm_90", "-DOFFSET=5", &inc, &p("kern.cu"), "-o", &p("kern.o")]).expect("compile .cu");
    common::nvcc(&["-c", &p("main.cpp"), "-o", &p("main.o")]).expect("compile .cpp");
    common::nvcc(&["-arch=sm_90", &p("kern.o"), &p("main.o"), &p("expect.c"), "-o", &p("app")]).expect("link");
    let o = common::run(&dir.join("app"), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// Old C as nvcc builds it (nvcc compiles .c files with gcc, which before version 14 warns where
/// clang 16+ stops): a K&R definition with implicit int, calls to functions no header declared,
/// an int returned as a pointer, linked with a .cu and built with -w,
/// as Rodinia's Makefiles do; the program runs and passes.
#[test]
fn old_c_sources_build_as_nvcc_builds_them() {
    let dir = common::scratch_dir("old_c");
    std::fs::write(
        dir.join("check.c"),
        "#include <stdio.h>\n\
         scale(x) int x; { return x * 3; }\n\
         int *as_pointer(long v) { return v; }\n\
         int check(int *h, int n) {\n\
           int i;\n\
           for (i = 0; i < n; i++) if (h[i] != scale(i) + 5) { printf(\"FAIL %d\\n\", i); return 1; }\n\
           if (strcmp(\"cuda\", \"cuda\") != 0 || abs(-2) != 2 || as_pointer(0)) { printf(\"FAIL libc\\n\"); return 1; }\n\
           printf(\"PASS\\n\"); return 0;\n\
         }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.cu"),
        "#include <cuda_runtime.h>\nextern \"C\" int check(int *h, int n);\n\
         __global__ void k(int *p) { p[threadIdx.x] = (int)threadIdx.x * 3 + 5; }\n\
         int main() { int *d, h[32]; cudaMalloc(&d, sizeof h); k<<<1, 32>>>(d);\n\
         cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); return check(h, 32); }\n",
    )
    .unwrap();
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    common::nvcc(&["-O3", "-w", "-arch=sm_80", &p("main.cu"), &p("check.c"), "-o", &p("app")]).expect("build");
    let o = common::run(&dir.join("app"), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// `-w` reaches every compilation (nvcc passes it to its host compiler, `-ccbin`'s included);
/// clang's legacy-C errors are made warnings in clang's C compilations only, not in C++ nor
/// for a `-ccbin` compiler.
#[test]
fn minus_w_and_legacy_c_warnings_reach_the_right_commands() {
    let tc = nvcc::toolchain::Toolchain::locate(None).expect("toolchain");
    let commands = |args: &[&str]| -> Vec<String> {
        let o = nvcc::Options::parse(args).expect("options");
        let plan =
            nvcc::plan::plan(&o, &tc, common::work_dir(), &|_| None, false, &Default::default(), &[]).expect("plan");
        let text: String = plan.jobs.iter().map(|j| format!("{j}\n")).collect();
        text.lines().filter(|l| l.contains(" -c ") || l.contains(" -S ")).map(str::to_string).collect()
    };
    let legacy = "-Wno-error=implicit-function-declaration";
    let with_w = commands(&["-w", "-arch=sm_80", "a.cu", "b.c", "c.cpp"]);
    assert_eq!(
        with_w.len(),
        7,
        "the wrapper's two PCHs, device pass (IR, then its code generation), host pass, .c, .cpp: {with_w:#?}"
    );
    assert!(with_w.iter().all(|c| c.contains(" -w ")), "{with_w:#?}");
    assert!(with_w.iter().filter(|c| c.contains(legacy)).all(|c| c.contains("b.c ")), "{with_w:#?}");
    assert!(with_w.iter().any(|c| c.contains(legacy)), "{with_w:#?}");
    let ccbin = commands(&["-w", "-ccbin", "gcc", "b.c"]);
    assert!(ccbin.len() == 1 && ccbin[0].contains(" -w ") && !ccbin[0].contains(legacy), "{ccbin:#?}");
    let without = commands(&["-arch=sm_80", "a.cu", "c.cpp"]);
    assert!(without.iter().all(|c| !c.contains(" -w ")), "{without:#?}");
}

/// Launches whose chevrons are split by blanks (`k << < 1, 32 >> > (...)`), which nvcc reads as
/// launches and clang does not lex: both launches run; the source still finds the header next
/// to it, `__FILE__` and `__LINE__` still name it and its lines, and so does a `-MD` dependency
/// file.
#[test]
fn launches_with_split_chevrons_build_as_nvcc_builds_them() {
    let dir = common::scratch_dir("split_chevrons");
    std::fs::write(dir.join("scale.h"), "#define SCALE 3\n").unwrap();
    std::fs::write(
        dir.join("split_chevrons.cu"),
        "#include <cstdio>\n#include <cstring>\n#include \"scale.h\"\n\
         __global__ void k(int *p, int n) { p[threadIdx.x] = (int)threadIdx.x * SCALE + n; }\n\
         int main() {\n\
           int *d, h[32];\n\
           cudaMalloc(&d, sizeof h);\n\
           k << < 1, 32 >> > (d, 5);\n\
           k<<<1,\n  16>> >(d, 7);\n\
           cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n\
           for (int i = 0; i < 32; i++) if (h[i] != i * SCALE + (i < 16 ? 7 : 5)) { printf(\"FAIL %d\\n\", i); return 1; }\n\
           if (__LINE__ != 13 || !strstr(__FILE__, \"split_chevrons.cu\")) { printf(\"FAIL %d %s\\n\", __LINE__, __FILE__); return 1; }\n\
           printf(\"PASS\\n\"); return 0;\n\
         }\n",
    )
    .unwrap();
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    common::nvcc(&["-arch=sm_80", &p("split_chevrons.cu"), "-o", &p("app")]).expect("build");
    let o = common::run(&dir.join("app"), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", String::from_utf8_lossy(&o.stderr));
    // The dependency file a build system reads names the source, not the rewritten copy.
    common::nvcc(&["-arch=sm_80", "-c", "-MD", "-MF", &p("app.d"), &p("split_chevrons.cu"), "-o", &p("app.o")])
        .expect("compile with -MD");
    let deps = std::fs::read_to_string(dir.join("app.d")).unwrap();
    assert!(deps.contains(&p("split_chevrons.cu")) && deps.contains("scale.h") && !deps.contains(".joined."), "{deps}");
}

/// nvcc's force-included headers declare `time` (<time.h>) and the <ctype.h> functions: a source
/// calling them without including their headers builds, as with nvcc (Rodinia's particlefilter
/// seeds with `time(0)` so).
#[test]
fn time_and_ctype_functions_need_no_include() {
    build_and_pass(
        "implicit_includes",
        "#include <cstdio>\n\
         int main() {\n\
           time_t now = time(0);\n\
           if (now > 1000000000 && isalpha('a') && !isdigit('a') && toupper('q') == 'Q') { printf(\"PASS\\n\"); return 0; }\n\
           printf(\"FAIL\\n\"); return 1;\n\
         }\n",
    );
}

/// Separate compilation: a kernel calling a device function and reading a device variable
/// defined in another file, built with `-dc` + link, with `-rdc=true` in one command, and with
/// `-dlink` + a plain host link (clang, and g++ with `-lcudadevrt` as CMake links), and `-dlink`
/// whose output is given to nvcc's own link (which then device-links nothing again); each runs
/// and passes.
#[test]
fn relocatable_device_code_across_two_files() {
    let dir = common::scratch_dir("rdc");
    std::fs::write(
        dir.join("a.cu"),
        "#include <cstdio>\nextern __device__ int twice(int x);\nextern __device__ int g_base;\n\
         __global__ void k(int *o) { o[threadIdx.x] = twice(threadIdx.x) + g_base; }\n\
         int main() { int *d, h[32]; cudaMalloc(&d, sizeof h); k<<<1, 32>>>(d);\n\
         cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n\
         for (int i = 0; i < 32; i++) if (h[i] != 2 * i + 100) { printf(\"FAIL %d %d\\n\", i, h[i]); return 1; }\n\
         printf(\"PASS\\n\"); return 0; }\n",
    )
    .unwrap();
    std::fs::write(dir.join("b.cu"), "__device__ int g_base = 100;\n__device__ int twice(int x) { return 2 * x; }\n")
        .unwrap();
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let pass = |exe: &str| {
        let o = common::run(&dir.join(exe), &[], &[]);
        assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{exe}: {}", String::from_utf8_lossy(&o.stderr));
    };
    common::nvcc(&["-dc", "-arch=sm_90", &p("a.cu"), "-o", &p("a.o")]).expect("-dc a.cu");
    common::nvcc(&["-dc", "-arch=sm_90", &p("b.cu"), "-o", &p("b.o")]).expect("-dc b.cu");
    common::nvcc(&["-arch=sm_90", &p("a.o"), &p("b.o"), "-o", &p("app_dc")]).expect("link");
    pass("app_dc");
    common::nvcc(&["-rdc=true", "-arch=sm_90", &p("a.cu"), &p("b.cu"), "-o", &p("app_rdc")]).expect("-rdc=true");
    pass("app_rdc");
    common::nvcc(&["-dlink", "-arch=sm_90", &p("a.o"), &p("b.o"), "-o", &p("dlink.o")]).expect("-dlink");
    let lib = common::work_dir().join("lib");
    let clang = nvcc::toolchain::Toolchain::locate(None).expect("clang").clangxx;
    let o = std::process::Command::new(clang)
        .args([p("a.o"), p("b.o"), p("dlink.o"), "-o".into(), p("app_dlink")])
        .arg(format!("-L{}", lib.display()))
        .arg("-lcudart")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    pass("app_dlink");
    // The toolkit's libcudadevrt.a, as scripts/install-toolkit.sh writes it: an empty archive.
    std::fs::write(dir.join("libcudadevrt.a"), "!<arch>\n").unwrap();
    let o = std::process::Command::new("g++")
        .args([p("a.o"), p("b.o"), p("dlink.o"), "-o".into(), p("app_dlink_gxx")])
        .arg(format!("-L{}", dir.display()))
        .arg(format!("-L{}", lib.display()))
        .args(["-lcudadevrt", "-lcudart"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    pass("app_dlink_gxx");
    common::nvcc(&["-arch=sm_90", &p("a.o"), &p("b.o"), &p("dlink.o"), "-o", &p("app_dlink_nvcc")])
        .expect("link with a device-link output");
    pass("app_dlink_nvcc");
}

/// CUDA's min/max overloads work in host and device code, mixed signed/unsigned giving the
/// unsigned type (so min(3u, -1) is 3), float with double giving double.
#[test]
fn min_max_overloads_on_host_and_device() {
    let dir = common::scratch_dir("minmax");
    std::fs::write(dir.join("mm.cu"), "#include <cstdio>\n\
__global__ void k(unsigned *u, float *f, long long *l) {\n\
  *u = max(1, 7u) + min(3u, -1);   // 7 + min(3u, 0xffffffffu) = 10\n\
  *f = max(1.5f, 2.0f) + (float)min(0.25f, 4.0);\n\
  *l = max(-5ll, 3ll) + min(2ll, 9ll);\n\
}\n\
int main() {\n\
  unsigned *u, hu; float *f, hf; long long *l, hl;\n\
  cudaMalloc(&u, 4); cudaMalloc(&f, 4); cudaMalloc(&l, 8);\n\
  k<<<1, 1>>>(u, f, l);\n\
  cudaMemcpy(&hu, u, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&hf, f, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&hl, l, 8, cudaMemcpyDeviceToHost);\n\
  unsigned host = max(1, 7u) + min(3u, -1);\n\
  bool ok = hu == 10 && host == 10 && hf == 2.25f && hl == 5 && max(2.0, 1.0f) == 2.0;\n\
  printf(\"%s %u %u %f %lld\\n\", ok ? \"PASS\" : \"FAIL\", hu, host, hf, hl);\n\
  return ok ? 0 : 1;\n\
}\n\
").unwrap();
    let src = dir.join("mm.cu").to_string_lossy().into_owned();
    let exe = dir.join("mm").to_string_lossy().into_owned();
    common::nvcc(&["-arch=sm_90", &src, "-o", &exe]).expect("build");
    let o = common::run(std::path::Path::new(&exe), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS 10 10 2.250000 5\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// Narrowing in braces from a value that is not a constant (`S s{threadIdx.x}`, `float f{i}`)
/// is a warning of nvcc (#2361-D "invalid narrowing conversion", in device and host code; g++
/// warns for the host side too), which builds the program; clang's default makes it an error.
#[test]
fn narrowing_in_braces_is_a_warning_as_with_nvcc() {
    let dir = common::scratch_dir("narrowing");
    std::fs::write(dir.join("nar.cu"), "#include <cstdio>\n\
struct S { int v; };\n\
__global__ void k(int *o) { S a{threadIdx.x}; unsigned u = 5; S b{u}; float f{o[1]}; o[0] = a.v + b.v + (int)(f * 2); }\n\
int main() {\n\
  int *o, h[2] = {0, 3}; unsigned x = 7; S s{x}; double d = 2; int i{d};\n\
  cudaMalloc(&o, 8); cudaMemcpy(o, h, 8, cudaMemcpyHostToDevice);\n\
  k<<<1, 1>>>(o);\n\
  cudaMemcpy(h, o, 8, cudaMemcpyDeviceToHost);\n\
  printf(\"%d %d %d\\n\", h[0], s.v, i);\n\
  return 0;\n\
}\n\
").unwrap();
    let src = dir.join("nar.cu").to_string_lossy().into_owned();
    let exe = dir.join("nar").to_string_lossy().into_owned();
    common::nvcc(&["-arch=sm_90", "-std=c++17", &src, "-o", &exe]).expect("build");
    let o = common::run(std::path::Path::new(&exe), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "11 7 2\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// Host code compiled at -O3 compares an `int` product that overflows with the device's (PTX
/// `mul.lo.s32` keeps the low 32 bits: 65536 * 65536 is 0) and finds them equal, as the program
/// built by nvcc (whose host compiler is g++) does; clang's optimizer had widened the host's
/// `i * i` and reported 0 != 0 (NVIDIA's simpleOccupancy sample checks its squares this way).
#[test]
fn host_checks_of_overflowing_int_products_match_the_device_at_o3() {
    let dir = common::scratch_dir("host_wrap");
    std::fs::write(
        dir.join("w.cu"),
        "#include <cstdio>\n\
__global__ void square(int *a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] *= a[i]; }\n\
int main() {\n\
  const int n = 70000;\n\
  static int h[n];\n\
  for (int i = 0; i < n; i++) h[i] = i;\n\
  int *d; cudaMalloc(&d, sizeof h); cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);\n\
  square<<<(n + 255) / 256, 256>>>(d, n);\n\
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n\
  for (int i = 0; i < n; i++)\n\
    if (h[i] != i * i) { printf(\"FAIL at %d\\n\", i); return 1; }\n\
  printf(\"PASS %d\\n\", h[65536]);\n\
  return 0;\n\
}\n\
",
    )
    .unwrap();
    let src = dir.join("w.cu").to_string_lossy().into_owned();
    let exe = dir.join("w").to_string_lossy().into_owned();
    common::nvcc(&["-arch=sm_90", "-O3", &src, "-o", &exe]).expect("build");
    let o = common::run(std::path::Path::new(&exe), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS 0\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// cuda_pipeline.h: two committed batches of 16-byte asynchronous copies into shared memory,
/// the first waited for while the second may still be in flight.
#[test]
fn pipeline_primitives_copy_in_batches() {
    let dir = common::scratch_dir("pipeline");
    std::fs::write(dir.join("pipe.cu"), "#include <cstdio>\n\
#include <cuda_pipeline.h>\n\
__global__ void k(const int4 *in, int *out) {\n\
  __shared__ int4 buf[2][64];\n\
  int t = threadIdx.x;\n\
  __pipeline_memcpy_async(&buf[0][t], &in[t], sizeof(int4));\n\
  __pipeline_commit();\n\
  __pipeline_memcpy_async(&buf[1][t], &in[64 + t], sizeof(int4));\n\
  __pipeline_commit();\n\
  __pipeline_wait_prior(1);           // the first batch is complete\n\
  __syncthreads();\n\
  int a = buf[0][63 - t].x;\n\
  __pipeline_wait_prior(0);\n\
  __syncthreads();\n\
  out[t] = a + buf[1][63 - t].w;\n\
}\n\
int main() {\n\
  int4 h[128]; for (int i = 0; i < 128; i++) h[i] = make_int4(i, 0, 0, 1000 * i);\n\
  int4 *in; int *out, r[64];\n\
  cudaMalloc(&in, sizeof h); cudaMalloc(&out, sizeof r);\n\
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);\n\
  k<<<1, 64>>>(in, out);\n\
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);\n\
  for (int t = 0; t < 64; t++) if (r[t] != (63 - t) + 1000 * (64 + 63 - t)) { printf(\"FAIL %d %d\\n\", t, r[t]); return 1; }\n\
  printf(\"PASS\\n\"); return 0;\n\
}\n\
").unwrap();
    let src = dir.join("pipe.cu").to_string_lossy().into_owned();
    let exe = dir.join("pipe").to_string_lossy().into_owned();
    common::nvcc(&["-arch=sm_90", &src, "-o", &exe]).expect("build");
    let o = common::run(std::path::Path::new(&exe), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// cuComplex.h on host and device: products, scaled division, magnitude, conjugate, conversion.
#[test]
fn cucomplex_arithmetic_on_host_and_device() {
    let dir = common::scratch_dir("cucomplex");
    std::fs::write(
        dir.join("cplx.cu"),
        "#include <cstdio>\n\
#include <cuComplex.h>\n\
__global__ void k(cuDoubleComplex *o) {\n\
  cuDoubleComplex a = make_cuDoubleComplex(3, 4), b = make_cuDoubleComplex(1, -2);\n\
  o[0] = cuCmul(a, b);                                  // (3+4i)(1-2i) = 11 - 2i\n\
  o[1] = cuCdiv(a, b);                                  // (3+4i)/(1-2i) = -1 + 2i\n\
  o[2] = make_cuDoubleComplex(cuCabs(a), cuCreal(cuConj(b)));  // 5, 1\n\
  cuFloatComplex f = cuCaddf(make_cuFloatComplex(1.5f, 2), make_cuFloatComplex(0.5f, -1));\n\
  o[3] = cuComplexFloatToDouble(f);                     // 2 + 1i\n\
}\n\
int main() {\n\
  cuDoubleComplex *d, h[4];\n\
  cudaMalloc(&d, sizeof h); k<<<1, 1>>>(d); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n\
  cuDoubleComplex host = cuCdiv(make_cuDoubleComplex(3, 4), make_cuDoubleComplex(1, -2));\n\
  auto near = [](double a, double b) { return a - b < 1e-12 && b - a < 1e-12; };\n\
  bool ok = h[0].x == 11 && h[0].y == -2 && near(h[1].x, -1) && near(h[1].y, 2) && h[2].x == 5 && h[2].y == 1 &&\n\
            h[3].x == 2 && h[3].y == 1 && near(host.x, -1) && near(host.y, 2);\n\
  printf(\"%s\\n\", ok ? \"PASS\" : \"FAIL\");\n\
  return ok ? 0 : 1;\n\
}\n\
",
    )
    .unwrap();
    let src = dir.join("cplx.cu").to_string_lossy().into_owned();
    let exe = dir.join("cplx").to_string_lossy().into_owned();
    common::nvcc(&["-arch=sm_90", &src, "-o", &exe]).expect("build");
    let o = common::run(std::path::Path::new(&exe), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// Without CCCL installed (empty cache directories, no `CUPRITE_CCCL`), a program including Thrust
/// fails with clang's diagnostic and a message that says how to install CCCL; `-v` says it was
/// not found. Runs in a child process (the test binary itself) for its own environment.
#[test]
fn a_missing_cccl_says_how_to_install_it() {
    let dir = common::scratch_dir("no_cccl");
    let o = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "missing_cccl_child", "--nocapture"])
        .env("CUPRITE_NO_CCCL_CHILD", &dir)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("HOME", dir.join("home"))
        .env_remove("CUPRITE_CCCL")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(stderr.contains("CCCL (Thrust, CUB, libcu++) headers: not found"), "{stderr}");
}

#[test]
fn missing_cccl_child() {
    let Some(dir) = std::env::var_os("CUPRITE_NO_CCCL_CHILD") else { return };
    let dir = std::path::PathBuf::from(dir);
    let src = dir.join("uses_thrust.cu");
    std::fs::write(&src, "#include <thrust/device_vector.h>\nint main() { thrust::device_vector<int> v(4); }\n")
        .unwrap();
    let out = dir.join("uses_thrust");
    let err = common::nvcc(&["-v", "-arch=sm_90", src.to_str().unwrap(), "-o", out.to_str().unwrap()]).unwrap_err();
    assert!(err.contains("'thrust/device_vector.h' file not found"), "{err}");
    assert!(
        err.contains("CCCL (Thrust, CUB, libcu++) is not installed") && err.contains("scripts/install-cccl.sh"),
        "{err}"
    );
}

/// `__reduce_*_sync` (sm_80 redux.sync) reduce each lane's value over the lanes of the mask:
/// clang 19's own versions passed the mask as the value and the value as the mask.
#[test]
fn warp_reductions_reduce_values_over_the_mask() {
    let dir = common::scratch_dir("redux");
    std::fs::write(
        dir.join("redux.cu"),
        r#"#include <cstdio>
__device__ int value(int lane) { return lane * 37 % 23 - 11; }
__global__ void k(int *out) {
  int lane = threadIdx.x;
  int v = value(lane);
  unsigned u = (unsigned)v;
  int r[9];
  r[0] = __reduce_max_sync(0xffffffffu, v);
  r[1] = __reduce_min_sync(0xffffffffu, v);
  r[2] = (int)__reduce_max_sync(0xffffffffu, u);
  r[3] = (int)__reduce_min_sync(0xffffffffu, u);
  r[4] = (int)__reduce_add_sync(0xffffffffu, u);
  r[5] = (int)__reduce_and_sync(0xffffffffu, u | 0x100u);
  r[6] = (int)__reduce_or_sync(0xffffffffu, 1u << lane);
  r[7] = (int)__reduce_xor_sync(0xffffffffu, u);
  if (lane < 16) r[8] = __reduce_max_sync(0x0000ffffu, v);  // only the mask's lanes take part
  if (lane == 0) for (int j = 0; j < 9; j++) out[j] = r[j];
}
int main() {
  int *d, h[9];
  cudaMalloc(&d, 64 * sizeof(int));
  k<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int want[9] = {-1000, 1000, 0, -1, 0, -1, 0, 0, -1000};
  for (int lane = 0; lane < 32; lane++) {
    int v = lane * 37 % 23 - 11; unsigned u = (unsigned)v;
    if (v > want[0]) want[0] = v;
    if (v < want[1]) want[1] = v;
    if (u > (unsigned)want[2]) want[2] = (int)u;
    if (u < (unsigned)want[3]) want[3] = (int)u;
    want[4] = (int)((unsigned)want[4] + u);
    want[5] &= (int)(u | 0x100u);
    want[6] |= (int)(1u << lane);
    want[7] ^= (int)u;
    if (lane < 16 && v > want[8]) want[8] = v;
  }
  bool ok = true;
  for (int j = 0; j < 9; j++) { ok &= h[j] == want[j]; printf("%d:%d/%d ", j, h[j], want[j]); }
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
"#,
    )
    .unwrap();
    let src = dir.join("redux.cu").to_string_lossy().into_owned();
    let exe = dir.join("redux").to_string_lossy().into_owned();
    common::nvcc(&["-arch=sm_90", &src, "-o", &exe]).expect("build");
    let o = common::run(std::path::Path::new(&exe), &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
}

/// Builds `source` (written to `<name>.cu` in a scratch directory) for sm_90, runs it, and
/// requires its output to end with PASS.
fn build_and_pass(name: &str, source: &str) {
    build_with_flags_and_pass(name, &["-arch=sm_90"], source);
}

/// [`build_and_pass`] with these compiler flags instead of `-arch=sm_90`.
fn build_with_flags_and_pass(name: &str, flags: &[&str], source: &str) {
    let dir = common::scratch_dir(name);
    let src = dir.join(format!("{name}.cu"));
    std::fs::write(&src, source).unwrap();
    let exe = dir.join(name);
    let mut args = flags.to_vec();
    args.extend([src.to_str().unwrap(), "-o", exe.to_str().unwrap()]);
    common::nvcc(&args).unwrap_or_else(|e| panic!("build with {flags:?}: {e}"));
    let o = common::run(&exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
}

/// Device code sees the host pass's `__OPTIMIZE__`, `__OPTIMIZE_SIZE__` and `__NO_INLINE__`, as
/// with nvcc 13.0, whose device pass preprocesses with the host compiler's -O whatever the device
/// code's optimization (recorded: `nvcc -arch=sm_90 FLAGS` of a kernel storing the three
/// `defined(...)`): none and -G give (0, 0, 1), -O3 and -O3 -G (1, 0, 0), -Xcompiler -Os (1, 1, 0).
/// clang's device pass at -O3 had `__OPTIMIZE__` in every build but -G's.
#[test]
fn device_code_sees_the_host_optimization_macros_as_with_nvcc() {
    let source = r#"#include <cstdio>
__global__ void k(int* o) {
#if defined(__OPTIMIZE__) != WANT_OPTIMIZE || defined(__OPTIMIZE_SIZE__) != WANT_SIZE || defined(__NO_INLINE__) != WANT_NO_INLINE
    o[0] = 1;
#endif
}
int main() {
    int* o;
    cudaMallocManaged(&o, sizeof(int));
    *o = 0;
    k<<<1, 1>>>(o);
    cudaDeviceSynchronize();
#if defined(__OPTIMIZE__) != WANT_OPTIMIZE || defined(__NO_INLINE__) != WANT_NO_INLINE
    *o |= 2;
#endif
    printf(*o ? "device/host macros differ: %d\n" : "PASS\n", *o);
}
"#;
    let cases: [(&[&str], [u8; 3]); 5] = [
        (&[], [0, 0, 1]),
        (&["-O3"], [1, 0, 0]),
        (&["-O3", "-G"], [1, 0, 0]),
        (&["-G"], [0, 0, 1]),
        (&["-Xcompiler", "-Os"], [1, 1, 0]),
    ];
    for (n, (flags, [opt, size, no_inline])) in cases.iter().enumerate() {
        let wants =
            [format!("-DWANT_OPTIMIZE={opt}"), format!("-DWANT_SIZE={size}"), format!("-DWANT_NO_INLINE={no_inline}")];
        let mut all = vec!["-arch=sm_90"];
        all.extend(flags.iter());
        all.extend(wants.iter().map(String::as_str));
        build_with_flags_and_pass(&format!("optimize_macros_{n}"), &all, source);
    }
}

/// Device `alloca` of a run-time size (clang 19 printed `alloca.u64 d, size, 0`, which PTX
/// rejects) returns 16-byte-aligned per-thread memory; `__nv_aligned_device_malloc` (declared
/// only, before) returns memory at the requested alignment.
#[test]
fn device_alloca_and_aligned_malloc() {
    build_and_pass(
        "alloca_malloc",
        r#"#include <cstdio>
#include <alloca.h>
__global__ void k(int *out) {
  int t = threadIdx.x, n = 3 + t % 5;
  int *buf = (int *)alloca(n * sizeof(int));
  for (int i = 0; i < n; i++) buf[i] = t * i;
  int s = 0;
  for (int i = 0; i < n; i++) s += buf[i];
  void *p = __nv_aligned_device_malloc(100, 128);
  out[3 * t] = s;
  out[3 * t + 1] = (int)((size_t)buf % 16);
  out[3 * t + 2] = p ? (int)((size_t)p % 128) : -1;
  free(p);
}
int main() {
  int *d, h[3 * 64];
  cudaMalloc(&d, sizeof h);
  k<<<1, 64>>>(d);
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) { printf("FAIL launch\n"); return 1; }
  for (int t = 0; t < 64; t++) {
    int n = 3 + t % 5, want = t * n * (n - 1) / 2;
    if (h[3 * t] != want || h[3 * t + 1] != 0 || h[3 * t + 2] != 0) {
      printf("FAIL thread %d: %d %d %d\n", t, h[3 * t], h[3 * t + 1], h[3 * t + 2]);
      return 1;
    }
  }
  printf("PASS\n");
}
"#,
    );
}

/// CUB's thread reduction of an int array with cuda::maximum (CCCL installed by
/// scripts/install-cccl.sh). With libcu++'s half/bfloat16 support off, CCCL 3.0 takes its
/// half-precision SIMD path for any type and asserts.
#[test]
fn cub_thread_reduce_of_ints_with_cccl() {
    build_and_pass(
        "cub_thread_reduce",
        r#"#include <cstdio>
#include <cub/thread/thread_reduce.cuh>
__global__ void k(int *out) {
  int v[16];
  for (int i = 0; i < 16; i++) v[i] = (int)((threadIdx.x * 7 + i * 13) % 29) - 14;
  out[threadIdx.x] = cub::ThreadReduce(v, cuda::maximum<>{});
}
int main() {
  int *d, h[32];
  cudaMalloc(&d, sizeof h);
  k<<<1, 32>>>(d);
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) { printf("FAIL launch\n"); return 1; }
  for (int t = 0; t < 32; t++) {
    int m = -100;
    for (int i = 0; i < 16; i++) { int x = (t * 7 + i * 13) % 29 - 14; m = x > m ? x : m; }
    if (h[t] != m) { printf("FAIL thread %d: %d, want %d\n", t, h[t], m); return 1; }
  }
  printf("PASS\n");
}
"#,
    );
}

/// A Thrust algorithm called with thrust::device inside a kernel (nvcc runs the sequential
/// algorithm there) fails with a message naming thrust::seq, with which the same count of a
/// periodic text builds and runs: 2 of every 5 characters match (CCCL installed by
/// scripts/install-cccl.sh).
#[test]
fn thrust_in_device_code_with_device_policy_is_explained_and_seq_works() {
    let dir = common::scratch_dir("thrust_device_policy");
    let program = |policy: &str| {
        format!(
            "#include <thrust/count.h>\n\
             #include <thrust/execution_policy.h>\n\
             #include <cstdio>\n\
             struct IsXorW {{ __host__ __device__ bool operator()(char c) const {{ return c == 'x' || c == 'w'; }} }};\n\
             __global__ void count(int *out, const char *text, int n) {{ *out = (int)thrust::count_if({policy}, text, text + n, IsXorW()); }}\n\
             int main() {{\n\
               const int n = 1000; char h[n];\n\
               for (int i = 0; i < n; i++) h[i] = \"abxwy\"[i % 5];\n\
               char *text; int *out, got = -1;\n\
               cudaMalloc(&text, n); cudaMalloc(&out, sizeof(int));\n\
               cudaMemcpy(text, h, n, cudaMemcpyHostToDevice);\n\
               count<<<1, 1>>>(out, text, n);\n\
               cudaMemcpy(&got, out, sizeof(int), cudaMemcpyDeviceToHost);\n\
               if (got != 400) {{ printf(\"FAIL %d\\n\", got); return 1; }}\n\
               printf(\"PASS\\n\"); return 0; }}\n"
        )
    };
    let device = dir.join("device.cu");
    std::fs::write(&device, program("thrust::device")).unwrap();
    let exe = dir.join("device");
    let err = common::nvcc(&["-arch=sm_90", device.to_str().unwrap(), "-o", exe.to_str().unwrap()])
        .expect_err("thrust::device in device code must not build with clang");
    assert!(err.contains("nv_exec_check_disable") && err.contains("thrust::seq in device code"), "{err}");
    build_and_pass("thrust_seq_in_device_code", &program("thrust::seq"));
}

/// nvcc's extended-lambda traits in a program fail with a message naming them as unsupported
/// (clang alone says "expected '(' for function-style cast or type construction").
#[test]
fn extended_lambda_traits_are_named_as_unsupported() {
    let dir = common::scratch_dir("extended_lambda_traits");
    let src = dir.join("traits.cu");
    std::fs::write(
        &src,
        "#include <cstdio>\n\
         int main() {\n\
           auto d = [] __device__(int x) { return x * 3; };\n\
           printf(\"%d\\n\", (int)__nv_is_extended_device_lambda_closure_type(decltype(d)));\n\
         }\n",
    )
    .unwrap();
    let exe = dir.join("traits");
    let err = common::nvcc(&["-arch=sm_90", "--extended-lambda", src.to_str().unwrap(), "-o", exe.to_str().unwrap()])
        .expect_err("clang has no extended-lambda traits");
    assert!(
        err.contains("__nv_is_extended_device_lambda_closure_type: nvcc's extended-lambda type traits")
            && err.contains("cuda::proclaim_return_type"),
        "{err}"
    );
}

/// Device-side launches in an included header, written by the compiled file's macro, and written
/// by a header's macro all compile (the header as a rewritten copy read under its own name) and
/// run: each parent stores, through its 32 children, base + t in its slice. A kernel named in a
/// rewritten header's device code other than in a launch fails with a `file:line:col: error:`
/// at the header's own place naming why (not a silent miss). A launch written by a macro of the
/// compiled file, with the kernel passed to it, is rewritten, and the program runs: host code
/// launches 3 parent blocks of 32 threads through the macro, each thread of parent block b
/// launches 32 children through it, and child t stores 10 b + 1 + t (every launch of a block
/// the same values), read back after all complete.
#[test]
fn device_side_launches_in_headers_and_macros() {
    let dir = common::work_dir().join("device_launch_headers");
    std::fs::create_dir_all(dir.join("include")).unwrap();
    std::fs::write(
        dir.join("include/launch.h"),
        "__global__ void child(int *p, int base) { p[threadIdx.x] = base + threadIdx.x; }\n\
         __global__ void parent_in_header(int *p) { child<<<1, 32>>>(p, 100); }\n\
         #define HEADER_LAUNCH(p, base) child<<<1, 32>>>(p, base)\n",
    )
    .unwrap();
    let src = dir.join("launches.cu");
    std::fs::write(
        &src,
        "#include <cstdio>\n\
         #include \"include/../include/launch.h\"\n\
         #define LAUNCH_CHILD(p) child<<<1, 32>>>(p, 200)\n\
         __global__ void parent_by_macro(int *p) { LAUNCH_CHILD(p); }\n\
         __global__ void parent_by_header_macro(int *p) { HEADER_LAUNCH(p, 300); }\n\
         int main() {\n  int *d, h[96];\n  cudaMalloc(&d, sizeof h);\n\
         \x20 parent_in_header<<<1, 1>>>(d);\n  parent_by_macro<<<1, 1>>>(d + 32);\n\
         \x20 parent_by_header_macro<<<1, 1>>>(d + 64);\n\
         \x20 cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n  long sum = 0;\n  for (int v : h) sum += v;\n\
         \x20 printf(\"%d %d %d %d %ld\\n\", h[0], h[31], h[32], h[95], sum);\n  return 0;\n}\n",
    )
    .unwrap();
    let exe = dir.join("launches");
    common::nvcc(&["-arch=sm_90", "-rdc=true", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("builds");
    let out = common::run(&exe, &[], &[]);
    // Slices of 32 from bases 100, 200, 300: 32 * 600 + 3 * (0 + ... + 31).
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("100 131 200 331 {}\n", 32 * 600 + 3 * 496), "{out:?}");

    std::fs::write(
        dir.join("include/named.h"),
        "__global__ void k2(int *p) { p[0] = 1; }\n\
         __global__ void launcher(int *p) { k2<<<1, 1>>>(p); }\n\
         __device__ void *address_of_k2() { return (void *)k2; }\n",
    )
    .unwrap();
    let src = dir.join("named.cu");
    std::fs::write(&src, "#include \"include/named.h\"\nint main() { return 0; }\n").unwrap();
    let err = common::nvcc(&["-arch=sm_90", "-rdc=true", src.to_str().unwrap(), "-o", exe.to_str().unwrap()])
        .expect_err("a kernel named in device code other than in a launch does not build");
    assert!(!err.contains("named.h:2:"), "the header's launch is rewritten: {err}");
    assert!(
        err.contains("include/named.h:3:51: error: a kernel named in device code in a header, other than in a launch"),
        "{err}"
    );
    assert!(!err.contains("0-named.h"), "diagnostics name the user's header, not the copy: {err}");

    let src = dir.join("macro_launch.cu");
    std::fs::write(
        &src,
        "#include <cstdio>\n\
         __global__ void child(int *out, int base) { out[base + threadIdx.x] = base / 32 * 10 + 1 + threadIdx.x; }\n\
         #define LAUNCH(kernel, n, ...) \\\n  kernel<<<n, 32>>>(__VA_ARGS__)\n\
         __global__ void parent(int *out) { LAUNCH(child, 1, out, blockIdx.x * 32); }\n\
         int main() {\n  int *d, h[96];\n  cudaMalloc(&d, sizeof h);\n  LAUNCH(parent, 3, d);\n\
         \x20 cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n  long sum = 0;\n  for (int v : h) sum += v;\n\
         \x20 printf(\"%d %d %ld\\n\", h[0], h[95], sum);\n  return 0;\n}\n",
    )
    .unwrap();
    let exe = dir.join("macro_launch");
    common::nvcc(&["-arch=sm_90", "-rdc=true", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("builds");
    let out = common::run(&exe, &[], &[]);
    // Parent b's children store 10 b + 1 + t, t < 32: the sum over b < 3 is 32 * (30 + 3) + 3 * 496.
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("1 52 {}\n", 32 * 33 + 3 * 496), "{out:?}");
}

/// Kernel launches in device code (dynamic parallelism): without relocatable device code they
/// fail with nvcc's message and the option that allows them; with `-rdc=true`
/// (`programs/device_launches.cu`: nested launches, a recursion three deep, a device-side
/// stream, template kernels, converted and struct arguments, launches from a `__host__
/// __device__` function, a tail launch, bad configurations) and with `-dc` and a link of two
/// files, they build and run, and a device-side cudaDeviceSynchronize (which CUDA 12 removed) is
/// refused as nvcc refuses it; a kernel launched through the device runtime API
/// (cudaGetParameterBuffer + cudaLaunchDevice) builds and runs too.
#[test]
fn device_side_launches() {
    let dir = common::scratch_dir("device_launch");
    let p = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let program = common::repo().join("crates/nvcc/tests/programs/device_launches.cu");
    let program = program.to_str().unwrap();
    let err = common::nvcc(&["-arch=sm_90", program, "-o", &p("without_rdc")])
        .expect_err("a device-side launch needs relocatable device code");
    assert!(err.contains("requires separate compilation mode") && err.contains("-rdc=true"), "{err}");
    common::nvcc(&["-arch=sm_90", "-rdc=true", program, "-o", &p("device_launches")]).expect("-rdc=true");
    // CUDA 12 removed cudaDeviceSynchronize from device code: nvcc 13 says "calling a __host__
    // function("cudaDeviceSynchronize") from a __global__ function("parent") is not allowed".
    std::fs::write(
        dir.join("device_sync.cu"),
        "__global__ void child(int *p) { *p = 1; }\n\
         __global__ void parent(int *p) { child<<<1, 1>>>(p); cudaDeviceSynchronize(); }\n\
         int main() { return 0; }\n",
    )
    .unwrap();
    let err = common::nvcc(&["-arch=sm_90", "-rdc=true", &p("device_sync.cu"), "-o", &p("device_sync")])
        .expect_err("no device-side cudaDeviceSynchronize");
    assert!(err.contains("call to __host__ function from __global__ function"), "{err}");
    let o = common::run(&dir.join("device_launches"), &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));

    // -dc, then a link: the launch names a kernel of the other file, from a namespace.
    std::fs::write(
        dir.join("leaf.cu"),
        "__global__ void leaf(int *out, int v) { out[threadIdx.x] = v + threadIdx.x; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("relay.cu"),
        "#include <cstdio>\n\
         __global__ void leaf(int *out, int v);\n\
         namespace launch { __global__ void relay(int *out) { leaf<<<1, 8>>>(out, 40); } }\n\
         int main() {\n\
           int *o; cudaMallocManaged(&o, 8 * sizeof(int));\n\
           launch::relay<<<1, 1>>>(o);\n\
           bool ok = cudaDeviceSynchronize() == cudaSuccess;\n\
           for (int i = 0; i < 8; i++) ok &= o[i] == 40 + i;\n\
           printf(ok ? \"PASS\\n\" : \"FAIL\\n\");\n\
           return !ok; }\n",
    )
    .unwrap();
    for name in ["leaf", "relay"] {
        common::nvcc(&["-arch=sm_90", "-dc", &p(&format!("{name}.cu")), "-o", &p(&format!("{name}.o"))]).expect("-dc");
    }
    common::nvcc(&["-arch=sm_90", &p("leaf.o"), &p("relay.o"), "-o", &p("relay")]).expect("link");
    let o = common::run(&dir.join("relay"), &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", String::from_utf8_lossy(&o.stderr));

    build_and_pass(
        "device_launch_api",
        "#include <cstdio>\n\
         __global__ void child(int *o, int base, int scale) { o[base + threadIdx.x] = (base + threadIdx.x) * scale; }\n\
         __device__ void (*child_address)(int *, int, int) = child;\n\
         struct Args { int *o; int base; int scale; };\n\
         __global__ void parent(int *o, int *status) {\n\
           Args *a = (Args *)cudaGetParameterBuffer(alignof(Args), sizeof(Args));\n\
           if (!a) { status[blockIdx.x] = -1; return; }\n\
           *a = Args{o, (int)blockIdx.x * 32, 3};\n\
           status[blockIdx.x] = cudaLaunchDevice((void *)child_address, a, dim3(1), dim3(32), 0, 0);\n\
         }\n\
         int main() {\n\
           int *o, *status; cudaMallocManaged(&o, 128 * sizeof(int)); cudaMallocManaged(&status, 4 * sizeof(int));\n\
           parent<<<4, 1>>>(o, status);\n\
           if (cudaDeviceSynchronize() != cudaSuccess) { printf(\"FAIL sync\\n\"); return 1; }\n\
           for (int b = 0; b < 4; b++) if (status[b] != cudaSuccess) { printf(\"FAIL launch %d\\n\", b); return 1; }\n\
           for (int i = 0; i < 128; i++) if (o[i] != 3 * i) { printf(\"FAIL %d: %d\\n\", i, o[i]); return 1; }\n\
           printf(\"PASS\\n\"); return 0; }\n",
    );
}

/// `__shared__` objects whose type has a non-empty constructor or destructor (libcu++'s
/// `cuda::barrier`), which nvcc accepts with warning 20054 running neither and clang rejects,
/// compile as nvcc compiles them (crates/nvcc/src/shared_objects.rs): the Programming Guide's
/// `memcpy_async` into shared memory completed through a `__shared__` barrier, an array of
/// barriers declared over two lines in a template kernel (named in a lambda, which must not copy
/// them), and a `static __shared__` one in a `__device__` function, each initialized by one
/// thread with `init`.
#[test]
fn shared_barriers_compile_as_nvcc_compiles_them() {
    build_and_pass(
        "shared_barrier",
        r#"#include <cuda/barrier>
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
using block_barrier = cuda::barrier<cuda::thread_scope_block>;
constexpr int N = 128;
__global__ void copy_then_sum(const int *in, int *out) {
  __shared__ int staged[N];
  __shared__ block_barrier bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, staged, in + blockIdx.x * N, sizeof(int) * N, bar);
  bar.arrive_and_wait();
  int sum = 0;
  for (int i = 0; i <= (int)threadIdx.x; i++) sum += staged[i];
  out[blockIdx.x * N + threadIdx.x] = sum;
}
template <class Barrier>
__global__ void ping_pong(int *out, int rounds) {
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ Barrier
      bars[2];
  __shared__ int value[N];
  if (threadIdx.x == 0) { init(&bars[0], blockDim.x); init(&bars[1], blockDim.x); }
  __syncthreads();
  value[threadIdx.x] = threadIdx.x;
  auto wait_on = [=](int which) { bars[which].arrive_and_wait(); };
  for (int r = 0; r < rounds; r++) {
    wait_on(r & 1);
    int next = value[(threadIdx.x + 1) % N] + 1;
    wait_on(r & 1);
    value[threadIdx.x] = next;
  }
  out[threadIdx.x] = value[threadIdx.x];
}
__device__ int arrivals(int *counter) {
  static __shared__ block_barrier bar;
  if (threadIdx.x == 0) { *counter = 0; init(&bar, blockDim.x); }
  __syncthreads();
  atomicAdd(counter, 1);
  bar.arrive_and_wait();
  return *counter;
}
__global__ void count(int *out) {
  __shared__ int counter;
  out[threadIdx.x] = arrivals(&counter);
}
int main() {
  const int blocks = 3, rounds = 5;
  int *in, *out;
  cudaMallocManaged(&in, blocks * N * sizeof(int));
  cudaMallocManaged(&out, blocks * N * sizeof(int));
  for (int i = 0; i < blocks * N; i++) in[i] = i % 7 + i / N;
  copy_then_sum<<<blocks, N>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL copy_then_sum\n"); return 1; }
  for (int b = 0; b < blocks; b++)
    for (int t = 0, sum = 0; t < N; t++) {
      sum += in[b * N + t];
      if (out[b * N + t] != sum) { printf("FAIL prefix %d %d: %d != %d\n", b, t, out[b * N + t], sum); return 1; }
    }
  ping_pong<block_barrier><<<1, N>>>(out, rounds);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL ping_pong\n"); return 1; }
  // Each round takes the right neighbour's value plus one.
  for (int t = 0; t < N; t++)
    if (out[t] != (t + rounds) % N + rounds) { printf("FAIL ping_pong %d: %d\n", t, out[t]); return 1; }
  count<<<1, 96>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL count\n"); return 1; }
  for (int t = 0; t < 96; t++) if (out[t] != 96) { printf("FAIL count %d: %d\n", t, out[t]); return 1; }
  printf("PASS\n");
  return 0;
}
"#,
    );
}

/// `__shared__ cuda::barrier`s declared in a header's device function, by a header's macro and
/// by a compiled file's macro (its name a macro parameter) compile (the header as a rewritten
/// copy; the macros' bodies rewritten) and synchronize: thread 0 initializes each for the block
/// and zeroes a shared total, each of 64 threads adds t + 1 and waits at the barrier, and all
/// read the total, 64 * 65 / 2. Two barriers in one declaration fail with a message naming the
/// place, why, and what compiles instead.
#[test]
fn shared_barriers_in_headers_and_macros_compile_and_others_are_explained() {
    let dir = common::scratch_dir("shared_barrier_headers");
    std::fs::write(
        dir.join("in_header.h"),
        "#include <cuda/barrier>\n\
         #define HEADER_BARRIER __shared__ cuda::barrier<cuda::thread_scope_block> macro_bar;\n\
         __device__ int sum_at_barrier(int v) {\n\
         \x20 __shared__ cuda::barrier<cuda::thread_scope_block> hb;\n\
         \x20 __shared__ int total;\n\
         \x20 if (threadIdx.x == 0) { init(&hb, blockDim.x); total = 0; }\n\
         \x20 __syncthreads();\n\
         \x20 atomicAdd(&total, v);\n\
         \x20 hb.arrive_and_wait();\n\
         \x20 return total;\n\
         }\n",
    )
    .unwrap();
    let src = dir.join("in_header.cu");
    std::fs::write(
        &src,
        "#include <cstdio>\n\
         #include \"in_header.h\"\n\
         #define SHARED(T, name) \\\n  __shared__ T name\n\
         __global__ void k(int *out) {\n\
         \x20 SHARED(cuda::barrier<cuda::thread_scope_block>, bar);\n\
         \x20 HEADER_BARRIER\n\
         \x20 __shared__ int count;\n\
         \x20 if (threadIdx.x == 0) { init(&bar, blockDim.x); init(&macro_bar, blockDim.x); count = 0; }\n\
         \x20 __syncthreads();\n\
         \x20 atomicAdd(&count, 1);\n\
         \x20 bar.arrive_and_wait();\n\
         \x20 int seen = count;\n\
         \x20 macro_bar.arrive_and_wait();\n\
         \x20 out[threadIdx.x] = sum_at_barrier(threadIdx.x + 1) + 1000 * seen;\n\
         }\n\
         int main() {\n  int *out;\n  cudaMallocManaged(&out, 64 * sizeof(int));\n  k<<<1, 64>>>(out);\n\
         \x20 cudaDeviceSynchronize();\n\
         \x20 for (int t = 0; t < 64; t++) if (out[t] != 64 * 65 / 2 + 64000) { printf(\"FAIL %d\\n\", out[t]); return 1; }\n\
         \x20 printf(\"PASS\\n\");\n  return 0;\n}\n",
    )
    .unwrap();
    let exe = dir.join("in_header");
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("builds");
    let out = common::run(&exe, &[], &[]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "PASS\n", "{out:?}");

    let src = dir.join("declared.cu");
    std::fs::write(
        &src,
        "#include \"in_header.h\"\n\
         __global__ void k() { __shared__ cuda::barrier<cuda::thread_scope_block> one, two; (void)one; (void)two; }\n\
         int main() { return 0; }\n",
    )
    .unwrap();
    let exe = dir.join("declared");
    let err = common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()])
        .expect_err("declarations the driver does not rewrite must not build");
    let source = src.to_str().unwrap();
    assert!(err.contains(&format!("{source}:2:74: cuprite nvcc rewrites a declaration")), "{err}");
    assert!(err.contains("warning 20054") && err.contains("reinterpret_cast<T *>(raw)"), "{err}");
}

/// Class template argument deduction in a kernel, through implicit guides (libcu++'s `pair`,
/// `array`, `tuple`, an aggregate) and through guides the program writes, which clang 19 takes
/// for host functions and nvcc does not (the driver marks them `__host__ __device__`,
/// crates/nvcc/src/deduction_guides.rs): every deduced type and value is C++17's.
#[test]
fn class_template_argument_deduction_in_device_code() {
    build_and_pass(
        "ctad_device",
        "#include <cstdio>\n\
         #include <cuda/std/array>\n\
         #include <cuda/std/tuple>\n\
         #include <cuda/std/type_traits>\n\
         #include <cuda/std/utility>\n\
         template <typename T> struct Box { T v; __host__ __device__ Box(T x) : v(x) {} };\n\
         template <typename T, typename U> struct Two { T a; U b; };\n\
         template <typename T, typename U> Two(T, U) -> Two<T, U>;\n\
         template <typename T> struct Wrap { T v; };\n\
         template <typename T>\n\
         explicit Wrap(T) -> Wrap<long>;\n\
         __global__ void k(int *bad) {\n\
           cuda::std::pair p{1, 2.0f};\n\
           cuda::std::array a{1, 2, 3};\n\
           cuda::std::tuple t{1, 2.0, 'c'};\n\
           Box b{3.5f};\n\
           Two w{1, 2.5};\n\
           Wrap x{7};\n\
           *bad = !cuda::std::is_same<decltype(p), cuda::std::pair<int, float>>::value\n\
             + !cuda::std::is_same<decltype(a), cuda::std::array<int, 3>>::value\n\
             + !cuda::std::is_same<decltype(t), cuda::std::tuple<int, double, char>>::value\n\
             + !cuda::std::is_same<decltype(b), Box<float>>::value\n\
             + !cuda::std::is_same<decltype(w), Two<int, double>>::value\n\
             + !cuda::std::is_same<decltype(x), Wrap<long>>::value\n\
             + (p.second + a[2] + cuda::std::get<1>(t) + b.v + w.b + x.v != 20.0) + (__LINE__ != 25);\n\
         }\n\
         int main() {\n\
           int *bad; cudaMallocManaged(&bad, sizeof(int)); *bad = 99;\n\
           k<<<1, 1>>>(bad);\n\
           if (cudaDeviceSynchronize() != cudaSuccess) { printf(\"FAIL sync\\n\"); return 1; }\n\
           printf(\"%s\\n\", *bad == 0 ? \"PASS\" : \"FAIL\"); return *bad != 0; }\n",
    );
}

/// `__shared__ alignas(N)` in a kernel, which nvcc accepts and clang refuses, compiles (the
/// driver moves the `alignas` first, crates/nvcc/src/attribute_order.rs) and aligns as asked, as
/// do the two spellings clang accepts; in an included header too (compiled as a rewritten copy
/// once clang has rejected it there: the CUDA samples' kernels in `.cuh` files).
#[test]
fn shared_alignas_in_nvccs_order_and_both_other_spellings_align() {
    build_and_pass(
        "shared_alignas_spellings",
        "#include <cstdio>\n\
         #include <cstdint>\n\
         __global__ void k(unsigned *misaligned) {\n\
           __shared__ char pad;\n\
           alignas(64) __shared__ float a[4];\n\
           __shared__ __align__(32) float b[4];\n\
           __shared__ alignas(\n\
               128) float c[4];\n\
           static __shared__ alignas(256) char d[3];\n\
           pad = 1; a[0] = pad; b[0] = a[0]; c[0] = b[0]; d[0] = 2;\n\
           misaligned[0] = (unsigned)((uintptr_t)a % 64) + (unsigned)((uintptr_t)b % 32) + (b[0] != 1.0f)\n\
             + (unsigned)((uintptr_t)c % 128) + (unsigned)((uintptr_t)d % 256) + (c[0] != 1.0f) + (d[0] != 2)\n\
             + (__LINE__ != 13);\n\
         }\n\
         int main() {\n\
           unsigned *m; cudaMallocManaged(&m, sizeof(unsigned)); *m = 99;\n\
           k<<<1, 1>>>(m);\n\
           if (cudaDeviceSynchronize() != cudaSuccess) { printf(\"FAIL sync\\n\"); return 1; }\n\
           printf(\"%s\\n\", *m == 0 ? \"PASS\" : \"FAIL\"); return *m != 0; }\n",
    );
    let dir = common::scratch_dir("shared_alignas");
    std::fs::write(
        dir.join("aligned.cuh"),
        "#include <cstdint>\n\
         __device__ unsigned h(float *o) {\n\
           __shared__ char pad; __shared__ alignas(64) float a[64];\n\
           pad = 1; a[0] = pad; o[0] = a[0];\n\
           return (unsigned)((uintptr_t)a % 64) + (__LINE__ != 5);\n\
         }\n",
    )
    .unwrap();
    let src = dir.join("header.cu");
    std::fs::write(
        &src,
        "#include <cstdio>\n#include \"aligned.cuh\"\n\
         __global__ void k(float *o, unsigned *m) { *m = h(o) + (o[0] != 1.0f); }\n\
         int main() {\n\
           float *o; unsigned *m; cudaMallocManaged(&o, 4); cudaMallocManaged(&m, 4); *m = 99;\n\
           k<<<1, 1>>>(o, m);\n\
           if (cudaDeviceSynchronize() != cudaSuccess) { printf(\"FAIL sync\\n\"); return 1; }\n\
           printf(\"%s\\n\", *m == 0 ? \"PASS\" : \"FAIL\"); return *m != 0; }\n",
    )
    .unwrap();
    let exe = dir.join("header");
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()])
        .expect("alignas after __shared__ in an included header builds");
    let o = common::run(&exe, &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// Class template argument deduction through user-declared deduction guides in device code (the
/// `overloaded` visitor idiom; a guide in an included header too), which nvcc compiles and
/// clang-19 refused (it took the guides for host functions; crates/nvcc/src/deduction_guides.rs).
#[test]
fn deduction_guides_serve_device_code() {
    let dir = common::scratch_dir("deduction_guides");
    std::fs::write(
        dir.join("visit.cuh"),
        "template <class... Ts> struct overloaded : Ts... { using Ts::operator()...; };\n\
         template <class... Ts> overloaded(Ts...) -> overloaded<Ts...>;\n",
    )
    .unwrap();
    build_and_pass(
        "deduction_guides",
        &format!(
            "#include <cstdio>\n#include \"{}/visit.cuh\"\n\
             template <class F, class G> struct Both : F, G {{ using F::operator(); using G::operator(); }};\n\
             template <class F, class G> Both(F, G) -> Both<F, G>;\n\
             __global__ void k(int *o) {{\n\
               auto v = overloaded{{[](int i) {{ return i + 1; }}, [](float f) {{ return (int)(f * 2); }}}};\n\
               auto w = Both{{[](int i) {{ return i * 3; }}, [](double d) {{ return (int)d; }}}};\n\
               o[0] = v(3) + v(1.5f) + w(1) + w(2.5);\n\
             }}\n\
             int main() {{\n\
               int *o; cudaMallocManaged(&o, sizeof(int)); *o = 0;\n\
               k<<<1, 1>>>(o);\n\
               bool ok = cudaDeviceSynchronize() == cudaSuccess && *o == 12;\n\
               printf(\"%s\\n\", ok ? \"PASS\" : \"FAIL\"); return !ok; }}\n",
            dir.display()
        ),
    );
}

/// `__maxnreg__(N)` (CUDA 12.4's register cap, which clang-19 does not know) compiles, beside
/// `__launch_bounds__`, whose bound the runtime still reports and enforces.
#[test]
fn maxnreg_kernels_build_and_run() {
    build_and_pass(
        "maxnreg",
        "#include <cstdio>\n\
         __global__ void __maxnreg__(32) k(int *o) { o[threadIdx.x] = threadIdx.x * 3; }\n\
         template <int N> __global__ void __launch_bounds__(N) __maxnreg__(40) t(int *o) { o[threadIdx.x] += N; }\n\
         int main() {\n\
           int *o; cudaMallocManaged(&o, 64 * sizeof(int));\n\
           k<<<1, 64>>>(o); t<64><<<1, 64>>>(o);\n\
           t<64><<<1, 65>>>(o);\n\
           bool refused = cudaGetLastError() == cudaErrorInvalidValue;\n\
           cudaFuncAttributes a; cudaFuncGetAttributes(&a, t<64>);\n\
           bool ok = cudaDeviceSynchronize() == cudaSuccess && refused && a.maxThreadsPerBlock == 64;\n\
           for (int i = 0; i < 64; i++) ok &= o[i] == i * 3 + 64;\n\
           printf(\"%s\\n\", ok ? \"PASS\" : \"FAIL\"); return !ok; }\n",
    );
}

/// `__grid_constant__` parameters as nvcc compiles them (clang-19 ignores the attribute and copied
/// the parameter to local memory when its address was taken): the address is the parameter's own
/// (`cvta.param`, `__isGridConstant`, not `__isLocal`), read through in a device function; the
/// grid-constant address conversions exist and round-trip (`crate::grid_constant`).
#[test]
fn grid_constant_parameters_are_not_copied() {
    build_and_pass(
        "grid_constant",
        "#include <cstdio>\n\
         struct Cfg { float c[16]; int n; unsigned long long tag; };\n\
         __device__ __noinline__ float weighted(const Cfg *p, int i) { return p->c[i % 16] * p->n; }\n\
         __global__ void k(const __grid_constant__ Cfg cfg, float *out, unsigned *flags) {\n\
           int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
           out[i] = weighted(&cfg, i);\n\
           if (i == 0) {\n\
             flags[0] = __isGridConstant(&cfg);\n\
             flags[1] = __isLocal(&cfg);\n\
             flags[2] = __isGlobal(&cfg);\n\
             const void *back = __cvta_grid_constant_to_generic(__cvta_generic_to_grid_constant(&cfg.n));\n\
             flags[3] = back == (const void *)&cfg.n;\n\
             flags[4] = (unsigned)(*(const unsigned long long *)__cvta_grid_constant_to_generic(__cvta_generic_to_grid_constant(&cfg.tag)) >> 4);\n\
           }\n\
         }\n\
         template <class T> __global__ void kt(const __grid_constant__ T v, unsigned *flags) {\n\
           if (threadIdx.x == 0) flags[5] = __isGridConstant(&v) + 2 * __isLocal(&v);\n\
         }\n\
         struct Pair { int a, b; };\n\
         int main() {\n\
           Cfg c;\n\
           for (int i = 0; i < 16; i++) c.c[i] = i + 0.5f;\n\
           c.n = 3;\n\
           c.tag = 0x123456789abcdefull;\n\
           float *out; unsigned *flags;\n\
           cudaMallocManaged(&out, 256 * sizeof(float));\n\
           cudaMallocManaged(&flags, 8 * sizeof(unsigned));\n\
           k<<<4, 64>>>(c, out, flags);\n\
           kt<<<1, 32>>>(Pair{1, 2}, flags);\n\
           cudaError_t e = cudaDeviceSynchronize();\n\
           bool ok = e == cudaSuccess;\n\
           for (int i = 0; i < 256; i++) ok &= out[i] == (i % 16 + 0.5f) * 3;\n\
           printf(\"isGridConstant %u isLocal %u isGlobal %u round trip %u tag>>4 %x template %u\\n\", flags[0], flags[1], flags[2], flags[3], flags[4], flags[5]);\n\
           ok &= flags[0] == 1 && flags[1] == 0 && flags[3] == 1 && flags[4] == 0x789abcde && flags[5] == 1;\n\
           printf(\"%s\\n\", ok ? \"PASS\" : \"FAIL\");\n\
           return !ok;\n\
         }\n",
    );
}

/// At -G a kernel that passes a by-value aggregate parameter on by address reads all of its
/// bytes: LLVM 19 copied such a parameter member by member (`crate::param_copies`), losing a
/// union's bytes past its first member (here a pointer's high half; CUB's `kernel_arg` in
/// `thrust::gather`'s transform kernel, which faulted).
#[test]
fn minus_g_kernels_read_whole_aggregate_parameters() {
    build_with_flags_and_pass(
        "union_parameter_minus_g",
        &["-arch=sm_90", "-G"],
        "#include <cstdio>\n\
         struct Counted { int *p; int n; };\n\
         struct Pair { int *first; int *second; };\n\
         union Arg { Counted counted; Pair pair; };\n\
         __device__ __noinline__ int *second_of(const Arg *a) { return a->pair.second; }\n\
         __global__ void read_union(Arg a, int **out) { *out = second_of(&a); }\n\
         int main() {\n\
           int *data, **out;\n\
           cudaMalloc(&data, 8 * sizeof(int)); cudaMallocManaged(&out, sizeof(int *));\n\
           Arg a; a.pair = Pair{data, data + 5};\n\
           read_union<<<1, 1>>>(a, out);\n\
           bool ok = cudaDeviceSynchronize() == cudaSuccess && *out == data + 5;\n\
           printf(ok ? \"PASS\\n\" : \"FAIL %p %p\\n\", (void *)*out, (void *)(data + 5));\n\
           return !ok; }\n",
    );
    build_with_flags_and_pass(
        "thrust_gather_minus_g",
        &["-arch=sm_90", "-G"],
        "#include <thrust/device_vector.h>\n\
         #include <thrust/gather.h>\n\
         #include <thrust/sequence.h>\n\
         #include <cstdio>\n\
         int main() {\n\
           const int n = 1000;\n\
           thrust::device_vector<int> values(n), map(n), out(n);\n\
           thrust::sequence(values.begin(), values.end(), 0, 3);\n\
           thrust::sequence(map.begin(), map.end(), n - 1, -1);\n\
           thrust::gather(map.begin(), map.end(), values.begin(), out.begin());\n\
           int bad = 0;\n\
           for (int i = 0; i < n; i++) bad += out[i] != 3 * (n - 1 - i);\n\
           printf(bad ? \"FAIL %d\\n\" : \"PASS\\n\", bad);\n\
           return bad != 0; }\n",
    );
}

/// At -G (clang -O0) an abstract class's vtable stays, its pure virtual slot naming
/// `__cxa_pure_virtual`: the headers define it (weak, trapping) in device code, so virtual
/// calls through abstract bases work in one file and across two -rdc=true files.
#[test]
fn abstract_classes_at_minus_g_in_one_and_two_files() {
    let dir = common::scratch_dir("pure_virtual");
    std::fs::write(
        dir.join("a.cu"),
        "#include <cstdio>\n\
         struct Shape { __device__ virtual float area() const = 0; __device__ virtual ~Shape() {} };\n\
         struct Square : Shape { float s; __device__ Square(float s) : s(s) {}\n\
           __device__ float area() const override { return s * s; } };\n\
         #ifdef TWO_FILES\n__device__ float other_area(float s);\n#else\n\
         __device__ float other_area(float s) { return s * s; }\n#endif\n\
         __global__ void k(float *o) { Square q(threadIdx.x); const Shape &r = q;\n\
           o[threadIdx.x] = r.area() + other_area(threadIdx.x); }\n\
         int main() { float *o; cudaMallocManaged(&o, 32 * sizeof(float)); k<<<1, 32>>>(o);\n\
           if (cudaDeviceSynchronize() != cudaSuccess) { printf(\"FAIL sync\\n\"); return 1; }\n\
           for (int i = 0; i < 32; i++) if (o[i] != 2.0f * i * i) { printf(\"FAIL %d: %f\\n\", i, o[i]); return 1; }\n\
           printf(\"PASS\\n\"); return 0; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b.cu"),
        "struct Polygon { __device__ virtual float area() const = 0; __device__ virtual ~Polygon() {} };\n\
         struct Square2 : Polygon { float s; __device__ Square2(float s) : s(s) {}\n\
           __device__ float area() const override { return s * s; } };\n\
         __device__ float other_area(float s) { Square2 q(s); const Polygon &r = q; return r.area(); }\n",
    )
    .unwrap();
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let pass = |exe: &str| {
        let o = common::run(&dir.join(exe), &[], &[]);
        assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{exe}: {}", String::from_utf8_lossy(&o.stderr));
    };
    common::nvcc(&["-arch=sm_90", "-G", &p("a.cu"), "-o", &p("one_file")]).expect("one file");
    pass("one_file");
    common::nvcc(&["-arch=sm_90", "-G", "-rdc=true", "-DTWO_FILES", &p("a.cu"), &p("b.cu"), "-o", &p("two_files")])
        .expect("two files");
    pass("two_files");
}

/// `__cluster_dims__` (which clang-19 lacks): a template kernel's shape reaches its PTX as nvcc
/// writes it, `cudaFuncGetAttributes` and launches see it, with and without `-rdc=true`;
/// `__cluster_dims__()` gives `.explicitcluster` alone; an architecture without clusters is refused.
#[test]
fn cluster_dims_in_templates_with_rdc_and_before_sm_90() {
    let dir = common::scratch_dir("cluster_dims");
    let src = dir.join("cluster_dims.cu");
    std::fs::write(
        &src,
        r#"#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Each block records its cluster's shape and its rank in it.
template <int N> __global__ void __cluster_dims__(N, 2) shaped(unsigned *out) {
  cg::cluster_group c = cg::this_cluster();
  dim3 d = c.dim_blocks();
  if (threadIdx.x == 0) out[blockIdx.x + blockIdx.y * gridDim.x] = d.x * 1000 + d.y * 100 + d.z * 10 + c.block_rank();
}
template __global__ void shaped<4>(unsigned *);
__global__ void __cluster_dims__() shape_at_launch(unsigned *out) { out[0] = 1; }
int main() {
  bool ok = true;
  cudaFuncAttributes fa;
  ok &= cudaFuncGetAttributes(&fa, shaped<4>) == cudaSuccess;
  ok &= fa.requiredClusterWidth == 4 && fa.requiredClusterHeight == 2 && fa.requiredClusterDepth == 1;
  unsigned *d, h[32];
  cudaMalloc(&d, sizeof h);
  shaped<4><<<dim3(8, 4), 32>>>(d);
  ok &= cudaDeviceSynchronize() == cudaSuccess;
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 8; x++) ok &= h[x + y * 8] == 4210 + x % 4 + (y % 2) * 4;
  // 6 blocks wide is no multiple of the cluster's 4.
  shaped<4><<<dim3(6, 4), 32>>>(d);
  ok &= cudaGetLastError() == cudaErrorInvalidClusterSize;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
"#,
    )
    .unwrap();
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let s = src.to_string_lossy().into_owned();
    for (exe, extra) in [("plain", None), ("rdc", Some("-rdc=true"))] {
        let mut args = vec!["-arch=sm_90", &s];
        args.extend(extra);
        let out = p(exe);
        args.extend(["-o", &out]);
        common::nvcc(&args).expect("build");
        let o = common::run(&dir.join(exe), &[], &[]);
        assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{exe}: {}", String::from_utf8_lossy(&o.stderr));
    }
    common::nvcc(&["-arch=sm_90", "--ptx", &s, "-o", &p("k.ptx")]).expect("--ptx");
    let ptx = std::fs::read_to_string(dir.join("k.ptx")).unwrap();
    // nvcc's directives on the kernels' definitions.
    let module = ptx::parse(&ptx).module;
    let directives = |kernel: &str| {
        module.items.iter().find_map(|i| match i {
            ptx::ast::Item::Func(f) if f.body.is_some() && module.names.str(f.name) == kernel => {
                Some(f.directives.clone())
            }
            _ => None,
        })
    };
    use ptx::ast::FuncDirective::{Explicitcluster, Reqnctapercluster};
    assert_eq!(
        directives("_Z6shapedILi4EEvPj"),
        Some(vec![Explicitcluster, Reqnctapercluster(vec![4, 2, 1])]),
        "{ptx}"
    );
    assert_eq!(directives("_Z15shape_at_launchPj"), Some(vec![Explicitcluster]), "{ptx}");
    assert!(!ptx.contains(nvcc::cluster_dims::MARK), "{ptx}");
    let e = common::nvcc(&["-arch=sm_80", "--ptx", &s, "-o", &p("k80.ptx")]).unwrap_err();
    assert!(
        e.contains("cluster_dims.cu:5:") && e.contains("__cluster_dims__ is not supported for this GPU architecture"),
        "{e}"
    );
}

/// A source's leading includes are precompiled from its second build on (see
/// `leading_includes.rs`): the third build writes the PCH, the fourth only uses it, each builds
/// the same program; an edited header is picked up, a broken one is reported from the source,
/// and a PCH too small to be worth it is not used again. Runs in a child process with its own
/// cache directory.
#[test]
fn leading_includes_are_precompiled_from_the_second_build_on() {
    let dir = common::scratch_dir("leading_includes");
    let o = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "leading_includes_child", "--nocapture"])
        .env("CUPRITE_LEADING_INCLUDES_CHILD", &dir)
        .env("CUPRITE_CACHE_DIR", dir.join("cache"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
}

#[test]
fn leading_includes_child() {
    let Some(dir) = std::env::var_os("CUPRITE_LEADING_INCLUDES_CHILD").map(std::path::PathBuf::from) else { return };
    let _ = std::fs::remove_dir_all(dir.join("cache"));
    let header = dir.join("local.h");
    let write_header = |value: &str| {
        std::fs::write(&header, format!("#pragma once\nconstexpr int kValue = {value};\n")).unwrap();
    };
    write_header("7");
    // CUB's block reduction: includes heavy enough for a PCH worth keeping.
    let src = dir.join("main.cu");
    std::fs::write(
        &src,
        "// Sums a block's values with CUB.\n#include \"local.h\"\n#include <cub/block/block_reduce.cuh>\n#include <cstdio>\n\
         __global__ void k(int *out) {\n  using R = cub::BlockReduce<int, 64>;\n  __shared__ R::TempStorage t;\n\
         \x20 int s = R(t).Sum(kValue);\n  if (threadIdx.x == 0) *out = s;\n}\n\
         int main() { int *d, h = 0; cudaMalloc(&d, 4); k<<<1, 64>>>(d); cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);\n\
         \x20 printf(\"%d\\n\", h); return 0; }\n",
    )
    .unwrap();
    let small = dir.join("small.cu");
    std::fs::write(&small, "#include <cstdio>\nint main() { printf(\"%d\\n\", 64 * 7); return 0; }\n").unwrap();
    let exe = dir.join("prog");
    // Builds `source` with -v; returns what it printed and what the program prints.
    let build = |source: &std::path::Path| -> (String, String) {
        let args = ["-v", "-arch=sm_90", source.to_str().unwrap(), "-o", exe.to_str().unwrap()];
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "nvcc_child", "--nocapture"])
            .env("CUPRITE_NVCC_CHILD", args.join("\n"))
            .env_remove("CUPRITE_LEADING_INCLUDES_CHILD")
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&out.stderr).into_owned();
        if !out.status.success() {
            return (log, String::new());
        }
        let run = common::run(&exe, &[], &[]);
        (log, String::from_utf8_lossy(&run.stdout).into_owned())
    };
    let writes_pch = |log: &str| log.lines().any(|l| l.contains("-emit-pch") && l.contains("includes.h"));
    let uses_pch = |log: &str| log.lines().any(|l| l.contains("-include-pch") && l.contains("includes.pch"));
    // 1: the wrapper's PCH is built (nothing is marked while it is not current); 2: marked seen.
    for round in 1..=2 {
        let (log, out) = build(&src);
        assert_eq!(out, "448\n", "build {round}: {log}");
        assert!(!writes_pch(&log) && !uses_pch(&log), "build {round}: {log}");
    }
    let (log, out) = build(&src);
    assert_eq!(out, "448\n", "{log}");
    assert!(writes_pch(&log) && uses_pch(&log), "the third build precompiles the includes: {log}");
    let (log, out) = build(&src);
    assert_eq!(out, "448\n", "{log}");
    assert!(!writes_pch(&log) && uses_pch(&log), "the fourth build uses the PCH: {log}");
    // An edited header makes the PCH stale: rebuilt, and the program sees the new value.
    write_header("100");
    let (log, out) = build(&src);
    assert_eq!(out, "6400\n", "{log}");
    assert!(writes_pch(&log), "{log}");
    // A broken header: the build fails with clang's diagnostics from the source, not the PCH's.
    std::fs::write(&header, "#pragma once\nconstexpr int kValue = ;\n").unwrap();
    let (log, out) = build(&src);
    assert_eq!(out, "", "{log}");
    assert!(log.contains("local.h:2:") && log.contains("main.cu:2"), "{log}");
    // (Diagnostics, not the echoed commands: those name `-Wno-error=...` and `includes.h`.)
    assert!(!log.lines().any(|l| l.contains("error:") && l.contains("includes.h")), "{log}");
    // A PCH of light includes is not worth keeping: built once, then not used.
    for round in 1..=4 {
        let (log, out) = build(&small);
        assert_eq!(out, "448\n", "small build {round}: {log}");
        assert_eq!(writes_pch(&log), round == 2, "small build {round}: {log}");
        assert!(round == 2 || !uses_pch(&log), "small build {round}: {log}");
    }
}

/// The wrapper's precompiled header is rebuilt when a header added to a search directory would
/// hide one it read (a user's `-I` directory gains `ctype.h`, which the wrapper includes), and
/// when that header changes; a warm build in between reuses it. Runs in a child process with
/// its own cache directory.
#[test]
fn a_header_that_shadows_one_the_pch_read_rebuilds_it() {
    let dir = common::scratch_dir("pch_shadow");
    let o = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "pch_shadow_child", "--nocapture"])
        .env("CUPRITE_PCH_SHADOW_CHILD", &dir)
        .env("CUPRITE_CACHE_DIR", dir.join("cache"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
}

#[test]
fn pch_shadow_child() {
    let Some(dir) = std::env::var_os("CUPRITE_PCH_SHADOW_CHILD").map(std::path::PathBuf::from) else { return };
    let _ = std::fs::remove_dir_all(dir.join("cache"));
    let shadow = dir.join("shadow");
    let _ = std::fs::remove_dir_all(&shadow);
    std::fs::create_dir_all(&shadow).unwrap();
    // The program includes no <ctype.h> itself: only the wrapper (so its PCH) does.
    let src = dir.join("main.cu");
    std::fs::write(
        &src,
        "#include <cstdio>\n#ifndef SHADOW_MARK\n#define SHADOW_MARK 0\n#endif\n\
         int main() { printf(\"%d\\n\", SHADOW_MARK); return 0; }\n",
    )
    .unwrap();
    let exe = dir.join("prog");
    let build = || -> (String, String) {
        let args =
            ["-v", "-arch=sm_90", "-I", shadow.to_str().unwrap(), src.to_str().unwrap(), "-o", exe.to_str().unwrap()];
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "nvcc_child", "--nocapture"])
            .env("CUPRITE_NVCC_CHILD", args.join("\n"))
            .env_remove("CUPRITE_PCH_SHADOW_CHILD")
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{log}");
        (log, String::from_utf8_lossy(&common::run(&exe, &[], &[]).stdout).into_owned())
    };
    // The wrapper PCHs in the cache and when each was written.
    let pchs = || -> Vec<(std::path::PathBuf, std::time::SystemTime)> {
        let mut all: Vec<_> = std::fs::read_dir(dir.join("cache/pch"))
            .unwrap()
            .flatten()
            .map(|e| e.path().join("cuda_wrapper.pch"))
            .filter_map(|p| Some((p.clone(), std::fs::metadata(&p).ok()?.modified().ok()?)))
            .collect();
        all.sort();
        all
    };
    let write_shadow = |mark: u32| {
        std::fs::write(shadow.join("ctype.h"), format!("#define SHADOW_MARK {mark}\n#include_next <ctype.h>\n"))
            .unwrap();
    };
    let (log, out) = build();
    assert_eq!(out, "0\n", "{log}");
    let cold = pchs();
    assert_eq!(cold.len(), 2, "one PCH per pass: {cold:?}");
    let (log, out) = build();
    assert_eq!(out, "0\n", "{log}");
    assert_eq!(pchs(), cold, "a warm build reuses the PCHs");
    write_shadow(1);
    let (log, out) = build();
    assert_eq!(out, "1\n", "the new ctype.h hides the C library's: {log}");
    write_shadow(2);
    let (log, out) = build();
    assert_eq!(out, "2\n", "the changed header: {log}");
}

/// nvcc's diagnostic numbers reach clang as the warnings that say the same: 1650 (result of
/// call is not used, a warning by default) is silenced by `--diag-suppress` and by
/// `-Xcudafe --diag_suppress`, 550 (set but never used) made an error at the user's
/// file:line:col by `--diag-error`; a number clang has no warning for (20012, an nvcc
/// host/device annotation warning) is accepted and listed by `-v`.
#[test]
fn diagnostic_numbers_map_to_clang_warnings() {
    let dir = common::scratch_dir("diag_numbers");
    let src = dir.join("diag.cu");
    std::fs::write(
        &src,
        "__attribute__((warn_unused_result)) int f() { return 1; }\n\
         int main() {\n  f();\n  int set = 0;\n  set = 2;\n  return 0;\n}\n",
    )
    .unwrap();
    let exe = dir.join("diag");
    // Builds with `extra` in a child process; its status and stderr.
    let build = |extra: &[&str]| -> (bool, String) {
        let mut args = vec!["-arch=sm_90"];
        args.extend_from_slice(extra);
        args.extend([src.to_str().unwrap(), "-o", exe.to_str().unwrap()]);
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "nvcc_child", "--nocapture"])
            .env("CUPRITE_NVCC_CHILD", args.join("\n"))
            .output()
            .unwrap();
        (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let source = src.to_str().unwrap();
    let (ok, err) = build(&[]);
    assert!(ok && err.contains(&format!("{source}:3:3: warning: ignoring return value")), "{err}");
    // 550 is one of nvcc's default warnings (nvcc 13.0: "warning #550-D: variable "set" was set
    // but never used" with --diag-suppress=1650 alone), so each silencing names it too.
    for suppress in [
        ["--diag-suppress=1650,550"].as_slice(),
        &["-Xcudafe", "--diag_suppress=1650", "-Xcudafe", "--diag_suppress=550"],
        &["-diag-suppress", "177,550,1650"],
    ] {
        let (ok, err) = build(suppress);
        assert!(ok && !err.contains("warning"), "{suppress:?}: {err}");
    }
    let (ok, err) = build(&["--diag-suppress=1650", "--diag-error=550"]);
    assert!(!ok && err.contains(&format!("{source}:4:7: error: variable 'set' set but not used")), "{err}");
    let (ok, err) = build(&["-v", "--diag-suppress=1650,550,20012", "--display-error-number"]);
    assert!(ok && err.contains("--diag-suppress 20012: accepted and ignored"), "{err}");
}

/// A `#pragma unroll` that cannot be honoured (a loop whose trip count is not a constant, as in
/// CUB's radix-sort kernels that every Thrust sort instantiates) builds silently, as nvcc builds
/// it: clang's optimizer warned "loop not unrolled" at each such kernel, pages of warnings from
/// CCCL's headers on a plain `thrust::sort`.
#[test]
fn unroll_pragmas_that_cannot_be_honoured_build_silently() {
    let dir = common::scratch_dir("unroll_pragma");
    let src = dir.join("unroll.cu");
    std::fs::write(
        &src,
        "__global__ void k(int *p, int n) {\n  int s = 0;\n#pragma unroll\n\
         for (int i = 0; i < n; ++i) { s += p[i] * i; if (s > 1000) break; }\n  p[0] = s;\n}\n\
         int main() { return 0; }\n",
    )
    .unwrap();
    let exe = dir.join("unroll");
    let args = ["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()];
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "nvcc_child", "--nocapture"])
        .env("CUPRITE_NVCC_CHILD", args.join("\n"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("warning"), "{err}");
}

/// Host code calling std::stable_sort (libstdc++'s _Temporary_buffer, which calls the C++17-
/// deprecated std::get_temporary_buffer) builds silently and under -Werror, as nvcc (g++ for host
/// code) builds it: clang reported the deprecation inside the system header in both passes, and
/// `-Werror all-warnings` or `-Xcompiler -Werror` failed the build (include/bits/stl_tempbuf.h).
/// A call of get_temporary_buffer in the program itself still warns.
#[test]
fn stable_sort_in_host_code_builds_under_werror() {
    let dir = common::scratch_dir("stable_sort_werror");
    let src = dir.join("sorts.cu");
    std::fs::write(
        &src,
        "#include <algorithm>\n#include <vector>\n\
         __global__ void k(int *p) { p[threadIdx.x] *= 2; }\n\
         int main() {\n  std::vector<unsigned> v{3, 1, 2, 1};\n\
           std::stable_sort(v.begin(), v.end(), [](unsigned a, unsigned b) { return a > b; });\n\
           std::stable_partition(v.begin(), v.end(), [](unsigned a) { return a % 2; });\n\
           std::inplace_merge(v.begin(), v.begin() + 2, v.end());\n  return (int)v[0];\n}\n",
    )
    .unwrap();
    let obj = dir.join("sorts.o");
    for werror in [["-Werror", "all-warnings"], ["-Xcompiler", "-Werror"]] {
        let mut args = vec!["-std=c++17", "-c", src.to_str().unwrap(), "-o", obj.to_str().unwrap()];
        args.extend(werror);
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "nvcc_child", "--nocapture"])
            .env("CUPRITE_NVCC_CHILD", args.join("\n"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && !err.contains("deprecated"), "{werror:?}: {err}");
    }
    let own = dir.join("own.cu");
    std::fs::write(&own, "#include <memory>\nint main() { return (int)std::get_temporary_buffer<int>(4).second; }\n")
        .unwrap();
    let args = ["-std=c++17", "-c", own.to_str().unwrap(), "-o", obj.to_str().unwrap()];
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "nvcc_child", "--nocapture"])
        .env("CUPRITE_NVCC_CHILD", args.join("\n"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && err.contains("own.cu:2:") && err.contains("deprecated"), "{err}");
}

/// Runs the driver on the arguments in `CUPRITE_NVCC_CHILD` (one a line), for tests that need
/// a process of its own (an environment of its own).
#[test]
fn nvcc_child() {
    let Ok(args) = std::env::var("CUPRITE_NVCC_CHILD") else { return };
    let args: Vec<&str> = args.lines().collect();
    if let Err(e) = common::nvcc(&args) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

/// nvcc 13.0's architectures newer than clang-19's (sm_88, sm_100 ... sm_121) build: clang
/// compiles for the newest architecture it knows below, with `__CUDA_ARCH__` of the one asked
/// for, and the PTX names the requested target at the ISA version that target needs.
#[test]
fn architectures_newer_than_clang_build_with_their_arch_macro() {
    let source = r#"
#include <cstdio>
__global__ void arch(int *out) {
#ifdef __CUDA_ARCH__
    *out = __CUDA_ARCH__;
#endif
}
int main(int argc, char **argv) {
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    arch<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
    printf("__CUDA_ARCH__ %d\n", h);
    if (h == EXPECTED) printf("PASS\n");
    return 0;
}
"#;
    for (arch, expected) in [("sm_88", 880), ("sm_100", 1000), ("sm_100a", 1000), ("sm_120", 1200), ("sm_121", 1210)] {
        let define = format!("-DEXPECTED={expected}");
        let flag = format!("-arch={arch}");
        build_with_flags_and_pass(&format!("arch_{arch}"), &[flag.as_str(), define.as_str()], source);
    }
    let dir = common::work_dir().join("arch_sm_100");
    let ptx = dir.join("arch.ptx");
    let src = dir.join("arch_sm_100.cu");
    common::nvcc(&["-arch=sm_100", "-DEXPECTED=1000", "--ptx", src.to_str().unwrap(), "-o", ptx.to_str().unwrap()])
        .expect("--ptx");
    let text = std::fs::read_to_string(&ptx).unwrap();
    assert!(text.contains("\n.target sm_100\n") && text.contains("\n.version 8.6\n"), "{text}");
}

/// C++20 (and later) sources build: the wrapper header is not precompiled there, since clang-19
/// takes the host and device `max(int, int)` in a PCH for one function defined twice; device
/// `std::malloc` and `new` work although the C++ library reaches `<new>` early.
#[test]
fn cxx20_sources_use_host_and_device_min_max() {
    let source = r#"
#include <cstdio>
#include <concepts>
#include <cstdlib>
template <std::integral T> __device__ T clamp_to(T v, T lo, T hi) { return min(max(v, lo), hi); }
__global__ void k(int *out) {
    // Device malloc through std:: and operator new (C++20's <cmath> reaches <new> early).
    int *p = static_cast<int *>(std::malloc(sizeof(int)));
    int *q = new int(5);
    *p = 3;
    out[threadIdx.x] = clamp_to<int>((int)threadIdx.x, *p, *q);
    delete q;
    std::free(p);
}
struct Config { int n; int lo; };
int main() {
    constexpr Config c{.n = 8, .lo = 3};
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    k<<<1, c.n>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < c.n; i++) bad += h[i] != min(max(i, c.lo), 5);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad;
}
"#;
    for standard in ["-std=c++20", "-std=c++23"] {
        let name = format!("cxx{}", &standard[8..]);
        build_with_flags_and_pass(&name, &["-arch=sm_90", standard], source);
    }
}

/// nvcc's `-include FILE` reaches both passes, after the CUDA headers (the header may use them).
#[test]
fn pre_included_header_reaches_host_and_device_code() {
    let dir = common::scratch_dir("pre_include");
    let header = dir.join("config.h");
    std::fs::write(&header, "#pragma once\n__host__ __device__ inline int scale() { return 7; }\n#define N_VALUES 5\n")
        .unwrap();
    let source = r#"
#include <cstdio>
__global__ void k(int *out) { out[threadIdx.x] = scale() * (int)threadIdx.x; }
int main() {
    int *d, h[N_VALUES];
    cudaMalloc(&d, sizeof h);
    k<<<1, N_VALUES>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < N_VALUES; i++) bad += h[i] != scale() * i;
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad;
}
"#;
    build_with_flags_and_pass("pre_include", &["-arch=sm_90", "-include", header.to_str().unwrap()], source);
}

/// `__hfma` is one correct rounding of the exact a·b + c, also where it is emulated (on the host,
/// and for bfloat16 before sm_80): a product exactly halfway between two representable values
/// goes the way a tiny c says, not to even (rounding to double first would lose c).
#[test]
fn emulated_half_and_bfloat16_fma_round_once() {
    let source = r#"
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
// (1 + 3*2^-10) * 1.5 = 1.5 + 4.5 half ulps: a tie that c = +-2^-24 breaks.
__host__ __device__ void cases(unsigned short *out) {
    const __half a = __ushort_as_half(0x3c03), b = __ushort_as_half(0x3e00);
    out[0] = __half_as_ushort(__hfma(a, b, __ushort_as_half(0x0001)));
    out[1] = __half_as_ushort(__hfma(a, b, __ushort_as_half(0x8001)));
    // bfloat16: 0x3592 * 0xede0 is a tie as well; 0x2c68 is tiny and positive.
    out[2] = __bfloat16_as_ushort(__hfma(__ushort_as_bfloat16(0x3592), __ushort_as_bfloat16(0xede0),
                                         __ushort_as_bfloat16(0x2c68)));
    out[3] = __bfloat16_as_ushort(__hfma(__ushort_as_bfloat16(0x3592), __ushort_as_bfloat16(0xede0),
                                         __ushort_as_bfloat16(0xac68)));
}
__global__ void k(unsigned short *out) { cases(out); }
int main() {
    const unsigned short want[4] = {0x3e05, 0x3e04, 0xe3ff, 0xe400};
    unsigned short host[4], dev[4], *d;
    cases(host);
    cudaMalloc(&d, sizeof dev);
    k<<<1, 1>>>(d);
    cudaMemcpy(dev, d, sizeof dev, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        if (host[i] != want[i] || dev[i] != want[i]) {
            printf("case %d: host %04x device %04x want %04x\n", i, host[i], dev[i], want[i]);
            bad++;
        }
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad;
}
"#;
    build_with_flags_and_pass("fma_round_once", &["-arch=sm_75"], source);
}

/// Inline PTX naming special registers with one `%` (`%laneid`, `%tid.x`), which nvcc passes
/// through and clang rejects, builds and reads the registers; the device passes' escaped copy
/// keeps the source's name and lines (`__FILE__`, `__LINE__`, diagnostics) and finds a quoted
/// include beside the original.
#[test]
fn inline_ptx_with_single_percent_registers_builds_as_with_nvcc() {
    let dir = common::scratch_dir("single_percent");
    std::fs::write(dir.join("lane_of.h"), "#pragma once\n#define LANE_OF(t) ((t) % 32)\n").unwrap();
    let src = dir.join("single_percent.cu");
    std::fs::write(
        &src,
        r#"#include <cstdio>
#include <cstring>
#include "lane_of.h"
__global__ void k(unsigned *out, int *line, int *file_ok) {
  unsigned lane, tid;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(lane));
  asm volatile("mov.u32 %0, %tid.x; // %%not_an_operand" : "=r"(tid));
  out[2 * threadIdx.x] = lane;
  out[2 * threadIdx.x + 1] = tid;
  if (threadIdx.x == 0) {
    *line = __LINE__;
    const char *f = __FILE__, *want = "single_percent.cu";
    int n = 0, m = 0;
    while (f[n]) n++;
    while (want[m]) m++;
    int ok = n >= m;
    for (int i = 0; ok && i < m; i++) ok = f[n - m + i] == want[i];
    *file_ok = ok;
  }
}
int main() {
  unsigned *out; int *line, *file_ok;
  cudaMallocManaged(&out, 2 * 64 * sizeof(unsigned));
  cudaMallocManaged(&line, sizeof(int));
  cudaMallocManaged(&file_ok, sizeof(int));
  k<<<1, 64>>>(out, line, file_ok);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL launch\n"); return 1; }
  for (unsigned t = 0; t < 64; t++)
    if (out[2 * t] != LANE_OF(t) || out[2 * t + 1] != t) { printf("FAIL thread %u: %u %u\n", t, out[2 * t], out[2 * t + 1]); return 1; }
  if (*line != 11 || !*file_ok) { printf("FAIL line %d file %d\n", *line, *file_ok); return 1; }
  printf("PASS\n");
}
"#,
    )
    .unwrap();
    let exe = dir.join("single_percent");
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
    let o = common::run(&exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));

    // An error in device code of such a source names the source and its line.
    let bad = dir.join("single_percent_error.cu");
    std::fs::write(
        &bad,
        "__global__ void k(unsigned *out) {\n  unsigned lane;\n  asm volatile(\"mov.u32 %0, %laneid;\" : \"=r\"(lane));\n  out[0] = lane + undeclared_name;\n}\nint main() {}\n",
    )
    .unwrap();
    let err = common::nvcc(&["-arch=sm_90", bad.to_str().unwrap(), "-o", dir.join("never").to_str().unwrap()])
        .expect_err("an undeclared name is an error");
    assert!(err.contains("single_percent_error.cu:4:"), "{err}");
    assert!(!err.contains("asm-escaped"), "{err}");
}

/// A source with both rewrites nvcc's front end makes unnecessary: split launch chevrons (both
/// passes) and inline PTX with single-`%` register names (device passes), in one file.
#[test]
fn split_chevrons_and_single_percent_registers_in_one_source() {
    build_and_pass(
        "chevrons_and_percent",
        "#include <cstdio>\n\
         __global__ void k(unsigned *o) { unsigned l; asm(\"mov.u32 %0, %laneid;\" : \"=r\"(l)); o[threadIdx.x] = l; }\n\
         int main() {\n\
           unsigned *d, h[64]; cudaMalloc(&d, sizeof h);\n\
           k << < 1, 64 >> > (d);\n\
           cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n\
           int bad = 0; for (int i = 0; i < 64; i++) bad += h[i] != (unsigned)(i % 32);\n\
           printf(bad ? \"FAIL\\n\" : \"PASS\\n\"); return bad; }\n",
    );
}

/// `-time FILE` appends nvcc's table of phase times to FILE (headings once, when FILE is new);
/// `-Werror=reorder` makes clang's member-initializer-order warning an error, as nvcc's kind
/// of that name does, while the program builds without it.
#[test]
fn time_table_and_werror_kinds_act_as_nvcc_documents() {
    let dir = common::scratch_dir("time_werror");
    let src = dir.join("reorder.cu");
    std::fs::write(&src, "struct A { int b; int a; A() : a(1), b(2) {} };\n__global__ void k() {}\nint main() { A x; return x.a - 1; }\n")
        .unwrap();
    let (src, exe, table) = (src.to_str().unwrap(), dir.join("prog"), dir.join("times.csv"));
    let (exe, table) = (exe.to_str().unwrap(), table.to_str().unwrap());
    let _ = std::fs::remove_file(table);
    for _ in 0..2 {
        common::nvcc(&["-arch=sm_90", "-time", table, src, "-o", exe]).expect("build without -Werror");
    }
    let text = std::fs::read_to_string(table).expect("the timing table");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.iter().filter(|l| l.starts_with("source file name , phase name")).count(), 1, "{text}");
    assert!(lines.iter().any(|l| l.contains(" , clang (linking) , ") && l.ends_with(" , ms")), "{text}");
    let err = common::nvcc(&["-arch=sm_90", "-Werror=reorder", src, "-o", exe]).expect_err("-Werror=reorder");
    assert!(err.contains("-Werror") && err.contains("reorder"), "{err}");
}

/// `--resource-usage` reports each kernel in ptxas's lines, from its PTX (32 ints shared, one
/// barrier) on stderr, in a build that succeeds (run in a child process, the test binary itself, to capture what it prints).
#[test]
fn resource_usage_reports_each_kernel() {
    let dir = common::scratch_dir("resource_usage");
    let src = dir.join("k.cu");
    std::fs::write(
        &src,
        "__global__ void scale(int *p, double f) {\n  __shared__ int s[32];\n  s[threadIdx.x] = p[threadIdx.x];\n\
         \x20 __syncthreads();\n  p[threadIdx.x] = (int)(s[31 - threadIdx.x] * f);\n}\nint main() { return 0; }\n",
    )
    .unwrap();
    let o = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "resource_usage_child", "--nocapture"])
        .env("CUPRITE_RESOURCE_USAGE_CHILD", format!("{}\n{}", src.display(), dir.join("prog").display()))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    // ptxas's lines as nvcc 13.0 prints them for this kernel (recorded), but for the registers
    // (ptxas's 10; Cuprite's runtime reports 32 for a kernel loaded from PTX) and the compile
    // time line: 32 ints of shared memory are 128 bytes, one barrier.
    assert!(
        stderr.contains(
            "ptxas info    : 0 bytes gmem\n\
             ptxas info    : Compiling entry function '_Z5scalePid' for 'sm_90'\n\
             ptxas info    : Function properties for _Z5scalePid\n\
             \x20   0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n\
             ptxas info    : Used 32 registers, used 1 barriers, 128 bytes smem\n"
        ),
        "{stderr}"
    );
}

#[test]
fn resource_usage_child() {
    let Ok(spec) = std::env::var("CUPRITE_RESOURCE_USAGE_CHILD") else { return };
    let (src, out) = spec.split_once('\n').unwrap();
    common::nvcc(&["-arch=sm_90", "--resource-usage", src, "-o", out]).unwrap();
}

/// Writing a `__constant__` scalar, which nvcc 13.0 refuses ("c4.cu(4): error: expression must
/// be a modifiable lvalue", the line, a caret under the variable), fails the build with that
/// error at the same places (clang would accept it and NVPTX drop the store); writing an element
/// of a `__constant__` array or a member of a `__constant__` struct, which nvcc accepts, builds.
#[test]
fn writes_to_constant_scalars_fail_as_with_nvcc() {
    let dir = common::scratch_dir("constant_writes");
    let src = dir.join("c4.cu");
    std::fs::write(
        &src,
        "__constant__ float cf;\n__constant__ int c[4];\nstruct P { int a; };\n__constant__ P p;\n\
         __global__ void k(int v) {\n  c[1] = v; p.a = v;\n  cf += 1.0f;\n}\n",
    )
    .unwrap();
    let object = dir.join("c4.o");
    let options = nvcc::Options::parse(&["-arch=sm_90", "-c", src.to_str().unwrap(), "-o", object.to_str().unwrap()])
        .expect("options");
    let failure = nvcc::driver::build(&options, Some(common::work_dir().join("lib"))).expect_err("nvcc refuses it");
    let place = format!("{}:7:3: error: expression must be a modifiable lvalue", src.display());
    assert!(failure.diagnostics.starts_with(&place), "{}", failure.diagnostics);
    assert!(failure.diagnostics.contains("    7 |   cf += 1.0f;\n      |   ^\n1 error generated.\n"));
    assert_ne!(failure.status, 0);
    std::fs::write(&src, "__constant__ int c[4];\n__global__ void k(int v) { c[1] = v; }\n").unwrap();
    nvcc::driver::build(&options, Some(common::work_dir().join("lib"))).expect("builds");
}

/// Device functions, kernels and variables named with characters outside ASCII, or taking a
/// type so named, are nvcc 13.0's error at the identifier ("Universal character is not allowed
/// in device entity name"), not a crash of LLVM's NVPTX back end ("Symbol name with
/// unsupported characters", a stack dump); locals, parameters and members so named, which
/// reach no PTX name, build and run as with nvcc.
#[test]
fn device_names_outside_ascii_fail_as_with_nvcc() {
    let dir = common::scratch_dir("unicode_names");
    let src = dir.join("u.cu");
    std::fs::write(
        &src,
        "__device__ int größe(int x) { return x * 2; }\n__global__ void kernΩ(int *π) { *π = größe(21); }\n\
         struct Ωmega { int ü; };\n__global__ void k2(Ωmega *m) { m->ü = 7; }\n",
    )
    .unwrap();
    let object = dir.join("u.o");
    let options = nvcc::Options::parse(&["-arch=sm_90", "-c", src.to_str().unwrap(), "-o", object.to_str().unwrap()])
        .expect("options");
    let failure = nvcc::driver::build(&options, Some(common::work_dir().join("lib"))).expect_err("nvcc refuses it");
    let d = &failure.diagnostics;
    let at = |line: u32, col: u32, name: &str| {
        format!(
            "{}:{line}:{col}: error: Universal character is not allowed in device entity name (\"{name}\")",
            src.display()
        )
    };
    assert!(d.contains(&at(1, 16, "gr\\u00f6\\u00dfe")), "{d}");
    assert!(d.contains(&at(2, 17, "kern\\u03a9")), "{d}");
    assert!(d.contains(&at(3, 8, "\\u03a9mega")), "{d}");
    assert!(d.ends_with("3 errors generated.\n") && !d.contains("PLEASE submit"), "{d}");
    assert_ne!(failure.status, 0);
    build_and_pass(
        "unicode_locals",
        "#include <cstdio>\nstruct Punkt { int größe; };\n\
         __global__ void k(int *π, Punkt p) { int ü = p.größe * 2; *π = ü; }\n\
         int main() { int *d, h = 0; cudaMalloc(&d, 4); k<<<1, 1>>>(d, Punkt{21});\n\
         cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost); printf(h == 42 ? \"PASS\\n\" : \"FAIL %d\\n\", h); return h != 42; }\n",
    );
}

/// Recursion as deep as nvcc -G's build reaches on an H200 with the default 1 KiB stack
/// (scalars 14, a local array 30, one int 62 levels: the deepest that passed there) passes
/// under cuprite nvcc -G: clang -O0 gave every local and parameter a stack slot, frames 2-4x
/// nvcc's, and the first two overflowed at 11 and 30 levels; `opt -passes=mem2reg` keeps them
/// in registers, as NVVM's -G does. -G adds no multiply-add contraction either (nvcc -G keeps
/// `mul` and `add` apart; `a*b + c` was fused): both as an H200 printed them.
#[test]
fn minus_g_recursion_reaches_nvccs_depth_and_does_not_contract() {
    build_with_flags_and_pass(
        "recursion_minus_g",
        &["-arch=sm_90", "-G"],
        "#include <cstdio>\n\
         struct V { float x, y, z; };\n\
         __device__ float scalars(int n, float a, float b, V v) {\n\
           if (n <= 0) return a + b + v.x;\n\
           float s = a * 0.5f, t = b * 0.25f;\n\
           int i = n & 3, j = n >> 2;\n\
           V w = {v.y, v.z, v.x + s};\n\
           float r = scalars(n - 1, s + t, t - s, w);\n\
           return r + (float)(i + j) * 0.0f;\n\
         }\n\
         __device__ int array(int n) {\n\
           if (n == 0) return 0;\n\
           int a[4] = {n, n + 1, n + 2, n + 3};\n\
           return a[n & 3] - n - (n & 3) + 1 + array(n - 1);\n\
         }\n\
         __device__ int plain(int n) { return n == 0 ? 0 : 1 + plain(n - 1); }\n\
         __global__ void run(float *out, const float *in) {\n\
           out[0] = scalars(14, 1.0f, 2.0f, V{1, 2, 3});\n\
           out[1] = (float)array(30);\n\
           out[2] = (float)plain(62);\n\
           out[3] = in[0] * in[1] + in[2];\n\
         }\n\
         int main() {\n\
           float h[3] = {1.0f + 0x1p-12f, 1.0f + 0x1p-12f, -(1.0f + 0x1p-11f)}, r[4] = {0, 0, 0, -1};\n\
           float *d, *in; cudaMalloc(&d, sizeof r); cudaMalloc(&in, sizeof h);\n\
           cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);\n\
           run<<<1, 1>>>(d, in);\n\
           cudaError_t e = cudaDeviceSynchronize();\n\
           cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);\n\
           bool ok = e == cudaSuccess && r[1] == 30 && r[2] == 62 && r[3] == 0.0f;\n\
           printf(ok ? \"PASS\\n\" : \"FAIL %s %g %g %a\\n\", cudaGetErrorName(e), r[1], r[2], r[3]);\n\
           return !ok; }\n",
    );
}

/// `--keep` leaves the intermediate files under nvcc 13.0's names (recorded: `nvcc --keep`):
/// `a.ptx` for one architecture, `a.compute_80.ptx` and `a.compute_90.ptx` for two, and
/// `a.fatbin` and the host object `a.o` of a linked build; before, each carried a hash
/// (`a-79e029de.sm_90.ptx`), so a user looking for `a.ptx` found nothing.
#[test]
fn keep_leaves_intermediates_under_nvccs_names() {
    let dir = common::scratch_dir("keep_names");
    let src = common::repo().join("samples/vectorAdd.cu");
    let one = dir.join("one");
    let exe = dir.join("vectorAdd");
    let (one_s, exe_s) = (one.to_str().unwrap(), exe.to_str().unwrap());
    common::nvcc(&["-arch=sm_90", "--keep", "--keep-dir", one_s, src.to_str().unwrap(), "-o", exe_s]).expect("build");
    for name in ["vectorAdd.ptx", "vectorAdd.fatbin", "vectorAdd.o"] {
        assert!(one.join(name).is_file(), "{name} missing: {:?}", std::fs::read_dir(&one).unwrap().collect::<Vec<_>>());
    }
    let ptx = std::fs::read_to_string(one.join("vectorAdd.ptx")).unwrap();
    assert!(ptx.contains(".target sm_90") && ptx.contains(".entry"), "{ptx}");
    let two = dir.join("two");
    let obj = dir.join("two.o");
    common::nvcc(&[
        "-gencode",
        "arch=compute_80,code=sm_80",
        "-gencode",
        "arch=compute_90,code=sm_90",
        "--keep",
        "--keep-dir",
        two.to_str().unwrap(),
        "-c",
        src.to_str().unwrap(),
        "-o",
        obj.to_str().unwrap(),
    ])
    .expect("build");
    for name in ["vectorAdd.compute_80.ptx", "vectorAdd.compute_90.ptx", "vectorAdd.fatbin"] {
        assert!(two.join(name).is_file(), "{name} missing: {:?}", std::fs::read_dir(&two).unwrap().collect::<Vec<_>>());
    }
    assert!(!two.join("vectorAdd.ptx").exists());
}
