// A cubemap texture created with seamlessCubemap: point lookups read the face texel, and a
// linear lookup (which on a GPU filters across face edges, not implemented by Cuprite) stops
// the kernel with cudaErrorIllegalAddress rather than returning the non-seamless result.
// seamlessCubemap on a texture of a 2D array is cudaErrorInvalidValue, and a read mode of 2 is
// accepted and reads back as cudaReadModeElementType (an H200's answers:
// gpu-unseen/runtime16_tex_desc_fields).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void look(cudaTextureObject_t t, float *o) { o[threadIdx.x] = texCubemap<float>(t, 1.0f, 0.99f, -0.99f); }
static cudaTextureObject_t make(cudaArray_t a, cudaTextureFilterMode f) {
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td = {};
    td.filterMode = f;
    td.normalizedCoords = 1;
    td.seamlessCubemap = 1;
    cudaTextureObject_t t = 0;
    cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
    if (e != cudaSuccess) printf("FAIL create: %s\n", cudaGetErrorString(e));
    return t;
}
int main() {
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    {
        cudaArray_t flat;
        cudaMallocArray(&flat, &cd, 4, 4);
        cudaResourceDesc rd = {};
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = flat;
        cudaTextureDesc td = {};
        td.seamlessCubemap = 1;
        cudaTextureObject_t t = 0;
        cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
        if (e != cudaErrorInvalidValue) printf("FAIL seamless on 2D: %s\n", cudaGetErrorName(e));
        cudaGetLastError();
        td.seamlessCubemap = 0;
        td.readMode = (cudaTextureReadMode)2;
        e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
        cudaTextureDesc back = {};
        back.readMode = cudaReadModeNormalizedFloat;
        if (e == cudaSuccess) cudaGetTextureObjectTextureDesc(&back, t);
        if (e != cudaSuccess || back.readMode != cudaReadModeElementType)
            printf("FAIL read mode 2: %s reads back %d\n", cudaGetErrorName(e), (int)back.readMode);
        cudaDestroyTextureObject(t);
        cudaFreeArray(flat);
    }
    cudaArray_t a;
    cudaMalloc3DArray(&a, &cd, make_cudaExtent(2, 2, 6), cudaArrayCubemap);
    float h[24];
    for (int i = 0; i < 24; i++) h[i] = (float)i;
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(h, 8, 2, 2);
    p.dstArray = a;
    p.extent = make_cudaExtent(2, 2, 6);
    p.kind = cudaMemcpyHostToDevice;
    cudaMemcpy3D(&p);
    float *o;
    cudaMallocManaged(&o, 4 * 32);
    look<<<1, 1>>>(make(a, cudaFilterModePoint), o);
    cudaError_t e = cudaDeviceSynchronize();
    // +x face (0), s = -z, t = -y: (0.99 + 1) / 2 and (-0.99 + 1) / 2 of 2 texels: texel (1, 0).
    if (e != cudaSuccess || o[0] != 1.0f) printf("FAIL point: %s %g\n", cudaGetErrorString(e), o[0]);
    look<<<1, 1>>>(make(a, cudaFilterModeLinear), o);
    e = cudaDeviceSynchronize();
    if (e != cudaErrorIllegalAddress) printf("FAIL linear: %s\n", cudaGetErrorString(e));
    printf("PASS\n");
    return 0;
}
