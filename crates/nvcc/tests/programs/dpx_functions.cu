// The CUDA Math API's DPX functions (__vimax3_*, __vimin3_*, *_relu, __viaddmax/min_*,
// __vibmax/min_*) in device code and in host code, against models written here from the API
// reference's one-line definitions, over edge values and pseudo-random operands. Built by
// `cuprite nvcc` (tests/cuprite_math.rs); prints each disagreement, then PASS or FAIL.
#include <cstdio>

constexpr int N = 4096, FUNCS = 40;

// All 36 functions on one operand triple (the bool results folded in as bits 0/1).
__host__ __device__ void all(unsigned a, unsigned b, unsigned c, unsigned* r) {
    int sa = (int)a, sb = (int)b, sc = (int)c;
    bool p, q;
    int k = 0;
    r[k++] = (unsigned)__vimax3_s32(sa, sb, sc); r[k++] = __vimax3_u32(a, b, c); r[k++] = __vimax3_s16x2(a, b, c); r[k++] = __vimax3_u16x2(a, b, c);
    r[k++] = (unsigned)__vimin3_s32(sa, sb, sc); r[k++] = __vimin3_u32(a, b, c); r[k++] = __vimin3_s16x2(a, b, c); r[k++] = __vimin3_u16x2(a, b, c);
    r[k++] = (unsigned)__vimax3_s32_relu(sa, sb, sc); r[k++] = __vimax3_s16x2_relu(a, b, c);
    r[k++] = (unsigned)__vimin3_s32_relu(sa, sb, sc); r[k++] = __vimin3_s16x2_relu(a, b, c);
    r[k++] = (unsigned)__vimax_s32_relu(sa, sb); r[k++] = __vimax_s16x2_relu(a, b);
    r[k++] = (unsigned)__vimin_s32_relu(sa, sb); r[k++] = __vimin_s16x2_relu(a, b);
    r[k++] = (unsigned)__viaddmax_s32(sa, sb, sc); r[k++] = __viaddmax_u32(a, b, c); r[k++] = __viaddmax_s16x2(a, b, c); r[k++] = __viaddmax_u16x2(a, b, c);
    r[k++] = (unsigned)__viaddmin_s32(sa, sb, sc); r[k++] = __viaddmin_u32(a, b, c); r[k++] = __viaddmin_s16x2(a, b, c); r[k++] = __viaddmin_u16x2(a, b, c);
    r[k++] = (unsigned)__viaddmax_s32_relu(sa, sb, sc); r[k++] = __viaddmax_s16x2_relu(a, b, c);
    r[k++] = (unsigned)__viaddmin_s32_relu(sa, sb, sc); r[k++] = __viaddmin_s16x2_relu(a, b, c);
    r[k] = (unsigned)__vibmax_s32(sa, sb, &p); r[k + 1] = p; k += 2;
    r[k] = __vibmax_u32(a, b, &p); r[k + 1] = p; k += 2;
    r[k] = __vibmin_s32(sa, sb, &p); r[k + 1] = p; k += 2;
    r[k] = __vibmin_u32(a, b, &p); r[k + 1] = p; k += 2;
    r[k] = __vibmax_s16x2(a, b, &p, &q); r[k + 1] = p * 2 + q; k += 2;   // bit 1: the high half's flag
    r[k] = __vibmin_u16x2(a, b, &p, &q); r[k + 1] = p * 2 + q; k += 2;
}

__global__ void on_device(const unsigned* in, unsigned* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) all(in[3 * i], in[3 * i + 1], in[3 * i + 2], out + FUNCS * i);
}

