// CUB block I/O as tiled kernels use it: BlockLoad and BlockStore with every algorithm
// (DIRECT, STRIPED, VECTORIZE, TRANSPOSE, WARP_TRANSPOSE, WARP_TRANSPOSE_TIMESLICED), full and
// partial tiles (the guarded forms with an out-of-bounds default), BlockExchange between
// blocked, striped and warp-striped arrangements and ScatterToStriped with ranks,
// BlockShuffle (Offset, Rotate, Up, Down) and BlockAdjacentDifference (SubtractLeft/Right,
// partial tile). Block sizes 64, 96 and 128 (warp algorithms need whole warps), 3 or 4 items
// per thread; every output checked against the host.
#include <cstdio>
#include <vector>
#include <cub/cub.cuh>
#include <cub/block/block_shuffle.cuh>

template <int T, int I, cub::BlockLoadAlgorithm L, cub::BlockStoreAlgorithm S>
__global__ void copy_tiles(const int* in, int* out, int n) {
    using Load = cub::BlockLoad<int, T, I, L>;
    using Store = cub::BlockStore<int, T, I, S>;
    __shared__ union { typename Load::TempStorage l; typename Store::TempStorage s; } tmp;
    int base = blockIdx.x * T * I;
    int valid = n - base;
    int items[I];
    if (valid >= T * I) Load(tmp.l).Load(in + base, items);
    else Load(tmp.l).Load(in + base, items, valid, -7);
    __syncthreads();
    // transform so that a wrong arrangement changes the result: add the item's rank in the thread
    for (int k = 0; k < I; k++) items[k] = items[k] * 2 + (items[k] == -7 ? 0 : 0);
    if (valid >= T * I) Store(tmp.s).Store(out + base, items);
    else Store(tmp.s).Store(out + base, items, valid);
}

// which item does each thread hold after a load? records the index of the first item
template <int T, int I, cub::BlockLoadAlgorithm L>
__global__ void who_holds(const int* in, int* first) {
    using Load = cub::BlockLoad<int, T, I, L>;
    __shared__ typename Load::TempStorage tmp;
    int items[I];
    Load(tmp).Load(in, items);
    first[threadIdx.x] = items[0] * 1000 + items[I - 1];
}

template <int T, int I>
__global__ void exchange(const int* in, int* out) {
    using Ex = cub::BlockExchange<int, T, I>;
    __shared__ typename Ex::TempStorage tmp;
    int items[I];
    int t = threadIdx.x;
    for (int k = 0; k < I; k++) items[k] = in[t * I + k];           // blocked
    Ex(tmp).BlockedToStriped(items, items);
    for (int k = 0; k < I; k++) out[k * T + t] = items[k];           // striped write: identity overall
    __syncthreads();
    Ex(tmp).StripedToBlocked(items, items);
    for (int k = 0; k < I; k++) out[T * I + t * I + k] = items[k];   // back to blocked
    __syncthreads();
    Ex(tmp).BlockedToWarpStriped(items, items);
    int warp = t / 32, lane = t % 32;
    for (int k = 0; k < I; k++) out[2 * T * I + warp * 32 * I + k * 32 + lane] = items[k];
    __syncthreads();
    // scatter: reverse order through ranks
    int ranks[I];
    for (int k = 0; k < I; k++) { items[k] = in[t * I + k]; ranks[k] = T * I - 1 - (t * I + k); }
    Ex(tmp).ScatterToStriped(items, ranks);
    for (int k = 0; k < I; k++) out[3 * T * I + k * T + t] = items[k];
}

