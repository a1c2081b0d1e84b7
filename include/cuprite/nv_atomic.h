/* Cuprite's CUDA toolkit headers: the __nv_atomic_* built-in functions (Programming Guide,
 * "Built-in atomic functions", CUDA 12.8+), which nvcc's front end provides and clang does not.
 * Each is one PTX atomic (or load, store, fence) with the memory order and scope as nvcc 13.0
 * emits them: thread scope as .cta; consume as acquire; seq_cst as `fence.sc` then the
 * acquire form (a store: `fence.sc` then a relaxed store). Orders and scopes are the enums below,
 * constant after inlining, so each call folds to a single instruction. The types are those nvcc
 * accepts: arithmetic on 32- and 64-bit integers (add/sub: not signed 64-bit, as PTX has no
 * atom.add.s64) and float/double add; the `_n` forms of exchange, compare-exchange, load and
 * store on integers; the pointer forms on any 4- or 8-byte type. */
#pragma once

enum {
    __NV_ATOMIC_RELAXED,
    __NV_ATOMIC_CONSUME,
    __NV_ATOMIC_ACQUIRE,
    __NV_ATOMIC_RELEASE,
    __NV_ATOMIC_ACQ_REL,
    __NV_ATOMIC_SEQ_CST
};
enum {
    __NV_THREAD_SCOPE_THREAD,
    __NV_THREAD_SCOPE_BLOCK,
    __NV_THREAD_SCOPE_CLUSTER,
    __NV_THREAD_SCOPE_DEVICE,
    __NV_THREAD_SCOPE_SYSTEM
};

#if defined(__CUDA__)
#pragma push_macro("__DEVICE__")
#define __DEVICE__ static __device__ __forceinline__

/* Cluster scope needs sm_90; below it nvcc warns and uses device scope, as here. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define __CUPRITE_NV_CLUSTER ".cluster"
#else
#define __CUPRITE_NV_CLUSTER ".gpu"
#endif
/* BODY(SEM, SCOPE, ...) for the PTX semantics and scope of (order, scope). */
#define __CUPRITE_NV_ORDERS(order, S, BODY, ...)                                                   \
    switch (order) {                                                                               \
    case __NV_ATOMIC_RELAXED: BODY(".relaxed", S, __VA_ARGS__); break;                             \
    case __NV_ATOMIC_CONSUME:                                                                      \
    case __NV_ATOMIC_ACQUIRE: BODY(".acquire", S, __VA_ARGS__); break;                             \
    case __NV_ATOMIC_RELEASE: BODY(".release", S, __VA_ARGS__); break;                             \
    case __NV_ATOMIC_ACQ_REL: BODY(".acq_rel", S, __VA_ARGS__); break;                             \
    default:                                                                                       \
        asm volatile("fence.sc" S ";" ::: "memory");                                               \
        BODY(".acquire", S, __VA_ARGS__);                                                          \
        break;                                                                                     \
    }
/* A load has no release half: release reads as relaxed, acq_rel as acquire. */
#define __CUPRITE_NV_LOAD_ORDERS(order, S, BODY, ...)                                              \
    switch (order) {                                                                               \
    case __NV_ATOMIC_RELAXED:                                                                      \
    case __NV_ATOMIC_RELEASE: BODY(".relaxed", S, __VA_ARGS__); break;                             \
    case __NV_ATOMIC_CONSUME:                                                                      \
    case __NV_ATOMIC_ACQUIRE:                                                                      \
    case __NV_ATOMIC_ACQ_REL: BODY(".acquire", S, __VA_ARGS__); break;                             \
    default:                                                                                       \
        asm volatile("fence.sc" S ";" ::: "memory");                                               \
        BODY(".acquire", S, __VA_ARGS__);                                                          \
        break;                                                                                     \
    }
/* A store has no acquire half: acquire writes as relaxed, acq_rel as release; seq_cst is a
   fence and a relaxed store. */
#define __CUPRITE_NV_STORE_ORDERS(order, S, BODY, ...)                                             \
    switch (order) {                                                                               \
    case __NV_ATOMIC_RELEASE:                                                                      \
    case __NV_ATOMIC_ACQ_REL: BODY(".release", S, __VA_ARGS__); break;                             \
    case __NV_ATOMIC_SEQ_CST:                                                                      \
        asm volatile("fence.sc" S ";" ::: "memory");                                               \
        BODY(".relaxed", S, __VA_ARGS__);                                                          \
        break;                                                                                     \
    default: BODY(".relaxed", S, __VA_ARGS__); break;                                              \
    }
