//! The batched memory operations of 6.10 Memory Management (CUDA 12.8 and 13.0):
//! `cudaMemcpyBatchAsync`, `cudaMemcpy3DBatchAsync`, `cudaMemPrefetchBatchAsync`,
//! `cudaMemDiscardBatchAsync` and `cudaMemDiscardAndPrefetchBatchAsync`, each an ordered
//! series of the single operation (CUDA leaves the order within a batch open), after the
//! batch's own argument rules.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::memory::{self, MemLocation};
use runtime::stream::Stream;
use runtime::{Error, record};

use super::{cudaMemPrefetchAsync, cudaMemcpyAsync};
use crate::{code, invalid, stream};

/// Whether a batch call's index list (`attrsIdxs`, `prefetchLocIdxs`: entry `k` applies to
/// the operations from `idxs[k]` up to the next entry's) starts at 0, rises, and stays below
/// `count`, as the reference requires.
fn groups_valid(idxs: &[usize], count: usize) -> bool {
    idxs.first() == Some(&0) && idxs.windows(2).all(|w| w[0] < w[1]) && idxs.last().is_some_and(|&l| l < count)
}

/// The entry of a valid index list that applies to operation `i`.
fn group_of(idxs: &[usize], i: usize) -> usize {
    idxs.partition_point(|&start| start <= i) - 1
}

/// `struct cudaMemcpyAttributes`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
struct MemcpyAttributes {
    /// `enum cudaMemcpySrcAccessOrder`: Stream (1), DuringApiCall (2), Any (3); 0 is invalid.
    src_access_order: i32,
    /// `struct cudaMemLocation srcLocHint` (type, id).
    src_loc_hint: [i32; 2],
    /// `struct cudaMemLocation dstLocHint`.
    dst_loc_hint: [i32; 2],
    /// `cudaMemcpyFlags`.
    flags: u32,
}

/// `cudaMemcpyBatchAsync(void *const *dsts, const void *const *srcs, const size_t *sizes,
/// size_t count, cudaMemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs,
/// cudaStream_t)`: every copy, in order, on `stream` (the attributes' source-access and
/// location hints do not change what a copy does here; unified addressing tells the kinds).
///
/// # Safety
/// `dsts`, `srcs` and `sizes` must hold `count` entries; each copy's memory must be valid.
#[allow(clippy::too_many_arguments)]
pub unsafe fn cudaMemcpyBatchAsync(
    dsts: *const *mut c_void,
    srcs: *const *const c_void,
    sizes: *const usize,
    count: usize,
    attrs: *const c_void,
    attrs_idxs: *const usize,
    num_attrs: usize,
    s: *mut c_void,
) -> i32 {
    if count == 0 || dsts.is_null() || srcs.is_null() || sizes.is_null() {
        return invalid();
    }
    // Every copy needs attributes: `attrsIdxs` starts at 0 and rises, each below `count`, and
    // each entry names a source access order (the reference's rules).
    if num_attrs == 0 || num_attrs > count || attrs.is_null() || attrs_idxs.is_null() {
        return invalid();
    }
    // SAFETY: `attrs` and `attrsIdxs` hold `numAttrs` entries per the contract (checked non-null).
    let (attrs, idxs) = unsafe {
        (
            std::slice::from_raw_parts(attrs.cast::<MemcpyAttributes>(), num_attrs),
            std::slice::from_raw_parts(attrs_idxs, num_attrs),
        )
    };
    // Flags beyond cudaMemcpyFlagPreferOverlapWithCompute (1) are invalid, as an H200 answers.
    let bad_attr = |a: &MemcpyAttributes| !(1..=3).contains(&a.src_access_order) || a.flags > 1;
    if !groups_valid(idxs, count) || attrs.iter().any(bad_attr) {
        return invalid();
    }
    // A copy of 0 bytes is invalid too (an H200's answer).
    // SAFETY: `sizes` holds `count` entries per the contract (checked non-null).
    if unsafe { std::slice::from_raw_parts(sizes, count) }.contains(&0) {
        return invalid();
    }
    // Not captured into a graph: cudaErrorStreamCaptureUnsupported, the capture left valid
    // (an H200's answer).
    if capturing(s) {
        return code(record::<()>(Err(Error::StreamCaptureUnsupported)));
    }
    // The legacy default stream is not allowed for batched copies (handle 0 is the per-thread
    // default stream in the `_ptsz` variant).
    if stream(s) == Stream::LEGACY {
        return code(record::<()>(Err(Error::InvalidValue)));
    }
    for i in 0..count {
        // SAFETY: the arrays hold `count` entries per the contract.
        let (d, src, n) = unsafe { (dsts.add(i).read(), srcs.add(i).read(), sizes.add(i).read()) };
        const DEFAULT: i32 = 4;
        // SAFETY: copy `i`'s host memory (`d`, `src`, `n` bytes) stays valid until it completes: cudaMemcpyBatchAsync's
        // contract for each entry, which is cudaMemcpyAsync's.
        let r = unsafe { cudaMemcpyAsync(d, src, n, DEFAULT, s) };
        if r != 0 {
            return r;
        }
    }
    0
}

