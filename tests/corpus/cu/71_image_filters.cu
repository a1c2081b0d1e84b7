// min-arch: sm_75
// Image processing: 2D convolution with a __constant__ kernel and a shared-memory tile with halo (2D thread blocks),
// separable Gaussian (row + column passes), Sobel edge magnitude on uchar input, RGB->grayscale on uchar4,
// box filter via integral image rows, bilinear sampling done by hand, and histogram equalization LUT apply.

#define KR 2
#define KW (2 * KR + 1)
#define TW 16

__constant__ float c_kernel[KW * KW];
__constant__ float c_gauss[KW];

extern "C" __global__ void conv2d_tiled(const float *in, float *out, int w, int h) {
    __shared__ float tile[TW + 2 * KR][TW + 2 * KR];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = blockIdx.x * TW - KR, y0 = blockIdx.y * TW - KR;
    for (int yy = ty; yy < TW + 2 * KR; yy += TW)
        for (int xx = tx; xx < TW + 2 * KR; xx += TW) {
            int gx = min(max(x0 + xx, 0), w - 1), gy = min(max(y0 + yy, 0), h - 1);
            tile[yy][xx] = in[gy * w + gx];
        }
    __syncthreads();
    int x = blockIdx.x * TW + tx, y = blockIdx.y * TW + ty;
    if (x >= w || y >= h) return;
    float acc = 0.f;
#pragma unroll
    for (int ky = 0; ky < KW; ++ky)
#pragma unroll
        for (int kx = 0; kx < KW; ++kx) acc += tile[ty + ky][tx + kx] * c_kernel[ky * KW + kx];
    out[y * w + x] = acc;
}

extern "C" __global__ void gauss_rows(const float *in, float *out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= w || y >= h) return;
    float acc = 0.f;
    for (int k = -KR; k <= KR; ++k) acc += in[y * w + min(max(x + k, 0), w - 1)] * c_gauss[k + KR];
    out[y * w + x] = acc;
}

extern "C" __global__ void gauss_cols(const float *in, float *out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= w || y >= h) return;
    float acc = 0.f;
    for (int k = -KR; k <= KR; ++k) acc += in[min(max(y + k, 0), h - 1) * w + x] * c_gauss[k + KR];
    out[y * w + x] = acc;
}

extern "C" __global__ void sobel(const unsigned char *in, unsigned char *out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) {
        if (x < w && y < h) out[y * w + x] = 0;
        return;
    }
#define P(dx, dy) ((int)in[(y + (dy)) * w + (x + (dx))])
    int gx = -P(-1, -1) - 2 * P(-1, 0) - P(-1, 1) + P(1, -1) + 2 * P(1, 0) + P(1, 1);
    int gy = -P(-1, -1) - 2 * P(0, -1) - P(1, -1) + P(-1, 1) + 2 * P(0, 1) + P(1, 1);
#undef P
    float mag = sqrtf((float)(gx * gx + gy * gy));
    out[y * w + x] = (unsigned char)min(255, __float2int_rn(mag));
}

extern "C" __global__ void rgba_to_gray(const uchar4 *rgba, unsigned char *gray, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uchar4 p = rgba[i];
    gray[i] = (unsigned char)__float2uint_rn(0.299f * p.x + 0.587f * p.y + 0.114f * p.z);
}

extern "C" __global__ void row_prefix_sums(const unsigned char *in, unsigned *integral, int w, int h) {
    int y = blockIdx.x * blockDim.x + threadIdx.x;
    if (y >= h) return;
    unsigned s = 0;
    for (int x = 0; x < w; ++x) {
        s += in[y * w + x];
        integral[y * w + x] = s;
    }
}

extern "C" __global__ void resize_bilinear_manual(const float *src, int sw, int sh, float *dst, int dw, int dh) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    float fx = (x + 0.5f) * sw / dw - 0.5f, fy = (y + 0.5f) * sh / dh - 0.5f;
    int x0 = max(0, (int)floorf(fx)), y0 = max(0, (int)floorf(fy));
    int x1 = min(x0 + 1, sw - 1), y1 = min(y0 + 1, sh - 1);
    float ax = fx - x0, ay = fy - y0;
    ax = fminf(fmaxf(ax, 0.f), 1.f);
    ay = fminf(fmaxf(ay, 0.f), 1.f);
    float top = src[y0 * sw + x0] * (1 - ax) + src[y0 * sw + x1] * ax;
    float bot = src[y1 * sw + x0] * (1 - ax) + src[y1 * sw + x1] * ax;
    dst[y * dw + x] = top * (1 - ay) + bot * ay;
}

extern "C" __global__ void apply_lut(unsigned char *img, const unsigned char *lut, int n) {
    __shared__ unsigned char s_lut[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) s_lut[i] = lut[i];
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) img[i] = s_lut[img[i]];
}
