/* Cuprite's CUDA toolkit headers: the device built-in functions of the Programming Guide's
 * language-extension chapters that clang's own CUDA headers do not define — every atomic
 * overload, fences, clocks, __nanosleep, address-space predicates and conversions, cache-hinted
 * loads and stores, warp reductions, the cluster and grid-dependency helpers. Built on clang's
 * __nvvm_* builtins and the __iAtomic*-style helpers of __clang_cuda_device_functions.h. */
#pragma once

#pragma push_macro("__DEVICE__")
#define __DEVICE__ static __device__ __forceinline__

/* Address-space predicates (clang's intrinsics header uses __isShared for sm_90). */
__DEVICE__ unsigned int __isGlobal(const void *p) { return __nvvm_isspacep_global(p); }
__DEVICE__ unsigned int __isShared(const void *p) { return __nvvm_isspacep_shared(p); }
__DEVICE__ unsigned int __isConstant(const void *p) { return __nvvm_isspacep_const(p); }
__DEVICE__ unsigned int __isLocal(const void *p) { return __nvvm_isspacep_local(p); }
__DEVICE__ unsigned int __isGridConstant(const void *p) { return __nvvm_isspacep_const(p); }

/* Generic <-> state-space address conversions. */
__DEVICE__ size_t __cvta_generic_to_global(const void *p) { return (size_t)(void __attribute__((address_space(1))) *)p; }
__DEVICE__ size_t __cvta_generic_to_shared(const void *p) { return (size_t)(void __attribute__((address_space(3))) *)p; }
__DEVICE__ size_t __cvta_generic_to_constant(const void *p) { return (size_t)(void __attribute__((address_space(4))) *)p; }
__DEVICE__ size_t __cvta_generic_to_local(const void *p) { return (size_t)(void __attribute__((address_space(5))) *)p; }
__DEVICE__ void *__cvta_global_to_generic(size_t a) { return (void *)(void __attribute__((address_space(1))) *)a; }
__DEVICE__ void *__cvta_shared_to_generic(size_t a) { return (void *)(void __attribute__((address_space(3))) *)a; }
__DEVICE__ void *__cvta_constant_to_generic(size_t a) { return (void *)(void __attribute__((address_space(4))) *)a; }
__DEVICE__ void *__cvta_local_to_generic(size_t a) { return (void *)(void __attribute__((address_space(5))) *)a; }

/* Clocks and timers. */
__DEVICE__ unsigned long long __globaltimer() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
__DEVICE__ void __nanosleep(unsigned int ns) { asm volatile("nanosleep.u32 %0;" ::"r"(ns)); }

/* Thread-local lane masks. */
__DEVICE__ unsigned int __lanemask_lt() { return __nvvm_read_ptx_sreg_lanemask_lt(); }
__DEVICE__ unsigned int __lanemask_le() { return __nvvm_read_ptx_sreg_lanemask_le(); }
__DEVICE__ unsigned int __lanemask_gt() { return __nvvm_read_ptx_sreg_lanemask_gt(); }
__DEVICE__ unsigned int __lanemask_ge() { return __nvvm_read_ptx_sreg_lanemask_ge(); }
__DEVICE__ unsigned int __lanemask_eq() { return __nvvm_read_ptx_sreg_lanemask_eq(); }

/* Atomics: every overload of the guide's atomic functions, device scope, plus the _block and
 * _system variants. */
#define __CUPRITE_ATOMIC_SCOPES(NAME, T, IMPL)                                                    \
    __DEVICE__ T NAME(T *p, T v) { return IMPL(p, v); }                                          \
    __DEVICE__ T NAME##_block(T *p, T v) { return IMPL##_block(p, v); }                          \
    __DEVICE__ T NAME##_system(T *p, T v) { return IMPL##_system(p, v); }
