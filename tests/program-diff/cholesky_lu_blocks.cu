// Dense factorizations in double, one block per matrix (a batch of matrices of sizes 1..40):
// right-looking Cholesky (A = L L^T) with the column scaled by 1/sqrt of the pivot and a
// rank-1 trailing update in shared memory, and Doolittle LU with partial pivoting (pivot by
// largest |a|, ties to the lower row) followed by forward/back substitution. Block shapes
// 8x8 and 16x4 (threads stride over the tile). Prints pivots, det signs and bit patterns.
#include <cstdio>
#include <cstring>
#include <cmath>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int MAXN = 40;

__global__ void cholesky(double* mats, const int* __restrict__ sizes, const int* __restrict__ offs, int* info) {
    __shared__ double a[MAXN][MAXN + 1];
    __shared__ int failed;
    int n = sizes[blockIdx.x];
    double* m = mats + offs[blockIdx.x];
    int tx = threadIdx.x, ty = threadIdx.y, nt = blockDim.x * blockDim.y, t = ty * blockDim.x + tx;
    for (int i = t; i < n * n; i += nt) a[i / n][i % n] = m[i];
    if (t == 0) failed = 0;
    __syncthreads();
    for (int k = 0; k < n; ++k) {
        if (t == 0) { if (a[k][k] <= 0.0) failed = k + 1; else a[k][k] = sqrt(a[k][k]); }
        __syncthreads();
        if (failed) break;
        double inv = 1.0 / a[k][k];
        for (int i = k + 1 + t; i < n; i += nt) a[i][k] *= inv;
        __syncthreads();
        for (int i = k + 1 + ty; i < n; i += blockDim.y)
            for (int j = k + 1 + tx; j <= i; j += blockDim.x) a[i][j] -= a[i][k] * a[j][k];
        __syncthreads();
    }
    for (int i = t; i < n * n; i += nt) m[i] = (i % n) <= (i / n) ? a[i / n][i % n] : 0.0;
    if (t == 0) info[blockIdx.x] = failed;
}

__global__ void lu_solve(double* mats, double* rhs, const int* __restrict__ sizes, const int* __restrict__ offs, int* piv_out) {
    __shared__ double a[MAXN][MAXN + 1];
    __shared__ double b[MAXN];
    __shared__ int p;
    int n = sizes[blockIdx.x];
    double* m = mats + offs[blockIdx.x];
    double* r = rhs + blockIdx.x * MAXN;
    int t = threadIdx.y * blockDim.x + threadIdx.x, nt = blockDim.x * blockDim.y;
    for (int i = t; i < n * n; i += nt) a[i / n][i % n] = m[i];
    for (int i = t; i < n; i += nt) b[i] = r[i];
    __syncthreads();
    for (int k = 0; k < n; ++k) {
        if (t == 0) {
            int best = k;
            for (int i = k + 1; i < n; ++i) if (fabs(a[i][k]) > fabs(a[best][k])) best = i;
            p = best;
            piv_out[blockIdx.x * MAXN + k] = best;
        }
        __syncthreads();
        if (p != k) {
            for (int j = t; j < n; j += nt) { double x = a[k][j]; a[k][j] = a[p][j]; a[p][j] = x; }
            if (t == 0) { double x = b[k]; b[k] = b[p]; b[p] = x; }
        }
        __syncthreads();
        for (int i = k + 1 + t; i < n; i += nt) a[i][k] /= a[k][k];
        __syncthreads();
        for (int i = k + 1 + threadIdx.y; i < n; i += blockDim.y)
            for (int j = k + 1 + threadIdx.x; j < n; j += blockDim.x) a[i][j] = fma(-a[i][k], a[k][j], a[i][j]);
        __syncthreads();
    }
    if (t == 0) {
        for (int i = 0; i < n; ++i) { double s = b[i]; for (int j = 0; j < i; ++j) s -= a[i][j] * b[j]; b[i] = s; }
        for (int i = n - 1; i >= 0; --i) { double s = b[i]; for (int j = i + 1; j < n; ++j) s -= a[i][j] * b[j]; b[i] = s / a[i][i]; }
    }
    __syncthreads();
    for (int i = t; i < n; i += nt) r[i] = b[i];
    for (int i = t; i < n * n; i += nt) m[i] = a[i / n][i % n];
}

