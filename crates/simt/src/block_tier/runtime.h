/* The block tier's C runtime: what every generated translation unit includes (textually,
 * ahead of its code). Each inline function mirrors one Rust reference in
 * crates/simt/src/semantics/ or crates/simt/src/float.rs, named in its comment, bit for bit:
 * registers are 64-bit words holding what the interpreter's registers hold. */
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <math.h>

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

typedef uint64_t u64;
typedef int64_t i64;
typedef uint32_t u32;
typedef int32_t i32;

/* The leading fields of `jit::ctx::Ctx` (repr(C)); the generated code asserts the offsets. */
typedef struct {
    u64 sites, shared, shared_len, local, local_len, locals, params, params_len, globals;
    u64 faulted, scratch, counts[2], bar_ids, clean, released;
    u32 sregs[44];
} Ctx;

/* `jit::tex::TexPoint` (repr(C)): where a clamped point lookup's texels lie. */
typedef struct {
    u64 host, row_pitch, texel;
    u32 width, height, channels, pad;
} TexPoint;

/* `block_tier::run::Helpers` (repr(C)): the Rust functions generated code calls. */
typedef struct {
    u64 (*ld)(Ctx *, u64, u64, u64);
    void (*st)(Ctx *, u64, u64, u64, u64);
    u64 (*atom)(Ctx *, const void *, u64, u64, u64);
    u64 (*atom_site)(Ctx *, const void *, u64, u64, u64, u64);
    u64 (*unop)(const void *, u64);
    u64 (*binop)(const void *, u64, u64);
    u64 (*ternop)(const void *, u64, u64, u64);
    u64 (*cvt)(const void *, u64);
    u64 (*cmp)(const void *, u64, u64);
    u64 (*bfi)(u64, u64, u64, u64, u64);
    u64 (*isspacep)(Ctx *, u64, u64);
    void (*misaligned)(Ctx *, u64, u64);
    void (*tex)(Ctx *, const void *, const u64 *, u64, u64 *);
    u64 (*tex_point)(Ctx *, const void *, u64, TexPoint *);
    u64 (*pause)(Ctx *);
} Helpers;

