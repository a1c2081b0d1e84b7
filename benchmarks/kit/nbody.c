/* Bodies among threads; the inner loop over all bodies in simd with reductions. */
#include "nbody.h"
static void nbody(const float *restrict p, float *restrict acc, int n) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++) {
        float px = p[4 * i], py = p[4 * i + 1], pz = p[4 * i + 2], ax = 0.0f, ay = 0.0f, az = 0.0f;
#pragma omp simd reduction(+ : ax, ay, az)
        for (int j = 0; j < n; j++) {
            float dx = p[4 * j] - px, dy = p[4 * j + 1] - py, dz = p[4 * j + 2] - pz, s = nb_factor(dx, dy, dz, p[4 * j + 3]);
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        acc[3 * i] = ax;
        acc[3 * i + 1] = ay;
        acc[3 * i + 2] = az;
    }
}
int main(void) {
    float *p = nb_inputs(), *acc = (float *)kit_alloc(3 * NB_N * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , nbody(p, acc, NB_N));
    return kit_report("nbody", "openmp", "256", &t, nb_check(p, acc));
}
