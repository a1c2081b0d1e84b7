/* What the test kernels need besides the headers under test: the kernel attributes and the
   builtin variables (threadIdx...), which the core headers (cuda_runtime.h) give programs. */
#ifndef CUPRITE_TEST_PRELUDE_H
#define CUPRITE_TEST_PRELUDE_H
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#include <__clang_cuda_builtin_vars.h>
#endif
