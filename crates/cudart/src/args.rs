//! The pointer arguments of the C API, converted in one place.
//!
//! A CUDA call's pointer arguments come with a contract the Runtime API reference states and
//! the C caller upholds: an output pointer is null or valid for writes of its type, an input
//! pointer null or valid for reads, a string null or NUL-terminated. The entry points take
//! such arguments as these types rather than raw pointers (each `#[repr(transparent)]` over
//! its pointer, so the C signature is unchanged), so the contract is argued once, here, and a
//! null argument becomes the error CUDA gives for it (`cudaErrorInvalidValue`) in one place.
//!
//! Rust code cannot make one from an arbitrary pointer without `unsafe` (the constructors are
//! `unsafe fn`s that take over the contract); the exported functions receive them from C.

use std::ffi::{CStr, c_char, c_void};

use runtime::{Error, Result};

use crate::{code, invalid};

/// An output argument `T *`: null, or valid for writes of a `T` (aligned).
#[repr(transparent)]
#[derive(Debug)]
pub struct Out<T>(*mut T);

// Copies share the argument (and its contract), as copies of the pointer would.
impl<T> Clone for Out<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Out<T> {}

impl<T> Out<T> {
    /// An output argument from a pointer.
    ///
    /// # Safety
    /// `p` must be null or valid for writes of a `T` for as long as the `Out` is used.
    pub unsafe fn new(p: *mut T) -> Out<T> {
        Out(p)
    }

    /// Whether the caller passed null.
    pub fn is_null(&self) -> bool {
        self.0.is_null()
    }

    /// The pointer the caller passed.
    pub fn as_ptr(&self) -> *mut T {
        self.0
    }

    /// Writes `v` unless the argument is null; whether it wrote.
    pub fn write(&self, v: T) -> bool {
        if self.0.is_null() {
            return false;
        }
        // SAFETY: an `Out` is null or valid for writes of a `T`: the CUDA API's contract for
        // an output argument, which the C caller upholds (or `Out::new`'s caller); not null here.
        unsafe { self.0.write(v) };
        true
    }

    /// A call's result through its output argument: `cudaErrorInvalidValue` when the argument
    /// is null, else the result's error, or success with its value written.
    pub fn put(&self, r: Result<T>) -> i32 {
        if self.is_null() {
            return invalid();
        }
        code(r.map(|v| {
            self.write(v);
        }))
    }

    /// As [`Out::put`], but `f` runs only when the argument is not null (for calls with side
    /// effects, such as allocations, which must not happen when their result cannot be
    /// returned).
    pub fn put_with(&self, f: impl FnOnce() -> Result<T>) -> i32 {
        if self.is_null() {
            return invalid();
        }
        self.put(f())
    }
}

impl Out<*mut c_void> {
    /// For allocations: as [`Out::put`], but a failure also writes a null pointer (CUDA clears
    /// the caller's pointer when an allocation fails, so `if (p)` checks see it).
    pub fn put_alloc(&self, r: Result<*mut c_void>) -> i32 {
        if self.is_null() {
            return invalid();
        }
        let r = r.inspect_err(|_| {
            self.write(std::ptr::null_mut());
        });
        self.put(r)
    }
}

/// An input argument `const T *`: null, or valid for reads of a `T` (aligned).
#[repr(transparent)]
#[derive(Debug)]
pub struct In<T>(*const T);

impl<T> Clone for In<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for In<T> {}

impl<T: Copy> In<T> {
    /// An input argument from a pointer.
    ///
    /// # Safety
    /// `p` must be null or valid for reads of a `T` for as long as the `In` is used.
    pub unsafe fn new(p: *const T) -> In<T> {
        In(p)
    }

    /// The value, or `None` when the caller passed null.
    pub fn get(&self) -> Option<T> {
        // SAFETY: an `In` is null or valid for reads of a `T`: the CUDA API's contract for an
        // input argument, which the C caller upholds (or `In::new`'s caller).
        unsafe { self.0.as_ref() }.copied()
    }

    /// The value; `cudaErrorInvalidValue` when the caller passed null.
    pub fn read(&self) -> Result<T> {
        self.get().ok_or(Error::InvalidValue)
    }
}

/// A string argument `const char *`: null, or NUL-terminated.
#[repr(transparent)]
#[derive(Debug, Clone, Copy)]
pub struct CStrArg(*const c_char);

impl CStrArg {
    /// A string argument from a pointer.
    ///
    /// # Safety
    /// `p` must be null or point to a NUL-terminated string that lives as long as the
    /// `CStrArg` is used.
    pub unsafe fn new(p: *const c_char) -> CStrArg {
        CStrArg(p)
    }

    /// Whether the caller passed null.
    pub fn is_null(&self) -> bool {
        self.0.is_null()
    }

    /// The string (invalid UTF-8 replaced), or `None` when the caller passed null.
    pub fn to_string_lossy(&self) -> Option<String> {
        if self.0.is_null() {
            return None;
        }
        // SAFETY: a `CStrArg` is null or NUL-terminated: the CUDA API's contract for a string
        // argument, which the C caller upholds (or `CStrArg::new`'s caller); not null here.
        Some(unsafe { CStr::from_ptr(self.0) }.to_string_lossy().into_owned())
    }
}

/// `dim3`, passed by value (launch configurations of the runtime API and of nvcc's launch ABI).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Dim3C {
    /// x.
    pub x: u32,
    /// y.
    pub y: u32,
    /// z.
    pub z: u32,
}

impl From<Dim3C> for runtime::Dim3 {
    fn from(d: Dim3C) -> runtime::Dim3 {
        runtime::Dim3::new(d.x, d.y, d.z)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_writes_the_value_of_a_success() {
        let mut v = 0i32;
        // SAFETY: `v` is live and writable for the test.
        let out = unsafe { Out::new(&mut v) };
        assert_eq!(out.put(Ok(7)), 0);
        assert_eq!(v, 7);
    }

    #[test]
    fn a_null_output_is_invalid_value_and_put_with_does_not_run() {
        // SAFETY: null is allowed.
        let out = unsafe { Out::<i32>::new(std::ptr::null_mut()) };
        assert_eq!(out.put(Ok(1)), 1);
        let mut ran = false;
        assert_eq!(
            out.put_with(|| {
                ran = true;
                Ok(1)
            }),
            1
        );
        assert!(!ran);
        assert!(!out.write(1));
    }

    #[test]
    fn a_failed_allocation_clears_the_pointer() {
        let mut p = 8usize as *mut c_void;
        // SAFETY: `p` is live and writable for the test.
        let out = unsafe { Out::new(&mut p) };
        assert_eq!(out.put_alloc(Err(Error::MemoryAllocation)), 2);
        assert!(p.is_null());
    }

    #[test]
    fn inputs_and_strings_read_what_the_caller_passed_and_null_is_none() {
        let v = 5u64;
        // SAFETY: `v` is live for the test; null is allowed.
        let (input, null) = unsafe { (In::new(&v), In::<u64>::new(std::ptr::null())) };
        assert_eq!(input.get(), Some(5));
        assert_eq!(null.read(), Err(Error::InvalidValue));
        let s = c"sm_90";
        // SAFETY: a NUL-terminated literal; null is allowed.
        let (s, none) = unsafe { (CStrArg::new(s.as_ptr()), CStrArg::new(std::ptr::null())) };
        assert_eq!(s.to_string_lossy().as_deref(), Some("sm_90"));
        assert_eq!(none.to_string_lossy(), None);
    }
}
