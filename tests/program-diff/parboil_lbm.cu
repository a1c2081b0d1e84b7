// flags: -O3
// Parboil-style LBM: a D3Q19 lattice-Boltzmann step (BGK collision, then pull streaming) on a
// 32x16x8 periodic grid in structure-of-arrays layout (f[q][z][y][x], one array per velocity,
// index macros as Parboil's), obstacle cells flagged in a separate array (bounce-back), a block of
// SIZE_X threads per (y, z) row, two grids swapped each step. Serial check within 1e-5
// relative; GPU bits hashed; mass printed with %.6e.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)
static unsigned g_seed = 12345u;
static inline unsigned lcg() { g_seed = g_seed * 1664525u + 1013904223u; return g_seed >> 8; }
static inline float frand() { return (float)(lcg() & 0xffff) / 65536.0f; }
// FNV-1a over raw bytes: the bit pattern of a result, for results every run must reproduce exactly
static inline unsigned long long fnv(const void* p, size_t n) {
    const unsigned char* b = (const unsigned char*)p; unsigned long long h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ull; }
    return h;
}
static inline double max_rel(const float* a, const float* b, int n, double floor_ = 1e-3) {
    double m = 0; for (int i = 0; i < n; i++) { double d = fabs((double)a[i] - b[i]) / fmax(fabs((double)b[i]), floor_); if (d > m || d != d) m = d != d ? 1e30 : d; } return m;
}
#define SX 32
#define SY 16
#define SZ 8
#define NCELL (SX * SY * SZ)
#define Q 19
#define CELL(x, y, z) ((((z) + SZ) % SZ) * SX * SY + (((y) + SY) % SY) * SX + (((x) + SX) % SX))
#define SRC(f, q, x, y, z) (f)[(q) * NCELL + CELL(x, y, z)]
__constant__ int cx[Q], cy[Q], cz[Q], opp[Q];
__constant__ float w[Q];
static const int hcx[Q] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
static const int hcy[Q] = {0, 0, 0, 1, -1, 0, 0, 1, 1, -1, -1, 0, 0, 0, 0, 1, -1, 1, -1};
static const int hcz[Q] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1};
static int hopp[Q];
static float hw[Q];
struct Lat { const int *cx, *cy, *cz, *opp; const float* w; };
__host__ __device__ inline void cell_update(const float* src, float* dst, const unsigned char* obst, int x, int y, int z, float omega, Lat L) {
    float f[Q];
    for (int q = 0; q < Q; q++) f[q] = SRC(src, q, x - L.cx[q], y - L.cy[q], z - L.cz[q]);
    int c = CELL(x, y, z);
    if (obst[c]) {
        for (int q = 0; q < Q; q++) dst[q * NCELL + c] = f[L.opp[q]];
        return;
    }
    float rho = 0, ux = 0, uy = 0, uz = 0;
    for (int q = 0; q < Q; q++) { rho += f[q]; ux += L.cx[q] * f[q]; uy += L.cy[q] * f[q]; uz += L.cz[q] * f[q]; }
    ux /= rho; uy /= rho; uz /= rho;
    float u2 = 1.5f * (ux * ux + uy * uy + uz * uz);
    for (int q = 0; q < Q; q++) {
        float cu = 3.0f * (L.cx[q] * ux + L.cy[q] * uy + L.cz[q] * uz);
        float feq = L.w[q] * rho * (1.0f + cu + 0.5f * cu * cu - u2);
        dst[q * NCELL + c] = f[q] + omega * (feq - f[q]);
    }
}
__global__ void performStreamCollide(const float* src, float* dst, const unsigned char* obst, float omega) {
    Lat L = {cx, cy, cz, opp, w};
    cell_update(src, dst, obst, threadIdx.x, blockIdx.x, blockIdx.y, omega, L);
}
int main() {
    for (int q = 0; q < Q; q++) {
        for (int r = 0; r < Q; r++) if (hcx[r] == -hcx[q] && hcy[r] == -hcy[q] && hcz[r] == -hcz[q]) hopp[q] = r;
        int n = abs(hcx[q]) + abs(hcy[q]) + abs(hcz[q]);
        hw[q] = n == 0 ? 1.0f / 3 : n == 1 ? 1.0f / 18 : 1.0f / 36;
    }
    CK(cudaMemcpyToSymbol(cx, hcx, sizeof hcx)); CK(cudaMemcpyToSymbol(cy, hcy, sizeof hcy));
    CK(cudaMemcpyToSymbol(cz, hcz, sizeof hcz)); CK(cudaMemcpyToSymbol(opp, hopp, sizeof hopp));
    CK(cudaMemcpyToSymbol(w, hw, sizeof hw));
    std::vector<float> f(Q * NCELL), g(Q * NCELL);
    std::vector<unsigned char> ob(NCELL);
    for (int z = 0; z < SZ; z++) for (int y = 0; y < SY; y++) for (int x = 0; x < SX; x++) {
        int c = CELL(x, y, z);
        int dx = x - 10, dy = y - 8;
        ob[c] = (dx * dx + dy * dy < 9) ? 1 : 0;
        for (int q = 0; q < Q; q++) f[q * NCELL + c] = hw[q] * (1.0f + 0.05f * (q == 1) + 0.01f * (frand() - 0.5f));
    }
    float omega = 1.7f;
    int steps = 20;
    Lat L = {hcx, hcy, hcz, hopp, hw};
    std::vector<float> a = f, b(Q * NCELL);
    for (int s = 0; s < steps; s++) {
        for (int z = 0; z < SZ; z++) for (int y = 0; y < SY; y++) for (int x = 0; x < SX; x++) cell_update(a.data(), b.data(), ob.data(), x, y, z, omega, L);
        std::swap(a, b);
    }
    float *d0, *d1; unsigned char* dob;
    CK(cudaMalloc(&d0, f.size() * 4)); CK(cudaMalloc(&d1, f.size() * 4)); CK(cudaMalloc(&dob, NCELL));
    CK(cudaMemcpy(d0, f.data(), f.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dob, ob.data(), NCELL, cudaMemcpyHostToDevice));
    for (int s = 0; s < steps; s++) {
        performStreamCollide<<<dim3(SY, SZ), SX>>>(d0, d1, dob, omega);
        std::swap(d0, d1);
    }
    CK(cudaGetLastError());
    CK(cudaMemcpy(g.data(), d0, g.size() * 4, cudaMemcpyDeviceToHost));
    double mass = 0, mom = 0;
    for (int q = 0; q < Q; q++) for (int c = 0; c < NCELL; c++) { mass += g[q * NCELL + c]; mom += hcx[q] * g[q * NCELL + c]; }
    double e = max_rel(g.data(), a.data(), Q * NCELL);
    printf("lbm %dx%dx%d steps=%d mass=%.6e xmomentum=%.4e check=%s\n", SX, SY, SZ, steps, mass, mom, e < 1e-5 ? "ok" : "FAIL");
    printf("f1(3,4,5)=%a bits=%016llx\n", g[1 * NCELL + CELL(3, 4, 5)], fnv(g.data(), g.size() * 4));
    return 0;
}
