// Device limits and the classic last-block reduction. cudaDeviceSetLimit/GetLimit for the
// printf FIFO and the stack size (read back as at least what was set);
// cudaDeviceGetLimit of an invalid limit; the threadFenceReduction pattern: each block writes
// its partial sum, __threadfence(), takes a ticket with atomicInc on a __device__ counter (which
// wraps to 0 at gridDim.x - 1, ready for the next launch), and the block that draws the last
// ticket sums the partials in a fixed order; run twice to show the counter wrapped.
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ unsigned int g_ticket = 0;
__device__ bool g_last_block;

__global__ void fence_reduce(const float* in, int n, float* partial, float* result, unsigned* who) {
    __shared__ float s[128];
    __shared__ bool am_last;
    int t = threadIdx.x;
    float a = 0;
    for (int i = blockIdx.x * 128 + t; i < n; i += gridDim.x * 128) a += in[i];
    s[t] = a;
    __syncthreads();
    for (int h = 64; h > 0; h >>= 1) { if (t < h) s[t] += s[t + h]; __syncthreads(); }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned ticket = atomicInc(&g_ticket, gridDim.x - 1);
        am_last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (am_last && t == 0) {
        float total = 0;
        for (int b = 0; b < gridDim.x; ++b) total += ((volatile float*)partial)[b];
        *result = total;
        *who = 1;
    }
}

int main() {
    size_t v = 0;
    CK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 3 << 20));
    CK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
    printf("printf fifo >= 3 MiB: %d\n", v >= (3u << 20));
    CK(cudaDeviceSetLimit(cudaLimitStackSize, 8192));
    CK(cudaDeviceGetLimit(&v, cudaLimitStackSize));
    printf("stack >= 8192: %d\n", v >= 8192);
    cudaError_t e = cudaDeviceGetLimit(&v, (cudaLimit)0x77);
    printf("invalid limit: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    const int n = 100000, blocks = 37;
    float* in; CK(cudaMallocManaged(&in, n * sizeof(float)));
    for (int i = 0; i < n; ++i) in[i] = (float)((i * 7) % 64) * 0.0625f;
    float *partial, *result; unsigned* who;
    CK(cudaMallocManaged(&partial, blocks * sizeof(float))); CK(cudaMallocManaged(&result, sizeof(float))); CK(cudaMallocManaged(&who, sizeof(unsigned)));
    for (int rep = 0; rep < 2; ++rep) {
        *result = -1; *who = 0;
        fence_reduce<<<blocks, 128>>>(in, n, partial, result, who);
        CK(cudaDeviceSynchronize());
        unsigned ticket;
        CK(cudaMemcpyFromSymbol(&ticket, g_ticket, sizeof ticket));
        printf("run %d: total %.9g, last block found %u, ticket now %u\n", rep, *result, *who, ticket);
    }
    double exact = 0; for (int i = 0; i < n; ++i) exact += in[i];
    printf("host total %.9g\n", exact);
    return 0;
}
