#include "reduce_atomic.h"
static unsigned long long reduce(const int *restrict x, int n) {
    unsigned long long sum = 0;
#pragma omp parallel for simd reduction(+ : sum) schedule(static)
    for (int i = 0; i < n; i++) sum += (unsigned)x[i];
    return sum;
}
int main(void) {
    int *x = kit_ints(RA_N, 7, 1000);
    unsigned long long sum = 0;
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < RA_LAUNCHES; l++) sum = reduce(x, RA_N));
    return kit_report("reduce_atomic", "openmp", "64", &t, ra_check(x, sum));
}
