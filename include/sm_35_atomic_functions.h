/* Cuprite's CUDA toolkit headers: sm_35_atomic_functions.h, which CUDA programs include by name. Compute capability 3.5 added no
 * atomics of its own; cuda_runtime.h declares all of them in CUDA compilations. */
#ifndef __SM_35_ATOMIC_FUNCTIONS_H__
#define __SM_35_ATOMIC_FUNCTIONS_H__
#include "cuda_runtime.h"
#endif
