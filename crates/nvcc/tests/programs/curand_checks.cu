// cuRAND device API (include/curand_kernel.h) under `cuprite nvcc`: statistics of 10^6 draws
// per generator and distribution, and jump-ahead consistency — curand_init's offset equals
// that many draws, skips compose, a subsequence equals 2^67 (XORWOW), 2^66 (Philox) or 2^76
// (MRG32k3a) draws, and curand_init's jumped states equal a host reference that raises the
// one-step transition to the power by squaring, without the generated tables; Sobol64's points
// equal the Gray-code definition's. Prints PASS.
// Built with NVIDIA's nvcc and header it passes on an H200 too (2026-11-28; before the middle
// range's Poisson checks were added).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <curand_kernel.h>

static int failures = 0;
#define CHECK(cond, ...)                                                                          \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                           \
            printf(__VA_ARGS__);                                                                  \
            printf("\n");                                                                         \
            failures++;                                                                           \
        }                                                                                         \
    } while (0)

constexpr int kThreads = 1024;
constexpr int kDraws = 1024; // 2^20 draws per distribution

// Per-thread sums of x and x^2 (and the extremes) of each distribution.
struct Moments {
    double sum, sum_squares, min, max;
};
enum Distribution { Uniform, UniformDouble, Normal, NormalDouble, LogNormal, Poisson, Count };

template <typename State>
__global__ void moments(unsigned long long seed, Moments *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    State state;
    curand_init(seed, tid, 0, &state);
    for (int d = 0; d < Count; d++) {
        Moments m = {0.0, 0.0, 1e300, -1e300};
        for (int i = 0; i < kDraws; i++) {
            double x = d == Uniform         ? curand_uniform(&state)
                     : d == UniformDouble   ? curand_uniform_double(&state)
                     : d == Normal          ? curand_normal(&state)
                     : d == NormalDouble    ? curand_normal_double(&state)
                     : d == LogNormal       ? curand_log_normal(&state, 0.5f, 0.25f)
                                            : (double)curand_poisson(&state, 3.5);
            m.sum += x;
            m.sum_squares += x * x;
            m.min = fmin(m.min, x);
            m.max = fmax(m.max, x);
        }
        out[d * kThreads + tid] = m;
    }
}

template <typename State>
void check_moments(const char *name) {
    Moments *dev;
    cudaMalloc(&dev, Count * kThreads * sizeof(Moments));
    moments<State><<<kThreads / 128, 128>>>(42, dev);
    static Moments host[Count * kThreads];
    CHECK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess, "%s copy", name);
    cudaFree(dev);
    const char *names[] = {"uniform", "uniform_double", "normal", "normal_double", "log_normal", "poisson"};
    // Expected mean and variance; log-normal(0.5, 0.25): exp(mu + s^2/2), (exp(s^2) - 1) exp(2 mu + s^2).
    double s2 = 0.25 * 0.25;
    double mean[] = {0.5, 0.5, 0.0, 0.0, exp(0.5 + s2 / 2), 3.5};
    double variance[] = {1.0 / 12, 1.0 / 12, 1.0, 1.0, (exp(s2) - 1) * exp(1.0 + s2), 3.5};
    for (int d = 0; d < Count; d++) {
        double n = (double)kThreads * kDraws, sum = 0, sum_squares = 0, lo = 1e300, hi = -1e300;
        for (int t = 0; t < kThreads; t++) {
            Moments m = host[d * kThreads + t];
            sum += m.sum;
            sum_squares += m.sum_squares;
            lo = fmin(lo, m.min);
            hi = fmax(hi, m.max);
        }
        double mu = sum / n, var = sum_squares / n - mu * mu;
        // Six standard errors: the mean's is sqrt(var / n), the variance's about var * sqrt(2 / n)
        // (the Poisson's and uniform's fourth moments are close enough to the normal's here).
        double sd = sqrt(variance[d]);
        CHECK(fabs(mu - mean[d]) < 6 * sd / sqrt(n), "%s %s mean %.6f, expected %.6f", name, names[d], mu, mean[d]);
        CHECK(fabs(var - variance[d]) < 6 * variance[d] * sqrt(2 / n) * (d == LogNormal ? 2 : 1),
              "%s %s variance %.6f, expected %.6f", name, names[d], var, variance[d]);
        if (d == Uniform || d == UniformDouble)
            CHECK(lo > 0 && hi <= 1, "%s %s outside (0, 1]: %g %g", name, names[d], lo, hi);
        if (d == Normal || d == NormalDouble)
            CHECK(lo < -4 && hi > 4, "%s %s tails missing: %g %g", name, names[d], lo, hi);
    }
}

