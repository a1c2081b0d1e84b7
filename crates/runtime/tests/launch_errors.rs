//! Launch errors of kernels that cannot run on the CPU device.

use runtime::module::Module;
use runtime::stream::Stream;
use runtime::{Dim3, Error, launch};

/// A kernel that calls a function with no body does not load. Its module also holds another
/// kernel's large `__shared__` array (clang puts function-scope `__shared__` at module scope), so
/// an estimate of the broken kernel's static shared memory over the whole module exceeds a
/// block's limit: the launch must still report the load failure (cudaErrorInvalidPtx), not a
/// shared-memory configuration error (cudaErrorInvalidValue).
#[test]
fn a_kernel_that_did_not_load_reports_invalid_ptx_whatever_the_module_shared_size() {
    let ptx = r#"
.version 8.3
.target sm_90
.address_size 64
.extern .func (.param .b32 r) missing (.param .b32 x);
.shared .align 16 .b8 other_kernels_tile[240000];
.visible .entry uses_tile()
{
    .reg .b32 %r<2>;
    mov.u32 %r1, 1;
    st.shared.u32 [other_kernels_tile], %r1;
    ret;
}
.visible .entry broken()
{
    .reg .b32 %r<3>;
    mov.u32 %r1, 1;
    {
    .param .b32 p0;
    st.param.b32 [p0], %r1;
    .param .b32 r0;
    call.uni (r0), missing, (p0);
    ld.param.b32 %r2, [r0];
    }
    ret;
}
"#;
    let m = Module::load_ptx(ptx).expect("the module loads; only `broken` cannot run");
    let k = m.function("broken").expect("kernel");
    let err = launch::launch(&k, Dim3::x(1), Dim3::x(32), 0, Stream::LEGACY, &[]).unwrap_err();
    assert_eq!(err, Error::InvalidPtx);
}

/// `cudaFuncSetAttribute` sets an attribute of the kernel, not of one handle: a launch through
/// another lookup of the same kernel may use the raised dynamic shared memory (above 48 KB
/// only after `cudaFuncAttributeMaxDynamicSharedMemorySize`, CUDA's opt-in), and a kernel of
/// the same module keeps its own limit.
#[test]
fn a_raised_shared_memory_limit_holds_for_every_handle_of_its_kernel_only() {
    let ptx = r#"
.version 8.3
.target sm_90
.address_size 64
.visible .entry raised()
{
    ret;
}
.visible .entry other()
{
    ret;
}
"#;
    let m = Module::load_ptx(ptx).expect("module");
    let big = 64 * 1024;
    let launch_with = |name: &str| {
        let k = m.function(name).expect("kernel");
        launch::launch(&k, Dim3::x(1), Dim3::x(32), big, Stream::LEGACY, &[])
    };
    assert_eq!(launch_with("raised"), Err(Error::InvalidValue), "64 KB without the opt-in");
    m.function("raised").expect("kernel").set_attribute(8, big as i32).expect("opt-in to 64 KB");
    assert_eq!(launch_with("raised"), Ok(()), "another handle of the kernel sees the opt-in");
    assert_eq!(launch_with("other"), Err(Error::InvalidValue), "another kernel keeps 48 KB");
    Stream::LEGACY.synchronize().expect("sync");
}

/// PTX that ptxas rejects (here a 64-bit register where `add.s32` needs a 32-bit one) does not
/// load, as a GPU's driver fails to JIT it: `cudaErrorInvalidPtx` at module load, not a kernel
/// that runs with a guessed width.
#[test]
fn ptx_that_ptxas_rejects_does_not_load() {
    let ptx = r#"
.version 8.3
.target sm_90
.address_size 64
.visible .entry wrong_width(.param .u64 out)
{
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    add.s32 %rd2, %rd1, 1;
    st.global.u64 [%rd1], %rd2;
    ret;
}
"#;
    assert_eq!(Module::load_ptx(ptx).err(), Some(Error::InvalidPtx));
}

/// A cooperative launch asking more dynamic shared memory than a block may have fits no block
/// on the device: `cudaErrorCooperativeLaunchTooLarge`, as an H200 answers, where the same
/// configuration launched plainly is `cudaErrorInvalidValue`.
#[test]
fn a_cooperative_launch_with_too_much_shared_memory_is_too_large() {
    let ptx = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n    ret;\n}\n";
    let m = Module::load_ptx(ptx).expect("module");
    let k = m.function("k").expect("kernel");
    let config = |cooperative: bool, dynamic_shared: u32| launch::LaunchConfig {
        grid: Dim3::x(2),
        block: Dim3::x(64),
        dynamic_shared,
        stream: Stream::LEGACY,
        attrs: launch::LaunchAttrs { cooperative, ..Default::default() },
    };
    assert_eq!(launch::launch_ex(&k, &config(true, 100_000), Vec::new()), Err(Error::CooperativeLaunchTooLarge));
    assert_eq!(launch::launch_ex(&k, &config(false, 100_000), Vec::new()), Err(Error::InvalidValue));
    let zero_grid = launch::LaunchConfig { grid: Dim3::x(0), ..config(true, 0) };
    assert_eq!(launch::launch_ex(&k, &zero_grid, Vec::new()), Err(Error::InvalidValue), "other errors stay");
    assert_eq!(launch::launch_ex(&k, &config(true, 1024), Vec::new()), Ok(()));
    Stream::LEGACY.synchronize().expect("sync");
}
