/* Cuprite's CUDA toolkit headers: the Runtime API's profiler control (cudaProfilerStart and
 * cudaProfilerStop, prototyped with the rest of the API in cuda_runtime_api.h). There is no
 * profiler on the CPU: both succeed and do nothing, as the reference allows ("has no effect"). */
#pragma once
/* NVIDIA's include guard (see cuda_runtime.h). */
#define __CUDA_PROFILER_API_H__
#include "cuda_runtime_api.h"
