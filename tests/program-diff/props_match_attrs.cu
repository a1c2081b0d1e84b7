// cudaGetDeviceProperties fields against cudaDeviceGetAttribute, field by field (equality only for
// machine-dependent values; architectural values printed).
#include <cstdio>
#include <cuda_runtime.h>

int main() {
    cudaDeviceProp p;
    cudaError_t e = cudaGetDeviceProperties(&p, 0);
    printf("props: %s\n", cudaGetErrorName(e));
    struct F { const char *n; cudaDeviceAttr a; long long v; bool print; } fs[] = {
        {"maxThreadsPerBlock", cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock, true},
        {"maxBlockDimX", cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0], true},
        {"maxBlockDimY", cudaDevAttrMaxBlockDimY, p.maxThreadsDim[1], true},
        {"maxBlockDimZ", cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2], true},
        {"maxGridDimX", cudaDevAttrMaxGridDimX, p.maxGridSize[0], true},
        {"maxGridDimY", cudaDevAttrMaxGridDimY, p.maxGridSize[1], true},
        {"maxGridDimZ", cudaDevAttrMaxGridDimZ, p.maxGridSize[2], true},
        {"sharedMemPerBlock", cudaDevAttrMaxSharedMemoryPerBlock, (long long)p.sharedMemPerBlock, true},
        {"totalConstMem", cudaDevAttrTotalConstantMemory, (long long)p.totalConstMem, true},
        {"warpSize", cudaDevAttrWarpSize, p.warpSize, true},
        {"memPitch", cudaDevAttrMaxPitch, (long long)p.memPitch, true},
        {"regsPerBlock", cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock, true},
        {"textureAlignment", cudaDevAttrTextureAlignment, (long long)p.textureAlignment, true},
        {"multiProcessorCount", cudaDevAttrMultiProcessorCount, p.multiProcessorCount, false},
        {"integrated", cudaDevAttrIntegrated, p.integrated, true},
        {"canMapHostMemory", cudaDevAttrCanMapHostMemory, p.canMapHostMemory, true},
        {"maxTexture1D", cudaDevAttrMaxTexture1DWidth, p.maxTexture1D, true},
        {"maxTexture2D[0]", cudaDevAttrMaxTexture2DWidth, p.maxTexture2D[0], true},
        {"maxTexture3D[2]", cudaDevAttrMaxTexture3DDepth, p.maxTexture3D[2], true},
        {"maxSurface2D[1]", cudaDevAttrMaxSurface2DHeight, p.maxSurface2D[1], true},
        {"surfaceAlignment", cudaDevAttrSurfaceAlignment, (long long)p.surfaceAlignment, true},
        {"concurrentKernels", cudaDevAttrConcurrentKernels, p.concurrentKernels, true},
        {"ECCEnabled", cudaDevAttrEccEnabled, p.ECCEnabled, false},
        {"pciBusID", cudaDevAttrPciBusId, p.pciBusID, false},
        {"pciDeviceID", cudaDevAttrPciDeviceId, p.pciDeviceID, false},
        {"tccDriver", cudaDevAttrTccDriver, p.tccDriver, true},
        {"asyncEngineCount", cudaDevAttrAsyncEngineCount, p.asyncEngineCount, false},
        {"unifiedAddressing", cudaDevAttrUnifiedAddressing, p.unifiedAddressing, true},
        {"memoryBusWidth", cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth, false},
        {"l2CacheSize", cudaDevAttrL2CacheSize, p.l2CacheSize, false},
        {"maxThreadsPerMultiProcessor", cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor, true},
        {"major", cudaDevAttrComputeCapabilityMajor, p.major, true},
        {"minor", cudaDevAttrComputeCapabilityMinor, p.minor, true},
        {"streamPrioritiesSupported", cudaDevAttrStreamPrioritiesSupported, p.streamPrioritiesSupported, true},
        {"globalL1CacheSupported", cudaDevAttrGlobalL1CacheSupported, p.globalL1CacheSupported, true},
        {"localL1CacheSupported", cudaDevAttrLocalL1CacheSupported, p.localL1CacheSupported, true},
        {"sharedMemPerMultiprocessor", cudaDevAttrMaxSharedMemoryPerMultiprocessor, (long long)p.sharedMemPerMultiprocessor, true},
        {"regsPerMultiprocessor", cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor, true},
        {"managedMemory", cudaDevAttrManagedMemory, p.managedMemory, true},
        {"isMultiGpuBoard", cudaDevAttrIsMultiGpuBoard, p.isMultiGpuBoard, true},
        {"multiGpuBoardGroupID", cudaDevAttrMultiGpuBoardGroupID, p.multiGpuBoardGroupID, false},
        {"hostNativeAtomicSupported", cudaDevAttrHostNativeAtomicSupported, p.hostNativeAtomicSupported, false},
        {"pageableMemoryAccess", cudaDevAttrPageableMemoryAccess, p.pageableMemoryAccess, false},
        {"concurrentManagedAccess", cudaDevAttrConcurrentManagedAccess, p.concurrentManagedAccess, true},
        {"computePreemptionSupported", cudaDevAttrComputePreemptionSupported, p.computePreemptionSupported, true},
        {"canUseHostPointerForRegisteredMem", cudaDevAttrCanUseHostPointerForRegisteredMem, p.canUseHostPointerForRegisteredMem, true},
        {"cooperativeLaunch", cudaDevAttrCooperativeLaunch, p.cooperativeLaunch, true},
        {"sharedMemPerBlockOptin", cudaDevAttrMaxSharedMemoryPerBlockOptin, (long long)p.sharedMemPerBlockOptin, true},
        {"pageableMemoryAccessUsesHostPageTables", cudaDevAttrPageableMemoryAccessUsesHostPageTables, p.pageableMemoryAccessUsesHostPageTables, false},
        {"directManagedMemAccessFromHost", cudaDevAttrDirectManagedMemAccessFromHost, p.directManagedMemAccessFromHost, false},
        {"maxBlocksPerMultiProcessor", cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor, true},
        {"accessPolicyMaxWindowSize", cudaDevAttrMaxAccessPolicyWindowSize, p.accessPolicyMaxWindowSize, true},
        {"persistingL2CacheMaxSize", cudaDevAttrMaxPersistingL2CacheSize, p.persistingL2CacheMaxSize, false},
        {"reservedSharedMemPerBlock", cudaDevAttrReservedSharedMemoryPerBlock, (long long)p.reservedSharedMemPerBlock, true},
        {"hostRegisterSupported", cudaDevAttrHostRegisterSupported, p.hostRegisterSupported, true},
        {"sparseCudaArraySupported", cudaDevAttrSparseCudaArraySupported, p.sparseCudaArraySupported, false},
        {"hostRegisterReadOnlySupported", cudaDevAttrHostRegisterReadOnlySupported, p.hostRegisterReadOnlySupported, false},
        {"timelineSemaphoreInteropSupported", cudaDevAttrTimelineSemaphoreInteropSupported, p.timelineSemaphoreInteropSupported, false},
        {"memoryPoolsSupported", cudaDevAttrMemoryPoolsSupported, p.memoryPoolsSupported, true},
        {"gpuDirectRDMASupported", cudaDevAttrGPUDirectRDMASupported, p.gpuDirectRDMASupported, false},
        {"gpuDirectRDMAFlushWritesOptions", cudaDevAttrGPUDirectRDMAFlushWritesOptions, p.gpuDirectRDMAFlushWritesOptions, false},
        {"gpuDirectRDMAWritesOrdering", cudaDevAttrGPUDirectRDMAWritesOrdering, p.gpuDirectRDMAWritesOrdering, false},
        {"memoryPoolSupportedHandleTypes", cudaDevAttrMemoryPoolSupportedHandleTypes, p.memoryPoolSupportedHandleTypes, false},
        {"deferredMappingCudaArraySupported", cudaDevAttrDeferredMappingCudaArraySupported, p.deferredMappingCudaArraySupported, false},
        {"ipcEventSupported", cudaDevAttrIpcEventSupport, p.ipcEventSupported, true},
        {"clusterLaunch", cudaDevAttrClusterLaunch, p.clusterLaunch, true},
        {"hostNumaId", cudaDevAttrHostNumaId, p.hostNumaId, false},
        {"gpuPciDeviceID", cudaDevAttrGpuPciDeviceId, (long long)p.gpuPciDeviceID, false},
        {"gpuPciSubsystemID", cudaDevAttrGpuPciSubsystemId, (long long)p.gpuPciSubsystemID, false},
        {"hostNumaMultinodeIpcSupported", cudaDevAttrHostNumaMultinodeIpcSupported, p.hostNumaMultinodeIpcSupported, false},
    };
    for (auto &f : fs) {
        int v = -12345;
        cudaError_t ea = cudaDeviceGetAttribute(&v, f.a, 0);
        if (f.print)
            printf("%-40s prop %lld attr %d (%s)%s\n", f.n, f.v, v, cudaGetErrorName(ea), f.v == v ? "" : " MISMATCH");
        else
            printf("%-40s equal %d (%s)\n", f.n, f.v == v, cudaGetErrorName(ea));
    }
    printf("uuid nonzero %d\n", [&] { for (int i = 0; i < 16; i++) if (p.uuid.bytes[i]) return 1; return 0; }());
    printf("name nonempty %d, totalGlobalMem>0 %d\n", p.name[0] != 0, p.totalGlobalMem > 0);
    int a;
    printf("attr 0: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&a, (cudaDeviceAttr)0, 0)));
    printf("attr 9999: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&a, (cudaDeviceAttr)9999, 0)));
    printf("attr dev 1: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&a, cudaDevAttrWarpSize, 1)));
    printf("attr dev -1: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&a, cudaDevAttrWarpSize, -1)));
    printf("attr null: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(nullptr, cudaDevAttrWarpSize, 0)));
    printf("props dev 1: %s\n", cudaGetErrorName(cudaGetDeviceProperties(&p, 1)));
    printf("props null: %s\n", cudaGetErrorName(cudaGetDeviceProperties(nullptr, 0)));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    int lo, hi;
    printf("priority range: %s\n", cudaGetErrorName(cudaDeviceGetStreamPriorityRange(&lo, &hi)));
    printf("least %d greatest %d\n", lo, hi);
    printf("range nulls: %s\n", cudaGetErrorName(cudaDeviceGetStreamPriorityRange(nullptr, nullptr)));
    return 0;
}
