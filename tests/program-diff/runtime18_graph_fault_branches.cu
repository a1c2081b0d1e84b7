// A kernel fault inside a graph with several branches: what the calls after it return, and
// which nodes behind the fault run. Each case runs in a forked child (a fault ends the
// context). The graphs start with a kernel that waits 200 ms (%globaltimer); the child launches
// the graph twice, then waits with cudaStreamQuery until the stream stops answering
// cudaErrorNotReady. (Left out: the launches' own answers, which an H200 gave as the fault
// although the graph's first kernel waits 200 ms, and the calls after cudaDeviceReset, which
// an H200 in a shared machine answered cudaErrorDevicesUnavailable. The reset's answer and the
// last error it leaves are printed.)
// Graph: wait -> {bad (stores 16 GiB past its allocation), good (stores 7)} -> join kernel
// (stores 9) -> host node (counts) -> copy node (device to host).
#include <cstdio>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void wait200(int *p) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); } while (t - t0 < 200000000ull);
  p[0] = 1;
}
__global__ void bad(int *p) { p[1ll << 32] = 5; }
__global__ void trap_kernel(int *) { __trap(); }
__global__ void store(int *p, int i, int v) { p[i] = v; }
static int host_count = 0;
static void count(void *) { host_count++; }

#define R(label, call)                                                                     \
  do {                                                                                     \
    cudaError_t e_ = (call);                                                               \
    printf("  %-44s -> %s (last %s)\n", label, cudaGetErrorName(e_), cudaGetErrorName(cudaPeekAtLastError())); \
  } while (0)

static cudaGraphNode_t kernel_node(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n, void *f, void **args) {
  cudaKernelNodeParams kp = {};
  kp.func = f;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(1);
  kp.kernelParams = args;
  cudaGraphNode_t node;
  cudaGraphAddKernelNode(&node, g, deps, n, &kp);
  return node;
}

static int *d;
static int hcopy[4];
static int i_good = 2, v_good = 7, i_join = 3, v_join = 9;

// The diamond; `second` is what the second branch runs (bad, a trap, or a good store).
static cudaGraph_t diamond(void *first, void *second, bool child) {
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  void *a0[] = {&d};
  cudaGraphNode_t w = kernel_node(g, nullptr, 0, (void *)wait200, a0);
  cudaGraphNode_t b1;
  if (child) {
    cudaGraph_t c;
    cudaGraphCreate(&c, 0);
    kernel_node(c, nullptr, 0, first, a0);
    cudaGraphAddChildGraphNode(&b1, g, &w, 1, c);
  } else {
    b1 = kernel_node(g, &w, 1, first, a0);
  }
  void *a2[] = {&d, &i_good, &v_good};
  cudaGraphNode_t b2 = second ? kernel_node(g, &w, 1, second, second == (void *)store ? a2 : a0)
                              : kernel_node(g, &w, 1, (void *)store, a2);
  cudaGraphNode_t both[] = {b1, b2};
  void *a3[] = {&d, &i_join, &v_join};
  cudaGraphNode_t j = kernel_node(g, both, 2, (void *)store, a3);
  cudaHostNodeParams hp = {count, nullptr};
  cudaGraphNode_t h;
  cudaGraphAddHostNode(&h, g, &j, 1, &hp);
  cudaGraphNode_t m;
  cudaGraphAddMemcpyNode1D(&m, g, &h, 1, hcopy, d, sizeof hcopy, cudaMemcpyDeviceToHost);
  return g;
}

static void run_case(int c) {
  cudaMalloc(&d, 64);
  cudaMemset(d, 0, 64);
  for (int &x : hcopy) x = -1;
  cudaStream_t s, s2;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaGraph_t g = c == 1 ? diamond((void *)trap_kernel, nullptr, false)
                  : c == 2 ? diamond((void *)bad, nullptr, true)
                  : c == 3 ? diamond((void *)bad, (void *)bad, false)
                           : diamond((void *)bad, nullptr, false);
  cudaGraphExec_t ge;
  R("cudaGraphInstantiate", cudaGraphInstantiate(&ge, g, 0));
  cudaGraphLaunch(ge, s);
  cudaGraphLaunch(ge, s);
  if (c == 4) {
    R("cudaStreamSynchronize(s)", cudaStreamSynchronize(s));
  } else {
    cudaError_t q;
    while ((q = cudaStreamQuery(s)) == cudaErrorNotReady) {
    }
    printf("  %-44s -> %s\n", "cudaStreamQuery until ready", cudaGetErrorName(q));
  }
  printf("  host node ran %d times, copy %d %d %d %d\n", host_count, hcopy[0], hcopy[1], hcopy[2], hcopy[3]);
  R("cudaGetLastError", cudaGetLastError());
  R("cudaGetLastError", cudaGetLastError());
  R("cudaStreamSynchronize(other stream)", cudaStreamSynchronize(s2));
  R("cudaStreamQuery(other stream)", cudaStreamQuery(s2));
  R("cudaGraphLaunch after the fault", cudaGraphLaunch(ge, s));
  R("cudaGraphLaunch into the other stream", cudaGraphLaunch(ge, s2));
  R("cudaGraphUpload", cudaGraphUpload(ge, s2));
  cudaGraph_t g2;
  R("cudaGraphCreate", cudaGraphCreate(&g2, 0));
  cudaGraphNode_t n;
  R("cudaGraphAddEmptyNode", cudaGraphAddEmptyNode(&n, g2, nullptr, 0));
  cudaGraphExec_t ge2;
  R("cudaGraphInstantiate (new graph)", cudaGraphInstantiate(&ge2, g2, 0));
  cudaGraphExecUpdateResultInfo info;
  R("cudaGraphExecUpdate", cudaGraphExecUpdate(ge, g, &info));
  R("cudaStreamBeginCapture", cudaStreamBeginCapture(s2, cudaStreamCaptureModeRelaxed));
  cudaGraph_t g3 = nullptr;
  R("cudaStreamEndCapture", cudaStreamEndCapture(s2, &g3));
  R("cudaGraphExecDestroy", cudaGraphExecDestroy(ge));
  R("cudaGraphDestroy", cudaGraphDestroy(g));
  R("cudaDeviceSynchronize", cudaDeviceSynchronize());
  printf("  host node ran %d times\n", host_count);
  R("cudaDeviceReset", cudaDeviceReset());
}

int main() {
  const char *names[] = {"fault in a branch", "trap in a branch", "fault in a child graph", "faults in both branches",
                         "fault, then cudaStreamSynchronize"};
  for (int c = 0; c < 5; c++) {
    printf("[%s]\n", names[c]);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      run_case(c);
      fflush(stdout);
      _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    printf("  exit %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  }
  return 0;
}
