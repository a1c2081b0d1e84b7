/* Cuprite's CUDA toolkit headers: __managed__ variables (host_defines.h declares them; the
 * driver's rewrite, crates/nvcc/src/managed.rs, writes the macros below). Written for Cuprite. */
#pragma once

/* __CUPRITE_MANAGED_MARK(n, v), after the declaration of managed variable v: a device variable
 * holding &v, by which the driver marks v `.attribute(.managed)` in the PTX, and removes. */
#if defined(__CUDA_ARCH__)
#define __CUPRITE_MANAGED_MARK(n, v) static __attribute__((device, used)) void *__cuprite_managed_mark_##n = (void *)&(v);
#define __CUPRITE_MANAGED(v) (v)
#else
#define __CUPRITE_MANAGED_MARK(n, v)
/* A host reference to managed variable v, as nvcc's front end writes it: the object kernels
 * see, whichever runtime the program runs on. */
#define __CUPRITE_MANAGED(v) (*::__cuprite_managed_ref(__builtin_addressof(v)))

extern "C" {
/* The host objects of this program's (or shared library's) managed variables. */
extern char __start_cuprite_managed[] __attribute__((weak, visibility("hidden")));
extern char __stop_cuprite_managed[] __attribute__((weak, visibility("hidden")));
/* Cuprite's runtime's own entry point; a weak reference, so that the program also links
 * against a runtime without it (NVIDIA's). */
void __cupriteRegisterManagedRange(void *, void *) __attribute__((weak));
}
/* The C library's write and _exit under names no program declares (<unistd.h> is not included). */
long __cuprite_write(int, const void *, unsigned long) __asm__("write");
void __cuprite_exit(int) __asm__("_exit") __attribute__((noreturn));

/* Hands the section to Cuprite's runtime before clang's __cuda_module_ctor registers the
 * variables (priority 101 runs before default-priority constructors): it binds each module
 * variable registered inside the section to its host object (device memory is host memory
 * there), so host code may use the host objects themselves. */
static void __cuprite_register_managed_range(void) __attribute__((constructor(101), used));
static void __cuprite_register_managed_range(void) {
    if (+__start_cuprite_managed != +__stop_cuprite_managed && __cupriteRegisterManagedRange)
        __cupriteRegisterManagedRange(__start_cuprite_managed, __stop_cuprite_managed);
}

/* Under another runtime (NVIDIA's): the managed allocation of the variable whose host object is
 * `host`, looked up once (cudaGetSymbolAddress: clang's code registered the host object as the
 * variable's symbol; the PTX marks it managed, so its address is valid on the host). A table of
 * (host, managed) pairs, filled without a lock: an entry's host is published after its address. */
inline void *__cuprite_managed_lookup(void *host) {
    enum { SIZE = 256 };
    static struct { void *host; void *managed; } table[SIZE];
    unsigned long h = ((unsigned long)host >> 3) % SIZE;
    for (unsigned k = 0; k < SIZE; k++) {
        void *seen = __atomic_load_n(&table[(h + k) % SIZE].host, __ATOMIC_ACQUIRE);
        if (seen == host) return table[(h + k) % SIZE].managed;
        if (!seen) break;
    }
    void *managed = 0;
    /* A `const void *` symbol: the C entry point, not the template that takes `host` by reference. */
    cudaError_t e = cudaGetSymbolAddress(&managed, (const void *)host);
    if (e != cudaSuccess || !managed) {
        static const char message[] = "error: a __managed__ variable's memory cannot be reached: cudaGetSymbolAddress: ";
        const char *why = cudaGetErrorString(e);
        unsigned long n = 0;
        while (why && why[n]) n++;
        (void)__cuprite_write(2, message, sizeof message - 1);
        (void)__cuprite_write(2, why, n);
        (void)__cuprite_write(2, "\n", 1);
        __cuprite_exit(1);
    }
    for (unsigned k = 0; k < SIZE; k++) {
        void *expected = 0;
        /* Claimed with an address no object has, then published. */
        if (__atomic_compare_exchange_n(&table[(h + k) % SIZE].host, &expected, (void *)1, false, __ATOMIC_ACQ_REL,
                                        __ATOMIC_RELAXED)) {
            table[(h + k) % SIZE].managed = managed;
            __atomic_store_n(&table[(h + k) % SIZE].host, host, __ATOMIC_RELEASE);
            break;
        }
    }
    return managed;
}

/* The object a host reference to a managed variable means: `p` itself for an object outside
 * the section (a local of the same name) and under Cuprite's runtime, else the managed
 * allocation. */
template <class T> __attribute__((host, device, always_inline)) inline T *__cuprite_managed_ref(T *p) {
    /* The bounds as integers the optimizer cannot relate to `p` (comparing pointers to distinct
       objects lets it fold the test). */
    unsigned long c = (unsigned long)(void *)p, start = (unsigned long)__start_cuprite_managed,
                  stop = (unsigned long)__stop_cuprite_managed;
    __asm__("" : "+r"(start), "+r"(stop));
    if (c < start || c >= stop || __cupriteRegisterManagedRange) return p;
    return (T *)__cuprite_managed_lookup((void *)p);
}
#endif
