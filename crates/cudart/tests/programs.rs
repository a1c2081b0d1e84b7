//! Builds the self-checking CUDA programs in `tests/cuda/` with nvcc (`-arch=sm_90 -cudart
//! shared`) and runs them against this crate's `libcudart.so` (cargo's output, exposed as
//! `libcudart.so.13` through a symlink in a temporary directory on `LD_LIBRARY_PATH`); each must
//! print PASS and exit 0. Also checks the exported symbols against CUDA 13.0's list and the C
//! layout of `cudaDeviceProp`/`cudaFuncAttributes` against the real header (compiled with g++).
//!
//! nvcc is found through `$CUDA_HOME/bin/nvcc` or `PATH` (`source scripts/nvcc-env.sh`); these
//! tests fail, never skip, without it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
mod common;
#[path = "common/json.rs"]
mod json;

use common::{nvcc, our_lib, work_dir};

fn cuda_include() -> PathBuf {
    nvcc().parent().and_then(Path::parent).map(|h| h.join("include")).expect("nvcc is in <CUDA_HOME>/bin")
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cuda")
}

fn build(name: &str, out: &str, flags: &[&str]) -> PathBuf {
    build_for(&["-arch=sm_90"], name, out, flags)
}

/// As [`build`], for the architectures `arch` names (nvcc's `-arch`/`-gencode` options).
fn build_for(arch: &[&str], name: &str, out: &str, flags: &[&str]) -> PathBuf {
    let exe = work_dir().join(out);
    let o = Command::new(nvcc())
        .args(arch)
        .args(["-cudart", "shared"])
        .args(flags)
        .arg(src_dir().join(format!("{name}.cu")))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run nvcc");
    assert!(o.status.success(), "nvcc {name} failed:\n{}", String::from_utf8_lossy(&o.stderr));
    exe
}

fn run(exe: &Path) -> Output {
    let mut ld = work_dir().join("lib").into_os_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        ld.push(":");
        ld.push(old);
    }
    Command::new(exe).env("LD_LIBRARY_PATH", ld).current_dir(work_dir()).output().expect("run test program")
}

fn check_pass(name: &str, flags: &[&str]) {
    check_pass_for(&["-arch=sm_90"], name, flags);
}

/// Tests that build a program of `tests/cuda/` (with the extra nvcc flags given) and run it on
/// our library, which must make it print PASS and exit 0 ([`check_pass`]), one line each:
/// `test_name: "program", "flag", ...;`.
macro_rules! pass {
    ($($(#[$doc:meta])* $test:ident: $program:literal $(, $flag:literal)*;)*) => {
        $(
            $(#[$doc])*
            #[test]
            fn $test() {
                check_pass($program, &[$($flag),*]);
            }
        )*
    };
}

/// As [`check_pass`], for the architectures `arch` names.
fn check_pass_for(arch: &[&str], name: &str, flags: &[&str]) {
    let out = format!(
        "{name}{}{}",
        arch.join("").replace(['-', '=', ','], "_"),
        flags.join("").replace(['-', '=', ','], "_")
    );
    let exe = build_for(arch, name, &out, flags);
    let o = run(&exe);
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        o.status.code() == Some(0) && stdout.contains("PASS") && !stdout.contains("FAIL"),
        "{name}: status {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        o.status
    );
}

pass! {
    vector_add: "vector_add";
    vector_add_lz4_ptx: "vector_add", "-compress-mode=speed";
    vector_add_uncompressed_ptx: "vector_add", "--no-compress";
}

#[test]
fn vector_add_compute_75_ptx_only() {
    let exe = work_dir().join("vector_add_c75");
    let o = Command::new(nvcc())
        .args(["-gencode", "arch=compute_75,code=compute_75", "-cudart", "shared"])
        .arg(src_dir().join("vector_add.cu"))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run nvcc");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = run(&exe);
    assert_eq!(r.status.code(), Some(0), "{}", String::from_utf8_lossy(&r.stdout));
}

#[test]
fn cubin_only_program_gets_a_clear_error() {
    let exe = work_dir().join("vector_add_cubin_only");
    let o = Command::new(nvcc())
        .args(["-gencode", "arch=compute_90,code=sm_90", "-cudart", "shared"])
        .arg(src_dir().join("vector_add.cu"))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run nvcc");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = run(&exe);
    let stderr = String::from_utf8_lossy(&r.stderr);
    let stdout = String::from_utf8_lossy(&r.stdout);
    assert_eq!(r.status.code(), Some(1));
    assert!(
        stdout.contains("FAIL") && stdout.contains("no kernel image is available for execution on the device"),
        "{stdout}"
    );
    assert!(stderr.contains("no PTX") && stderr.contains("code=compute_XX"), "{stderr}");
}

/// The program's own fatbin in an executable's bytes: the fatbin header whose first entry is
/// PTX (the other fatbins in `.nv_fatbin` are the device runtime's).
fn program_fatbin_offset(exe: &[u8]) -> usize {
    let magic = 0xBA55_ED50u32.to_le_bytes();
    (0..exe.len().saturating_sub(32))
        .find(|&i| exe[i..i + 4] == magic && exe[i + 16..i + 18] == [1, 0])
        .expect("a fatbin with a PTX entry")
}

/// A damaged fatbin (sizes past the bytes that exist, an uncompressed size no compressed
/// PTX can have) makes the launch fail with `cudaErrorInvalidKernelImage` and a message
/// naming the damage: no crash, no huge allocation.
#[test]
fn damaged_fatbin_is_invalid_kernel_image() {
    let exe = work_dir().join("vector_add_ptx_only");
    let o = Command::new(nvcc())
        .args(["-gencode", "arch=compute_90,code=compute_90", "-cudart", "shared"])
        .arg(src_dir().join("vector_add.cu"))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run nvcc");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let original = std::fs::read(&exe).expect("read the program");
    let fatbin = program_fatbin_offset(&original);
    // (field offset from the fatbin header, value, what stderr must name)
    let cases: [(usize, u64, &str); 4] = [
        (8, 1 << 40, "but only"),
        (8, u64::MAX, "but only"),
        (16 + 56, u64::MAX, "uncompressed size of 18446744073709551615"),
        (16 + 56, 1 << 57, "uncompressed size of 144115188075855872"),
    ];
    for (i, (field, value, named)) in cases.into_iter().enumerate() {
        let mut bytes = original.clone();
        bytes[fatbin + field..fatbin + field + 8].copy_from_slice(&value.to_le_bytes());
        let damaged = work_dir().join(format!("vector_add_damaged_{i}"));
        std::fs::write(&damaged, &bytes).expect("write the damaged program");
        std::fs::set_permissions(&damaged, std::os::unix::fs::PermissionsExt::from_mode(0o755)).expect("chmod");
        let r = run(&damaged);
        let stdout = String::from_utf8_lossy(&r.stdout);
        let stderr = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(1), "field {field} = {value}: {stdout}\n{stderr}");
        assert!(stdout.contains("FAIL") && stdout.contains("device kernel image is invalid"), "{stdout}");
        assert!(stderr.contains("damaged fatbin") && stderr.contains(named), "field {field} = {value}: {stderr}");
    }
}

pass! {
    symbols_and_constant_memory: "symbols";
    streams_and_events: "streams_events";
    kernel_fault_is_sticky_illegal_address: "fault";
    launch_config_errors: "launch_config";
    device_properties: "device_props";
    template_kernels_and_struct_params: "template_struct";
    shared_memory_reduction: "shared_reduce";
}

/// Builds and runs `name`, asserting it exits 0 and prints PASS; returns (stdout, stderr).
fn run_pass(name: &str) -> (String, String) {
    let exe = build(name, name, &[]);
    let o = run(&exe);
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        o.status.code() == Some(0) && stdout.contains("PASS") && !stdout.contains("FAIL"),
        "{name}: status {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        o.status
    );
    (stdout, stderr)
}

