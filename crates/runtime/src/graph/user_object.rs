//! User objects (`cudaUserObject_t`): a reference-counted pointer with a destructor that runs
//! when the last reference goes. Graphs own references (`cudaGraphRetainUserObject`), and an
//! executable graph holds its graph's references for as long as it exists.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use super::{Graph, data_of};
use crate::context::{api, lock};
use crate::error::{Error, Result};

/// A destructor: a C function and its argument (as an address, so the table is `Send`).
#[derive(Debug, Clone, Copy)]
pub struct Destructor {
    /// `cudaHostFn_t destroy`.
    pub f: unsafe extern "C" fn(*mut std::ffi::c_void),
    /// `void *ptr`.
    pub ptr: usize,
}

struct Object {
    refs: u64,
    destroy: Destructor,
}

fn objects() -> MutexGuard<'static, HashMap<u64, Object>> {
    static O: std::sync::OnceLock<Mutex<HashMap<u64, Object>>> = std::sync::OnceLock::new();
    lock(O.get_or_init(Default::default))
}

/// `cudaUserObjectNoDestructorSync`: the only flag, and a required one.
pub const NO_DESTRUCTOR_SYNC: u32 = 1;
/// `cudaGraphUserObjectMove`: the graph takes over the caller's references.
pub const GRAPH_USER_OBJECT_MOVE: u32 = 1;

/// `cudaUserObjectCreate`: `refs` (> 0) references, `flags` must be
/// [`NO_DESTRUCTOR_SYNC`].
pub fn create(destroy: Destructor, refs: u32, flags: u32) -> Result<u64> {
    api(|c| {
        if refs == 0 || flags != NO_DESTRUCTOR_SYNC {
            return Err(Error::InvalidValue);
        }
        let h = c.handle();
        objects().insert(h, Object { refs: u64::from(refs), destroy });
        Ok(h)
    })
}

/// `cudaUserObjectRetain` (`count` > 0).
pub fn retain(obj: u64, count: u32) -> Result<()> {
    api(|_| {
        if count == 0 {
            return Err(Error::InvalidValue);
        }
        let mut o = objects();
        let e = o.get_mut(&obj).ok_or(Error::InvalidValue)?;
        e.refs += u64::from(count);
        Ok(())
    })
}

/// Drops `count` references; the destructor runs (here, on the calling thread, after the
/// table lock is released) when none are left.
pub(crate) fn release_refs(obj: u64, count: u64) -> Result<()> {
    let d = {
        let mut o = objects();
        let e = o.get_mut(&obj).ok_or(Error::InvalidValue)?;
        if count > e.refs {
            return Err(Error::InvalidValue);
        }
        e.refs -= count;
        if e.refs > 0 {
            return Ok(());
        }
        o.remove(&obj).map(|e| e.destroy)
    };
    if let Some(d) = d {
        // SAFETY: `cudaUserObjectCreate`'s contract: `f` may be called with `ptr` once, when
        // the last reference is released.
        unsafe { (d.f)(d.ptr as *mut std::ffi::c_void) };
    }
    Ok(())
}

/// `cudaUserObjectRelease` (`count` > 0, at most the references held).
pub fn release(obj: u64, count: u32) -> Result<()> {
    api(|_| if count == 0 { Err(Error::InvalidValue) } else { release_refs(obj, u64::from(count)) })
}

/// References a graph or executable graph holds: object → count.
pub(crate) type Refs = HashMap<u64, u64>;

/// Drops every reference in `refs`.
pub(crate) fn release_all(refs: &Refs) {
    for (&o, &n) in refs {
        let _ = release_refs(o, n);
    }
}

/// Takes one more reference of everything in `refs` (for an executable graph).
pub(crate) fn retain_all(refs: &Refs) {
    let mut o = objects();
    for (k, n) in refs {
        if let Some(e) = o.get_mut(k) {
            e.refs += n;
        }
    }
}

impl Graph {
    /// `cudaGraphRetainUserObject`: the graph takes `count` references (with
    /// [`GRAPH_USER_OBJECT_MOVE`], the caller's own, else new ones).
    pub fn retain_user_object(self, obj: u64, count: u32, flags: u32) -> Result<()> {
        api(|_| {
            if count == 0 || flags & !GRAPH_USER_OBJECT_MOVE != 0 {
                return Err(Error::InvalidValue);
            }
            let d = data_of(self)?;
            {
                let mut o = objects();
                let e = o.get_mut(&obj).ok_or(Error::InvalidValue)?;
                if flags & GRAPH_USER_OBJECT_MOVE == 0 {
                    e.refs += u64::from(count);
                } else if e.refs < u64::from(count) {
                    return Err(Error::InvalidValue);
                }
            }
            *lock(&d).user_refs.entry(obj).or_insert(0) += u64::from(count);
            Ok(())
        })
    }

    /// `cudaGraphReleaseUserObject`: drops `count` of the graph's references.
    pub fn release_user_object(self, obj: u64, count: u32) -> Result<()> {
        api(|_| {
            if count == 0 {
                return Err(Error::InvalidValue);
            }
            let d = data_of(self)?;
            {
                let mut g = lock(&d);
                // Releasing more references than the graph holds releases them all, and
                // succeeds, as on an H100; so does releasing when it holds none (an H200).
                let Some(held) = g.user_refs.get_mut(&obj) else { return Ok(()) };
                let count = u32::try_from((*held).min(u64::from(count))).unwrap_or(u32::MAX);
                *held -= u64::from(count);
                if *held == 0 {
                    g.user_refs.remove(&obj);
                }
            }
            release_refs(obj, u64::from(count))
        })
    }
}
