// flags: -O3 -arch=sm_86 -lineinfo
// PMPP ch.7: 2D convolution with the filter in constant memory; basic, tiled with the halo
// loaded (IN_TILE = OUT_TILE + 2r) and tiled using the L2 cache for the halo. Integer inputs.
#include <cstdio>
#include <cuda_runtime.h>

#define FILTER_RADIUS 2
#define IN_TILE_DIM 32
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))
#define TILE_DIM 32
__constant__ float F_c[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
    if (code != cudaSuccess) {
        fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
        if (abort) exit(code);
    }
}

__global__ void convolution_2D_basic_kernel(const float *N, const float *F, float *P, int r, int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++)
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width)
                Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];
        }
    P[outRow * width + outCol] = Pvalue;
}

__global__ void convolution_2D_const_mem_kernel(const float *N, float *P, int r, int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++)
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width)
                Pvalue += F_c[fRow][fCol] * N[inRow * width + inCol];
        }
    if (outRow < height && outCol < width) P[outRow * width + outCol] = Pvalue;
}

__global__ void convolution_tiled_2D_const_mem_kernel(const float *N, float *P, int width, int height) {
    int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
    int row = blockIdx.y * OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;
    __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
    if (row >= 0 && row < height && col >= 0 && col < width) N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
    else N_s[threadIdx.y][threadIdx.x] = 0.0;
    __syncthreads();
    int tileCol = threadIdx.x - FILTER_RADIUS;
    int tileRow = threadIdx.y - FILTER_RADIUS;
    if (col >= 0 && col < width && row >= 0 && row < height) {
        if (tileCol >= 0 && tileCol < OUT_TILE_DIM && tileRow >= 0 && tileRow < OUT_TILE_DIM) {
            float Pvalue = 0.0f;
            for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++)
                for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++)
                    Pvalue += F_c[fRow][fCol] * N_s[tileRow + fRow][tileCol + fCol];
            P[row * width + col] = Pvalue;
        }
    }
}

__global__ void convolution_cached_tiled_2D_const_mem_kernel(const float *N, float *P, int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;
    __shared__ float N_s[TILE_DIM][TILE_DIM];
    if (row < height && col < width) N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
    else N_s[threadIdx.y][threadIdx.x] = 0.0;
    __syncthreads();
    if (col < width && row < height) {
        float Pvalue = 0.0f;
        for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++)
            for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
                if ((int)threadIdx.x - FILTER_RADIUS + fCol >= 0 && (int)threadIdx.x - FILTER_RADIUS + fCol < TILE_DIM &&
                    (int)threadIdx.y - FILTER_RADIUS + fRow >= 0 && (int)threadIdx.y - FILTER_RADIUS + fRow < TILE_DIM) {
                    Pvalue += F_c[fRow][fCol] * N_s[threadIdx.y + fRow - FILTER_RADIUS][threadIdx.x + fCol - FILTER_RADIUS];
                } else {
                    if (row - FILTER_RADIUS + fRow >= 0 && row - FILTER_RADIUS + fRow < height &&
                        col - FILTER_RADIUS + fCol >= 0 && col - FILTER_RADIUS + fCol < width)
                        Pvalue += F_c[fRow][fCol] * N[(row - FILTER_RADIUS + fRow) * width + col - FILTER_RADIUS + fCol];
                }
            }
        P[row * width + col] = Pvalue;
    }
}

int main() {
    const int W = 203, H = 117, r = FILTER_RADIUS, fw = 2 * r + 1;
    float hF[fw * fw];
    for (int i = 0; i < fw * fw; ++i) hF[i] = (float)((i % 5) - 2);
    gpuErrchk(cudaMemcpyToSymbol(F_c, hF, sizeof(hF)));
    float *hN = new float[W * H], *hP = new float[W * H], *ref = new float[W * H];
    for (int i = 0; i < W * H; ++i) hN[i] = (float)((i * 37 + 11) % 17);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            float s = 0;
            for (int a = 0; a < fw; ++a)
                for (int b = 0; b < fw; ++b) {
                    int yy = y - r + a, xx = x - r + b;
                    if (yy >= 0 && yy < H && xx >= 0 && xx < W) s += hF[a * fw + b] * hN[yy * W + xx];
                }
            ref[y * W + x] = s;
        }
    float *dN, *dP, *dF;
    gpuErrchk(cudaMalloc(&dN, W * H * 4));
    gpuErrchk(cudaMalloc(&dP, W * H * 4));
    gpuErrchk(cudaMalloc(&dF, sizeof(hF)));
    gpuErrchk(cudaMemcpy(dN, hN, W * H * 4, cudaMemcpyHostToDevice));
    gpuErrchk(cudaMemcpy(dF, hF, sizeof(hF), cudaMemcpyHostToDevice));
    auto report = [&](const char *name) {
        gpuErrchk(cudaGetLastError());
        gpuErrchk(cudaMemcpy(hP, dP, W * H * 4, cudaMemcpyDeviceToHost));
        int bad = 0;
        double s = 0;
        for (int i = 0; i < W * H; ++i) {
            bad += hP[i] != ref[i];
            s += hP[i];
        }
        printf("%-14s mismatches %d checksum %.1f corner %.1f center %.1f\n", name, bad, s, hP[0], hP[(H / 2) * W + W / 2]);
        gpuErrchk(cudaMemset(dP, 0xff, W * H * 4));
    };
    dim3 b16(16, 16), g16((W + 15) / 16, (H + 15) / 16);
    convolution_2D_basic_kernel<<<g16, b16>>>(dN, dF, dP, r, W, H);
    report("basic");
    convolution_2D_const_mem_kernel<<<g16, b16>>>(dN, dP, r, W, H);
    report("constant");
    dim3 bt(IN_TILE_DIM, IN_TILE_DIM), gt((W + OUT_TILE_DIM - 1) / OUT_TILE_DIM, (H + OUT_TILE_DIM - 1) / OUT_TILE_DIM);
    convolution_tiled_2D_const_mem_kernel<<<gt, bt>>>(dN, dP, W, H);
    report("tiled-halo");
    dim3 bc(TILE_DIM, TILE_DIM), gc((W + TILE_DIM - 1) / TILE_DIM, (H + TILE_DIM - 1) / TILE_DIM);
    convolution_cached_tiled_2D_const_mem_kernel<<<gc, bc>>>(dN, dP, W, H);
    report("cached-halo");
    // symbol queries learners print
    void *addr = nullptr;
    size_t sz = 0;
    gpuErrchk(cudaGetSymbolAddress(&addr, F_c));
    gpuErrchk(cudaGetSymbolSize(&sz, F_c));
    printf("F_c size %zu, address non-null %d\n", sz, addr != nullptr);
    float back[fw * fw];
    gpuErrchk(cudaMemcpyFromSymbol(back, F_c, sizeof(back)));
    printf("F_c roundtrip %s, F_c[1][3] %.1f\n", memcmp(back, hF, sizeof(hF)) == 0 ? "ok" : "BAD", back[8]);
    cudaError_t e = cudaMemcpyToSymbol(F_c, hF, sizeof(hF) + 4);
    printf("oversized copy to symbol: %s\n", cudaGetErrorName(e));
    e = cudaMemcpyToSymbol(F_c, hF, 8, sizeof(hF) - 4);
    printf("copy past the end by offset: %s\n", cudaGetErrorName(e));
    printf("sticky? %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaFree(dN); cudaFree(dP); cudaFree(dF);
    delete[] hN; delete[] hP; delete[] ref;
    return 0;
}
