// Runtime API edge cases a careful program runs into: zero-byte allocations and copies,
// cudaMemset with a value above 255, memset/copy at odd byte offsets, cudaMemGetInfo sanity,
// cudaPeekAtLastError vs cudaGetLastError after a bad launch configuration, a launch with too
// much shared memory, cudaFree(nullptr), double cudaFree, cudaMemcpy with a bad kind, and
// cudaStreamDestroy of an unknown stream handle avoided (undefined).
#include <cstdio>

__global__ void touch(char *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += 1; }

int main() {
    void *z = (void *)0x1;
    cudaError_t e = cudaMalloc(&z, 0);
    printf("malloc(0): %s null %d\n", cudaGetErrorName(e), z == nullptr);
    printf("free(null): %s\n", cudaGetErrorName(cudaFree(nullptr)));
    char *d;
    cudaMalloc(&d, 1000);
    printf("memcpy 0 bytes: %s\n", cudaGetErrorName(cudaMemcpy(d, d + 10, 0, cudaMemcpyDeviceToDevice)));
    cudaMemset(d, 0x1234, 1000);                 // only the low byte counts
    cudaMemset(d + 3, 7, 5);
    touch<<<4, 256>>>(d + 1, 999);
    char h[1000];
    cudaMemcpy(h, d, 1000, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 1000; i++) {
        char want = (i >= 3 && i < 8) ? 7 : 0x34;
        if (i >= 1) want += 1;
        bad += h[i] != want;
    }
    printf("memset low byte + offsets: bad %d h[0..9] %d %d %d %d %d %d %d %d %d %d\n", bad, h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9]);
    size_t free_b = 0, total_b = 0;
    e = cudaMemGetInfo(&free_b, &total_b);
    printf("mem info %s free<=total %d total>1GiB %d\n", cudaGetErrorName(e), free_b <= total_b, total_b > (1ull << 30));
    touch<<<1, 2048>>>(d, 10);
    cudaError_t p1 = cudaPeekAtLastError(), p2 = cudaPeekAtLastError();   // (argument order is unspecified:
    cudaError_t g1 = cudaGetLastError(), g2 = cudaGetLastError();         //  call them in sequence)
    printf("2048 threads: peek %s peek-again %s get %s get-again %s\n", cudaGetErrorName(p1), cudaGetErrorName(p2), cudaGetErrorName(g1), cudaGetErrorName(g2));
    touch<<<1, 32, 1 << 20>>>(d, 10);
    printf("1 MiB dynamic shared: %s\n", cudaGetErrorName(cudaGetLastError()));
    touch<<<0, 32>>>(d, 10);
    printf("zero blocks: %s\n", cudaGetErrorName(cudaGetLastError()));
    touch<<<dim3(1, 1, 0), 32>>>(d, 10);
    printf("zero z blocks: %s\n", cudaGetErrorName(cudaGetLastError()));
    e = cudaMemcpy(h, d, 10, (cudaMemcpyKind)42);
    printf("bad kind: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    printf("free ok: %s\n", cudaGetErrorName(cudaFree(d)));
    e = cudaFree(d);
    printf("double free: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    int *hp;
    e = cudaMallocHost(&hp, 0);
    printf("mallocHost(0): %s\n", cudaGetErrorName(e));
    int count = -1;
    cudaGetDeviceCount(&count);
    e = cudaSetDevice(count);
    printf("set device out of range: %s\n", cudaGetErrorName(e));
    printf("after: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
