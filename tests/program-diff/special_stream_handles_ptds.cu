// flags: --default-stream per-thread
// The special stream handles in a --default-stream per-thread build (the same program as
// special_stream_handles, where stream 0 is the legacy stream): here stream 0 is the
// thread's per-thread stream. cudaStreamLegacy, cudaStreamPerThread and 0 passed to every stream
// call (flags, priority, device, id relations, attributes set and read back, destroy, capture,
// host functions, attach, copy attributes), and their ordering against the legacy stream, a
// created blocking stream and a non-blocking stream.
#include <cstdio>
#include <unistd.h>
#include <cuda_runtime.h>

__global__ void spin_then_set(volatile int *flag, int v, long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
  *flag = v;
}
__global__ void read_into(volatile int *flag, int *out) { *out = *flag; }

#define R(label, call)                                                                          \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    cudaError_t l_ = cudaGetLastError();                                                        \
    printf("%-52s -> %s (last %s)\n", label, cudaGetErrorName(e_), cudaGetErrorName(l_));      \
  } while (0)

static void hf(void *p) { ++*(int *)p; }

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaStream_t hs[3] = {0, cudaStreamLegacy, cudaStreamPerThread};
  const char *hn[3] = {"0", "legacy", "perThread"};
  unsigned long long ids[3] = {};
  for (int i = 0; i < 3; i++) {
    unsigned f = 99;
    int pr = 99, dev = 99;
    cudaError_t a = cudaStreamGetFlags(hs[i], &f);
    cudaError_t b = cudaStreamGetPriority(hs[i], &pr);
    cudaError_t c = cudaStreamGetDevice(hs[i], &dev);
    cudaError_t d = cudaStreamGetId(hs[i], &ids[i]);
    printf("%-10s flags %s %u prio %s %d device %s %d id %s\n", hn[i], cudaGetErrorName(a), f,
           cudaGetErrorName(b), pr, cudaGetErrorName(c), dev, cudaGetErrorName(d));
  }
  printf("id(0)==id(legacy) %d id(perThread)!=id(legacy) %d\n", ids[0] == ids[1], ids[2] != ids[1]);
  cudaStream_t plain;
  cudaStreamCreate(&plain);
  unsigned long long pid;
  cudaStreamGetId(plain, &pid);
  printf("plain id distinct %d\n", pid != ids[1] && pid != ids[2]);

  cudaStreamAttrValue v = {};
  v.syncPolicy = cudaSyncPolicyYield;
  R("SetAttribute(legacy, syncPolicy)", cudaStreamSetAttribute(cudaStreamLegacy, cudaStreamAttributeSynchronizationPolicy, &v));
  R("SetAttribute(perThread, syncPolicy)", cudaStreamSetAttribute(cudaStreamPerThread, cudaStreamAttributeSynchronizationPolicy, &v));
  R("SetAttribute(0, syncPolicy)", cudaStreamSetAttribute(0, cudaStreamAttributeSynchronizationPolicy, &v));
  cudaStreamAttrValue r = {};
  R("GetAttribute(legacy, syncPolicy)", cudaStreamGetAttribute(cudaStreamLegacy, cudaStreamAttributeSynchronizationPolicy, &r));
  printf("  legacy syncPolicy %d\n", (int)r.syncPolicy);
  R("GetAttribute(perThread, syncPolicy)", cudaStreamGetAttribute(cudaStreamPerThread, cudaStreamAttributeSynchronizationPolicy, &r));
  printf("  perThread syncPolicy %d\n", (int)r.syncPolicy);
  v = {};
  v.priority = -3;
  R("SetAttribute(legacy, priority)", cudaStreamSetAttribute(cudaStreamLegacy, cudaStreamAttributePriority, &v));
  R("SetAttribute(perThread, priority)", cudaStreamSetAttribute(cudaStreamPerThread, cudaStreamAttributePriority, &v));
  R("CopyAttributes(plain, legacy)", cudaStreamCopyAttributes(plain, cudaStreamLegacy));
  R("CopyAttributes(perThread, plain)", cudaStreamCopyAttributes(cudaStreamPerThread, plain));
  R("CopyAttributes(legacy, plain)", cudaStreamCopyAttributes(cudaStreamLegacy, plain));
  R("StreamDestroy(legacy)", cudaStreamDestroy(cudaStreamLegacy));
  R("StreamDestroy(perThread)", cudaStreamDestroy(cudaStreamPerThread));
  R("StreamDestroy(0)", cudaStreamDestroy(0));
  R("BeginCapture(legacy)", cudaStreamBeginCapture(cudaStreamLegacy, cudaStreamCaptureModeGlobal));
  R("BeginCapture(0)", cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
  R("BeginCapture(perThread)", cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeRelaxed));
  cudaGraph_t g = nullptr;
  R("EndCapture(perThread)", cudaStreamEndCapture(cudaStreamPerThread, &g));
  size_t n = 99;
  if (g) {
    cudaGraphGetNodes(g, nullptr, &n);
    cudaGraphDestroy(g);
  }
  printf("  empty capture nodes %zu graph %d\n", n, g != nullptr);
  int cnt = 0;
  R("LaunchHostFunc(legacy)", cudaLaunchHostFunc(cudaStreamLegacy, hf, &cnt));
  R("LaunchHostFunc(perThread)", cudaLaunchHostFunc(cudaStreamPerThread, hf, &cnt));
  R("StreamSynchronize(perThread)", cudaStreamSynchronize(cudaStreamPerThread));
  R("StreamSynchronize(legacy)", cudaStreamSynchronize(cudaStreamLegacy));
  printf("  host functions ran %d\n", cnt);
  int *m;
  cudaMallocManaged(&m, 64);
  R("AttachMemAsync(legacy, single)", cudaStreamAttachMemAsync(cudaStreamLegacy, m, 0, cudaMemAttachSingle));
  R("AttachMemAsync(perThread, single)", cudaStreamAttachMemAsync(cudaStreamPerThread, m, 0, cudaMemAttachSingle));
  R("AttachMemAsync(0, global)", cudaStreamAttachMemAsync(0, m, 0, cudaMemAttachGlobal));
  cudaDeviceSynchronize();
  cudaEvent_t ev;
  cudaEventCreate(&ev);
  R("EventRecord(ev, legacy)", cudaEventRecord(ev, cudaStreamLegacy));
  R("EventRecordWithFlags(ev, perThread, external)", cudaEventRecordWithFlags(ev, cudaStreamPerThread, cudaEventRecordExternal));
  R("StreamWaitEvent(perThread, ev)", cudaStreamWaitEvent(cudaStreamPerThread, ev, 0));
  R("StreamWaitEvent(legacy, ev, flags 1)", cudaStreamWaitEvent(cudaStreamLegacy, ev, 1));

  // ordering: a slow kernel sets a flag; a reader launched on another stream sees it or not
  int *flag, *out;
  cudaMalloc(&flag, 4);
  cudaMalloc(&out, 4);
  cudaStream_t nb;
  cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking);
  struct {
    const char *name;
    cudaStream_t a, b;
  } cases[] = {{"perThread then legacy", cudaStreamPerThread, cudaStreamLegacy},
               {"legacy then perThread", cudaStreamLegacy, cudaStreamPerThread},
               {"perThread then plain", cudaStreamPerThread, plain},
               {"plain then perThread", plain, cudaStreamPerThread},
               {"nonblocking then perThread", nb, cudaStreamPerThread},
               {"perThread then nonblocking", cudaStreamPerThread, nb}};
  for (auto &c : cases) {
    cudaMemset(flag, 0, 4);
    cudaMemset(out, 0xff, 4);
    cudaDeviceSynchronize();
    spin_then_set<<<1, 1, 0, c.a>>>(flag, 1, 200000000LL);
    read_into<<<1, 1, 0, c.b>>>(flag, out);
    cudaStreamSynchronize(c.b);
    int seen = -1;
    cudaMemcpy(&seen, out, 4, cudaMemcpyDeviceToHost); // legacy copy: waits for everything
    printf("%-30s reader saw %d\n", c.name, seen);
    cudaDeviceSynchronize();
  }
  printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
