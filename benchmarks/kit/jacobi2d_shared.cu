/* 16x16 blocks stage an 18x18 tile (the block's points and a one-point halo) in shared memory. */
#include "jacobi2d.h"
#define B 16
__global__ void jacobi_shared(const float *in, float *out, int n) {
    __shared__ float tile[B + 2][B + 2];
    int bx = blockIdx.x * B - 1, by = blockIdx.y * B - 1;
    for (int k = threadIdx.y * B + threadIdx.x; k < (B + 2) * (B + 2); k += B * B) {
        int r = k / (B + 2), c = k % (B + 2), gy = by + r, gx = bx + c;
        tile[r][c] = gx >= 0 && gx < n && gy >= 0 && gy < n ? in[gy * n + gx] : 0.0f;
    }
    __syncthreads();
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1, x = bx + tx, y = by + ty;
    if (x >= 1 && x < n - 1 && y >= 1 && y < n - 1)
        out[y * n + x] = 0.25f * (((tile[ty - 1][tx] + tile[ty + 1][tx]) + tile[ty][tx - 1]) + tile[ty][tx + 1]);
}
int main(void) {
    size_t n = (size_t)J2_N * J2_N;
    float *grid0 = j2_inputs();
    float *da = kit_device_copy(grid0, n), *db = kit_device_copy(grid0, n);
    dim3 block(B, B), grid(J2_N / B, J2_N / B);
    kit_times t;
    KIT_TIME_CUDA(t, { KIT_CUDA(cudaMemcpy(da, grid0, n * 4, cudaMemcpyHostToDevice)); KIT_CUDA(cudaMemcpy(db, grid0, n * 4, cudaMemcpyHostToDevice)); },
                  for (int s = 0; s < J2_SWEEPS; s += 2) {
                      jacobi_shared<<<grid, block>>>(da, db, J2_N);
                      jacobi_shared<<<grid, block>>>(db, da, J2_N);
                  });
    float *out = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(out, da, n);
    return kit_report("jacobi2d_shared", "cuda", "16x16", &t, j2_check(grid0, out));
}
