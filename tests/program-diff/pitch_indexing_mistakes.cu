// cudaMallocPitch and cudaMemcpy2D as learners use them: the right indexing (row * pitch in bytes),
// the mistake of indexing with the width (silently wrong rows), cudaMemcpy2D with a spitch smaller
// than the width (an error), a 2D copy of a sub-rectangle, and cudaMemset2D.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void scaleRight(float *a, size_t pitch, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) { float *row = (float *)((char *)a + y * pitch); row[x] = row[x] * 2.0f + 1.0f; }
}
__global__ void scaleWrong(float *a, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) a[y * w + x] = a[y * w + x] * 2.0f + 1.0f;
}
int main() {
    const int W = 50, H = 9;
    float h[H][W], r[H][W];
    for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) h[y][x] = y * 100 + x;
    float *d; size_t pitch;
    cudaError_t e = cudaMallocPitch(&d, &pitch, W * sizeof(float), H);
    printf("mallocPitch %s pitch %zu (multiple of 512: %d)\n", cudaGetErrorName(e), pitch, (int)(pitch % 512 == 0));
    e = cudaMemcpy2D(d, pitch, h, W * 4, W * 4, H, cudaMemcpyHostToDevice);
    printf("memcpy2D in %s\n", cudaGetErrorName(e));
    scaleRight<<<dim3(2, 2), dim3(32, 8)>>>(d, pitch, W, H);
    e = cudaMemcpy2D(r, W * 4, d, pitch, W * 4, H, cudaMemcpyDeviceToHost);
    double s = 0; for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) s += r[y][x];
    printf("right %s sum %.1f r[8][49] %.1f\n", cudaGetErrorName(e), s, r[8][49]);
    cudaMemcpy2D(d, pitch, h, W * 4, W * 4, H, cudaMemcpyHostToDevice);
    scaleWrong<<<dim3(2, 2), dim3(32, 8)>>>(d, W, H);
    cudaMemcpy2D(r, W * 4, d, pitch, W * 4, H, cudaMemcpyDeviceToHost);
    int changed = 0; s = 0;
    for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) { changed += r[y][x] != h[y][x]; s += r[y][x]; }
    printf("wrong indexing: changed %d of %d sum %.1f r[1][0] %.1f r[1][49] %.1f r[8][0] %.1f\n", changed, W * H, s, r[1][0], r[1][49], r[8][0]);
    e = cudaMemcpy2D(d, pitch, h, 10, W * 4, H, cudaMemcpyHostToDevice);
    printf("spitch < width: %s\n", cudaGetErrorName(e));
    e = cudaMemcpy2D(d, 16, h, W * 4, W * 4, H, cudaMemcpyHostToDevice);
    printf("dpitch < width: %s\n", cudaGetErrorName(e));
    e = cudaMemcpy2D(d, pitch, h, W * 4, pitch + 4, H, cudaMemcpyHostToDevice);
    printf("width > pitch: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    e = cudaMemset2D(d, pitch, 0, W * 4, H);
    printf("memset2D %s\n", cudaGetErrorName(e));
    e = cudaMemcpy2D((char *)d + pitch * 2 + 4 * 10, pitch, &h[3][5], W * 4, 4 * 20, 4, cudaMemcpyHostToDevice);
    cudaMemcpy2D(r, W * 4, d, pitch, W * 4, H, cudaMemcpyDeviceToHost);
    s = 0; for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) s += r[y][x] * (x + 1) * (y + 1);
    printf("sub-rectangle %s weighted %.1f r[2][10] %.1f r[5][29] %.1f r[6][10] %.1f\n", cudaGetErrorName(e), s, r[2][10], r[5][29], r[6][10]);
    e = cudaMemset2D(d, pitch, 0, pitch + 1, H);
    printf("memset2D width > pitch: %s last %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
}
