// Which "not an error" statuses leave the last error alone: cudaErrorNotReady from the query
// calls and cudaEventElapsedTime, and the registration/peer statuses (output in
// probe_not_ready.txt). A kernel spins about a second so that the queries see work in flight.
#include <cstdio>
#include <cstdlib>
__global__ void spin(long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {}
}
#define SHOW(label, call) do { cudaError_t r_ = (call); cudaError_t p_ = cudaPeekAtLastError(); cudaError_t g_ = cudaGetLastError(); \
  printf("%-52s returns %3d peek %3d last %3d\n", label, (int)r_, (int)p_, (int)g_); } while (0)
int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  cudaFree(0);
  cudaStream_t s; cudaStreamCreate(&s);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  const long long second = 2000LL * 1000 * 1000;
  cudaEventRecord(a, s); spin<<<1, 1, 0, s>>>(second); cudaEventRecord(b, s);
  SHOW("cudaStreamQuery busy", cudaStreamQuery(s));
  SHOW("cudaEventQuery busy", cudaEventQuery(b));
  SHOW("cudaEventElapsedTime end busy", [&] { float ms; return cudaEventElapsedTime(&ms, a, b); }());
  SHOW("cudaStreamQuery(0) busy (legacy)", cudaStreamQuery(0));
  { void* p; cudaMalloc(&p, (size_t)1 << 60); cudaError_t q = cudaStreamQuery(s); cudaError_t g = cudaGetLastError();
    printf("%-52s returns %3d last %3d\n", "failed malloc, then cudaStreamQuery busy", (int)q, (int)g); }
  { void* p; cudaMalloc(&p, (size_t)1 << 60); cudaError_t q = cudaEventQuery(b); cudaError_t g = cudaGetLastError();
    printf("%-52s returns %3d last %3d\n", "failed malloc, then cudaEventQuery busy", (int)q, (int)g); }
  cudaDeviceSynchronize();
  SHOW("cudaStreamQuery idle", cudaStreamQuery(s));
  SHOW("cudaEventElapsedTime done", [&] { float ms; return cudaEventElapsedTime(&ms, a, b); }());
  cudaEvent_t u; cudaEventCreate(&u);
  SHOW("cudaEventElapsedTime unrecorded", [&] { float ms; return cudaEventElapsedTime(&ms, a, u); }());
  void* h = malloc(1 << 16);
  SHOW("cudaHostRegister", cudaHostRegister(h, 1 << 16, 0));
  SHOW("cudaHostRegister again", cudaHostRegister(h, 1 << 16, 0));
  SHOW("cudaHostUnregister", cudaHostUnregister(h));
  SHOW("cudaHostUnregister again", cudaHostUnregister(h));
  SHOW("cudaDeviceEnablePeerAccess(0)", cudaDeviceEnablePeerAccess(0, 0));
  SHOW("cudaDeviceDisablePeerAccess(0)", cudaDeviceDisablePeerAccess(0));
  SHOW("cudaDeviceEnablePeerAccess(1)", cudaDeviceEnablePeerAccess(1, 0));
  { int v = -1; SHOW("cudaDeviceCanAccessPeer(0,0)", cudaDeviceCanAccessPeer(&v, 0, 0)); printf("  value %d\n", v); }
  { cudaStreamCaptureStatus cs; SHOW("cudaStreamIsCapturing", cudaStreamIsCapturing(s, &cs)); }
  return 0;
}
