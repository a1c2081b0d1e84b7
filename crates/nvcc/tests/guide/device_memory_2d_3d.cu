// Device memory: linear memory from cudaMalloc, cudaMallocPitch + cudaMemcpy2D and the guide's
// pitched-row loop, cudaMalloc3D + cudaMemcpy3D and the pitched-pointer slice loop, cudaMemset2D/3D.
#include "guide.h"
__global__ void MyKernel2D(float* devPtr, size_t pitch, int width, int height) {
  for (int r = 0; r < height; ++r) {
    float* row = (float*)((char*)devPtr + r * pitch);
    for (int c = threadIdx.x; c < width; c += blockDim.x) row[c] = row[c] * 2 + r;
  }
}
__global__ void MyKernel3D(cudaPitchedPtr devPitchedPtr, int width, int height, int depth) {
  char* devPtr = (char*)devPitchedPtr.ptr;
  size_t pitch = devPitchedPtr.pitch;
  size_t slicePitch = pitch * height;
  for (int z = 0; z < depth; ++z) {
    char* slice = devPtr + z * slicePitch;
    for (int y = threadIdx.y; y < height; y += blockDim.y) {
      float* row = (float*)(slice + y * pitch);
      for (int x = threadIdx.x; x < width; x += blockDim.x) row[x] += x + 10 * y + 100 * z;
    }
  }
}
int main() {
  const int width = 37, height = 19;
  float* devPtr; size_t pitch;
  CK(cudaMallocPitch((void**)&devPtr, &pitch, width * sizeof(float), height));
  check(pitch >= width * sizeof(float), "cudaMallocPitch pitch covers a row");
  float h[height][width], back[height][width];
  for (int r = 0; r < height; r++) for (int c = 0; c < width; c++) h[r][c] = r * 100 + c;
  CK(cudaMemcpy2D(devPtr, pitch, h, width * sizeof(float), width * sizeof(float), height, cudaMemcpyHostToDevice));
  MyKernel2D<<<1, 64>>>(devPtr, pitch, width, height);
  CK(cudaMemcpy2D(back, width * sizeof(float), devPtr, pitch, width * sizeof(float), height, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int r = 0; r < height; r++) for (int c = 0; c < width; c++) ok &= back[r][c] == h[r][c] * 2 + r;
  check(ok, "cudaMallocPitch + cudaMemcpy2D + pitched kernel");
  // cudaMemset2D only touches width bytes of each row.
  CK(cudaMemset2D(devPtr, pitch, 0, 5 * sizeof(float), height));
  CK(cudaMemcpy2D(back, width * sizeof(float), devPtr, pitch, width * sizeof(float), height, cudaMemcpyDeviceToHost));
  ok = true;
  for (int r = 0; r < height; r++) for (int c = 0; c < width; c++) ok &= back[r][c] == (c < 5 ? 0.f : h[r][c] * 2 + r);
  check(ok, "cudaMemset2D clears only the given width");

  const int W = 10, H = 6, D = 5;
  cudaExtent extent = make_cudaExtent(W * sizeof(float), H, D);
  cudaPitchedPtr p;
  CK(cudaMalloc3D(&p, extent));
  CK(cudaMemset3D(p, 0, extent));
  static float h3[D][H][W];
  for (int z = 0; z < D; z++) for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) h3[z][y][x] = 0.5f;
  cudaMemcpy3DParms cp = {};
  cp.srcPtr = make_cudaPitchedPtr(h3, W * sizeof(float), W, H);
  cp.dstPtr = p; cp.extent = extent; cp.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&cp));
  MyKernel3D<<<1, dim3(8, 4)>>>(p, W, H, D);
  static float r3[D][H][W];
  cudaMemcpy3DParms back3 = {};
  back3.srcPtr = p; back3.dstPtr = make_cudaPitchedPtr(r3, W * sizeof(float), W, H);
  back3.extent = extent; back3.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&back3));
  ok = true;
  for (int z = 0; z < D; z++) for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) ok &= r3[z][y][x] == 0.5f + x + 10 * y + 100 * z;
  check(ok, "cudaMalloc3D + cudaMemcpy3D + slice-pitch kernel");
  // A sub-box copy with srcPos/dstPos: copy a 3x2x2 box from (1,1,1) of the device volume to (0,0,0) of a host box.
  float box[2][2][3];
  cudaMemcpy3DParms sub = {};
  sub.srcPtr = p; sub.srcPos = make_cudaPos(1 * sizeof(float), 1, 1);
  sub.dstPtr = make_cudaPitchedPtr(box, 3 * sizeof(float), 3, 2);
  sub.extent = make_cudaExtent(3 * sizeof(float), 2, 2); sub.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&sub));
  ok = true;
  for (int z = 0; z < 2; z++) for (int y = 0; y < 2; y++) for (int x = 0; x < 3; x++) ok &= box[z][y][x] == r3[z + 1][y + 1][x + 1];
  check(ok, "cudaMemcpy3D with srcPos selects a sub-box");
  CK(cudaFree(devPtr)); CK(cudaFree(p.ptr));
  return finish();
}
