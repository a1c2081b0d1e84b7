// flags: --use_fast_math -O3 -arch=sm_90
// GPU Gems 3 / "CUDA by practice" n-body with rsqrtf and --use_fast_math; a softmax with __expf and
// __fdividef; __sinf/__cosf/__powf/__logf; outputs printed to 4 significant digits and as
// relative errors against a double CPU reference, booleans below a tolerance.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

#define SOFTENING 1e-9f
typedef struct { float x, y, z, vx, vy, vz; } Body;

__global__ void bodyForce(Body *p, float dt, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        float Fx = 0.0f, Fy = 0.0f, Fz = 0.0f;
        for (int j = 0; j < n; j++) {
            float dx = p[j].x - p[i].x, dy = p[j].y - p[i].y, dz = p[j].z - p[i].z;
            float distSqr = dx * dx + dy * dy + dz * dz + SOFTENING;
            float invDist = rsqrtf(distSqr);
            float invDist3 = invDist * invDist * invDist;
            Fx += dx * invDist3; Fy += dy * invDist3; Fz += dz * invDist3;
        }
        p[i].vx += dt * Fx; p[i].vy += dt * Fy; p[i].vz += dt * Fz;
    }
}
__global__ void integrate(Body *p, float dt, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) { p[i].x += p[i].vx * dt; p[i].y += p[i].vy * dt; p[i].z += p[i].vz * dt; }
}
__global__ void softmax_rows(const float *in, float *out, int cols) {
    __shared__ float red[256];
    const float *row = in + blockIdx.x * cols;
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, row[c]);
    red[threadIdx.x] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
        __syncthreads();
    }
    m = red[0];
    __syncthreads();
    float sum = 0;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += __expf(row[c] - m);
    red[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    sum = red[0];
    for (int c = threadIdx.x; c < cols; c += blockDim.x) out[blockIdx.x * cols + c] = __fdividef(__expf(row[c] - m), sum);
}
__global__ void intrinsics(const float *x, float *o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        o[6 * i + 0] = __sinf(v);
        o[6 * i + 1] = __cosf(v);
        o[6 * i + 2] = __powf(fabsf(v) + 1.0f, 1.5f);
        o[6 * i + 3] = __logf(fabsf(v) + 1.0f);
        o[6 * i + 4] = sqrtf(fabsf(v)) / (v + 10.0f);
        o[6 * i + 5] = expf(v * 0.1f) + sinf(v) * cosf(v);
    }
}

int main() {
    const int nBodies = 1024, nIters = 5;
    const float dt = 0.01f;
    Body *p;
    cudaMallocManaged(&p, nBodies * sizeof(Body));
    double *ref = new double[nBodies * 6];
    for (int i = 0; i < nBodies; ++i) {
        float f[6];
        for (int k = 0; k < 6; ++k) f[k] = 2.0f * (((i * 6 + k) * 2654435761u) % 10007) / 10007.0f - 1.0f;
        p[i] = {f[0], f[1], f[2], f[3], f[4], f[5]};
        for (int k = 0; k < 6; ++k) ref[i * 6 + k] = f[k];
    }
    for (int it = 0; it < nIters; ++it) {
        bodyForce<<<(nBodies + 255) / 256, 256>>>(p, dt, nBodies);
        integrate<<<(nBodies + 255) / 256, 256>>>(p, dt, nBodies);
        for (int i = 0; i < nBodies; ++i) {
            double F[3] = {0, 0, 0};
            for (int j = 0; j < nBodies; ++j) {
                double d[3] = {ref[j * 6] - ref[i * 6], ref[j * 6 + 1] - ref[i * 6 + 1], ref[j * 6 + 2] - ref[i * 6 + 2]};
                double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 1e-9;
                double inv = 1.0 / sqrt(r2), inv3 = inv * inv * inv;
                for (int k = 0; k < 3; ++k) F[k] += d[k] * inv3;
            }
            for (int k = 0; k < 3; ++k) ref[i * 6 + 3 + k] += dt * F[k];
        }
        for (int i = 0; i < nBodies; ++i) for (int k = 0; k < 3; ++k) ref[i * 6 + k] += ref[i * 6 + 3 + k] * dt;
    }
    cudaDeviceSynchronize();
    double maxrel = 0;
    for (int i = 0; i < nBodies; ++i) {
        const float *f = &p[i].x;
        for (int k = 0; k < 3; ++k) maxrel = fmax(maxrel, fabs(f[k] - ref[i * 6 + k]) / fmax(1.0, fabs(ref[i * 6 + k])));
    }
    printf("nbody %d bodies %d steps: positions within 1e-3 of double: %d; p[0].x %.3f\n", nBodies, nIters, maxrel < 1e-3, p[0].x);
    const int rows = 8, cols = 1000;
    float *in, *out;
    cudaMallocManaged(&in, rows * cols * 4);
    cudaMallocManaged(&out, rows * cols * 4);
    for (int i = 0; i < rows * cols; ++i) in[i] = (float)((i * 37) % 101) / 10.0f - 5.0f;
    softmax_rows<<<rows, 256>>>(in, out, cols);
    cudaDeviceSynchronize();
    double worst = 0;
    for (int r = 0; r < rows; ++r) {
        double m = -1e30, s = 0, t = 0;
        for (int c = 0; c < cols; ++c) m = fmax(m, in[r * cols + c]);
        for (int c = 0; c < cols; ++c) s += exp(in[r * cols + c] - m);
        for (int c = 0; c < cols; ++c) { double w = exp(in[r * cols + c] - m) / s; worst = fmax(worst, fabs(out[r * cols + c] - w) / w); t += out[r * cols + c]; }
        if (r < 2) printf("softmax row %d sums to %.4f\n", r, t);
    }
    printf("softmax max relative error below 1e-4: %d\n", worst < 1e-4);
    const int n = 512;
    float *x, *o;
    cudaMallocManaged(&x, n * 4);
    cudaMallocManaged(&o, 6 * n * 4);
    for (int i = 0; i < n; ++i) x[i] = (i - 256) * 0.05f;
    intrinsics<<<2, 256>>>(x, o, n);
    cudaDeviceSynchronize();
    double e[6] = {0};
    for (int i = 0; i < n; ++i) {
        double v = x[i];
        double w[6] = {sin(v), cos(v), pow(fabs(v) + 1, 1.5), log(fabs(v) + 1), sqrt(fabs(v)) / (v + 10), exp(v * 0.1) + sin(v) * cos(v)};
        for (int k = 0; k < 6; ++k) e[k] = fmax(e[k], fabs(o[6 * i + k] - w[k]));
    }
    printf("abs errors below 1e-4: sin %d cos %d pow %d log %d sqrt/div %d expf+sincos %d\n", e[0] < 1e-4, e[1] < 1e-4, e[2] < 1e-3, e[3] < 1e-4, e[4] < 1e-4, e[5] < 1e-4);
    printf("samples %.4f %.4f %.4f %.4f\n", o[6 * 300], o[6 * 300 + 1], o[6 * 300 + 2], o[6 * 300 + 3]);
    return 0;
}
