/* Private histograms per thread merged by an array reduction. */
#include "histogram.h"
static void histogram(const unsigned *restrict words, unsigned *hist, int n) {
    unsigned h[256] = {0};
#pragma omp parallel for reduction(+ : h[:256]) schedule(static)
    for (int i = 0; i < n; i++) {
        unsigned w = words[i];
        h[w & 0xff]++;
        h[(w >> 8) & 0xff]++;
        h[(w >> 16) & 0xff]++;
        h[w >> 24]++;
    }
    memcpy(hist, h, sizeof h);
}
int main(void) {
    unsigned *words = hist_inputs();
    unsigned hist[256];
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < HIST_LAUNCHES; l++) histogram(words, hist, HIST_WORDS));
    return kit_report("histogram", "openmp", "256", &t, hist_check(words, hist));
}
