// The Runtime API's rarer entry points (external memory and semaphores, pool pointer export,
// mipmapped array requirements, GPUDirect RDMA flush, async notifications, NvSciSync, unified
// functions, texture views read back) with arguments a program can give without other APIs:
// null pointers, bad handles, bad enum values, a descriptor naming an fd that is not one, and
// the valid calls that need nothing else. Each call's result, and cudaGetLastError's after it.
#include <cstdio>
#include <cstring>
#include <unistd.h>
#include <fcntl.h>
#include <cuda_runtime.h>

#define R(x) do { cudaError_t e_ = (x); cudaError_t l_ = cudaGetLastError(); printf("%-84s -> %s (last %s)\n", #x, cudaGetErrorName(e_), cudaGetErrorName(l_)); } while (0)

static void CUDART_CB notify(cudaAsyncNotificationInfo_t *, void *, cudaAsyncCallbackHandle_t) {}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaFree(0);
  cudaExternalMemory_t em = nullptr;
  cudaExternalMemoryHandleDesc md = {};
  R(cudaImportExternalMemory(nullptr, &md));
  R(cudaImportExternalMemory(&em, nullptr));
  R(cudaImportExternalMemory(&em, &md));
  md.type = cudaExternalMemoryHandleTypeOpaqueFd;
  md.handle.fd = -1;
  md.size = 4096;
  R(cudaImportExternalMemory(&em, &md));
  int fd = open("/dev/null", O_RDONLY);
  md.handle.fd = fd;
  R(cudaImportExternalMemory(&em, &md));
  md.size = 0;
  R(cudaImportExternalMemory(&em, &md));
  md.type = (cudaExternalMemoryHandleType)99;
  md.size = 4096;
  R(cudaImportExternalMemory(&em, &md));
  md.type = cudaExternalMemoryHandleTypeOpaqueWin32;
  R(cudaImportExternalMemory(&em, &md));
  md.type = cudaExternalMemoryHandleTypeD3D12Heap;
  R(cudaImportExternalMemory(&em, &md));
  R(cudaDestroyExternalMemory(nullptr));
  void *p = nullptr;
  cudaExternalMemoryBufferDesc bd = {};
  R(cudaExternalMemoryGetMappedBuffer(&p, nullptr, &bd));
  R(cudaExternalMemoryGetMappedBuffer(nullptr, nullptr, &bd));
  cudaMipmappedArray_t mm = nullptr;
  cudaExternalMemoryMipmappedArrayDesc mad = {};
  R(cudaExternalMemoryGetMappedMipmappedArray(&mm, nullptr, &mad));

  cudaExternalSemaphore_t es = nullptr;
  cudaExternalSemaphoreHandleDesc sd = {};
  R(cudaImportExternalSemaphore(nullptr, &sd));
  R(cudaImportExternalSemaphore(&es, nullptr));
  R(cudaImportExternalSemaphore(&es, &sd));
  sd.type = cudaExternalSemaphoreHandleTypeOpaqueFd;
  sd.handle.fd = -1;
  R(cudaImportExternalSemaphore(&es, &sd));
  sd.handle.fd = fd;
  R(cudaImportExternalSemaphore(&es, &sd));
  sd.type = (cudaExternalSemaphoreHandleType)99;
  R(cudaImportExternalSemaphore(&es, &sd));
  R(cudaDestroyExternalSemaphore(nullptr));
  cudaExternalSemaphoreSignalParams spar = {};
  cudaExternalSemaphoreWaitParams wpar = {};
  R(cudaSignalExternalSemaphoresAsync(nullptr, nullptr, 0, 0));
  R(cudaSignalExternalSemaphoresAsync(&es, &spar, 0, 0));
  R(cudaSignalExternalSemaphoresAsync(nullptr, &spar, 1, 0));
  R(cudaWaitExternalSemaphoresAsync(nullptr, nullptr, 0, 0));
  R(cudaWaitExternalSemaphoresAsync(nullptr, &wpar, 1, 0));

  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphNode_t n = nullptr;
  cudaExternalSemaphoreSignalNodeParams snp = {};
  cudaExternalSemaphoreWaitNodeParams wnp = {};
  R(cudaGraphAddExternalSemaphoresSignalNode(&n, g, nullptr, 0, nullptr));
  R(cudaGraphAddExternalSemaphoresSignalNode(&n, g, nullptr, 0, &snp));
  R(cudaGraphAddExternalSemaphoresWaitNode(&n, g, nullptr, 0, &wnp));
  cudaGraphNode_t e;
  cudaGraphAddEmptyNode(&e, g, nullptr, 0);
  R(cudaGraphExternalSemaphoresSignalNodeGetParams(e, &snp));
  R(cudaGraphExternalSemaphoresSignalNodeSetParams(e, &snp));
  R(cudaGraphExternalSemaphoresWaitNodeGetParams(e, &wnp));
  R(cudaGraphExternalSemaphoresWaitNodeSetParams(e, &wnp));
  cudaGraphExec_t ge;
  cudaGraphInstantiate(&ge, g, 0);
  R(cudaGraphExecExternalSemaphoresSignalNodeSetParams(ge, e, &snp));
  R(cudaGraphExecExternalSemaphoresWaitNodeSetParams(ge, e, &wnp));

  cudaMemPool_t pool;
  cudaDeviceGetDefaultMemPool(&pool, 0);
  void *a = nullptr;
  cudaMallocAsync(&a, 256, 0);
  cudaStreamSynchronize(0);
  cudaMemPoolPtrExportData ex;
  memset(&ex, 0, sizeof ex);
  R(cudaMemPoolExportPointer(&ex, a));
  R(cudaMemPoolExportPointer(nullptr, a));
  R(cudaMemPoolExportPointer(&ex, nullptr));
  void *b = nullptr;
  R(cudaMemPoolImportPointer(&b, pool, &ex));
  R(cudaMemPoolImportPointer(nullptr, pool, &ex));
  R(cudaMemPoolImportPointer(&b, nullptr, &ex));
  cudaMemPool_t imported = nullptr;
  int handle = -1;
  R(cudaMemPoolImportFromShareableHandle(&imported, (void *)(long)handle, cudaMemHandleTypePosixFileDescriptor, 0));
  R(cudaMemPoolImportFromShareableHandle(&imported, (void *)(long)fd, cudaMemHandleTypePosixFileDescriptor, 0));
  R(cudaMemPoolImportFromShareableHandle(nullptr, (void *)(long)fd, cudaMemHandleTypePosixFileDescriptor, 0));
  R(cudaMemPoolImportFromShareableHandle(&imported, (void *)(long)fd, cudaMemHandleTypeNone, 0));
  R(cudaMemPoolImportFromShareableHandle(&imported, (void *)(long)fd, cudaMemHandleTypePosixFileDescriptor, 1));
  cudaFreeAsync(a, 0);
  cudaStreamSynchronize(0);

  cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
  cudaMipmappedArray_t mip;
  cudaMallocMipmappedArray(&mip, &f1, make_cudaExtent(64, 64, 0), 4, 0);
  cudaArrayMemoryRequirements req;
  memset(&req, 0xab, sizeof req);
  R(cudaMipmappedArrayGetMemoryRequirements(&req, mip, 0));
  printf("  requirements size %zu alignment %zu\n", req.size, req.alignment);
  R(cudaMipmappedArrayGetMemoryRequirements(nullptr, mip, 0));
  R(cudaMipmappedArrayGetMemoryRequirements(&req, nullptr, 0));
  R(cudaMipmappedArrayGetMemoryRequirements(&req, mip, 1));
  cudaArraySparseProperties sp;
  memset(&sp, 0, sizeof sp);
  R(cudaMipmappedArrayGetSparseProperties(&sp, mip));
  R(cudaMipmappedArrayGetSparseProperties(nullptr, mip));
  R(cudaMipmappedArrayGetSparseProperties(&sp, nullptr));
  cudaMipmappedArray_t smip;
  cudaError_t se = cudaMallocMipmappedArray(&smip, &f1, make_cudaExtent(1024, 1024, 0), 4, cudaArraySparse);
  printf("sparse mipmapped array: %s\n", cudaGetErrorName(se));
  cudaGetLastError();
  if (se == cudaSuccess) {
    R(cudaMipmappedArrayGetSparseProperties(&sp, smip));
    printf("  tile %ux%ux%u miptail first %u size %llu flags %u\n", sp.tileExtent.width, sp.tileExtent.height,
           sp.tileExtent.depth, sp.miptailFirstLevel, (unsigned long long)sp.miptailSize, sp.flags);
    R(cudaMipmappedArrayGetMemoryRequirements(&req, smip, 0));
    printf("  requirements size %zu alignment %zu\n", req.size, req.alignment);
  }
  cudaArray_t arr;
  cudaMallocArray(&arr, &f1, 64, 64);
  R(cudaArrayGetMemoryRequirements(&req, arr, 0));
  printf("  array requirements size %zu alignment %zu\n", req.size, req.alignment);
  R(cudaArrayGetSparseProperties(&sp, arr));

  int v = -1;
  cudaDeviceGetAttribute(&v, cudaDevAttrGPUDirectRDMAFlushWritesOptions, 0);
  printf("GPUDirectRDMAFlushWritesOptions %d\n", v);
  cudaDeviceGetAttribute(&v, cudaDevAttrGPUDirectRDMAWritesOrdering, 0);
  printf("GPUDirectRDMAWritesOrdering %d\n", v);
  R(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner));
  R(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToAllDevices));
  R(cudaDeviceFlushGPUDirectRDMAWrites((cudaFlushGPUDirectRDMAWritesTarget)5, cudaFlushGPUDirectRDMAWritesToOwner));
  R(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, (cudaFlushGPUDirectRDMAWritesScope)7));

  cudaAsyncCallbackHandle_t cb = nullptr;
  R(cudaDeviceRegisterAsyncNotification(0, notify, nullptr, &cb));
  printf("  handle set %d\n", cb != nullptr);
  R(cudaDeviceUnregisterAsyncNotification(0, cb));
  R(cudaDeviceUnregisterAsyncNotification(0, cb));
  R(cudaDeviceRegisterAsyncNotification(0, nullptr, nullptr, &cb));
  R(cudaDeviceRegisterAsyncNotification(0, notify, nullptr, nullptr));
  R(cudaDeviceRegisterAsyncNotification(3, notify, nullptr, &cb));
  R(cudaDeviceUnregisterAsyncNotification(0, nullptr));

  char attrs[64];
  R(cudaDeviceGetNvSciSyncAttributes(attrs, 0, cudaNvSciSyncAttrSignal));
  R(cudaDeviceGetNvSciSyncAttributes(nullptr, 0, cudaNvSciSyncAttrSignal));
  R(cudaDeviceGetNvSciSyncAttributes(attrs, 0, 7));
  R(cudaDeviceGetNvSciSyncAttributes(attrs, 5, cudaNvSciSyncAttrWait));

  void *fp = nullptr;
  R(cudaLibraryGetUnifiedFunction(&fp, nullptr, "f"));
  R(cudaLibraryGetUnifiedFunction(nullptr, nullptr, "f"));

  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaTextureDesc td = {};
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  cudaResourceViewDesc rv;
  memset(&rv, 0x5a, sizeof rv);
  R(cudaGetTextureObjectResourceViewDesc(&rv, t));
  printf("  format %d size %zux%zux%zu levels %u-%u layers %u-%u\n", (int)rv.format, rv.width, rv.height, rv.depth,
         rv.firstMipmapLevel, rv.lastMipmapLevel, rv.firstLayer, rv.lastLayer);
  R(cudaGetTextureObjectResourceViewDesc(nullptr, t));
  R(cudaGetTextureObjectResourceViewDesc(&rv, 0));
  R(cudaGetTextureObjectResourceViewDesc(&rv, 999999));
  close(fd);
  return 0;
}
