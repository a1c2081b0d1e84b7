// min-arch: sm_75
// Tiled SGEMM (C = alpha*A*B + beta*C) with shared-memory tiles and register blocking, plus a naive version
// and a double-precision templated tile size variant (TILE = 8, 16, 32).

#define TILE 16

extern "C" __global__ void sgemm_naive(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float acc = 0.f;
        for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
        C[row * N + col] = alpha * acc + beta * C[row * N + col];
    }
}

extern "C" __global__ void sgemm_tiled(int M, int N, int K, float alpha, const float *__restrict__ A,
                                       const float *__restrict__ B, float beta, float *__restrict__ C) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.f;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int ak = t * TILE + tx, bk = t * TILE + ty;
        As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : 0.f;
        Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = alpha * acc + beta * C[row * N + col];
}

// 2x2 register-blocked tiles: each thread computes 4 outputs (block 16x16 computes 32x32)
extern "C" __global__ void sgemm_reg2x2(int M, int N, int K, const float *A, const float *B, float *C) {
    __shared__ float As[32][TILE + 1];
    __shared__ float Bs[TILE][32 + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row0 = blockIdx.y * 32 + ty * 2, col0 = blockIdx.x * 32 + tx * 2;
    float c00 = 0, c01 = 0, c10 = 0, c11 = 0;
    for (int t = 0; t < K; t += TILE) {
        for (int r = ty; r < 32; r += TILE) {
            int gr = blockIdx.y * 32 + r;
            As[r][tx] = (gr < M && t + tx < K) ? A[gr * K + t + tx] : 0.f;
        }
        for (int c = tx; c < 32; c += TILE) {
            int gc = blockIdx.x * 32 + c;
            Bs[ty][c] = (t + ty < K && gc < N) ? B[(t + ty) * N + gc] : 0.f;
        }
        __syncthreads();
        for (int k = 0; k < TILE; ++k) {
            float a0 = As[ty * 2][k], a1 = As[ty * 2 + 1][k];
            float b0 = Bs[k][tx * 2], b1 = Bs[k][tx * 2 + 1];
            c00 += a0 * b0; c01 += a0 * b1; c10 += a1 * b0; c11 += a1 * b1;
        }
        __syncthreads();
    }
    if (row0 < M && col0 < N) C[row0 * N + col0] = c00;
    if (row0 < M && col0 + 1 < N) C[row0 * N + col0 + 1] = c01;
    if (row0 + 1 < M && col0 < N) C[(row0 + 1) * N + col0] = c10;
    if (row0 + 1 < M && col0 + 1 < N) C[(row0 + 1) * N + col0 + 1] = c11;
}

template <int T> __global__ void dgemm_tiled(int n, const double *A, const double *B, double *C) {
    __shared__ double As[T][T], Bs[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    double acc = 0.0;
    for (int t = 0; t < n; t += T) {
        As[ty][tx] = (row < n && t + tx < n) ? A[row * n + t + tx] : 0.0;
        Bs[ty][tx] = (t + ty < n && col < n) ? B[(t + ty) * n + col] : 0.0;
        __syncthreads();
        for (int k = 0; k < T; ++k) acc = fma(As[ty][k], Bs[k][tx], acc);
        __syncthreads();
    }
    if (row < n && col < n) C[row * n + col] = acc;
}
template __global__ void dgemm_tiled<8>(int, const double *, const double *, double *);
template __global__ void dgemm_tiled<16>(int, const double *, const double *, double *);
template __global__ void dgemm_tiled<32>(int, const double *, const double *, double *);
