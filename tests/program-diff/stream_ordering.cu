// Stream and event ordering: host functions and callbacks in several streams, cross-stream
// waits on events, the legacy default stream's implicit syncs, a non-blocking stream,
// cudaStreamQuery/cudaEventQuery after sync, a chain of kernels accumulating in order.
#include <cstdio>
#include <vector>
#include <mutex>
#include <string>

static std::mutex mu;
static std::vector<std::string> log_;
static void note(const std::string &s) { std::lock_guard<std::mutex> g(mu); log_.push_back(s); }

__global__ void step(int *x, int mul, int add) { if (threadIdx.x == 0 && blockIdx.x == 0) *x = *x * mul + add; }
__global__ void spin_then_set(int *x, int v) {
    if (threadIdx.x == 0) { for (volatile int i = 0; i < 20000; i++) {} *x = v; }
}

struct Ctx { int *host; const char *tag; };
static void CUDART_CB host_fn(void *p) {
    Ctx *c = (Ctx *)p;
    note(std::string(c->tag) + "=" + std::to_string(*c->host));
}
static void CUDART_CB old_cb(cudaStream_t, cudaError_t st, void *p) { note(std::string("cb:") + (const char *)p + ":" + cudaGetErrorString(st)); }

int main() {
    cudaStream_t a, b, nb;
    cudaStreamCreate(&a);
    cudaStreamCreate(&b);
    cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking);
    int *d, *h;
    cudaMalloc(&d, 4 * sizeof(int));
    cudaMallocHost(&h, 4 * sizeof(int));
    cudaMemset(d, 0, 4 * sizeof(int));
    cudaEvent_t e1, e2;
    cudaEventCreate(&e1);
    cudaEventCreateWithFlags(&e2, cudaEventDisableTiming);
    // chain in a: x = ((0*2+1)*3+2)*5+4
    step<<<1, 32, 0, a>>>(d, 2, 1);
    step<<<1, 32, 0, a>>>(d, 3, 2);
    cudaEventRecord(e1, a);
    cudaStreamWaitEvent(b, e1, 0);
    step<<<1, 32, 0, b>>>(d, 5, 4);           // must see a's two steps
    cudaMemcpyAsync(h, d, sizeof(int), cudaMemcpyDeviceToHost, b);
    Ctx c1{h, "after-b"};
    cudaLaunchHostFunc(b, host_fn, &c1);
    cudaStreamAddCallback(b, old_cb, (void *)"b", 0);
    cudaEventRecord(e2, b);
    cudaStreamWaitEvent(a, e2, 0);
    step<<<1, 32, 0, a>>>(d, 7, 0);
    cudaMemcpyAsync(h + 1, d, sizeof(int), cudaMemcpyDeviceToHost, a);
    Ctx c2{h + 1, "after-a"};
    cudaLaunchHostFunc(a, host_fn, &c2);
    cudaStreamSynchronize(a);
    note("sync-a");
    // legacy default stream: waits for a and b, and they wait for it
    spin_then_set<<<1, 1, 0, a>>>(d + 1, 11);
    step<<<1, 1>>>(d + 1, 2, 0);                        // default stream: after a's spin
    step<<<1, 1, 0, b>>>(d + 1, 1, 100);                // after the default-stream step
    cudaMemcpyAsync(h + 2, d + 1, sizeof(int), cudaMemcpyDeviceToHost, b);
    cudaStreamSynchronize(b);
    note("x1=" + std::to_string(h[2]));
    // non-blocking stream does not wait for the legacy stream: ordered only by its own work
    spin_then_set<<<1, 1, 0, nb>>>(d + 2, 5);
    step<<<1, 1, 0, nb>>>(d + 2, 3, 1);
    cudaMemcpyAsync(h + 3, d + 2, sizeof(int), cudaMemcpyDeviceToHost, nb);
    cudaStreamSynchronize(nb);
    note("nb=" + std::to_string(h[3]));
    cudaDeviceSynchronize();
    note(std::string("query a ") + cudaGetErrorName(cudaStreamQuery(a)) + " e1 " + cudaGetErrorName(cudaEventQuery(e1)));
    float ms = -1;
    cudaError_t te = cudaEventElapsedTime(&ms, e1, e2);
    note(std::string("elapsed with untimed event: ") + cudaGetErrorName(te));
    cudaEvent_t never;
    cudaEventCreate(&never);
    note(std::string("unrecorded query ") + cudaGetErrorName(cudaEventQuery(never)) + " sync " + cudaGetErrorName(cudaEventSynchronize(never)));
    for (auto &s : log_) printf("%s\n", s.c_str());
    printf("final %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    return 0;
}
