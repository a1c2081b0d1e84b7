// flags: -lineinfo
// Faults learners and kernel authors make, each in a forked child (fork before any CUDA call):
// what the launch, the synchronization and later calls return, on an H200 and on Cuprite. A
// store 16 GiB past an allocation and through a host stack pointer; a static __shared__ array
// read just past and far past its size; a store through a generic pointer to __constant__ (nvcc
// compiles it to a trap); misaligned int2/int4/double2/short accesses through cast pointers; a
// far store in a kernel launched from a graph (then the graph again), in a non-default stream
// followed by unrelated calls, in a cooperative launch, in a device function reached through a
// function pointer and at depth 10 of a recursion; device malloc past the heap (NULL, then a
// store through it). (Left out, recorded in
// /work/notes/gpu-unseen/faults16_kinds.gpu.txt: accesses an H200 lets pass where Cuprite
// faults on purpose: one element past an allocation, 64 MiB past one, into a freed 4000-byte
// or 1 MiB buffer, a __constant__ array read past its end; and in faults16_kinds2.gpu.txt, what
// follows cudaDeviceReset after a fault, which an H200 in a shared machine answers with
// cudaErrorDevicesUnavailable.) The H200 recorded this program with a second cudaStreamCreate
// into s2 after the fault, whose failure wrote a handle that cudaStreamSynchronize(s2) rejected
// (cudaErrorInvalidResourceHandle); with s2 left alone that synchronize answers the sticky
// cudaErrorIllegalAddress, as the H200 answered for an idle stream made before a fault
// (gpu-unseen/unseen12c_fault_reporters.gpu.txt).
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <sys/wait.h>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__constant__ int ctab[16];
static const long FAR = 1L << 32;   // ints: 16 GiB past (an H200 faults there)

__global__ void store_at(int *p, long i) { if (threadIdx.x == 0) p[i] = 7; }
__global__ void static_shared(int i, int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = s[i];
}
__global__ void const_store(int i) { int *q = (int *)&ctab[0]; if (threadIdx.x == 0) q[i] = 5; }
__global__ void load_int2(const char *p, int off, int *out) { int2 v = *(const int2 *)(p + off); out[0] = v.x + v.y; }
__global__ void load_int4(const char *p, int off, int *out) { int4 v = *(const int4 *)(p + off); out[0] = v.x + v.y + v.z + v.w; }
__global__ void store_double2(char *p, int off) { *(double2 *)(p + off) = make_double2(1.0, 2.0); }
__global__ void load_short(const char *p, int off, int *out) { out[0] = *(const short *)(p + off); }
__global__ void coop_bad(int *p, long bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i == 70 ? bad : i] = i;
  cg::this_grid().sync();
  p[i] += 1;
}
typedef void (*op_t)(int *, long);
__device__ __noinline__ void put(int *p, long i) { p[i] = 1; }
__device__ op_t d_put = put;
__global__ void via_pointer(op_t f, int *p, long bad) { f(p, threadIdx.x == 9 ? bad : threadIdx.x); }
__device__ __noinline__ int rec(int *p, int depth, long bad) {
  if (depth == 10) { p[bad] = depth; return depth; }
  return rec(p, depth + 1, bad) + 1;
}
__global__ void recursive(int *p, long bad) { if (threadIdx.x == 0) p[1] = rec(p, 0, bad); }
__global__ void heap_hog(int *out) {
  int *q = (int *)malloc(64 << 20);   // more than the 8 MiB heap: NULL
  if (threadIdx.x == 0) out[0] = q == nullptr;
  if (threadIdx.x == 0) q[0] = 1;      // through NULL
}

static void show(const char *what, cudaError_t e) { printf("  %-28s %s\n", what, cudaGetErrorName(e)); }

static void after() {
  show("synchronize", cudaDeviceSynchronize());
  show("get last error", cudaGetLastError());
  show("get last error again", cudaGetLastError());
  int *m = nullptr;
  show("cudaMalloc", cudaMalloc(&m, 64));
}

