/* Cuprite's CUDA toolkit headers: the device built-ins that come after clang's own CUDA headers
 * (they fix or complete those), in both ways of compiling: `cuprite nvcc` (cuprite/cuda_wrapper.h)
 * and clang's CUDA mode with `--cuda-path` (through curand_mtgp32_kernel.h, the last header
 * clang's runtime wrapper includes). */
#pragma once
#include "cuprite/device_builtins.h"
#include "cuprite/nv_atomic.h"
#include "cuprite/dpx_functions.h"
#include "cuprite/texture_functions.h"
#include "cuprite/generated/surface_functions.h"

/* Device alloca returns 16-byte-aligned memory (as nvcc's). clang 19 lowers __builtin_alloca
 * (glibc's alloca) at the default alignment to `alloca.u64 d, size, 0`, which PTX rejects
 * (the alignment must be a power of two); an explicit 16 is printed as is. */
#if defined(__CUDA_ARCH__)
#include <alloca.h>
#undef alloca
#define alloca(size) __builtin_alloca_with_align((size), 128)
#endif
