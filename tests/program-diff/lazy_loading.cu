// Does the first launch of a kernel wait for work already running on other streams (CUDA's lazy
// module loading: "loading a kernel might require context synchronization")? And does
// cudaStreamSynchronize(0) / cudaStreamQuery(0) in a default build wait for / see a created
// blocking stream's running kernel? Thread-free: a slow kernel on stream A, then on stream B
// (non-blocking) a reader that copies the flag the slow kernel sets at its end. Cases:
// (0) reader never launched before; (1) reader launched before; (2) another never-launched
// kernel of the same file; (3) cudaFuncGetAttributes on a never-launched kernel before the slow
// one starts, then that kernel; (4) cudaStreamSynchronize(0) while a blocking stream runs, then
// a copy on B; (5) the same with a non-blocking A; (6) cudaStreamQuery(0) while a blocking A
// runs; (7) cudaEventQuery of an event recorded on 0 while a blocking A runs. Then in a child
// started with CUDA_MODULE_LOADING=EAGER, case (0) again.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void spin_then_set(volatile int *flag, long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
  *flag = 1;
}
__global__ void read_a(volatile int *flag, int *out) { *out = *flag; }
__global__ void read_b(volatile int *flag, int *out) { *out = *flag + 10; }
__global__ void read_c(volatile int *flag, int *out) { *out = *flag + 20; }
__global__ void read_d(volatile int *flag, int *out) { *out = *flag + 30; }

static void run(bool child_eager) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *flag, *out;
  cudaMalloc(&flag, 4);
  cudaMalloc(&out, 4);
  cudaStream_t a, anb, b;
  cudaStreamCreate(&a);
  cudaStreamCreateWithFlags(&anb, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  spin_then_set<<<1, 1, 0, a>>>(flag, 1000);
  cudaDeviceSynchronize();
  const long long slow = 1000000000LL;
  int ncase = child_eager ? 1 : 8;
  for (int c = 0; c < ncase; c++) {
    cudaMemset(flag, 0, 4);
    cudaMemset(out, 0xff, 4);
    cudaDeviceSynchronize();
    if (c == 1) { read_b<<<1, 1, 0, b>>>(flag, out); cudaDeviceSynchronize(); }
    if (c == 3) { cudaFuncAttributes fa; cudaFuncGetAttributes(&fa, read_d); }
    cudaStream_t slow_on = c == 5 ? anb : a;
    spin_then_set<<<1, 1, 0, slow_on>>>(flag, slow);
    const char *what = "";
    cudaError_t e = cudaSuccess;
    if (c == 0) { what = "first launch of read_a"; read_a<<<1, 1, 0, b>>>(flag, out); }
    if (c == 1) { what = "read_b launched before"; read_b<<<1, 1, 0, b>>>(flag, out); }
    if (c == 2) { what = "first launch of read_c"; read_c<<<1, 1, 0, b>>>(flag, out); }
    if (c == 3) { what = "read_d after cudaFuncGetAttributes"; read_d<<<1, 1, 0, b>>>(flag, out); }
    if (c == 4 || c == 5) {
      what = c == 4 ? "StreamSynchronize(0), blocking A" : "StreamSynchronize(0), non-blocking A";
      e = cudaStreamSynchronize(0);
      read_b<<<1, 1, 0, b>>>(flag, out);
    }
    if (c == 6) { what = "StreamQuery(0), blocking A"; e = cudaStreamQuery(0); read_b<<<1, 1, 0, b>>>(flag, out); }
    if (c == 7) {
      what = "EventQuery(recorded on 0), blocking A";
      cudaEvent_t ev; cudaEventCreate(&ev); cudaEventRecord(ev, 0);
      e = cudaEventQuery(ev);
      read_b<<<1, 1, 0, b>>>(flag, out);
    }
    cudaError_t qa = cudaStreamQuery(slow_on);
    int seen = -1;
    cudaMemcpyAsync(&seen, out, 4, cudaMemcpyDeviceToHost, b);
    cudaStreamSynchronize(b);
    cudaError_t qa2 = cudaStreamQuery(slow_on);
    printf("%s%-40s call %s, slow stream after the launch %s, after the copy %s, reader saw %d\n",
           child_eager ? "EAGER: " : "", what, cudaGetErrorName(e), cudaGetErrorName(qa), cudaGetErrorName(qa2), seen);
    cudaDeviceSynchronize();
  }
  printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
}

int main() {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    setenv("CUDA_MODULE_LOADING", "EAGER", 1);
    run(true);
    _exit(0);
  }
  int st;
  waitpid(pid, &st, 0);
  run(false);
  return 0;
}
