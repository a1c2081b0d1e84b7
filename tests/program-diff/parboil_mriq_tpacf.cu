// Parboil-style MRI-Q and TPACF. MRI-Q: k-space samples uploaded in chunks to a __constant__
// struct array with cudaMemcpyToSymbol(..., offset) per chunk, each thread accumulating
// Qr/Qi over the chunk with sincosf of 2*pi*(k . x) (the GPU's sincosf is accurate to 2 ulp:
// the accumulated sums are compared with a host double reference and only their rounded
// values printed). TPACF: angular correlation of points on the unit sphere, each pair's dot
// product binned by a binary search over __constant__ bin edges (cos of log-spaced angles),
// per-block histograms in shared memory with atomicAdd, merged on the host: exact integers.
#include <cstdio>
#include <cmath>
#include <vector>
#define KS_CHUNK 128
#define NBINS 20
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct KValue { float kx, ky, kz, phi_mag; };
__constant__ KValue c_k[KS_CHUNK];
__constant__ double c_edges[NBINS + 1];

__global__ void compute_q(int nk, int nx, const float* x, const float* y, const float* z, float* qr, float* qi) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nx) return;
    float sx = x[i], sy = y[i], sz = z[i], r = qr[i], im = qi[i];
    for (int k = 0; k < nk; ++k) {
        float arg = 6.2831853071795864769f * (c_k[k].kx * sx + c_k[k].ky * sy + c_k[k].kz * sz);
        float s, c;
        sincosf(arg, &s, &c);
        r += c_k[k].phi_mag * c;
        im += c_k[k].phi_mag * s;
    }
    qr[i] = r; qi[i] = im;
}

__global__ void tpacf(const double3* pts, int n, unsigned long long* hist) {
    __shared__ unsigned sh[NBINS + 2];
    for (int b = threadIdx.x; b < NBINS + 2; b += blockDim.x) sh[b] = 0;
    __syncthreads();
    int i = blockIdx.x;
    double3 p = pts[i];
    for (int j = i + 1 + threadIdx.x; j < n; j += blockDim.x) {
        double3 q = pts[j];
        double d = p.x * q.x + p.y * q.y + p.z * q.z;
        int lo = 0, hi = NBINS + 1;  // edges decrease: c_edges[0] = 1 (angle 0)
        while (hi > lo + 1) { int mid = (lo + hi) / 2; if (d >= c_edges[mid]) hi = mid; else lo = mid; }
        atomicAdd(&sh[hi], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < NBINS + 2; b += blockDim.x) atomicAdd(&hist[b], (unsigned long long)sh[b]);
}

int main() {
    const int nk = 300, nx = 777;
    std::vector<KValue> kv(nk);
    std::vector<float> x(nx), y(nx), z(nx);
    for (int k = 0; k < nk; ++k) kv[k] = {(float)((k * 37) % 64 - 32) / 64.0f, (float)((k * 17) % 64 - 32) / 64.0f, (float)((k * 5) % 32 - 16) / 32.0f, 0.5f + (float)(k % 7) / 7.0f};
    for (int i = 0; i < nx; ++i) { x[i] = (float)(i % 13) - 6.0f; y[i] = (float)((i / 13) % 11) - 5.0f; z[i] = (float)(i % 5) * 0.25f; }
    float *dx, *dy, *dz, *dqr, *dqi;
    CK(cudaMalloc(&dx, nx * 4)); CK(cudaMalloc(&dy, nx * 4)); CK(cudaMalloc(&dz, nx * 4));
    CK(cudaMallocManaged(&dqr, nx * 4)); CK(cudaMallocManaged(&dqi, nx * 4));
    CK(cudaMemcpy(dx, x.data(), nx * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dy, y.data(), nx * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dz, z.data(), nx * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dqr, 0, nx * 4)); CK(cudaMemset(dqi, 0, nx * 4));
    for (int base = 0; base < nk; base += KS_CHUNK) {
        int cnt = nk - base < KS_CHUNK ? nk - base : KS_CHUNK;
        // the chunk goes in two halves at offsets, as code that streams constants does
        int h = cnt / 2;
        CK(cudaMemcpyToSymbol(c_k, &kv[base], h * sizeof(KValue), 0));
        CK(cudaMemcpyToSymbol(c_k, &kv[base + h], (cnt - h) * sizeof(KValue), h * sizeof(KValue)));
        compute_q<<<(nx + 255) / 256, 256>>>(cnt, nx, dx, dy, dz, dqr, dqi);
    }
    CK(cudaDeviceSynchronize());
    double maxerr = 0, sr = 0, si = 0;
    for (int i = 0; i < nx; ++i) {
        double r = 0, im = 0;
        for (int k = 0; k < nk; ++k) { double a = 2 * M_PI * ((double)kv[k].kx * x[i] + (double)kv[k].ky * y[i] + (double)kv[k].kz * z[i]); r += kv[k].phi_mag * cos(a); im += kv[k].phi_mag * sin(a); }
        maxerr = fmax(maxerr, fmax(fabs(r - dqr[i]), fabs(im - dqi[i])));
        sr += dqr[i]; si += dqi[i];
    }
    printf("mri-q: max error vs double host %s, sums %.3f %.3f, Q[0] %.4f %.4f\n", maxerr < 2e-3 ? "<2e-3" : "LARGE", sr, si, dqr[0], dqi[0]);
    // tpacf
    const int np = 500;
    std::vector<double3> pts(np);
    for (int i = 0; i < np; ++i) {
        double th = acos(1.0 - 2.0 * ((i * 0.618033988749895) - floor(i * 0.618033988749895))), ph = 2 * M_PI * i / np * 7;
        pts[i] = make_double3(sin(th) * cos(ph), sin(th) * sin(ph), cos(th));
    }
    double edges[NBINS + 1];
    for (int b = 0; b <= NBINS; ++b) edges[b] = cos(b == 0 ? 0.0 : 0.001 * pow(10.0, 3.4 * b / NBINS));
    CK(cudaMemcpyToSymbol(c_edges, edges, sizeof edges));
    double3* dp; unsigned long long* hist;
    CK(cudaMalloc(&dp, np * sizeof(double3))); CK(cudaMallocManaged(&hist, (NBINS + 2) * 8));
    CK(cudaMemcpy(dp, pts.data(), np * sizeof(double3), cudaMemcpyHostToDevice));
    CK(cudaMemset(hist, 0, (NBINS + 2) * 8));
    tpacf<<<np, 128>>>(dp, np, hist);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned long long> hh(NBINS + 2, 0);
    for (int i = 0; i < np; ++i) for (int j = i + 1; j < np; ++j) {
        double d = pts[i].x * pts[j].x + pts[i].y * pts[j].y + pts[i].z * pts[j].z;
        int lo = 0, hi = NBINS + 1;
        while (hi > lo + 1) { int mid = (lo + hi) / 2; if (d >= edges[mid]) hi = mid; else lo = mid; }
        hh[hi]++;
    }
    unsigned long long tot = 0; int bad = 0;
    printf("tpacf:");
    for (int b = 0; b < NBINS + 2; ++b) { printf(" %llu", hist[b]); tot += hist[b]; bad += hist[b] != hh[b]; }
    printf("\ntpacf pairs %llu (expect %d), bins differing from host %d\n", tot, np * (np - 1) / 2, bad);
    return 0;
}
