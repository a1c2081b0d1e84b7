// min-arch: sm_75
// SIMD-in-a-word integer intrinsics: __dp4a, __dp2a_lo/hi, __vadd4, __vsub4, __vadd2,
// __vabsdiffu4, __vabsdiffs4, __vcmpgtu4, __vcmpeq2, __vmaxu4, __vminu4, __vsads4, __vavgu4, __vsetgtu4.

extern "C" __global__ void dot_products(const int *a, const int *b, const unsigned *ua, const unsigned *ub,
                                        int *out, unsigned *uout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s = __dp4a(a[i], b[i], 0);
    s = __dp2a_lo(a[i], b[i], s);
    s = __dp2a_hi(a[i], b[i], s);
    out[i] = s;
    unsigned u = __dp4a(ua[i], ub[i], 1u);
    u = __dp2a_lo(ua[i], ub[i], u);
    u = __dp2a_hi(ua[i], ub[i], u);
    uout[i] = u;
}

extern "C" __global__ void simd_video(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned r = __vadd4(x, y);
    r ^= __vsub4(x, y);
    r += __vadd2(x, y);
    r ^= __vsub2(x, y);
    r += __vabsdiffu4(x, y);
    r ^= __vabsdiffs4(x, y);
    r += __vcmpgtu4(x, y);
    r ^= __vcmpeq2(x, y);
    r += __vmaxu4(x, y);
    r ^= __vminu4(x, y);
    r += __vsads4(x, y);
    r ^= __vavgu4(x, y);
    r += __vsetgtu4(x, y);
    r ^= __vaddss4(x, y);
    r += __vsubus2(x, y);
    r ^= __vhaddu4(x, y);
    r += __vneg4(x);
    r ^= __vabs2(x);
    out[i] = r;
}
