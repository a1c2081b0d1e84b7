/* Cuprite's CUDA toolkit headers: surface_types.h, which CUDA programs include by name; what it declares is
 * in cuda_runtime.h (which nvcc, and cuprite nvcc, include in every CUDA compilation). */
#pragma once
#ifndef __SURFACE_TYPES_H__
#define __SURFACE_TYPES_H__
#include "cuda_runtime.h"
#endif
