// Backtracking with an explicit stack in local memory (a sudoku solver per thread, each thread a
// different puzzle made by removing cells from one solved grid), and a large per-thread local
// array (4 KiB, indexed by data) as learners write them; counts of steps and the solutions' sums.
#include <cstdio>
#include <cuda_runtime.h>
__device__ bool ok(const unsigned char *g, int pos, int v) {
    int r = pos / 9, c = pos % 9;
    for (int i = 0; i < 9; ++i) if (g[r * 9 + i] == v || g[i * 9 + c] == v) return false;
    int br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < 3; ++i) for (int j = 0; j < 3; ++j) if (g[(br + i) * 9 + bc + j] == v) return false;
    return true;
}
__global__ void solve(const unsigned char *puzzles, unsigned char *out, int *steps, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned char g[81];
    int stack[81], sp = 0, cnt = 0;
    for (int i = 0; i < 81; ++i) g[i] = puzzles[t * 81 + i];
    int pos = 0;
    while (pos < 81 && g[pos]) ++pos;
    int v = 1;
    while (pos < 81) {
        ++cnt;
        while (v <= 9 && !ok(g, pos, v)) ++v;
        if (v <= 9) {
            g[pos] = v; stack[sp++] = pos;
            do ++pos; while (pos < 81 && g[pos]);
            v = 1;
        } else {
            if (sp == 0) { cnt = -cnt; break; }
            pos = stack[--sp];
            v = g[pos] + 1; g[pos] = 0;
        }
    }
    for (int i = 0; i < 81; ++i) out[t * 81 + i] = g[i];
    steps[t] = cnt;
}
__global__ void bigLocal(const int *in, int *out) {
    int buf[1024];
    int t = threadIdx.x;
    for (int i = 0; i < 1024; ++i) buf[i] = (i * 31 + t) & 1023;
    int x = in[t] & 1023, s = 0;
    for (int k = 0; k < 200; ++k) { x = buf[x]; s += x; }
    out[t] = s;
}
int main() {
    const char *sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const int n = 40;
    unsigned char h[n * 81];
    for (int p = 0; p < n; ++p)
        for (int i = 0; i < 81; ++i) h[p * 81 + i] = ((i * 7 + p * 13) % 10 < 4 + p % 3) ? 0 : sol[i] - '0';
    unsigned char *dp, *dout; int *ds;
    cudaMalloc(&dp, sizeof h); cudaMalloc(&dout, sizeof h); cudaMalloc(&ds, n * 4);
    cudaMemcpy(dp, h, sizeof h, cudaMemcpyHostToDevice);
    solve<<<2, 32>>>(dp, dout, ds, n);
    int steps[n];
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost); cudaMemcpy(steps, ds, n * 4, cudaMemcpyDeviceToHost);
    int same = 0; long total = 0;
    for (int p = 0; p < n; ++p) { int eq = 1; for (int i = 0; i < 81; ++i) eq &= h[p * 81 + i] == sol[i] - '0'; same += eq; total += steps[p]; }
    printf("sudoku: %d of %d give the original grid, steps total %ld, p0 %d p7 %d p39 %d\n", same, n, total, steps[0], steps[7], steps[39]);
    int hin[128], hout[128], *din, *dout2;
    for (int i = 0; i < 128; ++i) hin[i] = i * 977;
    cudaMalloc(&din, 512); cudaMalloc(&dout2, 512);
    cudaMemcpy(din, hin, 512, cudaMemcpyHostToDevice);
    bigLocal<<<1, 128>>>(din, dout2);
    cudaError_t e = cudaMemcpy(hout, dout2, 512, cudaMemcpyDeviceToHost);
    long s = 0; for (int i = 0; i < 128; ++i) s += hout[i] * (i + 1);
    printf("big local %s sum %ld out[0] %d out[127] %d\n", cudaGetErrorName(e), s, hout[0], hout[127]);
}
