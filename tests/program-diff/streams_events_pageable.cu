// A multi-stream pipeline as applications build it: chunks of a pageable host buffer copied in
// with cudaMemcpyAsync (pageable: the copy is staged, the buffer may be reused after the call
// returns), processed by a kernel per stream, a second stage in another stream that waits on
// each chunk's event (cudaStreamWaitEvent), results copied back asynchronously into pinned
// memory; host callbacks (cudaLaunchHostFunc) record the completion order of a chain within one
// stream; cudaEventSynchronize/cudaEventQuery/cudaStreamQuery after completion; events created
// with cudaEventDisableTiming; a blocking stream synchronizing with the legacy default stream.
#include <cstdio>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void stage1(const int* __restrict__ in, long long* mid, int n, int salt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) mid[i] = (long long)in[i] * in[i] + salt;
}
__global__ void stage2(const long long* __restrict__ mid, long long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = mid[i] - (i > 0 ? mid[i - 1] : 0);
}
__global__ void bump(int* p, int v) { *p = *p * 10 + v; }

static char order[64]; static int norder = 0;
static void CUDART_CB note(void* tag) { order[norder++] = (char)(size_t)tag; }

int main() {
    const int chunks = 6, cn = 10000, n = chunks * cn;
    std::vector<int> pageable(cn);
    long long *mid, *out, *pinned;
    int* in;
    CK(cudaMalloc(&in, n * 4)); CK(cudaMalloc(&mid, n * 8)); CK(cudaMalloc(&out, n * 8)); CK(cudaMallocHost(&pinned, n * 8));
    cudaStream_t s[3];
    for (int i = 0; i < 3; ++i) CK(cudaStreamCreateWithFlags(&s[i], i == 2 ? cudaStreamNonBlocking : cudaStreamDefault));
    cudaEvent_t ev[chunks];
    for (int c = 0; c < chunks; ++c) CK(cudaEventCreateWithFlags(&ev[c], cudaEventDisableTiming));
    for (int c = 0; c < chunks; ++c) {
        for (int i = 0; i < cn; ++i) pageable[i] = (c * cn + i) % 4099 - 2000;   // reused for every chunk
        cudaStream_t st = s[c % 2];
        CK(cudaMemcpyAsync(in + c * cn, pageable.data(), cn * 4, cudaMemcpyHostToDevice, st));
        stage1<<<(cn + 255) / 256, 256, 0, st>>>(in + c * cn, mid + c * cn, cn, c);
        CK(cudaEventRecord(ev[c], st));
        CK(cudaStreamWaitEvent(s[2], ev[c], 0));
        stage2<<<(cn + 127) / 128, 128, 0, s[2]>>>(mid + c * cn, out + c * cn, cn);
        CK(cudaMemcpyAsync(pinned + c * cn, out + c * cn, cn * 8, cudaMemcpyDeviceToHost, s[2]));
    }
    CK(cudaStreamSynchronize(s[2]));
    long long sum = 0; int bad = 0;
    for (int c = 0; c < chunks; ++c)
        for (int i = 0; i < cn; ++i) {
            long long x = (c * cn + i) % 4099 - 2000, m = x * x + c, px = (c * cn + i - 1) % 4099 - 2000;
            long long want = m - (i > 0 ? px * px + c : 0);
            bad += pinned[c * cn + i] != want; sum += pinned[c * cn + i];
        }
    printf("pipeline: sum %lld mismatches %d\n", sum, bad);
    for (int c = 0; c < chunks; ++c) printf("event %d query %s\n", c, cudaGetErrorName(cudaEventQuery(ev[c])));
    // a chain of kernels and host callbacks in one stream, and another stream's callbacks after a wait
    int* cnt; CK(cudaMalloc(&cnt, 4)); CK(cudaMemset(cnt, 0, 4));
    for (int k = 1; k <= 4; ++k) {
        bump<<<1, 1, 0, s[0]>>>(cnt, k);
        CK(cudaLaunchHostFunc(s[0], note, (void*)(size_t)('a' + k - 1)));
    }
    CK(cudaEventRecord(ev[0], s[0]));
    CK(cudaStreamWaitEvent(s[1], ev[0], 0));
    CK(cudaLaunchHostFunc(s[1], note, (void*)(size_t)'Z'));
    bump<<<1, 1, 0, s[1]>>>(cnt, 9);
    CK(cudaDeviceSynchronize());
    int c;
    CK(cudaMemcpy(&c, cnt, 4, cudaMemcpyDeviceToHost));
    order[norder] = 0;
    printf("chain value %d callback order %s\n", c, order);
    printf("stream queries %s %s %s\n", cudaGetErrorName(cudaStreamQuery(s[0])), cudaGetErrorName(cudaStreamQuery(s[1])), cudaGetErrorName(cudaStreamQuery(s[2])));
    // the legacy default stream orders a blocking stream's work; a kernel in s[0] after a default-stream memset sees it
    CK(cudaMemsetAsync(cnt, 0, 4, 0));
    bump<<<1, 1, 0, s[0]>>>(cnt, 5);
    CK(cudaMemcpyAsync(&c, cnt, 4, cudaMemcpyDeviceToHost, 0));
    CK(cudaStreamSynchronize(0));
    printf("legacy default stream ordering: %d\n", c);
    float ms;
    printf("elapsed on a timing-disabled event: %s\n", cudaGetErrorName(cudaEventElapsedTime(&ms, ev[0], ev[1])));
    for (int i = 0; i < 3; ++i) CK(cudaStreamDestroy(s[i]));
    for (int k = 0; k < chunks; ++k) CK(cudaEventDestroy(ev[k]));
    CK(cudaFreeHost(pinned));
    return 0;
}
