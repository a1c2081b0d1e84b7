/* All-pairs gravitational accelerations of n bodies (x, y, z, mass as float4-like quadruples),
 * softened: a_i = sum_j m_j (p_j - p_i) / (|p_j - p_i|^2 + eps^2)^(3/2). */
#include "kit.h"
#define NB_N 16384
#define NB_EPS2 0.01f
#define NB_CHECK_EVERY 16 /* bodies checked against the double-precision sum */
static float *nb_inputs(void) {
    float *p = (float *)kit_alloc(4 * NB_N * sizeof(float));
    for (int i = 0; i < NB_N; i++) {
        p[4 * i + 0] = kit_uniform(18, i, -1.0f, 1.0f);
        p[4 * i + 1] = kit_uniform(19, i, -1.0f, 1.0f);
        p[4 * i + 2] = kit_uniform(20, i, -1.0f, 1.0f);
        p[4 * i + 3] = kit_uniform(21, i, 0.5f, 1.0f);
    }
    return p;
}
/* The factor by which a body of mass m at offset (dx, dy, dz) pulls: a += (dx, dy, dz) * factor. */
static KIT_HD inline float nb_factor(float dx, float dy, float dz, float m) {
    float inv = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + NB_EPS2);
    return m * inv * inv * inv;
}
/* 16384 float terms of magnitude up to ~100: 1e-3 relative plus 0.1 absolute. */
static kit_check nb_check(const float *p, const float *acc) {
    kit_check c = {1, 0.0};
    for (int i = 0; i < NB_N; i += NB_CHECK_EVERY) {
        double a[3] = {0, 0, 0};
        for (int j = 0; j < NB_N; j++) {
            double d[3] = {(double)p[4 * j] - p[4 * i], (double)p[4 * j + 1] - p[4 * i + 1], (double)p[4 * j + 2] - p[4 * i + 2]};
            double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + NB_EPS2, s = p[4 * j + 3] / (d2 * sqrt(d2));
            for (int k = 0; k < 3; k++) a[k] += d[k] * s;
        }
        float want[3] = {(float)a[0], (float)a[1], (float)a[2]};
        c = kit_check_both(c, kit_check_floats(acc + 3 * i, want, 3, 1e-3, 0.1));
    }
    return c;
}
