// CUDA 13 library management: cudaLibraryLoadData from PTX text, kernel count and enumeration,
// cudaLibraryGetKernel by name, launching a cudaKernel_t, globals and managed variables of the
// library (a variable that is not managed is not found as one), kernel attributes, unload,
// and errors for unknown names and missing images.
#include <cstdio>
#include <cstring>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static const char* ptx = R"(
.version 8.0
.target sm_90
.address_size 64
.global .align 4 .u32 counter = 5;
.global .align 4 .b8 table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
.visible .entry scale(.param .u64 p, .param .u32 k, .param .u32 n)
{
    .reg .pred %p<2>; .reg .b32 %r<8>; .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [p]; ld.param.u32 %r1, [k]; ld.param.u32 %r2, [n];
    mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x;
    mad.lo.s32 %r6, %r3, %r4, %r5;
    setp.ge.u32 %p1, %r6, %r2;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r6, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r7, [%rd4];
    mul.lo.s32 %r7, %r7, %r1;
    st.global.u32 [%rd4], %r7;
    atom.global.add.u32 %r7, [counter], 1;
DONE:
    ret;
}
.visible .entry nop()
{
    ret;
}
)";

int main() {
    cudaLibrary_t lib = nullptr;
    P(cudaLibraryLoadData(&lib, ptx, nullptr, nullptr, 0, nullptr, nullptr, 0));
    unsigned count = 0; P(cudaLibraryGetKernelCount(&count, lib)); printf("kernels %u\n", count);
    cudaKernel_t ks[4] = {};
    P(cudaLibraryEnumerateKernels(ks, count, lib));
    for (unsigned i = 0; i < count; ++i) { const char* nm = nullptr; cudaError_t e = cudaFuncGetName(&nm, (const void*)ks[i]); printf(" kernel %u name %s (%s)\n", i, nm ? nm : "-", cudaGetErrorName(e)); }
    cudaKernel_t k = nullptr; P(cudaLibraryGetKernel(&k, lib, "scale"));
    cudaKernel_t bad = nullptr; P(cudaLibraryGetKernel(&bad, lib, "missing"));
    const int n = 1000;
    int* d; P(cudaMalloc(&d, n * 4));
    int h[n]; for (int i = 0; i < n; ++i) h[i] = i;
    P(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    int kk = 3, nn = n; void* args[] = {&d, &kk, &nn};
    P(cudaLaunchKernel((const void*)k, dim3((n + 127) / 128), dim3(128), args, 0, 0));
    P(cudaDeviceSynchronize());
    P(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost)); printf("h[1]=%d h[999]=%d\n", h[1], h[999]);
    void* gp = nullptr; size_t gs = 0;
    P(cudaLibraryGetGlobal(&gp, &gs, lib, "counter")); printf("counter size %zu\n", gs);
    unsigned c = 0; P(cudaMemcpy(&c, gp, 4, cudaMemcpyDeviceToHost)); printf("counter %u\n", c);
    P(cudaLibraryGetGlobal(&gp, &gs, lib, "table")); printf("table size %zu\n", gs);
    unsigned char t[16]; P(cudaMemcpy(t, gp, 16, cudaMemcpyDeviceToHost)); printf("table[15] %d\n", t[15]);
    P(cudaLibraryGetGlobal(&gp, &gs, lib, "nothing"));
    P(cudaLibraryGetManaged(&gp, &gs, lib, "counter"));
    cudaFuncAttributes fa; P(cudaFuncGetAttributes(&fa, (const void*)k)); printf("maxThreads %d static smem %zu\n", fa.maxThreadsPerBlock, fa.sharedSizeBytes);
    P(cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024, 0));
    P(cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024, 3));
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(1); cfg.blockDim = dim3(32); cfg.dynamicSmemBytes = 60 * 1024;
    P(cudaLaunchKernelExC(&cfg, (const void*)k, args));
    P(cudaDeviceSynchronize());
    P(cudaMemcpy(&c, gp, 4, cudaMemcpyDeviceToHost));
    P(cudaLibraryGetGlobal(&gp, &gs, lib, "counter")); P(cudaMemcpy(&c, gp, 4, cudaMemcpyDeviceToHost)); printf("counter after 2 launches %u\n", c);
    P(cudaLibraryUnload(lib));
    cudaLibrary_t l2 = nullptr;
    P(cudaLibraryLoadData(&l2, nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0));
    P(cudaLibraryLoadData(nullptr, ptx, nullptr, nullptr, 0, nullptr, nullptr, 0));
    P(cudaGetLastError());
    return 0;
}
