// Texture objects with a resource view (Programming Guide, texture objects; Runtime API
// cudaResourceViewDesc) and the array queries a sparse-aware program makes: what
// cudaGetTextureObjectResourceViewDesc returns for objects created with and without a view,
// views that CUDA refuses, and cudaArrayGetMemoryRequirements / cudaArrayGetSparseProperties /
// cudaMipmappedArrayGetMemoryRequirements / cudaMipmappedArrayGetSparseProperties on ordinary
// (not sparse) arrays, and a sparse mipmapped array's. Also a fetch through a view of the whole
// array.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define E(x) cudaGetErrorName(x)

__global__ void fetch(cudaTextureObject_t t, float *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex2DLod<float>(t, (i + 0.5f) / n, 0.5f, 0.0f);
}

static void show(const char *what, cudaTextureObject_t t) {
    cudaResourceViewDesc v;
    memset(&v, 0x5a, sizeof v);
    cudaError_t e = cudaGetTextureObjectResourceViewDesc(&v, t);
    // Only the code: what an H200 writes for an object made without a view is not deterministic.
    printf("%s: %s\n", what, E(e));
}

int main() {
    // A 32x8 float mipmapped array with 4 levels, level i filled with i + x/100.
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaMipmappedArray_t mm;
    printf("mipmapped array: %s\n", E(cudaMallocMipmappedArray(&mm, &f, make_cudaExtent(32, 8, 0), 4)));
    for (unsigned l = 0; l < 4; l++) {
        cudaArray_t a;
        cudaGetMipmappedArrayLevel(&a, mm, l);
        int w = 32 >> l, h = 8 >> l;
        float buf[32 * 8];
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) buf[y * w + x] = l + x / 100.0f;
        cudaMemcpy2DToArray(a, 0, 0, buf, w * 4, w * 4, h, cudaMemcpyHostToDevice);
    }
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeMipmappedArray;
    rd.res.mipmap.mipmap = mm;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.normalizedCoords = 1;
    td.filterMode = cudaFilterModePoint;
    td.mipmapFilterMode = cudaFilterModePoint;
    td.maxMipmapLevelClamp = 3;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t plain = 0, viewed = 0, bad = 0;
    printf("texture without view: %s\n", E(cudaCreateTextureObject(&plain, &rd, &td, nullptr)));
    show("view of texture without view", plain);

    cudaResourceViewDesc v;
    memset(&v, 0, sizeof v);
    v.format = cudaResViewFormatFloat1;
    v.width = 32;
    v.height = 8;
    v.firstMipmapLevel = 0;
    v.lastMipmapLevel = 3;
    printf("texture with a view of the whole array: %s\n", E(cudaCreateTextureObject(&viewed, &rd, &td, &v)));
    show("its view", viewed);

    float *d, h[8];
    cudaMalloc(&d, sizeof h);
    fetch<<<1, 8>>>(plain, d, 8);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("plain level 0:");
    for (float x : h) printf(" %.2f", x);
    printf("\n");
    if (viewed) {
        fetch<<<1, 8>>>(viewed, d, 8);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf("viewed level 0:");
        for (float x : h) printf(" %.2f", x);
        printf("\n");
    }
    printf("after fetches: %s\n", E(cudaGetLastError()));

    cudaResourceViewDesc w = v;
    w.format = cudaResViewFormatUnsignedChar4;
    printf("view with another element size: %s\n", E(cudaCreateTextureObject(&bad, &rd, &td, &w)));
    w = v;
    w.lastMipmapLevel = 7;
    printf("view past the last level: %s\n", E(cudaCreateTextureObject(&bad, &rd, &td, &w)));
    w = v;
    w.firstMipmapLevel = 3;
    w.lastMipmapLevel = 1;
    printf("view with first level after last: %s\n", E(cudaCreateTextureObject(&bad, &rd, &td, &w)));
    w = v;
    w.width = 64;
    printf("view wider than the array: %s\n", E(cudaCreateTextureObject(&bad, &rd, &td, &w)));
    printf("view query into null: %s\n", E(cudaGetTextureObjectResourceViewDesc(nullptr, plain)));
    show("view of texture 0", 0);
    printf("last error: %s\n", E(cudaGetLastError()));

    // Linear memory with a view.
    float *lin;
    cudaMalloc(&lin, 1024);
    cudaResourceDesc lr;
    memset(&lr, 0, sizeof lr);
    lr.resType = cudaResourceTypeLinear;
    lr.res.linear.devPtr = lin;
    lr.res.linear.desc = f;
    lr.res.linear.sizeInBytes = 1024;
    cudaTextureDesc lt;
    memset(&lt, 0, sizeof lt);
    lt.readMode = cudaReadModeElementType;
    cudaResourceViewDesc lv;
    memset(&lv, 0, sizeof lv);
    lv.format = cudaResViewFormatFloat1;
    lv.width = 256;
    printf("linear texture with a view: %s\n", E(cudaCreateTextureObject(&bad, &lr, &lt, &lv)));
    printf("last error: %s\n", E(cudaGetLastError()));

    // Memory requirements and sparse properties of arrays that are not sparse.
    cudaArray_t arr;
    cudaMallocArray(&arr, &f, 64, 64);
    cudaArrayMemoryRequirements req;
    memset(&req, 0, sizeof req);
    printf("array memory requirements: %s\n", E(cudaArrayGetMemoryRequirements(&req, arr, 0)));
    memset(&req, 0, sizeof req);
    printf("mipmap memory requirements: %s\n", E(cudaMipmappedArrayGetMemoryRequirements(&req, mm, 0)));
    printf("mipmap memory requirements device 5: %s\n", E(cudaMipmappedArrayGetMemoryRequirements(&req, mm, 5)));
    printf("mipmap memory requirements null: %s\n", E(cudaMipmappedArrayGetMemoryRequirements(nullptr, mm, 0)));
    cudaArraySparseProperties sp;
    memset(&sp, 0, sizeof sp);
    printf("array sparse properties: %s\n", E(cudaArrayGetSparseProperties(&sp, arr)));
    printf("mipmap sparse properties: %s\n", E(cudaMipmappedArrayGetSparseProperties(&sp, mm)));
    printf("mipmap sparse properties null: %s\n", E(cudaMipmappedArrayGetSparseProperties(nullptr, mm)));
    printf("last error: %s\n", E(cudaGetLastError()));

    // Sparse mipmapped array: its requirements and properties.
    cudaMipmappedArray_t smm = nullptr;
    cudaError_t e = cudaMallocMipmappedArray(&smm, &f, make_cudaExtent(256, 256, 0), 4, cudaArraySparse);
    printf("sparse mipmapped array: %s\n", E(e));
    if (e == cudaSuccess) {
        memset(&sp, 0, sizeof sp);
        printf("sparse mipmap properties: %s tile %ux%ux%u miptail first %u size %llu flags %u\n",
               E(cudaMipmappedArrayGetSparseProperties(&sp, smm)), sp.tileExtent.width, sp.tileExtent.height,
               sp.tileExtent.depth, sp.miptailFirstLevel, (unsigned long long)sp.miptailSize, sp.flags);
        memset(&req, 0, sizeof req);
        printf("sparse mipmap requirements: %s size %zu alignment %zu\n",
               E(cudaMipmappedArrayGetMemoryRequirements(&req, smm, 0)), req.size, req.alignment);
        cudaFreeMipmappedArray(smm);
    }
    printf("last error: %s\n", E(cudaGetLastError()));
    return 0;
}
