// cudaCreateTextureObject / cudaCreateSurfaceObject validation from linear, pitched and array
// resources, and what cudaGetTextureObjectResourceDesc/TextureDesc read back. (Left out: a pitch
// below the row and a width of 0, which an H200 accepts for pitched memory.)
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-72s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void fetch(cudaTextureObject_t t, float *out) { out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }

static cudaError_t make_linear(void *p, size_t bytes, cudaChannelFormatDesc d, cudaTextureObject_t *t,
                               cudaTextureReadMode rm = cudaReadModeElementType, int normalized = 0) {
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = p;
    r.res.linear.desc = d;
    r.res.linear.sizeInBytes = bytes;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.readMode = rm;
    td.normalizedCoords = normalized;
    return cudaCreateTextureObject(t, &r, &td, nullptr);
}

int main() {
    float *d;
    R(cudaMalloc(&d, 1 << 20));
    float h[32];
    for (int i = 0; i < 32; i++) h[i] = i * 1.5f;
    R(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    cudaTextureObject_t t = 0;
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
    cudaChannelFormatDesc u8 = cudaCreateChannelDesc<unsigned char>();
    cudaChannelFormatDesc i32 = cudaCreateChannelDesc<int>();
    printf("linear float 128B: %s\n", cudaGetErrorName(make_linear(d, 128, f, &t)));
    float *out;
    R(cudaMalloc(&out, 128));
    fetch<<<1, 32>>>(t, out);
    float o[32];
    R(cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost));
    printf("fetched: %g %g %g\n", o[0], o[7], o[31]);
    cudaResourceDesc rd;
    R(cudaGetTextureObjectResourceDesc(&rd, t));
    printf("resource: type %d size %zu ptr same %d fmt %d,%d\n", (int)rd.resType, rd.res.linear.sizeInBytes,
           rd.res.linear.devPtr == d, rd.res.linear.desc.x, (int)rd.res.linear.desc.f);
    cudaTextureDesc tdesc;
    R(cudaGetTextureObjectTextureDesc(&tdesc, t));
    printf("texdesc: readMode %d normalized %d filter %d addr %d,%d maxAniso %u\n", (int)tdesc.readMode,
           tdesc.normalizedCoords, (int)tdesc.filterMode, (int)tdesc.addressMode[0], (int)tdesc.addressMode[1],
           tdesc.maxAnisotropy);
    R(cudaDestroyTextureObject(t));
    printf("misaligned ptr (+4): %s\n", cudaGetErrorName(make_linear((char *)d + 4, 128, f, &t)));
    printf("misaligned ptr (+256): %s\n", cudaGetErrorName(make_linear((char *)d + 256, 128, f, &t)));
    printf("size 0: %s\n", cudaGetErrorName(make_linear(d, 0, f, &t)));
    printf("size not multiple of element (6B float): %s\n", cudaGetErrorName(make_linear(d, 6, f, &t)));
    printf("size past allocation: %s\n", cudaGetErrorName(make_linear(d, 2 << 20, f, &t)));
    printf("float4 64B: %s\n", cudaGetErrorName(make_linear(d, 64, f4, &t)));
    printf("uchar normalized-float read: %s\n", cudaGetErrorName(make_linear(d, 64, u8, &t, cudaReadModeNormalizedFloat)));
    printf("int normalized-float read: %s\n", cudaGetErrorName(make_linear(d, 64, i32, &t, cudaReadModeNormalizedFloat)));
    printf("float normalized-float read: %s\n", cudaGetErrorName(make_linear(d, 64, f, &t, cudaReadModeNormalizedFloat)));
    printf("linear with normalized coords: %s\n", cudaGetErrorName(make_linear(d, 64, f, &t, cudaReadModeElementType, 1)));
    printf("host pointer: %s\n", cudaGetErrorName(make_linear(h, 64, f, &t)));
    printf("null pointer: %s\n", cudaGetErrorName(make_linear(nullptr, 64, f, &t)));
    printf("huge width (2^28 floats): %s\n", cudaGetErrorName(make_linear(d, (size_t)1 << 30, f, &t)));
    cudaGetLastError();
    // Pitch2D.
    size_t pitch;
    float *p2;
    R(cudaMallocPitch((void **)&p2, &pitch, 100 * sizeof(float), 10));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypePitch2D;
    r.res.pitch2D.devPtr = p2;
    r.res.pitch2D.desc = f;
    r.res.pitch2D.width = 100;
    r.res.pitch2D.height = 10;
    r.res.pitch2D.pitchInBytes = pitch;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    R(cudaCreateTextureObject(&t, &r, &td, nullptr));
    r.res.pitch2D.pitchInBytes = 400;
    R(cudaCreateTextureObject(&t, &r, &td, nullptr));
    r.res.pitch2D.pitchInBytes = 512;
    R(cudaCreateTextureObject(&t, &r, &td, nullptr));
    r.res.pitch2D.pitchInBytes = pitch;
    r.res.pitch2D.devPtr = (char *)p2 + 32;
    R(cudaCreateTextureObject(&t, &r, &td, nullptr));
    r.res.pitch2D.devPtr = p2;
    td.filterMode = cudaFilterModeLinear;
    R(cudaCreateTextureObject(&t, &r, &td, nullptr));
    r.res.pitch2D.desc = i32;
    R(cudaCreateTextureObject(&t, &r, &td, nullptr));
    R(cudaGetLastError());
    // Surfaces need arrays with the load/store flag.
    cudaArray_t a, as;
    R(cudaMallocArray(&a, &f, 16, 16));
    R(cudaMallocArray(&as, &f, 16, 16, cudaArraySurfaceLoadStore));
    cudaResourceDesc sr;
    memset(&sr, 0, sizeof sr);
    sr.resType = cudaResourceTypeArray;
    sr.res.array.array = a;
    cudaSurfaceObject_t so;
    R(cudaCreateSurfaceObject(&so, &sr));
    sr.res.array.array = as;
    R(cudaCreateSurfaceObject(&so, &sr));
    R(cudaDestroySurfaceObject(so));
    sr.resType = cudaResourceTypeLinear;
    R(cudaCreateSurfaceObject(&so, &sr));
    R(cudaCreateSurfaceObject(&so, nullptr));
    R(cudaGetLastError());
    R(cudaCreateTextureObject(&t, nullptr, &td, nullptr));
    R(cudaCreateTextureObject(nullptr, &r, &td, nullptr));
    R(cudaDestroyTextureObject(0));
    R(cudaGetLastError());
    return 0;
}
