// flags: -use_fast_math -std=c++17
// diff-tolerance: 1e-4
// A fast-math build of complex-valued wave code: cuda::std::complex<float> exp/abs/arg/polar
// (which -use_fast_math maps onto __expf/__sinf/__cosf/__fdividef and flush-to-zero),
// a plane-wave superposition on a 64x48 grid with 8x8 blocks, a Fresnel-like phase integral
// with sincosf, and float reductions in a fixed order. Outputs printed with %.6e; the tolerance
// covers the approximate instructions (the phase moment sums values of both signs, which
// magnifies their last-bit differences).
#include <cstdio>
#include <cuda/std/complex>

using C = cuda::std::complex<float>;

__global__ void waves(int w, int h, float t, float* amp, float* phase) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    C sum(0.f, 0.f);
    for (int k = 0; k < 6; k++) {
        float kx = cosf(k * 0.5235988f) * (1.f + k * 0.1f), ky = sinf(k * 0.5235988f) * (1.f + k * 0.1f);
        float ph = kx * x * 0.1f + ky * y * 0.1f - t * (k + 1);
        sum += cuda::std::polar(1.f / (k + 1), ph) * cuda::std::exp(C(-0.001f * (x + y), 0.f));
    }
    amp[y * w + x] = cuda::std::abs(sum);
    phase[y * w + x] = cuda::std::arg(sum);
}

__global__ void fresnel(int n, float* out) {
    __shared__ float sc[2][128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.f, c = 0.f;
    if (i < n) {
        float u = i * 0.01f;
        float sn, cs;
        sincosf(1.5707963f * u * u, &sn, &cs);
        s = sn * __expf(-u * 0.1f); c = cs / (1.f + u);
    }
    sc[0][threadIdx.x] = s; sc[1][threadIdx.x] = c;
    __syncthreads();
    for (int k = 64; k > 0; k >>= 1) { if (threadIdx.x < k) { sc[0][threadIdx.x] += sc[0][threadIdx.x + k]; sc[1][threadIdx.x] += sc[1][threadIdx.x + k]; } __syncthreads(); }
    if (threadIdx.x == 0) { out[2 * blockIdx.x] = sc[0][0]; out[2 * blockIdx.x + 1] = sc[1][0]; }
}

int main() {
    const int w = 64, h = 48;
    float *da, *dp, *df;
    cudaMalloc(&da, w * h * 4); cudaMalloc(&dp, w * h * 4); cudaMalloc(&df, 64 * 4);
    static float a[w * h], p[w * h], f[64];
    for (float t : {0.0f, 0.75f}) {
        waves<<<dim3(w / 8, h / 8), dim3(8, 8)>>>(w, h, t, da, dp);
        cudaMemcpy(a, da, sizeof a, cudaMemcpyDeviceToHost);
        cudaMemcpy(p, dp, sizeof p, cudaMemcpyDeviceToHost);
        double sa = 0, sp = 0; float mx = 0;
        for (int i = 0; i < w * h; i++) { sa += a[i]; sp += p[i] * (i % 7); mx = a[i] > mx ? a[i] : mx; }
        printf("t=%.2f amplitude sum %.6e max %.6e phase moment %.6e a[0] %.6e a[1000] %.6e p[2000] %.6e\n", t, sa, mx, sp, a[0], a[1000], p[2000]);
    }
    fresnel<<<16, 128>>>(2000, df);
    cudaMemcpy(f, df, 32 * 4, cudaMemcpyDeviceToHost);
    float S = 0, Cc = 0;
    for (int b = 0; b < 16; b++) { S += f[2 * b]; Cc += f[2 * b + 1]; }
    printf("fresnel-like sums S %.6e C %.6e block 3: %.6e %.6e\n", S, Cc, f[6], f[7]);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
