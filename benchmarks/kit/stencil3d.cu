/* One thread per point in 32x4x2 blocks (KIT_BLOCK: any shape), neighbours read from global memory. */
#include "stencil3d.h"
__global__ void stencil(const float *a, float *b) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y,
        z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= 1 && x < S3_N - 1 && y >= 1 && y < S3_N - 1 && z >= 1 && z < S3_N - 1)
        b[S3_AT(x, y, z)] = S3_C0 * a[S3_AT(x, y, z)] +
                            S3_C1 * (((((a[S3_AT(x - 1, y, z)] + a[S3_AT(x + 1, y, z)]) + a[S3_AT(x, y - 1, z)]) +
                                       a[S3_AT(x, y + 1, z)]) + a[S3_AT(x, y, z - 1)]) + a[S3_AT(x, y, z + 1)]);
}
int main(void) {
    size_t n = (size_t)S3_N * S3_N * S3_N;
    float *grid0 = s3_inputs();
    float *da = kit_device_copy(grid0, n), *db = kit_device_copy(grid0, n);
    char shape[32];
    dim3 block = kit_block(dim3(32, 4, 2), shape);
    dim3 grid((S3_N + block.x - 1) / block.x, (S3_N + block.y - 1) / block.y, (S3_N + block.z - 1) / block.z);
    kit_times t;
    KIT_TIME_CUDA(t, { KIT_CUDA(cudaMemcpy(da, grid0, n * 4, cudaMemcpyHostToDevice)); KIT_CUDA(cudaMemcpy(db, grid0, n * 4, cudaMemcpyHostToDevice)); },
                  for (int s = 0; s < S3_SWEEPS; s += 2) {
                      stencil<<<grid, block>>>(da, db);
                      stencil<<<grid, block>>>(db, da);
                  });
    float *out = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(out, da, n);
    return kit_report("stencil3d", "cuda", shape, &t, s3_check(grid0, out));
}
