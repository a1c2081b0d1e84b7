// flags: -std=c++17
// CUB warp primitives over logical warps as kernels tile them: WarpReduce Sum/Max/Reduce with a
// custom functor over logical widths 8 and 16 (several logical warps per hardware warp, the
// aggregate valid in each logical warp's lane 0), HeadSegmentedSum and TailSegmentedReduce with
// flags, WarpReduce with a partial count of valid items; WarpScan InclusiveSum / ExclusiveSum
// with the warp aggregate, ExclusiveScan with a custom op and initial value, Broadcast, Scan
// (inclusive and exclusive together) over 16 lanes, on int, float and double.
#include <cstdio>
#include <cub/cub.cuh>
#include <cuda/functional>

struct AbsMax {
  __device__ int operator()(int a, int b) const { return abs(a) > abs(b) ? a : (abs(a) < abs(b) ? b : (a > b ? a : b)); }
};
struct MinF {
  __device__ float operator()(float a, float b) const { return a < b ? a : b; }
};

template <int W>
__global__ void reduceKernel(const int* in, int* out) {
  using WR = cub::WarpReduce<int, W>;
  constexpr int PER_BLOCK = 128 / W;
  __shared__ typename WR::TempStorage tmp[PER_BLOCK];
  int t = threadIdx.x, w = t / W, lane = t % W;
  int v = in[blockIdx.x * 128 + t];
  int s = WR(tmp[w]).Sum(v);
  __syncwarp();
  int m = WR(tmp[w]).Reduce(v, cuda::maximum<>());
  __syncwarp();
  int a = WR(tmp[w]).Reduce(v, AbsMax());
  __syncwarp();
  int partial = WR(tmp[w]).Sum(v, lane % 5 + 1 > W ? W : lane % 5 + 1);  // valid items: per-lane argument, lane 0's counts
  __syncwarp();
  int head = (lane % 3) == 0;
  int hs = WR(tmp[w]).HeadSegmentedSum(v, head);
  __syncwarp();
  int tail = (lane % 4) == 3 || lane == W - 1;
  int tr = WR(tmp[w]).TailSegmentedReduce(v, tail, cuda::minimum<>());
  int base = (blockIdx.x * 128 + t) * 6;
  out[base + 0] = lane == 0 ? s : -1;
  out[base + 1] = lane == 0 ? m : -1;
  out[base + 2] = lane == 0 ? a : -1;
  out[base + 3] = lane == 0 ? partial : -1;
  out[base + 4] = head ? hs : -1;
  out[base + 5] = (lane % 4) == 0 ? tr : -1;
}

template <int W, class T>
__global__ void scanKernel(const T* in, T* out, T* agg) {
  using WS = cub::WarpScan<T, W>;
  __shared__ typename WS::TempStorage tmp[128 / W];
  int t = threadIdx.x, w = t / W, lane = t % W;
  T v = in[t];
  T inc, exc, total;
  WS(tmp[w]).InclusiveSum(v, inc);
  __syncwarp();
  WS(tmp[w]).ExclusiveSum(v, exc, total);
  __syncwarp();
  T mx;
  WS(tmp[w]).ExclusiveScan(v, mx, (T)-100, cuda::maximum<>());
  __syncwarp();
  T i2, e2;
  WS(tmp[w]).Scan(v, i2, e2, (T)0, cuda::std::plus<>());
  __syncwarp();
  T b = WS(tmp[w]).Broadcast(v, W - 2);
  out[t * 6 + 0] = inc; out[t * 6 + 1] = exc; out[t * 6 + 2] = mx; out[t * 6 + 3] = i2; out[t * 6 + 4] = e2; out[t * 6 + 5] = b;
  if (lane == 0) agg[w] = total;
}

template <class T> void pr(const char* fmt, T v);
template <> void pr(const char*, int v) { printf(" %d", v); }
template <> void pr(const char*, float v) { printf(" %g", v); }
template <> void pr(const char*, double v) { printf(" %.3f", v); }

template <int W, class T>
void runScan(const char* name) {
  T h[128];
  for (int i = 0; i < 128; i++) h[i] = (T)((i * 13) % 17 - 8) / (sizeof(T) == 4 && (T)0.5 != 0 ? (T)4 : (T)1);
  T *din, *dout, *dagg;
  cudaMalloc(&din, sizeof h); cudaMalloc(&dout, 6 * sizeof h); cudaMalloc(&dagg, sizeof(T) * 128 / W);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  scanKernel<W, T><<<1, 128>>>(din, dout, dagg);
  T r[6 * 128], ag[128 / W];
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(ag, dagg, sizeof ag, cudaMemcpyDeviceToHost);
  printf("%s W=%d\n", name, W);
  for (int k = 0; k < 6; k++) {
    printf("  op%d:", k);
    for (int i = 0; i < 2 * W; i++) pr("", r[i * 6 + k]);
    printf("\n");
  }
  printf("  aggregates:");
  for (int i = 0; i < 128 / W; i++) pr("", ag[i]);
  printf("\n");
}

template <int W>
void runReduce() {
  int h[256];
  for (int i = 0; i < 256; i++) h[i] = (i * 73 + 11) % 61 - 30;
  int *din, *dout;
  cudaMalloc(&din, sizeof h); cudaMalloc(&dout, 6 * sizeof h);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  reduceKernel<W><<<2, 128>>>(din, dout);
  int r[6 * 256];
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  printf("reduce W=%d err=%s\n", W, cudaGetErrorString(cudaGetLastError()));
  for (int k = 0; k < 6; k++) {
    printf("  op%d:", k);
    for (int i = 0; i < 256; i++)
      if (r[i * 6 + k] != -1) printf(" %d", r[i * 6 + k]);
    printf("\n");
  }
}

int main() {
  runReduce<8>();
  runReduce<16>();
  runScan<8, int>("int");
  runScan<16, int>("int");
  runScan<16, float>("float");
  runScan<8, double>("double");
  return 0;
}
