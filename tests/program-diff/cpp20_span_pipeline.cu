// flags: -std=c++20 -Xcompiler -Wall --expt-relaxed-constexpr
// C++20 idioms as modern CUDA code writes them: a std::span-like view class template with a
// static or dynamic extent (subspan, first/last, range-for), concepts constraining a generic
// reduction over views (requires-expressions checking members), a lazy filter/transform
// pipeline of views composed with operator| (ranges-style adaptors written by hand), consteval
// table construction, std::array-free constexpr arrays filled by immediately-invoked lambdas,
// if consteval-free std::is_constant_evaluated, template parameter objects of class type
// (a struct as a non-type template parameter), and [[no_unique_address]] members.
// 2D blocks of 32x8 over a 100x5 grid of rows (partial blocks). Exact integers.
#include <cstdio>
#include <cstddef>
#include <concepts>
#include <type_traits>

inline constexpr std::size_t dynamic_extent = static_cast<std::size_t>(-1);

template <class T, std::size_t Extent = dynamic_extent>
class View {
    T* ptr_;
    [[no_unique_address]] std::conditional_t<Extent == dynamic_extent, std::size_t, std::integral_constant<std::size_t, Extent>> size_;
public:
    __host__ __device__ constexpr View(T* p, std::size_t n) requires(Extent == dynamic_extent) : ptr_(p), size_(n) {}
    __host__ __device__ constexpr explicit View(T* p) requires(Extent != dynamic_extent) : ptr_(p), size_() {}
    __host__ __device__ constexpr std::size_t size() const { return size_; }
    __host__ __device__ constexpr T* begin() const { return ptr_; }
    __host__ __device__ constexpr T* end() const { return ptr_ + size(); }
    __host__ __device__ constexpr T& operator[](std::size_t i) const { return ptr_[i]; }
    __host__ __device__ constexpr View<T> subspan(std::size_t off, std::size_t n) const { return {ptr_ + off, n}; }
    template <std::size_t N> __host__ __device__ constexpr View<T, N> first() const { return View<T, N>(ptr_); }
    __host__ __device__ constexpr View<T> last(std::size_t n) const { return {ptr_ + size() - n, n}; }
};

template <class R>
concept Sized = requires(const R& r) {
    { r.size() } -> std::convertible_to<std::size_t>;
    r.begin();
    r.end();
};
template <class R>
concept IntRange = Sized<R> && std::integral<std::remove_cvref_t<decltype(*std::declval<R>().begin())>>;

template <IntRange R> __device__ long long weighted_sum(const R& r) {
    long long s = 0, w = 1;
    for (auto x : r) s += x * w++;
    return s;
}

// hand-written lazy adaptors
template <class R, class F> struct Filtered {
    R r; F f;
    struct It {
        decltype(std::declval<R>().begin()) cur, end; F f;
        __device__ void skip() { while (cur != end && !f(*cur)) ++cur; }
        __device__ auto operator*() const { return *cur; }
        __device__ It& operator++() { ++cur; skip(); return *this; }
        __device__ bool operator!=(const It& o) const { return cur != o.cur; }
    };
    __device__ It begin() const { It i{r.begin(), r.end(), f}; i.skip(); return i; }
    __device__ It end() const { return It{r.end(), r.end(), f}; }
};
template <class R, class F> struct Mapped {
    R r; F f;
    struct It {
        decltype(std::declval<R>().begin()) cur; F f;
        __device__ auto operator*() const { return f(*cur); }
        __device__ It& operator++() { ++cur; return *this; }
        __device__ bool operator!=(const It& o) const { return cur != o.cur; }
    };
    __device__ It begin() const { return It{r.begin(), f}; }
    __device__ It end() const { return It{r.end(), f}; }
};
template <class F> struct FilterTag { F f; };
template <class F> struct MapTag { F f; };
template <class F> __device__ FilterTag<F> filter(F f) { return {f}; }
template <class F> __device__ MapTag<F> map(F f) { return {f}; }
template <class R, class F> __device__ auto operator|(R r, FilterTag<F> t) { return Filtered<R, F>{r, t.f}; }
template <class R, class F> __device__ auto operator|(R r, MapTag<F> t) { return Mapped<R, F>{r, t.f}; }

