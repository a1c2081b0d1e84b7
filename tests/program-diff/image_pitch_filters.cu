// Image filters on pitched memory: an RGB image of odd width (uchar3 pixels, 3-byte stride)
// uploaded with cudaMallocPitch + cudaMemcpy2D, converted to grey, blurred with a 5x5 Gaussian
// (integer weights, clamp-to-edge borders), Sobel magnitude (integer, clamped to 255), a 3x3
// median with a sorting network, and a sub-rectangle copied back with cudaMemcpy2D at an offset.
// Block shapes 16x16, 32x8 and 7x3; every output compared with the host.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

template <typename T> __host__ __device__ inline T* row(T* base, size_t pitch, int y) { return (T*)((char*)base + y * pitch); }
__host__ __device__ inline int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

__global__ void to_grey(const uchar3* __restrict__ rgb, size_t rp, unsigned char* grey, size_t gp, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    uchar3 p = row(rgb, rp, y)[x];
    row(grey, gp, y)[x] = (unsigned char)((77 * p.x + 150 * p.y + 29 * p.z + 128) >> 8);
}

__constant__ int c_gauss[5] = {1, 4, 6, 4, 1};

__global__ void gauss5(const unsigned char* __restrict__ in, size_t ip, unsigned char* out, size_t op, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int acc = 0;
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx)
            acc += c_gauss[dy + 2] * c_gauss[dx + 2] * row(in, ip, clampi(y + dy, 0, h - 1))[clampi(x + dx, 0, w - 1)];
    row(out, op, y)[x] = (unsigned char)((acc + 128) >> 8);
}

__global__ void sobel(const unsigned char* __restrict__ in, size_t ip, unsigned char* out, size_t op, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    auto at = [&](int dx, int dy) { return (int)row(in, ip, clampi(y + dy, 0, h - 1))[clampi(x + dx, 0, w - 1)]; };
    int gx = -at(-1, -1) - 2 * at(-1, 0) - at(-1, 1) + at(1, -1) + 2 * at(1, 0) + at(1, 1);
    int gy = -at(-1, -1) - 2 * at(0, -1) - at(1, -1) + at(-1, 1) + 2 * at(0, 1) + at(1, 1);
    row(out, op, y)[x] = (unsigned char)min(255, abs(gx) + abs(gy));
}

__host__ __device__ inline void cswap(int& a, int& b) { int lo = min(a, b), hi = max(a, b); a = lo; b = hi; }

__global__ void median3(const unsigned char* __restrict__ in, size_t ip, unsigned char* out, size_t op, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int p[9], k = 0;
    for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) p[k++] = row(in, ip, clampi(y + dy, 0, h - 1))[clampi(x + dx, 0, w - 1)];
    for (int i = 0; i < 9; ++i) for (int j = 0; j < 8 - i; ++j) cswap(p[j], p[j + 1]);
    row(out, op, y)[x] = (unsigned char)p[4];
}

