// Memset nodes of element size 1, 2 and 4, one- and two-dimensional: their results, their
// parameters read back, and which changes cudaGraphExecMemsetNodeSetParams and
// cudaGraphExecUpdate accept (value, width, element size, destination allocation, pitch).
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static void dump(const char* tag, const unsigned char* p, int n) { printf("%s:", tag); for (int i = 0; i < n; ++i) printf(" %02x", p[i]); printf("\n"); }

int main() {
    unsigned char *a, *b; size_t pitch;
    P(cudaMalloc(&a, 256)); P(cudaMalloc(&b, 256));
    unsigned char* p2; P(cudaMallocPitch((void**)&p2, &pitch, 12, 3));
    P(cudaMemset(a, 0, 256)); P(cudaMemset(b, 0, 256)); P(cudaMemset2D(p2, pitch, 0, 12, 3));
    cudaStream_t s; P(cudaStreamCreate(&s));
    cudaGraph_t g; P(cudaGraphCreate(&g, 0));
    cudaMemsetParams m1 = {}; m1.dst = a; m1.value = 0xcd; m1.elementSize = 1; m1.width = 5; m1.height = 1;
    cudaMemsetParams m2 = {}; m2.dst = a + 8; m2.value = 0xabcd; m2.elementSize = 2; m2.width = 3; m2.height = 1;
    cudaMemsetParams m4 = {}; m4.dst = a + 16; m4.value = 0x1234abcd; m4.elementSize = 4; m4.width = 2; m4.height = 1;
    cudaMemsetParams md = {}; md.dst = p2; md.value = 0x77; md.elementSize = 1; md.width = 10; md.height = 3; md.pitch = pitch;
    cudaGraphNode_t n1, n2, n4, nd;
    P(cudaGraphAddMemsetNode(&n1, g, nullptr, 0, &m1)); P(cudaGraphAddMemsetNode(&n2, g, &n1, 1, &m2));
    P(cudaGraphAddMemsetNode(&n4, g, &n2, 1, &m4)); P(cudaGraphAddMemsetNode(&nd, g, &n4, 1, &md));
    cudaMemsetParams bad = m2; bad.elementSize = 3; cudaGraphNode_t nb;
    P(cudaGraphAddMemsetNode(&nb, g, nullptr, 0, &bad));
    bad = m2; bad.dst = a + 1; P(cudaGraphAddMemsetNode(&nb, g, nullptr, 0, &bad));
    bad = m4; bad.dst = a + 2; P(cudaGraphAddMemsetNode(&nb, g, nullptr, 0, &bad));
    bad = md; bad.pitch = 4; P(cudaGraphAddMemsetNode(&nb, g, nullptr, 0, &bad));
    bad = m1; bad.width = 0; P(cudaGraphAddMemsetNode(&nb, g, nullptr, 0, &bad));
    bad = m1; bad.height = 0; P(cudaGraphAddMemsetNode(&nb, g, nullptr, 0, &bad));
    cudaMemsetParams back = {}; P(cudaGraphMemsetNodeGetParams(nd, &back));
    printf("back: value %x elem %u width %zu height %zu pitch==pitch %d\n", back.value, back.elementSize, back.width, back.height, back.pitch == pitch);
    cudaGraphExec_t ge; P(cudaGraphInstantiate(&ge, g, 0));
    P(cudaGraphLaunch(ge, s)); P(cudaStreamSynchronize(s));
    unsigned char h[32]; P(cudaMemcpy(h, a, 32, cudaMemcpyDeviceToHost)); dump("a", h, 24);
    unsigned char h2[36]; P(cudaMemcpy2D(h2, 12, p2, pitch, 12, 3, cudaMemcpyDeviceToHost)); dump("2d", h2, 36);
    // exec set params
    cudaMemsetParams x = m1; x.value = 0x55; P(cudaGraphExecMemsetNodeSetParams(ge, n1, &x));
    x = m1; x.width = 7; P(cudaGraphExecMemsetNodeSetParams(ge, n1, &x));
    x = m1; x.elementSize = 2; x.width = 2; x.value = 0x1122; P(cudaGraphExecMemsetNodeSetParams(ge, n1, &x));
    x = m1; x.dst = b; P(cudaGraphExecMemsetNodeSetParams(ge, n1, &x));
    x = m1; x.dst = a + 100; P(cudaGraphExecMemsetNodeSetParams(ge, n1, &x));
    x = md; x.height = 2; P(cudaGraphExecMemsetNodeSetParams(ge, nd, &x));
    x = md; x.height = 1; x.width = 12; P(cudaGraphExecMemsetNodeSetParams(ge, nd, &x));
    P(cudaMemset(a, 0, 256)); P(cudaMemset(b, 0, 256));
    P(cudaGraphLaunch(ge, s)); P(cudaStreamSynchronize(s));
    P(cudaMemcpy(h, a, 32, cudaMemcpyDeviceToHost)); dump("a after set", h, 24);
    P(cudaMemcpy(h, b, 32, cudaMemcpyDeviceToHost)); dump("b after set", h, 8);
    // exec update from graphs differing in one memset parameter
    const char* what[4] = {"value", "element size", "other allocation", "width"};
    for (int w = 0; w < 4; ++w) {
        cudaGraph_t u; P(cudaGraphCreate(&u, 0));
        cudaMemsetParams q1 = m1, q2 = m2, q4 = m4, qd = md;
        if (w == 0) q1.value = 0x99;
        if (w == 1) { q4.elementSize = 2; q4.width = 4; }
        if (w == 2) q1.dst = b;
        if (w == 3) q2.width = 1;
        cudaGraphNode_t u1, u2, u4, ud;
        P(cudaGraphAddMemsetNode(&u1, u, nullptr, 0, &q1)); P(cudaGraphAddMemsetNode(&u2, u, &u1, 1, &q2));
        P(cudaGraphAddMemsetNode(&u4, u, &u2, 1, &q4)); P(cudaGraphAddMemsetNode(&ud, u, &u4, 1, &qd));
        cudaGraphExecUpdateResultInfo info = {};
        cudaError_t e = cudaGraphExecUpdate(ge, u, &info);
        printf("update %-16s %s result %d\n", what[w], cudaGetErrorName(e), (int)info.result);
        cudaGetLastError();
        P(cudaGraphDestroy(u));
    }
    P(cudaGraphExecDestroy(ge)); P(cudaGraphDestroy(g));
    return 0;
}
