// Dynamic shared memory above 48 KiB through cudaFuncSetAttribute, the carveout, cluster scheduling
// policies; a required cluster width set alone is enforced at launch, before the shared memory
// size.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// Dynamic shared memory above 48 KiB: opt-in attribute, carveout, limits, static + dynamic.
extern __shared__ int dyn[];
__global__ void big(int *out, int n) {
    for (int i = threadIdx.x; i < n; i += blockDim.x) dyn[i] = i;
    __syncthreads();
    if (threadIdx.x == 0) { long long s = 0; for (int i = 0; i < n; i++) s += dyn[i]; out[0] = (int)(s & 0x7fffffff); }
}
__global__ void withStatic(int *out, int n) {
    __shared__ int st[4096];  // 16 KiB static
    st[threadIdx.x] = threadIdx.x;
    for (int i = threadIdx.x; i < n; i += blockDim.x) dyn[i] = 1;
    __syncthreads();
    if (threadIdx.x == 0) { int s = st[5]; for (int i = 0; i < n; i++) s += dyn[i]; out[1] = s; }
}
int main() {
    int *out; cudaMalloc(&out, 16);
    int optin = 0; cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
    printf("optin %d\n", optin);
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, big); printf("big: maxDynamic %d carveout %d\n", fa.maxDynamicSharedSizeBytes, fa.preferredShmemCarveout);
    big<<<1, 256, 64 * 1024>>>(out, 16 * 1024);
    R(cudaGetLastError());
    R(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
    cudaFuncGetAttributes(&fa, big); printf("big: maxDynamic %d\n", fa.maxDynamicSharedSizeBytes);
    big<<<1, 256, 100 * 1024>>>(out, 25 * 1024);
    R(cudaGetLastError()); R(cudaDeviceSynchronize());
    int h[2]; cudaMemcpy(h, out, 8, cudaMemcpyDeviceToHost); printf("sum %d\n", h[0]);
    big<<<1, 256, 100 * 1024 + 4>>>(out, 16);
    R(cudaGetLastError());
    R(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    big<<<2, 256, optin>>>(out, optin / 4);
    R(cudaGetLastError()); R(cudaDeviceSynchronize());
    cudaMemcpy(h, out, 8, cudaMemcpyDeviceToHost); printf("sum %d\n", h[0]);
    R(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1));
    R(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, -1));
    cudaFuncGetAttributes(&fa, big); printf("big: maxDynamic %d\n", fa.maxDynamicSharedSizeBytes);
    // static + dynamic
    cudaFuncGetAttributes(&fa, withStatic); printf("withStatic: static %zu maxDynamic %d\n", fa.sharedSizeBytes, fa.maxDynamicSharedSizeBytes);
    R(cudaFuncSetAttribute(withStatic, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    R(cudaFuncSetAttribute(withStatic, cudaFuncAttributeMaxDynamicSharedMemorySize, optin - 16384));
    withStatic<<<1, 256, optin - 16384>>>(out, 1000);
    R(cudaGetLastError()); R(cudaDeviceSynchronize());
    cudaMemcpy(h, out, 8, cudaMemcpyDeviceToHost); printf("withStatic %d\n", h[1]);
    withStatic<<<1, 256, optin - 16384 + 4>>>(out, 1000);
    R(cudaGetLastError());
    // carveout
    int cv[] = {-1, 0, 50, 100, 101, -2};
    for (int c : cv) { cudaError_t e = cudaFuncSetAttribute(big, cudaFuncAttributePreferredSharedMemoryCarveout, c); cudaGetLastError();
        cudaFuncGetAttributes(&fa, big); printf("carveout %d: %s -> %d\n", c, cudaGetErrorName(e), fa.preferredShmemCarveout); }
    // other attributes
    R(cudaFuncSetAttribute(big, cudaFuncAttributeRequiredClusterWidth, 2));
    R(cudaFuncSetAttribute(big, cudaFuncAttributeClusterSchedulingPolicyPreference, cudaClusterSchedulingPolicySpread));
    R(cudaFuncSetAttribute(big, cudaFuncAttributeClusterSchedulingPolicyPreference, 9));
    R(cudaFuncSetAttribute(big, cudaFuncAttributeNonPortableClusterSizeAllowed, 2));
    R(cudaFuncSetAttribute(big, (cudaFuncAttribute)99, 1));
    R(cudaFuncSetAttribute((void *)main, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024));
    R(cudaFuncSetAttribute((const void *)nullptr, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024));
    // launch through cudaLaunchKernel with a too-big size after lowering the max
    R(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024));
    int n = 16; void *args[] = {&out, &n};
    R(cudaLaunchKernel((void *)big, dim3(1), dim3(32), args, 2048, 0));
    R(cudaLaunchKernel((void *)big, dim3(1), dim3(32), args, 1024, 0));
    R(cudaLaunchKernel((void *)big, dim3(1), dim3(32), args, 48 * 1024, 0));
    R(cudaDeviceSynchronize());
    // occupancy with big dynamic memory
    int nb = -1;
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, big, 256, 100 * 1024)); printf("blocks/SM at 100K: %d\n", nb);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, big, 256, optin)); printf("blocks/SM at optin: %d\n", nb);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, big, 256, optin + 1)); printf("blocks/SM at optin+1: %d\n", nb);
    size_t avail = 0;
    R(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, big, 1, 256)); printf("avail 1 block: %zu\n", avail);
    R(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, big, 2, 256)); printf("avail 2 blocks: %zu\n", avail);
    R(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, withStatic, 1, 256)); printf("withStatic avail 1 block: %zu\n", avail);
    R(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, big, 40, 32)); printf("avail 40 blocks: %zu\n", avail);
    R(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, big, 1, 2048)); printf("avail 2048 threads: %zu\n", avail);
    return 0;
}
