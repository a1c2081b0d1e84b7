// Unified memory the way tutorials teach it: cudaMallocManaged arrays touched by the host and by
// kernels in turn (with cudaDeviceSynchronize), a managed struct holding managed pointers (no deep
// copy needed), __managed__ globals, cudaMemPrefetchAsync to the device and back, cudaMemset on
// managed memory, and a linked list in managed memory built on the host and walked on the device.
#include <cstdio>
#include <cuda_runtime.h>
struct Grid { int w, h; float *cells; };
struct Item { int v; Item *next; };
__managed__ int gCount = 0;
__managed__ float gScale = 1.5f;
__global__ void relax(Grid *g) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= g->w) return;
    float *c = g->cells;
    c[y * g->w + x] = c[y * g->w + x] * gScale + y;
    atomicAdd(&gCount, 1);
}
__global__ void walk(const Item *p, int *out) {
    int s = 0, n = 0;
    for (; p; p = p->next) { s += p->v; ++n; }
    out[0] = s; out[1] = n;
}
int main() {
    Grid *g;
    cudaMallocManaged(&g, sizeof(Grid));
    g->w = 45; g->h = 7;
    cudaMallocManaged(&g->cells, g->w * g->h * sizeof(float));
    for (int i = 0; i < g->w * g->h; ++i) g->cells[i] = i * 0.25f;
    relax<<<dim3(2, g->h), 32>>>(g);
    cudaError_t e = cudaDeviceSynchronize();
    double s = 0; for (int i = 0; i < g->w * g->h; ++i) s += g->cells[i];
    printf("relax %s sum %.2f count %d c[last] %.3f\n", cudaGetErrorName(e), s, gCount, g->cells[g->w * g->h - 1]);
    gScale = 2.0f; gCount = 0;
    int dev; cudaGetDevice(&dev);
    cudaMemLocation loc = {cudaMemLocationTypeDevice, dev};
    e = cudaMemPrefetchAsync(g->cells, g->w * g->h * sizeof(float), loc, 0, 0);
    printf("prefetch to device %s\n", cudaGetErrorName(e));
    relax<<<dim3(2, g->h), 32>>>(g);
    loc = {cudaMemLocationTypeHost, 0};
    e = cudaMemPrefetchAsync(g->cells, g->w * g->h * sizeof(float), loc, 0, 0);
    printf("prefetch to host %s\n", cudaGetErrorName(e));
    e = cudaDeviceSynchronize();
    s = 0; for (int i = 0; i < g->w * g->h; ++i) s += g->cells[i];
    printf("relax 2 %s sum %.2f count %d\n", cudaGetErrorName(e), s, gCount);
    e = cudaMemset(g->cells, 0, g->w * g->h * sizeof(float));
    cudaDeviceSynchronize();
    printf("memset managed %s c[5] %.1f\n", cudaGetErrorName(e), g->cells[5]);
    Item *items;
    cudaMallocManaged(&items, 50 * sizeof(Item));
    for (int i = 0; i < 50; ++i) { items[i].v = i * 3; items[i].next = i + 1 < 50 ? &items[i + 1] : nullptr; }
    items[10].next = &items[20];
    int *out;
    cudaMallocManaged(&out, 8);
    walk<<<1, 1>>>(items, out);
    e = cudaDeviceSynchronize();
    printf("walk %s sum %d len %d\n", cudaGetErrorName(e), out[0], out[1]);
    cudaPointerAttributes a;
    cudaPointerGetAttributes(&a, items);
    printf("attributes type %d\n", (int)a.type);
    cudaFree(items); cudaFree(out); cudaFree(g->cells); cudaFree(g);
    printf("err %s\n", cudaGetErrorName(cudaGetLastError()));
}
