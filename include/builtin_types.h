/* Cuprite's CUDA toolkit headers: builtin_types.h, which CUDA programs include by name; what it declares is
 * in cuda_runtime.h (which nvcc, and cuprite nvcc, include in every CUDA compilation). */
#pragma once
#ifndef __BUILTIN_TYPES_H__
#define __BUILTIN_TYPES_H__
#include "cuda_runtime.h"
#endif
