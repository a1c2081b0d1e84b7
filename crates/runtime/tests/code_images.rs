//! Code images through the Rust API, without nvcc: a fatbin that `fatbin::write` builds from
//! the PTX fixtures loads as its best PTX and runs, PTX text loads up to its NUL, and images
//! that give no PTX fail with the errors `cudaLibraryLoadData` gives for them (a damaged fatbin
//! `cudaErrorInvalidKernelImage`, a cubin `cudaErrorNoKernelImageForDevice`).

mod fixtures;

use fatbin::PtxEntry;
use fixtures::{all, buffer, kernels_ptx, read};
use runtime::image::read_image;
use runtime::module::Module;
use runtime::stream::Stream;
use runtime::{Dim3, Error, launch};

/// `fill(dst, v)` of `m` over the fixtures' [`fixtures::N`] elements, then what it wrote.
fn fill_with(m: &Module, v: u32) -> Vec<u32> {
    let f = m.function("fill").expect("fill");
    let dst = buffer(0);
    let args: [&[u8]; 2] = [&dst.0.to_le_bytes(), &v.to_le_bytes()];
    launch::launch(&f, Dim3::x(1), Dim3::x(fixtures::N as u32), 0, Stream::LEGACY, &args).expect("launch");
    read(dst)
}

fn entry(arch: u32, text: String) -> PtxEntry {
    PtxEntry { arch, version: (8, 0), text }
}

/// A fatbin's PTX is chosen as NVIDIA's runtime does for an sm_90 device: the highest
/// architecture up to 90 (here over an sm_80 entry whose `fill` writes one more, and an sm_100
/// one the device could not run).
#[test]
fn a_fatbin_loads_its_best_ptx_and_runs() {
    let ptx = kernels_ptx();
    let plus_one = ptx.replace("st.global.u32 [%rd3], %r5;", "add.u32 %r5, %r5, 1;\n    st.global.u32 [%rd3], %r5;");
    assert_ne!(plus_one, ptx, "the fixture's fill stores %r5");
    let image = fatbin::write(&[
        entry(80, plus_one.replace(".target sm_90", ".target sm_80")),
        entry(90, ptx.clone()),
        entry(100, plus_one.replace(".target sm_90", ".target sm_100")),
    ]);
    assert_eq!(read_image(&image).expect("the image has PTX").ptx, ptx);
    let m = Module::load_image(&image).expect("the fatbin loads");
    assert_eq!(fill_with(&m, 7), all(7));
}

/// PTX text is an image too, read up to its first NUL (`cudaLibraryLoadData`'s `code`).
#[test]
fn ptx_text_loads_up_to_its_nul() {
    let mut bytes = kernels_ptx().into_bytes();
    bytes.extend(b"\0not PTX \xff");
    let m = Module::load_image(&bytes).expect("the text loads");
    assert_eq!(fill_with(&m, 9), all(9));
}

/// Images that give no PTX: their errors, also the last error.
#[test]
fn images_without_ptx_are_refused_with_cudas_errors() {
    let image = fatbin::write(&[entry(90, kernels_ptx())]);
    // Damaged: an entry that claims more bytes than the fatbin holds.
    let truncated = &image[..image.len() - 64];
    assert_eq!(read_image(truncated).map_err(|e| e.code), Err(Error::InvalidKernelImage));
    assert_eq!(Module::load_image(truncated).err(), Some(Error::InvalidKernelImage));
    assert_eq!(runtime::get_last_error(), Err(Error::InvalidKernelImage));
    // A cubin: GPU machine code.
    let cubin = b"\x7fELF\x02\x01\x01\x33 and the rest of an sm_90 cubin";
    let refused = read_image(cubin).expect_err("a cubin has no PTX");
    assert_eq!(refused.code, Error::NoKernelImageForDevice);
    assert!(refused.message.is_some_and(|m| m.contains("cubin")));
    // Text that is not UTF-8 is no PTX.
    assert_eq!(read_image(b"\xff\xfe.version 8.0").map_err(|e| e.code), Err(Error::InvalidPtx));
}

/// Registers bound a kernel's launches as on a GPU, where the image's machine code says how
/// many it needs: the H200's answers for a kernel ptxas gave 184 registers
/// (tests/program-diff/launch_register_limits.cu): at most 256 threads per block, 2 blocks of
/// 128 threads per multiprocessor, and `cudaErrorLaunchOutOfResources` for 512 threads; PTX
/// alone bounds nothing below 1024 threads.
#[test]
fn registers_from_machine_code_bound_launches() {
    let image = runtime::image::Image {
        ptx: kernels_ptx(),
        resources: std::collections::HashMap::from([(
            "fill".to_string(),
            runtime::image::Resources { registers: 184, frame_size: 568 },
        )]),
    };
    let heavy = Module::load(&image).expect("loads").function("fill").expect("fill");
    let a = heavy.attributes();
    assert_eq!((a.numRegs, a.maxThreadsPerBlock, a.localSizeBytes), (184, 256, 568));
    let occupancy = |t| launch::max_active_blocks_per_sm(&heavy, t, 0).expect("occupancy");
    assert_eq!([occupancy(128), occupancy(256), occupancy(1024)], [2, 1, 0]);
    // Room for the 256 threads' stores (`fill` writes one word per thread).
    let dst = runtime::memory::malloc(1024 * 4).expect("malloc");
    let args: [&[u8]; 2] = [&dst.0.to_le_bytes(), &1u32.to_le_bytes()];
    let run = |t| launch::launch(&heavy, Dim3::x(1), Dim3::x(t), 0, Stream::LEGACY, &args);
    assert_eq!(run(512), Err(Error::LaunchOutOfResources));
    assert_eq!(run(256), Ok(()));
    let plain = Module::load_ptx(&kernels_ptx()).expect("loads").function("fill").expect("fill");
    assert_eq!(plain.attributes().maxThreadsPerBlock, 1024);
    assert_eq!(launch::max_active_blocks_per_sm(&plain, 1024, 0), Ok(2));
}
