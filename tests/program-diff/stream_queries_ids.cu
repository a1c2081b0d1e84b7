// Stream properties and queries: priority range, creation with priorities out of range,
// GetPriority/GetFlags/GetId/GetDevice of created, legacy and per-thread handles, and
// cudaStreamQuery while a kernel waits on a host-set flag and after it finished.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void wait_flag(volatile int* flag, int* out) { while (*flag == 0) { } *out = *flag * 2; }

int main() {
    int lo = 99, hi = 99; P(cudaDeviceGetStreamPriorityRange(&lo, &hi)); printf("least %d greatest %d\n", lo, hi);
    P(cudaDeviceGetStreamPriorityRange(nullptr, &hi));
    cudaStream_t s[5]; int req[5] = {0, -1, hi, hi - 3, lo + 4};
    for (int i = 0; i < 5; ++i) {
        cudaError_t e = cudaStreamCreateWithPriority(&s[i], i % 2 ? cudaStreamNonBlocking : cudaStreamDefault, req[i]);
        int pr = 123; unsigned fl = 123; int dev = -1;
        cudaStreamGetPriority(s[i], &pr); cudaStreamGetFlags(s[i], &fl); cudaStreamGetDevice(s[i], &dev);
        printf("req %d -> %s prio %d flags %u dev %d\n", req[i], cudaGetErrorName(e), pr, fl, dev);
    }
    unsigned long long id[5], idl = 0, idp = 0;
    for (int i = 0; i < 5; ++i) P(cudaStreamGetId(s[i], &id[i]));
    int increasing = 1; for (int i = 1; i < 5; ++i) increasing &= id[i] > id[i - 1];
    printf("ids increasing %d\n", increasing);
    P(cudaStreamGetId(0, &idl)); P(cudaStreamGetId(cudaStreamLegacy, &idp));
    printf("legacy id == null-stream id %d\n", idl == idp);
    P(cudaStreamGetId(cudaStreamPerThread, &idp)); printf("per-thread id differs %d\n", idp != idl);
    int pr; unsigned fl;
    P(cudaStreamGetPriority(0, &pr)); printf("null prio %d\n", pr);
    P(cudaStreamGetFlags(0, &fl)); printf("null flags %u\n", fl);
    P(cudaStreamGetFlags(cudaStreamPerThread, &fl)); printf("per-thread flags %u\n", fl);
    int dv = -1; P(cudaStreamGetDevice(cudaStreamPerThread, &dv)); printf("per-thread dev %d\n", dv);
    P(cudaStreamGetPriority(s[0], nullptr));
    P(cudaStreamQuery(s[0]));
    int* flag; P(cudaHostAlloc(&flag, 4, cudaHostAllocMapped)); *flag = 0;
    int* dflag; P(cudaHostGetDevicePointer((void**)&dflag, flag, 0));
    int* out; P(cudaMalloc(&out, 4));
    wait_flag<<<1, 1, 0, s[1]>>>(dflag, out);
    P(cudaStreamQuery(s[1]));
    P(cudaStreamQuery(s[2]));
    cudaEvent_t ev; P(cudaEventCreate(&ev)); P(cudaEventRecord(ev, s[1]));
    P(cudaEventQuery(ev));
    P(cudaStreamWaitEvent(s[2], ev, 0));
    P(cudaStreamQuery(s[2]));
    *(volatile int*)flag = 21;
    P(cudaStreamSynchronize(s[1]));
    P(cudaStreamQuery(s[1]));
    P(cudaStreamSynchronize(s[2]));
    P(cudaStreamQuery(s[2]));
    P(cudaEventQuery(ev));
    int h = 0; P(cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost)); printf("out %d\n", h);
    for (int i = 0; i < 5; ++i) P(cudaStreamDestroy(s[i]));
    P(cudaStreamCreateWithFlags(&s[0], 4));
    P(cudaStreamCreateWithPriority(&s[0], 2, 0));
    P(cudaStreamCreate(nullptr));
    P(cudaGetLastError());
    return 0;
}
