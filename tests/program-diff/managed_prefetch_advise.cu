// Unified memory as applications use it: cudaMallocManaged buffers initialised on the host,
// cudaMemPrefetchAsync to the device and back to the host (cudaMemLocation form of CUDA 13),
// cudaMemAdvise SetReadMostly / SetPreferredLocation / SetAccessedBy and their Unset forms,
// cudaMemRangeGetAttribute reading back read-mostly, a managed linked structure (an array of
// nodes holding managed pointers) walked by a kernel, __managed__ globals written by the host
// and the device, cudaStreamAttachMemAsync on a stream, and the error for prefetching a range
// that is not managed. Results are exact integers.
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct Node { int value; Node* next; int* payload; };
__managed__ int g_counter = 5;
__managed__ long long g_table[8];

__global__ void walk(const Node* head, long long* out) {
    long long s = 0; int hops = 0;
    for (const Node* n = head; n; n = n->next, ++hops) s += n->value * 10 + n->payload[hops % 3];
    out[0] = s; out[1] = hops;
    atomicAdd(&g_counter, hops);
    for (int i = 0; i < 8; ++i) g_table[i] = g_table[i] * 2 + i;
}

__global__ void scale(int* v, int n, int k) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v[i] = v[i] * k + (i & 7);
}

int main() {
    const int n = 1 << 16;
    int* v; CK(cudaMallocManaged(&v, n * sizeof(int)));
    for (int i = 0; i < n; ++i) v[i] = i % 1000;
    cudaStream_t s; CK(cudaStreamCreate(&s));
    cudaMemLocation dev = {}; dev.type = cudaMemLocationTypeDevice; dev.id = 0;
    cudaMemLocation host = {}; host.type = cudaMemLocationTypeHost; host.id = 0;
    CK(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseSetPreferredLocation, dev));
    CK(cudaMemPrefetchAsync(v, n * sizeof(int), dev, 0, s));
    scale<<<64, 128, 0, s>>>(v, n, 3);
    CK(cudaMemPrefetchAsync(v, n * sizeof(int), host, 0, s));
    CK(cudaStreamSynchronize(s));
    long long sum = 0; for (int i = 0; i < n; ++i) sum += v[i];
    long long want = 0; for (int i = 0; i < n; ++i) want += (long long)(i % 1000) * 3 + (i & 7);
    printf("prefetch round trip: sum %lld (host model %lld)\n", sum, want);
    CK(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseSetReadMostly, dev));
    int rm = -1;
    CK(cudaMemRangeGetAttribute(&rm, sizeof rm, cudaMemRangeAttributeReadMostly, v, n * sizeof(int)));
    printf("read mostly after advice: %d\n", rm);
    scale<<<16, 256>>>(v, n, -1);
    CK(cudaDeviceSynchronize());
    printf("after writes to read-mostly memory: v[0]=%d v[12345]=%d v[n-1]=%d\n", v[0], v[12345], v[n - 1]);
    CK(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseUnsetReadMostly, dev));
    CK(cudaMemRangeGetAttribute(&rm, sizeof rm, cudaMemRangeAttributeReadMostly, v, n * sizeof(int)));
    printf("read mostly after unset: %d\n", rm);
    CK(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseSetAccessedBy, dev));
    CK(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseUnsetPreferredLocation, dev));
    // a linked list in managed memory
    const int len = 11;
    Node* nodes; CK(cudaMallocManaged(&nodes, len * sizeof(Node)));
    int* payloads; CK(cudaMallocManaged(&payloads, len * 3 * sizeof(int)));
    for (int i = 0; i < len; ++i) {
        int k = (i * 4) % len;  // visit order scrambled
        nodes[k].value = i + 1;
        nodes[k].payload = payloads + 3 * k;
        for (int j = 0; j < 3; ++j) payloads[3 * k + j] = (i + 1) * 100 + j;
        nodes[k].next = i + 1 < len ? &nodes[((i + 1) * 4) % len] : nullptr;
    }
    for (int i = 0; i < 8; ++i) g_table[i] = i * i;
    long long* out; CK(cudaMallocManaged(&out, 2 * sizeof(long long)));
    CK(cudaStreamAttachMemAsync(s, out, 0, cudaMemAttachSingle));
    walk<<<1, 1, 0, s>>>(&nodes[0], out);
    CK(cudaStreamSynchronize(s));
    printf("list walk: sum %lld hops %lld, counter %d, table", out[0], out[1], g_counter);
    for (int i = 0; i < 8; ++i) printf(" %lld", g_table[i]);
    printf("\n");
    int plain[16];
    cudaError_t e = cudaMemPrefetchAsync(plain, sizeof plain, dev, 0, s);
    printf("prefetch of stack memory: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    cudaFree(v); cudaFree(nodes); cudaFree(payloads); cudaFree(out); cudaStreamDestroy(s);
    return 0;
}
