/* Cuprite's CUDA toolkit headers: sm_60_atomic_functions.h, which CUDA programs include by name. Its atomics (double atomicAdd,
 * the _block and _system scopes) are declared with the others by cuda_runtime.h in CUDA
 * compilations. */
#ifndef __SM_60_ATOMIC_FUNCTIONS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__
#include "cuda_runtime.h"
#endif
