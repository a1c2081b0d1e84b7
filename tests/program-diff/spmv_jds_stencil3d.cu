// flags: -arch=sm_80 -lineinfo
// Parboil-style SpMV in JDS (jagged diagonal storage) format and a 7-point 3D stencil. JDS:
// rows sorted by length (descending), the jagged diagonals stored column-major with
// per-diagonal start offsets in __constant__ memory, the row permutation applied on output;
// float accumulation in diagonal order (printed with %a). Stencil: a 3D grid with a 2D thread
// block of 32x4 marching along z and keeping the z-1/z/z+1 values in registers, c0/c1
// coefficients, the halo untouched; 6 iterations ping-pong. Built for sm_80.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cmath>
#define MAX_DIAG 64
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define Index3D(nx, ny, i, j, k) ((i) + (nx) * ((j) + (ny) * (k)))

__constant__ int jds_ptr_int[MAX_DIAG];
__constant__ int sh_zcnt_int[MAX_DIAG];

__global__ void spmv_jds(float* dst_vector, const float* d_data, const int* d_index, const int* d_perm, const float* x_vec, int dim) {
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    if (ix >= dim) return;
    float sum = 0.0f;
    int bound = sh_zcnt_int[ix / 32];  // diagonals this 32-row slice reaches
    for (int k = 0; k < bound; ++k) {
        int j = jds_ptr_int[k] + ix;
        int in = d_index[j];
        float d = d_data[j];
        if (in >= 0) sum += d * x_vec[in];
    }
    dst_vector[d_perm[ix]] = sum;
}

__global__ void block2D_reg_tiling(float c0, float c1, const float* A0, float* Anext, int nx, int ny, int nz) {
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (i >= nx - 1 || j >= ny - 1) return;
    float bottom = A0[Index3D(nx, ny, i, j, 0)], current = A0[Index3D(nx, ny, i, j, 1)], top;
    for (int k = 1; k < nz - 1; ++k) {
        top = A0[Index3D(nx, ny, i, j, k + 1)];
        Anext[Index3D(nx, ny, i, j, k)] = (top + bottom + A0[Index3D(nx, ny, i, j + 1, k)] + A0[Index3D(nx, ny, i, j - 1, k)] +
                                           A0[Index3D(nx, ny, i + 1, j, k)] + A0[Index3D(nx, ny, i - 1, j, k)]) * c1 - current * c0;
        bottom = current; current = top;
    }
}

int main() {
    // a sparse matrix with varied row lengths
    const int dim = 200;
    std::vector<std::vector<std::pair<int, float>>> rows(dim);
    for (int r = 0; r < dim; ++r) {
        int len = 1 + (r * 7) % 13 + (r % 50 == 0 ? 20 : 0);
        for (int t = 0; t < len; ++t) rows[r].push_back({(r * 31 + t * 17) % dim, (float)((r + t) % 9) * 0.375f - 1.0f});
    }
    std::vector<int> perm(dim);
    for (int i = 0; i < dim; ++i) perm[i] = i;
    std::stable_sort(perm.begin(), perm.end(), [&](int a, int b) { return rows[a].size() > rows[b].size(); });
    int ndiag = (int)rows[perm[0]].size();
    std::vector<int> ptr(MAX_DIAG, 0), zcnt(MAX_DIAG, 0);
    int total = 0;
    for (int k = 0; k < ndiag; ++k) { ptr[k] = total; total += dim; }  // padded diagonals, index -1 marks holes
    std::vector<float> data(total, 0.0f);
    std::vector<int> index(total, -1);
    for (int k = 0; k < ndiag; ++k)
        for (int i = 0; i < dim; ++i)
            if (k < (int)rows[perm[i]].size()) { data[ptr[k] + i] = rows[perm[i]][k].second; index[ptr[k] + i] = rows[perm[i]][k].first; }
    for (int s = 0; s < (dim + 31) / 32; ++s) zcnt[s] = (int)rows[perm[s * 32]].size();
    CK(cudaMemcpyToSymbol(jds_ptr_int, ptr.data(), MAX_DIAG * sizeof(int)));
    CK(cudaMemcpyToSymbol(sh_zcnt_int, zcnt.data(), MAX_DIAG * sizeof(int)));
    std::vector<float> x(dim);
    for (int i = 0; i < dim; ++i) x[i] = 1.0f / (1 + i % 17);
    float *dd, *dx, *dy; int *di, *dp;
    CK(cudaMalloc(&dd, total * 4)); CK(cudaMalloc(&di, total * 4)); CK(cudaMalloc(&dp, dim * 4)); CK(cudaMalloc(&dx, dim * 4)); CK(cudaMallocManaged(&dy, dim * 4));
    CK(cudaMemcpy(dd, data.data(), total * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(di, index.data(), total * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dp, perm.data(), dim * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dx, x.data(), dim * 4, cudaMemcpyHostToDevice));
    spmv_jds<<<(dim + 63) / 64, 64>>>(dy, dd, di, dp, dx, dim);
    CK(cudaDeviceSynchronize());
    int bad = 0;
    for (int r = 0; r < dim; ++r) { float s = 0; for (auto& e : rows[r]) s = s + e.second * x[e.first]; if (fabsf(s - dy[r]) > 1e-5f * (1 + fabsf(s))) ++bad; }
    printf("spmv jds: %d diagonals, %d rows off the host, y[0] %a y[50] %a y[199] %a\n", ndiag, bad, dy[0], dy[50], dy[199]);
    // stencil
    const int nx = 70, ny = 19, nz = 13;
    std::vector<float> g(nx * ny * nz);
    for (int i = 0; i < nx * ny * nz; ++i) g[i] = (float)((i * 37) % 101) / 10.0f;
    float *a0, *a1; size_t bytes = g.size() * 4;
    CK(cudaMalloc(&a0, bytes)); CK(cudaMalloc(&a1, bytes));
    CK(cudaMemcpy(a0, g.data(), bytes, cudaMemcpyHostToDevice)); CK(cudaMemcpy(a1, g.data(), bytes, cudaMemcpyHostToDevice));
    dim3 b(32, 4), gr((nx - 2 + 31) / 32, (ny - 2 + 3) / 4);
    for (int t = 0; t < 6; ++t) { block2D_reg_tiling<<<gr, b>>>(1.0f / 6.0f, 1.0f / 6.0f / 6.0f, a0, a1, nx, ny, nz); std::swap(a0, a1); }
    CK(cudaMemcpy(g.data(), a0, bytes, cudaMemcpyDeviceToHost));
    double s = 0; for (float v : g) s += v;
    printf("stencil: sum %.9g, centre %a, edge %a, [5][7][3] %a\n", s, g[Index3D(nx, ny, nx / 2, ny / 2, nz / 2)], g[Index3D(nx, ny, 0, 3, 3)], g[Index3D(nx, ny, 5, 7, 3)]);
    return 0;
}
