// Cooperative groups' reductions and scans in CUDA's order of operations (CUDA 13's
// cooperative_groups/details/coalesced_reduce.h, coalesced_scan.h, reduce.h), which float sums and
// non-commutative operators expose: a tile reduces by a butterfly (each thread combines its value
// with shfl_xor's, op(own, other), for masks Size/2 .. 1, and keeps its own result), a coalesced
// group of fewer than 32 threads broadcasts its last rank's inclusive scan, scans combine
// op(own, earlier) at distances 1, 2, 4, ..., and a multi-warp tile reduces each warp, then the
// warps' results by a butterfly. Also CUDA 12's reduce_update_async / reduce_store_async /
// inclusive_scan_update / exclusive_scan_update, thread_block::barrier_arrive/barrier_wait and
// grid_group::group_dim() (the grid in blocks). The H200 printed the same values for
// tests/program-diff/cg_reduce_scan_ops.cu (NVIDIA's headers).
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cuda/atomic>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <vector>
#include <functional>
namespace cg = cooperative_groups;

__host__ __device__ float fval(int i) { return 1.0f / (float)(i + 3) + (float)(i % 7) * 1e-3f; }
__host__ __device__ int ival(int i) { return (i * 37 + 5) % 23 - 11; }
__host__ __device__ int lam(int a, int b) { return a * 3 + b; }

__global__ void warp_level(float* fsum16, int* lam4, int* scan8, float* coal, int* coal_lam) {
  int i = threadIdx.x;
  auto b = cg::this_thread_block();
  auto t16 = cg::tiled_partition<16>(b);
  auto t4 = cg::tiled_partition<4>(b);
  auto t8 = cg::tiled_partition<8>(b);
  fsum16[i] = cg::reduce(t16, fval(i), cg::plus<float>());
  lam4[i] = cg::reduce(t4, ival(i), [](int a, int c) { return lam(a, c); });
  scan8[i] = cg::inclusive_scan(t8, ival(i), [](int a, int c) { return lam(a, c); });
  coal[i] = -1.0f;
  coal_lam[i] = -1;
  if ((i & 31) % 3 != 1) {
    auto c = cg::coalesced_threads();
    coal[i] = cg::reduce(c, fval(i), cg::plus<float>());
    coal_lam[i] = cg::reduce(c, ival(i), [](int a, int d) { return lam(a, d); });
  }
}

__global__ void multi_warp(float* out) {
  auto t = cg::tiled_partition<128>(cg::this_thread_block());
  out[threadIdx.x] = cg::reduce(t, fval(threadIdx.x), cg::plus<float>());
}

__global__ void updates(int* acc, int* stored, int* inc, int* exc, unsigned* dims) {
  auto b = cg::this_thread_block();
  auto tok = b.barrier_arrive();
  b.barrier_wait(std::move(tok));
  auto t = cg::tiled_partition<16>(b);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::atomic_ref<int, cuda::thread_scope_device> sum(acc[0]), mx(acc[1]), cnt(acc[2]), cnt2(acc[3]);
  cg::reduce_update_async(t, sum, ival(i), cg::plus<int>());
  cg::reduce_update_async(t, mx, ival(i), cg::greater<int>());
  cg::reduce_store_async(t, &stored[i / 16], ival(i), cg::less<int>());
  inc[i] = cg::inclusive_scan_update(t, cnt, i % 3 + 1);
  exc[i] = cg::exclusive_scan_update(t, cnt2, i % 3 + 1);
  if (i == 0) {
    dim3 g = cg::this_grid().group_dim();
    dims[0] = g.x; dims[1] = cg::this_grid().dim_threads().x;
  }
}

template <class T, class Op> static std::vector<T> butterfly(std::vector<T> v, Op op) {
  for (size_t m = v.size() / 2; m > 0; m /= 2) {
    std::vector<T> n(v.size());
    for (size_t l = 0; l < v.size(); l++) n[l] = op(v[l], v[l ^ m]);
    v = n;
  }
  return v;
}
template <class T, class Op> static std::vector<T> scan(std::vector<T> v, Op op) {
  for (size_t d = 1; d < v.size(); d *= 2) {
    std::vector<T> n = v;
    for (size_t r = d; r < v.size(); r++) n[r] = op(v[r], v[r - d]);
    v = n;
  }
  return v;
}

