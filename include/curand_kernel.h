/* Cuprite's cuRAND device API (header-only, as NVIDIA's is): the XORWOW, Philox4x32-10 and
 * MRG32k3a generators and the (scrambled) Sobol32 and Sobol64 quasi-random sequences; curand_init,
 * skipahead and skipahead_sequence; the uniform, normal, log-normal and Poisson distributions,
 * drawing the same numbers as NVIDIA's for the same seed, subsequence and offset (except Poisson
 * counts with 64 <= lambda <= 4000: the same distribution by a published exact method, not
 * NVIDIA's undocumented one, so not the same numbers); MTGP32 (curand_mtgp32*.h: MTGP's own
 * published parameter sets, not NVIDIA's unpublished ones) and the discrete distributions. Written from
 * the published algorithms (Marsaglia's xorwow; Salmon et al., "Parallel random numbers: as
 * easy as 1, 2, 3"; L'Ecuyer's MRG32k3a; Sobol's sequence in Gray-code order) and cuRAND's
 * documented definitions; checked against NVIDIA's on an H200 (tests/gpu-programs/curand_*).
 * Only `cuprite nvcc` builds see this file: nvcc uses its own toolkit's header. */
#pragma once
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_mtgp32.h>
#include "cuprite/curand_jump_tables.h"

#define __CUPRITE_CURAND static __forceinline__ __device__

/* Which value the Box-Muller cache of a state holds: a float normal or log-normal (the
 * log-normal cache holds the exponentiated value, so the two never share it). */
#define __CUPRITE_CURAND_CACHED_NORMAL 1
#define __CUPRITE_CURAND_CACHED_LOG_NORMAL 2

/* ---------------------------------------------------------------- state types */

/** XORWOW: five xorshift words v and a Weyl counter d (period 2^192 - 2^32). */
struct curandStateXORWOW {
    unsigned int d;
    unsigned int v[5];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

/** Philox4x32-10: a 128-bit counter, a 64-bit key, the current block of four outputs and
 * which of them comes next (STATE). */
struct curandStatePhilox4_32_10 {
    uint4 ctr;
    uint4 output;
    uint2 key;
    unsigned int STATE;
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

/** MRG32k3a: the last three values of each of the two component recurrences. */
struct curandStateMRG32k3a {
    unsigned int s1[3];
    unsigned int s2[3];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

/* ---------------------------------------------------------------- XORWOW */

/* v <- J v for the jump matrix J = product of table[i]^(digit i of n in base 4); a matrix is
 * 40 nibble tables (scripts/gen-curand-tables.py), a product 40 lookups. */
__CUPRITE_CURAND void __cuprite_curand_xorwow_jump(unsigned int v[5], unsigned long long n,
                                                   const unsigned int (*table)[3200]) {
    for (int i = 0; n != 0; i++, n >>= 2) {
        for (unsigned int repeat = (unsigned int)(n & 3); repeat != 0; repeat--) {
            unsigned int out[5] = {0, 0, 0, 0, 0};
            for (int nibble = 0; nibble < 40; nibble++) {
                unsigned int value = (v[nibble >> 3] >> ((nibble & 7) * 4)) & 15u;
                const unsigned int *row = table[i] + (nibble * 16 + value) * 5;
                for (int w = 0; w < 5; w++) out[w] ^= row[w];
            }
            for (int w = 0; w < 5; w++) v[w] = out[w];
        }
    }
}

/** Advances the state by n draws. */
__CUPRITE_CURAND void skipahead(unsigned long long n, curandStateXORWOW_t *state) {
    __cuprite_curand_xorwow_jump(state->v, n, __cuprite_curand_xorwow_offset_jumps);
    state->d += 362437u * (unsigned int)n;
}

/** Advances the state by n subsequences of 2^67 draws (the Weyl counter's step times 2^67
 * is 0 modulo 2^32, so d stays). */
__CUPRITE_CURAND void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state) {
    __cuprite_curand_xorwow_jump(state->v, n, __cuprite_curand_xorwow_subsequence_jumps);
}

/** Seeds the state: the seed's halves, salted and multiplied by odd constants, offset
 * Marsaglia's initial words; then subsequence * 2^67 + offset draws are skipped. */
__CUPRITE_CURAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                                  unsigned long long offset, curandStateXORWOW_t *state) {
    unsigned int low = (unsigned int)seed ^ 0xaad26b49u;
    unsigned int high = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
    unsigned int t0 = 1099087573u * low;
    unsigned int t1 = 2591861531u * high;
    state->d = 6615241u + t1 + t0;
    state->v[0] = 123456789u + t0;
    state->v[1] = 362436069u ^ t0;
    state->v[2] = 521288629u + t1;
    state->v[3] = 88675123u ^ t1;
    state->v[4] = 5783321u + t0;
    skipahead_sequence(subsequence, state);
    skipahead(offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.0f;
    state->boxmuller_extra_double = 0.0;
}

/** The next 32 random bits. */
__CUPRITE_CURAND unsigned int curand(curandStateXORWOW_t *state) {
    unsigned int t = state->v[0] ^ (state->v[0] >> 2);
    state->v[0] = state->v[1];
    state->v[1] = state->v[2];
    state->v[2] = state->v[3];
    state->v[3] = state->v[4];
    state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
    state->d += 362437u;
    return state->v[4] + state->d;
}

/* ---------------------------------------------------------------- Philox4x32-10 */

/* One Philox round: two 32x32->64 multiplications whose halves are mixed with the key. */
__CUPRITE_CURAND uint4 __cuprite_curand_philox_round(uint4 ctr, uint2 key) {
    unsigned int high0 = __umulhi(0xD2511F53u, ctr.x);
    unsigned int low0 = 0xD2511F53u * ctr.x;
    unsigned int high1 = __umulhi(0xCD9E8D57u, ctr.z);
    unsigned int low1 = 0xCD9E8D57u * ctr.z;
    return make_uint4(high1 ^ ctr.y ^ key.x, low1, high0 ^ ctr.w ^ key.y, low0);
}

/* Ten rounds, the key bumped by the Weyl constants between them. */
__CUPRITE_CURAND uint4 __cuprite_curand_philox_block(uint4 ctr, uint2 key) {
    for (int round = 0; round < 9; round++) {
        ctr = __cuprite_curand_philox_round(ctr, key);
        key.x += 0x9E3779B9u;
        key.y += 0xBB67AE85u;
    }
    return __cuprite_curand_philox_round(ctr, key);
}

/* ctr += n, as a 128-bit number. */
__CUPRITE_CURAND void __cuprite_curand_philox_add(uint4 *ctr, unsigned long long n) {
    unsigned int low = (unsigned int)n, high = (unsigned int)(n >> 32);
    ctr->x += low;
    unsigned int carry = ctr->x < low;
    ctr->y += high;
    unsigned int carry_y = ctr->y < high;
    ctr->y += carry;
    carry_y += (carry && ctr->y == 0);
    ctr->z += carry_y;
    if (carry_y && ctr->z == 0) ctr->w++;
}

/** Advances the state by n draws (a quarter of them counter blocks). */
__CUPRITE_CURAND void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state) {
    state->STATE += (unsigned int)(n & 3);
    n /= 4;
    if (state->STATE > 3) {
        n += 1;
        state->STATE -= 4;
    }
    __cuprite_curand_philox_add(&state->ctr, n);
    state->output = __cuprite_curand_philox_block(state->ctr, state->key);
}

/** Advances the state by n subsequences of 2^66 draws: the counter's upper 64 bits. */
__CUPRITE_CURAND void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state) {
    unsigned int low = (unsigned int)n, high = (unsigned int)(n >> 32);
    state->ctr.z += low;
    unsigned int carry = state->ctr.z < low;
    state->ctr.w += high + carry;
    state->output = __cuprite_curand_philox_block(state->ctr, state->key);
}

