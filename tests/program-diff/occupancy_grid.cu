// cudaOccupancy* over many block sizes and dynamic shared sizes for kernels with few registers
// (so the register file never limits): max active blocks, max potential block size with a
// shared-memory function, available dynamic shared memory, cluster occupancy.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void light(float* p) { p[blockIdx.x * blockDim.x + threadIdx.x] *= 2.f; }
__global__ void __launch_bounds__(256) bounded(float* p) { p[threadIdx.x] += 1.f; }
__global__ void statics(float* p) { __shared__ float t[4096]; t[threadIdx.x] = p[threadIdx.x]; __syncthreads(); p[threadIdx.x] = t[(threadIdx.x + 1) % blockDim.x]; }

static size_t smem_of(int block) { return block * 16; }

int main() {
    int sizes[] = {32, 64, 96, 128, 192, 256, 320, 512, 640, 768, 1024};
    size_t shm[] = {0, 1024, 8192, 48 * 1024, 100 * 1024};
    P(cudaFuncSetAttribute(light, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
    for (size_t s : shm) {
        printf("smem %6zu:", s);
        for (int b : sizes) { int n = -1; cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, light, b, s); printf(" %d%s", n, e ? "!" : ""); }
        printf("\n");
    }
    printf("bounded:"); for (int b : sizes) { int n = -1; cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, bounded, b, 0); printf(" %d:%s", n, cudaGetErrorName(e)); } printf("\n");
    printf("statics:"); for (int b : sizes) { int n = -1; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, statics, b, 0); printf(" %d", n); } printf("\n");
    int n = -1;
    P(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, light, 256, 0, cudaOccupancyDisableCachingOverride)); printf("withFlags %d\n", n);
    P(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, light, 256, 0, 5));
    P(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, light, 0, 0)); printf("block 0 -> %d\n", n);
    P(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, light, 1025, 0));
    P(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, light, 256, 300 * 1024)); printf("too much smem -> %d\n", n);
    int minGrid = -1, block = -1;
    P(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, light, 0, 0));
    int sms = 0; P(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    printf("potential: block %d minGrid/SMs %d\n", block, minGrid / sms);
    P(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, light, 0, 192)); printf("limit 192: block %d minGrid/SMs %d\n", block, minGrid / sms);
    P(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, bounded, 0, 0)); printf("bounded: block %d minGrid/SMs %d\n", block, minGrid / sms);
    P(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, light, 40000, 0)); printf("40000 smem: block %d minGrid/SMs %d\n", block, minGrid / sms);
    P(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &block, light, smem_of, 0)); printf("variable: block %d minGrid/SMs %d\n", block, minGrid / sms);
    size_t avail = 0;
    for (int b : {32, 256, 1024}) for (int nb : {1, 2, 4, 8}) {
        cudaError_t e = cudaOccupancyAvailableDynamicSMemPerBlock(&avail, light, nb, b);
        printf("avail(blocks %d, threads %d) %s %zu\n", nb, b, cudaGetErrorName(e), avail);
    }
    P(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, statics, 1, 256)); printf("statics avail %zu\n", avail);
    P(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, light, 64, 1024));
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(16); cfg.blockDim = dim3(128);
    cudaLaunchAttribute at; at.id = cudaLaunchAttributeClusterDimension; at.val.clusterDim.x = 2; at.val.clusterDim.y = 1; at.val.clusterDim.z = 1;
    cfg.attrs = &at; cfg.numAttrs = 1;
    int clusters = -1, csize = -1;
    P(cudaOccupancyMaxActiveClusters(&clusters, light, &cfg)); printf("clusters(2) >0 %d\n", clusters > 0);
    cfg.numAttrs = 0;
    P(cudaOccupancyMaxPotentialClusterSize(&csize, light, &cfg)); printf("potential cluster size %d\n", csize);
    P(cudaGetLastError());
    return 0;
}
