// Kernel faults a program checks for, each in a child process (fork before any CUDA call, so
// every case starts with a fresh context): a misaligned 8-byte load, a store to an unmapped
// address, __trap(), a failed assert, a stack overflow through deep recursion, a device malloc
// beyond the heap limit (returns NULL: no fault), an out-of-bounds surface write with
// cudaBoundaryModeTrap; each prints the synchronize's error, cudaGetLastError's, whether later
// calls still fail (sticky), and cudaDeviceReset's answer (what follows a reset after a fault is
// left out: an H200 in a shared machine answers cudaErrorDevicesUnavailable there).
#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void misaligned(const char *p, long long *out) { *out = *(const long long *)(p + 4); }
__global__ void unmapped(int *out) { *(volatile int *)((size_t)0x123456780000ull) = *out; }
__global__ void trapper(int *out) {
    if (threadIdx.x == 5) __trap();
    out[threadIdx.x] = 1;
}
__global__ void asserter(int v) { assert(v == 1); }
__device__ int depth(int n, volatile int *sink) {
    volatile int pad[64];
    pad[n & 63] = n;
    if (n == 0) return pad[0];
    return depth(n - 1, sink) + pad[(n * 7) & 63];
}
__global__ void recurse(int n, int *out) { *out = depth(n, out); }
__global__ void heap(int *got, size_t each) {
    void *p = malloc(each);
    got[threadIdx.x] = p != nullptr;
    if (p) free(p);
}
__global__ void surf_trap(cudaSurfaceObject_t s) { surf2Dwrite(1.0f, s, 64 * 4, 0, cudaBoundaryModeTrap); }
__global__ void surf_zero(cudaSurfaceObject_t s, float *out) {
    surf2Dwrite(7.0f, s, 64 * 4, 0, cudaBoundaryModeZero);
    out[0] = surf2Dread<float>(s, 64 * 4, 0, cudaBoundaryModeZero);
    out[1] = surf2Dread<float>(s, 70 * 4, 3, cudaBoundaryModeClamp);
    out[2] = surf2Dread<float>(s, -4, -1, cudaBoundaryModeClamp);
}

static void report(const char *what) {
    cudaError_t sync = cudaDeviceSynchronize();
    cudaError_t last = cudaGetLastError();
    int *p = nullptr;
    cudaError_t later = cudaMalloc(&p, 16);
    cudaError_t reset = cudaDeviceReset();
    printf("%-16s sync %s last %s later %s reset %s\n", what, cudaGetErrorName(sync), cudaGetErrorName(last),
           cudaGetErrorName(later), cudaGetErrorName(reset));
}

static void run_case(int c) {
    int *out;
    cudaMalloc(&out, 64 * sizeof(int));
    cudaMemset(out, 0, 64 * sizeof(int));
    switch (c) {
    case 0: {
        char *buf;
        cudaMalloc(&buf, 64);
        misaligned<<<1, 1>>>(buf, (long long *)out);
        report("misaligned");
        break;
    }
    case 1: unmapped<<<1, 1>>>(out); report("unmapped"); break;
    case 2: trapper<<<1, 32>>>(out); report("trap"); break;
    case 3: asserter<<<1, 1>>>(0); report("assert"); break;
    case 4: {
        size_t stack = 0;
        cudaDeviceSetLimit(cudaLimitStackSize, 1024);
        cudaDeviceGetLimit(&stack, cudaLimitStackSize);
        recurse<<<1, 1>>>(100000, out);
        report("stack overflow");
        break;
    }
    case 5: {
        size_t heapsz = 0;
        cudaDeviceGetLimit(&heapsz, cudaLimitMallocHeapSize);
        int *got;
        cudaMallocManaged(&got, 64 * sizeof(int));
        heap<<<1, 4>>>(got, heapsz * 2);
        cudaDeviceSynchronize();
        printf("malloc over heap: %d %d %d %d\n", got[0], got[1], got[2], got[3]);
        heap<<<1, 4>>>(got, 1000);
        cudaDeviceSynchronize();
        printf("malloc 1000: %d %d %d %d\n", got[0], got[1], got[2], got[3]);
        report("heap");
        break;
    }
    case 6:
    case 7: {
        cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
        cudaArray_t a;
        cudaMallocArray(&a, &d, 64, 4, cudaArraySurfaceLoadStore);
        float init[256];
        for (int i = 0; i < 256; i++) init[i] = (float)i;
        cudaMemcpy2DToArray(a, 0, 0, init, 256, 256, 4, cudaMemcpyHostToDevice);
        cudaResourceDesc r = {};
        r.resType = cudaResourceTypeArray;
        r.res.array.array = a;
        cudaSurfaceObject_t s;
        cudaCreateSurfaceObject(&s, &r);
        if (c == 6) {
            float *o;
            cudaMallocManaged(&o, 16);
            surf_zero<<<1, 1>>>(s, o);
            cudaDeviceSynchronize();
            printf("surface zero/clamp reads: %g %g %g\n", o[0], o[1], o[2]);
            report("surface zero");
        } else {
            surf_trap<<<1, 1>>>(s);
            report("surface trap");
        }
        break;
    }
    }
}

int main() {
    for (int c = 0; c < 8; c++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            run_case(c);
            fflush(stdout);
            _exit(0);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        fflush(stdout);
    }
    return 0;
}
