/* Cuprite's CUDA toolkit headers: the driver API (CUDA 13.0), as programs include it for its types
 * and call its functions. The handles, scalars and callbacks are written here; the functions,
 * the #define constants and the other types are generated from the Driver API reference
 * (cuprite/generated/driver_api.h, scripts/gen-cuda-headers.py), where the enums' values and the
 * structs' members are not given: those types are declared without them, so a program naming an
 * enumerator or a member fails to compile, naming it, instead of compiling against a guess.
 * Cuprite provides the runtime library only: a program that calls a driver API function
 * compiles, and its link fails naming the function (`cuprite nvcc` says why). */
#pragma once
/* NVIDIA's include guard: programs test it to learn what is included (helper_cuda.h). */
#define __cuda_cuda_h__
#include "cuprite/host_defines.h"
#include <stddef.h>

#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
#endif

/* The calling conventions of the driver API's functions and callbacks (empty on Linux). */
#ifndef CUDAAPI
#define CUDAAPI
#endif
#ifndef CUDA_CB
#define CUDA_CB
#endif

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef unsigned int cuuint32_t;
typedef unsigned long long cuuint64_t;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUlib_st *CUlibrary;
typedef struct CUkern_st *CUkernel;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphNode_st *CUgraphNode;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef struct CUarray_st *CUarray;
typedef struct CUmipmappedArray_st *CUmipmappedArray;
typedef struct CUtexref_st *CUtexref;
typedef struct CUsurfref_st *CUsurfref;
typedef struct CUgraphicsResource_st *CUgraphicsResource;
typedef struct CUextMemory_st *CUexternalMemory;
typedef struct CUextSemaphore_st *CUexternalSemaphore;
typedef struct CUlinkState_st *CUlinkState;
typedef struct CUuserObject_st *CUuserObject;
typedef struct CUgreenCtx_st *CUgreenCtx;
typedef struct CUdevResourceDesc_st *CUdevResourceDesc;
typedef struct CUasyncCallbackEntry_st *CUasyncCallbackHandle;
typedef struct CUlogsCallbackEntry_st *CUlogsCallbackHandle;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;
typedef unsigned long long CUgraphConditionalHandle;
typedef unsigned long long CUmemGenericAllocationHandle;
typedef unsigned int CUlogIterator;
/* Defined once, here or by driver_types.h, whichever comes first (NVIDIA's guard). */
#ifndef CU_UUID_HAS_BEEN_DEFINED
#define CU_UUID_HAS_BEEN_DEFINED
struct CUuuid_st { char bytes[16]; };
#endif
typedef struct CUuuid_st CUuuid;
typedef struct CUipcMemHandle_st { char reserved[64]; } CUipcMemHandle;
typedef struct CUipcEventHandle_st { char reserved[64]; } CUipcEventHandle;

/* CUresult: the reference documents CUDA_SUCCESS's value only (its page of types stops before the
 * enums); the other codes are not declared rather than guessed. */
typedef enum cudaError_enum { CUDA_SUCCESS = 0 } CUresult;

typedef void(CUDA_CB *CUhostFn)(void *userData);
typedef void(CUDA_CB *CUstreamCallback)(CUstream hStream, CUresult status, void *userData);
typedef size_t(CUDA_CB *CUoccupancyB2DSize)(int blockSize);
typedef void(CUDA_CB *CUlogsCallback)(void *data, int logLevel, char *message, size_t length);
struct CUasyncNotificationInfo_st;
typedef void(CUDA_CB *CUasyncCallback)(struct CUasyncNotificationInfo_st *info, void *userData,
                                       CUasyncCallbackHandle callback);

/* cuLaunchKernel's `extra` markers: pointers holding the documented values. */
#define CU_LAUNCH_PARAM_END ((void *)CU_LAUNCH_PARAM_END_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT)

#include "cuprite/generated/driver_api.h"
