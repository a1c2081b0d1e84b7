/* Cuprite's CUDA toolkit headers: sm_30_intrinsics.h, which CUDA programs include by name. Its warp shuffles, votes and __activemask are
 * declared by cuda_runtime.h in CUDA compilations. */
#ifndef __SM_30_INTRINSICS_H__
#define __SM_30_INTRINSICS_H__
#include "cuda_runtime.h"
#endif
