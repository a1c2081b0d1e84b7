// Memset and memcpy nodes in 2D/3D: element sizes, pitches, symbol nodes; results byte by byte.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-80s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__device__ unsigned short dsym[32];

int main() {
    unsigned char *d;
    size_t pitch;
    R(cudaMallocPitch((void **)&d, &pitch, 40, 4));
    R(cudaMemset2D(d, pitch, 0xcc, 40, 4));
    cudaGraph_t g;
    R(cudaGraphCreate(&g, 0));
    cudaGraphNode_t n1, n2, n3, n4, n5;
    cudaMemsetParams mp = {};
    mp.dst = d + 2; mp.pitch = pitch; mp.value = 0xa1b2; mp.elementSize = 2; mp.width = 5; mp.height = 3;
    R(cudaGraphAddMemsetNode(&n1, g, nullptr, 0, &mp));
    mp.dst = d + 16; mp.value = 0x01020304; mp.elementSize = 4; mp.width = 2; mp.height = 2;
    R(cudaGraphAddMemsetNode(&n2, g, &n1, 1, &mp));
    // Invalid: value wider than the element size is truncated? height > 1 with pitch smaller than width?
    cudaMemsetParams bad = mp;
    bad.pitch = 4;
    R(cudaGraphAddMemsetNode(&n3, g, nullptr, 0, &bad));
    bad = mp; bad.elementSize = 8;
    R(cudaGraphAddMemsetNode(&n3, g, nullptr, 0, &bad));
    bad = mp; bad.dst = d + 1; bad.elementSize = 2;
    R(cudaGraphAddMemsetNode(&n3, g, nullptr, 0, &bad));
    bad = mp; bad.dst = d + 3 * pitch; bad.value = 0x1ff; bad.elementSize = 1; bad.width = 3; bad.height = 1;
    R(cudaGraphAddMemsetNode(&n3, g, nullptr, 0, &bad));
    cudaMemsetParams rb;
    R(cudaGraphMemsetNodeGetParams(n3, &rb));
    printf("byte memset value read back 0x%x\n", rb.value);
    bad = mp; bad.height = 1; bad.pitch = 0; bad.dst = (void *)0x1000;
    R(cudaGraphAddMemsetNode(&n4, g, nullptr, 0, &bad));
    R(cudaGetLastError());
    // 3D copy node from host into the pitched buffer.
    unsigned char host[3][8];
    for (int r = 0; r < 3; r++) for (int c = 0; c < 8; c++) host[r][c] = (unsigned char)(r * 16 + c);
    cudaMemcpy3DParms cp = {};
    cp.srcPtr = make_cudaPitchedPtr(host, 8, 8, 3);
    cp.srcPos = make_cudaPos(1, 1, 0);
    cp.dstPtr = make_cudaPitchedPtr(d, pitch, 40, 4);
    cp.dstPos = make_cudaPos(30, 2, 0);
    cp.extent = make_cudaExtent(6, 2, 1);
    cp.kind = cudaMemcpyHostToDevice;
    R(cudaGraphAddMemcpyNode(&n5, g, &n2, 1, &cp));
    cudaMemcpy3DParms rcp;
    memset(&rcp, 0, sizeof rcp);
    R(cudaGraphMemcpyNodeGetParams(n5, &rcp));
    printf("copy node: srcPos %zu,%zu dstPos %zu,%zu extent %zu,%zu,%zu kind %d\n", rcp.srcPos.x, rcp.srcPos.y,
           rcp.dstPos.x, rcp.dstPos.y, rcp.extent.width, rcp.extent.height, rcp.extent.depth, (int)rcp.kind);
    // Symbol nodes.
    unsigned short sv[32];
    for (int i = 0; i < 32; i++) sv[i] = (unsigned short)(1000 + i);
    cudaGraphNode_t s1, s2;
    R(cudaGraphAddMemcpyNodeToSymbol(&s1, g, &n5, 1, dsym, sv, 16, 8, cudaMemcpyHostToDevice));
    unsigned short back[8] = {0};
    R(cudaGraphAddMemcpyNodeFromSymbol(&s2, g, &s1, 1, back, dsym, 16, 4, cudaMemcpyDeviceToHost));
    R(cudaGraphAddMemcpyNodeToSymbol(&n4, g, nullptr, 0, dsym, sv, 16, 60, cudaMemcpyHostToDevice));
    R(cudaGraphAddMemcpyNodeToSymbol(&n4, g, nullptr, 0, dsym, sv, 16, 0, cudaMemcpyDeviceToHost));
    R(cudaGetLastError());
    R(cudaGraphMemcpyNodeGetParams(s1, &rcp));
    printf("toSymbol node: kind %d width %zu dstPos.x %zu\n", (int)rcp.kind, rcp.extent.width, rcp.dstPos.x);
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    unsigned char out[4][40];
    R(cudaMemcpy2D(out, 40, d, pitch, 40, 4, cudaMemcpyDeviceToHost));
    for (int r = 0; r < 4; r++) {
        printf("row %d:", r);
        for (int c = 0; c < 40; c++) printf(" %02x", out[r][c]);
        printf("\n");
    }
    printf("from symbol:");
    for (int i = 0; i < 8; i++) printf(" %u", back[i]);
    printf("\n");
    // Setting a memset node's params on the graph (not exec) and re-instantiating.
    mp.dst = d; mp.value = 0x55; mp.elementSize = 1; mp.width = 40; mp.height = 4; mp.pitch = pitch;
    R(cudaGraphMemsetNodeSetParams(n1, &mp));
    mp.elementSize = 2; mp.width = 20;
    R(cudaGraphExecMemsetNodeSetParams(ex, n1, &mp));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    R(cudaMemcpy2D(out, 40, d, pitch, 40, 4, cudaMemcpyDeviceToHost));
    printf("after exec set row 0:");
    for (int c = 0; c < 12; c++) printf(" %02x", out[0][c]);
    printf("\n");
    R(cudaGraphExecDestroy(ex));
    R(cudaGraphDestroy(g));
    R(cudaFree(d));
    return 0;
}