int main() {
    const int w = 203, h = 117;
    std::vector<unsigned char> rgb(w * h * 3);
    for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) {
        unsigned v = (x * 2654435761u) ^ (y * 40503u);
        rgb[(y * w + x) * 3 + 0] = (unsigned char)(x + y + (v >> 28));
        rgb[(y * w + x) * 3 + 1] = (unsigned char)((x * y) >> 3);
        rgb[(y * w + x) * 3 + 2] = (unsigned char)((v >> 13) & ((x / 16 + y / 16) % 2 ? 0xff : 0x0f));
    }
    // host reference
    auto cl = [&](int v, int hi) { return clampi(v, 0, hi); };
    std::vector<int> g(w * h), gb(w * h), sb(w * h), md(w * h);
    for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) { const unsigned char* p = &rgb[(y * w + x) * 3]; g[y * w + x] = (77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8; }
    int gw[5] = {1, 4, 6, 4, 1};
    for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) {
        int a = 0; for (int dy = -2; dy <= 2; ++dy) for (int dx = -2; dx <= 2; ++dx) a += gw[dy + 2] * gw[dx + 2] * g[cl(y + dy, h - 1) * w + cl(x + dx, w - 1)];
        gb[y * w + x] = (a + 128) >> 8;
    }
    for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) {
        auto at = [&](int dx, int dy) { return gb[cl(y + dy, h - 1) * w + cl(x + dx, w - 1)]; };
        int gx = -at(-1, -1) - 2 * at(-1, 0) - at(-1, 1) + at(1, -1) + 2 * at(1, 0) + at(1, 1);
        int gy = -at(-1, -1) - 2 * at(0, -1) - at(1, -1) + at(-1, 1) + 2 * at(0, 1) + at(1, 1);
        sb[y * w + x] = std::min(255, abs(gx) + abs(gy));
        int p[9], k = 0; for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) p[k++] = gb[cl(y + dy, h - 1) * w + cl(x + dx, w - 1)];
        std::sort(p, p + 9); md[y * w + x] = p[4];
    }
    uchar3* drgb; unsigned char *dg, *db, *ds, *dm; size_t prgb, pg, pb, ps, pm;
    CK(cudaMallocPitch(&drgb, &prgb, w * 3, h)); CK(cudaMallocPitch(&dg, &pg, w, h)); CK(cudaMallocPitch(&db, &pb, w, h));
    CK(cudaMallocPitch(&ds, &ps, w, h)); CK(cudaMallocPitch(&dm, &pm, w, h));
    printf("pitches multiple of 256: %d %d\n", (int)(prgb % 256 == 0 && prgb >= (size_t)w * 3), (int)(pg % 256 == 0 && pg >= (size_t)w));
    CK(cudaMemcpy2D(drgb, prgb, rgb.data(), w * 3, w * 3, h, cudaMemcpyHostToDevice));
    dim3 shapes[3] = {dim3(16, 16), dim3(32, 8), dim3(7, 3)};
    for (dim3 b : shapes) {
        dim3 grid((w + b.x - 1) / b.x, (h + b.y - 1) / b.y);
        CK(cudaMemset2D(dg, pg, 0, w, h)); CK(cudaMemset2D(db, pb, 0, w, h));
        to_grey<<<grid, b>>>(drgb, prgb, dg, pg, w, h);
        gauss5<<<grid, b>>>(dg, pg, db, pb, w, h);
        sobel<<<grid, b>>>(db, pb, ds, ps, w, h);
        median3<<<grid, b>>>(db, pb, dm, pm, w, h);
        CK(cudaGetLastError());
        std::vector<unsigned char> og(w * h), ob(w * h), os(w * h), om(w * h);
        CK(cudaMemcpy2D(og.data(), w, dg, pg, w, h, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy2D(ob.data(), w, db, pb, w, h, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy2D(os.data(), w, ds, ps, w, h, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy2D(om.data(), w, dm, pm, w, h, cudaMemcpyDeviceToHost));
        int bad[4] = {}; long long sum[4] = {};
        for (int i = 0; i < w * h; ++i) {
            bad[0] += og[i] != g[i]; bad[1] += ob[i] != gb[i]; bad[2] += os[i] != sb[i]; bad[3] += om[i] != md[i];
            sum[0] += og[i] * (i % 13 + 1); sum[1] += ob[i] * (i % 13 + 1); sum[2] += os[i] * (i % 13 + 1); sum[3] += om[i] * (i % 13 + 1);
        }
        printf("block %2ux%-2u grey %lld/%d blur %lld/%d sobel %lld/%d median %lld/%d\n", b.x, b.y, sum[0], bad[0], sum[1], bad[1], sum[2], bad[2], sum[3], bad[3]);
    }
    // a 17x9 window at (x=101, y=50) of the Sobel image into a tight host buffer with a row stride of 20
    std::vector<unsigned char> win(20 * 9, 0xee);
    CK(cudaMemcpy2D(win.data(), 20, ds + 50 * ps + 101, ps, 17, 9, cudaMemcpyDeviceToHost));
    int bad = 0; unsigned hsh = 0;
    for (int y = 0; y < 9; ++y) for (int x = 0; x < 20; ++x) { int want = x < 17 ? sb[(50 + y) * w + 101 + x] : 0xee; bad += win[y * 20 + x] != want; hsh = hsh * 33 + win[y * 20 + x]; }
    printf("window hash %08x mismatches %d\n", hsh, bad);
    return 0;
}
