/* kit.h - shared by every kernel of the benchmark kit, in C (the OpenMP twins) and in CUDA C++.
 *
 * Deterministic inputs (a hash of the element index, so generation is cheap and identical on both
 * sides), a monotonic clock, the repetition count, result checks with declared tolerances, and the
 * one machine-readable line each program prints:
 *
 *   KERNEL <name> impl=<cuda|openmp> block=<shape> first_ms=<first repetition> ms=<median of the
 *          repetitions from the second on> reps=<n> check=<ok|FAIL> err=<max error seen>
 *
 * A repetition is the whole algorithm on the device (every launch it takes) up to a synchronize;
 * copies in and out are outside the timing. The median of repetitions 2..n is the steady state (a
 * JIT compiles during the first). KIT_REPS (default 5, at least 2) sets n. With KIT_EACH set, a
 * second line lists every repetition's time (to see whether the steady state is steady):
 *
 *   REPS <name> impl=<cuda|openmp> ms=<rep 1>,<rep 2>,...
 */
#ifndef KIT_H
#define KIT_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Per-element logic shared by a kernel and its OpenMP twin is written once, callable from both. */
#ifdef __CUDACC__
#define KIT_HD __host__ __device__
#else
#define KIT_HD
#endif

/* Milliseconds on a monotonic clock. */
static inline double kit_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* A 32-bit mixing hash (lowbias32): input i of stream `seed` is kit_hash(seed, i). */
static KIT_HD inline uint32_t kit_hash(uint32_t seed, uint32_t i) {
    uint32_t x = i * 0x9E3779B9u ^ (seed * 0x85EBCA6Bu + 0x27D4EB2Fu);
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}

/* A float in [lo, hi) from 24 hash bits: exactly representable, so both sides read equal inputs. */
static inline float kit_uniform(uint32_t seed, uint32_t i, float lo, float hi) {
    return lo + (hi - lo) * (float)(kit_hash(seed, i) >> 8) * (1.0f / 16777216.0f);
}

static inline void *kit_alloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "kit: out of host memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return p;
}

static inline float *kit_floats(size_t n, uint32_t seed, float lo, float hi) {
    float *p = (float *)kit_alloc(n * sizeof(float));
    for (size_t i = 0; i < n; i++) p[i] = kit_uniform(seed, (uint32_t)i, lo, hi);
    return p;
}

/* Integers in [0, range). */
static inline int *kit_ints(size_t n, uint32_t seed, uint32_t range) {
    int *p = (int *)kit_alloc(n * sizeof(int));
    for (size_t i = 0; i < n; i++) p[i] = (int)(kit_hash(seed, (uint32_t)i) % range);
    return p;
}

static inline int kit_reps(void) {
    const char *s = getenv("KIT_REPS");
    int n = s ? atoi(s) : 5;
    return n < 2 ? 2 : (n > 1000 ? 1000 : n);
}

/* Timings of the repetitions of one program. */
typedef struct {
    int n;
    double ms[1000];
} kit_times;

static inline int kit_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The worst error of one check, and whether every element was within tolerance. */
typedef struct {
    int ok;
    double err;
} kit_check;

/* |got - want| <= atol + rtol * |want| for every element; err is the largest |got - want|. */
static inline kit_check kit_check_floats(const float *got, const float *want, size_t n, double rtol,
                                         double atol) {
    kit_check c = {1, 0.0};
    for (size_t i = 0; i < n; i++) {
        double d = fabs((double)got[i] - (double)want[i]);
        if (!(d <= atol + rtol * fabs((double)want[i]))) {
            if (c.ok) fprintf(stderr, "kit: element %zu: got %.9g, want %.9g\n", i, got[i], want[i]);
            c.ok = 0;
        }
        if (d > c.err || d != d) c.err = d;
    }
    return c;
}

static inline kit_check kit_check_scalar(double got, double want, double rtol) {
    kit_check c;
    c.err = fabs(got - want);
    c.ok = c.err <= rtol * fabs(want);
    if (!c.ok) fprintf(stderr, "kit: got %.12g, want %.12g\n", got, want);
    return c;
}

static inline kit_check kit_check_ints(const int *got, const int *want, size_t n) {
    kit_check c = {1, 0.0};
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            if (c.ok) fprintf(stderr, "kit: element %zu: got %d, want %d\n", i, got[i], want[i]);
            c.ok = 0;
            c.err += 1;
        }
    return c;
}

static inline kit_check kit_check_both(kit_check a, kit_check b) {
    kit_check c;
    c.ok = a.ok && b.ok;
    c.err = a.err > b.err ? a.err : b.err;
    return c;
}

