// flags: -O3 -arch=sm_86 -Xcompiler -Wall
// Professional CUDA C ch.4: AoS vs SoA (innerStruct/innerArray), misaligned reads with offsets,
// read-only cache loads (__ldg, const __restrict__), unrolled copies, __align__ structs,
// global __device__ variables with cudaMemcpyToSymbol and cudaGetSymbolAddress, UVA pointer
// attributes.
#include <cstdio>
#include <cuda_runtime.h>

#define LEN (1 << 18)
struct innerStruct { float x; float y; };
struct innerArray { float x[LEN]; float y[LEN]; };
struct __align__(16) particle { float pos[3]; int id; };
struct packed3 { char c; short s; char d; };

__device__ float devData;
__device__ float devArray[5];

__global__ void checkGlobalVariable() {
    devData += 2.0f;
    for (int i = 0; i < 5; ++i) devArray[i] *= (float)(i + 1);
}
__global__ void testInnerStruct(innerStruct *data, innerStruct *result, const int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        innerStruct tmp = data[i];
        tmp.x += 10.f;
        tmp.y += 20.f;
        result[i] = tmp;
    }
}
__global__ void testInnerArray(innerArray *data, innerArray *result, const int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float tmpx = data->x[i];
        float tmpy = data->y[i];
        tmpx += 10.f;
        tmpy += 20.f;
        result->x[i] = tmpx;
        result->y[i] = tmpy;
    }
}
__global__ void readOffset(float *A, float *B, float *C, const int n, int offset) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int k = i + offset;
    if (k < n) C[i] = A[k] + B[k];
}
__global__ void readOffsetUnroll4(float *A, float *B, float *C, const int n, int offset) {
    unsigned int i = blockIdx.x * blockDim.x * 4 + threadIdx.x;
    unsigned int k = i + offset;
    if (k + 3 * blockDim.x < n) {
        C[i] = A[k] + B[k];
        C[i + blockDim.x] = A[k + blockDim.x] + B[k + blockDim.x];
        C[i + 2 * blockDim.x] = A[k + 2 * blockDim.x] + B[k + 2 * blockDim.x];
        C[i + 3 * blockDim.x] = A[k + 3 * blockDim.x] + B[k + 3 * blockDim.x];
    }
}
__global__ void readOffsetLdg(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, const int n, int offset) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int k = i + offset;
    if (k < n) C[i] = __ldg(&A[k]) + __ldg(&B[k]);
}
__global__ void writeOffset(float *A, float *B, float *C, const int n, int offset) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int k = i + offset;
    if (k < n) C[k] = A[i] + B[i];
}
__global__ void particles(const particle *in, particle *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        particle p = in[i];
        p.pos[0] += 1.0f; p.pos[1] *= 2.0f; p.pos[2] -= 0.5f; p.id = -p.id;
        out[n - 1 - i] = p;
    }
}
__global__ void packedK(packed3 *p, int n) {
    int i = threadIdx.x;
    if (i < n) { p[i].c += 1; p[i].s *= 3; p[i].d = p[i].c ^ 0x55; }
}

