// cudaMemcpyBatchAsync: attribute groups, invalid index lists, source orders, flags and zero sizes;
// refused on the legacy stream and while capturing (the capture stays valid).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// cudaMemcpyBatchAsync (CUDA 12.8+): attributes, index lists, errors.
int main() {
    const int n = 8;
    int *d[n], *hsrc, *hdst;
    cudaMallocHost(&hsrc, n * 1024 * 4); cudaMallocHost(&hdst, n * 1024 * 4);
    for (int i = 0; i < n * 1024; i++) hsrc[i] = i * 3 + 1;
    for (int i = 0; i < n; i++) cudaMalloc(&d[i], 1024 * 4);
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    void *dsts[n]; const void *srcs[n]; size_t sizes[n];
    for (int i = 0; i < n; i++) { dsts[i] = d[i]; srcs[i] = hsrc + i * 1024; sizes[i] = (i + 1) * 512; }
    cudaMemcpyAttributes at = {};
    at.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    at.flags = cudaMemcpyFlagPreferOverlapWithCompute;
    size_t idx = 0;
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &at, &idx, 1, s));
    // back to host, two attribute groups
    void *dsts2[n]; const void *srcs2[n];
    for (int i = 0; i < n; i++) { dsts2[i] = hdst + i * 1024; srcs2[i] = d[i]; }
    cudaMemcpyAttributes at2[2] = {at, at}; at2[1].srcAccessOrder = cudaMemcpySrcAccessOrderDuringApiCall;
    size_t idx2[2] = {0, 4};
    R(cudaMemcpyBatchAsync(dsts2, srcs2, sizes, n, at2, idx2, 2, s));
    R(cudaStreamSynchronize(s));
    long long tot = 0; int bad = 0;
    for (int i = 0; i < n; i++) for (size_t j = 0; j < 1024; j++) {
        int want = j < sizes[i] / 4 ? hsrc[i * 1024 + j] : 0;
        if (j < sizes[i] / 4) { tot += hdst[i * 1024 + j]; if (hdst[i * 1024 + j] != want) bad++; }
    }
    printf("copied total %lld mismatches %d\n", tot, bad);
    // errors
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, 0, &at, &idx, 1, s));
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &at, &idx, 0, s));
    size_t idxbad = 3;
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &at, &idxbad, 1, s));
    size_t idxrev[2] = {4, 0};
    R(cudaMemcpyBatchAsync(dsts2, srcs2, sizes, n, at2, idxrev, 2, s));
    size_t idxbig = 9;
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &at, &idxbig, 1, s));
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &at, &idx, 1, 0));
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &at, &idx, 1, cudaStreamPerThread));
    R(cudaStreamSynchronize(cudaStreamPerThread));
    cudaMemcpyAttributes inv = at; inv.srcAccessOrder = cudaMemcpySrcAccessOrderInvalid;
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &inv, &idx, 1, s));
    inv = at; inv.flags = 0x80;
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &inv, &idx, 1, s));
    size_t zs[n]; for (int i = 0; i < n; i++) zs[i] = 0;
    R(cudaMemcpyBatchAsync(dsts, srcs, zs, n, &at, &idx, 1, s));
    R(cudaMemcpyBatchAsync(nullptr, srcs, sizes, n, &at, &idx, 1, s));
    void *big[1] = {d[0]}; const void *bigs[1] = {hsrc}; size_t bsz[1] = {1 << 20};
    R(cudaMemcpyBatchAsync(big, bigs, bsz, 1, &at, &idx, 1, s));
    R(cudaStreamSynchronize(s));
    // location hints
    cudaMemcpyAttributes loc = at;
    loc.srcLocHint.type = cudaMemLocationTypeHost; loc.dstLocHint.type = cudaMemLocationTypeDevice; loc.dstLocHint.id = 0;
    R(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &loc, &idx, 1, s));
    R(cudaStreamSynchronize(s));
    // device-to-device batch
    void *dd[2] = {d[1], d[2]}; const void *ds[2] = {d[3], d[4]}; size_t dz[2] = {4096, 4096};
    R(cudaMemcpyBatchAsync(dd, ds, dz, 2, &at, &idx, 1, s));
    R(cudaStreamSynchronize(s));
    int v; cudaMemcpy(&v, d[2] + 7, 4, cudaMemcpyDeviceToHost); printf("d2[7] = %d\n", v);
    // captured
    cudaGraph_t g;
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    R(cudaMemcpyBatchAsync(dd, ds, dz, 2, &at, &idx, 1, s));
    R(cudaStreamEndCapture(s, &g));
    size_t nn = 0; if (g) cudaGraphGetNodes(g, nullptr, &nn); printf("captured batch nodes %zu\n", nn);
    return 0;
}
