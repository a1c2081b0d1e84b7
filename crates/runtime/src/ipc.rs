//! CUDA interprocess communication (`cudaIpc*`): device memory and events shared between
//! processes.
//!
//! Exporting an allocation moves its bytes into an anonymous shared file
//! ([`simt::SharedMap`], keeping the device address); the 64-byte handle names the file by the
//! exporting process's id, its descriptor there and its inode number, and the opener maps it
//! through `/proc/<pid>/fd/<fd>` at a fresh device address of its own. So both processes'
//! kernels and copies reach the same bytes. An interprocess event carries two shared counters
//! (records begun, records completed); a process that opened the event's handle decides
//! completion by them. Handles from the process itself are refused with
//! `cudaErrorDeviceUninitialized`, as CUDA refuses them ("invalid device context").

use std::collections::BTreeMap;
use std::sync::Mutex;

use simt::{DevicePtr, MemError, SharedMap};

use crate::context::{api, lock};
use crate::error::{Error, Result};
use crate::event::{self, Event};
use crate::interprocess_event::SharedEvent;

/// `cudaIpcMemLazyEnablePeerAccess`.
pub const LAZY_ENABLE_PEER_ACCESS: u32 = 1;

/// A `cudaIpcMemHandle_t` or `cudaIpcEventHandle_t` (64 opaque bytes).
pub type Handle = [u8; 64];

const MEM_MAGIC: u64 = u64::from_le_bytes(*b"CuprIPCm");
const EVENT_MAGIC: u64 = u64::from_le_bytes(*b"CuprIPCe");

/// What a handle holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Fields {
    magic: u64,
    pid: u32,
    fd: i32,
    ino: u64,
    size: u64,
}

impl Fields {
    fn encode(self) -> Handle {
        let mut h = [0u8; 64];
        h[0..8].copy_from_slice(&self.magic.to_le_bytes());
        h[8..12].copy_from_slice(&self.pid.to_le_bytes());
        h[12..16].copy_from_slice(&self.fd.to_le_bytes());
        h[16..24].copy_from_slice(&self.ino.to_le_bytes());
        h[24..32].copy_from_slice(&self.size.to_le_bytes());
        h
    }

    /// The fields of a handle with `magic`; anything else is `cudaErrorInvalidValue`, one
    /// exported by this process `cudaErrorDeviceUninitialized`.
    fn decode(h: &Handle, magic: u64) -> Result<Fields> {
        let f = Fields {
            magic: u64::from_le_bytes(bytes(h, 0)),
            pid: u32::from_le_bytes(bytes(h, 8)),
            fd: i32::from_le_bytes(bytes(h, 12)),
            ino: u64::from_le_bytes(bytes(h, 16)),
            size: u64::from_le_bytes(bytes(h, 24)),
        };
        if f.magic != magic || f.pid == 0 || f.fd < 0 || h[32..].iter().any(|&b| b != 0) {
            return Err(Error::InvalidValue);
        }
        if f.pid == std::process::id() {
            return Err(Error::DeviceUninitialized);
        }
        Ok(f)
    }
}

/// The `N` bytes of `h` from `at` (`at + N <= 64` at every call site).
fn bytes<const N: usize>(h: &Handle, at: usize) -> [u8; N] {
    let mut b = [0u8; N];
    if let Some(s) = h.get(at..at + N) {
        b.copy_from_slice(s);
    }
    b
}

/// An allocation opened from another process's handle.
#[derive(Debug)]
struct Import {
    pid: u32,
    ino: u64,
    refs: u32,
}

/// This process's imported allocations by device base.
fn imports() -> std::sync::MutexGuard<'static, BTreeMap<u64, Import>> {
    static I: Mutex<BTreeMap<u64, Import>> = Mutex::new(BTreeMap::new());
    lock(&I)
}

/// Forgets every imported allocation (`cudaDeviceReset` drops the memory they live in).
pub(crate) fn forget() {
    imports().clear();
}

