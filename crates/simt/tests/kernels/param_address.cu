// A device function that takes a struct by value and passes its address on (to a function
// that is not inlined). Built with `clang++ -x cuda --cuda-device-only -O0 -g`
// (param_address.clang_O0.ptx), clang emits `mov.b64 %rd, <function>_param_0`: the address of a
// device function's parameter.
struct S { int a[4]; float f; };
__device__ __attribute__((noinline)) int use(const S *p) { return p->a[1] + p->a[3] + (int)p->f; }
__device__ __attribute__((noinline)) int byval(S s) { return use(&s); }
__global__ void k(int *o, S s) {
  s.a[1] += threadIdx.x;
  o[threadIdx.x] = byval(s);
}
