// flags: -O2 -DNSTREAMS=4 -Xcompiler -Wall --expt-relaxed-constexpr
// HeCBench-style stream pipelines: NSTREAMS streams (one with the highest priority), each
// taking chunks of an array through cudaMemcpyAsync (pinned), cudaMemsetAsync, a kernel and
// cudaMemcpy2DAsync back into a strided host buffer; cudaLaunchHostFunc and
// cudaStreamAddCallback appending to a host log in stream order; an event recorded on each
// stream and waited on by a final stream (cudaStreamWaitEvent) before a reduction kernel;
// stream-ordered allocation (cudaMallocAsync / cudaFreeAsync) and cudaStreamQuery /
// cudaEventQuery after synchronization. The log's per-stream order and all data are exact.
#include <cstdio>
#include <vector>
#include <string>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
constexpr int CHUNK = 4096;
constexpr int CHUNKS = 12;
__global__ void work(const int* in, int* out, int n, int salt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 3 + salt + (out[i] == 0 ? 1 : 1000);
}
__global__ void reduce_all(const int* a, int n, unsigned long long* sum) {
    __shared__ unsigned long long s[256];
    unsigned long long acc = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += (unsigned)a[i] * (unsigned long long)(i % 97 + 1);
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int k = 128; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(sum, s[0]);
}
struct Log { std::vector<std::string> lines[NSTREAMS]; };
struct Tag { Log* log; int stream; int chunk; const char* what; };
static void CUDART_CB host_fn(void* p) {
    Tag* t = (Tag*)p;
    t->log->lines[t->stream].push_back(std::string(t->what) + std::to_string(t->chunk));
}
static void CUDART_CB stream_cb(cudaStream_t, cudaError_t status, void* p) {
    Tag* t = (Tag*)p;
    t->log->lines[t->stream].push_back(std::string(t->what) + std::to_string(t->chunk) + (status == cudaSuccess ? "" : "!"));
}
int main() {
    int lo, hi;
    CK(cudaDeviceGetStreamPriorityRange(&lo, &hi));
    printf("priority range: least %d greatest %d\n", lo, hi);
    cudaStream_t st[NSTREAMS], fin;
    for (int s = 0; s < NSTREAMS; s++) CK(cudaStreamCreateWithPriority(&st[s], cudaStreamNonBlocking, s == 0 ? hi : lo));
    CK(cudaStreamCreate(&fin));
    int pr;
    CK(cudaStreamGetPriority(st[0], &pr));
    printf("stream 0 priority %d\n", pr);
    int *hin, *hout;
    CK(cudaMallocHost(&hin, CHUNK * CHUNKS * sizeof(int)));
    CK(cudaMallocHost(&hout, 2 * CHUNK * CHUNKS * sizeof(int)));
    for (int i = 0; i < CHUNK * CHUNKS; i++) hin[i] = i % 1000;
    for (int i = 0; i < 2 * CHUNK * CHUNKS; i++) hout[i] = -7;
    int *din, *dout;
    CK(cudaMalloc(&din, CHUNK * CHUNKS * sizeof(int)));
    CK(cudaMalloc(&dout, CHUNK * CHUNKS * sizeof(int)));
    Log log;
    std::vector<Tag> tags(CHUNKS * 2);
    for (int c = 0; c < CHUNKS; c++) {
        int s = c % NSTREAMS;
        int* di = din + c * CHUNK;
        int* dO = dout + c * CHUNK;
        CK(cudaMemcpyAsync(di, hin + c * CHUNK, CHUNK * sizeof(int), cudaMemcpyHostToDevice, st[s]));
        CK(cudaMemsetAsync(dO, 0, CHUNK * sizeof(int), st[s]));
        work<<<CHUNK / 128, 128, 0, st[s]>>>(di, dO, CHUNK, c);
        tags[2 * c] = {&log, s, c, "fn"};
        CK(cudaLaunchHostFunc(st[s], host_fn, &tags[2 * c]));
        // every other element of hout: a 2D copy with a destination pitch of 2 ints
        CK(cudaMemcpy2DAsync(hout + 2 * c * CHUNK, 2 * sizeof(int), dO, sizeof(int), sizeof(int), CHUNK, cudaMemcpyDeviceToHost, st[s]));
        tags[2 * c + 1] = {&log, s, c, "cb"};
        CK(cudaStreamAddCallback(st[s], stream_cb, &tags[2 * c + 1], 0));
    }
    cudaEvent_t ev[NSTREAMS];
    for (int s = 0; s < NSTREAMS; s++) {
        CK(cudaEventCreateWithFlags(&ev[s], cudaEventDisableTiming));
        CK(cudaEventRecord(ev[s], st[s]));
        CK(cudaStreamWaitEvent(fin, ev[s], 0));
    }
    unsigned long long* dsum;
    CK(cudaMallocAsync(&dsum, sizeof(unsigned long long), fin));
    CK(cudaMemsetAsync(dsum, 0, sizeof(unsigned long long), fin));
    reduce_all<<<32, 256, 0, fin>>>(dout, CHUNK * CHUNKS, dsum);
    unsigned long long sum = 0;
    CK(cudaMemcpyAsync(&sum, dsum, sizeof sum, cudaMemcpyDeviceToHost, fin));
    CK(cudaFreeAsync(dsum, fin));
    CK(cudaStreamSynchronize(fin));
    printf("final stream: query %s, sum %llu\n", cudaGetErrorName(cudaStreamQuery(fin)), sum);
    CK(cudaDeviceSynchronize());
    for (int s = 0; s < NSTREAMS; s++) {
        printf("stream %d log:", s);
        for (auto& l : log.lines[s]) printf(" %s", l.c_str());
        printf(" | event %s\n", cudaGetErrorName(cudaEventQuery(ev[s])));
    }
    unsigned long long want = 0; int bad = 0, pad = 0;
    for (int i = 0; i < CHUNK * CHUNKS; i++) {
        int v = hin[i] * 3 + i / CHUNK + 1;
        want += (unsigned)v * (unsigned long long)(i % 97 + 1);
        bad += hout[2 * i] != v;
        pad += hout[2 * i + 1] != -7;
    }
    printf("host check: sum %s, %d elements wrong, %d pitch gaps written\n", want == sum ? "agrees" : "DIFFERS", bad, pad);
    for (int s = 0; s < NSTREAMS; s++) { CK(cudaEventDestroy(ev[s])); CK(cudaStreamDestroy(st[s])); }
    CK(cudaStreamDestroy(fin));
    CK(cudaFreeHost(hin)); CK(cudaFreeHost(hout));
    return 0;
}