/** Seeds the state: the seed is the key, the counter starts at subsequence * 2^64 + offset/4. */
__CUPRITE_CURAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                                  unsigned long long offset, curandStatePhilox4_32_10_t *state) {
    state->ctr = make_uint4(0, 0, 0, 0);
    state->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
    state->STATE = 0;
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.0f;
    state->boxmuller_extra_double = 0.0;
    skipahead_sequence(subsequence, state);
    skipahead(offset, state);
}

/** The next 32 random bits. */
__CUPRITE_CURAND unsigned int curand(curandStatePhilox4_32_10_t *state) {
    unsigned int word = state->STATE++;
    unsigned int bits = word == 0 ? state->output.x
                      : word == 1 ? state->output.y
                      : word == 2 ? state->output.z
                                  : state->output.w;
    if (state->STATE == 4) {
        __cuprite_curand_philox_add(&state->ctr, 1);
        state->output = __cuprite_curand_philox_block(state->ctr, state->key);
        state->STATE = 0;
    }
    return bits;
}

/** The next four draws at once (they straddle two counter blocks unless the state is at a
 * block's start). */
__CUPRITE_CURAND uint4 curand4(curandStatePhilox4_32_10_t *state) {
    uint4 current = state->output;
    __cuprite_curand_philox_add(&state->ctr, 1);
    state->output = __cuprite_curand_philox_block(state->ctr, state->key);
    uint4 next = state->output;
    switch (state->STATE) {
    case 1: return make_uint4(current.y, current.z, current.w, next.x);
    case 2: return make_uint4(current.z, current.w, next.x, next.y);
    case 3: return make_uint4(current.w, next.x, next.y, next.z);
    default: return current;
    }
}

/* ---------------------------------------------------------------- MRG32k3a */

#define __CUPRITE_CURAND_MRG_M1 4294967087u
#define __CUPRITE_CURAND_MRG_M2 4294944443u

/* s <- A s (mod m) for a row-major 3x3 matrix A. */
__CUPRITE_CURAND void __cuprite_curand_mrg_apply(const unsigned int *a, unsigned int s[3],
                                                 unsigned long long m) {
    unsigned long long out[3];
    for (int row = 0; row < 3; row++) {
        unsigned long long sum = 0;
        for (int k = 0; k < 3; k++) sum += (unsigned long long)a[row * 3 + k] * s[k] % m;
        out[row] = sum % m;
    }
    for (int row = 0; row < 3; row++) s[row] = (unsigned int)out[row];
}

/* Both components jumped by the product of table[i] over the set bits i of n. */
__CUPRITE_CURAND void __cuprite_curand_mrg_jump(curandStateMRG32k3a_t *state, unsigned long long n,
                                                const unsigned int (*table)[2][9]) {
    for (int i = 0; n != 0; i++, n >>= 1) {
        if (n & 1) {
            __cuprite_curand_mrg_apply(table[i][0], state->s1, __CUPRITE_CURAND_MRG_M1);
            __cuprite_curand_mrg_apply(table[i][1], state->s2, __CUPRITE_CURAND_MRG_M2);
        }
    }
}

/** Advances the state by n draws. */
__CUPRITE_CURAND void skipahead(unsigned long long n, curandStateMRG32k3a_t *state) {
    __cuprite_curand_mrg_jump(state, n, __cuprite_curand_mrg32k3a_offset_jumps);
}

/** Advances the state by n subsequences of 2^76 draws (curand_init's spacing). */
__CUPRITE_CURAND void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state) {
    __cuprite_curand_mrg_jump(state, n, __cuprite_curand_mrg32k3a_subsequence_jumps);
}

/** Advances the state by n sequences of 2^127 draws. */
__CUPRITE_CURAND void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state) {
    __cuprite_curand_mrg_jump(state, n, __cuprite_curand_mrg32k3a_sequence_jumps);
}

/** Seeds the state: every word starts at 12345; a nonzero seed's salted halves multiply them
 * modulo each component's modulus. */