// Models: each half (or the whole word) as a long long, then the definition.
static long long h(unsigned v, int k, bool s) { unsigned x = (v >> (16 * k)) & 0xffff; return s ? (long long)(short)x : (long long)x; }
static long long w(unsigned v, bool s) { return s ? (long long)(int)v : (long long)v; }
static long long mx(long long x, long long y) { return x > y ? x : y; }
static long long mn(long long x, long long y) { return x < y ? x : y; }
enum Op { MAX3, MIN3, MAX3R, MIN3R, MAXR, MINR, ADDMAX, ADDMIN, ADDMAXR, ADDMINR };
static long long op(Op o, long long x, long long y, long long z, int bits, bool s) {
    long long sum = (x + y) & ((1ll << bits) - 1);
    if (s && sum >= (1ll << (bits - 1))) sum -= 1ll << bits;
    switch (o) {
    case MAX3: return mx(mx(x, y), z);
    case MIN3: return mn(mn(x, y), z);
    case MAX3R: return mx(mx(mx(x, y), z), 0);
    case MIN3R: return mx(mn(mn(x, y), z), 0);
    case MAXR: return mx(mx(x, y), 0);
    case MINR: return mx(mn(x, y), 0);
    case ADDMAX: return mx(sum, z);
    case ADDMIN: return mn(sum, z);
    case ADDMAXR: return mx(mx(sum, z), 0);
    default: return mx(mn(sum, z), 0);
    }
}
static unsigned word(Op o, unsigned a, unsigned b, unsigned c, bool s) { return (unsigned)op(o, w(a, s), w(b, s), w(c, s), 32, s); }
static unsigned pair(Op o, unsigned a, unsigned b, unsigned c, bool s) {
    unsigned r = 0;
    for (int k = 0; k < 2; ++k) r |= ((unsigned)op(o, h(a, k, s), h(b, k, s), h(c, k, s), 16, s) & 0xffff) << (16 * k);
    return r;
}
static void model(unsigned a, unsigned b, unsigned c, unsigned* r) {
    int k = 0;
    for (Op o : {MAX3, MIN3}) { r[k++] = word(o, a, b, c, true); r[k++] = word(o, a, b, c, false); r[k++] = pair(o, a, b, c, true); r[k++] = pair(o, a, b, c, false); }
    for (Op o : {MAX3R, MIN3R, MAXR, MINR}) { unsigned bb = b, cc = (o == MAXR || o == MINR) ? b : c; r[k++] = word(o, a, bb, cc, true); r[k++] = pair(o, a, bb, cc, true); }
    for (Op o : {ADDMAX, ADDMIN}) { r[k++] = word(o, a, b, c, true); r[k++] = word(o, a, b, c, false); r[k++] = pair(o, a, b, c, true); r[k++] = pair(o, a, b, c, false); }
    for (Op o : {ADDMAXR, ADDMINR}) { r[k++] = word(o, a, b, c, true); r[k++] = pair(o, a, b, c, true); }
    // __vibmax/__vibmin: the max (min) and whether a's value is it (a >= b; a <= b)
    for (int sgn = 1; sgn >= 0; --sgn) { long long x = w(a, sgn), y = w(b, sgn); r[k++] = (unsigned)mx(x, y); r[k++] = x >= y; }
    for (int sgn = 1; sgn >= 0; --sgn) { long long x = w(a, sgn), y = w(b, sgn); r[k++] = (unsigned)mn(x, y); r[k++] = x <= y; }
    unsigned v = 0, p = 0;
    for (int hk = 0; hk < 2; ++hk) { long long x = h(a, hk, true), y = h(b, hk, true); v |= ((unsigned)mx(x, y) & 0xffff) << (16 * hk); p |= (unsigned)(x >= y) << hk; }
    r[k++] = v; r[k++] = p;
    v = 0; p = 0;
    for (int hk = 0; hk < 2; ++hk) { long long x = h(a, hk, false), y = h(b, hk, false); v |= ((unsigned)mn(x, y) & 0xffff) << (16 * hk); p |= (unsigned)(x <= y) << hk; }
    r[k++] = v; r[k++] = p;
}

int main() {
    static unsigned in[3 * N], out[FUNCS * N];
    const unsigned edges[] = {0, 1, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x7fff7fffu, 0x80008000u, 0x0000ffffu, 0xffff0000u, 0x00017fffu, 0x8000ffffu};
    unsigned s = 12345;
    for (int i = 0; i < 3 * N; ++i) {
        s = s * 1664525u + 1013904223u;
        in[i] = i < 3 * 11 * 11 * 11 ? edges[(i % 3 == 0 ? i / 3 : i % 3 == 1 ? i / 33 : i / 363) % 11] : s;
    }
    unsigned *din, *dout;
    cudaMalloc(&din, sizeof in);
    cudaMalloc(&dout, sizeof out);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    on_device<<<N / 128, 128>>>(din, dout);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < N; ++i) {
        unsigned want[FUNCS] = {}, host[FUNCS] = {};
        model(in[3 * i], in[3 * i + 1], in[3 * i + 2], want);
        all(in[3 * i], in[3 * i + 1], in[3 * i + 2], host);
        for (int f = 0; f < FUNCS; ++f)
            if (want[f] != out[FUNCS * i + f] || want[f] != host[f]) {
                if (bad++ < 10) printf("function %d on %08x %08x %08x: device %08x host %08x model %08x\n", f, in[3 * i], in[3 * i + 1], in[3 * i + 2], out[FUNCS * i + f], host[f], want[f]);
            }
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
