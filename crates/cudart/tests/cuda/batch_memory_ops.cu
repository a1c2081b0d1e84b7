// The batched memory operations (CUDA 12.8, 13.0): cudaMemcpyBatchAsync's attribute groups,
// cudaMemcpy3DBatchAsync between pointers and arrays, cudaMemPrefetchBatchAsync's location
// groups, cudaMemDiscard(AndPrefetch)BatchAsync; and the argument rules the reference states
// for each (attrsIdxs/prefetchLocIdxs start at 0 and rise below count, every copy has a valid
// source access order, nonzero extents, row lengths and layer heights not below the extent,
// flags 0, managed memory for prefetches and discards).
#include "common.h"

int main() {
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    const int n = 4;
    int *d[n], *h;
    CK(cudaMallocHost(&h, n * 256 * sizeof(int)));
    for (int i = 0; i < n * 256; i++) h[i] = i * 7 + 1;
    for (int i = 0; i < n; i++) CK(cudaMalloc(&d[i], 256 * sizeof(int)));
    void *dsts[n]; const void *srcs[n]; size_t sizes[n];
    for (int i = 0; i < n; i++) { dsts[i] = d[i]; srcs[i] = h + i * 256; sizes[i] = 256 * sizeof(int); }
    cudaMemcpyAttributes at[2] = {};
    at[0].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    at[1].srcAccessOrder = cudaMemcpySrcAccessOrderDuringApiCall;
    size_t idx[2] = {0, 2};
    CK(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, at, idx, 2, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; i++) {
        int v;
        CK(cudaMemcpy(&v, d[i] + 9, sizeof v, cudaMemcpyDeviceToHost));
        EXPECT(v == (i * 256 + 9) * 7 + 1);
    }
    size_t zero = 0, one = 1, rev[2] = {2, 0}, past[2] = {0, 4};
    EXPECT_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, at, idx, 0, s), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, at, &one, 1, s), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, at, rev, 2, s), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, at, past, 2, s), cudaErrorInvalidValue);
    cudaMemcpyAttributes bad = at[0];
    bad.srcAccessOrder = cudaMemcpySrcAccessOrderInvalid;
    EXPECT_ERR(cudaMemcpyBatchAsync(dsts, srcs, sizes, n, &bad, &zero, 1, s), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);

    // 3D: host rows of 40 bytes -> pitched device memory -> a 2D int array -> host.
    int *p; size_t pitch;
    CK(cudaMallocPitch((void **)&p, &pitch, 10 * sizeof(int), 6));
    cudaArray_t arr;
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<int>();
    CK(cudaMallocArray(&arr, &cd, 10, 6));
    cudaMemcpy3DBatchOp op = {};
    op.src.type = cudaMemcpyOperandTypePointer;
    op.src.op.ptr.ptr = h; op.src.op.ptr.rowLength = 0; op.src.op.ptr.layerHeight = 0;  // tightly packed
    op.dst.type = cudaMemcpyOperandTypePointer;
    op.dst.op.ptr.ptr = p; op.dst.op.ptr.rowLength = pitch; op.dst.op.ptr.layerHeight = 6;
    op.extent = make_cudaExtent(10 * sizeof(int), 6, 1);  // bytes between pointers
    op.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    CK(cudaMemcpy3DBatchAsync(1, &op, 0, s));
    cudaMemcpy3DBatchOp toArr = {};
    toArr.src.type = cudaMemcpyOperandTypePointer;
    toArr.src.op.ptr.ptr = p; toArr.src.op.ptr.rowLength = pitch / sizeof(int); toArr.src.op.ptr.layerHeight = 6;
    toArr.dst.type = cudaMemcpyOperandTypeArray;
    toArr.dst.op.array.array = arr; toArr.dst.op.array.offset = {0, 0, 0};
    toArr.extent = make_cudaExtent(10, 6, 1);  // elements of the array
    toArr.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    CK(cudaMemcpy3DBatchAsync(1, &toArr, 0, s));
    CK(cudaStreamSynchronize(s));
    int back[6][10] = {};
    CK(cudaMemcpy2DFromArray(back, sizeof back[0], arr, 0, 0, sizeof back[0], 6, cudaMemcpyDeviceToHost));
    for (int y = 0; y < 6; y++)
        for (int x = 0; x < 10; x++) EXPECT(back[y][x] == h[y * 10 + x]);
    cudaMemcpy3DBatchOp w = op;
    w.extent.depth = 0;
    EXPECT_ERR(cudaMemcpy3DBatchAsync(1, &w, 0, s), cudaErrorInvalidValue);
    w = op; w.dst.op.ptr.rowLength = 8;
    EXPECT_ERR(cudaMemcpy3DBatchAsync(1, &w, 0, s), cudaErrorInvalidValue);
    w = op; w.srcAccessOrder = cudaMemcpySrcAccessOrderInvalid;
    EXPECT_ERR(cudaMemcpy3DBatchAsync(1, &w, 0, s), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpy3DBatchAsync(1, &op, 1, s), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpy3DBatchAsync(0, &op, 0, s), cudaErrorInvalidValue);

    // Prefetch and discard batches over managed memory.
    const size_t N = 1 << 16;
    int *m[3];
    for (int i = 0; i < 3; i++) { CK(cudaMallocManaged(&m[i], N * sizeof(int))); m[i][0] = i; }
    void *ptrs[3] = {m[0], m[1], m[2]};
    size_t msz[3] = {N * sizeof(int), N * sizeof(int), N * sizeof(int)};
    cudaMemLocation locs[2] = {{cudaMemLocationTypeDevice, 0}, {cudaMemLocationTypeHost, 0}};
    size_t lidx[2] = {0, 2};
    CK(cudaMemPrefetchBatchAsync(ptrs, msz, 3, locs, lidx, 2, 0, s));
    CK(cudaStreamSynchronize(s));
    int last = -9;
    CK(cudaMemRangeGetAttribute(&last, 4, cudaMemRangeAttributeLastPrefetchLocation, m[1], msz[1]));
    EXPECT(last == 0);
    CK(cudaMemRangeGetAttribute(&last, 4, cudaMemRangeAttributeLastPrefetchLocation, m[2], msz[2]));
    EXPECT(last == cudaCpuDeviceId);
    EXPECT_ERR(cudaMemPrefetchBatchAsync(ptrs, msz, 3, locs, lidx, 2, 1, s), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemPrefetchBatchAsync(ptrs, msz, 3, locs, rev, 2, 0, s), cudaErrorInvalidValue);
    void *dev[1] = {d[0]};
    EXPECT_ERR(cudaMemPrefetchBatchAsync(dev, msz, 1, locs, lidx, 1, 0, s), cudaErrorInvalidValue);
    CK(cudaMemDiscardBatchAsync(ptrs, msz, 3, 0, s));
    CK(cudaStreamSynchronize(s));
    m[0][0] = 42;  // a write defines the discarded contents again
    EXPECT(m[0][0] == 42);
    EXPECT_ERR(cudaMemDiscardBatchAsync(ptrs, msz, 3, 1, s), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemDiscardBatchAsync(dev, msz, 1, 0, s), cudaErrorInvalidValue);
    CK(cudaMemDiscardAndPrefetchBatchAsync(ptrs, msz, 3, locs, lidx, 2, 0, s));
    CK(cudaStreamSynchronize(s));
    cudaGetLastError();
    printf("PASS\n");
    return 0;
}
