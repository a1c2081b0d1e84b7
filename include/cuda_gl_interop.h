/* Cuprite's CUDA toolkit headers: OpenGL interoperability of the CUDA Runtime API
 * (cuda_gl_interop.h; Runtime API reference 6.15 "OpenGL Interoperability" and its deprecated
 * companion). Cuprite's device is the CPU, which no OpenGL context renders on: no buffer or
 * image can be registered (cudaErrorNotSupported, with a note on stderr naming the function),
 * and cudaGLGetDevices finds no CUDA device behind the context. The OpenGL types come from
 * <GL/gl.h> where it is installed. */
#ifndef __CUDA_GL_INTEROP_H__
#define __CUDA_GL_INTEROP_H__

#include "cuda_runtime_api.h"

#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#else
typedef unsigned int GLuint;
typedef unsigned int GLenum;
#endif

#if defined(__cplusplus)
extern "C" {
#endif

/* Which of the context's GPUs cudaGLGetDevices lists. */
enum cudaGLDeviceList {
    cudaGLDeviceListAll = 1,
    cudaGLDeviceListCurrentFrame = 2,
    cudaGLDeviceListNextFrame = 3
};

/* How CUDA uses a mapped buffer object (deprecated API). */
enum cudaGLMapFlags {
    cudaGLMapFlagsNone = 0,
    cudaGLMapFlagsReadOnly = 1,
    cudaGLMapFlagsWriteDiscard = 2
};

extern __host__ cudaError_t CUDARTAPI cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices,
                                                       unsigned int cudaDeviceCount, enum cudaGLDeviceList deviceList);
extern __host__ cudaError_t CUDARTAPI cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image,
                                                                  GLenum target, unsigned int flags);
extern __host__ cudaError_t CUDARTAPI cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer,
                                                                   unsigned int flags);

/* Deprecated since CUDA 3.0 (6.16 "OpenGL Interoperability [DEPRECATED]"). */
extern __host__ cudaError_t CUDARTAPI cudaGLSetGLDevice(int device);
extern __host__ cudaError_t CUDARTAPI cudaGLRegisterBufferObject(GLuint bufObj);
extern __host__ cudaError_t CUDARTAPI cudaGLMapBufferObject(void **devPtr, GLuint bufObj);
extern __host__ cudaError_t CUDARTAPI cudaGLUnmapBufferObject(GLuint bufObj);
extern __host__ cudaError_t CUDARTAPI cudaGLUnregisterBufferObject(GLuint bufObj);
extern __host__ cudaError_t CUDARTAPI cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags);
extern __host__ cudaError_t CUDARTAPI cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream);
extern __host__ cudaError_t CUDARTAPI cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream);

#if defined(__cplusplus)
}
#endif

#endif /* __CUDA_GL_INTEROP_H__ */
