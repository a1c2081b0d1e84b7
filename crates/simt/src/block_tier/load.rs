//! Loading a compiled kernel's shared object (`dlopen`) and finding its entry point.

use std::ffi::CString;
use std::path::Path;

use super::run::BlockFn;

/// A loaded shared object, closed when dropped.
#[derive(Debug)]
pub(crate) struct Library {
    handle: *mut libc::c_void,
    entry: BlockFn,
}

// SAFETY: the handle is only used by `dlclose` on drop, and `entry` is a plain function
// pointer into code that never changes after `dlopen`; both may move between threads.
unsafe impl Send for Library {}
// SAFETY: as above: shared references only call `entry`, which is reentrant (every call
// works on the buffers its caller passes).
unsafe impl Sync for Library {}

impl Library {
    /// Opens `path` and finds function `name` in it.
    pub(crate) fn open(path: &Path, name: &str) -> Result<Library, String> {
        let cpath = CString::new(path.as_os_str().as_encoded_bytes()).map_err(|_| "NUL in path".to_string())?;
        let cname = CString::new(name).map_err(|_| "NUL in name".to_string())?;
        // SAFETY: `cpath` is a NUL-terminated path; the shared object is one we compiled from
        // our own source, whose only initialisation is the C runtime's.
        let handle = unsafe { libc::dlopen(cpath.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            return Err(format!("dlopen {} failed: {}", path.display(), dl_error()));
        }
        // SAFETY: `handle` is a live handle and `cname` NUL-terminated.
        let sym = unsafe { libc::dlsym(handle, cname.as_ptr()) };
        if sym.is_null() {
            // SAFETY: `handle` came from `dlopen` and is closed once.
            unsafe { libc::dlclose(handle) };
            return Err(format!("{name} not found in {}", path.display()));
        }
        // SAFETY: the generated source defines `name` with exactly `BlockFn`'s C signature
        // (`emit::prologue`), and a function pointer has the size of a data pointer here.
        let entry = unsafe { std::mem::transmute::<*mut libc::c_void, BlockFn>(sym) };
        Ok(Library { handle, entry })
    }

    /// The entry point (valid while `self` lives).
    pub(crate) fn entry(&self) -> BlockFn {
        self.entry
    }
}

impl Drop for Library {
    fn drop(&mut self) {
        // SAFETY: `handle` came from `dlopen` and no code of it runs once its owner is gone
        // (launches borrow the owner).
        unsafe { libc::dlclose(self.handle) };
    }
}

/// The last `dlerror` message.
fn dl_error() -> String {
    // SAFETY: `dlerror` returns NULL or a NUL-terminated string valid until the next call.
    let e = unsafe { libc::dlerror() };
    if e.is_null() {
        return "unknown error".into();
    }
    // SAFETY: as above; copied at once.
    unsafe { std::ffi::CStr::from_ptr(e) }.to_string_lossy().into_owned()
}
