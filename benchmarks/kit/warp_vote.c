/* Ordered compaction: each thread counts its chunk, the counts are scanned, each thread copies. */
#include <omp.h>
#include "warp_vote.h"
static int compact(const int *restrict in, int *restrict out, int n) {
    int offsets[1025], total = 0;
#pragma omp parallel
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads(), c = 0;
        long lo = (long)n * t / nt, hi = (long)n * (t + 1) / nt;
#pragma omp simd reduction(+ : c)
        for (long i = lo; i < hi; i++) c += vote_keep(in[i]);
        offsets[t + 1] = c;
#pragma omp barrier
#pragma omp single
        {
            offsets[0] = 0;
            for (int k = 1; k <= nt; k++) offsets[k] += offsets[k - 1];
            total = offsets[nt];
        }
        int o = offsets[t];
        for (long i = lo; i < hi; i++)
            if (vote_keep(in[i])) out[o++] = in[i];
    }
    return total;
}
int main(void) {
    if (omp_get_max_threads() > 1024) return 2;
    int *in = kit_ints(VOTE_N, 35, 1u << 30), *out = (int *)kit_alloc(VOTE_N * sizeof(int)), count = 0;
    memset(out, 0, VOTE_N * sizeof(int));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < VOTE_LAUNCHES; l++) count = compact(in, out, VOTE_N));
    return kit_report("warp_vote", "openmp", "256", &t, vote_check(in, out, count));
}
