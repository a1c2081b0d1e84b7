// flags: -O3
// NAS Parallel Benchmarks CG, as the NPB-GPU CUDA port structures its conjugate-gradient
// iteration: a sparse symmetric positive-definite matrix in CSR (makea-like: a random sparsity
// pattern from NPB's randlc, symmetrized, diagonal shifted by the row sums), the power-method
// outer loop (zeta = SHIFT + 1/(x.z)) around 25 CG iterations, each with an SpMV kernel (one
// warp per row, lane partial sums combined by __shfl_down_sync), dot products reduced per block
// in shared memory and finished on the host in block order, and axpy kernels. double
// throughout; zeta and the residual norms printed with %.13e as NPB prints them.
#include <cstdio>
#include <cmath>
#include <vector>
#include <map>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NA 1400
#define NONZER 7
#define SHIFT 10.0
#define NITER 4
#define CGITMAX 25
#define THREADS 128
static double randlc(double* x, double a) {
    const double r23 = 1.1920928955078125e-07, r46 = r23 * r23, t23 = 8.388608e+06, t46 = t23 * t23;
    double t1 = r23 * a, a1 = (int)t1, a2 = a - t23 * a1;
    t1 = r23 * (*x);
    double x1 = (int)t1, x2 = *x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    double t2 = (int)(r23 * t1), z = t1 - t23 * t2, t3 = t23 * z + a2 * x2, t4 = (int)(r46 * t3);
    *x = t3 - t46 * t4;
    return r46 * (*x);
}
__global__ void spmv_warp(int n, const int* rowptr, const int* col, const double* val, const double* x, double* y) {
    int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (row >= n) return;
    double s = 0;
    for (int k = rowptr[row] + lane; k < rowptr[row + 1]; k += 32) s += val[k] * x[col[k]];
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffff, s, o);
    if (lane == 0) y[row] = s;
}
__global__ void dot_partial(int n, const double* a, const double* b, double* part) {
    __shared__ double s[THREADS];
    double acc = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += a[i] * b[i];
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int k = THREADS / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) part[blockIdx.x] = s[0];
}
__global__ void axpy(int n, double a, const double* x, double* y) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] += a * x[i]; }
__global__ void xpay(int n, double a, const double* x, double* y) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = x[i] + a * y[i]; }
__global__ void scale_into(int n, double a, const double* x, double* y) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i]; }
static const int DOT_BLOCKS = 12;
static double dot(const double* a, const double* b, double* dpart) {
    dot_partial<<<DOT_BLOCKS, THREADS>>>(NA, a, b, dpart);
    double p[DOT_BLOCKS];
    cudaMemcpy(p, dpart, sizeof p, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < DOT_BLOCKS; i++) s += p[i];
    return s;
}
int main() {
    double tran = 314159265.0, amult = 1220703125.0;
    std::vector<std::map<int, double>> rows(NA);
    for (int i = 0; i < NA; i++) {
        for (int k = 0; k < NONZER; k++) {
            int j = (int)(NA * randlc(&tran, amult));
            double v = randlc(&tran, amult) - 0.5;
            if (j == i) continue;
            rows[i][j] += v;
            rows[j][i] += v;
        }
    }
    for (int i = 0; i < NA; i++) {
        double s = 0;
        for (auto& kv : rows[i]) s += fabs(kv.second);
        rows[i][i] = s + 1.0;
    }
    std::vector<int> rowptr(NA + 1, 0), col;
    std::vector<double> val;
    for (int i = 0; i < NA; i++) {
        for (auto& kv : rows[i]) { col.push_back(kv.first); val.push_back(kv.second); }
        rowptr[i + 1] = col.size();
    }
    printf("CG: na %d, nonzeros %zu\n", NA, val.size());
    int *drp, *dcol; double *dval, *dx, *dz, *dp, *dq, *dr, *dpart;
    CK(cudaMalloc(&drp, rowptr.size() * 4)); CK(cudaMalloc(&dcol, col.size() * 4)); CK(cudaMalloc(&dval, val.size() * 8));
    CK(cudaMalloc(&dx, NA * 8)); CK(cudaMalloc(&dz, NA * 8)); CK(cudaMalloc(&dp, NA * 8)); CK(cudaMalloc(&dq, NA * 8)); CK(cudaMalloc(&dr, NA * 8));
    CK(cudaMalloc(&dpart, DOT_BLOCKS * 8));
    CK(cudaMemcpy(drp, rowptr.data(), rowptr.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcol, col.data(), col.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dval, val.data(), val.size() * 8, cudaMemcpyHostToDevice));
    std::vector<double> ones(NA, 1.0);
    CK(cudaMemcpy(dx, ones.data(), NA * 8, cudaMemcpyHostToDevice));
    int g = (NA + THREADS - 1) / THREADS, gw = (NA * 32 + THREADS - 1) / THREADS;
    double zeta = 0;
    for (int it = 1; it <= NITER; it++) {
        // CG: solve A z = x
        CK(cudaMemset(dz, 0, NA * 8));
        CK(cudaMemcpy(dr, dx, NA * 8, cudaMemcpyDeviceToDevice));
        CK(cudaMemcpy(dp, dx, NA * 8, cudaMemcpyDeviceToDevice));
        double rho = dot(dr, dr, dpart);
        for (int cgit = 0; cgit < CGITMAX; cgit++) {
            spmv_warp<<<gw, THREADS>>>(NA, drp, dcol, dval, dp, dq);
            double d = dot(dp, dq, dpart);
            double alpha = rho / d;
            axpy<<<g, THREADS>>>(NA, alpha, dp, dz);
            axpy<<<g, THREADS>>>(NA, -alpha, dq, dr);
            double rho0 = rho;
            rho = dot(dr, dr, dpart);
            xpay<<<g, THREADS>>>(NA, rho / rho0, dr, dp);
        }
        spmv_warp<<<gw, THREADS>>>(NA, drp, dcol, dval, dz, dr);
        axpy<<<g, THREADS>>>(NA, -1.0, dx, dr);
        double rnorm = sqrt(dot(dr, dr, dpart));
        double xz = dot(dx, dz, dpart), zz = dot(dz, dz, dpart);
        zeta = SHIFT + 1.0 / xz;
        printf("  %5d %20.13e %20.13e\n", it, rnorm, zeta);
        scale_into<<<g, THREADS>>>(NA, 1.0 / sqrt(zz), dz, dx);
    }
    CK(cudaDeviceSynchronize());
    std::vector<double> x(NA);
    CK(cudaMemcpy(x.data(), dx, NA * 8, cudaMemcpyDeviceToHost));
    printf("zeta %.13e, x[0] %a x[%d] %a\n", zeta, x[0], NA - 1, x[NA - 1]);
    return 0;
}
