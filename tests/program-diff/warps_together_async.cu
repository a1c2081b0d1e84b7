// flags: -O3
// Threads of a block that communicate through global memory without a barrier, where the
// reading or the writing instruction is an asynchronous copy, a 128-bit atomic or a vector
// atomic: every thread reads `*p` (or copies it to shared memory), then one thread (`writer`)
// overwrites it. On a GPU the warps of a block start together, so every thread reads the old
// value (the kernels of crates/simt/tests/kernels/warps_together_async.cu; an H200's output).

// Each thread copies `*p` into its shared slot with `cp.async` and reads it back.
extern "C" __global__ void cp_async_read_then_bump(int *p, int *out, int writer) {
    __shared__ int s[1024];
    int tid = threadIdx.x + blockDim.x * threadIdx.y;
    unsigned slot = (unsigned)__cvta_generic_to_shared(&s[tid]);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(slot), "l"(p) : "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
    int v = s[tid];
    out[tid] = v;
    if (tid == writer) *p = v + 7;
}

// The same with `cp.async.bulk` (16 bytes from `p`), each thread completing its own mbarrier.
extern "C" __global__ void bulk_read_then_bump(int *p, int *out, int writer) {
    __shared__ __align__(16) int s[4 * 256];
    __shared__ __align__(8) unsigned long long bar[256];
    int tid = threadIdx.x + blockDim.x * threadIdx.y;
    unsigned dst = (unsigned)__cvta_generic_to_shared(&s[4 * tid]);
    unsigned mb = (unsigned)__cvta_generic_to_shared(&bar[tid]);
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(mb) : "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 16;" ::"r"(mb) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 16, [%2];"
                 ::"r"(dst), "l"(p), "r"(mb) : "memory");
    asm volatile("{\n\t.reg .pred done;\n\twait:\n\t"
                 "mbarrier.try_wait.parity.shared.b64 done, [%0], 0;\n\t"
                 "@!done bra wait;\n\t}" ::"r"(mb) : "memory");
    int v = s[4 * tid];
    out[tid] = v;
    if (tid == writer) *p = v + 7;
}

// Every thread reads `p[0]`; the writer replaces `p[0..4]` with one `atom.exch.b128`.
extern "C" __global__ void atom128_read_then_bump(int *p, int *out, int writer) {
    int tid = threadIdx.x + blockDim.x * threadIdx.y;
    int v = *p;
    out[tid] = v;
    if (tid == writer) {
        unsigned long long lo = (unsigned)(v + 7), hi = 0, olo, ohi;  // ohi: the old high half, unused

        asm volatile("{\n\t.reg .b128 b, d;\n\tmov.b128 b, {%2, %3};\n\t"
                     "atom.global.exch.b128 d, [%4], b;\n\tmov.b128 {%0, %1}, d;\n\t}"
                     : "=l"(olo), "=l"(ohi) : "l"(lo), "l"(hi), "l"(p) : "memory");
        out[blockDim.x * blockDim.y + 0] = (int)olo;
    }
}

// Every thread reads `p[0]`; the writer adds to `p[0..2]` with one `atom.global.v2.f32.add`
// whose old values it keeps.
extern "C" __global__ void atom_v2_read_then_bump(float *p, float *out, int writer) {
    int tid = threadIdx.x + blockDim.x * threadIdx.y;
    float v = *p;
    out[tid] = v;
    if (tid == writer) {
        float a, b;
        asm volatile("atom.global.v2.f32.add {%0, %1}, [%2], {%3, %4};"
                     : "=f"(a), "=f"(b) : "l"(p), "f"(v + 7.0f), "f"(1.0f) : "memory");
        out[blockDim.x * blockDim.y] = a + b;
    }
}
#include <cstdio>
#include <cstring>

template <typename T, typename K>
static void run(const char *name, K kernel, T init, dim3 block) {
    int n = block.x * block.y;
    int writers[3] = {0, n - 1, n / 2};
    for (int w : writers) {
        T *p, *out;
        cudaMalloc(&p, 64);
        cudaMalloc(&out, (n + 1) * sizeof(T));
        T hp[16];
        for (int i = 0; i < 16; i++) hp[i] = init + (T)i;
        cudaMemcpy(p, hp, sizeof hp, cudaMemcpyHostToDevice);
        cudaMemset(out, 0xee, (n + 1) * sizeof(T));
        kernel<<<1, block>>>(p, out, w);
        cudaError_t e = cudaDeviceSynchronize();
        T *ho = new T[n + 1];
        cudaMemcpy(ho, out, (n + 1) * sizeof(T), cudaMemcpyDeviceToHost);
        cudaMemcpy(hp, p, sizeof hp, cudaMemcpyDeviceToHost);
        int old = 0;
        for (int t = 0; t < n; t++) old += ho[t] == init;
        printf("%s block %ux%u writer %d: %s; %d of %d threads read the old value; p[0..2] after = %g %g; extra %g\n",
               name, block.x, block.y, w, cudaGetErrorString(e), old, n, (double)hp[0], (double)hp[1], (double)ho[n]);
        delete[] ho;
        cudaFree(p);
        cudaFree(out);
    }
}

int main() {
    dim3 shapes[2] = {dim3(256, 1), dim3(16, 16)};
    for (dim3 b : shapes) {
        run<int>("cp_async", cp_async_read_then_bump, 5, b);
        run<int>("bulk", bulk_read_then_bump, 5, b);
        run<int>("atom128", atom128_read_then_bump, 5, b);
        run<float>("atom_v2", atom_v2_read_then_bump, 5.0f, b);
    }
    return 0;
}
