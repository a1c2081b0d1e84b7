// Sequence alignment by dynamic programming along anti-diagonals: Smith-Waterman local
// alignment (affine gaps, H/E/F matrices) with one block per sequence pair and one thread per
// row, cells of a diagonal computed between __syncthreads; the three previous diagonals kept in
// shared memory rings; the best score reduced with __reduce_max_sync then atomicMax. Plus
// Needleman-Wunsch global alignment across kernel launches (one launch per anti-diagonal).
#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int MAXL = 256, MATCH = 3, MISMATCH = -2, GAP_OPEN = -4, GAP_EXT = -1;

__global__ void sw_block(const char* __restrict__ a, const int* __restrict__ alen, const char* __restrict__ b,
                         const int* __restrict__ blen, int* best) {
    __shared__ int H[3][MAXL + 1], E[2][MAXL + 1], F[2][MAXL + 1];
    const char* A = a + blockIdx.x * MAXL; const char* B = b + blockIdx.x * MAXL;
    int n = alen[blockIdx.x], m = blen[blockIdx.x];
    int i = threadIdx.x + 1;   // row; rows above blockDim.x are handled in a second pass of the ring
    for (int k = threadIdx.x; k <= MAXL; k += blockDim.x) { H[0][k] = H[1][k] = H[2][k] = 0; E[0][k] = E[1][k] = F[0][k] = F[1][k] = -1000; }
    __syncthreads();
    int mybest = 0;
    for (int d = 2; d <= n + m; ++d) {        // cell (i, j) with i + j = d
        int cur = d % 3, p1 = (d + 2) % 3, p2 = (d + 1) % 3, e = d & 1, pe = e ^ 1;
        for (int r = i; r <= n; r += blockDim.x) {
            int j = d - r;
            if (j >= 1 && j <= m) {
                int hl = H[p1][r], hu = H[p1][r - 1], hd = H[p2][r - 1];   // left (i, j-1), up (i-1, j), diag
                int ev = max(E[pe][r] + GAP_EXT, hl + GAP_OPEN);
                int fv = max(F[pe][r - 1] + GAP_EXT, hu + GAP_OPEN);
                int hv = max(0, max(hd + (A[r - 1] == B[j - 1] ? MATCH : MISMATCH), max(ev, fv)));
                H[cur][r] = hv; E[e][r] = ev; F[e][r] = fv;
                mybest = max(mybest, hv);
            } else if (r <= n) { H[cur][r] = 0; E[e][r] = -1000; F[e][r] = -1000; }
        }
        if (threadIdx.x == 0) { H[cur][0] = 0; E[e][0] = F[e][0] = -1000; }
        __syncthreads();
    }
    int w = __reduce_max_sync(0xffffffffu, mybest);
    if ((threadIdx.x & 31) == 0) atomicMax(&best[blockIdx.x], w);
}

__global__ void nw_diagonal(int* score, int n, int m, const char* __restrict__ a, const char* __restrict__ b, int d) {
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int j = d - i;
    if (i > n || j < 1 || j > m) return;
    int w = m + 1;
    int diag = score[(i - 1) * w + j - 1] + (a[i - 1] == b[j - 1] ? 1 : -1);
    score[i * w + j] = max(diag, max(score[(i - 1) * w + j] - 2, score[i * w + j - 1] - 2));
}

static int sw_host(const char* A, int n, const char* B, int m) {
    std::vector<std::vector<int>> H(n + 1, std::vector<int>(m + 1, 0)), E = H, F = H;
    int best = 0;
    for (int i = 0; i <= n; ++i) for (int j = 0; j <= m; ++j) { E[i][j] = F[i][j] = -1000; }
    for (int i = 1; i <= n; ++i) for (int j = 1; j <= m; ++j) {
        E[i][j] = std::max(E[i][j - 1] + GAP_EXT, H[i][j - 1] + GAP_OPEN);
        F[i][j] = std::max(F[i - 1][j] + GAP_EXT, H[i - 1][j] + GAP_OPEN);
        H[i][j] = std::max(0, std::max(H[i - 1][j - 1] + (A[i - 1] == B[j - 1] ? MATCH : MISMATCH), std::max(E[i][j], F[i][j])));
        best = std::max(best, H[i][j]);
    }
    return best;
}

