// cudaMemcpy2D/cudaMemset2D pitches around the maximum, zero and below the width, with one row and
// with two (an H200 ignores the pitch of a single row).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// cudaMemcpy2D / cudaMemset2D argument edges: pitches around the maximum, zero sizes, kinds.
int main() {
    int maxPitch = 0; cudaDeviceGetAttribute(&maxPitch, cudaDevAttrMaxPitch, 0);
    printf("max pitch %d\n", maxPitch);
    char *d; size_t pitch; R(cudaMallocPitch((void **)&d, &pitch, 100, 8)); printf("pitch %zu\n", pitch);
    char *e; cudaMalloc(&e, 1 << 20);
    char h[64 * 8];
    for (int i = 0; i < 64 * 8; i++) h[i] = (char)i;
    R(cudaMemcpy2D(d, pitch, h, 64, 64, 8, cudaMemcpyHostToDevice));
    R(cudaMemcpy2D(e, (size_t)maxPitch, d, pitch, 33, 1, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, (size_t)maxPitch + 1, d, pitch, 33, 1, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, pitch, d, (size_t)maxPitch + 1, 33, 1, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, (size_t)maxPitch + 1, d, pitch, 33, 2, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, (size_t)1 << 40, d, pitch, 33, 1, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(h, (size_t)maxPitch + 1, d, pitch, 33, 1, cudaMemcpyDeviceToHost));
    R(cudaMemcpy2D(e, 32, d, pitch, 33, 1, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, 32, d, pitch, 33, 2, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, 64, d, 32, 33, 2, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, 64, d, pitch, 0, 2, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, 64, d, pitch, 16, 0, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, 0, d, 0, 16, 1, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, 0, d, 0, 16, 2, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(e, 64, d, pitch, 16, 2, (cudaMemcpyKind)7));
    R(cudaMemcpy2D(e, 64, d, pitch, 16, 2, cudaMemcpyHostToHost));
    R(cudaMemcpy2D(e, 64, d, pitch, 16, 2, cudaMemcpyDefault));
    R(cudaMemcpy2D(h, 64, d, pitch, 64, 8, cudaMemcpyDeviceToHost));
    printf("h[65] %d h[447] %d\n", h[65], h[447]);
    // 2D memset edges
    R(cudaMemset2D(d, pitch, 1, 100, 8));
    R(cudaMemset2D(d, pitch, 1, pitch + 1, 8));
    R(cudaMemset2D(d, pitch, 1, 100, 9));
    R(cudaMemset2D(d, (size_t)maxPitch + 1, 1, 10, 1));
    R(cudaMemset2D(d, 0, 1, 10, 1));
    R(cudaMemset2D(d, 0, 1, 10, 2));
    R(cudaMemset2D(d, pitch, 1, 0, 8));
    R(cudaMemset2D(h, 64, 1, 10, 2));
    // async variants with a stream
    cudaStream_t s; cudaStreamCreate(&s);
    R(cudaMemcpy2DAsync(e, (size_t)maxPitch + 1, d, pitch, 33, 1, cudaMemcpyDeviceToDevice, s));
    R(cudaMemset2DAsync(d, (size_t)maxPitch + 1, 1, 10, 1, s));
    R(cudaStreamSynchronize(s));
    // cudaMallocPitch edges
    char *q; size_t qp;
    R(cudaMallocPitch((void **)&q, &qp, 0, 8)); printf("pitch for width 0: %zu\n", qp);
    R(cudaMallocPitch((void **)&q, &qp, 8, 0)); printf("pitch for height 0: %zu\n", qp);
    R(cudaMallocPitch((void **)&q, &qp, (size_t)maxPitch, 1)); printf("pitch for max width: %zu\n", qp);
    R(cudaMallocPitch((void **)&q, &qp, (size_t)maxPitch + 1, 1)); printf("pitch for max+1 width: %zu\n", qp);
    R(cudaMallocPitch((void **)&q, &qp, 513, 1)); printf("pitch for 513: %zu\n", qp);
    return 0;
}
