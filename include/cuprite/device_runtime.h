/* Cuprite's CUDA toolkit headers: the device runtime API in device code (dynamic parallelism),
 * as the Programming Guide's "Device-side Launch from PTX" describes it: cudaGetParameterBuffer
 * and cudaLaunchDevice (and nvcc's V2 forms), device-side streams and events, errors, the device
 * heap. Each calls the device runtime's entry point __cudaCDP2<Name>, which Cuprite's engine
 * provides (as NVIDIA's libcudadevrt does for nvcc's programs). Written for Cuprite.
 *
 * clang (19) compiles no device-side `kernel<<<...>>>` and no other reference to a kernel from
 * device code ("reference to __global__ function ... in __global__ function"), except in a
 * constant-evaluated context such as a template argument. `cuprite nvcc -rdc=true` rewrites the
 * launches in device code into uses of __cuprite_device_launch below
 * (crates/nvcc/src/device_launches.rs). Elsewhere a kernel's address for cudaLaunchDevice comes
 * from a __device__ variable initialized with it:
 *   __device__ void (*child_address)(int *) = child;
 * There is no device-side cudaDeviceSynchronize (CUDA 12 removed it). */
#pragma once
#if defined(__CUDA__) && defined(__clang__)

extern "C" {
__device__ void *__cudaCDP2GetParameterBuffer(size_t alignment, size_t size);
__device__ void *__cudaCDP2GetParameterBufferV2(void *func, dim3 grid, dim3 block, unsigned int shared);
__device__ cudaError_t __cudaCDP2LaunchDevice(void *func, void *buffer, dim3 grid, dim3 block, unsigned int shared,
                                              cudaStream_t stream);
__device__ cudaError_t __cudaCDP2LaunchDeviceV2(void *buffer, cudaStream_t stream);
__device__ cudaError_t __cudaCDP2StreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
__device__ cudaError_t __cudaCDP2StreamDestroy(cudaStream_t stream);
__device__ cudaError_t __cudaCDP2GetLastError(void);
__device__ cudaError_t __cudaCDP2PeekAtLastError(void);
__device__ cudaError_t __cudaCDP2GetDevice(int *device);
__device__ cudaError_t __cudaCDP2GetDeviceCount(int *count);
__device__ cudaError_t __cudaCDP2RuntimeGetVersion(int *version);
__device__ cudaError_t __cudaCDP2Malloc(void **ptr, size_t size);
__device__ cudaError_t __cudaCDP2Free(void *ptr);
__device__ cudaError_t __cudaCDP2EventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__device__ cudaError_t __cudaCDP2EventRecord(cudaEvent_t event, cudaStream_t stream);
__device__ cudaError_t __cudaCDP2EventDestroy(cudaEvent_t event);
__device__ cudaError_t __cudaCDP2StreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags);

/* The device-side overloads of the runtime API (clang overloads a function on __host__ and
 * __device__; the host ones are libcudart's). */
__device__ inline void *cudaGetParameterBuffer(size_t alignment, size_t size) {
    return __cudaCDP2GetParameterBuffer(alignment, size);
}
__device__ inline void *cudaGetParameterBufferV2(void *func, dim3 grid, dim3 block, unsigned int shared) {
    return __cudaCDP2GetParameterBufferV2(func, grid, block, shared);
}
__device__ inline cudaError_t cudaLaunchDevice(void *func, void *buffer, dim3 grid, dim3 block,
                                                      unsigned int shared, cudaStream_t stream) {
    return __cudaCDP2LaunchDevice(func, buffer, grid, block, shared, stream);
}
__device__ inline cudaError_t cudaLaunchDeviceV2(void *buffer, cudaStream_t stream) {
    return __cudaCDP2LaunchDeviceV2(buffer, stream);
}
__device__ inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags) {
    return __cudaCDP2StreamCreateWithFlags(stream, flags);
}
__device__ inline cudaError_t cudaStreamDestroy(cudaStream_t stream) { return __cudaCDP2StreamDestroy(stream); }
__device__ inline cudaError_t cudaGetLastError(void) { return __cudaCDP2GetLastError(); }
__device__ inline cudaError_t cudaPeekAtLastError(void) { return __cudaCDP2PeekAtLastError(); }
__device__ inline cudaError_t cudaGetDevice(int *device) { return __cudaCDP2GetDevice(device); }
__device__ inline cudaError_t cudaGetDeviceCount(int *count) { return __cudaCDP2GetDeviceCount(count); }
__device__ inline cudaError_t cudaRuntimeGetVersion(int *version) { return __cudaCDP2RuntimeGetVersion(version); }
__device__ inline cudaError_t cudaMalloc(void **ptr, size_t size) { return __cudaCDP2Malloc(ptr, size); }
__device__ inline cudaError_t cudaFree(void *ptr) { return __cudaCDP2Free(ptr); }
__device__ inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
    return __cudaCDP2EventCreateWithFlags(event, flags);
}
__device__ inline cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
    return __cudaCDP2EventRecord(event, stream);
}
__device__ inline cudaError_t cudaEventDestroy(cudaEvent_t event) { return __cudaCDP2EventDestroy(event); }
__device__ inline cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    return __cudaCDP2StreamWaitEvent(stream, event, flags);
}
}

