// Trilinear filtering weights of a 3D float texture: a 2x2x2 texture holding 1.0 at one corner
// and 0 elsewhere, for each corner in turn, sampled at every triple of the fractions 1, 3, 37,
// 64, 100, 128, 200, 255 (in 256ths, exact in the coordinates), so each result is one corner's
// weight; printed as bits (an H200 forms the weights in 256ths summing to exactly 1).
#include <cstdio>
#include <cstring>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void s3(cudaTextureObject_t t, const float* xs, float* o, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = tex3D<float>(t, xs[3 * i], xs[3 * i + 1], xs[3 * i + 2]); }

static cudaTextureObject_t mk(cudaArray_t a, bool linear) {
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
  cudaTextureDesc td = {}; td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
  td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint; td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, nullptr); return t;
}

int main() {
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  float *dx, *dout; CK(cudaMallocManaged(&dx, 3 * 8192 * 4)); CK(cudaMallocManaged(&dout, 8192 * 4));
  {
    cudaArray_t a; CK(cudaMalloc3DArray(&a, &d, make_cudaExtent(2, 2, 2)));
    const int fr[8] = {1, 3, 37, 64, 100, 128, 200, 255};
    for (int c = 0; c < 8; ++c) {
      float h[8] = {}; h[c] = 1.0f;
      cudaMemcpy3DParms p = {}; p.srcPtr = make_cudaPitchedPtr(h, 8, 2, 2); p.dstArray = a; p.extent = make_cudaExtent(2, 2, 2); p.kind = cudaMemcpyHostToDevice;
      CK(cudaMemcpy3D(&p));
      cudaTextureObject_t t = mk(a, true);
      int n = 0;
      for (int i = 0; i < 8; ++i) for (int j = 0; j < 8; ++j) for (int k = 0; k < 8; ++k) { dx[3 * n] = 0.5f + fr[i] / 256.0f; dx[3 * n + 1] = 0.5f + fr[j] / 256.0f; dx[3 * n + 2] = 0.5f + fr[k] / 256.0f; ++n; }
      s3<<<4, 128>>>(t, dx, dout, n); CK(cudaDeviceSynchronize());
      printf("C%d", c); for (int i = 0; i < n; ++i) { unsigned u; memcpy(&u, &dout[i], 4); printf(" %08x", u); } printf("\n");
      cudaDestroyTextureObject(t);
    }
    cudaFreeArray(a);
  }
  return 0;
}
