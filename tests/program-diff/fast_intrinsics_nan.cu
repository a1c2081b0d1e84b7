// Float intrinsics and library functions at their edges, on inputs that pin down the results
// exactly: __fdividef (including a divisor beyond 2^126, where it returns 0), __frcp_rn/__fsqrt_rn,
// __saturatef (NaN gives 0), fminf/fmaxf with one or two NaNs and with signed zeros (printed
// as bits), roundf/rintf/nearbyintf/truncf/floorf/ceilf/lroundf/llrintf at every .5 and
// around 2^23, copysignf, fdimf, fmodf/remainderf with negative operands, __float2int_rn/rz/ru/rd
// at .5 and out of range, __float2uint_rn on negatives, __int_as_float round trips.
// __expf/__logf/__sinf are approximate: only their exact cases (__expf(0), __logf(1)) are printed.
#include <cstdio>
#include <cmath>
#include <cstring>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

#define NIN 16
__global__ void rounding(const float* in, int* out) {
    int i = threadIdx.x;
    if (i >= NIN) return;
    float x = in[i];
    int* o = out + i * 12;
    o[0] = __float_as_int(roundf(x)); o[1] = __float_as_int(rintf(x)); o[2] = __float_as_int(nearbyintf(x));
    o[3] = __float_as_int(truncf(x)); o[4] = __float_as_int(floorf(x)); o[5] = __float_as_int(ceilf(x));
    o[6] = (int)lroundf(x); o[7] = (int)llrintf(x);
    o[8] = __float2int_rn(x); o[9] = __float2int_rz(x); o[10] = __float2int_ru(x); o[11] = __float2int_rd(x);
}

__global__ void pairs(const float* a, const float* b, unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    unsigned* o = out + i * 10;
    o[0] = __float_as_uint(fminf(x, y)); o[1] = __float_as_uint(fmaxf(x, y));
    o[2] = __float_as_uint(__fdividef(x, y)); o[3] = __float_as_uint(__saturatef(x));
    o[4] = __float_as_uint(copysignf(x, y)); o[5] = __float_as_uint(fdimf(x, y));
    o[6] = __float_as_uint(fmodf(x, y)); o[7] = __float_as_uint(remainderf(x, y));
    o[8] = __float2uint_rn(x); o[9] = __float_as_uint(x / y);
}

__global__ void exact_cases(unsigned* out) {
    out[0] = __float_as_uint(__expf(0.0f));
    out[1] = __float_as_uint(__logf(1.0f));
    out[2] = __float_as_uint(__frcp_rn(3.0f));
    out[3] = __float_as_uint(__fsqrt_rn(2.0f));
    out[4] = __float_as_uint(__fdividef(1.0f, 0x1p127f));
    out[5] = __float_as_uint(__fdividef(0x1p100f, 0x1p127f));
    out[6] = __float_as_uint(__saturatef(__int_as_float(0x7fc00000)));
    out[7] = __float_as_uint(__saturatef(-0.0f));
    out[8] = __float_as_uint(__saturatef(1.0000001f));
    out[9] = __float_as_uint(__fmul_rz(1.0f / 3.0f, 3.0f));
    out[10] = __float_as_uint(__fadd_rd(1.0f, -0x1p-30f));
    out[11] = __float_as_uint(__fsub_ru(-1.0f, 0x1p-30f));
    out[12] = __float_as_uint(__fmaf_rz(0x1.fffffep0f, 0x1.fffffep0f, -4.0f));
    out[13] = __float_as_uint(__frsqrt_rn(4.0f));
    out[14] = __float_as_uint(__powf(2.0f, 10.0f));
    out[15] = __float_as_uint(exp2f(-149.0f));
}

int main() {
    float in[NIN] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 0.49999997f, 8388607.5f, 8388608.0f, -8388609.0f, 3e9f, -3e9f, -0.0f, 1e-40f, 2.5000002f, -1073741824.5f};
    float* d_in; int* d_out;
    CK(cudaMalloc(&d_in, sizeof in)); CK(cudaMallocManaged(&d_out, NIN * 12 * sizeof(int)));
    CK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
    rounding<<<1, 32>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < NIN; ++i) {
        printf("%-14a:", in[i]);
        for (int k = 0; k < 6; ++k) { float f; memcpy(&f, &d_out[i * 12 + k], 4); printf(" %a", f); }
        for (int k = 6; k < 12; ++k) printf(" %d", d_out[i * 12 + k]);
        printf("\n");
    }
    const float nan = __builtin_nanf(""), inf = __builtin_inff();
    float a[] = {nan, 1.0f, nan, 0.0f, -0.0f, 5.5f, -7.25f, 7.25f, -7.25f, inf, 1e30f, 0.75f, 1.0f, -3.0f};
    float b[] = {2.0f, nan, nan, -0.0f, 0.0f, -2.0f, 2.0f, -2.0f, -2.0f, 3.0f, 0x1p127f, 0.0f, 0.0f, inf};
    const int n = sizeof a / sizeof a[0];
    float *da, *db; unsigned* dp;
    CK(cudaMalloc(&da, sizeof a)); CK(cudaMalloc(&db, sizeof b)); CK(cudaMallocManaged(&dp, n * 10 * sizeof(unsigned)));
    CK(cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice));
    pairs<<<2, 8>>>(da, db, dp, n);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < n; ++i) {
        printf("(%a, %a):", a[i], b[i]);
        for (int k = 0; k < 10; ++k) printf(" %08x", dp[i * 10 + k]);
        printf("\n");
    }
    exact_cases<<<1, 1>>>(dp);
    CK(cudaDeviceSynchronize());
    printf("exact:");
    for (int k = 0; k < 16; ++k) printf(" %08x", dp[k]);
    printf("\n");
    return 0;
}
