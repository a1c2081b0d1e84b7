// cudaMemset/cudaMemsetAsync on device, managed, mapped-pinned and registered memory, at odd
// offsets and lengths, with values beyond a byte (only the low byte counts), and their errors;
// cudaMemcpy of every kind between those memories, with cudaMemcpyDefault.
#include <cstdio>
#include <cstdlib>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static void dump(const char* tag, const unsigned char* p, int n) { printf("%s:", tag); for (int i = 0; i < n; ++i) printf(" %02x", p[i]); printf("\n"); }

int main() {
    unsigned char *d, *m, *pin, *dpin;
    P(cudaMalloc(&d, 64)); P(cudaMallocManaged(&m, 64)); P(cudaHostAlloc(&pin, 64, cudaHostAllocMapped));
    P(cudaHostGetDevicePointer((void**)&dpin, pin, 0));
    unsigned char* reg = (unsigned char*)malloc(4096);
    P(cudaHostRegister(reg, 4096, cudaHostRegisterDefault));
    unsigned char h[64];
    P(cudaMemset(d, 0x1ab, 64));
    P(cudaMemset(d + 3, -1, 5));
    P(cudaMemset(d + 13, 0x7f, 0));
    P(cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost)); dump("device", h, 16);
    P(cudaMemset(m, 0x22, 64)); P(cudaDeviceSynchronize());
    P(cudaMemset(m + 1, 0x33, 2)); P(cudaDeviceSynchronize()); dump("managed", m, 8);
    P(cudaMemset(pin, 0x44, 64)); P(cudaDeviceSynchronize()); dump("pinned", pin, 4);
    P(cudaMemset(dpin + 2, 0x55, 1)); P(cudaDeviceSynchronize()); dump("mapped", pin, 4);
    P(cudaMemset(reg, 0x66, 16)); P(cudaDeviceSynchronize()); dump("registered", reg, 4);
    unsigned char stackbuf[16] = {};
    P(cudaMemset(stackbuf, 0x77, 16)); dump("stack", stackbuf, 4);
    P(cudaMemset(d + 60, 0, 8));
    P(cudaMemset(nullptr, 0, 8));
    P(cudaMemset(nullptr, 0, 0));
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaMemsetAsync(d + 1, 0x88, 62, s));
    P(cudaMemcpyAsync(h, d, 64, cudaMemcpyDefault, s)); P(cudaStreamSynchronize(s)); dump("async", h, 4);
    // copies between memory kinds with cudaMemcpyDefault
    P(cudaMemcpy(m, d, 64, cudaMemcpyDefault)); P(cudaDeviceSynchronize()); dump("d->m", m, 4);
    P(cudaMemcpy(pin, m + 32, 16, cudaMemcpyDefault)); dump("m->pin", pin, 4);
    P(cudaMemcpy(reg, pin, 16, cudaMemcpyDefault)); dump("pin->reg", reg, 4);
    P(cudaMemcpy(d, reg, 1, cudaMemcpyHostToDevice));
    P(cudaMemcpy(h, d, 2, cudaMemcpyDeviceToHost)); dump("reg->d", h, 2);
    P(cudaMemcpy(h, m, 4, cudaMemcpyHostToHost)); dump("m->h as H2H", h, 4);
    P(cudaMemcpy(d, m, 4, cudaMemcpyDeviceToDevice));
    P(cudaMemcpy(h, d, 4, cudaMemcpyHostToDevice));
    P(cudaMemcpy(d, h, 4, cudaMemcpyDeviceToHost));
    P(cudaMemcpy(d, d + 8, 16, cudaMemcpyDeviceToDevice));
    P(cudaMemcpy(d + 60, h, 8, cudaMemcpyHostToDevice));
    P(cudaMemcpy(h, h + 4, 4, cudaMemcpyDefault));
    P(cudaGetLastError());
    P(cudaHostUnregister(reg)); free(reg);
    return 0;
}
