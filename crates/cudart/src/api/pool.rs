//! 6.12 Stream Ordered Memory Allocator: `cudaMallocAsync`/`cudaFreeAsync`, memory pools,
//! their attributes and access, and pools by location.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::memory::{MemLocation, MemPoolProps};
use runtime::{DevicePtr, memory};

use crate::args::{In, Out};
use crate::{code, invalid};

/// `cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream)`.
pub fn cudaMallocAsync(p: Out<*mut c_void>, size: usize, stream: *mut c_void) -> i32 {
    if p.is_null() {
        return crate::invalid();
    }
    p.put_alloc(memory::malloc_async(size, None, crate::stream(stream)).map(|d| d.0 as *mut c_void))
}

/// `cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t
/// stream)`.
pub fn cudaMallocFromPoolAsync(p: Out<*mut c_void>, size: usize, pool: *mut c_void, stream: *mut c_void) -> i32 {
    if pool.is_null() {
        return invalid();
    }
    p.put_with(|| memory::malloc_async(size, Some(pool as u64), crate::stream(stream)).map(|d| d.0 as *mut c_void))
}

/// `cudaFreeAsync(void *devPtr, cudaStream_t hStream)`.
pub fn cudaFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> i32 {
    code(memory::free_async(DevicePtr(ptr as u64), crate::stream(stream)))
}

/// `cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps)`.
///
/// # Safety
/// `p` must be null or valid for writes; `props` null or valid for reads.
pub unsafe fn cudaMemPoolCreate(p: Out<*mut c_void>, props: *const MemPoolProps) -> i32 {
    if props.is_null() {
        return invalid();
    }
    // SAFETY: non-null and valid for reads per the contract.
    let props = unsafe { props.read_unaligned() };
    p.put_with(|| memory::mem_pool_create(&props).map(|h| h as *mut c_void))
}

/// `cudaMemPoolDestroy(cudaMemPool_t memPool)`.
pub fn cudaMemPoolDestroy(pool: *mut c_void) -> i32 {
    code(memory::mem_pool_destroy(pool as u64))
}

/// `cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)`.
pub fn cudaMemPoolTrimTo(pool: *mut c_void, keep: usize) -> i32 {
    code(memory::mem_pool_trim_to(pool as u64, keep))
}

/// `cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)`:
/// `int` for the reuse flags (1..=3), `cuuint64_t` for the rest.
///
/// # Safety
/// `value` must be null or point to a value of the attribute's type.
pub unsafe fn cudaMemPoolSetAttribute(pool: *mut c_void, attr: i32, value: *mut c_void) -> i32 {
    if value.is_null() {
        return invalid();
    }
    // SAFETY: `value` points to an `int` (attributes 1..=3) or a `cuuint64_t` per the contract.
    let v = unsafe {
        if (1..=3).contains(&attr) {
            u64::from((value as *const u32).read_unaligned())
        } else if (4..=8).contains(&attr) {
            (value as *const u64).read_unaligned()
        } else {
            return invalid();
        }
    };
    code(memory::mem_pool_set_attribute(pool as u64, attr, v))
}

/// `cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)`.
///
/// # Safety
/// `value` must be null or valid for writes of the attribute's type.
pub unsafe fn cudaMemPoolGetAttribute(pool: *mut c_void, attr: i32, value: *mut c_void) -> i32 {
    if value.is_null() {
        return invalid();
    }
    let r = memory::mem_pool_get_attribute(pool as u64, attr).map(|(v, size)| {
        // SAFETY: `value` is valid for writes of the attribute's type (`size` bytes).
        unsafe {
            if size == 4 {
                (value as *mut u32).write_unaligned(v as u32);
            } else {
                (value as *mut u64).write_unaligned(v);
            }
        }
    });
    code(r)
}

/// `cudaMemGetDefaultMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location, enum
/// cudaMemAllocationType type)`.
pub fn cudaMemGetDefaultMemPool(pool: Out<u64>, loc: In<MemLocation>, ty: i32) -> i32 {
    let Some(l) = loc.get() else { return invalid() };
    pool.put(memory::default_mem_pool_at(l, ty))
}

