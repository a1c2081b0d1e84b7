// cudaMemcpy with each declared kind against each actual pair of pointer kinds (UVA):
// what is accepted and what arrives.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

int main() {
    int *dev, *pinned, *managed, *pageable;
    cudaMalloc(&dev, 64);
    cudaMallocHost(&pinned, 64);
    cudaMallocManaged(&managed, 64);
    pageable = (int *)malloc(64);
    struct P { const char *n; int *p; } ps[] = {{"dev", dev}, {"pinned", pinned}, {"managed", managed}, {"pageable", pageable}};
    const char *kn[] = {"H2H", "H2D", "D2H", "D2D", "Default"};
    for (auto &dst : ps)
        for (auto &src : ps) {
            if (dst.p == src.p) continue;
            printf("%-8s <- %-8s:", dst.n, src.n);
            for (int k = 0; k < 5; k++) {
                // Fill src with a pattern through a Default copy, dst with zeros.
                int pat[16], zero[16] = {0}, got[16];
                for (int i = 0; i < 16; i++) pat[i] = k * 100 + i + 1;
                cudaMemcpy(src.p, pat, 64, cudaMemcpyDefault);
                cudaMemcpy(dst.p, zero, 64, cudaMemcpyDefault);
                cudaError_t e = cudaMemcpy(dst.p, src.p, 64, (cudaMemcpyKind)k);
                cudaDeviceSynchronize();
                cudaMemcpy(got, dst.p, 64, cudaMemcpyDefault);
                printf(" %s=%s%s", kn[k], cudaGetErrorName(e) + 4, memcmp(got, pat, 64) == 0 ? "(ok)" : "(no)");
                cudaGetLastError();
            }
            printf("\n");
        }
    // Same pointer.
    cudaError_t e = cudaMemcpy(dev, dev, 64, cudaMemcpyDeviceToDevice);
    printf("dev to itself: %s\n", cudaGetErrorName(e));
    e = cudaMemcpy(pageable, pageable, 64, cudaMemcpyHostToHost);
    printf("pageable to itself: %s\n", cudaGetErrorName(e));
    // Overlapping device ranges.
    int init[16];
    for (int i = 0; i < 16; i++) init[i] = i;
    cudaMemcpy(dev, init, 64, cudaMemcpyHostToDevice);
    e = cudaMemcpy(dev + 1, dev, 32, cudaMemcpyDeviceToDevice);
    int got[16];
    cudaMemcpy(got, dev, 64, cudaMemcpyDeviceToHost);
    printf("overlap fwd %s:", cudaGetErrorName(e));
    for (int i = 0; i < 12; i++) printf(" %d", got[i]);
    printf("\n");
    // Async with pageable memory on a non-blocking stream.
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    for (int i = 0; i < 16; i++) pageable[i] = 500 + i;
    e = cudaMemcpyAsync(dev, pageable, 64, cudaMemcpyHostToDevice, s);
    for (int i = 0; i < 16; i++) pageable[i] = -1;
    cudaStreamSynchronize(s);
    cudaMemcpy(got, dev, 64, cudaMemcpyDeviceToHost);
    printf("async pageable H2D %s, arrived %d %d\n", cudaGetErrorName(e), got[0], got[15]);
    e = cudaMemcpyAsync(dev, pageable, 64, (cudaMemcpyKind)5, s);
    printf("async kind 5: %s\n", cudaGetErrorName(e));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
