/* The same merges by rank, widths 1 .. n/2, one parallel loop per width. */
#include "sort.h"
static unsigned *sort(const unsigned *in, unsigned *a, unsigned *b, int n) {
    memcpy(a, in, n * sizeof(unsigned));
    for (unsigned w = 1; w < (unsigned)n; w <<= 1) {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++) b[merge_rank(a, i, w)] = a[i];
        unsigned *t = a;
        a = b;
        b = t;
    }
    return a;
}
int main(void) {
    unsigned *in = sort_inputs(MERGE_N), *a = (unsigned *)kit_alloc(MERGE_N * sizeof(unsigned)),
             *b = (unsigned *)kit_alloc(MERGE_N * sizeof(unsigned)), *result = 0;
    kit_times t;
    KIT_TIME_OMP(t, , result = sort(in, a, b, MERGE_N));
    return kit_report("merge_sort", "openmp", "128", &t, sort_check(in, result, MERGE_N));
}
