// CUDA by Example, chapters 9, 10 and 11: the byte histogram computed with global atomics and
// with shared-memory atomics (blocks = 2 * multiProcessorCount, 256 threads, a grid-stride loop
// over SIZE bytes of generated data); the chapter 10 "basic double stream" pattern: pinned host
// buffers from cudaHostAlloc, two streams each taking alternate chunks (cudaMemcpyAsync in, a
// kernel averaging three neighbours, cudaMemcpyAsync out, issued breadth-first as the book's
// improved version does), events recorded and synchronized (no times printed); chapter 11's
// zero-copy dot product through cudaHostAllocMapped and cudaHostGetDevicePointer.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define SIZE (1 << 20)
#define NS (1024 * 64)
#define FULL_DATA_SIZE (NS * 10)

__global__ void histo_kernel(const unsigned char* buffer, long size, unsigned int* histo) {
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = blockDim.x * gridDim.x;
    while (i < size) {
        atomicAdd(&(histo[buffer[i]]), 1);
        i += stride;
    }
}
__global__ void histo_shared(const unsigned char* buffer, long size, unsigned int* histo) {
    __shared__ unsigned int temp[256];
    temp[threadIdx.x] = 0;
    __syncthreads();
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int offset = blockDim.x * gridDim.x;
    while (i < size) {
        atomicAdd(&temp[buffer[i]], 1);
        i += offset;
    }
    __syncthreads();
    atomicAdd(&(histo[threadIdx.x]), temp[threadIdx.x]);
}
__global__ void avg_kernel(const int* a, const int* b, int* c) {
    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    if (idx < NS) {
        int idx1 = (idx + 1) % 256;
        int idx2 = (idx + 2) % 256;
        float as = (a[idx] + a[idx1] + a[idx2]) / 3.0f;
        float bs = (b[idx] + b[idx1] + b[idx2]) / 3.0f;
        c[idx] = (as + bs) / 2;
    }
}
__global__ void dot_mapped(int size, const float* a, const float* b, float* c) {
    __shared__ float cache[256];
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    float temp = 0;
    while (tid < size) { temp += a[tid] * b[tid]; tid += blockDim.x * gridDim.x; }
    cache[threadIdx.x] = temp;
    __syncthreads();
    for (int i = blockDim.x / 2; i != 0; i /= 2) {
        if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
        __syncthreads();
    }
    if (threadIdx.x == 0) c[blockIdx.x] = cache[0];
}
int main() {
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int blocks = prop.multiProcessorCount * 2;
    std::vector<unsigned char> buf(SIZE);
    unsigned int x = 12345;
    for (int i = 0; i < SIZE; i++) { x = x * 1103515245u + 12345u; buf[i] = (unsigned char)((x >> 16) % 200 + (i % 7) * 8); }
    unsigned char* dbuf; unsigned int* dh;
    CK(cudaMalloc(&dbuf, SIZE));
    CK(cudaMalloc(&dh, 256 * sizeof(unsigned)));
    CK(cudaMemcpy(dbuf, buf.data(), SIZE, cudaMemcpyHostToDevice));
    unsigned host[256] = {0};
    for (int i = 0; i < SIZE; i++) host[buf[i]]++;
    for (int pass = 0; pass < 2; pass++) {
        CK(cudaMemset(dh, 0, 256 * sizeof(unsigned)));
        if (pass == 0) histo_kernel<<<blocks, 256>>>(dbuf, SIZE, dh);
        else histo_shared<<<blocks, 256>>>(dbuf, SIZE, dh);
        unsigned h[256];
        CK(cudaMemcpy(h, dh, sizeof h, cudaMemcpyDeviceToHost));
        long total = 0; int bad = 0;
        for (int i = 0; i < 256; i++) { total += h[i]; bad += h[i] != host[i]; }
        printf("histogram (%s atomics): total %ld, %d bins differ; bins 0,100,199,255: %u %u %u %u\n", pass ? "shared" : "global", total, bad, h[0], h[100], h[199], h[255]);
    }
    // streams
    cudaStream_t s0, s1;
    cudaEvent_t start, stop;
    CK(cudaStreamCreate(&s0)); CK(cudaStreamCreate(&s1));
    CK(cudaEventCreate(&start)); CK(cudaEventCreate(&stop));
    int *ha, *hb, *hc, *a0, *b0, *c0, *a1, *b1, *c1;
    CK(cudaHostAlloc(&ha, FULL_DATA_SIZE * sizeof(int), cudaHostAllocDefault));
    CK(cudaHostAlloc(&hb, FULL_DATA_SIZE * sizeof(int), cudaHostAllocDefault));
    CK(cudaHostAlloc(&hc, FULL_DATA_SIZE * sizeof(int), cudaHostAllocDefault));
    for (int i = 0; i < FULL_DATA_SIZE; i++) { ha[i] = (i * 37) % 1000; hb[i] = (i * 91) % 777; }
    CK(cudaMalloc(&a0, NS * sizeof(int))); CK(cudaMalloc(&b0, NS * sizeof(int))); CK(cudaMalloc(&c0, NS * sizeof(int)));
    CK(cudaMalloc(&a1, NS * sizeof(int))); CK(cudaMalloc(&b1, NS * sizeof(int))); CK(cudaMalloc(&c1, NS * sizeof(int)));
    CK(cudaEventRecord(start, 0));
    for (int i = 0; i < FULL_DATA_SIZE; i += NS * 2) {
        CK(cudaMemcpyAsync(a0, ha + i, NS * sizeof(int), cudaMemcpyHostToDevice, s0));
        CK(cudaMemcpyAsync(a1, ha + i + NS, NS * sizeof(int), cudaMemcpyHostToDevice, s1));
        CK(cudaMemcpyAsync(b0, hb + i, NS * sizeof(int), cudaMemcpyHostToDevice, s0));
        CK(cudaMemcpyAsync(b1, hb + i + NS, NS * sizeof(int), cudaMemcpyHostToDevice, s1));
        avg_kernel<<<NS / 256, 256, 0, s0>>>(a0, b0, c0);
        avg_kernel<<<NS / 256, 256, 0, s1>>>(a1, b1, c1);
        CK(cudaMemcpyAsync(hc + i, c0, NS * sizeof(int), cudaMemcpyDeviceToHost, s0));
        CK(cudaMemcpyAsync(hc + i + NS, c1, NS * sizeof(int), cudaMemcpyDeviceToHost, s1));
    }
    CK(cudaStreamSynchronize(s0));
    CK(cudaStreamSynchronize(s1));
    CK(cudaEventRecord(stop, 0));
    CK(cudaEventSynchronize(stop));
    printf("streams: event query after sync: %s\n", cudaGetErrorString(cudaEventQuery(stop)));
    long long cs = 0; int bad = 0;
    for (int i = 0; i < FULL_DATA_SIZE; i++) {
        int base = i - i % NS, idx = i % NS;
        int i1 = base + (idx + 1) % 256, i2 = base + (idx + 2) % 256;
        float as = (ha[i] + ha[i1] + ha[i2]) / 3.0f, bs = (hb[i] + hb[i1] + hb[i2]) / 3.0f;
        bad += hc[i] != (int)((as + bs) / 2);
        cs += (long long)hc[i] * (i % 13 + 1);
    }
    printf("streams: checksum %lld, %d differ from host; c[0..4] %d %d %d %d %d\n", cs, bad, hc[0], hc[1], hc[2], hc[3], hc[4]);
    // zero-copy
    const int ZN = 100000;
    float *za, *zb, *zc, *dza, *dzb, *dzc;
    CK(cudaHostAlloc(&za, ZN * sizeof(float), cudaHostAllocWriteCombined | cudaHostAllocMapped));
    CK(cudaHostAlloc(&zb, ZN * sizeof(float), cudaHostAllocWriteCombined | cudaHostAllocMapped));
    CK(cudaHostAlloc(&zc, 64 * sizeof(float), cudaHostAllocMapped));
    for (int i = 0; i < ZN; i++) { za[i] = (float)(i % 10); zb[i] = (float)(i % 3); }
    CK(cudaHostGetDevicePointer(&dza, za, 0));
    CK(cudaHostGetDevicePointer(&dzb, zb, 0));
    CK(cudaHostGetDevicePointer(&dzc, zc, 0));
    dot_mapped<<<64, 256>>>(ZN, dza, dzb, dzc);
    CK(cudaDeviceSynchronize());
    double z = 0;
    for (int i = 0; i < 64; i++) z += zc[i];
    printf("zero-copy dot: %.1f (block 0 %.1f)\n", z, zc[0]);
    CK(cudaFreeHost(za)); CK(cudaFreeHost(zb)); CK(cudaFreeHost(zc));
    CK(cudaFreeHost(ha)); CK(cudaFreeHost(hb)); CK(cudaFreeHost(hc));
    CK(cudaStreamDestroy(s0)); CK(cudaStreamDestroy(s1));
    return 0;
}
