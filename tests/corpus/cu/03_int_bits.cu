// min-arch: sm_75
// Bit intrinsics: __byte_perm, __funnelshift_l/r/lc/rc, __brev/__brevll, __clz/__clzll,
// __popc/__popcll, __ffs/__ffsll, __fns, bit-field extract/insert via shifts and masks.

extern "C" __global__ void bit_intrinsics32(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned r = 0;
    r += __byte_perm(x, y, 0x5410);
    r ^= __byte_perm(x, y, y & 0x7777);
    r += __funnelshift_l(x, y, y);
    r ^= __funnelshift_r(x, y, y);
    r += __funnelshift_lc(x, y, y);
    r ^= __funnelshift_rc(x, y, y);
    r += __brev(x);
    r ^= (unsigned)__clz((int)x);
    r += (unsigned)__popc(x);
    r ^= (unsigned)__ffs((int)x);
    r += __fns(x, y & 31, 1);
    r ^= __fns(x, 31, -2);
    out[i] = r;
}

extern "C" __global__ void bit_intrinsics64(const unsigned long long *a, unsigned *out, unsigned long long *out64, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long x = a[i];
    out[i] = (unsigned)__clzll((long long)x) + 64u * (unsigned)__popcll(x) + 4096u * (unsigned)__ffsll((long long)x);
    out64[i] = __brevll(x);
}

// Bit-field extract / insert patterns (bfe / bfi)
__device__ __forceinline__ unsigned bfe_u(unsigned v, unsigned pos, unsigned len) {
    return (v >> pos) & ((1u << len) - 1u);
}
__device__ __forceinline__ int bfe_s(int v, unsigned pos, unsigned len) {
    return (v << (32 - pos - len)) >> (32 - len);
}
__device__ __forceinline__ unsigned bfi(unsigned base, unsigned ins, unsigned pos, unsigned len) {
    unsigned m = ((1u << len) - 1u) << pos;
    return (base & ~m) | ((ins << pos) & m);
}

extern "C" __global__ void bitfields(const unsigned *a, const unsigned *b, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned r = bfe_u(x, 4, 8) + bfe_u(x, y & 15, 5);
    r ^= (unsigned)bfe_s((int)x, 3, 9);
    r += bfi(x, y, 8, 8);
    r ^= bfi(x, y, y & 7, 12);
    // struct bitfields
    struct Packed { unsigned lo : 5; unsigned mid : 11; unsigned hi : 16; };
    Packed p;
    p.lo = x; p.mid = y; p.hi = x ^ y;
    r += p.lo * 3 + p.mid * 5 + p.hi;
    out[i] = r;
}