#[test]
fn device_printf_output_and_order() {
    let (stdout, stderr) = run_pass("device_printf");
    // Lines printed by different blocks may interleave (as on a GPU): sort that section.
    let (head, rest) = stdout.split_once("--- blocks\n").unwrap_or_else(|| panic!("{stdout}\n{stderr}"));
    let (blocks, tail) = rest.split_once("--- end\n").unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(
        head,
        "host before\n\
         t0:     0|0   |ff|010|+0.00|1.000000e+03|0.0001|a|cuda|cu|-1099511627776\n\
         t1:    11|1   |100|011|+1.50|1.001000e+03|0.0002|b|cuda|cu|-1099511627777\n\
         t2:    22|2   |101|012|+3.00|1.002000e+03|0.0003|c|cuda|cu|-1099511627778\n\
         t3:    33|3   |102|013|+4.50|1.003000e+03|0.0004|d|cuda|cu|-1099511627779\n\
         host after\n",
        "stderr:\n{stderr}"
    );
    let mut lines: Vec<&str> = blocks.lines().collect();
    lines.sort();
    assert_eq!(lines, (0..5).map(|b| format!("block {b} of 5")).collect::<Vec<_>>());
    assert_eq!(tail, "PASS\n");
}

#[test]
fn device_assert_is_sticky_cuda_error_assert() {
    let (_, stderr) = run_pass("device_assert");
    let msg = ": void check(const int *, int): block: [1,0,0], thread: [3,0,0] Assertion `v[i] != 13` failed.";
    assert!(stderr.lines().any(|l| l.ends_with(msg) && l.contains("device_assert.cu:7")), "{stderr}");
}

/// Fault reports name the kernel demangled, with its mangled name (as `c++filt` prints it),
/// and the user's source line: inlined toolkit code (the atomic's wrapper) reports the line
/// it was inlined at, and under `-G` (where `__trap`, `assert` and atomics are calls into the
/// toolkit's functions) the caller's line; without a line table they suggest `-lineinfo`.
/// Checked on the default engine and the interpreter.
#[test]
fn fault_reports_name_the_kernel_and_the_users_line() {
    // (case, kernel as reported, the statement's line in fault_report.cu)
    let cases = [
        ("oob", "kernel 'void scale<float>(float*, int)' (_Z5scaleIfEvPT_i)", 7),
        ("atomic", "kernel 'atomic_oob(int*)' (_Z10atomic_oobPi)", 10),
        ("trap", "kernel 'traps(int const*)' (_Z5trapsPKi)", 13),
        ("assert", "kernel 'asserts(int const*)' (_Z7assertsPKi)", 17),
    ];
    for flags in [&[][..], &["-lineinfo"][..], &["-G"][..]] {
        let exe = build("fault_report", &format!("fault_report{}", flags.join("").replace('-', "_")), flags);
        for engine in ["jit", "interp"] {
            for (case, kernel, line) in cases {
                let mut ld = work_dir().join("lib").into_os_string();
                if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
                    ld.push(":");
                    ld.push(old);
                }
                let o = Command::new(&exe)
                    .arg(case)
                    .env("LD_LIBRARY_PATH", ld)
                    .env("CUPRITE_ENGINE", engine)
                    .output()
                    .expect("run fault_report");
                let stdout = String::from_utf8_lossy(&o.stdout);
                let stderr = String::from_utf8_lossy(&o.stderr);
                let what = format!("{case} {flags:?} {engine}");
                assert!(o.status.success() && stdout.contains("PASS"), "{what}: {stdout}\n{stderr}");
                let report = stderr.lines().find(|l| l.starts_with("cuprite: cudaError")).unwrap_or_default();
                assert!(report.contains(&format!(" in {kernel}, ")), "{what}: {report}");
                if flags.is_empty() {
                    assert!(report.ends_with(" (no source line: build with -lineinfo to see one)"), "{what}: {report}");
                } else {
                    assert!(report.ends_with(&format!("fault_report.cu:{line})")), "{what}: {report}");
                }
            }
        }
    }
}

#[test]
fn device_malloc_free_new_delete() {
    run_pass("device_malloc");
}

