/* Cuprite's CUDA toolkit headers: the execution-space and declaration qualifiers of CUDA C++,
 * as clang's CUDA attributes. Written for Cuprite (no NVIDIA header text). */
#pragma once

#if defined(__CUDA__) && defined(__clang__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* clang supports managed variables for HIP only. A __managed__ variable is a __device__ variable
 * whose host object is its storage: the host compilation puts every such host object in section
 * cuprite_managed, which cuda_wrapper.h hands to the runtime before clang's registration code
 * runs; the runtime binds the module's variable to the host object it then registers (Cuprite's
 * device memory is host memory), so host code and kernels share it at one address. */
#if defined(__CUDA_ARCH__)
#define __managed__ __attribute__((device))
#else
#define __managed__ __attribute__((device)) __attribute__((section("cuprite_managed")))
#endif
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
#if __has_attribute(cluster_dims)
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#else
/* An older clang would ignore the attribute and launch without clusters: refuse it by name. */
#define __cluster_dims__(...) __cluster_dims___needs_a_newer_clang_than_this_one
#endif
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
#define __cluster_dims__(...)
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __thread__ __thread
#define __restrict__ __restrict
#define __builtin_align__(a) __align__(a)
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __CUDA_ALIGN__(n) __align__(n)
#define CUDARTAPI
#define CUDART_CB
#define CUDA_CB
#define CUDAAPI

#if defined(__cplusplus)
#define __dv(v) = v
#else
#define __dv(v)
#endif

#ifndef CUDART_VERSION
#define CUDART_VERSION 13000
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
#endif
#define __CUDART_API_VERSION CUDART_VERSION
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
