// Radix-2 FFTs: an iterative Cooley-Tukey FFT in shared memory (bit-reversal with __brev,
// twiddles from sincospi/sincospif), in float and double, sizes 8..1024 with one block per
// transform and fewer threads than butterflies; a Stockham out-of-place variant across kernel
// launches in global memory; an inverse FFT round trip. Prints bit patterns of chosen bins and
// the round-trip error.
#include <cstdio>
#include <cstring>
#include <cmath>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

template <typename T> struct Cplx { T re, im; };
template <typename T> __device__ inline Cplx<T> cmul(Cplx<T> a, Cplx<T> b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
__device__ inline void sincospi_t(float x, float* s, float* c) { sincospif(x, s, c); }
__device__ inline void sincospi_t(double x, double* s, double* c) { sincospi(x, s, c); }

template <typename T>
__global__ void fft_shared(Cplx<T>* data, int log2n, int inverse) {
    extern __shared__ unsigned char raw[];
    Cplx<T>* s = reinterpret_cast<Cplx<T>*>(raw);
    int n = 1 << log2n;
    Cplx<T>* d = data + (size_t)blockIdx.x * n;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s[__brev(i) >> (32 - log2n)] = d[i];
    __syncthreads();
    for (int len = 2; len <= n; len <<= 1) {
        int half = len >> 1;
        for (int b = threadIdx.x; b < n / 2; b += blockDim.x) {
            int grp = b / half, k = b % half, i = grp * len + k;
            T sn, cs;
            sincospi_t((T)(inverse ? 2 : -2) * k / len, &sn, &cs);
            Cplx<T> w = {cs, sn}, u = s[i], v = cmul(w, s[i + half]);
            s[i] = {u.re + v.re, u.im + v.im};
            s[i + half] = {u.re - v.re, u.im - v.im};
        }
        __syncthreads();
    }
    T scale = inverse ? (T)1 / n : (T)1;
    for (int i = threadIdx.x; i < n; i += blockDim.x) d[i] = {s[i].re * scale, s[i].im * scale};
}

// one Stockham pass: n/2 butterflies, stride of the current sub-transform length m
__global__ void stockham_pass(const Cplx<double>* __restrict__ in, Cplx<double>* __restrict__ out, int n, int m) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n / 2) return;
    int k = j % m;                 // position inside the sub-transform
    double sn, cs;
    sincospi(-(double)k / m, &sn, &cs);
    Cplx<double> a = in[j], b = in[j + n / 2];
    Cplx<double> wb = cmul(Cplx<double>{cs, sn}, b);
    int dst = (j - k) * 2 + k;
    out[dst] = {a.re + wb.re, a.im + wb.im};
    out[dst + m] = {a.re - wb.re, a.im - wb.im};
}

static unsigned fb(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static unsigned long long db(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }

template <typename T>
int run(const char* name, int log2n, int batch, int threads) {
    int n = 1 << log2n;
    Cplx<T>* h = new Cplx<T>[n * batch]; Cplx<T>* o = new Cplx<T>[n * batch];
    for (int b = 0; b < batch; ++b)
        for (int i = 0; i < n; ++i)
            h[b * n + i] = {(T)((i * 37 + b * 11) % 17 - 8) / 4, (T)(i % 3 == 0 ? 1 : 0) - (T)b / 8};
    Cplx<T>* d;
    CK(cudaMalloc(&d, sizeof(Cplx<T>) * n * batch));
    CK(cudaMemcpy(d, h, sizeof(Cplx<T>) * n * batch, cudaMemcpyHostToDevice));
    fft_shared<T><<<batch, threads, sizeof(Cplx<T>) * n>>>(d, log2n, 0);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o, d, sizeof(Cplx<T>) * n * batch, cudaMemcpyDeviceToHost));
    unsigned long long hash = 0;
    for (int i = 0; i < n * batch; ++i) hash = hash * 1315423911ull + (sizeof(T) == 4 ? fb((float)o[i].re) ^ ((unsigned long long)fb((float)o[i].im) << 32) : db(o[i].re) ^ (db(o[i].im) >> 1));
    printf("%s n=%4d batch %d threads %3d X[1]=(%a,%a) X[n/2]=(%a,%a) hash %016llx\n", name, n, batch, threads,
           (double)o[1].re, (double)o[1].im, (double)o[n / 2].re, (double)o[n / 2].im, hash);
    fft_shared<T><<<batch, threads, sizeof(Cplx<T>) * n>>>(d, log2n, 1);
    CK(cudaMemcpy(o, d, sizeof(Cplx<T>) * n * batch, cudaMemcpyDeviceToHost));
    double err = 0;
    for (int i = 0; i < n * batch; ++i) err = fmax(err, fmax(fabs((double)o[i].re - (double)h[i].re), fabs((double)o[i].im - (double)h[i].im)));
    printf("%s n=%4d round trip max error %s\n", name, n, err < (sizeof(T) == 4 ? 1e-4 : 1e-12) ? "small" : "LARGE");
    cudaFree(d); delete[] h; delete[] o;
    return 0;
}

int main() {
    if (run<float>("f32", 3, 2, 32) || run<float>("f32", 10, 3, 128) || run<float>("f32", 7, 1, 512)) return 1;
    if (run<double>("f64", 4, 2, 8) || run<double>("f64", 10, 2, 256) || run<double>("f64", 9, 5, 96)) return 1;
    // Stockham in global memory, n = 4096, compared with the shared-memory FFT's result
    const int n = 4096;
    Cplx<double>* h = new Cplx<double>[n];
    for (int i = 0; i < n; ++i) h[i] = {cos(i * 0.01) + (i % 5), sin(i * 0.003)};
    Cplx<double> *a, *b;
    CK(cudaMalloc(&a, n * 16)); CK(cudaMalloc(&b, n * 16));
    CK(cudaMemcpy(a, h, n * 16, cudaMemcpyHostToDevice));
    for (int m = 1; m < n; m <<= 1) { stockham_pass<<<(n / 2 + 255) / 256, 256>>>(a, b, n, m); Cplx<double>* t = a; a = b; b = t; }
    CK(cudaGetLastError());
    Cplx<double>* o = new Cplx<double>[n];
    CK(cudaMemcpy(o, a, n * 16, cudaMemcpyDeviceToHost));
    // direct DFT of three bins on the host
    for (int kbin : {0, 1, 777}) {
        double re = 0, im = 0;
        for (int i = 0; i < n; ++i) { double ang = -2 * M_PI * ((long long)kbin * i % n) / n; re += h[i].re * cos(ang) - h[i].im * sin(ang); im += h[i].re * sin(ang) + h[i].im * cos(ang); }
        printf("stockham X[%d]=(%a,%a) matches DFT to 1e-8: %d\n", kbin, o[kbin].re, o[kbin].im, fabs(o[kbin].re - re) < 1e-8 * n && fabs(o[kbin].im - im) < 1e-8 * n);
    }
    return 0;
}
