// 64-bit and 16-bit atomics on global and shared memory: signed/unsigned min/max with negative
// values, and/or/xor/exch, atomicCAS on unsigned short and unsigned long long, atomicInc/Dec wrap.
#include <cstdio>
#include <cstdint>

__device__ long long g_smin, g_smax;
__device__ unsigned long long g_umin, g_umax, g_and, g_or, g_xor;
__device__ unsigned int g_inc, g_dec, g_inc0, g_dec0;
__device__ unsigned short g_cas16[4];

__device__ unsigned long long mix(unsigned long long x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
    return x;
}

__global__ void k(int n, unsigned long long *blockResults) {
    __shared__ long long s_min, s_max;
    __shared__ unsigned long long s_xor, s_cas;
    __shared__ unsigned int s_inc, s_dec;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) {
        s_min = LLONG_MAX; s_max = LLONG_MIN; s_xor = 0; s_cas = 0; s_inc = 5; s_dec = 3;
    }
    __syncthreads();
    if (gid < n) {
        unsigned long long v = mix(gid + 1);
        long long sv = (long long)v;
        atomicMin(&g_smin, sv);
        atomicMax(&g_smax, sv);
        atomicMin(&g_umin, v);
        atomicMax(&g_umax, v);
        atomicAnd(&g_and, v | 0x8000000000000001ULL);
        atomicOr(&g_or, v & 0x00ff00ff00ff00ffULL);
        atomicXor(&g_xor, v);
        atomicMin(&s_min, sv);
        atomicMax(&s_max, sv);
        atomicXor(&s_xor, v);
        atomicInc(&g_inc, 1000u);        // wraps to 0 after reaching 1000
        atomicDec(&g_dec, 777u);         // 0 or >777 becomes 777
        atomicInc(&g_inc0, 0u);          // limit 0: always stores 0
        atomicDec(&g_dec0, 0u);          // limit 0: always stores 0
        atomicInc(&s_inc, 6u);
        atomicDec(&s_dec, 4u);
        // CAS loop on shared 64-bit: add gid (order-independent sum)
        unsigned long long old = s_cas, assumed;
        do { assumed = old; old = atomicCAS(&s_cas, assumed, assumed + (unsigned long long)gid * 0x100000001ULL); } while (old != assumed);
        // CAS on 16-bit: increment one of 4 shorts (wraps at 65536)
        unsigned short *p = &g_cas16[gid & 3];
        unsigned short o = *p, a;
        do { a = o; o = atomicCAS(p, a, (unsigned short)(a + 7)); } while (o != a);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long *r = blockResults + blockIdx.x * 6;
        r[0] = (unsigned long long)s_min; r[1] = (unsigned long long)s_max; r[2] = s_xor;
        r[3] = s_cas; r[4] = s_inc; r[5] = s_dec;
    }
}

int main() {
    const int n = 37 * 96 - 13, blocks = 37, threads = 96;
    long long smin = LLONG_MAX, smax = LLONG_MIN;
    unsigned long long umin = ~0ULL, umax = 0, uand = ~0ULL, uor = 0, uxor = 0;
    unsigned int inc = 990, dec = 5, inc0 = 12, dec0 = 12;
    cudaMemcpyToSymbol(g_smin, &smin, 8); cudaMemcpyToSymbol(g_smax, &smax, 8);
    cudaMemcpyToSymbol(g_umin, &umin, 8); cudaMemcpyToSymbol(g_umax, &umax, 8);
    cudaMemcpyToSymbol(g_and, &uand, 8); cudaMemcpyToSymbol(g_or, &uor, 8); cudaMemcpyToSymbol(g_xor, &uxor, 8);
    cudaMemcpyToSymbol(g_inc, &inc, 4); cudaMemcpyToSymbol(g_dec, &dec, 4);
    cudaMemcpyToSymbol(g_inc0, &inc0, 4); cudaMemcpyToSymbol(g_dec0, &dec0, 4);
    unsigned short c16[4] = {65530, 0, 1, 40000};
    cudaMemcpyToSymbol(g_cas16, c16, sizeof c16);
    unsigned long long *d;
    cudaMalloc(&d, blocks * 6 * 8);
    k<<<blocks, threads>>>(n, d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorString(e));
    unsigned long long h[blocks * 6];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(&smin, g_smin, 8); cudaMemcpyFromSymbol(&smax, g_smax, 8);
    cudaMemcpyFromSymbol(&umin, g_umin, 8); cudaMemcpyFromSymbol(&umax, g_umax, 8);
    cudaMemcpyFromSymbol(&uand, g_and, 8); cudaMemcpyFromSymbol(&uor, g_or, 8); cudaMemcpyFromSymbol(&uxor, g_xor, 8);
    cudaMemcpyFromSymbol(&inc, g_inc, 4); cudaMemcpyFromSymbol(&dec, g_dec, 4);
    cudaMemcpyFromSymbol(&inc0, g_inc0, 4); cudaMemcpyFromSymbol(&dec0, g_dec0, 4);
    cudaMemcpyFromSymbol(c16, g_cas16, sizeof c16);
    printf("smin %lld smax %lld\numin %llu umax %llu\nand %016llx or %016llx xor %016llx\n", smin, smax, umin, umax, uand, uor, uxor);
    printf("inc %u dec %u inc0 %u dec0 %u\n", inc, dec, inc0, dec0);
    printf("cas16 %u %u %u %u\n", c16[0], c16[1], c16[2], c16[3]);
    unsigned long long chk = 0;
    for (int b = 0; b < blocks; b++) {
        if (b < 3 || b == blocks - 1)
            printf("block %d: smin %lld smax %lld xor %016llx cas %016llx inc %llu dec %llu\n", b, (long long)h[b*6], (long long)h[b*6+1], h[b*6+2], h[b*6+3], h[b*6+4], h[b*6+5]);
        for (int i = 0; i < 6; i++) chk = chk * 31 + h[b * 6 + i];
    }
    printf("block checksum %016llx\n", chk);
    return 0;
}