#[test]
fn exports_every_cuda_13_0_symbol_versioned() {
    let lib = our_lib();
    let o = Command::new("nm").args(["-D", "--defined-only"]).arg(&lib).output().expect("run nm");
    assert!(o.status.success());
    let nm = String::from_utf8_lossy(&o.stdout);
    let defined: std::collections::HashSet<&str> = nm.lines().filter_map(|l| l.split_whitespace().nth(2)).collect();
    let read = |list: &str| std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(list)).expect("list");
    let (cuda, own) = (read("exports-13.0.txt"), read("exports-cuprite.txt"));
    let names = |text: &str| -> Vec<String> {
        text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_string).collect()
    };
    let cuda = names(&cuda);
    assert_eq!(cuda.len(), 422, "the CUDA 13.0 list has 422 functions");
    let listed: std::collections::BTreeSet<String> =
        cuda.into_iter().chain(names(&own)).map(|n| format!("{n}@@libcudart.so.13")).collect();
    let missing: Vec<&String> = listed.iter().filter(|n| !defined.contains(n.as_str())).collect();
    assert!(missing.is_empty(), "missing or unversioned: {missing:?}");
    // Nothing beyond the lists: every entry of the table of entry points (src/exports/table.rs)
    // is a symbol of CUDA 13.0's libcudart or one of Cuprite's own.
    let extra: Vec<&&str> = defined.iter().filter(|n| !listed.contains(**n) && **n != "libcudart.so.13").collect();
    assert!(extra.is_empty(), "exported beyond the lists: {extra:?}");
    let o = Command::new("readelf").arg("-d").arg(&lib).output().expect("run readelf");
    assert!(String::from_utf8_lossy(&o.stdout).contains("Library soname: [libcudart.so.13]"));
}

macro_rules! offsets {
    ($ty:ty, $cty:literal, $($f:ident),* $(,)?) => {{
        let rust: Vec<(&str, usize)> = vec![$((stringify!($f), std::mem::offset_of!($ty, $f))),*];
        let mut c = String::new();
        $(c.push_str(&format!("  printf(\"{} %zu\\n\", offsetof({}, {}));\n", stringify!($f), $cty, stringify!($f)));)*
        (rust, c, std::mem::size_of::<$ty>())
    }};
}

#[test]
fn struct_layouts_match_cuda_13_0_headers() {
    let (prop, prop_c, prop_size) = offsets!(
        runtime::device::DeviceProp,
        "struct cudaDeviceProp",
        name,
        uuid,
        luid,
        luidDeviceNodeMask,
        totalGlobalMem,
        sharedMemPerBlock,
        regsPerBlock,
        warpSize,
        memPitch,
        maxThreadsPerBlock,
        maxThreadsDim,
        maxGridSize,
        totalConstMem,
        major,
        minor,
        textureAlignment,
        texturePitchAlignment,
        multiProcessorCount,
        integrated,
        canMapHostMemory,
        maxTexture1D,
        maxTexture1DMipmap,
        maxTexture2D,
        maxTexture2DMipmap,
        maxTexture2DLinear,
        maxTexture2DGather,
        maxTexture3D,
        maxTexture3DAlt,
        maxTextureCubemap,
        maxTexture1DLayered,
        maxTexture2DLayered,
        maxTextureCubemapLayered,
        maxSurface1D,
        maxSurface2D,
        maxSurface3D,
        maxSurface1DLayered,
        maxSurface2DLayered,
        maxSurfaceCubemap,
        maxSurfaceCubemapLayered,
        surfaceAlignment,
        concurrentKernels,
        ECCEnabled,
        pciBusID,
        pciDeviceID,
        pciDomainID,
        tccDriver,
        asyncEngineCount,
        unifiedAddressing,
        memoryBusWidth,
        l2CacheSize,
        persistingL2CacheMaxSize,
        maxThreadsPerMultiProcessor,
        streamPrioritiesSupported,
        globalL1CacheSupported,
        localL1CacheSupported,
        sharedMemPerMultiprocessor,
        regsPerMultiprocessor,
        managedMemory,
        isMultiGpuBoard,
        multiGpuBoardGroupID,
        hostNativeAtomicSupported,
        pageableMemoryAccess,
        concurrentManagedAccess,
        computePreemptionSupported,
        canUseHostPointerForRegisteredMem,
        cooperativeLaunch,
        sharedMemPerBlockOptin,
        pageableMemoryAccessUsesHostPageTables,
        directManagedMemAccessFromHost,
        maxBlocksPerMultiProcessor,
        accessPolicyMaxWindowSize,
        reservedSharedMemPerBlock,
        hostRegisterSupported,
        sparseCudaArraySupported,
        hostRegisterReadOnlySupported,
        timelineSemaphoreInteropSupported,
        memoryPoolsSupported,
        gpuDirectRDMASupported,
        gpuDirectRDMAFlushWritesOptions,
        gpuDirectRDMAWritesOrdering,
        memoryPoolSupportedHandleTypes,
        deferredMappingCudaArraySupported,
        ipcEventSupported,
        clusterLaunch,
        unifiedFunctionPointers,
        deviceNumaConfig,
        deviceNumaId,
        mpsEnabled,
        hostNumaId,
        gpuPciDeviceID,
        gpuPciSubsystemID,
        hostNumaMultinodeIpcSupported,
        reserved
    );
    let (fa, fa_c, fa_size) = offsets!(
        runtime::module::FuncAttributes,
        "struct cudaFuncAttributes",
        sharedSizeBytes,
        constSizeBytes,
        localSizeBytes,
        maxThreadsPerBlock,
        numRegs,
        ptxVersion,
        binaryVersion,
        cacheModeCA,
        maxDynamicSharedSizeBytes,
        preferredShmemCarveout,
        clusterDimMustBeSet,
        requiredClusterWidth,
        requiredClusterHeight,
        requiredClusterDepth,
        clusterSchedulingPolicyPreference,
        nonPortableClusterSizeAllowed,
        reserved
    );
    let sizes = "  printf(\"sizeof_prop %zu\\nsizeof_fa %zu\\n\", sizeof(struct cudaDeviceProp), sizeof(struct cudaFuncAttributes));\n";
    let mut want: Vec<(String, usize)> = prop.iter().chain(&fa).map(|(n, o)| (n.to_string(), *o)).collect();
    want.push(("sizeof_prop".into(), prop_size));
    want.push(("sizeof_fa".into(), fa_size));
    assert_layouts("layout", &[(want, format!("{prop_c}{fa_c}{sizes}"))]);
}

