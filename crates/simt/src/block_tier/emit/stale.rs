//! Which registers a lane reaching a barrier in the lane phase must store in its frame.
//!
//! A lane stopping at a barrier keeps the registers live after it in its thread's frame
//! (`frames[slot * n + t]`), and the next phase takes them back from there. A register that no
//! instruction may have written since the lane last resumed from a barrier still holds, in
//! the frame, the value the lane stored or left there then: storing it again is a copy of
//! the same words. Such a register is *clean* at the barrier; every other one is *stale* in
//! the frame. From the kernel's start every register is stale (no frame holds it yet).
//!
//! Frames keep their words between phases of one block (only the lane phase and the scalar
//! passes that take over from it write them, and both store what they stop with), so the
//! saving is exact: reduce_tree's eight barriers after the first keep the same four
//! registers (the block's index, the output pointer, `tid` and its shared address), and store
//! none of them again.

use crate::analysis::live::{successors, uses_defs};
use crate::ir::{BarKind, Func, Op};

/// Per instruction of `f`: the registers that may have been written, on some path, since
/// the running lane last resumed from a barrier (or since the kernel's start) when it
/// arrives there, as bits (register `r`: bit `r % 64` of word `r / 64`).
pub(crate) struct Stale {
    words: usize,
    at: Vec<u64>,
}

impl Stale {
    /// The stale registers of every instruction of `f` (a forward fixpoint: a write makes
    /// its register stale, an unguarded `bar.sync` makes every register clean after it).
    pub(crate) fn of(f: &Func) -> Stale {
        let n = f.code.len();
        let words = (f.nregs as usize).div_ceil(64).max(1);
        let mut at = vec![0u64; n * words];
        if n == 0 {
            return Stale { words, at };
        }
        // The kernel's start: everything stale.
        at[..words].iter_mut().for_each(|w| *w = !0);
        let mut work: Vec<usize> = (0..n).collect();
        let mut queued = vec![true; n];
        let (mut uses, mut defs, mut succ) = (Vec::new(), Vec::new(), Vec::new());
        let mut out = vec![0u64; words];
        while let Some(pc) = work.pop() {
            queued[pc] = false;
            let inst = &f.code[pc];
            let clears = inst.guard.is_none() && matches!(inst.op, Op::Bar { kind: BarKind::Sync, .. });
            if clears {
                out.iter_mut().for_each(|w| *w = 0);
            } else {
                out.copy_from_slice(&at[pc * words..(pc + 1) * words]);
                uses.clear();
                defs.clear();
                uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
                for &d in defs.iter().filter(|&&d| d < f.nregs) {
                    out[d as usize / 64] |= 1 << (d % 64);
                }
            }
            succ.clear();
            successors(f, pc, &mut succ);
            for &s in succ.iter().filter(|&&s| s < n) {
                let mut grew = false;
                for (w, o) in at[s * words..(s + 1) * words].iter_mut().zip(&out) {
                    if *o & !*w != 0 {
                        *w |= *o;
                        grew = true;
                    }
                }
                if grew && !std::mem::replace(&mut queued[s], true) {
                    work.push(s);
                }
            }
        }
        Stale { words, at }
    }

    /// Whether register `r` may have been written since the lane at `pc` last resumed from a
    /// barrier (or since the kernel's start): a lane stopping at `pc` must store it.
    pub(crate) fn stale(&self, pc: u32, r: usize) -> bool {
        self.at.get(pc as usize * self.words + r / 64).is_none_or(|w| w >> (r % 64) & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `%r1` written before the first barrier only, `%r2` before each: at the second
    /// barrier `%r1` is clean, `%r2` stale; at the first both are (the kernel's start).
    const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, 1;
    bar.sync 0;
    add.s32 %r2, %r2, %r1;
    bar.sync 0;
    add.s32 %r3, %r2, %r1;
    st.global.u32 [%rd1], %r3;
    ret;
}
"#;

    #[test]
    fn registers_written_since_the_last_barrier_are_stale() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let bars: Vec<u32> =
            (0..f.code.len() as u32).filter(|&pc| matches!(f.code[pc as usize].op, Op::Bar { .. })).collect();
        assert_eq!(bars.len(), 2);
        let s = Stale::of(f);
        let reg = |text: &str| {
            let pc = f.info.iter().position(|i| i.text.trim_start().starts_with(text)).expect("instruction");
            let (mut u, mut d) = (Vec::new(), Vec::new());
            uses_defs(&f.code[pc].op, f.nregs, &mut u, &mut d);
            d[0] as usize
        };
        let (r1, r2) = (reg("mov.u32 %r1"), reg("mov.u32 %r2"));
        assert!(s.stale(bars[0], r1) && s.stale(bars[0], r2), "from the kernel's start");
        assert!(!s.stale(bars[1], r1), "not written since the first barrier");
        assert!(s.stale(bars[1], r2), "written since the first barrier");
    }

    #[test]
    fn a_write_on_one_path_makes_a_register_stale() {
        let src = KERNEL.replace(
            "    add.s32 %r2, %r2, %r1;\n",
            "    setp.eq.u32 %p1, %r1, 0;\n    @%p1 bra SKIP;\n    add.s32 %r1, %r1, 1;\nSKIP:\n    add.s32 %r2, %r2, %r1;\n",
        )
        .replace(".reg .b64 %rd<2>;", ".reg .b64 %rd<2>;\n    .reg .pred %p<2>;");
        let p = crate::Program::from_ptx(&src).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let bars: Vec<u32> =
            (0..f.code.len() as u32).filter(|&pc| matches!(f.code[pc as usize].op, Op::Bar { .. })).collect();
        let s = Stale::of(f);
        let pc = f.info.iter().position(|i| i.text.trim_start().starts_with("mov.u32 %r1")).expect("mov");
        let (mut u, mut d) = (Vec::new(), Vec::new());
        uses_defs(&f.code[pc].op, f.nregs, &mut u, &mut d);
        assert!(s.stale(bars[1], d[0] as usize), "written on the path that does not branch");
    }
}
