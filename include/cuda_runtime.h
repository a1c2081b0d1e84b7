/* Cuprite's CUDA toolkit headers: the CUDA Runtime API with its C++ conveniences (the templates of
 * the "C++ API Routines" module) and, in CUDA compilations, the device built-ins. */
#pragma once
/* NVIDIA's include guard: programs test it to learn that this header was included. */
#define __CUDA_RUNTIME_H__
#include "cuprite/host_defines.h"
#include "device_types.h"
#include "vector_types.h"
#include "vector_functions.h"
#include "driver_types.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
/* As NVIDIA's: cudaDataType and libraryPropertyType without an include of their own. */
#include "library_types.h"
#if defined(__cplusplus)
/* Range-for over a braced list works after including cuda_runtime.h with nvcc, too. */
#include <initializer_list>
#include "cuprite/runtime_cxx.h"
#endif
