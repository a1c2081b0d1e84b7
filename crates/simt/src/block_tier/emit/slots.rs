//! Frame slots: where a thread's register waits in `frames` while the thread is stopped
//! (`frames[slot * n + t]`, one slot per register of every thread side by side).
//!
//! One slot per register spreads a block's saved registers over `nregs` rows of `n` words:
//! nvcc unrolls a loop of barriers with fresh registers in every copy (a scan's 20
//! `__syncthreads`), and the rows a block touches then outgrow the first-level cache, so
//! every save and reload misses it. Registers never live at the same time share a slot
//! instead (an interval-graph colouring, as a register allocator's), and the rows a block
//! touches are about as many as the registers live at once.
//!
//! Why sharing is exact: a frame word is read only for a register live where it is read (a
//! resume takes back the registers live there; a lane phase's barrier leaves a register it
//! did not write since the last resume to the word it stored then, and that register is live
//! from that store to its next read), and every writer stores registers live at the point it
//! stops (a spill, a barrier's store, a hand-over) or the destination of the instruction it
//! performs (a warp collective's result, written by `jit::run::warp_collectives`). Two
//! registers that share a slot are never both live, nor one live where the other is written,
//! at any instruction, so no write lands in a word another register still needs.

use crate::analysis::live::{Liveness, uses_defs};
use crate::ir::Func;

/// Kernels with more registers than this keep one slot per register: the colouring's
/// graph grows with the square of the registers.
const MOST_REGISTERS: u32 = 8192;

/// The frame slot of each register of `f`, and how many slots there are.
pub(crate) fn frame_slots(f: &Func, live: &Liveness) -> (Vec<u32>, usize) {
    let nregs = f.nregs as usize;
    if f.nregs > MOST_REGISTERS {
        return ((0..f.nregs).collect(), nregs);
    }
    let words = nregs.div_ceil(64).max(1);
    // `conflicts[r]`: the registers live, or written, at an instruction where `r` is.
    let mut conflicts = vec![0u64; nregs * words];
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    let mut together = vec![0u64; words];
    for (pc, inst) in f.code.iter().enumerate() {
        together.iter_mut().for_each(|w| *w = 0);
        let mut members = live.live_at(pc as u32);
        uses.clear();
        defs.clear();
        uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
        members.extend(defs.iter().map(|&d| d as usize));
        members.retain(|&r| r < nregs);
        for &r in &members {
            together[r / 64] |= 1 << (r % 64);
        }
        for &r in &members {
            for (c, t) in conflicts[r * words..(r + 1) * words].iter_mut().zip(&together) {
                *c |= t;
            }
        }
    }
    let mut slot = vec![u32::MAX; nregs];
    let mut taken = Vec::new();
    let mut count = 0usize;
    for r in 0..nregs {
        taken.clear();
        for (i, &w) in conflicts[r * words..(r + 1) * words].iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let other = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                if other != r && slot[other] != u32::MAX {
                    taken.push(slot[other]);
                }
            }
        }
        taken.sort_unstable();
        taken.dedup();
        let mut s = 0u32;
        for &t in &taken {
            if t != s {
                break;
            }
            s += 1;
        }
        slot[r] = s;
        count = count.max(s as usize + 1);
    }
    (slot, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `%r1` lives across every barrier; `%r2` and `%r3` each across one, at different ones.
    const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    bar.sync 0;
    add.s32 %r2, %r1, 1;
    bar.sync 0;
    add.s32 %r3, %r2, 2;
    bar.sync 0;
    add.s32 %r4, %r3, %r1;
    st.global.u32 [%rd1], %r4;
    ret;
}
"#;

    #[test]
    fn registers_live_together_never_share_a_slot_and_others_do() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let live = Liveness::of(f);
        let (slot, count) = frame_slots(f, &live);
        let nregs = f.nregs as usize;
        for pc in 0..f.code.len() {
            let (mut u, mut d) = (Vec::new(), Vec::new());
            uses_defs(&f.code[pc].op, f.nregs, &mut u, &mut d);
            let mut at = live.live_at(pc as u32);
            at.extend(d.iter().map(|&d| d as usize));
            at.retain(|&r| r < nregs);
            for &a in &at {
                for &b in at.iter().filter(|&&b| b != a) {
                    assert_ne!(slot[a], slot[b], "registers {a} and {b} are live together at pc {pc}");
                }
            }
        }
        assert!(slot.iter().all(|&s| (s as usize) < count));
        assert!(count < nregs, "{count} slots for {nregs} registers: none shared");
    }
}
