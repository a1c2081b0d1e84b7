//! Code images: what a program hands the runtime to load (`cudaLibraryLoadData`,
//! `cudaLibraryLoadFromFile`, nvcc's registration of a fatbin). Cuprite runs PTX, so an image
//! is a fatbin with PTX (its best, `fatbin::read_ptx`) or PTX text; a cubin is GPU machine
//! code the CPU cannot run — though a cubin for this device's architecture beside the PTX
//! says how many registers each kernel needs, which bounds its launches as on a GPU, and how
//! large its stack frame is. CUDA's
//! error codes for images that give no PTX live here.

use std::collections::HashMap;

pub use fatbin::cubin::Resources;

use crate::error::Error;

/// What a code image gives the runtime: the PTX to run, and what the machine code for this
/// device's architecture records of each kernel (by name), where the image holds some.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Image {
    /// The PTX text.
    pub ptx: String,
    /// Registers and stack frame, from the cubin for `device::COMPUTE_CAPABILITY` (none
    /// without one).
    pub resources: HashMap<String, Resources>,
}

/// The resources of the kernels in the fatbin at the start of `fatbin`, from its cubin for this
/// device's architecture (`fatbin::cubin`); empty without one.
pub fn fatbin_resources(fatbin: &[u8]) -> HashMap<String, Resources> {
    fatbin::entries(fatbin)
        .map(|entries| fatbin::cubin::resources_for_arch(&entries, crate::device::COMPUTE_CAPABILITY as u32))
        .unwrap_or_default()
}

/// Why an image gives no PTX: CUDA's error, and the message to print on stderr (none for
/// text that is not PTX: loading it says why).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageError {
    /// The error the loading call returns.
    pub code: Error,
    /// What to tell the user, if anything.
    pub message: Option<String>,
}

/// CUDA's error for a fatbin that gives no PTX: a damaged one is
/// `cudaErrorInvalidKernelImage`, one without PTX `cudaErrorNoKernelImageForDevice`.
pub fn fatbin_error(e: &fatbin::Error) -> (Error, String) {
    match e {
        fatbin::Error::Corrupt(_) => (Error::InvalidKernelImage, e.to_string()),
        fatbin::Error::NoPtx(_) => (Error::NoKernelImageForDevice, e.to_string()),
    }
}

/// Image `bytes`: a fatbin's best PTX (with its kernels' registers), or PTX text up to its
/// first NUL (or the end). A cubin (ELF) is `cudaErrorNoKernelImageForDevice`, text that is
/// not UTF-8 `cudaErrorInvalidPtx`.
pub fn read_image(bytes: &[u8]) -> Result<Image, ImageError> {
    if bytes.get(..4) == Some(&fatbin::FATBIN_MAGIC.to_le_bytes()) {
        return fatbin::read_ptx(bytes).map(|(_, ptx)| Image { ptx, resources: fatbin_resources(bytes) }).map_err(
            |e| {
                let (code, message) = fatbin_error(&e);
                ImageError { code, message: Some(message) }
            },
        );
    }
    if bytes.starts_with(b"\x7fELF") {
        return Err(ImageError {
            code: Error::NoKernelImageForDevice,
            message: Some(
                "the image is a cubin (GPU machine code), which cannot run on the CPU; load PTX or a fatbin with PTX"
                    .into(),
            ),
        });
    }
    let text = bytes.split(|&b| b == 0).next().unwrap_or_default();
    std::str::from_utf8(text)
        .map(|ptx| Image { ptx: ptx.to_string(), resources: HashMap::new() })
        .map_err(|_| ImageError { code: Error::InvalidPtx, message: None })
}
