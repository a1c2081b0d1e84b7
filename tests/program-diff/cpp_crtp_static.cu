// flags: -std=c++17 --expt-relaxed-constexpr
// Device-side C++ that real code uses: a class template with static constexpr members, a __device__
// variable template (one counter per instantiation), CRTP policies dispatching without virtual
// calls, constexpr functions evaluated at compile time and at run time, if constexpr on type
// traits, variadic templates (fold expressions, a recursive sum, sizeof...), a std::-free
// tuple with get<I>, template template parameters, non-type template parameters of several
// kinds, default template arguments, partial specialization, and static_assert.
#include <cstdio>
#include <type_traits>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

template <int N> struct Counter {
    static constexpr int size = N;
    static constexpr int twice() { return 2 * N; }
};
template <int N> __device__ int hits_of = 0;  // a __device__ variable template: one counter per N

template <class Derived> struct Shape {
    __device__ float area() const { return static_cast<const Derived*>(this)->area_impl(); }
    __device__ const char* name() const { return Derived::tag; }
};
struct Square : Shape<Square> { float s; static constexpr const char* tag = "square"; __device__ float area_impl() const { return s * s; } };
struct Tri : Shape<Tri> { float b, h; static constexpr const char* tag = "tri"; __device__ float area_impl() const { return 0.5f * b * h; } };
template <class S> __device__ float total_area(const S* shapes, int n) { float t = 0; for (int i = 0; i < n; ++i) t += shapes[i].area(); return t; }

constexpr unsigned long long fact(int n) { return n <= 1 ? 1ull : n * fact(n - 1); }
constexpr int popcount_ce(unsigned v) { int c = 0; while (v) { v &= v - 1; ++c; } return c; }
static_assert(fact(10) == 3628800ull, "fact");
static_assert(popcount_ce(0xF0F0u) == 8, "popcount");

template <typename T> __device__ T scaled(T v) {
    if constexpr (std::is_integral<T>::value) {
        if constexpr (std::is_signed<T>::value) return v < 0 ? -v * 3 : v * 3;
        else return v * 2u;
    } else {
        return v * (T)0.5;
    }
}

template <typename... Ts> __device__ auto sum_all(Ts... vs) { return (vs + ... + 0); }
template <typename T> __device__ T rsum(T v) { return v; }
template <typename T, typename... Rest> __device__ T rsum(T v, Rest... r) { return v - rsum<T>(r...); }  // right fold of '-'
template <typename... Ts> __device__ int count_args(Ts...) { return (int)sizeof...(Ts); }

template <int I, typename T> struct Leaf { T value; };
template <typename Idx, typename... Ts> struct TupleImpl;
template <int... Is> struct Seq {};
template <int... Is, typename... Ts> struct TupleImpl<Seq<Is...>, Ts...> : Leaf<Is, Ts>... {
    __device__ TupleImpl(Ts... vs) : Leaf<Is, Ts>{vs}... {}
};
template <typename... Ts> struct Tuple;
template <typename A, typename B, typename C> struct Tuple<A, B, C> : TupleImpl<Seq<0, 1, 2>, A, B, C> {
    __device__ Tuple(A a, B b, C c) : TupleImpl<Seq<0, 1, 2>, A, B, C>(a, b, c) {}
};
template <int I, typename T> __device__ T& get_leaf(Leaf<I, T>& l) { return l.value; }
template <int I, typename Tup> __device__ auto& get(Tup& t) { return get_leaf<I>(t); }

template <typename T, int N = 4> struct SmallVec {
    T v[N];
    __device__ T dot(const SmallVec& o) const { T s = 0; for (int i = 0; i < N; ++i) s += v[i] * o.v[i]; return s; }
};
template <template <typename, int> class V, typename T> __device__ T self_dot(const V<T, 4>& a) { return a.dot(a); }

template <typename T> struct Traits { static constexpr int id = 0; };
template <typename T> struct Traits<T*> { static constexpr int id = 1 + Traits<T>::id; };
template <> struct Traits<double> { static constexpr int id = 100; };

template <char C, bool Flag, unsigned long long Big> __device__ unsigned long long nontype() { return Flag ? Big + C : Big - C; }

__global__ void kernel(long long* out, float* fout) {
    int t = threadIdx.x;
    atomicAdd(&hits_of<3>, 1);
    if (t % 2) atomicAdd(&hits_of<5>, 2);
    __syncthreads();
    if (t != 0) return;
    Square sq[3]; Tri tr[2];
    for (int i = 0; i < 3; ++i) sq[i].s = 1.5f + i;
    tr[0].b = 3; tr[0].h = 5; tr[1].b = 0.5f; tr[1].h = 7;
    fout[0] = total_area(sq, 3);
    fout[1] = total_area(tr, 2);
    fout[2] = scaled(3.0f);
    fout[3] = (float)scaled(2.5);
    out[0] = hits_of<3>;
    out[1] = hits_of<5>;
    out[2] = Counter<7>::twice() + Counter<9>::size;
    out[3] = (long long)fact(15);
    int x = out[0];
    out[4] = popcount_ce(0xdeadbeefu ^ (unsigned)x);
    out[5] = scaled(-7) + scaled(7u) + scaled((short)-4);
    out[6] = sum_all(1, 2LL, 3u, (char)4);
    out[7] = rsum(10, 4, 3, 2);  // 10 - (4 - (3 - 2)) = 7
    out[8] = count_args(1, 2.0, 'c', nullptr, sq);
    Tuple<int, double, char> tp(42, 2.5, 'z');
    get<0>(tp) += 1; get<1>(tp) *= 4;
    out[9] = get<0>(tp) * 1000 + (long long)get<1>(tp) * 10 + get<2>(tp);
    SmallVec<int> sv{{1, -2, 3, -4}};
    out[10] = self_dot(sv);
    out[11] = Traits<int**>::id * 1000 + Traits<double>::id + Traits<double*>::id * 10;
    out[12] = (long long)nontype<'A', true, 1ull << 40>() - (long long)nontype<'B', false, 100>();
    printf("%s %s\n", sq[0].name(), tr[0].name());
}

int main() {
    long long* out; float* fout;
    CK(cudaMallocManaged(&out, 16 * sizeof(long long)));
    CK(cudaMallocManaged(&fout, 4 * sizeof(float)));
    kernel<<<1, 77>>>(out, fout);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 13; ++i) printf("out[%d] = %lld\n", i, out[i]);
    printf("areas %.9g %.9g scaled %.9g %.9g\n", fout[0], fout[1], fout[2], fout[3]);
    int h3, h5;
    CK(cudaMemcpyFromSymbol(&h3, hits_of<3>, sizeof(int)));
    CK(cudaMemcpyFromSymbol(&h5, hits_of<5>, sizeof(int)));
    printf("symbols: %d %d\n", h3, h5);
    return 0;
}
