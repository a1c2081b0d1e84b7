// Special registers with deterministic values (%lanemask_*, %nsmid, %nwarpid, %total_smem_size,
// %dynamic_smem_size, %aggr_smem_size, %is_explicit_cluster, %cluster_*), and atomics on packed
// and narrow float types (atom/red .f16/.bf16/.f16x2/.bf16x2, .v2 .f16x2, .v4 .f32, cas.b16,
// inc/dec/max.s64) in global and shared space, on sums exact in any order, printed as bits.
#include <cstdio>
__global__ void sregs(unsigned *o) {
    extern __shared__ unsigned dyn[];
    unsigned t = threadIdx.x, v;
    unsigned *q = o + t * 16;
#define SR(i, name) asm volatile("mov.u32 %0, " name ";" : "=r"(v)); q[i] = v;
    SR(0, "%lanemask_eq") SR(1, "%lanemask_lt") SR(2, "%lanemask_le") SR(3, "%lanemask_gt") SR(4, "%lanemask_ge")
    SR(5, "%nsmid") SR(6, "%nwarpid") SR(7, "%total_smem_size") SR(8, "%dynamic_smem_size") SR(9, "%aggr_smem_size")
    SR(10, "%laneid") SR(11, "%cluster_nctarank") SR(12, "%cluster_ctarank") SR(13, "%nclusterid.x") SR(14, "%cluster_nctaid.x")
    asm volatile("{.reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p;}" : "=r"(v)); q[15] = v;
    dyn[0] = 0;
}
__global__ void atoms(unsigned *g, unsigned *o) {
    __shared__ unsigned s[64];
    unsigned t = threadIdx.x;
    if (t < 64) s[t] = g[t];
    __syncthreads();
    unsigned short h = 0x3c00, r16;  // exact sums in any order
    unsigned x = 0x3c00bc00u, r;
    float f = (t & 1) ? -1.5f * t : 0.25f * t;
    asm volatile("atom.global.add.noftz.f16 %0, [%1], %2;" : "=h"(r16) : "l"(g + 0), "h"(h)); o[t * 12 + 0] = r16;
    asm volatile("atom.global.add.noftz.bf16 %0, [%1], %2;" : "=h"(r16) : "l"(g + 1), "h"(h)); o[t * 12 + 1] = r16;
    asm volatile("atom.global.add.noftz.f16x2 %0, [%1], %2;" : "=r"(r) : "l"(g + 2), "r"(x)); o[t * 12 + 2] = r;
    asm volatile("atom.global.add.noftz.bf16x2 %0, [%1], %2;" : "=r"(r) : "l"(g + 3), "r"(x)); o[t * 12 + 3] = r;
    asm volatile("red.global.add.noftz.v2.f16x2 [%0], {%1, %2};" :: "l"(g + 6), "r"(x), "r"(x ^ 0x80008000u));
    asm volatile("red.global.add.v4.f32 [%0], {%1, %2, %3, %4};" :: "l"(g + 8), "f"(f), "f"(-f), "f"(f * 3), "f"(1.0f));
    asm volatile("red.shared.add.noftz.f16x2 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(s + 12)), "r"(x));
    asm volatile("atom.global.cas.b16 %0, [%1], %2, %3;" : "=h"(r16) : "l"((char *)(g + 14) + 2), "h"((unsigned short)(t + 0x1233)), "h"((unsigned short)(t + 0x1234))); o[t * 12 + 7] = 0;
    asm volatile("atom.global.max.s64 %0, [%1], %2;" : "=l"(*(unsigned long long *)&o[t * 12 + 8]) : "l"(g + 16), "l"(-(long long)t * 0x100000001ll));
    asm volatile("atom.global.inc.u32 %0, [%1], %2;" : "=r"(r) : "l"(g + 18), "r"(7u)); o[t * 12 + 10] = 0;
    asm volatile("atom.global.dec.u32 %0, [%1], %2;" : "=r"(r) : "l"(g + 19), "r"(5u)); o[t * 12 + 11] = 0;
    __syncthreads();
    if (t < 16) g[32 + t] = s[t];
}
int main() {
    unsigned *o, *g, h[64 * 16];
    cudaMalloc(&o, sizeof h); cudaMalloc(&g, 64 * 4);
    sregs<<<2, 64, 100>>>(o);
    printf("sregs: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 64; t += 7) { printf("t%02d:", t); for (int j = 0; j < 16; j++) printf(" %x", j == 5 ? (h[t * 16 + j] > 0) : h[t * 16 + j]); printf("\n"); }
    unsigned init[64] = {0x3c00, 0x3f80, 0x3c003c00, 0x3f803f80, 0x7c00fc00, 0xff807f80, 0, 0, 0, 0, 0, 0, 0x00003c00, 0xfc00fc00, 0x12341234, 0x7f80ff80, 0, 0x80000000, 3, 2};
    cudaMemcpy(g, init, sizeof init, cudaMemcpyHostToDevice);
    atoms<<<1, 32>>>(g, o);
    printf("atoms: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    unsigned out[64];
    cudaMemcpy(out, g, sizeof out, cudaMemcpyDeviceToHost);
    printf("g:"); for (int i = 0; i < 48; i++) printf(" %08x", out[i]); printf("\n");
    cudaMemcpy(h, o, 32 * 12 * 4, cudaMemcpyDeviceToHost);
    // The values each lane read are order-dependent; their set is not.
    unsigned long long x0 = 0, x1 = 0, x2 = 0, x3 = 0;
    for (int t = 0; t < 32; t++) { x0 += h[t * 12]; x1 += h[t * 12 + 1]; x2 += h[t * 12 + 2]; x3 += h[t * 12 + 3]; }
    printf("atom returns summed: %llx %llx %llx %llx\n", x0, x1, x2, x3);
    return 0;
}
