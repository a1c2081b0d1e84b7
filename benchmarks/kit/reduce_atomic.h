/* reduce_atomic: the sum of n integers in [0, 1000) as a 64-bit integer (exact). */
#include "kit.h"
#define RA_N (1 << 25)
#define RA_PER_THREAD 16
#define RA_LAUNCHES 10 /* per repetition */
static kit_check ra_check(const int *x, unsigned long long got) {
    unsigned long long want = 0;
    for (int i = 0; i < RA_N; i++) want += (unsigned long long)x[i];
    kit_check c = {got == want, got > want ? (double)(got - want) : (double)(want - got)};
    if (!c.ok) fprintf(stderr, "kit: got %llu, want %llu\n", got, want);
    return c;
}
