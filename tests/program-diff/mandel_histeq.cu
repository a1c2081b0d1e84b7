// Mandelbrot in double with smooth colouring (log2(log(|z|)) at escape) on an odd-sized image
// with a 2D grid of 16x16 and 32x4 blocks, then histogram equalization of the 8-bit image:
// 256-bin histogram with per-warp shared sub-histograms, CDF by a one-block scan, and a
// lookup-table map; compared with the host, smooth values printed in %a.
#include <cstdio>
#include <cmath>
#include <vector>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

struct View { double x0, y0, dx, dy; int w, h, maxit; };

__host__ __device__ inline double mandel(double cr, double ci, int maxit, int* it_out) {
    double zr = 0, zi = 0; int it = 0;
    while (it < maxit) {
        double zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 256.0) break;
        zi = 2.0 * zr * zi + ci; zr = zr2 - zi2 + cr; ++it;
    }
    *it_out = it;
    if (it == maxit) return 0.0;
    return it + 1 - log2(log(sqrt(zr * zr + zi * zi)));
}

__global__ void render(View v, double* smooth, unsigned char* img, int* iters) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= v.w || y >= v.h) return;
    int it;
    double s = mandel(v.x0 + x * v.dx, v.y0 + y * v.dy, v.maxit, &it);
    smooth[y * v.w + x] = s; iters[y * v.w + x] = it;
    img[y * v.w + x] = (unsigned char)(it == v.maxit ? 0 : (unsigned)(s * 7.0) % 255 + 1);
}

__global__ void hist256(const unsigned char* __restrict__ img, int n, unsigned* hist) {
    __shared__ unsigned sub[8][256];   // a sub-histogram per warp (8 warps)
    for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x) sub[i / 256][i % 256] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&sub[threadIdx.x / 32][img[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        unsigned t = 0;
        for (int w = 0; w < 8; ++w) t += sub[w][b];
        if (t) atomicAdd(&hist[b], t);
    }
}

__global__ void cdf_lut(const unsigned* __restrict__ hist, int n, unsigned char* lut) {   // 256 threads
    __shared__ unsigned c[256];
    unsigned v = hist[threadIdx.x];
    c[threadIdx.x] = v;
    __syncthreads();
    for (int o = 1; o < 256; o <<= 1) { unsigned t = threadIdx.x >= o ? c[threadIdx.x - o] : 0; __syncthreads(); c[threadIdx.x] += t; __syncthreads(); }
    __shared__ unsigned cmin;
    if (threadIdx.x == 0) { unsigned m = 0; for (int i = 0; i < 256 && !m; ++i) m = c[i]; cmin = m; }
    __syncthreads();
    unsigned long long num = (unsigned long long)(c[threadIdx.x] - cmin) * 255ull;
    lut[threadIdx.x] = n == (int)cmin ? threadIdx.x : (unsigned char)((num + (n - cmin) / 2) / (n - cmin));
}

__global__ void apply(unsigned char* img, int n, const unsigned char* __restrict__ lut) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) img[i] = lut[img[i]];
}

int main() {
    View v{-2.1, -1.2, 3.0 / 333, 2.4 / 201, 333, 201, 500};
    int n = v.w * v.h;
    double* ds; unsigned char *dimg, *dlut; int* dit; unsigned* dh;
    CK(cudaMalloc(&ds, n * 8)); CK(cudaMalloc(&dimg, n)); CK(cudaMalloc(&dit, n * 4)); CK(cudaMalloc(&dh, 256 * 4)); CK(cudaMalloc(&dlut, 256));
    std::vector<double> s(n); std::vector<unsigned char> img(n); std::vector<int> it(n);
    for (dim3 b : {dim3(16, 16), dim3(32, 4)}) {
        render<<<dim3((v.w + b.x - 1) / b.x, (v.h + b.y - 1) / b.y), b>>>(v, ds, dimg, dit);
        CK(cudaGetLastError());
        CK(cudaMemcpy(s.data(), ds, n * 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(it.data(), dit, n * 4, cudaMemcpyDeviceToHost));
        long long itsum = 0; int inside = 0, itbad = 0, sbad = 0;
        for (int i = 0; i < n; ++i) {
            itsum += it[i]; inside += it[i] == v.maxit;
            int hi; double hs = mandel(v.x0 + (i % v.w) * v.dx, v.y0 + (i / v.w) * v.dy, v.maxit, &hi);
            itbad += hi != it[i]; sbad += fabs(hs - s[i]) > 1e-9;
        }
        printf("block %ux%u iterations %lld inside %d iter mismatches %d smooth mismatches %d s[1234]=%a s[40000]=%a\n", b.x, b.y, itsum, inside, itbad, sbad, s[1234], s[40000]);
    }
    CK(cudaMemset(dh, 0, 1024));
    hist256<<<13, 256>>>(dimg, n, dh);
    cdf_lut<<<1, 256>>>(dh, n, dlut);
    apply<<<(n + 255) / 256, 256>>>(dimg, n, dlut);
    CK(cudaGetLastError());
    unsigned hh[256]; unsigned char lut[256];
    CK(cudaMemcpy(hh, dh, sizeof hh, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(lut, dlut, 256, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(img.data(), dimg, n, cudaMemcpyDeviceToHost));
    unsigned hist2[256] = {}; long long w = 0;
    for (int i = 0; i < n; ++i) { hist2[img[i]]++; w += img[i] * (long long)(i % 7 + 1); }
    int used = 0; for (int i = 0; i < 256; ++i) used += hist2[i] != 0;
    printf("hist[0]=%u hist[1]=%u hist[255]=%u lut[1]=%u lut[128]=%u lut[255]=%u equalized levels used %d weighted %lld\n", hh[0], hh[1], hh[255], lut[1], lut[128], lut[255], used, w);
    return 0;
}