/// `cudaMemPrefetchBatchAsync(void **dptrs, size_t *sizes, size_t count, struct cudaMemLocation
/// *prefetchLocs, size_t *prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags,
/// cudaStream_t)`: each range prefetched as `cudaMemPrefetchAsync` does, to the location its
/// index list entry names; flags must be 0.
///
/// # Safety
/// `dptrs` and `sizes` must hold `count` entries, `prefetchLocs` and `prefetchLocIdxs`
/// `numPrefetchLocs` (each null or valid).
#[allow(clippy::too_many_arguments)]
pub unsafe fn cudaMemPrefetchBatchAsync(
    dptrs: *const *mut c_void,
    sizes: *const usize,
    count: usize,
    locs: *const MemLocation,
    loc_idxs: *const usize,
    num_locs: usize,
    flags: u64,
    s: *mut c_void,
) -> i32 {
    // SAFETY: as this function's contract.
    let Some(batch) = (unsafe { batch_ranges(dptrs, sizes, count, locs, loc_idxs, num_locs, flags, s) }) else {
        return invalid();
    };
    for (i, &(p, n)) in batch.ranges.iter().enumerate() {
        let r = cudaMemPrefetchAsync(p, n, batch.locs[group_of(batch.idxs, i)], 0, s);
        if r != 0 {
            return r;
        }
    }
    0
}

/// `cudaMemDiscardBatchAsync(void **dptrs, size_t *sizes, size_t count, unsigned long long
/// flags, cudaStream_t)`: each range must be managed memory; flags must be 0.
///
/// # Safety
/// `dptrs` and `sizes` must hold `count` entries (each null or valid).
pub unsafe fn cudaMemDiscardBatchAsync(
    dptrs: *const *mut c_void,
    sizes: *const usize,
    count: usize,
    flags: u64,
    s: *mut c_void,
) -> i32 {
    if flags != 0 || count == 0 || dptrs.is_null() || sizes.is_null() {
        return invalid();
    }
    for i in 0..count {
        // SAFETY: the arrays hold `count` entries per the contract (checked non-null).
        let (p, n) = unsafe { (dptrs.add(i).read(), sizes.add(i).read()) };
        let r = code(memory::mem_discard(p as u64, n, crate::stream(s)));
        if r != 0 {
            return r;
        }
    }
    0
}

/// `cudaMemDiscardAndPrefetchBatchAsync(...)`: `cudaMemDiscardBatchAsync` then
/// `cudaMemPrefetchBatchAsync` on the same ranges.
///
/// # Safety
/// As `cudaMemPrefetchBatchAsync`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn cudaMemDiscardAndPrefetchBatchAsync(
    dptrs: *const *mut c_void,
    sizes: *const usize,
    count: usize,
    locs: *const MemLocation,
    loc_idxs: *const usize,
    num_locs: usize,
    flags: u64,
    s: *mut c_void,
) -> i32 {
    // SAFETY: as this function's contract (the prefetch's arguments checked first, so a bad
    // location list discards nothing).
    if unsafe { batch_ranges(dptrs, sizes, count, locs, loc_idxs, num_locs, flags, s) }.is_none() {
        return invalid();
    }
    // SAFETY: as this function's contract.
    match unsafe { cudaMemDiscardBatchAsync(dptrs, sizes, count, flags, s) } {
        // SAFETY: as this function's contract.
        0 => unsafe { cudaMemPrefetchBatchAsync(dptrs, sizes, count, locs, loc_idxs, num_locs, flags, s) },
        r => r,
    }
}

