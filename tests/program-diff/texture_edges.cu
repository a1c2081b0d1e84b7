// Normalized-coordinate addressing at its edges: wrap, mirror, clamp and border, point and linear
// filtering, on 1D float arrays of 12 and 16 texels, at coordinates on texel boundaries, texel
// centres and filter-weight ties (steps of 1/8 texel over [-2, 2] periods, steps of 1/512 texel
// around the period boundary at u = 1), far from the origin, and in steps of 2^-26 just above the
// first two texel boundaries (how many fractional bits of the coordinate count); prints every value.
#include <cstdio>
__global__ void fetch(cudaTextureObject_t t, const float* u, float* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex1D<float>(t, u[i]);
}
int main() {
  const int max_n = 4096;
  float *u, *o;
  cudaMallocManaged(&u, max_n * 4);
  cudaMallocManaged(&o, max_n * 4);
  for (int w : {12, 16}) {
    float h[16];
    for (int i = 0; i < w; i++) h[i] = (float)(1 + i * 3 + (i & 1) * 40);
    cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    cudaMallocArray(&a, &cf, w);
    cudaMemcpy2DToArray(a, 0, 0, h, w * 4, w * 4, 1, cudaMemcpyHostToDevice);
    // the coordinates
    int n = 0;
    for (int k = -2 * w * 8; k <= 2 * w * 8; k++) u[n++] = (float)k / (float)(w * 8);
    int fine = n;
    for (int k = -w * 512 / 16; k <= w * 512 / 16; k++) u[n++] = 1.0f + (float)k / (float)(w * 512);
    int far = n;
    const float big[] = {1000.3f, -1000.3f, 4097.0f, 4097.5f, 65537.03125f, -3.0f, 3.0f, 7.9999f, -7.9999f};
    for (float b : big) u[n++] = b;
    int prec = n;
    for (int j = 0; j <= 1024; j++) u[n++] = 1.0f / (float)w + (float)j * 0x1p-26f;
    int prec2 = n;
    for (int j = 0; j <= 1024; j++) u[n++] = 2.0f / (float)w + (float)j * 0x1p-25f;
    const cudaTextureAddressMode modes[4] = {cudaAddressModeWrap, cudaAddressModeMirror, cudaAddressModeClamp, cudaAddressModeBorder};
    const char* names[4] = {"wrap", "mirror", "clamp", "border"};
    for (int f = 0; f < 2; f++) for (int m = 0; m < 4; m++) {
      cudaResourceDesc rd = {};
      rd.resType = cudaResourceTypeArray;
      rd.res.array.array = a;
      cudaTextureDesc td = {};
      td.addressMode[0] = modes[m];
      td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
      td.readMode = cudaReadModeElementType;
      td.normalizedCoords = 1;
      cudaTextureObject_t t;
      cudaCreateTextureObject(&t, &rd, &td, nullptr);
      fetch<<<(n + 127) / 128, 128>>>(t, u, o, n);
      cudaDeviceSynchronize();
      printf("w %d %s %s coarse:", w, f ? "linear" : "point", names[m]);
      for (int i = 0; i < fine; i++) printf(" %.9g", o[i]);
      printf("\nw %d %s %s fine:", w, f ? "linear" : "point", names[m]);
      for (int i = fine; i < far; i++) printf(" %.9g", o[i]);
      printf("\nw %d %s %s far:", w, f ? "linear" : "point", names[m]);
      for (int i = far; i < prec; i++) printf(" %.9g", o[i]);
      printf("\n");
      if (f == 0 && m == 2) {
        printf("w %d point clamp precision:", w);
        for (int i = prec; i < prec2; i++) printf(" %.9g", o[i]);
        printf("\nw %d point clamp precision at the second boundary:", w);
        for (int i = prec2; i < n; i++) printf(" %.9g", o[i]);
        printf("\n");
      }
      cudaDestroyTextureObject(t);
    }
    cudaFreeArray(a);
  }
  return 0;
}
