/* Cuprite's CUDA toolkit headers: sm_61_intrinsics.h, which CUDA programs include by name. Its __dp4a and __dp2a are declared by
 * cuda_runtime.h in CUDA compilations. */
#ifndef __SM_61_INTRINSICS_H__
#define __SM_61_INTRINSICS_H__
#include "cuda_runtime.h"
#endif
