// Prints what a real GPU answers where Cuprite's test programs disagreed with it (run by
// scripts/gpu-check-programs.sh's caller on the device machine; output in probe_facts.txt).
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
__global__ void child(int* o) { o[threadIdx.x] = 1; }
__global__ void parent(int* out) {
  child<<<1, 1>>>(out + 8);
  int dev = -1, ver = -1;
  cudaError_t e1 = cudaGetDevice(&dev);
  cudaError_t e2 = cudaRuntimeGetVersion(&ver);
  cudaError_t e3 = cudaGetLastError();
  out[0] = dev; out[1] = ver; out[2] = e1; out[3] = e2; out[4] = e3;
  cudaStream_t s; out[5] = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
}
__global__ void chain(int depth, int* deepest, int* refused) {
  atomicMax(deepest, depth);
  chain<<<1, 1>>>(depth + 1, deepest, refused);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { atomicAdd(refused, 1); refused[1] = e; }
}
extern __shared__ int dyn[];
__global__ void reduce(const int* in, int* out, int n) { __shared__ int s; dyn[threadIdx.x] = in[threadIdx.x]; if (threadIdx.x == 0) s = 0; __syncthreads(); atomicAdd(&s, dyn[threadIdx.x]); __syncthreads(); if (threadIdx.x == 0) *out = s; }
__global__ void reduce_dyn_only(const int* in, int* out) { dyn[threadIdx.x] = in[threadIdx.x]; __syncthreads(); if (threadIdx.x == 0) *out = dyn[1]; }
static void host_fn(void*) {}
int main() {
  int* o; cudaMallocManaged(&o, 64 * sizeof(int));
  for (int i = 0; i < 64; i++) o[i] = -7;
  parent<<<1, 1>>>(o); printf("parent launch: %d sync: %d\n", (int)cudaGetLastError(), (int)cudaDeviceSynchronize());
  printf("device side: dev=%d ver=%d getDevice=%d getVersion=%d lastError=%d streamCreate=%d child=%d\n", o[0], o[1], o[2], o[3], o[4], o[5], o[8]);
  int* f; cudaMallocManaged(&f, 4 * sizeof(int)); f[0] = f[1] = f[2] = 0;
  chain<<<1, 1>>>(0, f, f + 1); printf("chain sync: %d deepest=%d refused=%d err=%d\n", (int)cudaDeviceSynchronize(), f[0], f[1], f[2]);
  size_t v; cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize); printf("printf fifo default: %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize); printf("malloc heap default: %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitStackSize); printf("stack default: %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitDevRuntimeSyncDepth); printf("sync depth default: %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitDevRuntimePendingLaunchCount); printf("pending launch default: %zu\n", v);
  // graph roots order
  cudaGraph_t g; cudaGraphCreate(&g, 0);
  cudaGraphNode_t a, b, c, e;
  cudaGraphAddEmptyNode(&a, g, nullptr, 0);
  cudaGraphAddEmptyNode(&b, g, &a, 1);
  cudaHostNodeParams hp = {}; hp.fn = host_fn;
  cudaGraphAddHostNode(&c, g, nullptr, 0, &hp);
  cudaGraphAddEmptyNode(&e, g, nullptr, 0);
  cudaGraphNode_t roots[3]; size_t n = 3; cudaGraphGetRootNodes(g, roots, &n);
  printf("roots n=%zu order:", n); for (size_t i = 0; i < n; i++) printf(" %s", roots[i] == a ? "a" : roots[i] == c ? "c" : roots[i] == e ? "e" : "?"); printf("\n");
  cudaGraphNode_t nodes[4]; n = 4; cudaGraphGetNodes(g, nodes, &n);
  printf("nodes order:"); for (size_t i = 0; i < n; i++) printf(" %s", nodes[i] == a ? "a" : nodes[i] == b ? "b" : nodes[i] == c ? "c" : "e"); printf("\n");
  // graph memory attrs
  cudaGraph_t g2; cudaGraphCreate(&g2, 0);
  cudaMemAllocNodeParams ap = {}; ap.poolProps.allocType = cudaMemAllocationTypePinned; ap.poolProps.location.type = cudaMemLocationTypeDevice; ap.poolProps.location.id = 0; ap.bytesize = 1 << 20;
  cudaGraphNode_t an, fn; printf("alloc node: %d\n", (int)cudaGraphAddMemAllocNode(&an, g2, nullptr, 0, &ap));
  printf("free node: %d\n", (int)cudaGraphAddMemFreeNode(&fn, g2, &an, 1, ap.dptr));
  cudaGraphExec_t x; cudaGraphInstantiate(&x, g2, 0);
  auto gattr = [](cudaGraphMemAttributeType t) { unsigned long long val = 12345; cudaError_t r = cudaDeviceGetGraphMemAttribute(0, t, &val); printf("  attr %d -> %d val %llu\n", (int)t, (int)r, val); };
  printf("before launch:\n"); gattr(cudaGraphMemAttrUsedMemCurrent); gattr(cudaGraphMemAttrUsedMemHigh); gattr(cudaGraphMemAttrReservedMemCurrent);
  cudaGraphLaunch(x, 0); cudaDeviceSynchronize();
  printf("after launch:\n"); gattr(cudaGraphMemAttrUsedMemCurrent); gattr(cudaGraphMemAttrUsedMemHigh); gattr(cudaGraphMemAttrReservedMemCurrent); gattr(cudaGraphMemAttrReservedMemHigh);
  printf("trim: %d\n", (int)cudaDeviceGraphMemTrim(0)); gattr(cudaGraphMemAttrUsedMemCurrent); gattr(cudaGraphMemAttrReservedMemCurrent);
  cudaGraphExecDestroy(x); printf("after exec destroy:\n"); gattr(cudaGraphMemAttrUsedMemCurrent); gattr(cudaGraphMemAttrReservedMemCurrent);
  cudaDeviceGraphMemTrim(0); printf("after exec destroy + trim:\n"); gattr(cudaGraphMemAttrReservedMemCurrent);
  // managed alloc failure clears the pointer?
  int* mv = (int*)0x1234; cudaError_t r = cudaMallocManaged(&mv, 16, 7); printf("cudaMallocManaged bad flags: %d ptr=%p\n", (int)r, (void*)mv); cudaGetLastError();
  int* dv = (int*)0x1234; r = cudaMalloc(&dv, (size_t)1 << 62); printf("cudaMalloc huge: %d ptr=%p\n", (int)r, (void*)dv); cudaGetLastError();
  // pointer attributes of unregistered host memory
  std::vector<char> buf(1 << 16); cudaPointerAttributes pa; r = cudaPointerGetAttributes(&pa, buf.data());
  printf("unregistered: r=%d type=%d device=%d dptr=%p hptr=%p\n", (int)r, (int)pa.type, pa.device, pa.devicePointer, pa.hostPointer);
  int local = 0; r = cudaPointerGetAttributes(&pa, &local); printf("stack var: r=%d type=%d device=%d dptr=%p hptr=%p (local %p)\n", (int)r, (int)pa.type, pa.device, pa.devicePointer, pa.hostPointer, (void*)&local);
  // func attributes
  cudaFuncAttributes fa; cudaFuncGetAttributes(&fa, reduce); printf("reduce: sharedSizeBytes=%zu constSizeBytes=%zu localSizeBytes=%zu maxThreads=%d numRegs=%d ptxVersion=%d binaryVersion=%d maxDynamicShared=%d\n", fa.sharedSizeBytes, fa.constSizeBytes, fa.localSizeBytes, fa.maxThreadsPerBlock, fa.numRegs, fa.ptxVersion, fa.binaryVersion, fa.maxDynamicSharedSizeBytes);
  cudaFuncGetAttributes(&fa, reduce_dyn_only); printf("reduce_dyn_only: sharedSizeBytes=%zu\n", fa.sharedSizeBytes);
  printf("FuncSetSharedMemConfig non-kernel: %d\n", (int)cudaFuncSetSharedMemConfig((const void*)&host_fn, cudaSharedMemBankSizeDefault)); cudaGetLastError();
  // surface on a linear resource
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>(); cudaArray_t arr; cudaMallocArray(&arr, &cf, 4);
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = arr; rd.resType = cudaResourceTypeLinear;
  cudaSurfaceObject_t so; printf("surface linear (zero desc): %d\n", (int)cudaCreateSurfaceObject(&so, &rd)); cudaGetLastError();
  rd = {}; rd.resType = cudaResourceTypeLinear; rd.res.linear.devPtr = o; rd.res.linear.desc = cf; rd.res.linear.sizeInBytes = 64;
  printf("surface linear (good desc): %d\n", (int)cudaCreateSurfaceObject(&so, &rd)); cudaGetLastError();
  rd = {}; rd.resType = cudaResourceTypePitch2D; rd.res.pitch2D.devPtr = o; rd.res.pitch2D.desc = cf; rd.res.pitch2D.width = 4; rd.res.pitch2D.height = 4; rd.res.pitch2D.pitchInBytes = 512;
  printf("surface pitch2d: %d\n", (int)cudaCreateSurfaceObject(&so, &rd)); cudaGetLastError();
  printf("host get flags (cudaHostAlloc default): "); void* hp2; cudaHostAlloc(&hp2, 64, cudaHostAllocDefault); unsigned fl = 99; printf("%d flags=%u\n", (int)cudaHostGetFlags(&fl, hp2), fl);
  cudaHostAlloc(&hp2, 64, cudaHostAllocPortable); fl = 99; printf("portable: %d flags=%u\n", (int)cudaHostGetFlags(&fl, hp2), fl);
  cudaMallocHost(&hp2, 64); fl = 99; printf("mallocHost: %d flags=%u\n", (int)cudaHostGetFlags(&fl, hp2), fl);
  return 0;
}
