// 2D textures over a CUDA array of float and uchar (normalized): every address
// mode with point and linear filtering, normalized and unnormalized coordinates, at coordinates
// swept in 1/64 steps across and beyond the edges; results as exact bits.
#include <cstdio>
#include <cuda_runtime.h>
#define W 5
#define HH 3
#define NC 97
__global__ void sample(cudaTextureObject_t t, bool norm, int kind, unsigned *o) {
  int i = threadIdx.x;  // coordinate index
  int j = blockIdx.x;   // row index
  float u = (i - 48) / 64.0f * (norm ? 0.25f : 1.0f) + (norm ? 0.5f : W / 2.0f) + (i % 3) * 0.37f * (norm ? 1.0f / W : 1.0f);
  float v = (j - 8) / 4.0f * (norm ? 1.0f / HH : 1.0f) + (norm ? 0.0f : 0.5f);
  float r;
  if (kind == 2) { float2 f = tex2D<float2>(t, u, v); r = f.x + 2 * f.y; }
  else r = tex2D<float>(t, u, v);
  o[j * NC + i] = __float_as_uint(r);
}
template <class T>
void run(const char *name, cudaChannelFormatDesc cd, const T *data, cudaTextureReadMode rm, int kind) {
  cudaArray_t arr;
  cudaMallocArray(&arr, &cd, W, HH);
  cudaMemcpy2DToArray(arr, 0, 0, data, W * sizeof(T), W * sizeof(T), HH, cudaMemcpyHostToDevice);
  unsigned *o; cudaMallocManaged(&o, 17 * NC * 4);
  const cudaTextureAddressMode modes[] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror, cudaAddressModeBorder};
  const char *mn[] = {"wrap", "clamp", "mirror", "border"};
  for (int norm = 0; norm < 2; norm++)
    for (int m = 0; m < 4; m++)
      for (int f = 0; f < 2; f++) {
        if (!norm && (m == 0 || m == 2)) continue;  // wrap and mirror need normalized coordinates
        if (kind == 0 && f == 1 && rm == cudaReadModeElementType && false) continue;
        cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = arr;
        cudaTextureDesc td = {};
        td.addressMode[0] = modes[m]; td.addressMode[1] = modes[(m + 1) % 4 == 0 && !norm ? 1 : m];
        td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
        td.readMode = rm; td.normalizedCoords = norm;
        td.borderColor[0] = 0.75f; td.borderColor[1] = -0.5f;
        cudaTextureObject_t t;
        cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
        if (e) { printf("%s %s %s %s: create %s\n", name, mn[m], f ? "linear" : "point", norm ? "norm" : "unnorm", cudaGetErrorString(e)); continue; }
        sample<<<17, NC>>>(t, norm, kind, o);
        e = cudaDeviceSynchronize();
        printf("%s %s %s %s: %s\n", name, mn[m], f ? "linear" : "point", norm ? "norm" : "unnorm", cudaGetErrorString(e));
        for (int j = 0; j < 17; j += 2) {
          unsigned h = 2166136261u;
          for (int i = 0; i < NC; i++) h = (h ^ o[j * NC + i]) * 16777619u;
          printf(" r%d %08x:", j, h);
          for (int i = 0; i < NC; i += 6) printf(" %x", o[j * NC + i]);
          printf("\n");
        }
        cudaDestroyTextureObject(t);
      }
  cudaFreeArray(arr); cudaFree(o);
}
int main() {
  float fd[W * HH]; unsigned char ud[W * HH]; short2 sd[W * HH];
  for (int i = 0; i < W * HH; i++) {
    fd[i] = (float)(i * i % 11) - 3.3f + i * 0.001f;
    ud[i] = (unsigned char)(i * 53 + 7);
    sd[i] = make_short2((short)(i * 4099 - 30000), (short)(i % 2 ? -32768 : 32767 - i * 1000));
  }
  run("float", cudaCreateChannelDesc<float>(), fd, cudaReadModeElementType, 0);
  run("uchar", cudaCreateChannelDesc<unsigned char>(), ud, cudaReadModeNormalizedFloat, 1);
  return 0;
}