__CUPRITE_ATOMIC_SCOPES(atomicAdd, int, __iAtomicAdd)
__CUPRITE_ATOMIC_SCOPES(atomicAdd, unsigned int, __uAtomicAdd)
__CUPRITE_ATOMIC_SCOPES(atomicAdd, unsigned long long, __ullAtomicAdd)
__CUPRITE_ATOMIC_SCOPES(atomicAdd, float, __fAtomicAdd)
__CUPRITE_ATOMIC_SCOPES(atomicAdd, double, __dAtomicAdd)
__CUPRITE_ATOMIC_SCOPES(atomicExch, int, __iAtomicExch)
__CUPRITE_ATOMIC_SCOPES(atomicExch, unsigned int, __uAtomicExch)
__CUPRITE_ATOMIC_SCOPES(atomicExch, unsigned long long, __ullAtomicExch)
__CUPRITE_ATOMIC_SCOPES(atomicExch, float, __fAtomicExch)
__CUPRITE_ATOMIC_SCOPES(atomicMin, int, __iAtomicMin)
__CUPRITE_ATOMIC_SCOPES(atomicMin, unsigned int, __uAtomicMin)
__CUPRITE_ATOMIC_SCOPES(atomicMin, long long, __illAtomicMin)
__CUPRITE_ATOMIC_SCOPES(atomicMin, unsigned long long, __ullAtomicMin)
__CUPRITE_ATOMIC_SCOPES(atomicMax, int, __iAtomicMax)
__CUPRITE_ATOMIC_SCOPES(atomicMax, unsigned int, __uAtomicMax)
__CUPRITE_ATOMIC_SCOPES(atomicMax, long long, __illAtomicMax)
__CUPRITE_ATOMIC_SCOPES(atomicMax, unsigned long long, __ullAtomicMax)
__CUPRITE_ATOMIC_SCOPES(atomicInc, unsigned int, __uAtomicInc)
__CUPRITE_ATOMIC_SCOPES(atomicDec, unsigned int, __uAtomicDec)
__CUPRITE_ATOMIC_SCOPES(atomicAnd, int, __iAtomicAnd)
__CUPRITE_ATOMIC_SCOPES(atomicAnd, unsigned int, __uAtomicAnd)
__CUPRITE_ATOMIC_SCOPES(atomicAnd, unsigned long long, __ullAtomicAnd)
__CUPRITE_ATOMIC_SCOPES(atomicOr, int, __iAtomicOr)
__CUPRITE_ATOMIC_SCOPES(atomicOr, unsigned int, __uAtomicOr)
__CUPRITE_ATOMIC_SCOPES(atomicOr, unsigned long long, __ullAtomicOr)
__CUPRITE_ATOMIC_SCOPES(atomicXor, int, __iAtomicXor)
__CUPRITE_ATOMIC_SCOPES(atomicXor, unsigned int, __uAtomicXor)
__CUPRITE_ATOMIC_SCOPES(atomicXor, unsigned long long, __ullAtomicXor)
#undef __CUPRITE_ATOMIC_SCOPES

/* atomicSub: an atomicAdd of the negation (as the guide specifies for the unsigned wrap). */
__DEVICE__ int atomicSub(int *p, int v) { return __iAtomicAdd(p, -v); }
__DEVICE__ int atomicSub_block(int *p, int v) { return __iAtomicAdd_block(p, -v); }
__DEVICE__ int atomicSub_system(int *p, int v) { return __iAtomicAdd_system(p, -v); }
__DEVICE__ unsigned int atomicSub(unsigned int *p, unsigned int v) { return __uAtomicAdd(p, (unsigned int)-v); }
__DEVICE__ unsigned int atomicSub_block(unsigned int *p, unsigned int v) { return __uAtomicAdd_block(p, (unsigned int)-v); }
__DEVICE__ unsigned int atomicSub_system(unsigned int *p, unsigned int v) { return __uAtomicAdd_system(p, (unsigned int)-v); }

/* atomicCAS for 16-, 32- and 64-bit words. */
__DEVICE__ int atomicCAS(int *p, int cmp, int v) { return __iAtomicCAS(p, cmp, v); }
__DEVICE__ int atomicCAS_block(int *p, int cmp, int v) { return __iAtomicCAS_block(p, cmp, v); }
__DEVICE__ int atomicCAS_system(int *p, int cmp, int v) { return __iAtomicCAS_system(p, cmp, v); }
__DEVICE__ unsigned int atomicCAS(unsigned int *p, unsigned int cmp, unsigned int v) { return __uAtomicCAS(p, cmp, v); }
__DEVICE__ unsigned int atomicCAS_block(unsigned int *p, unsigned int cmp, unsigned int v) {
    return __nvvm_atom_cta_cas_gen_i((int *)p, (int)cmp, (int)v);
}
__DEVICE__ unsigned int atomicCAS_system(unsigned int *p, unsigned int cmp, unsigned int v) {
    return __nvvm_atom_sys_cas_gen_i((int *)p, (int)cmp, (int)v);
}
__DEVICE__ unsigned long long atomicCAS(unsigned long long *p, unsigned long long cmp, unsigned long long v) {
    return __ullAtomicCAS(p, cmp, v);
}
__DEVICE__ unsigned long long atomicCAS_block(unsigned long long *p, unsigned long long cmp, unsigned long long v) {
    return __ullAtomicCAS_block(p, cmp, v);
}
__DEVICE__ unsigned long long atomicCAS_system(unsigned long long *p, unsigned long long cmp, unsigned long long v) {
    return __ullAtomicCAS_system(p, cmp, v);
}
__DEVICE__ unsigned short int atomicCAS(unsigned short int *p, unsigned short int cmp, unsigned short int v) {
    unsigned short int old;
    asm volatile("atom.cas.b16 %0, [%1], %2, %3;" : "=h"(old) : "l"(p), "h"(cmp), "h"(v) : "memory");
    return old;
}

