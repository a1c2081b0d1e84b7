// The binomialOptions sample's algorithm written from its description: European call prices on a
// recombining binomial tree (one option per block, the tree's leaves in shared memory, backward
// induction with __syncthreads between levels), in double and in float, 2 to 1024 steps, blocks
// of 96 and 256 threads covering more leaves than threads; checked against a host tree. (In
// float the tree amplifies the last-bit differences of expf's ex2.approx across levels, so only
// double is compared with the GPU.)
#include <cstdio>
#include <cmath>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define MAXN 1024

template <typename T>
__global__ void binomial(const T* S, const T* X, const T* Tm, T R, T V, int N, T* out) {
  __shared__ T call[MAXN + 1];
  int o = blockIdx.x;
  T dt = Tm[o] / N, vdt = V * sqrt(dt), rdt = R * dt;
  T If = exp(rdt), Df = exp(-rdt);
  T u = exp(vdt), d = exp(-vdt), pu = (If - d) / (u - d), pd = (T)1 - pu;
  T puByDf = pu * Df, pdByDf = pd * Df;
  for (int i = threadIdx.x; i <= N; i += blockDim.x) {
    T price = S[o] * exp(vdt * (T)(2 * i - N));
    T v = price - X[o];
    call[i] = v > (T)0 ? v : (T)0;
  }
  __syncthreads();
  for (int lvl = N; lvl > 0; --lvl) {
    T nv[MAXN / 96 + 1];
    int k = 0;
    for (int i = threadIdx.x; i < lvl; i += blockDim.x) nv[k++] = puByDf * call[i + 1] + pdByDf * call[i];
    __syncthreads();
    k = 0;
    for (int i = threadIdx.x; i < lvl; i += blockDim.x) call[i] = nv[k++];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[o] = call[0];
}

template <typename T>
T host_tree(T S, T X, T Tm, T R, T V, int N) {
  static T call[MAXN + 1];
  T dt = Tm / N, vdt = V * std::sqrt(dt), rdt = R * dt;
  T If = std::exp(rdt), Df = std::exp(-rdt);
  T u = std::exp(vdt), d = std::exp(-vdt), pu = (If - d) / (u - d), pd = (T)1 - pu;
  for (int i = 0; i <= N; ++i) { T v = S * std::exp(vdt * (T)(2 * i - N)) - X; call[i] = v > 0 ? v : 0; }
  for (int lvl = N; lvl > 0; --lvl)
    for (int i = 0; i < lvl; ++i) call[i] = pu * Df * call[i + 1] + pd * Df * call[i];
  return call[0];
}

template <typename T>
int run(const char* name, int N, int threads) {
  const int NOPT = 12;
  T hS[NOPT], hX[NOPT], hT[NOPT], hout[NOPT];
  for (int i = 0; i < NOPT; ++i) { hS[i] = (T)(5 + 2.5 * i); hX[i] = (T)(1 + 3.0 * ((i * 7) % 11)); hT[i] = (T)(0.25 + 0.5 * (i % 5)); }
  T *S, *X, *Tm, *out;
  CK(cudaMalloc(&S, sizeof hS)); CK(cudaMalloc(&X, sizeof hX)); CK(cudaMalloc(&Tm, sizeof hT)); CK(cudaMalloc(&out, sizeof hout));
  CK(cudaMemcpy(S, hS, sizeof hS, cudaMemcpyHostToDevice)); CK(cudaMemcpy(X, hX, sizeof hX, cudaMemcpyHostToDevice)); CK(cudaMemcpy(Tm, hT, sizeof hT, cudaMemcpyHostToDevice));
  binomial<T><<<NOPT, threads>>>(S, X, Tm, (T)0.06, (T)0.10, N, out);
  CK(cudaGetLastError()); CK(cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost));
  double maxerr = 0;
  printf("%s N=%d threads=%d:", name, N, threads);
  for (int i = 0; i < NOPT; ++i) {
    T h = host_tree<T>(hS[i], hX[i], hT[i], (T)0.06, (T)0.10, N);
    double e = std::fabs((double)hout[i] - (double)h) / std::fmax(1.0, std::fabs((double)h));
    if (e > maxerr) maxerr = e;
    printf(" %.6f", (double)hout[i]);
  }
  printf("\n  host agreement: %s\n", maxerr < (sizeof(T) == 8 ? 1e-9 : 2e-3) ? "ok" : "BAD");
  cudaFree(S); cudaFree(X); cudaFree(Tm); cudaFree(out);
  return 0;
}

int main() {
  int Ns[] = {2, 17, 255, 1024};
  for (int n : Ns) { if (run<double>("double", n, 96)) return 1; if (run<double>("double", n, 256)) return 1; }
  return 0;
}