/// Builds `name` and runs it with extra environment variables and arguments; it must print
/// PASS and exit 0.
fn check_pass_env(name: &str, flags: &[&str], env: &[(&str, &str)], args: &[&str]) {
    let out = format!("{name}{}", flags.join("").replace(['-', '=', ',', ' '], "_"));
    let exe = build(name, &out, flags);
    let mut ld = work_dir().join("lib").into_os_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        ld.push(":");
        ld.push(old);
    }
    let mut cmd = Command::new(&exe);
    cmd.env("LD_LIBRARY_PATH", ld).current_dir(work_dir()).args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let o = cmd.output().expect("run test program");
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        o.status.code() == Some(0) && stdout.contains("PASS") && !stdout.contains("FAIL"),
        "{name} {args:?} {env:?}: status {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        o.status
    );
}

pass! {
    pitched_2d_3d_and_peer_memory: "pitched_memory";
    pointer_attributes_and_host_register: "pointer_attrs";
    host_functions_and_callbacks_in_order: "host_callbacks";
    func_attributes_limits_and_flags: "func_attrs";
    stream_capture_to_graph: "graph_capture";
    explicit_graph_with_dependencies: "graph_explicit";
    per_thread_default_stream: "per_thread_stream", "--default-stream=per-thread";
}

/// A program compiled with `--default-stream per-thread` calls the `_ptsz`/`_ptds` variant
/// of each stream-ordered call (nvcc's headers rename them), which the C ABI's table generates
/// from the plain function (`src/exports/table.rs`): these single-threaded self-checking programs
/// must pass as they do with the legacy default stream. Between them (and with
/// `per_thread_stream.cu` and `batch_logs.cu`) they call 51 of the 61 variants: copies and
/// sets (linear, 2D, 3D, peer, arrays, symbols), stream, event and capture calls, host
/// functions and callbacks, pools, managed memory and each kind of launch. (The programs
/// that rely on the legacy default stream's implicit synchronization with other blocking
/// streams, as `memset_2d.cu`, `streams_events.cu` and `graph_capture.cu` do, behave
/// differently in this mode on CUDA too, and are not among them.)
#[test]
fn programs_pass_with_the_per_thread_default_stream() {
    for name in [
        "array_copies",
        "capture_modes",
        "memcpy_kinds",
        "runtime_misc",
        "pitched_memory",
        "stream_ordered_alloc",
        "callbacks_status",
        "cooperative_grid_sync",
        "managed_memory",
        "constant_symbols",
        "event_timing",
        "graph_mem_nodes",
    ] {
        check_pass(name, &["--default-stream=per-thread"]);
    }
}

pass! {
    multithreaded_streams_stress: "stress_threads";
}

#[test]
fn cuda_visible_devices_and_launch_blocking() {
    check_pass_env("env_config", &[], &[("CUDA_VISIBLE_DEVICES", "")], &["hidden"]);
    check_pass_env("env_config", &[], &[("CUDA_VISIBLE_DEVICES", "1,0")], &["hidden"]);
    check_pass_env("env_config", &[], &[("CUDA_VISIBLE_DEVICES", "0,1")], &["visible"]);
    check_pass_env("env_config", &[], &[("CUDA_LAUNCH_BLOCKING", "1")], &["blocking"]);
}

/// `(C field name, Rust offset)` rows and the C `printf` lines printing the C offsets.
macro_rules! field_offsets {
    ($ty:ty, $cty:literal, $($rf:tt => $cf:literal),* $(,)?) => {{
        let mut rows: Vec<(String, usize)> = Vec::new();
        let mut c = String::new();
        $(
            rows.push((format!("{}.{}", $cty, $cf), std::mem::offset_of!($ty, $rf)));
            c.push_str(&format!("  printf(\"{}.{} %zu\\n\", offsetof({}, {}));\n", $cty, $cf, $cty, $cf));
        )*
        rows.push((format!("sizeof {}", $cty), std::mem::size_of::<$ty>()));
        c.push_str(&format!("  printf(\"sizeof {} %zu\\n\", sizeof({}));\n", $cty, $cty));
        (rows, c)
    }};
}

#[test]
fn memory_and_graph_struct_layouts_match_cuda_13_0_headers() {
    use cudart::api::graph::node::{HostNodeParams, KernelNodeParams, MemsetParams};
    use cudart::api::memory::pitched::{Extent, Memcpy3DParms, PitchedPtr, Pos};
    let parts = [
        field_offsets!(runtime::memory::PointerAttributes, "struct cudaPointerAttributes",
            r#type => "type", device => "device", devicePointer => "devicePointer",
            hostPointer => "hostPointer", reserved => "reserved"),
        field_offsets!(PitchedPtr, "struct cudaPitchedPtr", ptr => "ptr", pitch => "pitch", xsize => "xsize", ysize => "ysize"),
        field_offsets!(Extent, "struct cudaExtent", width => "width", height => "height", depth => "depth"),
        field_offsets!(Pos, "struct cudaPos", x => "x", y => "y", z => "z"),
        field_offsets!(Memcpy3DParms, "struct cudaMemcpy3DParms",
            srcArray => "srcArray", srcPos => "srcPos", srcPtr => "srcPtr", dstArray => "dstArray",
            dstPos => "dstPos", dstPtr => "dstPtr", extent => "extent", kind => "kind"),
        field_offsets!(KernelNodeParams, "struct cudaKernelNodeParams",
            func => "func", gridDim => "gridDim", blockDim => "blockDim", sharedMemBytes => "sharedMemBytes",
            kernelParams => "kernelParams", extra => "extra"),
        field_offsets!(MemsetParams, "struct cudaMemsetParams",
            dst => "dst", pitch => "pitch", value => "value", elementSize => "elementSize",
            width => "width", height => "height"),
        field_offsets!(HostNodeParams, "struct cudaHostNodeParams", fn_ => "fn", userData => "userData"),
    ];
    assert_layouts("layout2", &parts);
}

#[test]
fn generic_graph_node_struct_layouts_match_cuda_13_0_headers() {
    use cudart::api::graph::node::{ChildGraphNodeParams, ConditionalNodeParams, GraphNodeParams, MemcpyNodeParams};
    assert_layouts(
        "layout_nodes",
        &[
            field_offsets!(GraphNodeParams, "struct cudaGraphNodeParams",
            type_ => "type", reserved0 => "reserved0", u => "kernel", reserved2 => "reserved2"),
            field_offsets!(MemcpyNodeParams, "struct cudaMemcpyNodeParams",
            flags => "flags", reserved => "reserved", copyParams => "copyParams"),
            field_offsets!(ChildGraphNodeParams, "struct cudaChildGraphNodeParams", graph => "graph", ownership => "ownership"),
            field_offsets!(ConditionalNodeParams, "struct cudaConditionalNodeParams",
            handle => "handle", type_ => "type", size => "size", phGraph_out => "phGraph_out"),
        ],
    );
}

