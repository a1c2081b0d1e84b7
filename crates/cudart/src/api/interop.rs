//! 6.15-6.21 Graphics interoperability: OpenGL (and its deprecated API), VDPAU, EGL, and the
//! graphics resources they register.
//!
//! Cuprite's device is the CPU, on which no OpenGL context, VDPAU device or EGL display renders:
//! nothing can be registered. Each function fails as CUDA 13's runtime fails on a machine
//! without a display (an H200 host: notes/gpu-unseen/interop_errors.gpu.txt), so programs take
//! the same error paths as there, and the first call of each function that needs a graphics API
//! notes on stderr that Cuprite has none. Since no resource can exist, every resource handle
//! is invalid (`cudaErrorInvalidResourceHandle`), and so is every EGL stream connection.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashSet;
use std::ffi::c_void;
use std::sync::Mutex;

use runtime::{Error, record};

use crate::code;

/// `function`'s error `e`, recorded as the thread's last error, after a one-time note that the
/// graphics API `api` it needs is not there.
fn without_graphics(function: &'static str, api: &str, e: Error) -> i32 {
    static NOTED: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut noted = NOTED.lock().unwrap_or_else(|p| p.into_inner());
    if noted.get_or_insert_with(HashSet::new).insert(function) {
        eprintln!(
            "cuprite: {function}: {api} interoperability is not supported (Cuprite's device is the CPU, which no {api} \
             renders on); it returns {}, as CUDA does on a machine without a display",
            e.name()
        );
    }
    code(record::<()>(Err(e)))
}

/// An error that needs no note (a handle or argument no call could have made valid).
fn fail(e: Error) -> i32 {
    code(record::<()>(Err(e)))
}

/// A GL object name: 0 names no object (`cudaErrorInvalidValue`); any other needs an OpenGL
/// context (`cudaErrorOperatingSystem`).
fn gl_object(function: &'static str, resource_ok: bool, object: u32) -> i32 {
    if !resource_ok || object == 0 {
        return fail(Error::InvalidValue);
    }
    without_graphics(function, "OpenGL", Error::OperatingSystem)
}

/// `cudaGLGetDevices(unsigned *count, int *devices, unsigned n, cudaGLDeviceList list)`: there is
/// no OpenGL context to ask; the outputs are left as they are.
pub fn cudaGLGetDevices(_count: *mut u32, _devices: *mut i32, _n: u32, _list: i32) -> i32 {
    without_graphics("cudaGLGetDevices", "OpenGL", Error::OperatingSystem)
}

/// `cudaGraphicsGLRegisterBuffer(cudaGraphicsResource **resource, GLuint buffer, unsigned flags)`.
pub fn cudaGraphicsGLRegisterBuffer(resource: *mut *mut c_void, buffer: u32, _flags: u32) -> i32 {
    gl_object("cudaGraphicsGLRegisterBuffer", !resource.is_null(), buffer)
}

/// `cudaGraphicsGLRegisterImage(cudaGraphicsResource **resource, GLuint image, GLenum target,
/// unsigned flags)`.
pub fn cudaGraphicsGLRegisterImage(resource: *mut *mut c_void, image: u32, _target: u32, _flags: u32) -> i32 {
    gl_object("cudaGraphicsGLRegisterImage", !resource.is_null(), image)
}

/// `cudaGLSetGLDevice(int device)` (deprecated): the device is in use already.
pub fn cudaGLSetGLDevice(_device: i32) -> i32 {
    without_graphics("cudaGLSetGLDevice", "OpenGL", Error::SetOnActiveProcess)
}

/// `cudaGLRegisterBufferObject(GLuint bufObj)` (deprecated).
pub fn cudaGLRegisterBufferObject(buffer: u32) -> i32 {
    gl_object("cudaGLRegisterBufferObject", true, buffer)
}

/// `cudaGLUnregisterBufferObject(GLuint bufObj)` (deprecated).
pub fn cudaGLUnregisterBufferObject(buffer: u32) -> i32 {
    gl_object("cudaGLUnregisterBufferObject", true, buffer)
}

/// `cudaGLMapBufferObject(void **devPtr, GLuint bufObj)` (deprecated): no buffer is registered.
pub fn cudaGLMapBufferObject(_ptr: *mut *mut c_void, _buffer: u32) -> i32 {
    fail(Error::InvalidValue)
}

