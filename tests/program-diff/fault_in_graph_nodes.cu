// A kernel fault inside a graph launch (the 16 GiB case of gpu-unseen/runtime17_fault_in_graph.cu,
// whose other cases fault at addresses an H200 reports as cudaErrorInvalidAddressSpace): graph
// kernel -> kernel storing 16 GiB past its allocation -> host node -> kernel -> memcpy node
// (device to host) -> host node, then a cudaLaunchHostFunc behind it. No later node runs (the
// host counters stay 0, the copy's destination keeps -1). The return codes of the launch and
// of cudaLaunchHostFunc are not printed: an H200 answered them with the fault when it had
// already struck, which depends on timing.
#include <cstdio>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void put(int *p, long long i, int v) { p[i] = v; }
static int host_a = 0, host_b = 0, host_c = 0;
static void hostfn_a(void *) { host_a++; }
static void hostfn_b(void *) { host_b++; }
static void hostfn_c(void *) { host_c++; }

#define R(label, call)                                                                          \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    cudaError_t l_ = cudaGetLastError();                                                        \
    printf("%-40s -> %s (last %s)\n", label, cudaGetErrorName(e_), cudaGetErrorName(l_));      \
  } while (0)

static int hcopy[4] = {-1, -1, -1, -1};

static cudaGraph_t chain(int *p, long long badIndex) {
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaKernelNodeParams kp = {};
  kp.func = (void *)put;
  kp.gridDim = 1;
  kp.blockDim = 1;
  static long long i0 = 0, i1, i2 = 2;
  static int v0 = 11, v1 = 22, v2 = 33;
  i1 = badIndex;
  void *a0[] = {&p, &i0, &v0}, *a1[] = {&p, &i1, &v1}, *a2[] = {&p, &i2, &v2};
  cudaGraphNode_t n0, n1, n2, n3, n4, n5;
  kp.kernelParams = a0;
  cudaGraphAddKernelNode(&n0, g, nullptr, 0, &kp);
  kp.kernelParams = a1;
  cudaGraphAddKernelNode(&n1, g, &n0, 1, &kp);
  cudaHostNodeParams hp = {hostfn_a, nullptr};
  cudaGraphAddHostNode(&n2, g, &n1, 1, &hp);
  kp.kernelParams = a2;
  cudaGraphAddKernelNode(&n3, g, &n2, 1, &kp);
  cudaGraphAddMemcpyNode1D(&n4, g, &n3, 1, hcopy, p, 16, cudaMemcpyDeviceToHost);
  cudaHostNodeParams hp2 = {hostfn_b, nullptr};
  cudaGraphAddHostNode(&n5, g, &n4, 1, &hp2);
  return g;
}

static void graph_case(long long bad, bool verbose) {
  int *p;
  cudaMalloc(&p, 16);
  cudaMemset(p, 0, 16);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaGraph_t good = chain(p, 1), badg = chain(p, bad);
  cudaGraphExec_t xg, xb;
  cudaGraphInstantiate(&xg, good, 0);
  cudaGraphInstantiate(&xb, badg, 0);
  if (verbose) {
    R("Launch good", cudaGraphLaunch(xg, s));
    R("Sync", cudaStreamSynchronize(s));
    printf("  good: copy %d %d %d host_a=%d host_b=%d\n", hcopy[0], hcopy[1], hcopy[2], host_a, host_b);
  }
  cudaMemset(p, 0, 16);
  cudaDeviceSynchronize();
  host_a = host_b = host_c = 0;
  hcopy[0] = hcopy[1] = hcopy[2] = -1;
  cudaGraphLaunch(xb, s);
  cudaLaunchHostFunc(s, hostfn_c, nullptr);
  R("StreamSynchronize", cudaStreamSynchronize(s));
  printf("  host_a=%d host_b=%d host_c=%d copy %d %d %d\n", host_a, host_b, host_c, hcopy[0], hcopy[1], hcopy[2]);
  if (verbose) {
    R("Launch good again", cudaGraphLaunch(xg, s));
    R("Sync", cudaStreamSynchronize(s));
    printf("  host_a=%d host_b=%d\n", host_a, host_b);
  }
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("[graph, store 16 GiB past]\n");
  graph_case(1LL << 32, true);
  return 0;
}
