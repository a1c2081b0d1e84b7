/* Cuprite's CUDA toolkit headers: surface_indirect_functions.h, which CUDA programs include by name. The surface object
 * functions (surf1Dread, surf2Dwrite, ...) are declared by cuda_runtime.h in CUDA compilations. */
#ifndef __SURFACE_INDIRECT_FUNCTIONS_H__
#define __SURFACE_INDIRECT_FUNCTIONS_H__
#include "cuda_runtime.h"
#endif
