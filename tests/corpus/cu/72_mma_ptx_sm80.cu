// min-arch: sm_80
// Warp-level MMA via inline PTX (the instructions CUTLASS emits): ldmatrix.sync.aligned.m8n8.x4/.x2(.trans).shared.b16,
// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32, m16n8k16 bf16, m16n8k8 tf32, m16n8k32 s8 (.satfinite),
// m8n8k4 f64, movmatrix; cvt.rna.tf32.f32; cp.async.ca 4/8-byte with zero-fill (src-size) operand.
#include <cuda_fp16.h>

extern "C" __global__ void mma_f16_m16n8k16(const half *A, const half *B, float *C) {
    // A: 16x16 row-major, B: 16x8 (stored as 8x16 col-major), one warp
    __shared__ __align__(16) half sA[16 * 16];
    __shared__ __align__(16) half sB[8 * 16];
    int lane = threadIdx.x;
    for (int i = lane; i < 256; i += 32) sA[i] = A[i];
    for (int i = lane; i < 128; i += 32) sB[i] = B[i];
    __syncwarp();
    unsigned a[4], b[2];
    unsigned aaddr = (unsigned)__cvta_generic_to_shared(&sA[(lane % 16) * 16 + (lane / 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(aaddr));
    unsigned baddr = (unsigned)__cvta_generic_to_shared(&sB[(lane % 8) * 16 + ((lane / 8) % 2) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(b[0]), "=r"(b[1]) : "r"(baddr));
    float c[4] = {0.f, 0.f, 0.f, 0.f};
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                 "{%0, %1, %2, %3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    int row = lane / 4, col = (lane % 4) * 2;
    C[row * 8 + col] = c[0];
    C[row * 8 + col + 1] = c[1];
    C[(row + 8) * 8 + col] = c[2];
    C[(row + 8) * 8 + col + 1] = c[3];
}

extern "C" __global__ void mma_other_types(const unsigned *fragA, const unsigned *fragB, float *outf, int *outi,
                                           double *outd, const double *da, const double *db) {
    int lane = threadIdx.x & 31;
    unsigned a0 = fragA[lane * 4], a1 = fragA[lane * 4 + 1], a2 = fragA[lane * 4 + 2], a3 = fragA[lane * 4 + 3];
    unsigned b0 = fragB[lane * 2], b1 = fragB[lane * 2 + 1];
    float d[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    float e[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(e[0]), "+f"(e[1]), "+f"(e[2]), "+f"(e[3])
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    int s[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+r"(s[0]), "+r"(s[1]), "+r"(s[2]), "+r"(s[3])
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    double f[2] = {0, 0};
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                 : "+d"(f[0]), "+d"(f[1]) : "d"(da[lane]), "d"(db[lane]));
    unsigned mt;
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(mt) : "r"(a0));
    for (int k = 0; k < 4; ++k) {
        outf[lane * 8 + k] = d[k];
        outf[lane * 8 + 4 + k] = e[k];
        outi[lane * 4 + k] = s[k] + (int)(k == 0 ? mt : 0);
    }
    outd[lane * 2] = f[0];
    outd[lane * 2 + 1] = f[1];
}

extern "C" __global__ void tf32_round(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(in[i]));
    out[i] = __uint_as_float(r);
}

// cp.async with an explicit src-size (bytes beyond src-size are zero-filled)
extern "C" __global__ void cp_async_zfill(const int *src, int *dst, int valid) {
    __shared__ __align__(8) int s[64];
    int t = threadIdx.x;
    unsigned saddr = (unsigned)__cvta_generic_to_shared(&s[2 * t]);
    int bytes = min(max(valid - 2 * t, 0), 2) * 4;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"(saddr), "l"(src + 2 * t), "r"(bytes) : "memory");
    unsigned s1 = (unsigned)__cvta_generic_to_shared(&s[t]);
    asm volatile("cp.async.commit_group;\n\tcp.async.wait_group 0;" ::: "memory");
    __syncthreads();
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(s1), "l"(src + t) : "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
    __syncthreads();
    dst[t] = s[t] + s[63 - t];
}
