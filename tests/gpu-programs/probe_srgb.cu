// How an H100 decodes sRGB texels and filters them (output in probe_srgb.txt): every 8-bit code
// point-sampled, then a few blends of two codes at several weights.
#include <cstdio>
__global__ void fetch(cudaTextureObject_t t, const float* xs, float* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex1D<float4>(t, xs[i]).x;
}
static void run(unsigned char* codes, int w, const float* hx, int n, bool linear, float* out) {
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a; cudaMallocArray(&a, &cf, w);
  unsigned char* px = new unsigned char[w * 4];
  for (int i = 0; i < w; i++) { px[i * 4] = codes[i]; px[i * 4 + 1] = px[i * 4 + 2] = 0; px[i * 4 + 3] = 255; }
  cudaMemcpy2DToArray(a, 0, 0, px, w * 4, w * 4, 1, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
  cudaTextureDesc td = {}; td.addressMode[0] = cudaAddressModeClamp; td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
  td.readMode = cudaReadModeNormalizedFloat; td.sRGB = 1;
  cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, nullptr);
  float *dx, *dout; cudaMalloc(&dx, n * 4); cudaMalloc(&dout, n * 4); cudaMemcpy(dx, hx, n * 4, cudaMemcpyHostToDevice);
  fetch<<<(n + 127) / 128, 128>>>(t, dx, dout, n); cudaMemcpy(out, dout, n * 4, cudaMemcpyDeviceToHost);
  cudaDestroyTextureObject(t); cudaFreeArray(a); cudaFree(dx); cudaFree(dout); delete[] px;
}
int main() {
  unsigned char codes[256]; float xs[256], out[256];
  for (int i = 0; i < 256; i++) { codes[i] = i; xs[i] = i + 0.5f; }
  run(codes, 256, xs, 256, false, out);
  for (int i = 0; i < 256; i++) printf("code %d %a\n", i, out[i]);
  unsigned char pair[2][2] = {{10, 200}, {128, 30}};
  for (int p = 0; p < 2; p++) {
    float bx[9]; for (int k = 0; k < 9; k++) bx[k] = 0.5f + k / 8.0f;
    run(pair[p], 2, bx, 9, true, out);
    for (int k = 0; k < 9; k++) printf("blend %d %d w %d/8 %a\n", pair[p][0], pair[p][1], k, out[k]);
  }
  return 0;
}