/// `cudaIpcGetMemHandle`: a handle for the `cudaMalloc` allocation containing `ptr`.
pub fn get_mem_handle(ptr: u64) -> Result<Handle> {
    api(|c| {
        let mem = c.mem();
        let base = mem.lookup(ptr).filter(|i| i.kind == simt::AllocKind::Device).map(|i| i.base);
        let Some(base) = base.filter(|b| lock(&c.allocs).contains_key(b)) else {
            return Err(Error::InvalidValue);
        };
        let (fd, ino, size) = mem.share(DevicePtr(base)).map_err(|e| match e {
            MemError::OutOfMemory(_) => Error::MemoryAllocation,
            _ => Error::InvalidValue,
        })?;
        Ok(Fields { magic: MEM_MAGIC, pid: std::process::id(), fd, ino, size }.encode())
    })
}

/// `cudaIpcOpenMemHandle`: maps another process's exported allocation; a handle already
/// open returns the same pointer again (and must be closed as often).
pub fn open_mem_handle(handle: &Handle, flags: u32) -> Result<DevicePtr> {
    api(|c| {
        if flags & !LAZY_ENABLE_PEER_ACCESS != 0 {
            return Err(Error::InvalidValue);
        }
        let f = Fields::decode(handle, MEM_MAGIC)?;
        let mut imports = imports();
        if let Some((&base, imp)) = imports.iter_mut().find(|(_, i)| (i.pid, i.ino) == (f.pid, f.ino)) {
            imp.refs = imp.refs.saturating_add(1);
            return Ok(DevicePtr(base));
        }
        let len = usize::try_from(f.size).map_err(|_| Error::InvalidValue)?;
        let map = SharedMap::open(f.pid, f.fd, f.ino, len).map_err(|_| Error::MapBufferObjectFailed)?;
        let p = c.mem().import(map, f.size).map_err(|_| Error::MapBufferObjectFailed)?;
        imports.insert(p.0, Import { pid: f.pid, ino: f.ino, refs: 1 });
        Ok(p)
    })
}

/// `cudaIpcCloseMemHandle`: drops one reference to an opened allocation; the last unmaps it
/// (after the device's pending work).
pub fn close_mem_handle(ptr: DevicePtr) -> Result<()> {
    api(|c| {
        let mut imports = imports();
        let imp = imports.get_mut(&ptr.0).ok_or(Error::InvalidValue)?;
        imp.refs -= 1;
        if imp.refs == 0 {
            imports.remove(&ptr.0);
            drop(imports);
            crate::stream::wait_all();
            c.mem().free(ptr).map_err(|_| Error::InvalidValue)?;
        }
        Ok(())
    })
}

/// `cudaIpcGetEventHandle`: a handle for an event created with `cudaEventInterprocess`
/// (else `cudaErrorInvalidResourceHandle`).
pub fn get_event_handle(e: Event) -> Result<Handle> {
    api(|_| {
        let ev = event::get(e)?;
        let shared = ev.ipc.as_ref().ok_or(Error::InvalidResourceHandle)?;
        let m = shared.map();
        Ok(Fields { magic: EVENT_MAGIC, pid: std::process::id(), fd: m.fd(), ino: m.ino(), size: m.len() as u64 }
            .encode())
    })
}

/// `cudaIpcOpenEventHandle`: an event (with `cudaEventDisableTiming`) that completes when the
/// exporting process's records of it do.
pub fn open_event_handle(handle: &Handle) -> Result<Event> {
    api(|_| {
        let f = Fields::decode(handle, EVENT_MAGIC)?;
        if f.size != 16 {
            return Err(Error::InvalidValue);
        }
        let map = SharedMap::open(f.pid, f.fd, f.ino, 16).map_err(|_| Error::MapBufferObjectFailed)?;
        let shared = SharedEvent::open(map);
        Ok(event::insert(event::DISABLE_TIMING | event::INTERPROCESS, Some(shared)))
    })
}
