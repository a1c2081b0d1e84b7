// flags: -rdc=true
// The CUDA 13 Programming Guide's "C/C++ Language Extensions" chapter, the parts no other program
// here exercises: cuda::device::warp_shuffle_idx/up/down/xor of <cuda/warp> (ints, doubles and a
// 12-byte struct, with widths), the guide's warp-scan and warp-reduce examples beside their
// intrinsic forms, the CAS-built float atomicAdd with cuda::std::bit_cast, __nv_pure__, the
// nv_abi pragma on a function's declaration and definition (separate compilation; at an indirect call: guide18_nv_abi_indirect.cu), the
// compiler hints (__builtin_assume_aligned, __builtin_assume, __builtin_expect,
// __builtin_unreachable), and the architecture macros of an sm_90 build.
#include <cstdio>
#include <cub/cub.cuh>
#include <cuda/std/bit>
#include <cuda/warp>

struct Triple {
    int a;
    float b;
    short c, d;
};

__device__ __nv_pure__ int add(int a, int b) { return a + b; }

// A direct call: the pragma on the declaration and the definition (they must match).
#pragma nv_abi preserve_n_data(16) preserve_n_control(8)
__device__ int scaled(int v);

#pragma nv_abi preserve_n_data(16) preserve_n_control(8)
__device__ __noinline__ int scaled(int v) { return v * 3 + 1; }

__device__ __noinline__ int tripled(int v) { return v * 3; }
__device__ __noinline__ int negate(int v) { return -v; }

__device__ float customAtomicAdd(float *d_ptr, float value) {
    volatile unsigned *d_ptr_unsigned = reinterpret_cast<unsigned *>(d_ptr);
    unsigned old_value = *d_ptr_unsigned;
    unsigned assumed;
    do {
        assumed = old_value;
        float assumed_float = cuda::std::bit_cast<float>(assumed);
        float expected_value = assumed_float + value;
        unsigned expected_value_unsigned = cuda::std::bit_cast<unsigned>(expected_value);
        old_value = atomicCAS((unsigned *)d_ptr_unsigned, assumed, expected_value_unsigned);
    } while (assumed != old_value);
    return cuda::std::bit_cast<float>(old_value);
}

__global__ void shuffles(int *out, double *dout, Triple *tout) {
    int lane = threadIdx.x % 32;
    int value = 0;
    if (lane == 0) value = 1234;
    out[threadIdx.x] = cuda::device::warp_shuffle_idx(value, 0);
    out[32 + threadIdx.x] = cuda::device::warp_shuffle_up(lane * 10, 3);
    out[64 + threadIdx.x] = cuda::device::warp_shuffle_down(lane * 10, 5);
    out[96 + threadIdx.x] = cuda::device::warp_shuffle_xor(lane * 10, 6);
    out[128 + threadIdx.x] = cuda::device::warp_shuffle_idx<8>(lane * 10, 2);
    double d = lane + 0.25;
    dout[threadIdx.x] = cuda::device::warp_shuffle_xor(d, 1);
    Triple t{lane, lane * 0.5f, (short)-lane, (short)(lane * 100)};
    tout[threadIdx.x] = cuda::device::warp_shuffle_idx(t, 31 - lane);
}

__global__ void guide_examples(int *scan, int *reduce_cub, int *reduce_xor, int *scan_intr) {
    using WarpScan = cub::WarpScan<int, 8>;
    __shared__ typename WarpScan::TempStorage scan_storage;
    using WarpReduce = cub::WarpReduce<int>;
    __shared__ typename WarpReduce::TempStorage reduce_storage;
    int laneId = threadIdx.x % 32;
    int value = 31 - laneId;
    int partial_sum;
    WarpScan(scan_storage).InclusiveSum(value, partial_sum);
    scan[threadIdx.x] = partial_sum;
    int v = 31 - laneId;
    for (int delta = 1; delta <= 4; delta *= 2) {
        int tmp = __shfl_up_sync(0xFFFFFFFF, v, delta, 8);
        if (laneId % 8 - delta >= 0) v += tmp;
    }
    scan_intr[threadIdx.x] = v;
    auto aggregate = WarpReduce(reduce_storage).Sum(31 - laneId);
    reduce_cub[threadIdx.x] = cuda::device::warp_shuffle_idx(aggregate, 0);
    int r = 31 - laneId;
    for (int i = 1; i <= 16; i *= 2) r += __shfl_xor_sync(0xFFFFFFFF, r, i);
    reduce_xor[threadIdx.x] = r;
}

