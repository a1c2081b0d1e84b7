// Minimal CUDA declarations for compiling with clang -nocudainc (clang 14 rejects CUDA 13 headers).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __noinline__ __attribute__((noinline))
#include <__clang_cuda_builtin_vars.h>
__device__ inline int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
__device__ inline float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
__device__ inline float __shfl_down_sync(unsigned m, float v, int o) { return __nvvm_shfl_sync_down_f32(m, v, o, 0x1f); }
__device__ inline unsigned atomicCAS(unsigned *p, unsigned c, unsigned v) { return __nvvm_atom_cas_gen_i((int *)p, c, v); }
__device__ inline int __popc(unsigned x) { return __builtin_popcount(x); }
__device__ inline unsigned __ballot_sync(unsigned m, bool p) { return __nvvm_vote_ballot_sync(m, p); }
extern "C" __device__ int vprintf(const char *, void *);
