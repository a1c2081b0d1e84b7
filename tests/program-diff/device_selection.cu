// Device enumeration and selection: counts, cudaSetDevice/cudaGetDevice, cudaChooseDevice with
// property constraints, PCI bus id round trips, cudaInitDevice, cudaSetValidDevices.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-70s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

int main() {
    int n = -1;
    R(cudaGetDeviceCount(&n));
    printf("count %d\n", n);
    R(cudaGetDeviceCount(nullptr));
    int d = -1;
    R(cudaGetDevice(&d));
    printf("device %d\n", d);
    R(cudaGetDevice(nullptr));
    R(cudaSetDevice(0));
    R(cudaSetDevice(1));
    R(cudaSetDevice(-1));
    R(cudaGetDevice(&d));
    printf("device after failed sets %d\n", d);
    R(cudaGetLastError());
    cudaDeviceProp want;
    memset(&want, 0, sizeof want);
    want.major = 9;
    R(cudaChooseDevice(&d, &want));
    printf("choose major 9: %d\n", d);
    want.major = 12;
    R(cudaChooseDevice(&d, &want));
    printf("choose major 12: %d\n", d);
    R(cudaChooseDevice(nullptr, &want));
    R(cudaChooseDevice(&d, nullptr));
    R(cudaGetLastError());
    char bus[64];
    memset(bus, 'x', sizeof bus);
    R(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
    printf("bus id length %zu, has colons %d\n", strlen(bus), strchr(bus, ':') != nullptr);
    int back = -1;
    R(cudaDeviceGetByPCIBusId(&back, bus));
    printf("round trip %d\n", back);
    char small[5];
    memset(small, 'x', sizeof small);
    R(cudaDeviceGetPCIBusId(small, sizeof small, 0));
    printf("small buffer: terminated %d len %zu\n", memchr(small, 0, sizeof small) != nullptr,
           memchr(small, 0, sizeof small) ? strlen(small) : 99);
    R(cudaDeviceGetPCIBusId(bus, sizeof bus, 1));
    R(cudaDeviceGetPCIBusId(bus, 0, 0));
    R(cudaDeviceGetPCIBusId(nullptr, 64, 0));
    R(cudaDeviceGetByPCIBusId(&back, "0000:ff:1f.7"));
    R(cudaDeviceGetByPCIBusId(&back, "not a bus id"));
    R(cudaDeviceGetByPCIBusId(&back, nullptr));
    R(cudaGetLastError());
    R(cudaInitDevice(0, 0, 0));
    R(cudaInitDevice(1, 0, 0));
    R(cudaInitDevice(0, cudaDeviceScheduleBlockingSync, 0));
    R(cudaInitDevice(0, 0, 1));
    R(cudaGetLastError());
    int valid[] = {0};
    R(cudaSetValidDevices(valid, 1));
    int invalid[] = {3};
    R(cudaSetValidDevices(invalid, 1));
    R(cudaSetValidDevices(nullptr, 0));
    R(cudaGetLastError());
    int drv = 0, rt = 0;
    R(cudaDriverGetVersion(&drv));
    R(cudaRuntimeGetVersion(&rt));
    printf("runtime %d, driver >= runtime %d\n", rt, drv >= rt);
    R(cudaDriverGetVersion(nullptr));
    R(cudaRuntimeGetVersion(nullptr));
    R(cudaGetLastError());
    int perf = -9;
    R(cudaDeviceGetP2PAttribute(&perf, cudaDevP2PAttrAccessSupported, 0, 0));
    printf("p2p access (0,0) %d\n", perf);
    R(cudaDeviceGetP2PAttribute(&perf, cudaDevP2PAttrPerformanceRank, 0, 1));
    R(cudaGetLastError());
    cudaFuncCache cc;
    R(cudaDeviceGetCacheConfig(&cc));
    printf("cache config %d\n", (int)cc);
    R(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
    R(cudaDeviceGetCacheConfig(&cc));
    printf("cache config after set %d\n", (int)cc);
    R(cudaDeviceSetCacheConfig((cudaFuncCache)5));
    R(cudaGetLastError());
    return 0;
}
