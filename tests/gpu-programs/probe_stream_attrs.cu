// Default stream attribute values (output in probe_stream_attrs.txt).
#include <cstring>
#include <cstdio>
int main() { cudaStream_t s; cudaStreamCreate(&s); cudaStreamAttrValue g; memset(&g, 0x55, sizeof g);
  cudaError_t r = cudaStreamGetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &g); printf("syncPolicy r=%d v=%d\n", (int)r, (int)g.syncPolicy);
  memset(&g, 0x55, sizeof g); r = cudaStreamGetAttribute(s, cudaStreamAttributePriority, &g); printf("priority r=%d v=%d\n", (int)r, g.priority);
  memset(&g, 0x55, sizeof g); r = cudaStreamGetAttribute(s, cudaStreamAttributeMemSyncDomain, &g); printf("memSyncDomain r=%d v=%d\n", (int)r, (int)g.memSyncDomain);
  memset(&g, 0x55, sizeof g); r = cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &g); printf("apw r=%d base=%p bytes=%zu ratio=%g hit=%d miss=%d\n", (int)r, g.accessPolicyWindow.base_ptr, g.accessPolicyWindow.num_bytes, g.accessPolicyWindow.hitRatio, (int)g.accessPolicyWindow.hitProp, (int)g.accessPolicyWindow.missProp);
  return 0; }
