/* One value per thread in blocks of 32 (one warp). */
#include "divergent.h"
__global__ void collatz(const unsigned *v, int *steps, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) steps[i] = collatz_steps(v[i]);
}
int main(void) {
    unsigned *v = div_inputs();
    unsigned *dv = kit_device_copy(v, DIV_N);
    int *dsteps = kit_device_copy<int>(0, DIV_N);
    kit_times t;
    KIT_TIME_CUDA(t, , (collatz<<<DIV_N / 32, 32>>>(dv, dsteps, DIV_N)));
    int *steps = (int *)kit_alloc(DIV_N * sizeof(int));
    kit_host_copy(steps, dsteps, DIV_N);
    return kit_report("divergent", "cuda", "32", &t, div_check(v, steps));
}
