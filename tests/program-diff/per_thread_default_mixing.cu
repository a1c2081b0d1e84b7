// flags: --default-stream per-thread
// Built with --default-stream per-thread: the null stream is each host thread's own stream.
// Two host threads each run a dependent chain on stream 0 and on cudaStreamPerThread (the same
// stream), cudaStreamLegacy work waits for both, a non-blocking stream does not wait for the
// legacy stream, cudaStreamGetFlags/GetPriority/GetId of 0, cudaStreamPerThread and
// cudaStreamLegacy, cudaStreamQuery(0) once drained, and an event recorded on stream 0 in one
// thread waited on by the other.
#include <cstdio>
#include <thread>
#include <cuda_runtime.h>

__global__ void step(int *p, int mul, int add) {
    int i = threadIdx.x;
    p[i] = p[i] * mul + add;
}

static void chain(int *p, int id, cudaEvent_t done) {
    for (int k = 0; k < 20; k++) step<<<1, 64>>>(p, 3, id + k);
    for (int k = 0; k < 20; k++) step<<<1, 64, 0, cudaStreamPerThread>>>(p, 5, k);
    cudaEventRecord(done, 0);
    cudaStreamSynchronize(0);
}

int main() {
    int *a, *b;
    cudaMalloc(&a, 64 * sizeof(int));
    cudaMalloc(&b, 64 * sizeof(int));
    cudaMemset(a, 0, 64 * sizeof(int));
    cudaMemset(b, 0, 64 * sizeof(int));
    cudaDeviceSynchronize();
    cudaEvent_t ea, eb;
    cudaEventCreateWithFlags(&ea, cudaEventDisableTiming);
    cudaEventCreateWithFlags(&eb, cudaEventDisableTiming);
    unsigned long long id0 = 0, idpt = 0, idlegacy = 0, other = 0;
    std::thread t1([&] {
        chain(a, 1, ea);
        cudaStreamGetId(0, &other);
    });
    std::thread t2([&] { chain(b, 2, eb); });
    t1.join();
    t2.join();
    cudaStreamGetId(0, &id0);
    cudaStreamGetId(cudaStreamPerThread, &idpt);
    cudaStreamGetId(cudaStreamLegacy, &idlegacy);
    printf("ids: null == per-thread %d, per-thread != legacy %d, other thread's null differs %d\n", id0 == idpt,
           idpt != idlegacy, other != id0);
    // legacy stream work after both threads' events
    cudaStreamWaitEvent(cudaStreamLegacy, ea, 0);
    cudaStreamWaitEvent(cudaStreamLegacy, eb, 0);
    step<<<1, 64, 0, cudaStreamLegacy>>>(a, 1, 1000);
    step<<<1, 64, 0, cudaStreamLegacy>>>(b, 1, 2000);
    cudaError_t e = cudaStreamSynchronize(cudaStreamLegacy);
    int ha[64], hb[64];
    cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost);
    cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost);
    unsigned long long sa = 0, sb = 0;
    for (int i = 0; i < 64; i++) sa = sa * 31 + (unsigned)ha[i], sb = sb * 31 + (unsigned)hb[i];
    printf("legacy sync %s: a[0]=%d b[63]=%d hashes %llx %llx\n", cudaGetErrorName(e), ha[0], hb[63], sa, sb);
    unsigned fl = 9;
    int pr = 9;
    cudaStreamGetFlags(0, &fl);
    cudaStreamGetPriority(0, &pr);
    printf("null stream flags %u priority %d\n", fl, pr);
    cudaStreamGetFlags(cudaStreamLegacy, &fl);
    printf("legacy flags %u\n", fl);
    printf("query null: %s\n", cudaGetErrorName(cudaStreamQuery(0)));
    printf("query per-thread: %s\n", cudaGetErrorName(cudaStreamQuery(cudaStreamPerThread)));
    // memcpyAsync on stream 0 is ordered with kernels on cudaStreamPerThread
    int host[64];
    for (int i = 0; i < 64; i++) host[i] = i;
    cudaMemcpyAsync(a, host, sizeof host, cudaMemcpyHostToDevice, 0);
    step<<<1, 64, 0, cudaStreamPerThread>>>(a, 2, 1);
    cudaMemcpyAsync(ha, a, sizeof ha, cudaMemcpyDeviceToHost, cudaStreamPerThread);
    cudaStreamSynchronize(0);
    printf("ordered: %d %d %d\n", ha[0], ha[1], ha[63]);
    printf("capture per-thread: %s\n", cudaGetErrorName(cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeThreadLocal)));
    step<<<1, 64>>>(a, 1, 1);
    cudaGraph_t g = nullptr;
    e = cudaStreamEndCapture(0, &g);
    size_t n = 0;
    if (g) cudaGraphGetNodes(g, nullptr, &n);
    printf("end capture on 0: %s nodes %zu\n", cudaGetErrorName(e), n);
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
