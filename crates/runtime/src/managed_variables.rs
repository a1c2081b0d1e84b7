//! `__managed__` variables whose storage is their host object: clang's host code reads and
//! writes such a variable's host object directly (nvcc's goes through a pointer the runtime
//! fills), so the module's variable is bound to that object ([`crate::module::Module::
//! bind_managed_variable`]). simt maps the object as host memory; the pointer and range APIs
//! see it as the managed memory it is.

use std::sync::Mutex;

use crate::context::lock;

/// The variables: (host address, size), sorted by address, disjoint.
static VARIABLES: Mutex<Vec<(u64, u64)>> = Mutex::new(Vec::new());

/// Records the variable at `base` (`size` bytes; a second record of the same one is ignored).
pub(crate) fn register(base: u64, size: u64) {
    let mut v = lock(&VARIABLES);
    if let Err(i) = v.binary_search_by_key(&base, |&(b, _)| b) {
        v.insert(i, (base, size.max(1)));
    }
}

/// The variable holding `addr`: its address and size.
pub(crate) fn containing(addr: u64) -> Option<(u64, u64)> {
    let v = lock(&VARIABLES);
    let i = v.partition_point(|&(b, _)| b <= addr);
    v[..i].last().copied().filter(|&(b, s)| addr - b < s)
}
