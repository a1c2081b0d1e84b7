// flags: -O3 -arch=sm_90 -std=c++14
// PMPP ch.8: 3D seven-point stencil: basic, shared-memory tiled, thread coarsening in z, and
// register tiling; integer-valued coefficients so results are exact.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define IN_TILE_DIM 8
#define OUT_TILE_DIM (IN_TILE_DIM - 2)
#define IN_TILE_DIM_C 32
#define OUT_TILE_DIM_C (IN_TILE_DIM_C - 2)
__constant__ float c0, c1, c2, c3, c4, c5, c6;

__global__ void stencil_kernel(const float *in, float *out, unsigned int N) {
    unsigned i = blockIdx.z * blockDim.z + threadIdx.z;
    unsigned j = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned k = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
        out[i * N * N + j * N + k] = c0 * in[i * N * N + j * N + k] + c1 * in[i * N * N + j * N + (k - 1)] +
                                     c2 * in[i * N * N + j * N + (k + 1)] + c3 * in[i * N * N + (j - 1) * N + k] +
                                     c4 * in[i * N * N + (j + 1) * N + k] + c5 * in[(i - 1) * N * N + j * N + k] +
                                     c6 * in[(i + 1) * N * N + j * N + k];
    }
}
__global__ void stencil_tiled(const float *in, float *out, unsigned int N) {
    int i = blockIdx.z * OUT_TILE_DIM + threadIdx.z - 1;
    int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
    int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;
    __shared__ float in_s[IN_TILE_DIM][IN_TILE_DIM][IN_TILE_DIM];
    if (i >= 0 && i < N && j >= 0 && j < N && k >= 0 && k < N) in_s[threadIdx.z][threadIdx.y][threadIdx.x] = in[i * N * N + j * N + k];
    __syncthreads();
    if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
        if (threadIdx.z >= 1 && threadIdx.z < IN_TILE_DIM - 1 && threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM - 1 &&
            threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM - 1) {
            out[i * N * N + j * N + k] = c0 * in_s[threadIdx.z][threadIdx.y][threadIdx.x] + c1 * in_s[threadIdx.z][threadIdx.y][threadIdx.x - 1] +
                                         c2 * in_s[threadIdx.z][threadIdx.y][threadIdx.x + 1] + c3 * in_s[threadIdx.z][threadIdx.y - 1][threadIdx.x] +
                                         c4 * in_s[threadIdx.z][threadIdx.y + 1][threadIdx.x] + c5 * in_s[threadIdx.z - 1][threadIdx.y][threadIdx.x] +
                                         c6 * in_s[threadIdx.z + 1][threadIdx.y][threadIdx.x];
        }
    }
}
__global__ void stencil_coarsened(const float *in, float *out, unsigned int N) {
    int iStart = blockIdx.z * OUT_TILE_DIM_C;
    int j = blockIdx.y * OUT_TILE_DIM_C + threadIdx.y - 1;
    int k = blockIdx.x * OUT_TILE_DIM_C + threadIdx.x - 1;
    __shared__ float inPrev_s[IN_TILE_DIM_C][IN_TILE_DIM_C];
    __shared__ float inCurr_s[IN_TILE_DIM_C][IN_TILE_DIM_C];
    __shared__ float inNext_s[IN_TILE_DIM_C][IN_TILE_DIM_C];
    if (iStart - 1 >= 0 && iStart - 1 < N && j >= 0 && j < N && k >= 0 && k < N) inPrev_s[threadIdx.y][threadIdx.x] = in[(iStart - 1) * N * N + j * N + k];
    if (iStart >= 0 && iStart < N && j >= 0 && j < N && k >= 0 && k < N) inCurr_s[threadIdx.y][threadIdx.x] = in[iStart * N * N + j * N + k];
    for (int i = iStart; i < iStart + OUT_TILE_DIM_C; ++i) {
        if (i + 1 >= 0 && i + 1 < N && j >= 0 && j < N && k >= 0 && k < N) inNext_s[threadIdx.y][threadIdx.x] = in[(i + 1) * N * N + j * N + k];
        __syncthreads();
        if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
            if (threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM_C - 1 && threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM_C - 1) {
                out[i * N * N + j * N + k] = c0 * inCurr_s[threadIdx.y][threadIdx.x] + c1 * inCurr_s[threadIdx.y][threadIdx.x - 1] +
                                             c2 * inCurr_s[threadIdx.y][threadIdx.x + 1] + c3 * inCurr_s[threadIdx.y + 1][threadIdx.x] +
                                             c4 * inCurr_s[threadIdx.y - 1][threadIdx.x] + c5 * inPrev_s[threadIdx.y][threadIdx.x] +
                                             c6 * inNext_s[threadIdx.y][threadIdx.x];
            }
        }
        __syncthreads();
        inPrev_s[threadIdx.y][threadIdx.x] = inCurr_s[threadIdx.y][threadIdx.x];
        inCurr_s[threadIdx.y][threadIdx.x] = inNext_s[threadIdx.y][threadIdx.x];
    }
}
__global__ void stencil_register(const float *in, float *out, unsigned int N) {
    int iStart = blockIdx.z * OUT_TILE_DIM_C;
    int j = blockIdx.y * OUT_TILE_DIM_C + threadIdx.y - 1;
    int k = blockIdx.x * OUT_TILE_DIM_C + threadIdx.x - 1;
    float inPrev = 0, inCurr = 0, inNext = 0;
    __shared__ float inCurr_s[IN_TILE_DIM_C][IN_TILE_DIM_C];
    if (iStart - 1 >= 0 && iStart - 1 < N && j >= 0 && j < N && k >= 0 && k < N) inPrev = in[(iStart - 1) * N * N + j * N + k];
    if (iStart >= 0 && iStart < N && j >= 0 && j < N && k >= 0 && k < N) {
        inCurr = in[iStart * N * N + j * N + k];
        inCurr_s[threadIdx.y][threadIdx.x] = inCurr;
    }
    for (int i = iStart; i < iStart + OUT_TILE_DIM_C; ++i) {
        if (i + 1 >= 0 && i + 1 < N && j >= 0 && j < N && k >= 0 && k < N) inNext = in[(i + 1) * N * N + j * N + k];
        __syncthreads();
        if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
            if (threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM_C - 1 && threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM_C - 1) {
                out[i * N * N + j * N + k] = c0 * inCurr + c1 * inCurr_s[threadIdx.y][threadIdx.x - 1] + c2 * inCurr_s[threadIdx.y][threadIdx.x + 1] +
                                             c3 * inCurr_s[threadIdx.y + 1][threadIdx.x] + c4 * inCurr_s[threadIdx.y - 1][threadIdx.x] +
                                             c5 * inPrev + c6 * inNext;
            }
        }
        __syncthreads();
        inPrev = inCurr;
        inCurr = inNext;
        inCurr_s[threadIdx.y][threadIdx.x] = inNext;
    }
}