static unsigned long long bits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }

int main() {
    const int B = 12;
    int sizes[B] = {1, 2, 3, 5, 8, 13, 16, 17, 31, 32, 33, 40}, offs[B], total = 0;
    for (int i = 0; i < B; ++i) { offs[i] = total; total += sizes[i] * sizes[i]; }
    double* spd = new double[total]; double* gen = new double[total];
    for (int bI = 0; bI < B; ++bI) {
        int n = sizes[bI]; double* s = spd + offs[bI]; double* g = gen + offs[bI];
        for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) {
            // SPD: a Hilbert-like matrix plus a diagonal shift; one matrix (index 4) made indefinite
            s[i * n + j] = 1.0 / (i + j + 1) + (i == j ? (bI == 4 ? -2.0 : 0.5) : 0.0);
            g[i * n + j] = ((i * 7 + j * 3 + bI) % 11 - 5) / 3.0 + (i == j ? 0.25 : 0.0);
        }
    }
    double *ds, *dg, *dr; int *dsz, *doff, *dinfo, *dpiv;
    CK(cudaMalloc(&ds, total * 8)); CK(cudaMalloc(&dg, total * 8)); CK(cudaMalloc(&dr, B * MAXN * 8));
    CK(cudaMalloc(&dsz, B * 4)); CK(cudaMalloc(&doff, B * 4)); CK(cudaMalloc(&dinfo, B * 4)); CK(cudaMalloc(&dpiv, B * MAXN * 4));
    CK(cudaMemcpy(dsz, sizes, sizeof sizes, cudaMemcpyHostToDevice)); CK(cudaMemcpy(doff, offs, sizeof offs, cudaMemcpyHostToDevice));
    for (dim3 blk : {dim3(8, 8), dim3(16, 4)}) {
        CK(cudaMemcpy(ds, spd, total * 8, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dg, gen, total * 8, cudaMemcpyHostToDevice));
        double rhs[B * MAXN];
        for (int i = 0; i < B * MAXN; ++i) rhs[i] = (i % MAXN) - 3.5;
        CK(cudaMemcpy(dr, rhs, sizeof rhs, cudaMemcpyHostToDevice));
        cholesky<<<B, blk>>>(ds, dsz, doff, dinfo);
        lu_solve<<<B, blk>>>(dg, dr, dsz, doff, dpiv);
        CK(cudaGetLastError());
        double* L = new double[total]; double* LU = new double[total]; int info[B], piv[B * MAXN];
        CK(cudaMemcpy(L, ds, total * 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(LU, dg, total * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(info, dinfo, sizeof info, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(piv, dpiv, sizeof piv, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(rhs, dr, sizeof rhs, cudaMemcpyDeviceToHost));
        printf("block %ux%u\n", blk.x, blk.y);
        for (int bI = 0; bI < B; ++bI) {
            int n = sizes[bI];
            // residual of L L^T - A and of A x - b, computed on the host
            double res = 0, rres = 0;
            if (!info[bI])
                for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) {
                    double s = 0; for (int k = 0; k < n; ++k) s += L[offs[bI] + i * n + k] * L[offs[bI] + j * n + k];
                    res = fmax(res, fabs(s - spd[offs[bI] + i * n + j]));
                }
            for (int i = 0; i < n; ++i) { double s = 0; for (int j = 0; j < n; ++j) s += gen[offs[bI] + i * n + j] * rhs[bI * MAXN + j]; rres = fmax(rres, fabs(s - ((i) - 3.5))); }
            unsigned long long h = 0; int sign = 1;
            for (int i = 0; i < n * n; ++i) h = h * 1000003 + bits(L[offs[bI] + i]) + 7 * bits(LU[offs[bI] + i]);
            for (int k = 0; k < n; ++k) { if (piv[bI * MAXN + k] != k) sign = -sign; if (LU[offs[bI] + k * n + k] < 0) sign = -sign; }
            printf("  n=%2d chol info %d resid<1e-12 %d  lu det sign %+d x0=%a solve resid<1e-9 %d hash %016llx\n", n, info[bI], res < 1e-12,
                   sign, rhs[bI * MAXN], rres < 1e-9, h);
        }
        delete[] L; delete[] LU;
    }
    return 0;
}