__CUPRITE_CURAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                                  unsigned long long offset, curandStateMRG32k3a_t *state) {
    unsigned long long low = (unsigned int)seed ^ 0x55555555u;
    unsigned long long high = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
    unsigned long long m1 = __CUPRITE_CURAND_MRG_M1, m2 = __CUPRITE_CURAND_MRG_M2;
    if (seed == 0) low = high = 1;
    state->s1[0] = (unsigned int)(low * 12345u % m1);
    state->s1[1] = (unsigned int)(high * 12345u % m1);
    state->s1[2] = (unsigned int)(low * 12345u % m1);
    state->s2[0] = (unsigned int)(high * 12345u % m2);
    state->s2[1] = (unsigned int)(low * 12345u % m2);
    state->s2[2] = (unsigned int)(high * 12345u % m2);
    skipahead_subsequence(subsequence, state);
    skipahead(offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.0f;
    state->boxmuller_extra_double = 0.0;
}

/* One step of both recurrences; the combined value, in [1, m1]. */
__CUPRITE_CURAND unsigned int __cuprite_curand_mrg_next(curandStateMRG32k3a_t *state) {
    unsigned long long m1 = __CUPRITE_CURAND_MRG_M1, m2 = __CUPRITE_CURAND_MRG_M2;
    unsigned int *s1 = state->s1, *s2 = state->s2;
    unsigned int p1 = (unsigned int)((1403580ull * s1[1] + 810728ull * (m1 - s1[0])) % m1);
    unsigned int p2 = (unsigned int)((527612ull * s2[2] + 1370589ull * (m2 - s2[0])) % m2);
    s1[0] = s1[1]; s1[1] = s1[2]; s1[2] = p1;
    s2[0] = s2[1]; s2[1] = s2[2]; s2[2] = p2;
    return p1 > p2 ? p1 - p2 : (unsigned int)(p1 + (m1 - p2));
}

/* 1 / (m1 + 1): maps the combined value into (0, 1]. */
#define __CUPRITE_CURAND_MRG_NORM 2.3283065498378288e-10

/** The next 32 random bits (the combined value scaled to 2^32). */
__CUPRITE_CURAND unsigned int curand(curandStateMRG32k3a_t *state) {
    return (unsigned int)((double)__cuprite_curand_mrg_next(state) * 1.000000048662);
}

/* ---------------------------------------------------------------- distributions */

/* 32 random bits to a float in (0, 1]: x / 2^32 + 2^-33 (1 itself after rounding). */
__CUPRITE_CURAND float __cuprite_curand_to_uniform(unsigned int x) {
    return fmaf((float)x, 0x1p-32f, 0x1p-33f);
}

/* 32 random bits to a double in (0, 1]: (x + 1) / 2^32. */
__CUPRITE_CURAND double __cuprite_curand_to_uniform_double(unsigned int x) {
    return fma((double)x, 0x1p-32, 0x1p-32);
}

/* 53 random bits (x, and y above bit 21) to a double in (0, 1). */
__CUPRITE_CURAND double __cuprite_curand_to_uniform_double53(unsigned int x, unsigned int y) {
    unsigned long long bits = (unsigned long long)x ^ ((unsigned long long)y << 21);
    return fma((double)bits, 0x1p-53, 0x1p-54);
}

/* Box-Muller: a radius from x and an angle from y, the pair (sin, cos) scaled by it. The
 * angle's scale 2*pi/2^32 is a float product, rounded; the GPU's sine and cosine are the
 * hardware approximations (__sincosf). */
__CUPRITE_CURAND float2 __cuprite_curand_box_muller(unsigned int x, unsigned int y) {
    const float angle_scale = 0x1p-32f * 6.2831855f;
    float u = __cuprite_curand_to_uniform(x);
    float angle = fmaf((float)y, angle_scale, angle_scale * 0.5f);
    float radius = sqrtf(-2.0f * logf(u));
    float2 result;
    __sincosf(angle, &result.x, &result.y);
    result.x *= radius;
    result.y *= radius;
    return result;
}

/* Box-Muller in double from 53-bit uniforms (x0, x1) for the radius and (y0, y1) for the
 * angle in units of pi. */
__CUPRITE_CURAND double2 __cuprite_curand_box_muller_double(unsigned int x0, unsigned int x1,
                                                            unsigned int y0, unsigned int y1) {
    double u = __cuprite_curand_to_uniform_double53(x0, x1);
    unsigned long long angle_bits = (unsigned long long)y0 ^ ((unsigned long long)y1 << 21);
    double half_turns = fma((double)angle_bits, 0x1p-52, 0x1p-53);
    double radius = sqrt(-2.0 * log(u));
    double2 result;
    sincospi(half_turns, &result.x, &result.y);
    result.x *= radius;
    result.y *= radius;
    return result;
}

/* Per-generator sources of the distributions: a float and a double uniform, and a pair of
 * normals in float and in double. */
__CUPRITE_CURAND float __cuprite_curand_uniform(curandStateXORWOW_t *state) {
    return __cuprite_curand_to_uniform(curand(state));
}
__CUPRITE_CURAND float __cuprite_curand_uniform(curandStatePhilox4_32_10_t *state) {
    return __cuprite_curand_to_uniform(curand(state));
}
__CUPRITE_CURAND float __cuprite_curand_uniform(curandStateMRG32k3a_t *state) {
    return (float)(__cuprite_curand_mrg_next(state) * __CUPRITE_CURAND_MRG_NORM);
}
__CUPRITE_CURAND double __cuprite_curand_uniform_double(curandStateXORWOW_t *state) {
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return __cuprite_curand_to_uniform_double53(x, y);
}
__CUPRITE_CURAND double __cuprite_curand_uniform_double(curandStatePhilox4_32_10_t *state) {
    return __cuprite_curand_to_uniform_double(curand(state));
}
__CUPRITE_CURAND double __cuprite_curand_uniform_double(curandStateMRG32k3a_t *state) {
    return __cuprite_curand_mrg_next(state) * __CUPRITE_CURAND_MRG_NORM;
}

template <typename State>
__CUPRITE_CURAND float2 __cuprite_curand_normal_pair(State *state) {
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return __cuprite_curand_box_muller(x, y);
}
/* MRG32k3a's pair comes from its own uniforms, the angle a float product with 2*pi. */
__CUPRITE_CURAND float2 __cuprite_curand_normal_pair(curandStateMRG32k3a_t *state) {
    float u = __cuprite_curand_uniform(state);
    float angle = __cuprite_curand_uniform(state) * 6.2831855f;
    float radius = sqrtf(-2.0f * logf(u));
    float2 result;
    __sincosf(angle, &result.x, &result.y);
    result.x *= radius;
    result.y *= radius;
    return result;
}

__CUPRITE_CURAND double2 __cuprite_curand_normal_pair_double(curandStateXORWOW_t *state) {
    unsigned int x0 = curand(state);
    unsigned int x1 = curand(state);
    unsigned int y0 = curand(state);
    unsigned int y1 = curand(state);
    return __cuprite_curand_box_muller_double(x0, x1, y0, y1);
}
__CUPRITE_CURAND double2 __cuprite_curand_normal_pair_double(curandStatePhilox4_32_10_t *state) {
    uint4 x = curand4(state);
    return __cuprite_curand_box_muller_double(x.x, x.y, x.z, x.w);
}
__CUPRITE_CURAND double2 __cuprite_curand_normal_pair_double(curandStateMRG32k3a_t *state) {
    double u = __cuprite_curand_uniform_double(state);
    double half_turns = __cuprite_curand_uniform_double(state) * 2.0;
    double radius = sqrt(-2.0 * log(u));
    double2 result;
    sincospi(half_turns, &result.x, &result.y);
    result.x *= radius;
    result.y *= radius;
    return result;
}

/* exp(mean + stddev * x): a normal draw made log-normal, in each precision. */
__CUPRITE_CURAND float __cuprite_curand_log_normal_of(float x, float mean, float stddev) {
    return expf(fmaf(stddev, x, mean));
}
__CUPRITE_CURAND double __cuprite_curand_log_normal_of(double x, double mean, double stddev) {
    return exp(fma(stddev, x, mean));
}

/* A normal (kind NORMAL, returned as is) or log-normal (exp(mean + stddev * normal)) draw:
 * the first of a Box-Muller pair (`pair()`), the second cached in `flag`/`extra` (the state's
 * fields of that precision) for the next call of the same kind; a call of the other kind
 * discards it. */
template <typename T, typename Pair>
__CUPRITE_CURAND T __cuprite_curand_cached(int &flag, T &extra, int kind, T mean, T stddev, Pair pair) {
    if (flag == kind) {
        flag = 0;
        return extra;
    }
    auto p = pair();
    if (kind == __CUPRITE_CURAND_CACHED_LOG_NORMAL) {
        p.x = __cuprite_curand_log_normal_of(p.x, mean, stddev);
        p.y = __cuprite_curand_log_normal_of(p.y, mean, stddev);
    }
    extra = p.y;
    flag = kind;
    return p.x;
}

template <typename State>
__CUPRITE_CURAND float __cuprite_curand_cached_normal(State *state, int kind, float mean, float stddev) {
    return __cuprite_curand_cached(state->boxmuller_flag, state->boxmuller_extra, kind, mean, stddev,
                                   [state] { return __cuprite_curand_normal_pair(state); });
}

template <typename State>
__CUPRITE_CURAND double __cuprite_curand_cached_normal_double(State *state, int kind, double mean,
                                                              double stddev) {
    return __cuprite_curand_cached(state->boxmuller_flag_double, state->boxmuller_extra_double, kind, mean,
                                   stddev, [state] { return __cuprite_curand_normal_pair_double(state); });
}

/* The public distribution functions, for each generator. */
#define __CUPRITE_CURAND_DISTRIBUTIONS(State)                                                     \
    /** A float uniform in (0, 1]. */                                                             \
    __CUPRITE_CURAND float curand_uniform(State *state) { return __cuprite_curand_uniform(state); } \
    /** A double uniform in (0, 1]. */                                                            \
    __CUPRITE_CURAND double curand_uniform_double(State *state) {                                 \
        return __cuprite_curand_uniform_double(state);                                            \
    }                                                                                             \
    /** A standard normal float. */                                                               \
    __CUPRITE_CURAND float curand_normal(State *state) {                                          \
        return __cuprite_curand_cached_normal(state, __CUPRITE_CURAND_CACHED_NORMAL, 0.0f, 1.0f); \
    }                                                                                             \
    /** A standard normal double. */                                                              \
    __CUPRITE_CURAND double curand_normal_double(State *state) {                                  \
        return __cuprite_curand_cached_normal_double(state, __CUPRITE_CURAND_CACHED_NORMAL, 0.0, 1.0); \
    }                                                                                             \
    /** exp(mean + stddev * N(0, 1)) in float. */                                                 \
    __CUPRITE_CURAND float curand_log_normal(State *state, float mean, float stddev) {            \
        return __cuprite_curand_cached_normal(state, __CUPRITE_CURAND_CACHED_LOG_NORMAL, mean, stddev); \
    }                                                                                             \
    /** exp(mean + stddev * N(0, 1)) in double. */                                                \
    __CUPRITE_CURAND double curand_log_normal_double(State *state, double mean, double stddev) {  \
        return __cuprite_curand_cached_normal_double(state, __CUPRITE_CURAND_CACHED_LOG_NORMAL, mean, \
                                                     stddev);                                     \
    }

__CUPRITE_CURAND_DISTRIBUTIONS(curandStateXORWOW_t)
__CUPRITE_CURAND_DISTRIBUTIONS(curandStatePhilox4_32_10_t)
__CUPRITE_CURAND_DISTRIBUTIONS(curandStateMRG32k3a_t)
#undef __CUPRITE_CURAND_DISTRIBUTIONS

/* Philox's four- and two-wide draws, from curand4 (a pair of normals is not cached). */

/** Four float uniforms in (0, 1]. */
__CUPRITE_CURAND float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
    uint4 x = curand4(state);
    return make_float4(__cuprite_curand_to_uniform(x.x), __cuprite_curand_to_uniform(x.y),
                       __cuprite_curand_to_uniform(x.z), __cuprite_curand_to_uniform(x.w));
}

