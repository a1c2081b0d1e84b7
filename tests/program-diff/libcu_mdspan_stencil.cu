// flags: -O3 -std=c++20 --expt-relaxed-constexpr
// cuda::std::mdspan in kernels as numerical codes use it: a 3D Jacobi stencil over a layout_left
// array with dynamic extents, a layout_right 2D transpose through a layout_stride view,
// submdspan slices (strided_slice, full_extent, a single index), extents with static and dynamic
// mixes, mapping strides and required_span_size, and cuda::std::span over slices.
#include <cuda/std/mdspan>
#include <cuda/std/span>
#include <cuda/std/array>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <cmath>
namespace stdx = cuda::std;
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }

using Ext3 = stdx::dextents<int, 3>;
using Grid = stdx::mdspan<float, Ext3, stdx::layout_left>;

__global__ void jacobi(Grid out, Grid in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y, k = blockIdx.z;
    if (i < 1 || j < 1 || k < 1 || i >= in.extent(0) - 1 || j >= in.extent(1) - 1 || k >= in.extent(2) - 1) return;
    out(i, j, k) = (in(i - 1, j, k) + in(i + 1, j, k) + in(i, j - 1, k) + in(i, j + 1, k) + in(i, j, k - 1) + in(i, j, k + 1)) * (1.0f / 6.0f);
}

using Mat = stdx::mdspan<double, stdx::extents<int, stdx::dynamic_extent, 48>>;  // layout_right, 48 columns
__global__ void transpose(Mat a, stdx::mdspan<double, stdx::dextents<int, 2>, stdx::layout_stride> at) {
    int r = blockIdx.x, c = threadIdx.x;
    if (r < a.extent(0) && c < a.extent(1)) at(c, r) = a(r, c) * 2;
}

__global__ void slices(const int *buf, long long *out) {
    stdx::mdspan<const int, stdx::extents<int, 6, 8, 10>> m(buf);
    // every second row of plane 3, columns 2..7
    auto s1 = stdx::submdspan(m, 3, stdx::strided_slice{0, 6, 2}, stdx::pair{2, 8});
    long long a = 0; for (int r = 0; r < s1.extent(0); r++) for (int c = 0; c < s1.extent(1); c++) a += s1(r, c) * (r + 1);
    auto s2 = stdx::submdspan(m, stdx::full_extent, 5, 9);  // a 1D column through the planes
    long long b = 0; for (int p = 0; p < s2.extent(0); p++) b = b * 3 + s2(p);
    out[0] = a; out[1] = b;
    out[2] = s1.extent(0) * 100 + s1.extent(1);
    out[3] = s1.stride(0) * 1000 + s1.stride(1);
    out[4] = s1.mapping().required_span_size();
    out[5] = s2.stride(0);
    stdx::span<const int> row(&m(2, 3, 0), 10);
    long long c = 0; for (int v : row.subspan(3)) c += v;
    out[6] = c;
    out[7] = m.mapping()(1, 2, 3);
}

int main() {
    const int NX = 34, NY = 30, NZ = 12;
    std::vector<float> h(NX * NY * NZ);
    for (int k = 0; k < NZ; k++) for (int j = 0; j < NY; j++) for (int i = 0; i < NX; i++) h[i + NX * (j + NY * k)] = (float)((i * 3 + j * 5 + k * 7) % 17);
    float *a, *b; cudaMalloc(&a, h.size() * 4); cudaMalloc(&b, h.size() * 4);
    cudaMemcpy(a, h.data(), h.size() * 4, cudaMemcpyHostToDevice); cudaMemcpy(b, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
    Grid ga(a, NX, NY, NZ), gb(b, NX, NY, NZ);
    for (int it = 0; it < 20; it++) { jacobi<<<dim3((NX + 15) / 16, (NY + 7) / 8, NZ), dim3(16, 8)>>>(it % 2 ? ga : gb, it % 2 ? gb : ga); }
    cudaError_t e = cudaDeviceSynchronize();
    std::vector<float> g(h.size()); cudaMemcpy(g.data(), a, g.size() * 4, cudaMemcpyDeviceToHost);
    std::vector<float> x = h, y = h;
    for (int it = 0; it < 20; it++) {
        std::vector<float> &in = it % 2 ? y : x, &out = it % 2 ? x : y;
        for (int k = 1; k < NZ - 1; k++) for (int j = 1; j < NY - 1; j++) for (int i = 1; i < NX - 1; i++) {
            auto at = [&](int ii, int jj, int kk) { return in[ii + NX * (jj + NY * kk)]; };
            out[i + NX * (j + NY * k)] = (at(i - 1, j, k) + at(i + 1, j, k) + at(i, j - 1, k) + at(i, j + 1, k) + at(i, j, k - 1) + at(i, j, k + 1)) * (1.0f / 6.0f);
        }
    }
    double maxd = 0; for (size_t i = 0; i < g.size(); i++) maxd = fmax(maxd, fabs(g[i] - x[i]));
    printf("jacobi 3D layout_left: %s hash=%016llx center=%a max |gpu-host|=%.3g\n", cudaGetErrorString(e), (unsigned long long)fnv(g.data(), g.size() * 4), g[NX / 2 + NX * (NY / 2 + NY * (NZ / 2))], maxd);

    const int R = 37;
    std::vector<double> m(R * 48); for (int i = 0; i < R * 48; i++) m[i] = i * 0.5 - 100;
    double *dm, *dt; cudaMalloc(&dm, m.size() * 8); cudaMalloc(&dt, m.size() * 8);
    cudaMemcpy(dm, m.data(), m.size() * 8, cudaMemcpyHostToDevice);
    Mat ma(dm, R);
    stdx::layout_stride::mapping<stdx::dextents<int, 2>> tm(stdx::dextents<int, 2>(48, R), stdx::array<int, 2>{1, 48});  // column-major 48xR
    transpose<<<R, 64>>>(ma, stdx::mdspan<double, stdx::dextents<int, 2>, stdx::layout_stride>(dt, tm));
    e = cudaDeviceSynchronize();
    std::vector<double> gt(m.size()); cudaMemcpy(gt.data(), dt, gt.size() * 8, cudaMemcpyDeviceToHost);
    bool ok = true; for (int r = 0; r < R; r++) for (int c = 0; c < 48; c++) ok &= gt[c + 48 * r] == m[r * 48 + c] * 2;
    printf("transpose through layout_stride: %s %s\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH");

    std::vector<int> buf(480); for (int i = 0; i < 480; i++) buf[i] = (i * 37) % 101;
    int *db; long long *dout; cudaMalloc(&db, 480 * 4); cudaMalloc(&dout, 8 * 8);
    cudaMemcpy(db, buf.data(), 480 * 4, cudaMemcpyHostToDevice);
    slices<<<1, 1>>>(db, dout);
    e = cudaDeviceSynchronize();
    long long ho[8]; cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost);
    long long ra = 0; for (int r = 0; r < 3; r++) for (int c = 0; c < 6; c++) ra += buf[3 * 80 + (2 * r) * 10 + 2 + c] * (r + 1);
    long long rb = 0; for (int p = 0; p < 6; p++) rb = rb * 3 + buf[p * 80 + 5 * 10 + 9];
    printf("submdspan: %s a=%lld (%s) b=%lld (%s) extents=%lld strides=%lld span=%lld s2stride=%lld row=%lld map=%lld\n", cudaGetErrorString(e), ho[0], ho[0] == ra ? "ok" : "MISMATCH", ho[1], ho[1] == rb ? "ok" : "MISMATCH", ho[2], ho[3], ho[4], ho[5], ho[6], ho[7]);
    return 0;
}
