// 64-bit index arithmetic: element offsets beyond 2^31 reached through pointer arithmetic on
// a base pointer moved back by a large amount, size_t grid-stride loops, 65535 blocks in y.
#include <cstdio>
#include <cstdint>

__global__ void fill(int *base_shifted, long long shift, size_t n) {
    // base_shifted points 'shift' elements before the allocation: index shift+i is in bounds
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        long long idx = shift + (long long)i;
        base_shifted[idx] = (int)(idx % 1000003) ^ (int)(idx >> 31);
    }
}

__global__ void tall_grid(unsigned *hits, unsigned *sumy) {
    // gridDim.y = 65535: each block row adds its y once
    if (threadIdx.x == 0) {
        atomicAdd(&hits[blockIdx.x], 1u);
        atomicAdd(sumy, blockIdx.y + 1);
    }
    if (blockIdx.y == gridDim.y - 1 && threadIdx.x == blockDim.x - 1) hits[2 + blockIdx.x] = blockIdx.y * 100000u + gridDim.y;
}

__global__ void strided64(const double *a, double *out, long long stride, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const double *p = a + (long long)i * stride - (stride - 1) * (long long)i;   // = a + i
        unsigned long long off = (unsigned long long)i * 0x100000001ULL;          // high bits above 2^32
        out[i] = p[0] * 2.0 + (double)(off >> 32) + (double)(unsigned)(off);
    }
}

int main() {
    const size_t n = 1 << 20;
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    long long shifts[] = {0, 3000000000LL, (1LL << 33) + 7, -5LL};
    for (long long s : shifts) {
        cudaMemset(d, 0, n * sizeof(int));
        fill<<<37, 256>>>(d - s, s, n);
        int *h = new int[n];
        cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
        long long bad = 0; unsigned long long chk = 0;
        for (size_t i = 0; i < n; i++) {
            long long idx = s + (long long)i;
            int want = (int)(idx % 1000003) ^ (int)(idx >> 31);
            bad += h[i] != want;
            chk = chk * 1000003 + (unsigned)h[i];
        }
        printf("shift %lld: bad %lld checksum %016llx err %s\n", s, bad, chk, cudaGetErrorString(cudaGetLastError()));
        delete[] h;
    }
    unsigned *hits;
    cudaMalloc(&hits, 8 * sizeof(unsigned));
    cudaMemset(hits, 0, 8 * sizeof(unsigned));
    tall_grid<<<dim3(2, 65535), 64>>>(hits, hits + 4);
    unsigned hh[8];
    cudaMemcpy(hh, hits, sizeof hh, cudaMemcpyDeviceToHost);
    printf("tall grid: %s hits %u %u last %u %u sumy %u (want %u)\n", cudaGetErrorString(cudaGetLastError()), hh[0], hh[1], hh[2], hh[3], hh[4], 2u * (65535u * 65536u / 2u));
    tall_grid<<<dim3(1, 65536), 32>>>(hits, hits + 4);
    printf("grid y 65536: %s\n", cudaGetErrorString(cudaGetLastError()));
    tall_grid<<<dim3(1, 1, 65536), 32>>>(hits, hits + 4);
    printf("grid z 65536: %s\n", cudaGetErrorString(cudaGetLastError()));
    tall_grid<<<dim3(1), dim3(1, 1, 65)>>>(hits, hits + 4);
    printf("block z 65: %s\n", cudaGetErrorString(cudaGetLastError()));
    tall_grid<<<dim3(1), dim3(1025)>>>(hits, hits + 4);
    printf("block 1025: %s\n", cudaGetErrorString(cudaGetLastError()));
    double *a, *o;
    const int m = 1000;
    cudaMalloc(&a, m * 8); cudaMalloc(&o, m * 8);
    double ha[m], ho[m];
    for (int i = 0; i < m; i++) ha[i] = i * 0.25 - 17.0;
    cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
    strided64<<<(m + 95) / 96, 96>>>(a, o, 1LL << 40, m);
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < m; i++) bad += ho[i] != ha[i] * 2.0 + 2.0 * i;
    printf("strided64 bad %d o[999] %a\n", bad, ho[999]);
    return 0;
}
