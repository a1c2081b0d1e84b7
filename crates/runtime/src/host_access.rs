//! Host memory named by API arguments, reached without ever faulting.
//!
//! A program may pass `cudaMemcpy` a host address that is not mapped, or a read-only one as a
//! destination. NVIDIA's runtime then crashes the process (tests/gpu-programs/
//! probe_memcpy_kinds.txt); Cuprite answers `cudaErrorInvalidValue` instead, and never
//! dereferences such an address itself. Small transfers go through the kernel
//! (`process_vm_readv`/`process_vm_writev` on our own process, which fail with `EFAULT` where a
//! plain access would fault); larger ones first check the permissions of the mappings they
//! cover (`/proc/self/maps`, once per transfer: cheaper than the kernel's page-by-page checks
//! for many pages), then copy directly.

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
    // checks `r` itself (EFAULT on an inaccessible page), so no address is dereferenced by
    // this process.
    let n = unsafe {
        if write { process_vm_writev(getpid(), &l, 1, &r, 1, 0) } else { process_vm_readv(getpid(), &l, 1, &r, 1, 0) }
    };
    if n == len as isize { Ok(()) } else { Err(Error::InvalidValue) }
}

/// Transfers up to this many bytes go through the kernel; larger ones check the mappings
/// (where they can be read).
const SMALL: usize = 64 << 10;

/// Checks that the mappings covering `addr..addr + len` allow reading, and for `write` also
/// writing ([`Error::InvalidValue`] if a byte is unmapped or not allowed); `None` if the
/// mappings cannot be read (then the kernel must move the bytes).
fn check_mappings(addr: u64, len: u64, write: bool) -> Option<Result<()>> {
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    Some(covered_by(&maps, addr, len, write))
}

/// Whether the mappings listed in `maps` (`/proc/self/maps`) cover `addr..addr + len` with
/// the permission to read, and for `write` to write.
fn covered_by(maps: &str, addr: u64, len: u64, write: bool) -> Result<()> {
    let end = addr.checked_add(len).ok_or(Error::InvalidValue)?;
    let mut covered = addr;
    // Lines are `start-end perms ...`, in address order.
    for line in maps.lines() {
        let mut fields = line.split_whitespace();
        let (Some(range), Some(perms)) = (fields.next(), fields.next()) else { continue };
        let Some((s, e)) = range.split_once('-') else { continue };
        let (Ok(s), Ok(e)) = (u64::from_str_radix(s, 16), u64::from_str_radix(e, 16)) else { continue };
        if e <= covered {
            continue;
        }
        let allowed = perms.starts_with('r') && (!write || perms.as_bytes().get(1) == Some(&b'w'));
        if s > covered || !allowed {
            return Err(Error::InvalidValue);
        }
        covered = e;
        if covered >= end {
            return Ok(());
        }
    }
    Err(Error::InvalidValue)
}

/// Copies the host bytes at `addr` into `out` ([`Error::InvalidValue`] if any is unreadable).
pub(crate) fn read(addr: u64, out: &mut [u8]) -> Result<()> {
    if out.len() <= SMALL {
        return transfer(out.as_mut_ptr(), addr, out.len(), false);
    }
    match check_mappings(addr, out.len() as u64, false) {
        None => return transfer(out.as_mut_ptr(), addr, out.len(), false),
        Some(r) => r?,
    }
    // SAFETY: the range was just found mapped readable; the API's contract keeps the
    // program's memory mapped until the copy completes.
    out.copy_from_slice(unsafe { std::slice::from_raw_parts(addr as *const u8, out.len()) });
    Ok(())
}

/// Copies `data` to the host bytes at `addr` ([`Error::InvalidValue`] if any is unwritable).
pub(crate) fn write(addr: u64, data: &[u8]) -> Result<()> {
    if data.len() <= SMALL {
        // `process_vm_writev` only reads the local buffer.
        return transfer(data.as_ptr().cast_mut(), addr, data.len(), true);
    }
    match check_mappings(addr, data.len() as u64, true) {
        None => return transfer(data.as_ptr().cast_mut(), addr, data.len(), true),
        Some(r) => r?,
    }
    // SAFETY: the range was just found mapped writable; the API's contract keeps the
    // program's memory mapped, and not otherwise accessed, until the copy completes.
    unsafe { std::ptr::copy(data.as_ptr(), addr as *mut u8, data.len()) };
    Ok(())
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

    #[test]
    fn mappings_must_cover_the_range_with_the_permission() {
        let maps = "1000-2000 rw-p 00000000 00:00 0\n2000-3000 r--p 00000000 00:00 0 /lib/x.so\n4000-5000 rw-p 0 0 0\n";
        assert_eq!(covered_by(maps, 0x1800, 0x1000, false), Ok(()));
        assert_eq!(covered_by(maps, 0x1800, 0x1000, true), Err(Error::InvalidValue));
        assert_eq!(covered_by(maps, 0x1800, 0x800, true), Ok(()));
        assert_eq!(covered_by(maps, 0x2800, 0x2000, false), Err(Error::InvalidValue));
        assert_eq!(covered_by(maps, 0x4000, 0x1000, true), Ok(()));
        assert_eq!(covered_by(maps, 0x4000, 0x1001, true), Err(Error::InvalidValue));
        assert_eq!(covered_by(maps, 0x500, 0x10, false), Err(Error::InvalidValue));
    }

    #[test]
    fn large_transfers_check_the_mappings() {
        let src: Vec<u8> = (0..3 * SMALL).map(|i| i as u8).collect();
        let mut dst = vec![0u8; 3 * SMALL];
        read(src.as_ptr() as u64, &mut dst).unwrap();
        assert_eq!(dst, src);
        write(dst.as_mut_ptr() as u64, &[5; 2 * SMALL]).unwrap();
        assert!(dst[..2 * SMALL].iter().all(|&b| b == 5));
        let mut big = vec![0u8; 2 * SMALL];
        assert_eq!(read(16, &mut big), Err(Error::InvalidValue));
        static READ_ONLY: [u8; 2 * SMALL] = [7; 2 * SMALL];
        assert_eq!(write(READ_ONLY.as_ptr() as u64, &big), Err(Error::InvalidValue));
        assert!(read(READ_ONLY.as_ptr() as u64, &mut big).is_ok());
        // Past the end of the mapping that holds the vector's last bytes.
        assert_eq!(read(src.as_ptr() as u64 + (1 << 46), &mut big), Err(Error::InvalidValue));
    }
}
