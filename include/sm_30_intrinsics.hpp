/* Cuprite's CUDA toolkit headers: sm_30_intrinsics.hpp, which CUDA programs include by name. What sm_30_intrinsics.h declares. */
#ifndef __SM_30_INTRINSICS_HPP__
#define __SM_30_INTRINSICS_HPP__
#include "cuda_runtime.h"
#endif
