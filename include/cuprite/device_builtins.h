/* Cuprite's CUDA toolkit headers: the device built-in functions of the Programming Guide's
 * language-extension chapters that clang's own CUDA headers do not define — every atomic
 * overload, fences, clocks, __nanosleep, address-space predicates and conversions, cache-hinted
 * loads and stores, warp reductions, the cluster and grid-dependency helpers. Built on clang's
 * __nvvm_* builtins and the __iAtomic*-style helpers of __clang_cuda_device_functions.h. */
#pragma once

#pragma push_macro("__DEVICE__")
#define __DEVICE__ static __device__ __forceinline__

template <bool B> struct __cuprite_enable_if {};
template <> struct __cuprite_enable_if<true> { typedef void type; };

/* Timers. (No __globaltimer(): CUDA's headers have none, and programs define their own.) */
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

/* sm_90: vector atomicAdd on float2/float4 in global memory, element by element. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define __CUPRITE_VECTOR_ATOMIC_ADD(NAME, SCOPE)                                                  \
    __DEVICE__ float2 NAME(float2 *p, float2 v) {                                                  \
        float2 r;                                                                                  \
        asm volatile("atom" SCOPE ".global.add.v2.f32 {%0, %1}, [%2], {%3, %4};"                   \
                     : "=f"(r.x), "=f"(r.y) : "l"(p), "f"(v.x), "f"(v.y) : "memory");             \
        return r;                                                                                  \
    }                                                                                              \
    __DEVICE__ float4 NAME(float4 *p, float4 v) {                                                  \
        float4 r;                                                                                  \
        asm volatile("atom" SCOPE ".global.add.v4.f32 {%0, %1, %2, %3}, [%4], {%5, %6, %7, %8};"   \
                     : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)                                  \
                     : "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");                 \
        return r;                                                                                  \
    }
__CUPRITE_VECTOR_ATOMIC_ADD(atomicAdd, "")
__CUPRITE_VECTOR_ATOMIC_ADD(atomicAdd_block, ".cta")
__CUPRITE_VECTOR_ATOMIC_ADD(atomicAdd_system, ".sys")
#undef __CUPRITE_VECTOR_ATOMIC_ADD

/* sm_90: atomicCAS and atomicExch on any 16-byte type (atom.cas/exch.b128). */
template <class T, class = typename __cuprite_enable_if<sizeof(T) == 16>::type>
static __device__ __forceinline__ T atomicCAS(T *p, T compare, T value) {
    unsigned long long c[2], v[2], r[2];
    __builtin_memcpy(c, &compare, 16);
    __builtin_memcpy(v, &value, 16);
    asm volatile("{ .reg .b128 c, v, d; mov.b128 c, {%3, %4}; mov.b128 v, {%5, %6}; atom.cas.b128 d, [%2], c, v; "
                 "mov.b128 {%0, %1}, d; }"
                 : "=l"(r[0]), "=l"(r[1])
                 : "l"(p), "l"(c[0]), "l"(c[1]), "l"(v[0]), "l"(v[1])
                 : "memory");
    T out;
    __builtin_memcpy(&out, r, 16);
    return out;
}
template <class T, class = typename __cuprite_enable_if<sizeof(T) == 16>::type>
static __device__ __forceinline__ T atomicExch(T *p, T value) {
    unsigned long long v[2], r[2];
    __builtin_memcpy(v, &value, 16);
    asm volatile("{ .reg .b128 v, d; mov.b128 v, {%3, %4}; atom.exch.b128 d, [%2], v; mov.b128 {%0, %1}, d; }"
                 : "=l"(r[0]), "=l"(r[1])
                 : "l"(p), "l"(v[0]), "l"(v[1])
                 : "memory");
    T out;
    __builtin_memcpy(&out, r, 16);
    return out;
}
#endif

