// flags: -arch=sm_90
// Atomics on narrow and unusual types with order-independent results: atomicCAS on unsigned
// short (16-bit CAS loops building a 16-bit max and a packed counter), atomicAdd on __half2 and
// __nv_bfloat162 with small integers (exact), atomicAdd on float and double with dyadic values
// whose sums are exact in any order, atomicInc/atomicDec wrap-around at limits, atomicMin/Max on
// long long and unsigned long long, atomicAnd/Or/Xor on 64-bit words, atomicExch of floats,
// system- and block-scoped variants (atomicAdd_system, atomicAdd_block), cuda::atomic_ref
// fetch_min/fetch_max, and __reduce_add_sync/__reduce_min_sync/__reduce_or_sync warp reductions.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda/atomic>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct Box {
    unsigned short smax, packed;
    __half2 h2; __nv_bfloat162 b2;
    float f; double d; unsigned inc, dec;
    long long mn; unsigned long long mx, bits_and, bits_or, bits_xor;
    float exch; int sys, blk; int ref_min, ref_max;
    int red_add[4], red_min[4]; unsigned red_or[4];
};

__device__ void max16(unsigned short* a, unsigned short v) {
    unsigned short old = *a, assumed;
    do { assumed = old; if (assumed >= v) return; old = atomicCAS(a, assumed, v); } while (old != assumed);
}

__global__ void hammer(Box* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    max16(&b->smax, (unsigned short)((i * 7919) % 60000));
    unsigned short old = b->packed, assumed;
    do { assumed = old; old = atomicCAS(&b->packed, assumed, (unsigned short)(assumed + 1)); } while (old != assumed);
    atomicAdd(&b->h2, __halves2half2(__float2half((float)(i % 3)), __float2half(-1.0f)));
    atomicAdd(&b->b2, __halves2bfloat162(__float2bfloat16((float)(i % 2)), __float2bfloat16(0.5f)));
    atomicAdd(&b->f, (float)(i % 16) * 0.0625f);
    atomicAdd(&b->d, (double)(i % 1024) * 0x1p-20);
    atomicInc(&b->inc, 9);
    atomicDec(&b->dec, 13);
    atomicMin(&b->mn, (long long)(i - 500) * 3000000000LL);
    atomicMax(&b->mx, 0xF000000000000000ull + (unsigned long long)i * 12345);
    atomicAnd(&b->bits_and, ~(1ull << (i % 64)) | (i % 64 == 63 ? 0 : 0));
    atomicOr(&b->bits_or, 1ull << ((i * 5) % 64));
    atomicXor(&b->bits_xor, 0x0123456789abcdefull * (unsigned long long)(i + 1));
    atomicExch(&b->exch, 42.0f);
    atomicAdd_system(&b->sys, 2);
    atomicAdd_block(&b->blk, 1);
    cuda::atomic_ref<int, cuda::thread_scope_device> rmin(b->ref_min), rmax(b->ref_max);
    rmin.fetch_min(1000 - i);
    rmax.fetch_max(i * i % 977);
    int lane = threadIdx.x & 31, warp = i / 32;
    if (warp < 4 && blockIdx.x == 0) {
        int s = __reduce_add_sync(0xffffffff, lane * (warp + 1));
        int m = __reduce_min_sync(0xffffffff, (lane * 13 + warp * 5) % 29 - 9);
        unsigned o = __reduce_or_sync(0xffffffff, 1u << ((lane * 3 + warp) % 32));
        if (lane == 0) { b->red_add[warp] = s; b->red_min[warp] = m; b->red_or[warp] = o; }
    }
}

int main() {
    Box* b; CK(cudaMallocManaged(&b, sizeof(Box)));
    Box init = {};
    init.h2 = __halves2half2(__float2half(0.0f), __float2half(0.0f));
    init.b2 = __halves2bfloat162(__float2bfloat16(0.0f), __float2bfloat16(0.0f));
    init.dec = 5; init.mn = 0; init.mx = 0; init.bits_and = ~0ull; init.ref_min = 1 << 30; init.ref_max = -1;
    *b = init;
    const int n = 1000;
    hammer<<<8, 128>>>(b, n);
    CK(cudaDeviceSynchronize());
    printf("16-bit: max %u, count %u\n", b->smax, b->packed);
    printf("half2 (%g, %g) bf162 (%g, %g)\n", __low2float(b->h2), __high2float(b->h2), __low2float(b->b2), __high2float(b->b2));
    printf("float %a double %a\n", b->f, b->d);
    printf("inc %u dec %u\n", b->inc, b->dec);
    printf("min %lld max %llx\n", b->mn, b->mx);
    printf("and %llx or %llx xor %llx\n", b->bits_and, b->bits_or, b->bits_xor);
    printf("exch %g system %d block %d ref_min %d ref_max %d\n", b->exch, b->sys, b->blk, b->ref_min, b->ref_max);
    for (int w = 0; w < 4; ++w) printf("warp %d: add %d min %d or %08x\n", w, b->red_add[w], b->red_min[w], b->red_or[w]);
    return 0;
}
