//! The reference semantics of PTX's operations on a warp's lanes: one definition of each, in
//! plain Rust over register values (`u64` per lane). The interpreter (`exec`) runs these; the
//! compiled tiers (`jit`) lower the same operations to machine code, name the function they
//! implement, and are tested against it (`tests/conformance.rs` runs each operation with edge
//! operands on every engine). Leaf module: it depends on `ir`, `float` and `address_space`
//! only, never on memory or an engine (`crates/cli/tests/layering.rs` checks it).

pub(crate) mod arith;
pub(crate) mod atomic;
pub(crate) mod collective;
pub(crate) mod compare;
pub(crate) mod convert;
pub(crate) mod mufu;
mod mufu_tables;
pub(crate) mod video;

/// The low `w` bits set (`w` in 1..=64; branch-free so per-lane loops vectorize).
#[inline(always)]
pub(crate) fn mask_w(w: u8) -> u64 {
    u64::MAX >> (64 - u32::from(w.clamp(1, 64)))
}

/// Sign-extends the low `w` bits of `v` (`w` in 1..=64; branch-free).
#[inline(always)]
pub(crate) fn sx(v: u64, w: u8) -> i64 {
    let sh = 64 - u32::from(w.clamp(1, 64));
    ((v << sh) as i64) >> sh
}

#[inline(always)]
pub(crate) fn map1<const N: usize>(a: &[u64; N], out: &mut [u64; N], f: impl Fn(u64) -> u64) {
    for l in 0..N {
        out[l] = f(a[l]);
    }
}

#[inline(always)]
pub(crate) fn map2<const N: usize>(a: &[u64; N], b: &[u64; N], out: &mut [u64; N], f: impl Fn(u64, u64) -> u64) {
    for l in 0..N {
        out[l] = f(a[l], b[l]);
    }
}

#[inline(always)]
pub(crate) fn map3<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    out: &mut [u64; N],
    f: impl Fn(u64, u64, u64) -> u64,
) {
    for l in 0..N {
        out[l] = f(a[l], b[l], c[l]);
    }
}

#[inline(always)]
pub(crate) fn write_masked(dst: &mut [u64; 32], v: &[u64; 32], mask: u32) {
    if mask == FULL {
        *dst = *v;
    } else {
        for l in 0..32 {
            if mask >> l & 1 != 0 {
                dst[l] = v[l];
            }
        }
    }
}

pub(crate) fn lanes_of(mask: u32) -> impl Iterator<Item = usize> {
    lanes(mask)
}

/// The lanes set in `mask`, lowest first.
pub(crate) fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros();
            m &= m - 1;
            Some(l as usize)
        }
    })
}

pub(crate) const FULL: u32 = u32::MAX;

#[inline(always)]
/// Bits 47..16 of the 48-bit product of the low 24 bits of `x` and `y` (sign-extended when
/// `signed`): `mul24.hi`.
pub(crate) fn mul24_hi(x: u64, y: u64, signed: bool) -> u64 {
    let p = if signed { sx(x, 24).wrapping_mul(sx(y, 24)) } else { ((x & 0xff_ffff) * (y & 0xff_ffff)) as i64 };
    (p >> 16) as u64 & 0xffff_ffff
}

pub(crate) fn f32_of(v: u64) -> f32 {
    f32::from_bits(v as u32)
}

/// The bits of an f32 result; a NaN becomes the canonical NaN 0x7fffffff, as NVIDIA GPUs
/// return from every f32 arithmetic instruction (branch-free, so per-lane loops vectorize).
#[inline(always)]
pub(crate) fn of32(f: f32) -> u64 {
    u64::from(if f.is_nan() { 0x7fff_ffff } else { f.to_bits() })
}