int main() {
    float value = 3.14f;
    cudaMemcpyToSymbol(devData, &value, sizeof(float));
    float arr[5] = {1, 2, 3, 4, 5};
    cudaMemcpyToSymbol(devArray, arr, sizeof(arr));
    checkGlobalVariable<<<1, 1>>>();
    cudaMemcpyFromSymbol(&value, devData, sizeof(float));
    cudaMemcpyFromSymbol(arr, devArray, sizeof(arr));
    printf("devData %.2f devArray %.0f %.0f %.0f %.0f %.0f\n", value, arr[0], arr[1], arr[2], arr[3], arr[4]);
    float *dptr = nullptr;
    cudaGetSymbolAddress((void **)&dptr, devData);
    value = 100.0f;
    cudaMemcpy(dptr, &value, 4, cudaMemcpyHostToDevice);
    checkGlobalVariable<<<1, 1>>>();
    cudaMemcpy(&value, dptr, 4, cudaMemcpyDeviceToHost);
    printf("via symbol address: %.2f\n", value);
    cudaError_t e = cudaMemcpy(&devData, &value, 4, cudaMemcpyHostToDevice);
    printf("cudaMemcpy to &devData from host code: %s\n", cudaGetErrorName(e));
    cudaGetLastError();

    const int n = LEN;
    innerStruct *hs = (innerStruct *)malloc(n * sizeof(innerStruct)), *hr = (innerStruct *)malloc(n * sizeof(innerStruct));
    for (int i = 0; i < n; ++i) { hs[i].x = (float)(i % 100) / 4; hs[i].y = (float)(i % 37); }
    innerStruct *ds, *dr;
    cudaMalloc(&ds, n * sizeof(innerStruct)); cudaMalloc(&dr, n * sizeof(innerStruct));
    cudaMemcpy(ds, hs, n * sizeof(innerStruct), cudaMemcpyHostToDevice);
    testInnerStruct<<<(n + 127) / 128, 128>>>(ds, dr, n);
    cudaMemcpy(hr, dr, n * sizeof(innerStruct), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += hr[i].x != hs[i].x + 10.f || hr[i].y != hs[i].y + 20.f;
    printf("AoS mismatches %d\n", bad);
    innerArray *ha = (innerArray *)malloc(sizeof(innerArray)), *hra = (innerArray *)malloc(sizeof(innerArray)), *da, *dra;
    for (int i = 0; i < n; ++i) { ha->x[i] = hs[i].x; ha->y[i] = hs[i].y; }
    cudaMalloc(&da, sizeof(innerArray)); cudaMalloc(&dra, sizeof(innerArray));
    cudaMemcpy(da, ha, sizeof(innerArray), cudaMemcpyHostToDevice);
    testInnerArray<<<(n + 127) / 128, 128>>>(da, dra, n);
    cudaMemcpy(hra, dra, sizeof(innerArray), cudaMemcpyDeviceToHost);
    bad = 0;
    for (int i = 0; i < n; ++i) bad += hra->x[i] != hr[i].x || hra->y[i] != hr[i].y;
    printf("SoA mismatches vs AoS %d\n", bad);

    float *A, *B, *C, *hC = (float *)malloc(n * 4), *hA = (float *)malloc(n * 4);
    for (int i = 0; i < n; ++i) hA[i] = (float)(i & 1023);
    cudaMalloc(&A, n * 4); cudaMalloc(&B, n * 4); cudaMalloc(&C, n * 4);
    cudaMemcpy(A, hA, n * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(B, hA, n * 4, cudaMemcpyHostToDevice);
    for (int offset : {0, 11, 128}) {
        for (int kind = 0; kind < 4; ++kind) {
            cudaMemset(C, 0, n * 4);
            if (kind == 0) readOffset<<<(n + 511) / 512, 512>>>(A, B, C, n, offset);
            if (kind == 1) readOffsetUnroll4<<<(n + 511) / 512 / 4, 512>>>(A, B, C, n, offset);
            if (kind == 2) readOffsetLdg<<<(n + 511) / 512, 512>>>(A, B, C, n, offset);
            if (kind == 3) writeOffset<<<(n + 511) / 512, 512>>>(A, B, C, n, offset);
            cudaMemcpy(hC, C, n * 4, cudaMemcpyDeviceToHost);
            double s = 0;
            for (int i = 0; i < n; ++i) s += hC[i];
            printf("offset %3d kernel %d: checksum %.0f C[5] %.0f\n", offset, kind, s, hC[5]);
        }
    }
    const int np = 1000;
    particle *hp = new particle[np], *dp, *dq;
    for (int i = 0; i < np; ++i) { hp[i].pos[0] = i; hp[i].pos[1] = i * 0.5f; hp[i].pos[2] = 1; hp[i].id = i; }
    cudaMalloc(&dp, np * sizeof(particle)); cudaMalloc(&dq, np * sizeof(particle));
    cudaMemcpy(dp, hp, np * sizeof(particle), cudaMemcpyHostToDevice);
    particles<<<8, 128>>>(dp, dq, np);
    cudaMemcpy(hp, dq, np * sizeof(particle), cudaMemcpyDeviceToHost);
    printf("sizeof particle %zu alignof %zu; p[0] = (%.1f %.1f %.1f) id %d\n", sizeof(particle), alignof(particle), hp[0].pos[0], hp[0].pos[1], hp[0].pos[2], hp[0].id);
    packed3 hk[5] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {127, 32767, 0}}, *dk;
    cudaMalloc(&dk, sizeof(hk));
    cudaMemcpy(dk, hk, sizeof(hk), cudaMemcpyHostToDevice);
    packedK<<<1, 8>>>(dk, 5);
    cudaMemcpy(hk, dk, sizeof(hk), cudaMemcpyDeviceToHost);
    printf("sizeof packed3 %zu: %d %d %d | %d %d %d\n", sizeof(packed3), hk[0].c, hk[0].s, hk[0].d, hk[4].c, hk[4].s, hk[4].d);
    cudaPointerAttributes at;
    e = cudaPointerGetAttributes(&at, A);
    printf("attributes of device ptr: %s type %d device %d\n", cudaGetErrorName(e), (int)at.type, at.device);
    e = cudaPointerGetAttributes(&at, hA);
    printf("attributes of malloc ptr: %s type %d\n", cudaGetErrorName(e), (int)at.type);
    e = cudaPointerGetAttributes(&at, dptr);
    printf("attributes of __device__ var: %s type %d\n", cudaGetErrorName(e), (int)at.type);
    return 0;
}
