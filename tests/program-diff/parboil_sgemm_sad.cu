// Parboil-style register-tiled SGEMM and SAD. SGEMM: C = alpha*A*B^T + beta*C (column-major as
// Parboil's), each thread of a TILE_N=16 x TILE_TB_HEIGHT=8 block keeping a column of TILE_M
// results in registers while a TILE_N-wide strip of B is staged in shared memory; sizes are
// multiples of the tiles. SAD: sums of absolute differences between 4x4 blocks of a frame and a
// reference over a +-4 search window (81 positions), with __usad on packed bytes and
// shared-memory staging, per-macroblock best motion vector. Integer results are exact, the
// SGEMM results printed with %a.
#include <cstdio>
#include <cstdlib>
#include <vector>
#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void mysgemmNT(const float* A, int lda, const float* B, int ldb, float* C, int ldc, int k, float alpha, float beta) {
    float c[TILE_N];
    for (int i = 0; i < TILE_N; ++i) c[i] = 0.0f;
    int mid = threadIdx.y * blockDim.x + threadIdx.x;
    int m = blockIdx.x * TILE_M + mid;
    int n = blockIdx.y * TILE_N + threadIdx.x;
    __shared__ float b_s[TILE_TB_HEIGHT][TILE_N];
    for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
        float a;
        b_s[threadIdx.y][threadIdx.x] = B[n + (i + threadIdx.y) * ldb];
        __syncthreads();
        for (int j = 0; j < TILE_TB_HEIGHT; ++j) {
            a = A[m + (i + j) * lda];
            for (int kk = 0; kk < TILE_N; ++kk) c[kk] += a * b_s[j][kk];
        }
        __syncthreads();
    }
    int t = ldc * blockIdx.y * TILE_N + m;
    for (int i = 0; i < TILE_N; ++i) C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
}

#define SEARCH 4
#define POS ((2 * SEARCH + 1) * (2 * SEARCH + 1))
__global__ void sad4x4(const unsigned char* cur, const unsigned char* ref, int w, int h, unsigned short* sads) {
    __shared__ unsigned char win[12][12];
    int mbx = blockIdx.x, mby = blockIdx.y;
    int x0 = mbx * 4 - SEARCH, y0 = mby * 4 - SEARCH;
    for (int i = threadIdx.x; i < 144; i += blockDim.x) {
        int xx = x0 + i % 12, yy = y0 + i / 12;
        xx = xx < 0 ? 0 : xx >= w ? w - 1 : xx; yy = yy < 0 ? 0 : yy >= h ? h - 1 : yy;
        win[i / 12][i % 12] = ref[yy * w + xx];
    }
    __syncthreads();
    int p = threadIdx.x;
    if (p >= POS) return;
    int dx = p % (2 * SEARCH + 1), dy = p / (2 * SEARCH + 1);
    unsigned s = 0;
    for (int r = 0; r < 4; ++r) {
        const unsigned char* crow = cur + (mby * 4 + r) * w + mbx * 4;
        for (int c = 0; c < 4; ++c) s = __usad(crow[c], win[dy + r][dx + c], s);
    }
    sads[((mby * gridDim.x) + mbx) * POS + p] = (unsigned short)s;
}

int main() {
    const int M = 256, N = 48, K = 40;
    std::vector<float> A(M * K), B(N * K), C(M * N);
    for (int i = 0; i < M * K; ++i) A[i] = (float)((i * 7) % 19) * 0.25f - 2.0f;
    for (int i = 0; i < N * K; ++i) B[i] = (float)((i * 11) % 23) * 0.125f - 1.0f;
    for (int i = 0; i < M * N; ++i) C[i] = (float)(i % 5);
    float *dA, *dB, *dC;
    CK(cudaMalloc(&dA, A.size() * 4)); CK(cudaMalloc(&dB, B.size() * 4)); CK(cudaMalloc(&dC, C.size() * 4));
    CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dC, C.data(), C.size() * 4, cudaMemcpyHostToDevice));
    dim3 grid(M / TILE_M, N / TILE_N), threads(TILE_N, TILE_TB_HEIGHT);
    mysgemmNT<<<grid, threads>>>(dA, M, dB, N, dC, M, K, 1.5f, 0.5f);
    std::vector<float> out(M * N);
    CK(cudaMemcpy(out.data(), dC, out.size() * 4, cudaMemcpyDeviceToHost));
    int bad = 0; double sum = 0;
    for (int mm = 0; mm < M; ++mm) for (int nn = 0; nn < N; ++nn) {
        float acc = 0; for (int kk = 0; kk < K; ++kk) acc += A[mm + kk * M] * B[nn + kk * N];  // exact: quarter/eighth grid values
        float want = C[mm + nn * M] * 0.5f + 1.5f * acc;
        bad += out[mm + nn * M] != want; sum += out[mm + nn * M];
    }
    printf("sgemm: %d differ from the exact host result, sum %.9g, C[0] %a C[last] %a\n", bad, sum, out[0], out[M * N - 1]);
    const int w = 36, h = 20;
    std::vector<unsigned char> cur(w * h), ref(w * h);
    for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) {
        ref[y * w + x] = (unsigned char)((x * 13 + y * 29 + (x * y) % 7) & 255);
        int sx = x + 2 < w ? x + 2 : w - 1, sy = y > 0 ? y - 1 : 0;  // motion (+2, -1) with noise
        cur[y * w + x] = (unsigned char)(((sx * 13 + sy * 29 + (sx * sy) % 7) & 255) ^ ((x * y) % 3));
    }
    unsigned char *dcur, *dref; unsigned short* dsad;
    int mbw = w / 4, mbh = h / 4;
    CK(cudaMalloc(&dcur, w * h)); CK(cudaMalloc(&dref, w * h)); CK(cudaMallocManaged(&dsad, mbw * mbh * POS * 2));
    CK(cudaMemcpy(dcur, cur.data(), w * h, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dref, ref.data(), w * h, cudaMemcpyHostToDevice));
    sad4x4<<<dim3(mbw, mbh), 96>>>(dcur, dref, w, h, dsad);
    CK(cudaDeviceSynchronize());
    int hist[POS] = {0}; long long total = 0; int badsad = 0;
    for (int mb = 0; mb < mbw * mbh; ++mb) {
        int best = 0;
        for (int p = 0; p < POS; ++p) {
            if (dsad[mb * POS + p] < dsad[mb * POS + best]) best = p;
            total += dsad[mb * POS + p];
            int mbx = mb % mbw, mby = mb / mbw, dx = p % 9 - 4, dy = p / 9 - 4; unsigned s = 0;
            for (int r = 0; r < 4; ++r) for (int c = 0; c < 4; ++c) {
                int xx = mbx * 4 + c + dx, yy = mby * 4 + r + dy;
                xx = xx < 0 ? 0 : xx >= w ? w - 1 : xx; yy = yy < 0 ? 0 : yy >= h ? h - 1 : yy;
                s += abs((int)cur[(mby * 4 + r) * w + mbx * 4 + c] - (int)ref[yy * w + xx]);
            }
            badsad += s != dsad[mb * POS + p];
        }
        hist[best]++;
    }
    printf("sad: total %lld, host mismatches %d, best vectors:", total, badsad);
    for (int p = 0; p < POS; ++p) if (hist[p]) printf(" (%d,%d)x%d", p % 9 - 4, p / 9 - 4, hist[p]);
    printf("\n");
    return 0;
}
