// CUDA 12.8/13.0 additions: prefetch and discard batches (not on the legacy stream),
// cudaMemcpy3DBatchAsync's rules, host and P2P atomic capabilities.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// CUDA 12.8/13.0 additions: batched prefetch / discard, cudaMemcpy3DBatchAsync, host and P2P
// atomic capabilities.
__global__ void inc(int *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += 1; }
int main() {
    const size_t N = 1 << 16;
    int *m1, *m2, *m3; cudaMallocManaged(&m1, N * 4); cudaMallocManaged(&m2, N * 4); cudaMallocManaged(&m3, N * 4);
    for (size_t i = 0; i < N; i++) { m1[i] = 1; m2[i] = 2; m3[i] = 3; }
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    void *ptrs[3] = {m1, m2, m3}; size_t sizes[3] = {N * 4, N * 4, N * 2};
    cudaMemLocation locs[2] = {{cudaMemLocationTypeDevice, 0}, {cudaMemLocationTypeHost, 0}};
    size_t idx[2] = {0, 2};
    R(cudaMemPrefetchBatchAsync(ptrs, sizes, 3, locs, idx, 2, 0, s));
    R(cudaStreamSynchronize(s));
    int lp = -9;
    cudaMemRangeGetAttribute(&lp, 4, cudaMemRangeAttributeLastPrefetchLocation, m1, N * 4); printf("m1 last prefetch %d\n", lp);
    cudaMemRangeGetAttribute(&lp, 4, cudaMemRangeAttributeLastPrefetchLocation, m3, N * 2); printf("m3 last prefetch %d\n", lp);
    R(cudaMemPrefetchBatchAsync(ptrs, sizes, 3, locs, idx, 0, 0, s));
    size_t badidx[2] = {1, 2};
    R(cudaMemPrefetchBatchAsync(ptrs, sizes, 3, locs, badidx, 2, 0, s));
    R(cudaMemPrefetchBatchAsync(ptrs, sizes, 3, locs, idx, 2, 1, s));
    R(cudaMemPrefetchBatchAsync(ptrs, sizes, 0, locs, idx, 2, 0, s));
    R(cudaMemPrefetchBatchAsync(ptrs, sizes, 3, locs, idx, 2, 0, 0));
    int *plain; cudaMalloc(&plain, 4096);
    void *pp[1] = {plain}; size_t ps[1] = {4096};
    R(cudaMemPrefetchBatchAsync(pp, ps, 1, locs, idx, 1, 0, s));
    R(cudaStreamSynchronize(s));
    // discard: contents undefined afterwards; writing again defines them
    R(cudaMemDiscardBatchAsync(ptrs, sizes, 2, 0, s));
    R(cudaStreamSynchronize(s));
    inc<<<N / 256, 256, 0, s>>>(m3, N);
    R(cudaStreamSynchronize(s));
    printf("m3[0] %d m3[N-1] %d\n", m3[0], m3[N - 1]);
    R(cudaMemDiscardBatchAsync(ptrs, sizes, 2, 1, s));
    R(cudaMemDiscardBatchAsync(pp, ps, 1, 0, s));
    size_t odd[1] = {100};
    R(cudaMemDiscardBatchAsync(ptrs, odd, 1, 0, s));
    R(cudaMemDiscardAndPrefetchBatchAsync(ptrs, sizes, 3, locs, idx, 2, 0, s));
    R(cudaStreamSynchronize(s));
    for (size_t i = 0; i < 4; i++) m1[i] = 10;
    printf("m1[0] after rewrite %d\n", m1[0]);
    // 3D batch copy: pointer to pointer, pointer to array
    int *d; size_t pitch; cudaMallocPitch((void **)&d, &pitch, 64 * 4, 8);
    int *h; cudaMallocHost(&h, 64 * 8 * 4);
    for (int i = 0; i < 64 * 8; i++) h[i] = i;
    cudaMemcpy3DBatchOp ops[2] = {};
    ops[0].src.type = cudaMemcpyOperandTypePointer; ops[0].src.op.ptr.ptr = h; ops[0].src.op.ptr.rowLength = 64; ops[0].src.op.ptr.layerHeight = 8;
    ops[0].dst.type = cudaMemcpyOperandTypePointer; ops[0].dst.op.ptr.ptr = d; ops[0].dst.op.ptr.rowLength = pitch / 4; ops[0].dst.op.ptr.layerHeight = 8;
    ops[0].extent = make_cudaExtent(64 * 4, 8, 1); ops[0].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    cudaArray_t arr; cudaChannelFormatDesc cd = cudaCreateChannelDesc<int>(); cudaMallocArray(&arr, &cd, 64, 8);
    ops[1].src = ops[0].dst;
    ops[1].dst.type = cudaMemcpyOperandTypeArray; ops[1].dst.op.array.array = arr; ops[1].dst.op.array.offset = {0, 0, 0};
    ops[1].extent = make_cudaExtent(64, 8, 1); ops[1].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    R(cudaMemcpy3DBatchAsync(1, ops, 0, s));
    R(cudaStreamSynchronize(s));
    R(cudaMemcpy3DBatchAsync(1, ops + 1, 0, s));
    R(cudaStreamSynchronize(s));
    int back[64 * 8] = {0};
    R(cudaMemcpy2DFromArray(back, 64 * 4, arr, 0, 0, 64 * 4, 8, cudaMemcpyDeviceToHost));
    printf("back[0] %d back[65] %d back[511] %d\n", back[0], back[65], back[511]);
    R(cudaMemcpy3DBatchAsync(0, ops, 0, s));
    R(cudaMemcpy3DBatchAsync(1, ops, 1, s));
    ops[0].extent.depth = 0;
    R(cudaMemcpy3DBatchAsync(1, ops, 0, s));
    R(cudaMemcpy3DBatchAsync(1, ops + 1, 0, 0));
    R(cudaStreamSynchronize(s));
    // atomic capabilities
    cudaAtomicOperation opsA[] = {cudaAtomicOperationIntegerAdd, cudaAtomicOperationCAS, cudaAtomicOperationFloatAdd, cudaAtomicOperationExchange};
    unsigned caps[4] = {99, 99, 99, 99};
    R(cudaDeviceGetHostAtomicCapabilities(caps, opsA, 4, 0));
    printf("host caps %#x %#x %#x %#x\n", caps[0], caps[1], caps[2], caps[3]);
    R(cudaDeviceGetP2PAtomicCapabilities(caps, opsA, 4, 0, 0));
    printf("p2p caps %#x %#x %#x %#x\n", caps[0], caps[1], caps[2], caps[3]);
    R(cudaDeviceGetHostAtomicCapabilities(caps, opsA, 4, 1));
    R(cudaDeviceGetHostAtomicCapabilities(caps, opsA, 0, 0));
    cudaAtomicOperation badop = (cudaAtomicOperation)99;
    R(cudaDeviceGetHostAtomicCapabilities(caps, &badop, 1, 0));
    return 0;
}
