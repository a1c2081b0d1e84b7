// Runtime features whose results are deterministic: a cooperative launch with grid-wide sync,
// stream capture into a graph replayed several times, host callbacks in stream order, events,
// dynamic parallelism is elsewhere (needs -rdc); a cluster histogram with distributed shared
// memory; managed memory touched by host and device; prints what each produced.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void grid_sum(const int* in, int* partial, int* out, int n) {
  cg::grid_group g = cg::this_grid();
  int s = 0; for (int i = g.thread_rank(); i < n; i += g.size()) s += in[i];
  atomicAdd(&partial[blockIdx.x], s);
  g.sync();
  if (g.thread_rank() == 0) { int t = 0; for (int b = 0; b < gridDim.x; b++) t += partial[b]; *out = t; }
}
__global__ void __cluster_dims__(2, 1, 1) cluster_hist(const int* in, int n, int* bins, int nbins) {
  extern __shared__ int smem[];
  cg::cluster_group cl = cg::this_cluster();
  int per = nbins / 2;
  for (int i = threadIdx.x; i < per; i += blockDim.x) smem[i] = 0;
  cl.sync();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int b = in[i] % nbins; int* dst = cl.map_shared_rank(smem, b / per); atomicAdd(dst + b % per, 1);
  }
  cl.sync();
  for (int i = threadIdx.x; i < per; i += blockDim.x) atomicAdd(&bins[cl.block_rank() * per + i], smem[i]);
}
__global__ void axpb(float* x, float a, float b, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = a * x[i] + b; }
static void CUDART_CB note(void* p) { printf("callback %s\n", (const char*)p); }
int main() {
  const int n = 50000; int* in; cudaMallocManaged(&in, n * 4); for (int i = 0; i < n; i++) in[i] = (i * 31) % 97;
  int *partial, *out; cudaMallocManaged(&partial, 64 * 4); cudaMallocManaged(&out, 4); for (int i = 0; i < 64; i++) partial[i] = 0;
  void* args[] = {&in, &partial, &out, (void*)&n};
  int nn = n; args[3] = &nn;
  cudaError_t e = cudaLaunchCooperativeKernel((void*)grid_sum, 8, 128, args, 0, 0); cudaDeviceSynchronize();
  printf("cooperative: %d sum %d\n", (int)e, *out);
  int* bins; cudaMallocManaged(&bins, 64 * 4); for (int i = 0; i < 64; i++) bins[i] = 0;
  cluster_hist<<<4, 128, 32 * 4>>>(in, n, bins, 64); e = cudaDeviceSynchronize();
  printf("cluster: %d bins", (int)e); for (int i = 0; i < 64; i += 5) printf(" %d", bins[i]); printf("\n");
  float* x; cudaMallocManaged(&x, 1000 * 4); for (int i = 0; i < 1000; i++) x[i] = i * 0.25f;
  cudaStream_t s; cudaStreamCreate(&s);
  cudaGraph_t g; cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  axpb<<<4, 256, 0, s>>>(x, 1.5f, -2.0f, 1000); axpb<<<4, 256, 0, s>>>(x, 0.5f, 1.0f, 1000);
  cudaStreamEndCapture(s, &g);
  size_t nodes = 0; cudaGraphGetNodes(g, nullptr, &nodes);
  cudaGraphExec_t ge; cudaGraphInstantiate(&ge, g, 0);
  for (int r = 0; r < 3; r++) cudaGraphLaunch(ge, s);
  cudaLaunchHostFunc(s, note, (void*)"after graphs");
  cudaStreamSynchronize(s);
  printf("graph nodes %zu x[1]=%.9g x[999]=%.9g\n", nodes, x[1], x[999]);
  cudaEvent_t ev; cudaEventCreate(&ev);
  printf("event query before record: %d\n", (int)cudaEventQuery(ev));
  cudaEventRecord(ev, s); cudaEventSynchronize(ev);
  printf("event query after: %d\n", (int)cudaEventQuery(ev));
  printf("last error %d peek %d\n", (int)cudaGetLastError(), (int)cudaPeekAtLastError());
  axpb<<<1, 2000>>>(x, 1, 1, 1); printf("bad launch: %d %s\n", (int)cudaGetLastError(), cudaGetErrorString(cudaGetLastError()));
  return 0;
}
