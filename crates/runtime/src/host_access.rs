//! Host memory named by API arguments, reached without ever faulting.
//!
//! A program may pass `cudaMemcpy` a host address that is not mapped, or a read-only one as a
//! destination. NVIDIA's runtime then crashes the process (tests/gpu-programs/
//! probe_memcpy_kinds.txt); Cuprite answers `cudaErrorInvalidValue` instead: it never
//! dereferences such an address itself, but has the kernel copy through it
//! (`process_vm_readv`/`process_vm_writev` on its own process), which fails with `EFAULT`
//! where a plain access would fault.

use std::ffi::c_void;

use crate::error::{Error, Result};

/// `struct iovec`.
#[repr(C)]
struct IoVec {
    base: *mut c_void,
    len: usize,
}

unsafe extern "C" {
    fn getpid() -> i32;
    fn process_vm_readv(
        pid: i32,
        local: *const IoVec,
        nlocal: u64,
        remote: *const IoVec,
        nremote: u64,
        flags: u64,
    ) -> isize;
    fn process_vm_writev(
        pid: i32,
        local: *const IoVec,
        nlocal: u64,
        remote: *const IoVec,
        nremote: u64,
        flags: u64,
    ) -> isize;
    fn msync(addr: *mut c_void, len: usize, flags: i32) -> i32;
}

/// `MS_ASYNC`: a no-op on anonymous memory; `msync` still fails with `ENOMEM` on unmapped pages.
const MS_ASYNC: i32 = 1;
/// The page size `msync` needs its address aligned to (4 KiB divides every Linux page size).
const PAGE: u64 = 4096;

/// Whether every page of `addr..addr + len` is mapped (checked when a copy is enqueued; the
/// copy itself still goes through [`read`]/[`write`], which catch protections and unmaps).
pub(crate) fn is_mapped(addr: u64, len: u64) -> bool {
    let Some(end) = addr.checked_add(len) else { return false };
    let start = addr & !(PAGE - 1);
    // SAFETY: `msync` with `MS_ASYNC` only inspects the mappings of the range (it writes no
    // memory and touches no byte of it); an unmapped page makes it fail, not fault.
    len == 0 || unsafe { msync(start as *mut c_void, (end - start) as usize, MS_ASYNC) } == 0
}

/// Moves `len` bytes between `local` (our own buffer) and `remote` (the program's address),
/// in the direction `write` says, failing rather than faulting.
fn transfer(local: *mut u8, remote: u64, len: usize, write: bool) -> Result<()> {
    if len == 0 {
        return Ok(());
    }
    let l = IoVec { base: local.cast(), len };
    let r = IoVec { base: remote as *mut c_void, len };
    // SAFETY: `l` describes a live buffer of `len` bytes owned by the caller; the kernel
    // checks `r` itself (EFAULT on an inaccessible page, nothing written through it then),
    // so no address is dereferenced by this process.
    let n = unsafe {
        if write { process_vm_writev(getpid(), &l, 1, &r, 1, 0) } else { process_vm_readv(getpid(), &l, 1, &r, 1, 0) }
    };
    if n == len as isize { Ok(()) } else { Err(Error::InvalidValue) }
}

/// Copies the host bytes at `addr` into `out` ([`Error::InvalidValue`] if any is unreadable).
pub(crate) fn read(addr: u64, out: &mut [u8]) -> Result<()> {
    transfer(out.as_mut_ptr(), addr, out.len(), false)
}

/// Copies `data` to the host bytes at `addr` ([`Error::InvalidValue`] if any is unwritable).
pub(crate) fn write(addr: u64, data: &[u8]) -> Result<()> {
    // `process_vm_writev` only reads the local buffer.
    transfer(data.as_ptr().cast_mut(), addr, data.len(), true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_live_memory() {
        let src = [1u8, 2, 3, 4];
        let mut dst = [0u8; 4];
        read(src.as_ptr() as u64, &mut dst).unwrap();
        assert_eq!(dst, src);
        write(dst.as_mut_ptr() as u64, &[9, 9]).unwrap();
        assert_eq!(dst, [9, 9, 3, 4]);
        assert!(is_mapped(src.as_ptr() as u64, 4));
    }

    #[test]
    fn unmapped_and_read_only_memory_fail_without_faulting() {
        let mut buf = [0u8; 8];
        // Page 0 is never mapped on Linux (vm.mmap_min_addr).
        assert_eq!(read(16, &mut buf), Err(Error::InvalidValue));
        assert_eq!(write(16, &buf), Err(Error::InvalidValue));
        assert!(!is_mapped(16, 8));
        static READ_ONLY: [u8; 8] = [7; 8];
        assert_eq!(write(READ_ONLY.as_ptr() as u64, &buf), Err(Error::InvalidValue));
        assert_eq!(READ_ONLY, [7; 8]);
    }
}