__global__ void hints(const float *in, float *out, int n, float *sum, int *ints) {
    const float *a = static_cast<const float *>(__builtin_assume_aligned(in, 16));
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __builtin_assume(n > 0);
    __builtin_assume(n % 4 == 0);
    if (__builtin_expect(i < n, 1)) {
        out[i] = a[i] * 2.0f;
        customAtomicAdd(sum, a[i]);
    }
    if (i == 0) {
        int (*fp)(int) = (n > 2) ? tripled : negate;
        int v = fp(7);
        ints[0] = v + scaled(1);
        ints[1] = add(20, 22);
        switch (n % 4) {
        case 0: ints[2] = 100; break;
        default: __builtin_unreachable();
        }
#if defined(__CUDA_ARCH__)
        ints[3] = __CUDA_ARCH__;
#endif
#if defined(__CUDA_ARCH_SPECIFIC__)
        ints[4] = __CUDA_ARCH_SPECIFIC__;
#else
        ints[4] = -1;
#endif
#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__)
        ints[5] = __CUDA_ARCH_FAMILY_SPECIFIC__;
#else
        ints[5] = -1;
#endif
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
        ints[6] = 1;
#else
        ints[6] = 0;
#endif
    }
}

int main() {
    int *o;
    double *d;
    Triple *t;
    cudaMallocManaged(&o, 160 * sizeof(int));
    cudaMallocManaged(&d, 32 * sizeof(double));
    cudaMallocManaged(&t, 32 * sizeof(Triple));
    shuffles<<<1, 32>>>(o, d, t);
    printf("shuffles: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    const char *names[] = {"idx 0", "up 3", "down 5", "xor 6", "idx<8> 2"};
    for (int k = 0; k < 5; k++) {
        printf("%-9s:", names[k]);
        for (int i = 0; i < 32; i++) printf(" %d", o[32 * k + i]);
        printf("\n");
    }
    printf("double xor 1:");
    for (int i = 0; i < 32; i += 5) printf(" %g", d[i]);
    printf("\nstruct idx 31-lane:");
    for (int i = 0; i < 32; i += 7) printf(" {%d %g %d %d}", t[i].a, t[i].b, t[i].c, t[i].d);
    printf("\n");

    int *scan, *rc, *rx, *si;
    cudaMallocManaged(&scan, 32 * sizeof(int));
    cudaMallocManaged(&rc, 32 * sizeof(int));
    cudaMallocManaged(&rx, 32 * sizeof(int));
    cudaMallocManaged(&si, 32 * sizeof(int));
    guide_examples<<<1, 32>>>(scan, rc, rx, si);
    printf("guide examples: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int same = 1;
    for (int i = 0; i < 32; i++) same &= scan[i] == si[i] && rc[i] == rx[i];
    printf("scan of 8 (cub):");
    for (int i = 0; i < 32; i++) printf(" %d", scan[i]);
    printf("\nreduce: %d %d, cub equals intrinsics: %d\n", rc[0], rx[31], same);

    const int n = 1024;
    float *in, *out, *sum;
    int *ints;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    cudaMallocManaged(&sum, sizeof(float));
    cudaMallocManaged(&ints, 8 * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i % 17) * 0.25f;
    *sum = 0;
    hints<<<n / 128, 128>>>(in, out, n, sum, ints);
    printf("hints: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("out[5] %g out[1023] %g sum %g\n", out[5], out[1023], *sum);
    printf("indirect call %d, pure add %d, switch %d, __CUDA_ARCH__ %d, ARCH_SPECIFIC %d, FAMILY_SPECIFIC %d, FEAT_SM90_ALL %d\n",
           ints[0], ints[1], ints[2], ints[3], ints[4], ints[5], ints[6]);
    return 0;
}
