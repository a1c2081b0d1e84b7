// Texture objects over linear and pitch2D memory as image code creates them, read at chosen
// coordinates: tex1Dfetch inside and past the end of a linear float / int2 / uchar4 buffer (0
// outside), a pitch2D float texture with every address mode (clamp, border; wrap and mirror
// with normalized coordinates) and both filters, unnormalized and normalized, uchar and short
// pitch2D read as normalized floats with linear filtering, and the exact error of creating a
// texture from a misaligned pointer, a pitch not a multiple of the alignment, wrap without
// normalized coordinates, and linear filtering of an integer element read.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define R(call) printf("%-40s -> %s\n", #call, cudaGetErrorName(call))

__global__ void fetch1d(cudaTextureObject_t tf, cudaTextureObject_t ti, cudaTextureObject_t tu, float *out, int n) {
    int i = threadIdx.x;
    int idx = i * 3 - 6;  // -6 .. n+...
    float4 v4;
    int2 v2 = tex1Dfetch<int2>(ti, idx);
    v4 = tex1Dfetch<float4>(tu, idx);
    out[i * 4 + 0] = tex1Dfetch<float>(tf, idx);
    out[i * 4 + 1] = (float)v2.x + 0.001f * v2.y;
    out[i * 4 + 2] = v4.x + v4.w;
    out[i * 4 + 3] = (float)idx;
}

__global__ void sample2d(cudaTextureObject_t t, const float2 *coords, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float>(t, coords[i].x, coords[i].y);
}

