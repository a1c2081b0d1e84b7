// flags: -rdc=true -O3
// Altis (the SHOC successor, Hu & Rossbach) mandelbrot benchmark: the escape-time image by a
// plain per-pixel kernel and by the Mariani-Silver algorithm with dynamic parallelism (the
// "dyn" variant): a kernel computes the common dwell on a rectangle's border (a block reduction
// in shared memory, NEUT_DWELL/DIFF_DWELL sentinels), fills the rectangle when the border is
// uniform, else launches a child grid of SUBDIV x SUBDIV blocks on the sub-rectangles, down to
// MAX_DEPTH, where it falls back to per-pixel evaluation. Built with -rdc=true. Both images
// must agree; dwell histogram and an exact hash printed.
#include <cstdio>
#include <vector>
#define MAX_DWELL 256
#define BSX 32
#define BSY 4
#define MAX_DEPTH 4
#define MIN_SIZE 16
#define SUBDIV 4
#define INIT_SUBDIV 8
#define NEUT_DWELL (MAX_DWELL + 1)
#define DIFF_DWELL (-1)
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
struct complex_t {
    float re, im;
    __host__ __device__ complex_t(float r = 0, float i = 0) : re(r), im(i) {}
};
__device__ complex_t operator+(complex_t a, complex_t b) { return complex_t(a.re + b.re, a.im + b.im); }
__device__ complex_t operator*(complex_t a, complex_t b) { return complex_t(a.re * b.re - a.im * b.im, a.im * b.re + a.re * b.im); }
__device__ float abs2(complex_t a) { return a.re * a.re + a.im * a.im; }
__device__ int same_dwell(int d1, int d2) {
    if (d1 == d2) return d1;
    else if (d1 == NEUT_DWELL || d2 == NEUT_DWELL) return min(d1, d2);
    else return DIFF_DWELL;
}
__device__ int pixel_dwell(int w, int h, complex_t cmin, complex_t cmax, int x, int y) {
    complex_t dc(cmax.re - cmin.re, cmax.im - cmin.im);
    float fx = (float)x / w, fy = (float)y / h;
    complex_t c(cmin.re + fx * dc.re, cmin.im + fy * dc.im);
    int dwell = 0;
    complex_t z = c;
    while (dwell < MAX_DWELL && abs2(z) < 2 * 2) {
        z = z * z + c;
        dwell++;
    }
    return dwell;
}
__device__ int border_dwell(int w, int h, complex_t cmin, complex_t cmax, int x0, int y0, int d) {
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int bs = blockDim.x * blockDim.y;
    int comm_dwell = NEUT_DWELL;
    for (int r = t; r < d; r += bs) {
        for (int b = 0; b < 4; b++) {
            int x = b % 2 != 0 ? x0 + r : (b == 0 ? x0 + d - 1 : x0);
            int y = b % 2 == 0 ? y0 + r : (b == 1 ? y0 + d - 1 : y0);
            int dwell = pixel_dwell(w, h, cmin, cmax, x, y);
            comm_dwell = same_dwell(comm_dwell, dwell);
        }
    }
    __shared__ int ldwells[BSX * BSY];
    int nt = min(d, BSX * BSY);
    if (t < nt) ldwells[t] = comm_dwell;
    __syncthreads();
    for (; nt > 1; nt /= 2) {
        if (t < nt / 2) ldwells[t] = same_dwell(ldwells[t], ldwells[t + nt / 2]);
        __syncthreads();
    }
    return ldwells[0];
}
__global__ void dwell_fill_k(int* dwells, int w, int x0, int y0, int d, int dwell) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    if (x < d && y < d) {
        x += x0, y += y0;
        dwells[y * w + x] = dwell;
    }
}
__global__ void mandelbrot_pixel_k(int* dwells, int w, int h, complex_t cmin, complex_t cmax, int x0, int y0, int d) {
    int x = threadIdx.x + blockDim.x * blockIdx.x;
    int y = threadIdx.y + blockDim.y * blockIdx.y;
    if (x < d && y < d) {
        x += x0, y += y0;
        dwells[y * w + x] = pixel_dwell(w, h, cmin, cmax, x, y);
    }
}
__global__ void mandelbrot_block_k(int* dwells, int w, int h, complex_t cmin, complex_t cmax, int x0, int y0, int d, int depth) {
    x0 += d * blockIdx.x, y0 += d * blockIdx.y;
    int comm_dwell = border_dwell(w, h, cmin, cmax, x0, y0, d);
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        if (comm_dwell != DIFF_DWELL) {
            dim3 bs(BSX, BSY), grid((d + BSX - 1) / BSX, (d + BSY - 1) / BSY);
            dwell_fill_k<<<grid, bs>>>(dwells, w, x0, y0, d, comm_dwell);
        } else if (depth + 1 < MAX_DEPTH && d / SUBDIV > MIN_SIZE) {
            dim3 bs(blockDim.x, blockDim.y), grid(SUBDIV, SUBDIV);
            mandelbrot_block_k<<<grid, bs>>>(dwells, w, h, cmin, cmax, x0, y0, d / SUBDIV, depth + 1);
        } else {
            dim3 bs(BSX, BSY), grid((d + BSX - 1) / BSX, (d + BSY - 1) / BSY);
            mandelbrot_pixel_k<<<grid, bs>>>(dwells, w, h, cmin, cmax, x0, y0, d);
        }
    }
}
__global__ void mandelbrot_k(int* dwells, int w, int h, complex_t cmin, complex_t cmax) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    if (x < w && y < h) dwells[y * w + x] = pixel_dwell(w, h, cmin, cmax, x, y);
}
int main() {
    const int w = 512, h = 512;
    complex_t cmin(-1.5f, -1.0f), cmax(0.5f, 1.0f);
    int *d1, *d2;
    CK(cudaMalloc(&d1, w * h * 4));
    CK(cudaMalloc(&d2, w * h * 4));
    CK(cudaMemset(d2, 0xff, w * h * 4));
    dim3 bs(BSX, BSY), grid((w + BSX - 1) / BSX, (h + BSY - 1) / BSY);
    mandelbrot_k<<<grid, bs>>>(d1, w, h, cmin, cmax);
    CK(cudaGetLastError());
    mandelbrot_block_k<<<dim3(INIT_SUBDIV, INIT_SUBDIV), bs>>>(d2, w, h, cmin, cmax, 0, 0, w / INIT_SUBDIV, 1);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<int> a(w * h), b(w * h);
    CK(cudaMemcpy(a.data(), d1, w * h * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(b.data(), d2, w * h * 4, cudaMemcpyDeviceToHost));
    int hist[9] = {0};
    unsigned long long hash = 1469598103934665603ull;
    int differ = 0, unset = 0;
    for (int i = 0; i < w * h; i++) {
        int d = a[i];
        hist[d >= MAX_DWELL ? 8 : d / 32]++;
        hash = (hash ^ (unsigned)d) * 1099511628211ull;
        differ += a[i] != b[i];
        unset += b[i] == -1;
    }
    printf("mandelbrot %dx%d: hash %016llx\n  dwell histogram:", w, h, hash);
    for (int i = 0; i < 9; i++) printf(" %d", hist[i]);
    printf("\n  Mariani-Silver with dynamic parallelism: %d pixels differ from per-pixel (%d unset)\n", differ, unset);
    printf("  row 200:");
    for (int x = 0; x < w; x += 32) printf(" %d", a[200 * w + x]);
    printf("\n");
    return 0;
}
