// Device-side C++ objects and the runtime limits behind them: the default heap, stack and
// printf FIFO sizes (cudaDeviceGetLimit), a larger heap set before the first kernel, objects
// built with new/new[] in device code whose constructors and destructors count themselves with
// atomics, placement new into shared memory, a struct with a virtual destructor deleted through
// a base pointer, malloc(0) and free(nullptr), and setting the heap size again after a kernel
// used the heap (which CUDA refuses), the stack size, and an unknown limit.
#include <cstdio>
#include <new>

__device__ int g_ctor, g_dtor, g_base_dtor;

struct Counter {
    int v;
    __device__ Counter() : v(1) { atomicAdd(&g_ctor, 1); }
    __device__ explicit Counter(int x) : v(x) { atomicAdd(&g_ctor, 1); }
    __device__ ~Counter() { atomicAdd(&g_dtor, 1); }
};
struct Base { __device__ virtual ~Base() { atomicAdd(&g_base_dtor, 1); } __device__ virtual int f() const { return 1; } };
struct Derived : Base { int k; __device__ explicit Derived(int x) : k(x) {} __device__ ~Derived() override { atomicAdd(&g_dtor, 100); } __device__ int f() const override { return k; } };

__global__ void objects(int* out) {
    int t = threadIdx.x;
    Counter* one = new Counter(t);
    Counter* many = new Counter[t % 5 + 1];
    int s = one->v;
    for (int i = 0; i < t % 5 + 1; ++i) s += many[i].v;
    delete one;
    delete[] many;
    __shared__ __align__(16) unsigned char raw[64 * sizeof(Counter)];
    Counter* c = new (raw + t * sizeof(Counter)) Counter(t * 2);
    s += c->v;
    c->~Counter();
    Base* b = new Derived(t + 10);
    s += b->f();
    delete b;
    void* z = malloc(0);
    free(z);
    free(nullptr);
    out[t] = s;
}

int main() {
    size_t heap, stack, fifo;
    cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
    cudaDeviceGetLimit(&stack, cudaLimitStackSize);
    cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
    printf("defaults: heap %zu stack %zu printf fifo %zu\n", heap, stack, fifo);
    cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20);
    cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
    printf("set heap 64 MiB: %s, now %zu\n", cudaGetErrorName(e), heap);
    int* d; cudaMalloc(&d, 64 * 4);
    objects<<<1, 64>>>(d);
    e = cudaDeviceSynchronize();
    int o[64], ctor, dtor, bd;
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(&ctor, g_ctor, 4); cudaMemcpyFromSymbol(&dtor, g_dtor, 4); cudaMemcpyFromSymbol(&bd, g_base_dtor, 4);
    long long sum = 0; for (int v : o) sum += v;
    printf("objects: %s sum %lld out[0] %d out[63] %d constructors %d destructors %d base destructors %d\n", cudaGetErrorName(e), sum, o[0], o[63], ctor, dtor, bd);
    e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 128 << 20);
    cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
    printf("set heap after a kernel used it: %s, now %zu\n", cudaGetErrorName(e), heap);
    e = cudaDeviceSetLimit(cudaLimitStackSize, 4096);
    cudaDeviceGetLimit(&stack, cudaLimitStackSize);
    printf("set stack 4096: %s, now %zu\n", cudaGetErrorName(e), stack);
    e = cudaDeviceSetLimit((cudaLimit)0x77, 1);
    printf("unknown limit: %s\n", cudaGetErrorName(e));
    return 0;
}
