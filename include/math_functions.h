/* Cuprite's CUDA toolkit headers: math_functions.h, which CUDA programs include by name; what it declares is
 * in cuda_runtime.h (which nvcc, and cuprite nvcc, include in every CUDA compilation). */
#pragma once
#ifndef __MATH_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__
#include "cuda_runtime.h"
#endif
