// Records an H200's results for PTX's .approx instructions, for later bit-exact modelling
// (crates/simt/src/semantics/mufu*). Writes raw tables to the directory in argv[1]:
//   range_<name>.bin   results of one op over a contiguous range of input bit patterns,
//                      second-difference coded (see encode), for the fitting scripts;
//   sample_<op>.bin    u32 inputs then u32 outputs (u64 for f64 ops) for hashed and special inputs.
//   half_<op>.bin      u16/u32 outputs for all 2^16 inputs of the half-precision forms.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <vector>
#include <string>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

enum Op {
  RSQ_FTZ, RSQ, RCP_FTZ, RCP, SQRT_FTZ, SQRT, EX2_FTZ, EX2, LG2_FTZ, LG2, SIN_FTZ, SIN, COS_FTZ, COS,
  TANH, DIV, DIV_FTZ, DIV_FULL, DIV_FULL_FTZ, NUM_F32
};
static const char* kF32Names[] = {"rsqrt.approx.ftz.f32", "rsqrt.approx.f32", "rcp.approx.ftz.f32", "rcp.approx.f32",
  "sqrt.approx.ftz.f32", "sqrt.approx.f32", "ex2.approx.ftz.f32", "ex2.approx.f32", "lg2.approx.ftz.f32", "lg2.approx.f32",
  "sin.approx.ftz.f32", "sin.approx.f32", "cos.approx.ftz.f32", "cos.approx.f32", "tanh.approx.f32", "div.approx.f32",
  "div.approx.ftz.f32", "div.full.f32", "div.full.ftz.f32"};

__host__ __device__ uint32_t hash32(uint32_t x) {
  x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16; return x;
}

__device__ uint32_t f32op(int op, uint32_t a, uint32_t b) {
  float x = __uint_as_float(a), y = __uint_as_float(b), r = 0;
  switch (op) {
#define U(k, s) case k: asm volatile(s " %0, %1;" : "=f"(r) : "f"(x)); break;
    U(RSQ_FTZ, "rsqrt.approx.ftz.f32") U(RSQ, "rsqrt.approx.f32") U(RCP_FTZ, "rcp.approx.ftz.f32")
    U(RCP, "rcp.approx.f32") U(SQRT_FTZ, "sqrt.approx.ftz.f32") U(SQRT, "sqrt.approx.f32")
    U(EX2_FTZ, "ex2.approx.ftz.f32") U(EX2, "ex2.approx.f32") U(LG2_FTZ, "lg2.approx.ftz.f32")
    U(LG2, "lg2.approx.f32") U(SIN_FTZ, "sin.approx.ftz.f32") U(SIN, "sin.approx.f32")
    U(COS_FTZ, "cos.approx.ftz.f32") U(COS, "cos.approx.f32") U(TANH, "tanh.approx.f32")
#define B(k, s) case k: asm volatile(s " %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); break;
    B(DIV, "div.approx.f32") B(DIV_FTZ, "div.approx.ftz.f32") B(DIV_FULL, "div.full.f32") B(DIV_FULL_FTZ, "div.full.ftz.f32")
  }
  return __float_as_uint(r);
}

// mode 0: inputs base + i; mode 1: inputs from `in` (and in2 for the divisor).
__global__ void run32(int op, uint32_t base, const uint32_t* in, const uint32_t* in2, uint32_t* out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint32_t a = in ? in[i] : base + (uint32_t)i;
  uint32_t b = in2 ? in2[i] : 0;
  out[i] = f32op(op, a, b);
}

__global__ void run64(int op, const uint64_t* in, uint64_t* out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = __longlong_as_double(in[i]), r = 0;
  if (op == 0) asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x));
  if (op == 1) asm volatile("rsqrt.approx.f64 %0, %1;" : "=d"(r) : "d"(x));
  if (op == 2) asm volatile("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x));
  out[i] = __double_as_longlong(r);
}

// Half forms over all 2^16 inputs (x2 forms: the input in both halves, and a hashed partner).
__global__ void runh(int op, uint32_t* out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 65536) return;
  unsigned short h = (unsigned short)i, r = 0;
  uint32_t p = i | (hash32(i) & 0xffff0000u), q = 0;
  switch (op) {
    case 0: asm volatile("ex2.approx.f16 %0, %1;" : "=h"(r) : "h"(h)); break;
    case 1: asm volatile("ex2.approx.ftz.bf16 %0, %1;" : "=h"(r) : "h"(h)); break;
    case 2: asm volatile("tanh.approx.f16 %0, %1;" : "=h"(r) : "h"(h)); break;
    case 3: asm volatile("tanh.approx.bf16 %0, %1;" : "=h"(r) : "h"(h)); break;
    case 4: asm volatile("ex2.approx.f16x2 %0, %1;" : "=r"(q) : "r"(p)); break;
    case 5: asm volatile("ex2.approx.ftz.bf16x2 %0, %1;" : "=r"(q) : "r"(p)); break;
    case 6: asm volatile("tanh.approx.f16x2 %0, %1;" : "=r"(q) : "r"(p)); break;
    case 7: asm volatile("tanh.approx.bf16x2 %0, %1;" : "=r"(q) : "r"(p)); break;
  }
  out[i] = op < 4 ? r : q;
}