int main() {
    const int N = 40;
    float *lf;
    int2 *li;
    uchar4 *lu;
    cudaMalloc(&lf, N * sizeof(float));
    cudaMalloc(&li, N * sizeof(int2));
    cudaMalloc(&lu, N * sizeof(uchar4));
    float hf[N];
    int2 hi[N];
    uchar4 hu[N];
    for (int i = 0; i < N; i++) {
        hf[i] = i * 1.5f;
        hi[i] = make_int2(i, -i);
        hu[i] = make_uchar4(i, 2 * i, 3 * i, 255 - i);
    }
    cudaMemcpy(lf, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(li, hi, sizeof hi, cudaMemcpyHostToDevice);
    cudaMemcpy(lu, hu, sizeof hu, cudaMemcpyHostToDevice);
    auto linear = [](void *p, cudaChannelFormatDesc d, size_t bytes, cudaTextureReadMode rm) {
        cudaResourceDesc r = {};
        r.resType = cudaResourceTypeLinear;
        r.res.linear.devPtr = p;
        r.res.linear.desc = d;
        r.res.linear.sizeInBytes = bytes;
        cudaTextureDesc t = {};
        t.readMode = rm;
        cudaTextureObject_t o = 0;
        cudaError_t e = cudaCreateTextureObject(&o, &r, &t, nullptr);
        if (e != cudaSuccess) printf("linear texture: %s\n", cudaGetErrorName(e));
        return o;
    };
    cudaTextureObject_t tf = linear(lf, cudaCreateChannelDesc<float>(), N * 4, cudaReadModeElementType);
    cudaTextureObject_t ti = linear(li, cudaCreateChannelDesc<int2>(), N * 8, cudaReadModeElementType);
    cudaTextureObject_t tu = linear(lu, cudaCreateChannelDesc<uchar4>(), N * 4, cudaReadModeNormalizedFloat);
    float *out;
    cudaMallocManaged(&out, 64 * 4 * sizeof(float));
    fetch1d<<<1, 18>>>(tf, ti, tu, out, N);
    R(cudaDeviceSynchronize());
    for (int i = 0; i < 18; i++) printf("fetch %3g: %g %g %.6f\n", out[i * 4 + 3], out[i * 4], out[i * 4 + 1], out[i * 4 + 2]);

    // pitch2D float image 7 x 5
    const int W = 7, H = 5;
    float *img;
    size_t pitch;
    cudaMallocPitch(&img, &pitch, W * sizeof(float), H);
    float himg[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) himg[y][x] = (float)(y * 10 + x);
    cudaMemcpy2D(img, pitch, himg, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice);
    const int NC = 12;
    float2 *coords;
    cudaMallocManaged(&coords, NC * sizeof(float2));
    const float2 unnorm[NC] = {{0.5f, 0.5f}, {1.0f, 1.0f}, {3.25f, 2.75f}, {-1.5f, 2.5f}, {6.9f, 4.9f}, {7.5f, 0.5f},
                               {10.0f, -3.0f}, {-0.25f, -0.25f}, {3.5f, 5.5f}, {6.6f, 2.5f}, {2.5f, 4.75f}, {0.0f, 0.0f}};
    const char *amode[] = {"wrap", "clamp", "mirror", "border"};
    for (int norm = 0; norm < 2; norm++)
        for (int filt = 0; filt < 2; filt++)
            for (int am = 0; am < 4; am++) {
                cudaResourceDesc r = {};
                r.resType = cudaResourceTypePitch2D;
                r.res.pitch2D.devPtr = img;
                r.res.pitch2D.desc = cudaCreateChannelDesc<float>();
                r.res.pitch2D.width = W;
                r.res.pitch2D.height = H;
                r.res.pitch2D.pitchInBytes = pitch;
                cudaTextureDesc t = {};
                t.addressMode[0] = t.addressMode[1] = (cudaTextureAddressMode)am;
                t.filterMode = filt ? cudaFilterModeLinear : cudaFilterModePoint;
                t.readMode = cudaReadModeElementType;
                t.normalizedCoords = norm;
                t.borderColor[0] = -1.0f;
                cudaTextureObject_t o;
                cudaError_t e = cudaCreateTextureObject(&o, &r, &t, nullptr);
                printf("%s %s %-6s: %s", norm ? "norm" : "unnorm", filt ? "linear" : "point", amode[am], cudaGetErrorName(e));
                if (e != cudaSuccess) {
                    printf("\n");
                    continue;
                }
                for (int i = 0; i < NC; i++)
                    coords[i] = norm ? make_float2(unnorm[i].x / W, unnorm[i].y / H) : unnorm[i];
                sample2d<<<1, 32>>>(o, coords, out, NC);
                cudaDeviceSynchronize();
                for (int i = 0; i < NC; i++) printf(" %.4f", out[i]);
                printf("\n");
                cudaDestroyTextureObject(o);
            }

    // misuse
    cudaResourceDesc r = {};
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = (char *)lf + 4;
    r.res.linear.desc = cudaCreateChannelDesc<float>();
    r.res.linear.sizeInBytes = 64;
    cudaTextureDesc t = {};
    t.readMode = cudaReadModeElementType;
    cudaTextureObject_t o;
    R(cudaCreateTextureObject(&o, &r, &t, nullptr));
    r.res.linear.devPtr = lf;
    r.res.linear.sizeInBytes = 0;
    R(cudaCreateTextureObject(&o, &r, &t, nullptr));
    cudaResourceDesc p2 = {};
    p2.resType = cudaResourceTypePitch2D;
    p2.res.pitch2D.devPtr = img;
    p2.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    p2.res.pitch2D.width = W;
    p2.res.pitch2D.height = H;
    p2.res.pitch2D.pitchInBytes = 36;
    R(cudaCreateTextureObject(&o, &p2, &t, nullptr));
    p2.res.pitch2D.pitchInBytes = 16;
    R(cudaCreateTextureObject(&o, &p2, &t, nullptr));
    p2.res.pitch2D.pitchInBytes = pitch;
    p2.res.pitch2D.devPtr = (char *)img + 32;
    R(cudaCreateTextureObject(&o, &p2, &t, nullptr));
    p2.res.pitch2D.devPtr = img;
    cudaResourceDesc ri = {};
    ri.resType = cudaResourceTypeLinear;
    ri.res.linear.devPtr = li;
    ri.res.linear.desc = cudaCreateChannelDesc<int2>();
    ri.res.linear.sizeInBytes = N * 8;
    t.filterMode = cudaFilterModeLinear;
    R(cudaCreateTextureObject(&o, &ri, &t, nullptr));
    t.filterMode = cudaFilterModePoint;
    t.readMode = cudaReadModeNormalizedFloat;
    R(cudaCreateTextureObject(&o, &ri, &t, nullptr));
    R(cudaCreateTextureObject(&o, nullptr, &t, nullptr));
    R(cudaGetLastError());
    return 0;
}
