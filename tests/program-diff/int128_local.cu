// 128-bit integers in device code (__int128 arithmetic: mul, div, mod, shifts, compares),
// a multiply-with-carry bignum, unions/bitfields, and dynamically indexed local arrays of
// structs, checked against the same code on the host.
#include <cstdio>
#include <cstdint>

typedef unsigned __int128 u128;
typedef __int128 i128;

struct Bits { unsigned a : 3; unsigned b : 9; int c : 7; unsigned d : 13; };
union Pun { double d; unsigned long long u; unsigned char b[8]; };

__host__ __device__ void work(int t, unsigned long long *o) {
    u128 x = ((u128)0x0123456789abcdefULL << 64 | 0xfedcba9876543210ULL) * (unsigned)(t + 3);
    u128 y = (u128)(t * 7919 + 13) << (t % 70);
    i128 s = -(i128)x / (i128)(t + 1);
    o[0] = (unsigned long long)(x >> 64) ^ (unsigned long long)x;
    o[1] = (unsigned long long)(x / ((u128)t + 1) >> 3);
    o[2] = (unsigned long long)(x % (u128)(0xfffffffbULL + t));
    o[3] = (unsigned long long)(y >> 50) + (x > y) * 2 + (s < 0);
    o[4] = (unsigned long long)(s >> 60);
    o[5] = (unsigned long long)((i128)s % 1000003);
    // bignum: 4 x 32-bit limbs multiplied by a 32-bit scalar, 20 times
    unsigned limb[6] = {1, 0, 0, 0, 0, 0};
    for (int r = 0; r < 20; r++) {
        unsigned long long carry = 0;
        for (int i = 0; i < 6; i++) {
            unsigned long long p = (unsigned long long)limb[i] * (0x9e3779b9u + t) + carry;
            limb[i] = (unsigned)p; carry = p >> 32;
        }
    }
    o[6] = ((unsigned long long)limb[5] << 32 | limb[4]) ^ limb[0];
    Bits bits;
    bits.a = t; bits.b = t * 37; bits.c = -t; bits.d = t * 1001;
    o[7] = bits.a + bits.b * 10ULL + (unsigned long long)(long long)bits.c * 10000 + bits.d * 1000000ULL;
    Pun p; p.d = t * 0.1 - 1.0;
    o[8] = p.u ^ p.b[7] ^ ((unsigned long long)p.b[0] << 56);
    struct P { short x; char y; double z; } arr[9];
    for (int i = 0; i < 9; i++) arr[i] = P{(short)(i * t - 300), (char)(i - t), i / (t + 0.5)};
    double acc = 0;
    for (int i = 0; i < 9; i++) { P &q = arr[(i * 4 + t) % 9]; acc = acc * 0.5 + q.x + q.y + q.z; }
    Pun r; r.d = acc;
    o[9] = r.u;
}

__global__ void k(unsigned long long *out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) work(t, out + t * 10);
}

int main() {
    const int n = 100;
    unsigned long long *d, h[n * 10], want[10];
    cudaMalloc(&d, sizeof h);
    k<<<4, 32>>>(d, n);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    unsigned long long chk = 0;
    for (int t = 0; t < n; t++) {
        work(t, want);
        for (int j = 0; j < 10; j++) {
            if (h[t * 10 + j] != want[j] && bad++ < 5) printf("t%d o%d: %016llx host %016llx\n", t, j, h[t * 10 + j], want[j]);
            chk = chk * 0x100000001b3ULL ^ h[t * 10 + j];
        }
    }
    printf("bad %d checksum %016llx\n", bad, chk);
    for (int j = 0; j < 10; j++) printf("t99 o%d %016llx\n", j, h[99 * 10 + j]);
    return 0;
}
