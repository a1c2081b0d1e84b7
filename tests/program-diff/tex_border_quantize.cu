// How a texture's border color comes back for integer formats read as normalized floats and as
// elements: a 2x2 uchar1 / char1 / ushort1 / short1 array with cudaAddressModeBorder, read
// (point and linear filtering) entirely outside the image, for border colors on and between
// the formats' quantization steps (ties k/510 at half steps, negative values, values above 1).
// Also half and float arrays. Printed as bits.
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void outside(cudaTextureObject_t t, float* out) { out[threadIdx.x] = tex2D<float>(t, -5.0f, -7.0f); }
__global__ void outside_int(cudaTextureObject_t t, int* out) { out[threadIdx.x] = tex2D<int>(t, -5.0f, -7.0f); }

template <typename T> int probe(const char* name, cudaTextureReadMode rm, const float* colors, int nc) {
    cudaChannelFormatDesc d = cudaCreateChannelDesc<T>();
    cudaArray_t a; CK(cudaMallocArray(&a, &d, 2, 2));
    T zero[4] = {};
    CK(cudaMemcpy2DToArray(a, 0, 0, zero, 2 * sizeof(T), 2 * sizeof(T), 2, cudaMemcpyHostToDevice));
    float* out; CK(cudaMallocManaged(&out, 32 * sizeof(float)));
    for (int f = 0; f < 2; ++f) {
        printf("%-8s %s:", name, f ? "linear" : "point ");
        for (int i = 0; i < nc; ++i) {
            cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
            cudaTextureDesc td = {};
            td.addressMode[0] = td.addressMode[1] = cudaAddressModeBorder;
            td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
            td.readMode = rm;
            td.borderColor[0] = colors[i];
            cudaTextureObject_t t; CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
            if (rm == cudaReadModeNormalizedFloat) outside<<<1, 1>>>(t, out);
            else outside_int<<<1, 1>>>(t, (int*)out);
            CK(cudaDeviceSynchronize());
            printf(" %08x", *(unsigned*)out);
            cudaDestroyTextureObject(t);
        }
        printf("\n");
        if (rm == cudaReadModeElementType) break;  // integer reads cannot filter
    }
    cudaFreeArray(a); cudaFree(out);
    return 0;
}

int main() {
    const float c[16] = {0.25f, 0.5f, 1.0f / 510, 3.0f / 510, 5.0f / 510, 255.0f / 510, 257.0f / 510, 0.3f, 0.7f, 0.999f, 1.5f, -0.25f, -0.5f, -1.0f / 254, -2.0f, 1.0f / 131070};
    if (probe<unsigned char>("u8", cudaReadModeNormalizedFloat, c, 16)) return 1;
    if (probe<signed char>("s8", cudaReadModeNormalizedFloat, c, 16)) return 1;
    if (probe<unsigned short>("u16", cudaReadModeNormalizedFloat, c, 16)) return 1;
    if (probe<short>("s16", cudaReadModeNormalizedFloat, c, 16)) return 1;
    const float ci[8] = {3.0f, 3.7f, -2.5f, 200.0f, 300.0f, -1.0f, 0.5f, 1e10f};
    if (probe<unsigned char>("u8 elem", cudaReadModeElementType, ci, 8)) return 1;
    if (probe<int>("s32 elem", cudaReadModeElementType, ci, 8)) return 1;
    return 0;
}
