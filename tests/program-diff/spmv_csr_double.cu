// Sparse matrix-vector products on a CSR matrix in double: the scalar kernel (a thread per row),
// the vector kernel (a warp per row with a fixed shuffle-tree reduction), a sub-warp variant
// (8 lanes per row, width-8 shuffles), and the CSR transpose built with atomics, a scan and a
// per-row sort; results printed as bit patterns (each kernel's summation order is fixed).
#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void spmv_scalar(int rows, const int* __restrict__ rp, const int* __restrict__ ci, const double* __restrict__ v,
                            const double* __restrict__ x, double* __restrict__ y) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0;
    for (int e = rp[r]; e < rp[r + 1]; ++e) s += v[e] * x[ci[e]];
    y[r] = s;
}

template <int LANES>
__global__ void spmv_vector(int rows, const int* __restrict__ rp, const int* __restrict__ ci, const double* __restrict__ v,
                            const double* __restrict__ x, double* __restrict__ y) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int r = gid / LANES, lane = gid % LANES;
    double s = 0;
    if (r < rows)
        for (int e = rp[r] + lane; e < rp[r + 1]; e += LANES) s += v[e] * x[ci[e]];
    for (int o = LANES / 2; o; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o, LANES);
    if (r < rows && lane == 0) y[r] = s;
}

__global__ void count_cols(int nnz, const int* __restrict__ ci, int* cnt) {
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e < nnz) atomicAdd(&cnt[ci[e] + 1], 1);
}

__global__ void place(int rows, const int* __restrict__ rp, const int* __restrict__ ci, const double* __restrict__ v,
                      int* fill, const int* __restrict__ trp, int* tci, double* tv) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    for (int e = rp[r]; e < rp[r + 1]; ++e) {
        int c = ci[e], slot = trp[c] + atomicAdd(&fill[c], 1);
        tci[slot] = r; tv[slot] = v[e];
    }
}

__global__ void sort_rows(int rows, const int* __restrict__ trp, int* tci, double* tv) {   // insertion sort per row
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    for (int i = trp[r] + 1; i < trp[r + 1]; ++i) {
        int c = tci[i]; double w = tv[i]; int j = i - 1;
        while (j >= trp[r] && tci[j] > c) { tci[j + 1] = tci[j]; tv[j + 1] = tv[j]; --j; }
        tci[j + 1] = c; tv[j + 1] = w;
    }
}

static unsigned long long bits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }

