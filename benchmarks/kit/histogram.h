/* A 256-bin histogram of n bytes, skewed towards small values (the AND of two uniform bytes), so
 * some bins are hot; the bytes are read as 32-bit words. Exact. */
#include "kit.h"
#define HIST_WORDS (1 << 24)
#define HIST_LAUNCHES 2 /* per repetition */
static unsigned *hist_inputs(void) {
    unsigned *w = (unsigned *)kit_alloc(HIST_WORDS * sizeof(unsigned));
    for (unsigned i = 0; i < HIST_WORDS; i++) w[i] = kit_hash(14, i) & kit_hash(15, i);
    return w;
}
static kit_check hist_check(const unsigned *words, const unsigned *hist) {
    unsigned want[256] = {0};
    const unsigned char *bytes = (const unsigned char *)words;
    for (size_t i = 0; i < (size_t)HIST_WORDS * 4; i++) want[bytes[i]]++;
    return kit_check_ints((const int *)hist, (const int *)want, 256);
}