int main() {
    const unsigned N = 70;
    const float cs[7] = {-6, 1, 1, 2, 2, -1, 1};
    cudaMemcpyToSymbol(c0, &cs[0], 4); cudaMemcpyToSymbol(c1, &cs[1], 4); cudaMemcpyToSymbol(c2, &cs[2], 4);
    cudaMemcpyToSymbol(c3, &cs[3], 4); cudaMemcpyToSymbol(c4, &cs[4], 4); cudaMemcpyToSymbol(c5, &cs[5], 4);
    cudaMemcpyToSymbol(c6, &cs[6], 4);
    size_t n3 = (size_t)N * N * N;
    std::vector<float> h(n3), ref(n3, 0.0f), o(n3);
    for (size_t i = 0; i < n3; ++i) h[i] = (float)((i * 31) % 23) - 11;
    for (unsigned i = 1; i < N - 1; ++i)
        for (unsigned j = 1; j < N - 1; ++j)
            for (unsigned k = 1; k < N - 1; ++k) {
                size_t x = (size_t)i * N * N + j * N + k;
                ref[x] = cs[0] * h[x] + cs[1] * h[x - 1] + cs[2] * h[x + 1] + cs[3] * h[x - N] + cs[4] * h[x + N] + cs[5] * h[x - N * N] + cs[6] * h[x + N * N];
            }
    float *din, *dout;
    cudaMalloc(&din, n3 * 4); cudaMalloc(&dout, n3 * 4);
    cudaMemcpy(din, h.data(), n3 * 4, cudaMemcpyHostToDevice);
    for (int v = 0; v < 4; ++v) {
        cudaMemset(dout, 0, n3 * 4);
        if (v == 0) stencil_kernel<<<dim3((N + 7) / 8, (N + 7) / 8, (N + 7) / 8), dim3(8, 8, 8)>>>(din, dout, N);
        if (v == 1) { unsigned g = (N + OUT_TILE_DIM - 1) / OUT_TILE_DIM; stencil_tiled<<<dim3(g, g, g), dim3(IN_TILE_DIM, IN_TILE_DIM, IN_TILE_DIM)>>>(din, dout, N); }
        if (v >= 2) {
            unsigned g = (N + OUT_TILE_DIM_C - 1) / OUT_TILE_DIM_C;
            if (v == 2) stencil_coarsened<<<dim3(g, g, g), dim3(IN_TILE_DIM_C, IN_TILE_DIM_C, 1)>>>(din, dout, N);
            else stencil_register<<<dim3(g, g, g), dim3(IN_TILE_DIM_C, IN_TILE_DIM_C, 1)>>>(din, dout, N);
        }
        cudaError_t e = cudaGetLastError();
        cudaMemcpy(o.data(), dout, n3 * 4, cudaMemcpyDeviceToHost);
        size_t bad = 0;
        double s = 0;
        for (size_t i = 0; i < n3; ++i) { bad += o[i] != ref[i]; s += o[i]; }
        printf("stencil variant %d (%s): mismatches %zu checksum %.0f\n", v, cudaGetErrorName(e), bad, s);
    }
    return 0;
}
