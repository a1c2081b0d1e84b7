//! CUDA 13.0's `cudaError_t`: every value, the name `cudaGetErrorName` returns and the string
//! `cudaGetErrorString` returns (taken from libcudart.so.13 of CUDA 13.0), and which errors are
//! sticky (they corrupt the context: every later call returns them).
//!
//! Generated from the real library's answers for every code; do not edit by hand.

use std::ffi::CStr;

/// A CUDA runtime error (`cudaError_t` without `cudaSuccess`). The discriminant is CUDA's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(i32)]
#[non_exhaustive]
pub enum Error {
    /// `cudaErrorInvalidValue` (1): "invalid argument".
    InvalidValue = 1,
    /// `cudaErrorMemoryAllocation` (2): "out of memory".
    MemoryAllocation = 2,
    /// `cudaErrorInitializationError` (3): "initialization error".
    InitializationError = 3,
    /// `cudaErrorCudartUnloading` (4): "driver shutting down".
    CudartUnloading = 4,
    /// `cudaErrorProfilerDisabled` (5): "profiler disabled while using external profiling tool".
    ProfilerDisabled = 5,
    /// `cudaErrorProfilerNotInitialized` (6): "profiler not initialized: call cudaProfilerInitialize()".
    ProfilerNotInitialized = 6,
    /// `cudaErrorProfilerAlreadyStarted` (7): "profiler already started".
    ProfilerAlreadyStarted = 7,
    /// `cudaErrorProfilerAlreadyStopped` (8): "profiler already stopped".
    ProfilerAlreadyStopped = 8,
    /// `cudaErrorInvalidConfiguration` (9): "invalid configuration argument".
    InvalidConfiguration = 9,
    /// `cudaErrorInvalidPitchValue` (12): "invalid pitch argument".
    InvalidPitchValue = 12,
    /// `cudaErrorInvalidSymbol` (13): "invalid device symbol".
    InvalidSymbol = 13,
    /// `cudaErrorInvalidHostPointer` (16): "invalid host pointer".
    InvalidHostPointer = 16,
    /// `cudaErrorInvalidDevicePointer` (17): "invalid device pointer".
    InvalidDevicePointer = 17,
    /// `cudaErrorInvalidTexture` (18): "invalid texture reference".
    InvalidTexture = 18,
    /// `cudaErrorInvalidTextureBinding` (19): "texture is not bound to a pointer".
    InvalidTextureBinding = 19,
    /// `cudaErrorInvalidChannelDescriptor` (20): "invalid channel descriptor".
    InvalidChannelDescriptor = 20,
    /// `cudaErrorInvalidMemcpyDirection` (21): "invalid copy direction for memcpy".
    InvalidMemcpyDirection = 21,
    /// `cudaErrorAddressOfConstant` (22): "invalid address of constant".
    AddressOfConstant = 22,
    /// `cudaErrorTextureFetchFailed` (23): "fetch from texture failed".
    TextureFetchFailed = 23,
    /// `cudaErrorTextureNotBound` (24): "cannot fetch from a texture that is not bound".
    TextureNotBound = 24,
    /// `cudaErrorSynchronizationError` (25): "incorrect use of __syncthreads()".
    SynchronizationError = 25,
    /// `cudaErrorInvalidFilterSetting` (26): "linear filtering not supported for non-float type".
    InvalidFilterSetting = 26,
    /// `cudaErrorInvalidNormSetting` (27): "read as normalized float not supported for data type".
    InvalidNormSetting = 27,
    /// `cudaErrorMixedDeviceExecution` (28): "device emulation mode and device execution mode cannot be mixed".
    MixedDeviceExecution = 28,
    /// `cudaErrorNotYetImplemented` (31): "feature not yet implemented".
    NotYetImplemented = 31,
    /// `cudaErrorMemoryValueTooLarge` (32): "memory size or pointer value too large to fit in 32 bit".
    MemoryValueTooLarge = 32,
    /// `cudaErrorStubLibrary` (34): "CUDA driver is a stub library".
    StubLibrary = 34,
    /// `cudaErrorInsufficientDriver` (35): "CUDA driver version is insufficient for CUDA runtime version".
    InsufficientDriver = 35,
    /// `cudaErrorCallRequiresNewerDriver` (36): "API call is not supported in the installed CUDA driver".
    CallRequiresNewerDriver = 36,
    /// `cudaErrorInvalidSurface` (37): "invalid surface reference".
    InvalidSurface = 37,
    /// `cudaErrorDuplicateVariableName` (43): "duplicate global variable looked up by string name".
    DuplicateVariableName = 43,
    /// `cudaErrorDuplicateTextureName` (44): "duplicate texture looked up by string name".
    DuplicateTextureName = 44,
    /// `cudaErrorDuplicateSurfaceName` (45): "duplicate surface looked up by string name".
    DuplicateSurfaceName = 45,
    /// `cudaErrorDevicesUnavailable` (46): "CUDA-capable device(s) is/are busy or unavailable".
    DevicesUnavailable = 46,
    /// `cudaErrorIncompatibleDriverContext` (49): "incompatible driver context".
    IncompatibleDriverContext = 49,
    /// `cudaErrorMissingConfiguration` (52): "__global__ function call is not configured".
    MissingConfiguration = 52,
    /// `cudaErrorPriorLaunchFailure` (53): "unspecified launch failure in prior launch".
    PriorLaunchFailure = 53,
    /// `cudaErrorLaunchMaxDepthExceeded` (65): "launch would exceed maximum depth of nested launches".
    LaunchMaxDepthExceeded = 65,
    /// `cudaErrorLaunchFileScopedTex` (66): "launch failed because kernel uses unsupported, file-scoped textures (texture objects are supported)".
    LaunchFileScopedTex = 66,
    /// `cudaErrorLaunchFileScopedSurf` (67): "launch failed because kernel uses unsupported, file-scoped surfaces (surface objects are supported)".
    LaunchFileScopedSurf = 67,
    /// `cudaErrorSyncDepthExceeded` (68): "cudaDeviceSynchronize failed because caller's grid depth exceeds cudaLimitDevRuntimeSyncDepth".
    SyncDepthExceeded = 68,
    /// `cudaErrorLaunchPendingCountExceeded` (69): "launch failed because launch would exceed cudaLimitDevRuntimePendingLaunchCount".
    LaunchPendingCountExceeded = 69,
    /// `cudaErrorInvalidDeviceFunction` (98): "invalid device function".
    InvalidDeviceFunction = 98,
    /// `cudaErrorNoDevice` (100): "no CUDA-capable device is detected".
    NoDevice = 100,
    /// `cudaErrorInvalidDevice` (101): "invalid device ordinal".
    InvalidDevice = 101,
    /// `cudaErrorDeviceNotLicensed` (102): "device doesn't have valid Grid license".
    DeviceNotLicensed = 102,
    /// `cudaErrorSoftwareValidityNotEstablished` (103): "integrity checks failed".
    SoftwareValidityNotEstablished = 103,
    /// `cudaErrorStartupFailure` (127): "startup failure in cuda runtime".
    StartupFailure = 127,
    /// `cudaErrorInvalidKernelImage` (200): "device kernel image is invalid".
    InvalidKernelImage = 200,
    /// `cudaErrorDeviceUninitialized` (201): "invalid device context".
    DeviceUninitialized = 201,
    /// `cudaErrorMapBufferObjectFailed` (205): "mapping of buffer object failed".
    MapBufferObjectFailed = 205,
    /// `cudaErrorUnmapBufferObjectFailed` (206): "unmapping of buffer object failed".
    UnmapBufferObjectFailed = 206,
    /// `cudaErrorArrayIsMapped` (207): "array is mapped".
    ArrayIsMapped = 207,
    /// `cudaErrorAlreadyMapped` (208): "resource already mapped".
    AlreadyMapped = 208,
    /// `cudaErrorNoKernelImageForDevice` (209): "no kernel image is available for execution on the device".
    NoKernelImageForDevice = 209,
    /// `cudaErrorAlreadyAcquired` (210): "resource already acquired".
    AlreadyAcquired = 210,
    /// `cudaErrorNotMapped` (211): "resource not mapped".
    NotMapped = 211,
    /// `cudaErrorNotMappedAsArray` (212): "resource not mapped as array".
    NotMappedAsArray = 212,
    /// `cudaErrorNotMappedAsPointer` (213): "resource not mapped as pointer".
    NotMappedAsPointer = 213,
    /// `cudaErrorECCUncorrectable` (214): "uncorrectable ECC error encountered".
    ECCUncorrectable = 214,
    /// `cudaErrorUnsupportedLimit` (215): "limit is not supported on this architecture".
    UnsupportedLimit = 215,
    /// `cudaErrorDeviceAlreadyInUse` (216): "exclusive-thread device already in use by a different thread".
    DeviceAlreadyInUse = 216,
    /// `cudaErrorPeerAccessUnsupported` (217): "peer access is not supported between these two devices".
    PeerAccessUnsupported = 217,
    /// `cudaErrorInvalidPtx` (218): "a PTX JIT compilation failed".
    InvalidPtx = 218,
    /// `cudaErrorInvalidGraphicsContext` (219): "invalid OpenGL or DirectX context".
    InvalidGraphicsContext = 219,
    /// `cudaErrorNvlinkUncorrectable` (220): "uncorrectable NVLink error detected during the execution".
    NvlinkUncorrectable = 220,
    /// `cudaErrorJitCompilerNotFound` (221): "PTX JIT compiler library not found".
    JitCompilerNotFound = 221,
    /// `cudaErrorUnsupportedPtxVersion` (222): "the provided PTX was compiled with an unsupported toolchain.".
    UnsupportedPtxVersion = 222,
    /// `cudaErrorJitCompilationDisabled` (223): "PTX JIT compilation was disabled".
    JitCompilationDisabled = 223,
    /// `cudaErrorUnsupportedExecAffinity` (224): "the provided execution affinity is not supported".
    UnsupportedExecAffinity = 224,
    /// `cudaErrorUnsupportedDevSideSync` (225): "the provided PTX contains unsupported call to cudaDeviceSynchronize".
    UnsupportedDevSideSync = 225,
    /// `cudaErrorContained` (226): "Invalid access of peer GPU memory over nvlink or a hardware error".
    Contained = 226,
    /// `cudaErrorInvalidSource` (300): "device kernel image is invalid".
    InvalidSource = 300,
    /// `cudaErrorFileNotFound` (301): "file not found".
    FileNotFound = 301,
    /// `cudaErrorSharedObjectSymbolNotFound` (302): "shared object symbol not found".
    SharedObjectSymbolNotFound = 302,
    /// `cudaErrorSharedObjectInitFailed` (303): "shared object initialization failed".
    SharedObjectInitFailed = 303,
    /// `cudaErrorOperatingSystem` (304): "OS call failed or operation not supported on this OS".
    OperatingSystem = 304,
    /// `cudaErrorInvalidResourceHandle` (400): "invalid resource handle".
    InvalidResourceHandle = 400,
    /// `cudaErrorIllegalState` (401): "the operation cannot be performed in the present state".
    IllegalState = 401,
    /// `cudaErrorLossyQuery` (402): "attempted introspection would be semantically lossy".
    LossyQuery = 402,
    /// `cudaErrorSymbolNotFound` (500): "named symbol not found".
    SymbolNotFound = 500,
    /// `cudaErrorNotReady` (600): "device not ready".
    NotReady = 600,
    /// `cudaErrorIllegalAddress` (700): "an illegal memory access was encountered".
    IllegalAddress = 700,
    /// `cudaErrorLaunchOutOfResources` (701): "too many resources requested for launch".
    LaunchOutOfResources = 701,
    /// `cudaErrorLaunchTimeout` (702): "the launch timed out and was terminated".
    LaunchTimeout = 702,
    /// `cudaErrorLaunchIncompatibleTexturing` (703): "launch uses incompatible texturing mode".
    LaunchIncompatibleTexturing = 703,
    /// `cudaErrorPeerAccessAlreadyEnabled` (704): "peer access is already enabled".
    PeerAccessAlreadyEnabled = 704,
    /// `cudaErrorPeerAccessNotEnabled` (705): "peer access has not been enabled".
    PeerAccessNotEnabled = 705,
    /// `cudaErrorSetOnActiveProcess` (708): "cannot set while device is active in this process".
    SetOnActiveProcess = 708,
    /// `cudaErrorContextIsDestroyed` (709): "context is destroyed".
    ContextIsDestroyed = 709,
    /// `cudaErrorAssert` (710): "device-side assert triggered".
    Assert = 710,
    /// `cudaErrorTooManyPeers` (711): "peer mapping resources exhausted".
    TooManyPeers = 711,
    /// `cudaErrorHostMemoryAlreadyRegistered` (712): "part or all of the requested memory range is already mapped".
    HostMemoryAlreadyRegistered = 712,
    /// `cudaErrorHostMemoryNotRegistered` (713): "pointer does not correspond to a registered memory region".
    HostMemoryNotRegistered = 713,
    /// `cudaErrorHardwareStackError` (714): "hardware stack error".
    HardwareStackError = 714,
    /// `cudaErrorIllegalInstruction` (715): "an illegal instruction was encountered".
    IllegalInstruction = 715,
    /// `cudaErrorMisalignedAddress` (716): "misaligned address".
    MisalignedAddress = 716,
    /// `cudaErrorInvalidAddressSpace` (717): "operation not supported on global/shared address space".
    InvalidAddressSpace = 717,
    /// `cudaErrorInvalidPc` (718): "invalid program counter".
    InvalidPc = 718,
    /// `cudaErrorLaunchFailure` (719): "unspecified launch failure".
    LaunchFailure = 719,
    /// `cudaErrorCooperativeLaunchTooLarge` (720): "too many blocks in cooperative launch".
    CooperativeLaunchTooLarge = 720,
    /// `cudaErrorTensorMemoryLeak` (721): "tensor memory not completely freed".
    TensorMemoryLeak = 721,
    /// `cudaErrorNotPermitted` (800): "operation not permitted".
    NotPermitted = 800,
    /// `cudaErrorNotSupported` (801): "operation not supported".
    NotSupported = 801,
    /// `cudaErrorSystemNotReady` (802): "system not yet initialized".
    SystemNotReady = 802,
    /// `cudaErrorSystemDriverMismatch` (803): "system has unsupported display driver / cuda driver combination".
    SystemDriverMismatch = 803,
    /// `cudaErrorCompatNotSupportedOnDevice` (804): "forward compatibility was attempted on non supported HW".
    CompatNotSupportedOnDevice = 804,
    /// `cudaErrorMpsConnectionFailed` (805): "MPS client failed to connect to the MPS control daemon or the MPS server".
    MpsConnectionFailed = 805,
    /// `cudaErrorMpsRpcFailure` (806): "the remote procedural call between the MPS server and the MPS client failed".
    MpsRpcFailure = 806,
    /// `cudaErrorMpsServerNotReady` (807): "MPS server is not ready to accept new MPS client requests".
    MpsServerNotReady = 807,
    /// `cudaErrorMpsMaxClientsReached` (808): "the hardware resources required to create MPS client have been exhausted".
    MpsMaxClientsReached = 808,
    /// `cudaErrorMpsMaxConnectionsReached` (809): "the hardware resources required to support device connections have been exhausted".
    MpsMaxConnectionsReached = 809,
    /// `cudaErrorMpsClientTerminated` (810): "the MPS client has been terminated by the server".
    MpsClientTerminated = 810,
    /// `cudaErrorCdpNotSupported` (811): "is using CUDA Dynamic Parallelism, but the current configuration, like MPS, does not support it".
    CdpNotSupported = 811,
    /// `cudaErrorCdpVersionMismatch` (812): "unsupported interaction between different versions of CUDA Dynamic Parallelism".
    CdpVersionMismatch = 812,
    /// `cudaErrorStreamCaptureUnsupported` (900): "operation not permitted when stream is capturing".
    StreamCaptureUnsupported = 900,
    /// `cudaErrorStreamCaptureInvalidated` (901): "operation failed due to a previous error during capture".
    StreamCaptureInvalidated = 901,
    /// `cudaErrorStreamCaptureMerge` (902): "operation would result in a merge of separate capture sequences".
    StreamCaptureMerge = 902,
    /// `cudaErrorStreamCaptureUnmatched` (903): "capture was not ended in the same stream as it began".
    StreamCaptureUnmatched = 903,
    /// `cudaErrorStreamCaptureUnjoined` (904): "capturing stream has unjoined work".
    StreamCaptureUnjoined = 904,
    /// `cudaErrorStreamCaptureIsolation` (905): "dependency created on uncaptured work in another stream".
    StreamCaptureIsolation = 905,
    /// `cudaErrorStreamCaptureImplicit` (906): "operation would make the legacy stream depend on a capturing blocking stream".
    StreamCaptureImplicit = 906,
    /// `cudaErrorCapturedEvent` (907): "operation not permitted on an event last recorded in a capturing stream".
    CapturedEvent = 907,
    /// `cudaErrorStreamCaptureWrongThread` (908): "attempt to terminate a thread-local capture sequence from another thread".
    StreamCaptureWrongThread = 908,
    /// `cudaErrorTimeout` (909): "wait operation timed out".
    Timeout = 909,
    /// `cudaErrorGraphExecUpdateFailure` (910): "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update".
    GraphExecUpdateFailure = 910,
    /// `cudaErrorExternalDevice` (911): "an async error has occured in external entity outside of CUDA".
    ExternalDevice = 911,
    /// `cudaErrorInvalidClusterSize` (912): "a kernel launch error has occurred due to cluster misconfiguration".
    InvalidClusterSize = 912,
    /// `cudaErrorFunctionNotLoaded` (913): "the function handle is not loaded when calling an API that requires a loaded function".
    FunctionNotLoaded = 913,
    /// `cudaErrorInvalidResourceType` (914): "one or more resources passed in are not valid resource types for the operation".
    InvalidResourceType = 914,
    /// `cudaErrorInvalidResourceConfiguration` (915): "one or more resources are insufficient or non-applicable for the operation".
    InvalidResourceConfiguration = 915,
    /// `cudaErrorUnknown` (999): "unknown error".
    Unknown = 999,
    /// `cudaErrorApiFailureBase` (10000): "api failure base".
    ApiFailureBase = 10000,
}

