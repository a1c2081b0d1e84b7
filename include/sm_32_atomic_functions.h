/* Cuprite's CUDA toolkit headers: sm_32_atomic_functions.h, which CUDA programs include by name. Its 64-bit atomicMin/Max/And/
 * Or/Xor are declared with the others by cuda_runtime.h in CUDA compilations. */
#ifndef __SM_32_ATOMIC_FUNCTIONS_H__
#define __SM_32_ATOMIC_FUNCTIONS_H__
#include "cuda_runtime.h"
#endif