/** Two double uniforms in (0, 1), 53 bits each. */
__CUPRITE_CURAND double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state) {
    uint4 x = curand4(state);
    return make_double2(__cuprite_curand_to_uniform_double53(x.x, x.y),
                        __cuprite_curand_to_uniform_double53(x.z, x.w));
}

/** Two standard normal floats. */
__CUPRITE_CURAND float2 curand_normal2(curandStatePhilox4_32_10_t *state) {
    return __cuprite_curand_normal_pair(state);
}

/** Four standard normal floats. */
__CUPRITE_CURAND float4 curand_normal4(curandStatePhilox4_32_10_t *state) {
    uint4 x = curand4(state);
    float2 first = __cuprite_curand_box_muller(x.x, x.y);
    float2 second = __cuprite_curand_box_muller(x.z, x.w);
    return make_float4(first.x, first.y, second.x, second.y);
}

/** Two standard normal doubles. */
__CUPRITE_CURAND double2 curand_normal2_double(curandStatePhilox4_32_10_t *state) {
    return __cuprite_curand_normal_pair_double(state);
}

/** Four double uniforms in (0, 1), 53 bits each, from two curand4 draws. */
__CUPRITE_CURAND double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state) {
    uint4 a = curand4(state);
    uint4 b = curand4(state);
    return make_double4(__cuprite_curand_to_uniform_double53(a.x, a.y), __cuprite_curand_to_uniform_double53(a.z, a.w),
                        __cuprite_curand_to_uniform_double53(b.x, b.y), __cuprite_curand_to_uniform_double53(b.z, b.w));
}

/** Four standard normal doubles, two Box-Muller pairs. */
__CUPRITE_CURAND double4 curand_normal4_double(curandStatePhilox4_32_10_t *state) {
    double2 first = __cuprite_curand_normal_pair_double(state);
    double2 second = __cuprite_curand_normal_pair_double(state);
    return make_double4(first.x, first.y, second.x, second.y);
}

/** Two log-normal doubles, exp(mean + stddev * N(0, 1)). */
__CUPRITE_CURAND double2 curand_log_normal2_double(curandStatePhilox4_32_10_t *state, double mean, double stddev) {
    double2 n = curand_normal2_double(state);
    return make_double2(exp(fma(stddev, n.x, mean)), exp(fma(stddev, n.y, mean)));
}

/** Four log-normal doubles. */
__CUPRITE_CURAND double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state, double mean, double stddev) {
    double4 n = curand_normal4_double(state);
    return make_double4(exp(fma(stddev, n.x, mean)), exp(fma(stddev, n.y, mean)), exp(fma(stddev, n.z, mean)),
                        exp(fma(stddev, n.w, mean)));
}

/** Four log-normal floats, exp(mean + stddev * N(0, 1)). */
__CUPRITE_CURAND float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev) {
    float4 n = curand_normal4(state);
    return make_float4(expf(fmaf(stddev, n.x, mean)), expf(fmaf(stddev, n.y, mean)),
                       expf(fmaf(stddev, n.z, mean)), expf(fmaf(stddev, n.w, mean)));
}