// ---------------------------------------------------------------- Poisson, 64 <= lambda <= 4000

// Counts of curand_poisson(lambda) over kPoissonDraws draws per thread: their sum and sum of squares
// per thread, and a histogram of counts (the last bin holds every larger count).
constexpr int kHistogramBins = 256;
constexpr int kPoissonDraws = 128; // 2^17 counts per mean
template <typename State>
__global__ void poisson_draws(double lambda, Moments *moments, unsigned long long *histogram) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    State state;
    curand_init(7, tid, 0, &state);
    Moments m = {0.0, 0.0, 1e300, -1e300};
    for (int i = 0; i < kPoissonDraws; i++) {
        unsigned int k = curand_poisson(&state, lambda);
        m.sum += k;
        m.sum_squares += (double)k * k;
        m.min = fmin(m.min, (double)k);
        m.max = fmax(m.max, (double)k);
        if (histogram) atomicAdd(&histogram[k < kHistogramBins - 1 ? k : kHistogramBins - 1], 1ull);
    }
    moments[tid] = m;
}

// The middle range's counts have the Poisson distribution's mean and variance (both lambda),
// for means at both ends of the range and inside; for lambda = 100, the histogram of 2^17 counts
// fits the Poisson probabilities (Pearson's chi-square over the bins 60..140 and the two tails).
template <typename State>
void check_poisson_mid(const char *name) {
    Moments *dev;
    unsigned long long *dev_histogram;
    cudaMalloc(&dev, kThreads * sizeof(Moments));
    cudaMalloc(&dev_histogram, kHistogramBins * sizeof(unsigned long long));
    static Moments host[kThreads];
    for (double lambda : {64.0, 100.0, 1000.5, 4000.0}) {
        bool histogram = lambda == 100.0;
        cudaMemset(dev_histogram, 0, kHistogramBins * sizeof(unsigned long long));
        poisson_draws<State><<<kThreads / 128, 128>>>(lambda, dev, histogram ? dev_histogram : nullptr);
        CHECK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess, "%s poisson copy", name);
        double n = (double)kThreads * kPoissonDraws, sum = 0, sum_squares = 0;
        for (int t = 0; t < kThreads; t++) {
            sum += host[t].sum;
            sum_squares += host[t].sum_squares;
        }
        double mu = sum / n, var = sum_squares / n - mu * mu;
        CHECK(fabs(mu - lambda) < 6 * sqrt(lambda / n), "%s poisson(%g) mean %.4f", name, lambda, mu);
        CHECK(fabs(var - lambda) < 6 * lambda * sqrt(2 / n), "%s poisson(%g) variance %.4f", name, lambda, var);
        if (!histogram) continue;
        static unsigned long long counts[kHistogramBins];
        CHECK(cudaMemcpy(counts, dev_histogram, sizeof counts, cudaMemcpyDeviceToHost) == cudaSuccess, "%s copy", name);
        const int lo = 60, hi = 140;
        // The tails' probabilities: below lo summed, above hi the rest (the last bin holds the
        // counts past it).
        double below = 0, above = 0, chi_square = 0, below_p = 0, middle_p = 0;
        for (int k = 0; k < kHistogramBins; k++) {
            double p = exp(-lambda + k * log(lambda) - lgamma(k + 1.0));
            if (k < lo) {
                below += counts[k];
                below_p += p;
            } else if (k > hi) {
                above += counts[k];
            } else {
                middle_p += p;
                chi_square += (counts[k] - n * p) * (counts[k] - n * p) / (n * p);
            }
        }
        double above_p = 1.0 - below_p - middle_p;
        chi_square += (below - n * below_p) * (below - n * below_p) / (n * below_p);
        chi_square += (above - n * above_p) * (above - n * above_p) / (n * above_p);
        // Degrees of freedom: the bins less one; six standard deviations of the chi-square.
        double freedom = (hi - lo + 1) + 2 - 1;
        CHECK(chi_square < freedom + 6 * sqrt(2 * freedom), "%s poisson(100) chi-square %.1f over %g degrees of freedom",
              name, chi_square, freedom);
    }
    cudaFree(dev);
    cudaFree(dev_histogram);
}

