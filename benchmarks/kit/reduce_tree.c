/* OpenMP twin of reduce_tree and reduce_shuffle: a reduction clause over a simd loop. */
#include "reduce_tree.h"
#ifndef RED_NAME
#define RED_NAME "reduce_tree"
#define RED_BLOCK "256"
#endif
static float reduce(const float *restrict x, int n) {
    float sum = 0.0f;
#pragma omp parallel for simd reduction(+ : sum) schedule(static)
    for (int i = 0; i < n; i++) sum += x[i];
    return sum;
}
int main(void) {
    float *x = red_inputs();
    float sum = 0;
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < RED_LAUNCHES; l++) sum = reduce(x, RED_N));
    return kit_report(RED_NAME, "openmp", RED_BLOCK, &t, red_check(x, sum));
}
