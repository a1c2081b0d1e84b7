/* Cuprite's CUDA toolkit headers: sm_32_intrinsics.hpp, which CUDA programs include by name. What sm_32_intrinsics.h declares. */
#ifndef __SM_32_INTRINSICS_HPP__
#define __SM_32_INTRINSICS_HPP__
#include "cuda_runtime.h"
#endif
