/* Cuprite's CUDA toolkit headers: the DPX integer functions of the CUDA Math API (sm_90's
 * dynamic-programming instructions, emulated elsewhere), which clang's CUDA headers lack:
 * three-way max/min, max/min with ReLU, add-then-max/min, and max/min that also report which
 * operand won, on 32-bit values and on pairs of 16-bit halves (each half on its own, its sum
 * wrapping in 16 bits). Host and device functions, as in CUDA. */
#pragma once

#pragma push_macro("__DPX__")
#define __DPX__ static __host__ __device__ __forceinline__

/* One 16-bit half of a pair (k = 0: bits 0-15, k = 1: bits 16-31), signed or unsigned, and a
 * pair from two halves. */
__DPX__ int __cuprite_dpx_s16(unsigned int v, int k) { return (short)(unsigned short)(v >> (16 * k)); }
__DPX__ int __cuprite_dpx_u16(unsigned int v, int k) { return (int)((v >> (16 * k)) & 0xffffu); }
__DPX__ unsigned int __cuprite_dpx_pair(int lo, int hi) { return ((unsigned int)lo & 0xffffu) | ((unsigned int)hi << 16); }
__DPX__ long long __cuprite_dpx_max(long long a, long long b) { return a > b ? a : b; }
__DPX__ long long __cuprite_dpx_min(long long a, long long b) { return a < b ? a : b; }

/* 32-bit forms; sums wrap in 32 bits. */
__DPX__ int __vimax3_s32(const int a, const int b, const int c) { return (int)__cuprite_dpx_max(__cuprite_dpx_max(a, b), c); }
__DPX__ unsigned int __vimax3_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return (unsigned int)__cuprite_dpx_max(__cuprite_dpx_max(a, b), c); }
__DPX__ int __vimin3_s32(const int a, const int b, const int c) { return (int)__cuprite_dpx_min(__cuprite_dpx_min(a, b), c); }
__DPX__ unsigned int __vimin3_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return (unsigned int)__cuprite_dpx_min(__cuprite_dpx_min(a, b), c); }
__DPX__ int __vimax3_s32_relu(const int a, const int b, const int c) { return (int)__cuprite_dpx_max(__vimax3_s32(a, b, c), 0); }
__DPX__ int __vimin3_s32_relu(const int a, const int b, const int c) { return (int)__cuprite_dpx_max(__vimin3_s32(a, b, c), 0); }
__DPX__ int __vimax_s32_relu(const int a, const int b) { return (int)__cuprite_dpx_max(__cuprite_dpx_max(a, b), 0); }
__DPX__ int __vimin_s32_relu(const int a, const int b) { return (int)__cuprite_dpx_max(__cuprite_dpx_min(a, b), 0); }
__DPX__ int __viaddmax_s32(const int a, const int b, const int c) { return (int)__cuprite_dpx_max((int)((unsigned int)a + (unsigned int)b), c); }
__DPX__ unsigned int __viaddmax_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return (unsigned int)__cuprite_dpx_max(a + b, c); }
__DPX__ int __viaddmin_s32(const int a, const int b, const int c) { return (int)__cuprite_dpx_min((int)((unsigned int)a + (unsigned int)b), c); }
__DPX__ unsigned int __viaddmin_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return (unsigned int)__cuprite_dpx_min(a + b, c); }
__DPX__ int __viaddmax_s32_relu(const int a, const int b, const int c) { return (int)__cuprite_dpx_max(__viaddmax_s32(a, b, c), 0); }
__DPX__ int __viaddmin_s32_relu(const int a, const int b, const int c) { return (int)__cuprite_dpx_max(__viaddmin_s32(a, b, c), 0); }
__DPX__ int __vibmax_s32(const int a, const int b, bool *const pred) { *pred = a >= b; return a >= b ? a : b; }
__DPX__ unsigned int __vibmax_u32(const unsigned int a, const unsigned int b, bool *const pred) { *pred = a >= b; return a >= b ? a : b; }
__DPX__ int __vibmin_s32(const int a, const int b, bool *const pred) { *pred = a <= b; return a <= b ? a : b; }
__DPX__ unsigned int __vibmin_u32(const unsigned int a, const unsigned int b, bool *const pred) { *pred = a <= b; return a <= b ? a : b; }

/* 16x2 forms: EXPR computed on each half (x, y, z: the halves of a, b, c as HALF reads them). */
#define __CUPRITE_DPX_PAIR3(NAME, HALF, EXPR)                                                        \
    __DPX__ unsigned int NAME(const unsigned int a, const unsigned int b, const unsigned int c) {     \
        int r[2];                                                                                  \
        for (int k = 0; k < 2; ++k) {                                                              \
            long long x = HALF(a, k), y = HALF(b, k), z = HALF(c, k);                              \
            (void)z;                                                                               \
            r[k] = (int)(EXPR);                                                                    \
        }                                                                                          \
        return __cuprite_dpx_pair(r[0], r[1]);                                                     \
    }
