// Gauss-Jordan inversion of a 7x7 double matrix with partial pivoting (one kernel per pivot
// step: find the pivot row by a single thread, swap rows, normalize, eliminate in a 2D grid),
// then A * inv(A) checked against the identity, and a 33x33 tridiagonal solve by Thomas per thread.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>
#define N 7
__global__ void pivot(double *m, int col, int *prow) {
    int best = col; double bv = fabs(m[col * 2 * N + col]);
    for (int r = col + 1; r < N; ++r) if (fabs(m[r * 2 * N + col]) > bv) { bv = fabs(m[r * 2 * N + col]); best = r; }
    *prow = best;
}
__global__ void swapRows(double *m, int a, const int *pb) {
    int b = *pb, c = threadIdx.x;
    if (a != b && c < 2 * N) { double t = m[a * 2 * N + c]; m[a * 2 * N + c] = m[b * 2 * N + c]; m[b * 2 * N + c] = t; }
}
__global__ void normalize(double *m, int row) {
    __shared__ double p;
    if (threadIdx.x == 0) p = m[row * 2 * N + row];
    __syncthreads();
    if (threadIdx.x < 2 * N) m[row * 2 * N + threadIdx.x] /= p;
}
__global__ void eliminate(double *m, int col) {
    int r = threadIdx.y, c = threadIdx.x;
    __shared__ double f[N];
    if (c == 0) f[r] = m[r * 2 * N + col];
    __syncthreads();
    if (r != col && c < 2 * N) m[r * 2 * N + c] -= f[r] * m[col * 2 * N + c];
}
__global__ void thomas(const double *a, const double *b, const double *c, const double *d, double *x, int n, int systems) {
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= systems) return;
    double cp[64], dp[64];
    const double *bb = b + s * n, *dd = d + s * n;
    cp[0] = c[0] / bb[0]; dp[0] = dd[0] / bb[0];
    for (int i = 1; i < n; ++i) {
        double den = bb[i] - a[i] * cp[i - 1];
        cp[i] = c[i] / den;
        dp[i] = (dd[i] - a[i] * dp[i - 1]) / den;
    }
    x[s * n + n - 1] = dp[n - 1];
    for (int i = n - 2; i >= 0; --i) x[s * n + i] = dp[i] - cp[i] * x[s * n + i + 1];
}
int main() {
    double h[N][2 * N], a[N][N];
    for (int r = 0; r < N; ++r) for (int c = 0; c < N; ++c) { a[r][c] = ((r * 5 + c * 3) % 11) - 4.5 + (r == c ? 10.0 : 0.0) * (r % 2); h[r][c] = a[r][c]; h[r][N + c] = r == c; }
    double *dm; int *dp;
    cudaMalloc(&dm, sizeof h); cudaMalloc(&dp, 4);
    cudaMemcpy(dm, h, sizeof h, cudaMemcpyHostToDevice);
    for (int col = 0; col < N; ++col) {
        pivot<<<1, 1>>>(dm, col, dp);
        swapRows<<<1, 32>>>(dm, col, dp);
        normalize<<<1, 32>>>(dm, col);
        eliminate<<<1, dim3(2 * N, N)>>>(dm, col);
    }
    cudaMemcpy(h, dm, sizeof h, cudaMemcpyDeviceToHost);
    double maxerr = 0, tr = 0;
    for (int r = 0; r < N; ++r) {
        tr += h[r][N + r];
        for (int c = 0; c < N; ++c) {
            double s = 0;
            for (int k = 0; k < N; ++k) s += a[r][k] * h[k][N + c];
            maxerr = fmax(maxerr, fabs(s - (r == c)));
        }
    }
    printf("inverse trace %.15g inv[0][0] %.15g inv[6][3] %.15g identity error < 1e-12: %d\n", tr, h[0][N], h[6][N + 3], maxerr < 1e-12);
    const int n = 33, S = 5;
    double ha[n], hc[n], hb[S * n], hd[S * n], hx[S * n];
    for (int i = 0; i < n; ++i) { ha[i] = i ? -1.0 : 0.0; hc[i] = i < n - 1 ? -1.0 : 0.0; }
    for (int s = 0; s < S; ++s) for (int i = 0; i < n; ++i) { hb[s * n + i] = 2.0 + 0.1 * s; hd[s * n + i] = sin(0.1 * i) + s; }
    double *da, *db, *dc, *dd, *dx;
    cudaMalloc(&da, sizeof ha); cudaMalloc(&dc, sizeof hc); cudaMalloc(&db, sizeof hb); cudaMalloc(&dd, sizeof hd); cudaMalloc(&dx, sizeof hx);
    cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice); cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice); cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
    thomas<<<1, 32>>>(da, db, dc, dd, dx, n, S);
    cudaMemcpy(hx, dx, sizeof hx, cudaMemcpyDeviceToHost);
    for (int s = 0; s < S; ++s) printf("system %d x[0] %.12f x[16] %.12f x[32] %.12f\n", s, hx[s * n], hx[s * n + 16], hx[s * n + 32]);
    printf("err %s\n", cudaGetErrorName(cudaGetLastError()));
}
