// Integer intrinsics over a pseudo-random sweep plus edge operands: bit reversal, byte permute
// (every selector mode), funnel shifts (wrap and clamp, shifts >= 32), dp4a/dp2a, SIMD video ops,
// sad, mulhi, 64-bit high multiply, ffs/clz/popc. Prints per-function checksums and edge values.
#include <cstdio>
#include <cstdint>

#define NF 40
__device__ unsigned f(int which, unsigned a, unsigned b, unsigned c) {
    switch (which) {
    case 0: return __brev(a);
    case 1: return __byte_perm(a, b, c);
    case 2: return __funnelshift_l(a, b, c);
    case 3: return __funnelshift_r(a, b, c);
    case 4: return __funnelshift_lc(a, b, c);
    case 5: return __funnelshift_rc(a, b, c);
    case 6: return __dp4a((int)a, (int)b, (int)c);
    case 7: return __dp4a(a, b, c);
    case 8: return __dp2a_lo((int)a, (int)b, (int)c);
    case 9: return __dp2a_hi(a, b, c);
    case 10: return __vadd2(a, b);
    case 11: return __vadd4(a, b);
    case 12: return __vsub4(a, b);
    case 13: return __vaddss2(a, b);
    case 14: return __vaddus4(a, b);
    case 15: return __vsubss4(a, b);
    case 16: return __vcmpgtu2(a, b);
    case 17: return __vcmpges4(a, b);
    case 18: return __vcmpeq4(a, b);
    case 19: return __vcmpltu4(a, b);
    case 20: return __vmaxs2(a, b);
    case 21: return __vminu4(a, b);
    case 22: return __vabsdiffs4(a, b);
    case 23: return __vsads2(a, b);
    case 24: return __vsadu4(a, b);
    case 25: return __vavgs2(a, b);
    case 26: return __vhaddu4(a, b);
    case 27: return __vneg2(a);
    case 28: return __vabsss4(a);
    case 29: return __sad((int)a, (int)b, c);
    case 30: return __usad(a, b, c);
    case 31: return (unsigned)__mulhi((int)a, (int)b);
    case 32: return __umulhi(a, b);
    case 33: return (unsigned)(__umul64hi(((unsigned long long)a << 32) | b, ((unsigned long long)c << 32) | a) >> 7);
    case 34: return (unsigned)__mul64hi(((long long)(int)a << 32) | b, (long long)(int)c);
    case 35: return __ffsll(((unsigned long long)(a & b) << 32) | (a & c)) + 64 * __ffs(c & b);
    case 36: return __clz((int)(a >> (c & 31))) * 65 + __clzll(((long long)(b >> (c & 31))) << 3);
    case 37: return __popc(a ^ b) + 256 * __popcll(((unsigned long long)a << 32) | c);
    case 38: return (unsigned)__rhadd((int)a, (int)b) ^ __uhadd(a, c);
    case 39: return (unsigned)__mul24((int)a, (int)b) ^ __umul24(b, c);
    }
    return 0;
}

__global__ void sweep(const unsigned *in, int n, unsigned *sums) {
    __shared__ unsigned acc[NF];
    for (int i = threadIdx.x; i < NF; i += blockDim.x) acc[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
        for (int w = 0; w < NF; w++) {
            unsigned r = f(w, a, b, c);
            atomicAdd(&acc[w], r * (2u * i + 1u));   // position-weighted: sums detect misplacement
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < NF; i += blockDim.x) atomicAdd(&sums[i], acc[i]);
}

__global__ void edges(const unsigned *in, int n, unsigned *out) {
    int i = threadIdx.x;
    if (i < n)
        for (int w = 0; w < NF; w++) out[i * NF + w] = f(w, in[3 * i], in[3 * i + 1], in[3 * i + 2]);
}

int main() {
    const int n = 20000;
    unsigned *h = new unsigned[3 * n];
    uint64_t s = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < 3 * n; i++) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; h[i] = (unsigned)(s >> 16); }
    unsigned ev[][3] = {{0, 0, 0}, {~0u, ~0u, ~0u}, {0x80000000u, 0x7fffffffu, 32}, {0x12345678u, 0x9abcdef0u, 0x3210},
                        {0x12345678u, 0x9abcdef0u, 0x7654}, {0x12345678u, 0x9abcdef0u, 0x8888 | 0x10000}, {0xdeadbeefu, 0xcafebabeu, 33},
                        {0xdeadbeefu, 0xcafebabeu, 63}, {0xdeadbeefu, 0xcafebabeu, 0xffffffe1u}, {0x80808080u, 0x7f7f7f7fu, 0x80000000u},
                        {0x7fff8000u, 0x80007fffu, 5}, {1, 0x80000000u, 0xffffffffu}};
    const int ne = sizeof ev / sizeof ev[0];
    unsigned *din, *dsum, *dev_, *dout;
    cudaMalloc(&din, 12 * n); cudaMalloc(&dsum, NF * 4); cudaMalloc(&dev_, sizeof ev); cudaMalloc(&dout, ne * NF * 4);
    cudaMemcpy(din, h, 12 * n, cudaMemcpyHostToDevice);
    cudaMemcpy(dev_, ev, sizeof ev, cudaMemcpyHostToDevice);
    cudaMemset(dsum, 0, NF * 4);
    sweep<<<23, 160>>>(din, n, dsum);
    edges<<<1, 32>>>(dev_, ne, dout);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    unsigned sums[NF], out[ne * NF];
    cudaMemcpy(sums, dsum, sizeof sums, cudaMemcpyDeviceToHost);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    for (int w = 0; w < NF; w++) {
        printf("f%02d sum %08x:", w, sums[w]);
        for (int e = 0; e < ne; e++) printf(" %x", out[e * NF + w]);
        printf("\n");
    }
    return 0;
}
