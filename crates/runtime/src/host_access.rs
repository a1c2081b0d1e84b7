//! Host memory named by API arguments, reached without ever faulting.
//!
//! A program may pass `cudaMemcpy` a host address that is not mapped, or a read-only one as a
//! destination. NVIDIA's runtime then crashes the process (tests/gpu-programs/
//! probe_memcpy_kinds.txt); Cuprite answers `cudaErrorInvalidValue` instead, and never
//! dereferences such an address itself. Memory known to be mapped and writable is reached
//! directly: the live part of the calling thread's stack, and the main heap below the program
//! break (where `malloc` puts most small blocks). Other small transfers go through the kernel
//! (`process_vm_readv`/`process_vm_writev` on our own process, which fail with `EFAULT` where
//! a plain access would fault: two system calls with the mapping check, 1.7 us for a 4-byte
//! copy on a VM where a local variable's took 0.33 us); larger ones first check the
//! permissions of the mappings they cover (`/proc/self/maps`, once per transfer: cheaper than
//! the kernel's page-by-page checks for many pages), then copy directly ([`access`]).

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
    fn pthread_self() -> usize;
    fn pthread_getattr_np(thread: usize, attr: *mut PthreadAttr) -> i32;
    fn pthread_attr_getstack(attr: *const PthreadAttr, addr: *mut *mut c_void, size: *mut usize) -> i32;
    fn pthread_attr_destroy(attr: *mut PthreadAttr) -> i32;
    fn sbrk(increment: isize) -> *mut c_void;
}

/// `pthread_attr_t`: opaque, 56 bytes on x86-64 glibc, 64 on AArch64; this is at least as
/// large and as aligned.
#[repr(C, align(16))]
struct PthreadAttr([u8; 128]);

/// The calling thread's stack, `(lowest, one past highest)` address, as glibc reports it.
fn stack_bounds() -> Option<(u64, u64)> {
    thread_local! {
        static BOUNDS: std::cell::Cell<Option<Option<(u64, u64)>>> = const { std::cell::Cell::new(None) };
    }
    BOUNDS.with(|b| {
        if let Some(v) = b.get() {
            return v;
        }
        let mut attr = PthreadAttr([0; 128]);
        let (mut lo, mut size) = (std::ptr::null_mut::<c_void>(), 0usize);
        // SAFETY: `attr` is a buffer large enough for `pthread_attr_t`, initialized by
        // `pthread_getattr_np` before it is read and destroyed once after; `lo`/`size` are
        // plain outputs.
        let v = unsafe {
            if pthread_getattr_np(pthread_self(), &mut attr) != 0 {
                None
            } else {
                let ok = pthread_attr_getstack(&attr, &mut lo, &mut size) == 0;
                pthread_attr_destroy(&mut attr);
                ok.then(|| (lo as u64, lo as u64 + size as u64))
            }
        };
        b.set(Some(v));
        v
    })
}

/// Whether `addr..addr + len` lies in the live part of the calling thread's stack (between
/// its stack pointer and its top): memory that is mapped and writable for certain, so small
/// copies to and from the caller's local variables need no system call. Only the stack the
/// thread was created with counts: on another stack (a coroutine's), nothing does.
fn on_own_stack(addr: u64, len: u64) -> bool {
    let here = 0u8;
    let sp = std::ptr::addr_of!(here) as u64;
    let Some((lo, hi)) = stack_bounds() else { return false };
    (lo..hi).contains(&sp) && addr >= sp && addr.checked_add(len).is_some_and(|end| end <= hi)
}

/// Where the process's main heap starts (`start_brk`, field 47 of `/proc/self/stat`), read
/// once; `None` where the kernel does not show it.
fn heap_start() -> Option<u64> {
    static START: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *START.get_or_init(|| {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        // Fields after the command name (which may hold spaces and parentheses) start at
        // field 3, the state.
        let after = stat.get(stat.rfind(')')? + 1..)?;
        let start: u64 = after.split_whitespace().nth(47 - 3)?.parse().ok()?;
        (start != 0).then_some(start)
    })
}

/// Whether `addr..addr + len` lies in the main heap below the program break: the brk area,
/// one anonymous mapping, readable and writable from its start up to the break (`sbrk(0)`,
/// which glibc answers without a system call). No allocator changes its protection; a program
/// that `mprotect`s memory it got from `malloc` and then copies into it would fault here, as
/// it does under NVIDIA's runtime.
fn in_main_heap(addr: u64, len: u64) -> bool {
    let Some(start) = heap_start() else { return false };
    // SAFETY: `sbrk(0)` only reports the current break.
    let brk = unsafe { sbrk(0) } as u64;
    within(addr, len, start, brk)
}

/// Whether `addr..addr + len` lies within `start..end`.
fn within(addr: u64, len: u64, start: u64, end: u64) -> bool {
    addr >= start && addr.checked_add(len).is_some_and(|e| e <= end)
}

/// Whether `addr..addr + len` is memory known to be mapped, readable and writable without
/// asking the kernel: on the calling thread's stack or in the main heap.
fn known_accessible(addr: u64, len: u64) -> bool {
    on_own_stack(addr, len) || in_main_heap(addr, len)
}