// ---------------------------------------------------------------- Sobol64

// Four points of (scrambled) Sobol64 after curand_init at `offset`, then `skip` points skipped,
// then the next point as a double uniform.
__global__ void sobol64_draws(unsigned long long *vectors, unsigned long long scramble,
                              unsigned long long offset, unsigned long long skip, unsigned long long *out) {
    curandStateScrambledSobol64_t s;
    curand_init(vectors, scramble, offset, &s);
    for (int i = 0; i < 4; i++) out[i] = curand(&s);
    skipahead(skip, &s);
    out[4] = curand(&s);
    double u = curand_uniform_double(&s);
    memcpy(&out[5], &u, sizeof u);
}

// The definition (Bratley and Fox's Gray-code form): point n is the scramble constant XOR the
// direction vectors of the set bits of n's Gray code n ^ (n >> 1).
static unsigned long long sobol64_point(const unsigned long long *vectors, unsigned long long scramble,
                                        unsigned long long n) {
    unsigned long long gray = n ^ (n >> 1), x = scramble;
    for (int k = 0; k < 64; k++)
        if ((gray >> k) & 1) x ^= vectors[k];
    return x;
}

static void check_sobol64() {
    unsigned long long vectors[64];
    for (int k = 0; k < 64; k++) vectors[k] = (0x9E3779B97F4A7C15ull * (k + 1)) | 1ull;
    unsigned long long *dev_vectors, *dev_out, out[6];
    cudaMalloc(&dev_vectors, sizeof vectors);
    cudaMalloc(&dev_out, sizeof out);
    cudaMemcpy(dev_vectors, vectors, sizeof vectors, cudaMemcpyHostToDevice);
    const unsigned long long offsets[] = {0ull, 1ull, 7ull, (1ull << 40) + 3, 0xFFFFFFFFFFFFFFF0ull};
    for (unsigned long long scramble : {0ull, 0xDEADBEEFCAFEF00Dull})
        for (unsigned long long offset : offsets) {
            unsigned long long skip = 1000;
            sobol64_draws<<<1, 1>>>(dev_vectors, scramble, offset, skip, dev_out);
            CHECK(cudaMemcpy(out, dev_out, sizeof out, cudaMemcpyDeviceToHost) == cudaSuccess, "sobol64 copy");
            for (int i = 0; i < 4; i++)
                CHECK(out[i] == sobol64_point(vectors, scramble, offset + i), "sobol64 offset %llx point %d", offset, i);
            unsigned long long skipped = sobol64_point(vectors, scramble, offset + 4 + skip);
            CHECK(out[4] == skipped, "sobol64 offset %llx after skipahead", offset);
            // The uniform: the point's high 53 bits, at the middle of their interval.
            unsigned long long next = sobol64_point(vectors, scramble, offset + 5 + skip);
            double u;
            memcpy(&u, &out[5], sizeof u);
            CHECK(u == ((next >> 11) + 0.5) / 9007199254740992.0 && u > 0 && u < 1, "sobol64 uniform %a", u);
        }
    cudaFree(dev_vectors);
    cudaFree(dev_out);
}

// ---------------------------------------------------------------- jump-ahead consistency

