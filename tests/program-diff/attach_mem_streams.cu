// cudaStreamAttachMemAsync with managed memory: single-stream attachment, host attachment, global,
// lengths, non-managed pointers, and kernels working on attached memory while the host reads
// another stream's memory.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__managed__ int mvar[64];
__global__ void fill(int* p, int v, int n) { int i = threadIdx.x; if (i < n) p[i] = v + i; }

int main() {
    cudaStream_t s1, s2; P(cudaStreamCreate(&s1)); P(cudaStreamCreate(&s2));
    int *a, *b; P(cudaMallocManaged(&a, 256 * 4)); P(cudaMallocManaged(&b, 256 * 4, cudaMemAttachHost));
    P(cudaStreamAttachMemAsync(s1, a, 0, cudaMemAttachSingle));
    P(cudaStreamAttachMemAsync(s2, b, 0, cudaMemAttachSingle));
    P(cudaStreamSynchronize(s1)); P(cudaStreamSynchronize(s2));
    fill<<<1, 256, 0, s1>>>(a, 100, 256);
    P(cudaStreamSynchronize(s1));
    fill<<<1, 256, 0, s2>>>(b, 500, 256);
    P(cudaStreamSynchronize(s2));
    printf("a[5]=%d b[255]=%d\n", a[5], b[255]);
    P(cudaStreamAttachMemAsync(s1, a, 256 * 4, cudaMemAttachHost));
    P(cudaStreamAttachMemAsync(s1, a, 128, cudaMemAttachGlobal));
    P(cudaStreamAttachMemAsync(s1, a + 1, 0, cudaMemAttachGlobal));
    P(cudaStreamAttachMemAsync(s1, a, 0, 7));
    P(cudaStreamAttachMemAsync(s1, a, 0, cudaMemAttachGlobal));
    P(cudaStreamAttachMemAsync(s1, mvar, 0, cudaMemAttachSingle));
    P(cudaStreamAttachMemAsync(s1, mvar, sizeof mvar, cudaMemAttachHost));
    int* d; P(cudaMalloc(&d, 64));
    P(cudaStreamAttachMemAsync(s1, d, 0, cudaMemAttachSingle));
    int hostv[4];
    P(cudaStreamAttachMemAsync(s1, hostv, 0, cudaMemAttachSingle));
    P(cudaStreamAttachMemAsync(0, a, 0, cudaMemAttachSingle));
    P(cudaStreamAttachMemAsync(0, a, 0, cudaMemAttachGlobal));
    P(cudaStreamSynchronize(s1));
    fill<<<1, 64, 0, s1>>>(mvar, 7, 64);
    P(cudaDeviceSynchronize());
    printf("mvar[63]=%d\n", mvar[63]);
    P(cudaGetLastError());
    P(cudaFree(a)); P(cudaFree(b));
    return 0;
}
