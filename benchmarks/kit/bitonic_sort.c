/* The same network, one parallel loop per step. */
#include "sort.h"
static void bitonic(unsigned *a, int n) {
    for (unsigned k = 2; k <= (unsigned)n; k <<= 1)
        for (unsigned j = k >> 1; j > 0; j >>= 1)
#pragma omp parallel for schedule(static)
            for (int i = 0; i < n; i++) bitonic_step(a, i, j, k);
}
int main(void) {
    unsigned *in = sort_inputs(BITONIC_N), *a = (unsigned *)kit_alloc(BITONIC_N * sizeof(unsigned));
    kit_times t;
    KIT_TIME_OMP(t, memcpy(a, in, BITONIC_N * sizeof(unsigned)), bitonic(a, BITONIC_N));
    return kit_report("bitonic_sort", "openmp", "512", &t, sort_check(in, a, BITONIC_N));
}
