// Entry points no other program calls: cudaGraphExecMemcpyNodeSetParams (a valid change and
// changes CUDA refuses), cudaLogsDumpToFile / cudaLogsDumpToMemory after an error was logged,
// cudaMemPoolExportToShareableHandle (a pool without a handle type, one with a POSIX fd).
// Each call's result and cudaGetLastError's. (The EGL stream calls are left out: the GPU
// machine has no EGL headers.)
#include <cstdio>
#include <cstring>
#include <unistd.h>
#include <cuda_runtime.h>

#define R(x) do { cudaError_t e_ = (x); cudaError_t l_ = cudaGetLastError(); printf("%-80s -> %s (last %s)\n", #x, cudaGetErrorName(e_), cudaGetErrorName(l_)); } while (0)

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *a, *b, h[4] = {0, 0, 0, 0};
  cudaMalloc(&a, 64);
  cudaMalloc(&b, 64);
  int init[16];
  for (int i = 0; i < 16; i++) init[i] = i + 1;
  cudaMemcpy(a, init, 64, cudaMemcpyHostToDevice);
  cudaMemcpy(b, init, 64, cudaMemcpyHostToDevice);
  cudaMemset(b, 0, 64);
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(a, 64, 16, 1);
  p.dstPtr = make_cudaPitchedPtr(h, 16, 4, 1);
  p.extent = make_cudaExtent(16, 1, 1);
  p.kind = cudaMemcpyDeviceToHost;
  cudaGraphNode_t n;
  R(cudaGraphAddMemcpyNode(&n, g, nullptr, 0, &p));
  cudaGraphExec_t ge;
  R(cudaGraphInstantiate(&ge, g, 0));
  cudaMemcpy3DParms q = p;
  q.srcPtr = make_cudaPitchedPtr(a + 4, 64, 16, 1);
  R(cudaGraphExecMemcpyNodeSetParams(ge, n, &q));
  R(cudaGraphLaunch(ge, 0));
  R(cudaStreamSynchronize(0));
  printf("  copied %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  q.srcPtr = make_cudaPitchedPtr(b, 64, 16, 1);
  R(cudaGraphExecMemcpyNodeSetParams(ge, n, &q));
  R(cudaGraphLaunch(ge, 0));
  R(cudaStreamSynchronize(0));
  printf("  copied %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  q = p;
  q.kind = cudaMemcpyDeviceToDevice;
  q.dstPtr = make_cudaPitchedPtr(b, 64, 16, 1);
  R(cudaGraphExecMemcpyNodeSetParams(ge, n, &q));
  q = p;
  q.extent = make_cudaExtent(32, 1, 1);
  R(cudaGraphExecMemcpyNodeSetParams(ge, n, &q));
  R(cudaGraphExecMemcpyNodeSetParams(ge, n, nullptr));
  R(cudaGraphExecMemcpyNodeSetParams(nullptr, n, &p));
  R(cudaGraphExecMemcpyNodeSetParams(ge, nullptr, &p));
  cudaGraphNode_t e;
  cudaGraphAddEmptyNode(&e, g, nullptr, 0);
  R(cudaGraphExecMemcpyNodeSetParams(ge, e, &p));
  q = p;
  q.extent = make_cudaExtent(0, 1, 1);
  R(cudaGraphExecMemcpyNodeSetParams(ge, n, &q));
  q = p;
  q.kind = (cudaMemcpyKind)9;
  R(cudaGraphExecMemcpyNodeSetParams(ge, n, &q));

  cudaMemPool_t def;
  cudaDeviceGetDefaultMemPool(&def, 0);
  int fd = -1;
  R(cudaMemPoolExportToShareableHandle(&fd, def, cudaMemHandleTypePosixFileDescriptor, 0));
  R(cudaMemPoolExportToShareableHandle(&fd, def, cudaMemHandleTypeNone, 0));
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t pool;
  R(cudaMemPoolCreate(&pool, &props));
  R(cudaMemPoolExportToShareableHandle(&fd, pool, cudaMemHandleTypePosixFileDescriptor, 0));
  printf("  fd valid %d\n", fd >= 0);
  if (fd >= 0) close(fd);
  R(cudaMemPoolExportToShareableHandle(&fd, pool, cudaMemHandleTypePosixFileDescriptor, 1));
  R(cudaMemPoolExportToShareableHandle(nullptr, pool, cudaMemHandleTypePosixFileDescriptor, 0));
  R(cudaMemPoolExportToShareableHandle(&fd, nullptr, cudaMemHandleTypePosixFileDescriptor, 0));
  R(cudaMemPoolExportToShareableHandle(&fd, pool, cudaMemHandleTypeFabric, 0));
  R(cudaMemPoolExportToShareableHandle(&fd, pool, (cudaMemAllocationHandleType)0x40, 0));
  R(cudaMemPoolDestroy(pool));

  cudaLogIterator it = 0;
  R(cudaLogsCurrent(&it, 0));
  cudaMalloc(&a, (size_t)1 << 50);
  cudaGetLastError();
  char buf[4096];
  size_t size = sizeof buf;
  R(cudaLogsDumpToMemory(&it, buf, &size, 0));
  printf("  log size nonzero %d\n", size != 0);
  R(cudaLogsDumpToFile(&it, "/tmp/runtime18_log.txt", 0));
  R(cudaLogsDumpToFile(nullptr, "/tmp/runtime18_log.txt", 0));
  R(cudaLogsDumpToFile(&it, nullptr, 0));
  R(cudaLogsDumpToFile(&it, "/tmp/runtime18_log.txt", 1));
  R(cudaLogsDumpToFile(&it, "/nonexistent-dir/x.txt", 0));
  unlink("/tmp/runtime18_log.txt");
  return 0;
}