/** Two log-normal floats. */
__CUPRITE_CURAND float2 curand_log_normal2(curandStatePhilox4_32_10_t *state, float mean, float stddev) {
    float2 n = curand_normal2(state);
    return make_float2(expf(fmaf(stddev, n.x, mean)), expf(fmaf(stddev, n.y, mean)));
}

/* ---------------------------------------------------------------- Poisson */

/* Small means: the number of uniforms whose running product stays above exp(-lambda). */
template <typename State>
__CUPRITE_CURAND unsigned int __cuprite_curand_poisson_knuth(State *state, float lambda) {
    unsigned int k = 0;
    float p = expf(lambda);
    do {
        k++;
        p *= curand_uniform(state);
    } while (p > 1.0f);
    return k - 1;
}

/* Means from 64 to 4000: Hormann's transformed rejection with squeeze, PTRS (W. Hormann, "The
 * transformed rejection method for generating Poisson random variables", Insurance: Mathematics
 * and Economics 12(1), 1993), two double uniforms per try, exact for the Poisson distribution.
 * cuRAND documents no algorithm for this range (NVIDIA's is its own rejection method), so these
 * counts follow the same distribution as NVIDIA's but are not the same draws. */
template <typename State>
__CUPRITE_CURAND unsigned int __cuprite_curand_poisson_ptrs(State *state, double lambda) {
    double log_lambda = log(lambda);
    double b = 0.931 + 2.53 * sqrt(lambda);
    double a = -0.059 + 0.02483 * b;
    double inverse_alpha = 1.1239 + 1.1328 / (b - 3.4);
    double v_r = 0.9277 - 3.6224 / (b - 2.0);
    for (;;) {
        double u = curand_uniform_double(state) - 0.5;
        double v = curand_uniform_double(state);
        double u_s = 0.5 - fabs(u);
        double k = floor((2.0 * a / u_s + b) * u + lambda + 0.43);
        if (u_s >= 0.07 && v <= v_r) return (unsigned int)k;
        if (k < 0.0 || (u_s < 0.013 && v > u_s)) continue;
        if (log(v) + log(inverse_alpha) - log(a / (u_s * u_s) + b) <= -lambda + k * log_lambda - lgamma(k + 1.0))
            return (unsigned int)k;
    }
}

/* Small means by the product of uniforms, the middle range by PTRS, large means (over 4000) by
 * the normal approximation, rounded (NVIDIA's choice at both ends). */
template <typename State>
__CUPRITE_CURAND unsigned int __cuprite_curand_poisson(State *state, double lambda) {
    if (lambda < 64) return __cuprite_curand_poisson_knuth(state, (float)lambda);
    if (lambda > 4000)
        return (unsigned int)(sqrt(lambda) * curand_normal_double(state) + lambda + 0.5);
    return __cuprite_curand_poisson_ptrs(state, lambda);
}

/** A Poisson-distributed count with mean lambda. */
__CUPRITE_CURAND unsigned int curand_poisson(curandStateXORWOW_t *state, double lambda) {
    return __cuprite_curand_poisson(state, lambda);
}
__CUPRITE_CURAND unsigned int curand_poisson(curandStatePhilox4_32_10_t *state, double lambda) {
    return __cuprite_curand_poisson(state, lambda);
}
__CUPRITE_CURAND unsigned int curand_poisson(curandStateMRG32k3a_t *state, double lambda) {
    return __cuprite_curand_poisson(state, lambda);
}

/** Four Poisson-distributed counts with mean lambda, drawn one after the other. */
__CUPRITE_CURAND uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda) {
    unsigned int x = curand_poisson(state, lambda);
    unsigned int y = curand_poisson(state, lambda);
    unsigned int z = curand_poisson(state, lambda);
    unsigned int w = curand_poisson(state, lambda);
    return make_uint4(x, y, z, w);
}


/* ---------------------------------------------------------------- Sobol32 (quasi-random) */

/* curandDirectionVectors32_t is curand.h's. */

/** Sobol32: the draw index i, the current point x, the scramble constant c (0 unscrambled). */
struct curandStateSobol32 {
    unsigned int i, x, c;
    unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;

/** Scrambled Sobol32: the points XORed with the scramble constant c. */
struct curandStateScrambledSobol32 {
    unsigned int i, x, c;
    unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;

/* The Sobol states of both widths: Word is the point's type (unsigned int or unsigned long
 * long), with one direction vector per bit. */
template <typename State> using __cuprite_curand_sobol_word = decltype(State::x);

/* x = c XOR the direction vectors of the set bits of i's Gray code. */
template <typename State>
__CUPRITE_CURAND void __cuprite_curand_sobol_skipahead(__cuprite_curand_sobol_word<State> n, State *state) {
    using Word = __cuprite_curand_sobol_word<State>;
    state->i += n;
    Word gray = state->i ^ (state->i >> 1);
    Word x = state->c;
    for (int k = 0; k < (int)(8 * sizeof(Word)); k++)
        if ((gray >> k) & 1u) x ^= state->direction_vectors[k];
    state->x = x;
}

template <typename State>
__CUPRITE_CURAND void __cuprite_curand_sobol_init(const __cuprite_curand_sobol_word<State> *direction_vectors,
                                                  __cuprite_curand_sobol_word<State> scramble,
                                                  __cuprite_curand_sobol_word<State> offset, State *state) {
    using Word = __cuprite_curand_sobol_word<State>;
    state->i = 0;
    state->c = scramble;
    for (int k = 0; k < (int)(8 * sizeof(Word)); k++) state->direction_vectors[k] = direction_vectors[k];
    __cuprite_curand_sobol_skipahead(offset, state);
}

/* The current point; then the next by Gray code: flip the vector of i's lowest zero bit. */
template <typename State>
__CUPRITE_CURAND __cuprite_curand_sobol_word<State> __cuprite_curand_sobol_next(State *state) {
    using Word = __cuprite_curand_sobol_word<State>;
    Word point = state->x;
    Word not_i = ~state->i;
    state->x ^= state->direction_vectors[(__ffsll((long long)(unsigned long long)not_i) - 1) & (8 * sizeof(Word) - 1)];
    state->i++;
    return point;
}

/* The inverse normal CDF of the point as a uniform u, -sqrt(2) erfcinv(2u), the upper half
 * mirrored to 1 - u for precision. */
__CUPRITE_CURAND float __cuprite_curand_normal_icdf(unsigned int x) {
    float scale = -1.4142135f;
    if (x >= 0x80000000u) {
        x = 0xffffffffu - x;
        scale = -scale;
    }
    return scale * erfcinvf(2.0f * __cuprite_curand_to_uniform(x));
}

__CUPRITE_CURAND double __cuprite_curand_normal_icdf_double(unsigned int x) {
    double scale = -1.4142135623730951;
    if (x >= 0x80000000u) {
        x = 0xffffffffu - x;
        scale = -scale;
    }
    return scale * erfcinv(2.0 * fma((double)x, 0x1p-32, 0x1p-33));
}

/** Starts the sequence of the given direction vectors at point number `offset`. */
__CUPRITE_CURAND void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                                  curandStateSobol32_t *state) {
    __cuprite_curand_sobol_init(direction_vectors, 0u, offset, state);
}

/** Starts the scrambled sequence (points XORed with scramble_c) at point number `offset`. */
__CUPRITE_CURAND void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int scramble_c,
                                  unsigned int offset, curandStateScrambledSobol32_t *state) {
    __cuprite_curand_sobol_init(direction_vectors, scramble_c, offset, state);
}