pass! {
    ipc_memory_and_events_between_processes: "ipc";
    managed_memory_and_managed_variables: "managed_memory";
    mapped_pinned_memory: "mapped_memory";
    device_limits_heap_and_printf_fifo: "device_limits";
}

#[test]
fn host_and_device_printf_interleave() {
    let exe = build("printf_interleave", "printf_interleave", &[]);
    let o = run(&exe);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout, "host 1\ndevice 1\nhost 2\ndevice 2\nhost 3\nPASS\n");
}

pass! {
    stream_ordered_allocation_and_pools: "stream_ordered_alloc";
}

#[test]
fn memory_pool_struct_layouts_match_cuda_13_0_headers() {
    use runtime::memory::{MemLocation, MemPoolProps};
    assert_layouts(
        "layout3",
        &[
            field_offsets!(MemLocation, "struct cudaMemLocation", r#type => "type", id => "id"),
            field_offsets!(MemPoolProps, "struct cudaMemPoolProps",
            allocType => "allocType", handleTypes => "handleTypes", location => "location",
            win32SecurityAttributes => "win32SecurityAttributes", maxSize => "maxSize", usage => "usage",
            reserved => "reserved"),
        ],
    );
}

#[test]
fn resource_view_struct_layout_matches_cuda_13_0_headers() {
    use cudart::api::texture::CResourceViewDesc;
    assert_layouts(
        "layout5",
        &[field_offsets!(CResourceViewDesc, "struct cudaResourceViewDesc",
            format => "format", width => "width", height => "height", depth => "depth",
            firstMipmapLevel => "firstMipmapLevel", lastMipmapLevel => "lastMipmapLevel",
            firstLayer => "firstLayer", lastLayer => "lastLayer", reserved => "reserved")],
    );
}

#[test]
fn launch_struct_layouts_match_cuda_13_0_headers() {
    use cudart::api::execution::{LaunchAttribute, LaunchConfigC};
    assert_layouts(
        "layout4",
        &[
            field_offsets!(LaunchAttribute, "cudaLaunchAttribute", id => "id", val => "val"),
            field_offsets!(LaunchConfigC, "cudaLaunchConfig_t", gridDim => "gridDim", blockDim => "blockDim",
            dynamicSmemBytes => "dynamicSmemBytes", stream => "stream", attrs => "attrs", numAttrs => "numAttrs"),
        ],
    );
}

/// Compiles a C++ program printing the offsets and sizes `parts` name (with CUDA 13.0's
/// headers) and compares them with the Rust layouts.
fn assert_layouts(name: &str, parts: &[(Vec<(String, usize)>, String)]) {
    let mut want = Vec::new();
    let mut body = String::new();
    for (rows, c) in parts {
        want.extend(rows.iter().cloned());
        body.push_str(c);
    }
    let src =
        format!("#include <cuda_runtime_api.h>\n#include <cstdio>\n#include <cstddef>\nint main() {{\n{body}}}\n");
    let dir = work_dir();
    let cpp = dir.join(format!("{name}.cpp"));
    std::fs::write(&cpp, src).expect("write");
    let o = Command::new("g++")
        .arg(format!("-I{}", cuda_include().display()))
        .arg(&cpp)
        .arg("-o")
        .arg(dir.join(name))
        .output()
        .expect("run g++");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = Command::new(dir.join(name)).output().expect("run layout program");
    let text = String::from_utf8_lossy(&o.stdout);
    let c: Vec<(String, usize)> = text
        .lines()
        .filter_map(|l| l.rsplit_once(' ').map(|(a, b)| (a.to_string(), b.parse().unwrap_or(usize::MAX))))
        .collect();
    assert_eq!(c, want);
}

pass! {
    array_copies: "array_copies";
    tex_linear_and_pitch2d: "tex_linear";
    tex_filtering_address_modes: "tex_filtering";
    tex_normalized_read_and_gather: "tex_normalized";
    tex_layered_cubemap_3d_mipmap: "tex_layered";
    /// Linear filtering of a seamless cubemap is not implemented: a clear fault, not a wrong answer.
    tex_seamless_cubemap_linear_faults: "tex_seamless_cubemap";
    surfaces: "surfaces";
}

#[test]
fn texture_struct_layouts_match_cuda_13_0_headers() {
    use cudart::api::texture::{CTextureDesc, ResUnion, ResourceDesc};
    use runtime::array::ChannelDesc;
    use std::mem::offset_of;
    let res = offset_of!(ResourceDesc, res);
    let want: Vec<(&str, usize)> = vec![
        ("sizeof cudaChannelFormatDesc", std::mem::size_of::<ChannelDesc>()),
        ("cudaChannelFormatDesc.f", offset_of!(ChannelDesc, f)),
        ("sizeof cudaResourceDesc", std::mem::size_of::<ResourceDesc>()),
        ("cudaResourceDesc.res", res),
        ("cudaResourceDesc.res.linear.desc", res + offset_of!(ResUnion, desc)),
        ("cudaResourceDesc.res.linear.sizeInBytes", res + offset_of!(ResUnion, a)),
        ("cudaResourceDesc.res.pitch2D.height", res + offset_of!(ResUnion, b)),
        ("cudaResourceDesc.res.pitch2D.pitchInBytes", res + offset_of!(ResUnion, c)),
        ("cudaResourceDesc.flags", offset_of!(ResourceDesc, flags)),
        ("sizeof cudaTextureDesc", std::mem::size_of::<CTextureDesc>()),
        ("cudaTextureDesc.filterMode", offset_of!(CTextureDesc, filterMode)),
        ("cudaTextureDesc.borderColor", offset_of!(CTextureDesc, borderColor)),
        ("cudaTextureDesc.maxAnisotropy", offset_of!(CTextureDesc, maxAnisotropy)),
        ("cudaTextureDesc.maxMipmapLevelClamp", offset_of!(CTextureDesc, maxMipmapLevelClamp)),
        ("cudaTextureDesc.seamlessCubemap", offset_of!(CTextureDesc, seamlessCubemap)),
    ];
    let body: String = want
        .iter()
        .map(|(name, _)| {
            let expr = match name.strip_prefix("sizeof ") {
                Some(t) => format!("sizeof(struct {t})"),
                None => {
                    let (t, f) = name.split_once('.').expect("type.field");
                    format!("offsetof(struct {t}, {f})")
                }
            };
            format!("  printf(\"{name} %zu\\n\", {expr});\n")
        })
        .collect();
    let rows = want.into_iter().map(|(n, v)| (n.to_string(), v)).collect();
    assert_layouts("layout_tex", &[(rows, body)]);
}

#[test]
fn clusters() {
    // __cluster_dims__, cudaLaunchKernelEx cluster attributes, distributed shared memory
    // (the Programming Guide's histogram), cluster.sync(), and bad cluster configurations.
    check_pass("clusters", &[]);
}

pass! {
    cooperative_launch_grid_sync: "cooperative_grid_sync";
    launch_kernel_ex_attributes: "launch_kernel_ex";
    occupancy_calculator: "occupancy";
    graph_api_nodes_edges_update_clone_dot: "graph_api";
    sticky_and_non_sticky_errors_and_reset: "error_recovery";
    event_timing_and_queries: "event_timing";
    dynamic_shared_memory_opt_in: "dynamic_shared";
    cooperative_groups_tiles: "cg_tiles";
    warp_shuffle_scan_and_match: "warp_scan";
    wmma_gemm: "wmma_gemm";
    atomics_histogram_on_streams: "histogram";
    tiled_matmul: "matmul_tiled";
    managed_memory_prefetch_and_advise: "managed_prefetch";
    capture_fork_join_modes_and_update: "capture_modes";
    stress_threads_streams_1000_launches: "stress_launches";
    launch_overhead_benchmark_runs: "launch_overhead";
}

#[test]
fn runtime_speed_benchmark_runs() {
    // Small: 8 MB copies, 20 graph launches, 1000 empty launches (every copy is checked).
    check_pass_env("runtime_speed", &[], &[], &["8", "20", "1000"]);
}

/// Runs test program `name` (built once per test) with `args` under `CUPRITE_PROFILE=1` (and
/// `CUPRITE_TRACE=trace` when given); returns its stderr (where the summary goes).
fn profiled(name: &str, args: &[&str], trace: Option<&Path>) -> String {
    let exe = build(name, &format!("{name}_profiled"), &[]);
    let mut ld = work_dir().join("lib").into_os_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        ld.push(":");
        ld.push(old);
    }
    let mut cmd = Command::new(&exe);
    cmd.env("LD_LIBRARY_PATH", ld).env("CUPRITE_PROFILE", "1").current_dir(work_dir()).args(args);
    if let Some(t) = trace {
        cmd.env("CUPRITE_TRACE", t);
    }
    let o = cmd.output().expect("run test program");
    let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr).into_owned());
    assert!(o.status.success() && stdout.contains("PASS"), "{name}: {:?}\n{stdout}\n{stderr}", o.status);
    stderr
}

