// Stream-ordered allocation from pools that live elsewhere than device memory (Programming
// Guide, stream-ordered memory allocator; CUDA 12.6+/13: host, host-NUMA and managed pools):
// creating them, what cudaMemGetDefaultMemPool / cudaMemGetMemPool / cudaMemSetMemPool report per
// location and allocation type, where an allocation from each lands (cudaPointerGetAttributes),
// a kernel writing into it and the host reading it directly, and the access each pool grants.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define E(x) cudaGetErrorName(x)

__global__ void fill(int *p, int n, int base) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = base + i;
}

static cudaMemPoolProps props(cudaMemAllocationType t, cudaMemLocationType l, int id) {
    cudaMemPoolProps p;
    memset(&p, 0, sizeof p);
    p.allocType = t;
    p.location.type = l;
    p.location.id = id;
    return p;
}

static void where(const char *what, void *ptr) {
    cudaPointerAttributes a;
    memset(&a, 0, sizeof a);
    cudaError_t e = cudaPointerGetAttributes(&a, ptr);
    printf("  %s: %s type %d device %d host pointer %s device pointer %s\n", what, E(e), (int)a.type, a.device,
           a.hostPointer == ptr ? "same" : a.hostPointer ? "other" : "null", a.devicePointer == ptr ? "same" : a.devicePointer ? "other" : "null");
}

static void access(cudaMemPool_t pool) {
    cudaMemLocation loc;
    loc.type = cudaMemLocationTypeDevice;
    loc.id = 0;
    cudaMemAccessFlags f = cudaMemAccessFlagsProtNone;
    cudaError_t e = cudaMemPoolGetAccess(&f, pool, &loc);
    printf("  device access: %s %d\n", E(e), (int)f);
    loc.type = cudaMemLocationTypeHost;
    f = cudaMemAccessFlagsProtNone;
    e = cudaMemPoolGetAccess(&f, pool, &loc);
    printf("  host access: %s %d\n", E(e), (int)f);
}

// A host pool's memory is the device's only once cudaMemPoolSetAccess grants it (an H200 faults
// a kernel writing it before): granted first here, the faulting case is the program's last.
static void grant(cudaMemPool_t pool) {
    cudaMemAccessDesc d;
    d.location.type = cudaMemLocationTypeDevice;
    d.location.id = 0;
    d.flags = cudaMemAccessFlagsProtReadWrite;
    printf("  grant the device read-write: %s\n", E(cudaMemPoolSetAccess(pool, &d, 1)));
}

static void use(const char *what, cudaMemPool_t pool, cudaStream_t s, bool host) {
    int *p = nullptr;
    cudaError_t e = cudaMallocFromPoolAsync((void **)&p, 64 * sizeof(int), pool, s);
    printf("%s: alloc %s\n", what, E(e));
    if (e != cudaSuccess) return;
    printf("  sync: %s\n", E(cudaStreamSynchronize(s)));
    where("attributes", p);
    access(pool);
    if (host) {
        grant(pool);
        where("attributes after the grant", p);
        access(pool);
    }
    fill<<<1, 64, 0, s>>>(p, 64, 1000);
    printf("  fill and sync: %s\n", E(cudaStreamSynchronize(s)));
    int h[64];
    printf("  copy back: %s", E(cudaMemcpy(h, p, sizeof h, cudaMemcpyDefault)));
    printf(" [%d %d %d]\n", h[0], h[31], h[63]);
    printf("  free: %s sync %s\n", E(cudaFreeAsync(p, s)), E(cudaStreamSynchronize(s)));
}

