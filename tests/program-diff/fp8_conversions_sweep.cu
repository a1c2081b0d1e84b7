// cuda_fp8.h on the device: every half and a float sweep to e4m3/e5m2 with and without
// saturation (hashes per chunk), every fp8 byte back to half, the x2/x4 forms, the classes'
// conversions, and e8m0 in each rounding mode.
#include <cstdio>
#include <cuda_fp8.h>
__global__ void from_half(unsigned char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half_raw r; r.x = (unsigned short)i;
  o[i] = __nv_cvt_halfraw_to_fp8(r, __NV_NOSAT, __NV_E4M3);
  o[65536 + i] = __nv_cvt_halfraw_to_fp8(r, __NV_SATFINITE, __NV_E4M3);
  o[2 * 65536 + i] = __nv_cvt_halfraw_to_fp8(r, __NV_NOSAT, __NV_E5M2);
  o[3 * 65536 + i] = __nv_cvt_halfraw_to_fp8(r, __NV_SATFINITE, __NV_E5M2);
  __nv_bfloat16_raw b; b.x = (unsigned short)i;
  o[4 * 65536 + i] = __nv_cvt_bfloat16raw_to_fp8(b, __NV_NOSAT, __NV_E4M3);
  o[5 * 65536 + i] = __nv_cvt_bfloat16raw_to_fp8(b, __NV_SATFINITE, __NV_E5M2);
  o[6 * 65536 + i] = __nv_cvt_bfloat16raw_to_e8m0(b, __NV_NOSAT, cudaRoundZero);
  o[7 * 65536 + i] = __nv_cvt_bfloat16raw_to_e8m0(b, __NV_SATFINITE, cudaRoundPosInf);
}
__global__ void from_float(unsigned char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;  // 2^20 floats: bits i << 12 | (i * 2654435761u & 0xfff)
  unsigned u = (unsigned)i << 12 | ((unsigned)i * 2654435761u & 0xfff);
  float f; memcpy(&f, &u, 4);
  int n = 1 << 20;
  o[i] = __nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E4M3);
  o[n + i] = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E4M3);
  o[2 * n + i] = __nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E5M2);
  o[3 * n + i] = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E5M2);
  o[4 * n + i] = __nv_cvt_float_to_e8m0(f, __NV_NOSAT, cudaRoundZero);
  o[5 * n + i] = __nv_cvt_float_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf);
  o[6 * n + i] = __nv_cvt_double_to_fp8((double)f * (1.0 + 0x1p-35), __NV_SATFINITE, __NV_E4M3);
  o[7 * n + i] = __nv_cvt_double_to_fp8((double)f * (1.0 - 0x1p-35), __NV_NOSAT, __NV_E5M2);
}
__global__ void to_half(unsigned *o) {
  int i = threadIdx.x;  // 256 bytes
  __half_raw a = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)i, __NV_E4M3);
  __half_raw b = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)i, __NV_E5M2);
  o[i] = a.x | (unsigned)b.x << 16;
  __nv_bfloat16_raw e = __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)i);
  __nv_fp8_e4m3 c; c.__x = (__nv_fp8_storage_t)i;
  __nv_fp8_e5m2 d; d.__x = (__nv_fp8_storage_t)i;
  float fc = (float)c, fd = (float)d;
  unsigned uc, ud; memcpy(&uc, &fc, 4); memcpy(&ud, &fd, 4);
  o[256 + i] = e.x; o[512 + i] = uc; o[768 + i] = ud;
  __nv_fp8x2_storage_t two = (__nv_fp8x2_storage_t)(i | (255 - i) << 8);
  __half2_raw h2 = __nv_cvt_fp8x2_to_halfraw2(two, __NV_E4M3);
  o[1024 + i] = h2.x | (unsigned)h2.y << 16;
  __nv_bfloat162_raw e2 = __nv_cvt_e8m0x2_to_bf162raw(two);
  o[1280 + i] = e2.x | (unsigned)e2.y << 16;
}
__global__ void forms(const float *v, int n, unsigned *o) {
  int i = threadIdx.x;
  if (i >= n) return;
  float x = v[i], y = v[(i + 7) % n], z = v[(i + 3) % n], w = v[(i + 11) % n];
  unsigned *p = o + i * 12;
  p[0] = __nv_cvt_float2_to_fp8x2(make_float2(x, y), __NV_SATFINITE, __NV_E4M3);
  p[1] = __nv_cvt_float2_to_fp8x2(make_float2(x, y), __NV_NOSAT, __NV_E5M2);
  p[2] = __nv_cvt_double2_to_fp8x2(make_double2(x, y), __NV_NOSAT, __NV_E4M3);
  __half2_raw h2; h2.x = __half_as_ushort(__float2half(x)); h2.y = __half_as_ushort(__float2half(y));
  p[3] = __nv_cvt_halfraw2_to_fp8x2(h2, __NV_SATFINITE, __NV_E5M2);
  __nv_bfloat162_raw b2; b2.x = __bfloat16_as_ushort(__float2bfloat16(x)); b2.y = __bfloat16_as_ushort(__float2bfloat16(y));
  p[4] = __nv_cvt_bfloat16raw2_to_fp8x2(b2, __NV_SATFINITE, __NV_E4M3);
  p[5] = __nv_cvt_float2_to_e8m0x2(make_float2(x, y), __NV_SATFINITE, cudaRoundPosInf);
  __nv_fp8x4_e4m3 q4(make_float4(x, y, z, w)); p[6] = q4.__x;
  __nv_fp8x4_e5m2 r4(make_float4(x, y, z, w)); p[7] = r4.__x;
  float4 back = (float4)q4; p[8] = __float_as_uint(back.x) ^ __float_as_uint(back.w);
  __nv_fp8_e4m3 s(x); __nv_fp8_e5m2 t(__float2half(x)); __nv_fp8_e4m3 u(__float2bfloat16(y));
  __nv_fp8_e4m3 iv((int)z); __nv_fp8_e5m2 lv((long long)w);
  p[9] = s.__x | t.__x << 8 | u.__x << 16 | iv.__x << 24;
  p[10] = lv.__x | (unsigned)(int)s << 8 | ((unsigned)(short)t & 0xffff) << 16;
  __nv_fp8x2_e5m2 x2(make_double2(x, z)); __half2 hh = (__half2)x2;
  p[11] = x2.__x ^ __half_as_ushort(hh.x);
}
static unsigned fnv(const unsigned char *p, size_t n) {
  unsigned h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}
