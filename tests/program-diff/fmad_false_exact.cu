// flags: -fmad=false
// Built with -fmad=false: a*b+c must round twice (mul.rn then add.rn, never contracted), while
// explicit fmaf/fma/__fmaf_rn and __fmul_rn/__fadd_rd still mean what they say. Cases where one
// rounding and two roundings differ (catastrophic cancellation, x*x-y*y, Horner polynomials,
// a dot product, complex multiply), in float and double, printed as bit patterns.
#include <cstdio>
#include <cstring>

struct Out { float f[10]; double d[10]; };

__global__ void k(const float* __restrict__ fx, const double* __restrict__ dx, Out* o) {
    int i = threadIdx.x;
    float a = fx[3 * i], b = fx[3 * i + 1], c = fx[3 * i + 2];
    double A = dx[3 * i], B = dx[3 * i + 1], C = dx[3 * i + 2];
    Out r;
    r.f[0] = a * b + c;
    r.f[1] = fmaf(a, b, c);
    r.f[2] = a * a - b * b;
    r.f[3] = ((a * 0.5f + b) * a + c) * a - 1.0f;                 // Horner
    r.f[4] = a * b - c * a;                                       // a*b - c*a: two products
    r.f[5] = __fmaf_rn(a, b, -(a * b));                           // the rounding error of a*b
    r.f[6] = __fadd_rd(__fmul_ru(a, b), c);
    r.f[7] = a * b * c + a;
    r.f[8] = (a + b) * (a - b);
    r.f[9] = -(a * b) + c;
    r.d[0] = A * B + C;
    r.d[1] = fma(A, B, C);
    r.d[2] = A * A - B * B;
    r.d[3] = ((A * 0.5 + B) * A + C) * A - 1.0;
    r.d[4] = A * B - C * A;
    r.d[5] = __fma_rn(A, B, -(A * B));
    r.d[6] = __dadd_rd(__dmul_ru(A, B), C);
    r.d[7] = A * B * C + A;
    r.d[8] = (A + B) * (A - B);
    r.d[9] = -(A * B) + C;
    o[i] = r;
}

int main() {
    const int N = 6;
    float fx[3 * N] = {1.0f + 0x1p-12f, 1.0f - 0x1p-12f, -1.0f, 0x1.fffffep-1f, 0x1.000002p+0f, -1.0f, 3.0f, 1.0f / 3.0f, -1.0f,
                       1e20f, 1e-20f, 3.0f, 0x1.8p-60f, 0x1.8p-80f, 1e-38f, 0.1f, 0.2f, 0.3f};
    double dx[3 * N] = {1.0 + 0x1p-27, 1.0 - 0x1p-27, -1.0, 0x1.fffffffffffffp-1, 0x1.0000000000001p+0, -1.0, 3.0, 1.0 / 3.0, -1.0,
                        1e200, 1e-200, 3.0, 0x1.8p-600, 0x1.8p-500, 1e-308, 0.1, 0.2, 0.3};
    float* dfx; double* ddx; Out* dO;
    cudaMalloc(&dfx, sizeof fx); cudaMalloc(&ddx, sizeof dx); cudaMalloc(&dO, N * sizeof(Out));
    cudaMemcpy(dfx, fx, sizeof fx, cudaMemcpyHostToDevice); cudaMemcpy(ddx, dx, sizeof dx, cudaMemcpyHostToDevice);
    k<<<1, N>>>(dfx, ddx, dO);
    Out o[N];
    if (cudaMemcpy(o, dO, sizeof o, cudaMemcpyDeviceToHost) != cudaSuccess) { printf("failed\n"); return 1; }
    for (int i = 0; i < N; ++i) {
        printf("case %d f32:", i);
        for (int k = 0; k < 10; ++k) { unsigned u; memcpy(&u, &o[i].f[k], 4); printf(" %08x", u); }
        printf("\ncase %d f64:", i);
        for (int k = 0; k < 10; ++k) { unsigned long long u; memcpy(&u, &o[i].d[k], 8); printf(" %016llx", u); }
        printf("\n");
        // the unfused forms computed on the host (-ffp-contract is off for host code here: x86-64 without FMA)
        volatile float a = fx[3 * i], b = fx[3 * i + 1], c = fx[3 * i + 2];
        volatile float p = a * b; float uf = p + c;
        volatile double A = dx[3 * i], B = dx[3 * i + 1], C = dx[3 * i + 2];
        volatile double P = A * B; double ud = P + C;
        printf("  unfused matches host: %d %d\n", memcmp(&uf, &o[i].f[0], 4) == 0, memcmp(&ud, &o[i].d[0], 8) == 0);
    }
    return 0;
}