int main() {
    const int P = 6;
    int lens[P][2] = {{1, 1}, {31, 40}, {64, 64}, {100, 77}, {200, 256}, {256, 190}};
    std::vector<char> A(P * MAXL, 0), B(P * MAXL, 0);
    unsigned s = 4242;
    const char* alpha = "ACGT";
    int alen[P], blen[P];
    for (int p = 0; p < P; ++p) {
        alen[p] = lens[p][0]; blen[p] = lens[p][1];
        for (int i = 0; i < alen[p]; ++i) { s = s * 69069u + 1; A[p * MAXL + i] = alpha[(s >> 16) & 3]; }
        for (int j = 0; j < blen[p]; ++j) { s = s * 69069u + 1; B[p * MAXL + j] = (j % 5 && j < alen[p]) ? A[p * MAXL + j] : alpha[(s >> 16) & 3]; }
    }
    char *da, *dbb; int *dal, *dbl, *dbest;
    CK(cudaMalloc(&da, P * MAXL)); CK(cudaMalloc(&dbb, P * MAXL)); CK(cudaMalloc(&dal, P * 4)); CK(cudaMalloc(&dbl, P * 4)); CK(cudaMalloc(&dbest, P * 4));
    CK(cudaMemcpy(da, A.data(), P * MAXL, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dbb, B.data(), P * MAXL, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dal, alen, sizeof alen, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dbl, blen, sizeof blen, cudaMemcpyHostToDevice));
    for (int threads : {32, 96, 256}) {
        CK(cudaMemset(dbest, 0, P * 4));
        sw_block<<<P, threads>>>(da, dal, dbb, dbl, dbest);
        CK(cudaGetLastError());
        int best[P]; CK(cudaMemcpy(best, dbest, sizeof best, cudaMemcpyDeviceToHost));
        printf("sw threads %3d:", threads);
        for (int p = 0; p < P; ++p) printf(" %d%s", best[p], best[p] == sw_host(&A[p * MAXL], alen[p], &B[p * MAXL], blen[p]) ? "" : "(MISMATCH)");
        printf("\n");
    }
    // Needleman-Wunsch, 300 x 211, one launch per anti-diagonal
    const int n = 300, m = 211;
    std::vector<char> a(n), b(m);
    for (int i = 0; i < n; ++i) { s = s * 69069u + 1; a[i] = alpha[(s >> 16) & 3]; }
    for (int j = 0; j < m; ++j) { s = s * 69069u + 1; b[j] = j % 3 ? a[j + 7] : alpha[(s >> 16) & 3]; }
    std::vector<int> sc((n + 1) * (m + 1), 0);
    for (int i = 0; i <= n; ++i) sc[i * (m + 1)] = -2 * i;
    for (int j = 0; j <= m; ++j) sc[j] = -2 * j;
    int* dsc; char *dA, *dB;
    CK(cudaMalloc(&dsc, sc.size() * 4)); CK(cudaMalloc(&dA, n)); CK(cudaMalloc(&dB, m));
    CK(cudaMemcpy(dsc, sc.data(), sc.size() * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dA, a.data(), n, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dB, b.data(), m, cudaMemcpyHostToDevice));
    for (int d = 2; d <= n + m; ++d) nw_diagonal<<<(n + 63) / 64, 64>>>(dsc, n, m, dA, dB, d);
    CK(cudaGetLastError());
    std::vector<int> out(sc.size());
    CK(cudaMemcpy(out.data(), dsc, sc.size() * 4, cudaMemcpyDeviceToHost));
    for (int i = 1; i <= n; ++i) for (int j = 1; j <= m; ++j)
        sc[i * (m + 1) + j] = std::max(sc[(i - 1) * (m + 1) + j - 1] + (a[i - 1] == b[j - 1] ? 1 : -1), std::max(sc[(i - 1) * (m + 1) + j] - 2, sc[i * (m + 1) + j - 1] - 2));
    long long chk = 0; int bad = 0;
    for (size_t k = 0; k < sc.size(); ++k) { chk += (long long)out[k] * (long long)(k % 101); bad += out[k] != sc[k]; }
    printf("nw score %d checksum %lld mismatches %d\n", out.back(), chk, bad);
    return 0;
}