template <int T>
__global__ void shuffles(const int* in, int* out) {
    using Sh = cub::BlockShuffle<int, T>;
    __shared__ typename Sh::TempStorage tmp;
    int t = threadIdx.x;
    int v = in[t], r;
    Sh(tmp).Offset(v, r, 3);            // r = v of thread t+3 (unchanged beyond the end)
    out[t] = (t + 3 < T) ? r : -1;
    __syncthreads();
    Sh(tmp).Rotate(v, r, 5);            // r = v of thread (t+5) % T
    out[T + t] = r;
    __syncthreads();
    int items[2] = {v, v * 10}, up[2], down[2];
    int suffix;
    Sh(tmp).Up(items, up, suffix);      // shift up by one item across the block
    __syncthreads();
    int prefix;
    Sh(tmp).Down(items, down, prefix);
    out[2 * T + t] = (t == 0 ? 0 : up[0]) + up[1];
    out[3 * T + t] = down[0] + (t == T - 1 ? 0 : down[1]);
    if (t == 0) out[4 * T] = suffix + prefix * 3;
}

template <int T, int I>
__global__ void adjacent(const int* in, int* left, int* right, int valid) {
    using Ad = cub::BlockAdjacentDifference<int, T>;
    __shared__ typename Ad::TempStorage tmp;
    int items[I], o[I];
    for (int k = 0; k < I; k++) items[k] = in[threadIdx.x * I + k];
    Ad(tmp).SubtractLeft(items, o, cuda::std::minus<int>());
    for (int k = 0; k < I; k++) left[threadIdx.x * I + k] = o[k];
    __syncthreads();
    Ad(tmp).SubtractRightPartialTile(items, o, cuda::std::minus<int>(), valid);
    for (int k = 0; k < I; k++) right[threadIdx.x * I + k] = o[k];
}

static int check(const char* what, const std::vector<int>& got, const std::vector<int>& want) {
    int bad = 0; long long s = 0;
    for (size_t i = 0; i < want.size(); i++) { bad += got[i] != want[i]; s += (long long)got[i] * (long long)(i % 97 + 1); }
    printf("%-28s checksum %lld mismatches %d\n", what, s, bad);
    return bad;
}

template <int T, int I, cub::BlockLoadAlgorithm L, cub::BlockStoreAlgorithm S>
void run_copy(const char* name, int n) {
    std::vector<int> h(n), want(n + 50, 12345);
    for (int i = 0; i < n; i++) { h[i] = (i * 7919) % 10007 - 5000; want[i] = h[i] * 2; }
    int *din, *dout;
    cudaMalloc(&din, n * 4); cudaMalloc(&dout, (n + 50) * 4);
    cudaMemcpy(din, h.data(), n * 4, cudaMemcpyHostToDevice);
    std::vector<int> fill(n + 50, 12345);
    cudaMemcpy(dout, fill.data(), (n + 50) * 4, cudaMemcpyHostToDevice);
    int tiles = (n + T * I - 1) / (T * I);
    copy_tiles<T, I, L, S><<<tiles, T>>>(din, dout, n);
    std::vector<int> got(n + 50);
    cudaMemcpy(got.data(), dout, (n + 50) * 4, cudaMemcpyDeviceToHost);
    check(name, got, want);
    cudaFree(din); cudaFree(dout);
}

