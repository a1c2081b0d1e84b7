// min-arch: sm_75
// N-body simulation (GPU Gems 3 style): all-pairs gravitational acceleration with shared-memory tiles of float4
// bodies, rsqrtf softening, leapfrog integration; double-precision variant; plus a 1D heat-equation / Jacobi
// stencil step and a particle-grid binning kernel (atomics) for a realistic simulation pipeline.

__device__ float3 body_body(float4 bi, float4 bj, float3 ai, float eps2) {
    float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
    float dist2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
    float inv = rsqrtf(dist2);
    float inv3 = inv * inv * inv;
    float s = bj.w * inv3;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

extern "C" __global__ void nbody_accel(const float4 *pos, float4 *acc, int n, float eps2) {
    extern __shared__ float4 tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = i < n ? pos[i] : make_float4(0, 0, 0, 0);
    float3 a = make_float3(0, 0, 0);
    for (int t = 0; t < (n + blockDim.x - 1) / blockDim.x; ++t) {
        int j = t * blockDim.x + threadIdx.x;
        tile[threadIdx.x] = j < n ? pos[j] : make_float4(0, 0, 0, 0);
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < blockDim.x; ++k) a = body_body(me, tile[k], a, eps2);
        __syncthreads();
    }
    if (i < n) acc[i] = make_float4(a.x, a.y, a.z, 0.f);
}

extern "C" __global__ void nbody_integrate(float4 *pos, float4 *vel, const float4 *acc, int n, float dt, float damping) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], v = vel[i], a = acc[i];
    v.x = (v.x + a.x * dt) * damping;
    v.y = (v.y + a.y * dt) * damping;
    v.z = (v.z + a.z * dt) * damping;
    p.x += v.x * dt;
    p.y += v.y * dt;
    p.z += v.z * dt;
    pos[i] = p;
    vel[i] = v;
}

extern "C" __global__ void nbody_accel_f64(const double4_32a *pos, double3 *acc, int n, double eps2) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double4_32a bi = pos[i];
    double ax = 0, ay = 0, az = 0;
    for (int j = 0; j < n; ++j) {
        double4_32a bj = pos[j];
        double rx = bj.x - bi.x, ry = bj.y - bi.y, rz = bj.z - bi.z;
        double d2 = rx * rx + ry * ry + rz * rz + eps2;
        double inv = rsqrt(d2);
        double s = bj.w * inv * inv * inv;
        ax += rx * s; ay += ry * s; az += rz * s;
    }
    acc[i] = make_double3(ax, ay, az);
}

extern "C" __global__ void heat_step(const float *u, float *un, int n, float alpha) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0 || i >= n - 1) {
        if (i < n) un[i] = u[i];
        return;
    }
    un[i] = u[i] + alpha * (u[i - 1] - 2.f * u[i] + u[i + 1]);
}

extern "C" __global__ void bin_particles(const float4 *pos, int *cell_count, int *cell_of, int n, float cell_size, int grid_dim) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i];
    int cx = min(max((int)floorf(p.x / cell_size), 0), grid_dim - 1);
    int cy = min(max((int)floorf(p.y / cell_size), 0), grid_dim - 1);
    int cz = min(max((int)floorf(p.z / cell_size), 0), grid_dim - 1);
    int cell = (cz * grid_dim + cy) * grid_dim + cx;
    cell_of[i] = cell;
    atomicAdd(&cell_count[cell], 1);
}
