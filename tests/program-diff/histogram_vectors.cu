// A 256-bin byte histogram with per-block shared-memory privatization (atomicAdd on shared
// then global), read through int4/uchar4 vector loads and __ldg, in grids smaller and larger
// than the data; plus float4/double2 element-wise kernels with misaligned tails handled by a
// scalar loop; all checked against the host.
#include <cstdio>
#include <vector>

__global__ void hist(const unsigned char *data, size_t n, unsigned *bins) {
    __shared__ unsigned local[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
    __syncthreads();
    size_t n16 = n / 16;
    const int4 *v = (const int4 *)data;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x) {
        int4 q = __ldg(&v[i]);
        int w[4] = {q.x, q.y, q.z, q.w};
        for (int k = 0; k < 4; k++)
            for (int s = 0; s < 32; s += 8) atomicAdd(&local[(w[k] >> s) & 255], 1u);
    }
    for (size_t i = n16 * 16 + blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) if (local[i]) atomicAdd(&bins[i], local[i]);
}

__global__ void axpy4(const float *x, float *y, int n, float a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n4 = n / 4;
    if (i < n4) {
        float4 xv = reinterpret_cast<const float4 *>(x)[i];
        float4 yv = reinterpret_cast<float4 *>(y)[i];
        yv.x += a * xv.x; yv.y += a * xv.y; yv.z += a * xv.z; yv.w += a * xv.w;
        reinterpret_cast<float4 *>(y)[i] = yv;
    }
    if (i < n - n4 * 4) y[n4 * 4 + i] += a * x[n4 * 4 + i];
}

__global__ void swap2(double2 *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { double2 v = p[i]; p[i] = make_double2(v.y * 2.0, v.x - 1.0); }
}

int main() {
    const size_t n = 1000003;
    std::vector<unsigned char> h(n);
    unsigned s = 7;
    for (size_t i = 0; i < n; i++) { s = s * 1103515245u + 12345u; h[i] = (unsigned char)((s >> 16) % 97 + (i % 3) * 50); }
    unsigned char *d; unsigned *bins;
    cudaMalloc(&d, n); cudaMalloc(&bins, 1024);
    cudaMemcpy(d, h.data(), n, cudaMemcpyHostToDevice);
    unsigned want[256] = {};
    for (size_t i = 0; i < n; i++) want[h[i]]++;
    for (int g : {1, 7, 200, 5000}) {
        cudaMemset(bins, 0, 1024);
        hist<<<g, 192>>>(d, n, bins);
        unsigned got[256];
        cudaMemcpy(got, bins, 1024, cudaMemcpyDeviceToHost);
        int bad = 0; unsigned long long tot = 0;
        for (int b = 0; b < 256; b++) { bad += got[b] != want[b]; tot += got[b]; }
        printf("grid %4d: %s bad %d total %llu bin[60] %u\n", g, cudaGetErrorString(cudaGetLastError()), bad, tot, got[60]);
    }
    const int m = 1027;
    std::vector<float> x(m), y(m);
    for (int i = 0; i < m; i++) { x[i] = i * 0.5f; y[i] = 3.0f - i; }
    float *dx, *dy;
    cudaMalloc(&dx, m * 4); cudaMalloc(&dy, m * 4);
    cudaMemcpy(dx, x.data(), m * 4, cudaMemcpyHostToDevice); cudaMemcpy(dy, y.data(), m * 4, cudaMemcpyHostToDevice);
    axpy4<<<(m / 4 + 63) / 64, 64>>>(dx, dy, m, 1.5f);
    cudaMemcpy(y.data(), dy, m * 4, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < m; i++) bad += y[i] != (3.0f - i) + 1.5f * (i * 0.5f);
    printf("axpy4 bad %d y[1026] %a\n", bad, y[m - 1]);
    std::vector<double> dd(200);
    for (int i = 0; i < 200; i++) dd[i] = i * 0.125;
    double *dp;
    cudaMalloc(&dp, 1600);
    cudaMemcpy(dp, dd.data(), 1600, cudaMemcpyHostToDevice);
    swap2<<<2, 64>>>((double2 *)dp, 100);
    cudaMemcpy(dd.data(), dp, 1600, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int i = 0; i < 100; i++) bad += dd[2 * i] != (2 * i + 1) * 0.125 * 2.0 || dd[2 * i + 1] != 2 * i * 0.125 - 1.0;
    printf("swap2 bad %d\n", bad);
    return 0;
}
