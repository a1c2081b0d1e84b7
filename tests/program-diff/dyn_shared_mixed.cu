// Dynamic shared memory carved into mixed types (double, int, short, char, float4) with
// alignment fix-ups, more than 48 KiB via cudaFuncSetAttribute, two extern arrays aliasing
// the same memory, and static + dynamic shared memory together.
#include <cstdio>
#include <cstdint>

extern __shared__ unsigned char smem[];

template <typename T>
__device__ T *carve(unsigned char *&p, int count) {
    uintptr_t a = ((uintptr_t)p + alignof(T) - 1) & ~(uintptr_t)(alignof(T) - 1);
    p = (unsigned char *)(a + sizeof(T) * count);
    return (T *)a;
}

__global__ void mixed(int n, double *out, unsigned *layout) {
    __shared__ int static_counter;
    unsigned char *p = smem;
    char *tags = carve<char>(p, 3);
    double *d = carve<double>(p, n);
    short *s = carve<short>(p, n + 1);
    float4 *v = carve<float4>(p, n / 4);
    int *iv = carve<int>(p, n);
    int t = threadIdx.x;
    if (t == 0) {
        static_counter = 0;
        tags[0] = 'x'; tags[1] = 'y'; tags[2] = 'z';
        layout[0] = (unsigned)((unsigned char *)d - smem); layout[1] = (unsigned)((unsigned char *)s - smem);
        layout[2] = (unsigned)((unsigned char *)v - smem); layout[3] = (unsigned)((unsigned char *)iv - smem);
        layout[4] = (unsigned)(p - smem);
        unsigned dyn;
        asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dyn));
        layout[5] = dyn;
    }
    for (int i = t; i < n; i += blockDim.x) { d[i] = i * 0.5; s[i] = (short)(i * 3 - 1000); iv[i] = i * i; }
    for (int i = t; i < n / 4; i += blockDim.x) v[i] = make_float4(i, -i, i * 2, 0.25f);
    __syncthreads();
    double acc = 0;
    for (int i = t; i < n; i += blockDim.x) {
        int j = n - 1 - i;
        acc += d[j] * s[i] + iv[j] % 97 + (i < n / 4 ? v[i].x * v[i].w + v[i].y : 0) + tags[i % 3];
    }
    atomicAdd(&static_counter, 1);
    __syncthreads();
    out[t] = acc + static_counter;
}

__global__ void alias(float *out) {
    extern __shared__ float fview[];
    extern __shared__ int iview[];
    int t = threadIdx.x;
    fview[t] = (float)t + 0.5f;
    __syncthreads();
    out[t] = __int_as_float(iview[(t + 1) % blockDim.x]);
}

int main() {
    const int n = 7000, threads = 160;
    size_t bytes = 3 + 8 + n * 8 + (n + 1) * 2 + 16 + (n / 4) * 16 + 4 + n * 4;
    cudaError_t e0 = cudaFuncSetAttribute(mixed, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
    double *out; unsigned *layout;
    cudaMalloc(&out, threads * 8); cudaMalloc(&layout, 24);
    mixed<<<1, threads, bytes>>>(n, out, layout);
    cudaError_t e1 = cudaDeviceSynchronize();
    printf("bytes %zu attr %s run %s\n", bytes, cudaGetErrorString(e0), cudaGetErrorString(e1));
    double h[threads]; unsigned hl[6];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, layout, sizeof hl, cudaMemcpyDeviceToHost);
    printf("layout %u %u %u %u end %u dyn %u\n", hl[0], hl[1], hl[2], hl[3], hl[4], hl[5]);
    double total = 0;
    for (int t = 0; t < threads; t++) total += h[t];
    printf("out[0] %a out[159] %a total %a\n", h[0], h[threads - 1], total);
    mixed<<<1, threads, 200 * 1024>>>(n, out, layout);
    printf("200 KiB launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    float *fo; float hf[96];
    cudaMalloc(&fo, sizeof hf);
    alias<<<1, 96, 96 * 4>>>(fo);
    cudaMemcpy(hf, fo, sizeof hf, cudaMemcpyDeviceToHost);
    printf("alias %s %a %a\n", cudaGetErrorString(cudaGetLastError()), hf[0], hf[95]);
    return 0;
}
