/* Collatz trajectory lengths of n starting values below 10^6: data-dependent trip counts and an
 * even/odd branch, so neighbouring threads diverge. Exact. */
#include "kit.h"
#define DIV_N (1 << 18)
static KIT_HD inline int collatz_steps(unsigned long long x) {
    int steps = 0;
    while (x != 1) {
        if (x & 1) x = 3 * x + 1;
        else x >>= 1;
        steps++;
    }
    return steps;
}
static unsigned *div_inputs(void) {
    unsigned *v = (unsigned *)kit_alloc(DIV_N * sizeof(unsigned));
    for (int i = 0; i < DIV_N; i++) v[i] = 1 + kit_hash(29, i) % 1000000u;
    return v;
}
static kit_check div_check(const unsigned *v, const int *steps) {
    int *want = (int *)kit_alloc(DIV_N * sizeof(int));
    for (int i = 0; i < DIV_N; i++) want[i] = collatz_steps(v[i]);
    kit_check c = kit_check_ints(steps, want, DIV_N);
    free(want);
    return c;
}
