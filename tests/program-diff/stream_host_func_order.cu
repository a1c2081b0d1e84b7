// Stream ordering seen from the host: cudaLaunchHostFunc callbacks interleaved with kernels
// and copies on three streams (one created with the lowest, one with the greatest priority,
// read back with cudaStreamGetPriority), cross-stream waits through events, the order in
// which callbacks run recorded in a log (only orders the streams fix are printed),
// cudaStreamQuery/cudaEventQuery before and after synchronization (a host function that
// waits on a flag keeps the stream busy deterministically), events created with
// cudaEventDisableTiming and the errors cudaEventElapsedTime returns for them and for an
// unrecorded event, cudaStreamGetFlags of a non-blocking stream.
#include <cstdio>
#include <atomic>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

static std::vector<int> g_log;
static std::atomic<int> g_gate{0};

struct Note { int id; const int* data; int expect; };
static void CUDART_CB note(void* p) {
    Note* n = (Note*)p;
    int ok = n->data ? (*n->data == n->expect) : 1;
    g_log.push_back(n->id * 10 + ok);
}
static void CUDART_CB wait_gate(void*) {
    while (g_gate.load() == 0) { }
}

__global__ void add_to(int* v, int k) { atomicAdd(v, k); }

int main() {
    int lo, hi;
    CK(cudaDeviceGetStreamPriorityRange(&lo, &hi));
    cudaStream_t s_lo, s_hi, s_nb;
    CK(cudaStreamCreateWithPriority(&s_lo, cudaStreamDefault, lo));
    CK(cudaStreamCreateWithPriority(&s_hi, cudaStreamDefault, hi));
    CK(cudaStreamCreateWithFlags(&s_nb, cudaStreamNonBlocking));
    int plo, phi, pnb; unsigned fnb;
    CK(cudaStreamGetPriority(s_lo, &plo)); CK(cudaStreamGetPriority(s_hi, &phi)); CK(cudaStreamGetPriority(s_nb, &pnb));
    CK(cudaStreamGetFlags(s_nb, &fnb));
    printf("priorities: low==range.least %d, high==range.greatest %d, default %d, greatest<least %d, nonblocking flags %u\n", plo == lo, phi == hi, pnb, hi < lo, fnb);

    int* v; CK(cudaMallocManaged(&v, 4 * sizeof(int)));
    v[0] = v[1] = v[2] = v[3] = 0;
    CK(cudaDeviceSynchronize());
    int* pinned; CK(cudaMallocHost(&pinned, 4 * sizeof(int)));
    Note notes[6] = {{1, &v[0], 5}, {2, &v[0], 12}, {3, pinned, 12}, {4, &v[1], 100}, {5, &v[1], 103}, {6, nullptr, 0}};
    cudaEvent_t e1; CK(cudaEventCreateWithFlags(&e1, cudaEventDisableTiming));
    // stream lo: +5, note1, +7, note2, copy v[0] to pinned, note3, record e1
    add_to<<<1, 1, 0, s_lo>>>(&v[0], 5);
    CK(cudaLaunchHostFunc(s_lo, note, &notes[0]));
    add_to<<<1, 1, 0, s_lo>>>(&v[0], 7);
    CK(cudaLaunchHostFunc(s_lo, note, &notes[1]));
    CK(cudaMemcpyAsync(pinned, &v[0], sizeof(int), cudaMemcpyDeviceToHost, s_lo));
    CK(cudaLaunchHostFunc(s_lo, note, &notes[2]));
    CK(cudaEventRecord(e1, s_lo));
    // stream hi waits for e1, then +100 on v[1], note4, +3, note5
    CK(cudaStreamWaitEvent(s_hi, e1, 0));
    add_to<<<1, 1, 0, s_hi>>>(&v[1], 100);
    CK(cudaLaunchHostFunc(s_hi, note, &notes[3]));
    add_to<<<1, 1, 0, s_hi>>>(&v[1], 3);
    CK(cudaLaunchHostFunc(s_hi, note, &notes[4]));
    CK(cudaDeviceSynchronize());
    printf("log:");
    for (int x : g_log) printf(" %d", x);
    printf("\n");

    // busy states: a host function that waits for the gate keeps s_nb busy
    cudaEvent_t before, after;
    CK(cudaEventCreate(&before)); CK(cudaEventCreate(&after));
    CK(cudaEventRecord(before, s_nb));
    CK(cudaLaunchHostFunc(s_nb, wait_gate, nullptr));
    add_to<<<1, 1, 0, s_nb>>>(&v[2], 1);
    CK(cudaEventRecord(after, s_nb));
    cudaError_t q1 = cudaStreamQuery(s_nb), q2 = cudaEventQuery(after);
    printf("while gated: stream %s, event %s\n", cudaGetErrorName(q1), cudaGetErrorName(q2));
    g_gate.store(1);
    CK(cudaEventSynchronize(after));
    cudaError_t q3 = cudaStreamQuery(s_nb), q4 = cudaEventQuery(after), q5 = cudaEventQuery(before);
    printf("after: stream %s, event %s, earlier event %s, v[2]=%d\n", cudaGetErrorName(q3), cudaGetErrorName(q4), cudaGetErrorName(q5), v[2]);
    float ms = -1;
    cudaError_t t1 = cudaEventElapsedTime(&ms, before, after);
    printf("elapsed between timing events: %s, nonnegative %d\n", cudaGetErrorName(t1), ms >= 0.0f);
    cudaError_t t2 = cudaEventElapsedTime(&ms, e1, after);
    printf("elapsed with a DisableTiming event: %s\n", cudaGetErrorName(t2));
    cudaEvent_t never; CK(cudaEventCreate(&never));
    printf("query unrecorded event: %s\n", cudaGetErrorName(cudaEventQuery(never)));
    cudaError_t t3 = cudaEventElapsedTime(&ms, before, never);
    printf("elapsed to an unrecorded event: %s\n", cudaGetErrorName(t3));
    cudaGetLastError();
    // the legacy default stream waits for blocking streams, not for s_nb
    add_to<<<1, 1, 0, s_lo>>>(&v[3], 1);
    add_to<<<1, 1>>>(&v[3], 10);
    CK(cudaStreamSynchronize(0));
    printf("v[3] after default-stream sync: %d\n", v[3]);
    printf("final v: %d %d %d %d\n", v[0], v[1], v[2], v[3]);
    cudaStreamDestroy(s_lo); cudaStreamDestroy(s_hi); cudaStreamDestroy(s_nb);
    cudaEventDestroy(e1); cudaEventDestroy(before); cudaEventDestroy(after); cudaEventDestroy(never);
    cudaFree(v); cudaFreeHost(pinned);
    return 0;
}
