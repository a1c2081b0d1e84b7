// Texture objects over a CUDA array: point and linear filtering, clamp/wrap/mirror/border,
// normalized coordinates, element-type and normalized-float reads; prints the fetched values.
#include <cstdio>
__global__ void fetch(cudaTextureObject_t t, float* o, int n, float sx, float sy, float ox, float oy) {
  int i = threadIdx.x; if (i >= n) return;
  o[i] = tex2D<float>(t, ox + i * sx, oy + i * sy);
}
__global__ void fetch_u8(cudaTextureObject_t t, float* o, int n) {
  int i = threadIdx.x; if (i >= n) return;
  o[i] = tex1D<float>(t, i * 0.37f - 1.3f);
}
int main() {
  const int W = 8, H = 6; float h[W * H]; for (int i = 0; i < W * H; i++) h[i] = (float)((i * 7) % 11) + 0.25f * (i % 3);
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>(); cudaArray_t a; cudaMallocArray(&a, &cf, W, H);
  cudaMemcpy2DToArray(a, 0, 0, h, W * 4, W * 4, H, cudaMemcpyHostToDevice);
  float* o; cudaMallocManaged(&o, 64 * 4);
  cudaTextureAddressMode modes[4] = {cudaAddressModeClamp, cudaAddressModeWrap, cudaAddressModeMirror, cudaAddressModeBorder};
  for (int filt = 0; filt < 2; filt++) for (int m = 0; m < 4; m++) for (int norm = 0; norm < 2; norm++) {
    if (!norm && (m == 1 || m == 2)) continue;  // wrap and mirror need normalized coordinates
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
    cudaTextureDesc td = {}; td.addressMode[0] = td.addressMode[1] = modes[m]; td.filterMode = filt ? cudaFilterModeLinear : cudaFilterModePoint;
    td.readMode = cudaReadModeElementType; td.normalizedCoords = norm;
    cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, nullptr);
    if (norm) fetch<<<1, 64>>>(t, o, 64, 0.0371f, 0.0213f, -0.61f, -0.33f); else fetch<<<1, 64>>>(t, o, 64, 0.2917f, 0.1103f, -2.7f, -1.1f);
    cudaDeviceSynchronize();
    printf("filter %d mode %d norm %d:", filt, m, norm); for (int i = 0; i < 64; i += 3) printf(" %.9g", o[i]); printf("\n");
    cudaDestroyTextureObject(t);
  }
  unsigned char hb[16]; for (int i = 0; i < 16; i++) hb[i] = (unsigned char)(i * 17);
  cudaChannelFormatDesc cb = cudaCreateChannelDesc<unsigned char>(); cudaArray_t b; cudaMallocArray(&b, &cb, 16);
  cudaMemcpy2DToArray(b, 0, 0, hb, 16, 16, 1, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = b;
  cudaTextureDesc td = {}; td.addressMode[0] = cudaAddressModeClamp; td.filterMode = cudaFilterModeLinear; td.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, nullptr);
  fetch_u8<<<1, 64>>>(t, o, 64); cudaDeviceSynchronize();
  printf("u8 linear normalized:"); for (int i = 0; i < 64; i += 2) printf(" %.9g", o[i]); printf("\n");
  return 0;
}
