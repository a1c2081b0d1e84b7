// cudaMemcpy3D with CUDA arrays where the box does not fit: the extent past the array in x, y and
// z, a position past it, a position plus extent one past the edge, an extent of zero in each
// dimension, a linear side whose pitch is below the row, a linear side's ysize below the height,
// both an array and a pointer given for one side, neither given, a 2D array copied with depth 1
// and 2, a layered array (depth = layers) and one layer past, array to array with the boxes at
// offsets, cudaMemcpy3DAsync with a bad kind, and cudaMemcpy3DPeer with a bad device; each: the
// error, cudaGetLastError after it, and a checksum of the array read back in full.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define W 8
#define H 4
#define D 3

static void r(const char *what, cudaError_t e) {
  cudaError_t l = cudaGetLastError();
  printf("%-44s -> %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}

static unsigned sum_array(cudaArray_t a, int w, int h, int d) {
  static int buf[W * H * D * 4];
  memset(buf, 0, sizeof buf);
  cudaMemcpy3DParms p = {};
  p.srcArray = a;
  p.dstPtr = make_cudaPitchedPtr(buf, w * 4, w, h);
  p.extent = make_cudaExtent(w, h, d);
  p.kind = cudaMemcpyDeviceToHost;
  cudaError_t e = cudaMemcpy3D(&p);
  if (e != cudaSuccess) {
    printf("  (read back failed: %s)\n", cudaGetErrorName(e));
    cudaGetLastError();
    return 0;
  }
  unsigned s = 0;
  for (int i = 0; i < w * h * d; i++) s = s * 31u + (unsigned)buf[i];
  return s;
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<int>();
  cudaArray_t a3, a2, al, b3;
  r("Malloc3DArray 8x4x3", cudaMalloc3DArray(&a3, &cd, make_cudaExtent(W, H, D)));
  r("Malloc3DArray 8x4x3 (second)", cudaMalloc3DArray(&b3, &cd, make_cudaExtent(W, H, D)));
  r("Malloc3DArray 8x4 (2D)", cudaMalloc3DArray(&a2, &cd, make_cudaExtent(W, H, 0)));
  r("Malloc3DArray 8x4 layered 3", cudaMalloc3DArray(&al, &cd, make_cudaExtent(W, H, D), cudaArrayLayered));
  static int src[W * H * D * 4];
  for (int i = 0; i < W * H * D * 4; i++) src[i] = i + 1;

  struct Case {
    const char *name;
    int ex, ey, ez, px, py, pz;
    size_t pitch, ysize;
  } cases[] = {
      {"full box", W, H, D, 0, 0, 0, W * 4, H},
      {"x past", W + 1, H, D, 0, 0, 0, (W + 1) * 4, H},
      {"y past", W, H + 1, D, 0, 0, 0, W * 4, H + 1},
      {"z past", W, H, D + 1, 0, 0, 0, W * 4, H},
      {"pos x 1 + full width", W, 1, 1, 1, 0, 0, W * 4, 1},
      {"pos y 3 + 2 rows", 2, 2, 1, 0, 3, 0, W * 4, 2},
      {"pos z 2 + 2 slices", 2, 1, 2, 0, 0, 2, W * 4, 1},
      {"pos x 8 (the edge), width 0", 0, 1, 1, W, 0, 0, W * 4, 1},
      {"pos past x, width 1", 1, 1, 1, W, 0, 0, W * 4, 1},
      {"extent x 0", 0, H, D, 0, 0, 0, W * 4, H},
      {"extent y 0", W, 0, D, 0, 0, 0, W * 4, H},
      {"extent z 0", W, H, 0, 0, 0, 0, W * 4, H},
      {"pitch below the row", W, H, 1, 0, 0, 0, W * 4 - 4, H},
      {"ysize below the height", W, H, 2, 0, 0, 0, W * 4, H - 1},
      {"corner box 3x2x1 at (5,2,2)", 3, 2, 1, 5, 2, 2, 3 * 4, 2},
  };
  for (auto &c : cases) {
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(src, c.pitch, c.ex, c.ysize);
    p.dstArray = a3;
    p.dstPos = make_cudaPos(c.px, c.py, c.pz);
    p.extent = make_cudaExtent(c.ex, c.ey, c.ez);
    p.kind = cudaMemcpyHostToDevice;
    char label[96];
    snprintf(label, sizeof label, "H2A %s", c.name);
    r(label, cudaMemcpy3D(&p));
    printf("  array sum %08x\n", sum_array(a3, W, H, D));
  }
  {
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(src, W * 4, W, H);
    p.srcArray = b3;
    p.dstArray = a3;
    p.extent = make_cudaExtent(W, H, 1);
    p.kind = cudaMemcpyHostToDevice;
    r("src has both an array and a pointer", cudaMemcpy3D(&p));
  }
  {
    cudaMemcpy3DParms p = {};
    p.dstArray = a3;
    p.extent = make_cudaExtent(W, H, 1);
    p.kind = cudaMemcpyHostToDevice;
    r("src has neither", cudaMemcpy3D(&p));
  }
  {
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(src, W * 4, W, H);
    p.dstArray = a2;
    p.extent = make_cudaExtent(W, H, 1);
    p.kind = cudaMemcpyHostToDevice;
    r("2D array, depth 1", cudaMemcpy3D(&p));
    printf("  array sum %08x\n", sum_array(a2, W, H, 1));
    p.extent = make_cudaExtent(W, H, 2);
    r("2D array, depth 2", cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(W, H, 0);
    r("2D array, depth 0", cudaMemcpy3D(&p));
  }
  {
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(src, W * 4, W, H);
    p.dstArray = al;
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyHostToDevice;
    r("layered, depth = layers", cudaMemcpy3D(&p));
    printf("  array sum %08x\n", sum_array(al, W, H, D));
    p.extent = make_cudaExtent(W, H, D + 1);
    r("layered, one layer past", cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(W, H, 1);
    p.dstPos = make_cudaPos(0, 0, D - 1);
    r("layered, last layer only", cudaMemcpy3D(&p));
  }
  {
    cudaMemcpy3DParms p = {};
    p.srcArray = a3;
    p.srcPos = make_cudaPos(1, 1, 1);
    p.dstArray = b3;
    p.dstPos = make_cudaPos(4, 0, 0);
    p.extent = make_cudaExtent(4, 3, 2);
    p.kind = cudaMemcpyDeviceToDevice;
    r("A2A 4x3x2 (1,1,1)->(4,0,0)", cudaMemcpy3D(&p));
    printf("  array sum %08x\n", sum_array(b3, W, H, D));
    p.dstPos = make_cudaPos(5, 0, 0);
    r("A2A dst x past", cudaMemcpy3D(&p));
    p.dstPos = make_cudaPos(0, 0, 0);
    p.srcPos = make_cudaPos(0, 0, 2);
    r("A2A src z past", cudaMemcpy3D(&p));
    p.srcPos = make_cudaPos(0, 0, 0);
    p.kind = cudaMemcpyHostToDevice;
    r("A2A kind H2D", cudaMemcpy3D(&p));
    p.kind = cudaMemcpyDefault;
    r("A2A kind Default", cudaMemcpy3D(&p));
    p.kind = (cudaMemcpyKind)7;
    r("A2A kind 7", cudaMemcpy3D(&p));
    r("A2A async kind 7", cudaMemcpy3DAsync(&p, 0));
  }
  {
    cudaMemcpy3DPeerParms pp = {};
    pp.srcArray = a3;
    pp.srcDevice = 0;
    pp.dstArray = b3;
    pp.dstDevice = 1;
    pp.extent = make_cudaExtent(W, H, D);
    r("Peer dst device 1", cudaMemcpy3DPeer(&pp));
    pp.dstDevice = 0;
    r("Peer both device 0", cudaMemcpy3DPeer(&pp));
    pp.srcDevice = -1;
    r("Peer src device -1", cudaMemcpy3DPeer(&pp));
  }
  r("DeviceSynchronize", cudaDeviceSynchronize());
  return 0;
}
