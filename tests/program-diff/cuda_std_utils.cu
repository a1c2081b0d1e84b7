// flags: -std=c++17
// libcu++ in device code as modern CUDA C++ uses it: cuda::std::complex<double/float>
// (Newton's method for z^3 - 1 basins, exp/abs/arg), cuda::std::array and tuple in kernels,
// cuda::std::bit_cast / popcount / countl_zero / rotl / bit_width, numeric_limits of every
// arithmetic type and cuda::std::optional;
// results printed exactly.
#include <cstdio>
#include <cuda/std/complex>
#include <cuda/std/array>
#include <cuda/std/tuple>
#include <cuda/std/bit>
#include <cuda/std/limits>
#include <cuda/std/optional>
#include <cuda/std/cstdint>

using cplx = cuda::std::complex<double>;

__global__ void newton_basins(int w, int h, int* basin, int* iters) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    cplx z(-1.5 + 3.0 * x / (w - 1), -1.5 + 3.0 * y / (h - 1));
    const cuda::std::array<cplx, 3> roots = {cplx(1, 0), cplx(-0.5, 0.8660254037844386), cplx(-0.5, -0.8660254037844386)};
    int k = 0, b = -1;
    for (; k < 60 && b < 0; ++k) {
        cplx z2 = z * z;
        if (cuda::std::abs(z2) < 1e-300) break;
        z = z - (z2 * z - 1.0) / (3.0 * z2);
        for (int r = 0; r < 3; ++r) if (cuda::std::abs(z - roots[r]) < 1e-9) b = r;
    }
    basin[y * w + x] = b; iters[y * w + x] = k;
}

struct Stats { unsigned long long bits; int popc, clz, width; unsigned rot; };

__global__ void bits_and_limits(const double* in, Stats* out, long long* lim, double* cx) {
    int i = threadIdx.x;
    auto u = cuda::std::bit_cast<cuda::std::uint64_t>(in[i]);
    out[i] = {u, cuda::std::popcount(u), cuda::std::countl_zero(u), (int)cuda::std::bit_width((unsigned)(u >> 40)), cuda::std::rotl((unsigned)u, i)};
    if (i == 0) {
        int k = 0;
        lim[k++] = cuda::std::numeric_limits<signed char>::min(); lim[k++] = cuda::std::numeric_limits<unsigned short>::max();
        lim[k++] = cuda::std::numeric_limits<int>::lowest(); lim[k++] = cuda::std::numeric_limits<long long>::max();
        lim[k++] = cuda::std::numeric_limits<float>::digits; lim[k++] = cuda::std::numeric_limits<double>::max_exponent;
        lim[k++] = cuda::std::numeric_limits<double>::min_exponent10; lim[k++] = cuda::std::bit_cast<long long>(cuda::std::numeric_limits<double>::denorm_min());
        lim[k++] = cuda::std::bit_cast<int>(cuda::std::numeric_limits<float>::epsilon()); lim[k++] = cuda::std::numeric_limits<unsigned>::digits10;
        lim[k++] = cuda::std::numeric_limits<short>::max() + cuda::std::numeric_limits<bool>::digits; lim[k++] = cuda::std::numeric_limits<unsigned long long>::digits;
        cuda::std::tuple<int, double, char> t{4, 2.5, 'x'};
        auto [a, b, c] = t;
        lim[k++] = a * 1000 + (long long)(b * 10) + c;
        cuda::std::optional<int> o; lim[k++] = o.value_or(-1); o = 17; lim[k++] = o.has_value() * 100 + *o;
        cplx z(3, -4);
        cx[0] = cuda::std::abs(z); cx[1] = cuda::std::arg(z); cx[2] = cuda::std::exp(z).real(); cx[3] = cuda::std::sqrt(z).imag();
        cuda::std::complex<float> f(1.5f, 2.0f);
        cx[4] = (f * f / cuda::std::conj(f)).real(); cx[5] = cuda::std::norm(f); cx[6] = cuda::std::log(z).imag(); cx[7] = cuda::std::pow(z, 2.0).real();
    }
}

int main() {
    const int w = 161, h = 97;
    int *db, *di;
    cudaMalloc(&db, w * h * 4); cudaMalloc(&di, w * h * 4);
    newton_basins<<<dim3((w + 15) / 16, (h + 7) / 8), dim3(16, 8)>>>(w, h, db, di);
    int* hb = new int[w * h]; int* hi = new int[w * h];
    cudaMemcpy(hb, db, w * h * 4, cudaMemcpyDeviceToHost); cudaMemcpy(hi, di, w * h * 4, cudaMemcpyDeviceToHost);
    int count[4] = {}; long long its = 0, hash = 0;
    for (int i = 0; i < w * h; ++i) { count[hb[i] + 1]++; its += hi[i]; hash = hash * 7 + hb[i] + 3 * hi[i]; }
    printf("basins: none %d root0 %d root1 %d root2 %d iterations %lld hash %lld\n", count[0], count[1], count[2], count[3], its, hash);
    double in[8] = {1.0, -0.0, 3.141592653589793, 1e-310, -2.5e300, 0.1, 65536.0, -1.0 / 3};
    double* din; Stats* ds; long long* dl; double* dc;
    cudaMalloc(&din, sizeof in); cudaMalloc(&ds, 8 * sizeof(Stats)); cudaMalloc(&dl, 16 * 8); cudaMalloc(&dc, 8 * 8);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    bits_and_limits<<<1, 8>>>(din, ds, dl, dc);
    Stats st[8]; long long lim[15]; double cx[8];
    cudaMemcpy(st, ds, sizeof st, cudaMemcpyDeviceToHost); cudaMemcpy(lim, dl, sizeof lim, cudaMemcpyDeviceToHost); cudaMemcpy(cx, dc, sizeof cx, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; ++i) printf("%016llx popc %2d clz %2d width %2d rotl %08x\n", st[i].bits, st[i].popc, st[i].clz, st[i].width, st[i].rot);
    printf("limits:"); for (long long v : lim) printf(" %lld", v); printf("\n");
    printf("complex:"); for (double v : cx) printf(" %a", v); printf("\n");
    return 0;
}
