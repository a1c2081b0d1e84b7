//! Interprocess communication: `cudaIpc{Get,Open,Close}MemHandle`,
//! `cudaIpc{Get,Open}EventHandle` (over `runtime::ipc`).

#![allow(non_snake_case)]

use std::ffi::{c_char, c_void};

use runtime::event::Event;
use runtime::{DevicePtr, ipc};

use crate::{code, invalid, out};

/// `cudaIpcMemHandle_t` / `cudaIpcEventHandle_t`: 64 opaque bytes, passed by value.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct IpcHandle {
    /// The handle's bytes.
    pub reserved: [c_char; 64],
}

impl IpcHandle {
    fn from_bytes(b: ipc::Handle) -> IpcHandle {
        IpcHandle { reserved: b.map(|x| x as c_char) }
    }

    fn bytes(&self) -> ipc::Handle {
        self.reserved.map(|x| x as u8)
    }
}

/// `cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr)`.
///
/// # Safety
/// `handle` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaIpcGetMemHandle(handle: *mut IpcHandle, dev_ptr: *mut c_void) -> i32 {
    if handle.is_null() || dev_ptr.is_null() {
        return invalid();
    }
    // SAFETY: forwarded contract (non-null).
    unsafe { out(handle, ipc::get_mem_handle(dev_ptr as u64).map(IpcHandle::from_bytes)) }
}

/// `cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags)`.
///
/// # Safety
/// `dev_ptr` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaIpcOpenMemHandle(dev_ptr: *mut *mut c_void, handle: IpcHandle, flags: u32) -> i32 {
    if dev_ptr.is_null() {
        return invalid();
    }
    // SAFETY: forwarded contract (non-null).
    unsafe { out(dev_ptr, ipc::open_mem_handle(&handle.bytes(), flags).map(|p| p.0 as *mut c_void)) }
}

/// `cudaIpcCloseMemHandle(void *devPtr)`.
pub extern "C-unwind" fn cudaIpcCloseMemHandle(dev_ptr: *mut c_void) -> i32 {
    code(ipc::close_mem_handle(DevicePtr(dev_ptr as u64)))
}

/// `cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event)`.
///
/// # Safety
/// `handle` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaIpcGetEventHandle(handle: *mut IpcHandle, event: *mut c_void) -> i32 {
    if handle.is_null() {
        return invalid();
    }
    // SAFETY: forwarded contract (non-null).
    unsafe { out(handle, ipc::get_event_handle(Event(event as u64)).map(IpcHandle::from_bytes)) }
}

/// `cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle)`.
///
/// # Safety
/// `event` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaIpcOpenEventHandle(event: *mut *mut c_void, handle: IpcHandle) -> i32 {
    if event.is_null() {
        return invalid();
    }
    // SAFETY: forwarded contract (non-null).
    unsafe { out(event, ipc::open_event_handle(&handle.bytes()).map(|e| e.0 as *mut c_void)) }
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_ipc.rs"));
