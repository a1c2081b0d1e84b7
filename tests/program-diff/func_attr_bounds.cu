// cudaFuncSetAttribute at and past its bounds: the max dynamic shared memory (0, 48 KiB, the
// opt-in limit, one past it, and the limit less the kernel's static shared memory, one past
// that), the preferred carveout (-1, 0, 50, 100, 101, -2), the cluster attributes (required
// cluster width, non-portable cluster size 0/1/2, the scheduling policy 0..3), an unknown
// attribute; each followed by cudaFuncGetAttributes' fields and a launch using the limit.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void dyn(int *o) {
  extern __shared__ int s[];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) o[0] = s[0] + 1;
}
__global__ void withStatic(int *o, int n) {
  __shared__ int st[4096]; // 16 KiB static
  extern __shared__ int s[];
  st[threadIdx.x] = n;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) o[0] = st[0] + s[0];
}

#define R(label, call)                                                                          \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    cudaError_t l_ = cudaGetLastError();                                                        \
    printf("%-44s -> %s (last %s)\n", label, cudaGetErrorName(e_), cudaGetErrorName(l_));      \
  } while (0)

template <class K> static void show(const char *name, K k) {
  cudaFuncAttributes fa;
  cudaError_t e = cudaFuncGetAttributes(&fa, k);
  printf("  %s: %s static=%zu maxDyn=%d carveout=%d clusterDimMustBeSet=%d reqCluster=%d,%d,%d "
         "nonPortable=%d policy=%d\n",
         name, cudaGetErrorName(e), fa.sharedSizeBytes, fa.maxDynamicSharedSizeBytes,
         fa.preferredShmemCarveout, fa.clusterDimMustBeSet, fa.requiredClusterWidth,
         fa.requiredClusterHeight, fa.requiredClusterDepth, fa.nonPortableClusterSizeAllowed,
         fa.clusterSchedulingPolicyPreference);
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int optin = 0, perBlock = 0, perSM = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  cudaDeviceGetAttribute(&perBlock, cudaDevAttrMaxSharedMemoryPerBlock, 0);
  cudaDeviceGetAttribute(&perSM, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0);
  printf("optin %d perBlock %d perSM %d\n", optin, perBlock, perSM);
  int *o;
  cudaMalloc(&o, 4);
  show("dyn initial", dyn);
  int vals[] = {0, 49152, optin, optin + 1, -1, perSM};
  for (int v : vals) {
    char l[80];
    snprintf(l, 80, "dyn MaxDynamicSharedMemorySize %d", v);
    R(l, cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, v));
    show("dyn", dyn);
  }
  cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, optin);
  dyn<<<1, 32, optin>>>(o);
  R("launch dyn with optin bytes", cudaDeviceSynchronize());
  dyn<<<1, 32, optin + 1>>>(o);
  R("launch dyn with optin+1 bytes", cudaDeviceSynchronize());
  cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 1000);
  dyn<<<1, 32, 1001>>>(o);
  R("launch dyn 1001 bytes, attr 1000", cudaDeviceSynchronize());
  dyn<<<1, 32, 40000>>>(o);
  R("launch dyn 40000 bytes, attr 1000", cudaDeviceSynchronize());

  show("withStatic initial", withStatic);
  int sv[] = {optin - 16384, optin - 16384 + 1, optin};
  for (int v : sv) {
    char l[80];
    snprintf(l, 80, "withStatic MaxDyn %d", v);
    R(l, cudaFuncSetAttribute(withStatic, cudaFuncAttributeMaxDynamicSharedMemorySize, v));
    show("withStatic", withStatic);
  }
  withStatic<<<1, 32, optin - 16384>>>(o, 1);
  R("launch withStatic optin-16K", cudaDeviceSynchronize());

  int cv[] = {-1, 0, 50, 100, 101, -2};
  for (int v : cv) {
    char l[80];
    snprintf(l, 80, "dyn PreferredSharedMemoryCarveout %d", v);
    R(l, cudaFuncSetAttribute(dyn, cudaFuncAttributePreferredSharedMemoryCarveout, v));
    show("dyn", dyn);
  }
  R("dyn RequiredClusterWidth 2",
    cudaFuncSetAttribute(dyn, cudaFuncAttributeRequiredClusterWidth, 2));
  R("dyn ClusterDimMustBeSet 1",
    cudaFuncSetAttribute(dyn, cudaFuncAttributeClusterDimMustBeSet, 1));
  for (int v = 0; v < 3; v++) {
    char l[80];
    snprintf(l, 80, "dyn NonPortableClusterSizeAllowed %d", v);
    R(l, cudaFuncSetAttribute(dyn, cudaFuncAttributeNonPortableClusterSizeAllowed, v));
  }
  for (int v = 0; v < 4; v++) {
    char l[80];
    snprintf(l, 80, "dyn ClusterSchedulingPolicyPreference %d", v);
    R(l, cudaFuncSetAttribute(dyn, cudaFuncAttributeClusterSchedulingPolicyPreference, v));
  }
  show("dyn", dyn);
  R("dyn attribute 99", cudaFuncSetAttribute(dyn, (cudaFuncAttribute)99, 1));
  R("dyn cudaFuncAttributeMax", cudaFuncSetAttribute(dyn, cudaFuncAttributeMax, 1));
  R("null func", cudaFuncSetAttribute((const void *)nullptr,
                                      cudaFuncAttributeMaxDynamicSharedMemorySize, 0));
  R("host func", cudaFuncSetAttribute((const void *)&main,
                                      cudaFuncAttributeMaxDynamicSharedMemorySize, 0));
  R("cudaFuncSetCacheConfig 9", cudaFuncSetCacheConfig(dyn, (cudaFuncCache)9));
  R("cudaFuncSetCacheConfig PreferShared", cudaFuncSetCacheConfig(dyn, cudaFuncCachePreferShared));
  show("dyn end", dyn);
  return 0;
}
