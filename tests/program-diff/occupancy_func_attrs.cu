// Occupancy and function attributes as a tuning program queries them, printing only what the
// programming guide fixes (not register counts or per-GPU limits): cudaFuncGetAttributes
// (static shared memory size, maxThreadsPerBlock for a __launch_bounds__ kernel, binary/PTX
// versions are at least 90), cudaFuncSetAttribute (max dynamic shared memory, preferred
// carveout) read back, cudaOccupancyMaxPotentialBlockSize results that are usable launch
// shapes (multiples of 32, within the launch bounds, a grid that fills the device), the
// variable-shared-memory form with a block-size-to-bytes functor, and launches with them.
#include <cstdio>

__global__ void __launch_bounds__(256) bounded(float* p, int n) {
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? p[i] : 0;
    __syncthreads();
    if (i < n) p[i] = tile[threadIdx.x] + tile[(threadIdx.x + 1) % blockDim.x];
}
__global__ void plain(int* p, int n) {
    __shared__ double big[1000];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    big[threadIdx.x % 1000] = threadIdx.x % 1000;   // threads t and t+1000 store the same value
    __syncthreads();
    if (i < n) p[i] = (int)big[(threadIdx.x + 1) % blockDim.x % 1000] * 2;
}
__global__ void dynamic(int* p, int n) {
    extern __shared__ int s[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i;
    __syncthreads();
    if (i < n) p[i] = s[blockDim.x - 1 - threadIdx.x];
}
struct SmemForBlock { __host__ __device__ size_t operator()(int block) const { return block * sizeof(int); } };

int main() {
    cudaFuncAttributes a;
    cudaFuncGetAttributes(&a, bounded);
    printf("bounded: shared %zu maxThreads %d ptx>=90 %d binary>=90 %d maxDyn %d\n", a.sharedSizeBytes, a.maxThreadsPerBlock, a.ptxVersion >= 90, a.binaryVersion >= 90, a.maxDynamicSharedSizeBytes);
    cudaFuncGetAttributes(&a, plain);
    printf("plain: shared %zu maxThreads %d const %zu\n", a.sharedSizeBytes, a.maxThreadsPerBlock, a.constSizeBytes);
    cudaFuncSetAttribute(dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000);
    cudaFuncSetAttribute(dynamic, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
    cudaFuncGetAttributes(&a, dynamic);
    printf("dynamic: maxDyn %d carveout %d\n", a.maxDynamicSharedSizeBytes, a.preferredShmemCarveout);
    int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    int grid, block;
    cudaError_t e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, bounded, 0, 0);
    printf("bounded potential: %s block<=256 %d multiple of 32 %d grid>=SMs %d\n", cudaGetErrorName(e), block <= 256 && block > 0, block % 32 == 0, grid >= sms);
    e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, plain, 0, 100);
    printf("plain limit 100: %s block<=100 %d multiple of 32 %d\n", cudaGetErrorName(e), block <= 100 && block > 0, block % 32 == 0);
    e = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, dynamic, SmemForBlock(), 0);
    printf("dynamic variable smem: %s block ok %d\n", cudaGetErrorName(e), block > 0 && block <= 1024 && block % 32 == 0);
    int nb;
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, dynamic, 1024, 1024 * 4);
    printf("active blocks of 1024 threads: %s at least 1 %d at most 2 %d\n", cudaGetErrorName(e), nb >= 1, nb <= 2);
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, bounded, 512, 0);
    printf("active blocks above the launch bound: %s %d\n", cudaGetErrorName(e), nb);
    int n = 100000, *d; float* f;
    cudaMalloc(&d, n * 4); cudaMalloc(&f, n * 4);
    cudaMemset(f, 0, n * 4);
    cudaOccupancyMaxPotentialBlockSize(&grid, &block, plain);
    plain<<<(n + block - 1) / block, block>>>(d, n);
    int h[2]; cudaMemcpy(h, d, 4, cudaMemcpyDeviceToHost);
    printf("plain with its block size: %d (thread 1 of block 0 doubled)\n", h[0]);
    bounded<<<1, 257>>>(f, n);
    printf("bounded with 257 threads: %s\n", cudaGetErrorName(cudaGetLastError()));
    dynamic<<<2, 1024, 1024 * 4>>>(d, n);
    cudaMemcpy(h, d, 8, cudaMemcpyDeviceToHost);
    printf("dynamic: %d %d %s\n", h[0], h[1], cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
