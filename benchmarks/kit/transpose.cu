/* The guide's coalesced transpose: 32x8 threads move a 32x32 tile through shared memory padded to
 * 33 columns (no bank conflicts), each thread four rows. */
#include "transpose.h"
#define TILE 32
#define ROWS 8
__global__ void transpose(const float *in, float *out, int n) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS) out[(size_t)(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
int main(void) {
    size_t n = (size_t)TR_N * TR_N;
    float *in = kit_floats(n, 13, -1.0f, 1.0f);
    float *din = kit_device_copy(in, n), *dout = kit_device_copy<float>(0, n);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < TR_LAUNCHES; l++) transpose<<<dim3(TR_N / TILE, TR_N / TILE), dim3(TILE, ROWS)>>>(din, dout, TR_N));
    float *out = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(out, dout, n);
    return kit_report("transpose", "cuda", "32x8", &t, tr_check(in, out));
}
