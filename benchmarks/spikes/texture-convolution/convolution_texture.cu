/* A separable 2D convolution through tex2D<float>, as NVIDIA's convolutionTexture sample does
 * it: a 1024x1024 float image in a CUDA array (point sampling, clamp addressing, texel
 * coordinates), a 17-tap row pass into a buffer, the buffer copied into a second array, a 17-tap
 * column pass. Checked against the same sums on the host (to 1e-5 relative: the device may fuse
 * the multiply-adds).
 *
 *   nvcc -O3 -cudart shared -arch=sm_80 -o convolution_texture convolution_texture.cu
 *   cuprite exec ./convolution_texture [iterations]
 *
 * Prints `first_ms` (the first iteration, JIT compilation included) and `ms` (the median of the
 * others) per iteration of both passes. */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <chrono>
#include <cuda_runtime.h>

#define W 1024
#define H 1024
#define RADIUS 8
#define TAPS (2 * RADIUS + 1)

__constant__ float c_kernel[TAPS];

#define CHECK(x)                                                                      \
    do {                                                                              \
        cudaError_t e = (x);                                                          \
        if (e != cudaSuccess) {                                                       \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

__global__ void rows(float *dst, cudaTextureObject_t src) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    float fx = x + 0.5f, fy = y + 0.5f, sum = 0.0f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; k++) sum += tex2D<float>(src, fx + (float)k, fy) * c_kernel[RADIUS - k];
    dst[y * W + x] = sum;
}

__global__ void columns(float *dst, cudaTextureObject_t src) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    float fx = x + 0.5f, fy = y + 0.5f, sum = 0.0f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; k++) sum += tex2D<float>(src, fx, fy + (float)k) * c_kernel[RADIUS - k];
    dst[y * W + x] = sum;
}

static cudaTextureObject_t texture_of(cudaArray_t a) {
    cudaResourceDesc r = {};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaTextureDesc d = {};
    d.addressMode[0] = d.addressMode[1] = cudaAddressModeClamp;
    d.filterMode = cudaFilterModePoint;
    d.readMode = cudaReadModeElementType;
    d.normalizedCoords = 0;
    cudaTextureObject_t t;
    CHECK(cudaCreateTextureObject(&t, &r, &d, nullptr));
    return t;
}

static int clampi(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

int main(int argc, char **argv) {
    int iterations = argc > 1 ? atoi(argv[1]) : 5;
    std::vector<float> img(W * H), taps(TAPS);
    unsigned s = 12345;
    for (auto &v : img) {
        s = s * 1664525u + 1013904223u;
        v = (float)(s >> 8) / (float)(1u << 24);
    }
    for (int i = 0; i < TAPS; i++) taps[i] = 1.0f / (1 + abs(i - RADIUS));
    CHECK(cudaMemcpyToSymbol(c_kernel, taps.data(), sizeof(float) * TAPS));
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaArray_t a_src, a_tmp;
    CHECK(cudaMallocArray(&a_src, &f, W, H));
    CHECK(cudaMallocArray(&a_tmp, &f, W, H));
    CHECK(cudaMemcpy2DToArray(a_src, 0, 0, img.data(), W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
    cudaTextureObject_t t_src = texture_of(a_src), t_tmp = texture_of(a_tmp);
    float *d_tmp, *d_out;
    CHECK(cudaMalloc(&d_tmp, W * H * sizeof(float)));
    CHECK(cudaMalloc(&d_out, W * H * sizeof(float)));
    dim3 block(16, 12), grid((W + 15) / 16, (H + 11) / 12);
    std::vector<double> ms;
    for (int it = 0; it < iterations; it++) {
        CHECK(cudaDeviceSynchronize());
        auto t0 = std::chrono::steady_clock::now();
        rows<<<grid, block>>>(d_tmp, t_src);
        CHECK(cudaMemcpy2DToArray(a_tmp, 0, 0, d_tmp, W * sizeof(float), W * sizeof(float), H, cudaMemcpyDeviceToDevice));
        columns<<<grid, block>>>(d_out, t_tmp);
        CHECK(cudaDeviceSynchronize());
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::vector<float> out(W * H), tmp(W * H);
    CHECK(cudaMemcpy(out.data(), d_out, W * H * sizeof(float), cudaMemcpyDeviceToHost));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float sum = 0.0f;
            for (int k = -RADIUS; k <= RADIUS; k++) sum += img[y * W + clampi(x + k, W)] * taps[RADIUS - k];
            tmp[y * W + x] = sum;
        }
    long bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float sum = 0.0f;
            for (int k = -RADIUS; k <= RADIUS; k++) sum += tmp[clampi(y + k, H) * W + x] * taps[RADIUS - k];
            float g = out[y * W + x];
            if (!(fabsf(g - sum) <= 1e-5f * fabsf(sum))) bad++;
        }
    std::vector<double> rest(ms.begin() + (ms.size() > 1), ms.end());
    std::sort(rest.begin(), rest.end());
    printf("convolution_texture %dx%d taps=%d first_ms=%.1f ms=%.1f iterations=%d check=%s bad=%ld\n", W, H, TAPS, ms[0],
           rest.empty() ? ms[0] : rest[rest.size() / 2], iterations, bad ? "FAIL" : "ok", bad);
    return bad != 0;
}
