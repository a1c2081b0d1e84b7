//! Register liveness over a decoded function, so a thread that stops (barrier, yield) spills
//! and reloads only the registers still read afterwards. That keeps dead values out of the
//! loops around resume points, where they would otherwise cost registers and stack traffic.

use crate::ir::*;

/// Live-in register sets per instruction (`nregs + 1` bits: the registers, then the carry
/// flag), as bitsets of `words` words each.
pub(crate) struct Liveness {
    words: usize,
    live_in: Vec<u64>,
}

/// Calls `f` with every source operand of `op` (registers, immediates, special registers).
pub(crate) fn for_each_src(op: &Op, f: &mut impl FnMut(Src)) {
    let mut each = |ss: &[&Src]| ss.iter().for_each(|s| f(**s));
    match op {
        Op::Un { a, .. } | Op::Cvta { a, .. } | Op::Isspacep { a, .. } | Op::Unpack { a, .. } => each(&[a]),
        Op::Bin { a, b, .. } => each(&[a, b]),
        Op::Tern { a, b, c, .. } | Op::Carry { a, b, c, .. } => each(&[a, b, c]),
        Op::Shfl { a, b, c, mask, .. } => each(&[a, b, c, mask]),
        Op::Bfi { a, b, c, e, .. } => each(&[a, b, c, e]),
        Op::Setp { a, b, comb, .. } => {
            each(&[a, b]);
            if let Some((_, s, _)) = comb {
                each(&[s]);
            }
        }
        Op::Pack { parts, .. } => parts.iter().for_each(|p| f(*p)),
        Op::St { vals, .. } => vals.iter().for_each(|v| f(*v)),
        Op::Atom { b, c, .. } => each(&[b, c]),
        Op::Mov2 { a, .. } => a.iter().for_each(|s| f(*s)),
        Op::Atom128 { b, c, .. } => b.iter().chain(c).for_each(|s| f(*s)),
        Op::Brx { index, .. } => each(&[index]),
        Op::Bar { id, count, .. } => {
            each(&[id]);
            if let Some(c) = count {
                each(&[c]);
            }
        }
        Op::Vote { a, mask, .. } | Op::Match { a, mask, .. } | Op::Redux { a, mask, .. } => each(&[a, mask]),
        Op::Elect { mask, .. } | Op::WarpSync { mask } => each(&[mask]),
        _ => {}
    }
}

fn src(s: &Src, out: &mut Vec<u32>) {
    if let Src::Reg(r) = s {
        out.push(*r);
    }
}

fn addr(a: &Addr, out: &mut Vec<u32>) {
    if let Base::Reg(r) = a.base {
        out.push(r);
    }
}

/// The registers `op` reads (`uses`) and writes (`defs`); `carry` is the carry flag's index.
/// Whether the lists are exact: false for instructions whose registers are not listed
/// (every register counted as read, none as written).
pub(crate) fn uses_defs(op: &Op, carry: u32, uses: &mut Vec<u32>, defs: &mut Vec<u32>) -> bool {
    match op {
        Op::Un { d, a, .. } | Op::Cvta { d, a, .. } | Op::Isspacep { d, a, .. } => {
            src(a, uses);
            defs.push(*d);
        }
        Op::Bin { d, a, b, .. } => {
            src(a, uses);
            src(b, uses);
            defs.push(*d);
        }
        Op::Tern { d, a, b, c, .. } => {
            for s in [a, b, c] {
                src(s, uses);
            }
            defs.push(*d);
        }
        Op::Bfi { d, a, b, c, e, .. } => {
            for s in [a, b, c, e] {
                src(s, uses);
            }
            defs.push(*d);
        }
        Op::Setp { out, d, dn, a, b, comb, .. } => {
            src(a, uses);
            src(b, uses);
            if let Some((_, s, _)) = comb {
                src(s, uses);
            }
            defs.push(*d);
            if let (Some(dn), SetOut::Pred) = (dn, out) {
                defs.push(*dn);
            }
        }
        Op::Pack { d, parts, .. } => {
            parts.iter().for_each(|p| src(p, uses));
            defs.push(*d);
        }
        Op::Unpack { parts, a, .. } => {
            src(a, uses);
            defs.extend(parts.iter().flatten());
        }
        Op::Ld { d, addr: a, .. } => {
            addr(a, uses);
            defs.extend(d.iter().flatten());
        }
        Op::St { vals, addr: a, .. } => {
            addr(a, uses);
            vals.iter().for_each(|v| src(v, uses));
        }
        Op::Atom { d, addr: a, b, c, .. } => {
            addr(a, uses);
            src(b, uses);
            src(c, uses);
            defs.extend(d.iter());
        }
        Op::Mov2 { d, a } => {
            a.iter().for_each(|s| src(s, uses));
            defs.extend(d.iter().flatten());
        }
        Op::Atom128 { d, addr: a, b, c, .. } => {
            addr(a, uses);
            b.iter().chain(c).for_each(|s| src(s, uses));
            defs.extend(d.iter().flatten());
        }
        Op::Carry { cin, cout, d, a, b, c, .. } => {
            for s in [a, b, c] {
                src(s, uses);
            }
            if *cin {
                uses.push(carry);
            }
            defs.push(*d);
            if *cout {
                defs.push(carry);
            }
        }
        Op::Brx { index, .. } => src(index, uses),
        Op::Bar { id, count, kind } => {
            src(id, uses);
            if let Some(c) = count {
                src(c, uses);
            }
            if let BarKind::Red { d, p, .. } = kind {
                src(p, uses);
                defs.push(*d);
            }
        }
        Op::Shfl { d, p, a, b, c, mask, .. } => {
            for s in [a, b, c, mask] {
                src(s, uses);
            }
            defs.push(*d);
            defs.extend(p.iter());
        }
        Op::Vote { d, a, mask, .. } => {
            src(a, uses);
            src(mask, uses);
            defs.push(*d);
        }
        Op::Activemask { d } => defs.push(*d),
        Op::Redux { d, a, mask, .. } => {
            src(a, uses);
            src(mask, uses);
            defs.push(*d);
        }
        Op::Match { d, p, a, mask, .. } => {
            src(a, uses);
            src(mask, uses);
            defs.push(*d);
            defs.extend(p.iter());
        }
        Op::Elect { d, p, mask } => {
            src(mask, uses);
            defs.extend(d.iter());
            defs.extend(p.iter());
        }
        Op::WarpSync { mask } => src(mask, uses),
        // Not compiled (the JIT rejects them) or without registers: assume everything is read,
        // which is always safe.
        Op::Nop | Op::Nanosleep | Op::Fence | Op::Bra { .. } | Op::Ret | Op::Exit | Op::Trap => {}
        _ => {
            uses.extend(0..=carry);
            return false;
        }
    }
    true
}

/// The instructions control may reach after instruction `pc` (`code.len()`: the end).
pub(crate) fn successors(f: &Func, pc: usize, out: &mut Vec<usize>) {
    let inst = &f.code[pc];
    let n = f.code.len();
    match &inst.op {
        Op::Bra { target, .. } => {
            out.push((*target as usize).min(n));
            if inst.guard.is_some() {
                out.push(pc + 1);
            }
        }
        Op::Brx { targets, .. } => {
            out.extend(targets.iter().map(|&t| (t as usize).min(n)));
            if inst.guard.is_some() {
                out.push(pc + 1);
            }
        }
        Op::Ret | Op::Exit | Op::Trap if inst.guard.is_none() => {}
        _ => out.push(pc + 1),
    }
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
