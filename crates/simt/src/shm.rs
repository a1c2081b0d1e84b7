//! Shareable host memory: anonymous files (`memfd_create`) mapped `MAP_SHARED`, which another
//! process can map too by opening `/proc/<pid>/fd/<fd>` of the creating process. The backing
//! of device allocations exported through CUDA IPC (`cudaIpcGetMemHandle`) and of
//! interprocess event state.

use std::ffi::{c_char, c_int, c_uint, c_void};
use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::fs::MetadataExt;
use std::ptr::NonNull;
use std::sync::atomic::AtomicU64;

const PROT_READ: c_int = 1;
const PROT_WRITE: c_int = 2;
const MAP_SHARED: c_int = 1;
const MFD_CLOEXEC: c_uint = 1;

unsafe extern "C" {
    fn memfd_create(name: *const c_char, flags: c_uint) -> c_int;
    fn mmap(addr: *mut c_void, len: usize, prot: c_int, flags: c_int, fd: c_int, off: i64) -> *mut c_void;
    fn munmap(addr: *mut c_void, len: usize) -> c_int;
}

/// A shared, zero-initialized, page-aligned mapping of an anonymous file, unmapped on drop.
/// The file stays open as long as the mapping lives, so other processes can open it by
/// [`SharedMap::fd`].
#[derive(Debug)]
pub struct SharedMap {
    ptr: NonNull<u8>,
    len: usize,
    file: OwnedFd,
    /// The file's inode number (identifies it across processes and descriptor reuse).
    ino: u64,
}

// SAFETY: the mapping is plain shared memory owned by this value; every access to its bytes
// goes through atomics (device memory's invariant; `word` hands out atomics), so sharing it
// between threads is sound.
unsafe impl Send for SharedMap {}
// SAFETY: as above.
unsafe impl Sync for SharedMap {}

impl SharedMap {
    /// A new anonymous file of `len` (at least 1) zero bytes, mapped.
    pub fn create(len: usize) -> std::io::Result<SharedMap> {
        let len = len.max(1);
        // SAFETY: the name is a NUL-terminated string; memfd_create has no other preconditions.
        let fd = unsafe { memfd_create(c"cuprite-ipc".as_ptr(), MFD_CLOEXEC) };
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: `fd` is a freshly created descriptor that nothing else owns.
        let file = unsafe { File::from_raw_fd(fd) };
        file.set_len(len as u64)?;
        Self::map(file, len)
    }

    /// Maps the first `len` bytes of the anonymous file that process `pid` has open as
    /// descriptor `fd` (made by [`SharedMap::create`] there). Fails if the file cannot be
    /// opened, is not the file with inode number `ino` ([`SharedMap::ino`] there) or is shorter
    /// than `len` bytes.
    pub fn open(pid: u32, fd: RawFd, ino: u64, len: usize) -> std::io::Result<SharedMap> {
        let len = len.max(1);
        let file = std::fs::OpenOptions::new().read(true).write(true).open(format!("/proc/{pid}/fd/{fd}"))?;
        let meta = file.metadata()?;
        if meta.ino() != ino || meta.len() < len as u64 {
            return Err(std::io::Error::from(std::io::ErrorKind::InvalidData));
        }
        Self::map(file, len)
    }

    fn map(file: File, len: usize) -> std::io::Result<SharedMap> {
        let ino = file.metadata()?.ino();
        let file = OwnedFd::from(file);
        // SAFETY: a fresh shared mapping chosen by the kernel (null hint) of an open file of at
        // least `len` bytes; it aliases no Rust object.
        let p = unsafe { mmap(std::ptr::null_mut(), len, PROT_READ | PROT_WRITE, MAP_SHARED, file.as_raw_fd(), 0) };
        if p as isize == -1 {
            return Err(std::io::Error::last_os_error());
        }
        let ptr = NonNull::new(p.cast::<u8>()).ok_or_else(|| std::io::Error::from(std::io::ErrorKind::Other))?;
        Ok(SharedMap { ptr, len, file, ino })
    }

    /// The first byte of the mapping (page-aligned).
    pub fn as_ptr(&self) -> NonNull<u8> {
        self.ptr
    }

    /// The mapping's length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the mapping is empty (never: mappings have at least 1 byte).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The mapped file's inode number.
    pub fn ino(&self) -> u64 {
        self.ino
    }

    /// The descriptor of the mapped file in this process.
    pub fn fd(&self) -> RawFd {
        self.file.as_raw_fd()
    }

    /// The `i`-th 8-byte word of the mapping as an atomic, if the mapping holds it.
    pub fn word(&self, i: usize) -> Option<&AtomicU64> {
        let end = i.checked_add(1)?.checked_mul(8)?;
        if end > self.len {
            return None;
        }
        // SAFETY: the word lies inside the mapping (checked above), which is page-aligned and
        // lives as long as `self`; shared memory is only ever accessed atomically.
        Some(unsafe { AtomicU64::from_ptr(self.ptr.as_ptr().add(i * 8).cast()) })
    }
}

impl Drop for SharedMap {
    fn drop(&mut self) {
        // SAFETY: `ptr..ptr + len` is the mapping made in `map`, unmapped exactly once; whoever
        // held addresses into it (the device allocation table) dropped them first.
        unsafe { munmap(self.ptr.as_ptr().cast(), self.len) };
    }
}