/* The public functions of both Sobol32 states: quasi-random draws, one point per value. */
#define __CUPRITE_CURAND_SOBOL(State)                                                              \
    /** Advances the state by n points. */                                                         \
    __CUPRITE_CURAND void skipahead(unsigned int n, State *state) { __cuprite_curand_sobol_skipahead(n, state); } \
    /** The next point, 32 bits. */                                                                \
    __CUPRITE_CURAND unsigned int curand(State *state) { return __cuprite_curand_sobol_next(state); } \
    /** The next point as a float in (0, 1]. */                                                   \
    __CUPRITE_CURAND float curand_uniform(State *state) {                                          \
        return __cuprite_curand_to_uniform(__cuprite_curand_sobol_next(state));                    \
    }                                                                                              \
    /** The next point as a double in (0, 1]. */                                                  \
    __CUPRITE_CURAND double curand_uniform_double(State *state) {                                  \
        return __cuprite_curand_to_uniform_double(__cuprite_curand_sobol_next(state));             \
    }                                                                                              \
    /** The next point through the inverse normal CDF. */                                         \
    __CUPRITE_CURAND float curand_normal(State *state) {                                           \
        return __cuprite_curand_normal_icdf(__cuprite_curand_sobol_next(state));                   \
    }                                                                                              \
    /** The next point through the inverse normal CDF, in double. */                              \
    __CUPRITE_CURAND double curand_normal_double(State *state) {                                   \
        return __cuprite_curand_normal_icdf_double(__cuprite_curand_sobol_next(state));            \
    }                                                                                              \
    /** exp(mean + stddev * the normal of the next point). */                                     \
    __CUPRITE_CURAND float curand_log_normal(State *state, float mean, float stddev) {             \
        return expf(fmaf(stddev, curand_normal(state), mean));                                     \
    }                                                                                              \
    /** exp(mean + stddev * the normal of the next point), in double. */                          \
    __CUPRITE_CURAND double curand_log_normal_double(State *state, double mean, double stddev) {   \
        return exp(fma(stddev, curand_normal_double(state), mean));                                \
    }

__CUPRITE_CURAND_SOBOL(curandStateSobol32_t)
__CUPRITE_CURAND_SOBOL(curandStateScrambledSobol32_t)
#undef __CUPRITE_CURAND_SOBOL

/* ---------------------------------------------------------------- Sobol64 (quasi-random) */

/* curandDirectionVectors64_t is curand.h's. */

/** Sobol64: the draw index i, the current point x, the scramble constant c (0 unscrambled). */
struct curandStateSobol64 {
    unsigned long long i, x, c;
    unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;

/** Scrambled Sobol64: the points XORed with the scramble constant c. */
struct curandStateScrambledSobol64 {
    unsigned long long i, x, c;
    unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

/* A 64-bit point's conversions, as the 32-bit point's: a float from its high 32 bits; a double
 * uniform from its high 53 bits, at the middle of its interval; the inverse normal CDF of the
 * point as a 64-bit uniform, the upper half mirrored. Whether NVIDIA's are these exactly is for
 * tests/gpu-programs/curand_sobol64_values.cu to show on a GPU (cuRAND documents none). */
__CUPRITE_CURAND double __cuprite_curand_to_uniform_double64(unsigned long long x) {
    return fma((double)(x >> 11), 0x1p-53, 0x1p-54);
}

__CUPRITE_CURAND double __cuprite_curand_normal_icdf_double64(unsigned long long x) {
    double scale = -1.4142135623730951;
    if (x >= 0x8000000000000000ull) {
        x = 0xffffffffffffffffull - x;
        scale = -scale;
    }
    return scale * erfcinv(2.0 * fma((double)x, 0x1p-64, 0x1p-65));
}

/** Starts the sequence of the given direction vectors at point number `offset`. */
__CUPRITE_CURAND void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                                  curandStateSobol64_t *state) {
    __cuprite_curand_sobol_init(direction_vectors, 0ull, offset, state);
}

/** Starts the scrambled sequence (points XORed with scramble_c) at point number `offset`. */
__CUPRITE_CURAND void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long scramble_c,
                                  unsigned long long offset, curandStateScrambledSobol64_t *state) {
    __cuprite_curand_sobol_init(direction_vectors, scramble_c, offset, state);
}

/* The public functions of both Sobol64 states. */
#define __CUPRITE_CURAND_SOBOL64(State)                                                            \
    /** Advances the state by n points. */                                                         \
    __CUPRITE_CURAND void skipahead(unsigned long long n, State *state) { __cuprite_curand_sobol_skipahead(n, state); } \
    /** The next point, 64 bits. */                                                                \
    __CUPRITE_CURAND unsigned long long curand(State *state) { return __cuprite_curand_sobol_next(state); } \
    /** The next point as a float in (0, 1]. */                                                   \
    __CUPRITE_CURAND float curand_uniform(State *state) {                                          \
        return __cuprite_curand_to_uniform((unsigned int)(__cuprite_curand_sobol_next(state) >> 32)); \
    }                                                                                              \
    /** The next point as a double in (0, 1). */                                                  \
    __CUPRITE_CURAND double curand_uniform_double(State *state) {                                  \
        return __cuprite_curand_to_uniform_double64(__cuprite_curand_sobol_next(state));           \
    }                                                                                              \
    /** The next point through the inverse normal CDF. */                                         \
    __CUPRITE_CURAND float curand_normal(State *state) {                                           \
        return __cuprite_curand_normal_icdf((unsigned int)(__cuprite_curand_sobol_next(state) >> 32)); \
    }                                                                                              \
    /** The next point through the inverse normal CDF, in double. */                              \
    __CUPRITE_CURAND double curand_normal_double(State *state) {                                   \
        return __cuprite_curand_normal_icdf_double64(__cuprite_curand_sobol_next(state));          \
    }                                                                                              \
    /** exp(mean + stddev * the normal of the next point). */                                     \
    __CUPRITE_CURAND float curand_log_normal(State *state, float mean, float stddev) {             \
        return expf(fmaf(stddev, curand_normal(state), mean));                                     \
    }                                                                                              \
    /** exp(mean + stddev * the normal of the next point), in double. */                          \
    __CUPRITE_CURAND double curand_log_normal_double(State *state, double mean, double stddev) {   \
        return exp(fma(stddev, curand_normal_double(state), mean));                                \
    }