consteval int popcount_c(unsigned v) { int c = 0; while (v) { c += v & 1; v >>= 1; } return c; }
struct Table { int v[64]; };
consteval Table make_table() { Table t{}; for (int i = 0; i < 64; i++) t.v[i] = popcount_c(i * 37u) * 10 + i % 3; return t; }
__constant__ Table c_table = make_table();

struct Coeffs { int a, b, c; };
template <Coeffs K> __device__ int poly(int x) { return (K.a * x + K.b) * x + K.c; }

__host__ __device__ constexpr int mode() { return std::is_constant_evaluated() ? 1 : 2; }
constexpr int compile_mode = mode();


__global__ void rows(const int* data, int width, int nrows, long long* out) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int lane = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= nrows || lane >= 3) return;
    View<const int> r(data + row * width, width);
    long long res;
    if (lane == 0) {
        auto odd_squares = r | filter([](int x) { return x % 2 != 0; }) | map([](int x) { return x * x; });
        long long s = 0;
        for (auto v : odd_squares) s += v;
        res = s * 1000 + weighted_sum(r.first<4>()) + weighted_sum(r.last(3));
    } else if (lane == 1) {
        auto mid = r.subspan(width / 4, width / 2);
        long long s = 0;
        for (auto v : mid | map([row](int x) { return poly<Coeffs{3, -2, 7}>(x) + row; })) s += v;
        res = s + c_table.v[(row * 7) % 64] * 100000LL;
    } else {
        constexpr auto squares = [] { struct { int v[10]; } s{}; for (int i = 0; i < 10; i++) s.v[i] = i * i; return s; }();
        res = compile_mode * 10 + mode() + squares.v[row % 10] * 100;
    }
    out[row * 3 + lane] = res;
}

int main() {
    const int width = 24, nrows = 500;
    static int data[width * nrows];
    for (int i = 0; i < width * nrows; i++) data[i] = (i * 7919) % 97 - 48;
    int* dd; long long* dout;
    cudaMalloc(&dd, sizeof data); cudaMalloc(&dout, nrows * 3 * 8);
    cudaMemcpy(dd, data, sizeof data, cudaMemcpyHostToDevice);
    rows<<<dim3(1, (nrows + 7) / 8), dim3(32, 8)>>>(dd, width, nrows, dout);
    static long long h[nrows * 3];
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0; long long sums[3] = {0, 0, 0};
    for (int row = 0; row < nrows; row++) {
        const int* r = data + row * width;
        long long s = 0;
        for (int k = 0; k < width; k++) if (r[k] % 2) s += r[k] * r[k];
        long long w1 = 0, w2 = 0;
        for (int k = 0; k < 4; k++) w1 += r[k] * (k + 1);
        for (int k = 0; k < 3; k++) w2 += r[width - 3 + k] * (k + 1);
        long long e0 = s * 1000 + w1 + w2, e1 = 0;
        for (int k = width / 4; k < width / 4 + width / 2; k++) e1 += (3 * r[k] - 2) * r[k] + 7 + row;
        int idx = (row * 7) % 64, pc = 0;
        for (unsigned v = idx * 37u; v; v >>= 1) pc += v & 1;
        e1 += (pc * 10 + idx % 3) * 100000LL;
        long long e2 = 1 * 10 + 2 + (row % 10) * (row % 10) * 100;
        bad += h[row * 3] != e0 || h[row * 3 + 1] != e1 || h[row * 3 + 2] != e2;
        for (int j = 0; j < 3; j++) sums[j] += h[row * 3 + j];
    }
    printf("rows %d: sums %lld %lld %lld; row 0: %lld %lld %lld; row 499: %lld %lld %lld; mismatches %d\n", nrows, sums[0], sums[1], sums[2],
           h[0], h[1], h[2], h[1497], h[1498], h[1499], bad);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
