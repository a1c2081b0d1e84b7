// flags: -O3 -rdc=true
// SHOC-style MD (level1/md) with the neighbour list built on the GPU, compiled as relocatable
// device code (-rdc=true, as multi-file MD codes are): a cell-binning kernel (atomicAdd counts
// per cell), a neighbour-list kernel keeping the maxNeighbors nearest-by-index atoms within
// the cutoff (each atom's list in the order of a fixed cell sweep: deterministic), then the
// Lennard-Jones force kernel calling a __noinline__ extern-linkage device function for the pair
// force, positions in float4 read through __ldg. Forces compared with the host within 1e-4; the
// neighbour lists exactly; force bits hashed.
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
#define NA 2048
#define BOX 16.0f
#define NC 8
#define MAXN 48
#define CUT2 4.0f
#define LJ1 1.5f
#define LJ2 2.0f
__device__ __noinline__ float lj_pair(float r2inv) {
    float r6inv = r2inv * r2inv * r2inv;
    return r2inv * r6inv * (LJ1 * r6inv - LJ2);
}
__host__ inline float h_lj_pair(float r2inv) { float r6inv = r2inv * r2inv * r2inv; return r2inv * r6inv * (LJ1 * r6inv - LJ2); }
__device__ __host__ inline int cell_of(float4 p) {
    int cx = min(NC - 1, (int)(p.x / (BOX / NC))), cy = min(NC - 1, (int)(p.y / (BOX / NC))), cz = min(NC - 1, (int)(p.z / (BOX / NC)));
    return (cz * NC + cy) * NC + cx;
}
__global__ void bin_atoms(const float4* pos, int* cellCount) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < NA) atomicAdd(&cellCount[cell_of(pos[i])], 1);
}
__global__ void build_nlist(const float4* pos, int* nl, int* ncount) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= NA) return;
    float4 p = pos[i];
    int c = 0;
    for (int j = 0; j < NA && c < MAXN; j++) {
        if (j == i) continue;
        float4 q = pos[j];
        float dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
        if (dx * dx + dy * dy + dz * dz < CUT2) nl[c++ * NA + i] = j;
    }
    ncount[i] = c;
}
__global__ void compute_lj_force(const float4* __restrict__ pos, const int* __restrict__ nl, const int* __restrict__ ncount, float4* force) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= NA) return;
    float4 p = __ldg(&pos[i]);
    float4 f = make_float4(0, 0, 0, 0);
    for (int k = 0; k < ncount[i]; k++) {
        float4 q = __ldg(&pos[nl[k * NA + i]]);
        float dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
        float r2 = dx * dx + dy * dy + dz * dz;
        float fr = lj_pair(1.0f / r2);
        f.x += dx * fr; f.y += dy * fr; f.z += dz * fr;
    }
    force[i] = f;
}
int main() {
    std::vector<float4> pos(NA);
    for (int i = 0; i < NA; i++) {
        int gx = i % 16, gy = (i / 16) % 16, gz = i / 256;
        float jx = frand(), jy = frand(), jz = frand();
        pos[i] = make_float4(gx + 0.2f + 0.6f * jx, gy + 0.2f + 0.6f * jy, gz * 2.0f + 0.2f + 0.6f * jz, 0);
    }
    float4 *dp, *df; int *dn, *dc, *dcell;
    CK(cudaMalloc(&dp, NA * 16)); CK(cudaMalloc(&df, NA * 16)); CK(cudaMalloc(&dn, NA * MAXN * 4)); CK(cudaMalloc(&dc, NA * 4)); CK(cudaMalloc(&dcell, NC * NC * NC * 4));
    CK(cudaMemcpy(dp, pos.data(), NA * 16, cudaMemcpyHostToDevice));
    CK(cudaMemset(dcell, 0, NC * NC * NC * 4));
    bin_atoms<<<NA / 128, 128>>>(dp, dcell);
    build_nlist<<<NA / 128, 128>>>(dp, dn, dc);
    compute_lj_force<<<NA / 128, 128>>>(dp, dn, dc, df);
    CK(cudaGetLastError());
    std::vector<int> cells(NC * NC * NC), nl(NA * MAXN), nc(NA);
    std::vector<float4> f(NA);
    CK(cudaMemcpy(cells.data(), dcell, cells.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(nc.data(), dc, NA * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(nl.data(), dn, NA * MAXN * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(f.data(), df, NA * 16, cudaMemcpyDeviceToHost));
    std::vector<int> rcells(NC * NC * NC, 0);
    for (auto& p : pos) rcells[cell_of(p)]++;
    int nlok = 1; double me = 0, fs = 0; long long tot = 0;
    for (int i = 0; i < NA; i++) {
        int c = 0; float4 fr = make_float4(0, 0, 0, 0);
        for (int j = 0; j < NA && c < MAXN; j++) {
            if (j == i) continue;
            float dx = pos[i].x - pos[j].x, dy = pos[i].y - pos[j].y, dz = pos[i].z - pos[j].z;
            float r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < CUT2) {
                if (nl[c * NA + i] != j) nlok = 0;
                c++;
                float ff = h_lj_pair(1.0f / r2);
                fr.x += dx * ff; fr.y += dy * ff; fr.z += dz * ff;
            }
        }
        if (c != nc[i]) nlok = 0;
        tot += c;
        double sc = fmax(1.0, fabs(fr.x) + fabs(fr.y) + fabs(fr.z));
        me = fmax(me, (fabs(fr.x - f[i].x) + fabs(fr.y - f[i].y) + fabs(fr.z - f[i].z)) / sc);
        fs += f[i].x + f[i].y + f[i].z;
    }
    printf("md NA=%d cells=%s neighbours=%lld nlist=%s forces=%s\n", NA, cells == rcells ? "ok" : "FAIL", tot, nlok ? "ok" : "FAIL", me < 1e-4 ? "ok" : "FAIL");
    printf("f[0]=%a,%a,%a bits=%016llx\n", f[0].x, f[0].y, f[0].z, fnv(f.data(), NA * 16));
    return 0;
}
