// min-arch: sm_75
// Cache-hint load/store intrinsics: __ldg, __ldca, __ldcg, __ldcs, __ldlu, __ldcv, __stwb, __stcg, __stcs, __stwt
// on scalar and vector types; streaming copy with evict-first hints; prefetch via inline asm (prefetch.global.L2,
// prefetchu.L1), ld.global.nc.L1::no_allocate, L1::evict_last/L2::128B and createpolicy + L2::cache_hint under sm_80.

extern "C" __global__ void cache_loads(const float *a, const int *b, const float4 *c, const double *d, const uint2 *e,
                                       float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = __ldca(&a[i]);
    int y = __ldcg(&b[i]);
    float4 z = __ldcs(&c[i]);
    double w = __ldlu(&d[i]);
    uint2 u = __ldcv(&e[i]);
    float g = __ldg(&a[(i + 1) % n]);
    out[i] = x + (float)y + z.x + z.y + z.z + z.w + (float)w + (float)(u.x ^ u.y) + g;
}

extern "C" __global__ void cache_stores(float *a, int *b, float4 *c, double *d, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __stwb(&a[i], 1.0f * i);
    __stcg(&b[i], i);
    __stcs(&c[i], make_float4(i, i + 1, i + 2, i + 3));
    __stwt(&d[i], 0.5 * i);
}

// Streaming copy: evict-first loads/stores for data touched once
extern "C" __global__ void streaming_copy(const float4 *__restrict__ src, float4 *__restrict__ dst, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
        float4 v = __ldcs(&src[i]);
        __stcs(&dst[i], v);
    }
}

extern "C" __global__ void prefetch_hints(const float *in, float *out, int n, int dist) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (i + dist < n) {
        asm volatile("prefetch.global.L2 [%0];" ::"l"(in + i + dist));
        asm volatile("prefetch.global.L1 [%0];" ::"l"(in + i + dist / 2));
        asm volatile("prefetchu.L1 [%0];" ::"l"(in + i + dist / 4));
    }
    float v;
#if __CUDA_ARCH__ >= 800
    asm volatile("ld.global.nc.L1::no_allocate.f32 %0, [%1];" : "=f"(v) : "l"(in + i));
    float w, z;
    asm volatile("ld.global.L1::evict_last.L2::128B.f32 %0, [%1];" : "=f"(w) : "l"(in + (i ^ 1) % n));
    // L2 cache-eviction policy object (createpolicy) consumed by an .L2::cache_hint load
    asm volatile("{\n\t.reg .b64 pol;\n\tcreatepolicy.fractional.L2::evict_last.b64 pol, 1.0;\n\t"
                 "ld.global.L2::cache_hint.f32 %0, [%1], pol;\n\t}" : "=f"(z) : "l"(in + (i ^ 2) % n));
    v += w + z;
#else
    v = __ldg(in + i);
#endif
    out[i] = v;
}
