// min-arch: sm_75
// Compare-and-swap: atomicCAS 32-bit (int/unsigned), 64-bit (ull), 16-bit (unsigned short),
// CAS loops implementing custom atomics (double atomicMul, float atomicMin, saturating add, 8-bit add),
// and a spin lock built on atomicCAS/atomicExch.

__device__ double atomicMulDouble(double *address, double val) {
    unsigned long long *addr = (unsigned long long *)address;
    unsigned long long old = *addr, assumed;
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, __double_as_longlong(val * __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__device__ float atomicMinFloatCAS(float *address, float val) {
    int *addr = (int *)address;
    int old = *addr, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) <= val) break;
        old = atomicCAS(addr, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}

__device__ unsigned atomicAddSat(unsigned *address, unsigned val, unsigned limit) {
    unsigned old = *address, assumed;
    do {
        assumed = old;
        unsigned nv = (assumed + val > limit || assumed + val < assumed) ? limit : assumed + val;
        old = atomicCAS(address, assumed, nv);
    } while (assumed != old);
    return old;
}

// 8-bit atomic add via 32-bit CAS on the containing word
__device__ unsigned char atomicAddU8(unsigned char *address, unsigned char val) {
    unsigned *base = (unsigned *)((size_t)address & ~(size_t)3);
    unsigned shift = ((size_t)address & 3) * 8;
    unsigned old = *base, assumed;
    do {
        assumed = old;
        unsigned byte = (assumed >> shift) & 0xffu;
        unsigned nv = (assumed & ~(0xffu << shift)) | (((byte + val) & 0xffu) << shift);
        old = atomicCAS(base, assumed, nv);
    } while (assumed != old);
    return (unsigned char)((old >> shift) & 0xffu);
}

extern "C" __global__ void cas_kernel(int *i32, unsigned *u32, unsigned long long *u64, unsigned short *u16,
                                      double *dprod, float *fmin_, unsigned char *bytes, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r = atomicCAS(&i32[0], 0, i);
    r += (int)atomicCAS(&u32[0], 7u, (unsigned)i);
    r += (int)atomicCAS(&u64[0], 0ull, (unsigned long long)i << 32);
    r += (int)atomicCAS(&u16[i & 3], (unsigned short)0, (unsigned short)i);
    atomicMulDouble(dprod, 1.0001);
    atomicMinFloatCAS(fmin_, (float)i * 0.5f);
    r += (int)atomicAddSat(&u32[1], (unsigned)i, 1000u);
    r += atomicAddU8(&bytes[i & 15], (unsigned char)1);
    out[i] = r;
}

// Spin lock protecting a non-atomic read-modify-write (one thread per block acquires)
extern "C" __global__ void spinlock_update(int *lock, float *acc, const float *vals) {
    if (threadIdx.x == 0) {
        while (atomicCAS(lock, 0, 1) != 0) {
        }
        __threadfence();
        acc[0] += vals[blockIdx.x];
        acc[1] = fmaxf(acc[1], vals[blockIdx.x]);
        __threadfence();
        atomicExch(lock, 0);
    }
}
