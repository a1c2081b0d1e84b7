// __syncthreads_count/_and/_or over block shapes with partial warps, 3D blocks and one thread.
#include <cstdio>

__global__ void k(int *out) {
    int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    int n = blockDim.x * blockDim.y * blockDim.z;
    int b = blockIdx.x + gridDim.x * blockIdx.y;
    int c1 = __syncthreads_count(t % 3 == 0);
    int c2 = __syncthreads_count(t * 7 % 13 < 5 + b);
    int a1 = __syncthreads_and(t < n);
    int a2 = __syncthreads_and(t != n - 1);
    int o1 = __syncthreads_or(t == n - 1);
    int o2 = __syncthreads_or(0);
    int c3 = 0;
    for (int r = 0; r < 4; r++) c3 += __syncthreads_count((t >> r) & 1);
    if (t == n - 1) {
        int *o = out + b * 8;
        o[0] = c1; o[1] = c2; o[2] = a1; o[3] = a2; o[4] = o1; o[5] = o2; o[6] = c3; o[7] = n;
    }
}

int main() {
    struct Shape { dim3 grid, block; } shapes[] = {
        {dim3(1), dim3(1)}, {dim3(2), dim3(33)}, {dim3(3), dim3(96)}, {dim3(2, 2), dim3(7, 3, 5)},
        {dim3(1), dim3(1024)}, {dim3(5), dim3(8, 8)}, {dim3(1), dim3(32, 8)}, {dim3(2), dim3(2, 3, 4)},
        {dim3(1), dim3(1000)}, {dim3(4), dim3(65)}};
    int *d;
    cudaMalloc(&d, 64 * 8 * sizeof(int));
    for (auto &s : shapes) {
        cudaMemset(d, 0xff, 64 * 8 * sizeof(int));
        k<<<s.grid, s.block>>>(d);
        cudaError_t e = cudaDeviceSynchronize();
        int h[64 * 8];
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        int nb = s.grid.x * s.grid.y;
        printf("grid %ux%u block %ux%ux%u: %s\n", s.grid.x, s.grid.y, s.block.x, s.block.y, s.block.z, cudaGetErrorString(e));
        for (int b = 0; b < nb; b++) {
            int *o = h + b * 8, n = o[7], r1 = 0, r2 = 0, r3 = 0;
            for (int t = 0; t < n; t++) {
                r1 += t % 3 == 0; r2 += t * 7 % 13 < 5 + b;
                for (int r = 0; r < 4; r++) r3 += (t >> r) & 1;
            }
            bool ok = o[0] == r1 && o[1] == r2 && o[2] == 1 && o[3] == (n == 1) && o[4] == 1 && o[5] == 0 && o[6] == r3;
            printf("  b%d: %d %d %d %d %d %d %d n=%d %s\n", b, o[0], o[1], o[2], o[3], o[4], o[5], o[6], n, ok ? "ok" : "MISMATCH");
        }
    }
    return 0;
}
