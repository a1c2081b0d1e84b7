// Particle binning for a neighbour search: particles (positions in a structure of three
// float arrays) hashed to cells of a 3D grid with clamping, cell counts by atomicAdd, a scan of the
// counts into cell starts, scatter with atomicAdd cursors, then a per-cell sort by particle id
// (so the layout does not depend on atomic order), and a neighbour count over the 27 adjacent
// cells with a cutoff. Launched with a 3D block of 4x4x4 for cells and 1D blocks of 160 for
// particles; compared with the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

struct Grid { float3 lo; float inv_cell; int3 dim; };
__host__ __device__ inline int clampi(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }
__host__ __device__ inline int3 cell_of(const Grid& g, float x, float y, float z) {
    return make_int3(clampi((int)floorf((x - g.lo.x) * g.inv_cell), g.dim.x - 1), clampi((int)floorf((y - g.lo.y) * g.inv_cell), g.dim.y - 1),
                     clampi((int)floorf((z - g.lo.z) * g.inv_cell), g.dim.z - 1));
}
__host__ __device__ inline int linear(const Grid& g, int3 c) { return (c.z * g.dim.y + c.y) * g.dim.x + c.x; }

__global__ void count(const float* __restrict__ px, const float* __restrict__ py, const float* __restrict__ pz, int n, Grid g, int* cell, int* counts) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int c = linear(g, cell_of(g, px[i], py[i], pz[i]));
    cell[i] = c;
    atomicAdd(&counts[c], 1);
}

__global__ void scatter(const int* __restrict__ cell, int n, const int* __restrict__ start, int* cursor, int* sorted) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) sorted[start[cell[i]] + atomicAdd(&cursor[cell[i]], 1)] = i;
}

__global__ void sort_cells(Grid g, const int* __restrict__ start, const int* __restrict__ counts, int* sorted) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= g.dim.x || y >= g.dim.y || z >= g.dim.z) return;
    int c = linear(g, make_int3(x, y, z)), s = start[c], k = counts[c];
    for (int i = 1; i < k; ++i) { int v = sorted[s + i], j = i - 1; while (j >= 0 && sorted[s + j] > v) { sorted[s + j + 1] = sorted[s + j]; --j; } sorted[s + j + 1] = v; }
}

__global__ void neighbours(const float* __restrict__ px, const float* __restrict__ py, const float* __restrict__ pz, int n, Grid g,
                           const int* __restrict__ start, const int* __restrict__ counts, const int* __restrict__ sorted, float r2, int* nb, int* first_nb) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int3 c = cell_of(g, px[i], py[i], pz[i]);
    int cnt = 0, first = -1;
    for (int dz = -1; dz <= 1; ++dz) for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) {
        int3 d = make_int3(c.x + dx, c.y + dy, c.z + dz);
        if (d.x < 0 || d.y < 0 || d.z < 0 || d.x >= g.dim.x || d.y >= g.dim.y || d.z >= g.dim.z) continue;
        int l = linear(g, d);
        for (int k = start[l]; k < start[l] + counts[l]; ++k) {
            int j = sorted[k];
            if (j == i) continue;
            float ddx = px[j] - px[i], ddy = py[j] - py[i], ddz = pz[j] - pz[i];
            if (__fmaf_rn(ddx, ddx, __fmaf_rn(ddy, ddy, __fmul_rn(ddz, ddz))) < r2) { ++cnt; if (first < 0 || j < first) first = j; }
        }
    }
    nb[i] = cnt; first_nb[i] = first;
}

