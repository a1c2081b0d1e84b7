//! `__managed__` variables built by `cuprite nvcc` (tests/programs/managed_main.cu): initial
//! values visible to the host before any CUDA call, the host's writes seen by kernels and the
//! kernels' by the host after synchronizing, `&var` the same in kernels and on the host, the
//! symbol and pointer APIs — in one file, and with a variable of a second file under -rdc=true.

mod common;

fn programs_dir() -> std::path::PathBuf {
    common::repo().join("crates/nvcc/tests/programs")
}

fn run_passes(exe: &std::path::Path) {
    let o = common::run(exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn managed_variables_in_one_file() {
    let src = programs_dir().join("managed_main.cu");
    let exe = common::work_dir().join("managed_one_file");
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
    run_passes(&exe);
}

#[test]
fn managed_variables_across_files_with_rdc() {
    let main = programs_dir().join("managed_main.cu");
    let other = programs_dir().join("managed_other.cu");
    let exe = common::work_dir().join("managed_rdc");
    common::nvcc(&[
        "-arch=sm_90",
        "-rdc=true",
        "-DWITH_OTHER_FILE",
        main.to_str().unwrap(),
        other.to_str().unwrap(),
        "-o",
        exe.to_str().unwrap(),
    ])
    .expect("build");
    run_passes(&exe);
}

/// A runtime that is not Cuprite's (NVIDIA's) keeps a managed variable in managed memory of
/// its own, the address its symbol API gives, not in the program's host object: host code must
/// read and write it there, as nvcc's rewrite of host references makes it. Here a stand-in
/// libcudart.so.13 gives a buffer of its own (holding 77) as `counter`'s address: the program
/// reads 77, not the host object's initial 5, and its writes land in the buffer; a local of the
/// same name and a member `.counter` stay what they are.
#[test]
fn managed_variables_under_another_runtime_live_at_the_runtimes_address() {
    let tc = nvcc::toolchain::Toolchain::locate(None).expect("toolchain");
    let dir = common::work_dir().join("managed_other_runtime");
    std::fs::create_dir_all(&dir).unwrap();
    let stub_source = dir.join("stub.c");
    std::fs::write(
        &stub_source,
        r#"#include <stdio.h>
#include <string.h>
static int buffer[4] = {77};
static const void *host_object;
static char name[64];
void **__cudaRegisterFatBinary(void *f) { static void *h; return &h; }
void __cudaRegisterFatBinaryEnd(void **h) {}
void __cudaUnregisterFatBinary(void **h) {}
void __cudaRegisterFunction(void **h, const char *f, char *d, const char *n, int t, void *a, void *b, void *c, void *e, int *w) {}
void __cudaRegisterVar(void **h, char *host, char *dev, const char *n, int ext, size_t size, int c, int g) {
  if (!strcmp(n, "counter")) { host_object = host; snprintf(name, sizeof name, "%s", n); }
}
int cudaGetSymbolAddress(void **p, const void *symbol) {
  if (symbol != host_object) return 13; /* cudaErrorInvalidSymbol */
  *p = buffer; return 0;
}
const char *cudaGetErrorString(int e) { return "invalid device symbol"; }
__attribute__((destructor)) static void report(void) { printf("runtime's %s: %d\n", name, buffer[0]); }
"#,
    )
    .unwrap();
    let stub = dir.join("libcudart.so.13");
    let built = std::process::Command::new(&tc.clang)
        .args(["-shared", "-fPIC"])
        .arg(&stub_source)
        .arg("-o")
        .arg(&stub)
        .status()
        .expect("run clang");
    assert!(built.success(), "building the stub runtime failed");
    let src = dir.join("counter.cu");
    std::fs::write(
        &src,
        r#"#include <cstdio>
__managed__ int counter = 5;
struct Tally { int counter; };
__global__ void bump() { counter += 1; }
static int twice() { int counter = 3; return counter * 2; }
int main() {
  Tally t = {1};
  printf("%d %d %d\n", counter, twice(), t.counter);
  counter = 9;
  int *p = &counter;
  *p += 1;
  return 0;
}
"#,
    )
    .unwrap();
    let exe = dir.join("counter");
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
    let o = std::process::Command::new(&exe).env("LD_LIBRARY_PATH", &dir).output().expect("run");
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout, "77 6 1\nruntime's counter: 10\n");
}
