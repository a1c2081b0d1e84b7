/* Cuprite's CUDA toolkit headers, for clang's CUDA mode (`clang++ --cuda-path=PREFIX`): clang's
 * runtime wrapper includes this toolkit-internal header just before its __clang_cuda_intrinsics.h,
 * whose definitions of some built-ins are wrong in the clang versions Cuprite supports: they are
 * renamed away here, and curand_mtgp32_kernel.h (included next) restores the names and defines
 * them (cuprite/hide_clang_builtins.h). Texture fetches are defined in curand_mtgp32_kernel.h. */
#pragma once
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include "cuprite/hide_clang_builtins.h"
#define __CUPRITE_CLANG_BUILTINS_HIDDEN
#endif