/* Memory fences (clang's header has __threadfence, _block, _system). */
__DEVICE__ void __fence_acq_rel_cta() { asm volatile("fence.acq_rel.cta;" ::: "memory"); }

/* Cache-hinted loads and stores (Programming Guide, "Load Functions Using Cache Hints"). */
#define __CUPRITE_LDST(T, CT, REG)                                                                \
    __DEVICE__ T __ldcg(const T *p) { T r; asm volatile("ld.global.cg." #CT " %0, [%1];" : "=" REG(r) : "l"(p)); return r; } \
    __DEVICE__ T __ldca(const T *p) { T r; asm volatile("ld.global.ca." #CT " %0, [%1];" : "=" REG(r) : "l"(p)); return r; } \
    __DEVICE__ T __ldcs(const T *p) { T r; asm volatile("ld.global.cs." #CT " %0, [%1];" : "=" REG(r) : "l"(p)); return r; } \
    __DEVICE__ T __ldlu(const T *p) { T r; asm volatile("ld.global.lu." #CT " %0, [%1];" : "=" REG(r) : "l"(p)); return r; } \
    __DEVICE__ T __ldcv(const T *p) { T r; asm volatile("ld.global.cv." #CT " %0, [%1];" : "=" REG(r) : "l"(p)); return r; } \
    __DEVICE__ void __stwb(T *p, T v) { asm volatile("st.global.wb." #CT " [%0], %1;" ::"l"(p), REG(v) : "memory"); } \
    __DEVICE__ void __stcg(T *p, T v) { asm volatile("st.global.cg." #CT " [%0], %1;" ::"l"(p), REG(v) : "memory"); } \
    __DEVICE__ void __stcs(T *p, T v) { asm volatile("st.global.cs." #CT " [%0], %1;" ::"l"(p), REG(v) : "memory"); } \
    __DEVICE__ void __stwt(T *p, T v) { asm volatile("st.global.wt." #CT " [%0], %1;" ::"l"(p), REG(v) : "memory"); }
__CUPRITE_LDST(int, s32, "r")
__CUPRITE_LDST(unsigned int, u32, "r")
__CUPRITE_LDST(long long, s64, "l")
__CUPRITE_LDST(unsigned long long, u64, "l")
__CUPRITE_LDST(long, s64, "l")
__CUPRITE_LDST(unsigned long, u64, "l")
__CUPRITE_LDST(float, f32, "f")
__CUPRITE_LDST(double, f64, "d")
#undef __CUPRITE_LDST

/* Programmatic dependent launch (sm_90). */
__DEVICE__ void cudaGridDependencySynchronize() { asm volatile("griddepcontrol.wait;" ::: "memory"); }
__DEVICE__ void cudaTriggerProgrammaticLaunchCompletion() { asm volatile("griddepcontrol.launch_dependents;" :::); }

/* Device-side printf, malloc, assert (the device runtime's C entry points). */
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ void free(void *) __attribute__((nothrow));
__device__ void *malloc(size_t) __attribute__((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *message, const char *file, unsigned line, const char *function, size_t charSize);
__device__ static inline void __assert_fail(const char *message, const char *file, unsigned line, const char *function) {
    __assertfail(message, file, line, function, sizeof(char));
}
__device__ int printf(const char *, ...);
}
namespace std {
__device__ static inline void free(void *p) { ::free(p); }
__device__ static inline void *malloc(size_t n) { return ::malloc(n); }
} // namespace std

#pragma pop_macro("__DEVICE__")
