// flags: -std=c++17
// cudaLaunchKernelEx with the launch attributes programs rarely set: an access policy window
// (good, hitRatio above 1, a window larger than the device allows, a bad hitProp), a mem-sync
// domain map and domain, a launch completion event and a programmatic event (null and real),
// a preferred shared memory carveout (50, 100, 101), the cluster scheduling policy, a preferred
// cluster dimension, a device-updatable kernel node outside a graph, the same attribute twice,
// priorities outside the device's range, numAttrs with a null attribute list, attribute id 0
// and an unknown id. Each: the launch's error, the synchronize's error, and whether it ran.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void bump(int *c) { atomicAdd(c, 1); }

static int *cnt;
static void run(const char *label, cudaLaunchAttribute *attrs, unsigned n, dim3 grid = dim3(4),
                dim3 block = dim3(32)) {
  cudaMemset(cnt, 0, 4);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = grid;
  cfg.blockDim = block;
  cfg.attrs = attrs;
  cfg.numAttrs = n;
  cudaError_t e = cudaLaunchKernelEx(&cfg, bump, cnt);
  cudaError_t l = cudaGetLastError();
  cudaError_t s = cudaDeviceSynchronize();
  int h = -1;
  cudaMemcpy(&h, cnt, 4, cudaMemcpyDeviceToHost);
  printf("%-34s launch=%s last=%s sync=%s blocks_ran=%d\n", label, cudaGetErrorName(e),
         cudaGetErrorName(l), cudaGetErrorName(s), h);
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaMalloc(&cnt, 4);
  int dev = 0, maxWin = 0, lo = 0, hi = 0;
  cudaDeviceGetAttribute(&maxWin, cudaDevAttrMaxAccessPolicyWindowSize, dev);
  cudaDeviceGetStreamPriorityRange(&lo, &hi);
  printf("max window > 0: %d  priority range %d..%d\n", maxWin > 0, lo, hi);
  char *buf;
  cudaMalloc(&buf, 1 << 20);
  cudaLaunchAttribute a[3] = {};

  run("none", nullptr, 0);
  a[0].id = cudaLaunchAttributeAccessPolicyWindow;
  a[0].val.accessPolicyWindow.base_ptr = buf;
  a[0].val.accessPolicyWindow.num_bytes = 1 << 20;
  a[0].val.accessPolicyWindow.hitRatio = 0.6f;
  a[0].val.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  a[0].val.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  run("apw good", a, 1);
  a[0].val.accessPolicyWindow.hitRatio = 1.5f;
  run("apw hitRatio 1.5", a, 1);
  a[0].val.accessPolicyWindow.hitRatio = -0.5f;
  run("apw hitRatio -0.5", a, 1);
  a[0].val.accessPolicyWindow.hitRatio = 0.6f;
  a[0].val.accessPolicyWindow.num_bytes = (size_t)maxWin + 1;
  run("apw num_bytes max+1", a, 1);
  a[0].val.accessPolicyWindow.num_bytes = 0;
  run("apw num_bytes 0", a, 1);
  a[0].val.accessPolicyWindow.num_bytes = 4096;
  a[0].val.accessPolicyWindow.hitProp = (cudaAccessProperty)7;
  run("apw hitProp 7", a, 1);
  a[0].val.accessPolicyWindow.hitProp = cudaAccessPropertyNormal;
  a[0].val.accessPolicyWindow.missProp = cudaAccessPropertyPersisting;
  run("apw missProp persisting", a, 1);

  a[0] = {};
  a[0].id = cudaLaunchAttributeMemSyncDomain;
  a[0].val.memSyncDomain = cudaLaunchMemSyncDomainRemote;
  run("memSyncDomain remote", a, 1);
  a[0].val.memSyncDomain = (cudaLaunchMemSyncDomain)2;
  run("memSyncDomain 2", a, 1);
  a[0] = {};
  a[0].id = cudaLaunchAttributeMemSyncDomainMap;
  a[0].val.memSyncDomainMap.default_ = 0;
  a[0].val.memSyncDomainMap.remote = 1;
  run("memSyncDomainMap 0/1", a, 1);
  a[0].val.memSyncDomainMap.remote = 7;
  run("memSyncDomainMap remote 7", a, 1);

  cudaEvent_t ev, evt;
  cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  cudaEventCreate(&evt);
  a[0] = {};
  a[0].id = cudaLaunchAttributeLaunchCompletionEvent;
  a[0].val.launchCompletionEvent.event = nullptr;
  run("completion event null", a, 1);
  a[0].val.launchCompletionEvent.event = ev;
  a[0].val.launchCompletionEvent.flags = 0;
  run("completion event", a, 1);
  printf("  query after: %s\n", cudaGetErrorName(cudaEventQuery(ev)));
  a[0].val.launchCompletionEvent.event = evt;
  run("completion event (timing)", a, 1);
  a[0].val.launchCompletionEvent.event = ev;
  a[0].val.launchCompletionEvent.flags = 5;
  run("completion event flags 5", a, 1);
  a[0] = {};
  a[0].id = cudaLaunchAttributeProgrammaticEvent;
  a[0].val.programmaticEvent.event = ev;
  a[0].val.programmaticEvent.triggerAtBlockStart = 1;
  run("programmatic event at start", a, 1);
  a[0].val.programmaticEvent.triggerAtBlockStart = 0;
  run("programmatic event", a, 1);
  a[0].val.programmaticEvent.event = evt;
  run("programmatic event (timing)", a, 1);
  a[0].val.programmaticEvent.event = nullptr;
  run("programmatic event null", a, 1);

  a[0] = {};
  a[0].id = cudaLaunchAttributePreferredSharedMemoryCarveout;
  unsigned carve[] = {0, 50, 100, 101, 0xffffffffu};
  for (unsigned c : carve) {
    a[0].val.sharedMemCarveout = c;
    char l[64];
    snprintf(l, 64, "carveout %d", (int)c);
    run(l, a, 1);
  }
  a[0] = {};
  a[0].id = cudaLaunchAttributeClusterSchedulingPolicyPreference;
  for (int p = 0; p < 4; p++) {
    a[0].val.clusterSchedulingPolicyPreference = (cudaClusterSchedulingPolicy)p;
    char l[64];
    snprintf(l, 64, "cluster sched policy %d", p);
    run(l, a, 1);
  }
  a[0] = {};
  a[0].id = cudaLaunchAttributePreferredClusterDimension;
  a[0].val.preferredClusterDim.x = 2;
  a[0].val.preferredClusterDim.y = 1;
  a[0].val.preferredClusterDim.z = 1;
  run("preferred cluster 2 alone", a, 1);
  a[1].id = cudaLaunchAttributeClusterDimension;
  a[1].val.clusterDim.x = 1;
  a[1].val.clusterDim.y = 1;
  a[1].val.clusterDim.z = 1;
  run("preferred 2 + cluster 1", a, 2);
  a[0].val.preferredClusterDim.x = 4;
  a[1].val.clusterDim.x = 2;
  run("preferred 4 + cluster 2", a, 2);
  a[0].val.preferredClusterDim.x = 3;
  run("preferred 3 + cluster 2", a, 2);
  a[0] = {};
  a[0].id = cudaLaunchAttributeDeviceUpdatableKernelNode;
  a[0].val.deviceUpdatableKernelNode.deviceUpdatable = 1;
  run("device updatable outside graph", a, 1);

  a[0] = {};
  a[1] = {};
  a[0].id = cudaLaunchAttributePriority;
  a[0].val.priority = hi;
  a[1].id = cudaLaunchAttributePriority;
  a[1].val.priority = lo;
  run("priority twice", a, 2);
  a[0].val.priority = hi - 10;
  run("priority below range", a, 1);
  a[0].val.priority = lo + 10;
  run("priority above range", a, 1);
  run("numAttrs 1 attrs null", nullptr, 1);
  a[0] = {};
  a[0].id = cudaLaunchAttributeIgnore;
  run("attribute id 0 (ignore)", a, 1);
  a[0].id = (cudaLaunchAttributeID)99;
  run("attribute id 99", a, 1);
  printf("last error at end: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
