// min-arch: sm_75
// assert() (__assertfail call), device-side malloc/free (per-thread and per-block buffers), memcpy/memset
// (constant and variable sizes, loops), new/delete of device objects, __trap on error.
#include <cassert>
#include <cstring>
#include <cstdio>

extern "C" __global__ void checked_divide(const int *a, const int *b, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    assert(b[i] != 0);
    assert(a[i] >= 0 && "input must be non-negative");
    out[i] = a[i] / b[i];
}

extern "C" __global__ void malloc_per_thread(const float *in, float *out, int len) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float *buf = (float *)malloc(len * sizeof(float));
    if (buf == nullptr) {
        out[t] = -1.0f;
        return;
    }
    memcpy(buf, in + t * len, len * sizeof(float));
    float s = 0.f;
    for (int k = 0; k < len; ++k) s += buf[k] * buf[len - 1 - k];
    memset(buf, 0, len * sizeof(float));
    out[t] = s + buf[0];
    free(buf);
}

// One allocation per block shared through a __shared__ pointer
extern "C" __global__ void malloc_per_block(int *out, int per_thread) {
    __shared__ int *block_buf;
    if (threadIdx.x == 0) block_buf = (int *)malloc(blockDim.x * per_thread * sizeof(int));
    __syncthreads();
    if (block_buf == nullptr) return;
    int *mine = block_buf + threadIdx.x * per_thread;
    for (int k = 0; k < per_thread; ++k) mine[k] = threadIdx.x * k;
    __syncthreads();
    int s = 0;
    int *other = block_buf + ((threadIdx.x + 1) % blockDim.x) * per_thread;
    for (int k = 0; k < per_thread; ++k) s += other[k];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.x == 0) free(block_buf);
}

struct Node {
    int value;
    Node *next;
};
extern "C" __global__ void linked_list(int n, int *out) {
    Node *head = nullptr;
    for (int k = 0; k < n; ++k) {
        Node *nd = new Node;
        if (!nd) __trap();
        nd->value = k * (int)threadIdx.x;
        nd->next = head;
        head = nd;
    }
    int s = 0;
    while (head) {
        Node *nx = head->next;
        s += head->value;
        delete head;
        head = nx;
    }
    int *arr = new int[4];
    memset(arr, 0xff, 4 * sizeof(int));
    struct Small { int a, b, c; } src = {1, 2, 3}, dst;
    memcpy(&dst, &src, sizeof(Small));
    out[threadIdx.x] = s + dst.a + dst.b + dst.c + arr[threadIdx.x & 3];
    delete[] arr;
}
