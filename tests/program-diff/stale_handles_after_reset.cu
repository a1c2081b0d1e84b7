// Handles created before cudaDeviceReset and used after it, each use in its own child process
// (forked before any CUDA call) so that a crash ends only that case: a stream (query,
// synchronize, launch on it, destroy), an event (query, record, synchronize, destroy), a graph
// (add a node, instantiate, destroy), an executable graph (launch, destroy), a created memory
// pool (get attribute, allocate from it, destroy), a texture object (destroy), an array
// (get info, free); each prints the call's error or that the child died. (Left out: the
// stream calls but a launch, cudaEventRecord and cudaEventDestroy, which crash the process
// on an H200.)
#include <cstdio>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void put(int *p) { *p = 1; }

struct Handles {
  cudaStream_t s;
  cudaEvent_t e;
  cudaGraph_t g;
  cudaGraphExec_t x;
  cudaMemPool_t pool;
  cudaTextureObject_t tex;
  cudaArray_t arr;
  int *d;
};

static Handles make() {
  Handles h;
  cudaMalloc(&h.d, 4);
  cudaStreamCreate(&h.s);
  cudaEventCreate(&h.e);
  cudaGraphCreate(&h.g, 0);
  cudaGraphNode_t n;
  cudaGraphAddEmptyNode(&n, h.g, nullptr, 0);
  cudaGraphInstantiate(&h.x, h.g, 0);
  cudaMemPoolProps pp = {};
  pp.allocType = cudaMemAllocationTypePinned;
  pp.location.type = cudaMemLocationTypeDevice;
  cudaMemPoolCreate(&h.pool, &pp);
  auto cd = cudaCreateChannelDesc<float>();
  cudaMallocArray(&h.arr, &cd, 8, 8);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = h.arr;
  cudaTextureDesc td = {};
  cudaCreateTextureObject(&h.tex, &rd, &td, nullptr);
  cudaDeviceSynchronize();
  return h;
}

static const char *names[] = {
    "StreamQuery(stale)", "StreamSynchronize(stale)", "launch on stale stream", "StreamDestroy(stale)",
    "EventQuery(stale)", "EventRecord(stale, 0)", "EventSynchronize(stale)", "EventDestroy(stale)",
    "GraphAddEmptyNode(stale graph)", "GraphInstantiate(stale graph)", "GraphDestroy(stale)",
    "GraphLaunch(stale exec)", "GraphExecDestroy(stale)", "MemPoolGetAttribute(stale)",
    "MallocFromPoolAsync(stale)", "MemPoolDestroy(stale)", "DestroyTextureObject(stale)",
    "ArrayGetInfo(stale)", "FreeArray(stale)"};

static cudaError_t use(int k, Handles &h) {
  cudaGraphNode_t n;
  cudaGraphExec_t x;
  unsigned long long v;
  void *p;
  cudaChannelFormatDesc cd;
  cudaExtent ex;
  unsigned fl;
  switch (k) {
  case 0: return cudaStreamQuery(h.s);
  case 1: return cudaStreamSynchronize(h.s);
  case 2: put<<<1, 1, 0, h.s>>>(h.d); return cudaGetLastError();
  case 3: return cudaStreamDestroy(h.s);
  case 4: return cudaEventQuery(h.e);
  case 5: return cudaEventRecord(h.e, 0);
  case 6: return cudaEventSynchronize(h.e);
  case 7: return cudaEventDestroy(h.e);
  case 8: return cudaGraphAddEmptyNode(&n, h.g, nullptr, 0);
  case 9: return cudaGraphInstantiate(&x, h.g, 0);
  case 10: return cudaGraphDestroy(h.g);
  case 11: return cudaGraphLaunch(h.x, 0);
  case 12: return cudaGraphExecDestroy(h.x);
  case 13: return cudaMemPoolGetAttribute(h.pool, cudaMemPoolAttrReleaseThreshold, &v);
  case 14: return cudaMallocFromPoolAsync(&p, 64, h.pool, 0);
  case 15: return cudaMemPoolDestroy(h.pool);
  case 16: return cudaDestroyTextureObject(h.tex);
  case 17: return cudaArrayGetInfo(&cd, &ex, &fl, h.arr);
  case 18: return cudaFreeArray(h.arr);
  }
  return cudaSuccess;
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  const int cases[] = {2, 4, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18};
  for (int k : cases) {
    pid_t pid = fork();
    if (pid == 0) {
      Handles h = make();
      cudaError_t r = cudaDeviceReset();
      if (r != cudaSuccess) printf("reset: %s\n", cudaGetErrorName(r));
      cudaError_t e = use(k, h);
      cudaError_t l = cudaGetLastError();
      cudaError_t s = cudaDeviceSynchronize();
      printf("%-34s -> %s (last %s, then sync %s)\n", names[k], cudaGetErrorName(e),
             cudaGetErrorName(l), cudaGetErrorName(s));
      _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
      printf("%-34s -> child died (%s)\n", names[k], WIFSIGNALED(st) ? "signal" : "exit code");
  }
  return 0;
}
