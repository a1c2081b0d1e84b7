// cuRAND device API: XORWOW, MRG32k3a, Philox4_32_10 states; uniform, normal, log-normal,
// poisson, double variants, skipahead; per-thread sequences as the Monte Carlo samples use them.
// program-diff-skip: nvcc's wheel has no curand_kernel.h; crates/nvcc/tests/curand.rs checks cuprite nvcc's build
// diff-tolerance: 2e-6 (curand_normal's Box-Muller takes __sincosf: sin.approx/cos.approx, which the engine models to within an ulp of the hardware, not to the bit)
#include <cstdio>
#include <curand_kernel.h>

template <typename State>
__global__ void gen(unsigned long long seed, float *fu, float *fn, double *du, double *dn, unsigned *raw, unsigned *pois, float *ln) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  State s;
  curand_init(seed, id, 3, &s);
  raw[id] = curand(&s);
  fu[id] = curand_uniform(&s);
  fn[id] = curand_normal(&s);
  du[id] = curand_uniform_double(&s);
  dn[id] = curand_normal_double(&s);
  ln[id] = curand_log_normal(&s, 1.0f, 0.5f);
  pois[id] = curand_poisson(&s, 4.5);
}

__global__ void normal2(unsigned long long seed, float2 *f2, double2 *d2, float4 *u4) {
  int id = threadIdx.x;
  curandStatePhilox4_32_10_t s;
  curand_init(seed, id, 0, &s);
  f2[id] = curand_normal2(&s);
  d2[id] = curand_normal2_double(&s);
  u4[id] = curand_uniform4(&s);
  skipahead(1000ull, &s);
  uint4 r = curand4(&s);
  u4[id + 32] = make_float4(r.x * 2.3283064e-10f, r.y * 2.3283064e-10f, r.z * 2.3283064e-10f, r.w * 2.3283064e-10f);
}

__global__ void pi_estimate(unsigned long long seed, int n, unsigned long long *hits) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s;
  curand_init(seed, id, 0, &s);
  unsigned c = 0;
  for (int i = 0; i < n; i++) {
    float x = curand_uniform(&s), y = curand_uniform(&s);
    if (x * x + y * y <= 1.0f) c++;
  }
  atomicAdd(hits, (unsigned long long)c);
}

template <typename State>
void run(const char *name) {
  const int N = 64;
  float *fu, *fn, *ln; double *du, *dn; unsigned *raw, *pois;
  cudaMallocManaged(&fu, N * 4); cudaMallocManaged(&fn, N * 4); cudaMallocManaged(&ln, N * 4);
  cudaMallocManaged(&du, N * 8); cudaMallocManaged(&dn, N * 8);
  cudaMallocManaged(&raw, N * 4); cudaMallocManaged(&pois, N * 4);
  gen<State><<<2, 32>>>(1234ull, fu, fn, du, dn, raw, pois, ln);
  cudaDeviceSynchronize();
  printf("%s\n", name);
  for (int i = 0; i < N; i += 9)
    printf(" %2d raw=%08x u=%.7f n=%.7f du=%.15f dn=%.15f ln=%.6f p=%u\n", i, raw[i], fu[i], fn[i], du[i], dn[i], ln[i], pois[i]);
  double su = 0, sn = 0; unsigned sp = 0;
  for (int i = 0; i < N; i++) { su += fu[i]; sn += fn[i]; sp += pois[i]; }
  printf(" sums u=%.6f n=%.6f p=%u\n", su, sn, sp);
  cudaFree(fu); cudaFree(fn); cudaFree(ln); cudaFree(du); cudaFree(dn); cudaFree(raw); cudaFree(pois);
}

int main() {
  run<curandStateXORWOW_t>("xorwow");
  run<curandStateMRG32k3a_t>("mrg32k3a");
  run<curandStatePhilox4_32_10_t>("philox");
  float2 *f2; double2 *d2; float4 *u4;
  cudaMallocManaged(&f2, 32 * sizeof(float2)); cudaMallocManaged(&d2, 32 * sizeof(double2)); cudaMallocManaged(&u4, 64 * sizeof(float4));
  normal2<<<1, 32>>>(99ull, f2, d2, u4);
  cudaDeviceSynchronize();
  for (int i = 0; i < 32; i += 7)
    printf("n2 %d %.7f %.7f | %.15f %.15f | %.7f %.7f %.7f %.7f | %.7f %.7f\n", i, f2[i].x, f2[i].y, d2[i].x, d2[i].y, u4[i].x, u4[i].y, u4[i].z, u4[i].w, u4[i + 32].x, u4[i + 32].w);
  unsigned long long *hits; cudaMallocManaged(&hits, 8); *hits = 0;
  pi_estimate<<<8, 64>>>(7ull, 200, hits);
  cudaDeviceSynchronize();
  printf("pi ~ %.6f (%llu hits)\n", 4.0 * *hits / (8 * 64 * 200.0), *hits);
  printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
