// flags: -rdc=true
// program-diff-skip: Cuprite has no device-side graph launch (kernels calling cudaGraphLaunch fail to load, naming it): the H200's answers are recorded for that work
// Device graph launch (Programming Guide, CUDA Graphs: "Device Graph Launch"): graphs
// instantiated with cudaGraphInstantiateFlagDeviceLaunch, uploaded, and launched from a kernel
// into cudaStreamGraphFireAndForget and cudaStreamGraphTailLaunch; a graph that tail-launches
// itself through cudaGetCurrentGraphExec until a counter runs out; what a device launch of a
// graph not instantiated for it returns; and the order the guide promises (a tail launch runs
// after the launching graph and its fire-and-forget work). Cuprite runs no device-side graph
// launch: its kernels fail to load, naming cudaGraphLaunch.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define E(x) cudaGetErrorName(x)

__device__ int log_[32];
__device__ int pos;
__device__ int remaining;
__device__ int codes[4];

__device__ void note(int v) { log_[atomicAdd(&pos, 1) & 31] = v; }

__global__ void work(int v) { note(v); }

__global__ void launcher(cudaGraphExec_t fire, cudaGraphExec_t tail) {
    note(1);
    codes[0] = cudaGraphLaunch(fire, cudaStreamGraphFireAndForget);
    codes[1] = cudaGraphLaunch(tail, cudaStreamGraphTailLaunch);
    note(2);
}

__global__ void again() {
    note(100 + remaining);
    if (--remaining > 0) cudaGraphLaunch(cudaGetCurrentGraphExec(), cudaStreamGraphTailLaunch);
}

static cudaGraph_t one_kernel(void *f, void **args) {
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaKernelNodeParams p;
    memset(&p, 0, sizeof p);
    p.func = f;
    p.gridDim = dim3(1);
    p.blockDim = dim3(1);
    p.kernelParams = args;
    cudaGraphNode_t n;
    cudaGraphAddKernelNode(&n, g, nullptr, 0, &p);
    return g;
}

// What ran, sorted (a fire-and-forget graph runs concurrently with the rest of its launcher),
// and which ran last (a tail launch runs after its launcher and that work).
static void dump(const char *when) {
    int l[32], n;
    cudaMemcpyFromSymbol(&n, pos, sizeof n);
    cudaMemcpyFromSymbol(l, log_, sizeof l);
    if (n > 32) n = 32;
    int last = n > 0 ? l[n - 1] : -1;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && l[j - 1] > l[j]; j--) {
            int t = l[j];
            l[j] = l[j - 1];
            l[j - 1] = t;
        }
    printf("%s:", when);
    for (int i = 0; i < n; i++) printf(" %d", l[i]);
    printf(" (last %d)\n", last);
    int z = 0;
    cudaMemcpyToSymbol(pos, &z, sizeof z);
}

int main() {
    setvbuf(stdout, nullptr, _IONBF, 0);
    int ten = 10, twenty = 20, thirty = 30;
    void *a10[] = {&ten}, *a20[] = {&twenty}, *a30[] = {&thirty};
    cudaGraph_t gf = one_kernel((void *)work, a10), gt = one_kernel((void *)work, a20), gh = one_kernel((void *)work, a30);
    cudaGraphExec_t xf, xt, xh;
    printf("instantiate fire (device launch): %s\n", E(cudaGraphInstantiate(&xf, gf, cudaGraphInstantiateFlagDeviceLaunch)));
    printf("instantiate tail (device launch): %s\n", E(cudaGraphInstantiate(&xt, gt, cudaGraphInstantiateFlagDeviceLaunch)));
    printf("instantiate host-only: %s\n", E(cudaGraphInstantiate(&xh, gh, 0)));
    unsigned long long flags = 99;
    cudaGraphExecGetFlags(xf, &flags);
    printf("fire flags: %llu\n", flags);
    printf("upload fire: %s\n", E(cudaGraphUpload(xf, 0)));
    printf("upload tail: %s\n", E(cudaGraphUpload(xt, 0)));

    // The launcher itself in a graph instantiated for device launch, launched from the host.
    void *la[] = {&xf, &xt};
    cudaGraph_t gl = one_kernel((void *)launcher, la);
    cudaGraphExec_t xl;
    printf("instantiate launcher: %s\n", E(cudaGraphInstantiate(&xl, gl, cudaGraphInstantiateFlagDeviceLaunch)));
    printf("upload launcher: %s\n", E(cudaGraphUpload(xl, 0)));
    printf("launch launcher: %s\n", E(cudaGraphLaunch(xl, 0)));
    printf("sync: %s\n", E(cudaDeviceSynchronize()));
    int c[4];
    cudaMemcpyFromSymbol(c, codes, sizeof c);
    printf("device launch codes: fire %d tail %d\n", c[0], c[1]);
    dump("order");

    // Self relaunch through the tail stream.
    int three = 3;
    cudaMemcpyToSymbol(remaining, &three, sizeof three);
    cudaGraph_t ga = one_kernel((void *)again, nullptr);
    cudaGraphExec_t xa;
    printf("instantiate relauncher: %s\n", E(cudaGraphInstantiate(&xa, ga, cudaGraphInstantiateFlagDeviceLaunch)));
    printf("upload relauncher: %s\n", E(cudaGraphUpload(xa, 0)));
    printf("launch relauncher: %s\n", E(cudaGraphLaunch(xa, 0)));
    printf("sync: %s\n", E(cudaDeviceSynchronize()));
    dump("relaunches");

    // A host launch of a device-launchable graph still works; host-node graphs cannot be one.
    printf("host launch of fire graph: %s\n", E(cudaGraphLaunch(xf, 0)));
    printf("sync: %s\n", E(cudaDeviceSynchronize()));
    dump("host launch");
    printf("last error: %s\n", E(cudaGetLastError()));
    return 0;
}