/// How many launches of the kernel named `tail` the summary counts: the sum over its rows
/// (a kernel has a row per tier it ran on, and which launches the tiers take depends on when
/// their background compiles finish).
fn launches(summary: &str, tail: &str) -> u64 {
    let counts: Vec<u64> = summary
        .lines()
        .filter(|l| l.ends_with(tail))
        .map(|l| l.split_whitespace().nth(2).and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("row {l}")))
        .collect();
    assert!(!counts.is_empty(), "no row for {tail}:\n{summary}");
    counts.iter().sum()
}

/// The whitespace-separated columns of the summary row that ends with `tail`.
fn row<'a>(summary: &'a str, tail: &str) -> Vec<&'a str> {
    let line = summary.lines().find(|l| l.ends_with(tail)).unwrap_or_else(|| panic!("no row for {tail}:\n{summary}"));
    line.split_whitespace().collect()
}

#[test]
fn profile_summary_counts_what_vector_add_does() {
    let s = profiled("vector_add", &[], None);
    // One launch of 391 blocks of 256 threads (n = 100000).
    let k = row(&s, " vectorAdd(float const*, float const*, float*, int)");
    assert_eq!((k[2], k[6], k[7]), ("1", "(391,1,1)", "(256,1,1)"), "{s}");
    // Two 400000-byte copies in, one out.
    let h2d = row(&s, " memcpy host-to-device");
    assert_eq!((h2d[2], h2d[3]), ("2", "800000"), "{s}");
    let d2h = row(&s, " memcpy device-to-host");
    assert_eq!((d2h[2], d2h[3]), ("1", "400000"), "{s}");
    assert_eq!(row(&s, " cudaMemcpy")[2], "3", "{s}");
    assert_eq!(row(&s, " cudaMalloc")[2], "3", "{s}");
    assert_eq!(row(&s, " cudaFree")[2], "3", "{s}");
    assert_eq!(row(&s, " cudaLaunchKernel")[2], "1", "{s}");
    assert!(s.contains("Kernels: 1 launches"), "{s}");
}

#[test]
fn profile_summary_counts_what_launch_overhead_does() {
    // 50 empty launches after one warm-up, 50 counting launches, a 4-byte memset, 1 + 2000
    // 4-byte copies back, 2 + 2000 stream synchronizations.
    let s = profiled("launch_overhead", &["50"], None);
    assert_eq!(launches(&s, " empty()"), 51, "{s}");
    assert_eq!(launches(&s, " count(unsigned int*)"), 50, "{s}");
    let d2h = row(&s, " memcpy device-to-host");
    assert_eq!((d2h[2], d2h[3]), ("2001", "8004"), "{s}");
    let set = row(&s, " memset");
    assert_eq!((set[2], set[3]), ("1", "4"), "{s}");
    assert_eq!(row(&s, " cudaStreamSynchronize")[2], "2002", "{s}");
    assert_eq!(row(&s, " cudaMemcpy")[2], "2001", "{s}");
}

