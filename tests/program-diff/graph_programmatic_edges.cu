// Programmatic dependent launch inside graphs: a producer/consumer pair captured with the
// programmatic stream serialization attribute on the consumer, and the captured graph's edges
// read back with their edge data (cudaGraphGetEdges, cudaGraphNodeGetDependencies /
// DependentNodes with edge data); edges with edge data added by hand (programmatic and launch
// completion ports between kernel nodes, a programmatic edge out of a memset node, an unknown
// type, a to_port), a buffer too small for the edge data (cudaErrorLossyQuery), and each
// graph's result when launched. Each call: its error and cudaGetLastError right after.
#include <cstdio>
#include <cuda_runtime.h>

static void r(const char *what, cudaError_t e) {
  cudaError_t l = cudaGetLastError();
  printf("%-64s -> %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)

__global__ void producer(int *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) buf[i] = i * 3;
  cudaTriggerProgrammaticLaunchCompletion();
}
__global__ void consumer(const int *buf, int *sum, int n) {
  cudaGridDependencySynchronize();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(sum, buf[i]);
}

static void print_edges(cudaGraph_t g, const char *what) {
  size_t n = 0;
  cudaError_t e = cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &n);
  printf("%s: count %s %zu\n", what, cudaGetErrorName(e), n);
  if (n == 0 || n > 16) return;
  cudaGraphNode_t from[16], to[16];
  cudaGraphEdgeData ed[16];
  e = cudaGraphGetEdges(g, from, to, ed, &n);
  printf("  with data %s\n", cudaGetErrorName(e));
  for (size_t i = 0; i < n; i++) {
    cudaGraphNodeType tf, tt;
    cudaGraphNodeGetType(from[i], &tf);
    cudaGraphNodeGetType(to[i], &tt);
    printf("  edge %zu: type %d -> type %d, from_port %d to_port %d type %d\n", i, (int)tf, (int)tt,
           (int)ed[i].from_port, (int)ed[i].to_port, (int)ed[i].type);
  }
  cudaGetLastError();
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  const int n = 1024;
  int *buf, *sum;
  cudaMalloc(&buf, n * sizeof(int));
  cudaMallocManaged(&sum, sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);

  // captured programmatic launch
  cudaGraph_t g = nullptr;
  R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  producer<<<n / 256, 256, 0, s>>>(buf, n);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(n / 256);
  cfg.blockDim = dim3(256);
  cfg.stream = s;
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  at[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = at;
  cfg.numAttrs = 1;
  R(cudaLaunchKernelEx(&cfg, consumer, (const int *)buf, sum, n));
  R(cudaStreamEndCapture(s, &g));
  print_edges(g, "captured");
  {
    cudaGraphNode_t nodes[4];
    size_t nn = 4;
    cudaGraphGetNodes(g, nodes, &nn);
    for (size_t i = 0; i < nn; i++) {
      cudaGraphNode_t d[4];
      cudaGraphEdgeData ed[4];
      size_t nd = 4;
      cudaError_t e = cudaGraphNodeGetDependencies(nodes[i], d, ed, &nd);
      printf("  node %zu dependencies %s %zu", i, cudaGetErrorName(e), nd);
      if (e == cudaSuccess && nd > 0) printf(" first: from_port %d type %d", (int)ed[0].from_port, (int)ed[0].type);
      printf("\n");
      nd = 4;
      e = cudaGraphNodeGetDependentNodes(nodes[i], d, ed, &nd);
      printf("  node %zu dependents %s %zu", i, cudaGetErrorName(e), nd);
      if (e == cudaSuccess && nd > 0) printf(" first: from_port %d type %d", (int)ed[0].from_port, (int)ed[0].type);
      printf("\n");
    }
    cudaGetLastError();
  }
  cudaGraphExec_t ge = nullptr;
  R(cudaGraphInstantiate(&ge, g, 0));
  *sum = 0;
  if (ge) {
    R(cudaGraphLaunch(ge, s));
    R(cudaStreamSynchronize(s));
    cudaGraphExecDestroy(ge);
  }
  printf("captured graph sum %d (expect %d)\n", *sum, 3 * n * (n - 1) / 2);
  if (g) cudaGraphDestroy(g);

  // edges by hand
  struct Case {
    const char *name;
    bool from_memset;
    unsigned char from_port, to_port, type;
  } cases[] = {{"default edge", false, 0, 0, 0},
               {"programmatic type, port 0", false, 0, 0, cudaGraphDependencyTypeProgrammatic},
               {"programmatic type, programmatic port", false, cudaGraphKernelNodePortProgrammatic, 0,
                cudaGraphDependencyTypeProgrammatic},
               {"programmatic type, launch-completion port", false, cudaGraphKernelNodePortLaunchCompletion, 0,
                cudaGraphDependencyTypeProgrammatic},
               {"default type, launch-completion port", false, cudaGraphKernelNodePortLaunchCompletion, 0, 0},
               {"programmatic port, default type", false, cudaGraphKernelNodePortProgrammatic, 0, 0},
               {"programmatic out of a memset", true, cudaGraphKernelNodePortProgrammatic, 0,
                cudaGraphDependencyTypeProgrammatic},
               {"type 2", false, 0, 0, 2},
               {"to_port 1", false, 0, 1, 0},
               {"from_port 3", false, 3, 0, 0}};
  for (auto &c : cases) {
    cudaGraph_t h;
    cudaGraphCreate(&h, 0);
    cudaGraphNode_t a, b;
    if (c.from_memset) {
      cudaMemsetParams mp = {};
      mp.dst = buf;
      mp.value = 0;
      mp.elementSize = 4;
      mp.width = n;
      mp.height = 1;
      cudaGraphAddMemsetNode(&a, h, nullptr, 0, &mp);
    } else {
      cudaKernelNodeParams kp = {};
      int nn = n;
      void *args[] = {&buf, &nn};
      kp.func = (void *)producer;
      kp.gridDim = dim3(n / 256);
      kp.blockDim = dim3(256);
      kp.kernelParams = args;
      cudaGraphAddKernelNode(&a, h, nullptr, 0, &kp);
    }
    cudaGraphNodeParams np = {};
    np.type = cudaGraphNodeTypeKernel;
    int nn = n;
    void *args[] = {&buf, &sum, &nn};
    np.kernel.func = (void *)consumer;
    np.kernel.gridDim = dim3(n / 256);
    np.kernel.blockDim = dim3(256);
    np.kernel.kernelParams = args;
    cudaGraphEdgeData ed = {};
    ed.from_port = c.from_port;
    ed.to_port = c.to_port;
    ed.type = c.type;
    cudaError_t e = cudaGraphAddNode(&b, h, &a, &ed, 1, &np);
    cudaError_t l = cudaGetLastError();
    printf("%-42s add %s (last %s)", c.name, cudaGetErrorName(e), cudaGetErrorName(l));
    if (e == cudaSuccess) {
      size_t ne = 1;
      cudaGraphNode_t f, t;
      cudaGraphEdgeData back = {};
      cudaError_t ge1 = cudaGraphGetEdges(h, &f, &t, &back, &ne);
      printf(", edge %s port %d/%d type %d", cudaGetErrorName(ge1), (int)back.from_port, (int)back.to_port,
             (int)back.type);
      cudaGraphExec_t x = nullptr;
      cudaError_t ie = cudaGraphInstantiate(&x, h, 0);
      printf(", instantiate %s", cudaGetErrorName(ie));
      if (ie == cudaSuccess) {
        *sum = 0;
        cudaError_t le = cudaGraphLaunch(x, s);
        cudaError_t se = cudaStreamSynchronize(s);
        printf(", launch %s sync %s sum %d", cudaGetErrorName(le), cudaGetErrorName(se), *sum);
        cudaGraphExecDestroy(x);
      }
      cudaGetLastError();
    }
    printf("\n");
    cudaGraphDestroy(h);
  }

  // a lossy query: edge data asked for where a non-default edge exists, through the old form
  {
    cudaGraph_t h;
    cudaGraphCreate(&h, 0);
    cudaGraphNode_t a, b;
    cudaGraphAddEmptyNode(&a, h, nullptr, 0);
    cudaKernelNodeParams kp = {};
    int nn = n;
    void *args[] = {&buf, &sum, &nn};
    kp.func = (void *)consumer;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(32);
    kp.kernelParams = args;
    cudaGraphAddKernelNode(&b, h, nullptr, 0, &kp);
    cudaGraphNode_t c;
    kp.func = (void *)producer;
    void *pargs[] = {&buf, &nn};
    kp.kernelParams = pargs;
    cudaGraphAddKernelNode(&c, h, nullptr, 0, &kp);
    cudaGraphEdgeData ed = {};
    ed.from_port = cudaGraphKernelNodePortProgrammatic;
    ed.type = cudaGraphDependencyTypeProgrammatic;
    R(cudaGraphAddDependencies(h, &c, &b, &ed, 1));
    size_t ne = 0;
    R(cudaGraphGetEdges(h, nullptr, nullptr, nullptr, &ne));
    printf("  edges %zu\n", ne);
    cudaGraphNode_t f[2], t[2];
    ne = 2;
    R(cudaGraphGetEdges(h, f, t, nullptr, &ne));
    printf("  edges without data %zu\n", ne);
    cudaGraphEdgeData back[2] = {};
    ne = 2;
    R(cudaGraphGetEdges(h, f, t, back, &ne));
    printf("  with data %zu: type %d port %d\n", ne, (int)back[0].type, (int)back[0].from_port);
    R(cudaGraphRemoveDependencies(h, &c, &b, nullptr, 1));
    R(cudaGraphRemoveDependencies(h, &c, &b, &ed, 1));
    ne = 0;
    R(cudaGraphGetEdges(h, nullptr, nullptr, nullptr, &ne));
    printf("  edges after removal %zu\n", ne);
    cudaGraphDestroy(h);
  }
  R(cudaDeviceSynchronize());
  return 0;
}
