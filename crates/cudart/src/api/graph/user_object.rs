//! User objects (6.30 Graph Management): reference-counted host objects graphs retain.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::graph::{Graph, user_object};

use crate::args::Out;
use crate::{code, invalid};

/// `cudaUserObjectCreate(cudaUserObject_t *, void *ptr, cudaHostFn_t destroy, unsigned int
/// initialRefcount, unsigned int flags)`: `flags` must be `cudaUserObjectNoDestructorSync`.
pub fn cudaUserObjectCreate(
    obj: Out<*mut c_void>,
    ptr: *mut c_void,
    destroy: Option<unsafe extern "C" fn(*mut c_void)>,
    refs: u32,
    flags: u32,
) -> i32 {
    if obj.is_null() {
        return invalid();
    }
    let Some(f) = destroy else { return invalid() };
    let d = user_object::Destructor { f, ptr: ptr as usize };
    obj.put(user_object::create(d, refs, flags).map(|h| h as *mut c_void))
}

/// `cudaUserObjectRetain(cudaUserObject_t, unsigned int count)`.
pub fn cudaUserObjectRetain(obj: *mut c_void, count: u32) -> i32 {
    code(user_object::retain(obj as u64, count))
}

/// `cudaUserObjectRelease(cudaUserObject_t, unsigned int count)`: the destructor runs when the
/// last reference goes.
pub fn cudaUserObjectRelease(obj: *mut c_void, count: u32) -> i32 {
    code(user_object::release(obj as u64, count))
}

/// `cudaGraphRetainUserObject(cudaGraph_t, cudaUserObject_t, unsigned int count, unsigned int
/// flags)`.
pub fn cudaGraphRetainUserObject(g: *mut c_void, obj: *mut c_void, count: u32, flags: u32) -> i32 {
    code(Graph(g as u64).retain_user_object(obj as u64, count, flags))
}

/// `cudaGraphReleaseUserObject(cudaGraph_t, cudaUserObject_t, unsigned int count)`.
pub fn cudaGraphReleaseUserObject(g: *mut c_void, obj: *mut c_void, count: u32) -> i32 {
    code(Graph(g as u64).release_user_object(obj as u64, count))
}
