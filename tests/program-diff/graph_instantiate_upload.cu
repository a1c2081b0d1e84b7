// cudaGraphInstantiateWithFlags / WithParams: auto-free-on-launch with a mem-alloc node whose
// memory is not freed in the graph, upload, device launch flag, exec flags read back,
// relaunch rules; cudaGraphDebugDotPrint's return and output file.
#include <cstdio>
#include <cstring>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void fill(int* p, int v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] = v + i; }

int main() {
    const int n = 512;
    cudaStream_t s; P(cudaStreamCreate(&s));
    int* out; P(cudaMallocHost(&out, n * 4));
    cudaGraph_t g; P(cudaGraphCreate(&g, 0));
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned; ap.poolProps.location.type = cudaMemLocationTypeDevice; ap.poolProps.location.id = 0;
    ap.bytesize = n * 4;
    cudaGraphNode_t an; P(cudaGraphAddMemAllocNode(&an, g, nullptr, 0, &ap));
    int* p = (int*)ap.dptr; int v = 7, nn = n;
    void* args[] = {&p, &v, &nn};
    cudaKernelNodeParams kp = {}; kp.func = (void*)fill; kp.gridDim = dim3(n / 128); kp.blockDim = dim3(128); kp.kernelParams = args;
    cudaGraphNode_t kn; P(cudaGraphAddKernelNode(&kn, g, &an, 1, &kp));
    cudaGraphNode_t cn; P(cudaGraphAddMemcpyNode1D(&cn, g, &kn, 1, out, p, n * 4, cudaMemcpyDeviceToHost));

    cudaGraphExec_t e0, e1, e2;
    P(cudaGraphInstantiate(&e0, g, 0));
    P(cudaGraphLaunch(e0, s));
    P(cudaStreamSynchronize(s));
    printf("plain: out[5]=%d\n", out[5]);
    P(cudaGraphLaunch(e0, s));
    P(cudaStreamSynchronize(s));
    P(cudaGetLastError());
    P(cudaFree(p));
    P(cudaDeviceSynchronize());
    P(cudaGraphLaunch(e0, s));
    P(cudaStreamSynchronize(s));
    printf("relaunch after free: out[5]=%d\n", out[5]);
    P(cudaGraphInstantiateWithFlags(&e1, g, cudaGraphInstantiateFlagAutoFreeOnLaunch));
    unsigned long long fl = 0; P(cudaGraphExecGetFlags(e1, &fl)); printf("flags e1 %llu\n", fl);
    P(cudaGraphExecGetFlags(e0, &fl)); printf("flags e0 %llu\n", fl);
    for (int i = 0; i < 3; ++i) { P(cudaGraphLaunch(e1, s)); }
    P(cudaStreamSynchronize(s));
    printf("auto-free: out[511]=%d\n", out[511]);
    P(cudaGraphExecDestroy(e0));
    // instantiate with params + upload
    cudaGraphInstantiateParams ip = {}; ip.flags = cudaGraphInstantiateFlagUpload | cudaGraphInstantiateFlagAutoFreeOnLaunch; ip.uploadStream = s;
    P(cudaGraphInstantiateWithParams(&e2, g, &ip));
    printf("result_out %d errNode %d\n", (int)ip.result_out, ip.errNode_out != nullptr);
    P(cudaGraphExecGetFlags(e2, &fl)); printf("flags e2 %llu\n", fl);
    P(cudaGraphUpload(e2, s));
    P(cudaGraphLaunch(e2, s)); P(cudaStreamSynchronize(s));
    printf("e2: out[0]=%d\n", out[0]);
    // bad flags
    cudaGraphExec_t e3 = nullptr;
    P(cudaGraphInstantiateWithFlags(&e3, g, 1ull << 40));
    P(cudaGraphInstantiateWithFlags(&e3, g, cudaGraphInstantiateFlagDeviceLaunch));
    P(cudaGraphInstantiateWithFlags(&e3, g, cudaGraphInstantiateFlagUseNodePriority));
    if (e3) { P(cudaGraphLaunch(e3, s)); P(cudaStreamSynchronize(s)); P(cudaGraphExecDestroy(e3)); }
    // dot print
    const char* path = "/tmp/unseen13a_graph.dot";
    remove(path);
    P(cudaGraphDebugDotPrint(g, path, cudaGraphDebugDotFlagsVerbose));
    FILE* f = fopen(path, "r");
    char line[256] = {};
    if (f) { if (!fgets(line, sizeof line, f)) line[0] = 0; fclose(f); }
    printf("dot file exists %d, starts with digraph %d\n", f != nullptr, strncmp(line, "digraph", 7) == 0);
    P(cudaGraphDebugDotPrint(g, "/nonexistent-dir/x.dot", 0));
    P(cudaGraphDebugDotPrint(nullptr, path, 0));
    remove(path);
    P(cudaGraphExecDestroy(e1)); P(cudaGraphExecDestroy(e2));
    P(cudaGraphDestroy(g));
    P(cudaDeviceGraphMemTrim(0));
    size_t used = 1; P(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used)); printf("graph used mem now %zu\n", used);
    return 0;
}
