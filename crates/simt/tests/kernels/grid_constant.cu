// __grid_constant__ kernel parameters read through their generic address (cvta.param,
// isspacep.param, cvta.to.param). Tested by crates/simt/tests/grid_constant.rs.
#include <stdint.h>

struct Config {
    float coeffs[16];
    int n;
    int mode;
    double scale;
    unsigned long long tag;
};

// Reads the parameter through a plain pointer: generic loads.
__device__ __noinline__ float weighted(const Config *c, const float *in, int i) {
    float acc = 0.f;
    for (int k = 0; k < 16; ++k) acc += c->coeffs[k] * in[(i + k) % c->n];
    return (float)(acc * c->scale);
}

// Walks the parameter's bytes through a pointer to its first byte.
__device__ __noinline__ unsigned checksum(const unsigned char *p, int len) {
    unsigned h = 2166136261u;
    for (int k = 0; k < len; ++k) h = (h ^ p[k]) * 16777619u;
    return h;
}

extern "C" __global__ void grid_const(const __grid_constant__ Config cfg, const float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= cfg.n) return;
    float v = weighted(&cfg, in, i);
    out[i] = cfg.mode ? v : -v;
}

// Which windows generic address `p` falls in: bit 0 __isGridConstant (isspacep.param), bit 1
// __isGlobal, bit 2 __isShared, bit 3 __isLocal.
__device__ __noinline__ unsigned spaces(const void *p) {
    return __isGridConstant(p) | __isGlobal(p) << 1 | __isShared(p) << 2 | __isLocal(p) << 3;
}

// flags[0..3]: `spaces` of the parameter's address, of a global, a shared and a local one;
// flags[4]: the parameter's tag read back through cvta.to.param + cvta.param; flags[5]: the
// checksum of the parameter's bytes read through its generic address.
extern "C" __global__ void grid_const_query(const __grid_constant__ Config cfg, const int *gp, unsigned *flags) {
    __shared__ int s;
    volatile int loc[2];
    loc[0] = threadIdx.x;
    loc[1] = 0;
    s = 1;
    const void *p = &cfg;
    flags[0] = spaces(p);
    flags[1] = spaces(gp);
    flags[2] = spaces(&s);
    flags[3] = spaces((const void *)&loc[threadIdx.x & 1]);
    size_t raw = __cvta_generic_to_grid_constant(&cfg.tag);
    const unsigned long long *back = (const unsigned long long *)__cvta_grid_constant_to_generic(raw);
    flags[4] = (unsigned)(*back >> 8);
    flags[5] = checksum((const unsigned char *)p, sizeof(Config));
}

// Writes through the address of a grid-constant parameter (undefined in CUDA; the engine
// faults as for any write to read-only memory).
extern "C" __global__ void grid_const_write(const __grid_constant__ Config cfg, int *out) {
    int *n = const_cast<int *>(&cfg.n);
    volatile int *vn = n;
    *vn = 7;
    out[0] = *vn;
}
