// sm_90 DPX intrinsics and less common bit instructions: __vimax3_s32/__vimin3_u32/
// __vimax_s16x2_relu/__vibmax_s32 (max with the predicate of which won), __viaddmax_s32/
// __viaddmin_u16x2 (add then max/min, with relu), the fused 3-way ops on 16x2 pairs;
// __fns (find the n-th set bit, forwards and backwards from an offset), and the PTX bfe/bfi/
// bmsk/szext instructions through inline asm; all checked against host models from the docs.
#include <cstdio>
#include <cstdint>
#include <climits>
#include <algorithm>

__global__ void dpx(const int* __restrict__ a, const int* __restrict__ b, const int* __restrict__ c, unsigned* o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i], z = c[i];
    unsigned* r = o + i * 14;
    bool pred;
    r[0] = (unsigned)__vimax3_s32(x, y, z);
    r[1] = __vimin3_u32((unsigned)x, (unsigned)y, (unsigned)z);
    r[2] = __vimax3_s16x2_relu((unsigned)x, (unsigned)y, (unsigned)z);
    r[3] = __vimin3_u16x2((unsigned)x, (unsigned)y, (unsigned)z);
    r[4] = (unsigned)__vibmax_s32(x, y, &pred); r[5] = pred;
    r[6] = __vibmin_u32((unsigned)x, (unsigned)y, &pred) ^ (pred ? 0x80000000u : 0);
    r[7] = (unsigned)__viaddmax_s32(x, y, z);
    r[8] = __viaddmin_u16x2((unsigned)x, (unsigned)y, (unsigned)z);
    r[9] = (unsigned)__viaddmax_s32_relu(x, y, z);
    r[10] = __vimax_s16x2_relu((unsigned)x, (unsigned)y);
    r[11] = (unsigned)__vimin_s32_relu(x, y);
    r[12] = __fns((unsigned)x, (unsigned)(y & 31), (z % 5) - 2);
    unsigned bf, bi, bm, sz;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(bf) : "r"(x), "r"(y & 63), "r"((z >> 3) & 63));
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(bi) : "r"(y), "r"(x), "r"(z & 63), "r"((z >> 8) & 63));
    asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(bm) : "r"(y & 63), "r"((z >> 8) & 63));
    asm("szext.clamp.s32 %0, %1, %2;" : "=r"(sz) : "r"(x), "r"(z & 63));
    r[13] = bf ^ (bi * 3) ^ (bm * 5) ^ (sz * 7);
}

// host models from the CUDA Math API and PTX ISA
static int16_t lo(unsigned v) { return (int16_t)(v & 0xffff); }
static int16_t hi(unsigned v) { return (int16_t)(v >> 16); }
static unsigned pack(int l, int h) { return (unsigned)(uint16_t)l | ((unsigned)(uint16_t)h << 16); }
static unsigned fns_host(unsigned m, unsigned base, int off) {
    if (off == 0) return (m >> base) & 1 ? base : 0xffffffffu;
    if (off > 0) { for (unsigned p = base; p < 32; ++p) if ((m >> p) & 1 && --off == 0) return p; return 0xffffffffu; }
    for (int p = (int)base; p >= 0; --p) if ((m >> p) & 1 && ++off == 0) return (unsigned)p;
    return 0xffffffffu;
}
static unsigned bfe_s32(int a, unsigned pos, unsigned len) {
    pos &= 0xff; len &= 0xff;
    if (len == 0) return 0;
    int msb = (int)pos + (int)len - 1 > 31 ? 31 : (int)pos + (int)len - 1;
    int sbit = pos > 31 ? (a >> 31) & 1 : (a >> msb) & 1;
    unsigned d = 0;
    for (unsigned k = 0; k < 32; ++k) d |= (k < len && pos + k <= 31 ? ((unsigned)a >> (pos + k)) & 1 : (unsigned)sbit) << k;
    return d;
}
static unsigned bfi_b32(unsigned a, unsigned b, unsigned pos, unsigned len) {
    pos &= 0xff; len &= 0xff; unsigned f = b;
    for (unsigned k = 0; k < len && pos + k <= 31; ++k) f = (f & ~(1u << (pos + k))) | (((a >> k) & 1) << (pos + k));
    return f;
}
static unsigned bmsk_clamp(unsigned a, unsigned b) { a = a > 32 ? 32 : a; b = b > 32 ? 32 : b; unsigned long long m = ((1ull << b) - 1) << a; return (unsigned)m; }
static unsigned szext_clamp(unsigned a, unsigned b) { b = b > 32 ? 32 : b; if (b == 0) return 0; if (b == 32) return a; unsigned v = a & ((1u << b) - 1); return (v >> (b - 1)) & 1 ? v | ~((1u << b) - 1) : v; }

