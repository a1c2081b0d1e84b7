// Bit-field and shift PTX through inline asm as low-level users write it: shifts by >= the
// width (PTX clamps), bfe/bfi with positions and lengths past the word, prmt in every mode
// (default, f4e, b4e, rc8, ecl, ecr, rc16), bfind/brev/popc/clz on 64 bits, shf.l/r wrap and clamp,
// lop3 with several truth tables, and szext-style sign extension via bfe.s32.
#include <cstdio>

__global__ void k(const unsigned *in, int n, unsigned *o) {
    int i = threadIdx.x;
    if (i >= n) return;
    unsigned a = in[i], b = in[(i + 3) % n], c = in[(i + 7) % n] & 63, d = (in[(i + 5) % n] >> 3) & 63, r;
    unsigned *q = o + i * 28;
    unsigned long long a64 = (unsigned long long)a << 32 | b, r64;
    asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(c)); q[0] = r;
    asm("shr.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(c)); q[1] = r;
    asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(c)); q[2] = r;
    asm("shl.b64 %0, %1, %2;" : "=l"(r64) : "l"(a64), "r"(c + d)); q[3] = (unsigned)(r64 >> 17);
    asm("shr.s64 %0, %1, %2;" : "=l"(r64) : "l"(a64), "r"(c + d)); q[4] = (unsigned)(r64 >> 9) ^ (unsigned)r64;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(c), "r"(d)); q[5] = r;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(c), "r"(d)); q[6] = r;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(c & 31), "r"(1 + (d & 7))); q[7] = r;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(b), "r"(a), "r"(c), "r"(d)); q[8] = r;
    asm("bfe.u64 %0, %1, %2, %3;" : "=l"(r64) : "l"(a64), "r"(c), "r"(d)); q[9] = (unsigned)r64 ^ (unsigned)(r64 >> 32);
    asm("bfe.s64 %0, %1, %2, %3;" : "=l"(r64) : "l"(a64), "r"(c), "r"(d)); q[10] = (unsigned)r64 ^ (unsigned)(r64 >> 32);
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(b ^ a)); q[11] = r;
    asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); q[12] = r;
    asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); q[13] = r;
    asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); q[14] = r;
    asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); q[15] = r;
    asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); q[16] = r;
    asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); q[17] = r;
    asm("bfind.u64 %0, %1;" : "=r"(r) : "l"(a64 >> (c % 64))); q[18] = r;
    asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(a)); q[19] = r;
    asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(b >> (c % 32))); q[20] = r;
    asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c + 32)); q[21] = r;
    asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); q[22] = r;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(a), "r"(b), "r"(c * 0x01010101u)); q[23] = r;
    asm("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(r) : "r"(a), "r"(b), "r"(~a)); q[24] = r;
    asm("lop3.b32 %0, %1, %2, %3, 0x1b;" : "=r"(r) : "r"(a), "r"(b), "r"(d << 20)); q[25] = r;
    asm("popc.b64 %0, %1;" : "=r"(r) : "l"(a64)); q[26] = r;
    asm("clz.b64 %0, %1;" : "=r"(r) : "l"(a64 >> c)); q[27] = r;
}

int main() {
    const int n = 40;
    unsigned h[n];
    unsigned s = 12345;
    for (int i = 0; i < n; i++) { s = s * 1664525u + 1013904223u; h[i] = s ^ (s >> 13); }
    h[0] = 0; h[1] = 0xffffffffu; h[2] = 0x80000000u; h[3] = 1; h[4] = 0x7fffffffu; h[5] = 0x0000ffffu;
    unsigned *d, *o, ho[n * 28];
    cudaMalloc(&d, sizeof h); cudaMalloc(&o, sizeof ho);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 64>>>(d, n, o);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        printf("%08x:", h[i]);
        for (int j = 0; j < 28; j++) printf(" %x", ho[i * 28 + j]);
        printf("\n");
    }
    return 0;
}
