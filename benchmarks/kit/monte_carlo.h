/* Monte Carlo price of a European call: each path group has its own xorshift32 generator, draws
 * normal variates by Box-Muller (logf, sqrtf, cosf) and sums the discounted-free payoffs. */
#include "kit.h"
#define MC_PATHS (1 << 16) /* generators (one per CUDA thread) */
#define MC_SAMPLES 32      /* draws per generator */
#define MC_S0 100.0f
#define MC_STRIKE 105.0f
#define MC_RATE 0.03f
#define MC_SIGMA 0.25f
#define MC_T 1.0f
static KIT_HD inline float mc_payoffs(unsigned id) {
    unsigned s = kit_hash(28, id) | 1u;
    float sum = 0.0f, drift = (MC_RATE - 0.5f * MC_SIGMA * MC_SIGMA) * MC_T, vol = MC_SIGMA * sqrtf(MC_T);
    for (int k = 0; k < MC_SAMPLES; k++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        float u1 = (float)((s >> 8) + 1) * (1.0f / 16777216.0f); /* (0, 1] */
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        float u2 = (float)(s >> 8) * (1.0f / 16777216.0f);
        float z = sqrtf(-2.0f * logf(u1)) * cosf(6.2831853f * u2);
        float st = MC_S0 * expf(drift + vol * z);
        sum += fmaxf(st - MC_STRIKE, 0.0f);
    }
    return sum;
}
/* The libraries' logf/cosf/expf differ by an ulp or so; the mean over 2M draws: 1e-4 relative. */
static kit_check mc_check(double got) {
    double want = 0;
    for (unsigned id = 0; id < MC_PATHS; id++) want += mc_payoffs(id);
    return kit_check_scalar(got, want, 1e-4);
}
