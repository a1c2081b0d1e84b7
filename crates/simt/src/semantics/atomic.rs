//! Atomics (`atom`, `red`): the value an atomic read-modify-write leaves in its location,
//! given the old one. One rule for every engine: the interpreter and the compiled tiers'
//! helper calls (`h_atom`) apply it inside the host atomic that makes the access atomic
//! (`memory::MemView::atomic` for global memory, `exec::AtomicMemory::atom` for shared
//! memory); the inline forms the compiled tiers emit for integer operations (Cranelift's
//! `atomic_rmw` in `jit/lower.rs`, the block tier's C in `block_tier/emit/mem.rs`) are the
//! arms of [`apply`] for those operations, as their comments argue, and
//! `tests/conformance_forms/atomics.rs` runs every operation, type, state space and scope on
//! every engine.

use crate::float::{FBin, HMode, f16_add};
use crate::ir::AtomOp;

/// The new value of an atomic location holding `old` (`size` bytes) under `op` with operands
/// `b` (and `c` for `cas`); `global`: the location is in global memory (where `atom.add.f32`
/// flushes subnormals).
pub(crate) fn apply(op: AtomOp, size: u32, old: u64, b: u64, c: u64, global: bool) -> u64 {
    let m = if size >= 8 { u64::MAX } else { (1u64 << (size * 8)) - 1 };
    let sx = |v: u64| -> i64 { if size >= 8 { v as i64 } else { ((v << (64 - size * 8)) as i64) >> (64 - size * 8) } };
    let r = match op {
        AtomOp::Add => old.wrapping_add(b),
        AtomOp::FAdd => match size {
            8 => atom_add_f64(old, b),
            4 => u64::from(atom_add_f32(old as u32, b as u32, global)),
            _ => u64::from(f16_add(old as u16, b as u16)),
        },
        AtomOp::MinU => (old & m).min(b & m),
        AtomOp::MaxU => (old & m).max(b & m),
        AtomOp::MinS => sx(old).min(sx(b)) as u64,
        AtomOp::MaxS => sx(old).max(sx(b)) as u64,
        AtomOp::MinF | AtomOp::MaxF => {
            let (x, y) = if size == 8 {
                (f64::from_bits(old), f64::from_bits(b))
            } else {
                (f64::from(f32::from_bits(old as u32)), f64::from(f32::from_bits(b as u32)))
            };
            let pick_b = if op == AtomOp::MinF { y < x || x.is_nan() } else { y > x || x.is_nan() };
            if pick_b { b } else { old }
        }
        AtomOp::Inc => {
            if (old & m) >= (b & m) {
                0
            } else {
                old.wrapping_add(1)
            }
        }
        AtomOp::Dec => {
            if (old & m) == 0 || (old & m) > (b & m) {
                b
            } else {
                old.wrapping_sub(1)
            }
        }
        AtomOp::HAdd { fmt, pair } | AtomOp::HMin { fmt, pair } | AtomOp::HMax { fmt, pair } => {
            let plain = HMode { fmt, ftz: false, sat: false, relu: false, nan: false, xorsign: false };
            let one = |x: u16, y: u16| -> u16 {
                match op {
                    // The exact sum of two halves fits an f64: one rounding.
                    AtomOp::HAdd { .. } => fmt.encode(fmt.to_f64(x) + fmt.to_f64(y)),
                    // PTX `min`/`max` of halves (-0 < +0; one NaN gives the other operand,
                    // two give the canonical NaN), as an H200's `atom.min.noftz.v2.f16` does.
                    AtomOp::HMin { .. } => plain.bin(FBin::Min, x, y),
                    _ => plain.bin(FBin::Max, x, y),
                }
            };
            let lo = u64::from(one(old as u16, b as u16));
            if pair { lo | u64::from(one((old >> 16) as u16, (b >> 16) as u16)) << 16 } else { lo }
        }
        AtomOp::Exch => b,
        AtomOp::Cas => {
            if (old & m) == (b & m) {
                c
            } else {
                old
            }
        }
        AtomOp::And => old & b,
        AtomOp::Or => old | b,
        AtomOp::Xor => old ^ b,
    };
    r & m
}

/// `atom.add.f32` as an H200 computes it (`tests/program-diff/atomic_float_edges.cu`): a NaN
/// result is the canonical NaN; in global memory (`global`) subnormal inputs and results
/// flush to sign-preserving zero, in shared memory they do not.
fn atom_add_f32(old: u32, b: u32, global: bool) -> u32 {
    let ftz = |x: u32| if global && x & 0x7f80_0000 == 0 { x & 0x8000_0000 } else { x };
    let r = f32::from_bits(ftz(old)) + f32::from_bits(ftz(b));
    if r.is_nan() { 0x7fff_ffff } else { ftz(r.to_bits()) }
}

/// `atom.add.f64` as an H200 computes it: a NaN operand is the result as it is (signaling
/// ones too), the added value's first; infinities of opposite signs give the negative
/// default NaN; no flush.
fn atom_add_f64(old: u64, b: u64) -> u64 {
    let (o, v) = (f64::from_bits(old), f64::from_bits(b));
    if v.is_nan() {
        b
    } else if o.is_nan() {
        old
    } else {
        let r = o + v;
        if r.is_nan() { 0xfff8_0000_0000_0000 } else { r.to_bits() }
    }
}

/// A 16-byte atomic (`atom.cas.b128`, `atom.exch.b128`) on the location holding `old`
/// (low, high): `cas` stores `c` where `old` equals `b`, exchange stores `b`.
pub(crate) fn apply16(cas: bool, old: [u64; 2], b: [u64; 2], c: [u64; 2]) -> [u64; 2] {
    if !cas {
        b
    } else if old == b {
        c
    } else {
        old
    }
}
