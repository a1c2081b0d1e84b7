/* OpenMP twin of scan_block (exclusive) and scan_warp (inclusive, SCAN_INCLUSIVE=1): each thread
 * sums its chunk, the chunk sums are scanned, then each thread scans its chunk from its offset. */
#include <omp.h>
#include "scan.h"
#ifndef SCAN_INCLUSIVE
#define SCAN_INCLUSIVE 0
#define SCAN_NAME "scan_block"
#define SCAN_BLOCK "512"
#endif
static void scan(const unsigned *restrict in, unsigned *restrict out, int n) {
    unsigned offsets[1025];
#pragma omp parallel
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        long lo = (long)n * t / nt, hi = (long)n * (t + 1) / nt;
        unsigned s = 0;
#pragma omp simd reduction(+ : s)
        for (long i = lo; i < hi; i++) s += in[i];
        offsets[t + 1] = s;
#pragma omp barrier
#pragma omp single
        {
            offsets[0] = 0;
            for (int k = 1; k <= nt; k++) offsets[k] += offsets[k - 1];
        }
        s = offsets[t];
        for (long i = lo; i < hi; i++) {
            if (SCAN_INCLUSIVE) s += in[i];
            out[i] = s;
            if (!SCAN_INCLUSIVE) s += in[i];
        }
    }
}
int main(void) {
    if (omp_get_max_threads() > 1024) return 2;
    unsigned *in = (unsigned *)kit_ints(SCAN_N, 8, 16);
    unsigned *out = (unsigned *)kit_alloc(SCAN_N * sizeof(unsigned));
    memset(out, 0, SCAN_N * sizeof(unsigned));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < SCAN_LAUNCHES; l++) scan(in, out, SCAN_N));
    return kit_report(SCAN_NAME, "openmp", SCAN_BLOCK, &t, scan_check(in, out, SCAN_INCLUSIVE));
}
