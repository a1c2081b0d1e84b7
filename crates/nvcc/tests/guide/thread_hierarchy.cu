// Programming model: thread hierarchy. The guide's MatAdd with 2D blocks and grids, a 3D grid of
// 3D blocks whose built-ins cover every index, and the thread-index formula x + y*Dx + z*Dx*Dy.
#include "guide.h"
#define N 48
__global__ void MatAdd(float A[N][N], float B[N][N], float C[N][N]) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < N && j < N) C[i][j] = A[i][j] + B[i][j];
}
struct Ids { unsigned tid, bid, bdim, gdim, linear; };
__global__ void ids(Ids* out) {
  unsigned t = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  unsigned b = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
  unsigned per = blockDim.x * blockDim.y * blockDim.z;
  Ids v{t, b, per, gridDim.x * gridDim.y * gridDim.z, b * per + t};
  out[b * per + t] = v;
}
int main() {
  static float A[N][N], B[N][N], C[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { A[i][j] = i * 0.5f; B[i][j] = j * 2.0f; }
  float(*dA)[N], (*dB)[N], (*dC)[N];
  CK(cudaMalloc(&dA, sizeof(A))); CK(cudaMalloc(&dB, sizeof(B))); CK(cudaMalloc(&dC, sizeof(C)));
  CK(cudaMemcpy(dA, A, sizeof(A), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dB, B, sizeof(B), cudaMemcpyHostToDevice));
  CK(cudaMemset(dC, 0, sizeof(C)));
  dim3 threadsPerBlock(16, 16);
  dim3 numBlocks(N / threadsPerBlock.x, N / threadsPerBlock.y);
  MatAdd<<<numBlocks, threadsPerBlock>>>(dA, dB, dC);
  CK(cudaGetLastError());
  CK(cudaMemcpy(C, dC, sizeof(C), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) ok &= C[i][j] == A[i][j] + B[i][j];
  check(ok, "MatAdd 2D grid of 16x16 blocks");

  dim3 grid(3, 2, 4), block(4, 3, 2);
  int total = 3 * 2 * 4 * 4 * 3 * 2;
  Ids* d;
  CK(cudaMalloc(&d, total * sizeof(Ids)));
  CK(cudaMemset(d, 0xff, total * sizeof(Ids)));
  ids<<<grid, block>>>(d);
  Ids* h = new Ids[total];
  CK(cudaMemcpy(h, d, total * sizeof(Ids), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < total; i++)
    ok &= h[i].linear == (unsigned)i && h[i].tid == (unsigned)(i % 24) && h[i].bid == (unsigned)(i / 24) &&
          h[i].bdim == 24 && h[i].gdim == 24;
  check(ok, "3D grid of 3D blocks: every (block, thread) index once");
  delete[] h;
  CK(cudaFree(dA)); CK(cudaFree(dB)); CK(cudaFree(dC)); CK(cudaFree(d));
  return finish();
}
