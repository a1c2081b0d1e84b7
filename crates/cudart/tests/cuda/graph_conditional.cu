// Conditional graph nodes (CUDA 12.4+): IF (with and without ELSE), WHILE and SWITCH, their
// handles set from kernels in the graph with cudaGraphSetConditional, default values
// assigned at each launch, nesting, and a conditional node inside a child graph.
#include "common.h"
#include <string>

__global__ void setHandle(cudaGraphConditionalHandle h, const int *v) { cudaGraphSetConditional(h, (unsigned)*v); }

// The guide's WHILE example: a body kernel counts down and stops the loop at 0.
__global__ void loopBody(cudaGraphConditionalHandle h, int *counter, int *iterations) {
  if (threadIdx.x == 0) {
    ++*iterations;
    if (--*counter == 0) cudaGraphSetConditional(h, 0);
  }
}

__global__ void addTo(int *p, int v) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *p += v;
}

static cudaGraphNode_t addKernel(cudaGraph_t g, const cudaGraphNode_t *deps, size_t nd, void *func, void **args) {
  cudaGraphNodeParams p = {};
  p.type = cudaGraphNodeTypeKernel;
  p.kernel.func = func;
  p.kernel.gridDim = dim3(1);
  p.kernel.blockDim = dim3(32);
  p.kernel.kernelParams = args;
  cudaGraphNode_t n;
  CK(cudaGraphAddNode(&n, g, deps, nullptr, nd, &p));
  return n;
}

static cudaGraphNode_t addCond(cudaGraph_t g, const cudaGraphNode_t *deps, size_t nd, cudaGraphConditionalHandle h,
                               cudaGraphConditionalNodeType type, unsigned size, cudaGraph_t *bodies) {
  cudaGraphNodeParams p = {};
  p.type = cudaGraphNodeTypeConditional;
  p.conditional.handle = h;
  p.conditional.type = type;
  p.conditional.size = size;
  cudaGraphNode_t n;
  CK(cudaGraphAddNode(&n, g, deps, nullptr, nd, &p));
  EXPECT(p.conditional.phGraph_out != nullptr);
  for (unsigned i = 0; i < size; i++) {
    bodies[i] = p.conditional.phGraph_out[i];
    EXPECT(bodies[i] != nullptr);
  }
  return n;
}

static int get(int *d) {
  int v;
  CK(cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost));
  return v;
}

static void put(int *d, int v) { CK(cudaMemcpy(d, &v, sizeof v, cudaMemcpyHostToDevice)); }