/// `(code, name, string)` for every code the CUDA 13.0 runtime knows, `cudaSuccess` included.
const TABLE: &[(i32, &CStr, &CStr)] = &[
    (0, c"cudaSuccess", c"no error"),
    (1, c"cudaErrorInvalidValue", c"invalid argument"),
    (2, c"cudaErrorMemoryAllocation", c"out of memory"),
    (3, c"cudaErrorInitializationError", c"initialization error"),
    (4, c"cudaErrorCudartUnloading", c"driver shutting down"),
    (5, c"cudaErrorProfilerDisabled", c"profiler disabled while using external profiling tool"),
    (6, c"cudaErrorProfilerNotInitialized", c"profiler not initialized: call cudaProfilerInitialize()"),
    (7, c"cudaErrorProfilerAlreadyStarted", c"profiler already started"),
    (8, c"cudaErrorProfilerAlreadyStopped", c"profiler already stopped"),
    (9, c"cudaErrorInvalidConfiguration", c"invalid configuration argument"),
    (12, c"cudaErrorInvalidPitchValue", c"invalid pitch argument"),
    (13, c"cudaErrorInvalidSymbol", c"invalid device symbol"),
    (16, c"cudaErrorInvalidHostPointer", c"invalid host pointer"),
    (17, c"cudaErrorInvalidDevicePointer", c"invalid device pointer"),
    (18, c"cudaErrorInvalidTexture", c"invalid texture reference"),
    (19, c"cudaErrorInvalidTextureBinding", c"texture is not bound to a pointer"),
    (20, c"cudaErrorInvalidChannelDescriptor", c"invalid channel descriptor"),
    (21, c"cudaErrorInvalidMemcpyDirection", c"invalid copy direction for memcpy"),
    (22, c"cudaErrorAddressOfConstant", c"invalid address of constant"),
    (23, c"cudaErrorTextureFetchFailed", c"fetch from texture failed"),
    (24, c"cudaErrorTextureNotBound", c"cannot fetch from a texture that is not bound"),
    (25, c"cudaErrorSynchronizationError", c"incorrect use of __syncthreads()"),
    (26, c"cudaErrorInvalidFilterSetting", c"linear filtering not supported for non-float type"),
    (27, c"cudaErrorInvalidNormSetting", c"read as normalized float not supported for data type"),
    (28, c"cudaErrorMixedDeviceExecution", c"device emulation mode and device execution mode cannot be mixed"),
    (31, c"cudaErrorNotYetImplemented", c"feature not yet implemented"),
    (32, c"cudaErrorMemoryValueTooLarge", c"memory size or pointer value too large to fit in 32 bit"),
    (34, c"cudaErrorStubLibrary", c"CUDA driver is a stub library"),
    (35, c"cudaErrorInsufficientDriver", c"CUDA driver version is insufficient for CUDA runtime version"),
    (36, c"cudaErrorCallRequiresNewerDriver", c"API call is not supported in the installed CUDA driver"),
    (37, c"cudaErrorInvalidSurface", c"invalid surface reference"),
    (43, c"cudaErrorDuplicateVariableName", c"duplicate global variable looked up by string name"),
    (44, c"cudaErrorDuplicateTextureName", c"duplicate texture looked up by string name"),
    (45, c"cudaErrorDuplicateSurfaceName", c"duplicate surface looked up by string name"),
    (46, c"cudaErrorDevicesUnavailable", c"CUDA-capable device(s) is/are busy or unavailable"),
    (49, c"cudaErrorIncompatibleDriverContext", c"incompatible driver context"),
    (52, c"cudaErrorMissingConfiguration", c"__global__ function call is not configured"),
    (53, c"cudaErrorPriorLaunchFailure", c"unspecified launch failure in prior launch"),
    (65, c"cudaErrorLaunchMaxDepthExceeded", c"launch would exceed maximum depth of nested launches"),
    (66, c"cudaErrorLaunchFileScopedTex", c"launch failed because kernel uses unsupported, file-scoped textures (texture objects are supported)"),
    (67, c"cudaErrorLaunchFileScopedSurf", c"launch failed because kernel uses unsupported, file-scoped surfaces (surface objects are supported)"),
    (68, c"cudaErrorSyncDepthExceeded", c"cudaDeviceSynchronize failed because caller's grid depth exceeds cudaLimitDevRuntimeSyncDepth"),
    (69, c"cudaErrorLaunchPendingCountExceeded", c"launch failed because launch would exceed cudaLimitDevRuntimePendingLaunchCount"),
    (98, c"cudaErrorInvalidDeviceFunction", c"invalid device function"),
    (100, c"cudaErrorNoDevice", c"no CUDA-capable device is detected"),
    (101, c"cudaErrorInvalidDevice", c"invalid device ordinal"),
    (102, c"cudaErrorDeviceNotLicensed", c"device doesn't have valid Grid license"),
    (103, c"cudaErrorSoftwareValidityNotEstablished", c"integrity checks failed"),
    (127, c"cudaErrorStartupFailure", c"startup failure in cuda runtime"),
    (200, c"cudaErrorInvalidKernelImage", c"device kernel image is invalid"),
    (201, c"cudaErrorDeviceUninitialized", c"invalid device context"),
    (205, c"cudaErrorMapBufferObjectFailed", c"mapping of buffer object failed"),
    (206, c"cudaErrorUnmapBufferObjectFailed", c"unmapping of buffer object failed"),
    (207, c"cudaErrorArrayIsMapped", c"array is mapped"),
    (208, c"cudaErrorAlreadyMapped", c"resource already mapped"),
    (209, c"cudaErrorNoKernelImageForDevice", c"no kernel image is available for execution on the device"),
    (210, c"cudaErrorAlreadyAcquired", c"resource already acquired"),
    (211, c"cudaErrorNotMapped", c"resource not mapped"),
    (212, c"cudaErrorNotMappedAsArray", c"resource not mapped as array"),
    (213, c"cudaErrorNotMappedAsPointer", c"resource not mapped as pointer"),
    (214, c"cudaErrorECCUncorrectable", c"uncorrectable ECC error encountered"),
    (215, c"cudaErrorUnsupportedLimit", c"limit is not supported on this architecture"),
    (216, c"cudaErrorDeviceAlreadyInUse", c"exclusive-thread device already in use by a different thread"),
    (217, c"cudaErrorPeerAccessUnsupported", c"peer access is not supported between these two devices"),
    (218, c"cudaErrorInvalidPtx", c"a PTX JIT compilation failed"),
    (219, c"cudaErrorInvalidGraphicsContext", c"invalid OpenGL or DirectX context"),
    (220, c"cudaErrorNvlinkUncorrectable", c"uncorrectable NVLink error detected during the execution"),
    (221, c"cudaErrorJitCompilerNotFound", c"PTX JIT compiler library not found"),
    (222, c"cudaErrorUnsupportedPtxVersion", c"the provided PTX was compiled with an unsupported toolchain."),
    (223, c"cudaErrorJitCompilationDisabled", c"PTX JIT compilation was disabled"),
    (224, c"cudaErrorUnsupportedExecAffinity", c"the provided execution affinity is not supported"),
    (225, c"cudaErrorUnsupportedDevSideSync", c"the provided PTX contains unsupported call to cudaDeviceSynchronize"),
    (226, c"cudaErrorContained", c"Invalid access of peer GPU memory over nvlink or a hardware error"),
    (300, c"cudaErrorInvalidSource", c"device kernel image is invalid"),
    (301, c"cudaErrorFileNotFound", c"file not found"),
    (302, c"cudaErrorSharedObjectSymbolNotFound", c"shared object symbol not found"),
    (303, c"cudaErrorSharedObjectInitFailed", c"shared object initialization failed"),
    (304, c"cudaErrorOperatingSystem", c"OS call failed or operation not supported on this OS"),
    (400, c"cudaErrorInvalidResourceHandle", c"invalid resource handle"),
    (401, c"cudaErrorIllegalState", c"the operation cannot be performed in the present state"),
    (402, c"cudaErrorLossyQuery", c"attempted introspection would be semantically lossy"),
    (500, c"cudaErrorSymbolNotFound", c"named symbol not found"),
    (600, c"cudaErrorNotReady", c"device not ready"),
    (700, c"cudaErrorIllegalAddress", c"an illegal memory access was encountered"),
    (701, c"cudaErrorLaunchOutOfResources", c"too many resources requested for launch"),
    (702, c"cudaErrorLaunchTimeout", c"the launch timed out and was terminated"),
    (703, c"cudaErrorLaunchIncompatibleTexturing", c"launch uses incompatible texturing mode"),
    (704, c"cudaErrorPeerAccessAlreadyEnabled", c"peer access is already enabled"),
    (705, c"cudaErrorPeerAccessNotEnabled", c"peer access has not been enabled"),
    (708, c"cudaErrorSetOnActiveProcess", c"cannot set while device is active in this process"),
    (709, c"cudaErrorContextIsDestroyed", c"context is destroyed"),
    (710, c"cudaErrorAssert", c"device-side assert triggered"),
    (711, c"cudaErrorTooManyPeers", c"peer mapping resources exhausted"),
    (712, c"cudaErrorHostMemoryAlreadyRegistered", c"part or all of the requested memory range is already mapped"),
    (713, c"cudaErrorHostMemoryNotRegistered", c"pointer does not correspond to a registered memory region"),
    (714, c"cudaErrorHardwareStackError", c"hardware stack error"),
    (715, c"cudaErrorIllegalInstruction", c"an illegal instruction was encountered"),
    (716, c"cudaErrorMisalignedAddress", c"misaligned address"),
    (717, c"cudaErrorInvalidAddressSpace", c"operation not supported on global/shared address space"),
    (718, c"cudaErrorInvalidPc", c"invalid program counter"),
    (719, c"cudaErrorLaunchFailure", c"unspecified launch failure"),
    (720, c"cudaErrorCooperativeLaunchTooLarge", c"too many blocks in cooperative launch"),
    (721, c"cudaErrorTensorMemoryLeak", c"tensor memory not completely freed"),
    (800, c"cudaErrorNotPermitted", c"operation not permitted"),
    (801, c"cudaErrorNotSupported", c"operation not supported"),
    (802, c"cudaErrorSystemNotReady", c"system not yet initialized"),
    (803, c"cudaErrorSystemDriverMismatch", c"system has unsupported display driver / cuda driver combination"),
    (804, c"cudaErrorCompatNotSupportedOnDevice", c"forward compatibility was attempted on non supported HW"),
    (805, c"cudaErrorMpsConnectionFailed", c"MPS client failed to connect to the MPS control daemon or the MPS server"),
    (806, c"cudaErrorMpsRpcFailure", c"the remote procedural call between the MPS server and the MPS client failed"),
    (807, c"cudaErrorMpsServerNotReady", c"MPS server is not ready to accept new MPS client requests"),
    (808, c"cudaErrorMpsMaxClientsReached", c"the hardware resources required to create MPS client have been exhausted"),
    (809, c"cudaErrorMpsMaxConnectionsReached", c"the hardware resources required to support device connections have been exhausted"),
    (810, c"cudaErrorMpsClientTerminated", c"the MPS client has been terminated by the server"),
    (811, c"cudaErrorCdpNotSupported", c"is using CUDA Dynamic Parallelism, but the current configuration, like MPS, does not support it"),
    (812, c"cudaErrorCdpVersionMismatch", c"unsupported interaction between different versions of CUDA Dynamic Parallelism"),
    (900, c"cudaErrorStreamCaptureUnsupported", c"operation not permitted when stream is capturing"),
    (901, c"cudaErrorStreamCaptureInvalidated", c"operation failed due to a previous error during capture"),
    (902, c"cudaErrorStreamCaptureMerge", c"operation would result in a merge of separate capture sequences"),
    (903, c"cudaErrorStreamCaptureUnmatched", c"capture was not ended in the same stream as it began"),
    (904, c"cudaErrorStreamCaptureUnjoined", c"capturing stream has unjoined work"),
    (905, c"cudaErrorStreamCaptureIsolation", c"dependency created on uncaptured work in another stream"),
    (906, c"cudaErrorStreamCaptureImplicit", c"operation would make the legacy stream depend on a capturing blocking stream"),
    (907, c"cudaErrorCapturedEvent", c"operation not permitted on an event last recorded in a capturing stream"),
    (908, c"cudaErrorStreamCaptureWrongThread", c"attempt to terminate a thread-local capture sequence from another thread"),
    (909, c"cudaErrorTimeout", c"wait operation timed out"),
    (910, c"cudaErrorGraphExecUpdateFailure", c"the graph update was not performed because it included changes which violated constraints specific to instantiated graph update"),
    (911, c"cudaErrorExternalDevice", c"an async error has occured in external entity outside of CUDA"),
    (912, c"cudaErrorInvalidClusterSize", c"a kernel launch error has occurred due to cluster misconfiguration"),
    (913, c"cudaErrorFunctionNotLoaded", c"the function handle is not loaded when calling an API that requires a loaded function"),
    (914, c"cudaErrorInvalidResourceType", c"one or more resources passed in are not valid resource types for the operation"),
    (915, c"cudaErrorInvalidResourceConfiguration", c"one or more resources are insufficient or non-applicable for the operation"),
    (999, c"cudaErrorUnknown", c"unknown error"),
    (10000, c"cudaErrorApiFailureBase", c"api failure base"),
];

