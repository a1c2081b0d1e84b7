// flags: -O2 -arch=sm_80
// PMPP ch.5/6: tiled matrix multiplication with boundary checks, thread coarsening, and
// a rectangular (j x k) * (k x l) product; integer-valued floats so every sum is exact.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE_WIDTH 16
#define COARSE_FACTOR 4

#define CHECK(call)                                                                  \
    do {                                                                             \
        cudaError_t err_ = (call);                                                   \
        if (err_ != cudaSuccess) {                                                   \
            printf("CUDA error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, __LINE__); \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)

__global__ void matrixMulKernel(const float *M, const float *N, float *P, int j, int k, int l) {
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;
    float Pvalue = 0;
    for (int ph = 0; ph < (k + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
        if (Row < j && ph * TILE_WIDTH + tx < k) Mds[ty][tx] = M[Row * k + ph * TILE_WIDTH + tx];
        else Mds[ty][tx] = 0;
        if (ph * TILE_WIDTH + ty < k && Col < l) Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * l + Col];
        else Nds[ty][tx] = 0;
        __syncthreads();
        for (int kk = 0; kk < TILE_WIDTH; ++kk) Pvalue += Mds[ty][kk] * Nds[kk][tx];
        __syncthreads();
    }
    if (Row < j && Col < l) P[Row * l + Col] = Pvalue;
}

__global__ void matrixMulCoarsened(const float *M, const float *N, float *P, int width) {
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int row = by * TILE_WIDTH + ty;
    int colStart = bx * TILE_WIDTH * COARSE_FACTOR + tx;
    float Pvalue[COARSE_FACTOR];
    for (int c = 0; c < COARSE_FACTOR; ++c) Pvalue[c] = 0.0f;
    for (int ph = 0; ph < width / TILE_WIDTH; ++ph) {
        Mds[ty][tx] = M[row * width + ph * TILE_WIDTH + tx];
        for (int c = 0; c < COARSE_FACTOR; ++c) {
            int col = colStart + c * TILE_WIDTH;
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * width + col];
            __syncthreads();
            for (int kk = 0; kk < TILE_WIDTH; ++kk) Pvalue[c] += Mds[ty][kk] * Nds[kk][tx];
            __syncthreads();
        }
    }
    for (int c = 0; c < COARSE_FACTOR; ++c) P[row * width + colStart + c * TILE_WIDTH] = Pvalue[c];
}

// one thread per output row (PMPP exercise 3.1)
__global__ void matrixMulRowPerThread(const float *M, const float *N, float *P, int n) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n) {
        for (int col = 0; col < n; ++col) {
            float s = 0;
            for (int kk = 0; kk < n; ++kk) s += M[row * n + kk] * N[kk * n + col];
            P[row * n + col] = s;
        }
    }
}

static void host_mm(const float *M, const float *N, float *P, int j, int k, int l) {
    for (int r = 0; r < j; ++r)
        for (int c = 0; c < l; ++c) {
            double s = 0;
            for (int q = 0; q < k; ++q) s += (double)M[r * k + q] * N[q * l + c];
            P[r * l + c] = (float)s;
        }
}

int main() {
    const int shapes[][3] = {{1, 1, 1}, {17, 33, 5}, {64, 64, 64}, {100, 37, 71}, {15, 16, 17}, {129, 3, 130}};
    for (auto &s : shapes) {
        int j = s[0], k = s[1], l = s[2];
        size_t sm = j * k, sn = k * l, sp = j * l;
        float *hM = (float *)malloc(sm * 4), *hN = (float *)malloc(sn * 4), *hP = (float *)malloc(sp * 4),
              *ref = (float *)malloc(sp * 4);
        for (size_t i = 0; i < sm; ++i) hM[i] = (float)((i * 7 + 3) % 11) - 5;
        for (size_t i = 0; i < sn; ++i) hN[i] = (float)((i * 5 + 1) % 13) - 6;
        host_mm(hM, hN, ref, j, k, l);
        float *dM, *dN, *dP;
        CHECK(cudaMalloc(&dM, sm * 4));
        CHECK(cudaMalloc(&dN, sn * 4));
        CHECK(cudaMalloc(&dP, sp * 4));
        CHECK(cudaMemcpy(dM, hM, sm * 4, cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy(dN, hN, sn * 4, cudaMemcpyHostToDevice));
        dim3 block(TILE_WIDTH, TILE_WIDTH);
        dim3 grid((l + TILE_WIDTH - 1) / TILE_WIDTH, (j + TILE_WIDTH - 1) / TILE_WIDTH);
        matrixMulKernel<<<grid, block>>>(dM, dN, dP, j, k, l);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(hP, dP, sp * 4, cudaMemcpyDeviceToHost));
        int bad = 0;
        double sum = 0;
        for (size_t i = 0; i < sp; ++i) {
            if (hP[i] != ref[i]) ++bad;
            sum += hP[i];
        }
        printf("tiled %3dx%3d * %3dx%3d: mismatches %d sum %.1f P[last] %.1f\n", j, k, k, l, bad, sum, hP[sp - 1]);
        CHECK(cudaFree(dM));
        CHECK(cudaFree(dN));
        CHECK(cudaFree(dP));
        free(hM); free(hN); free(hP); free(ref);
    }
    // square, coarsened
    const int W = 128;
    size_t n2 = W * W;
    float *hM = (float *)malloc(n2 * 4), *hN = (float *)malloc(n2 * 4), *hP = (float *)malloc(n2 * 4),
          *ref = (float *)malloc(n2 * 4);
    for (size_t i = 0; i < n2; ++i) {
        hM[i] = (float)((i * 3) % 7) - 3;
        hN[i] = (float)((i * 11) % 5) - 2;
    }
    host_mm(hM, hN, ref, W, W, W);
    float *dM, *dN, *dP;
    CHECK(cudaMalloc(&dM, n2 * 4));
    CHECK(cudaMalloc(&dN, n2 * 4));
    CHECK(cudaMalloc(&dP, n2 * 4));
    CHECK(cudaMemcpy(dM, hM, n2 * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dN, hN, n2 * 4, cudaMemcpyHostToDevice));
    matrixMulCoarsened<<<dim3(W / TILE_WIDTH / COARSE_FACTOR, W / TILE_WIDTH), dim3(TILE_WIDTH, TILE_WIDTH)>>>(dM, dN, dP, W);
    CHECK(cudaMemcpy(hP, dP, n2 * 4, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (size_t i = 0; i < n2; ++i) bad += hP[i] != ref[i];
    printf("coarsened %d: mismatches %d P[0] %.1f P[%d] %.1f\n", W, bad, hP[0], W * W - 1, hP[n2 - 1]);
    CHECK(cudaMemset(dP, 0, n2 * 4));
    matrixMulRowPerThread<<<(W + 31) / 32, 32>>>(dM, dN, dP, W);
    CHECK(cudaMemcpy(hP, dP, n2 * 4, cudaMemcpyDeviceToHost));
    bad = 0;
    for (size_t i = 0; i < n2; ++i) bad += hP[i] != ref[i];
    printf("row-per-thread %d: mismatches %d\n", W, bad);
    // a block larger than 1024 threads: the classic mistake
    matrixMulKernel<<<1, dim3(64, 32)>>>(dM, dN, dP, W, W, W);
    cudaError_t e = cudaGetLastError();
    printf("64x32 block: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
    e = cudaGetLastError();
    printf("after: %s\n", cudaGetErrorName(e));
    CHECK(cudaFree(dM)); CHECK(cudaFree(dN)); CHECK(cudaFree(dP));
    free(hM); free(hN); free(hP); free(ref);
    return 0;
}
