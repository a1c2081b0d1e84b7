//! Register liveness over a decoded function, so a thread that stops (barrier, yield) spills
//! and reloads only the registers still read afterwards. That keeps dead values out of the
//! loops around resume points, where they would otherwise cost registers and stack traffic.

use crate::ir::operands::Operand;
use crate::ir::*;

/// Live-in register sets per instruction (`nregs + 1` bits: the registers, then the carry
/// flag), as bitsets of `words` words each.
pub(crate) struct Liveness {
    words: usize,
    live_in: Vec<u64>,
}

/// Calls `f` with every source operand of `op` (registers, immediates, special registers;
/// registers read whole, such as matrix fragments, as `Src::Reg`), not address bases.
pub(crate) fn for_each_src(op: &Op, f: &mut impl FnMut(Src)) {
    op.operands(&mut |o| match o {
        Operand::Src(s) => f(*s),
        Operand::Use(r) => f(Src::Reg(r)),
        Operand::Addr(_) | Operand::Def(_) | Operand::CarryIn | Operand::CarryOut => {}
    });
}

/// The registers `op` reads (`uses`) and writes (`defs`), exactly ([`Op::operands`]); `carry`
/// is the carry flag's index.
pub(crate) fn uses_defs(op: &Op, carry: u32, uses: &mut Vec<u32>, defs: &mut Vec<u32>) {
    op.operands(&mut |o| match o {
        Operand::Def(r) => defs.push(r),
        Operand::CarryIn => uses.push(carry),
        Operand::CarryOut => defs.push(carry),
        Operand::Src(_) | Operand::Use(_) | Operand::Addr(_) => uses.extend(o.read_reg()),
    });
}

/// The instructions control may reach after instruction `pc` (`code.len()`: the end); leaving
/// the function is not listed.
pub(crate) fn successors(f: &Func, pc: usize, out: &mut Vec<usize>) {
    f.code[pc].successors(pc, f.code.len(), None, out);
}

impl Liveness {
    /// Computes live-in sets for every instruction of `f` (a backward fixpoint).
    pub(crate) fn of(f: &Func) -> Liveness {
        let n = f.code.len();
        let bits = f.nregs as usize + 1;
        let words = bits.div_ceil(64);
        let carry = f.nregs;
        let mut live_in = vec![0u64; (n + 1) * words];
        let mut gen_kill: Vec<(Vec<u32>, Vec<u32>)> = Vec::with_capacity(n);
        for inst in &f.code {
            let (mut u, mut d) = (Vec::new(), Vec::new());
            uses_defs(&inst.op, carry, &mut u, &mut d);
            if let Some(g) = inst.guard {
                u.push(g.reg);
                // A guarded write may not happen: the old value stays live through it.
                u.extend(d.iter().copied());
            }
            gen_kill.push((u, d));
        }
        let mut succ = Vec::new();
        let mut tmp = vec![0u64; words];
        let mut changed = true;
        while changed {
            changed = false;
            for pc in (0..n).rev() {
                tmp.iter_mut().for_each(|w| *w = 0);
                succ.clear();
                successors(f, pc, &mut succ);
                for &s in &succ {
                    let s = s.min(n);
                    for (t, w) in tmp.iter_mut().zip(&live_in[s * words..(s + 1) * words]) {
                        *t |= w;
                    }
                }
                let (u, d) = &gen_kill[pc];
                for &r in d {
                    if (r as usize) < bits {
                        tmp[r as usize / 64] &= !(1u64 << (r % 64));
                    }
                }
                for &r in u {
                    if (r as usize) < bits {
                        tmp[r as usize / 64] |= 1u64 << (r % 64);
                    }
                }
                let cur = &mut live_in[pc * words..(pc + 1) * words];
                if cur != tmp.as_slice() {
                    cur.copy_from_slice(&tmp);
                    changed = true;
                }
            }
        }
        Liveness { words, live_in }
    }

    /// Whether register `r` is live on entry to instruction `pc`.
    pub(crate) fn is_live(&self, pc: u32, r: u32) -> bool {
        let at = pc as usize * self.words + r as usize / 64;
        self.live_in.get(at).is_some_and(|w| w >> (r % 64) & 1 != 0)
    }

    /// The registers (and carry flag, index `nregs`) live on entry to instruction `pc`.
    pub(crate) fn live_at(&self, pc: u32) -> Vec<usize> {
        let at = pc as usize * self.words;
        let Some(ws) = self.live_in.get(at..at + self.words) else { return Vec::new() };
        let mut out = Vec::new();
        for (i, &w) in ws.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                out.push(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
        out
    }
}
