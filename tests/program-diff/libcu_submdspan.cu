// flags: -std=c++20 --expt-relaxed-constexpr
// cuda::std::mdspan as numerical kernels view arrays: a row-major matrix and its column-major
// transpose written through layout_right/layout_left views over global memory, submdspan with
// full_extent, index pairs and strided_slice (a block of a matrix, one column, every other row),
// extents mixing static and dynamic sizes, mapping().stride() and required_span_size() of each
// slice, a layout_stride view of a 3-D array's plane, and a tiled multiply over submdspans.
#include <cstdio>
#include <cuda/std/mdspan>
#include <cuda/std/array>

namespace stdex = cuda::std;
using Mat = stdex::mdspan<float, stdex::dextents<int, 2>>;
using MatL = stdex::mdspan<float, stdex::dextents<int, 2>, stdex::layout_left>;

__global__ void transpose(const float* a, float* b, int rows, int cols) {
  Mat A(const_cast<float*>(a), rows, cols);
  MatL B(b, cols, rows);  // b is column-major cols x rows, so B(j,i) at b[j + i*cols]
  int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows && j < cols) B(j, i) = A(i, j);
}

__global__ void slices(const float* a, float* out, int* meta, int rows, int cols) {
  Mat A(const_cast<float*>(a), rows, cols);
  auto block = stdex::submdspan(A, stdex::pair<int, int>{2, 6}, stdex::pair<int, int>{1, 4});
  auto col = stdex::submdspan(A, stdex::full_extent, 3);
  auto odd = stdex::submdspan(A, stdex::strided_slice<int, int, int>{1, rows - 1, 2}, stdex::full_extent);
  int t = threadIdx.x;
  if (t < block.extent(0) * block.extent(1)) out[t] = block(t / block.extent(1), t % block.extent(1));
  if (t < col.extent(0)) out[64 + t] = col(t);
  if (t < odd.extent(0)) out[128 + t] = odd(t, cols - 1);
  if (t == 0) {
    meta[0] = block.extent(0); meta[1] = block.extent(1); meta[2] = block.stride(0); meta[3] = block.stride(1);
    meta[4] = col.extent(0); meta[5] = col.stride(0); meta[6] = odd.extent(0); meta[7] = odd.stride(0);
    meta[8] = (int)block.mapping().required_span_size(); meta[9] = (int)odd.mapping().required_span_size();
    meta[10] = block.is_exhaustive(); meta[11] = odd.is_exhaustive();
    stdex::mdspan<float, stdex::extents<int, 4, stdex::dynamic_extent, 5>> V(const_cast<float*>(a), 3);
    stdex::layout_stride::mapping<stdex::dextents<int, 2>> plane(stdex::dextents<int, 2>(4, 5), stdex::array<int, 2>{15, 1});
    stdex::mdspan<float, stdex::dextents<int, 2>, stdex::layout_stride> P(const_cast<float*>(a) + 5, plane);
    meta[12] = V.extent(1); meta[13] = (int)V(3, 2, 4); meta[14] = (int)P(2, 3); meta[15] = (int)P.mapping().required_span_size();
  }
}

template <int T>
__global__ void tiledMul(const float* a, const float* b, float* c, int n) {
  Mat A(const_cast<float*>(a), n, n), B(const_cast<float*>(b), n, n), C(c, n, n);
  int ti = blockIdx.y * T, tj = blockIdx.x * T;
  auto Ct = stdex::submdspan(C, stdex::pair<int, int>{ti, ti + T}, stdex::pair<int, int>{tj, tj + T});
  float acc = 0;
  for (int k0 = 0; k0 < n; k0 += T) {
    auto At = stdex::submdspan(A, stdex::pair<int, int>{ti, ti + T}, stdex::pair<int, int>{k0, k0 + T});
    auto Bt = stdex::submdspan(B, stdex::pair<int, int>{k0, k0 + T}, stdex::pair<int, int>{tj, tj + T});
    for (int k = 0; k < T; k++) acc += At(threadIdx.y, k) * Bt(k, threadIdx.x);
  }
  Ct(threadIdx.y, threadIdx.x) = acc;
}

int main() {
  const int R = 9, C = 7;
  float h[R * C];
  for (int i = 0; i < R * C; i++) h[i] = (float)i;
  float *da, *db, *dout; int* dmeta;
  cudaMalloc(&da, 4096); cudaMalloc(&db, 4096); cudaMalloc(&dout, 1024); cudaMalloc(&dmeta, 64);
  cudaMemcpy(da, h, sizeof h, cudaMemcpyHostToDevice);
  transpose<<<dim3(1, 2), dim3(8, 8)>>>(da, db, R, C);
  float t[R * C];
  cudaMemcpy(t, db, sizeof t, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) if (t[j + i * C] != h[i * C + j]) bad++;
  printf("transpose bad=%d t[1]=%g t[7]=%g\n", bad, t[1], t[7]);
  slices<<<1, 64>>>(da, dout, dmeta, R, C);
  float o[256]; int meta[16];
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost); cudaMemcpy(meta, dmeta, 64, cudaMemcpyDeviceToHost);
  printf("block:"); for (int i = 0; i < 12; i++) printf(" %g", o[i]); printf("\n");
  printf("col3:"); for (int i = 0; i < R; i++) printf(" %g", o[64 + i]); printf("\n");
  printf("odd rows last col:"); for (int i = 0; i < meta[6]; i++) printf(" %g", o[128 + i]); printf("\n");
  printf("meta:"); for (int i = 0; i < 16; i++) printf(" %d", meta[i]); printf("\n");
  const int N = 32;
  float A[N * N], B[N * N];
  for (int i = 0; i < N * N; i++) { A[i] = (float)((i * 7) % 5 - 2); B[i] = (float)((i * 3) % 7 - 3); }
  float* dc; cudaMalloc(&dc, sizeof A);
  cudaMemcpy(da, A, sizeof A, cudaMemcpyHostToDevice); cudaMemcpy(db, B, sizeof B, cudaMemcpyHostToDevice);
  tiledMul<8><<<dim3(N / 8, N / 8), dim3(8, 8)>>>(da, db, dc, N);
  float Cm[N * N]; cudaMemcpy(Cm, dc, sizeof Cm, cudaMemcpyDeviceToHost);
  bad = 0; double sum = 0;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { float s = 0; for (int k = 0; k < N; k++) s += A[i * N + k] * B[k * N + j]; if (s != Cm[i * N + j]) bad++; sum += Cm[i * N + j]; }
  printf("tiled multiply bad=%d sum=%g err=%s\n", bad, sum, cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
