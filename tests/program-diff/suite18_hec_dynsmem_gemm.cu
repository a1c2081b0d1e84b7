// flags: -O3 -std=c++17
// HeCBench-style tiled GEMM with large dynamic shared memory: cudaFuncSetAttribute raising
// cudaFuncAttributeMaxDynamicSharedMemorySize to 160 KiB, a kernel with 96x96 tiles of A and B
// (each padded to 96x97 floats: 74,496 bytes of extern __shared__ memory, over the default 48 KiB),
// 32x32 = 1024 threads per block each computing a 3x3 micro-tile; the same launch before the
// attribute is raised fails; a second kernel with 32x8 blocks and
// register tiles over matrices whose sizes are not multiples of the tile; a launch asking for
// more than the raised limit fails too. Integer-valued floats so
// every dot product is exact; checked against the host.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
constexpr int T = 96;
__global__ void gemm_big_tiles(const float* A, const float* B, float* C, int M, int N, int K) {
    extern __shared__ float sm[];
    float* As = sm;                  // T x (T+1)
    float* Bs = sm + T * (T + 1);    // T x (T+1)
    int tx = threadIdx.x, ty = threadIdx.y;
    int row0 = blockIdx.y * T, col0 = blockIdx.x * T;
    float acc[3][3] = {};
    for (int k0 = 0; k0 < K; k0 += T) {
        for (int i = ty; i < T; i += 32)
            for (int j = tx; j < T; j += 32) {
                int r = row0 + i, c = k0 + j;
                As[i * (T + 1) + j] = (r < M && c < K) ? A[r * K + c] : 0.0f;
                r = k0 + i; c = col0 + j;
                Bs[i * (T + 1) + j] = (r < K && c < N) ? B[r * N + c] : 0.0f;
            }
        __syncthreads();
        for (int k = 0; k < T; k++)
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) acc[a][b] += As[(ty * 3 + a) * (T + 1) + k] * Bs[k * (T + 1) + tx * 3 + b];
        __syncthreads();
    }
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
            int r = row0 + ty * 3 + a, c = col0 + tx * 3 + b;
            if (r < M && c < N) C[r * N + c] = acc[a][b];
        }
}
__global__ void gemm_regs(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M, int N, int K) {
    int c = blockIdx.x * 32 + threadIdx.x;
    int r0 = blockIdx.y * 32 + threadIdx.y * 4;
    float acc[4] = {0, 0, 0, 0};
    if (c >= N) return;
    for (int k = 0; k < K; k++) {
        float b = B[k * N + c];
#pragma unroll
        for (int i = 0; i < 4; i++) if (r0 + i < M) acc[i] += A[(r0 + i) * K + k] * b;
    }
#pragma unroll
    for (int i = 0; i < 4; i++) if (r0 + i < M) C[(r0 + i) * N + c] = acc[i];
}
int main() {
    const int M = 150, N = 133, K = 201;
    std::vector<float> A(M * K), B(K * N), C(M * N), R(M * N);
    for (int i = 0; i < M * K; i++) A[i] = (float)((i * 7) % 11 - 5);
    for (int i = 0; i < K * N; i++) B[i] = (float)((i * 3) % 13 - 6);
    for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) { float s = 0; for (int k = 0; k < K; k++) s += A[i * K + k] * B[k * N + j]; R[i * N + j] = s; }
    float *dA, *dB, *dC;
    CK(cudaMalloc(&dA, A.size() * 4)); CK(cudaMalloc(&dB, B.size() * 4)); CK(cudaMalloc(&dC, C.size() * 4));
    CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    size_t smem = 2 * T * (T + 1) * sizeof(float);
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, gemm_big_tiles));
    printf("before: maxDynamicSharedSizeBytes %d, static shared %zu\n", fa.maxDynamicSharedSizeBytes, fa.sharedSizeBytes);
    gemm_big_tiles<<<dim3((N + T - 1) / T, (M + T - 1) / T), dim3(32, 32), smem>>>(dA, dB, dC, M, N, K);
    cudaError_t e = cudaGetLastError();
    printf("launch with %zu bytes before raising the limit: %s\n", smem, cudaGetErrorName(e));
    CK(cudaFuncSetAttribute(gemm_big_tiles, cudaFuncAttributeMaxDynamicSharedMemorySize, 160 * 1024));
    CK(cudaFuncGetAttributes(&fa, gemm_big_tiles));
    printf("after: maxDynamicSharedSizeBytes %d\n", fa.maxDynamicSharedSizeBytes);
    gemm_big_tiles<<<dim3((N + T - 1) / T, (M + T - 1) / T), dim3(32, 32), smem>>>(dA, dB, dC, M, N, K);
    CK(cudaGetLastError());
    CK(cudaMemcpy(C.data(), dC, C.size() * 4, cudaMemcpyDeviceToHost));
    int bad = 0; double s = 0;
    for (int i = 0; i < M * N; i++) { bad += C[i] != R[i]; s += C[i] * (i % 7); }
    printf("big tiles (%zu bytes dynamic shared): %d wrong, weighted sum %.1f, C[0] %.1f C[last] %.1f\n", smem, bad, s, C[0], C[M * N - 1]);
    gemm_big_tiles<<<1, dim3(32, 32), 170 * 1024>>>(dA, dB, dC, M, N, K);
    printf("launch over the raised limit: %s\n", cudaGetErrorName(cudaGetLastError()));
    CK(cudaMemset(dC, 0, C.size() * 4));
    gemm_regs<<<dim3((N + 31) / 32, (M + 31) / 32), dim3(32, 8)>>>(dA, dB, dC, M, N, K);
    CK(cudaMemcpy(C.data(), dC, C.size() * 4, cudaMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < M * N; i++) bad += C[i] != R[i];
    printf("register tiles: %d wrong, C[777] %.1f\n", bad, C[777]);
    return 0;
}
