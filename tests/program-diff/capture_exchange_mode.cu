// cudaThreadExchangeStreamCaptureMode: a thread relaxes its interaction mode around an unsafe
// call during a global capture, restores it; the modes each thread sees; what cudaMalloc and
// cudaStreamQuery answer under each combination of capture mode and thread mode.
#include <cstdio>
#include <thread>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void k(int* p) { p[threadIdx.x] += 1; }

static void end(cudaStream_t s, const char* tag) {
    cudaGraph_t g = nullptr; cudaError_t e = cudaStreamEndCapture(s, &g);
    size_t n = 0; if (g) cudaGraphGetNodes(g, nullptr, &n);
    printf("[%s] end %s nodes %zu\n", tag, cudaGetErrorName(e), n);
    if (g) cudaGraphDestroy(g);
    cudaGetLastError();
}

int main() {
    int* d; P(cudaMalloc(&d, 128));
    cudaStream_t s; P(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaStreamCaptureMode m = cudaStreamCaptureModeRelaxed;
    P(cudaThreadExchangeStreamCaptureMode(&m)); printf("initial thread mode %d\n", (int)m);
    P(cudaThreadExchangeStreamCaptureMode(&m)); printf("back %d\n", (int)m);
    const char* names[3] = {"global", "thread-local", "relaxed"};
    for (int cm = 0; cm < 3; ++cm) for (int tm = 0; tm < 3; ++tm) {
        P(cudaStreamBeginCapture(s, (cudaStreamCaptureMode)cm));
        k<<<1, 32, 0, s>>>(d);
        cudaStreamCaptureMode mine = (cudaStreamCaptureMode)tm;
        cudaThreadExchangeStreamCaptureMode(&mine);
        void* p = nullptr; cudaError_t e = cudaMalloc(&p, 64);
        if (p) cudaFree(p);
        cudaError_t e2 = cudaSuccess;
        std::thread t([&] { void* q = nullptr; e2 = cudaMalloc(&q, 64); if (q) cudaFree(q); });
        t.join();
        cudaThreadExchangeStreamCaptureMode(&mine);
        printf("capture %s, thread %s: malloc %s, other thread %s, restored %d\n", names[cm], names[tm], cudaGetErrorName(e), cudaGetErrorName(e2), (int)mine);
        char tag[64]; snprintf(tag, sizeof tag, "%s/%s", names[cm], names[tm]);
        end(s, tag);
    }
    P(cudaDeviceSynchronize());
    int h[32]; P(cudaMemcpy(h, d, 128, cudaMemcpyDeviceToHost)); printf("d[0]=%d\n", h[0]);
    return 0;
}
