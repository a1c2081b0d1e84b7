/* Cuprite's CUDA toolkit headers: sm_20_atomic_functions.h, which CUDA programs include by name. Its atomics (atomicAdd
 * on float, ...) are declared with the others by cuda_runtime.h in CUDA compilations. */
#ifndef __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_20_ATOMIC_FUNCTIONS_H__
#include "cuda_runtime.h"
#endif
