//! `setp`/`set` comparisons and their boolean combination.

use super::*;
use crate::float::*;
use crate::ir::*;
use ptx::types::CmpOp;

/// Integer comparison of every lane, with the operator matched once.
#[inline(always)]
pub(crate) fn int_cmp_lanes<T: Ord + Copy>(op: CmpOp, x: &[T; 32], y: &[T; 32], p: &mut [u64; 32]) {
    use CmpOp::*;
    macro_rules! go {
        ($f:expr) => {
            for ((o, &a), &b) in p.iter_mut().zip(x).zip(y) {
                *o = u64::from($f(a, b));
            }
        };
    }
    match op {
        Eq => go!(|a: T, b: T| a == b),
        Ne => go!(|a: T, b: T| a != b),
        Lt | Lo => go!(|a: T, b: T| a < b),
        Le | Ls => go!(|a: T, b: T| a <= b),
        Gt | Hi => go!(|a: T, b: T| a > b),
        _ => go!(|a: T, b: T| a >= b),
    }
}

/// The comparison `b op' a` equivalent to `a op b`; `None` for the operators without one
/// here (the float-only ones).
pub(crate) fn mirrored(op: CmpOp) -> Option<CmpOp> {
    use CmpOp::*;
    Some(match op {
        Eq | Ne => op,
        Lt => Gt,
        Lo => Hi,
        Le => Ge,
        Ls => Hs,
        Gt => Lt,
        Hi => Lo,
        Ge => Le,
        Hs => Ls,
        _ => return None,
    })
}

/// Integer comparison of one pair (`lo`, `ls`, `hi`, `hs` are the unsigned spellings).
#[inline]
fn int_cmp<T: Ord>(op: CmpOp, x: T, y: T) -> bool {
    use CmpOp::*;
    match op {
        Eq => x == y,
        Ne => x != y,
        Lt | Lo => x < y,
        Le | Ls => x <= y,
        Gt | Hi => x > y,
        _ => x >= y,
    }
}

/// `setp` comparison of every lane.
#[inline]
pub(crate) fn cmp_lanes(c: &Cmp, a: &[u64; 32], b: &[u64; 32], p: &mut [u64; 32]) {
    let w = c.w;
    match c.kind {
        b's' => {
            let (mut x, mut y) = ([0i64; 32], [0i64; 32]);
            for (((x, y), &a), &b) in x.iter_mut().zip(y.iter_mut()).zip(a).zip(b) {
                (*x, *y) = (sx(a, w), sx(b, w));
            }
            int_cmp_lanes(c.op, &x, &y, p)
        }
        b'u' if w >= 64 => int_cmp_lanes(c.op, a, b, p),
        b'u' => {
            let m = mask_w(w);
            let (mut x, mut y) = ([0u64; 32], [0u64; 32]);
            for (((x, y), &a), &b) in x.iter_mut().zip(y.iter_mut()).zip(a).zip(b) {
                (*x, *y) = (a & m, b & m);
            }
            int_cmp_lanes(c.op, &x, &y, p)
        }
        _ => {
            for ((o, &x), &y) in p.iter_mut().zip(a).zip(b) {
                *o = u64::from(cmp(c, x, y));
            }
        }
    }
}

/// The comparison `c` of one pair of values.
pub(crate) fn cmp(c: &Cmp, a: u64, b: u64) -> bool {
    use CmpOp::*;
    match c.kind {
        b's' => int_cmp(c.op, sx(a, c.w), sx(b, c.w)),
        b'u' => {
            let m = mask_w(c.w);
            int_cmp(c.op, a & m, b & m)
        }
        _ => {
            let (x, y) = match c.kind {
                b'd' => (f64::from_bits(a), f64::from_bits(b)),
                b'h' | b'g' => {
                    let f = if c.kind == b'h' { HFmt::F16 } else { HFmt::Bf16 };
                    let v = |x: u64| f.to_f64(if c.ftz { f.ftz(x as u16) } else { x as u16 });
                    (v(a), v(b))
                }
                _ if c.ftz => (f64::from(ftz32(f32_of(a))), f64::from(ftz32(f32_of(b)))),
                _ => (f64::from(f32_of(a)), f64::from(f32_of(b))),
            };
            let nan = x.is_nan() || y.is_nan();
            match c.op {
                Eq => x == y,
                Ne => !nan && x != y,
                Lt => x < y,
                Le => x <= y,
                Gt => x > y,
                Ge => x >= y,
                Equ => nan || x == y,
                Neu => nan || x != y,
                Ltu => nan || x < y,
                Leu => nan || x <= y,
                Gtu => nan || x > y,
                Geu => nan || x >= y,
                Num => !nan,
                Nan => nan,
                Lo | Ls | Hi | Hs => false,
            }
        }
    }
}