int main() {
  const int N = 64;
  float *fsum16, *coal, *mw; int *lam4, *scan8, *coal_lam;
  CK(cudaMalloc(&fsum16, N * 4)); CK(cudaMalloc(&coal, N * 4)); CK(cudaMalloc(&mw, 256 * 4));
  CK(cudaMalloc(&lam4, N * 4)); CK(cudaMalloc(&scan8, N * 4)); CK(cudaMalloc(&coal_lam, N * 4));
  warp_level<<<1, N>>>(fsum16, lam4, scan8, coal, coal_lam);
  multi_warp<<<1, 256>>>(mw);
  CK(cudaDeviceSynchronize());
  float g16[N], gcoal[N], gmw[256]; int g4[N], g8[N], gcl[N];
  CK(cudaMemcpy(g16, fsum16, sizeof g16, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(gcoal, coal, sizeof gcoal, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(gmw, mw, sizeof gmw, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(g4, lam4, sizeof g4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(g8, scan8, sizeof g8, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(gcl, coal_lam, sizeof gcl, cudaMemcpyDeviceToHost));
  auto fplus = [](float a, float b) { return a + b; };
  auto ilam = [](int a, int b) { return lam(a, b); };
  float w16[N], wcoal[N], wmw[256]; int w4[N], w8[N], wcl[N];
  for (int base = 0; base < N; base += 16) {
    std::vector<float> v; for (int l = 0; l < 16; l++) v.push_back(fval(base + l));
    auto r = butterfly(v, fplus); for (int l = 0; l < 16; l++) w16[base + l] = r[l];
  }
  for (int base = 0; base < N; base += 4) {
    std::vector<int> v; for (int l = 0; l < 4; l++) v.push_back(ival(base + l));
    auto r = butterfly(v, ilam); for (int l = 0; l < 4; l++) w4[base + l] = r[l];
  }
  for (int base = 0; base < N; base += 8) {
    std::vector<int> v; for (int l = 0; l < 8; l++) v.push_back(ival(base + l));
    auto r = scan(v, ilam); for (int l = 0; l < 8; l++) w8[base + l] = r[l];
  }
  for (int warp = 0; warp < N; warp += 32) {
    std::vector<float> v; std::vector<int> vi, who;
    for (int l = 0; l < 32; l++) if (l % 3 != 1) { v.push_back(fval(warp + l)); vi.push_back(ival(warp + l)); who.push_back(warp + l); }
    float fr = scan(v, fplus).back(); int ir = scan(vi, ilam).back();
    for (int l = 0; l < 32; l++) { wcoal[warp + l] = -1.0f; wcl[warp + l] = -1; }
    for (int m : who) { wcoal[m] = fr; wcl[m] = ir; }
  }
  for (int tile = 0; tile < 256; tile += 128) {
    std::vector<float> warps;
    for (int w = 0; w < 4; w++) {
      std::vector<float> v; for (int l = 0; l < 32; l++) v.push_back(fval(tile + w * 32 + l));
      warps.push_back(butterfly(v, fplus)[0]);
    }
    auto r = butterfly(warps, fplus);
    for (int t = 0; t < 128; t++) wmw[tile + t] = r[t / 32];
  }
  check(memcmp(g16, w16, sizeof w16) == 0, "float plus over tiles of 16: a butterfly, bit for bit");
  check_eq(g4, w4, N, "a non-commutative operator over tiles of 4: each thread its own butterfly result");
  check_eq(g8, w8, N, "inclusive_scan over tiles of 8: op(own, earlier)");
  check(memcmp(gcoal, wcoal, sizeof wcoal) == 0, "float plus over a coalesced group of 21: the last rank's scan");
  check_eq(gcl, wcl, N, "a non-commutative operator over a coalesced group of 21");
  check(memcmp(gmw, wmw, sizeof wmw) == 0, "float plus over tiles of 128: warps, then a butterfly over the warps");

  int *acc, *stored, *inc, *exc; unsigned* dims;
  const int M = 128;
  CK(cudaMalloc(&acc, 16)); CK(cudaMalloc(&stored, M / 16 * 4)); CK(cudaMalloc(&inc, M * 4)); CK(cudaMalloc(&exc, M * 4));
  CK(cudaMalloc(&dims, 8));
  int init[4] = {0, -1000, 0, 0};
  CK(cudaMemcpy(acc, init, 16, cudaMemcpyHostToDevice));
  updates<<<2, M / 2>>>(acc, stored, inc, exc, dims);
  CK(cudaDeviceSynchronize());
  int gacc[4], gst[M / 16], ginc[M], gexc[M]; unsigned gd[2];
  CK(cudaMemcpy(gacc, acc, 16, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gst, stored, sizeof gst, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(ginc, inc, sizeof ginc, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gexc, exc, sizeof gexc, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(gd, dims, 8, cudaMemcpyDeviceToHost));
  int sum = 0, mx = -1000, total = 0;
  for (int i = 0; i < M; i++) { sum += ival(i); mx = ival(i) > mx ? ival(i) : mx; total += i % 3 + 1; }
  check(gacc[0] == sum && gacc[1] == mx, "reduce_update_async into atomic_refs: the sum and the maximum");
  bool st_ok = true;
  for (int t = 0; t < M / 16; t++) { int m = 1000; for (int l = 0; l < 16; l++) m = ival(t * 16 + l) < m ? ival(t * 16 + l) : m; st_ok &= gst[t] == m; }
  check(st_ok, "reduce_store_async into a pointer: each tile's minimum");
  check(gacc[2] == total && gacc[3] == total, "inclusive/exclusive_scan_update: the atomics hold the total");
  // Tiles update in any order: each tile's values are its own scan offset by what the atomic held.
  bool scan_ok = true;
  for (int t = 0; t < M / 16; t++) {
    int off = gexc[t * 16], run = 0;
    for (int l = 0; l < 16; l++) {
      int i = t * 16 + l;
      scan_ok &= gexc[i] == off + run;
      run += i % 3 + 1;
      scan_ok &= ginc[i] - ginc[t * 16] == run - (t * 16 % 3 + 1);
    }
  }
  check(scan_ok, "inclusive/exclusive_scan_update: each tile's scan offset by the atomic's old value");
  check(gd[0] == 2 && gd[1] == M, "grid_group::group_dim() is the grid in blocks, dim_threads() in threads");
  return finish();
}
