// Runtime calls of CUDA 12.x/13 a program meets around the guide's chapters that no other
// program here makes: async notifications (cudaDeviceRegisterAsyncNotification), the GPUDirect
// RDMA flush, cudaLibraryGetUnifiedFunction on a library of PTX, the driver-log dump to a file,
// NvSciSync attributes and the export table, each with its arguments right and wrong.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define E(x) cudaGetErrorName(x)

static void CUDART_CB notified(cudaAsyncNotificationInfo_t *, void *, cudaAsyncCallbackHandle_t) {}

static const char *ptx =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry k(.param .u64 p) { .reg .b64 %rd<2>; .reg .b32 %r<2>;\n"
    "  ld.param.u64 %rd1, [p]; cvta.to.global.u64 %rd1, %rd1; mov.u32 %r1, 7; st.global.u32 [%rd1], %r1; ret; }\n"
    ".visible .func (.param .b32 r) twice(.param .b32 x) { .reg .b32 %r<2>;\n"
    "  ld.param.b32 %r1, [x]; add.s32 %r1, %r1, %r1; st.param.b32 [r], %r1; ret; }\n";

int main() {
    setvbuf(stdout, nullptr, _IONBF, 0);
    cudaFree(0);
    cudaAsyncCallbackHandle_t h = nullptr;
    cudaError_t e = cudaDeviceRegisterAsyncNotification(0, notified, nullptr, &h);
    printf("register async notification: %s\n", E(e));
    if (e == cudaSuccess) printf("unregister: %s\n", E(cudaDeviceUnregisterAsyncNotification(0, h)));
    printf("register on device 7: %s\n", E(cudaDeviceRegisterAsyncNotification(7, notified, nullptr, &h)));
    printf("register null callback: %s\n", E(cudaDeviceRegisterAsyncNotification(0, nullptr, nullptr, &h)));
    printf("unregister null handle: %s\n", E(cudaDeviceUnregisterAsyncNotification(0, nullptr)));
    printf("last error: %s\n", E(cudaGetLastError()));

    int rdma = -1;
    cudaDeviceGetAttribute(&rdma, cudaDevAttrGPUDirectRDMAFlushWritesOptions, 0);
    printf("RDMA flush options: %d\n", rdma);
    printf("flush owner/owner: %s\n",
           E(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner)));
    printf("flush owner/all devices: %s\n",
           E(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToAllDevices)));
    printf("flush target 5: %s\n",
           E(cudaDeviceFlushGPUDirectRDMAWrites((cudaFlushGPUDirectRDMAWritesTarget)5, cudaFlushGPUDirectRDMAWritesToOwner)));
    printf("flush scope 500: %s\n",
           E(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, (cudaFlushGPUDirectRDMAWritesScope)500)));
    printf("last error: %s\n", E(cudaGetLastError()));

    cudaLibrary_t lib = nullptr;
    printf("load PTX library: %s\n", E(cudaLibraryLoadData(&lib, ptx, nullptr, nullptr, 0, nullptr, nullptr, 0)));
    void *fp = (void *)1;
    printf("unified function 'twice': %s null %d\n", E(cudaLibraryGetUnifiedFunction(&fp, lib, "twice")), fp == nullptr);
    fp = (void *)1;
    printf("unified function 'k': %s\n", E(cudaLibraryGetUnifiedFunction(&fp, lib, "k")));
    printf("unified function 'missing': %s\n", E(cudaLibraryGetUnifiedFunction(&fp, lib, "missing")));
    printf("unified function null name: %s\n", E(cudaLibraryGetUnifiedFunction(&fp, lib, nullptr)));
    printf("unified function of null library: %s\n", E(cudaLibraryGetUnifiedFunction(&fp, nullptr, "twice")));
    cudaKernel_t k = nullptr;
    printf("kernel 'k': %s\n", E(cudaLibraryGetKernel(&k, lib, "k")));
    printf("unload: %s\n", E(cudaLibraryUnload(lib)));
    printf("last error: %s\n", E(cudaGetLastError()));

    cudaLogIterator it = 0;
    printf("logs current: %s\n", E(cudaLogsCurrent(&it, 0)));
    printf("logs current flags 1: %s\n", E(cudaLogsCurrent(&it, 1)));
    printf("logs dump to file: %s\n", E(cudaLogsDumpToFile(&it, "/dev/null", 0)));
    printf("logs dump to file flags 1: %s\n", E(cudaLogsDumpToFile(&it, "/dev/null", 1)));
    printf("logs dump to null path: %s\n", E(cudaLogsDumpToFile(&it, nullptr, 0)));
    printf("logs dump to unwritable path: %s\n", E(cudaLogsDumpToFile(&it, "/nonexistent-dir/x.log", 0)));
    printf("last error: %s\n", E(cudaGetLastError()));

    char attrs[256];
    printf("NvSciSync attributes: %s\n", E(cudaDeviceGetNvSciSyncAttributes(attrs, 0, cudaNvSciSyncAttrSignal)));
    printf("last error: %s\n", E(cudaGetLastError()));
    return 0;
}
