// Smaller runtime APIs: profiler switches, shared memory config, host flags, device init and
// selection, P2P attributes, stream attributes, function queries, memory range attributes,
// pools by location and access, 3D peer copies.
#include "common.h"
#include <cstring>
// cuda_profiler_api.h is not in the pip-installed toolkit: its two declarations.
extern "C" cudaError_t cudaProfilerStart(void);
extern "C" cudaError_t cudaProfilerStop(void);

__global__ void scale(float *p, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= k;
}
struct Big { double a; char c; int v[3]; };
__global__ void params(char c, Big b, short s, float *out) { if (out) out[0] = b.a + c + s; }
extern "C" __global__ void plain_c(int *p) { if (p) *p = 1; }

int main() {
  CK(cudaProfilerStart());
  CK(cudaProfilerStop());

  // Shared memory bank configuration: fixed four-byte banks.
  cudaSharedMemConfig cfg;
  CK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte));
  CK(cudaDeviceGetSharedMemConfig(&cfg));
  EXPECT(cfg == cudaSharedMemBankSizeFourByte);
  EXPECT_ERR(cudaDeviceSetSharedMemConfig((cudaSharedMemConfig)7), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDeviceGetSharedMemConfig(nullptr), cudaErrorInvalidValue);
  CK(cudaFuncSetSharedMemConfig(scale, cudaSharedMemBankSizeDefault));
  EXPECT_ERR(cudaFuncSetSharedMemConfig(scale, (cudaSharedMemConfig)3), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncSetSharedMemConfig((const void *)&cfg, cudaSharedMemBankSizeDefault), cudaErrorInvalidResourceHandle);
  cudaGetLastError();

  // Host allocation flags.
  void *h1, *h2;
  unsigned int f = 99;
  CK(cudaHostAlloc(&h1, 4096, cudaHostAllocPortable | cudaHostAllocWriteCombined));
  CK(cudaMallocHost(&h2, 100));
  CK(cudaHostGetFlags(&f, h1));
  EXPECT((f & ~cudaHostAllocMapped) == (cudaHostAllocPortable | cudaHostAllocWriteCombined));
  CK(cudaHostGetFlags(&f, (char *)h2 + 50));
  EXPECT((f & ~cudaHostAllocMapped) == 0);
  int stack_var;
  EXPECT_ERR(cudaHostGetFlags(&f, &stack_var), cudaErrorInvalidValue);
  EXPECT_ERR(cudaHostGetFlags(nullptr, h1), cudaErrorInvalidValue);
  CK(cudaFreeHost(h1));
  EXPECT_ERR(cudaHostGetFlags(&f, h1), cudaErrorInvalidValue);
  CK(cudaFreeHost(h2));

  // Device initialization and selection.
  int ndev = 0;
  CK(cudaGetDeviceCount(&ndev));
  CK(cudaInitDevice(0, 0, 0));
  CK(cudaInitDevice(0, cudaDeviceScheduleYield, cudaInitDeviceFlagsAreValid));
  unsigned int dflags = 0;
  CK(cudaGetDeviceFlags(&dflags));
  EXPECT((dflags & cudaDeviceScheduleMask) == cudaDeviceScheduleYield);
  EXPECT_ERR(cudaInitDevice(ndev, 0, 0), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaInitDevice(-1, 0, 0), cudaErrorInvalidDevice);
  int valid[1] = {0};
  CK(cudaSetValidDevices(valid, 1));
  CK(cudaSetValidDevices(nullptr, 0));
  int bad[2] = {0, ndev};
  EXPECT_ERR(cudaSetValidDevices(bad, 2), cudaErrorInvalidValue);  // as an H100 answers
  EXPECT_ERR(cudaSetValidDevices(nullptr, 1), cudaErrorInvalidValue);
  int dev = -1;
  CK(cudaGetDevice(&dev));
  EXPECT(dev == 0);

  // P2P attributes: a device is not its own peer.
  int pv = 0;
  EXPECT_ERR(cudaDeviceGetP2PAttribute(&pv, cudaDevP2PAttrAccessSupported, 0, 0), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaDeviceGetP2PAttribute(&pv, cudaDevP2PAttrPerformanceRank, 0, ndev), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaDeviceGetP2PAttribute(&pv, (cudaDeviceP2PAttr)99, 0, 0), cudaErrorInvalidDevice);  // devices first
  EXPECT_ERR(cudaDeviceGetP2PAttribute(nullptr, cudaDevP2PAttrAccessSupported, 0, 0), cudaErrorInvalidValue);
  (void)cudaCtxResetPersistingL2Cache();  // (an H100 answered 201 here, after the bad device lists above)
  cudaGetLastError();

  // 1D linear texture width.
  size_t w = 0;
  cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
  CK(cudaDeviceGetTexture1DLinearMaxWidth(&w, &f4, 0));
  int attr_w = 0;
  CK(cudaDeviceGetAttribute(&attr_w, cudaDevAttrMaxTexture1DLinearWidth, 0));
  EXPECT(w > 0 && w == (size_t)attr_w);  // 2^28 for float4, the attribute's value (an H200's answers)
  cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
  CK(cudaDeviceGetTexture1DLinearMaxWidth(&w, &f1, 0));
  EXPECT(w == (size_t)1 << 30);
  EXPECT_ERR(cudaDeviceGetTexture1DLinearMaxWidth(&w, nullptr, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDeviceGetTexture1DLinearMaxWidth(&w, &f4, ndev), cudaErrorInvalidDevice);
  cudaGetLastError();

  // Stream attributes: stored, returned, copied, validated.
  cudaStream_t s1, s2;
  CK(cudaStreamCreate(&s1));
  CK(cudaStreamCreate(&s2));
  float *d;
  CK(cudaMalloc(&d, 1 << 20));
  cudaStreamAttrValue v, g;
  memset(&v, 0, sizeof v);
  CK(cudaStreamGetAttribute(s1, cudaStreamAttributeSynchronizationPolicy, &g));
  EXPECT((int)g.syncPolicy == -1);  // not set: what an H100 reports
  CK(cudaStreamGetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &g));
  EXPECT(g.accessPolicyWindow.base_ptr == nullptr && g.accessPolicyWindow.num_bytes == 0);
  v.accessPolicyWindow.base_ptr = d;
  v.accessPolicyWindow.num_bytes = 1 << 16;
  v.accessPolicyWindow.hitRatio = 0.75f;
  v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  CK(cudaStreamSetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &v));
  memset(&g, 0, sizeof g);
  CK(cudaStreamGetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &g));
  EXPECT(g.accessPolicyWindow.base_ptr == d && g.accessPolicyWindow.num_bytes == (1 << 16));
  EXPECT(g.accessPolicyWindow.hitRatio == 0.75f && g.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting);
  EXPECT(g.accessPolicyWindow.missProp == cudaAccessPropertyStreaming);
  cudaStreamAttrValue bad_v = v;
  bad_v.accessPolicyWindow.hitRatio = 1.5f;
  EXPECT_ERR(cudaStreamSetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &bad_v), cudaErrorInvalidValue);
  bad_v = v;
  bad_v.accessPolicyWindow.missProp = cudaAccessPropertyPersisting;
  EXPECT_ERR(cudaStreamSetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &bad_v), cudaErrorInvalidValue);
  memset(&v, 0, sizeof v);
  v.syncPolicy = cudaSyncPolicyBlockingSync;
  CK(cudaStreamSetAttribute(s1, cudaStreamAttributeSynchronizationPolicy, &v));
  v.syncPolicy = (cudaSynchronizationPolicy)9;
  EXPECT_ERR(cudaStreamSetAttribute(s1, cudaStreamAttributeSynchronizationPolicy, &v), cudaErrorInvalidValue);
  EXPECT_ERR(cudaStreamSetAttribute(s1, (cudaStreamAttrID)cudaLaunchAttributeCooperative, &v), cudaErrorInvalidValue);
  // (Null attribute values crash NVIDIA's runtime, so they are not tested.)
  int least = 0, greatest = 0;
  CK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  v.priority = greatest - 1;
  CK(cudaStreamSetAttribute(s1, cudaStreamAttributePriority, &v));
  CK(cudaStreamGetAttribute(s1, cudaStreamAttributePriority, &g));
  EXPECT(g.priority == greatest);  // clamped to the device's range
  CK(cudaStreamCopyAttributes(s2, s1));
  CK(cudaStreamGetAttribute(s2, cudaStreamAttributeSynchronizationPolicy, &g));
  EXPECT(g.syncPolicy == cudaSyncPolicyBlockingSync);
  CK(cudaStreamGetAttribute(s2, cudaStreamAttributeAccessPolicyWindow, &g));
  EXPECT(g.accessPolicyWindow.base_ptr == d && g.accessPolicyWindow.hitRatio == 0.75f);
  // Work still runs on a stream with attributes.
  float hv[256];
  for (int i = 0; i < 256; i++) hv[i] = (float)i;
  CK(cudaMemcpyAsync(d, hv, sizeof hv, cudaMemcpyHostToDevice, s2));
  scale<<<2, 128, 0, s2>>>(d, 256, 3.0f);
  CK(cudaMemcpyAsync(hv, d, sizeof hv, cudaMemcpyDeviceToHost, s2));
  CK(cudaStreamSynchronize(s2));
  for (int i = 0; i < 256; i++) EXPECT(hv[i] == 3.0f * i);
  CK(cudaStreamDestroy(s2));
  // (A destroyed stream's handle crashes NVIDIA's runtime, so it is not used again.)

  // Function queries.
  const char *name = nullptr;
  CK(cudaFuncGetName(&name, (const void *)scale));
  EXPECT(name && strstr(name, "scale") && name[0] == '_');
  CK(cudaFuncGetName(&name, (const void *)plain_c));
  EXPECT(strcmp(name, "plain_c") == 0);
  EXPECT_ERR(cudaFuncGetName(nullptr, (const void *)scale), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncGetName(&name, (const void *)&stack_var), cudaErrorInvalidResourceHandle);  // as an H100
  cudaGetLastError();
  cudaKernel_t k = nullptr;
  CK(cudaGetKernel(&k, (const void *)scale));
  EXPECT(k != nullptr);
  CK(cudaFuncGetName(&name, (const void *)k));
  EXPECT(strstr(name, "scale"));
  cudaFunction_t fn = nullptr;
  CK(cudaGetFuncBySymbol(&fn, (const void *)scale));
  EXPECT(fn != nullptr);
  EXPECT(cudaGetKernel(&k, (const void *)&stack_var) != cudaSuccess);
  cudaGetLastError();
  size_t off[4], sz[4];
  for (int i = 0; i < 4; i++) CK(cudaFuncGetParamInfo((const void *)params, i, &off[i], &sz[i]));
  EXPECT(off[0] == 0 && sz[0] == 1);
  EXPECT(off[1] == 8 && sz[1] == sizeof(Big));
  EXPECT(off[2] == 8 + sizeof(Big) && sz[2] == 2);
  EXPECT(off[3] == 8 + sizeof(Big) + 8 && sz[3] == 8);
  EXPECT_ERR(cudaFuncGetParamInfo((const void *)params, 4, &off[0], &sz[0]), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncGetParamInfo((const void *)&stack_var, 0, &off[0], &sz[0]), cudaErrorInvalidResourceHandle);
  cudaGetLastError();

  // Memory range attributes (several at once).
  float *m;
  CK(cudaMallocManaged(&m, 1 << 16));
  cudaMemLocation dl = {cudaMemLocationTypeDevice, 0};
  CK(cudaMemAdvise(m, 1 << 16, cudaMemAdviseSetReadMostly, dl));
  CK(cudaMemAdvise(m, 1 << 16, cudaMemAdviseSetPreferredLocation, dl));
  int rm = -1, pref = -7, ptype = -1;
  void *data[3] = {&rm, &pref, &ptype};
  size_t sizes[3] = {4, 4, 4};
  cudaMemRangeAttribute ra[3] = {cudaMemRangeAttributeReadMostly, cudaMemRangeAttributePreferredLocation,
                                 cudaMemRangeAttributePreferredLocationType};
  CK(cudaMemRangeGetAttributes(data, sizes, ra, 3, m, 1 << 16));
  EXPECT(rm == 1 && pref == 0 && ptype == cudaMemLocationTypeDevice);
  EXPECT_ERR(cudaMemRangeGetAttributes(data, sizes, ra, 0, m, 1 << 16), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemRangeGetAttributes(data, sizes, ra, 3, d, 4), cudaErrorInvalidValue);
  sizes[1] = 3;
  EXPECT_ERR(cudaMemRangeGetAttributes(data, sizes, ra, 3, m, 1 << 16), cudaErrorInvalidValue);
  CK(cudaFree(m));

  // Memory pools by location, pool access.
  cudaMemPool_t defp, cur, viaDev, mine;
  CK(cudaMemGetDefaultMemPool(&defp, &dl, cudaMemAllocationTypePinned));
  CK(cudaDeviceGetDefaultMemPool(&viaDev, 0));
  EXPECT(defp == viaDev);
  CK(cudaMemGetMemPool(&cur, &dl, cudaMemAllocationTypePinned));
  EXPECT(cur == defp);
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location = dl;
  CK(cudaMemPoolCreate(&mine, &props));
  CK(cudaMemSetMemPool(&dl, cudaMemAllocationTypePinned, mine));
  CK(cudaMemGetMemPool(&cur, &dl, cudaMemAllocationTypePinned));
  EXPECT(cur == mine);
  CK(cudaDeviceGetMemPool(&viaDev, 0));
  EXPECT(viaDev == mine);
  CK(cudaMemSetMemPool(&dl, cudaMemAllocationTypePinned, defp));
  cudaMemLocation badl = {cudaMemLocationTypeDevice, ndev};
  EXPECT_ERR(cudaMemGetMemPool(&cur, &badl, cudaMemAllocationTypePinned), cudaErrorInvalidValue);  // as an H100
  EXPECT_ERR(cudaMemGetMemPool(&cur, &dl, cudaMemAllocationTypeInvalid), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemGetMemPool(&cur, nullptr, cudaMemAllocationTypePinned), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemGetDefaultMemPool(nullptr, &dl, cudaMemAllocationTypePinned), cudaErrorInvalidValue);
  cudaMemAccessDesc ad = {dl, cudaMemAccessFlagsProtReadWrite};
  CK(cudaMemPoolSetAccess(mine, &ad, 1));
  cudaMemAccessFlags af = cudaMemAccessFlagsProtNone;
  CK(cudaMemPoolGetAccess(&af, mine, &dl));
  EXPECT(af == cudaMemAccessFlagsProtReadWrite);
  ad.flags = (cudaMemAccessFlags)2;
  EXPECT_ERR(cudaMemPoolSetAccess(mine, &ad, 1), cudaErrorInvalidValue);
  CK(cudaMemPoolDestroy(mine));
  cudaGetLastError();

  // 3D peer copy (the device to itself).
  const int W = 16, H = 4, D = 3;
  cudaPitchedPtr a, b;
  CK(cudaMalloc3D(&a, make_cudaExtent(W * 4, H, D)));
  CK(cudaMalloc3D(&b, make_cudaExtent(W * 4, H, D)));
  int hin[D][H][W], hout[D][H][W];
  for (int z = 0; z < D; z++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) hin[z][y][x] = z * 1000 + y * 100 + x, hout[z][y][x] = -1;
  cudaMemcpy3DParms up = {};
  up.srcPtr = make_cudaPitchedPtr(hin, W * 4, W, H);
  up.dstPtr = a;
  up.extent = make_cudaExtent(W * 4, H, D);
  up.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&up));
  cudaMemcpy3DPeerParms pp = {};
  pp.srcPtr = a;
  pp.srcDevice = 0;
  pp.dstPtr = b;
  pp.dstDevice = 0;
  pp.extent = make_cudaExtent(W * 4, H, D);
  CK(cudaMemcpy3DPeer(&pp));
  pp.srcPtr = b;
  pp.dstPtr = a;
  CK(cudaMemset(a.ptr, 0, a.pitch * H * D));
  CK(cudaMemcpy3DPeerAsync(&pp, s1));
  CK(cudaStreamSynchronize(s1));
  cudaMemcpy3DParms down = {};
  down.srcPtr = a;
  down.dstPtr = make_cudaPitchedPtr(hout, W * 4, W, H);
  down.extent = make_cudaExtent(W * 4, H, D);
  down.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&down));
  EXPECT(memcmp(hin, hout, sizeof hin) == 0);
  // Peer copies are between device memories: a host pointer is an invalid value (an H100).
  pp.dstPtr = make_cudaPitchedPtr(hout, W * 4, W, H);
  EXPECT_ERR(cudaMemcpy3DPeerAsync(&pp, s1), cudaErrorInvalidValue);
  cudaGetLastError();
  pp.dstPtr = a;
  pp.dstDevice = ndev;
  EXPECT_ERR(cudaMemcpy3DPeer(&pp), cudaErrorInvalidDevice);
  cudaGetLastError();

  CK(cudaStreamDestroy(s1));
  CK(cudaFree(a.ptr));
  CK(cudaFree(b.ptr));
  CK(cudaFree(d));
  CK(cudaGetLastError());
  printf("PASS\n");
  return 0;
}
