// Replays the conformance table's launches (crates/simt/tests/conformance.rs, dumped with
// CONFORMANCE_DUMP=dir) on an NVIDIA GPU: for each manifest line, loads the PTX with the driver
// (dlopen of libcuda.so.1, no CUDA headers at build time), uploads the three operand arrays,
// launches `k` with the line's block shape and uniform operands, and writes the output buffer to
// DIR/NAME.gpu.bin. compare.py then checks it against Cuprite's output (NAME.cuprite.bin).
//
// Build: g++ -std=c++17 -O2 -o replay replay.cpp -ldl      Run: ./replay DIR
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef unsigned long long CUdeviceptr;

struct Driver {
    CUresult (*cuInit)(unsigned);
    CUresult (*cuDeviceGet)(CUdevice *, int);
    CUresult (*cuCtxCreate)(CUcontext *, void *, unsigned, CUdevice);
    CUresult (*cuModuleLoadData)(CUmodule *, const void *);
    CUresult (*cuModuleUnload)(CUmodule);
    CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
    CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
    CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
    CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
    CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
    CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                               void *, void **, void **);
    CUresult (*cuCtxSynchronize)();
};

static std::string slurp(const std::string &p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

#define CHECK(call, what)                                                  \
    do {                                                                   \
        CUresult r_ = (call);                                              \
        if (r_) {                                                          \
            fprintf(stderr, "%s: %s failed: %d\n", name.c_str(), what, r_); \
            return 1;                                                      \
        }                                                                  \
    } while (0)

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: replay DIR\n");
        return 2;
    }
    std::string dir = argv[1], name = "init";
    void *lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "libcuda.so.1: %s\n", dlerror());
        return 1;
    }
    Driver cu;
#define LOAD(f, sym) *(void **)&cu.f = dlsym(lib, sym)
    LOAD(cuInit, "cuInit");
    LOAD(cuDeviceGet, "cuDeviceGet");
    LOAD(cuCtxCreate, "cuCtxCreate_v2");
    LOAD(cuModuleLoadData, "cuModuleLoadData");
    LOAD(cuModuleUnload, "cuModuleUnload");
    LOAD(cuModuleGetFunction, "cuModuleGetFunction");
    LOAD(cuMemAlloc, "cuMemAlloc_v2");
    LOAD(cuMemcpyHtoD, "cuMemcpyHtoD_v2");
    LOAD(cuMemcpyDtoH, "cuMemcpyDtoH_v2");
    LOAD(cuMemsetD8, "cuMemsetD8_v2");
    LOAD(cuLaunchKernel, "cuLaunchKernel");
    LOAD(cuCtxSynchronize, "cuCtxSynchronize");
    CUdevice dev;
    CUcontext ctx;
    CHECK(cu.cuInit(0), "cuInit");
    CHECK(cu.cuDeviceGet(&dev, 0), "cuDeviceGet");
    CHECK(cu.cuCtxCreate(&ctx, nullptr, 0, dev), "cuCtxCreate");
    std::ifstream m(dir + "/manifest.txt");
    std::string line;
    std::map<std::string, CUfunction> funcs;
    CUdeviceptr out, av, bv, cv;
    CHECK(cu.cuMemAlloc(&out, 1 << 20), "cuMemAlloc");
    CHECK(cu.cuMemAlloc(&av, 1 << 16), "cuMemAlloc");
    CHECK(cu.cuMemAlloc(&bv, 1 << 16), "cuMemAlloc");
    CHECK(cu.cuMemAlloc(&cv, 1 << 16), "cuMemAlloc");
    size_t count = 0;
    while (std::getline(m, line)) {
        std::istringstream ls(line);
        std::string op, ptx, a_path, b_path, c_path, ua_s, ub_s, uc_s;
        unsigned w, bw, cw, dw, n, bx, by;
        ls >> op >> ptx >> w >> bw >> cw >> dw >> n >> bx >> by >> ua_s >> ub_s >> uc_s >> a_path >> b_path >> c_path >>
            name;
        if (!funcs.count(ptx)) {
            std::string src = slurp(dir + "/" + ptx);
            CUmodule mod;
            CHECK(cu.cuModuleLoadData(&mod, src.c_str()), ("load " + ptx).c_str());
            CUfunction f;
            CHECK(cu.cuModuleGetFunction(&f, mod, "k"), "cuModuleGetFunction");
            funcs[ptx] = f;
        }
        std::string a = slurp(dir + "/" + a_path), b = slurp(dir + "/" + b_path), c = slurp(dir + "/" + c_path);
        CHECK(cu.cuMemcpyHtoD(av, a.data(), a.size()), "upload a");
        CHECK(cu.cuMemcpyHtoD(bv, b.data(), b.size()), "upload b");
        CHECK(cu.cuMemcpyHtoD(cv, c.data(), c.size()), "upload c");
        size_t bytes = (size_t)bx * by * n * 8;
        CHECK(cu.cuMemsetD8(out, 0, bytes), "memset");
        // Uniform operands of up to 32 bits travel in 32-bit parameters (conformance.rs's
        // param_width).
        uint64_t ua = std::stoull(ua_s, nullptr, 16), ub = std::stoull(ub_s, nullptr, 16),
                 uc = std::stoull(uc_s, nullptr, 16);
        uint32_t ua32 = (uint32_t)ua, ub32 = (uint32_t)ub, uc32 = (uint32_t)uc;
        void *args[] = {&out,
                        &av,
                        &bv,
                        w <= 32 ? (void *)&ua32 : (void *)&ua,
                        bw <= 32 ? (void *)&ub32 : (void *)&ub,
                        &cv,
                        cw <= 32 ? (void *)&uc32 : (void *)&uc};
        CHECK(cu.cuLaunchKernel(funcs[ptx], 1, 1, 1, bx, by, 1, 0, nullptr, args, nullptr), "launch");
        CHECK(cu.cuCtxSynchronize(), "synchronize");
        std::vector<char> got(bytes);
        CHECK(cu.cuMemcpyDtoH(got.data(), out, bytes), "download");
        std::ofstream(dir + "/" + name + ".gpu.bin", std::ios::binary).write(got.data(), got.size());
        ++count;
    }
    printf("replayed %zu launches\n", count);
    return 0;
}
