// flags: -std=c++20
// Newer libcu++ facilities in device code: cuda::std::mdspan over global and shared memory
// with layout_right, layout_left and layout_stride (extents mixing static and dynamic sizes,
// mapping strides and required_span_size), a 3-D mdspan stencil; cuda::std::latch in shared
// memory (count_down, wait, arrive_and_wait); cuda::std::counting_semaphore limiting how many
// warps enter a section at once (the maximum concurrency is recorded); cuda::std::inplace_vector
// (push_back, try_push_back at capacity, erase-free pop_back); cuda::std::expected with
// and_then/transform/or_else chains; cuda::std::bitset (set/flip/count/to_ullong, shifts);
// cuda::std::numbers constants. 3D blocks of 8x4x4 and 1D blocks of 224. Exact results.
#include <cstdio>
#include <cuda/std/mdspan>
#include <cuda/std/latch>
#include <cuda/std/semaphore>
#include <cuda/std/inplace_vector>
#include <cuda/std/expected>
#include <cuda/std/bitset>
#include <cuda/std/numbers>
#include <cuda/std/bit>

namespace stdx = cuda::std;

__global__ void stencil3d(const float* in, float* out, int nx, int ny, int nz) {
    stdx::mdspan<const float, stdx::dextents<int, 3>> a(in, nz, ny, nx);
    stdx::mdspan<float, stdx::dextents<int, 3>> b(out, nz, ny, nx);
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) { b(z, y, x) = a(z, y, x); return; }
    b(z, y, x) = (a(z, y, x - 1) + a(z, y, x + 1)) * 0.125f + (a(z, y - 1, x) + a(z, y + 1, x)) * 0.25f + (a(z - 1, y, x) + a(z + 1, y, x)) * 0.0625f + a(z, y, x) * 0.125f;
}

__global__ void layouts(long long* out) {
    __shared__ int buf[6 * 8];
    int t = threadIdx.x;
    if (t < 48) buf[t] = t * 3 - 20;
    __syncthreads();
    if (t != 0) return;
    stdx::mdspan<int, stdx::extents<int, 6, stdx::dynamic_extent>> right(buf, 8);
    stdx::mdspan<int, stdx::extents<int, 6, 8>, stdx::layout_left> left(buf);
    using E = stdx::dextents<int, 2>;
    stdx::layout_stride::mapping<E> m(E(3, 4), stdx::array<int, 2>{10, 2});   // every other column, rows 10 apart
    stdx::mdspan<int, E, stdx::layout_stride> strided(buf, m);
    long long s = 0;
    for (int i = 0; i < right.extent(0); i++) for (int j = 0; j < right.extent(1); j++) s += right(i, j) * (i + 2 * j);
    out[0] = s;
    out[1] = left(5, 1) * 1000 + right(5, 1);
    s = 0;
    for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) s = s * 7 + strided(i, j);
    out[2] = s;
    out[3] = m.required_span_size() * 100 + m.stride(0) * 10 + m.stride(1) + (long long)m.is_exhaustive() * 100000 + (long long)right.mapping().stride(0) * 1000000;
    out[4] = left.mapping().required_span_size() + (long long)left.static_extent(1) * 1000 + (long long)right.rank_dynamic() * 100000;
}

__global__ void sync_prims(int* out) {
    __shared__ stdx::latch* lp;
    __shared__ alignas(stdx::latch) unsigned char lbuf[sizeof(stdx::latch)];
    __shared__ stdx::counting_semaphore<4>* sp;
    __shared__ alignas(stdx::counting_semaphore<4>) unsigned char sbuf[sizeof(stdx::counting_semaphore<4>)];
    __shared__ int inside, max_inside, stage[224];
    int t = threadIdx.x, warps = blockDim.x / 32;
    if (t == 0) {
        lp = new (lbuf) stdx::latch(blockDim.x);
        sp = new (sbuf) stdx::counting_semaphore<4>(2);
        inside = 0; max_inside = 0;
    }
    __syncthreads();
    stage[t] = t * t % 101;
    lp->arrive_and_wait();                   // every write above is visible after the latch
    int neighbour = stage[(t + 37) % blockDim.x];
    if (t % 32 == 0) {                       // one thread per warp competes for 2 permits
        sp->acquire();
        int now = atomicAdd(&inside, 1) + 1;
        atomicMax(&max_inside, now);
        for (volatile int spin = 0; spin < 200; spin++) {}
        atomicSub(&inside, 1);
        sp->release();
    }
    __syncthreads();
    out[blockIdx.x * (blockDim.x + 2) + t] = neighbour;
    if (t == 0) { out[blockIdx.x * (blockDim.x + 2) + blockDim.x] = max_inside <= 2 && max_inside >= 1; out[blockIdx.x * (blockDim.x + 2) + blockDim.x + 1] = warps; }
}

__device__ stdx::expected<int, int> parse_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    return stdx::unexpected<int>(c);
}

