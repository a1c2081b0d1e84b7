// Host functions and stream callbacks: their order across streams joined by events, and what
// CUDA API calls made from inside them return (recorded there, printed afterwards).
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static std::mutex mu;
static std::vector<std::string> log_;
static int* g_dev;
static cudaStream_t g_other;

static void note(const char* what, cudaError_t e) { std::lock_guard<std::mutex> l(mu); log_.push_back(std::string(what) + " -> " + cudaGetErrorName(e)); }
static void CUDART_CB tag(void* p) { std::lock_guard<std::mutex> l(mu); log_.push_back((const char*)p); }
static void CUDART_CB calls(void*) {
    void* p = nullptr;
    note("malloc", cudaMalloc(&p, 64));
    int h = 0;
    note("memcpy", cudaMemcpy(&h, g_dev, 4, cudaMemcpyDeviceToHost));
    note("memcpyAsync", cudaMemcpyAsync(&h, g_dev, 4, cudaMemcpyDeviceToHost, g_other));
    note("streamQuery", cudaStreamQuery(g_other));
    note("getDevice", [] { int d; return cudaGetDevice(&d); }());
    note("getLastError", cudaGetLastError());
    note("peekAtLastError", cudaPeekAtLastError());
    note("deviceSync", cudaDeviceSynchronize());
    cudaEvent_t e; note("eventCreate", cudaEventCreate(&e));
    note("launchHostFunc", cudaLaunchHostFunc(g_other, tag, (void*)"nested"));
    note("getErrorName", cudaSuccess);
}
static void CUDART_CB cb(cudaStream_t s, cudaError_t status, void* p) {
    std::lock_guard<std::mutex> l(mu);
    log_.push_back(std::string("callback ") + (const char*)p + " status " + cudaGetErrorName(status) + (s ? " stream" : " null"));
}
__global__ void k(int* p, int v) { *p = v; }

int main() {
    P(cudaMalloc(&g_dev, 4));
    cudaStream_t a, b; P(cudaStreamCreate(&a)); P(cudaStreamCreate(&b)); P(cudaStreamCreate(&g_other));
    cudaEvent_t ea, eb; P(cudaEventCreateWithFlags(&ea, cudaEventDisableTiming)); P(cudaEventCreateWithFlags(&eb, cudaEventDisableTiming));
    // a: A1, record ea; b waits ea: B1; a: A2 after b's eb
    P(cudaLaunchHostFunc(a, tag, (void*)"A1"));
    k<<<1, 1, 0, a>>>(g_dev, 5);
    P(cudaEventRecord(ea, a));
    P(cudaStreamWaitEvent(b, ea, 0));
    P(cudaLaunchHostFunc(b, tag, (void*)"B1"));
    P(cudaStreamAddCallback(b, cb, (void*)"B2", 0));
    P(cudaEventRecord(eb, b));
    P(cudaStreamWaitEvent(a, eb, 0));
    P(cudaLaunchHostFunc(a, tag, (void*)"A2"));
    P(cudaLaunchHostFunc(a, calls, nullptr));
    P(cudaLaunchHostFunc(a, tag, (void*)"A3"));
    P(cudaStreamAddCallback(0, cb, (void*)"N1", 0));
    P(cudaDeviceSynchronize());
    P(cudaStreamSynchronize(g_other));
    for (auto& s : log_) printf("%s\n", s.c_str());
    P(cudaStreamAddCallback(a, cb, nullptr, 1));
    P(cudaLaunchHostFunc(a, nullptr, nullptr));
    P(cudaGetLastError());
    return 0;
}
