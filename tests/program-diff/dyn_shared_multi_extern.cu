// Dynamic shared memory declared several times (extern __shared__ arrays of char, double,
// float4 and a struct, in the kernel and in a device function): all start at the same address;
// with static __shared__ beside them; carved by hand with alignment; the maximum dynamic size
// (48 KiB default, more after cudaFuncAttributeMaxDynamicSharedMemorySize) and one byte more.
#include <cstdio>
struct alignas(32) S32 { int v[8]; };
extern __shared__ char dyn_c[];
__device__ long long diff_in_function() { extern __shared__ S32 dyn_s[]; return (char*)dyn_s - dyn_c; }
__global__ void k(long long* out, int n) {
  extern __shared__ double dyn_d[];
  extern __shared__ float4 dyn_f4[];
  __shared__ int stat[5];
  int t = threadIdx.x;
  if (t < 5) stat[t] = t;
  if (t == 0) {
    out[0] = (char*)dyn_d - dyn_c; out[1] = (char*)dyn_f4 - dyn_c; out[2] = diff_in_function();
    out[3] = ((size_t)__cvta_generic_to_shared(dyn_c)) % 16; out[4] = ((size_t)__cvta_generic_to_shared(dyn_c)) % 128 == 0 ? 128 : 0;
  }
  // carve: 3 chars, then align to 8 for doubles, then float4 at 16
  char* c = dyn_c;
  double* d = (double*)(((size_t)(c + 3) + 7) & ~(size_t)7);
  float4* f = (float4*)(((size_t)(d + 5) + 15) & ~(size_t)15);
  if (t == 0) { out[5] = (char*)d - dyn_c; out[6] = (char*)f - dyn_c; }
  for (int i = t; i < n / 4; i += blockDim.x) ((int*)dyn_c)[i] = i * 3;
  __syncthreads();
  long long s = 0; for (int i = t; i < n / 8; i += blockDim.x) s += (long long)dyn_d[i] == 0 ? ((int*)dyn_c)[2 * i] : 1;
  atomicAdd((unsigned long long*)&out[7], (unsigned long long)s);
  __syncthreads();
  if (t == 0) out[8] = stat[4];
}
int main() {
  long long* o; cudaMalloc(&o, 16 * 8);
  int sizes[] = {0, 1, 1000, 49120, 49121, 100000, 204800, 204801};
  for (int sz : sizes) {
    if (sz == 100000) printf("attr: %s\n", cudaGetErrorName(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 204800)));
    cudaMemset(o, 0, 128);
    k<<<2, 64, sz>>>(o, sz);
    cudaError_t le = cudaGetLastError(), e = cudaDeviceSynchronize();
    long long h[16]; cudaMemcpy(h, o, 128, cudaMemcpyDeviceToHost);
    printf("dyn=%d launch=%s sync=%s diffs=%lld,%lld,%lld mod16=%lld al128=%lld carve=%lld,%lld sum=%lld stat=%lld\n", sz, cudaGetErrorName(le),
           cudaGetErrorName(e), h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]);
  }
  cudaFuncAttributes a; cudaFuncGetAttributes(&a, k);
  printf("static=%zu maxDyn=%d\n", a.sharedSizeBytes, a.maxDynamicSharedSizeBytes);
  return 0;
}