/* Warp match (sm_70): every overload of __match_any_sync and __match_all_sync. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
#define __CUPRITE_MATCH32(T)                                                                       \
    __DEVICE__ unsigned int __match_any_sync(unsigned mask, T v) { return __match32_any_sync(mask, __builtin_bit_cast(unsigned int, v)); } \
    __DEVICE__ unsigned int __match_all_sync(unsigned mask, T v, int *pred) {                      \
        return __match32_all_sync(mask, __builtin_bit_cast(unsigned int, v), pred);                \
    }
#define __CUPRITE_MATCH64(T)                                                                       \
    __DEVICE__ unsigned int __match_any_sync(unsigned mask, T v) {                                 \
        return __match64_any_sync(mask, __builtin_bit_cast(unsigned long long, v));                \
    }                                                                                              \
    __DEVICE__ unsigned int __match_all_sync(unsigned mask, T v, int *pred) {                      \
        return __match64_all_sync(mask, __builtin_bit_cast(unsigned long long, v), pred);          \
    }
__CUPRITE_MATCH32(int)
__CUPRITE_MATCH32(unsigned int)
__CUPRITE_MATCH32(float)
__CUPRITE_MATCH64(long)
__CUPRITE_MATCH64(unsigned long)
__CUPRITE_MATCH64(long long)
__CUPRITE_MATCH64(unsigned long long)
__CUPRITE_MATCH64(double)
#undef __CUPRITE_MATCH32
#undef __CUPRITE_MATCH64
#endif

/* Dot products of packed bytes and halfwords (sm_61: dp4a, dp2a). */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 610
__DEVICE__ int __dp4a(int a, int b, int c) { int r; asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__DEVICE__ unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
    unsigned int r; asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r;
}
__DEVICE__ int __dp4a(char4 a, char4 b, int c) { return __dp4a(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c); }
__DEVICE__ unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
    return __dp4a(__builtin_bit_cast(unsigned int, a), __builtin_bit_cast(unsigned int, b), c);
}
__DEVICE__ int __dp2a_lo(int a, int b, int c) { int r; asm("dp2a.lo.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__DEVICE__ unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) {
    unsigned int r; asm("dp2a.lo.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r;
}
__DEVICE__ int __dp2a_hi(int a, int b, int c) { int r; asm("dp2a.hi.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__DEVICE__ unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) {
    unsigned int r; asm("dp2a.hi.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r;
}
#endif

/* Warp reductions (sm_80: redux.sync dst, value, membermask). */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
#define __CUPRITE_REDUX(NAME, T, OP)                                                        \
    __DEVICE__ T NAME(unsigned mask, T value) {                                                    \
        T r;                                                                                       \
        asm volatile("redux.sync." OP " %0, %1, %2;" : "=r"(r) : "r"(value), "r"(mask));           \
        return r;                                                                                  \
    }
__CUPRITE_REDUX(__reduce_add_sync, unsigned, "add.u32")
__CUPRITE_REDUX(__reduce_min_sync, unsigned, "min.u32")
__CUPRITE_REDUX(__reduce_max_sync, unsigned, "max.u32")
__CUPRITE_REDUX(__reduce_min_sync, int, "min.s32")
__CUPRITE_REDUX(__reduce_max_sync, int, "max.s32")
__CUPRITE_REDUX(__reduce_and_sync, unsigned, "and.b32")
__CUPRITE_REDUX(__reduce_or_sync, unsigned, "or.b32")
__CUPRITE_REDUX(__reduce_xor_sync, unsigned, "xor.b32")
#undef __CUPRITE_REDUX
#endif

/* Memory fences (clang's header has __threadfence, _block, _system). */
__DEVICE__ void __fence_acq_rel_cta() { asm volatile("fence.acq_rel.cta;" ::: "memory"); }

/* Cache-hinted loads and stores (Programming Guide, "Load Functions Using Cache Hints", "Store
   Functions Using Cache Hints"): every scalar and vector type the guide lists. RT is the register
   type (8- and 16-bit integers travel in 32-bit registers: ld sign/zero-extends, st truncates). */
#define __CUPRITE_LD_HINT(H, T, CT, RT, REG)                                                       \
    __DEVICE__ T __ld##H(const T *p) {                                                             \
        RT r; asm volatile("ld.global." #H "." #CT " %0, [%1];" : "=" REG(r) : "l"(p)); return (T)r; }
#define __CUPRITE_ST_HINT(H, T, CT, RT, REG)                                                       \
    __DEVICE__ void __st##H(T *p, T v) { asm volatile("st.global." #H "." #CT " [%0], %1;" ::"l"(p), REG((RT)v) : "memory"); }
#define __CUPRITE_LD_HINT2(H, T, CT, RT, REG)                                                      \
    __DEVICE__ T __ld##H(const T *p) {                                                             \
        RT a, b; asm volatile("ld.global." #H ".v2." #CT " {%0, %1}, [%2];" : "=" REG(a), "=" REG(b) : "l"(p)); \
        T r; r.x = a; r.y = b; return r; }
#define __CUPRITE_ST_HINT2(H, T, CT, RT, REG)                                                      \
    __DEVICE__ void __st##H(T *p, T v) {                                                           \
        asm volatile("st.global." #H ".v2." #CT " [%0], {%1, %2};" ::"l"(p), REG((RT)v.x), REG((RT)v.y) : "memory"); }
#define __CUPRITE_LD_HINT4(H, T, CT, RT, REG)                                                      \
    __DEVICE__ T __ld##H(const T *p) {                                                             \
        RT a, b, c, d;                                                                             \
        asm volatile("ld.global." #H ".v4." #CT " {%0, %1, %2, %3}, [%4];"                         \
                     : "=" REG(a), "=" REG(b), "=" REG(c), "=" REG(d) : "l"(p));                   \
        T r; r.x = a; r.y = b; r.z = c; r.w = d; return r; }
#define __CUPRITE_ST_HINT4(H, T, CT, RT, REG)                                                      \
    __DEVICE__ void __st##H(T *p, T v) {                                                           \
        asm volatile("st.global." #H ".v4." #CT " [%0], {%1, %2, %3, %4};"                         \
                     ::"l"(p), REG((RT)v.x), REG((RT)v.y), REG((RT)v.z), REG((RT)v.w) : "memory"); }
#define __CUPRITE_LDST(SUFFIX, T, CT, RT, REG)                                                     \
    __CUPRITE_LD_HINT##SUFFIX(cg, T, CT, RT, REG) __CUPRITE_LD_HINT##SUFFIX(ca, T, CT, RT, REG)    \
    __CUPRITE_LD_HINT##SUFFIX(cs, T, CT, RT, REG) __CUPRITE_LD_HINT##SUFFIX(lu, T, CT, RT, REG)    \
    __CUPRITE_LD_HINT##SUFFIX(cv, T, CT, RT, REG) __CUPRITE_ST_HINT##SUFFIX(wb, T, CT, RT, REG)    \
    __CUPRITE_ST_HINT##SUFFIX(cg, T, CT, RT, REG) __CUPRITE_ST_HINT##SUFFIX(cs, T, CT, RT, REG)    \
    __CUPRITE_ST_HINT##SUFFIX(wt, T, CT, RT, REG)
__CUPRITE_LDST(, char, s8, int, "r")
__CUPRITE_LDST(, signed char, s8, int, "r")
__CUPRITE_LDST(, unsigned char, u8, unsigned, "r")
__CUPRITE_LDST(, short, s16, int, "r")
__CUPRITE_LDST(, unsigned short, u16, unsigned, "r")
__CUPRITE_LDST(, int, s32, int, "r")
__CUPRITE_LDST(, unsigned int, u32, unsigned, "r")
__CUPRITE_LDST(, long long, s64, long long, "l")
__CUPRITE_LDST(, unsigned long long, u64, unsigned long long, "l")
__CUPRITE_LDST(, long, s64, long, "l")
__CUPRITE_LDST(, unsigned long, u64, unsigned long, "l")
__CUPRITE_LDST(, float, f32, float, "f")
__CUPRITE_LDST(, double, f64, double, "d")
__CUPRITE_LDST(2, char2, s8, int, "r")
__CUPRITE_LDST(4, char4, s8, int, "r")
__CUPRITE_LDST(2, uchar2, u8, unsigned, "r")
__CUPRITE_LDST(4, uchar4, u8, unsigned, "r")
__CUPRITE_LDST(2, short2, s16, int, "r")
__CUPRITE_LDST(4, short4, s16, int, "r")
__CUPRITE_LDST(2, ushort2, u16, unsigned, "r")
__CUPRITE_LDST(4, ushort4, u16, unsigned, "r")
__CUPRITE_LDST(2, int2, s32, int, "r")
__CUPRITE_LDST(4, int4, s32, int, "r")
__CUPRITE_LDST(2, uint2, u32, unsigned, "r")
__CUPRITE_LDST(4, uint4, u32, unsigned, "r")
__CUPRITE_LDST(2, longlong2, s64, long long, "l")
__CUPRITE_LDST(2, ulonglong2, u64, unsigned long long, "l")
__CUPRITE_LDST(2, float2, f32, float, "f")
__CUPRITE_LDST(4, float4, f32, float, "f")
__CUPRITE_LDST(2, double2, f64, double, "d")
#undef __CUPRITE_LDST
#undef __CUPRITE_LD_HINT
#undef __CUPRITE_ST_HINT
#undef __CUPRITE_LD_HINT2
#undef __CUPRITE_ST_HINT2
#undef __CUPRITE_LD_HINT4
#undef __CUPRITE_ST_HINT4

/* Device graph API: set a conditional node's value (Cuprite's runtime implements the call). */
extern "C" __device__ void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value);

/* nan() and nanf(): clang's CUDA headers declare them for device code
 * (__clang_cuda_math_forward_declares.h) but define neither, so a call linked to nothing. */
__DEVICE__ double nan(const char *tag) { return __nv_nan((const signed char *)tag); }
__DEVICE__ float nanf(const char *tag) { return __nv_nanf((const signed char *)tag); }

/* Programmatic dependent launch (sm_90). */
__DEVICE__ void cudaGridDependencySynchronize() { asm volatile("griddepcontrol.wait;" ::: "memory"); }
__DEVICE__ void cudaTriggerProgrammaticLaunchCompletion() { asm volatile("griddepcontrol.launch_dependents;" :::); }

#pragma pop_macro("__DEVICE__")
