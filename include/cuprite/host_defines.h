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
#if defined(__CUDA_ARCH__)
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#else
/* The bounds concern the device code only (the runtime reads them from the PTX). clang's host
 * pass, which knows no GPU, would warn of a third argument (maxclusterrank "requires sm_90 or
 * higher, CUDA arch provided: unknown") where nvcc is silent. */
#define __launch_bounds__(...)
#endif
/* __maxnreg__(N) (CUDA 12.4) caps a kernel's registers (PTX .maxnreg): clang-19 has no such
   attribute, and a register budget changes nothing a kernel computes on Cuprite. */
#define __maxnreg__(N)
#if __has_attribute(grid_constant)
#define __grid_constant__ __attribute__((grid_constant))
#elif defined(__CUDA_ARCH__)
/* clang-19 has no grid_constant attribute. The annotation marks the parameter in the IR, where
 * the driver lists it as grid_constant for LLVM's NVPTX back end, which then takes its address
 * in .param space (cvta.param) instead of copying it to local memory, as nvcc does
 * (crates/nvcc/src/grid_constant.rs). The address of __cuprite_grid_constant_used puts that
 * variable in the PTX: the driver's sign that the module has such parameters. */
/* A variable template (inline in every unit); C++11 builds take it as clang's extension. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++14-extensions"
template <class = void> __device__ char __cuprite_grid_constant_used;
#pragma clang diagnostic pop
#define __grid_constant__ __attribute__((annotate("cuprite.grid_constant", &__cuprite_grid_constant_used<>)))
#else
#define __grid_constant__
#endif
#if __has_attribute(cluster_dims)
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define __cluster_dims__(...)                                                                      \
  _Pragma("GCC error \"__cluster_dims__ is not supported for this GPU architecture (clusters need sm_90 or later)\"")
#elif defined(__CUDA_ARCH__)
/* clang-19 has no cluster_dims attribute and its NVPTX back end no .reqnctapercluster. The
 * annotation carries the shape (0 blocks wide: none given) to the driver, which reads it from
 * the kernel's IR and adds .explicitcluster/.reqnctapercluster to the kernel's PTX, as nvcc
 * emits them (crates/nvcc/src/cluster_dims.rs). The address of __cuprite_cluster_dims_used puts
 * that variable in the PTX: the driver's sign that the module has such kernels. */
template <unsigned X = 0, unsigned Y = 1, unsigned Z = 1> struct __cuprite_cluster_shape {
  static constexpr unsigned x = X, y = Y, z = Z;
};
/* A variable template (inline in every unit); C++11 builds take it as clang's extension. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++14-extensions"
template <class = void> __device__ char __cuprite_cluster_dims_used;
#pragma clang diagnostic pop
#define __cluster_dims__(...)                                                                      \
  __attribute__((annotate("cuprite.cluster_dims", &__cuprite_cluster_dims_used<>,                 \
                          __cuprite_cluster_shape<__VA_ARGS__>::x, __cuprite_cluster_shape<__VA_ARGS__>::y, \
                          __cuprite_cluster_shape<__VA_ARGS__>::z)))
#else
/* The host pass: the launch reads the cluster shape from the kernel's PTX, as with nvcc. */
#define __cluster_dims__(...)
#endif
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __maxnreg__(N)
#define __grid_constant__
#define __cluster_dims__(...)
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))
/* The guide's __nv_pure__ (C/C++ Language Extensions): GNU's `pure` on host and device functions. */
#define __nv_pure__ __attribute__((pure))
/* __noinline__ is no macro: clang's CUDA mode knows it as a keyword (as nvcc's front end does;
 * CUDA 13's headers do not define it), and a macro would break libstdc++'s
 * __attribute__((__noinline__)) in <memory> included after cuda_runtime.h. */
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
#define __CUDACC_VER_BUILD__ 88
/* crt/common_functions.h's: the toolkit's API version. */
#ifndef __CUDA_API_VER_MAJOR__
#define __CUDA_API_VER_MAJOR__ __CUDACC_VER_MAJOR__
#endif
#ifndef __CUDA_API_VER_MINOR__
#define __CUDA_API_VER_MINOR__ __CUDACC_VER_MINOR__
#endif
