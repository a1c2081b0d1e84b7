// Loads and stores with cache operators and non-coherent paths, as tuned kernels write them:
// __ldg on int4/float2/double, __ldcg/__ldca/__ldcs/__ldlu/__ldcv, __stwb/__stcg/__stcs/__stwt,
// inline-asm ld.global.nc.L1::no_allocate / L2::128B prefetch hints, prefetch.global.L2 and
// discard-free patterns; an __restrict__ const kernel whose loads the compiler turns into
// ld.global.nc; the values must be exactly those stored (hints never change results).
#include <cstdio>

__global__ void copy_hints(const int4* __restrict__ a, const float2* __restrict__ b, const double* __restrict__ c, int4* oa, float2* ob, double* oc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int4 x = __ldg(a + i);
    float2 y = __ldcs(b + i);
    double z = __ldlu(c + i);
    int4 x2 = __ldcg(a + (n - 1 - i));
    float2 y2 = __ldca(b + (n - 1 - i));
    double z2 = __ldcv(c + (n - 1 - i));
    __stcs(oa + i, make_int4(x.x + x2.w, x.y ^ x2.z, x.z - x2.y, x.w * 3 + x2.x));
    __stwt(ob + i, make_float2(y.x + y2.y, y.y * y2.x));
    __stcg(oc + i, z - z2);
    asm volatile("prefetch.global.L2 [%0];" ::"l"(c + ((i + 64) % n)));
}

__global__ void asm_hints(const unsigned* __restrict__ p, unsigned* o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned v, w, u;
    asm volatile("ld.global.nc.L1::no_allocate.b32 %0, [%1];" : "=r"(v) : "l"(p + i));
    asm volatile("ld.global.L1::evict_last.L2::128B.b32 %0, [%1];" : "=r"(w) : "l"(p + (i ^ 1) % n));
    asm volatile("ld.global.relaxed.gpu.b32 %0, [%1];" : "=r"(u) : "l"(p + (i * 7) % n));
    __stwb(o + i, v * 2654435761u + w + (u << 3));
}

template <typename T>
__global__ void saxpy_restrict(int n, T a, const T* __restrict__ x, const T* __restrict__ y, T* __restrict__ out) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) out[i] = a * x[i] + y[i];
}

int main() {
    const int n = 1000;
    int4* ha = new int4[n]; float2* hb = new float2[n]; double* hc = new double[n]; unsigned* hp = new unsigned[n];
    for (int i = 0; i < n; ++i) { ha[i] = make_int4(i, -i, i * i, 7 - i); hb[i] = make_float2(i * 0.25f, 1.0f / (i + 1)); hc[i] = i * 1.5 - 3; hp[i] = i * 0x9e3779b9u; }
    int4 *da, *oa; float2 *db, *ob; double *dc, *oc; unsigned *dp, *op;
    cudaMalloc(&da, n * 16); cudaMalloc(&oa, n * 16); cudaMalloc(&db, n * 8); cudaMalloc(&ob, n * 8); cudaMalloc(&dc, n * 8); cudaMalloc(&oc, n * 8);
    cudaMalloc(&dp, n * 4); cudaMalloc(&op, n * 4);
    cudaMemcpy(da, ha, n * 16, cudaMemcpyHostToDevice); cudaMemcpy(db, hb, n * 8, cudaMemcpyHostToDevice); cudaMemcpy(dc, hc, n * 8, cudaMemcpyHostToDevice);
    cudaMemcpy(dp, hp, n * 4, cudaMemcpyHostToDevice);
    copy_hints<<<(n + 127) / 128, 128>>>(da, db, dc, oa, ob, oc, n);
    asm_hints<<<(n + 255) / 256, 256>>>(dp, op, n);
    int4* ra = new int4[n]; float2* rb = new float2[n]; double* rc = new double[n]; unsigned* rp = new unsigned[n];
    cudaMemcpy(ra, oa, n * 16, cudaMemcpyDeviceToHost); cudaMemcpy(rb, ob, n * 8, cudaMemcpyDeviceToHost); cudaMemcpy(rc, oc, n * 8, cudaMemcpyDeviceToHost);
    if (cudaMemcpy(rp, op, n * 4, cudaMemcpyDeviceToHost) != cudaSuccess) { printf("failed: %s\n", cudaGetErrorName(cudaGetLastError())); return 1; }
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        int4 x = ha[i], x2 = ha[n - 1 - i]; float2 y = hb[i], y2 = hb[n - 1 - i];
        bad += ra[i].x != x.x + x2.w || ra[i].y != (x.y ^ x2.z) || ra[i].z != x.z - x2.y || ra[i].w != x.w * 3 + x2.x;
        bad += rb[i].x != y.x + y2.y || rb[i].y != y.y * y2.x || rc[i] != hc[i] - hc[n - 1 - i];
        bad += rp[i] != hp[i] * 2654435761u + hp[(i ^ 1) % n] + (hp[(i * 7) % n] << 3);
    }
    printf("cache-hinted copies: mismatches %d, samples %d %a %a %08x\n", bad, ra[5].w, rb[7].y, rc[999], rp[3]);
    float* fx; float* fy; float* fo;
    cudaMalloc(&fx, n * 4); cudaMalloc(&fy, n * 4); cudaMalloc(&fo, n * 4);
    float* h = new float[n];
    for (int i = 0; i < n; ++i) h[i] = i / 3.0f;
    cudaMemcpy(fx, h, n * 4, cudaMemcpyHostToDevice); cudaMemcpy(fy, h, n * 4, cudaMemcpyHostToDevice);
    saxpy_restrict<float><<<3, 64>>>(n, 1.5f, fx, fy, fo);
    cudaMemcpy(h, fo, n * 4, cudaMemcpyDeviceToHost);
    printf("saxpy restrict: %a %a %a\n", h[0], h[333], h[999]);
    return 0;
}