__CUPRITE_CURAND_SOBOL64(curandStateSobol64_t)
__CUPRITE_CURAND_SOBOL64(curandStateScrambledSobol64_t)
#undef __CUPRITE_CURAND_SOBOL64

/* ---------------------------------------------------------------- MTGP32 */

/* curandStateMtgp32_t and the parameter tables are curand_mtgp32.h's. A block's threads draw
 * together: thread t of d makes the word at t past the live window's start (MTGP's recursion on
 * three earlier words, then tempering), and the window moves d words; each call is two
 * barriers, so every thread of the block must make it. */

/* The recursion of parameter set p: the new word from the words N, N - 1 and N - pos back. */
__CUPRITE_CURAND unsigned int __cuprite_curand_mtgp_recursion(const mtgp32_kernel_params_t *k, int p, unsigned int x1,
                                                              unsigned int x2, unsigned int y) {
    unsigned int x = (x1 & k->mask[0]) ^ x2;
    x ^= x << k->sh1_tbl[p];
    y = x ^ (y >> k->sh2_tbl[p]);
    return y ^ k->param_tbl[p][y & 15u];
}

/* Which tempering table entry the word `t` (pos - 1 past the recursion's first) selects. */
__CUPRITE_CURAND unsigned int __cuprite_curand_mtgp_temper_index(unsigned int t) {
    t ^= t >> 16;
    t ^= t >> 8;
    return t & 15u;
}

/* The new word of slot `t` past the window's start, and (in *temper) the word that tempers it. */
__CUPRITE_CURAND unsigned int __cuprite_curand_mtgp_word(curandStateMtgp32_t *state, unsigned int t,
                                                         unsigned int *temper) {
    unsigned int o = (unsigned int)state->offset, pos = state->k->pos_tbl[state->pIdx];
    const unsigned int *s = state->s;
    *temper = s[(t + o + pos - 1) & MTGP32_STATE_MASK];
    return __cuprite_curand_mtgp_recursion(state->k, state->pIdx, s[(t + o) & MTGP32_STATE_MASK],
                                           s[(t + o + 1) & MTGP32_STATE_MASK], s[(t + o + pos) & MTGP32_STATE_MASK]);
}

/* Between two barriers, `leader` moves the window by n words. */
__CUPRITE_CURAND void __cuprite_curand_mtgp_advance(curandStateMtgp32_t *state, bool leader, unsigned int n) {
    __syncthreads();
    if (leader) state->offset = (state->offset + (int)n) & MTGP32_STATE_MASK;
    __syncthreads();
}

/* Slot `t`'s tempered word, stored at the window's end; the window then moves n words. */
__CUPRITE_CURAND unsigned int __cuprite_curand_mtgp_next(curandStateMtgp32_t *state, unsigned int t, bool leader,
                                                         unsigned int n) {
    unsigned int temper;
    unsigned int r = __cuprite_curand_mtgp_word(state, t, &temper);
    state->s[(t + (unsigned int)state->offset + MTGPDC_N) & MTGP32_STATE_MASK] = r;
    unsigned int out = r ^ state->k->temper_tbl[state->pIdx][__cuprite_curand_mtgp_temper_index(temper)];
    __cuprite_curand_mtgp_advance(state, leader, n);
    return out;
}

/** The next 32 random bits of the calling thread; the whole block calls together. (The thread's
 * slot is NVIDIA's: z * blockDim.z * blockDim.y + y * blockDim.x + x.) */
__CUPRITE_CURAND unsigned int curand(curandStateMtgp32_t *state) {
    unsigned int t = blockDim.z * blockDim.y * threadIdx.z + blockDim.x * threadIdx.y + threadIdx.x;
    return __cuprite_curand_mtgp_next(state, t, t == 0, blockDim.x * blockDim.y * blockDim.z);
}

/** The word of slot `index` of `n` that the calling threads make together (n at most 256). */
__CUPRITE_CURAND unsigned int curand_mtgp32_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n) {
    return __cuprite_curand_mtgp_next(state, index, index == 0, n);
}

/* A float in [1, 2) from slot t's word by the float tempering table. As NVIDIA's (and so for
 * the same numbers), the new word is stored at slot t itself, not at the window's end, before
 * the tempering word is read (other threads' stores may land there first), and the window is
 * moved by thread x == 0. */
__CUPRITE_CURAND float __cuprite_curand_mtgp_single(curandStateMtgp32_t *state, unsigned int t, unsigned int n) {
    unsigned int unused;
    unsigned int r = __cuprite_curand_mtgp_word(state, t, &unused);
    state->s[t] = r;
    unsigned int o = (unsigned int)state->offset, pos = state->k->pos_tbl[state->pIdx];
    unsigned int temper = state->s[(t + o + pos - 1) & MTGP32_STATE_MASK];
    unsigned int bits = (r >> 9) ^ state->k->single_temper_tbl[state->pIdx][__cuprite_curand_mtgp_temper_index(temper)];
    __cuprite_curand_mtgp_advance(state, threadIdx.x == 0, n);
    return __uint_as_float(bits);
}

/** A float in [1, 2) for the calling thread (slot blockDim.z * blockDim.y + x, NVIDIA's). */
__CUPRITE_CURAND float curand_mtgp32_single(curandStateMtgp32_t *state) {
    return __cuprite_curand_mtgp_single(state, blockDim.z * blockDim.y + threadIdx.x,
                                        blockDim.x * blockDim.y * blockDim.z);
}

/** A float in [1, 2) from slot `index` of `n`. */
__CUPRITE_CURAND float curand_mtgp32_single_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n) {
    return __cuprite_curand_mtgp_single(state, index, n);
}

/** A float uniform in (0, 1]. */
__CUPRITE_CURAND float curand_uniform(curandStateMtgp32_t *state) { return __cuprite_curand_to_uniform(curand(state)); }
/** A double uniform in (0, 1], from one word. */
__CUPRITE_CURAND double curand_uniform_double(curandStateMtgp32_t *state) {
    return __cuprite_curand_to_uniform_double(curand(state));
}
/** A standard normal float: one word through the inverse normal CDF. */
__CUPRITE_CURAND float curand_normal(curandStateMtgp32_t *state) { return __cuprite_curand_normal_icdf(curand(state)); }
/** A standard normal double: one word through the inverse normal CDF. */
__CUPRITE_CURAND double curand_normal_double(curandStateMtgp32_t *state) {
    return __cuprite_curand_normal_icdf_double(curand(state));
}
/** exp(mean + stddev * N(0, 1)) in float. */
__CUPRITE_CURAND float curand_log_normal(curandStateMtgp32_t *state, float mean, float stddev) {
    return expf(mean + stddev * curand_normal(state));
}
/** exp(mean + stddev * N(0, 1)) in double. */
__CUPRITE_CURAND double curand_log_normal_double(curandStateMtgp32_t *state, double mean, double stddev) {
    return exp(mean + stddev * curand_normal_double(state));
}