/* semantics::mask_w */
static inline u64 mask_w(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
/* semantics::sx */
static inline i64 sx(u64 v, unsigned w) { unsigned s = 64 - (w < 1 ? 1 : w > 64 ? 64 : w); return (i64)(v << s) >> s; }
static inline u64 rotr(u64 v, unsigned k) { return k ? (v >> k) | (v << (64 - k)) : v; }

/* The lane phase's LANE_W lanes (16, or a warp's 32: emit/grouping.rs defines it ahead of
 * this file) of a register whose bit 0 is set, as a mask (lane l: bit l): a predicate's lanes
 * as the lanes a guard lets run. One vector test per 256 bits where the target has AVX-512 (a
 * loop shifting and or-ing the lanes together takes gcc about 15 instructions). 256 bits, not
 * 512: gcc (-march=native prefers 256-bit vectors) stores a register's lanes as 256-bit
 * vectors just before the test, and a 512-bit load of two such stores cannot take its bytes
 * from the store buffer: it waits for both stores to retire, ~20 cycles a mask (45% of the
 * kit's reduce_tree's time sat on those loads; the same time per repetition fell 40% with
 * 256-bit loads, which a 256- or a 512-bit store forwards to). */
#if defined(__AVX512F__)
#include <immintrin.h>
#endif
#if defined(__AVX512F__) && defined(__AVX512VL__)
static inline u32 lane_bits32(const u32 *r) {
    const __m256i one = _mm256_set1_epi32(1);
    u32 m = 0;
    for (u32 k = 0; k < LANE_W; k += 8) m |= (u32)_mm256_test_epi32_mask(_mm256_loadu_si256((const __m256i *)(r + k)), one) << k;
    return m;
}
static inline u32 lane_bits64(const u64 *r) {
    const __m256i one = _mm256_set1_epi64x(1);
    u32 m = 0;
    for (u32 k = 0; k < LANE_W; k += 4) m |= (u32)_mm256_test_epi64_mask(_mm256_loadu_si256((const __m256i *)(r + k)), one) << k;
    return m;
}
#else
static inline u32 lane_bits32(const u32 *r) { u32 m = 0; for (u32 l = 0; l < LANE_W; l++) m |= (r[l] & 1u) << l; return m; }
static inline u32 lane_bits64(const u64 *r) { u32 m = 0; for (u32 l = 0; l < LANE_W; l++) m |= (u32)(r[l] & 1u) << l; return m; }
#endif
/* The lanes l of a group with l < c: a prefix of it. */
static inline u32 lanes_below(i64 c) { return c <= 0 ? 0u : c >= (i64)LANE_W ? LANE_FULL : (1u << c) - 1u; }
/* The lanes l at which `a + l` compares with `b` as `op` says (0 <, 1 <=, 2 >, 3 >=, 4 ==,
 * 5 !=), the lanes' values being `a + l` exactly (a lane's 32-bit value one above the
 * last's) while `a + LANE_W - 1` stays at most `top`; -1 when a lane would pass `top` and wrap
 * around (the caller then tests the lanes one by one). A branch on `tid < stride` or `i < n`
 * needs no lane loop, no store of the predicate's lanes and no vector test of them. */
static inline i64 step_cmp_bits(i64 a, i64 b, i64 top, int op) {
    if (a + (i64)(LANE_W - 1) > top) return -1;
    const i64 k = b - a;
    switch (op) {
    case 0: return lanes_below(k);
    case 1: return lanes_below(k + 1);
    case 2: return LANE_FULL & ~lanes_below(k + 1);
    case 3: return LANE_FULL & ~lanes_below(k);
    case 4: return lanes_below(k + 1) & ~lanes_below(k);
    default: return LANE_FULL & ~(lanes_below(k + 1) & ~lanes_below(k));
    }
}

static inline float f32_of(u64 v) { u32 b = (u32)v; float f; memcpy(&f, &b, 4); return f; }
static inline u64 bits32(float f) { u32 b; memcpy(&b, &f, 4); return b; }
static inline double f64_of(u64 v) { double f; memcpy(&f, &v, 8); return f; }
static inline u64 bits64(double f) { u64 b; memcpy(&b, &f, 8); return b; }
/* semantics::sign_op64: neg/abs.f64 change the sign bit, except of a NaN, kept quieted. */
static inline u64 sign_op64(u64 x, u64 signed_) { return (x & ~(1ull << 63)) > 0x7ff0000000000000ull ? x | (1ull << 51) : signed_; }
/* semantics::of32: a NaN result is the canonical NaN 0x7fffffff. Tested on the bits (`f != f`
 * compiles to a branch on the parity flag) and chosen by a mask, not a select: in a lane loop
 * whose write keeps some lanes' old values, gcc turns the select into a branch and then does
 * not vectorize the loop ("control flow in loop"). */
static inline u64 of32(float f) {
    u32 b = (u32)bits32(f), nan = 0u - (u32)((b & 0x7fffffffu) > 0x7f800000u);
    return (b & ~nan) | (0x7fffffffu & nan);
}
/* float::ftz32 */
static inline float ftz32(float x) {
    u32 b = (u32)bits32(x);
    return ((b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0) ? f32_of(b & 0x80000000u) : x;
}
/* float::sat32 */
static inline float sat32(float x) { return (x != x || x <= 0.0f) ? 0.0f : (x < 1.0f ? x : 1.0f); }
/* float::sat64 */
static inline double sat64(double x) { return (x != x || x <= 0.0) ? 0.0 : (x < 1.0 ? x : 1.0); }
static inline int signbit32(float x) { return (bits32(x) >> 31) & 1; }
static inline int signbit64(double x) { return (int)(bits64(x) >> 63); }
/* float::min32 */
static inline float min32(float a, float b) {
    if (a != a && b != b) return f32_of(0x7fffffff);
    if (a != a) return b;
    if (b != b) return a;
    if (a == b) return signbit32(a) ? a : b;
    return a < b ? a : b;
}
/* float::max32 */
static inline float max32(float a, float b) {
    if (a != a && b != b) return f32_of(0x7fffffff);
    if (a != a) return b;
    if (b != b) return a;
    if (a == b) return signbit32(a) ? b : a;
    return a > b ? a : b;
}
/* float::min64 */
static inline double min64(double a, double b) {
    if (a != a && b != b) return f64_of(bits64(b) | (1ull << 51));
    if (a != a) return b;
    if (b != b) return a;
    if (a == b) return signbit64(a) ? a : b;
    return a < b ? a : b;
}
/* float::max64 */
static inline double max64(double a, double b) {
    if (a != a && b != b) return f64_of(bits64(b) | (1ull << 51));
    if (a != a) return b;
    if (b != b) return a;
    if (a == b) return signbit64(a) ? b : a;
    return a > b ? a : b;
}
/* semantics::arith::ftz_result32 (rounded to nearest): a result that rounded to the smallest
   normal from a product or quotient tiny after rounding to 24 bits with an unbounded exponent
   (below 2^-126 - 2^-151) is flushed too (op 2: mul, 3: div). */
static inline float ftz_result32(int op, float x, float y, float v) {
    if (fabsf(v) != 0x1p-126f) return ftz32(v);
    double dx = x, dy = y, t = 0x1p-126 - 0x1p-151;
    int tiny = (op == 2 && fabs(dx * dy) < t) || (op == 3 && fabs(dx) < fabs(dy) * t);
    return tiny ? copysignf(0.0f, v) : v;
}
/* semantics::arith::f32bin (with BinOp::F32's ftz and sat); `canon` 0 leaves a NaN result
 * as the host made it, for a register only f32 operations read (emit/nan.rs). */
static inline u64 f32_bin(int op, int ftz, int sat, int canon, u64 a, u64 b) {
    float x = f32_of(a), y = f32_of(b), v;
    if (ftz) { x = ftz32(x); y = ftz32(y); }
    switch (op) {
    case 0: v = x + y; break;
    case 1: v = x - y; break;
    case 2: v = x * y; break;
    case 3: v = x / y; break;
    case 4: v = min32(x, y); break;
    default: v = max32(x, y); break;
    }
    if (ftz) v = ftz_result32(op, x, y, v);
    if (sat) v = sat32(v);
    return canon ? of32(v) : bits32(v);
}
/* semantics::arith::binop, BinOp::F64: float::arith64 (a NaN operand gives a NaN quieted: of
 * two, a's: float::BIN64_NAN_PRIORITY) for the arithmetic, float::min64/max64 for min/max. */
static inline u64 f64_bin(int op, u64 a, u64 b) {
    double x = f64_of(a), y = f64_of(b);
    if (op == 4) return bits64(min64(x, y));
    if (op == 5) return bits64(max64(x, y));
    if (x != x) return a | (1ull << 51);
    if (y != y) return b | (1ull << 51);
    switch (op) {
    case 0: return bits64(x + y);
    case 1: return bits64(x - y);
    case 2: return bits64(x * y);
    case 3: return bits64(x / y);
    case 4: return bits64(min64(x, y));
    default: return bits64(max64(x, y));
    }
}
/* float::ftz_fma32: a result that rounded to the smallest normal from an exact value below
   2^-126 - 2^-151 (tiny after rounding with an unbounded exponent) is flushed too (TwoSum of the
   f64-exact product and the addend). */
static inline float ftz_fma32(float x, float y, float z, float v) {
    if (fabsf(v) != 0x1p-126f) return ftz32(v);
    double p = (double)x * (double)y, zz = z, s = p + zz, bb = s - p, e = (p - (s - bb)) + (zz - bb);
    double t = 0x1p-126 - 0x1p-151, m = fabs(s), em = s < 0 ? -e : e;
    int tiny = m < t || (m == t && em < 0);
    return tiny ? copysignf(0.0f, v) : v;
}
/* semantics::arith::ternop, TernOp::Fma32 (`canon` as in f32_bin) */
static inline u64 fma32(int ftz, int sat, int canon, u64 a, u64 b, u64 c) {
    float x = f32_of(a), y = f32_of(b), z = f32_of(c);
    if (ftz) { x = ftz32(x); y = ftz32(y); z = ftz32(z); }
    float v = fmaf(x, y, z);
    if (ftz) v = ftz_fma32(x, y, z, v);
    if (sat) v = sat32(v);
    return canon ? of32(v) : bits32(v);
}
/* float::fma64: the first NaN of c, a, b, quieted (float::FMA64_NAN_PRIORITY). */
static inline u64 fma64(u64 a, u64 b, u64 c) {
    double x = f64_of(a), y = f64_of(b), z = f64_of(c);
    if (z != z) return c | (1ull << 51);
    if (x != x) return a | (1ull << 51);
    if (y != y) return b | (1ull << 51);
    return bits64(fma(x, y, z));
}
/* semantics::arith::mul_hi */
static inline u64 mul_hi(u64 a, u64 b, unsigned w, int s) {
    if (w == 64) {
        if (s) return (u64)(((__int128)(i64)a * (__int128)(i64)b) >> 64);
        return (u64)(((unsigned __int128)a * (unsigned __int128)b) >> 64);
    }
    /* 32 bits as 32-bit operands widened: gcc vectorizes these as one vpmuldq / vpmuludq
     * per vector (the general form below takes a 64-bit vpmullq, three micro-ops) */
    if (w == 32 && s) return (u64)(u32)(((i64)(i32)(u32)a * (i64)(i32)(u32)b) >> 32);
    if (w == 32) return ((u64)(u32)a * (u64)(u32)b) >> 32;
    if (s) return (u64)((sx(a, w) * sx(b, w)) >> w) & mask_w(w);
    return (((a & mask_w(w)) * (b & mask_w(w))) >> w) & mask_w(w);
}
/* semantics::arith::mul_wide */
static inline u64 mul_wide(u64 a, u64 b, unsigned w, int s) {
    if (w == 32 && s) return (u64)((i64)(i32)(u32)a * (i64)(i32)(u32)b);
    if (w == 32) return (u64)(u32)a * (u64)(u32)b;
    u64 r = s ? (u64)(sx(a, w) * sx(b, w)) : (a & mask_w(w)) * (b & mask_w(w));
    return r & mask_w(w * 2);
}
/* BinOp::Shl */
static inline u64 shl_w(u64 x, u64 y, unsigned w) { u64 n = y & 0xffffffffull; return n >= w ? 0 : (x << n) & mask_w(w); }
/* BinOp::Shr */
static inline u64 shr_w(u64 x, u64 y, unsigned w, int s) {
    u64 n = y & 0xffffffffull, lim = (u64)w - 1 + (u64)(!s);
    if (n > lim) n = lim;
    if (s) return (u64)(sx(x, w) >> (n < 63 ? n : 63)) & mask_w(w);
    return n >= w ? 0 : (x & mask_w(w)) >> n;
}
/* BinOp::Div and BinOp::Rem at 32 bits or fewer, through a double: both operands and the
 * quotient are exact in one, and a correctly rounded quotient never reaches the next integer
 * (it is at least 1/(a+b) > 2^-33 away, relatively, far above a double's 2^-53), so its
 * truncation is the integer quotient. Unlike an integer division this vectorizes (a block
 * strided loop's trip count divides by blockDim in every lane). Division by zero gives all
 * ones (both) and INT_MIN / -1 wraps, as the scalar forms below. */
static inline u64 div32(u64 x, u64 y, unsigned w, int s, int rem) {
    u64 m = mask_w(w);
    i64 a = s ? sx(x, w) : (i64)(x & m), b = s ? sx(y, w) : (i64)(y & m);
    i64 q = (i64)((double)a / (double)(b == 0 ? 1 : b));
    i64 r = rem ? a - q * b : q;
    return b == 0 ? m : (u64)r & m;
}
/* BinOp::Div */
static inline u64 div_w(u64 x, u64 y, unsigned w, int s) {
    u64 m = mask_w(w);
    if (w <= 32) return div32(x, y, w, s, 0);
    if (s) {
        i64 a = sx(x, w), b = sx(y, w);
        if (b == 0) return m;
        if (b == -1) return (u64)(0 - (u64)a) & m; /* wrapping_div */
        return (u64)(a / b) & m;
    }
    x &= m; y &= m;
    return y == 0 ? m : x / y;
}
/* BinOp::Rem */
static inline u64 rem_w(u64 x, u64 y, unsigned w, int s) {
    u64 m = mask_w(w);
    if (w <= 32) return div32(x, y, w, s, 1);
    if (s) {
        i64 a = sx(x, w), b = sx(y, w);
        if (b == 0) return m;
        if (b == -1) return 0; /* wrapping_rem */
        return (u64)(a % b) & m;
    }
    x &= m; y &= m;
    return y == 0 ? m : x % y;
}
/* BinOp::Min / BinOp::Max */
static inline u64 min_w(u64 x, u64 y, unsigned w, int s) {
    if (s) { i64 a = sx(x, w), b = sx(y, w); return (u64)(a < b ? a : b) & mask_w(w); }
    x &= mask_w(w); y &= mask_w(w); return x < y ? x : y;
}
static inline u64 max_w(u64 x, u64 y, unsigned w, int s) {
    if (s) { i64 a = sx(x, w), b = sx(y, w); return (u64)(a > b ? a : b) & mask_w(w); }
    x &= mask_w(w); y &= mask_w(w); return x > y ? x : y;
}
/* convert::narrow_int: signed types narrower than 32 bits sign-extended to 32 bits. */
static inline u64 narrow_int(u64 v, unsigned tw, int tsigned) {
    return (tsigned && tw < 32) ? (u64)sx(v, tw) & 0xffffffffull : v & mask_w(tw);
}
/* convert::cvt, float to integer (float_to_int after PTX's NaN rule); `f` already rounded
 * to an integral value. lo/hi: the target's range (as exact doubles where they are not). */
static inline u64 f2i(double f, unsigned tw, int tsigned, int nan_top) {
    if (f != f) return nan_top ? narrow_int(1ull << (tw - 1), tw, tsigned) : 0;
    if (tsigned) {
        double lo = -ldexp(1.0, (int)tw - 1), hi = ldexp(1.0, (int)tw - 1);
        if (f < lo) return narrow_int((u64)(tw == 64 ? INT64_MIN : -(i64)(1ull << (tw - 1))), tw, 1);
        if (f >= hi) return narrow_int((u64)(tw == 64 ? INT64_MAX : (i64)((1ull << (tw - 1)) - 1)), tw, 1);
        return narrow_int((u64)(i64)f, tw, 1);
    }
    if (f <= 0.0) return 0;
    if (f >= ldexp(1.0, (int)tw)) return mask_w(tw);
    return (u64)f & mask_w(tw);
}
/* semantics::collective::shfl_lanes, for lane `lane` (mode 0: up, 1: down, 2: bfly, 3: idx;
 * `b` the lane operand, `c` the clamp and segment mask): the lane it reads in bits 0..4, and
 * in bit 5 whether that lane was in range (else it reads its own). One word, not a second
 * result through a pointer: gcc 12.2 at -O3 vectorizes such a store wrongly (lanes out of
 * range came out in range). */
static inline u32 shfl_src(int mode, u32 lane, u32 b, u32 c) {
    const i32 bv = (i32)(b & 31), cv = (i32)(c & 31), seg = (i32)((c >> 8) & 31), ln = (i32)lane;
    const i32 max = (ln & seg) | (cv & ~seg);
    i32 j;
    int in;
    switch (mode) {
    case 0: j = ln - bv; in = j >= max; break;
    case 1: j = ln + bv; in = j <= max; break;
    case 2: j = ln ^ bv; in = j <= max; break;
    default: j = (ln & seg) | (bv & ~seg); in = j <= max; break;
    }
    return (u32)((in ? j : ln) & 31) | (u32)in << 5;
}
/* `out[l] = a[j[l]]` for the LANE_W lanes (each `j[l]` below LANE_W): a warp shuffle's
 * permutation, two two-register permutes of 16 lanes where the target has AVX-512 (gcc
 * otherwise moves each lane through a general register). */
static inline void lane_permute(const u32 *a, const u32 *j, u32 *out) {
#if defined(__AVX512F__)
    if (LANE_W == 32) {
        const __m512i lo = _mm512_loadu_si512(a), hi = _mm512_loadu_si512(a + 16);
        _mm512_storeu_si512(out, _mm512_permutex2var_epi32(lo, _mm512_loadu_si512(j), hi));
        _mm512_storeu_si512(out + 16, _mm512_permutex2var_epi32(lo, _mm512_loadu_si512(j + 16), hi));
        return;
    }
#endif
    for (u32 l = 0; l < LANE_W; l++) out[l] = a[j[l] & (LANE_W - 1)];
}
/* Status words (jit::ctx): the code in the low byte, pc in bits 8..40, thread in 40..64. */
#define ST_FAULT 1ull
#define ST_YIELD 3ull
#define ST_TRAP 4ull
#define ST_STUCK 7ull
#define ST_WARP 8ull
#define STATUS(code, pc, t) ((code) | ((u64)(pc) << 8) | ((u64)(t) << 40))
/* Thread states (jit::run): bits 24..28 of a state word. */
#define S_READY 0u
#define S_WAITING 1u
#define S_DONE 2u
#define S_AT_WARP 3u
/* A thread `t` of this pass stopped at barrier `b` (emit/mod.rs counts as threads stop,
 * instead of scanning the state words after each pass). */
#define WAITED(b) do { u32 b__ = (b); waiting++; if (first == n) { first = t; bar = b__; } arrived += b__ == bar; } while (0)
