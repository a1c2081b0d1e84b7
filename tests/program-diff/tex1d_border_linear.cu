// 1-D textures in border mode with linear filtering: float and uint16 (normalized float read)
// arrays, normalized and unnormalized coordinates, border colors -1 and 0.75, and a 2-D array of
// height 1 for comparison; bits of each fetch (an H200 mixed the border color into a 1-D float
// texture's linear fetches: tests/program-diff/tex_wrap_unnormalized.cu's probe).
#include <cstdio>
#include <cstring>
__global__ void f1(cudaTextureObject_t t, float* o, float scale, float off) {
  o[threadIdx.x] = tex1D<float>(t, off + threadIdx.x * scale);
}
__global__ void f2(cudaTextureObject_t t, float* o, float scale, float off, float y) {
  o[threadIdx.x] = tex2D<float>(t, off + threadIdx.x * scale, y);
}
int main() {
  float v[8] = {1, 2, 4, 8, 16, 32, 64, 128};
  unsigned short u[8] = {0, 1000, 2000, 4000, 8000, 16000, 32000, 64000};
  float* o; cudaMalloc(&o, 64 * 4);
  for (int kind = 0; kind < 2; kind++)
    for (int twod = 0; twod < 2; twod++)
      for (int norm = 0; norm < 2; norm++)
        for (int bc = 0; bc < 2; bc++) {
          cudaChannelFormatDesc cd = kind ? cudaCreateChannelDesc<unsigned short>() : cudaCreateChannelDesc<float>();
          cudaArray_t a; cudaMallocArray(&a, &cd, 8, twod ? 1 : 0);
          cudaMemcpy2DToArray(a, 0, 0, kind ? (void*)u : (void*)v, kind ? 16 : 32, kind ? 16 : 32, 1, cudaMemcpyHostToDevice);
          cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
          cudaTextureDesc td = {}; td.addressMode[0] = td.addressMode[1] = cudaAddressModeBorder;
          td.filterMode = cudaFilterModeLinear; td.normalizedCoords = norm;
          td.readMode = kind ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
          td.borderColor[0] = bc ? 0.75f : -1.0f;
          cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, nullptr);
          float scale = norm ? 0.75f / 8 : 0.75f, off = norm ? -1.25f / 8 : -1.25f;
          if (twod) f2<<<1, 16>>>(t, o, scale, off, norm ? 0.5f : 0.5f); else f1<<<1, 16>>>(t, o, scale, off);
          cudaError_t e = cudaDeviceSynchronize();
          float h[16]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
          printf("%s %s norm=%d border=%g %s:", kind ? "u16" : "f32", twod ? "2d(h=1)" : "1d", norm, td.borderColor[0], cudaGetErrorName(e));
          for (int i = 0; i < 16; i++) { unsigned b; memcpy(&b, &h[i], 4); printf(" %08x", b); }
          printf("\n");
          cudaDestroyTextureObject(t); cudaFreeArray(a);
        }
}
