// Rodinia-style backprop and gaussian elimination. Backprop: one forward layer of 16 hidden
// units over 1024 inputs, each 16x16 block multiplying its input slice by the weights in shared
// memory and reducing over the rows with a log-step tree (the original's power-of-two loop
// using __powf is replaced by shifts), partial sums summed on the host, a squashing function
// 1/(1+exp(-x)), then the weight-adjust kernel with momentum (ETA, MOMENTUM). Gaussian: Fan1
// computes the multipliers of a column, Fan2 updates the trailing submatrix with a 2D grid of
// 4x4 blocks (an odd block shape for this), back substitution on the host. %a throughout.
#include <cstdio>
#include <cmath>
#include <vector>
#define WIDTH 16
#define HEIGHT 16
#define ETA 0.3f
#define MOMENTUM 0.3f
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void layerforward(const float* input, const float* w, float* partial, int in, int hid) {
    __shared__ float input_node[HEIGHT];
    __shared__ float weight_matrix[HEIGHT][WIDTH];
    int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_in = HEIGHT * by + ty + 1;
    if (tx == 0) input_node[ty] = input[index_in];
    __syncthreads();
    weight_matrix[ty][tx] = w[index] * input_node[ty];
    __syncthreads();
    for (int step = 1; step < HEIGHT; step <<= 1) {
        if ((ty & (2 * step - 1)) == 0) weight_matrix[ty][tx] += weight_matrix[ty + step][tx];
        __syncthreads();
    }
    if (ty == 0) partial[by * hid + tx] = weight_matrix[0][tx];
}

__global__ void adjust_weights(const float* delta, int hid, const float* ly, int in, float* w, float* oldw) {
    int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_y = HEIGHT * by + ty + 1, index_x = tx + 1;
    w[index] += ETA * delta[index_x] * ly[index_y] + MOMENTUM * oldw[index];
    oldw[index] = ETA * delta[index_x] * ly[index_y] + MOMENTUM * oldw[index];
    __syncthreads();
    if (ty == 0 && by == 0) {
        w[index_x] += ETA * delta[index_x] + MOMENTUM * oldw[index_x];
        oldw[index_x] = ETA * delta[index_x] + MOMENTUM * oldw[index_x];
    }
}

__global__ void Fan1(float* m, const float* a, int size, int t) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= size - 1 - t) return;
    m[size * (i + t + 1) + t] = a[size * (i + t + 1) + t] / a[size * t + t];
}
__global__ void Fan2(const float* m, float* a, float* b, int size, int t) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= size - 1 - t || y >= size - t) return;
    a[size * (x + 1 + t) + (y + t)] -= m[size * (x + 1 + t) + t] * a[size * t + (y + t)];
    if (y == 0) b[x + 1 + t] -= m[size * (x + 1 + t) + t] * b[t];
}

int main() {
    const int in = 1024, hid = 16;
    std::vector<float> input(in + 1), w((in + 1) * (hid + 1)), oldw((in + 1) * (hid + 1), 0.0f);
    input[0] = 1.0f;
    for (int i = 1; i <= in; ++i) input[i] = (float)((i * 7) % 10) / 10.0f;
    for (size_t i = 0; i < w.size(); ++i) w[i] = (float)((int)(i * 2654435761u % 2001) - 1000) / 10000.0f;
    int blocks = in / HEIGHT;
    float *dinput, *dw, *dpartial, *doldw, *ddelta;
    CK(cudaMalloc(&dinput, input.size() * 4)); CK(cudaMalloc(&dw, w.size() * 4)); CK(cudaMalloc(&doldw, w.size() * 4));
    CK(cudaMallocManaged(&dpartial, blocks * hid * 4)); CK(cudaMalloc(&ddelta, (hid + 1) * 4));
    CK(cudaMemcpy(dinput, input.data(), input.size() * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dw, w.data(), w.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(doldw, oldw.data(), w.size() * 4, cudaMemcpyHostToDevice));
    layerforward<<<dim3(1, blocks), dim3(16, 16)>>>(dinput, dw, dpartial, in, hid);
    CK(cudaDeviceSynchronize());
    std::vector<float> hidden(hid + 1), delta(hid + 1, 0.0f);
    for (int j = 1; j <= hid; ++j) {
        float sum = 0; for (int k = 0; k < blocks; ++k) sum += dpartial[k * hid + j - 1];
        sum += w[j];  // bias row
        hidden[j] = 1.0f / (1.0f + expf(-sum));
        delta[j] = hidden[j] * (1.0f - hidden[j]) * (0.5f - hidden[j]);
        printf("hidden[%2d] sum %a squashed %.6f\n", j, sum, hidden[j]);
    }
    CK(cudaMemcpy(ddelta, delta.data(), delta.size() * 4, cudaMemcpyHostToDevice));
    adjust_weights<<<dim3(1, blocks), dim3(16, 16)>>>(ddelta, hid, dinput, in, dw, doldw);
    CK(cudaMemcpy(w.data(), dw, w.size() * 4, cudaMemcpyDeviceToHost));
    double ws = 0; for (float v : w) ws += v;
    printf("adjusted weights: sum %.9g, w[18] %a, w[17000] %a\n", ws, w[18], w[17000]);
    // gaussian elimination
    const int n = 37;
    std::vector<float> a(n * n), b(n), m(n * n, 0.0f);
    for (int i = 0; i < n; ++i) { for (int j = 0; j < n; ++j) a[i * n + j] = (i == j ? 10.0f : 0.0f) + (float)((i * 5 + j * 3) % 7) / 7.0f; b[i] = (float)i; }
    float *da, *db, *dm;
    CK(cudaMalloc(&da, n * n * 4)); CK(cudaMalloc(&db, n * 4)); CK(cudaMalloc(&dm, n * n * 4));
    CK(cudaMemcpy(da, a.data(), n * n * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, b.data(), n * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dm, m.data(), n * n * 4, cudaMemcpyHostToDevice));
    for (int t = 0; t < n - 1; ++t) {
        Fan1<<<(n + 511) / 512, 512>>>(dm, da, n, t);
        Fan2<<<dim3((n + 3) / 4, (n + 3) / 4), dim3(4, 4)>>>(dm, da, db, n, t);
    }
    CK(cudaMemcpy(a.data(), da, n * n * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(b.data(), db, n * 4, cudaMemcpyDeviceToHost));
    std::vector<float> xs(n);
    for (int i = n - 1; i >= 0; --i) { float s = b[i]; for (int j = i + 1; j < n; ++j) s -= a[i * n + j] * xs[j]; xs[i] = s / a[i * n + i]; }
    for (int i = 0; i < n; i += 6) printf("x[%d] = %a (U diag %a)\n", i, xs[i], a[i * n + i]);
    return 0;
}
