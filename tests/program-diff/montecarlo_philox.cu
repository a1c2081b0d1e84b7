// flags: -O3
// MonteCarlo option pricing (the MonteCarloMultiGPU sample's method) with a hand-written
// counter-based generator: Philox4x32-10 (Salmon et al.) keyed per path, Box-Muller in double
// with sincospi and log, a European call and an arithmetic Asian call over 64 time steps; each
// thread sums its paths in order and the host adds the per-thread sums in order, so the result
// is deterministic; the generator's raw outputs are checked against a host implementation.
#include <cstdio>
#include <cmath>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct u4 { unsigned x, y, z, w; };
__host__ __device__ inline void mulhilo(unsigned a, unsigned b, unsigned& hi, unsigned& lo) { unsigned long long p = (unsigned long long)a * b; hi = (unsigned)(p >> 32); lo = (unsigned)p; }
__host__ __device__ inline u4 philox(u4 c, unsigned k0, unsigned k1) {
  for (int r = 0; r < 10; ++r) {
    unsigned hi0, lo0, hi1, lo1;
    mulhilo(0xD2511F53u, c.x, hi0, lo0); mulhilo(0xCD9E8D57u, c.z, hi1, lo1);
    c = u4{hi1 ^ c.y ^ k0, lo1, hi0 ^ c.w ^ k1, lo0};
    k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  }
  return c;
}
__host__ __device__ inline double u01(unsigned a, unsigned b) { return ((double)(((unsigned long long)a << 21) ^ (b >> 11)) + 0.5) * (1.0 / 9007199254740992.0); }

__global__ void paths(int npaths, int steps, double S0, double K, double r, double sigma, double T, double* euro, double* asian, unsigned* raw) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x, nth = gridDim.x * blockDim.x;
  double dt = T / steps, drift = (r - 0.5 * sigma * sigma) * dt, vol = sigma * sqrt(dt);
  double se = 0, sa = 0;
  for (int p = tid; p < npaths; p += nth) {
    double s = S0, avg = 0;
    for (int t = 0; t < steps; t += 2) {
      u4 o = philox(u4{(unsigned)t, 0u, (unsigned)p, 0u}, 0xC0FFEEu, (unsigned)p * 2654435761u);
      if (p == 0 && t < 8) { raw[t * 2] = o.x; raw[t * 2 + 1] = o.w; }
      double u1 = u01(o.x, o.y), u2 = u01(o.z, o.w), sn, cs;
      sincospi(2.0 * u2, &sn, &cs);
      double rad = sqrt(-2.0 * log(u1));
      s *= exp(drift + vol * rad * cs); avg += s;
      s *= exp(drift + vol * rad * sn); avg += s;
    }
    avg /= steps;
    se += fmax(s - K, 0.0); sa += fmax(avg - K, 0.0);
  }
  euro[tid] = se; asian[tid] = sa;
}

int main() {
  const int blocks = 24, threads = 160, nth = blocks * threads, npaths = 200000, steps = 64;
  double *de, *da; unsigned* dr;
  CK(cudaMalloc(&de, nth * 8)); CK(cudaMalloc(&da, nth * 8)); CK(cudaMalloc(&dr, 64));
  const double S0 = 100, K = 105, r = 0.03, sigma = 0.25, T = 1.5;
  paths<<<blocks, threads>>>(npaths, steps, S0, K, r, sigma, T, de, da, dr);
  CK(cudaGetLastError());
  std::vector<double> e(nth), a(nth); unsigned raw[16];
  CK(cudaMemcpy(e.data(), de, nth * 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(a.data(), da, nth * 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(raw, dr, 64, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int t = 0; t < 8; t += 2) { u4 o = philox(u4{(unsigned)t, 0u, 0u, 0u}, 0xC0FFEEu, 0u); bad += raw[t * 2] != o.x || raw[t * 2 + 1] != o.w; }
  printf("philox raw words match the host: %s (%08x %08x)\n", bad ? "NO" : "yes", raw[0], raw[1]);
  double se = 0, sa = 0; for (int i = 0; i < nth; ++i) { se += e[i]; sa += a[i]; }
  double disc = std::exp(-r * T);
  printf("european call %.9g asian call %.9g\n", disc * se / npaths, disc * sa / npaths);
  double d1 = (std::log(S0 / K) + (r + 0.5 * sigma * sigma) * T) / (sigma * std::sqrt(T)), d2 = d1 - sigma * std::sqrt(T);
  double bs = S0 * 0.5 * std::erfc(-d1 / std::sqrt(2.0)) - K * disc * 0.5 * std::erfc(-d2 / std::sqrt(2.0));
  printf("black-scholes %.6f, monte carlo within 1%%: %d\n", bs, std::fabs(disc * se / npaths - bs) < 0.01 * bs);
  printf("thread 0 sums %a %a, thread %d sums %a %a\n", e[0], a[0], nth - 1, e[nth - 1], a[nth - 1]);
  return 0;
}