/// A prefetch batch's arguments, read.
struct PrefetchBatch<'a> {
    /// Each operation's range (pointer, bytes).
    ranges: Vec<(*const c_void, usize)>,
    /// The locations.
    locs: &'a [MemLocation],
    /// Their index list (see [`groups_valid`]).
    idxs: &'a [usize],
}

/// The ranges, locations and location index list of a prefetch batch, `None` when the
/// arguments break the reference's rules (flags not 0, no operations, no locations or more
/// locations than operations, an index list that does not start at 0 and rise below `count`).
///
/// # Safety
/// As `cudaMemPrefetchBatchAsync`.
#[allow(clippy::too_many_arguments)]
unsafe fn batch_ranges<'a>(
    dptrs: *const *mut c_void,
    sizes: *const usize,
    count: usize,
    locs: *const MemLocation,
    loc_idxs: *const usize,
    num_locs: usize,
    flags: u64,
    s: *mut c_void,
) -> Option<PrefetchBatch<'a>> {
    let nulls = dptrs.is_null() || sizes.is_null() || locs.is_null() || loc_idxs.is_null();
    if flags != 0 || count == 0 || nulls || num_locs == 0 || num_locs > count {
        return None;
    }
    // Not on the legacy default stream, as cudaMemcpyBatchAsync (an H200's answer).
    if stream(s) == Stream::LEGACY {
        return None;
    }
    // SAFETY: non-null, `numPrefetchLocs` entries each per the contract.
    let (locs, idxs) =
        unsafe { (std::slice::from_raw_parts(locs, num_locs), std::slice::from_raw_parts(loc_idxs, num_locs)) };
    if !groups_valid(idxs, count) {
        return None;
    }
    // SAFETY: non-null, `count` entries each per the contract.
    let ranges = (0..count).map(|i| unsafe { (dptrs.add(i).read().cast_const(), sizes.add(i).read()) }).collect();
    Some(PrefetchBatch { ranges, locs, idxs })
}

/// `struct cudaMemcpy3DOperand` (`type`, then the union: a pointer operand's `ptr`,
/// `rowLength`, `layerHeight` (elements) and location hint, or an array operand's array and
/// element offset).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
struct Operand {
    /// `enum cudaMemcpy3DOperandType`: pointer (1) or array (2).
    ty: i32,
    /// The union, as `size_t` words: pointer operand {ptr, rowLength, layerHeight, locHint};
    /// array operand {array, offset.x, offset.y, offset.z}.
    op: [usize; 4],
}

/// `struct cudaMemcpy3DBatchOp`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
struct Batch3DOp {
    /// `src`.
    src: Operand,
    /// `dst`.
    dst: Operand,
    /// `extent`, in elements (1-byte elements between pointers).
    extent: [usize; 3],
    /// `enum cudaMemcpySrcAccessOrder`.
    src_access_order: i32,
    /// `cudaMemcpyFlags`.
    flags: u32,
}

/// `cudaMemcpyOperandTypePointer`.
const OPERAND_POINTER: i32 = 1;
/// `cudaMemcpyOperandTypeArray`.
const OPERAND_ARRAY: i32 = 2;

/// The bytes of one element of array `a` (`None`: not an array).
fn element_bytes(a: usize) -> Option<usize> {
    let (d, _, _) = runtime::array::array_get_info(a as u64).ok()?;
    Some(((d.x + d.y + d.z + d.w) / 8) as usize)
}

