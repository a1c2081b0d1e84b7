// Quantized inference arithmetic: float activations and weights quantized to int8 with
// per-row scales (__float2int_rn, clamping to [-127, 127]), an int8 GEMM with __dp4a over
// packed char4 words (signed x signed) accumulating in int32, requantization to uint8 with a
// zero point via __saturatef and __float2uint_rn, and __dp2a_lo/__dp2a_hi for int16 x int8
// dot products; every integer result compared with the host.
#include <cstdio>
#include <cmath>
#include <vector>

constexpr int M = 37, N = 29, K = 64;   // K a multiple of 4

__global__ void quantize(const float* __restrict__ x, int rows, int cols, float* scale, char* q) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float amax = 0;
    for (int c = 0; c < cols; ++c) amax = fmaxf(amax, fabsf(x[r * cols + c]));
    float s = amax > 0 ? 127.0f / amax : 1.0f;
    scale[r] = s;
    for (int c = 0; c < cols; ++c) q[r * cols + c] = (char)max(-127, min(127, __float2int_rn(x[r * cols + c] * s)));
}

__global__ void gemm_dp4a(const int* __restrict__ a, const int* __restrict__ b, int* c) {   // a: M x K/4 words, b: N x K/4 words (B transposed)
    int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M || j >= N) return;
    int acc = 0;
    for (int k = 0; k < K / 4; ++k) acc = __dp4a(a[i * (K / 4) + k], b[j * (K / 4) + k], acc);
    c[i * N + j] = acc;
}

__global__ void requant(const int* __restrict__ c, const float* __restrict__ sa, const float* __restrict__ sb, unsigned char* out) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= M * N) return;
    int i = idx / N, j = idx % N;
    float v = c[idx] / (sa[i] * sb[j]);                 // dequantized
    float u = __saturatef(v * (1.0f / 64.0f) + 0.5f);   // to [0, 1] around a zero point of 128
    out[idx] = (unsigned char)__float2uint_rn(u * 255.0f);
}

__global__ void dp2a(const unsigned* __restrict__ x16, const unsigned* __restrict__ y8, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[2 * i] = __dp2a_lo((int)x16[i], (int)y8[i], i);
    out[2 * i + 1] = (int)__dp2a_hi(x16[i], y8[i], (unsigned)i);
}

int main() {
    std::vector<float> A(M * K), B(N * K);
    for (int i = 0; i < M * K; ++i) A[i] = sinf(i * 0.13f) * (1 + i % 5);
    for (int i = 0; i < N * K; ++i) B[i] = cosf(i * 0.29f) * 0.5f - (i % 7 == 0 ? 2.0f : 0.0f);
    float *dA, *dB, *dsa, *dsb; char *qa, *qb; int* dc; unsigned char* dout;
    cudaMalloc(&dA, A.size() * 4); cudaMalloc(&dB, B.size() * 4); cudaMalloc(&dsa, M * 4); cudaMalloc(&dsb, N * 4);
    cudaMalloc(&qa, M * K); cudaMalloc(&qb, N * K); cudaMalloc(&dc, M * N * 4); cudaMalloc(&dout, M * N);
    cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice); cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice);
    quantize<<<1, 64>>>(dA, M, K, dsa, qa);
    quantize<<<1, 64>>>(dB, N, K, dsb, qb);
    gemm_dp4a<<<dim3((N + 7) / 8, (M + 7) / 8), dim3(8, 8)>>>((const int*)qa, (const int*)qb, dc);
    requant<<<(M * N + 127) / 128, 128>>>(dc, dsa, dsb, dout);
    std::vector<signed char> ha(M * K), hb(N * K); std::vector<float> sa(M), sb(N); std::vector<int> c(M * N); std::vector<unsigned char> out(M * N);
    cudaMemcpy(ha.data(), qa, M * K, cudaMemcpyDeviceToHost); cudaMemcpy(hb.data(), qb, N * K, cudaMemcpyDeviceToHost);
    cudaMemcpy(sa.data(), dsa, M * 4, cudaMemcpyDeviceToHost); cudaMemcpy(sb.data(), dsb, N * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(c.data(), dc, M * N * 4, cudaMemcpyDeviceToHost); cudaMemcpy(out.data(), dout, M * N, cudaMemcpyDeviceToHost);
    int badq = 0, badc = 0; long long qs = 0, cs = 0, os = 0;
    for (int r = 0; r < M; ++r) for (int k = 0; k < K; ++k) { int want = (int)fmaxf(-127, fminf(127, rintf(A[r * K + k] * sa[r]))); badq += want != ha[r * K + k]; qs += ha[r * K + k] * (k + 1); }
    for (int i = 0; i < M; ++i) for (int j = 0; j < N; ++j) { int acc = 0; for (int k = 0; k < K; ++k) acc += ha[i * K + k] * hb[j * K + k]; badc += acc != c[i * N + j]; cs += (long long)c[i * N + j] * (i + j + 1); os += out[i * N + j] * (i * N + j + 1); }
    printf("scales a[0] %a b[3] %a; quantized checksum %lld (mismatches %d); gemm checksum %lld (mismatches %d); requantized %lld out[0..3] %u %u %u %u\n",
           sa[0], sb[3], qs, badq, cs, badc, os, out[0], out[1], out[2], out[3]);
    const int n = 500;
    std::vector<unsigned> x(n), y(n);
    unsigned s = 9;
    for (int i = 0; i < n; ++i) { s = s * 1664525u + 1013904223u; x[i] = s; s = s * 1664525u + 1013904223u; y[i] = s; }
    unsigned *dx, *dy; int* dr;
    cudaMalloc(&dx, n * 4); cudaMalloc(&dy, n * 4); cudaMalloc(&dr, n * 8);
    cudaMemcpy(dx, x.data(), n * 4, cudaMemcpyHostToDevice); cudaMemcpy(dy, y.data(), n * 4, cudaMemcpyHostToDevice);
    dp2a<<<(n + 127) / 128, 128>>>(dx, dy, dr, n);
    std::vector<int> r(2 * n);
    cudaMemcpy(r.data(), dr, n * 8, cudaMemcpyDeviceToHost);
    int bad = 0; long long rs = 0;
    for (int i = 0; i < n; ++i) {
        // __dp2a_lo: the two signed 16-bit halves of x times the low two signed bytes of y, plus c
        int lo = (short)(x[i] & 0xffff) * (signed char)(y[i] & 0xff) + (short)(x[i] >> 16) * (signed char)((y[i] >> 8) & 0xff) + i;
        unsigned hi = (x[i] & 0xffff) * ((y[i] >> 16) & 0xff) + (x[i] >> 16) * (y[i] >> 24) + (unsigned)i;
        bad += r[2 * i] != lo || (unsigned)r[2 * i + 1] != hi; rs += r[2 * i] ^ r[2 * i + 1];
    }
    printf("dp2a: checksum %lld mismatches %d\n", rs, bad);
    return 0;
}