/// `cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream)` (deprecated).
pub fn cudaGLMapBufferObjectAsync(_ptr: *mut *mut c_void, _buffer: u32, _stream: *mut c_void) -> i32 {
    fail(Error::InvalidValue)
}

/// `cudaGLUnmapBufferObject(GLuint bufObj)` (deprecated).
pub fn cudaGLUnmapBufferObject(_buffer: u32) -> i32 {
    fail(Error::InvalidValue)
}

/// `cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream)` (deprecated).
pub fn cudaGLUnmapBufferObjectAsync(_buffer: u32, _stream: *mut c_void) -> i32 {
    fail(Error::InvalidValue)
}

/// `cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned flags)` (deprecated).
pub fn cudaGLSetBufferObjectMapFlags(_buffer: u32, _flags: u32) -> i32 {
    fail(Error::InvalidValue)
}

/// `cudaVDPAUGetDevice(int *device, VdpDevice vdpDevice, VdpGetProcAddress *getProcAddress)`.
pub fn cudaVDPAUGetDevice(_device: *mut i32, _vdp: u32, _get_proc: *mut c_void) -> i32 {
    without_graphics("cudaVDPAUGetDevice", "VDPAU", Error::InvalidValue)
}

/// `cudaVDPAUSetVDPAUDevice(int device, VdpDevice vdpDevice, VdpGetProcAddress *getProcAddress)`:
/// the device is in use already.
pub fn cudaVDPAUSetVDPAUDevice(_device: i32, _vdp: u32, _get_proc: *mut c_void) -> i32 {
    without_graphics("cudaVDPAUSetVDPAUDevice", "VDPAU", Error::SetOnActiveProcess)
}

/// `cudaGraphicsVDPAURegisterVideoSurface(cudaGraphicsResource **resource, VdpVideoSurface
/// surface, unsigned flags)`: no VDPAU device was set.
pub fn cudaGraphicsVDPAURegisterVideoSurface(_r: *mut *mut c_void, _surface: u32, _flags: u32) -> i32 {
    without_graphics("cudaGraphicsVDPAURegisterVideoSurface", "VDPAU", Error::DeviceUninitialized)
}

/// `cudaGraphicsVDPAURegisterOutputSurface(cudaGraphicsResource **resource, VdpOutputSurface
/// surface, unsigned flags)`.
pub fn cudaGraphicsVDPAURegisterOutputSurface(_r: *mut *mut c_void, _surface: u32, _flags: u32) -> i32 {
    without_graphics("cudaGraphicsVDPAURegisterOutputSurface", "VDPAU", Error::DeviceUninitialized)
}

/// `cudaGraphicsEGLRegisterImage(cudaGraphicsResource **resource, EGLImageKHR image, unsigned
/// flags)`.
pub fn cudaGraphicsEGLRegisterImage(_r: *mut *mut c_void, _image: *mut c_void, _flags: u32) -> i32 {
    without_graphics("cudaGraphicsEGLRegisterImage", "EGL", Error::Unknown)
}

