// Recursion (per-thread quicksort, Ackermann, mutual recursion), function pointer tables
// indexed per thread, a __device__ function pointer read back by the host and passed in.
#include <cstdio>

__device__ int ack(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
__device__ bool is_odd(unsigned n);
__device__ bool is_even(unsigned n) { return n == 0 ? true : is_odd(n - 1); }
__device__ bool is_odd(unsigned n) { return n == 0 ? false : is_even(n - 1); }

__device__ void quicksort(int *a, int lo, int hi) {
    if (lo >= hi) return;
    int p = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (a[i] < p) i++;
        while (a[j] > p) j--;
        if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    quicksort(a, lo, j);
    quicksort(a, i, hi);
}

typedef int (*binop)(int, int);
__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_sub(int a, int b) { return a - b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ int op_max(int a, int b) { return a > b ? a : b; }
__device__ int op_shl(int a, int b) { return a << (b & 15); }
__device__ binop table[5] = {op_add, op_sub, op_mul, op_max, op_shl};
__device__ binop chosen = op_mul;

__device__ long long fold(binop f, const int *v, int n) {
    return n == 1 ? v[0] : f((int)fold(f, v, n - 1), v[n - 1]);
}

__global__ void k(int *out, binop from_host) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a[24];
    unsigned s = t * 2654435761u + 1;
    for (int i = 0; i < 24; i++) { s = s * 1103515245u + 12345u; a[i] = (int)(s >> 16) % 1000 - 500; }
    quicksort(a, 0, 23 - (t % 5));
    long long sorted_ok = 1, sum = 0;
    for (int i = 1; i < 24 - (t % 5); i++) sorted_ok &= a[i - 1] <= a[i];
    for (int i = 0; i < 24; i++) sum = sum * 31 + a[i];
    int *o = out + t * 6;
    o[0] = (int)sorted_ok;
    o[1] = (int)(sum ^ (sum >> 32));
    o[2] = ack(2, t % 7) + (t % 4 == 0 ? ack(3, 2) : 0);
    o[3] = is_even(t * 3) * 2 + is_odd(t + 100);
    binop f = table[t % 5];
    int v[4] = {t, 3, -2, 7};
    o[4] = (int)fold(f, v, 4);
    o[5] = from_host(t, 5) + chosen(t, -1);
}

int main() {
    binop h_add;
    cudaMemcpyFromSymbol(&h_add, table, sizeof(binop));    // device address of op_add
    int *d, h[100 * 6];
    cudaMalloc(&d, sizeof h);
    cudaDeviceSetLimit(cudaLimitStackSize, 16384);
    k<<<4, 25>>>(d, h_add);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 100; t++) {
        printf("%3d:", t);
        for (int j = 0; j < 6; j++) printf(" %d", h[t * 6 + j]);
        printf("\n");
    }
    return 0;
}
