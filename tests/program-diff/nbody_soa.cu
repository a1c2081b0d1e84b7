// An n-body step in single precision as the classic sample writes it, with positions in float4
// (mass in w) tiled through shared memory, in two variants: the sample's rsqrtf (approximate:
// within a tolerance) and an exact 1/sqrtf form whose bits must match; kick-drift integration over
// several steps with a structure-of-arrays velocity buffer; tile sizes 64 and 96 (n not a
// multiple of the tile).
// diff-tolerance: 1e-5
#include <cstdio>
#include <cstring>
#include <cmath>

template <bool EXACT>
__device__ float3 accel(float4 me, const float4* __restrict__ pos, int n, float eps2) {
    extern __shared__ float4 tile[];
    float3 a = {0, 0, 0};
    for (int base = 0; base < n; base += blockDim.x) {
        int j = base + threadIdx.x;
        tile[threadIdx.x] = j < n ? pos[j] : make_float4(0, 0, 0, 0);
        __syncthreads();
        int lim = min((int)blockDim.x, n - base);
        for (int k = 0; k < lim; ++k) {
            float4 o = tile[k];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float d2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = EXACT ? 1.0f / sqrtf(d2) : rsqrtf(d2);
            float s = o.w * inv * inv * inv;
            a.x += dx * s; a.y += dy * s; a.z += dz * s;
        }
        __syncthreads();
    }
    return a;
}

template <bool EXACT>
__global__ void step(float4* pos, float* vx, float* vy, float* vz, int n, float dt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = i < n ? pos[i] : make_float4(0, 0, 0, 0);
    float3 a = accel<EXACT>(me, pos, n, 0.01f);
    __syncthreads();
    if (i < n) { vx[i] += a.x * dt; vy[i] += a.y * dt; vz[i] += a.z * dt; }
    // positions are updated by a second kernel: all reads of this step must see the old ones
}
__global__ void drift(float4* pos, const float* vx, const float* vy, const float* vz, int n, float dt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { pos[i].x += vx[i] * dt; pos[i].y += vy[i] * dt; pos[i].z += vz[i] * dt; }
}

template <bool EXACT>
void run(int n, int tile, const char* name) {
    float4* h = new float4[n];
    for (int i = 0; i < n; ++i) { float t = i * 0.618034f; h[i] = make_float4(cosf(t) * (1 + i % 7), sinf(t) * (1 + i % 5), (i % 11) * 0.1f - 0.5f, 1.0f + (i % 3)); }
    float4* p; float *vx, *vy, *vz;
    cudaMalloc(&p, n * 16); cudaMalloc(&vx, n * 4); cudaMalloc(&vy, n * 4); cudaMalloc(&vz, n * 4);
    cudaMemcpy(p, h, n * 16, cudaMemcpyHostToDevice);
    cudaMemset(vx, 0, n * 4); cudaMemset(vy, 0, n * 4); cudaMemset(vz, 0, n * 4);
    for (int s = 0; s < 4; ++s) {
        step<EXACT><<<(n + tile - 1) / tile, tile, tile * sizeof(float4)>>>(p, vx, vy, vz, n, 0.001f);
        drift<<<(n + 127) / 128, 128>>>(p, vx, vy, vz, n, 0.001f);
    }
    cudaMemcpy(h, p, n * 16, cudaMemcpyDeviceToHost);
    double cx = 0, cy = 0, cz = 0;
    for (int i = 0; i < n; ++i) { cx += h[i].x * h[i].w; cy += h[i].y * h[i].w; cz += h[i].z * h[i].w; }
    unsigned b0, b1; memcpy(&b0, &h[0].x, 4); memcpy(&b1, &h[n - 1].z, 4);
    if (EXACT) printf("%s n=%d tile %d: p0.x %08x plast.z %08x centre %.9e %.9e %.9e\n", name, n, tile, b0, b1, cx, cy, cz);
    else printf("%s n=%d tile %d: p0.x %.7e plast.z %.7e centre %.6e %.6e %.6e\n", name, n, tile, h[0].x, h[n - 1].z, cx, cy, cz);
    cudaFree(p); cudaFree(vx); cudaFree(vy); cudaFree(vz); delete[] h;
}

int main() {
    run<true>(1000, 64, "exact");
    run<true>(1000, 96, "exact");
    run<true>(333, 96, "exact");
    run<false>(1000, 64, "rsqrtf");
    run<false>(777, 96, "rsqrtf");
    return 0;
}