/// `cudaEGLStreamConsumerConnectWithFlags(cudaEglStreamConnection *conn, EGLStreamKHR stream,
/// unsigned flags)`.
pub fn cudaEGLStreamConsumerConnectWithFlags(_conn: *mut *mut c_void, _stream: *mut c_void, _flags: u32) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaEGLStreamProducerConnect(cudaEglStreamConnection *conn, EGLStreamKHR stream, EGLint
/// width, EGLint height)`.
pub fn cudaEGLStreamProducerConnect(_conn: *mut *mut c_void, _stream: *mut c_void, _width: i32, _height: i32) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaEGLStreamConsumerDisconnect(cudaEglStreamConnection *conn)`: no connection exists.
pub fn cudaEGLStreamConsumerDisconnect(_conn: *mut *mut c_void) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaEGLStreamProducerDisconnect(cudaEglStreamConnection *conn)`.
pub fn cudaEGLStreamProducerDisconnect(_conn: *mut *mut c_void) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaEGLStreamConsumerAcquireFrame(cudaEglStreamConnection *conn, cudaGraphicsResource_t
/// *resource, cudaStream_t *stream, unsigned timeout)`.
pub fn cudaEGLStreamConsumerAcquireFrame(
    _conn: *mut *mut c_void,
    _resource: *mut *mut c_void,
    _stream: *mut *mut c_void,
    _timeout: u32,
) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaEGLStreamConsumerReleaseFrame(cudaEglStreamConnection *conn, cudaGraphicsResource_t
/// resource, cudaStream_t *stream)`.
pub fn cudaEGLStreamConsumerReleaseFrame(
    _conn: *mut *mut c_void,
    _resource: *mut c_void,
    _stream: *mut *mut c_void,
) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// The layout of `cudaEglFrame` (cuda_egl_interop.h: three plane pointers or pitched pointers,
/// three plane descriptions, the plane count, frame type and color format; 280 bytes,
/// 8-aligned), which `cudaEGLStreamProducerPresentFrame` takes by value.
#[repr(C)]
#[derive(Debug)]
pub struct EglFrame([u64; 35]);

/// `cudaEGLStreamProducerPresentFrame(cudaEglStreamConnection *conn, cudaEglFrame frame,
/// cudaStream_t *stream)`.
pub fn cudaEGLStreamProducerPresentFrame(_conn: *mut *mut c_void, _frame: EglFrame, _stream: *mut *mut c_void) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaEGLStreamProducerReturnFrame(cudaEglStreamConnection *conn, cudaEglFrame *frame,
/// cudaStream_t *stream)`.
pub fn cudaEGLStreamProducerReturnFrame(
    _conn: *mut *mut c_void,
    _frame: *mut EglFrame,
    _stream: *mut *mut c_void,
) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaGraphicsResourceGetMappedEglFrame(cudaEglFrame *frame, cudaGraphicsResource_t resource,
/// unsigned index, unsigned mipLevel)`.
pub fn cudaGraphicsResourceGetMappedEglFrame(
    _frame: *mut EglFrame,
    _resource: *mut c_void,
    _index: u32,
    _level: u32,
) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaEventCreateFromEGLSync(cudaEvent_t *event, EGLSyncKHR sync, unsigned flags)`: not
/// supported, and (as CUDA) not recorded as the last error.
pub fn cudaEventCreateFromEGLSync(_event: *mut *mut c_void, _sync: *mut c_void, _flags: u32) -> i32 {
    Error::NotSupported.code()
}

/// `cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource)`.
pub fn cudaGraphicsUnregisterResource(_resource: *mut c_void) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t
/// stream)`: none to map (`count` below 1 or no array: `cudaErrorInvalidValue`).
pub fn cudaGraphicsMapResources(count: i32, resources: *mut *mut c_void, _stream: *mut c_void) -> i32 {
    fail(if count < 1 || resources.is_null() { Error::InvalidValue } else { Error::InvalidResourceHandle })
}

/// `cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t
/// stream)`.
pub fn cudaGraphicsUnmapResources(count: i32, resources: *mut *mut c_void, _stream: *mut c_void) -> i32 {
    fail(if count < 1 || resources.is_null() { Error::InvalidValue } else { Error::InvalidResourceHandle })
}

/// `cudaGraphicsResourceGetMappedPointer(void **ptr, size_t *size, cudaGraphicsResource_t
/// resource)`.
pub fn cudaGraphicsResourceGetMappedPointer(_ptr: *mut *mut c_void, _size: *mut usize, _resource: *mut c_void) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned flags)`.
pub fn cudaGraphicsResourceSetMapFlags(_resource: *mut c_void, _flags: u32) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t resource,
/// unsigned arrayIndex, unsigned mipLevel)`.
pub fn cudaGraphicsSubResourceGetMappedArray(
    _array: *mut *mut c_void,
    _resource: *mut c_void,
    _index: u32,
    _level: u32,
) -> i32 {
    fail(Error::InvalidResourceHandle)
}

/// `cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *array,
/// cudaGraphicsResource_t resource)`.
pub fn cudaGraphicsResourceGetMappedMipmappedArray(_array: *mut *mut c_void, _resource: *mut c_void) -> i32 {
    fail(Error::InvalidResourceHandle)
}
