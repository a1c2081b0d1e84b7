/* Cuprite's CUDA toolkit headers: the CUDA Runtime API with its C++ conveniences (the templates of
 * the "C++ API Routines" module) and, in CUDA compilations, the device built-ins. */
#pragma once
#include "cuprite/host_defines.h"
#include "vector_types.h"
#include "vector_functions.h"
#include "driver_types.h"
#include "cuda_runtime_api.h"
#if defined(__cplusplus)
#include "cuprite/runtime_cxx.h"
#endif
