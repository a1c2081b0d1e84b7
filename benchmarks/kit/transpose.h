/* out = in^T for an N x N float matrix (exact). */
#include "kit.h"
#define TR_N 4000 /* not a power of two: a 16 KiB row stride thrashes cache sets */
#define TR_LAUNCHES 2 /* per repetition */
static kit_check tr_check(const float *in, const float *out) {
    kit_check c = {1, 0.0};
    for (int y = 0; y < TR_N && c.ok; y++)
        for (int x = 0; x < TR_N; x++)
            if (out[(size_t)x * TR_N + y] != in[(size_t)y * TR_N + x]) {
                fprintf(stderr, "kit: out[%d][%d] = %g, want %g\n", x, y, out[(size_t)x * TR_N + y], in[(size_t)y * TR_N + x]);
                c.ok = 0;
                c.err = 1;
                break;
            }
    return c;
}
