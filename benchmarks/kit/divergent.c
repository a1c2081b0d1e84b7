#include "divergent.h"
static void collatz(const unsigned *restrict v, int *restrict steps, int n) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++) steps[i] = collatz_steps(v[i]);
}
int main(void) {
    unsigned *v = div_inputs();
    int *steps = (int *)kit_alloc(DIV_N * sizeof(int));
    kit_times t;
    KIT_TIME_OMP(t, , collatz(v, steps, DIV_N));
    return kit_report("divergent", "openmp", "32", &t, div_check(v, steps));
}
