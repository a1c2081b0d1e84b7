//! 6.5 Event Management: creating, recording, synchronizing, querying and timing events.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::event::Event;

use crate::args::Out;
use crate::{code, stream};

/// `cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)`.
pub fn cudaEventCreateWithFlags(e: Out<*mut c_void>, flags: u32) -> i32 {
    e.put(Event::with_flags(flags).map(|e| e.0 as *mut c_void))
}

/// `cudaEventRecordWithFlags(cudaEvent_t, cudaStream_t, unsigned int flags)`.
pub fn cudaEventRecordWithFlags(e: *mut c_void, s: *mut c_void, flags: u32) -> i32 {
    code(Event(e as u64).record_with_flags(stream(s), flags))
}

/// `cudaEventSynchronize(cudaEvent_t)`.
pub fn cudaEventSynchronize(e: *mut c_void) -> i32 {
    code(Event(e as u64).synchronize())
}

/// `cudaEventQuery(cudaEvent_t)`.
pub fn cudaEventQuery(e: *mut c_void) -> i32 {
    code(Event(e as u64).query())
}

/// `cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)`.
pub fn cudaEventElapsedTime(ms: Out<f32>, start: *mut c_void, end: *mut c_void) -> i32 {
    ms.put(Event::elapsed_ms(Event(start as u64), Event(end as u64)))
}

/// `cudaEventDestroy(cudaEvent_t)`.
pub fn cudaEventDestroy(e: *mut c_void) -> i32 {
    code(Event(e as u64).destroy())
}
