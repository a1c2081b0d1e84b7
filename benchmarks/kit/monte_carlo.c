/* Generators among threads, a reduction over their sums. */
#include "monte_carlo.h"
static double monte_carlo(void) {
    double total = 0;
#pragma omp parallel for schedule(static) reduction(+ : total)
    for (unsigned id = 0; id < MC_PATHS; id++) total += mc_payoffs(id);
    return total;
}
int main(void) {
    double total = 0;
    kit_times t;
    KIT_TIME_OMP(t, , total = monte_carlo());
    return kit_report("monte_carlo", "openmp", "128", &t, mc_check(total));
}
