/* Cuprite's CUDA toolkit headers: address-space predicates and conversions (Programming Guide,
 * "Address Space Predicate Functions" and "Address Space Conversion Functions"). Included before
 * clang's intrinsics header, whose sm_90 functions use __isShared and __cvta_generic_to_shared. */
#pragma once

#pragma push_macro("__DEVICE__")
#define __DEVICE__ static __device__ __forceinline__

/* Address-space predicates (clang's intrinsics header uses __isShared for sm_90). */
__DEVICE__ unsigned int __isGlobal(const void *p) { return __nvvm_isspacep_global(p); }
__DEVICE__ unsigned int __isShared(const void *p) { return __nvvm_isspacep_shared(p); }
__DEVICE__ unsigned int __isConstant(const void *p) { return __nvvm_isspacep_const(p); }
__DEVICE__ unsigned int __isLocal(const void *p) { return __nvvm_isspacep_local(p); }
/* A __grid_constant__ parameter's address is in the kernel's parameter space (PTX 7.7, sm_70). */
__DEVICE__ unsigned int __isGridConstant(const void *p) {
  unsigned int r;
  asm("{\n\t.reg .pred p;\n\tisspacep.param p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(r) : "l"(p));
  return r;
}

/* Generic <-> state-space address conversions. */
__DEVICE__ size_t __cvta_generic_to_global(const void *p) { return (size_t)(void __attribute__((address_space(1))) *)p; }
__DEVICE__ size_t __cvta_generic_to_shared(const void *p) { return (size_t)(void __attribute__((address_space(3))) *)p; }
__DEVICE__ size_t __cvta_generic_to_constant(const void *p) { return (size_t)(void __attribute__((address_space(4))) *)p; }
__DEVICE__ size_t __cvta_generic_to_local(const void *p) { return (size_t)(void __attribute__((address_space(5))) *)p; }
__DEVICE__ size_t __cvta_generic_to_grid_constant(const void *p) {
  size_t r;
  asm("cvta.to.param.u64 %0, %1;" : "=l"(r) : "l"(p));
  return r;
}
__DEVICE__ void *__cvta_grid_constant_to_generic(size_t a) {
  void *r;
  asm("cvta.param.u64 %0, %1;" : "=l"(r) : "l"(a));
  return r;
}
__DEVICE__ void *__cvta_global_to_generic(size_t a) { return (void *)(void __attribute__((address_space(1))) *)a; }
__DEVICE__ void *__cvta_shared_to_generic(size_t a) { return (void *)(void __attribute__((address_space(3))) *)a; }
__DEVICE__ void *__cvta_constant_to_generic(size_t a) { return (void *)(void __attribute__((address_space(4))) *)a; }
__DEVICE__ void *__cvta_local_to_generic(size_t a) { return (void *)(void __attribute__((address_space(5))) *)a; }

#pragma pop_macro("__DEVICE__")