__global__ void containers(long long* out) {
    int t = threadIdx.x;
    stdx::inplace_vector<int, 12> v;
    for (int k = 0; k < t % 16; k++) {
        if (v.size() < v.capacity()) v.push_back(k * t);
        else if (!v.try_push_back(-1)) { /* full: try_push_back returns null */ }
    }
    long long s = (long long)v.size() * 1000;
    for (int x : v) s += x;
    if (!v.empty()) { v.pop_back(); s += v.size(); }
    const char text[] = "7x3";
    auto r = parse_digit(text[t % 3])
                 .and_then([](int d) -> stdx::expected<int, int> { if (d > 5) return d * 2; return stdx::unexpected<int>(-d); })
                 .transform([](int d) { return d + 100; })
                 .or_else([](int e) -> stdx::expected<int, int> { return e * 10; });
    long long ex = r.has_value() ? r.value() : -1;
    stdx::bitset<70> bs;
    bs.set(t % 70); bs.set((t * 7) % 70); bs.flip(3);
    bs <<= 2;
    stdx::bitset<70> low = bs & stdx::bitset<70>(0xFFFFFFFFFFull);
    out[t * 3] = s;
    out[t * 3 + 1] = ex;
    out[t * 3 + 2] = (long long)bs.count() * 1000000000000LL + (long long)low.to_ullong() + bs.test(69) * 7;
}

__global__ void numbers(double* d, float* f) {
    d[0] = stdx::numbers::pi; d[1] = stdx::numbers::e; d[2] = stdx::numbers::sqrt2; d[3] = stdx::numbers::ln2; d[4] = stdx::numbers::phi;
    f[0] = stdx::numbers::pi_v<float>; f[1] = stdx::numbers::inv_sqrtpi_v<float>; f[2] = stdx::numbers::log10e_v<float>;
}

int main() {
    const int nx = 19, ny = 9, nz = 7, n = nx * ny * nz;
    static float in[n], out[n];
    for (int i = 0; i < n; i++) in[i] = (float)((i * 37) % 64) - 16.0f;
    float *din, *dout;
    cudaMalloc(&din, sizeof in); cudaMalloc(&dout, sizeof out);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    stencil3d<<<dim3((nx + 7) / 8, (ny + 3) / 4, (nz + 3) / 4), dim3(8, 4, 4)>>>(din, dout, nx, ny, nz);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int bad = 0; double s = 0;
    auto A = [&](int z, int y, int x) { return in[(z * ny + y) * nx + x]; };
    for (int z = 0; z < nz; z++) for (int y = 0; y < ny; y++) for (int x = 0; x < nx; x++) {
        float w = (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) ? A(z, y, x)
                  : (A(z, y, x - 1) + A(z, y, x + 1)) * 0.125f + (A(z, y - 1, x) + A(z, y + 1, x)) * 0.25f + (A(z - 1, y, x) + A(z + 1, y, x)) * 0.0625f + A(z, y, x) * 0.125f;
        bad += w != out[(z * ny + y) * nx + x]; s += out[(z * ny + y) * nx + x] * (x + 1);
    }
    printf("mdspan stencil: weighted sum %.9g mismatches %d\n", s, bad);
    long long* dl; cudaMalloc(&dl, 4096 * 8);
    layouts<<<1, 64>>>(dl);
    long long hl[5]; cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
    printf("layouts: %lld %lld %lld %lld %lld\n", hl[0], hl[1], hl[2], hl[3], hl[4]);
    int* di; cudaMalloc(&di, 2 * 226 * 4);
    sync_prims<<<2, 224>>>(di);
    static int hi[2 * 226];
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int b = 0; b < 2; b++) for (int t = 0; t < 224; t++) bad += hi[b * 226 + t] != ((t + 37) % 224) * ((t + 37) % 224) % 101;
    printf("latch/semaphore: neighbour mismatches %d, permits respected %d %d, warps %d\n", bad, hi[224], hi[450], hi[225]);
    containers<<<1, 96>>>(dl);
    static long long hc[96 * 3];
    cudaMemcpy(hc, dl, sizeof hc, cudaMemcpyDeviceToHost);
    long long cs = 0;
    for (int i = 0; i < 96 * 3; i++) cs = cs * 31 + hc[i];
    printf("containers: checksum %lld t5 %lld %lld %lld t95 %lld %lld %lld\n", cs, hc[15], hc[16], hc[17], hc[285], hc[286], hc[287]);
    double* dd; float* df;
    cudaMalloc(&dd, 5 * 8); cudaMalloc(&df, 3 * 4);
    numbers<<<1, 1>>>(dd, df);
    double hd[5]; float hf[3];
    cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost); cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    printf("numbers %a %a %a %a %a | %a %a %a\n", hd[0], hd[1], hd[2], hd[3], hd[4], hf[0], hf[1], hf[2]);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
