/* Cuprite's CUDA toolkit headers: sm_32_intrinsics.h, which CUDA programs include by name. Its read-only and cache-hinted loads and stores
 * (__ldg, __ldcg, __stcs, ...) and funnel shifts are declared by cuda_runtime.h in CUDA
 * compilations. */
#ifndef __SM_32_INTRINSICS_H__
#define __SM_32_INTRINSICS_H__
#include "cuda_runtime.h"
#endif
