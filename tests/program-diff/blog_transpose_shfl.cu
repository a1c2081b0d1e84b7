// flags: -O3 -arch=sm_89
// NVIDIA blog "An Efficient Matrix Transpose in CUDA C/C++" (copy, naive, coalesced, no bank
// conflicts with TILE_DIM+1 padding; TILE_DIM 32, BLOCK_ROWS 8) and "Faster Parallel Reductions
// on Kepler" (warpReduceSum with __shfl_down_sync, blockReduceSum, deviceReduceKernel,
// deviceReduceWarpAtomicKernel), plus __shfl_xor_sync butterfly all-reduce.
#include <cstdio>
#include <cuda_runtime.h>

const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;

inline cudaError_t checkCuda(cudaError_t result) {
    if (result != cudaSuccess) {
        fprintf(stderr, "CUDA Runtime Error: %s\n", cudaGetErrorString(result));
    }
    return result;
}

__global__ void copy(float *odata, const float *idata) {
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[(y + j) * width + x] = idata[(y + j) * width + x];
}
__global__ void transposeNaive(float *odata, const float *idata) {
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[x * width + (y + j)] = idata[(y + j) * width + x];
}
__global__ void transposeCoalesced(float *odata, const float *idata) {
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
__global__ void transposeNoBankConflicts(float *odata, const float *idata) {
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

__inline__ __device__ int warpReduceSum(int val) {
    for (int offset = warpSize / 2; offset > 0; offset /= 2) val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}
__inline__ __device__ int blockReduceSum(int val) {
    static __shared__ int shared[32];
    int lane = threadIdx.x % warpSize;
    int wid = threadIdx.x / warpSize;
    val = warpReduceSum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
    if (wid == 0) val = warpReduceSum(val);
    return val;
}
__global__ void deviceReduceKernel(const int *in, int *out, int N) {
    int sum = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) sum += in[i];
    sum = blockReduceSum(sum);
    if (threadIdx.x == 0) out[blockIdx.x] = sum;
}
__global__ void deviceReduceWarpAtomicKernel(const int *in, int *out, int N) {
    int sum = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) sum += in[i];
    sum = warpReduceSum(sum);
    if ((threadIdx.x & (warpSize - 1)) == 0) atomicAdd(out, sum);
}
__global__ void butterfly(const float *in, float *out, float *outmax) {
    float v = in[blockIdx.x * 32 + threadIdx.x];
    float m = v;
    for (int mask = 16; mask >= 1; mask /= 2) {
        v += __shfl_xor_sync(0xffffffff, v, mask, 32);
        m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, mask));
    }
    out[blockIdx.x * 32 + threadIdx.x] = v;
    outmax[blockIdx.x * 32 + threadIdx.x] = m;
}
__global__ void segmented_xor(const int *in, int *out) {
    int v = in[threadIdx.x];
    for (int mask = 4; mask >= 1; mask /= 2) v += __shfl_xor_sync(0xffffffff, v, mask, 8);
    out[threadIdx.x] = v;
}

