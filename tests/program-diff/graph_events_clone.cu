// Graph event record and wait nodes, and cloning: record/wait nodes' events read back and
// replaced (cudaGraphEventRecordNodeSetEvent, cudaGraphEventWaitNodeSetEvent, and on the
// executable graph), an event recorded by a graph ordering a later stream, a wait node waiting
// on a stream's work; cudaGraphClone and cudaGraphNodeFindInClone (with an original node, a
// node of the clone, a node of another graph, a node added to the original after cloning, null
// arguments), a clone edited without touching the original.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void spin_then_set(volatile int *flag, int v, long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
  *flag = v;
}
__global__ void read_into(volatile int *flag, int *out) { *out = *flag; }
__global__ void add(int *p, int v) { atomicAdd(p, v); }

#define R(label, call)                                                                          \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    cudaError_t l_ = cudaGetLastError();                                                        \
    printf("%-52s -> %s (last %s)\n", label, cudaGetErrorName(e_), cudaGetErrorName(l_));      \
  } while (0)

static cudaKernelNodeParams addParams(void **args) {
  cudaKernelNodeParams kp = {};
  kp.func = (void *)add;
  kp.gridDim = 1;
  kp.blockDim = 1;
  kp.kernelParams = args;
  return kp;
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *flag, *out, *acc;
  cudaMalloc(&flag, 4);
  cudaMalloc(&out, 4);
  cudaMalloc(&acc, 4);
  cudaMemset(acc, 0, 4);
  cudaStream_t s1, s2;
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaEvent_t ea, eb, timing;
  cudaEventCreateWithFlags(&ea, cudaEventDisableTiming);
  cudaEventCreateWithFlags(&eb, cudaEventDisableTiming);
  cudaEventCreate(&timing);

  // graph A: spin kernel then record ea
  cudaGraph_t ga;
  cudaGraphCreate(&ga, 0);
  cudaGraphNode_t spin, rec;
  int one = 1;
  long long cyc = 200000000LL;
  void *sargs[] = {&flag, &one, &cyc};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)spin_then_set;
  kp.gridDim = 1;
  kp.blockDim = 1;
  kp.kernelParams = sargs;
  cudaGraphAddKernelNode(&spin, ga, nullptr, 0, &kp);
  R("AddEventRecordNode(ea)", cudaGraphAddEventRecordNode(&rec, ga, &spin, 1, ea));
  cudaEvent_t got = nullptr;
  R("EventRecordNodeGetEvent", cudaGraphEventRecordNodeGetEvent(rec, &got));
  printf("  is ea %d\n", got == ea);
  R("EventRecordNodeSetEvent(eb)", cudaGraphEventRecordNodeSetEvent(rec, eb));
  cudaGraphEventRecordNodeGetEvent(rec, &got);
  printf("  is eb %d\n", got == eb);
  R("EventRecordNodeSetEvent(timing event)", cudaGraphEventRecordNodeSetEvent(rec, timing));
  R("EventRecordNodeSetEvent(null)", cudaGraphEventRecordNodeSetEvent(rec, nullptr));
  R("EventWaitNodeSetEvent on a record node", cudaGraphEventWaitNodeSetEvent(rec, ea));
  R("EventRecordNodeSetEvent(ea)", cudaGraphEventRecordNodeSetEvent(rec, ea));
  cudaGraphExec_t xa;
  R("Instantiate A", cudaGraphInstantiate(&xa, ga, 0));
  cudaMemset(flag, 0, 4);
  cudaDeviceSynchronize();
  R("Launch A on s1", cudaGraphLaunch(xa, s1));
  R("StreamWaitEvent(s2, ea)", cudaStreamWaitEvent(s2, ea, 0));
  read_into<<<1, 1, 0, s2>>>(flag, out);
  cudaStreamSynchronize(s2);
  int h = -1;
  cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);
  printf("  s2 after graph's event saw %d\n", h);
  R("EventQuery(ea)", cudaEventQuery(ea));
  cudaDeviceSynchronize();
  R("ExecEventRecordNodeSetEvent(xa, rec, eb)", cudaGraphExecEventRecordNodeSetEvent(xa, rec, eb));
  R("ExecEventRecordNodeSetEvent(xa, spin, eb)", cudaGraphExecEventRecordNodeSetEvent(xa, spin, eb));
  cudaMemset(flag, 0, 4);
  cudaDeviceSynchronize();
  cudaGraphLaunch(xa, s1);
  cudaStreamWaitEvent(s2, eb, 0);
  read_into<<<1, 1, 0, s2>>>(flag, out);
  cudaStreamSynchronize(s2);
  cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);
  printf("  s2 after exec's new event saw %d\n", h);
  cudaDeviceSynchronize();

  // graph B: wait node on ea then read
  cudaGraph_t gb;
  cudaGraphCreate(&gb, 0);
  cudaGraphNode_t wait, rd;
  R("AddEventWaitNode(eb)", cudaGraphAddEventWaitNode(&wait, gb, nullptr, 0, eb));
  R("EventWaitNodeSetEvent(ea)", cudaGraphEventWaitNodeSetEvent(wait, ea));
  cudaGraphEventWaitNodeGetEvent(wait, &got);
  printf("  wait is ea %d\n", got == ea);
  void *rargs[] = {&flag, &out};
  kp.func = (void *)read_into;
  kp.kernelParams = rargs;
  cudaGraphAddKernelNode(&rd, gb, &wait, 1, &kp);
  cudaGraphExec_t xb;
  R("Instantiate B", cudaGraphInstantiate(&xb, gb, 0));
  cudaMemset(flag, 0, 4);
  cudaMemset(out, 0xff, 4);
  cudaDeviceSynchronize();
  spin_then_set<<<1, 1, 0, s1>>>(flag, 7, cyc);
  cudaEventRecord(ea, s1);
  R("Launch B on s2", cudaGraphLaunch(xb, s2));
  cudaStreamSynchronize(s2);
  cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);
  printf("  graph B's read after waiting saw %d\n", h);
  R("ExecEventWaitNodeSetEvent(xb, wait, eb)", cudaGraphExecEventWaitNodeSetEvent(xb, wait, eb));
  R("ExecEventWaitNodeSetEvent(xb, rd, eb)", cudaGraphExecEventWaitNodeSetEvent(xb, rd, eb));
  cudaDeviceSynchronize();

  // cloning
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphNode_t n1, n2, n3;
  int v1 = 1, v10 = 10;
  void *a1[] = {&acc, &v1}, *a10[] = {&acc, &v10};
  kp = addParams(a1);
  cudaGraphAddKernelNode(&n1, g, nullptr, 0, &kp);
  kp = addParams(a10);
  cudaGraphAddKernelNode(&n2, g, &n1, 1, &kp);
  cudaGraph_t c;
  R("GraphClone", cudaGraphClone(&c, g));
  cudaGraphNode_t f = nullptr;
  R("FindInClone(n2)", cudaGraphNodeFindInClone(&f, n2, c));
  cudaGraphNodeType t;
  cudaGraphNodeGetType(f, &t);
  printf("  found differs from original %d type %d\n", f != n2, (int)t);
  cudaGraphNode_t f2 = nullptr;
  R("FindInClone(node of the clone)", cudaGraphNodeFindInClone(&f2, f, c));
  R("FindInClone(node of another graph)", cudaGraphNodeFindInClone(&f2, rd, c));
  R("FindInClone(n1, original graph)", cudaGraphNodeFindInClone(&f2, n1, g));
  kp = addParams(a10);
  cudaGraphAddKernelNode(&n3, g, &n2, 1, &kp);
  R("FindInClone(node added after cloning)", cudaGraphNodeFindInClone(&f2, n3, c));
  R("FindInClone(null out)", cudaGraphNodeFindInClone(nullptr, n1, c));
  R("FindInClone(null node)", cudaGraphNodeFindInClone(&f2, nullptr, c));
  R("FindInClone(null graph)", cudaGraphNodeFindInClone(&f2, n1, nullptr));
  cudaKernelNodeParams kpp = {};
  cudaGraphKernelNodeGetParams(f, &kpp);
  int v100 = 100;
  void *a100[] = {&acc, &v100};
  kpp.kernelParams = a100;
  R("KernelNodeSetParams on clone's node", cudaGraphKernelNodeSetParams(f, &kpp));
  R("DestroyNode(original n1)", cudaGraphDestroyNode(n1));
  size_t ng = 0, nc = 0;
  cudaGraphGetNodes(g, nullptr, &ng);
  cudaGraphGetNodes(c, nullptr, &nc);
  printf("  nodes: original %zu clone %zu\n", ng, nc);
  cudaGraphExec_t xg, xc;
  cudaGraphInstantiate(&xg, g, 0);
  cudaGraphInstantiate(&xc, c, 0);
  cudaMemset(acc, 0, 4);
  cudaGraphLaunch(xg, s1);
  cudaStreamSynchronize(s1);
  cudaMemcpy(&h, acc, 4, cudaMemcpyDeviceToHost);
  printf("  original adds %d\n", h);
  cudaMemset(acc, 0, 4);
  cudaGraphLaunch(xc, s1);
  cudaStreamSynchronize(s1);
  cudaMemcpy(&h, acc, 4, cudaMemcpyDeviceToHost);
  printf("  clone adds %d\n", h);
  // clone of a graph with a child graph
  cudaGraph_t parent;
  cudaGraphCreate(&parent, 0);
  cudaGraphNode_t child;
  cudaGraphAddChildGraphNode(&child, parent, nullptr, 0, c);
  cudaGraph_t pc;
  R("GraphClone(parent with child)", cudaGraphClone(&pc, parent));
  cudaGraphNode_t fc = nullptr;
  R("FindInClone(child node)", cudaGraphNodeFindInClone(&fc, child, pc));
  cudaGraph_t emb = nullptr;
  cudaGraphChildGraphNodeGetGraph(fc, &emb);
  size_t ne = 0;
  cudaGraphGetNodes(emb, nullptr, &ne);
  printf("  cloned child's graph nodes %zu\n", ne);
  cudaGraphNode_t inner[4];
  size_t ni = 4;
  cudaGraphGetNodes(c, inner, &ni);
  R("FindInClone(node inside the child)", cudaGraphNodeFindInClone(&fc, inner[0], pc));
  return 0;
}
