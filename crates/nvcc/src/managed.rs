//! `__managed__` variables under a runtime other than Cuprite's. clang (19) supports managed
//! variables for HIP only: in CUDA it ignores the attribute that would make host code reach the
//! variable through the runtime's managed allocation, so Cuprite's headers make a managed variable
//! a `__device__` one whose host object lies in section [`SECTION`], which Cuprite's runtime binds
//! to the device variable (its device memory is host memory: one object for both sides;
//! `include/cuprite/host_defines.h`, `include/cuprite/cuda_wrapper.h`). NVIDIA's runtime has no
//! such binding: host code there would read and write a copy the kernels never see. So the driver
//! warns when it compiles a file that defines managed variables, and a program that has some
//! stops at start, with an error, under a runtime that lacks Cuprite's binding
//! (`cuda_wrapper.h`), instead of computing with stale values.

use std::path::Path;

/// The section of the host objects of `__managed__` variables (`host_defines.h` names it too).
pub const SECTION: &str = "cuprite_managed";

/// Whether the host object file `object` (ELF) defines `__managed__` variables.
pub fn defines_managed_variables(object: &[u8]) -> bool {
    matches!(crate::device_link::elf_section_place(object, SECTION), Ok(Some((_, size))) if size > 0)
}

/// The warning for a CUDA source `input` that defines `__managed__` variables.
pub fn warning(input: &Path) -> String {
    format!(
        "{}: warning: __managed__ variables work under Cuprite's runtime only: clang, which cuprite nvcc compiles \
         with, cannot make host code reach a managed variable through NVIDIA's runtime, where host code would read \
         and write a copy kernels never see, so the program stops at start there with an error; for NVIDIA's \
         runtime, allocate managed memory with cudaMallocManaged",
        input.display()
    )
}
