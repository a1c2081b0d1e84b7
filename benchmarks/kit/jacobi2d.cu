/* One thread per point in 16x16 blocks (KIT_BLOCK: any 2D shape), neighbours read straight from global memory. */
#include "jacobi2d.h"
__global__ void jacobi(const float *in, float *out, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= 1 && x < n - 1 && y >= 1 && y < n - 1)
        out[y * n + x] = 0.25f * (((in[(y - 1) * n + x] + in[(y + 1) * n + x]) + in[y * n + x - 1]) + in[y * n + x + 1]);
}
int main(void) {
    size_t n = (size_t)J2_N * J2_N;
    float *grid0 = j2_inputs();
    float *da = kit_device_copy(grid0, n), *db = kit_device_copy(grid0, n);
    char shape[32];
    dim3 block = kit_block(dim3(16, 16), shape);
    block.z = 1;
    snprintf(shape, sizeof shape, "%ux%u", block.x, block.y);
    dim3 grid((J2_N + block.x - 1) / block.x, (J2_N + block.y - 1) / block.y);
    kit_times t;
    KIT_TIME_CUDA(t, { KIT_CUDA(cudaMemcpy(da, grid0, n * 4, cudaMemcpyHostToDevice)); KIT_CUDA(cudaMemcpy(db, grid0, n * 4, cudaMemcpyHostToDevice)); },
                  for (int s = 0; s < J2_SWEEPS; s += 2) {
                      jacobi<<<grid, block>>>(da, db, J2_N);
                      jacobi<<<grid, block>>>(db, da, J2_N);
                  });
    float *out = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(out, da, n);
    return kit_report("jacobi2d", "cuda", shape, &t, j2_check(grid0, out));
}
