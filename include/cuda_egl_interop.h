/* Cuprite's CUDA toolkit headers: EGL interoperability of the CUDA Runtime API
 * (cuda_egl_interop.h; Runtime API reference 6.20 "EGL Interoperability"): the frame and plane
 * descriptions and the image, stream and sync functions. Cuprite's device is the CPU, which no
 * EGL display renders on: the functions fail with cudaErrorNotSupported, with a note on stderr
 * naming the function. The EGL types come from <EGL/egl.h> and <EGL/eglext.h> where they are
 * installed. The enums (cudaEglColorFormat, cudaEglFrameType, cudaEglResourceLocationFlags)
 * are cuda_runtime_api.h's. */
#ifndef __CUDA_EGL_INTEROP_H__
#define __CUDA_EGL_INTEROP_H__

#include "cuda_runtime_api.h"
#include "cuda_runtime.h"
#include "cudart_platform.h"

#if __has_include(<EGL/egl.h>) && __has_include(<EGL/eglext.h>)
#include <EGL/egl.h>
#include <EGL/eglext.h>
#else
#include <stdint.h>
typedef void *EGLImageKHR;
typedef void *EGLStreamKHR;
typedef void *EGLSyncKHR;
typedef int32_t EGLint;
#endif

#if defined(__cplusplus)
extern "C" {
#endif

/* The most planes a frame has. */
#define CUDA_EGL_MAX_PLANES 3

/* One plane of a frame. */
typedef struct cudaEglPlaneDesc_st {
    unsigned int width;
    unsigned int height;
    unsigned int depth;
    unsigned int pitch;
    unsigned int numChannels;
    struct cudaChannelFormatDesc channelDesc;
    unsigned int reserved[4];
} cudaEglPlaneDesc;

/* A frame: its planes as CUDA arrays or as pitched memory. */
typedef struct cudaEglFrame_st {
    union {
        cudaArray_t pArray[CUDA_EGL_MAX_PLANES];
        struct cudaPitchedPtr pPitch[CUDA_EGL_MAX_PLANES];
    } frame;
    cudaEglPlaneDesc planeDesc[CUDA_EGL_MAX_PLANES];
    unsigned int planeCount;
    cudaEglFrameType frameType;
    cudaEglColorFormat eglColorFormat;
} cudaEglFrame;

/* A connection to an EGL stream. */
typedef struct CUeglStreamConnection_st *cudaEglStreamConnection;

extern __host__ cudaError_t CUDARTAPI cudaGraphicsEGLRegisterImage(struct cudaGraphicsResource **pCudaResource,
                                                                   EGLImageKHR image, unsigned int flags);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamConsumerConnect(cudaEglStreamConnection *conn, EGLStreamKHR eglStream);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamConsumerConnectWithFlags(cudaEglStreamConnection *conn,
                                                                            EGLStreamKHR eglStream, unsigned int flags);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamConsumerDisconnect(cudaEglStreamConnection *conn);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamConsumerAcquireFrame(cudaEglStreamConnection *conn,
                                                                        cudaGraphicsResource_t *pCudaResource,
                                                                        cudaStream_t *pStream, unsigned int timeout);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamConsumerReleaseFrame(cudaEglStreamConnection *conn,
                                                                        cudaGraphicsResource_t pCudaResource,
                                                                        cudaStream_t *pStream);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamProducerConnect(cudaEglStreamConnection *conn, EGLStreamKHR eglStream,
                                                                   EGLint width, EGLint height);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamProducerDisconnect(cudaEglStreamConnection *conn);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamProducerPresentFrame(cudaEglStreamConnection *conn,
                                                                        cudaEglFrame eglframe, cudaStream_t *pStream);
extern __host__ cudaError_t CUDARTAPI cudaEGLStreamProducerReturnFrame(cudaEglStreamConnection *conn,
                                                                       cudaEglFrame *eglframe, cudaStream_t *pStream);
extern __host__ cudaError_t CUDARTAPI cudaGraphicsResourceGetMappedEglFrame(cudaEglFrame *eglFrame,
                                                                            cudaGraphicsResource_t resource,
                                                                            unsigned int index, unsigned int mipLevel);
extern __host__ cudaError_t CUDARTAPI cudaEventCreateFromEGLSync(cudaEvent_t *phEvent, EGLSyncKHR eglSync,
                                                                 unsigned int flags);

#if defined(__cplusplus)
}
#endif

#endif /* __CUDA_EGL_INTEROP_H__ */
