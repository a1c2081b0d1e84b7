// nvcc -O3 -arch=sm_90 -ptx halo_tiles.cu -o halo_tiles.sm_90.O3.ptx (crates/simt/tests/block_tier_linear.rs)
// Halo tiles as the kit stages them: k from the thread's index in its block, by the block's
// thread count; tile[k / C][k % C] (2D) and tile[k / 100][k / 10 % 10][k % 10] (3D).
__global__ void halo2(const float *in, float *out, int n) {
    __shared__ float tile[18][18];
    int nt = blockDim.x * blockDim.y * blockDim.z;
    int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    int base = blockIdx.x * 300 - 7;
    for (int k = t; k < 18 * 18; k += nt) {
        int g = base + k;
        tile[k / 18][k % 18] = g >= 0 && g < n ? in[g] : -1.0f;
    }
    __syncthreads();
    for (int k = t; k < 18 * 18; k += nt)
        out[blockIdx.x * 324 + k] = tile[k / 18][k % 18] * 2.0f + (float)(k % 18);
}
__global__ void halo3(const float *in, float *out, int n) {
    __shared__ float tile[10][10][10];
    int nt = blockDim.x * blockDim.y * blockDim.z;
    int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    int base = blockIdx.x * 900 - 5;
    for (int k = t; k < 1000; k += nt) {
        int g = base + k;
        tile[k / 100][k / 10 % 10][k % 10] = g >= 0 && g < n ? in[g] : -1.0f;
    }
    __syncthreads();
    for (int k = t; k < 1000; k += nt)
        out[blockIdx.x * 1000 + k] = tile[k / 100][k / 10 % 10][k % 10] * 2.0f + (float)(k / 10 % 10);
}