#[test]
fn profile_trace_is_trace_event_json_of_kernels_copies_and_calls() {
    let trace = work_dir().join("runtime_speed_trace.json");
    // 2 MB copies; 21 batches of one graph launch (of 100 kernels) after a warm-up launch;
    // 21 batches of one empty launch after a warm-up launch.
    let s = profiled("runtime_speed", &["2", "3", "10"], Some(&trace));
    let text = std::fs::read_to_string(&trace).expect("the trace file");
    let doc = json::parse(&text).unwrap_or_else(|e| panic!("trace is not JSON: {e}"));
    let Some(json::Json::Array(events)) = doc.get("traceEvents") else { panic!("no traceEvents array") };
    // The trace-event format's fields: every event has name, ph, pid, tid; complete events
    // ("X") a start and duration in microseconds; metadata events ("M") name the process
    // and each thread (track).
    let mut named_tids = std::collections::HashSet::new();
    let mut used_tids = std::collections::HashSet::new();
    let mut count = std::collections::HashMap::<(String, String), u64>::new();
    let mut bytes = std::collections::HashMap::<String, u64>::new();
    for e in events {
        let name = e.get("name").and_then(json::Json::as_str).expect("name");
        let ph = e.get("ph").and_then(json::Json::as_str).expect("ph");
        let pid = e.get("pid").and_then(json::Json::as_f64).expect("pid");
        let tid = e.get("tid").and_then(json::Json::as_f64).expect("tid");
        assert_eq!(pid.fract(), 0.0);
        match ph {
            "M" => {
                assert!(matches!(name, "process_name" | "thread_name"), "{name}");
                assert!(e.get("args").and_then(|a| a.get("name")).and_then(json::Json::as_str).is_some());
                if name == "thread_name" {
                    named_tids.insert(tid as u64);
                }
            }
            "X" => {
                let ts = e.get("ts").and_then(json::Json::as_f64).expect("ts");
                let dur = e.get("dur").and_then(json::Json::as_f64).expect("dur");
                assert!(ts >= 0.0 && dur >= 0.0, "{e:?}");
                let cat = e.get("cat").and_then(json::Json::as_str).expect("cat").to_string();
                used_tids.insert(tid as u64);
                *count.entry((cat.clone(), name.to_string())).or_default() += 1;
                if cat == "memcpy" || cat == "memset" {
                    let b = e.get("args").and_then(|a| a.get("bytes")).and_then(json::Json::as_str).expect("bytes");
                    *bytes.entry(name.to_string()).or_default() += b.parse::<u64>().expect("a byte count");
                }
            }
            _ => panic!("unexpected phase {ph}"),
        }
    }
    assert!(used_tids.is_subset(&named_tids), "every track is named: {used_tids:?} vs {named_tids:?}");
    let n = |cat: &str, name: &str| count.get(&(cat.to_string(), name.to_string())).copied().unwrap_or(0);
    // The graph's 100 kernels ran 22 times; the empty kernel 22 times.
    assert_eq!(n("kernel", "bump(unsigned int*)"), 2200);
    assert_eq!(n("kernel", "empty()"), 22);
    assert_eq!(n("api", "cudaGraphLaunch"), 22);
    assert_eq!(n("api", "cudaEventQuery"), 21000);
    // The summary agrees with the trace.
    assert_eq!(launches(&s, " bump(unsigned int*)"), 2200, "{s}");
    let d2d = row(&s, " memcpy device-to-device");
    assert_eq!(d2d[3].parse::<u64>().ok(), bytes.get("memcpy device-to-device").copied(), "{s}");
    // Device-to-device: 3 timed copies of 2 MB.
    assert_eq!(bytes.get("memcpy device-to-device"), Some(&(3 << 21)));
}

pass! {
    memcpy_3d_stencil: "memcpy3d_stencil";
    peer_copies_on_one_device: "peer_copy";
    constant_memory_and_symbols: "constant_symbols";
    multithreaded_host_graphs: "multithread_graphs";
    stream_callbacks_order: "callbacks_status";
    memset_and_memcpy_2d: "memset_2d";
    device_recursion_function_pointers_virtuals: "device_calls";
    stream_priorities_and_flags: "stream_priorities";
    pinned_overlapped_pipeline: "pinned_pipeline";
}

#[test]
fn device_printf_compared_on_stdout() {
    let (stdout, stderr) = run_pass("printf_ordered");
    let want: String = std::iter::once("host before\n".to_string())
        .chain((0..8).map(|t| {
            let parity = if t % 2 == 1 { "odd" } else { "even" };
            let c = (b'a' + t as u8) as char;
            format!("thread {t:2}: {:5.2} {:x} {parity} {c} {}\n", t as f32 * 1.25, t * 17, -(t as i64))
        }))
        .chain(["host after\n".to_string(), "PASS\n".to_string()])
        .collect();
    assert_eq!(stdout, want, "stderr:\n{stderr}");
}

pass! {
    dynamic_parallelism: "dynamic_parallelism", "-rdc=true";
    /// The same through the device runtime API (cudaGetParameterBuffer + cudaLaunchDevice).
    dynamic_parallelism_through_the_device_runtime_api: "dynamic_parallelism_api", "-rdc=true";
}

/// Two files of relocatable device code, linked by our PTX linker (plain, `-lineinfo` so both
/// modules' `.file` tables merge, and `-G`), compiled separately (`-dc`) and linked by nvcc.
#[test]
fn relocatable_device_code_two_files() {
    let dir = src_dir().join("rdc");
    for (tag, extra) in [("plain", None), ("lineinfo", Some("-lineinfo")), ("debug", Some("-G"))] {
        let exe = work_dir().join(format!("rdc_{tag}"));
        let mut objs = Vec::new();
        for f in ["main", "other"] {
            let obj = work_dir().join(format!("rdc_{tag}_{f}.o"));
            let mut c = Command::new(nvcc());
            c.args(["-arch=sm_90", "-dc"]).args(extra).arg(dir.join(format!("{f}.cu"))).arg("-o").arg(&obj);
            let o = c.output().expect("run nvcc");
            assert!(o.status.success(), "nvcc -dc {f}: {}", String::from_utf8_lossy(&o.stderr));
            objs.push(obj);
        }
        let o = Command::new(nvcc())
            .args(["-arch=sm_90", "-cudart", "shared"])
            .args(&objs)
            .arg("-o")
            .arg(&exe)
            .output()
            .expect("run nvcc");
        assert!(o.status.success(), "nvcc link: {}", String::from_utf8_lossy(&o.stderr));
        let r = run(&exe);
        let stdout = String::from_utf8_lossy(&r.stdout);
        assert!(
            r.status.code() == Some(0) && stdout.contains("PASS"),
            "{tag}: {stdout}\n{}",
            String::from_utf8_lossy(&r.stderr)
        );
        assert!(stdout.contains("main.cu says 0") && stdout.contains("other.cu says 0"), "{stdout}");
    }
}