impl Error {
    /// Every error, in code order.
    pub const ALL: &[Error] = &[
        Error::InvalidValue,
        Error::MemoryAllocation,
        Error::InitializationError,
        Error::CudartUnloading,
        Error::ProfilerDisabled,
        Error::ProfilerNotInitialized,
        Error::ProfilerAlreadyStarted,
        Error::ProfilerAlreadyStopped,
        Error::InvalidConfiguration,
        Error::InvalidPitchValue,
        Error::InvalidSymbol,
        Error::InvalidHostPointer,
        Error::InvalidDevicePointer,
        Error::InvalidTexture,
        Error::InvalidTextureBinding,
        Error::InvalidChannelDescriptor,
        Error::InvalidMemcpyDirection,
        Error::AddressOfConstant,
        Error::TextureFetchFailed,
        Error::TextureNotBound,
        Error::SynchronizationError,
        Error::InvalidFilterSetting,
        Error::InvalidNormSetting,
        Error::MixedDeviceExecution,
        Error::NotYetImplemented,
        Error::MemoryValueTooLarge,
        Error::StubLibrary,
        Error::InsufficientDriver,
        Error::CallRequiresNewerDriver,
        Error::InvalidSurface,
        Error::DuplicateVariableName,
        Error::DuplicateTextureName,
        Error::DuplicateSurfaceName,
        Error::DevicesUnavailable,
        Error::IncompatibleDriverContext,
        Error::MissingConfiguration,
        Error::PriorLaunchFailure,
        Error::LaunchMaxDepthExceeded,
        Error::LaunchFileScopedTex,
        Error::LaunchFileScopedSurf,
        Error::SyncDepthExceeded,
        Error::LaunchPendingCountExceeded,
        Error::InvalidDeviceFunction,
        Error::NoDevice,
        Error::InvalidDevice,
        Error::DeviceNotLicensed,
        Error::SoftwareValidityNotEstablished,
        Error::StartupFailure,
        Error::InvalidKernelImage,
        Error::DeviceUninitialized,
        Error::MapBufferObjectFailed,
        Error::UnmapBufferObjectFailed,
        Error::ArrayIsMapped,
        Error::AlreadyMapped,
        Error::NoKernelImageForDevice,
        Error::AlreadyAcquired,
        Error::NotMapped,
        Error::NotMappedAsArray,
        Error::NotMappedAsPointer,
        Error::ECCUncorrectable,
        Error::UnsupportedLimit,
        Error::DeviceAlreadyInUse,
        Error::PeerAccessUnsupported,
        Error::InvalidPtx,
        Error::InvalidGraphicsContext,
        Error::NvlinkUncorrectable,
        Error::JitCompilerNotFound,
        Error::UnsupportedPtxVersion,
        Error::JitCompilationDisabled,
        Error::UnsupportedExecAffinity,
        Error::UnsupportedDevSideSync,
        Error::Contained,
        Error::InvalidSource,
        Error::FileNotFound,
        Error::SharedObjectSymbolNotFound,
        Error::SharedObjectInitFailed,
        Error::OperatingSystem,
        Error::InvalidResourceHandle,
        Error::IllegalState,
        Error::LossyQuery,
        Error::SymbolNotFound,
        Error::NotReady,
        Error::IllegalAddress,
        Error::LaunchOutOfResources,
        Error::LaunchTimeout,
        Error::LaunchIncompatibleTexturing,
        Error::PeerAccessAlreadyEnabled,
        Error::PeerAccessNotEnabled,
        Error::SetOnActiveProcess,
        Error::ContextIsDestroyed,
        Error::Assert,
        Error::TooManyPeers,
        Error::HostMemoryAlreadyRegistered,
        Error::HostMemoryNotRegistered,
        Error::HardwareStackError,
        Error::IllegalInstruction,
        Error::MisalignedAddress,
        Error::InvalidAddressSpace,
        Error::InvalidPc,
        Error::LaunchFailure,
        Error::CooperativeLaunchTooLarge,
        Error::TensorMemoryLeak,
        Error::NotPermitted,
        Error::NotSupported,
        Error::SystemNotReady,
        Error::SystemDriverMismatch,
        Error::CompatNotSupportedOnDevice,
        Error::MpsConnectionFailed,
        Error::MpsRpcFailure,
        Error::MpsServerNotReady,
        Error::MpsMaxClientsReached,
        Error::MpsMaxConnectionsReached,
        Error::MpsClientTerminated,
        Error::CdpNotSupported,
        Error::CdpVersionMismatch,
        Error::StreamCaptureUnsupported,
        Error::StreamCaptureInvalidated,
        Error::StreamCaptureMerge,
        Error::StreamCaptureUnmatched,
        Error::StreamCaptureUnjoined,
        Error::StreamCaptureIsolation,
        Error::StreamCaptureImplicit,
        Error::CapturedEvent,
        Error::StreamCaptureWrongThread,
        Error::Timeout,
        Error::GraphExecUpdateFailure,
        Error::ExternalDevice,
        Error::InvalidClusterSize,
        Error::FunctionNotLoaded,
        Error::InvalidResourceType,
        Error::InvalidResourceConfiguration,
        Error::Unknown,
        Error::ApiFailureBase,
    ];

