//! Stream-ordered allocation through the Rust API, over PTX fixtures: `cudaMallocAsync` and
//! `cudaFreeAsync` from the device's pools and created ones, the pool attributes that count
//! them, reuse in stream order, trimming and the pool calls' errors (the Runtime API
//! reference, Stream Ordered Memory Allocator).
//!
//! The device's current pool is process state, so these tests take turns.

mod fixtures;

use std::sync::{Mutex, MutexGuard};

use fixtures::{Gate, N, all, kernels, read};
use runtime::memory::{self, MemLocation, MemPoolProps};
use runtime::stream::{NON_BLOCKING, Stream};
use runtime::{DevicePtr, Error};

/// `cudaMemPoolAttr` values.
const REUSE_FOLLOW_EVENT_DEPENDENCIES: i32 = 1;
const REUSE_ALLOW_OPPORTUNISTIC: i32 = 2;
const REUSE_ALLOW_INTERNAL_DEPENDENCIES: i32 = 3;
const RELEASE_THRESHOLD: i32 = 4;
const RESERVED_MEM_CURRENT: i32 = 5;
const USED_MEM_CURRENT: i32 = 7;
const USED_MEM_HIGH: i32 = 8;

fn one_at_a_time() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(|e| e.into_inner())
}

/// A device pool of device 0 (`cudaMemAllocationTypePinned`, no handle types).
fn new_pool() -> u64 {
    let props = MemPoolProps {
        allocType: 1,
        handleTypes: 0,
        location: MemLocation { r#type: 1, id: 0 },
        win32SecurityAttributes: std::ptr::null_mut(),
        maxSize: 0,
        usage: 0,
        reserved: [0; 54],
    };
    memory::mem_pool_create(&props).expect("pool")
}

fn attribute(pool: u64, attr: i32) -> u64 {
    memory::mem_pool_get_attribute(pool, attr).expect("attribute").0
}

/// Allocations count as used memory of their pool from `cudaMallocAsync` until the stream
/// reaches their `cudaFreeAsync` (not before: a gate holds the stream); the high watermark
/// keeps the most used, and can only be reset to zero (which sets it to the current use).
#[test]
fn async_allocations_are_used_memory_of_their_pool_until_freed_in_stream_order() {
    let _turn = one_at_a_time();
    let k = kernels();
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let pool = new_pool();
    let p = memory::malloc_async(N * 4, Some(pool), s).expect("malloc_async");
    let q = memory::malloc_async(512, Some(pool), s).expect("malloc_async");
    assert_eq!(attribute(pool, USED_MEM_CURRENT), (N * 4 + 512) as u64);
    k.fill(p, 21, s);
    k.mul(p, 2, s);
    s.synchronize().expect("sync");
    assert_eq!(read(p), all(42), "the allocation is usable in stream order");

    let gate = Gate::new();
    s.launch_host_func(gate.waiter()).expect("gate");
    memory::free_async(p, s).expect("free p");
    memory::free_async(q, s).expect("free q");
    assert_eq!(attribute(pool, USED_MEM_CURRENT), (N * 4 + 512) as u64, "the frees wait for the stream");
    gate.open();
    s.synchronize().expect("sync");
    assert_eq!(attribute(pool, USED_MEM_CURRENT), 0);
    assert_eq!(attribute(pool, USED_MEM_HIGH), (N * 4 + 512) as u64);
    assert_eq!(memory::mem_pool_set_attribute(pool, USED_MEM_HIGH, 5), Err(Error::InvalidValue));
    memory::mem_pool_set_attribute(pool, USED_MEM_HIGH, 0).expect("reset the high watermark");
    assert_eq!(attribute(pool, USED_MEM_HIGH), 0);
    assert_eq!(memory::free_async(DevicePtr(0x1234), s), Err(Error::InvalidValue), "not an allocation");
    memory::mem_pool_destroy(pool).expect("destroy pool");
    assert_eq!(memory::malloc_async(64, Some(pool), s).err(), Some(Error::InvalidValue), "a destroyed pool");
    s.destroy().expect("destroy");
}

/// Memory freed in stream order may serve a later allocation on the same stream: work after
/// the second `cudaMallocAsync` sees only its own writes. The reuse policies default to
/// enabled and can be switched.
#[test]
fn freed_memory_is_reused_in_stream_order() {
    let _turn = one_at_a_time();
    let k = kernels();
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let pool = memory::default_mem_pool(0).expect("default pool");
    for attr in [REUSE_FOLLOW_EVENT_DEPENDENCIES, REUSE_ALLOW_OPPORTUNISTIC, REUSE_ALLOW_INTERNAL_DEPENDENCIES] {
        assert_eq!(memory::mem_pool_get_attribute(pool, attr), Ok((1, 4)), "attribute {attr}: int, enabled");
    }
    let first = memory::malloc_async(N * 4, None, s).expect("first");
    k.fill(first, 1, s);
    memory::free_async(first, s).expect("free first");
    let second = memory::malloc_async(N * 4, None, s).expect("second");
    let third = memory::malloc_async(N * 4, None, s).expect("third");
    k.fill(second, 2, s);
    k.add(third, second, 5, s);
    s.synchronize().expect("sync");
    assert_eq!((read(second), read(third)), (all(2), all(7)));
    memory::free_async(second, s).expect("free");
    memory::free_async(third, s).expect("free");
    s.synchronize().expect("sync");

    let created = new_pool();
    memory::mem_pool_set_attribute(created, REUSE_ALLOW_OPPORTUNISTIC, 0).expect("disable");
    assert_eq!(memory::mem_pool_get_attribute(created, REUSE_ALLOW_OPPORTUNISTIC), Ok((0, 4)));
    memory::mem_pool_set_attribute(created, RELEASE_THRESHOLD, 1 << 20).expect("threshold");
    assert_eq!(memory::mem_pool_get_attribute(created, RELEASE_THRESHOLD), Ok((1 << 20, 8)));
    assert_eq!(memory::mem_pool_set_attribute(created, USED_MEM_CURRENT, 0), Err(Error::InvalidValue), "read-only");
    memory::mem_pool_destroy(created).expect("destroy");
    s.destroy().expect("destroy");
}

/// `cudaMemPoolTrimTo` cannot release memory backing outstanding allocations; once they are
/// freed (and the free observed by a synchronize), trimming to 0 leaves nothing reserved.
#[test]
fn trimming_keeps_what_live_allocations_need() {
    let _turn = one_at_a_time();
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let pool = new_pool();
    let p = memory::malloc_async(4096, Some(pool), s).expect("malloc_async");
    memory::mem_pool_trim_to(pool, 0).expect("trim");
    assert!(attribute(pool, RESERVED_MEM_CURRENT) >= 4096, "a live allocation stays backed");
    memory::free_async(p, s).expect("free");
    s.synchronize().expect("sync");
    memory::mem_pool_trim_to(pool, 0).expect("trim");
    assert_eq!(attribute(pool, RESERVED_MEM_CURRENT), 0);
    memory::mem_pool_destroy(pool).expect("destroy");
    assert_eq!(memory::mem_pool_trim_to(pool, 0), Err(Error::InvalidValue), "a destroyed pool");
}

/// Freed memory stays reserved by its pool until a synchronization finds the pool above its
/// release threshold: with the threshold at its maximum it is kept (and reused) across
/// synchronizations until `cudaMemPoolTrimTo` releases it; with 0 a synchronization releases
/// it (an H200's answer, unseen11b_pool_attrs: ReservedMemCurrent nonzero after a free and a
/// stream synchronize with threshold `UINT64_MAX`, zero with 0 and after trimming to 0).
#[test]
fn the_release_threshold_keeps_freed_memory_reserved_across_synchronizations() {
    let _turn = one_at_a_time();
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let pool = new_pool();
    memory::mem_pool_set_attribute(pool, RELEASE_THRESHOLD, u64::MAX).expect("threshold");
    let p = memory::malloc_async(1 << 20, Some(pool), s).expect("malloc_async");
    memory::free_async(p, s).expect("free");
    s.synchronize().expect("sync");
    assert_eq!(attribute(pool, USED_MEM_CURRENT), 0);
    assert!(attribute(pool, RESERVED_MEM_CURRENT) >= 1 << 20, "kept below the threshold");
    let q = memory::malloc_async(4096, Some(pool), s).expect("malloc_async");
    s.synchronize().expect("sync");
    assert!(attribute(pool, RESERVED_MEM_CURRENT) >= 1 << 20, "reused, not released");
    memory::free_async(q, s).expect("free");
    s.synchronize().expect("sync");
    memory::mem_pool_trim_to(pool, 0).expect("trim");
    assert_eq!(attribute(pool, RESERVED_MEM_CURRENT), 0, "trimmed");

    memory::mem_pool_set_attribute(pool, RELEASE_THRESHOLD, 0).expect("threshold");
    let r = memory::malloc_async(1 << 20, Some(pool), s).expect("malloc_async");
    memory::free_async(r, s).expect("free");
    s.synchronize().expect("sync");
    assert_eq!(attribute(pool, RESERVED_MEM_CURRENT), 0, "released at the synchronization");
    memory::mem_pool_destroy(pool).expect("destroy");
}

/// The device's current pool serves `cudaMallocAsync` without a pool; destroying the current
/// pool makes the default pool current again; the default pool cannot be destroyed; device 1
/// does not exist.
#[test]
fn the_devices_current_pool() {
    let _turn = one_at_a_time();
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let default = memory::default_mem_pool(0).expect("default pool");
    assert_eq!(memory::device_mem_pool(0), Ok(default));
    let pool = new_pool();
    memory::set_device_mem_pool(0, pool).expect("set current");
    assert_eq!(memory::device_mem_pool(0), Ok(pool));
    let p = memory::malloc_async(256, None, s).expect("from the current pool");
    assert_eq!(attribute(pool, USED_MEM_CURRENT), 256);
    memory::free_async(p, s).expect("free");
    s.synchronize().expect("sync");
    memory::mem_pool_destroy(pool).expect("destroy the current pool");
    assert_eq!(memory::device_mem_pool(0), Ok(default));
    assert_eq!(memory::mem_pool_destroy(default), Err(Error::InvalidValue));
    assert_eq!(memory::default_mem_pool(1), Err(Error::InvalidDevice));
    // Creating a pool on device 4 is an invalid value (as an H200 answers).
    let mut on_device_4 = MemPoolProps {
        allocType: 1,
        handleTypes: 0,
        location: MemLocation { r#type: 1, id: 4 },
        win32SecurityAttributes: std::ptr::null_mut(),
        maxSize: 0,
        usage: 0,
        reserved: [0; 54],
    };
    assert_eq!(memory::mem_pool_create(&on_device_4), Err(Error::InvalidValue));
    on_device_4.location.id = 0;
    memory::mem_pool_destroy(memory::mem_pool_create(&on_device_4).expect("device 0")).expect("destroy");
    assert_eq!(memory::set_device_mem_pool(0, 0xdead), Err(Error::InvalidValue));
    s.destroy().expect("destroy");
}

/// Zero bytes from a pool: success with a null pointer, nothing counted (as an H200 answers
/// `cudaMallocAsync(&p, 0, s)`), and freeing that null pointer is a no-op.
#[test]
fn a_zero_byte_async_allocation_is_null() {
    let _turn = one_at_a_time();
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let pool = new_pool();
    assert_eq!(memory::malloc_async(0, Some(pool), s), Ok(DevicePtr(0)));
    assert_eq!(memory::malloc_async(0, None, s), Ok(DevicePtr(0)));
    assert_eq!(attribute(pool, USED_MEM_CURRENT), 0);
    memory::free_async(DevicePtr(0), s).expect("free null");
    assert_eq!(memory::malloc_async(0, Some(pool ^ 0x5a5a), s).err(), Some(Error::InvalidValue), "not a pool");
    s.synchronize().expect("sync");
    memory::mem_pool_destroy(pool).expect("destroy");
    s.destroy().expect("destroy");
}

/// A pool of `allocType` at location `(kind, id)` with `handle_types`.
fn pool_at(alloc_type: i32, kind: i32, id: i32, handle_types: i32) -> Result<u64, Error> {
    memory::mem_pool_create(&MemPoolProps {
        allocType: alloc_type,
        handleTypes: handle_types,
        location: MemLocation { r#type: kind, id },
        win32SecurityAttributes: std::ptr::null_mut(),
        maxSize: 0,
        usage: 0,
        reserved: [0; 54],
    })
}

/// A host pool's allocations are host memory (`cudaMemoryTypeHost`, no device pointer) that
/// kernels reach only once `cudaMemPoolSetAccess` grants the device read-write access, as on
/// an H200 (tests/program-diff/guide18_pool_locations.cu): granted, a kernel fills one and the
/// host reads it directly; a managed pool's allocations are managed memory.
#[test]
fn host_pool_memory_is_the_devices_once_access_is_granted() {
    let _turn = one_at_a_time();
    let k = kernels();
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let host = pool_at(1, 2, 0, 0).expect("host pool");
    let device = MemLocation { r#type: 1, id: 0 };
    let p = memory::malloc_async(N * 4, Some(host), s).expect("host allocation");
    let a = memory::pointer_attributes(p.0).expect("attributes");
    assert_eq!((a.r#type, a.devicePointer.is_null(), a.hostPointer as u64), (1, true, p.0));
    assert_eq!(memory::mem_pool_get_access(host, device), Ok(0));
    memory::mem_pool_set_access(host, &[(device, memory::ACCESS_READ_WRITE)]).expect("grant");
    assert_eq!(memory::mem_pool_get_access(host, device), Ok(memory::ACCESS_READ_WRITE));
    assert_eq!(memory::pointer_attributes(p.0).expect("attributes").devicePointer as u64, p.0);
    k.fill(p, 9, s);
    s.synchronize().expect("sync");
    // SAFETY: `p` is a live host allocation of N u32s, written by the kernel that just finished.
    let seen = unsafe { std::slice::from_raw_parts(p.0 as *const u32, N) }.to_vec();
    assert_eq!(seen, all(9), "the host reads what the kernel wrote");
    memory::free_async(p, s).expect("free");
    s.synchronize().expect("sync");
    // The host's default pinned pool is a host pool; a device pool cannot take its place.
    let host_loc = MemLocation { r#type: 2, id: 0 };
    let default_host = memory::default_mem_pool_at(host_loc, 1).expect("default host pool");
    assert_ne!(default_host, memory::default_mem_pool(0).expect("device pool"));
    assert_eq!(memory::set_mem_pool_at(host_loc, 1, new_pool()), Err(Error::InvalidValue));
    memory::set_mem_pool_at(host_loc, 1, host).expect("set the host pool");
    assert_eq!(memory::mem_pool_at(host_loc, 1), Ok(host));
    memory::mem_pool_destroy(host).expect("destroy");
    assert_eq!(memory::mem_pool_at(host_loc, 1), Ok(default_host), "back to the default");

    let managed = pool_at(2, 1, 0, 0).expect("managed pool");
    let m = memory::malloc_async(N * 4, Some(managed), s).expect("managed allocation");
    k.fill(m, 4, s);
    s.synchronize().expect("sync");
    assert_eq!(memory::pointer_attributes(m.0).expect("attributes").r#type, 3);
    assert_eq!(read(m), all(4));
    memory::free_async(m, s).expect("free");
    s.synchronize().expect("sync");
    memory::mem_pool_destroy(managed).expect("destroy");
    assert_eq!(pool_at(1, 4, 0, 0), Err(Error::InvalidValue), "host-NUMA-current is no pool location");
    s.destroy().expect("destroy");
}

/// A pool created with the POSIX file descriptor handle type exports as a descriptor that
/// imports back into this process as another pool, into which an exported allocation imports
/// as itself; freeing the import frees nothing. Other pools, interior pointers and the
/// exporting pool are invalid values, as on an H200 (tests/program-diff/guide18_pool_export_kinds.cu).
#[test]
fn pools_export_and_import_within_the_process() {
    let _turn = one_at_a_time();
    let k = kernels();
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let shared = pool_at(1, 1, 0, 1).expect("exportable pool");
    let plain = new_pool();
    assert_eq!(memory::mem_pool_export(plain, 1).err(), Some(Error::InvalidValue));
    let fd = memory::mem_pool_export(shared, 1).expect("export");
    let p = memory::malloc_async(N * 4, Some(shared), s).expect("allocation");
    k.fill(p, 3, s);
    s.synchronize().expect("sync");
    let data = memory::mem_pool_export_pointer(p.0).expect("export pointer");
    assert_eq!(memory::mem_pool_export_pointer(p.0 + 4).err(), Some(Error::InvalidValue), "interior");
    assert_eq!(memory::mem_pool_import_pointer(shared, &data).err(), Some(Error::InvalidValue), "the exporter");
    let imported = memory::mem_pool_import(std::os::fd::AsRawFd::as_raw_fd(&fd)).expect("import the pool");
    assert_ne!(imported, shared);
    assert_eq!(memory::mem_pool_import(-1).err(), Some(Error::Unknown), "no descriptor");
    let q = memory::mem_pool_import_pointer(imported, &data).expect("import the allocation");
    assert_eq!(read(q), all(3));
    memory::free_async(q, s).expect("free the import");
    s.synchronize().expect("sync");
    assert_eq!(read(p), all(3), "the exporter's allocation is still there");
    memory::free_async(p, s).expect("free");
    s.synchronize().expect("sync");
    for pool in [imported, shared, plain] {
        memory::mem_pool_destroy(pool).expect("destroy");
    }
    s.destroy().expect("destroy");
}