// out[0..3]: draws after curand_init(seed, subsequence, offset).
template <typename State>
__global__ void init_draws(unsigned long long seed, unsigned long long subsequence,
                           unsigned long long offset, unsigned int *out) {
    State s;
    curand_init(seed, subsequence, offset, &s);
    for (int i = 0; i < 4; i++) out[i] = curand(&s);
}

// Draws after curand_init(seed, 0, 0) followed by `plain` single draws, then `jumps` times
// skipahead(jump), then `sequences` times skipahead_sequence(1) — or, for MRG32k3a,
// skipahead_subsequence(1), curand_init's spacing.
template <typename State> __device__ void next_subsequence(State *s) { skipahead_sequence(1ull, s); }
__device__ void next_subsequence(curandStateMRG32k3a_t *s) { skipahead_subsequence(1ull, s); }

template <typename State>
__global__ void stepped_draws(unsigned long long seed, unsigned int plain, unsigned long long jump,
                              unsigned int jumps, unsigned int sequences, unsigned int *out) {
    State s;
    curand_init(seed, 0, 0, &s);
    for (unsigned int i = 0; i < plain; i++) curand(&s);
    for (unsigned int i = 0; i < jumps; i++) skipahead(jump, &s);
    for (unsigned int i = 0; i < sequences; i++) next_subsequence(&s);
    for (int i = 0; i < 4; i++) out[i] = curand(&s);
}

template <typename State>
void draws_of_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                   unsigned int *dev, unsigned int host[4]) {
    init_draws<State><<<1, 1>>>(seed, subsequence, offset, dev);
    cudaMemcpy(host, dev, 4 * sizeof(unsigned int), cudaMemcpyDeviceToHost);
}

template <typename State>
void draws_of_steps(unsigned long long seed, unsigned int plain, unsigned long long jump, unsigned int jumps,
                    unsigned int sequences, unsigned int *dev, unsigned int host[4]) {
    stepped_draws<State><<<1, 1>>>(seed, plain, jump, jumps, sequences, dev);
    cudaMemcpy(host, dev, 4 * sizeof(unsigned int), cudaMemcpyDeviceToHost);
}

// log2 of the spacing of curand_init's subsequences, in draws.
template <typename State> constexpr int subsequence_log2();
template <> constexpr int subsequence_log2<curandStateXORWOW_t>() { return 67; }
template <> constexpr int subsequence_log2<curandStatePhilox4_32_10_t>() { return 66; }
template <> constexpr int subsequence_log2<curandStateMRG32k3a_t>() { return 76; }

template <typename State>
void check_jumps(const char *name, unsigned int *dev) {
    unsigned int a[4], b[4];
    for (unsigned long long seed : {0ull, 987654321ull}) {
        // The offset is that many draws.
        for (unsigned int n : {1u, 2u, 3u, 5u, 1000u, 4097u}) {
            draws_of_init<State>(seed, 0, n, dev, a);
            draws_of_steps<State>(seed, n, 0, 0, 0, dev, b);
            CHECK(!memcmp(a, b, sizeof a), "%s seed %llu: offset %u differs from %u draws", name, seed, n, n);
        }
        // Skips compose: 3 draws then skipahead(2^40 + 7) five times is offset 5 * (2^40 + 7) + 3.
        draws_of_init<State>(seed, 0, 5 * ((1ull << 40) + 7) + 3, dev, a);
        draws_of_steps<State>(seed, 3, (1ull << 40) + 7, 5, 0, dev, b);
        CHECK(!memcmp(a, b, sizeof a), "%s seed %llu: composed skipahead differs", name, seed);
        // Subsequence 2 is 2 * 2^k draws, in skipahead(2^63) steps; and two skipahead_sequence(1).
        int k = subsequence_log2<State>();
        draws_of_init<State>(seed, 2, 0, dev, a);
        draws_of_steps<State>(seed, 0, 1ull << 63, 2u << (k - 63), 0, dev, b);
        CHECK(!memcmp(a, b, sizeof a), "%s seed %llu: subsequence 2 differs from 2^%d skipaheads", name, seed, k + 1);
        draws_of_steps<State>(seed, 0, 0, 0, 2, dev, b);
        CHECK(!memcmp(a, b, sizeof a), "%s seed %llu: subsequence 2 differs from skipahead_sequence", name, seed);
    }
}