    /// CUDA's numeric value.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// The error with CUDA value `code` (`None` for 0 and unknown values).
    pub fn from_code(code: i32) -> Option<Error> {
        Error::ALL.iter().copied().find(|e| e.code() == code)
    }

    /// What `cudaGetErrorName` returns, e.g. `cudaErrorInvalidValue`.
    pub fn name(self) -> &'static str {
        error_name_c(self.code()).to_str().unwrap_or("")
    }

    /// What `cudaGetErrorString` returns, e.g. `invalid argument`.
    pub fn description(self) -> &'static str {
        error_string_c(self.code()).to_str().unwrap_or("")
    }

    /// Whether the error is sticky: it leaves the context unusable, and every later runtime call
    /// returns it (CUDA documents these as leaving "the process in an inconsistent state").
    pub fn is_sticky(self) -> bool {
        matches!(
            self,
            Error::Contained
                | Error::IllegalAddress
                | Error::LaunchTimeout
                | Error::Assert
                | Error::HardwareStackError
                | Error::IllegalInstruction
                | Error::MisalignedAddress
                | Error::InvalidAddressSpace
                | Error::InvalidPc
                | Error::LaunchFailure
                | Error::TensorMemoryLeak
                | Error::ExternalDevice
        )
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.name(), self.code(), self.description())
    }
}

