// Host functions and callbacks across streams joined by events: the order they run in.
#include <cstdio>
#include <cstring>
#include <atomic>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-64s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static std::atomic<int> pos{0};
// Entries written (a reader waits for this, not for `pos`, which counts a slot before its write).
static std::atomic<int> done{0};
static int order[64];
static cudaError_t seen_status[8];
static int nstatus = 0;

static void CUDART_CB hf(void *p) { order[pos++] = (int)(size_t)p; done++; }
static void CUDART_CB cb(cudaStream_t, cudaError_t st, void *p) {
    order[pos++] = (int)(size_t)p;
    seen_status[nstatus++] = st;
    done++;
}
__global__ void gate(volatile int *flag) { while (*flag == 0) { } }
__global__ void put(int *x, int v) { *x = v; }

static void CUDART_CB check_val(void *p) { order[pos++] = *(volatile int *)p; done++; }

int main() {
    int *flag;
    R(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
    *flag = 0;
    int *m;
    R(cudaMallocManaged(&m, sizeof(int)));
    *m = 0;
    R(cudaDeviceSynchronize());
    cudaStream_t a, b;
    R(cudaStreamCreate(&a));
    R(cudaStreamCreate(&b));
    cudaEvent_t ev;
    R(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
    gate<<<1, 1, 0, a>>>(flag);
    R(cudaLaunchHostFunc(a, hf, (void *)1));
    R(cudaEventRecord(ev, a));
    R(cudaLaunchHostFunc(b, hf, (void *)100));  // not behind anything
    R(cudaStreamWaitEvent(b, ev, 0));
    R(cudaLaunchHostFunc(b, hf, (void *)2));
    R(cudaStreamAddCallback(b, cb, (void *)3, 0));
    R(cudaStreamAddCallback(b, cb, (void *)4, 1));  // flags must be 0
    while (done.load() < 1) { }
    printf("before release: n=%d first=%d\n", pos.load(), order[0]);
    R(cudaStreamQuery(b));
    *flag = 1;
    R(cudaDeviceSynchronize());
    printf("order:");
    for (int i = 0; i < pos; i++) printf(" %d", order[i]);
    printf("\n");
    for (int i = 0; i < nstatus; i++) printf("callback status %d: %s\n", i, cudaGetErrorName(seen_status[i]));
    // A host function sees the kernel before it in its stream.
    pos = 0;
    done = 0;
    put<<<1, 1, 0, a>>>(m, 77);
    R(cudaLaunchHostFunc(a, check_val, m));
    put<<<1, 1, 0, a>>>(m, 88);
    R(cudaLaunchHostFunc(a, check_val, m));
    R(cudaStreamSynchronize(a));
    printf("host saw: %d %d\n", order[0], order[1]);
    // The legacy null stream orders host functions of blocking streams.
    pos = 0;
    done = 0;
    *flag = 0;
    gate<<<1, 1, 0, a>>>(flag);
    R(cudaLaunchHostFunc(a, hf, (void *)5));
    R(cudaLaunchHostFunc(0, hf, (void *)6));
    R(cudaLaunchHostFunc(b, hf, (void *)7));
    *flag = 1;
    R(cudaDeviceSynchronize());
    printf("order:");
    for (int i = 0; i < pos; i++) printf(" %d", order[i]);
    printf("\n");
    R(cudaLaunchHostFunc(a, nullptr, nullptr));
    R(cudaStreamAddCallback(a, nullptr, nullptr, 0));
    R(cudaGetLastError());
    R(cudaStreamDestroy(a));
    R(cudaStreamDestroy(b));
    return 0;
}
