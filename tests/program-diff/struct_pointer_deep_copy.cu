// flags: -lineinfo
// Structs holding pointers, the "deep copy" lesson: a struct copied to the device whose member
// still points at host memory (the kernel faults), then done right (device buffers, struct copied
// after its members are set), an array of such structs, and a struct passed by value.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>
struct Mesh { int n; float *xs; int *ids; };
__global__ void sumMesh(const Mesh *m, float *out) {
    float s = 0;
    for (int i = threadIdx.x; i < m->n; i += blockDim.x) s += m->xs[i] * m->ids[i];
    atomicAdd(out, s);
}
__global__ void sumMeshByValue(Mesh m, float *out) {
    float s = 0;
    for (int i = threadIdx.x; i < m.n; i += blockDim.x) s += m.xs[i] * m.ids[i];
    atomicAdd(out, s);
}
__global__ void sumMany(const Mesh *ms, int count, float *out) {
    const Mesh &m = ms[blockIdx.x % count];
    float s = 0;
    for (int i = threadIdx.x; i < m.n; i += blockDim.x) s += m.xs[i];
    atomicAdd(&out[blockIdx.x % count], s);
}
int main() {
    const int n = 96;
    float *hx = (float *)malloc(n * 4); int *hi = (int *)malloc(n * 4);
    for (int i = 0; i < n; ++i) { hx[i] = i * 0.5f; hi[i] = i % 3; }
    fflush(stdout);
    if (fork() == 0) {          // wrong: shallow copy, members point at host memory
        Mesh h = {n, hx, hi}, *dm; float *out;
        cudaMalloc(&dm, sizeof(Mesh)); cudaMalloc(&out, 4); cudaMemset(out, 0, 4);
        cudaMemcpy(dm, &h, sizeof h, cudaMemcpyHostToDevice);
        sumMesh<<<1, 32>>>(dm, out);
        cudaError_t e = cudaDeviceSynchronize();
        printf("shallow copy: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
        fflush(stdout);
        _exit(0);
    }
    int st; wait(&st);
    printf("child exit %d\n", WEXITSTATUS(st));
    Mesh h = {n, nullptr, nullptr}, *dm; float *out;
    cudaMalloc(&h.xs, n * 4); cudaMalloc(&h.ids, n * 4);
    cudaMemcpy(h.xs, hx, n * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(h.ids, hi, n * 4, cudaMemcpyHostToDevice);
    cudaMalloc(&dm, sizeof(Mesh)); cudaMalloc(&out, 4 * 8);
    cudaMemcpy(dm, &h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, 32);
    sumMesh<<<1, 32>>>(dm, out);
    sumMeshByValue<<<1, 64>>>(h, out + 1);
    float r[8];
    cudaError_t e = cudaMemcpy(r, out, 8, cudaMemcpyDeviceToHost);
    printf("deep copy: %s sum %.2f by value %.2f\n", cudaGetErrorName(e), r[0], r[1]);
    Mesh hm[3];
    for (int k = 0; k < 3; ++k) { hm[k].n = 10 * (k + 1); hm[k].ids = nullptr; cudaMalloc(&hm[k].xs, hm[k].n * 4); cudaMemcpy(hm[k].xs, hx, hm[k].n * 4, cudaMemcpyHostToDevice); }
    Mesh *dms; cudaMalloc(&dms, sizeof hm);
    cudaMemcpy(dms, hm, sizeof hm, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, 32);
    sumMany<<<6, 16>>>(dms, 3, out);
    e = cudaMemcpy(r, out, 12, cudaMemcpyDeviceToHost);
    printf("array of structs: %s %.2f %.2f %.2f\n", cudaGetErrorName(e), r[0], r[1], r[2]);
}
