// Device queries as a portability layer makes them: cudaDeviceGetAttribute for a broad list of
// architecture attributes (printed; the board's ECC and the features Cuprite lacks, sparse and
// deferred-mapping arrays, GPUDirect RDMA, shareable pool handles, left out) and board
// attributes (compared with cudaGetDeviceProperties, never printed), invalid attribute ids and
// devices, cudaDeviceGetPCIBusId's format and its round trip through cudaDeviceGetByPCIBusId,
// cudaChooseDevice, cudaDriverGetVersion >= cudaRuntimeGetVersion, cudaDeviceGetP2PAttribute on
// one device, cudaDeviceCanAccessPeer, cudaSetDeviceFlags / cudaGetDeviceFlags, cudaDeviceGetCacheConfig / SharedMemConfig, and
// cudaInitDevice.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

int main() {
    const struct { cudaDeviceAttr a; const char *n; } arch[] = {
        {cudaDevAttrMaxThreadsPerBlock, "MaxThreadsPerBlock"}, {cudaDevAttrMaxBlockDimX, "MaxBlockDimX"},
        {cudaDevAttrMaxBlockDimY, "MaxBlockDimY"}, {cudaDevAttrMaxBlockDimZ, "MaxBlockDimZ"},
        {cudaDevAttrMaxGridDimX, "MaxGridDimX"}, {cudaDevAttrMaxGridDimY, "MaxGridDimY"},
        {cudaDevAttrMaxGridDimZ, "MaxGridDimZ"}, {cudaDevAttrMaxSharedMemoryPerBlock, "MaxSharedMemoryPerBlock"},
        {cudaDevAttrTotalConstantMemory, "TotalConstantMemory"}, {cudaDevAttrWarpSize, "WarpSize"},
        {cudaDevAttrMaxPitch, "MaxPitch"}, {cudaDevAttrMaxRegistersPerBlock, "MaxRegistersPerBlock"},
        {cudaDevAttrTextureAlignment, "TextureAlignment"}, {cudaDevAttrGpuOverlap, "GpuOverlap"},
        {cudaDevAttrKernelExecTimeout, "KernelExecTimeout"}, {cudaDevAttrIntegrated, "Integrated"},
        {cudaDevAttrCanMapHostMemory, "CanMapHostMemory"}, {cudaDevAttrComputeMode, "ComputeMode"},
        {cudaDevAttrMaxTexture1DWidth, "MaxTexture1DWidth"}, {cudaDevAttrMaxTexture2DWidth, "MaxTexture2DWidth"},
        {cudaDevAttrMaxTexture2DHeight, "MaxTexture2DHeight"}, {cudaDevAttrMaxTexture3DWidth, "MaxTexture3DWidth"},
        {cudaDevAttrMaxTexture3DDepth, "MaxTexture3DDepth"}, {cudaDevAttrMaxTexture2DLayeredWidth, "MaxTexture2DLayeredWidth"},
        {cudaDevAttrMaxTexture2DLayeredLayers, "MaxTexture2DLayeredLayers"}, {cudaDevAttrSurfaceAlignment, "SurfaceAlignment"},
        {cudaDevAttrConcurrentKernels, "ConcurrentKernels"},
        {cudaDevAttrTccDriver, "TccDriver"}, {cudaDevAttrAsyncEngineCount, "AsyncEngineCount"},
        {cudaDevAttrUnifiedAddressing, "UnifiedAddressing"}, {cudaDevAttrMaxTexture1DLayeredWidth, "MaxTexture1DLayeredWidth"},
        {cudaDevAttrMaxTexture1DLayeredLayers, "MaxTexture1DLayeredLayers"}, {cudaDevAttrMaxTextureCubemapWidth, "MaxTextureCubemapWidth"},
        {cudaDevAttrMaxSurface1DWidth, "MaxSurface1DWidth"}, {cudaDevAttrMaxSurface2DWidth, "MaxSurface2DWidth"},
        {cudaDevAttrMaxSurface3DDepth, "MaxSurface3DDepth"}, {cudaDevAttrMaxSurfaceCubemapWidth, "MaxSurfaceCubemapWidth"},
        {cudaDevAttrMaxTexture1DLinearWidth, "MaxTexture1DLinearWidth"}, {cudaDevAttrMaxTexture2DLinearWidth, "MaxTexture2DLinearWidth"},
        {cudaDevAttrMaxTexture2DLinearPitch, "MaxTexture2DLinearPitch"}, {cudaDevAttrMaxTexture1DMipmappedWidth, "MaxTexture1DMipmappedWidth"},
        {cudaDevAttrComputeCapabilityMajor, "ComputeCapabilityMajor"}, {cudaDevAttrComputeCapabilityMinor, "ComputeCapabilityMinor"},
        {cudaDevAttrStreamPrioritiesSupported, "StreamPrioritiesSupported"}, {cudaDevAttrGlobalL1CacheSupported, "GlobalL1CacheSupported"},
        {cudaDevAttrLocalL1CacheSupported, "LocalL1CacheSupported"}, {cudaDevAttrMaxSharedMemoryPerMultiprocessor, "MaxSharedMemoryPerMultiprocessor"},
        {cudaDevAttrMaxRegistersPerMultiprocessor, "MaxRegistersPerMultiprocessor"}, {cudaDevAttrManagedMemory, "ManagedMemory"},
        {cudaDevAttrIsMultiGpuBoard, "IsMultiGpuBoard"}, {cudaDevAttrHostNativeAtomicSupported, "HostNativeAtomicSupported"},
        {cudaDevAttrPageableMemoryAccess, "PageableMemoryAccess"}, {cudaDevAttrConcurrentManagedAccess, "ConcurrentManagedAccess"},
        {cudaDevAttrComputePreemptionSupported, "ComputePreemptionSupported"}, {cudaDevAttrCanUseHostPointerForRegisteredMem, "CanUseHostPointerForRegisteredMem"},
        {cudaDevAttrCooperativeLaunch, "CooperativeLaunch"}, {cudaDevAttrMaxSharedMemoryPerBlockOptin, "MaxSharedMemoryPerBlockOptin"},
        {cudaDevAttrCanFlushRemoteWrites, "CanFlushRemoteWrites"}, {cudaDevAttrHostRegisterSupported, "HostRegisterSupported"},
        {cudaDevAttrPageableMemoryAccessUsesHostPageTables, "PageableMemoryAccessUsesHostPageTables"},
        {cudaDevAttrDirectManagedMemAccessFromHost, "DirectManagedMemAccessFromHost"},
        {cudaDevAttrMaxBlocksPerMultiprocessor, "MaxBlocksPerMultiprocessor"}, {cudaDevAttrMaxPersistingL2CacheSize, "MaxPersistingL2CacheSize (nonzero)"},
        {cudaDevAttrMaxAccessPolicyWindowSize, "MaxAccessPolicyWindowSize"}, {cudaDevAttrReservedSharedMemoryPerBlock, "ReservedSharedMemoryPerBlock"},
        {cudaDevAttrHostRegisterReadOnlySupported, "HostRegisterReadOnlySupported"},
        {cudaDevAttrMemoryPoolsSupported, "MemoryPoolsSupported"},
        {cudaDevAttrClusterLaunch, "ClusterLaunch"},
        
        {cudaDevAttrIpcEventSupport, "IpcEventSupport"}, {cudaDevAttrMemSyncDomainCount, "MemSyncDomainCount"},
        {cudaDevAttrNumaConfig, "NumaConfig"}, {cudaDevAttrMpsEnabled, "MpsEnabled"},
    };
    for (auto &x : arch) {
        int v = -12345;
        cudaError_t e = cudaDeviceGetAttribute(&v, x.a, 0);
        if (x.a == cudaDevAttrMaxPersistingL2CacheSize) v = v > 0;
        printf("%3d %-40s %s %d\n", (int)x.a, x.n, cudaGetErrorName(e), v);
    }
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    int v;
    int agree = 0, total = 0;
    auto chk = [&](cudaDeviceAttr a, long long want) {
        cudaDeviceGetAttribute(&v, a, 0);
        total++;
        agree += v == want;
        if (v != want) printf("attribute %d disagrees with the property\n", (int)a);
    };
    chk(cudaDevAttrMultiProcessorCount, p.multiProcessorCount);
    chk(cudaDevAttrL2CacheSize, p.l2CacheSize);
    chk(cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth);
    chk(cudaDevAttrPciBusId, p.pciBusID);
    chk(cudaDevAttrPciDeviceId, p.pciDeviceID);
    chk(cudaDevAttrPciDomainId, p.pciDomainID);
    chk(cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor);
    chk(cudaDevAttrMaxSharedMemoryPerBlockOptin, (long long)p.sharedMemPerBlockOptin);
    chk(cudaDevAttrMaxPersistingL2CacheSize, p.persistingL2CacheMaxSize);
    chk(cudaDevAttrMaxTexture2DGatherWidth, p.maxTexture2DGather[0]);
    chk(cudaDevAttrMaxSurface2DLayeredLayers, p.maxSurface2DLayered[2]);
    printf("board attributes agreeing with cudaGetDeviceProperties: %d of %d\n", agree, total);
    printf("props: major %d minor %d warp %d regsPerBlock %d regsPerSM %d sharedPerBlock %zu sharedPerSM %zu reserved %zu "
           "maxThreads %d maxGrid %d,%d,%d maxBlocksPerSM %d integrated %d unifiedAddressing %d managed %d concurrentManaged %d "
           "textureAlignment %zu texturePitchAlignment %zu memPitch %zu totalConst %zu\n",
           p.major, p.minor, p.warpSize, p.regsPerBlock, p.regsPerMultiprocessor, p.sharedMemPerBlock, p.sharedMemPerMultiprocessor,
           p.reservedSharedMemPerBlock, p.maxThreadsPerBlock, p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2],
           p.maxBlocksPerMultiProcessor, p.integrated, p.unifiedAddressing, p.managedMemory, p.concurrentManagedAccess,
           p.textureAlignment, p.texturePitchAlignment, p.memPitch, p.totalConstMem);
    printf("name nonempty %d uuid nonzero %d luid zero %d\n", p.name[0] != 0, memcmp(&p.uuid, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16) != 0,
           p.luidDeviceNodeMask == 0);
    v = 7;
    cudaError_t e0 = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)0, 0);
    printf("attr 0: %s %d\n", cudaGetErrorName(e0), v);
    printf("attr 9999: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)9999, 0)));
    printf("device 1: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1)));
    printf("device -1: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, -1)));
    printf("null value: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(nullptr, cudaDevAttrWarpSize, 0)));
    char bus[64];
    cudaError_t e = cudaDeviceGetPCIBusId(bus, sizeof bus, 0);
    unsigned dom, b, d, f;
    int parsed = sscanf(bus, "%x:%x:%x.%x", &dom, &b, &d, &f);
    printf("pci id: %s length %zu fields %d bus matches %d\n", cudaGetErrorName(e), strlen(bus), parsed, (int)b == p.pciBusID);
    e = cudaDeviceGetPCIBusId(bus, 5, 0);
    printf("short buffer: %s length %zu\n", cudaGetErrorName(e), strnlen(bus, 64));
    cudaDeviceGetPCIBusId(bus, sizeof bus, 0);
    int dev = -1;
    e = cudaDeviceGetByPCIBusId(&dev, bus);
    printf("by bus id: %s %d\n", cudaGetErrorName(e), dev);
    e = cudaDeviceGetByPCIBusId(&dev, "0000:ff:1f.7");
    printf("unknown bus id: %s\n", cudaGetErrorName(e));
    e = cudaDeviceGetByPCIBusId(&dev, "garbage");
    printf("garbage bus id: %s\n", cudaGetErrorName(e));
    cudaDeviceProp want;
    memset(&want, 0, sizeof want);
    want.major = 9;
    dev = -1;
    e = cudaChooseDevice(&dev, &want);
    printf("choose: %s %d\n", cudaGetErrorName(e), dev);
    int drv = 0, rt = 0;
    cudaDriverGetVersion(&drv);
    cudaRuntimeGetVersion(&rt);
    printf("runtime %d driver >= runtime %d\n", rt, drv >= rt);
    int acc = -1;
    e = cudaDeviceCanAccessPeer(&acc, 0, 0);
    printf("peer self: %s %d\n", cudaGetErrorName(e), acc);
    e = cudaDeviceGetP2PAttribute(&acc, cudaDevP2PAttrAccessSupported, 0, 0);
    printf("p2p attr self: %s\n", cudaGetErrorName(e));
    e = cudaDeviceEnablePeerAccess(0, 0);
    printf("enable peer self: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    unsigned fl = 99;
    e = cudaGetDeviceFlags(&fl);
    printf("device flags: %s %u\n", cudaGetErrorName(e), fl);
    e = cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync);
    cudaGetDeviceFlags(&fl);
    printf("set blocking sync: %s now %u\n", cudaGetErrorName(e), fl);
    e = cudaSetDeviceFlags(0x100);
    printf("bad flags: %s\n", cudaGetErrorName(e));
    cudaFuncCache cc;
    e = cudaDeviceGetCacheConfig(&cc);
    printf("cache config: %s %d\n", cudaGetErrorName(e), (int)cc);
    e = cudaDeviceSetCacheConfig(cudaFuncCachePreferShared);
    cudaDeviceGetCacheConfig(&cc);
    printf("set cache config: %s now %d\n", cudaGetErrorName(e), (int)cc);
    e = cudaInitDevice(0, 0, 0);
    printf("init device: %s\n", cudaGetErrorName(e));
    e = cudaInitDevice(3, 0, 0);
    printf("init device 3: %s\n", cudaGetErrorName(e));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
