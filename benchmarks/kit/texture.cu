/* 8x8 blocks read a 2D texture object (CUDA array, point sampling, clamp addressing). */
#include "texture.h"
__global__ void box(cudaTextureObject_t tex, float *out) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    float sx = x + tex_dx(x, y) + 0.5f, sy = y + tex_dy(x, y) + 0.5f, s = 0.0f;
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++) s += tex2D<float>(tex, sx + i, sy + j);
    out[y * TEX_W + x] = s * (1.0f / 9.0f);
}
int main(void) {
    size_t n = (size_t)TEX_W * TEX_W;
    float *img = kit_floats(n, 34, 0.0f, 1.0f);
    cudaChannelFormatDesc format = cudaCreateChannelDesc<float>();
    cudaArray_t array;
    KIT_CUDA(cudaMallocArray(&array, &format, TEX_W, TEX_W));
    KIT_CUDA(cudaMemcpy2DToArray(array, 0, 0, img, TEX_W * sizeof(float), TEX_W * sizeof(float), TEX_W, cudaMemcpyHostToDevice));
    cudaResourceDesc resource;
    memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = array;
    cudaTextureDesc desc;
    memset(&desc, 0, sizeof desc);
    desc.addressMode[0] = desc.addressMode[1] = cudaAddressModeClamp;
    desc.filterMode = cudaFilterModePoint;
    desc.readMode = cudaReadModeElementType;
    desc.normalizedCoords = 0;
    cudaTextureObject_t tex;
    KIT_CUDA(cudaCreateTextureObject(&tex, &resource, &desc, 0));
    float *dout = kit_device_copy<float>(0, n);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < TEX_LAUNCHES; l++) box<<<dim3(TEX_W / 8, TEX_W / 8), dim3(8, 8)>>>(tex, dout));
    float *out = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(out, dout, n);
    return kit_report("texture", "cuda", "8x8", &t, tex_check(img, out));
}
