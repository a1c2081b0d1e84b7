// flags: -O2
// SHOC-style scan (vetter-lab/shoc, src/cuda/level1/scan/scan_kernel.h), its three kernels kept
// in their original shape: reduce (each block sums its contiguous region, shared-memory tree),
// top_scan (one block, an exclusive scan of the block sums with scanLocalMem: a Hillis-Steele
// scan over a volatile shared array twice the block size, with __syncthreads between every read
// and write), bottom_scan (each block reloads its region as float4, scans within each thread's
// four values, scans the threads' totals with scanLocalMem, adds the block's seed and writes
// float4s). 256 threads, 64 blocks, an input that is not a multiple of the region size; float
// and int, exclusive results checked exactly (int) or within SHOC's 1e-4 relative (float).
#include <cstdio>
#include <cmath>
#include <vector>
#define BLOCK 256

template <class T>
__device__ T scanLocalMem(const T val, volatile T *s_data)
{
    // Shared mem is 512 elements long, set first half to 0
    int idx = threadIdx.x;
    s_data[idx] = 0;
    __syncthreads();
    // Set 2nd half to thread local sum (sum of the 4 elems from global mem)
    idx += blockDim.x; // += 256
    // Some of these __sync's are unnecessary due to warp synchronous execution. Right now
    // these are left in to be consistent with the opencl version.
    T t;
    s_data[idx] = val;     __syncthreads();
    t = s_data[idx - 1];   __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 2];   __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 4];   __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 8];   __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 16];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 32];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 64];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 128]; __syncthreads();
    s_data[idx] += t;      __syncthreads();
    return s_data[idx - 1];
}

template <class T, int blockSize>
__global__ void reduce(const T *__restrict__ in, T *__restrict__ isums, const int n)
{
    __shared__ T sdata[blockSize];
    // Each block is responsible for a contiguous region
    int region_size = ((n / 4) / gridDim.x) * 4;
    int block_start = blockIdx.x * region_size;
    // Give the last block any extra elements
    int block_stop = (blockIdx.x == gridDim.x - 1) ? n : block_start + region_size;
    int i = block_start + threadIdx.x;
    T sum = 0;
    while (i < block_stop) {
        sum += in[i];
        i += blockDim.x;
    }
    sdata[threadIdx.x] = sum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) isums[blockIdx.x] = sdata[0];
}

template <class T>
__global__ void top_scan(T *isums, const int n)
{
    __shared__ T st[BLOCK * 2];
    T val = threadIdx.x < n ? isums[threadIdx.x] : 0;
    val = scanLocalMem<T>(val, st);
    if (threadIdx.x < n) isums[threadIdx.x] = val;
}

template <class T, class vecT>
__global__ void bottom_scan(const T *__restrict__ in, T *__restrict__ out, const T *__restrict__ isums, const int n)
{
    __shared__ T sdata[BLOCK * 2];
    __shared__ T s_seed;
    // Prepare for reading 4-element vectors; assumes n is divisible by 4
    int n4 = n / 4;
    const vecT *in4 = (const vecT *)in;
    vecT *out4 = (vecT *)out;
    int region_size = n4 / gridDim.x;
    int block_start = blockIdx.x * region_size;
    int block_stop = (blockIdx.x == gridDim.x - 1) ? n4 : block_start + region_size;
    if (threadIdx.x == 0) s_seed = isums[blockIdx.x];
    __syncthreads();
    int i = block_start + threadIdx.x;
    int window = block_start;
    // Scan multiple elements per thread
    while (window < block_stop) {
        vecT val_4;
        if (i < block_stop) val_4 = in4[i];
        else { val_4.x = 0; val_4.y = 0; val_4.z = 0; val_4.w = 0; }
        // Serial scan in registers
        val_4.y += val_4.x;
        val_4.z += val_4.y;
        val_4.w += val_4.z;
        // ExScan sums in local memory
        T res = scanLocalMem<T>(val_4.w, sdata);
        // Update and write out to global memory
        val_4.x += res + s_seed;
        val_4.y += res + s_seed;
        val_4.z += res + s_seed;
        val_4.w += res + s_seed;
        if (i < block_stop) out4[i] = val_4;
        // Next seed will be the last value; last thread places the seed in shared memory
        if (threadIdx.x == blockDim.x - 1) s_seed = val_4.w;
        __syncthreads();
        window += blockDim.x;
        i += blockDim.x;
    }
}

template <class T, class vecT>
static int runScan(const char *name)
{
    const int n = 64 * 1024 + 4 * 37, blocks = 64;
    std::vector<T> h(n), out(n), ref(n);
    for (int i = 0; i < n; i++) h[i] = (T)((i * 7) % 10) / (T)2;
    T *d_in, *d_out, *d_isums;
    cudaMalloc(&d_in, n * sizeof(T));
    cudaMalloc(&d_out, n * sizeof(T));
    cudaMalloc(&d_isums, blocks * sizeof(T));
    cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
    reduce<T, BLOCK><<<blocks, BLOCK>>>(d_in, d_isums, n);
    top_scan<T><<<1, BLOCK>>>(d_isums, blocks);
    bottom_scan<T, vecT><<<blocks, BLOCK>>>(d_in, d_out, d_isums, n);
    cudaMemcpy(out.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost);
    // SHOC's scanCPU is inclusive; its bottom_scan writes the inclusive scan too
    double acc = 0;
    int bad = 0;
    for (int i = 0; i < n; i++) {
        acc += h[i];
        ref[i] = (T)acc;
        double d = fabs((double)out[i] - acc);
        if (d > 1e-4 * fabs(acc) && d > 1e-4) bad++;
    }
    printf("scan<%s>: n %d out[0] %.9g out[1000] %.9g out[n/2] %.9g out[n-1] %.9g bad %d\n", name, n, (double)out[0], (double)out[1000], (double)out[n / 2], (double)out[n - 1], bad);
    cudaFree(d_in); cudaFree(d_out); cudaFree(d_isums);
    return bad != 0;
}

int main()
{
    int fails = runScan<float, float4>("float") + runScan<int, int4>("int");
    printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails ? 1 : 0;
}
