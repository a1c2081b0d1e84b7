/* Cuprite's CUDA toolkit headers: common_functions.h, which CUDA programs include by name. What it declares in NVIDIA's
 * toolkit (printf, malloc, clock, the standard math functions on host and device) cuda_runtime.h
 * declares, which nvcc and cuprite nvcc include in every CUDA compilation. */
#ifndef __COMMON_FUNCTIONS_H__
#define __COMMON_FUNCTIONS_H__
#include "cuda_runtime.h"
#endif
