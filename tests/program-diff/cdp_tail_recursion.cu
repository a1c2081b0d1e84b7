// flags: -rdc=true
// CUDA dynamic parallelism as CUDA 12+ programs use it (no device-side synchronize): a parent
// kernel partitions work and launches child grids with <<<>>> into cudaStreamFireAndForget
// and cudaStreamTailLaunch, an adaptive quadrature that recursively launches children for
// intervals whose estimate has not converged (depth-limited), accumulating exact fixed-point
// sums with atomics, and a tail-launched finalizer that reads what the children wrote.
#include <cstdio>

__device__ unsigned long long g_sum;
__device__ int g_launches;
__device__ int g_final;

__device__ double f(double x) { return x * x * x - 2.0 * x + 1.0; }   // integrates exactly under Simpson's rule

__global__ void integrate(double a, double b, int depth) {
    // each thread takes one sub-interval; deep enough ones are summed, others recurse
    int parts = blockDim.x;
    double w = (b - a) / parts, lo = a + threadIdx.x * w, hi = lo + w;
    double mid = 0.5 * (lo + hi);
    double simpson = (hi - lo) / 6.0 * (f(lo) + 4.0 * f(mid) + f(hi));
    if (depth == 0 || (threadIdx.x % 3 != 0)) {
        // fixed point with 2^-40 resolution; simpson of a cubic is exact up to rounding
        long long fx = llrint(simpson * 1099511627776.0);
        atomicAdd(&g_sum, (unsigned long long)fx);
    } else {
        atomicAdd(&g_launches, 1);
        integrate<<<1, 4, 0, cudaStreamFireAndForget>>>(lo, hi, depth - 1);
    }
}

__global__ void finalize(int expect_launches) { g_final = (g_launches == expect_launches) ? 1 : -g_launches; }

__global__ void parent(double a, double b) {
    if (threadIdx.x == 0) {
        integrate<<<1, 6, 0, cudaStreamFireAndForget>>>(a, b, 3);
        // a tail launch runs after this grid and everything it launched fire-and-forget
        finalize<<<1, 1, 0, cudaStreamTailLaunch>>>(2 + 2 * 2 + 2 * 2 * 2);
    }
}

int main() {
    unsigned long long zero = 0; int z = 0;
    cudaMemcpyToSymbol(g_sum, &zero, 8); cudaMemcpyToSymbol(g_launches, &z, 4); cudaMemcpyToSymbol(g_final, &z, 4);
    parent<<<1, 32>>>(-1.0, 2.0);
    cudaError_t e = cudaDeviceSynchronize();
    unsigned long long s; int launches, fin;
    cudaMemcpyFromSymbol(&s, g_sum, 8); cudaMemcpyFromSymbol(&launches, g_launches, 4); cudaMemcpyFromSymbol(&fin, g_final, 4);
    double integral = (double)(long long)s / 1099511627776.0;
    // exact: [x^4/4 - x^2 + x] from -1 to 2 = (4 - 4 + 2) - (1/4 - 1 - 1) = 2 + 1.75 = 3.75
    printf("sync %s: child launches %d, finalizer %d, integral %.9f (exact 3.75) error < 1e-9 %d\n", cudaGetErrorName(e), launches, fin, integral, fabs(integral - 3.75) < 1e-9);
    return 0;
}
