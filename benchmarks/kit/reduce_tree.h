/* Sum of n floats in [0, 1): shared by reduce_tree (shared-memory tree) and reduce_shuffle. */
#include "kit.h"
#define RED_N (1 << 25)
#define RED_LAUNCHES 10 /* whole reductions per repetition */
static float *red_inputs(void) { return kit_floats(RED_N, 6, 0.0f, 1.0f); }
/* Float sums in different orders against a double sum: relative 1e-4. */
static kit_check red_check(const float *x, double got) {
    double want = 0;
    for (int i = 0; i < RED_N; i++) want += x[i];
    return kit_check_scalar(got, want, 1e-4);
}