int main() {
    setvbuf(stdout, nullptr, _IONBF, 0);
    cudaStream_t s;
    cudaStreamCreate(&s);
    int numa = -1;
    cudaDeviceGetAttribute(&numa, cudaDevAttrHostNumaId, 0);

    cudaMemPool_t host = nullptr, hnuma = nullptr, managed = nullptr, dev = nullptr, bad = nullptr;
    cudaMemPoolProps p = props(cudaMemAllocationTypePinned, cudaMemLocationTypeHost, 0);
    printf("create pinned host pool: %s\n", E(cudaMemPoolCreate(&host, &p)));
    p = props(cudaMemAllocationTypePinned, cudaMemLocationTypeHostNuma, numa < 0 ? 0 : numa);
    printf("create pinned host-numa pool: %s\n", E(cudaMemPoolCreate(&hnuma, &p)));
    p = props(cudaMemAllocationTypeManaged, cudaMemLocationTypeDevice, 0);
    printf("create managed pool on device 0: %s\n", E(cudaMemPoolCreate(&managed, &p)));
    p = props(cudaMemAllocationTypePinned, cudaMemLocationTypeDevice, 0);
    printf("create device pool: %s\n", E(cudaMemPoolCreate(&dev, &p)));
    p = props(cudaMemAllocationTypePinned, cudaMemLocationTypeHost, 3);
    printf("create host pool id 3: %s\n", E(cudaMemPoolCreate(&bad, &p)));
    p = props(cudaMemAllocationTypePinned, cudaMemLocationTypeHostNumaCurrent, 0);
    printf("create host-numa-current pool: %s\n", E(cudaMemPoolCreate(&bad, &p)));
    p = props(cudaMemAllocationTypeManaged, cudaMemLocationTypeHost, 0);
    printf("create managed pool on host: %s\n", E(cudaMemPoolCreate(&bad, &p)));
    p = props(cudaMemAllocationTypeInvalid, cudaMemLocationTypeHost, 0);
    printf("create pool of invalid type: %s\n", E(cudaMemPoolCreate(&bad, &p)));
    printf("last error: %s\n", E(cudaGetLastError()));

    if (host) use("host pool", host, s, true);
    if (hnuma) use("host-numa pool", hnuma, s, true);
    if (managed) use("managed pool", managed, s, false);
    if (dev) use("device pool", dev, s, false);
    printf("last error: %s\n", E(cudaGetLastError()));

    // Defaults per location and type, and which pool is current.
    cudaMemLocation loc;
    struct { cudaMemLocationType t; int id; cudaMemAllocationType k; const char *name; } q[] = {
        {cudaMemLocationTypeDevice, 0, cudaMemAllocationTypePinned, "device pinned"},
        {cudaMemLocationTypeDevice, 0, cudaMemAllocationTypeManaged, "device managed"},
        {cudaMemLocationTypeHost, 0, cudaMemAllocationTypePinned, "host pinned"},
        {cudaMemLocationTypeHost, 0, cudaMemAllocationTypeManaged, "host managed"},
        {cudaMemLocationTypeHostNuma, numa < 0 ? 0 : numa, cudaMemAllocationTypePinned, "host-numa pinned"},
        {cudaMemLocationTypeDevice, 5, cudaMemAllocationTypePinned, "device 5 pinned"},
    };
    for (auto &x : q) {
        loc.type = x.t;
        loc.id = x.id;
        cudaMemPool_t d = nullptr, c = nullptr;
        cudaError_t e1 = cudaMemGetDefaultMemPool(&d, &loc, x.k);
        cudaError_t e2 = cudaMemGetMemPool(&c, &loc, x.k);
        printf("%s: default %s current %s same %d\n", x.name, E(e1), E(e2), d == c);
    }
    loc.type = cudaMemLocationTypeHost;
    loc.id = 0;
    if (host) {
        printf("set host pinned pool: %s\n", E(cudaMemSetMemPool(&loc, cudaMemAllocationTypePinned, host)));
        cudaMemPool_t c = nullptr;
        cudaMemGetMemPool(&c, &loc, cudaMemAllocationTypePinned);
        printf("  current is ours: %d\n", c == host);
        printf("set host pinned pool to a device pool: %s\n", E(cudaMemSetMemPool(&loc, cudaMemAllocationTypePinned, dev)));
    }
    loc.type = cudaMemLocationTypeDevice;
    loc.id = 0;
    if (managed) {
        printf("set device managed pool: %s\n", E(cudaMemSetMemPool(&loc, cudaMemAllocationTypeManaged, managed)));
        printf("set device pinned pool to the managed pool: %s\n", E(cudaMemSetMemPool(&loc, cudaMemAllocationTypePinned, managed)));
    }
    printf("last error: %s\n", E(cudaGetLastError()));

    // cudaMallocAsync allocates from the device's current (pinned) pool.
    int *a = nullptr;
    printf("cudaMallocAsync: %s\n", E(cudaMallocAsync((void **)&a, 256, s)));
    cudaStreamSynchronize(s);
    where("cudaMallocAsync", a);
    cudaFreeAsync(a, s);
    cudaStreamSynchronize(s);

    if (host) printf("destroy host pool: %s\n", E(cudaMemPoolDestroy(host)));
    if (hnuma) printf("destroy host-numa pool: %s\n", E(cudaMemPoolDestroy(hnuma)));
    if (managed) printf("destroy managed pool: %s\n", E(cudaMemPoolDestroy(managed)));
    if (dev) printf("destroy device pool: %s\n", E(cudaMemPoolDestroy(dev)));
    printf("last error: %s\n", E(cudaGetLastError()));

    // Last: a kernel writing host-pool memory the device was not granted.
    cudaMemPool_t closed = nullptr;
    cudaMemPoolProps cp = props(cudaMemAllocationTypePinned, cudaMemLocationTypeHost, 0);
    printf("create another host pool: %s\n", E(cudaMemPoolCreate(&closed, &cp)));
    int *w = nullptr;
    printf("alloc: %s\n", E(cudaMallocFromPoolAsync((void **)&w, 256, closed, s)));
    printf("sync: %s\n", E(cudaStreamSynchronize(s)));
    w[0] = 5;
    printf("host writes it: %d\n", w[0]);
    fill<<<1, 64, 0, s>>>(w, 64, 0);
    printf("kernel writes it: %s\n", E(cudaStreamSynchronize(s)));
    return 0;
}
