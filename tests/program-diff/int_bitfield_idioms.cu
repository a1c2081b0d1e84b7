// flags: -O3 -arch=sm_80
// Integer idioms as C code writes them: bit-field extraction and insertion with shifts and
// masks (signed fields sign-extended by a left-then-arithmetic-right shift, fields that reach
// bit 31 or 63, zero-width fields guarded), packed RGB565/RGBA8888/10-10-10-2 encode and
// decode, Morton codes by bit spreading, bit reversal and byte swaps by hand vs __brev /
// __byte_perm, division and modulo of negative numbers by constants and by powers of two (C
// truncates, the shift floors), __mul24/__umul24 with operands beyond 24 bits, __umulhi/
// __mulhi/__umul64hi, __hadd/__rhadd/__uhadd/__urhadd at the extremes, __usad/__sad, __ffs,
// __clz of 0, __popcll. Built for sm_80 (runs on sm_90 through the PTX).
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define BITS(v, lo, n) (((v) >> (lo)) & ((1u << (n)) - 1u))
#define SBITS(v, lo, n) ((int)((unsigned)(v) << (32 - (lo) - (n))) >> (32 - (n)))

__device__ unsigned spread3(unsigned v) {
    v &= 0x3ff;
    v = (v | (v << 16)) & 0x030000ff; v = (v | (v << 8)) & 0x0300f00f;
    v = (v | (v << 4)) & 0x030c30c3; v = (v | (v << 2)) & 0x09249249;
    return v;
}
__device__ unsigned rev_by_hand(unsigned v) {
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

__global__ void idioms(const int* in, int n, long long* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = in[i];
    unsigned u = (unsigned)x;
    long long* o = out + i * 32;
    o[0] = BITS(u, 3, 5) | (BITS(u, 27, 5) << 8) | ((long long)BITS(u, 31, 1) << 16);
    o[1] = SBITS(u, 4, 7) * 1000 + SBITS(u, 25, 7);
    unsigned rgb565 = ((u >> 19 & 0x1f) << 11) | ((u >> 10 & 0x3f) << 5) | (u >> 3 & 0x1f);
    o[2] = rgb565 | ((long long)(((rgb565 >> 11) * 527 + 23) >> 6) << 16);
    unsigned p1010102 = (u & 0x3ff) | ((u >> 3 & 0x3ff) << 10) | ((u >> 13 & 0x3ff) << 20) | ((u >> 30) << 30);
    int sx = (int)(p1010102 << 22) >> 22, sw = (int)p1010102 >> 30;
    o[3] = sx * 10 + sw;
    o[4] = spread3(u) | (spread3(u >> 10) << 1) | (spread3(u >> 20) << 2);
    o[5] = (long long)rev_by_hand(u) - (long long)__brev(u);
    o[6] = __byte_perm(u, 0, 0x0123) == ((u >> 24) | (u >> 8 & 0xff00) | (u << 8 & 0xff0000) | (u << 24)) ? __byte_perm(u, 0x9abcdef0u, 0x7351) : -1;
    o[7] = x / 7; o[8] = x % 7; o[9] = x / -16; o[10] = x % -16; o[11] = x / 16; o[12] = x % 16; o[13] = x >> 4; o[14] = x & 15;
    o[15] = (long long)x / 1000000007LL; o[16] = x % 10;
    o[17] = __mul24(x, x >> 3); o[18] = __umul24(u, u * 3u);
    o[19] = __umulhi(u, 0x9e3779b9u); o[20] = __mulhi(x, -123456789);
    o[21] = (long long)__umul64hi((unsigned long long)u * 0x100000001ull, 0xfedcba9876543210ull);
    o[22] = __hadd(x, 0x7fffffff); o[23] = __rhadd(x, -0x7fffffff - 1);
    o[24] = __uhadd(u, 0xffffffffu); o[25] = __urhadd(u, 0xfffffffeu);
    o[26] = __usad(u, u * 5u, 77u); o[27] = __sad(x, -x, -5);
    o[28] = __ffs(x) * 100 + __ffsll((long long)x << 32);
    o[29] = __clz(x & 0) * 100 + __clzll((long long)u);
    o[30] = __popcll(((unsigned long long)u << 31) | u);
    o[31] = (long long)((unsigned long long)(long long)x >> 61) + ((long long)x >> 63);
}

int main() {
    int h[] = {0, 1, -1, 7, -7, 16, -16, -17, 0x7fffffff, (int)0x80000000, 0x12345678, (int)0xdeadbeef, -1000000, 999999999, (int)0xfff00001, 0x00800000, -8388608, 0x01000001};
    const int n = sizeof h / sizeof h[0];
    int* d; long long* o;
    CK(cudaMalloc(&d, sizeof h)); CK(cudaMallocManaged(&o, n * 32 * sizeof(long long)));
    CK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    idioms<<<3, 7>>>(d, n, o);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < n; ++i) {
        printf("%d:", h[i]);
        for (int k = 0; k < 32; ++k) printf(" %lld", o[i * 32 + k]);
        printf("\n");
    }
    return 0;
}
