// min-arch: sm_75
// 32-bit integer arithmetic: add/sub/mul/mulhi/div/rem (signed+unsigned), __mulhi/__umulhi,
// __mul24/__umul24, __sad/__usad, __hadd/__rhadd/__uhadd/__urhadd, abs/min/max.

extern "C" __global__ void int32_arith_signed(const int *a, const int *b, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i];
    int d = (y == 0) ? 1 : y;
    int r = 0;
    r += x + y;
    r ^= x - y;
    r += x * y;
    r ^= __mulhi(x, y);
    r += x / d;
    r ^= x % d;
    r += __mul24(x, y);
    r ^= (int)__sad(x, y, 7u);
    r += __hadd(x, y);
    r ^= __rhadd(x, y);
    r += abs(x) + min(x, y) - max(x, y);
    r ^= x / 7 + x % 13;  // division by constants -> mul.hi magic
    out[i] = r;
}

extern "C" __global__ void int32_arith_unsigned(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned d = (y == 0u) ? 1u : y;
    unsigned r = 0;
    r += x + y;
    r ^= x - y;
    r += x * y;
    r ^= __umulhi(x, y);
    r += x / d;
    r ^= x % d;
    r += __umul24(x, y);
    r ^= __usad(x, y, 3u);
    r += __uhadd(x, y);
    r ^= __urhadd(x, y);
    r += umin(x, y) + umax(x, y);
    r ^= x / 10u + x % 1000u;
    out[i] = r;
}

// Wide multiply: 32x32 -> 64 (mul.wide.s32 / mul.wide.u32)
extern "C" __global__ void int32_mul_wide(const int *a, const unsigned *b, long long *outs, unsigned long long *outu, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    outs[i] = (long long)a[i] * (long long)a[(i + 1) % n];
    outu[i] = (unsigned long long)b[i] * (unsigned long long)b[(i + 1) % n];
}

// Overflowing arithmetic and negation, mad patterns
extern "C" __global__ void int32_mad(const int *a, const int *b, const int *c, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int acc = c[i];
        for (int k = 0; k < 4; ++k) acc = a[i] * (b[i] + k) + acc;
        out[i] = -acc;
    }
}
