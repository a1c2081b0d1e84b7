// flags: -O3
// Threads of a block that communicate through global memory without a barrier, where the
// reading or the writing instruction is an asynchronous copy, a 128-bit atomic or a vector
// atomic: every thread reads `*p` (or copies it to shared memory), then one thread (`writer`)
// overwrites it. On a GPU the warps of a block start together, so every thread reads the old
// value (an H200's output). The kernels are the simt tests' fixture.

#include "../../crates/simt/tests/kernels/warps_together_async.cu"

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
