// Built-in vector types: sizes and alignments (char3 is 3 bytes with 1-byte alignment, float4 and
// int4 16-byte aligned, double2 16, longlong2 16), make_* constructors, component access, dim3
// defaults, and vector loads/stores of float4/int2 through global memory.
#include "guide.h"
struct Layout { int size[10]; int align[10]; };
__global__ void layout(Layout* out) {
  Layout l = {{(int)sizeof(char3), (int)sizeof(short3), (int)sizeof(int3), (int)sizeof(float4), (int)sizeof(double2),
               (int)sizeof(longlong2), (int)sizeof(uchar4), (int)sizeof(float2), (int)sizeof(double4), (int)sizeof(dim3)},
              {(int)alignof(char3), (int)alignof(short3), (int)alignof(int3), (int)alignof(float4), (int)alignof(double2),
               (int)alignof(longlong2), (int)alignof(uchar4), (int)alignof(float2), (int)alignof(double4), (int)alignof(dim3)}};
  *out = l;
}
__global__ void vec_ops(const float4* in, float4* out, int2* i2, uchar4* u4, double2* d2) {
  int i = threadIdx.x;
  float4 v = in[i];
  out[i] = make_float4(v.w, v.z, v.y, v.x + 1.f);
  i2[i] = make_int2(i, -i);
  u4[i] = make_uchar4(i, i + 1, 255 - i, (i * 7) & 255);
  d2[i] = make_double2(v.x * 0.5, (double)v.y * v.z);
}
__global__ void dims(unsigned* out) {
  dim3 d;               // unspecified components are 1
  dim3 e(7);
  out[0] = d.x * 100 + d.y * 10 + d.z;
  out[1] = e.x * 100 + e.y * 10 + e.z;
}
int main() {
  Layout *dl, hl;
  CK(cudaMalloc(&dl, sizeof(Layout)));
  layout<<<1, 1>>>(dl);
  CK(cudaMemcpy(&hl, dl, sizeof(hl), cudaMemcpyDeviceToHost));
  Layout want = {{3, 6, 12, 16, 16, 16, 4, 8, 32, 12}, {1, 2, 4, 16, 16, 16, 4, 8, 16, 4}};
  check(memcmp(&hl, &want, sizeof(want)) == 0, "device sizes/alignments of vector types");
  Layout host = {{(int)sizeof(char3), (int)sizeof(short3), (int)sizeof(int3), (int)sizeof(float4), (int)sizeof(double2),
                  (int)sizeof(longlong2), (int)sizeof(uchar4), (int)sizeof(float2), (int)sizeof(double4), (int)sizeof(dim3)},
                 {(int)alignof(char3), (int)alignof(short3), (int)alignof(int3), (int)alignof(float4), (int)alignof(double2),
                  (int)alignof(longlong2), (int)alignof(uchar4), (int)alignof(float2), (int)alignof(double4), (int)alignof(dim3)}};
  check(memcmp(&host, &want, sizeof(want)) == 0, "host sizes/alignments of vector types");
  const int n = 64;
  float4 hin[n];
  for (int i = 0; i < n; i++) hin[i] = make_float4(i, i + 0.5f, -i, 2 * i);
  float4 *din, *dout; int2* di2; uchar4* du4; double2* dd2;
  CK(cudaMalloc(&din, sizeof(hin))); CK(cudaMalloc(&dout, sizeof(hin)));
  CK(cudaMalloc(&di2, n * sizeof(int2))); CK(cudaMalloc(&du4, n * sizeof(uchar4))); CK(cudaMalloc(&dd2, n * sizeof(double2)));
  CK(cudaMemcpy(din, hin, sizeof(hin), cudaMemcpyHostToDevice));
  vec_ops<<<1, n>>>(din, dout, di2, du4, dd2);
  float4 hout[n]; int2 hi2[n]; uchar4 hu4[n]; double2 hd2[n];
  CK(cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hi2, di2, sizeof(hi2), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hu4, du4, sizeof(hu4), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hd2, dd2, sizeof(hd2), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) {
    ok &= hout[i].x == hin[i].w && hout[i].y == hin[i].z && hout[i].z == hin[i].y && hout[i].w == hin[i].x + 1.f;
    ok &= hi2[i].x == i && hi2[i].y == -i;
    ok &= hu4[i].x == i && hu4[i].y == i + 1 && hu4[i].z == 255 - i && hu4[i].w == ((i * 7) & 255);
    ok &= hd2[i].x == hin[i].x * 0.5 && hd2[i].y == (double)hin[i].y * hin[i].z;
  }
  check(ok, "make_* constructors and vector loads/stores");
  unsigned* du, hu[2];
  CK(cudaMalloc(&du, sizeof(hu)));
  dims<<<1, 1>>>(du);
  CK(cudaMemcpy(hu, du, sizeof(hu), cudaMemcpyDeviceToHost));
  check(hu[0] == 111 && hu[1] == 711, "dim3 unspecified components default to 1");
  return finish();
}
