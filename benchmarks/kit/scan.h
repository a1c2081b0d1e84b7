/* Prefix sums of n unsigned integers in [0, 16): exclusive (scan_block) or inclusive (scan_warp). */
#include "kit.h"
#define SCAN_N (1 << 24)
#define SCAN_LAUNCHES 4 /* whole scans per repetition */
/* Exact (unsigned arithmetic wraps identically everywhere). */
static kit_check scan_check(const unsigned *in, const unsigned *out, int inclusive) {
    unsigned *want = (unsigned *)kit_alloc(SCAN_N * sizeof(unsigned)), s = 0;
    for (int i = 0; i < SCAN_N; i++) {
        if (inclusive) s += in[i];
        want[i] = s;
        if (!inclusive) s += in[i];
    }
    kit_check c = kit_check_ints((const int *)out, (const int *)want, SCAN_N);
    free(want);
    return c;
}