// ---------------------------------------------------------------- host references

template <typename State>
__global__ void init_state(unsigned long long seed, unsigned long long subsequence,
                           unsigned long long offset, State *out) {
    curand_init(seed, subsequence, offset, out);
}

template <typename State>
State device_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset) {
    State *dev, host;
    cudaMalloc(&dev, sizeof(State));
    init_state<State><<<1, 1>>>(seed, subsequence, offset, dev);
    cudaMemcpy(&host, dev, sizeof(State), cudaMemcpyDeviceToHost);
    cudaFree(dev);
    return host;
}

// XORWOW's xorshift as a 160x160 bit matrix, by columns (column j: the image of state bit j).
struct BitMatrix {
    unsigned int column[160][5];
};

static void xorshift(unsigned int v[5]) {
    unsigned int t = v[0] ^ (v[0] >> 2);
    for (int i = 0; i < 4; i++) v[i] = v[i + 1];
    v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

static void apply(const BitMatrix &m, unsigned int v[5]) {
    unsigned int out[5] = {0, 0, 0, 0, 0};
    for (int bit = 0; bit < 160; bit++)
        if ((v[bit / 32] >> (bit % 32)) & 1)
            for (int w = 0; w < 5; w++) out[w] ^= m.column[bit][w];
    memcpy(v, out, sizeof out);
}

static BitMatrix product(const BitMatrix &a, const BitMatrix &b) { // a * b
    BitMatrix r = b;
    for (int j = 0; j < 160; j++) apply(a, r.column[j]);
    return r;
}

// v <- A^(2^log2_steps * count) v.
static void xorwow_reference_jump(unsigned int v[5], int log2_steps, unsigned long long count) {
    BitMatrix m = {};
    for (int j = 0; j < 160; j++) {
        m.column[j][j / 32] = 1u << (j % 32);
        xorshift(m.column[j]);
    }
    for (int i = 0; i < log2_steps; i++) m = product(m, m);
    for (; count; count >>= 1, m = product(m, m))
        if (count & 1) apply(m, v);
}

static void check_xorwow_reference() {
    curandStateXORWOW_t start = device_init<curandStateXORWOW_t>(2024, 0, 0);
    for (unsigned long long subsequence : {1ull, 3ull, 1000003ull, 0xFEDCBA9876543210ull}) {
        curandStateXORWOW_t jumped = device_init<curandStateXORWOW_t>(2024, subsequence, 0);
        unsigned int v[5];
        memcpy(v, start.v, sizeof v);
        xorwow_reference_jump(v, 67, subsequence);
        CHECK(!memcmp(v, jumped.v, sizeof v) && jumped.d == start.d,
              "xorwow subsequence %llu differs from the host's 2^67 jump", subsequence);
    }
    for (unsigned long long offset : {1ull, 12345ull, 0xFFFFFFFFFFFFFFFFull}) {
        curandStateXORWOW_t jumped = device_init<curandStateXORWOW_t>(2024, 0, offset);
        unsigned int v[5];
        memcpy(v, start.v, sizeof v);
        xorwow_reference_jump(v, 0, offset);
        CHECK(!memcmp(v, jumped.v, sizeof v) && jumped.d == start.d + 362437u * (unsigned int)offset,
              "xorwow offset %llu differs from the host's jump", offset);
    }
}

// MRG32k3a's components as 3x3 matrices modulo m1 and m2 (x_n from x_{n-3}, x_{n-2}, x_{n-1}).
typedef unsigned long long Matrix3[3][3];
static void multiply(Matrix3 r, const Matrix3 a, const Matrix3 b, unsigned long long m) {
    Matrix3 t;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            unsigned long long s = 0;
            for (int k = 0; k < 3; k++) s = (s + a[i][k] * b[k][j] % m) % m;
            t[i][j] = s;
        }
    memcpy(r, t, sizeof t);
}

