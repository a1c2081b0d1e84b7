/* Cuprite's CUDA toolkit headers, for clang's CUDA mode (`clang++ --cuda-path=PREFIX`): clang's
 * runtime wrapper includes this header (by the name of a cuRAND header) last, after all of its
 * own CUDA headers, with dim3 and uint3 redefined as macros. Cuprite adds here what its
 * `cuprite nvcc` wrapper (cuprite/cuda_wrapper.h) adds after clang's headers: the device
 * built-ins clang lacks or gets wrong, device std::malloc/free and aligned malloc, the host and
 * device min/max overloads, texture and surface functions. (The address-space predicates and
 * device std::malloc/free are clang's wrapper's own.) */
#pragma once
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#if defined(__CUPRITE_CLANG_BUILTINS_HIDDEN)
#include "cuprite/unhide_clang_builtins.h"
#undef __CUPRITE_CLANG_BUILTINS_HIDDEN
#endif
#pragma push_macro("dim3")
#pragma push_macro("uint3")
#undef dim3
#undef uint3
#include "cuprite/device_malloc.h"
#include "cuprite/min_max.h"
#include "cuprite/device_extras.h"
#pragma pop_macro("dim3")
#pragma pop_macro("uint3")
#endif
