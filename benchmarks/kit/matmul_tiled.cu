/* The guide's shared-memory matrix multiply: 16x16 tiles of A and B staged per step. */
#include "matmul.h"
#define TILE 16
__global__ void matmul_tiled(const float *a, const float *b, float *c, int n) {
    __shared__ float as[TILE][TILE], bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        as[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
        bs[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++) sum += as[threadIdx.y][k] * bs[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = sum;
}
int main(void) {
    size_t n = (size_t)MM_N * MM_N;
    float *a, *b;
    mm_inputs(&a, &b);
    float *da = kit_device_copy(a, n), *db = kit_device_copy(b, n), *dc = kit_device_copy<float>(0, n);
    kit_times t;
    KIT_TIME_CUDA(t, , (matmul_tiled<<<dim3(MM_N / TILE, MM_N / TILE), dim3(TILE, TILE)>>>(da, db, dc, MM_N)));
    float *c = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(c, dc, n);
    return kit_report("matmul_tiled", "cuda", "16x16", &t, mm_check(a, b, c));
}
