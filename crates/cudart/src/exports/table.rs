//! Every symbol `libcudart.so.13` exports, once (the grammar is `entry_points!`'s, in
//! `exports.rs`): grouped by the module that implements them, one module per section of the
//! CUDA Runtime API reference, with their C arguments.
//!
//! `per_thread X_ptsz` / `per_thread X_ptds` names the per-thread default stream variant of an
//! entry point (`src/default_stream.rs`): a program compiled with `--default-stream
//! per-thread` calls it instead (nvcc's headers rename the calls); in it stream handle 0 is
//! `cudaStreamPerThread` (`_ptsz`, for calls that take a stream) and synchronous work is
//! ordered on the per-thread stream (`_ptds`, for calls that do not). A variant of CUDA 13.0's
//! list not named here is among the symbols not implemented yet, at the end.

use std::ffi::{c_char, c_void};

use runtime::array::{ArrayAt, ChannelDesc};
use runtime::memory::{MemLocation, MemPoolProps, On};
use runtime::stream::AttrValue;
use runtime::{device, memory};

use crate::api::device::IpcHandle;
use crate::api::execution::{HostFn, LaunchConfigC};
use crate::api::graph::EdgeData;
use crate::api::graph::exec::{InstantiateParams, UpdateResultInfo};
use crate::api::graph::memory::{MemAllocNodeParams, mem_free_kind};
use crate::api::graph::node::{
    GraphNodeParams, HostNodeParams, KernelNodeParams, MemsetParams, child_graph_kind, empty_kind, event_record_kind,
    event_wait_kind, host_kind, kernel_kind, memcpy_1d_kind, memcpy_kind, memset_kind, symbol_kind,
};
use crate::api::interop::EglFrame;
use crate::api::memory::array::{at, rows_of};
use crate::api::memory::pitched::{Extent, Memcpy3DParms, Memcpy3DPeerParms, PitchedPtr};
use crate::api::pool::MemAccessDesc;
use crate::api::stream::StreamCallback;
use crate::api::texture::{CResourceViewDesc, CTextureDesc, ResourceDesc};
use crate::args::{CStrArg, Dim3C, In, Out};
use crate::registration::SymbolCopy;
use crate::{stream, sync};

