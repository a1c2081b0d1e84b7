/* Cuprite's CUDA toolkit headers: cudart_platform.h, which says whether the platform has EGL
 * interoperability (isEglSupported). Cuprite's device has no graphics API: it is not defined,
 * and cuda_egl_interop.h's functions fail with cudaErrorNotSupported. */
#ifndef __CUDART_PLATFORM_H__
#define __CUDART_PLATFORM_H__
#endif
