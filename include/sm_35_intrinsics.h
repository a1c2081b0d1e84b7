/* Cuprite's CUDA toolkit headers: sm_35_intrinsics.h, which CUDA programs include by name. Compute capability 3.5's intrinsics are those of
 * sm_32_intrinsics.h, declared by cuda_runtime.h in CUDA compilations. */
#ifndef __SM_35_INTRINSICS_H__
#define __SM_35_INTRINSICS_H__
#include "cuda_runtime.h"
#endif
