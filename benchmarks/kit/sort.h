/* Sorting n unsigned keys: bitonic_sort (one launch per compare-exchange step) and merge_sort
 * (merge by rank); checked against qsort (exact). */
#include "kit.h"
#define BITONIC_N (1 << 18)
#define MERGE_N (1 << 17)
static int sort_cmp(const void *a, const void *b) {
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}
static unsigned *sort_inputs(int n) {
    unsigned *k = (unsigned *)kit_alloc(n * sizeof(unsigned));
    for (int i = 0; i < n; i++) k[i] = kit_hash(16, i) % 1000000u; /* with duplicates */
    return k;
}
static kit_check sort_check(const unsigned *in, const unsigned *out, int n) {
    unsigned *want = (unsigned *)kit_alloc(n * sizeof(unsigned));
    memcpy(want, in, n * sizeof(unsigned));
    qsort(want, n, sizeof(unsigned), sort_cmp);
    kit_check c = kit_check_ints((const int *)out, (const int *)want, n);
    free(want);
    return c;
}
/* Bitonic compare-exchange of element i with i ^ j for merge size k (only the lower index acts). */
static KIT_HD inline void bitonic_step(unsigned *a, unsigned i, unsigned j, unsigned k) {
    unsigned p = i ^ j;
    if (p > i) {
        unsigned x = a[i], y = a[p];
        if (((i & k) == 0) == (x > y)) {
            a[i] = y;
            a[p] = x;
        }
    }
}
/* Where element i of src goes when the sorted runs of width w around it are merged: its index in
 * its own run plus the number of keys of the partner run before it (ties: the left run first). */
static KIT_HD inline unsigned merge_rank(const unsigned *src, unsigned i, unsigned w) {
    unsigned x = src[i], start = i & ~(2 * w - 1), left = (i & w) == 0;
    const unsigned *partner = src + (left ? start + w : start);
    unsigned lo = 0, hi = w;
    while (lo < hi) { /* first partner key > x (right run) or >= x (left run) */
        unsigned mid = (lo + hi) / 2;
        if (left ? partner[mid] < x : partner[mid] <= x) lo = mid + 1;
        else hi = mid;
    }
    return start + (i & (w - 1)) + lo;
}