/* Prints the KERNEL line; returns the process exit status (1 when the check failed). */
static inline int kit_report(const char *name, const char *impl, const char *block, const kit_times *t,
                             kit_check c) {
    double steady[1000];
    int m = t->n - 1;
    for (int i = 0; i < m; i++) steady[i] = t->ms[i + 1];
    qsort(steady, (size_t)m, sizeof(double), kit_cmp_double);
    double median = m % 2 ? steady[m / 2] : 0.5 * (steady[m / 2 - 1] + steady[m / 2]);
    printf("KERNEL %s impl=%s block=%s first_ms=%.3f ms=%.3f reps=%d check=%s err=%.3g\n", name, impl,
           block, t->ms[0], median, t->n, c.ok ? "ok" : "FAIL", c.err);
    if (getenv("KIT_EACH")) {
        printf("REPS %s impl=%s ms=", name, impl);
        for (int i = 0; i < t->n; i++) printf("%s%.3f", i ? "," : "", t->ms[i]);
        printf("\n");
    }
    fflush(stdout);
    return c.ok ? 0 : 1;
}

#ifdef __CUDACC__
#include <cuda_runtime.h>
/* Exits with the CUDA error's name when a runtime call fails. */
#define KIT_CUDA(call)                                                                           \
    do {                                                                                         \
        cudaError_t kit_e = (call);                                                              \
        if (kit_e != cudaSuccess) {                                                              \
            fprintf(stderr, "kit: %s:%d: %s: %s\n", __FILE__, __LINE__, cudaGetErrorName(kit_e), \
                    cudaGetErrorString(kit_e));                                                  \
            exit(3);                                                                             \
        }                                                                                        \
    } while (0)

/* Runs the launches in the variadic argument kit_reps() times, timing each up to cudaDeviceSynchronize; `reset`
 * (untimed) runs before each repetition. */
#define KIT_TIME_CUDA(times, reset, ...)                 \
    do {                                                 \
        (times).n = kit_reps();                          \
        for (int kit_r = 0; kit_r < (times).n; kit_r++) { \
            reset;                                       \
            KIT_CUDA(cudaDeviceSynchronize());           \
            double kit_t0 = kit_now_ms();                \
            __VA_ARGS__;                                 \
            KIT_CUDA(cudaGetLastError());                \
            KIT_CUDA(cudaDeviceSynchronize());           \
            (times).ms[kit_r] = kit_now_ms() - kit_t0;   \
        }                                                \
    } while (0)

/* The block shape a kernel that accepts any runs with: KIT_BLOCK ("256", "32x8", "8x8x8"; at most
 * 1024 threads), else `dflt`; its text (for the KERNEL line) in `name`. The shapes: 1D 32 ..
 * 1024, 2D 8x8, 16x16, 32x8, 32x32, 3D. */
static inline dim3 kit_block(dim3 dflt, char name[32]) {
    const char *s = getenv("KIT_BLOCK");
    unsigned d[3] = {1, 1, 1};
    int k = s ? sscanf(s, "%ux%ux%u", &d[0], &d[1], &d[2]) : 0;
    dim3 b = dflt;
    if (k >= 1 && d[0] && d[1] && d[2] && d[0] * d[1] * d[2] <= 1024) b = dim3(d[0], d[1], d[2]);
    else if (s) fprintf(stderr, "kit: KIT_BLOCK=%s is not a block shape; using the default\n", s);
    if (b.z > 1) snprintf(name, 32, "%ux%ux%u", b.x, b.y, b.z);
    else if (b.y > 1) snprintf(name, 32, "%ux%u", b.x, b.y);
    else snprintf(name, 32, "%u", b.x);
    return b;
}

template <typename T> static inline T *kit_device_copy(const T *host, size_t n) {
    T *d = 0;
    KIT_CUDA(cudaMalloc((void **)&d, n * sizeof(T) + 1));
    if (host) KIT_CUDA(cudaMemcpy(d, host, n * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}
template <typename T> static inline void kit_host_copy(T *host, const T *dev, size_t n) {
    KIT_CUDA(cudaMemcpy(host, dev, n * sizeof(T), cudaMemcpyDeviceToHost));
}
#else
/* Runs the variadic argument kit_reps() times; `reset` (untimed) runs before each repetition. */
#define KIT_TIME_OMP(times, reset, ...)                  \
    do {                                                 \
        (times).n = kit_reps();                          \
        for (int kit_r = 0; kit_r < (times).n; kit_r++) { \
            reset;                                       \
            double kit_t0 = kit_now_ms();                \
            __VA_ARGS__;                                 \
            (times).ms[kit_r] = kit_now_ms() - kit_t0;   \
        }                                                \
    } while (0)
#endif

#endif
