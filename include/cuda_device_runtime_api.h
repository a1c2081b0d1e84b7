/* Cuprite's CUDA toolkit headers: cuda_device_runtime_api.h, which CUDA programs include by name; what it declares is
 * in cuda_runtime.h (which nvcc, and cuprite nvcc, include in every CUDA compilation). */
#pragma once
#ifndef __CUDA_DEVICE_RUNTIME_API_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#include "cuda_runtime.h"
#endif
