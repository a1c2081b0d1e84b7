// PolyBench-GPU-style linear algebra kernels in float, one thread per output element, written
// from the algorithms with PolyBench's conventions (DATA_TYPE, macros for sizes, init formulas
// from the loop indices): 2mm (D = alpha*A*B*C + beta*D), 3mm (G = (A*B)*(C*D)), atax
// (y = A^T (A x)), bicg (s = A^T r, q = A p), gesummv (y = alpha*A*x + beta*B*x), mvt. Blocks of
// 32x8 for 2D kernels and 256 for 1D. Each result's checksum printed with %.9g and a few
// elements with %a; compared with the host within 1e-5 relative.
#include <cstdio>
#include <cmath>
#include <vector>
#define DATA_TYPE float
#define NI 67
#define NJ 45
#define NK 53
#define NL 38
#define NM 29
#define DIM_X 32
#define DIM_Y 8
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void mm_kernel(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta, const DATA_TYPE* A, const DATA_TYPE* B, DATA_TYPE* C) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < ni && j < nj) {
        DATA_TYPE acc = 0;
        for (int k = 0; k < nk; ++k) acc += alpha * A[i * nk + k] * B[k * nj + j];
        C[i * nj + j] = beta * C[i * nj + j] + acc;
    }
}
__global__ void mv_kernel(int m, int n, const DATA_TYPE* A, const DATA_TYPE* x, DATA_TYPE* y, int transpose) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (transpose ? n : m)) return;
    DATA_TYPE acc = 0;
    if (transpose) for (int k = 0; k < m; ++k) acc += A[k * n + i] * x[k];
    else for (int k = 0; k < n; ++k) acc += A[i * n + k] * x[k];
    y[i] = acc;
}
__global__ void gesummv_kernel(int n, DATA_TYPE alpha, DATA_TYPE beta, const DATA_TYPE* A, const DATA_TYPE* B, const DATA_TYPE* x, DATA_TYPE* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    DATA_TYPE t = 0, u = 0;
    for (int j = 0; j < n; ++j) { t += A[i * n + j] * x[j]; u += B[i * n + j] * x[j]; }
    y[i] = alpha * t + beta * u;
}

static void host_mm(int ni, int nj, int nk, float alpha, float beta, const std::vector<float>& A, const std::vector<float>& B, std::vector<float>& C) {
    for (int i = 0; i < ni; ++i) for (int j = 0; j < nj; ++j) {
        double acc = 0; for (int k = 0; k < nk; ++k) acc += (double)alpha * A[i * nk + k] * B[k * nj + j];
        C[i * nj + j] = (float)(beta * C[i * nj + j] + acc);
    }
}
static int compare(const char* name, const std::vector<float>& dev, const std::vector<float>& host) {
    int bad = 0; double sum = 0;
    for (size_t i = 0; i < dev.size(); ++i) { double d = fabs(dev[i] - host[i]); if (d > 1e-4 * fmax(1.0, fabs(host[i]))) ++bad; sum += dev[i]; }
    printf("%-8s checksum %.9g  first %a last %a  host mismatches %d\n", name, sum, dev[0], dev.back(), bad);
    return bad;
}
static float* up(const std::vector<float>& h) { float* d; cudaMalloc(&d, h.size() * 4); cudaMemcpy(d, h.data(), h.size() * 4, cudaMemcpyHostToDevice); return d; }
static std::vector<float> down(const float* d, size_t n) { std::vector<float> h(n); cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost); return h; }

