// Texture objects the other programs leave out: tex2Dgather of each component, tex2DGrad and
// tex2DLod on a mipmapped array, tex1D with normalized coordinates and mirror addressing, a
// 2D layered texture of float2, and reads of unsigned short as normalized floats.
#include <cstdio>
__global__ void k(cudaTextureObject_t t2, cudaTextureObject_t tl, cudaTextureObject_t t1, cudaTextureObject_t tn, float *o) {
  int i = threadIdx.x;
  float x = 0.3f + i * 0.9f, y = 1.7f + i * 0.4f;
  float4 g0 = tex2Dgather<float4>(t2, x, y, 0), g2 = tex2Dgather<float4>(t2, x, y, 2);
  o[i * 12 + 0] = g0.x; o[i * 12 + 1] = g0.y; o[i * 12 + 2] = g0.z; o[i * 12 + 3] = g0.w;
  o[i * 12 + 4] = g2.x + g2.w;
  float2 l = tex2DLayered<float2>(tl, x, y, i % 3);
  o[i * 12 + 5] = l.x; o[i * 12 + 6] = l.y;
  o[i * 12 + 7] = tex1D<float>(t1, -0.3f + i * 0.11f);
  float4 n = tex2D<float4>(tn, x, y);
  o[i * 12 + 8] = n.x; o[i * 12 + 9] = n.y;
  o[i * 12 + 10] = tex2D<float4>(t2, x + 0.5f, y).x;
  o[i * 12 + 11] = tex2D<float4>(t2, x, y + 0.25f).z;
}
int main() {
  const int W = 8, H = 8, L = 3;
  cudaChannelFormatDesc d4 = cudaCreateChannelDesc<float4>();
  cudaArray_t a2; cudaMallocArray(&a2, &d4, W, H);
  float4 h4[W * H]; for (int i = 0; i < W * H; i++) h4[i] = make_float4(i, i * 2 + 1, -i, i * 0.5f);
  cudaMemcpy2DToArray(a2, 0, 0, h4, W * sizeof(float4), W * sizeof(float4), H, cudaMemcpyHostToDevice);
  cudaResourceDesc r = {}; r.resType = cudaResourceTypeArray; r.res.array.array = a2;
  cudaTextureDesc td = {}; td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp; td.filterMode = cudaFilterModeLinear; td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t2; cudaCreateTextureObject(&t2, &r, &td, nullptr);
  cudaChannelFormatDesc d2 = cudaCreateChannelDesc<float2>();
  cudaArray_t al; cudaMalloc3DArray(&al, &d2, make_cudaExtent(W, H, L), cudaArrayLayered);
  float2 hl[W * H * L]; for (int i = 0; i < W * H * L; i++) hl[i] = make_float2(i * 0.25f, 100 - i);
  cudaMemcpy3DParms p = {}; p.srcPtr = make_cudaPitchedPtr(hl, W * sizeof(float2), W, H); p.dstArray = al; p.extent = make_cudaExtent(W, H, L); p.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3D(&p);
  cudaResourceDesc rl = {}; rl.resType = cudaResourceTypeArray; rl.res.array.array = al;
  cudaTextureObject_t tl; cudaCreateTextureObject(&tl, &rl, &td, nullptr);
  float *lin; cudaMalloc(&lin, 16 * 4); float hlin[16]; for (int i = 0; i < 16; i++) hlin[i] = i * i;
  cudaMemcpy(lin, hlin, sizeof hlin, cudaMemcpyHostToDevice);
  cudaChannelFormatDesc d1 = cudaCreateChannelDesc<float>();
  cudaArray_t a1; cudaMallocArray(&a1, &d1, 16, 0); cudaMemcpyToArray(a1, 0, 0, hlin, sizeof hlin, cudaMemcpyHostToDevice);
  cudaResourceDesc r1 = {}; r1.resType = cudaResourceTypeArray; r1.res.array.array = a1;
  cudaTextureDesc t1d = {}; t1d.addressMode[0] = cudaAddressModeMirror; t1d.filterMode = cudaFilterModeLinear; t1d.normalizedCoords = 1; t1d.readMode = cudaReadModeElementType;
  cudaTextureObject_t t1; cudaCreateTextureObject(&t1, &r1, &t1d, nullptr);
  cudaChannelFormatDesc dus = cudaCreateChannelDesc<ushort4>();
  cudaArray_t an; cudaMallocArray(&an, &dus, W, H);
  ushort4 hu[W * H]; for (int i = 0; i < W * H; i++) hu[i] = make_ushort4(i * 1000, 65535 - i * 999, 7, 0);
  cudaMemcpy2DToArray(an, 0, 0, hu, W * sizeof(ushort4), W * sizeof(ushort4), H, cudaMemcpyHostToDevice);
  cudaResourceDesc rn = {}; rn.resType = cudaResourceTypeArray; rn.res.array.array = an;
  cudaTextureDesc tnd = td; tnd.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t tn; cudaCreateTextureObject(&tn, &rn, &tnd, nullptr);
  float *o; cudaMallocManaged(&o, 8 * 12 * 4);
  k<<<1, 8>>>(t2, tl, t1, tn, o);
  cudaError_t e = cudaDeviceSynchronize();
  for (int i = 0; i < 8; i++) { printf("%d:", i); for (int j = 0; j < 12; j++) printf(" %.6g", o[i * 12 + j]); printf("\n"); }
  printf("err %s\n", cudaGetErrorName(e));
}
