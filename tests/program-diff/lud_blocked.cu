// Rodinia-style blocked LU decomposition (no pivoting) of a diagonally dominant float matrix:
// per step a diagonal kernel (one block, BLOCK_SIZE threads, shared tile), a perimeter kernel
// (row and column strips) and an internal kernel (trailing update with two shared tiles). The
// matrix size is a multiple of BLOCK_SIZE. Prints L and U entries with %a and the
// reconstruction error of L*U against A computed on the host in double.
#include <cstdio>
#include <cmath>
#include <vector>
#define BLOCK_SIZE 16
#define AT(m, i, j) m[(i) * n + (j)]
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void lud_diagonal(float* m, int n, int off) {
    __shared__ float sh[BLOCK_SIZE][BLOCK_SIZE];
    int t = threadIdx.x;
    for (int i = 0; i < BLOCK_SIZE; ++i) sh[i][t] = AT(m, off + i, off + t);
    __syncthreads();
    for (int i = 0; i < BLOCK_SIZE - 1; ++i) {
        if (t > i) {
            for (int j = 0; j < i; ++j) sh[t][i] -= sh[t][j] * sh[j][i];
            sh[t][i] /= sh[i][i];
        }
        __syncthreads();
        if (t > i) {
            for (int j = 0; j < i + 1; ++j) sh[i + 1][t] -= sh[i + 1][j] * sh[j][t];
        }
        __syncthreads();
    }
    for (int i = 1; i < BLOCK_SIZE; ++i) AT(m, off + i, off + t) = sh[i][t];
}

__global__ void lud_perimeter(float* m, int n, int off) {
    __shared__ float dia[BLOCK_SIZE][BLOCK_SIZE], row[BLOCK_SIZE][BLOCK_SIZE], col[BLOCK_SIZE][BLOCK_SIZE];
    int t = threadIdx.x, bx = blockIdx.x;
    if (t < BLOCK_SIZE) {
        for (int i = 0; i < BLOCK_SIZE / 2; ++i) dia[i][t] = AT(m, off + i, off + t);
        for (int i = 0; i < BLOCK_SIZE; ++i) row[i][t] = AT(m, off + i, off + (bx + 1) * BLOCK_SIZE + t);
    } else {
        int tt = t - BLOCK_SIZE;
        for (int i = BLOCK_SIZE / 2; i < BLOCK_SIZE; ++i) dia[i][tt] = AT(m, off + i, off + tt);
        for (int i = 0; i < BLOCK_SIZE; ++i) col[i][tt] = AT(m, off + (bx + 1) * BLOCK_SIZE + i, off + tt);
    }
    __syncthreads();
    if (t < BLOCK_SIZE) {
        for (int i = 1; i < BLOCK_SIZE; ++i)
            for (int j = 0; j < i; ++j) row[i][t] -= dia[i][j] * row[j][t];
    } else {
        int tt = t - BLOCK_SIZE;
        for (int i = 0; i < BLOCK_SIZE; ++i) {
            for (int j = 0; j < i; ++j) col[tt][i] -= col[tt][j] * dia[j][i];
            col[tt][i] /= dia[i][i];
        }
    }
    __syncthreads();
    if (t < BLOCK_SIZE) {
        for (int i = 1; i < BLOCK_SIZE; ++i) AT(m, off + i, off + (bx + 1) * BLOCK_SIZE + t) = row[i][t];
    } else {
        int tt = t - BLOCK_SIZE;
        for (int i = 0; i < BLOCK_SIZE; ++i) AT(m, off + (bx + 1) * BLOCK_SIZE + i, off + tt) = col[i][tt];
    }
}

__global__ void lud_internal(float* m, int n, int off) {
    __shared__ float prow[BLOCK_SIZE][BLOCK_SIZE], pcol[BLOCK_SIZE][BLOCK_SIZE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gr = off + (blockIdx.y + 1) * BLOCK_SIZE, gc = off + (blockIdx.x + 1) * BLOCK_SIZE;
    prow[ty][tx] = AT(m, off + ty, gc + tx);
    pcol[ty][tx] = AT(m, gr + ty, off + tx);
    __syncthreads();
    float sum = 0;
    #pragma unroll 4
    for (int i = 0; i < BLOCK_SIZE; ++i) sum += pcol[ty][i] * prow[i][tx];
    AT(m, gr + ty, gc + tx) -= sum;
}

int main() {
    const int n = 80;
    std::vector<float> a(n * n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) AT(a, i, j) = (i == j) ? 2.0f * n : (float)(((i * 31 + j * 17) % 23) - 11) / 8.0f;
    float* d;
    CK(cudaMalloc(&d, n * n * sizeof(float)));
    CK(cudaMemcpy(d, a.data(), n * n * sizeof(float), cudaMemcpyHostToDevice));
    int off;
    for (off = 0; off < n - BLOCK_SIZE; off += BLOCK_SIZE) {
        lud_diagonal<<<1, BLOCK_SIZE>>>(d, n, off);
        int rest = (n - off) / BLOCK_SIZE - 1;
        lud_perimeter<<<rest, 2 * BLOCK_SIZE>>>(d, n, off);
        lud_internal<<<dim3(rest, rest), dim3(BLOCK_SIZE, BLOCK_SIZE)>>>(d, n, off);
    }
    lud_diagonal<<<1, BLOCK_SIZE>>>(d, n, off);
    CK(cudaGetLastError());
    std::vector<float> lu(n * n);
    CK(cudaMemcpy(lu.data(), d, n * n * sizeof(float), cudaMemcpyDeviceToHost));
    double maxerr = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            double s = 0;
            for (int k = 0; k <= (i < j ? i : j); ++k) s += (k == i ? 1.0 : (double)AT(lu, i, k)) * AT(lu, k, j);
            maxerr = fmax(maxerr, fabs(s - AT(a, i, j)));
        }
    for (int i = 0; i < n; i += 9) printf("LU[%d][%d]=%a LU[%d][%d]=%a\n", i, (i * 5) % n, AT(lu, i, (i * 5) % n), i, n - 1 - i, AT(lu, i, n - 1 - i));
    double tr = 0; for (int i = 0; i < n; ++i) tr += AT(lu, i, i);
    printf("trace of U %.9g, reconstruction %s\n", tr, maxerr < 1e-3 ? "ok" : "BAD");
    return 0;
}
