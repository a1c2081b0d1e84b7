// Texture objects over linear memory (tex1Dfetch: int and float4, zero out of range) and
// pitched 2D memory (tex2D, point sampling, clamp), descriptor round trips and argument errors.
#include "common.h"

__global__ void fetch(cudaTextureObject_t ti, cudaTextureObject_t tf, int *oi, float4 *of, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { oi[i] = tex1Dfetch<int>(ti, i - 3); of[i] = tex1Dfetch<float4>(tf, i - 3); }
}

__global__ void pitch2d(cudaTextureObject_t t, float *o, int w, int h) {
  int x = threadIdx.x, y = threadIdx.y;
  if (x < w + 2 && y < h + 2) o[y * (w + 2) + x] = tex2D<float>(t, x - 1 + 0.5f, y - 1 + 0.5f);
}

int main() {
  const int N = 100;
  int *di; float4 *df;
  CK(cudaMalloc(&di, N * sizeof(int))); CK(cudaMalloc(&df, N * sizeof(float4)));
  int hi[N]; float4 hf[N];
  for (int i = 0; i < N; i++) { hi[i] = i * 3 - 7; hf[i] = make_float4(i, -i, 0.5f * i, 1.0f / (i + 1)); }
  CK(cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice));
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeLinear; r.res.linear.devPtr = di;
  r.res.linear.desc = cudaCreateChannelDesc<int>(); r.res.linear.sizeInBytes = N * sizeof(int);
  cudaTextureDesc td = {}; td.readMode = cudaReadModeElementType;
  cudaTextureObject_t ti, tf;
  CK(cudaCreateTextureObject(&ti, &r, &td, nullptr));
  cudaResourceDesc r2 = r; r2.res.linear.devPtr = df; r2.res.linear.desc = cudaCreateChannelDesc<float4>();
  r2.res.linear.sizeInBytes = N * sizeof(float4);
  CK(cudaCreateTextureObject(&tf, &r2, &td, nullptr));
  EXPECT(ti != 0 && tf != 0 && ti != tf);
  const int M = N + 6;
  int *oi; float4 *of;
  CK(cudaMalloc(&oi, M * sizeof(int))); CK(cudaMalloc(&of, M * sizeof(float4)));
  fetch<<<2, 64>>>(ti, tf, oi, of, M);
  CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
  int gi[M]; float4 gf[M];
  CK(cudaMemcpy(gi, oi, sizeof gi, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gf, of, sizeof gf, cudaMemcpyDeviceToHost));
  for (int i = 0; i < M; i++) {
    int j = i - 3;
    if (j >= 0 && j < N) {
      EXPECT(gi[i] == hi[j]);
      EXPECT(gf[i].x == hf[j].x && gf[i].y == hf[j].y && gf[i].z == hf[j].z && gf[i].w == hf[j].w);
    } else {
      EXPECT(gi[i] == 0 && gf[i].x == 0 && gf[i].w == 0);
    }
  }
  // Descriptor round trips.
  cudaResourceDesc rb; cudaTextureDesc tb;
  CK(cudaGetTextureObjectResourceDesc(&rb, tf));
  EXPECT(rb.resType == cudaResourceTypeLinear && rb.res.linear.devPtr == df && rb.res.linear.sizeInBytes == N * sizeof(float4));
  EXPECT(rb.res.linear.desc.x == 32 && rb.res.linear.desc.w == 32 && rb.res.linear.desc.f == cudaChannelFormatKindFloat);
  td.addressMode[1] = cudaAddressModeBorder; td.borderColor[2] = 2.5f;
  cudaTextureObject_t t3; CK(cudaCreateTextureObject(&t3, &r, &td, nullptr));
  CK(cudaGetTextureObjectTextureDesc(&tb, t3));
  EXPECT(tb.addressMode[1] == cudaAddressModeBorder && tb.borderColor[2] == 2.5f && tb.readMode == cudaReadModeElementType);

  // Pitched 2D float texture, unnormalized coordinates, clamp.
  const int W = 10, H = 6;
  float *p2; size_t pitch;
  CK(cudaMallocPitch(&p2, &pitch, W * sizeof(float), H));
  float hv[H][W];
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) hv[y][x] = y * 100 + x;
  CK(cudaMemcpy2D(p2, pitch, hv, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
  cudaResourceDesc rp = {};
  rp.resType = cudaResourceTypePitch2D; rp.res.pitch2D.devPtr = p2; rp.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  rp.res.pitch2D.width = W; rp.res.pitch2D.height = H; rp.res.pitch2D.pitchInBytes = pitch;
  cudaTextureDesc tp = {}; tp.addressMode[0] = tp.addressMode[1] = cudaAddressModeClamp;
  cudaTextureObject_t t2; CK(cudaCreateTextureObject(&t2, &rp, &tp, nullptr));
  float *o2; CK(cudaMalloc(&o2, (W + 2) * (H + 2) * sizeof(float)));
  pitch2d<<<1, dim3(W + 2, H + 2)>>>(t2, o2, W, H);
  CK(cudaDeviceSynchronize());
  float g2[(H + 2) * (W + 2)];
  CK(cudaMemcpy(g2, o2, sizeof g2, cudaMemcpyDeviceToHost));
  for (int y = 0; y < H + 2; y++)
    for (int x = 0; x < W + 2; x++) {
      int cx = x - 1 < 0 ? 0 : (x - 1 >= W ? W - 1 : x - 1), cy = y - 1 < 0 ? 0 : (y - 1 >= H ? H - 1 : y - 1);
      EXPECT(g2[y * (W + 2) + x] == hv[cy][cx]);
    }

  // Errors: null arguments, misaligned linear memory, bad resource type, destroyed handles.
  cudaTextureObject_t bad;
  EXPECT_ERR(cudaCreateTextureObject(&bad, nullptr, &td, nullptr), cudaErrorInvalidValue);
  EXPECT_ERR(cudaCreateTextureObject(&bad, &r, nullptr, nullptr), cudaErrorInvalidResourceHandle);  // as on an H100
  cudaResourceDesc rm = r; rm.res.linear.devPtr = (char *)di + 4;
  EXPECT_ERR(cudaCreateTextureObject(&bad, &rm, &td, nullptr), cudaErrorInvalidValue);
  rm = r; rm.res.linear.desc = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  EXPECT_ERR(cudaCreateTextureObject(&bad, &rm, &td, nullptr), cudaErrorInvalidChannelDescriptor);
  cudaGetLastError();
  // As an H200 answers: integers read as themselves cannot be filtered linearly, 32-bit ones not
  // read as normalized floats; zero bytes make a texture of no texels.
  cudaTextureDesc tl = td; tl.filterMode = cudaFilterModeLinear; tl.readMode = cudaReadModeElementType;
  rm = r; rm.res.linear.desc = cudaCreateChannelDesc<int>();
  EXPECT_ERR(cudaCreateTextureObject(&bad, &rm, &tl, nullptr), cudaErrorInvalidFilterSetting);
  rm.res.linear.desc = cudaCreateChannelDesc<short>();
  EXPECT_ERR(cudaCreateTextureObject(&bad, &rm, &tl, nullptr), cudaErrorInvalidFilterSetting);
  tl.readMode = cudaReadModeNormalizedFloat;
  CK(cudaCreateTextureObject(&bad, &rm, &tl, nullptr));
  CK(cudaDestroyTextureObject(bad));
  tl.filterMode = cudaFilterModePoint; rm.res.linear.desc = cudaCreateChannelDesc<unsigned>();
  EXPECT_ERR(cudaCreateTextureObject(&bad, &rm, &tl, nullptr), cudaErrorInvalidNormSetting);
  rm = r; rm.res.linear.sizeInBytes = 0;
  CK(cudaCreateTextureObject(&bad, &rm, &td, nullptr));
  CK(cudaDestroyTextureObject(bad));
  cudaGetLastError();
  CK(cudaDestroyTextureObject(t3));
  EXPECT_ERR(cudaGetTextureObjectTextureDesc(&tb, t3), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaDestroyTextureObject(t3));  // destroying twice: success, as an H200 answers
  CK(cudaDestroyTextureObject(ti)); CK(cudaDestroyTextureObject(tf)); CK(cudaDestroyTextureObject(t2));
  printf("PASS\n");
  return 0;
}
