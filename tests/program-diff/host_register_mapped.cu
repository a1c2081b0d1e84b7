// cudaHostRegister of existing host memory (malloc'd, stack, a static array, a sub-range),
// each flag, cudaHostGetDevicePointer/GetFlags, kernels writing through mapped pointers,
// double registration, overlapping ranges, unregister errors.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void inc(int* p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += i; }
static int statics[4096];

int main() {
    int canMap = 0; P(cudaDeviceGetAttribute(&canMap, cudaDevAttrCanMapHostMemory, 0)); printf("canMap %d\n", canMap);
    int regSupported = 0; P(cudaDeviceGetAttribute(&regSupported, cudaDevAttrHostRegisterSupported, 0)); printf("hostRegister %d\n", regSupported);
    int ro = 0; P(cudaDeviceGetAttribute(&ro, cudaDevAttrHostRegisterReadOnlySupported, 0)); printf("readOnly %d\n", ro);
    const int n = 10000;
    int* m = (int*)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) m[i] = 1;
    P(cudaHostRegister(m, n * sizeof(int), cudaHostRegisterMapped));
    unsigned fl = 99; P(cudaHostGetFlags(&fl, m)); printf("flags %u\n", fl);
    int* dm = nullptr; P(cudaHostGetDevicePointer((void**)&dm, m, 0));
    int* dm2 = nullptr; P(cudaHostGetDevicePointer((void**)&dm2, m + 100, 0)); printf("interior offset %lld\n", (long long)(dm2 - dm));
    P(cudaHostGetDevicePointer((void**)&dm2, m, 1));
    inc<<<(n + 255) / 256, 256>>>(dm, n);
    P(cudaDeviceSynchronize());
    printf("m[0]=%d m[9999]=%d\n", m[0], m[n - 1]);
    cudaPointerAttributes a; P(cudaPointerGetAttributes(&a, m + 5));
    printf("attr type %d dev %d hostPtr==m+5 %d devPtr==dm+5 %d\n", (int)a.type, a.device, a.hostPointer == m + 5, a.devicePointer == dm + 5);
    P(cudaHostRegister(m, n * sizeof(int), 0));
    P(cudaHostRegister(m + 10, 100, 0));
    P(cudaGetLastError());
    // memcpy from registered memory async
    int* d; P(cudaMalloc(&d, n * 4));
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaMemcpyAsync(d, m, n * 4, cudaMemcpyHostToDevice, s)); P(cudaStreamSynchronize(s));
    P(cudaHostUnregister(m));
    P(cudaHostUnregister(m));
    P(cudaHostGetFlags(&fl, m));
    P(cudaPointerGetAttributes(&a, m)); printf("after unregister type %d\n", (int)a.type);
    // portable | mapped on a static array, then register an interior subrange of another malloc
    P(cudaHostRegister(statics, sizeof statics, cudaHostRegisterPortable | cudaHostRegisterMapped));
    P(cudaHostGetFlags(&fl, statics)); printf("static flags %u\n", fl);
    int* ds; P(cudaHostGetDevicePointer((void**)&ds, statics, 0));
    inc<<<16, 256>>>(ds, 4096); P(cudaDeviceSynchronize()); printf("statics[4095]=%d\n", statics[4095]);
    P(cudaHostUnregister(statics + 1));
    P(cudaHostUnregister(statics));
    char* big = (char*)malloc(1 << 20);
    P(cudaHostRegister(big + 4096, 8192, cudaHostRegisterDefault));
    P(cudaHostGetFlags(&fl, big + 4096 + 100)); printf("interior flags %u\n", fl);
    P(cudaHostGetFlags(&fl, big));
    P(cudaHostUnregister(big + 4096));
    // stack memory
    int stackbuf[256];
    P(cudaHostRegister(stackbuf, sizeof stackbuf, cudaHostRegisterMapped));
    P(cudaHostUnregister(stackbuf));
    // read-only flag
    P(cudaHostRegister(big, 65536, cudaHostRegisterReadOnly));
    P(cudaHostGetFlags(&fl, big)); printf("readonly flags %u\n", fl);
    P(cudaHostUnregister(big));
    // bad arguments
    P(cudaHostRegister(nullptr, 100, 0));
    P(cudaHostRegister(big, 0, 0));
    P(cudaHostRegister(big, 100, 0x80));
    P(cudaHostRegister(big, 100, cudaHostRegisterIoMemory));
    P(cudaHostUnregister(nullptr));
    P(cudaHostGetDevicePointer((void**)&dm, big, 0));
    P(cudaGetLastError());
    free(m); free(big);
    return 0;
}
