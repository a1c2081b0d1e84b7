// cudaFuncGetAttributes fields that do not depend on the compiler's register choices,
// cudaFuncSetAttribute (max dynamic shared memory, carveout, required cluster width,
// non-portable cluster size), cudaFuncSetCacheConfig, cudaGetFuncBySymbol, cudaGetKernel,
// cudaFuncGetName, and launches that need the opt-in.
#include <cstdio>
#include <cstring>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void big_dyn(int* out) {
    extern __shared__ int sm[];
    int n = 100 * 1024 / 4;
    for (int i = threadIdx.x; i < n; i += blockDim.x) sm[i] = i;
    __syncthreads();
    if (threadIdx.x == 0) { long long s = 0; for (int i = 0; i < n; i += 97) s += sm[i]; *out = (int)s; }
}
__global__ void static_smem(float* out) {
    __shared__ float tile[1000];
    tile[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = tile[999 - threadIdx.x % 1000];
}
__global__ void __launch_bounds__(128) bounded(int* p) { p[threadIdx.x] = 1; }
__constant__ int cdata[300];

int main() {
    cudaFuncAttributes a;
    P(cudaFuncGetAttributes(&a, big_dyn));
    printf("big_dyn: static smem %zu maxThreads %d maxDyn %d carveout %d ptx %d bin %d cacheModeCA %d clusterW %d nonPortable %d\n",
           a.sharedSizeBytes, a.maxThreadsPerBlock, a.maxDynamicSharedSizeBytes, a.preferredShmemCarveout, a.ptxVersion >= 80,
           a.binaryVersion, a.cacheModeCA, a.requiredClusterWidth, a.nonPortableClusterSizeAllowed);
    P(cudaFuncGetAttributes(&a, static_smem)); printf("static_smem: static smem %zu\n", a.sharedSizeBytes);
    P(cudaFuncGetAttributes(&a, bounded)); printf("bounded: maxThreads %d\n", a.maxThreadsPerBlock);
    int* out; P(cudaMalloc(&out, 4096));
    big_dyn<<<1, 256, 100 * 1024>>>(out);
    P(cudaGetLastError());
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
    P(cudaFuncGetAttributes(&a, big_dyn)); printf("maxDyn now %d\n", a.maxDynamicSharedSizeBytes);
    big_dyn<<<1, 256, 100 * 1024>>>(out);
    P(cudaGetLastError()); P(cudaDeviceSynchronize());
    int h = 0; P(cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost)); printf("big_dyn result %d\n", h);
    int optin = 0; P(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1));
    P(cudaFuncSetAttribute(static_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, optin - 4000 + 1));
    P(cudaFuncSetAttribute(static_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, optin - 4000));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, -1));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
    P(cudaFuncGetAttributes(&a, big_dyn)); printf("carveout now %d\n", a.preferredShmemCarveout);
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributePreferredSharedMemoryCarveout, 101));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributePreferredSharedMemoryCarveout, -1));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributePreferredSharedMemoryCarveout, -2));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributeRequiredClusterWidth, 2));
    P(cudaFuncSetAttribute(big_dyn, cudaFuncAttributeClusterSchedulingPolicyPreference, cudaClusterSchedulingPolicySpread));
    P(cudaFuncSetAttribute(big_dyn, (cudaFuncAttribute)77, 1));
    P(cudaFuncSetAttribute(bounded, cudaFuncAttributeMaxDynamicSharedMemorySize, 0));
    P(cudaFuncSetCacheConfig(big_dyn, cudaFuncCachePreferShared));
    P(cudaFuncSetCacheConfig(big_dyn, (cudaFuncCache)9));
    bounded<<<1, 256>>>(out);
    P(cudaGetLastError());
    bounded<<<1, 128>>>(out);
    P(cudaGetLastError());
    cudaFunction_t f = nullptr; P(cudaGetFuncBySymbol(&f, (const void*)bounded)); printf("func set %d\n", f != nullptr);
    int notk = 0; P(cudaGetFuncBySymbol(&f, &notk));
    cudaKernel_t k = nullptr; P(cudaGetKernel(&k, bounded)); printf("kernel set %d\n", k != nullptr);
    const char* name = nullptr; P(cudaFuncGetName(&name, bounded)); printf("name %s\n", name ? name : "(null)");
    P(cudaFuncGetName(&name, big_dyn)); printf("name %s\n", name ? name : "(null)");
    P(cudaFuncGetName(&name, &notk));
    P(cudaFuncGetAttributes(&a, &notk));
    P(cudaFuncGetAttributes(nullptr, bounded));
    // launching through the cudaKernel_t
    void* args[] = {&out};
    P(cudaLaunchKernel((const void*)k, dim3(1), dim3(64), args, 0, 0));
    P(cudaDeviceSynchronize());
    P(cudaGetLastError());
    return 0;
}