/* ---------------------------------------------------------------- Poisson from one draw */

/* A Poisson count from one uniform draw by inversion (Fishman, "Discrete-Event Simulation",
 * ITR): the smallest k whose CDF reaches u = x / 2^32 + 2^-33 (never 0 or 1). The terms
 * e^-lambda lambda^k / k! are built up in chunks of e^-500, so that e^-lambda never underflows.
 * Means of 1000 and more take the normal approximation of the same draw, rounded. */
__CUPRITE_CURAND unsigned int __cuprite_curand_poisson_of(unsigned int x, double lambda) {
    if (lambda >= 1000) return (unsigned int)(sqrt(lambda) * __cuprite_curand_normal_icdf_double(x) + lambda + 0.5);
    double u = fma((double)x, 0x1p-32, 0x1p-33);
    double term = 1.0, cdf = 1.0;
    unsigned int k = 0;
    int scaled = 0;
    do {
        double factor = lambda > scaled + 500.0 ? exp(-500.0) : exp((double)scaled - lambda);
        term *= factor;
        cdf *= factor;
        scaled += 500;
        while (u > cdf) {
            k++;
            term *= lambda / (double)k;
            cdf += term;
        }
    } while ((double)scaled < lambda);
    return k;
}

/** A Poisson-distributed count with mean lambda, from one word. */
__CUPRITE_CURAND unsigned int curand_poisson(curandStateMtgp32_t *state, double lambda) {
    return __cuprite_curand_poisson_of(curand(state), lambda);
}
__CUPRITE_CURAND unsigned int curand_poisson(curandStateSobol32_t *state, double lambda) {
    return __cuprite_curand_poisson_of(curand(state), lambda);
}
__CUPRITE_CURAND unsigned int curand_poisson(curandStateScrambledSobol32_t *state, double lambda) {
    return __cuprite_curand_poisson_of(curand(state), lambda);
}

/* ---------------------------------------------------------------- discrete distributions */

/* A discrete distribution as curandCreatePoissonDistribution (Cuprite's libcurand) lays it out
 * in device memory, in NVIDIA's layout: Marsaglia, Tsang and Wang's square histogram ("Fast
 * generation of discrete random variables", J. Stat. Software 11(3), 2004) of the values
 * shift .. shift + length - 1: a uniform u picks column j = floor(length u), whose value is
 * shift + j if u < V[j], else shift + K[j]. Another method (the normal approximation of large
 * means) is stddev * N(0, 1) + mean, rounded. */
struct curandHistogramM2_st {
    curandHistogramM2V_t V;
    curandHistogramM2V_t host_V;
    curandHistogramM2K_t K;
    curandHistogramM2K_t host_K;
    unsigned int host_gen;
};
struct curandDistributionM2Shift_st {
    curandHistogramM2_t histogram;
    curandHistogramM2_t host_histogram;
    unsigned int shift;
    unsigned int length;
    unsigned int host_gen;
};
struct curandDiscreteDistribution_st {
    curandDiscreteDistribution_t self_host_ptr;
    curandDistributionM2Shift_t M2;
    curandDistributionM2Shift_t host_M2;
    double stddev;
    double mean;
    curandMethod_t method;
    unsigned int host_gen;
};

/* The square histogram's value for the word x (u = (x + 1) / 2^32, as curand_uniform_double). */
__CUPRITE_CURAND unsigned int __cuprite_curand_m2(unsigned int x, curandDistributionM2Shift_t m2) {
    double u = __cuprite_curand_to_uniform_double(x);
    unsigned int j = (unsigned int)floor(m2->length * u);
    if (j >= m2->length) j = m2->length - 1; /* u == 1 */
    return u < m2->histogram->V[j] ? m2->shift + j : m2->shift + m2->histogram->K[j];
}

/* One discrete draw: a word through the square histogram, or a normal draw for the normal
 * approximation. */
template <typename State>
__CUPRITE_CURAND unsigned int __cuprite_curand_discrete(State *state, curandDiscreteDistribution_t d) {
    if (d->method == CURAND_M2) return __cuprite_curand_m2(curand(state), d->M2);
    return (unsigned int)(d->stddev * curand_normal_double(state) + d->mean + 0.5);
}

/** A value of the discrete distribution (from curandCreatePoissonDistribution). */
__CUPRITE_CURAND unsigned int curand_discrete(curandStateXORWOW_t *state, curandDiscreteDistribution_t d) {
    return __cuprite_curand_discrete(state, d);
}
__CUPRITE_CURAND unsigned int curand_discrete(curandStatePhilox4_32_10_t *state, curandDiscreteDistribution_t d) {
    return __cuprite_curand_discrete(state, d);
}
__CUPRITE_CURAND unsigned int curand_discrete(curandStateMRG32k3a_t *state, curandDiscreteDistribution_t d) {
    return __cuprite_curand_discrete(state, d);
}
__CUPRITE_CURAND unsigned int curand_discrete(curandStateMtgp32_t *state, curandDiscreteDistribution_t d) {
    return __cuprite_curand_discrete(state, d);
}
__CUPRITE_CURAND unsigned int curand_discrete(curandStateSobol32_t *state, curandDiscreteDistribution_t d) {
    return __cuprite_curand_discrete(state, d);
}
__CUPRITE_CURAND unsigned int curand_discrete(curandStateScrambledSobol32_t *state, curandDiscreteDistribution_t d) {
    return __cuprite_curand_discrete(state, d);
}

/** Four values of the discrete distribution, from one curand4 draw (or four normals). */
__CUPRITE_CURAND uint4 curand_discrete4(curandStatePhilox4_32_10_t *state, curandDiscreteDistribution_t d) {
    if (d->method == CURAND_M2) {
        uint4 x = curand4(state);
        return make_uint4(__cuprite_curand_m2(x.x, d->M2), __cuprite_curand_m2(x.y, d->M2),
                          __cuprite_curand_m2(x.z, d->M2), __cuprite_curand_m2(x.w, d->M2));
    }
    double4 n = curand_normal4_double(state);
    return make_uint4((unsigned int)(d->stddev * n.x + d->mean + 0.5), (unsigned int)(d->stddev * n.y + d->mean + 0.5),
                      (unsigned int)(d->stddev * n.z + d->mean + 0.5), (unsigned int)(d->stddev * n.w + d->mean + 0.5));
}

#undef __CUPRITE_CURAND
