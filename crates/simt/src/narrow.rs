//! Vector loads narrowed to the elements a function reads, as ptxas assembles them. ptxas (at
//! `-O1` and above: not for `-G` code) drops the elements of an `ld.v2`/`ld.v4` whose registers
//! nothing reads: `ld.global.nc.v2.u64 {%rd1, %rd2}` with `%rd2` unused becomes `LDG.E.64` of
//! the first half, `ld.v4.u32` with only its last two elements used `LDG.E.64` at +8. The
//! access is then only as wide as what remains, and so is its alignment: NVVM emits such loads
//! (CUB's `DeviceReduce::TransformReduce` with a 24-byte accumulator reads pairs of `int` with
//! a 16-byte load at addresses 8 bytes apart), and an H200 runs them where the whole vector
//! would be a misaligned access. Strong loads (`.volatile`, `.relaxed`, `.acquire`) stay whole,
//! as ptxas keeps them (`LDG.E.128.STRONG.SYS`).
//!
//! Narrowed here: the live elements lie in one naturally aligned part of the vector (one
//! element, or an aligned pair of a `v4`), which becomes the access. ptxas splits other
//! patterns (`{0, 2}` of a `v4`: two 4-byte loads); those stay whole (a stricter alignment
//! than the GPU's), as do vectors nothing reads at all (which ptxas deletes).

use std::collections::HashSet;

use crate::ir::{Inst, Op, Reg};

/// Narrows each weak vector load of `code` whose live elements fit one aligned part of it. A
/// register is live when any instruction of the function reads it.
pub(crate) fn narrow_vector_loads(code: &mut [Inst]) {
    let mut read: HashSet<Reg> = HashSet::new();
    for inst in code.iter() {
        inst.op.operands(&mut |o| {
            if let Some(r) = o.read_reg() {
                read.insert(r);
            }
        });
        if let Some(g) = &inst.guard {
            read.insert(g.reg);
        }
    }
    for inst in code.iter_mut() {
        let Op::Ld { size, d, addr, strong: false, .. } = &mut inst.op else { continue };
        if d.len() < 2 {
            continue;
        }
        let live: Vec<bool> = d.iter().map(|r| r.is_some_and(|r| read.contains(&r))).collect();
        let (Some(first), Some(last)) = (live.iter().position(|&l| l), live.iter().rposition(|&l| l)) else {
            continue;
        };
        let (start, len) = match last - first {
            0 => (first, 1),
            1 if first % 2 == 0 && d.len() == 4 => (first, 2),
            _ => continue,
        };
        *d = d[start..start + len].to_vec();
        addr.off += (start * usize::from(*size)) as i64;
    }
}
