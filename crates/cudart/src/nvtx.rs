//! Cuprite's own entry points for NVTX (`include/nvtx3/nvToolsExt.h` calls them through weak
//! references, so a program linked against NVIDIA's runtime, which has none, runs as with no
//! tool attached): the program's ranges go into `CUPRITE_PROFILE`'s summary and
//! `CUPRITE_TRACE`'s trace, as an NVTX tool would show them.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_char;

use crate::args::CStrArg;

/// `int __cupriteNvtxRangePush(const char *message)`: opens a range named `message` on the
/// calling thread; its nesting level, or NVTX_NO_PUSH_POP_TRACKING (-2) when profiling is off.
pub fn __cupriteNvtxRangePush(message: CStrArg) -> i32 {
    let name = message.to_string_lossy().unwrap_or_default();
    runtime::profile::range_push(&name)
}

/// `const char *__cupriteNvtxRegisterString(const char *text)`: the handle of a registered
/// string (its text, copied), or null when profiling is off (NVTX's handle with no tool).
pub fn __cupriteNvtxRegisterString(text: CStrArg) -> *const c_char {
    let text = text.to_string_lossy().unwrap_or_default();
    runtime::profile::register_string(&text).map_or(std::ptr::null(), |s| s.as_ptr())
}

/// `int __cupriteNvtxRangePop(void)`: closes the calling thread's innermost range.
pub fn __cupriteNvtxRangePop() -> i32 {
    runtime::profile::range_pop()
}