int main() {
  unsigned char *d; cudaMallocManaged(&d, 8 << 20);
  from_half<<<256, 256>>>(d);
  printf("from_half: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int k = 0; k < 8; k++) {
    printf("h%d", k);
    for (int c = 0; c < 16; c++) printf(" %08x", fnv(d + k * 65536 + c * 4096, 4096));
    printf("\n  ");
    for (int c = 0; c < 64; c++) printf("%02x", d[k * 65536 + c * 1021]);
    printf("\n");
  }
  from_float<<<4096, 256>>>(d);
  printf("from_float: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int k = 0; k < 8; k++) {
    printf("f%d", k);
    for (int c = 0; c < 16; c++) printf(" %08x", fnv(d + (k << 20) + (c << 16), 1 << 16));
    printf("\n  ");
    for (int c = 0; c < 64; c++) printf("%02x", d[(k << 20) + c * 16411]);
    printf("\n");
  }
  unsigned *o; cudaMallocManaged(&o, 1536 * 4);
  to_half<<<1, 256>>>(o);
  printf("to_half: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int k = 0; k < 6; k++)
    for (int r = 0; r < 256; r += 16) {
      printf("t%d %02x:", k, r);
      for (int j = 0; j < 16; j++) printf(" %08x", o[k * 256 + r + j]);
      printf("\n");
    }
  const float v[] = {0.f, -0.f, 1.f, -1.f, 0.5f, 448.f, 464.f, 480.f, -480.f, 57344.f, 61440.f, 65536.f, 1e6f, -1e6f, 0x1p-9f,
                     0x1p-10f, 0x1.8p-10f, 0x1p-16f, 0x1p-17f, 0x1.8p-17f, 3.14159f, -2.5f, 0.3f, 17.f, __builtin_inff(),
                     -__builtin_inff(), __builtin_nanf(""), 0x1p127f, 0x1.fffffep127f, 0x1p-127f, 0x1p-149f, 240.f, 232.f, 249.f};
  const int n = sizeof(v) / 4;
  float *dv; cudaMalloc(&dv, sizeof(v)); cudaMemcpy(dv, v, sizeof(v), cudaMemcpyHostToDevice);
  forms<<<1, 64>>>(dv, n, o);
  printf("forms: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < n; i++) {
    printf("%a:", v[i]);
    for (int j = 0; j < 12; j++) printf(" %x", o[i * 12 + j]);
    printf("\n");
  }
  return 0;
}