int main() {
    const int nx = 1024, ny = 1024, mem = nx * ny * sizeof(float);
    dim3 dimGrid(nx / TILE_DIM, ny / TILE_DIM, 1), dimBlock(TILE_DIM, BLOCK_ROWS, 1);
    float *h_idata = (float *)malloc(mem), *h_tdata = (float *)malloc(mem), *gold = (float *)malloc(mem);
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) h_idata[j * nx + i] = j * nx + i;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) gold[j * nx + i] = h_idata[i * nx + j];
    float *d_idata, *d_tdata;
    checkCuda(cudaMalloc(&d_idata, mem));
    checkCuda(cudaMalloc(&d_tdata, mem));
    checkCuda(cudaMemcpy(d_idata, h_idata, mem, cudaMemcpyHostToDevice));
    auto post = [&](const char *name, const float *ref) {
        checkCuda(cudaMemcpy(h_tdata, d_tdata, mem, cudaMemcpyDeviceToHost));
        bool passed = true;
        for (int i = 0; i < nx * ny; i++)
            if (h_tdata[i] != ref[i]) { printf("%s: %d %f %f\n", name, i, h_tdata[i], ref[i]); passed = false; break; }
        printf("%25s %s\n", name, passed ? "passed" : "*** FAILED ***");
        checkCuda(cudaMemset(d_tdata, 0, mem));
    };
    copy<<<dimGrid, dimBlock>>>(d_tdata, d_idata);
    post("copy", h_idata);
    transposeNaive<<<dimGrid, dimBlock>>>(d_tdata, d_idata);
    post("naive transpose", gold);
    transposeCoalesced<<<dimGrid, dimBlock>>>(d_tdata, d_idata);
    post("coalesced transpose", gold);
    transposeNoBankConflicts<<<dimGrid, dimBlock>>>(d_tdata, d_idata);
    post("conflict-free transpose", gold);

    const int N = 1 << 20;
    int *hin = (int *)malloc(N * 4), *din, *dout;
    long long want = 0;
    for (int i = 0; i < N; ++i) { hin[i] = (int)(((unsigned)i * 7919u) % 1000u) - 500; want += hin[i]; }
    checkCuda(cudaMalloc(&din, N * 4));
    checkCuda(cudaMalloc(&dout, 1024 * 4));
    checkCuda(cudaMemcpy(din, hin, N * 4, cudaMemcpyHostToDevice));
    int threads = 512, blocks = min((N + threads - 1) / threads, 1024);
    deviceReduceKernel<<<blocks, threads>>>(din, dout, N);
    deviceReduceKernel<<<1, 1024>>>(dout, dout, blocks);
    int got;
    checkCuda(cudaMemcpy(&got, dout, 4, cudaMemcpyDeviceToHost));
    printf("deviceReduce %d want %lld\n", got, want);
    checkCuda(cudaMemset(dout, 0, 4));
    deviceReduceWarpAtomicKernel<<<blocks, threads>>>(din, dout, N);
    checkCuda(cudaMemcpy(&got, dout, 4, cudaMemcpyDeviceToHost));
    printf("warp atomic %d want %lld\n", got, want);

    float hf[64], hs[64], hm[64], *df, *ds, *dm;
    for (int i = 0; i < 64; ++i) hf[i] = (float)((i * 13) % 17) * 0.25f;
    checkCuda(cudaMalloc(&df, 256)); checkCuda(cudaMalloc(&ds, 256)); checkCuda(cudaMalloc(&dm, 256));
    checkCuda(cudaMemcpy(df, hf, 256, cudaMemcpyHostToDevice));
    butterfly<<<2, 32>>>(df, ds, dm);
    checkCuda(cudaMemcpy(hs, ds, 256, cudaMemcpyDeviceToHost));
    checkCuda(cudaMemcpy(hm, dm, 256, cudaMemcpyDeviceToHost));
    bool same = true;
    for (int i = 0; i < 32; ++i) same &= hs[i] == hs[0] && hs[32 + i] == hs[32] && hm[i] == hm[0] && hm[32 + i] == hm[32];
    printf("butterfly sums %.2f %.2f max %.2f %.2f uniform %d\n", hs[0], hs[32], hm[0], hm[32], same);
    int hi[32], ho[32], *di, *dO;
    for (int i = 0; i < 32; ++i) hi[i] = i * i;
    checkCuda(cudaMalloc(&di, 128)); checkCuda(cudaMalloc(&dO, 128));
    checkCuda(cudaMemcpy(di, hi, 128, cudaMemcpyHostToDevice));
    segmented_xor<<<1, 32>>>(di, dO);
    checkCuda(cudaMemcpy(ho, dO, 128, cudaMemcpyDeviceToHost));
    printf("width-8 xor sums: %d %d %d %d (lane 7 %d)\n", ho[0], ho[8], ho[16], ho[24], ho[7]);
    checkCuda(cudaGetLastError());
    return 0;
}
