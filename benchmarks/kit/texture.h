/* Displaced 3x3 box filter of a W x W image: pixel (x, y) averages the 3x3 neighbourhood of
 * (x + dx, y + dy), with per-pixel integer displacements in [-8, 8] and coordinates clamped to the
 * image (a texture's clamp addressing). Exact: the same nine values summed in the same order. */
#include "kit.h"
#define TEX_W 2048
#define TEX_LAUNCHES 1 /* per repetition */
static KIT_HD inline int tex_dx(int x, int y) { return (int)(kit_hash(32, y * TEX_W + x) % 17) - 8; }
static KIT_HD inline int tex_dy(int x, int y) { return (int)(kit_hash(33, y * TEX_W + x) % 17) - 8; }
static inline int tex_clamp(int v) { return v < 0 ? 0 : (v >= TEX_W ? TEX_W - 1 : v); }
static kit_check tex_check(const float *img, const float *out) {
    float *want = (float *)kit_alloc((size_t)TEX_W * TEX_W * sizeof(float));
    for (int y = 0; y < TEX_W; y++)
        for (int x = 0; x < TEX_W; x++) {
            int sx = x + tex_dx(x, y), sy = y + tex_dy(x, y);
            float s = 0.0f;
            for (int j = -1; j <= 1; j++)
                for (int i = -1; i <= 1; i++) s += img[tex_clamp(sy + j) * TEX_W + tex_clamp(sx + i)];
            want[y * TEX_W + x] = s * (1.0f / 9.0f);
        }
    kit_check c = kit_check_floats(out, want, (size_t)TEX_W * TEX_W, 0.0, 0.0);
    free(want);
    return c;
}
