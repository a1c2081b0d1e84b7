// 3D memory (Programming Guide, "Device Memory"): a host volume copied into a pitched 3D
// allocation with cudaMemcpy3D, a 7-point stencil over it, the interior copied back into a
// sub-box of a host volume with cudaMemcpy3DAsync; cudaMemset3D clears a halo.
#include "common.h"

__global__ void stencil(cudaPitchedPtr in, cudaPitchedPtr out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
  auto at = [&](cudaPitchedPtr p, int x, int y, int z) -> float& {
    return ((float*)((char*)p.ptr + (z * ny + y) * p.pitch))[x];
  };
  at(out, x, y, z) = at(in, x - 1, y, z) + at(in, x + 1, y, z) + at(in, x, y - 1, z) + at(in, x, y + 1, z) +
                     at(in, x, y, z - 1) + at(in, x, y, z + 1) - 6 * at(in, x, y, z);
}

int main() {
  const int nx = 20, ny = 12, nz = 9;
  float* h = new float[nx * ny * nz];
  for (int z = 0; z < nz; z++) for (int y = 0; y < ny; y++) for (int x = 0; x < nx; x++)
    h[(z * ny + y) * nx + x] = (float)(x * x + 2 * y * y + 3 * z * z);
  cudaExtent ext = make_cudaExtent(nx * sizeof(float), ny, nz);
  cudaPitchedPtr din, dout;
  CK(cudaMalloc3D(&din, ext));
  CK(cudaMalloc3D(&dout, ext));
  EXPECT(din.pitch >= nx * sizeof(float));
  CK(cudaMemset3D(dout, 0, ext));
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(h, nx * sizeof(float), nx, ny);
  p.dstPtr = din; p.extent = ext; p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  stencil<<<dim3(1, ny, nz), 32>>>(din, dout, nx, ny, nz);
  // Copy the interior (nx-2, ny-2, nz-2) into a host box at offset (1,1,1).
  float* r = new float[nx * ny * nz]();
  cudaMemcpy3DParms q = {};
  q.srcPtr = dout; q.srcPos = make_cudaPos(sizeof(float), 1, 1);
  q.dstPtr = make_cudaPitchedPtr(r, nx * sizeof(float), nx, ny); q.dstPos = make_cudaPos(sizeof(float), 1, 1);
  q.extent = make_cudaExtent((nx - 2) * sizeof(float), ny - 2, nz - 2); q.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3DAsync(&q, 0));
  CK(cudaStreamSynchronize(0));
  for (int z = 0; z < nz; z++) for (int y = 0; y < ny; y++) for (int x = 0; x < nx; x++) {
    bool inner = x > 0 && y > 0 && z > 0 && x < nx - 1 && y < ny - 1 && z < nz - 1;
    float want = inner ? 2.f + 4.f + 6.f : 0.f;  // Laplacian of x^2 + 2y^2 + 3z^2
    if (r[(z * ny + y) * nx + x] != want) { printf("FAIL at %d,%d,%d: %f\n", x, y, z, r[(z * ny + y) * nx + x]); return 1; }
  }
  CK(cudaFree(din.ptr)); CK(cudaFree(dout.ptr));
  printf("PASS\n");
  return 0;
}