/* a sum wrapped to 16 bits, signed or unsigned */
#define __CUPRITE_DPX_S16SUM (long long)(short)(unsigned short)(x + y)
#define __CUPRITE_DPX_U16SUM (long long)(unsigned short)(x + y)
__CUPRITE_DPX_PAIR3(__vimax3_s16x2, __cuprite_dpx_s16, __cuprite_dpx_max(__cuprite_dpx_max(x, y), z))
__CUPRITE_DPX_PAIR3(__vimax3_u16x2, __cuprite_dpx_u16, __cuprite_dpx_max(__cuprite_dpx_max(x, y), z))
__CUPRITE_DPX_PAIR3(__vimin3_s16x2, __cuprite_dpx_s16, __cuprite_dpx_min(__cuprite_dpx_min(x, y), z))
__CUPRITE_DPX_PAIR3(__vimin3_u16x2, __cuprite_dpx_u16, __cuprite_dpx_min(__cuprite_dpx_min(x, y), z))
__CUPRITE_DPX_PAIR3(__vimax3_s16x2_relu, __cuprite_dpx_s16, __cuprite_dpx_max(__cuprite_dpx_max(__cuprite_dpx_max(x, y), z), 0))
__CUPRITE_DPX_PAIR3(__vimin3_s16x2_relu, __cuprite_dpx_s16, __cuprite_dpx_max(__cuprite_dpx_min(__cuprite_dpx_min(x, y), z), 0))
__CUPRITE_DPX_PAIR3(__viaddmax_s16x2, __cuprite_dpx_s16, __cuprite_dpx_max(__CUPRITE_DPX_S16SUM, z))
__CUPRITE_DPX_PAIR3(__viaddmax_u16x2, __cuprite_dpx_u16, __cuprite_dpx_max(__CUPRITE_DPX_U16SUM, z))
__CUPRITE_DPX_PAIR3(__viaddmin_s16x2, __cuprite_dpx_s16, __cuprite_dpx_min(__CUPRITE_DPX_S16SUM, z))
__CUPRITE_DPX_PAIR3(__viaddmin_u16x2, __cuprite_dpx_u16, __cuprite_dpx_min(__CUPRITE_DPX_U16SUM, z))
__CUPRITE_DPX_PAIR3(__viaddmax_s16x2_relu, __cuprite_dpx_s16, __cuprite_dpx_max(__cuprite_dpx_max(__CUPRITE_DPX_S16SUM, z), 0))
__CUPRITE_DPX_PAIR3(__viaddmin_s16x2_relu, __cuprite_dpx_s16, __cuprite_dpx_max(__cuprite_dpx_min(__CUPRITE_DPX_S16SUM, z), 0))
#undef __CUPRITE_DPX_S16SUM
#undef __CUPRITE_DPX_U16SUM
#undef __CUPRITE_DPX_PAIR3
__DPX__ unsigned int __vimax_s16x2_relu(const unsigned int a, const unsigned int b) { return __vimax3_s16x2_relu(a, b, b); }
__DPX__ unsigned int __vimin_s16x2_relu(const unsigned int a, const unsigned int b) { return __vimin3_s16x2_relu(a, b, b); }

/* max/min of each half, and whether a's half won (ties go to a) */
#define __CUPRITE_DPX_PICK(NAME, HALF, WINS)                                                        \
    __DPX__ unsigned int NAME(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo) { \
        int lo_a = HALF(a, 0), lo_b = HALF(b, 0), hi_a = HALF(a, 1), hi_b = HALF(b, 1);            \
        *pred_lo = lo_a WINS lo_b;                                                                 \
        *pred_hi = hi_a WINS hi_b;                                                                 \
        return __cuprite_dpx_pair(*pred_lo ? lo_a : lo_b, *pred_hi ? hi_a : hi_b);                 \
    }
__CUPRITE_DPX_PICK(__vibmax_s16x2, __cuprite_dpx_s16, >=)
__CUPRITE_DPX_PICK(__vibmax_u16x2, __cuprite_dpx_u16, >=)
__CUPRITE_DPX_PICK(__vibmin_s16x2, __cuprite_dpx_s16, <=)
__CUPRITE_DPX_PICK(__vibmin_u16x2, __cuprite_dpx_u16, <=)
#undef __CUPRITE_DPX_PICK

#pragma pop_macro("__DPX__")
