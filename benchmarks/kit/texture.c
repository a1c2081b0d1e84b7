/* Rows among threads; clamped loads. */
#include "texture.h"
static void box(const float *restrict img, float *restrict out) {
#pragma omp parallel for schedule(static)
    for (int y = 0; y < TEX_W; y++)
        for (int x = 0; x < TEX_W; x++) {
            int sx = x + tex_dx(x, y), sy = y + tex_dy(x, y);
            float s = 0.0f;
            for (int j = -1; j <= 1; j++)
                for (int i = -1; i <= 1; i++) s += img[tex_clamp(sy + j) * TEX_W + tex_clamp(sx + i)];
            out[y * TEX_W + x] = s * (1.0f / 9.0f);
        }
}
int main(void) {
    size_t n = (size_t)TEX_W * TEX_W;
    float *img = kit_floats(n, 34, 0.0f, 1.0f), *out = (float *)kit_alloc(n * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < TEX_LAUNCHES; l++) box(img, out));
    return kit_report("texture", "openmp", "8x8", &t, tex_check(img, out));
}