static void run_case(int c) {
  int *d; cudaMalloc(&d, 4000); cudaMemset(d, 0, 4000);
  int *out; cudaMalloc(&out, 64); cudaMemset(out, 0, 64);
  switch (c) {
  case 0: printf("store 16 GiB past a 4000-byte allocation\n"); store_at<<<1, 32>>>(d, FAR); break;
  case 1: {
    printf("store through a host stack pointer\n");
    int local[4];
    store_at<<<1, 32>>>(local, 0);
    break;
  }
  case 2: printf("static shared s[64] read at 64\n"); static_shared<<<1, 64>>>(64, out); break;
  case 3: printf("static shared s[64] read at 1<<20\n"); static_shared<<<1, 64>>>(1 << 20, out); break;
  case 4: printf("store through a pointer to constant\n"); const_store<<<1, 32>>>(0); break;
  case 5: printf("int2 load at offset 4\n"); load_int2<<<1, 32>>>((char *)d, 4, out); break;
  case 6: printf("int4 load at offset 8\n"); load_int4<<<1, 32>>>((char *)d, 8, out); break;
  case 7: printf("double2 store at offset 8\n"); store_double2<<<1, 32>>>((char *)d, 8); break;
  case 8: printf("short load at offset 1\n"); load_short<<<1, 32>>>((char *)d, 1, out); break;
  case 9: {
    printf("fault in a graph's kernel, graph launched twice\n");
    cudaStream_t s; cudaStreamCreate(&s);
    cudaGraph_t g; cudaGraphExec_t ge;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    store_at<<<1, 32, 0, s>>>(d, FAR);
    show("end capture", cudaStreamEndCapture(s, &g));
    show("instantiate", cudaGraphInstantiate(&ge, g, 0));
    show("graph launch", cudaGraphLaunch(ge, s));
    show("stream synchronize", cudaStreamSynchronize(s));
    show("graph launch again", cudaGraphLaunch(ge, s));
    show("stream synchronize again", cudaStreamSynchronize(s));
    break;
  }
  case 10: {
    printf("fault in a non-default stream, then unrelated calls\n");
    cudaStream_t s, s2, s3; cudaStreamCreate(&s); cudaStreamCreate(&s2);
    store_at<<<1, 32, 0, s>>>(d, FAR);
    usleep(500000);   // the fault has happened before the calls below
    cudaEvent_t e;
    show("event create", cudaEventCreate(&e));
    show("stream create", cudaStreamCreate(&s3));   // (into s2, it wrote a handle s2's sync rejects)
    int h[4] = {1, 2, 3, 4};
    show("memcpyAsync on s2", cudaMemcpyAsync(out, h, 16, cudaMemcpyHostToDevice, s2));
    show("stream synchronize s2", cudaStreamSynchronize(s2));
    show("stream synchronize s", cudaStreamSynchronize(s));
    show("stream query s", cudaStreamQuery(s));
    break;
  }
  case 11: {
    printf("fault in a cooperative launch before grid.sync\n");
    int *big; cudaMalloc(&big, 4 * 256);
    long bad = FAR;
    void *args[] = {&big, &bad};
    show("cooperative launch", cudaLaunchCooperativeKernel((const void *)coop_bad, dim3(4), dim3(64), args, 0, 0));
    break;
  }
  case 12: {
    printf("fault in a device function called through a pointer\n");
    op_t f; cudaMemcpyFromSymbol(&f, d_put, sizeof f);
    via_pointer<<<1, 32>>>(f, d, FAR);
    break;
  }
  case 13: printf("fault at depth 10 of a recursion\n"); recursive<<<1, 32>>>(d, FAR); break;
  case 14: printf("device malloc past the heap, then a store through it\n"); heap_hog<<<1, 32>>>(out); break;
  }
  show("launch", cudaGetLastError());
  after();
  if (c == 2 || c == 14) {
    int h = -1;
    show("memcpy", cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost));
  }
}

int main() {
  for (int c = 0; c <= 14; ++c) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) { alarm(30); run_case(c); fflush(stdout); _exit(0); }
    int st = 0; waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) printf("  child ended abnormally\n");
  }
  return 0;
}
