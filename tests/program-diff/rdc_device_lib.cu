// flags: -rdc=true -std=c++17
// Separate compilation style in one file with -rdc=true: extern __device__ variables defined
// later in the file, __device__ functions declared before use and defined at the end, a
// __device__ function pointer table selected at run time, recursion (a __noinline__ recursive
// Ackermann function and a depth-limited quicksort on a per-thread local array), a device-side
// malloc/free pair, and a __constant__ array initialised statically and read by index.
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

extern __device__ int g_calls;
extern __device__ float g_scale;
__device__ int apply_op(int which, int a, int b);
__device__ void quicksort(int* v, int lo, int hi, int depth);
__device__ __noinline__ unsigned ack(unsigned m, unsigned n);

__constant__ short c_weights[12] = {3, -1, 4, -1, 5, -9, 2, 6, -5, 3, 5, -8};

__global__ void kernel(int* out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int local[24];
    for (int i = 0; i < 24; ++i) local[i] = ((t + 3) * (i + 7) * 2654435761u) >> 24;
    quicksort(local, 0, 23, 0);
    int ok = 1;
    for (int i = 1; i < 24; ++i) ok &= local[i - 1] <= local[i];
    int acc = 0;
    for (int i = 0; i < 12; ++i) acc = apply_op((t + i) % 4, acc, local[i * 2] * c_weights[i]);
    int* heap = (int*)malloc(4 * sizeof(int));
    if (heap) { heap[0] = acc; heap[3] = t; acc = heap[0] + heap[3]; free(heap); }
    out[t * 4 + 0] = ok;
    out[t * 4 + 1] = acc;
    out[t * 4 + 2] = (int)ack(2, t % 5);
    out[t * 4 + 3] = (int)(local[23] * g_scale);
    atomicAdd(&g_calls, 1);
}

__device__ int g_calls = 100;
__device__ float g_scale = 0.5f;

__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_sub(int a, int b) { return a - b; }
__device__ int op_max(int a, int b) { return a > b ? a : b; }
__device__ int op_xor(int a, int b) { return a ^ b; }
__device__ int (*const op_table[4])(int, int) = {op_add, op_sub, op_max, op_xor};

__device__ int apply_op(int which, int a, int b) { return op_table[which & 3](a, b); }

__device__ void quicksort(int* v, int lo, int hi, int depth) {
    if (lo >= hi) return;
    if (depth > 12) {  // insertion sort fallback
        for (int i = lo + 1; i <= hi; ++i) { int x = v[i], j = i - 1; while (j >= lo && v[j] > x) { v[j + 1] = v[j]; --j; } v[j + 1] = x; }
        return;
    }
    int p = v[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (v[i] < p) ++i;
        while (v[j] > p) --j;
        if (i <= j) { int t = v[i]; v[i] = v[j]; v[j] = t; ++i; --j; }
    }
    quicksort(v, lo, j, depth + 1);
    quicksort(v, i, hi, depth + 1);
}

__device__ __noinline__ unsigned ack(unsigned m, unsigned n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

int main() {
    const int n = 70;
    int* out; CK(cudaMallocManaged(&out, n * 4 * sizeof(int)));
    kernel<<<3, 32>>>(out, n);
    CK(cudaDeviceSynchronize());
    int sorted = 0; long long s = 0;
    for (int t = 0; t < n; ++t) { sorted += out[t * 4]; s += out[t * 4 + 1] * (long long)(t + 1); }
    printf("sorted %d of %d, weighted acc %lld\n", sorted, n, s);
    for (int t = 0; t < n; t += 9) printf("t=%d acc %d ack %d top %d\n", t, out[t * 4 + 1], out[t * 4 + 2], out[t * 4 + 3]);
    int calls;
    CK(cudaMemcpyFromSymbol(&calls, g_calls, sizeof calls));
    printf("g_calls %d\n", calls);
    return 0;
}