/// `cudaMemGetMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location, enum
/// cudaMemAllocationType type)`.
pub fn cudaMemGetMemPool(pool: Out<u64>, loc: In<MemLocation>, ty: i32) -> i32 {
    let Some(l) = loc.get() else { return invalid() };
    pool.put(memory::mem_pool_at(l, ty))
}

/// `cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type,
/// cudaMemPool_t memPool)`.
pub fn cudaMemSetMemPool(loc: In<MemLocation>, ty: i32, pool: u64) -> i32 {
    let Some(l) = loc.get() else { return invalid() };
    code(memory::set_mem_pool_at(l, ty, pool))
}

/// `struct cudaMemAccessDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemAccessDesc {
    /// `struct cudaMemLocation location`.
    pub location: MemLocation,
    /// `enum cudaMemAccessFlags flags`.
    pub flags: i32,
}

/// `cudaMemPoolSetAccess(cudaMemPool_t, const struct cudaMemAccessDesc *descList, size_t
/// count)`.
///
/// # Safety
/// `descs` must hold `count` entries.
pub unsafe fn cudaMemPoolSetAccess(pool: u64, descs: *const MemAccessDesc, count: usize) -> i32 {
    if count > 0 && descs.is_null() {
        return invalid();
    }
    let list = if count == 0 {
        &[][..]
    } else {
        // SAFETY: non-null with `count` entries per the contract.
        unsafe { std::slice::from_raw_parts(descs, count) }
    };
    let v: Vec<_> = list.iter().map(|d| (d.location, d.flags)).collect();
    code(memory::mem_pool_set_access(pool, &v))
}

/// `cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t, struct cudaMemLocation
/// *location)`.
pub fn cudaMemPoolGetAccess(flags: Out<i32>, pool: u64, loc: In<MemLocation>) -> i32 {
    let Some(l) = loc.get() else { return invalid() };
    flags.put(memory::mem_pool_get_access(pool, l))
}

/// `cudaMemPoolExportToShareableHandle(void *shareableHandle, cudaMemPool_t, enum
/// cudaMemAllocationHandleType, unsigned long long flags)`: for `cudaMemHandleTypePosixFileDescriptor`
/// an `int` file descriptor the caller owns; `cudaErrorInvalidValue` for a pool created without
/// that handle type or flags other than 0.
pub fn cudaMemPoolExportToShareableHandle(handle: Out<i32>, pool: u64, ty: i32, flags: u64) -> i32 {
    if handle.is_null() || flags != 0 {
        return invalid();
    }
    handle.put(memory::mem_pool_export(pool, ty).map(std::os::fd::IntoRawFd::into_raw_fd))
}

/// `cudaMemPoolImportFromShareableHandle(cudaMemPool_t *memPool, void *shareableHandle, enum
/// cudaMemAllocationHandleType, unsigned long long flags)`: the handle of a POSIX file descriptor
/// is the descriptor itself, passed as a pointer.
pub fn cudaMemPoolImportFromShareableHandle(pool: Out<u64>, handle: *mut c_void, ty: i32, flags: u64) -> i32 {
    if pool.is_null() || flags != 0 || ty != 1 {
        return invalid();
    }
    pool.put(memory::mem_pool_import(handle as usize as i32))
}

/// `cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *exportData, void *ptr)`.
pub fn cudaMemPoolExportPointer(data: Out<memory::PoolPtrExportData>, ptr: *mut c_void) -> i32 {
    data.put(memory::mem_pool_export_pointer(ptr as u64))
}

/// `cudaMemPoolImportPointer(void **ptr, cudaMemPool_t memPool, struct cudaMemPoolPtrExportData
/// *exportData)`.
pub fn cudaMemPoolImportPointer(ptr: Out<*mut c_void>, pool: u64, data: In<memory::PoolPtrExportData>) -> i32 {
    let Some(d) = data.get() else { return invalid() };
    ptr.put(memory::mem_pool_import_pointer(pool, &d).map(|p| p.0 as *mut c_void))
}