#define __CUPRITE_NV_SCOPES(ORDERS, order, scope, BODY, ...)                                       \
    switch (scope) {                                                                               \
    case __NV_THREAD_SCOPE_THREAD:                                                                 \
    case __NV_THREAD_SCOPE_BLOCK: ORDERS(order, ".cta", BODY, __VA_ARGS__) break;                  \
    case __NV_THREAD_SCOPE_CLUSTER: ORDERS(order, __CUPRITE_NV_CLUSTER, BODY, __VA_ARGS__) break;  \
    case __NV_THREAD_SCOPE_DEVICE: ORDERS(order, ".gpu", BODY, __VA_ARGS__) break;                 \
    default: ORDERS(order, ".sys", BODY, __VA_ARGS__) break;                                       \
    }
#define __CUPRITE_NV_DISPATCH(order, scope, BODY, ...) __CUPRITE_NV_SCOPES(__CUPRITE_NV_ORDERS, order, scope, BODY, __VA_ARGS__)

/* Read-modify-write: r = old value of *p, *p = *p OP v. */
#define __CUPRITE_NV_ATOM(SEM, S, OP, PT, C)                                                       \
    asm volatile("atom" SEM S "." OP "." PT " %0, [%1], %2;" : "=" C(r) : "l"(p), C(v) : "memory")
#define __CUPRITE_NV_RMW(NAME, OP, T, PT, C)                                                       \
    __DEVICE__ T __nv_atomic_fetch_##NAME(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) { \
        T r;                                                                                       \
        __CUPRITE_NV_DISPATCH(order, scope, __CUPRITE_NV_ATOM, OP, PT, C)                          \
        return r;                                                                                  \
    }                                                                                              \
    __DEVICE__ void __nv_atomic_##NAME(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) { \
        (void)__nv_atomic_fetch_##NAME(p, v, order, scope);                                        \
    }
