// Integer arithmetic as C++ defines it, on the device: unsigned wrap-around in 8/16/32/64 bits,
// integer promotion of char/short operands, signed/unsigned comparisons and conversions
// (-1 < 0u is false), sign extension of char and short loads, 64-bit products of 32-bit
// operands with and without widening, shifts of negative values (arithmetic), unsigned
// division of values above 2^63, abs/llabs of the minimum, __mulhi/__umulhi/__mul64hi, and
// saturating clamps; checked against the same functions on the host.
#include <cstdio>
#include <cstdint>
#include <climits>

__host__ __device__ unsigned long long work(int i, const int* vi, const unsigned* vu, const signed char* vc, const short* vs, const long long* vl) {
    unsigned long long h = 0xcbf29ce484222325ull;
    auto mix = [&](unsigned long long v) { h = (h ^ v) * 0x100000001b3ull; };
    int a = vi[i], b = vi[(i + 3) % 16];
    unsigned ua = vu[i], ub = vu[(i + 5) % 16];
    signed char c = vc[i]; short s = vs[i]; long long l = vl[i], m = vl[(i + 7) % 16];
    unsigned char uc = (unsigned char)c; unsigned short us = (unsigned short)s;
    mix(ua + ub); mix(ua * ub); mix(ua - ub); mix((unsigned long long)ua * ub);
    mix((unsigned)(a) < ub); mix(a < (int)ub); mix((long long)a < (long long)ub);
    mix(c + uc); mix(c * s); mix((unsigned)(c * s)); mix(uc << 24); mix((unsigned char)(uc + 200)); mix((unsigned short)(us * us));
    mix((unsigned long long)(long long)c); mix((unsigned long long)(long long)s); mix((unsigned)c); mix((unsigned long long)(unsigned)c);
    mix(a >> 3); mix((unsigned)a >> 3); mix(l >> 17); mix((unsigned long long)l >> 17); mix(c >> 1); mix(s >> 20);
    mix((long long)a * b); mix((unsigned long long)(a * (unsigned)b)); mix((unsigned long long)l * (unsigned long long)m);
    unsigned long long big = (unsigned long long)l | 0x8000000000000000ull;
    mix(big / 3); mix(big % 1000000007ull); mix(big / (unsigned long long)(m | 1));
    if (m != 0 && !(l == LLONG_MIN && m == -1)) { mix(l / m); mix(l % m); }
    if (b != 0 && !(a == INT_MIN && b == -1)) { mix(a / b); mix(a % b); }
    mix(ub ? ua / ub : 0); mix(ub ? ua % ub : 0);
    mix((unsigned)abs(a == INT_MIN ? INT_MIN + 1 : a)); mix((unsigned long long)llabs(l == LLONG_MIN ? 0 : l));
    mix((int)(short)a); mix((int)(signed char)ua); mix((unsigned)(unsigned short)a);
    long long sat = l > INT_MAX ? INT_MAX : l < INT_MIN ? INT_MIN : l; mix((unsigned long long)sat);
    mix((unsigned long long)((__int128)l * m >> 64)); mix((unsigned long long)(((unsigned __int128)(unsigned long long)l * (unsigned long long)m) >> 64));
    mix((unsigned)(((long long)a * b) >> 32)); mix((unsigned)(((unsigned long long)ua * ub) >> 32));
    mix(~ua); mix(-ua); mix((unsigned long long)-(unsigned long long)l); mix(!a); mix(a && ub); mix(c == (signed char)uc); mix(uc == c);
    return h;
}

__global__ void k(const int* vi, const unsigned* vu, const signed char* vc, const short* vs, const long long* vl, unsigned long long* out,
                  unsigned* intr) {
    int i = threadIdx.x;
    if (i >= 16) return;
    out[i] = work(i, vi, vu, vc, vs, vl);
    intr[4 * i + 0] = (unsigned)__mulhi(vi[i], vi[(i + 3) % 16]);
    intr[4 * i + 1] = __umulhi(vu[i], vu[(i + 5) % 16]);
    intr[4 * i + 2] = (unsigned)(__mul64hi(vl[i], vl[(i + 7) % 16]) >> 7);
    intr[4 * i + 3] = (unsigned)(__umul64hi((unsigned long long)vl[i], (unsigned long long)vl[(i + 7) % 16]) >> 3);
}

int main() {
    int vi[16] = {0, 1, -1, INT_MAX, INT_MIN, 46341, -46341, 65536, -65536, 123456789, -987654321, 7, -7, 0x40000000, 3, -2};
    unsigned vu[16] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 65535, 65536, 4000000000u, 3, 0xdeadbeefu, 10, 2, 0xfffffffeu, 1000000007u, 77, 0x10001u};
    signed char vc[16] = {0, 1, -1, 127, -128, 64, -64, 100, -100, 2, -2, 55, -55, 33, -33, 15};
    short vs[16] = {0, 1, -1, 32767, -32768, 181, -182, 256, -256, 1000, -1000, 12345, -12345, 16384, -16384, 3};
    long long vl[16] = {0, 1, -1, LLONG_MAX, LLONG_MIN, 3037000499LL, -3037000500LL, 1LL << 32, -(1LL << 32), 1234567890123456789LL,
                        -987654321987654321LL, 7, -7, 0x4000000000000000LL, 2147483648LL, -2147483649LL};
    int *di; unsigned *du, *dintr; signed char* dc; short* ds; long long* dl; unsigned long long* dout;
    cudaMalloc(&di, 64); cudaMalloc(&du, 64); cudaMalloc(&dc, 16); cudaMalloc(&ds, 32); cudaMalloc(&dl, 128); cudaMalloc(&dout, 128); cudaMalloc(&dintr, 256);
    cudaMemcpy(di, vi, 64, cudaMemcpyHostToDevice); cudaMemcpy(du, vu, 64, cudaMemcpyHostToDevice); cudaMemcpy(dc, vc, 16, cudaMemcpyHostToDevice);
    cudaMemcpy(ds, vs, 32, cudaMemcpyHostToDevice); cudaMemcpy(dl, vl, 128, cudaMemcpyHostToDevice);
    k<<<1, 32>>>(di, du, dc, ds, dl, dout, dintr);
    unsigned long long out[16]; unsigned intr[64];
    cudaMemcpy(out, dout, 128, cudaMemcpyDeviceToHost); cudaMemcpy(intr, dintr, 256, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 16; ++i) {
        unsigned long long want = work(i, vi, vu, vc, vs, vl);
        bad += want != out[i];
        unsigned w0 = (unsigned)(((long long)vi[i] * vi[(i + 3) % 16]) >> 32), w1 = (unsigned)(((unsigned long long)vu[i] * vu[(i + 5) % 16]) >> 32);
        unsigned w2 = (unsigned)((long long)(((__int128)vl[i] * vl[(i + 7) % 16]) >> 64) >> 7);
        unsigned w3 = (unsigned)((unsigned long long)(((unsigned __int128)(unsigned long long)vl[i] * (unsigned long long)vl[(i + 7) % 16]) >> 64) >> 3);
        printf("%2d %016llx %s intr %08x %08x %08x %08x %s\n", i, out[i], want == out[i] ? "ok" : "BAD", intr[4 * i], intr[4 * i + 1], intr[4 * i + 2], intr[4 * i + 3],
               w0 == intr[4 * i] && w1 == intr[4 * i + 1] && w2 == intr[4 * i + 2] && w3 == intr[4 * i + 3] ? "ok" : "BAD");
    }
    printf("mismatches %d\n", bad);
    return 0;
}
