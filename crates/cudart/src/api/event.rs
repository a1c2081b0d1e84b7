//! 6.5 Event Management: creating, recording, synchronizing, querying and timing events.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::event::Event;

use crate::args::Out;
use crate::{code, stream};

/// `cudaEventCreate(cudaEvent_t *event)`.
pub extern "C-unwind" fn cudaEventCreate(e: Out<*mut c_void>) -> i32 {
    e.put(Event::new().map(|e| e.0 as *mut c_void))
}

/// `cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)`.
pub extern "C-unwind" fn cudaEventCreateWithFlags(e: Out<*mut c_void>, flags: u32) -> i32 {
    e.put(Event::with_flags(flags).map(|e| e.0 as *mut c_void))
}

/// `cudaEventRecord(cudaEvent_t, cudaStream_t)`.
pub extern "C-unwind" fn cudaEventRecord(e: *mut c_void, s: *mut c_void) -> i32 {
    code(Event(e as u64).record(stream(s)))
}

/// `cudaEventRecordWithFlags(cudaEvent_t, cudaStream_t, unsigned int flags)`.
pub extern "C-unwind" fn cudaEventRecordWithFlags(e: *mut c_void, s: *mut c_void, flags: u32) -> i32 {
    code(Event(e as u64).record_with_flags(stream(s), flags))
}

/// `cudaEventSynchronize(cudaEvent_t)`.
pub extern "C-unwind" fn cudaEventSynchronize(e: *mut c_void) -> i32 {
    code(Event(e as u64).synchronize())
}

/// `cudaEventQuery(cudaEvent_t)`.
pub extern "C-unwind" fn cudaEventQuery(e: *mut c_void) -> i32 {
    code(Event(e as u64).query())
}

/// `cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)`.
pub extern "C-unwind" fn cudaEventElapsedTime(ms: Out<f32>, start: *mut c_void, end: *mut c_void) -> i32 {
    ms.put(Event::elapsed_ms(Event(start as u64), Event(end as u64)))
}

/// `cudaEventDestroy(cudaEvent_t)`.
pub extern "C-unwind" fn cudaEventDestroy(e: *mut c_void) -> i32 {
    code(Event(e as u64).destroy())
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_api_event.rs"));
