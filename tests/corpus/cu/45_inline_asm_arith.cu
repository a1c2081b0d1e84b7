// min-arch: sm_75
// Inline PTX arithmetic: multi-word add.cc/addc.cc/addc chains (128/256-bit add), sub.cc/subc, mad.lo.cc/madc.hi
// (multi-precision multiply), prmt, lop3.b32 with immediate LUT, bfe/bfi, shf, mul.wide, min/max, setp+selp,
// "l"/"h"/"f"/"d" operand constraints, C++ templated asm.

__device__ __forceinline__ void add128(const unsigned a[4], const unsigned b[4], unsigned r[4]) {
    asm("add.cc.u32 %0, %4, %8;\n\t"
        "addc.cc.u32 %1, %5, %9;\n\t"
        "addc.cc.u32 %2, %6, %10;\n\t"
        "addc.u32 %3, %7, %11;"
        : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]));
}

__device__ __forceinline__ void sub64x2(unsigned long long a0, unsigned long long a1, unsigned long long b0,
                                        unsigned long long b1, unsigned long long &r0, unsigned long long &r1) {
    asm("sub.cc.u64 %0, %2, %4;\n\tsubc.u64 %1, %3, %5;" : "=l"(r0), "=l"(r1) : "l"(a0), "l"(a1), "l"(b0), "l"(b1));
}

// 64x64 -> 128 multiply from 32-bit limbs using mad.lo.cc / madc.hi.cc chains
__device__ __forceinline__ void mul64x64(unsigned a0, unsigned a1, unsigned b0, unsigned b1, unsigned r[4]) {
    asm("{\n\t"
        "mul.lo.u32 %0, %4, %6;\n\t"
        "mul.hi.u32 %1, %4, %6;\n\t"
        "mad.lo.cc.u32 %1, %5, %6, %1;\n\t"
        "madc.hi.u32 %2, %5, %6, 0;\n\t"
        "mad.lo.cc.u32 %1, %4, %7, %1;\n\t"
        "madc.hi.cc.u32 %2, %4, %7, %2;\n\t"
        "addc.u32 %3, 0, 0;\n\t"
        "mad.lo.cc.u32 %2, %5, %7, %2;\n\t"
        "madc.hi.u32 %3, %5, %7, %3;\n\t"
        "}"
        : "=&r"(r[0]), "=&r"(r[1]), "=&r"(r[2]), "=&r"(r[3])
        : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
}

extern "C" __global__ void bignum_ops(const unsigned *a, const unsigned *b, unsigned *sum, unsigned *prod,
                                      unsigned long long *diff, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x[4], y[4], r[4];
    for (int k = 0; k < 4; ++k) { x[k] = a[4 * i + k]; y[k] = b[4 * i + k]; }
    add128(x, y, r);
    for (int k = 0; k < 4; ++k) sum[4 * i + k] = r[k];
    mul64x64(x[0], x[1], y[0], y[1], r);
    for (int k = 0; k < 4; ++k) prod[4 * i + k] = r[k];
    unsigned long long d0, d1;
    sub64x2(((unsigned long long)x[1] << 32) | x[0], ((unsigned long long)x[3] << 32) | x[2],
            ((unsigned long long)y[1] << 32) | y[0], ((unsigned long long)y[3] << 32) | y[2], d0, d1);
    diff[2 * i] = d0;
    diff[2 * i + 1] = d1;
}

extern "C" __global__ void asm_bitops(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i], z = c[i], r, t;
    asm("prmt.b32 %0, %1, %2, 0x3210;" : "=r"(r) : "r"(x), "r"(y));
    asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(t) : "r"(x), "r"(y), "r"(z));
    r ^= t;
    asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(t) : "r"(x), "r"(y), "r"(z));  // majority
    r += t;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(t) : "r"(x), "r"(y), "r"(z));  // xor3
    r ^= t;
    asm("bfe.u32 %0, %1, 8, 12;" : "=r"(t) : "r"(x));
    r += t;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(t) : "r"(x), "r"(y & 31), "r"(z & 31));
    r ^= t;
    asm("bfi.b32 %0, %1, %2, 4, 8;" : "=r"(t) : "r"(y), "r"(x));
    r += t;
    asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(t) : "r"(x), "r"(y), "r"(z));
    r ^= t;
    asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(t) : "r"(x), "r"(y), "r"(z));
    r += t;
    asm("brev.b32 %0, %1;\n\tpopc.b32 %0, %0;" : "=r"(t) : "r"(r));
    r += t;
    out[i] = r;
}

extern "C" __global__ void asm_float(const float *a, const double *d, const unsigned short *h, float *out, double *outd,
                                     unsigned short *outh, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float r;
    asm("{\n\t.reg .f32 t;\n\tmul.rn.f32 t, %1, %1;\n\tfma.rn.f32 %0, t, %1, 1.0;\n\t}" : "=f"(r) : "f"(a[i]));
    float s;
    asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(s) : "f"(fabsf(a[i])));
    float m;
#if __CUDA_ARCH__ >= 800
    asm("max.NaN.f32 %0, %1, %2;" : "=f"(m) : "f"(r), "f"(s));  // .NaN needs sm_80
#else
    asm("max.f32 %0, %1, %2;" : "=f"(m) : "f"(r), "f"(s));
#endif
    out[i] = m + r;
    double q;
    asm("fma.rn.f64 %0, %1, %1, 0d3FF0000000000000;" : "=d"(q) : "d"(d[i]));
    outd[i] = q;
    unsigned short hh;
    asm("{\n\t.reg .f16 x;\n\tmov.b16 x, %1;\n\tadd.f16 x, x, x;\n\tmov.b16 %0, x;\n\t}" : "=h"(hh) : "h"(h[i]));
    outh[i] = hh;
}

template <int SHIFT> __device__ __forceinline__ unsigned asm_rot(unsigned x) {
    unsigned r;
    asm("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(r) : "r"(x), "n"(SHIFT));
    return r;
}

extern "C" __global__ void asm_templates(unsigned *data) {
    unsigned v = data[threadIdx.x];
    data[threadIdx.x] = asm_rot<3>(v) ^ asm_rot<17>(v) ^ asm_rot<29>(v);
}

// Predicates, setp/selp, min/max and mul.wide in asm
extern "C" __global__ void asm_predicates(const int *a, const int *b, long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r;
    asm("{\n\t"
        ".reg .pred p, q;\n\t"
        "setp.lt.s32 p, %1, %2;\n\t"
        "setp.eq.or.s32 q, %1, 0, p;\n\t"
        "selp.s32 %0, %1, %2, q;\n\t"
        "@!p max.s32 %0, %0, 7;\n\t"
        "}"
        : "=r"(r) : "r"(a[i]), "r"(b[i]));
    long long w;
    asm("mul.wide.s32 %0, %1, %2;" : "=l"(w) : "r"(r), "r"(b[i]));
    out[i] = w;
}