/// `MS_ASYNC`: a no-op on anonymous memory; `msync` still fails with `ENOMEM` on unmapped pages.
const MS_ASYNC: i32 = 1;
/// The page size `msync` needs its address aligned to (4 KiB divides every Linux page size).
const PAGE: u64 = 4096;

/// Whether every page of `addr..addr + len` is mapped (checked when a copy is enqueued; the
/// copy itself still goes through [`read`]/[`write`], which catch protections and unmaps).
pub(crate) fn is_mapped(addr: u64, len: u64) -> bool {
    let Some(end) = addr.checked_add(len) else { return false };
    if known_accessible(addr, len) {
        return true;
    }
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

/// How a copy may reach pageable host bytes ([`access`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    /// Directly: the mappings were checked to allow it (or the bytes are on the calling
    /// thread's stack or in the main heap).
    Direct,
    /// Only through the kernel ([`read`], [`write`]), piece by piece: a small range (cheaper
    /// than reading the mappings), or the mappings cannot be read.
    ThroughKernel,
}

/// How a copy may reach the `len` host bytes at `addr`, read (or also written, for `write`);
/// [`Error::InvalidValue`] if the mappings show a byte unmapped or not allowed.
pub(crate) fn access(addr: u64, len: usize, write: bool) -> Result<Access> {
    if known_accessible(addr, len as u64) {
        return Ok(Access::Direct);
    }
    if len <= SMALL {
        return Ok(Access::ThroughKernel);
    }
    match check_mappings(addr, len as u64, write) {
        None => Ok(Access::ThroughKernel),
        Some(r) => r.map(|()| Access::Direct),
    }
}

/// Copies the host bytes at `addr` into `out` through the kernel ([`Error::InvalidValue`] if
/// any is unreadable).
pub(crate) fn read(addr: u64, out: &mut [u8]) -> Result<()> {
    transfer(out.as_mut_ptr(), addr, out.len(), false)
}

/// Copies `data` to the host bytes at `addr` through the kernel ([`Error::InvalidValue`] if
/// any is unwritable).
pub(crate) fn write(addr: u64, data: &[u8]) -> Result<()> {
    // `process_vm_writev` only reads the local buffer.
    transfer(data.as_ptr().cast_mut(), addr, data.len(), true)
}

/// The most bytes [`read`]/[`write`] should move at once (the bounce buffer of copies that go
/// through the kernel).
pub(crate) const PIECE: usize = SMALL;

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
    fn the_callers_stack_is_reached_directly() {
        let local = [0u8; 64];
        assert_eq!(access(local.as_ptr() as u64, 64, true), Ok(Access::Direct));
        assert!(is_mapped(local.as_ptr() as u64, 64));
        // Another thread's stack is not this thread's.
        let at = local.as_ptr() as u64;
        let other = std::thread::spawn(move || access(at, 64, true)).join().unwrap();
        assert_eq!(other, Ok(Access::ThroughKernel));
    }

    #[test]
    fn the_main_heap_is_reached_directly_up_to_the_break() {
        // The test harness's main thread allocated with `malloc` (from the main heap) before
        // it started the tests.
        let start = heap_start().expect("start_brk in /proc/self/stat");
        // SAFETY: `sbrk(0)` only reports the break.
        let brk = unsafe { sbrk(0) } as u64;
        assert!(brk > start + 64, "a main heap");
        assert_eq!(access(start, 64, true), Ok(Access::Direct));
        assert!(is_mapped(start, 64));
        // Up to the break, not past it (the kernel decides there).
        assert!(within(brk - 64, 64, start, brk));
        assert!(!within(brk - 32, 64, start, brk));
        assert!(!within(start - 1, 64, start, brk));
        assert!(!within(u64::MAX - 8, 64, 0, u64::MAX));
        // Memory of another mapping is not the heap.
        let other = vec![0u8; 1 << 20];
        if !(start..brk).contains(&(other.as_ptr() as u64)) {
            assert_eq!(access(other.as_ptr() as u64, 64, true), Ok(Access::ThroughKernel));
        }
    }

    #[test]
    fn large_ranges_check_the_mappings() {
        let src: Vec<u8> = (0..3 * SMALL).map(|i| i as u8).collect();
        assert_eq!(access(src.as_ptr() as u64, 3 * SMALL, true), Ok(Access::Direct));
        assert_eq!(access(src.as_ptr() as u64, 16, true), Ok(Access::ThroughKernel));
        assert_eq!(access(16, 2 * SMALL, false), Err(Error::InvalidValue));
        static READ_ONLY: [u8; 2 * SMALL] = [7; 2 * SMALL];
        assert_eq!(access(READ_ONLY.as_ptr() as u64, 2 * SMALL, true), Err(Error::InvalidValue));
        assert_eq!(access(READ_ONLY.as_ptr() as u64, 2 * SMALL, false), Ok(Access::Direct));
        // Past the end of the mapping that holds the vector's last bytes.
        assert_eq!(access(src.as_ptr() as u64 + (1 << 46), 2 * SMALL, false), Err(Error::InvalidValue));
    }
}
