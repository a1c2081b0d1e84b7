// Rodinia-style Needleman-Wunsch: the score matrix filled block-diagonal by block-diagonal,
// each BLOCK_SIZE x BLOCK_SIZE tile computed by one block of BLOCK_SIZE threads sweeping its
// own anti-diagonals in shared memory (upper-left triangle, then lower-right), with a
// BLOSUM-like substitution table in a global __device__ array filled by cudaMemcpyToSymbol.
// Two kernel launches per block-diagonal (growing then shrinking). The last row, traceback
// score and checksums are compared with a host DP.
#include <cstdio>
#include <vector>
#define BLOCK_SIZE 16
#define PENALTY 10
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ int d_blosum[24][24];

__device__ __host__ inline int max3(int a, int b, int c) { int m = a > b ? a : b; return m > c ? m : c; }

__global__ void nw_tile(int* score, const int* seqa, const int* seqb, int cols, int diag, int first_bx) {
    __shared__ int s[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
    __shared__ int ref[BLOCK_SIZE][BLOCK_SIZE];
    int bx = first_bx + blockIdx.x, by = diag - bx;
    int tx = threadIdx.x;
    int r0 = by * BLOCK_SIZE, c0 = bx * BLOCK_SIZE;  // top-left of the tile's inner cells is (r0+1, c0+1)
    for (int i = 0; i < BLOCK_SIZE; ++i) ref[i][tx] = d_blosum[seqa[r0 + i]][seqb[c0 + tx]];
    if (tx == 0) s[0][0] = score[r0 * cols + c0];
    s[tx + 1][0] = score[(r0 + tx + 1) * cols + c0];
    s[0][tx + 1] = score[r0 * cols + c0 + tx + 1];
    __syncthreads();
    for (int d = 0; d < 2 * BLOCK_SIZE - 1; ++d) {
        int i = tx, j = d - tx;
        if (j >= 0 && j < BLOCK_SIZE)
            s[i + 1][j + 1] = max3(s[i][j] + ref[i][j], s[i][j + 1] - PENALTY, s[i + 1][j] - PENALTY);
        __syncthreads();
    }
    for (int i = 0; i < BLOCK_SIZE; ++i) score[(r0 + i + 1) * cols + c0 + tx + 1] = s[i + 1][tx + 1];
}

int main() {
    const int n = 96;  // sequence length (multiple of BLOCK_SIZE)
    const int cols = n + 1;
    int blosum[24][24];
    for (int i = 0; i < 24; ++i)
        for (int j = 0; j < 24; ++j) blosum[i][j] = i == j ? 4 + (i % 5) : ((i * 7 + j * 3) % 9) - 5;
    CK(cudaMemcpyToSymbol(d_blosum, blosum, sizeof blosum));
    std::vector<int> a(n), b(n);
    unsigned s = 7u;
    for (int i = 0; i < n; ++i) { s = s * 1103515245u + 12345u; a[i] = (s >> 16) % 24; s = s * 1103515245u + 12345u; b[i] = (s >> 16) % 24; }
    std::vector<int> sc(cols * cols, 0);
    for (int i = 0; i < cols; ++i) { sc[i * cols] = -i * PENALTY; sc[i] = -i * PENALTY; }
    int *d_sc, *d_a, *d_b;
    CK(cudaMalloc(&d_sc, cols * cols * sizeof(int))); CK(cudaMalloc(&d_a, n * sizeof(int))); CK(cudaMalloc(&d_b, n * sizeof(int)));
    CK(cudaMemcpy(d_sc, sc.data(), cols * cols * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_a, a.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_b, b.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    int nb = n / BLOCK_SIZE;
    for (int diag = 0; diag < 2 * nb - 1; ++diag) {
        int first = diag < nb ? 0 : diag - nb + 1, last = diag < nb ? diag : nb - 1;
        nw_tile<<<last - first + 1, BLOCK_SIZE>>>(d_sc, d_a, d_b, cols, diag, first);
    }
    CK(cudaGetLastError());
    std::vector<int> out(cols * cols);
    CK(cudaMemcpy(out.data(), d_sc, cols * cols * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 1; i < cols; ++i)
        for (int j = 1; j < cols; ++j)
            sc[i * cols + j] = max3(sc[(i - 1) * cols + j - 1] + blosum[a[i - 1]][b[j - 1]], sc[(i - 1) * cols + j] - PENALTY, sc[i * cols + j - 1] - PENALTY);
    int mism = 0; long long sum = 0;
    for (int i = 0; i < cols * cols; ++i) { mism += out[i] != sc[i]; sum += out[i] * (long long)(i % 13 + 1); }
    printf("final score %d, weighted sum %lld, mismatches vs host %d\n", out[cols * cols - 1], sum, mism);
    printf("last row:");
    for (int j = 0; j < cols; j += 8) printf(" %d", out[n * cols + j]);
    printf("\n");
    // traceback on the host from the device matrix
    int i = n, j = n, matches = 0, gaps = 0;
    while (i > 0 && j > 0) {
        int v = out[i * cols + j];
        if (v == out[(i - 1) * cols + j - 1] + blosum[a[i - 1]][b[j - 1]]) { matches += a[i - 1] == b[j - 1]; --i; --j; }
        else if (v == out[(i - 1) * cols + j] - PENALTY) { ++gaps; --i; }
        else { ++gaps; --j; }
    }
    printf("traceback: %d identical pairs, %d gaps, stopped at (%d,%d)\n", matches, gaps + i + j, i, j);
    return 0;
}
