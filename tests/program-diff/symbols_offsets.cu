// flags: -rdc=true
// Device symbols as programs address them: __device__ and __constant__ arrays and structs,
// cudaMemcpyToSymbol / FromSymbol with byte offsets (aligned and odd), their Async forms on a
// stream, kind cudaMemcpyDeviceToDevice from a device buffer into a symbol, cudaGetSymbolSize /
// cudaGetSymbolAddress and plain cudaMemcpy through the address, a __managed__ variable, and
// the exact error for an offset past the end, a size past the end, a wrong kind and a pointer
// that is not a symbol. Built with -rdc=true.
#include <cstdio>
#include <cuda_runtime.h>

#define R(call) printf("%-58s -> %s\n", #call, cudaGetErrorName(call))

struct Params {
    int n;
    float scale;
    double bias[3];
    char tag[5];
};

__constant__ float coeffs[16];
__constant__ Params params;
__device__ int table[40];
__device__ unsigned char bytes[13];
__device__ __managed__ int counter = 5;
__device__ double lone = 2.5;

__global__ void use(float *out) {
    int i = threadIdx.x;
    if (i < 16) out[i] = coeffs[i] * params.scale + (float)params.bias[i % 3] + table[i + 20] + bytes[i % 13];
    if (i == 0) {
        atomicAdd(&counter, params.n);
        out[16] = (float)lone;
        out[17] = params.tag[0] + params.tag[4];
    }
}

int main() {
    float c[16];
    for (int i = 0; i < 16; i++) c[i] = 0.5f * i;
    R(cudaMemcpyToSymbol(coeffs, c, sizeof(c)));
    float tail[4] = {100, 101, 102, 103};
    R(cudaMemcpyToSymbol(coeffs, tail, sizeof(tail), 12 * sizeof(float)));
    Params p = {7, 2.0f, {0.25, 0.5, 0.75}, {'a', 'b', 'c', 'd', 'e'}};
    R(cudaMemcpyToSymbol(params, &p, sizeof(p)));
    float newscale = 3.0f;
    R(cudaMemcpyToSymbol(params, &newscale, sizeof(float), offsetof(Params, scale)));
    int tab[40];
    for (int i = 0; i < 40; i++) tab[i] = i * i;
    R(cudaMemcpyToSymbol(table, tab, sizeof(tab)));
    unsigned char b[13];
    for (int i = 0; i < 13; i++) b[i] = (unsigned char)(i * 17);
    R(cudaMemcpyToSymbol(bytes, b, 13));
    unsigned char odd[3] = {1, 2, 3};
    R(cudaMemcpyToSymbol(bytes, odd, 3, 7));

    // device buffer -> symbol, device-to-device, at an offset
    int *dev;
    cudaMalloc(&dev, 10 * sizeof(int));
    int ten[10] = {-1, -2, -3, -4, -5, -6, -7, -8, -9, -10};
    cudaMemcpy(dev, ten, sizeof(ten), cudaMemcpyHostToDevice);
    R(cudaMemcpyToSymbol(table, dev, 5 * sizeof(int), 22 * sizeof(int), cudaMemcpyDeviceToDevice));

    size_t sz = 0;
    R(cudaGetSymbolSize(&sz, params));
    printf("sizeof Params on device: %zu (host %zu)\n", sz, sizeof(Params));
    R(cudaGetSymbolSize(&sz, bytes));
    printf("bytes: %zu\n", sz);
    R(cudaGetSymbolSize(&sz, counter));
    printf("counter: %zu\n", sz);
    void *addr = nullptr;
    R(cudaGetSymbolAddress(&addr, lone));
    double d = 9.75;
    R(cudaMemcpy(addr, &d, sizeof d, cudaMemcpyHostToDevice));
    void *taddr = nullptr;
    R(cudaGetSymbolAddress(&taddr, table));
    int t30 = 0;
    R(cudaMemcpy(&t30, (int *)taddr + 30, sizeof(int), cudaMemcpyDeviceToHost));
    printf("table[30] through the address: %d\n", t30);
    cudaPointerAttributes pa;
    R(cudaPointerGetAttributes(&pa, taddr));
    printf("symbol address type %d\n", (int)pa.type);

    float *out;
    cudaMallocManaged(&out, 18 * sizeof(float));
    use<<<1, 32>>>(out);
    R(cudaDeviceSynchronize());
    for (int i = 0; i < 18; i++) printf("%g%c", out[i], i == 17 ? '\n' : ' ');
    printf("counter %d\n", counter);

    // read back through FromSymbol at offsets, sync and async
    int got[5];
    R(cudaMemcpyFromSymbol(got, table, sizeof(got), 20 * sizeof(int)));
    printf("table[20..24]: %d %d %d %d %d\n", got[0], got[1], got[2], got[3], got[4]);
    cudaStream_t s;
    cudaStreamCreate(&s);
    double bias[2] = {0, 0};
    R(cudaMemcpyFromSymbolAsync(bias, params, sizeof(bias), offsetof(Params, bias) + sizeof(double), cudaMemcpyDeviceToHost, s));
    float sc = 0;
    R(cudaMemcpyFromSymbolAsync(&sc, params, sizeof(float), offsetof(Params, scale), cudaMemcpyDefault, s));
    int twenty = 20;
    R(cudaMemcpyToSymbolAsync(table, &twenty, sizeof(int), 39 * sizeof(int), cudaMemcpyHostToDevice, s));
    R(cudaStreamSynchronize(s));
    printf("bias[1..2] %g %g scale %g\n", bias[0], bias[1], sc);
    unsigned char bb[13];
    R(cudaMemcpyFromSymbol(bb, bytes, 13));
    for (int i = 0; i < 13; i++) printf("%d%c", bb[i], i == 12 ? '\n' : ' ');
    int last = 0;
    R(cudaMemcpyFromSymbol(&last, table, 4, 39 * sizeof(int)));
    printf("table[39] %d\n", last);

    // misuse
    R(cudaMemcpyToSymbol(table, tab, sizeof(int), 40 * sizeof(int)));
    R(cudaMemcpyToSymbol(table, tab, 2 * sizeof(int), 39 * sizeof(int)));
    R(cudaMemcpyToSymbol(table, tab, 41 * sizeof(int)));
    R(cudaMemcpyToSymbol(table, tab, 4, 0, cudaMemcpyDeviceToHost));
    R(cudaMemcpyFromSymbol(tab, table, 4, 0, cudaMemcpyHostToDevice));
    R(cudaMemcpyFromSymbol(bb, bytes, 1, 13));
    R(cudaMemcpyToSymbol(bytes, b, 0, 13));
    R(cudaMemcpyToSymbol(bytes, b, 0, 14));
    static int notasymbol;
    R(cudaMemcpyToSymbol(notasymbol, tab, 4));
    R(cudaGetSymbolAddress(&addr, notasymbol));
    R(cudaGetSymbolSize(&sz, notasymbol));
    R(cudaGetLastError());
    cudaFree(dev);
    cudaFree(out);
    cudaStreamDestroy(s);
    return 0;
}