pass! {
    thrust_algorithms: "thrust_basic";
    cub_primitives: "cub_prims";
    thrust_and_cub_together: "thrust_cub_mix";
    cooperative_groups_collectives: "cg_groups";
    async_copies_barriers_pipelines: "async_copy";
    classes_virtual_lambdas_recursion: "classes_virtual", "--extended-lambda";
    math_library: "math_funcs";
    rodinia_style_bfs_stencil: "rodinia_like";
    streams_overlap: "streams_overlap";
    half_and_integer_atomics: "half_atomics";
    runtime_misc_apis: "runtime_misc";
    graph_memory_nodes_attributes_user_objects: "graph_mem_nodes";
    integer_float_warp_intrinsics: "intrinsics";
    thrust_cub_algorithms_more: "thrust_more";
    cub_device_and_block_algorithms: "cub_device_block", "-std=c++17";
    graph_conditional_if_while_switch: "graph_conditional";
    graph_generic_nodes_and_symbol_copies: "graph_generic_nodes";
    library_load_ptx_and_fatbin: "library_load";
    modern_cpp_device_code: "modern_cpp", "-std=c++17";
    guide_misc_device_features: "guide_misc", "-std=c++17";
    inline_ptx_instructions: "inline_ptx";
    vector_atomics_float2_float4: "vector_atomics";
    atomics_128_bit_cas_and_exch: "atomics_128";
    batched_copies_ptds_memset_logs: "batch_logs", "--default-stream=per-thread";
    cooperative_groups_samples: "cg_samples";
    memory_spaces_at_their_limits: "memory_spaces";
    double_precision_wmma_gemm: "dmma_gemm";
    recursion_overflows_the_stack_limit: "stack_overflow";
    not_ready_leaves_the_last_error_alone: "not_ready_last_error";
    memcpy_kinds_as_unified_addressing_resolves_them: "memcpy_kinds";
}

#[test]
fn func_versions_follow_the_ptx_target() {
    check_pass_for(&["-arch=sm_80"], "func_versions", &["-DWANT_PTX=80"]);
    check_pass_for(&["-gencode", "arch=compute_75,code=compute_75"], "func_versions", &["-DWANT_PTX=75"]);
    check_pass_for(&["-arch=sm_90"], "func_versions", &["-DWANT_PTX=90"]);
}

#[test]
fn thrust_built_for_sm_80() {
    check_pass_for(&["-arch=sm_80"], "thrust_basic", &[]);
}

/// Waits for `child` at most `secs` seconds (killing it after that, and failing).
fn wait_at_most(child: &mut std::process::Child, secs: u64) -> std::process::ExitStatus {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    loop {
        if let Some(status) = child.try_wait().expect("wait for the program") {
            return status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the program did not end within {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// `hung_kernel` on our library, its stdout and stderr piped.
fn spawn_hung_kernel(args: &[&str]) -> std::process::Child {
    // Built once: two tests run it at the same time, and rebuilding an executable that the other
    // test is running fails ("text file busy") or races with its start.
    static EXE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let exe = EXE.get_or_init(|| build("hung_kernel", "hung_kernel", &[]));
    let mut ld = work_dir().join("lib").into_os_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        ld.push(":");
        ld.push(old);
    }
    let mut command = Command::new(exe);
    command
        .args(args)
        .env("LD_LIBRARY_PATH", ld)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    // The program starts with SIGINT at its default action, as from a terminal, whatever the
    // test runner inherited (a shell's background job ignores SIGINT, and so would the child,
    // where Cuprite rightly leaves an ignored SIGINT alone).
    unsafe extern "C" {
        fn signal(sig: i32, handler: usize) -> usize;
    }
    // SAFETY: between fork and exec the closure only calls `signal`, which is async-signal-safe;
    // 2 is SIGINT and 0 SIG_DFL on Linux.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, || {
            signal(2, 0);
            Ok(())
        });
    }
    command.spawn().expect("run hung_kernel")
}

#[test]
fn main_returning_while_a_kernel_runs_ends_the_process() {
    let mut child = spawn_hung_kernel(&[]);
    let status = wait_at_most(&mut child, 30);
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().expect("stdout"), &mut out).expect("read stdout");
    assert!(status.success() && out.contains("PASS"), "status {status:?}, stdout:\n{out}");
}

#[test]
fn sigint_during_a_hung_kernel_names_it_and_dies_of_sigint() {
    use std::io::BufRead;
    use std::os::unix::process::ExitStatusExt;
    let mut child = spawn_hung_kernel(&["wait"]);
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("read stdout");
    assert_eq!(line.trim(), "launched");
    // The launch is asynchronous: give the kernel time to start.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("run kill");
    assert!(kill.success());
    let status = wait_at_most(&mut child, 30);
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut err).expect("read stderr");
    assert_eq!(status.signal(), Some(2), "status {status:?}, stderr:\n{err}");
    assert!(err.contains("spin_forever") && err.contains("<<<(2, 1, 1), (32, 1, 1)>>>"), "stderr:\n{err}");
}

pass! {
    managed_memory_concurrent_access_and_range_attributes: "managed_concurrent";
    toolkit_headers_define_nvidias_include_guards: "toolkit_include_guards";
    cooperative_groups_shuffle_values_up_to_32_bytes: "cg_wide_shuffles";
    cooperative_groups_multi_warp_tiles: "cg_multi_warp_tiles";
    program_defined_globaltimer_builds_and_reads_nanoseconds: "user_globaltimer";
    /// cudaGetDriverEntryPoint(ByVersion) without a driver API: success, a null function and
    /// SymbolNotFound (the reference's answer for a function not supported on the platform).
    driver_entry_points_not_found: "driver_entry_point", "-Wno-deprecated-declarations";
    /// The batched memory operations: cudaMemcpyBatchAsync's attribute groups, cudaMemcpy3DBatchAsync
    /// between pointers and arrays, prefetch and discard batches, and the reference's argument rules.
    batch_memory_operations: "batch_memory_ops";
}
