/* 8x8x8 blocks stage a 10x10x10 tile (the block's points and a one-point halo) in shared memory. */
#include "stencil3d.h"
#define B 8
#define T (B + 2)
__global__ void stencil_shared(const float *a, float *b) {
    __shared__ float tile[T][T][T];
    int bx = blockIdx.x * B - 1, by = blockIdx.y * B - 1, bz = blockIdx.z * B - 1;
    for (int k = (threadIdx.z * B + threadIdx.y) * B + threadIdx.x; k < T * T * T; k += B * B * B) {
        int gx = bx + k % T, gy = by + k / T % T, gz = bz + k / (T * T);
        tile[k / (T * T)][k / T % T][k % T] =
            gx >= 0 && gx < S3_N && gy >= 0 && gy < S3_N && gz >= 0 && gz < S3_N ? a[S3_AT(gx, gy, gz)] : 0.0f;
    }
    __syncthreads();
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1, tz = threadIdx.z + 1;
    int x = bx + tx, y = by + ty, z = bz + tz;
    if (x >= 1 && x < S3_N - 1 && y >= 1 && y < S3_N - 1 && z >= 1 && z < S3_N - 1)
        b[S3_AT(x, y, z)] = S3_C0 * tile[tz][ty][tx] +
                            S3_C1 * (((((tile[tz][ty][tx - 1] + tile[tz][ty][tx + 1]) + tile[tz][ty - 1][tx]) +
                                       tile[tz][ty + 1][tx]) + tile[tz - 1][ty][tx]) + tile[tz + 1][ty][tx]);
}
int main(void) {
    size_t n = (size_t)S3_N * S3_N * S3_N;
    float *grid0 = s3_inputs();
    float *da = kit_device_copy(grid0, n), *db = kit_device_copy(grid0, n);
    dim3 block(B, B, B), grid(S3_N / B, S3_N / B, S3_N / B);
    kit_times t;
    KIT_TIME_CUDA(t, { KIT_CUDA(cudaMemcpy(da, grid0, n * 4, cudaMemcpyHostToDevice)); KIT_CUDA(cudaMemcpy(db, grid0, n * 4, cudaMemcpyHostToDevice)); },
                  for (int s = 0; s < S3_SWEEPS; s += 2) {
                      stencil_shared<<<grid, block>>>(da, db);
                      stencil_shared<<<grid, block>>>(db, da);
                  });
    float *out = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(out, da, n);
    return kit_report("stencil3d_shared", "cuda", "8x8x8", &t, s3_check(grid0, out));
}
