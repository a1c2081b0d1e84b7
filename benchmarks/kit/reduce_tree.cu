/* The guide's reduction: each thread adds two elements on load, then a tree in shared memory with
 * __syncthreads per level; one partial per block, relaunched until one value is left. */
#include "reduce_tree.h"
#define THREADS 256
__global__ void reduce_tree(const float *in, float *out, int n) {
    __shared__ float s[THREADS];
    unsigned tid = threadIdx.x, i = blockIdx.x * (2 * THREADS) + tid;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + THREADS < n) v += in[i + THREADS];
    s[tid] = v;
    __syncthreads();
    for (unsigned stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (tid < stride) s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = s[0];
}
static void reduce(const float *d_in, float *d_a, float *d_b, int n) {
    const float *src = d_in;
    float *dst = d_a;
    while (n > 1) {
        int blocks = (n + 2 * THREADS - 1) / (2 * THREADS);
        reduce_tree<<<blocks, THREADS>>>(src, dst, n);
        n = blocks;
        src = dst;
        dst = dst == d_a ? d_b : d_a;
    }
}
int main(void) {
    float *x = red_inputs();
    float *dx = kit_device_copy(x, RED_N);
    int partials = (RED_N + 2 * THREADS - 1) / (2 * THREADS);
    float *da = kit_device_copy<float>(0, partials), *db = kit_device_copy<float>(0, partials);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < RED_LAUNCHES; l++) reduce(dx, da, db, RED_N));
    /* The last launch wrote one value into da or db, depending on the number of levels. */
    int levels = 0;
    for (int n = RED_N; n > 1; n = (n + 2 * THREADS - 1) / (2 * THREADS)) levels++;
    float sum;
    kit_host_copy(&sum, levels % 2 ? da : db, 1);
    return kit_report("reduce_tree", "cuda", "256", &t, red_check(x, sum));
}
