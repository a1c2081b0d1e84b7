// NVTX 3 (nvtx3/nvToolsExt.h, header-only in the CUDA toolkit) as it behaves with no tool
// attached, as under Cuprite: annotations are accepted and dropped; pushes and pops return
// NVTX_NO_PUSH_POP_TRACKING (-2), range starts return id 0, domain and string registrations
// return null handles; nvtxEventAttributes_t has NVTX's documented layout (48 bytes).
#include "common.h"
#include <cstddef>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
__global__ void noop() {}
int main() {
  EXPECT(NVTX_NO_PUSH_POP_TRACKING == -2);
  EXPECT(nvtxRangePushA("outer") == NVTX_NO_PUSH_POP_TRACKING);
  EXPECT(nvtxRangePushW(L"inner") == NVTX_NO_PUSH_POP_TRACKING);
  noop<<<1, 1>>>();
  CK(cudaDeviceSynchronize());
  EXPECT(nvtxRangePop() == NVTX_NO_PUSH_POP_TRACKING);
  EXPECT(nvtxRangePop() == NVTX_NO_PUSH_POP_TRACKING);

  nvtxEventAttributes_t attributes = {0};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.colorType = NVTX_COLOR_ARGB;
  attributes.color = 0xff00ff00u;
  attributes.payloadType = NVTX_PAYLOAD_TYPE_DOUBLE;
  attributes.payload.dValue = 1.5;
  attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attributes.message.ascii = "attributes";
  EXPECT(sizeof(nvtxEventAttributes_t) == 48 && NVTX_EVENT_ATTRIB_STRUCT_SIZE == 48);
  EXPECT(offsetof(nvtxEventAttributes_t, payload) == 24);
  EXPECT(offsetof(nvtxEventAttributes_t, messageType) == 32);
  EXPECT(offsetof(nvtxEventAttributes_t, message) == 40);
  nvtxMarkEx(&attributes);
  nvtxMarkA("mark");
  EXPECT(nvtxRangeStartEx(&attributes) == 0);
  nvtxRangeId_t id = nvtxRangeStartA("process range");
  EXPECT(id == 0);
  nvtxRangeEnd(id);

  nvtxDomainHandle_t domain = nvtxDomainCreateA("cuprite");
  EXPECT(domain == nullptr);
  EXPECT(nvtxDomainRegisterStringA(domain, "registered") == nullptr);
  EXPECT(nvtxDomainRangePushEx(domain, &attributes) == NVTX_NO_PUSH_POP_TRACKING);
  EXPECT(nvtxDomainRangePop(domain) == NVTX_NO_PUSH_POP_TRACKING);
  nvtxDomainNameCategoryA(domain, 1, "category");
  nvtxDomainDestroy(domain);
  nvtxNameOsThreadA(0, "main");

  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  nvtxNameCudaStreamA(stream, "stream");
  nvtxNameCudaDeviceA(0, "device");
  CK(cudaStreamDestroy(stream));
  printf("PASS\n");
  return 0;
}
