/* Cuprite's CUDA toolkit headers: sm_20_intrinsics.h, which CUDA programs include by name. Its intrinsics (__ballot, __syncthreads_count,
 * __threadfence_system, the address-space predicates, ...) are declared by cuda_runtime.h in
 * CUDA compilations. */
#ifndef __SM_20_INTRINSICS_H__
#define __SM_20_INTRINSICS_H__
#include "cuda_runtime.h"
#endif