int main() {
    const int n = 5000;
    std::vector<float> x(n), y(n), z(n);
    unsigned s = 31337;
    auto r = [&]() { s = s * 1664525u + 1013904223u; return (float)(s >> 9) / 8388608.0f; };
    for (int i = 0; i < n; ++i) { x[i] = r() * 10.0f - 1.0f; y[i] = r() * 6.0f; z[i] = r() * r() * 4.0f + (i % 50 == 0 ? 100.0f : 0.0f); }
    Grid g{make_float3(0, 0, 0), 1.0f / 0.75f, make_int3(12, 8, 5)};
    int cells = g.dim.x * g.dim.y * g.dim.z;
    float *dx, *dy, *dz; int *dcell, *dcnt, *dstart, *dcur, *dsorted, *dnb, *dfirst;
    CK(cudaMalloc(&dx, n * 4)); CK(cudaMalloc(&dy, n * 4)); CK(cudaMalloc(&dz, n * 4)); CK(cudaMalloc(&dcell, n * 4));
    CK(cudaMalloc(&dcnt, cells * 4)); CK(cudaMalloc(&dstart, cells * 4)); CK(cudaMalloc(&dcur, cells * 4)); CK(cudaMalloc(&dsorted, n * 4));
    CK(cudaMalloc(&dnb, n * 4)); CK(cudaMalloc(&dfirst, n * 4));
    CK(cudaMemcpy(dx, x.data(), n * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dy, y.data(), n * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dz, z.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dcnt, 0, cells * 4)); CK(cudaMemset(dcur, 0, cells * 4));
    count<<<(n + 159) / 160, 160>>>(dx, dy, dz, n, g, dcell, dcnt);
    std::vector<int> cnt(cells), start(cells);
    CK(cudaMemcpy(cnt.data(), dcnt, cells * 4, cudaMemcpyDeviceToHost));
    for (int c = 0, run = 0; c < cells; ++c) { start[c] = run; run += cnt[c]; }
    CK(cudaMemcpy(dstart, start.data(), cells * 4, cudaMemcpyHostToDevice));
    scatter<<<(n + 159) / 160, 160>>>(dcell, n, dstart, dcur, dsorted);
    sort_cells<<<dim3(3, 2, 2), dim3(4, 4, 4)>>>(g, dstart, dcnt, dsorted);
    neighbours<<<(n + 159) / 160, 160>>>(dx, dy, dz, n, g, dstart, dcnt, dsorted, 0.75f * 0.75f, dnb, dfirst);
    CK(cudaGetLastError());
    std::vector<int> sorted(n), nb(n), first(n);
    CK(cudaMemcpy(sorted.data(), dsorted, n * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(nb.data(), dnb, n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(first.data(), dfirst, n * 4, cudaMemcpyDeviceToHost));
    // host reference: brute force over all pairs (cells are as wide as the cutoff, except clamped outliers)
    int badsort = 0, badnb = 0; long long tot = 0;
    std::vector<int> hc(n);
    for (int i = 0; i < n; ++i) hc[i] = linear(g, cell_of(g, x[i], y[i], z[i]));
    std::vector<int> order(n); for (int i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return hc[a] < hc[b]; });
    for (int i = 0; i < n; ++i) badsort += order[i] != sorted[i];
    for (int i = 0; i < n; ++i) {
        int c = 0, f = -1;
        int3 ci = cell_of(g, x[i], y[i], z[i]);
        for (int j = 0; j < n; ++j) {
            if (j == i) continue;
            int3 cj = cell_of(g, x[j], y[j], z[j]);
            if (abs(ci.x - cj.x) > 1 || abs(ci.y - cj.y) > 1 || abs(ci.z - cj.z) > 1) continue;
            float ddx = x[j] - x[i], ddy = y[j] - y[i], ddz = z[j] - z[i];
            if (fmaf(ddx, ddx, fmaf(ddy, ddy, ddz * ddz)) < 0.75f * 0.75f) { ++c; if (f < 0) f = j; }
        }
        badnb += c != nb[i] || f != first[i]; tot += nb[i];
    }
    int maxc = *std::max_element(cnt.begin(), cnt.end()), empty = (int)std::count(cnt.begin(), cnt.end(), 0);
    printf("cells %d max occupancy %d empty %d\n", cells, maxc, empty);
    printf("sorted order mismatches %d, neighbour pairs %lld, neighbour mismatches %d, nb[0..3] %d %d %d %d first %d %d\n", badsort, tot, badnb, nb[0], nb[1], nb[2], nb[3], first[0], first[1]);
    return 0;
}
