// __constant__ and __device__ symbols as learners (mis)use them: cudaMemcpyToSymbol with an
// offset, past the end, with the wrong kind; cudaMemcpy to the host shadow address (&symbol);
// cudaGetSymbolAddress/Size; a constant lookup table used by a kernel; memcpyFromSymbol.
#include <cstdio>
#include <cuda_runtime.h>
__constant__ float coeffs[8];
__device__ int devArr[16];
__device__ double devScalar;
__global__ void useTable(float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = coeffs[i % 8] * i + devArr[i % 16] + (float)devScalar;
}
static void r(const char *w, cudaError_t e) { printf("%-40s %s\n", w, cudaGetErrorName(e)); cudaGetLastError(); }
int main() {
    float c[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    r("toSymbol whole", cudaMemcpyToSymbol(coeffs, c, sizeof c));
    float two[2] = {-1, -2};
    r("toSymbol offset 24 (last two)", cudaMemcpyToSymbol(coeffs, two, 8, 24));
    r("toSymbol offset 28 size 8 (past end)", cudaMemcpyToSymbol(coeffs, two, 8, 28));
    r("toSymbol size 36 (past end)", cudaMemcpyToSymbol(coeffs, c, 36));
    r("toSymbol kind D2H", cudaMemcpyToSymbol(coeffs, c, 8, 0, cudaMemcpyDeviceToHost));
    r("toSymbol kind H2H", cudaMemcpyToSymbol(coeffs, c, 8, 0, cudaMemcpyHostToHost));
    int a[16];
    for (int i = 0; i < 16; ++i) a[i] = i * 10;
    r("toSymbol devArr", cudaMemcpyToSymbol(devArr, a, sizeof a));
    double sc = 0.5;
    r("toSymbol devScalar", cudaMemcpyToSymbol(devScalar, &sc, sizeof sc));
    r("cudaMemcpy to &devScalar (host shadow)", cudaMemcpy(&devScalar, &sc, 8, cudaMemcpyHostToDevice));
    r("cudaMemcpy default to &devScalar", cudaMemcpy(&devScalar, &sc, 8, cudaMemcpyDefault));
    void *p = nullptr; size_t sz = 0;
    r("getSymbolAddress coeffs", cudaGetSymbolAddress(&p, coeffs));
    r("getSymbolSize devArr", cudaGetSymbolSize(&sz, devArr));
    printf("size %zu addr nonnull %d\n", sz, p != nullptr);
    r("getSymbolAddress of a host variable", cudaGetSymbolAddress(&p, c));
    int *pa;
    cudaGetSymbolAddress((void **)&pa, devArr);
    int seven = 7;
    r("cudaMemcpy via symbol address", cudaMemcpy(pa + 3, &seven, 4, cudaMemcpyHostToDevice));
    float *out; cudaMalloc(&out, 40 * 4);
    useTable<<<2, 20>>>(out, 40);
    float h[40];
    r("memcpy results", cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 40; i += 3) printf("%g ", h[i]);
    printf("\n");
    float back[8];
    r("fromSymbol", cudaMemcpyFromSymbol(back, coeffs, sizeof back));
    for (float v : back) printf("%g ", v);
    printf("\n");
    r("fromSymbol offset past end", cudaMemcpyFromSymbol(back, coeffs, 4, 32));
    r("final last error", cudaGetLastError());
}
