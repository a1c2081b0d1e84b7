// Warp shuffle functions: the guide's examples — broadcast with __shfl_sync, inclusive plus-scan with
// __shfl_up_sync over width 8 subsections, butterfly reduction with __shfl_xor_sync — plus
// __shfl_down_sync reduction on float, double and long long, and an out-of-range source lane.
#include "guide.h"
__global__ void bcast(int arg, int* out) {
  int laneId = threadIdx.x & 0x1f;
  int value;
  if (laneId == 0) value = arg;
  value = __shfl_sync(0xffffffff, value, 0);
  out[threadIdx.x] = value;
}
__global__ void scan4(int* out) {
  int laneId = threadIdx.x & 0x1f;
  int value = 31 - laneId;
  for (int i = 1; i <= 4; i *= 2) {
    int n = __shfl_up_sync(0xffffffff, value, i, 8);
    if ((laneId & 7) >= i) value += n;
  }
  out[threadIdx.x] = value;
}
__global__ void warpReduce(int* out) {
  int laneId = threadIdx.x & 0x1f;
  int value = 31 - laneId;
  for (int i = 16; i >= 1; i /= 2) value += __shfl_xor_sync(0xffffffff, value, i, 32);
  out[threadIdx.x] = value;
}
__global__ void down(const float* f, const double* d, const long long* l, float* of, double* od, long long* ol) {
  float a = f[threadIdx.x]; double b = d[threadIdx.x]; long long c = l[threadIdx.x];
  for (int off = 16; off > 0; off /= 2) {
    a += __shfl_down_sync(0xffffffff, a, off);
    b += __shfl_down_sync(0xffffffff, b, off);
    c += __shfl_down_sync(0xffffffff, c, off);
  }
  if ((threadIdx.x & 31) == 0) { of[threadIdx.x / 32] = a; od[threadIdx.x / 32] = b; ol[threadIdx.x / 32] = c; }
}
__global__ void widths(int* out) {
  int lane = threadIdx.x & 31;
  // Source lane beyond width wraps within the subsection (srcLane % width).
  out[threadIdx.x] = __shfl_sync(0xffffffff, lane * 10, 5 + 16, 16);
  // shfl_down past the end keeps the caller's value.
  out[32 + threadIdx.x] = __shfl_down_sync(0xffffffff, lane, 3, 8);
  out[64 + threadIdx.x] = __shfl_xor_sync(0xffffffff, lane, 5, 4);
}
int main() {
  int *d, h[96];
  CK(cudaMalloc(&d, 96 * sizeof(int)));
  bcast<<<1, 32>>>(1234, d);
  CK(cudaMemcpy(h, d, 32 * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 32; i++) ok &= h[i] == 1234;
  check(ok, "__shfl_sync broadcast from lane 0");
  scan4<<<1, 32>>>(d);
  CK(cudaMemcpy(h, d, 32 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int l = 0; l < 32; l++) {
    int s = 0;
    for (int j = l & ~7; j <= l; j++) s += 31 - j;
    ok &= h[l] == s;
  }
  check(ok, "__shfl_up_sync inclusive scan in 8-lane subsections");
  warpReduce<<<1, 32>>>(d);
  CK(cudaMemcpy(h, d, 32 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < 32; i++) ok &= h[i] == 496;
  check(ok, "__shfl_xor_sync butterfly: every lane has the sum");
  const int T = 128;
  float hf[T]; double hd[T]; long long hl[T];
  for (int i = 0; i < T; i++) { hf[i] = i * 0.5f; hd[i] = i * 1e-3; hl[i] = (long long)i << 33; }
  float *df, *of; double *dd, *od; long long *dl, *ol;
  CK(cudaMalloc(&df, sizeof(hf))); CK(cudaMalloc(&dd, sizeof(hd))); CK(cudaMalloc(&dl, sizeof(hl)));
  CK(cudaMalloc(&of, 16)); CK(cudaMalloc(&od, 32)); CK(cudaMalloc(&ol, 32));
  CK(cudaMemcpy(df, hf, sizeof(hf), cudaMemcpyHostToDevice)); CK(cudaMemcpy(dd, hd, sizeof(hd), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dl, hl, sizeof(hl), cudaMemcpyHostToDevice));
  down<<<1, T>>>(df, dd, dl, of, od, ol);
  float rf[4]; double rd[4]; long long rl[4];
  CK(cudaMemcpy(rf, of, 16, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rd, od, 32, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rl, ol, 32, cudaMemcpyDeviceToHost));
  ok = true;
  for (int w = 0; w < 4; w++) {
    // Reproduce the tree order on the host for float/double (lane 0's value after the steps).
    float a[32]; double b[32]; long long c = 0;
    for (int l = 0; l < 32; l++) { a[l] = hf[w * 32 + l]; b[l] = hd[w * 32 + l]; c += hl[w * 32 + l]; }
    for (int off = 16; off > 0; off /= 2)
      for (int l = 0; l < 32; l++) if (l + off < 32) { a[l] += a[l + off]; b[l] += b[l + off]; } else { a[l] += a[l]; b[l] += b[l]; }
    ok &= rf[w] == a[0] && rd[w] == b[0] && rl[w] == c;
  }
  check(ok, "__shfl_down_sync reduction of float, double, long long");
  widths<<<1, 32>>>(d);
  CK(cudaMemcpy(h, d, 96 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int l = 0; l < 32; l++) {
    ok &= h[l] == ((l & ~15) + 5) * 10;
    ok &= h[32 + l] == ((l & 7) + 3 < 8 ? l + 3 : l);
    // xor reaching a later subsection returns the caller's own value; an earlier one is readable.
    ok &= h[64 + l] == ((l ^ 5) > ((l & ~3) | 3) ? l : (l ^ 5));
  }
  check(ok, "width: srcLane wraps in the subsection, shfl_down keeps own value at the edge, xor into a later subsection keeps own value");
  return finish();
}
