// flags: -arch=sm_80 -O3
// A tiled half-precision GEMM written with __half2 intrinsics, as pre-tensor-core code does:
// 16x16 thread blocks, shared-memory tiles of __half2 pairs, __hfma2 accumulation within a tile
// and float accumulation across tiles (__half22float2), M/N/K not multiples of the tile (partial
// tiles padded with zeros), alpha/beta epilogue with __float2half_rn and saturating
// __hmul2_sat, plus a bf16 variant with __nv_bfloat162 and __hfma2. Inputs are small dyadic
// values so float accumulation is exact and the result is checked against the host; the
// half-precision partial sums are printed as bits.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#define TILE 16

template <class H, class H2>
__global__ void gemm(const H* A, const H* B, H* C, float* Cf, int M, int N, int K, float alpha, float beta) {
    __shared__ H2 As[TILE][TILE / 2 + 1];   // pairs along K
    __shared__ H Bs[TILE][TILE + 1];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        if (threadIdx.x < TILE / 2) {
            int ka = k0 + 2 * threadIdx.x;
            H lo = (row < M && ka < K) ? A[row * K + ka] : H(0.f);
            H hi = (row < M && ka + 1 < K) ? A[row * K + ka + 1] : H(0.f);
            As[threadIdx.y][threadIdx.x] = H2(lo, hi);
        }
        int kb = k0 + threadIdx.y;
        Bs[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[kb * N + col] : H(0.f);
        __syncthreads();
        H2 part = H2(H(0.f), H(0.f));
        for (int k = 0; k < TILE / 2; k++) part = __hfma2(As[threadIdx.y][k], H2(Bs[2 * k][threadIdx.x], Bs[2 * k + 1][threadIdx.x]), part);
        acc += (float)part.x + (float)part.y;
        __syncthreads();
    }
    if (row < M && col < N) {
        float c = alpha * acc + beta * (float)C[row * N + col];
        Cf[row * N + col] = c;
        H2 hc = __hmul2_sat(H2(H(c), H(c * 0.001f)), H2(H(1.f), H(1.f)));
        C[row * N + col] = hc.x;
        Cf[M * N + row * N + col] = (float)hc.y;
    }
}

template <class H> static float tof(H h);
template <> float tof(__half h) { return __half2float(h); }
template <> float tof(__nv_bfloat16 h) { return __bfloat162float(h); }

template <class H, class H2> static void run(const char* name) {
    const int M = 37, N = 45, K = 53;
    static H A[M * K], B[K * N], C[M * N];
    static float Cf[2 * M * N];
    static float a[M * K], b[K * N], c0[M * N];
    for (int i = 0; i < M * K; i++) { a[i] = (float)((i * 7) % 9 - 4) * 0.25f; A[i] = H(a[i]); }
    for (int i = 0; i < K * N; i++) { b[i] = (float)((i * 5) % 7 - 3) * 0.5f; B[i] = H(b[i]); }
    for (int i = 0; i < M * N; i++) { c0[i] = (float)(i % 5) - 2.f; C[i] = H(c0[i]); }
    H *dA, *dB, *dC; float* dCf;
    cudaMalloc(&dA, sizeof A); cudaMalloc(&dB, sizeof B); cudaMalloc(&dC, sizeof C); cudaMalloc(&dCf, sizeof Cf);
    cudaMemcpy(dA, A, sizeof A, cudaMemcpyHostToDevice); cudaMemcpy(dB, B, sizeof B, cudaMemcpyHostToDevice);
    cudaMemcpy(dC, C, sizeof C, cudaMemcpyHostToDevice);
    gemm<H, H2><<<dim3((N + TILE - 1) / TILE, (M + TILE - 1) / TILE), dim3(TILE, TILE)>>>(dA, dB, dC, dCf, M, N, K, 2.0f, -0.5f);
    cudaMemcpy(C, dC, sizeof C, cudaMemcpyDeviceToHost); cudaMemcpy(Cf, dCf, sizeof Cf, cudaMemcpyDeviceToHost);
    int bad = 0; unsigned long long hb = 0; double s = 0;
    for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) {
        float acc = 0.f;
        for (int k = 0; k < K; k++) acc += a[i * K + k] * b[k * N + j];
        float want = 2.0f * acc - 0.5f * c0[i * N + j];
        bad += Cf[i * N + j] != want;
        unsigned short u; memcpy(&u, &C[i * N + j], 2);
        hb = hb * 1000003ULL + u;
        s += tof(C[i * N + j]) + Cf[M * N + i * N + j];
    }
    printf("%s gemm %dx%dx%d: float epilogue mismatches %d, stored bits hash %016llx, sum %.9g, C[0] %a C[last] %a\n", name, M, N, K, bad, hb, s,
           tof(C[0]), tof(C[M * N - 1]));
}

int main() {
    run<__half, __half2>("half");
    run<__nv_bfloat16, __nv_bfloat162>("bf16");
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
