// Memcpy nodes made by the API and by stream capture, updated with cudaGraphExecUpdate to copies of
// another kind (ParametersChanged, as an H200 answers, for captured copies too), and
// cudaGraphExecMemcpyNodeSetParams1D with another kind or 0 bytes (InvalidValue).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
#include <cstdlib>
// cudaGraphExecUpdate of a memcpy node across memory kinds: explicit nodes with each kind and
// each pointer type, and captured copies (cudaMemcpyAsync in a capture) that change direction.
static const char *res(cudaGraphExecUpdateResult r) {
    switch (r) { case cudaGraphExecUpdateSuccess: return "Success"; case cudaGraphExecUpdateErrorTopologyChanged: return "TopologyChanged";
    case cudaGraphExecUpdateErrorNodeTypeChanged: return "NodeTypeChanged"; case cudaGraphExecUpdateErrorParametersChanged: return "ParametersChanged";
    case cudaGraphExecUpdateErrorNotSupported: return "NotSupported"; default: return "other"; }
}
static char *dA, *dB, *pinned, *pageable, *managed;
static cudaGraph_t one(void *dst, const void *src, cudaMemcpyKind k) {
    cudaGraph_t g; cudaGraphCreate(&g, 0); cudaGraphNode_t n;
    cudaError_t e = cudaGraphAddMemcpyNode1D(&n, g, nullptr, 0, dst, src, 256, k);
    if (e) { printf("  add: %s\n", cudaGetErrorName(e)); cudaGetLastError(); }
    return g;
}
static void upd(const char *w, cudaGraph_t from, cudaGraph_t to) {
    cudaGraphExec_t x; cudaError_t ie = cudaGraphInstantiate(&x, from, 0);
    if (ie) { printf("%-40s instantiate %s\n", w, cudaGetErrorName(ie)); cudaGetLastError(); return; }
    cudaGraphExecUpdateResultInfo info = {};
    cudaError_t e = cudaGraphExecUpdate(x, to, &info); cudaGetLastError();
    printf("%-40s %s %s errorNode %s\n", w, cudaGetErrorName(e), res(info.result), info.errorNode ? "set" : "null");
    cudaGraphExecDestroy(x);
}
static cudaGraph_t cap(void *dst, const void *src, cudaMemcpyKind k, cudaStream_t s) {
    cudaGraph_t g = nullptr;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    cudaError_t e = cudaMemcpyAsync(dst, src, 256, k, s);
    cudaStreamEndCapture(s, &g);
    if (e) { printf("  capture copy: %s\n", cudaGetErrorName(e)); cudaGetLastError(); }
    return g;
}
int main() {
    cudaMalloc(&dA, 4096); cudaMalloc(&dB, 4096); cudaMallocHost(&pinned, 4096); pageable = (char *)malloc(4096); cudaMallocManaged(&managed, 4096);
    upd("D2H pinned -> D2D", one(pinned, dA, cudaMemcpyDeviceToHost), one(dB, dA, cudaMemcpyDeviceToDevice));
    upd("D2H pinned -> D2H pinned (other ptr)", one(pinned, dA, cudaMemcpyDeviceToHost), one(pinned + 512, dB, cudaMemcpyDeviceToHost));
    upd("D2H pinned -> D2H pageable", one(pinned, dA, cudaMemcpyDeviceToHost), one(pageable, dA, cudaMemcpyDeviceToHost));
    upd("D2H pinned -> Default (same ptrs)", one(pinned, dA, cudaMemcpyDeviceToHost), one(pinned, dA, cudaMemcpyDefault));
    upd("Default pinned<-dev -> Default dev<-dev", one(pinned, dA, cudaMemcpyDefault), one(dB, dA, cudaMemcpyDefault));
    upd("Default dev<-dev -> Default dev<-dev", one(dB, dA, cudaMemcpyDefault), one(dA, dB, cudaMemcpyDefault));
    upd("H2D -> D2D", one(dA, pinned, cudaMemcpyHostToDevice), one(dA, dB, cudaMemcpyDeviceToDevice));
    upd("D2D -> D2D managed dst", one(dB, dA, cudaMemcpyDeviceToDevice), one(managed, dA, cudaMemcpyDeviceToDevice));
    upd("Default dev -> Default managed dst", one(dB, dA, cudaMemcpyDefault), one(managed, dA, cudaMemcpyDefault));
    upd("H2H -> H2H", one(pinned, pinned + 1024, cudaMemcpyHostToHost), one(pinned + 2048, pinned + 1024, cudaMemcpyHostToHost));
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    upd("captured D2H pinned -> captured D2D", cap(pinned, dA, cudaMemcpyDeviceToHost, s), cap(dB, dA, cudaMemcpyDeviceToDevice, s));
    upd("captured D2D -> captured D2D", cap(dB, dA, cudaMemcpyDeviceToDevice, s), cap(dA, dB, cudaMemcpyDeviceToDevice, s));
    upd("captured H2D pinned -> captured D2D", cap(dA, pinned, cudaMemcpyHostToDevice, s), cap(dA, dB, cudaMemcpyDeviceToDevice, s));
    upd("captured Default -> captured Default", cap(pinned, dA, cudaMemcpyDefault, s), cap(dB, dA, cudaMemcpyDefault, s));
    // exec-level set params with another kind
    cudaGraph_t g = one(pinned, dA, cudaMemcpyDeviceToHost); cudaGraphExec_t x; cudaGraphInstantiate(&x, g, 0);
    size_t n = 1; cudaGraphNode_t node; cudaGraphGetNodes(g, &node, &n);
    R(cudaGraphExecMemcpyNodeSetParams1D(x, node, pinned + 256, dB, 256, cudaMemcpyDeviceToHost));
    R(cudaGraphExecMemcpyNodeSetParams1D(x, node, dB, dA, 256, cudaMemcpyDeviceToDevice));
    R(cudaGraphExecMemcpyNodeSetParams1D(x, node, pinned, dA, 256, cudaMemcpyDefault));
    R(cudaGraphExecMemcpyNodeSetParams1D(x, node, pageable, dA, 256, cudaMemcpyDeviceToHost));
    R(cudaGraphExecMemcpyNodeSetParams1D(x, node, pinned, dA, 0, cudaMemcpyDeviceToHost));
    R(cudaGraphLaunch(x, s)); R(cudaStreamSynchronize(s));
    return 0;
}