int main() {
    const int rows = 777, cols = 777;
    std::vector<int> rp(1, 0), ci; std::vector<double> v;
    unsigned s = 2024;
    for (int r = 0; r < rows; ++r) {
        int deg = r % 97 == 0 ? 150 : (r * 7) % 23;
        std::vector<int> cs;
        for (int k = 0; k < deg; ++k) { s = s * 1103515245u + 12345u; cs.push_back((s >> 9) % cols); }
        std::sort(cs.begin(), cs.end()); cs.erase(std::unique(cs.begin(), cs.end()), cs.end());
        for (int c : cs) { ci.push_back(c); s = s * 1103515245u + 12345u; v.push_back(((int)(s >> 8) % 2001 - 1000) / 7.0); }
        rp.push_back((int)ci.size());
    }
    int nnz = (int)ci.size();
    std::vector<double> x(cols);
    for (int i = 0; i < cols; ++i) x[i] = 1.0 / (i + 3) - 0.1 * (i % 5);
    int *drp, *dci, *dcnt, *dfill, *dtci; double *dv, *dx, *dy, *dtv;
    CK(cudaMalloc(&drp, (rows + 1) * 4)); CK(cudaMalloc(&dci, nnz * 4)); CK(cudaMalloc(&dv, nnz * 8));
    CK(cudaMalloc(&dx, cols * 8)); CK(cudaMalloc(&dy, rows * 8));
    CK(cudaMemcpy(drp, rp.data(), (rows + 1) * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dci, ci.data(), nnz * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, v.data(), nnz * 8, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dx, x.data(), cols * 8, cudaMemcpyHostToDevice));
    std::vector<double> y(rows);
    auto report = [&](const char* name) {
        cudaMemcpy(y.data(), dy, rows * 8, cudaMemcpyDeviceToHost);
        unsigned long long h = 0; double sum = 0;
        for (int r = 0; r < rows; ++r) { h = h * 31 + bits(y[r]); sum += y[r]; }
        printf("%-8s y[0]=%a y[97]=%a y[776]=%a sum=%.17g hash=%016llx\n", name, y[0], y[97], y[776], sum, h);
    };
    spmv_scalar<<<(rows + 127) / 128, 128>>>(rows, drp, dci, dv, dx, dy); CK(cudaGetLastError()); report("scalar");
    int bad = 0;
    for (int r = 0; r < rows; ++r) { double t = 0; for (int e = rp[r]; e < rp[r + 1]; ++e) t = __builtin_fma(v[e], x[ci[e]], t); bad += bits(t) != bits(y[r]); }
    printf("scalar vs host fma chain: %d rows differ\n", bad);
    spmv_vector<32><<<(rows * 32 + 255) / 256, 256>>>(rows, drp, dci, dv, dx, dy); CK(cudaGetLastError()); report("warp");
    spmv_vector<8><<<(rows * 8 + 95) / 96, 96>>>(rows, drp, dci, dv, dx, dy); CK(cudaGetLastError()); report("8-lane");
    spmv_vector<2><<<(rows * 2 + 63) / 64, 64>>>(rows, drp, dci, dv, dx, dy); CK(cudaGetLastError()); report("2-lane");
    // transpose
    CK(cudaMalloc(&dcnt, (cols + 1) * 4)); CK(cudaMalloc(&dfill, cols * 4)); CK(cudaMalloc(&dtci, nnz * 4)); CK(cudaMalloc(&dtv, nnz * 8));
    CK(cudaMemset(dcnt, 0, (cols + 1) * 4)); CK(cudaMemset(dfill, 0, cols * 4));
    count_cols<<<(nnz + 255) / 256, 256>>>(nnz, dci, dcnt);
    std::vector<int> trp(cols + 1);
    CK(cudaMemcpy(trp.data(), dcnt, (cols + 1) * 4, cudaMemcpyDeviceToHost));
    for (int c = 0; c < cols; ++c) trp[c + 1] += trp[c];
    CK(cudaMemcpy(dcnt, trp.data(), (cols + 1) * 4, cudaMemcpyHostToDevice));
    place<<<(rows + 63) / 64, 64>>>(rows, drp, dci, dv, dfill, dcnt, dtci, dtv);
    sort_rows<<<(cols + 63) / 64, 64>>>(cols, dcnt, dtci, dtv);
    CK(cudaGetLastError());
    std::vector<int> tci(nnz); std::vector<double> tv(nnz);
    CK(cudaMemcpy(tci.data(), dtci, nnz * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(tv.data(), dtv, nnz * 8, cudaMemcpyDeviceToHost));
    // host transpose
    std::vector<int> hp(cols + 1, 0), hc(nnz); std::vector<double> hv(nnz);
    for (int e = 0; e < nnz; ++e) hp[ci[e] + 1]++;
    for (int c = 0; c < cols; ++c) hp[c + 1] += hp[c];
    std::vector<int> f(cols, 0);
    for (int r = 0; r < rows; ++r) for (int e = rp[r]; e < rp[r + 1]; ++e) { int sl = hp[ci[e]] + f[ci[e]]++; hc[sl] = r; hv[sl] = v[e]; }
    int tb = 0; for (int e = 0; e < nnz; ++e) tb += hc[e] != tci[e] || bits(hv[e]) != bits(tv[e]);
    printf("nnz %d transpose mismatches %d rowptr[cols]=%d\n", nnz, tb, trp[cols]);
    return 0;
}
