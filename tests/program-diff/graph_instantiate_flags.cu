// cudaGraphInstantiateWithParams for device launch (which nodes a device graph may hold, result_out
// and errNode_out), Upload and UseNodePriority (not in cudaGraphExecGetFlags), Upload without an
// upload stream refused.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// cudaGraphInstantiateWithParams flags: device launch (which nodes are allowed), upload, node
// priority, cudaGraphExecGetFlags, cudaGraphUpload, result codes and error nodes.
__global__ void k(int *p) { atomicAdd(p, 1); }
static void hf(void *) {}
static void inst(const char *w, cudaGraph_t g, unsigned long long flags, cudaGraphNode_t expect) {
    cudaGraphExec_t ge = nullptr; cudaGraphInstantiateParams p = {}; p.flags = flags; p.errNode_out = (cudaGraphNode_t)0x1;
    cudaError_t e = cudaGraphInstantiateWithParams(&ge, g, &p); cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s) result %d errNode %s\n", w, cudaGetErrorName(e), cudaGetErrorName(l), (int)p.result_out,
           p.errNode_out == nullptr ? "null" : p.errNode_out == (cudaGraphNode_t)0x1 ? "unwritten" : p.errNode_out == expect ? "the node" : "other");
    if (e == cudaSuccess) { unsigned long long f = 99; cudaGraphExecGetFlags(ge, &f); printf("  exec flags %llu\n", f); cudaGraphExecDestroy(ge); }
}
int main() {
    int *d; cudaMalloc(&d, 64); int *pinned; cudaMallocHost(&pinned, 64);
    cudaStream_t s; cudaStreamCreate(&s);
    cudaKernelNodeParams kp = {}; void *a[] = {&d}; kp.func = (void *)k; kp.gridDim = dim3(1); kp.blockDim = dim3(1); kp.kernelParams = a;
    // kernel only
    cudaGraph_t g1; cudaGraphCreate(&g1, 0); cudaGraphNode_t kn; cudaGraphAddKernelNode(&kn, g1, nullptr, 0, &kp);
    inst("kernel, device launch", g1, cudaGraphInstantiateFlagDeviceLaunch, kn);
    inst("kernel, upload", g1, cudaGraphInstantiateFlagUpload, kn);
    inst("kernel, node priority", g1, cudaGraphInstantiateFlagUseNodePriority, kn);
    inst("kernel, auto free", g1, cudaGraphInstantiateFlagAutoFreeOnLaunch, kn);
    inst("kernel, bad flag", g1, 1 << 10, kn);
    inst("kernel, device launch + auto free", g1, cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagAutoFreeOnLaunch, kn);
    // memset and memcpy device-to-device
    cudaGraph_t g2; cudaGraphCreate(&g2, 0); cudaGraphNode_t ms, mc;
    cudaMemsetParams mp = {}; mp.dst = d; mp.value = 1; mp.elementSize = 4; mp.width = 4; mp.height = 1;
    cudaGraphAddMemsetNode(&ms, g2, nullptr, 0, &mp);
    cudaGraphAddMemcpyNode1D(&mc, g2, &ms, 1, d + 8, d, 16, cudaMemcpyDeviceToDevice);
    inst("memset+d2d copy, device launch", g2, cudaGraphInstantiateFlagDeviceLaunch, mc);
    // memcpy to pinned host
    cudaGraph_t g3; cudaGraphCreate(&g3, 0); cudaGraphNode_t hc;
    cudaGraphAddMemcpyNode1D(&hc, g3, nullptr, 0, pinned, d, 16, cudaMemcpyDeviceToHost);
    inst("d2h copy, device launch", g3, cudaGraphInstantiateFlagDeviceLaunch, hc);
    // host node
    cudaGraph_t g4; cudaGraphCreate(&g4, 0); cudaGraphNode_t hn; cudaHostNodeParams hp = {hf, nullptr};
    cudaGraphAddHostNode(&hn, g4, nullptr, 0, &hp);
    inst("host node, device launch", g4, cudaGraphInstantiateFlagDeviceLaunch, hn);
    // event record node
    cudaGraph_t g5; cudaGraphCreate(&g5, 0); cudaGraphNode_t en; cudaEvent_t ev; cudaEventCreate(&ev);
    cudaGraphAddEventRecordNode(&en, g5, nullptr, 0, ev);
    inst("event record, device launch", g5, cudaGraphInstantiateFlagDeviceLaunch, en);
    // empty node and child graph
    cudaGraph_t g6; cudaGraphCreate(&g6, 0); cudaGraphNode_t em, ch;
    cudaGraphAddEmptyNode(&em, g6, nullptr, 0);
    cudaGraphAddChildGraphNode(&ch, g6, &em, 1, g1);
    inst("empty+child, device launch", g6, cudaGraphInstantiateFlagDeviceLaunch, ch);
    // two kernels whose order must be kept across two roots
    cudaGraph_t g7; cudaGraphCreate(&g7, 0); cudaGraphNode_t k1, k2;
    cudaGraphAddKernelNode(&k1, g7, nullptr, 0, &kp); cudaGraphAddKernelNode(&k2, g7, nullptr, 0, &kp);
    inst("two roots, device launch", g7, cudaGraphInstantiateFlagDeviceLaunch, k2);
    // empty graph
    cudaGraph_t g8; cudaGraphCreate(&g8, 0);
    inst("empty graph", g8, 0, nullptr);
    inst("empty graph, device launch", g8, cudaGraphInstantiateFlagDeviceLaunch, nullptr);
    // mem alloc node
    cudaGraph_t g9; cudaGraphCreate(&g9, 0); cudaGraphNode_t an; cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned; ap.poolProps.location.type = cudaMemLocationTypeDevice; ap.bytesize = 1024;
    cudaGraphAddMemAllocNode(&an, g9, nullptr, 0, &ap);
    cudaGraphNode_t fr; cudaGraphAddMemFreeNode(&fr, g9, &an, 1, ap.dptr);
    inst("alloc+free, device launch", g9, cudaGraphInstantiateFlagDeviceLaunch, an);
    // upload / launch of a device-launch graph from the host
    cudaGraphExec_t ge; cudaGraphInstantiateParams p = {}; p.flags = cudaGraphInstantiateFlagDeviceLaunch;
    R(cudaGraphInstantiateWithParams(&ge, g1, &p));
    R(cudaGraphLaunch(ge, s));
    R(cudaGraphUpload(ge, s));
    R(cudaGraphLaunch(ge, s));
    R(cudaStreamSynchronize(s));
    int h; cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost); printf("d[0] = %d\n", h);
    // instantiate with the old entry and flags
    cudaGraphExec_t ge2;
    R(cudaGraphInstantiateWithFlags(&ge2, g4, cudaGraphInstantiateFlagDeviceLaunch));
    R(cudaGraphInstantiateWithFlags(&ge2, g1, cudaGraphInstantiateFlagUpload));
    R(cudaGraphInstantiate(&ge2, g1, 1 << 10));
    R(cudaGraphInstantiateWithParams(&ge2, g1, nullptr));
    R(cudaGraphExecGetFlags(ge2, nullptr));
    return 0;
}
