// min-arch: sm_75
// archs-opts: sm_75.O3 sm_80.O3 sm_90.O3 sm_90.G
// (library-heavy: its -G PTX is large, so the -G fixture is generated for sm_90 only)
// Cooperative groups grid-wide synchronization: this_grid(), grid.sync() between phases (requires a cooperative
// launch at run time), grid.thread_rank/size/is_valid, a two-phase grid reduction and a grid-synchronized
// Jacobi iteration.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void grid_reduce(const float *in, float *partials, float *result, int n) {
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    __shared__ float s[256];
    float v = 0.f;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) v += in[i];
    s[block.thread_rank()] = v;
    block.sync();
    for (unsigned st = block.size() / 2; st > 0; st >>= 1) {
        if (block.thread_rank() < st) s[block.thread_rank()] += s[block.thread_rank() + st];
        block.sync();
    }
    if (block.thread_rank() == 0) partials[blockIdx.x] = s[0];
    grid.sync();
    if (grid.thread_rank() == 0) {
        float t = 0.f;
        for (unsigned b = 0; b < gridDim.x; ++b) t += partials[b];
        *result = t;
    }
}

extern "C" __global__ void jacobi_grid(float *a, float *b, const float *rhs, int n, int iters) {
    cg::grid_group grid = cg::this_grid();
    if (!grid.is_valid()) return;
    for (int it = 0; it < iters; ++it) {
        for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) {
            float l = i > 0 ? a[i - 1] : 0.f;
            float r = i + 1 < (unsigned long long)n ? a[i + 1] : 0.f;
            b[i] = 0.5f * (l + r + rhs[i]);
        }
        grid.sync();
        float *t = a; a = b; b = t;
    }
}
