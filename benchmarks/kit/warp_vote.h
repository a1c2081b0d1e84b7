/* Stream compaction: keep the values divisible by 3 out of n. The CUDA side's order across warps
 * is unspecified, so the check compares the count, the sum and the sum of squares (exact). */
#include "kit.h"
#define VOTE_N (1 << 24)
#define VOTE_LAUNCHES 1 /* per repetition */
static KIT_HD inline int vote_keep(int v) { return v % 3 == 0; }
static kit_check vote_check(const int *in, const int *out, int count) {
    unsigned long long want_sum = 0, want_sq = 0, sum = 0, sq = 0;
    int want = 0;
    for (int i = 0; i < VOTE_N; i++)
        if (vote_keep(in[i])) {
            want++;
            want_sum += (unsigned)in[i];
            want_sq += (unsigned long long)in[i] * (unsigned)in[i];
        }
    for (int i = 0; i < count && i < VOTE_N; i++) {
        sum += (unsigned)out[i];
        sq += (unsigned long long)out[i] * (unsigned)out[i];
    }
    kit_check c = {count == want && sum == want_sum && sq == want_sq, count == want ? 0.0 : fabs((double)count - want)};
    if (!c.ok) fprintf(stderr, "kit: count %d (want %d), sums %s\n", count, want, sum == want_sum && sq == want_sq ? "equal" : "differ");
    return c;
}
