// External resource interoperability (Programming Guide, "External Resource Interoperability":
// cudaImportExternalMemory / cudaImportExternalSemaphore and what follows an import) on a machine
// with no Vulkan, Direct3D or NvSciBuf object to import: the error codes CUDA 13 returns for each
// handle type with a descriptor that names nothing CUDA can import, for null arguments, and for
// the calls that need an imported object. Prints error names only.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <cuda_runtime.h>
#define E(x) cudaGetErrorName(x)

int main() {
    setvbuf(stdout, nullptr, _IONBF, 0);
    cudaFree(0);
    cudaExternalMemory_t m = nullptr;
    cudaExternalMemoryHandleDesc md;
    const cudaExternalMemoryHandleType mtypes[] = {
        cudaExternalMemoryHandleTypeOpaqueFd, cudaExternalMemoryHandleTypeOpaqueWin32,
        cudaExternalMemoryHandleTypeOpaqueWin32Kmt, cudaExternalMemoryHandleTypeD3D12Heap,
        cudaExternalMemoryHandleTypeD3D12Resource, cudaExternalMemoryHandleTypeD3D11Resource,
        cudaExternalMemoryHandleTypeD3D11ResourceKmt, cudaExternalMemoryHandleTypeNvSciBuf,
        (cudaExternalMemoryHandleType)99};
    for (auto t : mtypes) {
        memset(&md, 0, sizeof md);
        md.type = t;
        md.handle.fd = -1;
        md.size = 1 << 20;
        printf("import memory type %d, no handle: %s\n", (int)t, E(cudaImportExternalMemory(&m, &md)));
    }
    printf("last error: %s\n", E(cudaGetLastError()));
    memset(&md, 0, sizeof md);
    md.type = cudaExternalMemoryHandleTypeOpaqueFd;
    md.size = 1 << 20;
    int devnull = open("/dev/null", O_RDONLY);
    md.handle.fd = devnull;
    printf("import memory from /dev/null fd: %s\n", E(cudaImportExternalMemory(&m, &md)));
    md.size = 0;
    printf("import memory size 0: %s\n", E(cudaImportExternalMemory(&m, &md)));
    md.size = 1 << 20;
    md.flags = 2;
    printf("import memory flags 2: %s\n", E(cudaImportExternalMemory(&m, &md)));
    printf("import memory null desc: %s\n", E(cudaImportExternalMemory(&m, nullptr)));
    md.flags = 0;
    printf("destroy null memory: %s\n", E(cudaDestroyExternalMemory(nullptr)));
    void *p = nullptr;
    cudaExternalMemoryBufferDesc bd;
    memset(&bd, 0, sizeof bd);
    bd.size = 256;
    printf("mapped buffer of null memory: %s\n", E(cudaExternalMemoryGetMappedBuffer(&p, nullptr, &bd)));
    cudaMipmappedArray_t mm = nullptr;
    cudaExternalMemoryMipmappedArrayDesc ad;
    memset(&ad, 0, sizeof ad);
    ad.formatDesc = cudaCreateChannelDesc<float>();
    ad.extent = make_cudaExtent(16, 16, 0);
    ad.numLevels = 1;
    printf("mapped mipmap of null memory: %s\n", E(cudaExternalMemoryGetMappedMipmappedArray(&mm, nullptr, &ad)));
    printf("last error: %s\n", E(cudaGetLastError()));

    cudaExternalSemaphore_t s = nullptr;
    cudaExternalSemaphoreHandleDesc sd;
    const cudaExternalSemaphoreHandleType stypes[] = {
        cudaExternalSemaphoreHandleTypeOpaqueFd, cudaExternalSemaphoreHandleTypeOpaqueWin32,
        cudaExternalSemaphoreHandleTypeOpaqueWin32Kmt, cudaExternalSemaphoreHandleTypeD3D12Fence,
        cudaExternalSemaphoreHandleTypeD3D11Fence, cudaExternalSemaphoreHandleTypeNvSciSync,
        cudaExternalSemaphoreHandleTypeKeyedMutex, cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd,
        cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32, (cudaExternalSemaphoreHandleType)99};
    for (auto t : stypes) {
        memset(&sd, 0, sizeof sd);
        sd.type = t;
        sd.handle.fd = -1;
        printf("import semaphore type %d, no handle: %s\n", (int)t, E(cudaImportExternalSemaphore(&s, &sd)));
    }
    printf("last error: %s\n", E(cudaGetLastError()));
    memset(&sd, 0, sizeof sd);
    sd.type = cudaExternalSemaphoreHandleTypeOpaqueFd;
    sd.handle.fd = devnull;
    printf("import semaphore from /dev/null fd: %s\n", E(cudaImportExternalSemaphore(&s, &sd)));
    printf("import semaphore null desc: %s\n", E(cudaImportExternalSemaphore(&s, nullptr)));
    printf("destroy null semaphore: %s\n", E(cudaDestroyExternalSemaphore(nullptr)));
    cudaExternalSemaphoreSignalParams sp;
    memset(&sp, 0, sizeof sp);
    cudaExternalSemaphoreWaitParams wp;
    memset(&wp, 0, sizeof wp);
    printf("signal 0 semaphores: %s\n", E(cudaSignalExternalSemaphoresAsync(nullptr, nullptr, 0, 0)));
    printf("wait 0 semaphores: %s\n", E(cudaWaitExternalSemaphoresAsync(nullptr, nullptr, 0, 0)));
    cudaExternalSemaphore_t none = nullptr;
    printf("signal a null semaphore: %s\n", E(cudaSignalExternalSemaphoresAsync(&none, &sp, 1, 0)));
    printf("wait a null semaphore: %s\n", E(cudaWaitExternalSemaphoresAsync(&none, &wp, 1, 0)));
    printf("last error: %s\n", E(cudaGetLastError()));

    // Graph nodes for external semaphores: adding one with a null semaphore.
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaGraphNode_t n;
    cudaExternalSemaphoreSignalNodeParams snp;
    memset(&snp, 0, sizeof snp);
    snp.extSemArray = &none;
    snp.paramsArray = &sp;
    snp.numExtSems = 1;
    printf("add signal node, null semaphore: %s\n", E(cudaGraphAddExternalSemaphoresSignalNode(&n, g, nullptr, 0, &snp)));
    snp.numExtSems = 0;
    printf("add signal node, 0 semaphores: %s\n", E(cudaGraphAddExternalSemaphoresSignalNode(&n, g, nullptr, 0, &snp)));
    cudaExternalSemaphoreWaitNodeParams wnp;
    memset(&wnp, 0, sizeof wnp);
    wnp.extSemArray = &none;
    wnp.paramsArray = &wp;
    wnp.numExtSems = 1;
    printf("add wait node, null semaphore: %s\n", E(cudaGraphAddExternalSemaphoresWaitNode(&n, g, nullptr, 0, &wnp)));
    printf("add signal node, null params: %s\n", E(cudaGraphAddExternalSemaphoresSignalNode(&n, g, nullptr, 0, nullptr)));
    size_t count = 99;
    cudaGraphGetNodes(g, nullptr, &count);
    printf("nodes in graph: %zu\n", count);
    cudaGraphDestroy(g);
    printf("last error: %s\n", E(cudaGetLastError()));
    close(devnull);
    return 0;
}