int main() {
    std::vector<float> A(NI * NK), B(NK * NJ), C(NJ * NL), D(NI * NL), tmp(NI * NJ, 0.0f);
    for (int i = 0; i < NI; ++i) for (int k = 0; k < NK; ++k) A[i * NK + k] = (DATA_TYPE)((i * k + 1) % NI) / NI;
    for (int k = 0; k < NK; ++k) for (int j = 0; j < NJ; ++j) B[k * NJ + j] = (DATA_TYPE)(k * (j + 1) % NJ) / NJ;
    for (int j = 0; j < NJ; ++j) for (int l = 0; l < NL; ++l) C[j * NL + l] = (DATA_TYPE)((j * (l + 3) + 1) % NL) / NL;
    for (int i = 0; i < NI; ++i) for (int l = 0; l < NL; ++l) D[i * NL + l] = (DATA_TYPE)(i * (l + 2) % NK) / NK;
    float alpha = 1.5f, beta = 1.2f;
    dim3 blk(DIM_X, DIM_Y);
    // 2mm
    float *dA = up(A), *dB = up(B), *dC = up(C), *dD = up(D), *dT = up(tmp);
    mm_kernel<<<dim3((NJ + DIM_X - 1) / DIM_X, (NI + DIM_Y - 1) / DIM_Y), blk>>>(NI, NJ, NK, alpha, 0.0f, dA, dB, dT);
    mm_kernel<<<dim3((NL + DIM_X - 1) / DIM_X, (NI + DIM_Y - 1) / DIM_Y), blk>>>(NI, NL, NJ, 1.0f, beta, dT, dC, dD);
    CK(cudaGetLastError());
    std::vector<float> hT = tmp, hD = D;
    host_mm(NI, NJ, NK, alpha, 0.0f, A, B, hT);
    host_mm(NI, NL, NJ, 1.0f, beta, hT, C, hD);
    int bad = compare("2mm", down(dD, NI * NL), hD);
    // 3mm: E = A*B (NIxNJ), F = C*Dm (NJxNL with Dm NL x NL... use NM), G = E*F
    std::vector<float> Cm(NJ * NM), Dm(NM * NL), E(NI * NJ, 0), F(NJ * NL, 0), G(NI * NL, 0);
    for (int i = 0; i < NJ * NM; ++i) Cm[i] = (float)((i * 7) % 13) / 13 - 0.5f;
    for (int i = 0; i < NM * NL; ++i) Dm[i] = (float)((i * 5) % 11) / 11 - 0.25f;
    float *dCm = up(Cm), *dDm = up(Dm), *dE = up(E), *dF = up(F), *dG = up(G);
    mm_kernel<<<dim3((NJ + 31) / 32, (NI + 7) / 8), blk>>>(NI, NJ, NK, 1.0f, 0.0f, dA, dB, dE);
    mm_kernel<<<dim3((NL + 31) / 32, (NJ + 7) / 8), blk>>>(NJ, NL, NM, 1.0f, 0.0f, dCm, dDm, dF);
    mm_kernel<<<dim3((NL + 31) / 32, (NI + 7) / 8), blk>>>(NI, NL, NJ, 1.0f, 0.0f, dE, dF, dG);
    host_mm(NI, NJ, NK, 1.0f, 0.0f, A, B, E); host_mm(NJ, NL, NM, 1.0f, 0.0f, Cm, Dm, F); host_mm(NI, NL, NJ, 1.0f, 0.0f, E, F, G);
    bad += compare("3mm", down(dG, NI * NL), G);
    // atax and bicg on A (NI x NK)
    std::vector<float> x(NK), r(NI), tmpv(NI), y(NK), s(NK), q(NI);
    for (int k = 0; k < NK; ++k) x[k] = 1.0f + (float)k / NK;
    for (int i = 0; i < NI; ++i) r[i] = (float)(i % 9) / 9.0f;
    float *dx = up(x), *dr = up(r), *dtmp = up(tmpv), *dy = up(y), *ds = up(s), *dq = up(q);
    mv_kernel<<<(NI + 255) / 256, 256>>>(NI, NK, dA, dx, dtmp, 0);
    mv_kernel<<<(NK + 255) / 256, 256>>>(NI, NK, dA, dtmp, dy, 1);
    for (int i = 0; i < NI; ++i) { double a = 0; for (int k = 0; k < NK; ++k) a += A[i * NK + k] * x[k]; tmpv[i] = (float)a; }
    for (int k = 0; k < NK; ++k) { double a = 0; for (int i = 0; i < NI; ++i) a += A[i * NK + k] * tmpv[i]; y[k] = (float)a; }
    bad += compare("atax", down(dy, NK), y);
    mv_kernel<<<(NK + 255) / 256, 256>>>(NI, NK, dA, dr, ds, 1);
    mv_kernel<<<(NI + 255) / 256, 256>>>(NI, NK, dA, dx, dq, 0);
    for (int k = 0; k < NK; ++k) { double a = 0; for (int i = 0; i < NI; ++i) a += A[i * NK + k] * r[i]; s[k] = (float)a; }
    bad += compare("bicg.s", down(ds, NK), s);
    bad += compare("bicg.q", down(dq, NI), tmpv);
    // gesummv on square NK x NK slices
    std::vector<float> Ag(NK * NK), Bg(NK * NK), yg(NK);
    for (int i = 0; i < NK * NK; ++i) { Ag[i] = (float)((i * 3) % NK) / NK; Bg[i] = (float)((i * 11 + 2) % NK) / NK; }
    float *dAg = up(Ag), *dBg = up(Bg), *dyg = up(yg);
    gesummv_kernel<<<(NK + 95) / 96, 96>>>(NK, alpha, beta, dAg, dBg, dx, dyg);
    for (int i = 0; i < NK; ++i) { double t = 0, u = 0; for (int j = 0; j < NK; ++j) { t += Ag[i * NK + j] * x[j]; u += Bg[i * NK + j] * x[j]; } yg[i] = (float)(alpha * t + beta * u); }
    bad += compare("gesummv", down(dyg, NK), yg);
    printf("total mismatches %d\n", bad);
    return 0;
}
