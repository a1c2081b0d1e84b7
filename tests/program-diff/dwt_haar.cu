// The dwtHaar1D sample's algorithm written from its description: a multi-level 1D Haar wavelet
// decomposition in shared memory (each block decomposes a 2*blockDim slice down to one
// approximation coefficient, a second launch finishes the per-block approximations), with
// signals of 2^9..2^14 samples, then the inverse transform on the host; coefficients printed as
// bits for a few positions and the reconstruction error checked.
#include <cstdio>
#include <cmath>
#include <vector>
#include <cstring>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define INV_SQRT2 0.70710678118654752440f

// One block: decomposes 2*blockDim.x samples at `in + blockIdx.x*2*blockDim.x` fully; writes
// details of level l at det[(levelOffset)...] in the global layout (n/2 details of level 1 at
// [n/2, n), n/4 of level 2 at [n/4, n/2), ...), and its approximation to approx[blockIdx.x].
__global__ void haar_block(const float* in, float* out, float* approx, int n) {
  extern __shared__ float s[];
  int t = threadIdx.x, base = blockIdx.x * 2 * blockDim.x;
  s[t] = in[base + t];
  s[t + blockDim.x] = in[base + t + blockDim.x];
  __syncthreads();
  int len = 2 * blockDim.x, glen = n;
  int gbase = base;
  while (len > 1) {
    int half = len / 2;
    float a = 0, d = 0;
    if (t < half) { float x0 = s[2 * t], x1 = s[2 * t + 1]; a = (x0 + x1) * INV_SQRT2; d = (x0 - x1) * INV_SQRT2; }
    __syncthreads();
    if (t < half) { s[t] = a; out[glen / 2 + gbase / 2 + t] = d; }
    __syncthreads();
    len = half; glen /= 2; gbase /= 2;
  }
  if (t == 0) approx[blockIdx.x] = s[0];
}

static void inverse(std::vector<double>& c, int n) {
  std::vector<double> tmp(n);
  for (int len = 1; len < n; len *= 2) {
    for (int i = 0; i < len; ++i) { double a = c[i], d = c[len + i]; tmp[2 * i] = (a + d) * 0.70710678118654752440; tmp[2 * i + 1] = (a - d) * 0.70710678118654752440; }
    for (int i = 0; i < 2 * len; ++i) c[i] = tmp[i];
  }
}

int main() {
  for (int lg = 9; lg <= 14; ++lg) {
    int n = 1 << lg;
    int threads = n >= 1024 ? 512 : n / 2;
    int blocks = n / (2 * threads);
    std::vector<float> h(n);
    unsigned r = 2024u + lg;
    for (int i = 0; i < n; ++i) { r = r * 1103515245u + 12345u; h[i] = (float)((r >> 8) & 0xffff) / 4096.0f - 8.0f + sinf(i * 0.01f); }
    float *in, *out, *ap, *ap2, *out2;
    CK(cudaMalloc(&in, n * 4)); CK(cudaMalloc(&out, n * 4)); CK(cudaMalloc(&ap, blocks * 4)); CK(cudaMalloc(&ap2, 4)); CK(cudaMalloc(&out2, blocks * 4 + 4));
    CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
    haar_block<<<blocks, threads, 2 * threads * sizeof(float)>>>(in, out, ap, n);
    CK(cudaGetLastError());
    std::vector<float> res(n);
    CK(cudaMemcpy(res.data(), out, n * 4, cudaMemcpyDeviceToHost));
    if (blocks > 1) {
      // the per-block approximations form a signal of `blocks` samples: decompose it too
      haar_block<<<1, blocks / 2, blocks * sizeof(float)>>>(ap, out2, ap2, blocks);
      CK(cudaGetLastError());
      std::vector<float> top(blocks);
      CK(cudaMemcpy(top.data(), out2, blocks * 4, cudaMemcpyDeviceToHost));
      for (int i = 1; i < blocks; ++i) res[i] = top[i];
      CK(cudaMemcpy(&res[0], ap2, 4, cudaMemcpyDeviceToHost));
    } else {
      CK(cudaMemcpy(&res[0], ap, 4, cudaMemcpyDeviceToHost));
    }
    std::vector<double> c(res.begin(), res.end());
    inverse(c, n);
    double maxe = 0, energy_in = 0, energy_out = 0;
    for (int i = 0; i < n; ++i) { maxe = fmax(maxe, fabs(c[i] - h[i])); energy_in += (double)h[i] * h[i]; energy_out += (double)res[i] * res[i]; }
    printf("n=%5d blocks=%2d c0=%a c1=%a c[n/2]=%a c[n-1]=%a recon %s energy ratio %.6f\n", n, blocks, res[0], res[1], res[n / 2], res[n - 1],
           maxe < 1e-3 ? "ok" : "BAD", energy_out / energy_in);
    unsigned sum = 0; for (int i = 0; i < n; ++i) { unsigned b; memcpy(&b, &res[i], 4); sum = sum * 31u + b; }
    printf("  bits hash %08x\n", sum);
    cudaFree(in); cudaFree(out); cudaFree(ap); cudaFree(ap2); cudaFree(out2);
  }
  return 0;
}
