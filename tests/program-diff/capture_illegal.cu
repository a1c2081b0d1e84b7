// Calls that are illegal during stream capture, in each capture mode: the code each returns,
// whether the capture is invalidated, and what cudaStreamEndCapture then says.
#include <cstdio>
#include <thread>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void k(int* p) { p[threadIdx.x] += 1; }

static void status(cudaStream_t s, const char* what) {
    cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
    cudaError_t e = cudaStreamIsCapturing(s, &st);
    printf("  [%s] isCapturing %s status %d\n", what, cudaGetErrorName(e), (int)st);
}

static void end(cudaStream_t s) {
    cudaGraph_t g = nullptr;
    cudaError_t e = cudaStreamEndCapture(s, &g);
    printf("  end -> %s graph %s\n", cudaGetErrorName(e), g ? "yes" : "null");
    if (g) cudaGraphDestroy(g);
    printf("  lastError %s\n", cudaGetErrorName(cudaGetLastError()));
}

int main() {
    int* d; void* tmp = nullptr; int h[32];
    P(cudaMalloc(&d, 128)); P(cudaMemset(d, 0, 128));
    cudaStream_t s, other;
    P(cudaStreamCreate(&s)); P(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
    cudaEvent_t ev; P(cudaEventCreate(&ev));

    const cudaStreamCaptureMode modes[3] = {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal, cudaStreamCaptureModeRelaxed};
    const char* names[3] = {"global", "thread-local", "relaxed"};
    for (int m = 0; m < 3; ++m) {
        printf("== mode %s\n", names[m]);
        P(cudaStreamBeginCapture(s, modes[m]));
        k<<<1, 32, 0, s>>>(d);
        P(cudaMalloc(&tmp, 64));
        if (tmp) { cudaFree(tmp); tmp = nullptr; }
        status(s, "after malloc");
        P(cudaMemcpy(h, d, 128, cudaMemcpyDeviceToHost));
        status(s, "after sync memcpy");
        end(s);
    }
    printf("== stream sync during capture\n");
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    k<<<1, 32, 0, s>>>(d);
    P(cudaStreamSynchronize(s));
    status(s, "after sync");
    k<<<1, 32, 0, s>>>(d);
    P(cudaGetLastError());
    end(s);
    printf("== stream query during capture\n");
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    P(cudaStreamQuery(s));
    status(s, "after query");
    end(s);
    printf("== event sync / query on captured event\n");
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    P(cudaEventRecord(ev, s));
    P(cudaEventQuery(ev));
    P(cudaEventSynchronize(ev));
    status(s, "after event");
    end(s);
    printf("== legacy stream launch during global capture\n");
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    k<<<1, 32>>>(d);
    P(cudaGetLastError());
    status(s, "after legacy launch");
    end(s);
    printf("== wait on event from other stream not captured\n");
    P(cudaEventRecord(ev, other));
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    P(cudaStreamWaitEvent(s, ev, 0));
    status(s, "after wait external");
    end(s);
    printf("== join check: unjoined fork\n");
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    P(cudaEventRecord(ev, s));
    P(cudaStreamWaitEvent(other, ev, 0));
    k<<<1, 32, 0, other>>>(d);
    end(s);
    status(other, "other after end");
    printf("== end capture on wrong stream / not capturing\n");
    cudaGraph_t g = nullptr;
    P(cudaStreamEndCapture(s, &g));
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    P(cudaStreamEndCapture(other, &g));
    end(s);
    printf("== capture the legacy stream\n");
    P(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
    printf("== other thread malloc during global capture\n");
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    cudaError_t te = cudaSuccess;
    std::thread t([&] { void* p = nullptr; te = cudaMalloc(&p, 16); if (p) cudaFree(p); });
    t.join();
    printf("other thread malloc -> %s\n", cudaGetErrorName(te));
    end(s);
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    std::thread t2([&] { void* p = nullptr; te = cudaMalloc(&p, 16); if (p) cudaFree(p); });
    t2.join();
    printf("other thread malloc (thread-local) -> %s\n", cudaGetErrorName(te));
    end(s);
    P(cudaMemcpy(h, d, 128, cudaMemcpyDeviceToHost));
    printf("d[0]=%d d[31]=%d\n", h[0], h[31]);
    P(cudaDeviceSynchronize());
    P(cudaGetLastError());
    return 0;
}