static void mrg_reference_jump(unsigned int s[3], Matrix3 a, unsigned long long m, int log2_steps,
                               unsigned long long count) {
    for (int i = 0; i < log2_steps; i++) multiply(a, a, a, m);
    for (; count; count >>= 1, multiply(a, a, a, m)) {
        if (count & 1) {
            unsigned long long out[3];
            for (int i = 0; i < 3; i++) out[i] = (a[i][0] * s[0] % m + a[i][1] * s[1] % m + a[i][2] * s[2] % m) % m;
            for (int i = 0; i < 3; i++) s[i] = (unsigned int)out[i];
        }
    }
}

static void check_mrg_reference() {
    const unsigned long long m1 = 4294967087ull, m2 = 4294944443ull;
    curandStateMRG32k3a_t start = device_init<curandStateMRG32k3a_t>(77, 0, 0);
    // Below 2^51 only: there NVIDIA's jumps equal 2^76 * subsequence draws; from 2^51 on (a jump
    // of 2^127 and more) an H200 gives other states, some all zero
    // (tests/gpu-programs/curand_mrg_subsequence.txt), where Cuprite's stay exact.
    for (unsigned long long subsequence : {1ull, 6ull, (1ull << 51) - 12345}) {
        curandStateMRG32k3a_t jumped = device_init<curandStateMRG32k3a_t>(77, subsequence, 0);
        Matrix3 a1 = {{0, 1, 0}, {0, 0, 1}, {m1 - 810728, 1403580, 0}};
        Matrix3 a2 = {{0, 1, 0}, {0, 0, 1}, {m2 - 1370589, 0, 527612}};
        unsigned int s1[3], s2[3];
        memcpy(s1, start.s1, sizeof s1);
        memcpy(s2, start.s2, sizeof s2);
        mrg_reference_jump(s1, a1, m1, 76, subsequence);
        mrg_reference_jump(s2, a2, m2, 76, subsequence);
        CHECK(!memcmp(s1, jumped.s1, sizeof s1) && !memcmp(s2, jumped.s2, sizeof s2),
              "mrg32k3a subsequence %llu differs from the host's 2^76 jump", subsequence);
    }
}

// Philox: subsequence k, offset n is counter (n / 4 + k * 2^64), the next draw word n % 4.
static void check_philox_reference() {
    curandStatePhilox4_32_10_t s = device_init<curandStatePhilox4_32_10_t>(5, 0x123456789ull, 4 * 0xFFFFFFFFull + 3);
    CHECK(s.ctr.x == 0xFFFFFFFFu && s.ctr.y == 0 && s.ctr.z == 0x23456789u && s.ctr.w == 1 && s.STATE == 3,
          "philox counter %08x %08x %08x %08x word %u", s.ctr.x, s.ctr.y, s.ctr.z, s.ctr.w, s.STATE);
}

int main() {
    check_moments<curandStateXORWOW_t>("xorwow");
    check_moments<curandStatePhilox4_32_10_t>("philox");
    check_moments<curandStateMRG32k3a_t>("mrg32k3a");
    check_poisson_mid<curandStateXORWOW_t>("xorwow");
    check_poisson_mid<curandStatePhilox4_32_10_t>("philox");
    check_poisson_mid<curandStateMRG32k3a_t>("mrg32k3a");
    check_sobol64();
    unsigned int *dev;
    cudaMalloc(&dev, 4 * sizeof(unsigned int));
    check_jumps<curandStateXORWOW_t>("xorwow", dev);
    check_jumps<curandStatePhilox4_32_10_t>("philox", dev);
    check_jumps<curandStateMRG32k3a_t>("mrg32k3a", dev);
    cudaFree(dev);
    check_xorwow_reference();
    check_mrg_reference();
    check_philox_reference();
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "sync");
    if (failures == 0) printf("PASS\n");
    return failures != 0;
}
