// flags: -O3 -std=c++17
// Tango (Karki et al., a DNN benchmark suite for GPUs) style layers of a small CNN in float and
// half: a 3x3 convolution with the input tile and its halo staged in shared memory (16x16
// blocks, one output channel per blockIdx.z), bias and ReLU; 2x2 max pooling; a fully connected
// layer as a warp-per-output dot product with __shfl_xor_sync; then the same convolution in
// __half with __hfma accumulation and __half2 packed ReLU (__hmax2), converted back with
// __half2float. Inputs are small multiples of 1/8 so the float path is exact; the half path's
// rounding is the GPU's. Checksums with %.9g, samples with %a.
#include <cstdio>
#include <vector>
#include <cuda_fp16.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define TILE 16
template <typename T> __device__ T relu(T v) { return v > T(0) ? v : T(0); }
__global__ void conv3x3(const float* in, const float* w, const float* bias, float* out, int C, int H, int W) {
    __shared__ float tile[TILE + 2][TILE + 2];
    int ox = blockIdx.x * TILE + threadIdx.x, oy = blockIdx.y * TILE + threadIdx.y, k = blockIdx.z;
    float acc = bias[k];
    for (int c = 0; c < C; c++) {
        for (int i = threadIdx.y; i < TILE + 2; i += TILE)
            for (int j = threadIdx.x; j < TILE + 2; j += TILE) {
                int y = blockIdx.y * TILE + i - 1, x = blockIdx.x * TILE + j - 1;
                tile[i][j] = (y >= 0 && y < H && x >= 0 && x < W) ? in[(c * H + y) * W + x] : 0.0f;
            }
        __syncthreads();
#pragma unroll
        for (int dy = 0; dy < 3; dy++)
#pragma unroll
            for (int dx = 0; dx < 3; dx++) acc += tile[threadIdx.y + dy][threadIdx.x + dx] * w[((k * C + c) * 3 + dy) * 3 + dx];
        __syncthreads();
    }
    if (ox < W && oy < H) out[(k * H + oy) * W + ox] = relu(acc);
}
__global__ void maxpool2(const float* in, float* out, int K, int H, int W) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, k = blockIdx.z;
    int Ho = H / 2, Wo = W / 2;
    if (x >= Wo || y >= Ho) return;
    const float* p = in + (k * H + 2 * y) * W + 2 * x;
    out[(k * Ho + y) * Wo + x] = fmaxf(fmaxf(p[0], p[1]), fmaxf(p[W], p[W + 1]));
}
__global__ void fc_warp(const float* in, const float* w, float* out, int n_in, int n_out) {
    int o = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    if (o >= n_out) return;
    float s = 0;
    for (int i = lane; i < n_in; i += 32) s += in[i] * w[o * n_in + i];
    for (int m = 16; m; m >>= 1) s += __shfl_xor_sync(0xffffffff, s, m);
    if (lane == 0) out[o] = s;
}
__global__ void conv3x3_half(const __half* in, const __half* w, __half* out, int C, int H, int W) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, k = blockIdx.z;
    if (x >= W || y >= H) return;
    __half acc = __float2half(0.0f);
    for (int c = 0; c < C; c++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int yy = y + dy, xx = x + dx;
                if (yy >= 0 && yy < H && xx >= 0 && xx < W) acc = __hfma(in[(c * H + yy) * W + xx], w[((k * C + c) * 3 + dy + 1) * 3 + dx + 1], acc);
            }
    out[(k * H + y) * W + x] = acc;
}
__global__ void relu_half2(__half2* v, int n2) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n2) v[i] = __hmax2(v[i], __float2half2_rn(0.0f));
}
static void report(const char* what, const std::vector<float>& v) {
    double s = 0; for (float x : v) s += x;
    printf("%s: %zu values, sum %.9g, samples %a %a %a\n", what, v.size(), s, v[0], v[v.size() / 2 + 1], v[v.size() - 1]);
}
int main() {
    const int C = 3, H = 45, W = 61, K = 8;
    std::vector<float> in(C * H * W), w(K * C * 9), b(K);
    for (size_t i = 0; i < in.size(); i++) in[i] = (float)((int)(i * 37 % 17) - 8) * 0.125f;
    for (size_t i = 0; i < w.size(); i++) w[i] = (float)((int)(i * 11 % 9) - 4) * 0.125f;
    for (int k = 0; k < K; k++) b[k] = (k - 3) * 0.25f;
    float *din, *dw, *db, *dc, *dp, *dfw, *dfo;
    CK(cudaMalloc(&din, in.size() * 4)); CK(cudaMalloc(&dw, w.size() * 4)); CK(cudaMalloc(&db, K * 4));
    CK(cudaMalloc(&dc, K * H * W * 4)); CK(cudaMalloc(&dp, K * (H / 2) * (W / 2) * 4));
    CK(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dw, w.data(), w.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b.data(), K * 4, cudaMemcpyHostToDevice));
    conv3x3<<<dim3((W + TILE - 1) / TILE, (H + TILE - 1) / TILE, K), dim3(TILE, TILE)>>>(din, dw, db, dc, C, H, W);
    CK(cudaGetLastError());
    std::vector<float> conv(K * H * W);
    CK(cudaMemcpy(conv.data(), dc, conv.size() * 4, cudaMemcpyDeviceToHost));
    report("conv3x3+relu", conv);
    maxpool2<<<dim3((W / 2 + 7) / 8, (H / 2 + 7) / 8, K), dim3(8, 8)>>>(dc, dp, K, H, W);
    std::vector<float> pool(K * (H / 2) * (W / 2));
    CK(cudaMemcpy(pool.data(), dp, pool.size() * 4, cudaMemcpyDeviceToHost));
    report("maxpool2", pool);
    const int n_in = pool.size(), n_out = 10;
    std::vector<float> fw(n_in * n_out);
    for (size_t i = 0; i < fw.size(); i++) fw[i] = (float)((int)(i * 13 % 7) - 3) * 0.0625f;
    CK(cudaMalloc(&dfw, fw.size() * 4)); CK(cudaMalloc(&dfo, n_out * 4));
    CK(cudaMemcpy(dfw, fw.data(), fw.size() * 4, cudaMemcpyHostToDevice));
    fc_warp<<<(n_out * 32 + 127) / 128, 128>>>(dp, dfw, dfo, n_in, n_out);
    std::vector<float> fc(n_out);
    CK(cudaMemcpy(fc.data(), dfo, n_out * 4, cudaMemcpyDeviceToHost));
    printf("fc:");
    for (float v : fc) printf(" %g", v);
    printf("\n");
    std::vector<__half> hin(in.size()), hw(w.size());
    for (size_t i = 0; i < in.size(); i++) hin[i] = __float2half(in[i] * 1.37f);
    for (size_t i = 0; i < w.size(); i++) hw[i] = __float2half(w[i] * 0.91f);
    __half *dhin, *dhw, *dho;
    CK(cudaMalloc(&dhin, hin.size() * 2)); CK(cudaMalloc(&dhw, hw.size() * 2)); CK(cudaMalloc(&dho, K * H * W * 2));
    CK(cudaMemcpy(dhin, hin.data(), hin.size() * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dhw, hw.data(), hw.size() * 2, cudaMemcpyHostToDevice));
    conv3x3_half<<<dim3((W + 31) / 32, (H + 7) / 8, K), dim3(32, 8)>>>(dhin, dhw, dho, C, H, W);
    relu_half2<<<(K * H * W / 2 + 255) / 256, 256>>>((__half2*)dho, K * H * W / 2);
    std::vector<__half> ho(K * H * W);
    CK(cudaMemcpy(ho.data(), dho, ho.size() * 2, cudaMemcpyDeviceToHost));
    std::vector<float> hf(ho.size());
    unsigned hbits = 0;
    for (size_t i = 0; i < ho.size(); i++) { hf[i] = __half2float(ho[i]); unsigned short u; memcpy(&u, &ho[i], 2); hbits = hbits * 31 + u; }
    report("half conv3x3+relu", hf);
    printf("half bits hash %08x\n", hbits);
    return 0;
}