/* Device graph launch and device-updatable kernel nodes (cuda_device_runtime_api.h, CUDA 12.0 and
 * 12.4), declared as NVIDIA declares them so that programs using them compile. Cuprite's engine
 * provides neither: a kernel that calls one of these (or reads %current_graph_exec) fails to load
 * with an error naming the call, as the same program built by nvcc does. */
#define cudaStreamGraphTailLaunch ((cudaStream_t)0x0100000000000000)
#define cudaStreamGraphFireAndForget ((cudaStream_t)0x0200000000000000)
#define cudaStreamGraphFireAndForgetAsSibling ((cudaStream_t)0x0300000000000000)
extern "C" {
__device__ cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
__device__ cudaError_t cudaGraphKernelNodeSetParam(cudaGraphDeviceNode_t node, size_t offset, const void *value, size_t size);
__device__ cudaError_t cudaGraphKernelNodeSetEnabled(cudaGraphDeviceNode_t node, bool enable);
__device__ cudaError_t cudaGraphKernelNodeSetGridDim(cudaGraphDeviceNode_t node, dim3 gridDim);
__device__ cudaError_t cudaGraphKernelNodeUpdatesApply(const cudaGraphKernelNodeUpdate *updates, size_t updateCount);
}
static inline __device__ cudaGraphExec_t cudaGetCurrentGraphExec(void) {
    unsigned long long current_graph_exec;
    asm("mov.u64 %0, %%current_graph_exec;" : "=l"(current_graph_exec));
    return (cudaGraphExec_t)current_graph_exec;
}
template <typename T>
static inline __device__ cudaError_t cudaGraphKernelNodeSetParam(cudaGraphDeviceNode_t node, size_t offset, const T &value) {
    return cudaGraphKernelNodeSetParam(node, offset, &value, sizeof(T));
}

/* CUDA 12's per-grid device-side streams (cuda_device_runtime_api.h): a tail launch runs once
 * the launching grid and all its other work are complete; a fire-and-forget launch runs
 * independently of it. */
#define cudaStreamTailLaunch ((cudaStream_t)0x3)
#define cudaStreamFireAndForget ((cudaStream_t)0x4)

/* A kernel launch in device code, `kernel<<<grid, block, shared, stream>>>(arguments)`, as
 * cuprite nvcc -rdc=true writes it: `__cuprite_device_launch(kernel)(grid, block, shared,
 * stream)(arguments)`. The kernel is named only in a template argument, where clang allows it:
 * the return type of a lambda, which carries it, resolved from the arguments' types when
 * `kernel` is a template called without template arguments. Each argument is converted to its
 * parameter's type as a call converts it and placed as the kernel's .param space places it (at
 * its alignment, in order); in device code the launch is cudaGetParameterBuffer +
 * cudaLaunchDevice, in host code (a __host__ __device__ function) cudaLaunchKernel, as `<<<>>>`
 * is there. */
#if __cplusplus >= 201703L
#define __cuprite_device_launch(...)                                                                                    \
    ::__cuprite_launch::kernel_launcher(                                                                                \
        [](auto &&...__cuprite_arguments) -> ::__cuprite_launch::kernel_constant<                                      \
            ::__cuprite_launch::kernel_of<decltype(__cuprite_arguments)...>::pick(__VA_ARGS__, 0)> { return {}; })
