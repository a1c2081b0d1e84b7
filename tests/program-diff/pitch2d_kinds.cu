// cudaMallocPitch + cudaMemcpy2D in every direction with widths smaller than the pitch,
// sub-rectangles at offsets, cudaMemset2D, the async forms, and the errors for bad widths.
#include <cstdio>
#include <vector>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void mark(float* base, size_t pitch, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) { float* row = (float*)((char*)base + y * pitch); row[x] = row[x] * 2 + y; }
}

int main() {
    const int W = 37, H = 11;
    float* d; size_t pitch = 0;
    P(cudaMallocPitch((void**)&d, &pitch, W * sizeof(float), H));
    printf("pitch >= width %d, pitch multiple of 128 %d\n", pitch >= W * 4, pitch % 128 == 0);
    size_t p2 = 0; void* d2; P(cudaMallocPitch(&d2, &p2, 1, 1)); printf("1-byte pitch multiple of 128 %d\n", p2 % 128 == 0 && p2 > 0);
    std::vector<float> h(W * H), back(W * H, -1.f);
    for (int i = 0; i < W * H; ++i) h[i] = (float)i;
    P(cudaMemset2D(d, pitch, 0, W * 4, H));
    P(cudaMemcpy2D(d, pitch, h.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
    mark<<<dim3(1, H), 64>>>(d, pitch, W, H);
    P(cudaGetLastError());
    P(cudaMemcpy2D(back.data(), W * 4, d, pitch, W * 4, H, cudaMemcpyDeviceToHost));
    printf("back[0]=%g back[W]=%g back[last]=%g\n", back[0], back[W], back[W * H - 1]);
    // sub-rectangle: 5 columns starting at column 3, rows 2..7, into a tight host buffer
    std::vector<float> sub(5 * 6, -1.f);
    P(cudaMemcpy2D(sub.data(), 5 * 4, (char*)d + 2 * pitch + 3 * 4, pitch, 5 * 4, 6, cudaMemcpyDeviceToHost));
    printf("sub: %g %g %g %g\n", sub[0], sub[4], sub[5], sub[29]);
    // device to device into another pitched buffer with a different pitch
    float* e; size_t pe; P(cudaMallocPitch((void**)&e, &pe, 200 * 4, H));
    P(cudaMemset2D(e, pe, 0xff, 200 * 4, H));
    P(cudaMemcpy2D(e, pe, d, pitch, W * 4, H, cudaMemcpyDeviceToDevice));
    std::vector<float> eb(200 * H);
    P(cudaMemcpy2D(eb.data(), 200 * 4, e, pe, 200 * 4, H, cudaMemcpyDeviceToHost));
    unsigned u; memcpy(&u, &eb[W], 4);
    printf("e: %g %g pad 0x%08x\n", eb[0], eb[200 + 1], u);
    // host to host and default kind
    std::vector<float> hh(W * H, 0.f);
    P(cudaMemcpy2D(hh.data(), W * 4, h.data(), W * 4, 4 * 4, 3, cudaMemcpyHostToHost));
    printf("h2h %g %g %g\n", hh[3], hh[W + 3], hh[4]);
    P(cudaMemcpy2D(hh.data(), W * 4, d, pitch, W * 4, H, cudaMemcpyDefault));
    printf("default %g\n", hh[W * H - 1]);
    // async with pinned memory
    float* pin; P(cudaMallocHost(&pin, W * H * 4));
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaMemset2DAsync(d, pitch, 0, W * 4, H, s));
    P(cudaMemcpy2DAsync(pin, W * 4, d, pitch, W * 4, H, cudaMemcpyDeviceToHost, s));
    P(cudaStreamSynchronize(s));
    printf("async zero %g %g\n", pin[0], pin[W * H - 1]);
    // memset2D partial width
    P(cudaMemset2D(d, pitch, 0x3f, 8, 2));
    P(cudaMemcpy2D(back.data(), W * 4, d, pitch, W * 4, H, cudaMemcpyDeviceToHost));
    printf("partial memset %g %g %g %g\n", back[0], back[1], back[2], back[W + 1]);
    // errors
    P(cudaMemcpy2D(back.data(), W * 4, d, pitch, pitch + 4, 2, cudaMemcpyDeviceToHost));
    P(cudaMemcpy2D(back.data(), 4, d, pitch, 8, 2, cudaMemcpyDeviceToHost));
    P(cudaMemcpy2D(back.data(), W * 4, d, pitch, 0, 2, cudaMemcpyDeviceToHost));
    P(cudaMemcpy2D(back.data(), W * 4, d, pitch, 8, 0, cudaMemcpyDeviceToHost));
    P(cudaMemcpy2D(back.data(), W * 4, d, pitch, W * 4, H + 1, cudaMemcpyDeviceToHost));
    P(cudaMemset2D(d, pitch, 0, pitch + 1, 1));
    P(cudaMemset2D(d, 4, 0, 8, 2));
    P(cudaMallocPitch((void**)&e, &pe, 0, 4)); printf("zero width pitch %zu\n", pe);
    P(cudaMallocPitch((void**)&e, nullptr, 16, 4));
    P(cudaMemcpy2D(back.data(), W * 4, d, pitch, W * 4, H, (cudaMemcpyKind)7));
    P(cudaGetLastError());
    return 0;
}
