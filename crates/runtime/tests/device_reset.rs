//! `cudaDeviceReset` through the Rust API (a test binary of its own: the reset ends every
//! other allocation of the process).

use runtime::{Error, device, memory, reset};

/// Pinned host memory does not survive a reset: `cudaFreeHost` of it answers an invalid value
/// and it is unregistered host memory to `cudaPointerGetAttributes`; registered memory and the
/// cache configuration's reset to PreferNone (as an H200 answers all three).
#[test]
fn pinned_memory_and_the_cache_configuration_do_not_survive_a_reset() {
    let pinned = memory::host_alloc(4096, 0).expect("pinned");
    device::set_cache_config(2).expect("prefer L1");
    reset::device_reset().expect("reset");
    assert_eq!(memory::free_host(pinned), Err(Error::InvalidValue));
    let a = memory::pointer_attributes(pinned as u64).expect("attributes");
    assert_eq!((a.r#type, a.device), (memory::MemoryType::Unregistered as i32, -2));
    assert_eq!(device::get_cache_config(), Ok(0));
    let fresh = memory::host_alloc(64, 0).expect("pinned after the reset");
    memory::free_host(fresh).expect("free");
}
