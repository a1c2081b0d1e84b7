// Work queued behind a kernel that faults, all enqueued before anything runs (a gate kernel
// spins on a flag in mapped pinned memory that the host sets last): a stream callback (the
// status it is handed), a host function (does it run?), an event record (its query), an async
// copy, a second stream that waits on that event and one that does not; then what each
// synchronizing call returns, in order.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void gate(volatile int *flag) { while (*flag == 0) { } }
__global__ void bad(int *p) { if (threadIdx.x == 0) p[1 << 28] = 1; }
__global__ void fine(int *p) { p[threadIdx.x] = 7; }
static int cb_calls = 0, hf_calls = 0;
static cudaError_t cb_status = cudaErrorUnknown;
static void CUDART_CB cb(cudaStream_t, cudaError_t st, void *) { ++cb_calls; cb_status = st; }
static void hf(void *) { ++hf_calls; }
static void show(const char *what, cudaError_t e) { printf("%-34s %s\n", what, cudaGetErrorName(e)); }

int main() {
  cudaSetDeviceFlags(cudaDeviceMapHost);
  int *flag, *dflag; cudaHostAlloc(&flag, 4, cudaHostAllocMapped); *flag = 0;
  cudaHostGetDevicePointer((void **)&dflag, flag, 0);
  int *d, *h; cudaMalloc(&d, 1 << 16); cudaMallocHost(&h, 4096);
  cudaStream_t s, s2, s3; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking);
  cudaEvent_t ev; cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  gate<<<1, 1, 0, s>>>(dflag);
  show("gate launch", cudaGetLastError());
  bad<<<1, 32, 0, s>>>(d);
  show("bad launch", cudaGetLastError());
  show("cudaStreamAddCallback", cudaStreamAddCallback(s, cb, nullptr, 0));
  show("cudaLaunchHostFunc", cudaLaunchHostFunc(s, hf, nullptr));
  show("cudaEventRecord", cudaEventRecord(ev, s));
  show("cudaMemcpyAsync", cudaMemcpyAsync(h, d, 64, cudaMemcpyDeviceToHost, s));
  show("cudaStreamQuery while gated", cudaStreamQuery(s));
  show("cudaEventQuery while gated", cudaEventQuery(ev));
  show("cudaStreamWaitEvent s2", cudaStreamWaitEvent(s2, ev, 0));
  fine<<<1, 32, 0, s2>>>(d);
  show("launch on s2 after wait", cudaGetLastError());
  show("cudaStreamQuery s3 (idle)", cudaStreamQuery(s3));
  *(volatile int *)flag = 1;
  show("cudaStreamSynchronize s", cudaStreamSynchronize(s));
  printf("callback calls %d status %s, host function calls %d\n", cb_calls, cb_calls ? cudaGetErrorName(cb_status) : "-", hf_calls);
  show("cudaEventQuery", cudaEventQuery(ev));
  show("cudaStreamSynchronize s2", cudaStreamSynchronize(s2));
  show("cudaStreamSynchronize s3", cudaStreamSynchronize(s3));
  show("cudaGetLastError", cudaGetLastError());
  show("cudaGetLastError again", cudaGetLastError());
  return 0;
}
