// Reads back the texture descriptor of a texture object over linear memory (what tex_linear.cu checks):
// on an H200 under NVIDIA's runtime the border color comes back unwritten (stack garbage) whichever
// compiler built the program. Output: probe_tex_desc_readback.txt (nvcc 13.0 build, then cuprite nvcc).
#include <cstdio>
#include <cuda_runtime.h>
int main() {
  int *di; cudaMalloc(&di, 400);
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeLinear; r.res.linear.devPtr = di;
  r.res.linear.desc = cudaCreateChannelDesc<int>(); r.res.linear.sizeInBytes = 400;
  cudaTextureDesc td = {}; td.readMode = cudaReadModeElementType;
  td.addressMode[1] = cudaAddressModeBorder; td.borderColor[2] = 2.5f;
  printf("sizeof desc %zu res %zu chan %d %d %d %d %d\n", sizeof(cudaTextureDesc), sizeof(cudaResourceDesc), r.res.linear.desc.x, r.res.linear.desc.y, r.res.linear.desc.z, r.res.linear.desc.w, (int)r.res.linear.desc.f);
  cudaTextureObject_t t3; cudaError_t e = cudaCreateTextureObject(&t3, &r, &td, nullptr);
  cudaTextureDesc tb; memset(&tb, 0x5a, sizeof tb);
  cudaError_t e2 = cudaGetTextureObjectTextureDesc(&tb, t3);
  printf("create %d get %d addr %d %d %d filter %d read %d srgb %d border %g %g %g %g norm %d aniso %u\n", e, e2, tb.addressMode[0], tb.addressMode[1], tb.addressMode[2], tb.filterMode, tb.readMode, tb.sRGB, tb.borderColor[0], tb.borderColor[1], tb.borderColor[2], tb.borderColor[3], tb.normalizedCoords, tb.maxAnisotropy);
  return 0;
}
