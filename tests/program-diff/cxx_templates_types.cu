// flags: -std=c++17 --expt-relaxed-constexpr -O3
// Templates instantiated on __half, __nv_bfloat16, double and int8_t as numeric libraries do:
// a generic axpy / dot / clamp kernel over each type (accumulating in a promoted type chosen by
// a trait), type traits specialised for __half, operator overloading on float2/float4/int2
// (helper_math-style, in a namespace, found by ADL), a variadic max of mixed arguments,
// constexpr functions evaluated on the host and the device (a table built at compile time,
// read in a kernel), and std::min/std::max/std::clamp/std::abs in device code by
// --expt-relaxed-constexpr.
#include <cstdio>
#include <cstdint>
#include <algorithm>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <type_traits>

template <class T> struct Acc { using type = T; };
template <> struct Acc<__half> { using type = float; };
template <> struct Acc<__nv_bfloat16> { using type = float; };
template <> struct Acc<int8_t> { using type = int; };

template <class T> __host__ __device__ float toF(T v) { return (float)v; }
template <> __host__ __device__ float toF(__half v) { return __half2float(v); }
template <> __host__ __device__ float toF(__nv_bfloat16 v) { return __bfloat162float(v); }
template <class T> __host__ __device__ T fromF(float v) { return (T)v; }
template <> __host__ __device__ __half fromF(float v) { return __float2half_rn(v); }
template <> __host__ __device__ __nv_bfloat16 fromF(float v) { return __float2bfloat16_rn(v); }
template <> __host__ __device__ int8_t fromF(float v) { return (int8_t)std::clamp((int)v, -128, 127); }

template <class T>
__global__ void axpyDot(int n, T a, const T* __restrict__ x, T* __restrict__ y, typename Acc<T>::type* dot) {
  using A = typename Acc<T>::type;
  __shared__ A part[128];
  int i = threadIdx.x;
  A s = 0;
  for (int k = i; k < n; k += blockDim.x) {
    A r = (A)toF(a) * (A)toF(x[k]) + (A)toF(y[k]);
    if constexpr (std::is_integral_v<T>) r = std::clamp<A>(r, -128, 127);
    y[k] = fromF<T>((float)r);
    s += (A)toF(x[k]) * (A)toF(y[k]);
  }
  part[i] = s;
  __syncthreads();
  for (int w = 64; w > 0; w /= 2) {
    if (i < w) part[i] += part[i + w];
    __syncthreads();
  }
  if (i == 0) *dot = part[0];
}

namespace vec {
__host__ __device__ inline float2 operator+(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__host__ __device__ inline float2 operator*(float s, float2 a) { return make_float2(s * a.x, s * a.y); }
__host__ __device__ inline float4 operator*(float4 a, float4 b) { return make_float4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }
__host__ __device__ inline float4& operator+=(float4& a, float4 b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; return a; }
__host__ __device__ inline int2 operator-(int2 a) { return make_int2(-a.x, -a.y); }
__host__ __device__ inline bool operator==(int2 a, int2 b) { return a.x == b.x && a.y == b.y; }
__host__ __device__ inline float dot(float4 a, float4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
}  // namespace vec
using namespace vec;

template <class T> __host__ __device__ constexpr T vmax(T a) { return a; }
template <class T, class... R> __host__ __device__ constexpr auto vmax(T a, R... r) {
  auto m = vmax(r...);
  return a > m ? a : m;
}
template <class... T> __host__ __device__ constexpr auto sumAll(T... v) { return (v + ... + 0); }
template <class... T> __host__ __device__ constexpr int countPositive(T... v) { return ((v > 0 ? 1 : 0) + ...); }

constexpr int binom(int n, int k) { return k == 0 || k == n ? 1 : binom(n - 1, k - 1) + binom(n - 1, k); }
struct Table { int v[10][10]; };
constexpr Table makeTable() {
  Table t{};
  for (int n = 0; n < 10; n++) for (int k = 0; k <= n; k++) t.v[n][k] = binom(n, k);
  return t;
}
__constant__ Table ctab = makeTable();

__global__ void misc(float* out, int* iout) {
  int t = threadIdx.x;
  float2 a = make_float2(t, 2 * t), b = make_float2(0.5f, -1.0f);
  float2 c = a + 3.0f * b;
  float4 p = make_float4(1, 2, 3, t), q = make_float4(t, 1, 0.5f, 2);
  float4 r = p * q;
  r += p;
  out[t * 4 + 0] = c.x; out[t * 4 + 1] = c.y; out[t * 4 + 2] = dot(r, q); out[t * 4 + 3] = std::abs(-1.5f * t) + std::min(2.0f, (float)t);
  int2 v = make_int2(t, -t);
  iout[t * 6 + 0] = (-v == make_int2(-t, t));
  iout[t * 6 + 1] = vmax(t, 3, (int)'A' - 60, 2 * t - 5);
  iout[t * 6 + 2] = (int)(vmax(1.5, (double)t / 3, 0.25) * 100);
  iout[t * 6 + 3] = sumAll(t, 1, 2L, (short)3);
  iout[t * 6 + 4] = countPositive(t - 3, 1 - t, t, -1);
  iout[t * 6 + 5] = ctab.v[t % 10][(t / 2) % 10 <= t % 10 ? (t / 2) % 10 : 0] + std::max(binom(7, 3), t);
}

template <class T>
void run(const char* name) {
  const int n = 300;
  T hx[n], hy[n];
  for (int i = 0; i < n; i++) { hx[i] = fromF<T>((float)((i * 7) % 23 - 11) * 0.25f); hy[i] = fromF<T>((float)((i * 5) % 17 - 8) * 0.5f); }
  if (std::is_integral<T>::value) for (int i = 0; i < n; i++) { hx[i] = fromF<T>((float)((i * 7) % 23 - 11)); hy[i] = fromF<T>((float)((i * 5) % 17 - 8) * 4); }
  T *dx, *dy; typename Acc<T>::type* dd;
  cudaMalloc(&dx, sizeof hx); cudaMalloc(&dy, sizeof hy); cudaMalloc(&dd, sizeof(typename Acc<T>::type));
  cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice); cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice);
  axpyDot<T><<<1, 128>>>(n, fromF<T>(std::is_integral<T>::value ? 3.0f : 1.75f), dx, dy, dd);
  typename Acc<T>::type d;
  cudaMemcpy(&d, dd, sizeof d, cudaMemcpyDeviceToHost);
  cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost);
  printf("%-9s dot=%.6g y:", name, (double)d);
  for (int i = 0; i < n; i += 29) printf(" %g", toF(hy[i]));
  printf("\n");
}

int main() {
  run<float>("float");
  run<double>("double");
  run<__half>("half");
  run<__nv_bfloat16>("bfloat16");
  run<int8_t>("int8");
  float* df; int* di;
  cudaMalloc(&df, 16 * 4 * 4); cudaMalloc(&di, 16 * 6 * 4);
  misc<<<1, 16>>>(df, di);
  float hf[64]; int hi[96];
  cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost); cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 16; t += 3) printf("t=%d f=%g %g %g %g i=%d %d %d %d %d %d\n", t, hf[t * 4], hf[t * 4 + 1], hf[t * 4 + 2], hf[t * 4 + 3], hi[t * 6], hi[t * 6 + 1], hi[t * 6 + 2], hi[t * 6 + 3], hi[t * 6 + 4], hi[t * 6 + 5]);
  constexpr Table ht = makeTable();
  printf("host binom(9,4)=%d vmax=%d sum=%d err=%s\n", ht.v[9][4], vmax(3, 9, 4), sumAll(1, 2, 3), cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
