// SIMD average/absdiff/min/max intrinsics and the PTX video instructions behind them (inline
// asm vavrg2/vavrg4, vabsdiff4, vmin2, vmax4 with signed and unsigned operand types, vadd2/vsub4 with saturation).
#include <cstdio>

__global__ void k(const unsigned *a, const unsigned *b, int n, unsigned *o) {
    int i = threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i], r, *q = o + i * 20;
    q[0] = __vavgs2(x, y); q[1] = __vavgu2(x, y); q[2] = __vavgs4(x, y); q[3] = __vavgu4(x, y);
    asm("vavrg2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[4] = r;
    asm("vavrg2.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[5] = r;
    asm("vavrg4.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[6] = r;
    asm("vavrg4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[7] = r;
    asm("vabsdiff4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[8] = r;
    asm("vabsdiff4.s32.s32.s32.add %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(7)); q[9] = r;
    asm("vmin2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[10] = r;
    asm("vmax4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[11] = r;
    asm("vabsdiff2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[12] = r;
    asm("vabsdiff2.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(3)); q[13] = r;
    asm("vmin4.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[14] = r;
    asm("vmax2.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[15] = r;
    asm("vadd2.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[16] = r;
    asm("vsub4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0)); q[17] = r;
    asm("vavrg2.s32.s32.s32.add %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0x10001)); q[18] = r;
    q[19] = __vabsdiffs2(x, y) ^ __vmins4(x, y);
}

int main() {
    unsigned ha[] = {0, 0xffffffffu, 0x80000000u, 0xdeadbeefu, 0x7fff8001u, 0x01ff7f80u, 0x12345678u, 0xfffe0001u, 0x80808080u, 0x00010001u};
    unsigned hb[] = {0, 0xffffffffu, 0x7fffffffu, 0xcafebabeu, 0x8000ffffu, 0xff0180ffu, 0x87654321u, 0x0002ffffu, 0x7f7f7f7fu, 0xfffefffeu};
    const int n = 10;
    unsigned *a, *b, *o, h[n * 20];
    cudaMalloc(&a, sizeof ha); cudaMalloc(&b, sizeof hb); cudaMalloc(&o, sizeof h);
    cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice); cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
    k<<<1, 32>>>(a, b, n, o);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        printf("%08x %08x:", ha[i], hb[i]);
        for (int j = 0; j < 20; j++) printf(" %08x", h[i * 20 + j]);
        printf("\n");
    }
    return 0;
}