impl std::error::Error for Error {}

/// `cudaGetErrorName(code)`: `"unrecognized error code"` for unknown values, as CUDA answers.
pub fn error_name_c(code: i32) -> &'static CStr {
    TABLE.iter().find(|t| t.0 == code).map_or(c"unrecognized error code", |t| t.1)
}

/// `cudaGetErrorString(code)`: `"unrecognized error code"` for unknown values, as CUDA answers.
pub fn error_string_c(code: i32) -> &'static CStr {
    TABLE.iter().find(|t| t.0 == code).map_or(c"unrecognized error code", |t| t.2)
}

/// The `cudaError_t` value of a result: 0 for success.
pub fn code_of<T>(r: &Result<T, Error>) -> i32 {
    match r {
        Ok(_) => 0,
        Err(e) => e.code(),
    }
}

/// Results of runtime calls.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_strings() {
        assert_eq!(Error::InvalidValue.code(), 1);
        assert_eq!(Error::InvalidConfiguration.code(), 9);
        assert_eq!(Error::IllegalAddress.code(), 700);
        assert_eq!(Error::NotSupported.code(), 801);
        assert_eq!(Error::InvalidValue.description(), "invalid argument");
        assert_eq!(error_name_c(0).to_str().ok(), Some("cudaSuccess"));
        assert_eq!(error_string_c(0).to_str().ok(), Some("no error"));
        assert_eq!(error_string_c(123456).to_str().ok(), Some("unrecognized error code"));
        assert!(Error::IllegalAddress.is_sticky());
        assert!(!Error::InvalidConfiguration.is_sticky());
        for e in Error::ALL {
            assert_eq!(Error::from_code(e.code()), Some(*e));
        }
    }
}
