/* Cuprite's CUDA toolkit headers: the driver API's version and basic types (Cuprite provides the
 * runtime library only; the driver API's functions are not declared). */
#pragma once
/* NVIDIA's include guard, which programs test (see driver_types.h). */
#define __cuda_cuda_h__
#include "cuprite/host_defines.h"
#include <stddef.h>

#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
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
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;
typedef enum cudaError_enum { CUDA_SUCCESS = 0 } CUresult;