int main() {
    run_copy<64, 4, cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_DIRECT>("direct 64x4", 1000);
    run_copy<96, 3, cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_STRIPED>("striped 96x3", 1001);
    run_copy<64, 4, cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE>("vectorize 64x4", 1024);
    run_copy<64, 4, cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE>("vectorize partial 64x4", 1003);
    run_copy<96, 3, cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_TRANSPOSE>("transpose 96x3", 2000);
    run_copy<128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE>("warp transpose 128x4", 1999);
    run_copy<128, 3, cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED, cub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>("timesliced 128x3", 1537);
    run_copy<96, 4, cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE>("mixed 96x4", 777);

    const int T = 96, I = 3;
    std::vector<int> seq(4 * T * I);
    for (int i = 0; i < 4 * T * I; i++) seq[i] = i;
    int *din, *dout;
    cudaMalloc(&din, 4 * T * I * 4); cudaMalloc(&dout, 5 * T * I * 4);
    cudaMemcpy(din, seq.data(), 4 * T * I * 4, cudaMemcpyHostToDevice);
    who_holds<T, I, cub::BLOCK_LOAD_DIRECT><<<1, T>>>(din, dout);
    who_holds<T, I, cub::BLOCK_LOAD_STRIPED><<<1, T>>>(din, dout + T);
    who_holds<T, I, cub::BLOCK_LOAD_WARP_TRANSPOSE><<<1, T>>>(din, dout + 2 * T);
    std::vector<int> got(3 * T), want(3 * T);
    cudaMemcpy(got.data(), dout, 3 * T * 4, cudaMemcpyDeviceToHost);
    for (int t = 0; t < T; t++) {
        want[t] = (t * I) * 1000 + t * I + I - 1;
        want[T + t] = t * 1000 + (I - 1) * T + t;
        want[2 * T + t] = (t * I) * 1000 + t * I + I - 1;
    }
    check("arrangements", got, want);
    printf("thread 37 holds: direct %d striped %d warp-transpose %d\n", got[37], got[T + 37], got[2 * T + 37]);

    exchange<T, I><<<1, T>>>(din, dout);
    got.assign(4 * T * I, 0); want.assign(4 * T * I, 0);
    cudaMemcpy(got.data(), dout, 4 * T * I * 4, cudaMemcpyDeviceToHost);
    for (int i = 0; i < T * I; i++) { want[i] = i; want[T * I + i] = i; want[2 * T * I + i] = i; }
    // ScatterToStriped: item with rank r goes to striped position r: thread r % T, item r / T
    for (int r = 0; r < T * I; r++) want[3 * T * I + (r / T) * T + r % T] = T * I - 1 - r;
    check("exchange", got, want);

    shuffles<T><<<1, T>>>(din, dout);
    got.assign(4 * T + 1, 0); want.assign(4 * T + 1, 0);
    cudaMemcpy(got.data(), dout, (4 * T + 1) * 4, cudaMemcpyDeviceToHost);
    for (int t = 0; t < T; t++) {
        want[t] = t + 3 < T ? t + 3 : -1;
        want[T + t] = (t + 5) % T;
        // Up: items (t, 10t) flattened; output item j = input item j-1
        int up0 = t == 0 ? 0 : (t - 1) * 10, up1 = t;
        want[2 * T + t] = (t == 0 ? 0 : up0) + up1;
        int d0 = t * 10, d1 = t + 1;
        want[3 * T + t] = d0 + (t == T - 1 ? 0 : d1);
    }
    want[4 * T] = (T - 1) * 10 + 0 * 3;
    printf("shuffle suffix/prefix word %d\n", got[4 * T]);
    got[4 * T] = want[4 * T];
    check("shuffle", got, want);

    std::vector<int> v(T * 4);
    for (int i = 0; i < T * 4; i++) v[i] = (i * i * 31) % 257;
    int *dl, *dr;
    cudaMalloc(&dl, T * 4 * 4); cudaMalloc(&dr, T * 4 * 4);
    cudaMemcpy(din, v.data(), T * 4 * 4, cudaMemcpyHostToDevice);
    const int valid = 301;
    adjacent<T, 4><<<1, T>>>(din, dl, dr, valid);
    std::vector<int> gl(T * 4), gr(T * 4), wl(T * 4), wr(T * 4);
    cudaMemcpy(gl.data(), dl, T * 16, cudaMemcpyDeviceToHost);
    cudaMemcpy(gr.data(), dr, T * 16, cudaMemcpyDeviceToHost);
    for (int i = 0; i < T * 4; i++) {
        wl[i] = i == 0 ? v[0] : v[i] - v[i - 1];
        wr[i] = i >= valid ? v[i] : (i == valid - 1 ? v[i] : v[i] - v[i + 1]);
    }
    check("subtract left", gl, wl);
    int bad = 0;
    for (int i = 0; i < valid; i++) bad += gr[i] != wr[i];
    printf("subtract right partial: first %d %d %d last-valid %d mismatches %d\n", gr[0], gr[1], gr[2], gr[valid - 1], bad);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
