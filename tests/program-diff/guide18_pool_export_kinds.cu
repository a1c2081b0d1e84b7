// Memory pools that can be shared (Programming Guide, stream-ordered allocator: IPC export and
// import), as far as one process can see them: which handle types a pool may be created with,
// exporting a pool as a POSIX file descriptor and its allocations as cudaMemPoolPtrExportData,
// and the errors for a pool created without a handle type, a wrong type, bad flags and null
// arguments. Prints error names and attributes only (never a descriptor's value).
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <fcntl.h>
#include <unistd.h>
#include <cuda_runtime.h>
#define E(x) cudaGetErrorName(x)

static cudaMemPoolProps props(cudaMemAllocationHandleType h) {
    cudaMemPoolProps p;
    memset(&p, 0, sizeof p);
    p.allocType = cudaMemAllocationTypePinned;
    p.location.type = cudaMemLocationTypeDevice;
    p.location.id = 0;
    p.handleTypes = h;
    return p;
}

int main() {
    int v = -1;
    cudaDeviceGetAttribute(&v, cudaDevAttrMemoryPoolSupportedHandleTypes, 0);
    printf("supported handle types has posix fd: %d\n", (v & cudaMemHandleTypePosixFileDescriptor) != 0);
    cudaDeviceGetAttribute(&v, cudaDevAttrMemoryPoolsSupported, 0);
    printf("pools supported: %d\n", v);

    cudaMemPool_t fdpool = nullptr, plain = nullptr, other = nullptr;
    cudaMemPoolProps p = props(cudaMemHandleTypePosixFileDescriptor);
    printf("create posix-fd pool: %s\n", E(cudaMemPoolCreate(&fdpool, &p)));
    p = props(cudaMemHandleTypeNone);
    printf("create pool without handle type: %s\n", E(cudaMemPoolCreate(&plain, &p)));
    p = props(cudaMemHandleTypeWin32);
    printf("create win32 pool: %s\n", E(cudaMemPoolCreate(&other, &p)));
    p = props(cudaMemHandleTypeWin32Kmt);
    printf("create win32-kmt pool: %s\n", E(cudaMemPoolCreate(&other, &p)));
    p = props((cudaMemAllocationHandleType)0x40);
    printf("create pool with handle type 0x40: %s\n", E(cudaMemPoolCreate(&other, &p)));
    p = props(cudaMemHandleTypePosixFileDescriptor);
    p.usage = 0x80;
    printf("create pool with usage 0x80: %s\n", E(cudaMemPoolCreate(&other, &p)));
    printf("last error: %s\n", E(cudaGetLastError()));

    int fd = -1;
    printf("export fd pool as fd: %s\n",
           E(cudaMemPoolExportToShareableHandle(&fd, fdpool, cudaMemHandleTypePosixFileDescriptor, 0)));
    printf("descriptor is open: %d\n", fd >= 0 && fcntl(fd, F_GETFD) != -1);
    int fd2 = -1;
    printf("export fd pool with flags 1: %s\n",
           E(cudaMemPoolExportToShareableHandle(&fd2, fdpool, cudaMemHandleTypePosixFileDescriptor, 1)));
    printf("export fd pool as win32: %s\n",
           E(cudaMemPoolExportToShareableHandle(&fd2, fdpool, cudaMemHandleTypeWin32, 0)));
    printf("export fd pool as none: %s\n",
           E(cudaMemPoolExportToShareableHandle(&fd2, fdpool, cudaMemHandleTypeNone, 0)));
    printf("export fd pool into null: %s\n",
           E(cudaMemPoolExportToShareableHandle(nullptr, fdpool, cudaMemHandleTypePosixFileDescriptor, 0)));
    printf("export plain pool as fd: %s\n",
           E(cudaMemPoolExportToShareableHandle(&fd2, plain, cudaMemHandleTypePosixFileDescriptor, 0)));
    cudaMemPool_t def = nullptr;
    cudaDeviceGetDefaultMemPool(&def, 0);
    printf("export default pool as fd: %s\n",
           E(cudaMemPoolExportToShareableHandle(&fd2, def, cudaMemHandleTypePosixFileDescriptor, 0)));
    printf("last error: %s\n", E(cudaGetLastError()));

    cudaStream_t s;
    cudaStreamCreate(&s);
    void *a = nullptr, *b = nullptr, *c = nullptr;
    printf("alloc from fd pool: %s\n", E(cudaMallocFromPoolAsync(&a, 4096, fdpool, s)));
    printf("alloc from plain pool: %s\n", E(cudaMallocFromPoolAsync(&b, 4096, plain, s)));
    printf("cudaMalloc: %s\n", E(cudaMalloc(&c, 4096)));
    cudaStreamSynchronize(s);
    cudaMemPoolPtrExportData d;
    memset(&d, 0, sizeof d);
    printf("export pointer from fd pool: %s\n", E(cudaMemPoolExportPointer(&d, a)));
    int nonzero = 0;
    for (unsigned i = 0; i < sizeof d.reserved; i++) nonzero |= d.reserved[i] != 0;
    printf("export data filled: %d\n", nonzero);
    printf("export interior pointer: %s\n", E(cudaMemPoolExportPointer(&d, (char *)a + 256)));
    printf("export pointer from plain pool: %s\n", E(cudaMemPoolExportPointer(&d, b)));
    printf("export cudaMalloc pointer: %s\n", E(cudaMemPoolExportPointer(&d, c)));
    int host = 0;
    printf("export host pointer: %s\n", E(cudaMemPoolExportPointer(&d, &host)));
    printf("export null pointer: %s\n", E(cudaMemPoolExportPointer(&d, nullptr)));
    printf("export into null data: %s\n", E(cudaMemPoolExportPointer(nullptr, a)));
    printf("last error: %s\n", E(cudaGetLastError()));

    void *imp = nullptr;
    memset(&d, 0, sizeof d);
    cudaMemPoolExportPointer(&d, a);
    printf("import pointer into its own (exporting) pool: %s\n", E(cudaMemPoolImportPointer(&imp, fdpool, &d)));
    printf("import pointer into plain pool: %s\n", E(cudaMemPoolImportPointer(&imp, plain, &d)));
    printf("import pointer null data: %s\n", E(cudaMemPoolImportPointer(&imp, fdpool, nullptr)));
    cudaMemPool_t fromfd = nullptr;
    printf("import pool from bad fd: %s\n",
           E(cudaMemPoolImportFromShareableHandle(&fromfd, (void *)(intptr_t)-1, cudaMemHandleTypePosixFileDescriptor, 0)));
    printf("import pool with type none: %s\n",
           E(cudaMemPoolImportFromShareableHandle(&fromfd, (void *)(intptr_t)fd, cudaMemHandleTypeNone, 0)));
    printf("import pool into null: %s\n",
           E(cudaMemPoolImportFromShareableHandle(nullptr, (void *)(intptr_t)fd, cudaMemHandleTypePosixFileDescriptor, 0)));
    printf("last error: %s\n", E(cudaGetLastError()));

    // The pool's own descriptor imported back into the process that exported it.
    cudaMemPool_t again = nullptr;
    cudaError_t e = cudaMemPoolImportFromShareableHandle(&again, (void *)(intptr_t)fd, cudaMemHandleTypePosixFileDescriptor, 0);
    printf("import pool from its own fd: %s\n", E(e));
    if (e == cudaSuccess) {
        printf("imported pool is the exporting pool: %d\n", again == fdpool);
        printf("import pointer into imported pool: %s\n", E(cudaMemPoolImportPointer(&imp, again, &d)));
    }
    printf("last error: %s\n", E(cudaGetLastError()));

    printf("free a: %s\n", E(cudaFreeAsync(a, s)));
    printf("free b: %s\n", E(cudaFreeAsync(b, s)));
    printf("sync: %s\n", E(cudaStreamSynchronize(s)));
    printf("destroy fd pool: %s\n", E(cudaMemPoolDestroy(fdpool)));
    printf("destroy plain pool: %s\n", E(cudaMemPoolDestroy(plain)));
    if (fd >= 0) close(fd);
    cudaFree(c);
    printf("last error: %s\n", E(cudaGetLastError()));
    return 0;
}
