// cuda_fp6.h and cuda_fp4.h on the device: every half and bfloat16 to e2m3/e3m2/e2m1 (round to
// nearest and toward zero, with saturation), a float sweep, every code back to half, pair forms.
#include <cstdio>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
__global__ void from16(unsigned char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half_raw r; r.x = (unsigned short)i;
  __nv_bfloat16_raw b; b.x = (unsigned short)i;
  o[i] = __nv_cvt_halfraw_to_fp6(r, __NV_E2M3, cudaRoundNearest);
  o[65536 + i] = __nv_cvt_halfraw_to_fp6(r, __NV_E3M2, cudaRoundNearest);
  o[2 * 65536 + i] = __nv_cvt_halfraw_to_fp4(r, __NV_E2M1, cudaRoundNearest);
  o[3 * 65536 + i] = __nv_cvt_bfloat16raw_to_fp6(b, __NV_E2M3, cudaRoundZero);
  o[4 * 65536 + i] = __nv_cvt_bfloat16raw_to_fp6(b, __NV_E3M2, cudaRoundNearest);
  o[5 * 65536 + i] = __nv_cvt_bfloat16raw_to_fp4(b, __NV_E2M1, cudaRoundZero);
}
__global__ void fromf(unsigned char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned u = (unsigned)i << 12 | ((unsigned)i * 2654435761u & 0xfff);
  float f; memcpy(&f, &u, 4);
  int n = 1 << 20;
  o[i] = __nv_cvt_float_to_fp6(f, __NV_E2M3, cudaRoundNearest);
  o[n + i] = __nv_cvt_float_to_fp6(f, __NV_E3M2, cudaRoundZero);
  o[2 * n + i] = __nv_cvt_float_to_fp4(f, __NV_E2M1, cudaRoundNearest);
  o[3 * n + i] = __nv_cvt_double_to_fp6((double)f, __NV_E3M2, cudaRoundNearest);
  o[4 * n + i] = __nv_cvt_double_to_fp4((double)f, __NV_E2M1, cudaRoundZero);
}
__global__ void back(unsigned *o) {
  int i = threadIdx.x;  // 0..63
  __half_raw a = __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)i, __NV_E2M3);
  __half_raw b = __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)i, __NV_E3M2);
  __half_raw c = __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)(i & 15), __NV_E2M1);
  o[i] = a.x | (unsigned)b.x << 16;
  o[64 + i] = c.x;
  __half2_raw p6 = __nv_cvt_fp6x2_to_halfraw2((__nv_fp6x2_storage_t)(i | (63 - i) << 8), __NV_E3M2);
  __half2_raw p4 = __nv_cvt_fp4x2_to_halfraw2((__nv_fp4x2_storage_t)(i * 5), __NV_E2M1);
  o[128 + i] = p6.x | (unsigned)p6.y << 16;
  o[192 + i] = p4.x | (unsigned)p4.y << 16;
  __nv_fp6_e2m3 e; e.__x = (__nv_fp6_storage_t)i; float fe = (float)e;
  __nv_fp4_e2m1 g; g.__x = (__nv_fp4_storage_t)(i & 15); float fg = (float)g;
  o[256 + i] = __float_as_uint(fe); o[320 + i] = __float_as_uint(fg);
}
__global__ void forms(const float *v, int n, unsigned *o) {
  int i = threadIdx.x;
  if (i >= n) return;
  float x = v[i], y = v[(i + 5) % n], z = v[(i + 2) % n], w = v[(i + 9) % n];
  unsigned *p = o + i * 8;
  p[0] = __nv_cvt_float2_to_fp6x2(make_float2(x, y), __NV_E2M3, cudaRoundNearest);
  p[1] = __nv_cvt_float2_to_fp4x2(make_float2(x, y), __NV_E2M1, cudaRoundNearest);
  p[2] = __nv_cvt_double2_to_fp6x2(make_double2(x, y), __NV_E3M2, cudaRoundZero);
  __nv_fp6x4_e2m3 q(make_float4(x, y, z, w)); p[3] = q.__x;
  __nv_fp4x4_e2m1 r(make_float4(x, y, z, w)); p[4] = r.__x;
  __nv_fp6_e3m2 s(x); __nv_fp4_e2m1 t(__float2half(y)); __nv_fp6_e2m3 u((int)z);
  p[5] = s.__x | t.__x << 8 | u.__x << 16;
  float4 bq = (float4)q; p[6] = __float_as_uint(bq.y) ^ __float_as_uint(bq.z);
  float2 br = (float2)__nv_fp4x2_e2m1(make_float2(z, w)); p[7] = __float_as_uint(br.x) + __float_as_uint(br.y);
}
static unsigned fnv(const unsigned char *p, size_t n) {
  unsigned h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}
int main() {
  unsigned char *d; cudaMallocManaged(&d, 5 << 20);
  from16<<<256, 256>>>(d);
  printf("from16: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int k = 0; k < 6; k++) {
    printf("h%d", k);
    for (int c = 0; c < 16; c++) printf(" %08x", fnv(d + k * 65536 + c * 4096, 4096));
    printf("\n  ");
    for (int c = 0; c < 64; c++) printf("%02x", d[k * 65536 + c * 1021]);
    printf("\n");
  }
  fromf<<<4096, 256>>>(d);
  printf("fromf: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int k = 0; k < 5; k++) {
    printf("f%d", k);
    for (int c = 0; c < 16; c++) printf(" %08x", fnv(d + (k << 20) + (c << 16), 1 << 16));
    printf("\n  ");
    for (int c = 0; c < 64; c++) printf("%02x", d[(k << 20) + c * 16411]);
    printf("\n");
  }
  unsigned *o; cudaMallocManaged(&o, 512 * 4);
  back<<<1, 64>>>(o);
  printf("back: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int k = 0; k < 6; k++) {
    printf("b%d", k);
    for (int j = 0; j < 64; j++) printf(" %x", o[k * 64 + j]);
    printf("\n");
  }
  const float v[] = {0.f, -0.f, 1.f, -1.f, 0.5f, 0.25f, 0.125f, 0.0625f, 7.5f, 8.f, 28.f, 32.f, 6.f, 7.f, -6.5f, 0.75f, 1.25f,
                     1.75f, 3.5f, 0.1875f, 0.09375f, 100.f, __builtin_inff(), __builtin_nanf(""), -1e30f, 2.75f, 5.f};
  const int n = sizeof(v) / 4;
  float *dv; cudaMalloc(&dv, sizeof(v)); cudaMemcpy(dv, v, sizeof(v), cudaMemcpyHostToDevice);
  forms<<<1, 32>>>(dv, n, o);
  printf("forms: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < n; i++) {
    printf("%a:", v[i]);
    for (int j = 0; j < 8; j++) printf(" %x", o[i * 8 + j]);
    printf("\n");
  }
  return 0;
}
