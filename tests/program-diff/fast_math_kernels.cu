// flags: -use_fast_math
// diff-tolerance: 2e-5
// A -use_fast_math build: softmax, a Gaussian blur weight table, sigmoid/tanh activations,
// normalization with rsqrtf and division; printed with 6 significant digits and compared
// against a double-precision host reference within a tolerance the program checks itself.
#include <cstdio>
#include <cmath>

__global__ void softmax(const float *x, float *y, int n) {
    __shared__ float red[128];
    int t = threadIdx.x;
    float m = -INFINITY;
    for (int i = t; i < n; i += blockDim.x) m = fmaxf(m, x[i]);
    red[t] = m; __syncthreads();
    for (int s = 64; s > 0; s >>= 1) { if (t < s) red[t] = fmaxf(red[t], red[t + s]); __syncthreads(); }
    m = red[0]; __syncthreads();
    float sum = 0;
    for (int i = t; i < n; i += blockDim.x) sum += expf(x[i] - m);
    red[t] = sum; __syncthreads();
    for (int s = 64; s > 0; s >>= 1) { if (t < s) red[t] += red[t + s]; __syncthreads(); }
    sum = red[0];
    for (int i = t; i < n; i += blockDim.x) y[i] = expf(x[i] - m) / sum;
}

__global__ void act(const float *x, float *o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        o[4 * i] = 1.0f / (1.0f + expf(-v));
        o[4 * i + 1] = tanhf(v);
        o[4 * i + 2] = v * rsqrtf(v * v + 1.0f);
        o[4 * i + 3] = sinf(v) * cosf(v) + logf(1.0f + v * v) + powf(fabsf(v) + 1.0f, 1.5f) + sqrtf(fabsf(v));
    }
}

int main() {
    const int n = 500;
    float hx[n], hy[n], ho[4 * n];
    for (int i = 0; i < n; i++) hx[i] = sinf(i * 0.37f) * 6.0f;
    float *x, *y, *o;
    cudaMalloc(&x, sizeof hx); cudaMalloc(&y, sizeof hy); cudaMalloc(&o, sizeof ho);
    cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
    softmax<<<1, 128>>>(x, y, n);
    act<<<(n + 63) / 64, 64>>>(x, o, n);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    double m = -1e30, s = 0;
    for (int i = 0; i < n; i++) m = fmax(m, (double)hx[i]);
    for (int i = 0; i < n; i++) s += exp(hx[i] - m);
    double worst = 0, total = 0;
    for (int i = 0; i < n; i++) {
        double want = exp(hx[i] - m) / s;
        worst = fmax(worst, fabs(hy[i] - want) / want);
        total += hy[i];
    }
    double worst_act = 0;
    for (int i = 0; i < n; i++) {
        double v = hx[i];
        double w[4] = {1 / (1 + exp(-v)), tanh(v), v / sqrt(v * v + 1), sin(v) * cos(v) + log(1 + v * v) + pow(fabs(v) + 1, 1.5) + sqrt(fabs(v))};
        for (int j = 0; j < 4; j++) worst_act = fmax(worst_act, fabs(ho[4 * i + j] - w[j]) / fmax(fabs(w[j]), 1e-3));
    }
    printf("softmax sum %.5f within-1e-4 %d; activations within-1e-3 %d\n", total, worst < 1e-4, worst_act < 1e-3);
    for (int i = 0; i < n; i += 50) printf("%d: %.6g %.6g %.6g %.6g %.6g\n", i, hy[i], ho[4 * i], ho[4 * i + 1], ho[4 * i + 2], ho[4 * i + 3]);
    return 0;
}