/* sub: an add of the negation (two's complement for integers, the sign flipped for floats). */
#define __CUPRITE_NV_SUB(T)                                                                        \
    __DEVICE__ T __nv_atomic_fetch_sub(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) { \
        return __nv_atomic_fetch_add(p, (T)((T)0 - v), order, scope);                             \
    }                                                                                              \
    __DEVICE__ void __nv_atomic_sub(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {  \
        (void)__nv_atomic_fetch_sub(p, v, order, scope);                                           \
    }

#define __CUPRITE_NV_INT(T, S, B, C)                                                            \
    __CUPRITE_NV_RMW(min, "min", T, S, C)                                                          \
    __CUPRITE_NV_RMW(max, "max", T, S, C)                                                          \
    __CUPRITE_NV_RMW(and, "and", T, B, C)                                                          \
    __CUPRITE_NV_RMW(or, "or", T, B, C)                                                            \
    __CUPRITE_NV_RMW(xor, "xor", T, B, C)
__CUPRITE_NV_INT(int, "s32", "b32", "r")
__CUPRITE_NV_INT(unsigned int, "u32", "b32", "r")
__CUPRITE_NV_INT(long long, "s64", "b64", "l")
__CUPRITE_NV_INT(unsigned long long, "u64", "b64", "l")
__CUPRITE_NV_INT(long, "s64", "b64", "l")
__CUPRITE_NV_INT(unsigned long, "u64", "b64", "l")
__CUPRITE_NV_RMW(add, "add", int, "s32", "r")
__CUPRITE_NV_RMW(add, "add", unsigned int, "u32", "r")
__CUPRITE_NV_RMW(add, "add", unsigned long long, "u64", "l")
__CUPRITE_NV_RMW(add, "add", unsigned long, "u64", "l")
__CUPRITE_NV_RMW(add, "add", float, "f32", "f")
__CUPRITE_NV_RMW(add, "add", double, "f64", "d")
__CUPRITE_NV_SUB(int)
__CUPRITE_NV_SUB(unsigned int)
__CUPRITE_NV_SUB(unsigned long long)
__CUPRITE_NV_SUB(unsigned long)
__CUPRITE_NV_SUB(float)
__CUPRITE_NV_SUB(double)
#undef __CUPRITE_NV_INT
#undef __CUPRITE_NV_SUB
#undef __CUPRITE_NV_RMW

/* The bit-pattern forms (exchange, compare-exchange, load, store) work on 4- and 8-byte words. */
template <unsigned N> struct __cuprite_nv_word;
template <> struct __cuprite_nv_word<4> { typedef unsigned int type; };
template <> struct __cuprite_nv_word<8> { typedef unsigned long long type; };

#define __CUPRITE_NV_EXCH(SEM, S, PT, C)                                                           \
    asm volatile("atom" SEM S ".exch." PT " %0, [%1], %2;" : "=" C(r) : "l"(p), C(v) : "memory")
#define __CUPRITE_NV_CAS(SEM, S, PT, C)                                                            \
    asm volatile("atom" SEM S ".cas." PT " %0, [%1], %2, %3;" : "=" C(r) : "l"(p), C(e), C(v) : "memory")
#define __CUPRITE_NV_LD(SEM, S, PT, C)                                                             \
    asm volatile("ld" SEM S "." PT " %0, [%1];" : "=" C(r) : "l"(p) : "memory")
__DEVICE__ unsigned int __cuprite_nv_exch(unsigned int *p, unsigned int v, int order, int scope) {
    unsigned int r;
    __CUPRITE_NV_DISPATCH(order, scope, __CUPRITE_NV_EXCH, "b32", "r")
    return r;
}
__DEVICE__ unsigned long long __cuprite_nv_exch(unsigned long long *p, unsigned long long v, int order, int scope) {
    unsigned long long r;
    __CUPRITE_NV_DISPATCH(order, scope, __CUPRITE_NV_EXCH, "b64", "l")
    return r;
}
__DEVICE__ unsigned int __cuprite_nv_cas(unsigned int *p, unsigned int e, unsigned int v, int order, int scope) {
    unsigned int r;
    __CUPRITE_NV_DISPATCH(order, scope, __CUPRITE_NV_CAS, "b32", "r")
    return r;
}
__DEVICE__ unsigned long long __cuprite_nv_cas(unsigned long long *p, unsigned long long e, unsigned long long v,
                                               int order, int scope) {
    unsigned long long r;
    __CUPRITE_NV_DISPATCH(order, scope, __CUPRITE_NV_CAS, "b64", "l")
    return r;
}
__DEVICE__ unsigned int __cuprite_nv_load(unsigned int *p, int order, int scope) {
    unsigned int r;
    __CUPRITE_NV_SCOPES(__CUPRITE_NV_LOAD_ORDERS, order, scope, __CUPRITE_NV_LD, "b32", "r")
    return r;
}
__DEVICE__ unsigned long long __cuprite_nv_load(unsigned long long *p, int order, int scope) {
    unsigned long long r;
    __CUPRITE_NV_SCOPES(__CUPRITE_NV_LOAD_ORDERS, order, scope, __CUPRITE_NV_LD, "b64", "l")
    return r;
}
#define __CUPRITE_NV_ST(SEM, S, PT, C) asm volatile("st" SEM S "." PT " [%0], %1;" ::"l"(p), C(v) : "memory")
__DEVICE__ void __cuprite_nv_store(unsigned int *p, unsigned int v, int order, int scope) {
    __CUPRITE_NV_SCOPES(__CUPRITE_NV_STORE_ORDERS, order, scope, __CUPRITE_NV_ST, "b32", "r")
}
__DEVICE__ void __cuprite_nv_store(unsigned long long *p, unsigned long long v, int order, int scope) {
    __CUPRITE_NV_SCOPES(__CUPRITE_NV_STORE_ORDERS, order, scope, __CUPRITE_NV_ST, "b64", "l")
}
#undef __CUPRITE_NV_ST
#undef __CUPRITE_NV_LD
#undef __CUPRITE_NV_CAS
#undef __CUPRITE_NV_EXCH

/* A compare-exchange's one PTX order: the success order, strengthened by the failure order. */
__DEVICE__ int __cuprite_nv_cas_order(int success, int failure) {
    if (failure == __NV_ATOMIC_SEQ_CST) return __NV_ATOMIC_SEQ_CST;
    if ((failure == __NV_ATOMIC_ACQUIRE || failure == __NV_ATOMIC_CONSUME) && success == __NV_ATOMIC_RELAXED)
        return __NV_ATOMIC_ACQUIRE;
    if ((failure == __NV_ATOMIC_ACQUIRE || failure == __NV_ATOMIC_CONSUME) && success == __NV_ATOMIC_RELEASE)
        return __NV_ATOMIC_ACQ_REL;
    return success;
}

template <class T> __DEVICE__ typename __cuprite_nv_word<sizeof(T)>::type __cuprite_nv_bits(const T &x) {
    typename __cuprite_nv_word<sizeof(T)>::type w;
    __builtin_memcpy(&w, &x, sizeof(T));
    return w;
}
template <class T> __DEVICE__ T __cuprite_nv_from_bits(typename __cuprite_nv_word<sizeof(T)>::type w) {
    T x;
    __builtin_memcpy(&x, &w, sizeof(T));
    return x;
}
#define __CUPRITE_NV_WORD(T) typename __cuprite_nv_word<sizeof(T)>::type

/* The pointer forms: any 4- or 8-byte type, by its bits. */
template <class T> __DEVICE__ void __nv_atomic_exchange(T *p, T *v, T *ret, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
    *ret = __cuprite_nv_from_bits<T>(__cuprite_nv_exch((__CUPRITE_NV_WORD(T) *)p, __cuprite_nv_bits(*v), order, scope));
}
template <class T>
__DEVICE__ bool __nv_atomic_compare_exchange(T *p, T *expected, T *desired, bool weak, int success, int failure,
                                             int scope = __NV_THREAD_SCOPE_SYSTEM) {
    (void)weak; /* a strong compare-exchange is a valid weak one */
    const __CUPRITE_NV_WORD(T) e = __cuprite_nv_bits(*expected);
    const __CUPRITE_NV_WORD(T) old = __cuprite_nv_cas((__CUPRITE_NV_WORD(T) *)p, e, __cuprite_nv_bits(*desired),
                                                       __cuprite_nv_cas_order(success, failure), scope);
    if (old == e) return true;
    *expected = __cuprite_nv_from_bits<T>(old);
    return false;
}
template <class T> __DEVICE__ void __nv_atomic_load(T *p, T *ret, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
    *ret = __cuprite_nv_from_bits<T>(__cuprite_nv_load((__CUPRITE_NV_WORD(T) *)p, order, scope));
}
template <class T> __DEVICE__ void __nv_atomic_store(T *p, T *v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
    __cuprite_nv_store((__CUPRITE_NV_WORD(T) *)p, __cuprite_nv_bits(*v), order, scope);
}

/* The value forms: integers only, as nvcc's. */
template <class T> struct __cuprite_nv_integral { static const bool value = false; };
#define __CUPRITE_NV_INTEGRAL(T)                                                                   \
    template <> struct __cuprite_nv_integral<T> { static const bool value = true; };
__CUPRITE_NV_INTEGRAL(int)
__CUPRITE_NV_INTEGRAL(unsigned int)
__CUPRITE_NV_INTEGRAL(long)
__CUPRITE_NV_INTEGRAL(unsigned long)
__CUPRITE_NV_INTEGRAL(long long)
__CUPRITE_NV_INTEGRAL(unsigned long long)
#undef __CUPRITE_NV_INTEGRAL
#define __CUPRITE_NV_ONLY_INTEGRAL(T)                                                              \
    static_assert(__cuprite_nv_integral<T>::value,                                                 \
                  "the _n forms of __nv_atomic load, store, exchange and compare-exchange take 32- or 64-bit integers")
template <class T> __DEVICE__ T __nv_atomic_exchange_n(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
    __CUPRITE_NV_ONLY_INTEGRAL(T);
    T r;
    __nv_atomic_exchange(p, &v, &r, order, scope);
    return r;
}
template <class T>
__DEVICE__ bool __nv_atomic_compare_exchange_n(T *p, T *expected, T desired, bool weak, int success, int failure,
                                               int scope = __NV_THREAD_SCOPE_SYSTEM) {
    __CUPRITE_NV_ONLY_INTEGRAL(T);
    return __nv_atomic_compare_exchange(p, expected, &desired, weak, success, failure, scope);
}
template <class T> __DEVICE__ T __nv_atomic_load_n(T *p, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
    __CUPRITE_NV_ONLY_INTEGRAL(T);
    T r;
    __nv_atomic_load(p, &r, order, scope);
    return r;
}
template <class T> __DEVICE__ void __nv_atomic_store_n(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
    __CUPRITE_NV_ONLY_INTEGRAL(T);
    __nv_atomic_store(p, &v, order, scope);
}
#undef __CUPRITE_NV_ONLY_INTEGRAL
#undef __CUPRITE_NV_WORD

/* A fence: fence.sc for seq_cst, fence.acq_rel for the others (relaxed: none). */
#define __CUPRITE_NV_FENCE(S)                                                                      \
    switch (order) {                                                                               \
    case __NV_ATOMIC_RELAXED: break;                                                               \
    case __NV_ATOMIC_SEQ_CST: asm volatile("fence.sc" S ";" ::: "memory"); break;                  \
    default: asm volatile("fence.acq_rel" S ";" ::: "memory"); break;                              \
    }
__DEVICE__ void __nv_atomic_thread_fence(int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
    switch (scope) {
    case __NV_THREAD_SCOPE_THREAD:
    case __NV_THREAD_SCOPE_BLOCK: __CUPRITE_NV_FENCE(".cta") break;
    case __NV_THREAD_SCOPE_CLUSTER: __CUPRITE_NV_FENCE(__CUPRITE_NV_CLUSTER) break;
    case __NV_THREAD_SCOPE_DEVICE: __CUPRITE_NV_FENCE(".gpu") break;
    default: __CUPRITE_NV_FENCE(".sys") break;
    }
}
#undef __CUPRITE_NV_FENCE
#undef __CUPRITE_NV_DISPATCH
#undef __CUPRITE_NV_ORDERS
#undef __CUPRITE_NV_LOAD_ORDERS
#undef __CUPRITE_NV_STORE_ORDERS
#undef __CUPRITE_NV_SCOPES
#undef __CUPRITE_NV_CLUSTER

#pragma pop_macro("__DEVICE__")
#endif /* __CUDA__ */