static void encode(FILE* f, const uint32_t* y, long n) {
  int64_t p1 = 0, p2 = 0;
  for (long i = 0; i < n; i++) {
    int64_t v = (int32_t)y[i];
    int64_t d = v - 2 * p1 + p2;
    p2 = p1; p1 = v;
    if (d >= -127 && d <= 127) { signed char c = (signed char)d; fwrite(&c, 1, 1, f); }
    else { signed char c = -128; int32_t w = (int32_t)v; fwrite(&c, 1, 1, f); fwrite(&w, 4, 1, f); }
  }
}

static std::string dir;
static uint32_t *d_in, *d_in2, *d_out;
static const long kMax = 1L << 24;

static void range(const char* name, int op, uint32_t base, long n) {
  run32<<<(n + 255) / 256, 256>>>(op, base, nullptr, nullptr, d_out, n);
  CK(cudaGetLastError());
  std::vector<uint32_t> h(n);
  CK(cudaMemcpy(h.data(), d_out, n * 4, cudaMemcpyDeviceToHost));
  FILE* f = fopen((dir + "/range_" + name + ".bin").c_str(), "wb");
  encode(f, h.data(), n);
  fclose(f);
}

static uint32_t fb(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }

int main(int argc, char** argv) {
  dir = argv[1];
  CK(cudaMalloc(&d_in, kMax * 4)); CK(cudaMalloc(&d_in2, kMax * 4)); CK(cudaMalloc(&d_out, kMax * 4));
  const long M = 1L << 23;
  range("rsq_1_4", RSQ_FTZ, 0x3f800000, 2 * M);
  range("rcp_1_2", RCP_FTZ, 0x3f800000, M);
  range("sqrt_1_4", SQRT_FTZ, 0x3f800000, 2 * M);
  range("ex2_0.25_0.5", EX2_FTZ, 0x3e800000, M);
  range("ex2_0.5_1", EX2_FTZ, 0x3f000000, M);
  range("ex2_1_2", EX2_FTZ, 0x3f800000, M);
  range("ex2_-1_-0.5", EX2_FTZ, 0xbf000000, M);
  range("ex2_-2_-1", EX2_FTZ, 0xbf800000, M);
  range("lg2_0.5_1", LG2_FTZ, 0x3f000000, M);
  range("lg2_1_2", LG2_FTZ, 0x3f800000, M);
  range("lg2_2_4", LG2_FTZ, 0x40000000, M);
  range("sin_0.5_1", SIN_FTZ, 0x3f000000, M);
  range("sin_1_2", SIN_FTZ, 0x3f800000, M);
  range("sin_2_4", SIN_FTZ, 0x40000000, M);
  range("sin_4_8", SIN_FTZ, 0x40800000, M);
  range("cos_0.5_1", COS_FTZ, 0x3f000000, M);
  range("cos_1_2", COS_FTZ, 0x3f800000, M);
  range("cos_2_4", COS_FTZ, 0x40000000, M);
  range("cos_4_8", COS_FTZ, 0x40800000, M);
  range("tanh_0.125_0.25", TANH, 0x3e000000, M);
  range("tanh_0.25_0.5", TANH, 0x3e800000, M);
  range("tanh_0.5_1", TANH, 0x3f000000, M);
  range("tanh_1_2", TANH, 0x3f800000, M);
  range("tanh_2_4", TANH, 0x40000000, M);
  range("tanh_4_8", TANH, 0x40800000, M);

  // Samples: specials, hashed bit patterns, and hashed values in a useful range, per op.
  std::vector<uint32_t> in;
  const float specials[] = {0.0f, 1.0f, 2.0f, 0.5f, 3.0f, 1e-30f, 1e30f, 1e-38f, 1.17549435e-38f, 1.1754942e-38f,
    8.5070592e37f, 8.507059e37f, 1.7014118e38f, 3.4028235e38f, 126.0f, 127.0f, 127.99999f, 128.0f, -126.0f, -126.00001f,
    -127.0f, -149.0f, -150.0f, -160.0f, 1000.0f, -1000.0f, 3.14159265f, 6.2831853f, 1.5707963f, 100.0f, 1e6f, 1e10f, 9.0f, 10.0f};
  for (float s : specials) { in.push_back(fb(s)); in.push_back(fb(s) ^ 0x80000000u); }
  const uint32_t bits[] = {0x7f800000u, 0x7fc00000u, 0x7f800001u, 0x7fffffffu, 0x00000001u, 0x00400000u, 0x007fffffu,
    0x00800000u, 0x00800001u, 0x3f800001u, 0x3f7fffffu, 0x7f7fffffu, 0x01000000u, 0x00000100u};
  for (uint32_t b : bits) { in.push_back(b); in.push_back(b ^ 0x80000000u); }
  while (in.size() < 1024) in.push_back(0);
  const long nhash = 1 << 15, nscaled = 1 << 15;
  const long n = 1024 + nhash + nscaled;
  for (long i = 0; i < nhash; i++) in.push_back(hash32((uint32_t)i));
  for (long i = 0; i < nscaled; i++) in.push_back(0);
  std::vector<uint32_t> in2(n), out(n);
  for (long i = 0; i < n; i++) in2[i] = hash32((uint32_t)i ^ 0x9e3779b9u);
  for (int op = 0; op < NUM_F32; op++) {
    // A value range per op where its results vary (ex2: [-160,160]; sin/cos: [-64,64]; others: +-2^[-130,130)).
    for (long i = 0; i < nscaled; i++) {
      uint32_t h = hash32((uint32_t)(i + 0x51ed27u * (op + 1)));
      float u = (h >> 8) * (1.0f / 16777216.0f) * 2.0f - 1.0f;
      float v;
      if (op == EX2 || op == EX2_FTZ) v = u * 160.0f;
      else if (op >= SIN_FTZ && op <= COS) v = u * 64.0f;
      else if (op == TANH) v = u * 12.0f;
      else { v = ldexpf(1.0f + (h & 0xffff) / 65536.0f, (int)(h >> 16) % 260 - 130); if (h & 0x80) v = -v; }
      in[1024 + nhash + i] = fb(v);
    }
    CK(cudaMemcpy(d_in, in.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_in2, in2.data(), n * 4, cudaMemcpyHostToDevice));
    run32<<<(n + 255) / 256, 256>>>(op, 0, d_in, d_in2, d_out, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out.data(), d_out, n * 4, cudaMemcpyDeviceToHost));
    FILE* f = fopen((dir + "/sample_" + kF32Names[op] + ".bin").c_str(), "wb");
    fwrite(in.data(), 4, n, f); if (op >= DIV) fwrite(in2.data(), 4, n, f); fwrite(out.data(), 4, n, f);
    fclose(f);
  }
  // f64: the upper word over [1,4) exhaustively (low word hashed; results' upper words coded as
  // the ranges are), then specials and hashed patterns (inputs and results raw).
  {
    const long nr = 2L << 20, ns = 1L << 15, n64 = nr + ns;
    std::vector<uint64_t> a(n64), r(n64);
    for (long i = 0; i < nr; i++) a[i] = ((uint64_t)(0x3ff00000u + i) << 32) | hash32((uint32_t)i);
    for (long i = 0; i < ns; i++) a[nr + i] = ((uint64_t)hash32((uint32_t)i + 77u) << 32) | hash32((uint32_t)i + 99u);
    const uint64_t sp[] = {0, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
      0x0000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull, 0x7fd0000000000000ull,
      0x0010000100000000ull, 0x800fffffffffffffull, 0x3ff0000000000000ull, 0x4000000000000000ull, 0xbff0000000000000ull};
    for (int i = 0; i < 15; i++) a[nr + i] = sp[i];
    uint64_t *da, *dr;
    CK(cudaMalloc(&da, n64 * 8)); CK(cudaMalloc(&dr, n64 * 8));
    CK(cudaMemcpy(da, a.data(), n64 * 8, cudaMemcpyHostToDevice));
    const char* names[] = {"rcp.approx.ftz.f64", "rsqrt.approx.f64", "rsqrt.approx.ftz.f64"};
    for (int op = 0; op < 3; op++) {
      run64<<<(n64 + 255) / 256, 256>>>(op, da, dr, n64);
      CK(cudaGetLastError());
      CK(cudaMemcpy(r.data(), dr, n64 * 8, cudaMemcpyDeviceToHost));
      std::vector<uint32_t> hi(nr);
      uint64_t lo_or = 0;
      for (long i = 0; i < nr; i++) { hi[i] = (uint32_t)(r[i] >> 32); lo_or |= r[i] & 0xffffffffu; }
      printf("%s: low words of the range results or'ed: %llx\n", names[op], (unsigned long long)lo_or);
      FILE* f = fopen((dir + "/range_" + names[op] + "_1_4.bin").c_str(), "wb");
      encode(f, hi.data(), nr);
      fclose(f);
      f = fopen((dir + "/f64_" + names[op] + ".bin").c_str(), "wb");
      fwrite(a.data() + nr, 8, ns, f); fwrite(r.data() + nr, 8, ns, f);
      fclose(f);
    }
  }
  {
    const char* names[] = {"ex2.approx.f16", "ex2.approx.ftz.bf16", "tanh.approx.f16", "tanh.approx.bf16",
      "ex2.approx.f16x2", "ex2.approx.ftz.bf16x2", "tanh.approx.f16x2", "tanh.approx.bf16x2"};
    std::vector<uint32_t> h(65536);
    for (int op = 0; op < 8; op++) {
      runh<<<256, 256>>>(op, d_out);
      CK(cudaGetLastError());
      CK(cudaMemcpy(h.data(), d_out, 65536 * 4, cudaMemcpyDeviceToHost));
      FILE* f = fopen((dir + "/half_" + names[op] + ".bin").c_str(), "wb");
      fwrite(h.data(), 4, 65536, f);
      fclose(f);
    }
  }
  CK(cudaDeviceSynchronize());
  printf("done\n");
  return 0;
}