namespace __cuprite_launch {
/* Only in unevaluated operands. */
template <class T> T &&declared() noexcept;

template <class... Arguments> struct kernel_of {
    /* A kernel named exactly (a function, or a template with its arguments): its own type. */
    template <class... Parameters> static constexpr auto pick(void (*kernel)(Parameters...), int) { return kernel; }
    /* A kernel template whose arguments a call deduces: deduced from the arguments' types. */
    static constexpr auto pick(void (*kernel)(__decay(Arguments)...), long) { return kernel; }
};

template <auto Kernel> struct kernel_constant {
    static constexpr auto value = Kernel;
};

/* Where each parameter lies in the parameter buffer, its size and alignment. */
template <size_t Count> struct parameter_layout {
    size_t at[Count + 1];
    size_t size;
    size_t align;
};
template <class... Parameters> constexpr parameter_layout<sizeof...(Parameters)> layout_of() {
    parameter_layout<sizeof...(Parameters)> layout{};
    size_t end = 0, i = 0, align = 1;
    ((end = (end + alignof(Parameters) - 1) / alignof(Parameters) * alignof(Parameters), layout.at[i++] = end,
      end += sizeof(Parameters), align = align < alignof(Parameters) ? alignof(Parameters) : align),
     ...);
    layout.size = end;
    layout.align = align;
    return layout;
}

/* Copy-initializes the parameter from the argument (as passing it converts it) into `to`. */
template <class Parameter, class Argument> __host__ __device__ inline void store_argument(char *to, Argument &&argument) {
    Parameter value = static_cast<Argument &&>(argument);
    __builtin_memcpy(to, &value, sizeof(Parameter));
}

/* A configured launch of the kernel that `Kernel`'s call operator resolves from the arguments' types. */
template <class Kernel> struct configured_launch {
    dim3 grid, block;
    size_t shared;
    cudaStream_t stream;

    template <class... Arguments> __host__ __device__ void operator()(Arguments &&...arguments) const {
        launch(decltype(declared<Kernel>()(static_cast<Arguments &&>(arguments)...))::value,
               static_cast<Arguments &&>(arguments)...);
    }

    template <class... Parameters, class... Arguments>
    __host__ __device__ void launch(void (*kernel)(Parameters...), Arguments &&...arguments) const {
        static_assert(sizeof...(Parameters) == sizeof...(Arguments), "a kernel launch passes one argument per parameter");
        constexpr parameter_layout<sizeof...(Parameters)> layout = layout_of<Parameters...>();
        size_t i = 0;
#if defined(__CUDA_ARCH__)
        /* A failed launch is the launching thread's cudaGetLastError, as for `<<<>>>`. */
        char *buffer = static_cast<char *>(cudaGetParameterBuffer(layout.align, layout.size));
        if (!buffer) return;
        (store_argument<Parameters>(buffer + layout.at[i++], static_cast<Arguments &&>(arguments)), ...);
        cudaLaunchDevice((void *)kernel, buffer, grid, block, (unsigned int)shared, stream);
#else
        alignas(layout.align) char storage[layout.size + 1];
        void *pointers[sizeof...(Parameters) + 1];
        ((store_argument<Parameters>(storage + layout.at[i], static_cast<Arguments &&>(arguments)),
          pointers[i] = storage + layout.at[i], ++i),
         ...);
        cudaLaunchKernel((const void *)kernel, grid, block, pointers, shared, stream);
#endif
        (void)i;
    }
};

template <class Kernel> struct kernel_launcher {
    __host__ __device__ kernel_launcher(Kernel) {}
    /* The execution configuration, as `<<<grid, block, shared, stream>>>` takes it. */
    __host__ __device__ configured_launch<Kernel> operator()(dim3 grid, dim3 block, size_t shared = 0,
                                                             cudaStream_t stream = 0) const {
        return configured_launch<Kernel>{grid, block, shared, stream};
    }
};
} // namespace __cuprite_launch
#else
/* The launcher needs C++17 (nvcc's default, and cuprite nvcc's): before it, a device-side launch
 * is this undeclared name in clang's error. */
#define __cuprite_device_launch(...) __cuprite_device_side_launches_need_cxx17
#endif

#endif
