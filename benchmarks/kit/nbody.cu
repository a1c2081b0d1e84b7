/* One body per thread in blocks of 256; the bodies pass through shared memory a tile at a time. */
#include "nbody.h"
#define THREADS 256
__global__ void nbody(const float4 *p, float *acc, int n) {
    __shared__ float4 tile[THREADS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = p[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int base = 0; base < n; base += THREADS) {
        tile[threadIdx.x] = p[base + threadIdx.x];
        __syncthreads();
        for (int j = 0; j < THREADS; j++) {
            float dx = tile[j].x - me.x, dy = tile[j].y - me.y, dz = tile[j].z - me.z, s = nb_factor(dx, dy, dz, tile[j].w);
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        __syncthreads();
    }
    acc[3 * i] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
}
int main(void) {
    float *p = nb_inputs();
    float4 *dp = (float4 *)kit_device_copy(p, 4 * NB_N);
    float *dacc = kit_device_copy<float>(0, 3 * NB_N);
    kit_times t;
    KIT_TIME_CUDA(t, , (nbody<<<NB_N / THREADS, THREADS>>>(dp, dacc, NB_N)));
    float *acc = (float *)kit_alloc(3 * NB_N * sizeof(float));
    kit_host_copy(acc, dacc, 3 * NB_N);
    return kit_report("nbody", "cuda", "256", &t, nb_check(p, acc));
}
