// cudaMemGetInfo relations across allocations, cudaMemcpyPeer on one device, symbol copies with
// offsets and kinds.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-84s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__device__ int sym[16];
__constant__ float csym[8];
__device__ char bytes[5];

__global__ void readsym(int *out) { out[threadIdx.x] = sym[threadIdx.x] + (int)csym[threadIdx.x % 8]; }

int main() {
    size_t f0, t0, f1, t1, f2, t2;
    R(cudaMemGetInfo(&f0, &t0));
    printf("free<=total %d total>0 %d\n", f0 <= t0, t0 > 0);
    void *big;
    R(cudaMalloc(&big, 256 << 20));
    R(cudaMemGetInfo(&f1, &t1));
    printf("total unchanged %d, free dropped by >= 256MiB %d, by < 300MiB %d\n", t1 == t0, f0 - f1 >= (256u << 20),
           f0 - f1 < (300u << 20));
    R(cudaFree(big));
    R(cudaMemGetInfo(&f2, &t2));
    printf("free restored within 8MiB %d\n", (f2 > f0 ? f2 - f0 : f0 - f2) <= (8u << 20));
    void *m;
    R(cudaMallocManaged(&m, 64 << 20));
    R(cudaMemGetInfo(&f1, &t1));
    printf("managed alloc lowers free by < 64MiB %d\n", f2 - f1 < (64u << 20) || f1 > f2);
    R(cudaFree(m));
    void *h;
    R(cudaMallocHost(&h, 64 << 20));
    R(cudaMemGetInfo(&f1, &t1));
    printf("pinned host alloc lowers free by < 8MiB %d\n", f2 < f1 || f2 - f1 < (8u << 20));
    R(cudaFreeHost(h));
    R(cudaMemGetInfo(nullptr, &t1));
    R(cudaMemGetInfo(&f1, nullptr));
    R(cudaGetLastError());
    // Peer copies on one device.
    int can = -1;
    R(cudaDeviceCanAccessPeer(&can, 0, 0));
    printf("canAccessPeer(0,0) %d\n", can);
    R(cudaDeviceCanAccessPeer(&can, 0, 1));
    R(cudaDeviceEnablePeerAccess(0, 0));
    R(cudaDeviceEnablePeerAccess(1, 0));
    R(cudaDeviceEnablePeerAccess(0, 1));
    R(cudaGetLastError());
    int *a, *b;
    R(cudaMalloc(&a, 64));
    R(cudaMalloc(&b, 64));
    int src[16];
    for (int i = 0; i < 16; i++) src[i] = i * 3;
    R(cudaMemcpy(a, src, 64, cudaMemcpyHostToDevice));
    R(cudaMemcpyPeer(b, 0, a, 0, 64));
    int got[16] = {0};
    R(cudaMemcpy(got, b, 64, cudaMemcpyDeviceToHost));
    printf("peer copy: %d %d\n", got[1], got[15]);
    R(cudaMemcpyPeer(b, 1, a, 0, 64));
    R(cudaMemcpyPeer(b, 0, a, -1, 64));
    R(cudaMemcpyPeer(b, 0, a, 0, 0));
    R(cudaMemcpyPeer(b, 0, a, 0, 128));
    R(cudaMemcpyPeerAsync(b, 0, a, 0, 32, 0));
    R(cudaMemcpyPeer(src, 0, a, 0, 16));
    R(cudaGetLastError());
    R(cudaDeviceSynchronize());
    cudaMemcpy3DPeerParms pp = {};
    pp.srcPtr = make_cudaPitchedPtr(a, 16, 16, 4);
    pp.dstPtr = make_cudaPitchedPtr(b, 16, 16, 4);
    pp.extent = make_cudaExtent(8, 4, 1);
    pp.srcDevice = 0;
    pp.dstDevice = 0;
    R(cudaMemcpy3DPeer(&pp));
    pp.dstDevice = 2;
    R(cudaMemcpy3DPeer(&pp));
    R(cudaGetLastError());
    // Symbols.
    int vals[16];
    for (int i = 0; i < 16; i++) vals[i] = 100 + i;
    R(cudaMemcpyToSymbol(sym, vals, sizeof vals));
    R(cudaMemcpyToSymbol(sym, vals, 8, 60));
    R(cudaMemcpyToSymbol(sym, vals, 8, 56));
    R(cudaMemcpyToSymbol(sym, vals, 4, 2));
    R(cudaMemcpyToSymbol(sym, vals, 0, 0));
    R(cudaMemcpyToSymbol(sym, vals, 4, 0, cudaMemcpyDeviceToHost));
    R(cudaMemcpyToSymbol(sym, a, 4, 4, cudaMemcpyDeviceToDevice));
    R(cudaMemcpyToSymbol(sym, vals, 4, 8, cudaMemcpyDefault));
    R(cudaGetLastError());
    float cv[8] = {0.5f, 1, 2, 3, 4, 5, 6, 7};
    R(cudaMemcpyToSymbol(csym, cv, sizeof cv));
    R(cudaMemcpyToSymbolAsync(csym, cv, 4, 28, cudaMemcpyHostToDevice, 0));
    R(cudaMemcpyToSymbolAsync(csym, cv, 8, 28, cudaMemcpyHostToDevice, 0));
    R(cudaGetLastError());
    int *out;
    R(cudaMalloc(&out, 64));
    readsym<<<1, 16>>>(out);
    R(cudaMemcpy(got, out, 64, cudaMemcpyDeviceToHost));
    printf("sym+csym:");
    for (int i = 0; i < 16; i++) printf(" %d", got[i]);
    printf("\n");
    int back[16] = {0};
    R(cudaMemcpyFromSymbol(back, sym, 12, 52));
    printf("from offset 52: %d %d %d\n", back[0], back[1], back[2]);
    R(cudaMemcpyFromSymbol(back, sym, 4, 64));
    R(cudaMemcpyFromSymbol(back, bytes, 5));
    R(cudaMemcpyFromSymbol(back, bytes, 6));
    R(cudaGetLastError());
    size_t sz = 0;
    void *addr = nullptr;
    R(cudaGetSymbolSize(&sz, bytes));
    printf("bytes size %zu\n", sz);
    R(cudaGetSymbolAddress(&addr, csym));
    R(cudaMemcpy(back, addr, 8, cudaMemcpyDeviceToHost));
    printf("csym via address: %g %g\n", ((float *)back)[0], ((float *)back)[1]);
    int notsym;
    R(cudaGetSymbolSize(&sz, &notsym));
    R(cudaMemcpyToSymbol(&notsym, vals, 4));
    R(cudaGetLastError());
    return 0;
}
