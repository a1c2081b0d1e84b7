/* Cuprite's CUDA toolkit headers: channel_descriptor.h, which CUDA programs include by name; what it declares is
 * in cuda_runtime.h (which nvcc, and cuprite nvcc, include in every CUDA compilation). */
#pragma once
#ifndef __CHANNEL_DESCRIPTOR_H__
#define __CHANNEL_DESCRIPTOR_H__
#include "cuda_runtime.h"
#endif