entry_points! {
    api::device {
        fn cudaGetDeviceCount(count: Out<i32>) -> i32;
        fn cudaSetDevice(dev: i32) -> i32;
        fn cudaGetDevice(dev: Out<i32>) -> i32;
        fn cudaGetDeviceProperties(prop: Out<device::DeviceProp>, dev: i32) -> i32;
        fn cudaDeviceGetAttribute(value: Out<i32>, attr: i32, dev: i32) -> i32;
        fn cudaChooseDevice(dev: Out<i32>, _prop: *const c_void) -> i32;
        fn cudaDeviceSynchronize() -> i32;
        fn cudaDeviceReset() -> i32;
        unsafe fn cudaDeviceGetStreamPriorityRange(least: *mut i32, greatest: *mut i32) -> i32;
        fn cudaDeviceSetLimit(limit: i32, value: usize) -> i32;
        fn cudaDeviceGetLimit(v: Out<usize>, limit: i32) -> i32;
        fn cudaSetDeviceFlags(flags: u32) -> i32;
        fn cudaGetDeviceFlags(flags: Out<u32>) -> i32;
        fn cudaDeviceSetCacheConfig(config: i32) -> i32;
        fn cudaDeviceGetCacheConfig(config: Out<i32>) -> i32;
        unsafe fn cudaDeviceGetPCIBusId(id: *mut c_char, len: i32, dev: i32) -> i32;
        fn cudaDeviceFlushGPUDirectRDMAWrites(target: i32, scope: i32) -> i32;
        fn cudaDeviceRegisterAsyncNotification(dev: i32, callback: *mut c_void, _user: *mut c_void,
            handle: Out<*mut c_void>) -> i32;
        fn cudaDeviceUnregisterAsyncNotification(dev: i32, handle: *mut c_void) -> i32;
        fn cudaDeviceGetByPCIBusId(dev: Out<i32>, id: CStrArg) -> i32;
        fn cudaIpcGetMemHandle(handle: Out<IpcHandle>, dev_ptr: *mut c_void) -> i32;
        fn cudaIpcOpenMemHandle(dev_ptr: Out<*mut c_void>, handle: IpcHandle, flags: u32) -> i32;
        fn cudaIpcCloseMemHandle(dev_ptr: *mut c_void) -> i32;
        fn cudaIpcGetEventHandle(handle: Out<IpcHandle>, event: *mut c_void) -> i32;
        fn cudaIpcOpenEventHandle(event: Out<*mut c_void>, handle: IpcHandle) -> i32;
        fn cudaDeviceGetDefaultMemPool(p: Out<*mut c_void>, device: i32) -> i32;
        fn cudaDeviceGetMemPool(p: Out<*mut c_void>, device: i32) -> i32;
        fn cudaDeviceSetMemPool(device: i32, pool: *mut c_void) -> i32;
        fn cudaDeviceSetSharedMemConfig(config: i32) -> i32;
        fn cudaDeviceGetSharedMemConfig(config: Out<i32>) -> i32;
        fn cudaDeviceGetP2PAttribute(value: Out<i32>, attr: i32, src: i32, dst: i32) -> i32;
        unsafe fn cudaDeviceGetHostAtomicCapabilities(caps: *mut u32, ops: *const i32, count: u32, dev: i32) -> i32;
        fn cudaDeviceGetP2PAtomicCapabilities(caps: *mut u32, ops: *const i32, count: u32, src: i32, dst: i32) -> i32;
        fn cudaInitDevice(dev: i32, device_flags: u32, flags: u32) -> i32;
        unsafe fn cudaSetValidDevices(list: *mut i32, len: i32) -> i32;
        unsafe fn cudaDeviceGetTexture1DLinearMaxWidth(width: Out<usize>, desc: *const ChannelDesc, dev: i32) -> i32;
    }
    api::error {
        fn cudaGetLastError() -> i32;
        fn cudaPeekAtLastError() -> i32;
        fn cudaGetErrorName(e: i32) -> *const c_char;
        fn cudaGetErrorString(e: i32) -> *const c_char;
    }
    api::stream {
        fn cudaStreamCreate(s: Out<*mut c_void>) -> i32 = cudaStreamCreateWithFlags(s, 0);
        fn cudaStreamCreateWithFlags(s: Out<*mut c_void>, flags: u32) -> i32;
        fn cudaStreamCreateWithPriority(s: Out<*mut c_void>, flags: u32, priority: i32) -> i32;
        fn cudaStreamDestroy(s: *mut c_void) -> i32;
        fn cudaStreamSynchronize(s: *mut c_void) -> i32, per_thread cudaStreamSynchronize_ptsz;
        fn cudaStreamQuery(s: *mut c_void) -> i32, per_thread cudaStreamQuery_ptsz;
        fn cudaStreamWaitEvent(s: *mut c_void, e: *mut c_void, _flags: u32) -> i32, per_thread cudaStreamWaitEvent_ptsz;
        fn cudaStreamGetFlags(s: *mut c_void, flags: Out<u32>) -> i32, per_thread cudaStreamGetFlags_ptsz;
        fn cudaStreamAddCallback(s: *mut c_void, cb: Option<StreamCallback>, data: *mut c_void, flags: u32) -> i32,
            per_thread cudaStreamAddCallback_ptsz;
        fn cudaStreamGetPriority(s: *mut c_void, p: Out<i32>) -> i32, per_thread cudaStreamGetPriority_ptsz;
        fn cudaStreamGetId(s: *mut c_void, id: Out<u64>) -> i32, per_thread cudaStreamGetId_ptsz;
        fn cudaStreamGetDevice(s: *mut c_void, dev: Out<i32>) -> i32, per_thread cudaStreamGetDevice_ptsz;
        fn cudaStreamBeginCapture(s: *mut c_void, mode: i32) -> i32, per_thread cudaStreamBeginCapture_ptsz;
        unsafe fn cudaStreamEndCapture(s: *mut c_void, g: *mut *mut c_void) -> i32,
            per_thread cudaStreamEndCapture_ptsz;
        fn cudaStreamIsCapturing(s: *mut c_void, st: Out<i32>) -> i32, per_thread cudaStreamIsCapturing_ptsz;
        fn cudaStreamGetCaptureInfo(s: *mut c_void, status: Out<i32>, id: Out<u64>, g: Out<*mut c_void>,
            deps: Out<*const *mut c_void>, edges: Out<*const c_void>, ndeps: Out<usize>) -> i32,
            per_thread cudaStreamGetCaptureInfo_ptsz;
        unsafe fn cudaThreadExchangeStreamCaptureMode(mode: *mut i32) -> i32;
        unsafe fn cudaStreamBeginCaptureToGraph(s: *mut c_void, g: *mut c_void, deps: *const *mut c_void,
            edges: *const EdgeData, n: usize, mode: i32) -> i32, per_thread cudaStreamBeginCaptureToGraph_ptsz;
        unsafe fn cudaStreamUpdateCaptureDependencies(s: *mut c_void, deps: *const *mut c_void, edges: *const EdgeData,
            n: usize, flags: u32) -> i32, per_thread cudaStreamUpdateCaptureDependencies_ptsz;
        fn cudaStreamAttachMemAsync(stream: *mut c_void, ptr: *mut c_void, length: usize, flags: u32) -> i32,
            per_thread cudaStreamAttachMemAsync_ptsz;
        fn cudaCtxResetPersistingL2Cache() -> i32;
        unsafe fn cudaStreamSetAttribute(s: *mut c_void, id: i32, v: *const AttrValue) -> i32,
            per_thread cudaStreamSetAttribute_ptsz;
        fn cudaStreamGetAttribute(s: *mut c_void, id: i32, v: Out<AttrValue>) -> i32,
            per_thread cudaStreamGetAttribute_ptsz;
        fn cudaStreamCopyAttributes(dst: *mut c_void, src: *mut c_void) -> i32,
            per_thread cudaStreamCopyAttributes_ptsz;
    }
    api::event {
        fn cudaEventCreate(e: Out<*mut c_void>) -> i32 = cudaEventCreateWithFlags(e, 0);
        fn cudaEventCreateWithFlags(e: Out<*mut c_void>, flags: u32) -> i32;
        fn cudaEventRecord(e: *mut c_void, s: *mut c_void) -> i32 = cudaEventRecordWithFlags(e, s, 0),
            per_thread cudaEventRecord_ptsz;
        fn cudaEventRecordWithFlags(e: *mut c_void, s: *mut c_void, flags: u32) -> i32,
            per_thread cudaEventRecordWithFlags_ptsz;
        fn cudaEventSynchronize(e: *mut c_void) -> i32;
        fn cudaEventQuery(e: *mut c_void) -> i32;
        fn cudaEventElapsedTime(ms: Out<f32>, start: *mut c_void, end: *mut c_void) -> i32;
        fn cudaEventDestroy(e: *mut c_void) -> i32;
    }
    api::execution {
        fn cudaLaunchHostFunc(s: *mut c_void, f: Option<HostFn>, data: *mut c_void) -> i32,
            per_thread cudaLaunchHostFunc_ptsz;
        unsafe fn cudaLaunchKernelExC(config: *const LaunchConfigC, func: *const c_void, args: *mut *mut c_void) -> i32,
            per_thread cudaLaunchKernelExC_ptsz;
        unsafe fn cudaLaunchCooperativeKernel(func: *const c_void, grid: Dim3C, block: Dim3C, args: *mut *mut c_void,
            shared: usize, stream: *mut c_void) -> i32, per_thread cudaLaunchCooperativeKernel_ptsz;
        fn cudaFuncSetSharedMemConfig(func: *const c_void, config: i32) -> i32;
        fn cudaFuncGetName(name: Out<*const c_char>, func: *const c_void) -> i32;
        unsafe fn cudaFuncGetParamInfo(func: *const c_void, index: usize, offset: *mut usize, size: *mut usize) -> i32;
        fn cudaFuncSetAttribute(func: *const c_void, attr: i32, value: i32) -> i32;
        fn cudaFuncSetCacheConfig(func: *const c_void, config: i32) -> i32;
        unsafe fn cudaLaunchKernel(func: *const c_void, grid: Dim3C, block: Dim3C, args: *mut *mut c_void,
            shared: usize, stream: *mut c_void) -> i32 = launch(func as usize, grid, block, args, shared, stream),
            per_thread cudaLaunchKernel_ptsz;
        unsafe fn cudaFuncGetAttributes(attr: *mut runtime::module::FuncAttributes, func: *const c_void) -> i32;
    }
    api::occupancy {
        fn cudaOccupancyAvailableDynamicSMemPerBlock(size: Out<usize>, func: *const c_void, num_blocks: i32,
            block_size: i32) -> i32;
        unsafe fn cudaOccupancyMaxPotentialClusterSize(size: Out<i32>, func: *const c_void,
            config: In<LaunchConfigC>) -> i32;
        unsafe fn cudaOccupancyMaxActiveClusters(num: Out<i32>, func: *const c_void, config: In<LaunchConfigC>) -> i32;
        unsafe fn cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(num_blocks: *mut i32, func: *const c_void,
            block_size: i32, dynamic_smem: usize, _flags: u32) -> i32;
        unsafe fn cudaOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks: *mut i32, func: *const c_void,
            block_size: i32, dynamic_smem: usize) -> i32
            = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(num_blocks, func, block_size, dynamic_smem, 0);
    }
    api::memory {
        fn cudaMalloc(p: Out<*mut c_void>, size: usize) -> i32;
        fn cudaFree(p: *mut c_void) -> i32;
        fn cudaMallocHost(p: Out<*mut c_void>, size: usize) -> i32 = cudaHostAlloc(p, size, 0);
        fn cudaHostAlloc(p: Out<*mut c_void>, size: usize, flags: u32) -> i32;
        fn cudaFreeHost(p: *mut c_void) -> i32;
        unsafe fn cudaMemGetInfo(free: *mut usize, total: *mut usize) -> i32;
        unsafe fn cudaMemcpy(dst: *mut c_void, src: *const c_void, count: usize, kind: i32) -> i32,
            per_thread cudaMemcpy_ptds;
        unsafe fn cudaMemcpyAsync(dst: *mut c_void, src: *const c_void, count: usize, kind: i32, stream: *mut c_void
            ) -> i32, per_thread cudaMemcpyAsync_ptsz;
        fn cudaMemset(p: *mut c_void, value: i32, count: usize) -> i32, per_thread cudaMemset_ptds;
        fn cudaMemsetAsync(p: *mut c_void, value: i32, count: usize, stream: *mut c_void) -> i32,
            per_thread cudaMemsetAsync_ptsz;
        fn cudaMemcpyPeer(dst: *mut c_void, dd: i32, src: *const c_void, sd: i32, count: usize) -> i32;
        fn cudaMemcpyPeerAsync(dst: *mut c_void, dd: i32, src: *const c_void, sd: i32, count: usize, s: *mut c_void
            ) -> i32;
        unsafe fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: u32) -> i32;
        fn cudaHostUnregister(ptr: *mut c_void) -> i32;
        fn cudaHostGetDevicePointer(p: Out<*mut c_void>, host: *mut c_void, flags: u32) -> i32;
        fn cudaMallocManaged(p: Out<*mut c_void>, size: usize, flags: u32) -> i32;
        fn cudaMemPrefetchAsync(ptr: *const c_void, count: usize, loc: MemLocation, flags: u32, stream: *mut c_void
            ) -> i32, per_thread cudaMemPrefetchAsync_ptsz;
        fn cudaMemAdvise(ptr: *const c_void, count: usize, advice: i32, loc: MemLocation) -> i32;
        unsafe fn cudaMemRangeGetAttribute(data: *mut c_void, data_size: usize, attr: i32, ptr: *const c_void,
            count: usize) -> i32;
        fn cudaHostGetFlags(flags: Out<u32>, host: *mut c_void) -> i32;
        unsafe fn cudaMemRangeGetAttributes(data: *mut *mut c_void, sizes: *mut usize, attrs: *mut i32, num: usize,
            ptr: *const c_void, count: usize) -> i32;
    }
    api::memory::batch {
        unsafe fn cudaMemcpyBatchAsync(dsts: *const *mut c_void, srcs: *const *const c_void, sizes: *const usize,
            count: usize, attrs: *const c_void, attrs_idxs: *const usize, num_attrs: usize, s: *mut c_void) -> i32,
            per_thread cudaMemcpyBatchAsync_ptsz;
        unsafe fn cudaMemcpy3DBatchAsync(num_ops: usize, ops: *const c_void, flags: u64, s: *mut c_void) -> i32,
            per_thread cudaMemcpy3DBatchAsync_ptsz;
        unsafe fn cudaMemPrefetchBatchAsync(dptrs: *const *mut c_void, sizes: *const usize, count: usize,
            locs: *const MemLocation, loc_idxs: *const usize, num_locs: usize, flags: u64, s: *mut c_void) -> i32,
            per_thread cudaMemPrefetchBatchAsync_ptsz;
        unsafe fn cudaMemDiscardBatchAsync(dptrs: *const *mut c_void, sizes: *const usize, count: usize, flags: u64,
            s: *mut c_void) -> i32, per_thread cudaMemDiscardBatchAsync_ptsz;
        unsafe fn cudaMemDiscardAndPrefetchBatchAsync(dptrs: *const *mut c_void, sizes: *const usize, count: usize,
            locs: *const MemLocation, loc_idxs: *const usize, num_locs: usize, flags: u64, s: *mut c_void) -> i32,
            per_thread cudaMemDiscardAndPrefetchBatchAsync_ptsz;
    }
    api::memory::pitched {
        unsafe fn cudaMallocPitch(p: *mut *mut c_void, pitch: *mut usize, width: usize, height: usize) -> i32;
        fn cudaMalloc3D(p: Out<PitchedPtr>, extent: Extent) -> i32;
        unsafe fn cudaMemcpy2D(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize,
            height: usize, kind: i32) -> i32 = memcpy_2d(dst, dpitch, src, spitch, width, height, kind, sync()),
            per_thread cudaMemcpy2D_ptds;
        unsafe fn cudaMemcpy2DAsync(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize,
            height: usize, kind: i32, s: *mut c_void) -> i32
            = memcpy_2d(dst, dpitch, src, spitch, width, height, kind, On::Async(stream(s))),
            per_thread cudaMemcpy2DAsync_ptsz;
        fn cudaMemset2D(p: *mut c_void, pitch: usize, value: i32, width: usize, height: usize) -> i32
            = memset_2d(p, pitch, value, width, height, 1, sync()), per_thread cudaMemset2D_ptds;
        fn cudaMemset2DAsync(p: *mut c_void, pitch: usize, value: i32, width: usize, height: usize, s: *mut c_void
            ) -> i32 = memset_2d(p, pitch, value, width, height, 1, On::Async(stream(s))),
            per_thread cudaMemset2DAsync_ptsz;
        fn cudaMemset3D(p: PitchedPtr, value: i32, e: Extent) -> i32 = memset_3d(p, value, e, sync()),
            per_thread cudaMemset3D_ptds;
        fn cudaMemset3DAsync(p: PitchedPtr, value: i32, e: Extent, s: *mut c_void) -> i32
            = memset_3d(p, value, e, On::Async(stream(s))), per_thread cudaMemset3DAsync_ptsz;
        unsafe fn cudaMemcpy3D(p: *const Memcpy3DParms) -> i32 = memcpy_3d(p, sync()), per_thread cudaMemcpy3D_ptds;
        unsafe fn cudaMemcpy3DAsync(p: *const Memcpy3DParms, s: *mut c_void) -> i32
            = memcpy_3d(p, On::Async(stream(s))), per_thread cudaMemcpy3DAsync_ptsz;
        unsafe fn cudaMemcpy3DPeer(p: *const Memcpy3DPeerParms) -> i32, per_thread cudaMemcpy3DPeer_ptds;
        unsafe fn cudaMemcpy3DPeerAsync(p: *const Memcpy3DPeerParms, s: *mut c_void) -> i32,
            per_thread cudaMemcpy3DPeerAsync_ptsz;
    }
    api::memory::array {
        fn cudaMallocArray(a: Out<*mut c_void>, desc: In<ChannelDesc>, width: usize, height: usize, flags: u32) -> i32;
        fn cudaMalloc3DArray(a: Out<*mut c_void>, desc: In<ChannelDesc>, e: Extent, flags: u32) -> i32;
        fn cudaMallocMipmappedArray(m: Out<*mut c_void>, desc: In<ChannelDesc>, e: Extent, levels: u32, flags: u32
            ) -> i32;
        fn cudaGetMipmappedArrayLevel(a: Out<*mut c_void>, m: *const c_void, level: u32) -> i32;
        fn cudaFreeArray(a: *mut c_void) -> i32;
        fn cudaFreeMipmappedArray(m: *mut c_void) -> i32;
        unsafe fn cudaArrayGetInfo(desc: *mut ChannelDesc, extent: *mut Extent, flags: *mut u32, a: *mut c_void) -> i32;
        fn cudaArrayGetPlane(plane: *mut *mut c_void, a: *mut c_void, index: u32) -> i32;
        fn cudaArrayGetMemoryRequirements(req: *mut c_void, a: *mut c_void, device: i32) -> i32;
        fn cudaArrayGetSparseProperties(props: *mut c_void, a: *mut c_void) -> i32;
        fn cudaMipmappedArrayGetMemoryRequirements(req: *mut c_void, m: *mut c_void, device: i32) -> i32;
        fn cudaMipmappedArrayGetSparseProperties(props: Out<[u8; 48]>, m: *mut c_void) -> i32;
        unsafe fn cudaMemcpy2DToArray(a: *mut c_void, x: usize, y: usize, src: *const c_void, spitch: usize, w: usize,
            h: usize, k: i32) -> i32 = copy_2d(at(a, x, y), rows_of(src, spitch, h), w, h, k, sync()),
            per_thread cudaMemcpy2DToArray_ptds;
        unsafe fn cudaMemcpy2DToArrayAsync(a: *mut c_void, x: usize, y: usize, src: *const c_void, spitch: usize,
            w: usize, h: usize, k: i32, s: *mut c_void) -> i32
            = copy_2d(at(a, x, y), rows_of(src, spitch, h), w, h, k, On::Async(stream(s))),
            per_thread cudaMemcpy2DToArrayAsync_ptsz;
        unsafe fn cudaMemcpy2DFromArray(dst: *mut c_void, dpitch: usize, a: *const c_void, x: usize, y: usize, w: usize,
            h: usize, k: i32) -> i32 = copy_2d(rows_of(dst, dpitch, h), at(a, x, y), w, h, k, sync()),
            per_thread cudaMemcpy2DFromArray_ptds;
        unsafe fn cudaMemcpy2DFromArrayAsync(dst: *mut c_void, dpitch: usize, a: *const c_void, x: usize, y: usize,
            w: usize, h: usize, k: i32, s: *mut c_void) -> i32
            = copy_2d(rows_of(dst, dpitch, h), at(a, x, y), w, h, k, On::Async(stream(s))),
            per_thread cudaMemcpy2DFromArrayAsync_ptsz;
        fn cudaMemcpy2DArrayToArray(d: *mut c_void, dx: usize, dy: usize, s: *const c_void, sx: usize, sy: usize,
            w: usize, h: usize, k: i32) -> i32, per_thread cudaMemcpy2DArrayToArray_ptds;
        fn cudaMemcpyArrayToArray(d: *mut c_void, dx: usize, dy: usize, s: *const c_void, sx: usize, sy: usize,
            count: usize, k: i32) -> i32, per_thread cudaMemcpyArrayToArray_ptds;
        unsafe fn cudaMemcpyToArray(a: *mut c_void, x: usize, y: usize, src: *const c_void, count: usize, k: i32
            ) -> i32 = linear(ArrayAt { array: a as u64, x, y }, src, count, true, k, sync()),
            per_thread cudaMemcpyToArray_ptds;
        unsafe fn cudaMemcpyToArrayAsync(a: *mut c_void, x: usize, y: usize, src: *const c_void, count: usize, k: i32,
            s: *mut c_void) -> i32
            = linear(ArrayAt { array: a as u64, x, y }, src, count, true, k, On::Async(stream(s))),
            per_thread cudaMemcpyToArrayAsync_ptsz;
        unsafe fn cudaMemcpyFromArray(dst: *mut c_void, a: *const c_void, x: usize, y: usize, count: usize, k: i32
            ) -> i32 = linear(ArrayAt { array: a as u64, x, y }, dst, count, false, k, sync()),
            per_thread cudaMemcpyFromArray_ptds;
        unsafe fn cudaMemcpyFromArrayAsync(dst: *mut c_void, a: *const c_void, x: usize, y: usize, count: usize, k: i32,
            s: *mut c_void) -> i32
            = linear(ArrayAt { array: a as u64, x, y }, dst, count, false, k, On::Async(stream(s))),
            per_thread cudaMemcpyFromArrayAsync_ptsz;
    }
    api::memory::symbol {
        unsafe fn cudaMemcpyToSymbol(sym: *const c_void, src: *const c_void, count: usize, offset: usize, kind: i32
            ) -> i32 = symbol_copy(SymbolCopy::into_symbol(sym, src, count, offset, kind), crate::sync()),
            per_thread cudaMemcpyToSymbol_ptds;
        unsafe fn cudaMemcpyFromSymbol(dst: *mut c_void, sym: *const c_void, count: usize, offset: usize, kind: i32
            ) -> i32 = symbol_copy(SymbolCopy::out_of_symbol(dst, sym, count, offset, kind), crate::sync()),
            per_thread cudaMemcpyFromSymbol_ptds;
        unsafe fn cudaMemcpyToSymbolAsync(sym: *const c_void, src: *const c_void, count: usize, offset: usize,
            kind: i32, stream: *mut c_void) -> i32
            = symbol_copy(SymbolCopy::into_symbol(sym, src, count, offset, kind), On::Async(crate::stream(stream))),
            per_thread cudaMemcpyToSymbolAsync_ptsz;
        unsafe fn cudaMemcpyFromSymbolAsync(dst: *mut c_void, sym: *const c_void, count: usize, offset: usize,
            kind: i32, stream: *mut c_void) -> i32
            = symbol_copy(SymbolCopy::out_of_symbol(dst, sym, count, offset, kind), On::Async(crate::stream(stream))),
            per_thread cudaMemcpyFromSymbolAsync_ptsz;
        unsafe fn cudaGetSymbolAddress(dev_ptr: *mut *mut c_void, sym: *const c_void) -> i32;
        unsafe fn cudaGetSymbolSize(size: *mut usize, sym: *const c_void) -> i32;
    }
    api::pool {
        fn cudaMallocAsync(p: Out<*mut c_void>, size: usize, stream: *mut c_void) -> i32,
            per_thread cudaMallocAsync_ptsz;
        fn cudaMallocFromPoolAsync(p: Out<*mut c_void>, size: usize, pool: *mut c_void, stream: *mut c_void) -> i32,
            per_thread cudaMallocFromPoolAsync_ptsz;
        fn cudaFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> i32, per_thread cudaFreeAsync_ptsz;
        unsafe fn cudaMemPoolCreate(p: Out<*mut c_void>, props: *const MemPoolProps) -> i32;
        fn cudaMemPoolDestroy(pool: *mut c_void) -> i32;
        fn cudaMemPoolTrimTo(pool: *mut c_void, keep: usize) -> i32;
        unsafe fn cudaMemPoolSetAttribute(pool: *mut c_void, attr: i32, value: *mut c_void) -> i32;
        unsafe fn cudaMemPoolGetAttribute(pool: *mut c_void, attr: i32, value: *mut c_void) -> i32;
        fn cudaMemGetDefaultMemPool(pool: Out<u64>, loc: In<MemLocation>, ty: i32) -> i32;
        fn cudaMemGetMemPool(pool: Out<u64>, loc: In<MemLocation>, ty: i32) -> i32;
        fn cudaMemSetMemPool(loc: In<MemLocation>, ty: i32, pool: u64) -> i32;
        unsafe fn cudaMemPoolSetAccess(pool: u64, descs: *const MemAccessDesc, count: usize) -> i32;
        fn cudaMemPoolGetAccess(flags: Out<i32>, pool: u64, loc: In<MemLocation>) -> i32;
        fn cudaMemPoolExportToShareableHandle(handle: Out<i32>, pool: u64, ty: i32, flags: u64) -> i32;
        fn cudaMemPoolImportFromShareableHandle(pool: Out<u64>, handle: *mut c_void, ty: i32, flags: u64) -> i32;
        fn cudaMemPoolExportPointer(data: Out<memory::PoolPtrExportData>, ptr: *mut c_void) -> i32;
        fn cudaMemPoolImportPointer(ptr: Out<*mut c_void>, pool: u64, data: In<memory::PoolPtrExportData>) -> i32;
    }
    api::unified {
        fn cudaPointerGetAttributes(attr: Out<memory::PointerAttributes>, ptr: *const c_void) -> i32;
    }
    api::peer {
        unsafe fn cudaDeviceCanAccessPeer(can: *mut i32, dev: i32, peer: i32) -> i32;
        fn cudaDeviceEnablePeerAccess(peer: i32, flags: u32) -> i32;
        fn cudaDeviceDisablePeerAccess(peer: i32) -> i32;
    }
    api::external {
        fn cudaDeviceGetNvSciSyncAttributes(_list: *mut c_void, _device: i32, _flags: i32) -> i32;
        fn cudaDestroyExternalMemory(_ext_mem: *mut c_void) -> i32;
        fn cudaDestroyExternalSemaphore(_ext_sem: *mut c_void) -> i32;
        fn cudaSignalExternalSemaphoresAsync(_sems: *const c_void, _params: *const c_void, _n: u32, _s: *mut c_void)
            -> i32, per_thread cudaSignalExternalSemaphoresAsync_ptsz;
        fn cudaWaitExternalSemaphoresAsync(_sems: *const c_void, _params: *const c_void, _n: u32, _s: *mut c_void)
            -> i32, per_thread cudaWaitExternalSemaphoresAsync_ptsz;
    }
    api::interop {
        fn cudaGLGetDevices(_count: *mut u32, _devices: *mut i32, _n: u32, _list: i32) -> i32;
        fn cudaGraphicsGLRegisterBuffer(resource: *mut *mut c_void, buffer: u32, _flags: u32) -> i32;
        fn cudaGraphicsGLRegisterImage(resource: *mut *mut c_void, image: u32, _target: u32, _flags: u32) -> i32;
        fn cudaGLSetGLDevice(_device: i32) -> i32;
        fn cudaGLRegisterBufferObject(buffer: u32) -> i32;
        fn cudaGLUnregisterBufferObject(buffer: u32) -> i32;
        fn cudaGLMapBufferObject(_ptr: *mut *mut c_void, _buffer: u32) -> i32;
        fn cudaGLMapBufferObjectAsync(_ptr: *mut *mut c_void, _buffer: u32, _stream: *mut c_void) -> i32;
        fn cudaGLUnmapBufferObject(_buffer: u32) -> i32;
        fn cudaGLUnmapBufferObjectAsync(_buffer: u32, _stream: *mut c_void) -> i32;
        fn cudaGLSetBufferObjectMapFlags(_buffer: u32, _flags: u32) -> i32;
        fn cudaVDPAUGetDevice(_device: *mut i32, _vdp: u32, _get_proc: *mut c_void) -> i32;
        fn cudaVDPAUSetVDPAUDevice(_device: i32, _vdp: u32, _get_proc: *mut c_void) -> i32;
        fn cudaGraphicsVDPAURegisterVideoSurface(_r: *mut *mut c_void, _surface: u32, _flags: u32) -> i32;
        fn cudaGraphicsVDPAURegisterOutputSurface(_r: *mut *mut c_void, _surface: u32, _flags: u32) -> i32;
        fn cudaGraphicsEGLRegisterImage(_r: *mut *mut c_void, _image: *mut c_void, _flags: u32) -> i32;
        fn cudaEGLStreamConsumerConnect(conn: *mut *mut c_void, stream: *mut c_void) -> i32
            = cudaEGLStreamConsumerConnectWithFlags(conn, stream, 0);
        fn cudaEGLStreamConsumerConnectWithFlags(_conn: *mut *mut c_void, _stream: *mut c_void, _flags: u32) -> i32;
        fn cudaEGLStreamProducerConnect(_conn: *mut *mut c_void, _stream: *mut c_void, _width: i32, _height: i32
            ) -> i32;
        fn cudaEGLStreamConsumerDisconnect(_conn: *mut *mut c_void) -> i32;
        fn cudaEGLStreamProducerDisconnect(_conn: *mut *mut c_void) -> i32;
        fn cudaEGLStreamConsumerAcquireFrame(_conn: *mut *mut c_void, _resource: *mut *mut c_void,
            _stream: *mut *mut c_void, _timeout: u32) -> i32;
        fn cudaEGLStreamConsumerReleaseFrame(_conn: *mut *mut c_void, _resource: *mut c_void, _stream: *mut *mut c_void
            ) -> i32;
        fn cudaEGLStreamProducerPresentFrame(_conn: *mut *mut c_void, _frame: EglFrame, _stream: *mut *mut c_void
            ) -> i32;
        fn cudaEGLStreamProducerReturnFrame(_conn: *mut *mut c_void, _frame: *mut EglFrame, _stream: *mut *mut c_void
            ) -> i32;
        fn cudaGraphicsResourceGetMappedEglFrame(_frame: *mut EglFrame, _resource: *mut c_void, _index: u32, _level: u32
            ) -> i32;
        fn cudaEventCreateFromEGLSync(_event: *mut *mut c_void, _sync: *mut c_void, _flags: u32) -> i32;
        fn cudaGraphicsUnregisterResource(_resource: *mut c_void) -> i32;
        fn cudaGraphicsMapResources(count: i32, resources: *mut *mut c_void, _stream: *mut c_void) -> i32;
        fn cudaGraphicsUnmapResources(count: i32, resources: *mut *mut c_void, _stream: *mut c_void) -> i32;
        fn cudaGraphicsResourceGetMappedPointer(_ptr: *mut *mut c_void, _size: *mut usize, _resource: *mut c_void
            ) -> i32;
        fn cudaGraphicsResourceSetMapFlags(_resource: *mut c_void, _flags: u32) -> i32;
        fn cudaGraphicsSubResourceGetMappedArray(_array: *mut *mut c_void, _resource: *mut c_void, _index: u32,
            _level: u32) -> i32;
        fn cudaGraphicsResourceGetMappedMipmappedArray(_array: *mut *mut c_void, _resource: *mut c_void) -> i32;
    }
    api::texture {
        fn cudaCreateChannelDesc(x: i32, y: i32, z: i32, w: i32, f: i32) -> ChannelDesc;
        fn cudaGetChannelDesc(desc: Out<ChannelDesc>, a: *const c_void) -> i32;
        fn cudaCreateTextureObject(obj: Out<u64>, res: In<ResourceDesc>, tex: In<CTextureDesc>,
            view: In<CResourceViewDesc>) -> i32;
        fn cudaDestroyTextureObject(obj: u64) -> i32;
        fn cudaGetTextureObjectResourceViewDesc(view: Out<CResourceViewDesc>, obj: u64) -> i32;
        fn cudaGetTextureObjectResourceDesc(res: Out<ResourceDesc>, obj: u64) -> i32;
        fn cudaGetTextureObjectTextureDesc(tex: Out<CTextureDesc>, obj: u64) -> i32;
    }
    api::surface {
        fn cudaCreateSurfaceObject(obj: Out<u64>, res: In<ResourceDesc>) -> i32;
        fn cudaDestroySurfaceObject(obj: u64) -> i32;
        fn cudaGetSurfaceObjectResourceDesc(res: Out<ResourceDesc>, obj: u64) -> i32;
    }
    api::version {
        fn cudaDriverGetVersion(v: Out<i32>) -> i32;
        fn cudaRuntimeGetVersion(v: Out<i32>) -> i32;
    }
    api::graph {
        fn cudaGraphCreate(g: Out<*mut c_void>, flags: u32) -> i32;
        fn cudaGraphDestroy(g: *mut c_void) -> i32;
        unsafe fn cudaGraphGetNodes(g: *mut c_void, nodes: *mut *mut c_void, num: *mut usize) -> i32;
        fn cudaGraphNodeGetType(n: *mut c_void, t: Out<i32>) -> i32;
        fn cudaGraphDestroyNode(n: *mut c_void) -> i32;
        unsafe fn cudaGraphGetRootNodes(g: *mut c_void, arr: *mut *mut c_void, num: *mut usize) -> i32;
        unsafe fn cudaGraphGetEdges(g: *mut c_void, from: *mut *mut c_void, to: *mut *mut c_void, data: *mut EdgeData,
            num: *mut usize) -> i32;
        unsafe fn cudaGraphNodeGetDependencies(n: *mut c_void, arr: *mut *mut c_void, data: *mut EdgeData,
            num: *mut usize) -> i32;
        unsafe fn cudaGraphNodeGetDependentNodes(n: *mut c_void, arr: *mut *mut c_void, data: *mut EdgeData,
            num: *mut usize) -> i32;
        unsafe fn cudaGraphAddDependencies(g: *mut c_void, from: *const *mut c_void, to: *const *mut c_void,
            e: *const EdgeData, n: usize) -> i32;
        unsafe fn cudaGraphRemoveDependencies(g: *mut c_void, from: *const *mut c_void, to: *const *mut c_void,
            e: *const EdgeData, n: usize) -> i32;
        fn cudaGraphClone(c: Out<*mut c_void>, g: *mut c_void) -> i32;
        fn cudaGraphNodeFindInClone(n: Out<*mut c_void>, orig: *mut c_void, g: *mut c_void) -> i32;
        fn cudaGraphDebugDotPrint(g: *mut c_void, path: CStrArg, flags: u32) -> i32;
    }
    api::graph::node {
        unsafe fn cudaGraphAddKernelNode(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, n: usize,
            p: In<KernelNodeParams>) -> i32 = add(node, g, deps, n, || kernel_kind(p));
        unsafe fn cudaGraphAddMemcpyNode(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, n: usize,
            p: *const Memcpy3DParms) -> i32 = add(node, g, deps, n, || memcpy_kind(p));
        unsafe fn cudaGraphAddMemcpyNode1D(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, n: usize,
            dst: *mut c_void, src: *const c_void, count: usize, kind: i32) -> i32
            = add(node, g, deps, n, || memcpy_1d_kind(dst, src, count, kind));
        unsafe fn cudaGraphAddMemsetNode(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, n: usize,
            p: In<MemsetParams>) -> i32 = add(node, g, deps, n, || memset_kind(p));
        unsafe fn cudaGraphAddHostNode(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, n: usize,
            p: In<HostNodeParams>) -> i32 = add(node, g, deps, n, || host_kind(p));
        unsafe fn cudaGraphAddEmptyNode(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, n: usize
            ) -> i32 = add(node, g, deps, n, empty_kind);
        fn cudaGraphConditionalHandleCreate(h: Out<u64>, g: *mut c_void, default: u32, flags: u32) -> i32;
        unsafe fn cudaGraphAddNode(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void,
            edges: *const EdgeData, n: usize, p: *mut GraphNodeParams) -> i32;
        unsafe fn cudaGraphNodeSetParams(nd: *mut c_void, p: *mut GraphNodeParams) -> i32;
        unsafe fn cudaGraphAddMemcpyNodeToSymbol(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void,
            n: usize, sym: *const c_void, src: *const c_void, count: usize, offset: usize, kind: i32) -> i32
            = add(node, g, deps, n, || symbol_kind(SymbolCopy::into_symbol(sym, src, count, offset, kind)));
        unsafe fn cudaGraphAddMemcpyNodeFromSymbol(node: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void,
            n: usize, dst: *mut c_void, sym: *const c_void, count: usize, offset: usize, kind: i32) -> i32
            = add(node, g, deps, n, || symbol_kind(SymbolCopy::out_of_symbol(dst, sym, count, offset, kind)));
        unsafe fn cudaGraphMemcpyNodeSetParamsToSymbol(nd: *mut c_void, sym: *const c_void, src: *const c_void,
            count: usize, offset: usize, kind: i32) -> i32
            = set_kind(nd, symbol_kind(SymbolCopy::into_symbol(sym, src, count, offset, kind)));
        unsafe fn cudaGraphMemcpyNodeSetParamsFromSymbol(nd: *mut c_void, dst: *mut c_void, sym: *const c_void,
            count: usize, offset: usize, kind: i32) -> i32
            = set_kind(nd, symbol_kind(SymbolCopy::out_of_symbol(dst, sym, count, offset, kind)));
        fn cudaGraphHostNodeGetParams(n: *mut c_void, p: Out<HostNodeParams>) -> i32;
        fn cudaGraphMemsetNodeGetParams(n: *mut c_void, p: Out<MemsetParams>) -> i32;
        fn cudaGraphMemcpyNodeGetParams(n: *mut c_void, p: Out<Memcpy3DParms>) -> i32;
        unsafe fn cudaGraphMemcpyNodeSetParams1D(n: *mut c_void, dst: *mut c_void, src: *const c_void, count: usize,
            kind: i32) -> i32;
        fn cudaGraphKernelNodeGetAttribute(n: *mut c_void, id: i32, v: Out<AttrValue>) -> i32;
        unsafe fn cudaGraphKernelNodeSetAttribute(n: *mut c_void, id: i32, v: *const AttrValue) -> i32;
        fn cudaGraphKernelNodeCopyAttributes(dst: *mut c_void, src: *mut c_void) -> i32;
        unsafe fn cudaGraphAddEventRecordNode(n: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, nd: usize,
            e: *mut c_void) -> i32 = add(n, g, deps, nd, || event_record_kind(e));
        unsafe fn cudaGraphAddEventWaitNode(n: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, nd: usize,
            e: *mut c_void) -> i32 = add(n, g, deps, nd, || event_wait_kind(e));
        unsafe fn cudaGraphAddChildGraphNode(n: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, nd: usize,
            child: *mut c_void) -> i32 = add(n, g, deps, nd, || child_graph_kind(child));
        fn cudaGraphEventRecordNodeGetEvent(n: *mut c_void, e: Out<*mut c_void>) -> i32;
        fn cudaGraphEventWaitNodeGetEvent(n: *mut c_void, e: Out<*mut c_void>) -> i32;
        fn cudaGraphEventRecordNodeSetEvent(n: *mut c_void, e: *mut c_void) -> i32;
        fn cudaGraphEventWaitNodeSetEvent(n: *mut c_void, e: *mut c_void) -> i32;
        fn cudaGraphChildGraphNodeGetGraph(n: *mut c_void, g: Out<*mut c_void>) -> i32;
        fn cudaGraphKernelNodeGetParams(n: *mut c_void, p: Out<KernelNodeParams>) -> i32;
        unsafe fn cudaGraphKernelNodeSetParams(n: *mut c_void, p: In<KernelNodeParams>) -> i32;
        fn cudaGraphMemsetNodeSetParams(n: *mut c_void, p: In<MemsetParams>) -> i32;
        fn cudaGraphHostNodeSetParams(n: *mut c_void, p: In<HostNodeParams>) -> i32;
        unsafe fn cudaGraphMemcpyNodeSetParams(n: *mut c_void, p: *const Memcpy3DParms) -> i32;
    }
    api::graph::memory {
        unsafe fn cudaGraphAddMemAllocNode(nd: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, n: usize,
            p: *mut MemAllocNodeParams) -> i32;
        fn cudaGraphMemAllocNodeGetParams(n: *mut c_void, p: Out<MemAllocNodeParams>) -> i32;
        unsafe fn cudaGraphAddMemFreeNode(nd: Out<*mut c_void>, g: *mut c_void, deps: *const *mut c_void, n: usize,
            dptr: *mut c_void) -> i32 = add(nd, g, deps, n, || mem_free_kind(dptr));
        fn cudaGraphMemFreeNodeGetParams(n: *mut c_void, p: Out<*mut c_void>) -> i32;
        fn cudaDeviceGraphMemTrim(device: i32) -> i32;
        unsafe fn cudaDeviceGetGraphMemAttribute(device: i32, attr: i32, value: *mut c_void) -> i32;
        unsafe fn cudaDeviceSetGraphMemAttribute(device: i32, attr: i32, value: *mut c_void) -> i32;
    }
    api::graph::exec {
        fn cudaGraphInstantiate(e: Out<*mut c_void>, g: *mut c_void, flags: u64) -> i32;
        fn cudaGraphInstantiateWithFlags(e: Out<*mut c_void>, g: *mut c_void, flags: u64) -> i32
            = cudaGraphInstantiate(e, g, flags);
        fn cudaGraphLaunch(e: *mut c_void, s: *mut c_void) -> i32, per_thread cudaGraphLaunch_ptsz;
        fn cudaGraphUpload(e: *mut c_void, s: *mut c_void) -> i32, per_thread cudaGraphUpload_ptsz;
        fn cudaGraphExecDestroy(e: *mut c_void) -> i32;
        unsafe fn cudaGraphExecNodeSetParams(x: *mut c_void, nd: *mut c_void, p: *mut GraphNodeParams) -> i32;
        fn cudaGraphExecChildGraphNodeSetParams(x: *mut c_void, nd: *mut c_void, child: *mut c_void) -> i32;
        unsafe fn cudaGraphExecMemcpyNodeSetParamsToSymbol(x: *mut c_void, nd: *mut c_void, sym: *const c_void,
            src: *const c_void, count: usize, offset: usize, kind: i32) -> i32
            = set_node_kind(x, nd, symbol_kind(SymbolCopy::into_symbol(sym, src, count, offset, kind)));
        unsafe fn cudaGraphExecMemcpyNodeSetParamsFromSymbol(x: *mut c_void, nd: *mut c_void, dst: *mut c_void,
            sym: *const c_void, count: usize, offset: usize, kind: i32) -> i32
            = set_node_kind(x, nd, symbol_kind(SymbolCopy::out_of_symbol(dst, sym, count, offset, kind)));
        unsafe fn cudaGraphInstantiateWithParams(e: Out<*mut c_void>, g: *mut c_void, p: *mut InstantiateParams) -> i32,
            per_thread cudaGraphInstantiateWithParams_ptsz;
        fn cudaGraphExecEventRecordNodeSetEvent(x: *mut c_void, n: *mut c_void, e: *mut c_void) -> i32;
        fn cudaGraphExecEventWaitNodeSetEvent(x: *mut c_void, n: *mut c_void, e: *mut c_void) -> i32;
        unsafe fn cudaGraphExecKernelNodeSetParams(x: *mut c_void, n: *mut c_void, p: In<KernelNodeParams>) -> i32;
        fn cudaGraphExecMemsetNodeSetParams(x: *mut c_void, n: *mut c_void, p: In<MemsetParams>) -> i32;
        fn cudaGraphExecHostNodeSetParams(x: *mut c_void, n: *mut c_void, p: In<HostNodeParams>) -> i32;
        unsafe fn cudaGraphExecMemcpyNodeSetParams(x: *mut c_void, n: *mut c_void, p: *const Memcpy3DParms) -> i32;
        unsafe fn cudaGraphExecMemcpyNodeSetParams1D(x: *mut c_void, n: *mut c_void, dst: *mut c_void,
            src: *const c_void, count: usize, kind: i32) -> i32;
        fn cudaGraphNodeSetEnabled(x: *mut c_void, n: *mut c_void, enabled: u32) -> i32;
        fn cudaGraphNodeGetEnabled(x: *mut c_void, n: *mut c_void, e: Out<u32>) -> i32;
        unsafe fn cudaGraphExecUpdate(x: *mut c_void, g: *mut c_void, info: *mut UpdateResultInfo) -> i32;
        fn cudaGraphExecGetFlags(x: *mut c_void, f: Out<u64>) -> i32;
    }
    api::graph::user_object {
        fn cudaUserObjectCreate(obj: Out<*mut c_void>, ptr: *mut c_void,
            destroy: Option<unsafe extern "C" fn(*mut c_void)>, refs: u32, flags: u32) -> i32;
        fn cudaUserObjectRetain(obj: *mut c_void, count: u32) -> i32;
        fn cudaUserObjectRelease(obj: *mut c_void, count: u32) -> i32;
        fn cudaGraphRetainUserObject(g: *mut c_void, obj: *mut c_void, count: u32, flags: u32) -> i32;
        fn cudaGraphReleaseUserObject(g: *mut c_void, obj: *mut c_void, count: u32) -> i32;
    }
    api::library {
        unsafe fn cudaLibraryLoadData(lib: Out<*mut c_void>, code: *const c_void, _jit_options: *mut i32,
            _jit_values: *mut *mut c_void, _num_jit: u32, _lib_options: *mut i32, _lib_values: *mut *mut c_void,
            _num_lib: u32) -> i32;
        fn cudaLibraryLoadFromFile(lib: Out<*mut c_void>, file: CStrArg, _jit_options: *mut i32,
            _jit_values: *mut *mut c_void, _num_jit: u32, _lib_options: *mut i32, _lib_values: *mut *mut c_void,
            _num_lib: u32) -> i32;
        fn cudaLibraryUnload(lib: *mut c_void) -> i32;
        fn cudaLibraryGetKernel(k: Out<*mut c_void>, lib: *mut c_void, name: CStrArg) -> i32;
        fn cudaLibraryGetUnifiedFunction(f: Out<*mut c_void>, lib: *mut c_void, _name: CStrArg) -> i32;
        fn cudaLibraryGetKernelCount(count: Out<u32>, lib: *mut c_void) -> i32;
        unsafe fn cudaLibraryEnumerateKernels(kernels: *mut *mut c_void, n: u32, lib: *mut c_void) -> i32;
        fn cudaLibraryGetGlobal(dptr: Out<*mut c_void>, bytes: Out<usize>, lib: *mut c_void, name: CStrArg) -> i32;
        fn cudaLibraryGetManaged(dptr: Out<*mut c_void>, bytes: Out<usize>, lib: *mut c_void, name: CStrArg) -> i32;
        fn cudaKernelSetAttributeForDevice(kernel: *mut c_void, attr: i32, value: i32, device: i32) -> i32;
    }
    api::logs {
        unsafe fn cudaLogsRegisterCallback(f: *mut c_void, _user: *mut c_void, out: *mut *mut c_void) -> i32;
        fn cudaLogsUnregisterCallback(h: *mut c_void) -> i32;
        unsafe fn cudaLogsCurrent(it: *mut u32, _flags: u32) -> i32;
        unsafe fn cudaLogsDumpToFile(it: *mut u32, path: CStrArg, _flags: u32) -> i32;
        unsafe fn cudaLogsDumpToMemory(it: *mut u32, buffer: *mut c_char, size: *mut usize, flags: u32) -> i32;
    }
    api::driver {
        unsafe fn cudaGetKernel(kernel: *mut *mut c_void, entry: *const c_void) -> i32;
        unsafe fn cudaGetFuncBySymbol(func: *mut *mut c_void, symbol: *const c_void) -> i32;
    }
    api::entry_point {
        fn cudaGetDriverEntryPoint(symbol: CStrArg, func: Out<*mut c_void>, flags: u64, status: Out<i32>) -> i32,
            per_thread cudaGetDriverEntryPoint_ptsz;
        fn cudaGetDriverEntryPointByVersion(symbol: CStrArg, func: Out<*mut c_void>, version: u32, flags: u64,
            status: Out<i32>) -> i32, per_thread cudaGetDriverEntryPointByVersion_ptsz;
    }
    api::profiler {
        fn cudaProfilerStart() -> i32;
        fn cudaProfilerStop() -> i32;
    }
    registration {
        unsafe fn __cudaRegisterFatBinary(wrapper: *mut c_void) -> *mut *mut c_void;
        fn __cudaRegisterFatBinaryEnd(handle: *mut *mut c_void) -> ();
        fn __cupriteRegisterManagedRange(start: *mut c_void, stop: *mut c_void) -> ();
        fn __cudaUnregisterFatBinary(handle: *mut *mut c_void) -> ();
        fn __cudaInitModule(handle: *mut *mut c_void) -> c_char;
        fn __cudaRegisterFunction(handle: *mut *mut c_void, host_fun: *const c_char, device_fun: CStrArg,
            _device_name: *const c_char, _thread_limit: i32, _tid: *mut c_void, _bid: *mut c_void, _bdim: *mut c_void,
            _gdim: *mut c_void, _wsize: *mut i32) -> ();
        fn __cudaRegisterVar(handle: *mut *mut c_void, host_var: *mut c_char, _device_address: *mut c_char,
            device_name: CStrArg, _ext: i32, size: usize, _constant: i32, _global: i32) -> ();
        unsafe fn __cudaRegisterManagedVar(handle: *mut *mut c_void, host_var_ptr: *mut *mut c_void,
            device_address: *mut c_char, device_name: CStrArg, ext: i32, size: usize, constant: i32, global: i32) -> ();
        fn __cudaPushCallConfiguration(grid: Dim3C, block: Dim3C, shared: usize, stream: *mut c_void) -> u32;
        unsafe fn __cudaPopCallConfiguration(grid: *mut Dim3C, block: *mut Dim3C, shared: *mut usize,
            stream: *mut *mut c_void) -> i32;
        unsafe fn __cudaGetKernel(kernel: *mut *mut c_void, host_fun: *const c_void) -> i32;
        unsafe fn __cudaLaunchKernel(kernel: *const c_void, grid: Dim3C, block: Dim3C, args: *mut *mut c_void,
            shared: usize, stream: *mut c_void) -> i32 = launch(kernel as usize, grid, block, args, shared, stream),
            per_thread __cudaLaunchKernel_ptsz;
    }
    nvtx {
        fn __cupriteNvtxRangePush(message: CStrArg) -> i32;
        fn __cupriteNvtxRegisterString(text: CStrArg) -> *const c_char;
        fn __cupriteNvtxRangePop() -> i32;
    }
}

not_implemented! {
    __cudaGetProcAddress
    __cudaRegisterHostVar
    __cudaRegisterUnifiedTable
    cudaExternalMemoryGetMappedBuffer
    cudaExternalMemoryGetMappedMipmappedArray
    cudaGetExportTable
    cudaGraphAddExternalSemaphoresSignalNode
    cudaGraphAddExternalSemaphoresWaitNode
    cudaGraphExecExternalSemaphoresSignalNodeSetParams
    cudaGraphExecExternalSemaphoresWaitNodeSetParams
    cudaGraphExternalSemaphoresSignalNodeGetParams
    cudaGraphExternalSemaphoresSignalNodeSetParams
    cudaGraphExternalSemaphoresWaitNodeGetParams
    cudaGraphExternalSemaphoresWaitNodeSetParams
    cudaImportExternalMemory
    cudaImportExternalSemaphore
}
