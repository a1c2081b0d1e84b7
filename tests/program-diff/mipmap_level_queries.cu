// Mipmapped arrays as a texture loader builds them: cudaMallocMipmappedArray with a full and a
// partial chain (and more levels than the size allows), cudaGetMipmappedArrayLevel of each
// level with cudaArrayGetInfo's extent and flags, a level past the last, each level filled with
// its own value by cudaMemcpy2DToArray, then tex2DLod with point filtering at integer levels and
// between levels with linear mipmap filtering, and cudaFreeMipmappedArray twice.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void lod(cudaTextureObject_t t, const float *levels, float *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex2DLod<float>(t, 0.3f, 0.6f, levels[i]);
}

int main() {
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaMipmappedArray_t m;
    cudaError_t e = cudaMallocMipmappedArray(&m, &d, make_cudaExtent(20, 12, 0), 5);
    printf("20x12 with 5 levels: %s\n", cudaGetErrorName(e));
    for (unsigned l = 0; l < 7; l++) {
        cudaArray_t a = nullptr;
        e = cudaGetMipmappedArrayLevel(&a, m, l);
        if (e != cudaSuccess) {
            printf("level %u: %s\n", l, cudaGetErrorName(e));
            cudaGetLastError();
            continue;
        }
        cudaChannelFormatDesc g;
        cudaExtent x;
        unsigned fl;
        cudaArrayGetInfo(&g, &x, &fl, a);
        printf("level %u: %zux%zux%zu flags %u\n", l, x.width, x.height, x.depth, fl);
        std::vector<float> v(x.width * x.height, (float)(l * 10 + 1));
        cudaMemcpy2DToArray(a, 0, 0, v.data(), x.width * 4, x.width * 4, x.height, cudaMemcpyHostToDevice);
    }
    cudaMipmappedArray_t too;
    e = cudaMallocMipmappedArray(&too, &d, make_cudaExtent(20, 12, 0), 6);
    printf("20x12 with 6 levels: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    e = cudaMallocMipmappedArray(&too, &d, make_cudaExtent(16, 16, 0), 0);
    printf("16x16 with 0 levels: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    cudaMipmappedArray_t vol;
    e = cudaMallocMipmappedArray(&vol, &d, make_cudaExtent(8, 8, 8), 4);
    printf("8x8x8 with 4 levels: %s\n", cudaGetErrorName(e));
    if (e == cudaSuccess) {
        cudaArray_t a;
        cudaGetMipmappedArrayLevel(&a, vol, 3);
        cudaExtent x;
        cudaArrayGetInfo(nullptr, &x, nullptr, a);
        printf("vol level 3: %zux%zux%zu\n", x.width, x.height, x.depth);
    }
    cudaMipmappedArray_t lay;
    e = cudaMallocMipmappedArray(&lay, &d, make_cudaExtent(8, 8, 3), 3, cudaArrayLayered);
    printf("layered 8x8x3 with 3 levels: %s\n", cudaGetErrorName(e));
    if (e == cudaSuccess) {
        cudaArray_t a;
        cudaGetMipmappedArrayLevel(&a, lay, 2);
        cudaExtent x;
        unsigned fl;
        cudaArrayGetInfo(nullptr, &x, &fl, a);
        printf("layered level 2: %zux%zux%zu flags %u\n", x.width, x.height, x.depth, fl);
    }
    cudaGetLastError();

    cudaResourceDesc r = {};
    r.resType = cudaResourceTypeMipmappedArray;
    r.res.mipmap.mipmap = m;
    for (int mf = 0; mf < 2; mf++) {
        cudaTextureDesc t = {};
        t.addressMode[0] = t.addressMode[1] = cudaAddressModeClamp;
        t.filterMode = cudaFilterModePoint;
        t.mipmapFilterMode = mf ? cudaFilterModeLinear : cudaFilterModePoint;
        t.normalizedCoords = 1;
        t.maxMipmapLevelClamp = 4;
        t.readMode = cudaReadModeElementType;
        cudaTextureObject_t o;
        e = cudaCreateTextureObject(&o, &r, &t, nullptr);
        float *lv, *out;
        cudaMallocManaged(&lv, 16 * 4);
        cudaMallocManaged(&out, 16 * 4);
        const float levels[10] = {-1.0f, 0.0f, 0.25f, 0.5f, 1.0f, 1.5f, 2.75f, 3.0f, 4.0f, 9.0f};
        for (int i = 0; i < 10; i++) lv[i] = levels[i];
        lod<<<1, 16>>>(o, lv, out, 10);
        cudaError_t s = cudaDeviceSynchronize();
        printf("mipmap filter %s: %s %s:", mf ? "linear" : "point", cudaGetErrorName(e), cudaGetErrorName(s));
        for (int i = 0; i < 10; i++) printf(" %g", out[i]);
        printf("\n");
        cudaDestroyTextureObject(o);
    }
    printf("free: %s\n", cudaGetErrorName(cudaFreeMipmappedArray(m)));
    printf("free null: %s\n", cudaGetErrorName(cudaFreeMipmappedArray(nullptr)));
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
