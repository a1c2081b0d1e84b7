// cudaGetDriverEntryPoint(ByVersion) where there is no driver API: the reference's answer for a
// driver function not supported on the platform is success, a null function pointer and
// cudaDriverEntryPointSymbolNotFound; a version above the driver's and null arguments are
// cudaErrorInvalidValue.
#include "common.h"

int main() {
    int drv = 0;
    CK(cudaDriverGetVersion(&drv));
    const char *syms[] = {"cuMemAlloc", "cuTensorMapEncodeTiled", "cuNoSuchFunction", ""};
    for (const char *s : syms) {
        void *fn = (void *)0x1;
        cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSuccess;
        CK(cudaGetDriverEntryPointByVersion(s, &fn, 12000, cudaEnableDefault, &q));
        EXPECT(fn == nullptr);
        EXPECT(q == cudaDriverEntryPointSymbolNotFound);
        fn = (void *)0x1;
        CK(cudaGetDriverEntryPointByVersion(s, &fn, 12000, cudaEnableLegacyStream, nullptr));
        EXPECT(fn == nullptr);
    }
    void *fn = nullptr;
    cudaDriverEntryPointQueryResult q;
    EXPECT_ERR(cudaGetDriverEntryPointByVersion("cuMemAlloc", &fn, drv + 10, cudaEnableDefault, &q), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGetDriverEntryPointByVersion(nullptr, &fn, 12000, cudaEnableDefault, &q), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGetDriverEntryPointByVersion("cuMemAlloc", nullptr, 12000, cudaEnableDefault, &q), cudaErrorInvalidValue);
    cudaGetLastError();
    fn = (void *)0x1;
    CK(cudaGetDriverEntryPoint("cuDeviceGetCount", &fn, cudaEnablePerThreadDefaultStream, &q));
    EXPECT(fn == nullptr && q == cudaDriverEntryPointSymbolNotFound);
    printf("PASS\n");
    return 0;
}