impl Batch3DOp {
    /// The `cudaMemcpy3DParms` this operation is (kind `cudaMemcpyDefault`), `None` when it
    /// breaks the reference's rules: a zero extent, an unknown source order or operand type,
    /// a row length or layer height below the extent, arrays of different element sizes.
    fn parms(&self) -> Option<super::pitched::Memcpy3DParms> {
        use super::pitched::{Extent, Memcpy3DParms, PitchedPtr, Pos};
        let [w, h, d] = self.extent;
        if w == 0 || h == 0 || d == 0 || !(1..=3).contains(&self.src_access_order) {
            return None;
        }
        let elem = |o: &Operand| if o.ty == OPERAND_ARRAY { element_bytes(o.op[0]) } else { None };
        let elem = match (elem(&self.src), elem(&self.dst)) {
            (Some(a), Some(b)) if a != b => return None,
            (Some(a), _) | (None, Some(a)) => a,
            (None, None) => 1,
        };
        let null_ptr = PitchedPtr { ptr: std::ptr::null_mut(), pitch: 0, xsize: 0, ysize: 0 };
        // (array, position, pitched pointer) of an operand.
        let end = |o: &Operand| -> Option<(*mut c_void, Pos, PitchedPtr)> {
            match o.ty {
                OPERAND_POINTER => {
                    let [ptr, row, layer, _] = o.op;
                    if (row != 0 && row < w) || (layer != 0 && layer < h) {
                        return None;
                    }
                    let (row, layer) = (if row == 0 { w } else { row }, if layer == 0 { h } else { layer });
                    let p = PitchedPtr { ptr: ptr as *mut c_void, pitch: row * elem, xsize: row, ysize: layer };
                    Some((std::ptr::null_mut(), Pos { x: 0, y: 0, z: 0 }, p))
                }
                OPERAND_ARRAY => {
                    let [a, x, y, z] = o.op;
                    Some((a as *mut c_void, Pos { x, y, z }, null_ptr))
                }
                _ => None,
            }
        };
        let (src_array, src_pos, src_ptr) = end(&self.src)?;
        let (dst_array, dst_pos, dst_ptr) = end(&self.dst)?;
        // cudaMemcpy3D's extent is in bytes between pointers, in elements with an array.
        Some(Memcpy3DParms {
            srcArray: src_array,
            srcPos: src_pos,
            srcPtr: src_ptr,
            dstArray: dst_array,
            dstPos: dst_pos,
            dstPtr: dst_ptr,
            extent: Extent { width: w, height: h, depth: d },
            kind: 4,
        })
    }
}

/// `cudaMemcpy3DBatchAsync(size_t numOps, struct cudaMemcpy3DBatchOp *opList, unsigned long
/// long flags, cudaStream_t)`: each operation as `cudaMemcpy3DAsync` with `cudaMemcpyDefault`;
/// flags must be 0, and the legacy default stream is refused as for `cudaMemcpyBatchAsync`.
///
/// # Safety
/// `ops` must hold `num_ops` operations; the memory each covers must be valid until it
/// completes.
pub unsafe fn cudaMemcpy3DBatchAsync(num_ops: usize, ops: *const c_void, flags: u64, s: *mut c_void) -> i32 {
    if num_ops == 0 || ops.is_null() || flags != 0 || stream(s) == Stream::LEGACY {
        return invalid();
    }
    // SAFETY: `ops` holds `num_ops` operations per the contract (checked non-null).
    let ops = unsafe { std::slice::from_raw_parts(ops.cast::<Batch3DOp>(), num_ops) };
    let Some(parms) = ops.iter().map(Batch3DOp::parms).collect::<Option<Vec<_>>>() else {
        return invalid();
    };
    for p in &parms {
        // SAFETY: each operation's memory is valid until it completes: this function's contract, which is
        // cudaMemcpy3DAsync's.
        let r = unsafe { super::pitched::memcpy_3d(p, runtime::memory::On::Async(crate::stream(s))) };
        if r != 0 {
            return r;
        }
    }
    0
}

/// Whether stream `s` is capturing (a batch is not captured).
fn capturing(s: *mut c_void) -> bool {
    runtime::graph::capture_status(stream(s)).is_ok_and(|st| st != runtime::graph::CaptureStatus::None)
}