int main() {
    const int n = 300;
    int ha[n], hb[n], hc[n];
    unsigned s = 1;
    int edge[] = {0, -1, 1, INT_MAX, INT_MIN, 0x7fff8000, (int)0x80007fff, 0x00010001, (int)0xffff0000, 32767, -32768};
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u; ha[i] = i < 11 ? edge[i] : (int)s;
        s = s * 1664525u + 1013904223u; hb[i] = i < 121 ? edge[(i / 11) % 11] : (int)s;
        s = s * 1664525u + 1013904223u; hc[i] = (int)s ^ (i % 7 == 0 ? 0x80000000 : 0);
    }
    int *da, *db, *dc; unsigned* dout;
    cudaMalloc(&da, sizeof ha); cudaMalloc(&db, sizeof hb); cudaMalloc(&dc, sizeof hc); cudaMalloc(&dout, n * 14 * 4);
    cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice); cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice); cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice);
    dpx<<<(n + 95) / 96, 96>>>(da, db, dc, dout, n);
    static unsigned o[n * 14];
    if (cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost) != cudaSuccess) { printf("failed\n"); return 1; }
    const char* names[14] = {"vimax3_s32", "vimin3_u32", "vimax3_s16x2_relu", "vimin3_u16x2", "vibmax_s32", "vibmax pred", "vibmin_u32",
                             "viaddmax_s32", "viaddmin_u16x2", "viaddmax_s32_relu", "vimax_s16x2_relu", "vimin_s32_relu", "fns", "bfe/bfi/bmsk/szext"};
    int bad[14] = {}; unsigned long long sum[14] = {};
    for (int i = 0; i < n; ++i) {
        int x = ha[i], y = hb[i], z = hc[i]; unsigned ux = x, uy = y, uz = z;
        unsigned w[14];
        w[0] = (unsigned)std::max(x, std::max(y, z));
        w[1] = std::min(ux, std::min(uy, uz));
        w[2] = pack(std::max(0, std::max((int)lo(ux), std::max((int)lo(uy), (int)lo(uz)))), std::max(0, std::max((int)hi(ux), std::max((int)hi(uy), (int)hi(uz)))));
        w[3] = std::min(ux & 0xffff, std::min(uy & 0xffff, uz & 0xffff)) | (std::min(ux >> 16, std::min(uy >> 16, uz >> 16)) << 16);
        w[4] = (unsigned)std::max(x, y); w[5] = x >= y;
        w[6] = std::min(ux, uy) ^ (ux <= uy ? 0x80000000u : 0);
        w[7] = (unsigned)std::max((int)(ux + uy), z);
        w[8] = std::min((ux + uy) & 0xffff, uz & 0xffff) | (std::min(((ux >> 16) + (uy >> 16)) & 0xffff, uz >> 16) << 16);
        w[9] = (unsigned)std::max(0, std::max((int)(ux + uy), z));
        w[10] = pack(std::max(0, std::max((int)lo(ux), (int)lo(uy))), std::max(0, std::max((int)hi(ux), (int)hi(uy))));
        w[11] = (unsigned)std::max(0, std::min(x, y));
        w[12] = fns_host(ux, uy & 31, (z % 5) - 2);
        w[13] = bfe_s32(x, uy & 63, (uz >> 3) & 63) ^ (bfi_b32(uy, ux, uz & 63, (uz >> 8) & 63) * 3) ^ (bmsk_clamp(uy & 63, (uz >> 8) & 63) * 5) ^ (szext_clamp(ux, uz & 63) * 7);
        for (int k = 0; k < 14; ++k) { bad[k] += w[k] != o[i * 14 + k]; sum[k] = sum[k] * 31 + o[i * 14 + k]; }
    }
    for (int k = 0; k < 14; ++k) printf("%-20s hash %016llx host mismatches %d\n", names[k], sum[k], bad[k]);
    return 0;
}