int main() {
  int *d;
  CK(cudaMalloc(&d, 16 * sizeof(int)));
  CK(cudaMemset(d, 0, 16 * sizeof(int)));
  int *flag = d, *counter = d + 1, *iters = d + 2, *out = d + 3, *out2 = d + 4, *sel = d + 5;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));

  // IF: a kernel sets the handle from *flag; the body adds 1 to *out when it is nonzero.
  {
    cudaGraph_t g;
    CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    CK(cudaGraphConditionalHandleCreate(&h, g, 0, cudaGraphCondAssignDefault));
    void *a0[] = {&h, &flag};
    cudaGraphNode_t k = addKernel(g, nullptr, 0, (void *)setHandle, a0);
    cudaGraph_t body[2];
    cudaGraphNode_t c = addCond(g, &k, 1, h, cudaGraphCondTypeIf, 1, body);
    cudaGraphNodeType t;
    CK(cudaGraphNodeGetType(c, &t));
    EXPECT(t == cudaGraphNodeTypeConditional);
    int one = 1;
    void *a1[] = {&out, &one};
    addKernel(body[0], nullptr, 0, (void *)addTo, a1);
    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, g, 0));
    put(flag, 0);
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(out) == 0);
    put(flag, 7);
    CK(cudaGraphLaunch(x, s));
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(out) == 2);
    CK(cudaGraphExecDestroy(x));
    CK(cudaGraphDestroy(g));
  }

  // IF/ELSE (size 2) with the handle's default value only (no kernel sets it).
  for (unsigned dflt = 0; dflt < 2; dflt++) {
    put(out, 0);
    cudaGraph_t g;
    CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    CK(cudaGraphConditionalHandleCreate(&h, g, dflt, cudaGraphCondAssignDefault));
    cudaGraph_t body[2];
    addCond(g, nullptr, 0, h, cudaGraphCondTypeIf, 2, body);
    int ten = 10, hundred = 100;
    void *a1[] = {&out, &ten};
    void *a2[] = {&out, &hundred};
    addKernel(body[0], nullptr, 0, (void *)addTo, a1);
    addKernel(body[1], nullptr, 0, (void *)addTo, a2);
    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, g, 0));
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(out) == (dflt ? 10 : 100));
    CK(cudaGraphExecDestroy(x));
    CK(cudaGraphDestroy(g));
  }

  // WHILE (the guide's example): default 1, the body counts *counter down to 0; the loop
  // restarts at each launch because the default is assigned again.
  {
    cudaGraph_t g;
    CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
    cudaGraph_t body[1];
    cudaGraphNode_t c = addCond(g, nullptr, 0, h, cudaGraphCondTypeWhile, 1, body);
    void *a[] = {&h, &counter, &iters};
    cudaGraphNode_t b0 = addKernel(body[0], nullptr, 0, (void *)loopBody, a);
    int one = 1;
    void *a1[] = {&out2, &one};
    addKernel(body[0], &b0, 1, (void *)addTo, a1);  // a second node in the body
    int thousand = 1000;
    void *a2[] = {&out2, &thousand};
    addKernel(g, &c, 1, (void *)addTo, a2);  // after the loop
    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, g, 0));
    CK(cudaGraphDestroy(g));  // the executable graph keeps working
    put(counter, 5);
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(iters) == 5);
    EXPECT(get(counter) == 0);
    EXPECT(get(out2) == 1005);
    put(counter, 3);
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(iters) == 8);
    EXPECT(get(out2) == 2008);
    CK(cudaGraphExecDestroy(x));
  }

  // WHILE whose condition is 0 at the start: the body never runs.
  {
    put(iters, 0);
    cudaGraph_t g;
    CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    CK(cudaGraphConditionalHandleCreate(&h, g, 0, cudaGraphCondAssignDefault));
    cudaGraph_t body[1];
    addCond(g, nullptr, 0, h, cudaGraphCondTypeWhile, 1, body);
    put(counter, 100);
    void *a[] = {&h, &counter, &iters};
    addKernel(body[0], nullptr, 0, (void *)loopBody, a);
    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, g, 0));
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(iters) == 0);
    CK(cudaGraphExecDestroy(x));
    CK(cudaGraphDestroy(g));
  }

  // SWITCH with 3 bodies: body[v] adds 10^v; values out of range run nothing.
  {
    put(out, 0);
    cudaGraph_t g;
    CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    CK(cudaGraphConditionalHandleCreate(&h, g, 0, cudaGraphCondAssignDefault));
    void *a0[] = {&h, &sel};
    cudaGraphNode_t k = addKernel(g, nullptr, 0, (void *)setHandle, a0);
    cudaGraph_t body[3];
    addCond(g, &k, 1, h, cudaGraphCondTypeSwitch, 3, body);
    int vals[3] = {1, 10, 100};
    void *args[3][2] = {{&out, &vals[0]}, {&out, &vals[1]}, {&out, &vals[2]}};
    for (int i = 0; i < 3; i++) addKernel(body[i], nullptr, 0, (void *)addTo, args[i]);
    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, g, 0));
    int expect = 0;
    for (int v : {2, 0, 5, 1, 2, 3}) {
      put(sel, v);
      CK(cudaGraphLaunch(x, s));
      CK(cudaStreamSynchronize(s));
      if (v < 3) expect += vals[v];
      EXPECT(get(out) == expect);
    }
    EXPECT(expect == 211);
    // Graphs with conditional nodes cannot be cloned (an H100 answers cudaErrorNotSupported).
    cudaGraph_t cl;
    EXPECT_ERR(cudaGraphClone(&cl, g), cudaErrorNotSupported);
    cudaGetLastError();
    CK(cudaGraphExecDestroy(x));
    CK(cudaGraphDestroy(g));
  }

  // Nesting: an IF inside a WHILE body, in a child graph; and a handle without
  // cudaGraphCondAssignDefault keeps the value a kernel left.
  {
    put(out, 0);
    put(iters, 0);
    cudaGraph_t child;
    CK(cudaGraphCreate(&child, 0));
    cudaGraphConditionalHandle hw, hi;
    CK(cudaGraphConditionalHandleCreate(&hw, child, 1, cudaGraphCondAssignDefault));
    cudaGraph_t wbody[1];
    addCond(child, nullptr, 0, hw, cudaGraphCondTypeWhile, 1, wbody);
    CK(cudaGraphConditionalHandleCreate(&hi, wbody[0], 1, 0));
    put(counter, 4);
    void *a[] = {&hw, &counter, &iters};
    cudaGraphNode_t lb = addKernel(wbody[0], nullptr, 0, (void *)loopBody, a);
    cudaGraph_t ibody[1];
    addCond(wbody[0], &lb, 1, hi, cudaGraphCondTypeIf, 1, ibody);
    int one = 1;
    void *a1[] = {&out, &one};
    addKernel(ibody[0], nullptr, 0, (void *)addTo, a1);
    cudaGraph_t g;
    CK(cudaGraphCreate(&g, 0));
    cudaGraphNodeParams cp = {};
    cp.type = cudaGraphNodeTypeGraph;
    cp.graph.graph = child;
    cudaGraphNode_t cn;
    // A graph with conditional nodes cannot be a child graph (an H100 answers NotSupported):
    // the nested conditionals run from `child` itself.
    EXPECT_ERR(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &cp), cudaErrorNotSupported);
    cudaGetLastError();
    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, child, 0));
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(iters) == 4);
    EXPECT(get(out) == 4);
    // The dot output shows the conditional nodes and their bodies.
    const char *path = "graph_conditional.dot";
    CK(cudaGraphDebugDotPrint(child, path, cudaGraphDebugDotFlagsVerbose));
    FILE *f = fopen(path, "r");
    EXPECT(f != nullptr);
    std::string dot;
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) dot.append(buf, got);
    fclose(f);
    remove(path);
    EXPECT(dot.find("CONDITIONAL") != std::string::npos);
    EXPECT(dot.find("loopBody") != std::string::npos);
    EXPECT(dot.find("addTo") != std::string::npos);
    CK(cudaGraphExecDestroy(x));
    CK(cudaGraphDestroy(g));
    CK(cudaGraphDestroy(child));
  }

  // Stream capture (the guide's capture example): a WHILE node added to the graph being
  // captured, its body captured from another stream with cudaStreamBeginCaptureToGraph.
  {
    put(iters, 0);
    put(out2, 0);
    cudaStream_t cs, bs;
    CK(cudaStreamCreate(&cs));
    CK(cudaStreamCreate(&bs));
    CK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeGlobal));
    int two = 2;
    void *a0[] = {&out2, &two};
    CK(cudaLaunchKernel((const void *)addTo, dim3(1), dim3(32), a0, 0, cs));  // before the loop
    cudaStreamCaptureStatus st;
    cudaGraph_t cg;
    const cudaGraphNode_t *deps;
    size_t nd;
    CK(cudaStreamGetCaptureInfo(cs, &st, nullptr, &cg, &deps, nullptr, &nd));
    EXPECT(st == cudaStreamCaptureStatusActive && nd == 1);
    cudaGraphConditionalHandle h;
    CK(cudaGraphConditionalHandleCreate(&h, cg, 1, cudaGraphCondAssignDefault));
    cudaGraph_t body[1];
    cudaGraphNode_t c = addCond(cg, deps, nd, h, cudaGraphCondTypeWhile, 1, body);
    CK(cudaStreamUpdateCaptureDependencies(cs, &c, nullptr, 1, cudaStreamSetCaptureDependencies));
    CK(cudaStreamBeginCaptureToGraph(bs, body[0], nullptr, nullptr, 0, cudaStreamCaptureModeGlobal));
    loopBody<<<1, 32, 0, bs>>>(h, counter, iters);
    cudaGraph_t bodyOut;
    CK(cudaStreamEndCapture(bs, &bodyOut));
    EXPECT(bodyOut == body[0]);
    int ten = 10;
    void *a1[] = {&out2, &ten};
    CK(cudaLaunchKernel((const void *)addTo, dim3(1), dim3(32), a1, 0, cs));  // after the loop
    cudaGraph_t g;
    CK(cudaStreamEndCapture(cs, &g));
    EXPECT(g == cg);
    size_t n = 0;
    CK(cudaGraphGetNodes(g, nullptr, &n));
    EXPECT(n == 3);
    CK(cudaGraphGetNodes(body[0], nullptr, &n));
    EXPECT(n == 1);
    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, g, 0));
    put(counter, 6);
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(iters) == 6);
    EXPECT(get(out2) == 12);
    CK(cudaGraphExecDestroy(x));
    CK(cudaGraphDestroy(g));
    CK(cudaStreamDestroy(cs));
    CK(cudaStreamDestroy(bs));
  }

  // A capture into an existing graph may end with no place for the graph (the guide's
  // conditional-node example ends its body capture with nullptr): the graph is the caller's.
  {
    cudaGraph_t g;
    CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
    cudaGraph_t body[1];
    addCond(g, nullptr, 0, h, cudaGraphCondTypeWhile, 1, body);
    cudaStream_t bs;
    CK(cudaStreamCreate(&bs));
    CK(cudaStreamBeginCaptureToGraph(bs, body[0], nullptr, nullptr, 0, cudaStreamCaptureModeGlobal));
    loopBody<<<1, 32, 0, bs>>>(h, counter, iters);
    CK(cudaStreamEndCapture(bs, nullptr));
    cudaStreamCaptureStatus st;
    CK(cudaStreamIsCapturing(bs, &st));
    EXPECT(st == cudaStreamCaptureStatusNone);
    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, g, 0));
    put(iters, 0);
    put(counter, 4);
    CK(cudaGraphLaunch(x, s));
    CK(cudaStreamSynchronize(s));
    EXPECT(get(iters) == 4);
    CK(cudaGraphExecDestroy(x));
    CK(cudaGraphDestroy(g));
    CK(cudaStreamDestroy(bs));
  }

  // Argument checks.
  {
    cudaGraph_t g;
    CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    EXPECT_ERR(cudaGraphConditionalHandleCreate(nullptr, g, 0, 0), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGraphConditionalHandleCreate(&h, g, 0, 2), cudaErrorInvalidValue);
    CK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
    cudaGraphNodeParams p = {};
    p.type = cudaGraphNodeTypeConditional;
    p.conditional.handle = h;
    p.conditional.type = cudaGraphCondTypeWhile;
    p.conditional.size = 2;
    cudaGraphNode_t n;
    EXPECT_ERR(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &p), cudaErrorInvalidValue);
    p.conditional.type = cudaGraphCondTypeIf;
    p.conditional.size = 3;
    EXPECT_ERR(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &p), cudaErrorInvalidValue);
    p.conditional.size = 0;
    EXPECT_ERR(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &p), cudaErrorInvalidValue);
    CK(cudaGraphDestroy(g));
  }

  CK(cudaStreamDestroy(s));
  CK(cudaFree(d));
  printf("PASS\n");
  return 0;
}
