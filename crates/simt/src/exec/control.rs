//! Control flow: branches (divergent ones push reconvergence entries), indexed branches,
//! `exit` and `ret`.

use super::*;

impl Warp {
    /// `brx.idx`: each lane branches to `targets[index]`; lanes with different targets
    /// diverge until `ipdom`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn brx(
        &mut self,
        b: &Block<'_, '_>,
        index: &Src,
        targets: &[u32],
        ipdom: &u32,
        (top, emask): (Entry, u32),
        s: &mut Scratch,
    ) -> WarpResult<Flow> {
        let next = top.pc + 1;
        let Scratch { a, .. } = s;
        self.fetch(b, *index, a);
        let tgt = |k: usize| targets.get(a[k] as usize).copied();
        let first = emask.trailing_zeros() as usize;
        let Some(t0) = tgt(first) else { return Err(fault(FaultKind::Trap, first as u32)) };
        let same = lanes(emask).fold(0u32, |m, k| m | (u32::from(tgt(k) == Some(t0)) << k));
        if same == top.mask {
            self.set_pc(t0);
            return Ok(Flow::Moved);
        }
        let mut groups: Vec<(u32, u32)> = Vec::new();
        let mut rest = emask;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            let Some(t) = tgt(k) else { return Err(fault(FaultKind::Trap, k as u32)) };
            let m = lanes(rest).fold(0u32, |m, j| m | (u32::from(tgt(j) == Some(t)) << j));
            groups.push((t, m));
            rest &= !m;
        }
        self.set_pc(*ipdom);
        let not = top.mask & !emask;
        if not != 0 {
            self.stack.push(Entry { pc: next, rpc: *ipdom, mask: not, base: false, wait: false });
        }
        for &(t, m) in groups.iter().rev() {
            self.stack.push(Entry { pc: t, rpc: *ipdom, mask: m, base: false, wait: false });
        }
        Ok(Flow::Moved)
    }

    /// `bra` at the top path's pc for lanes `emask` (the guard's): uniform, a backward
    /// branch that may give way to other warps, or divergence until `ipdom`.
    pub(super) fn bra(
        &mut self,
        l: &Launch<'_>,
        func: &Func,
        target: &u32,
        ipdom: &u32,
        (top, emask): (Entry, u32),
    ) -> Flow {
        let (pc, next) = (top.pc, top.pc + 1);
        let taken = emask;
        let not = top.mask & !taken;
        if not == 0 {
            self.set_pc(*target);
            if *target <= pc {
                self.backedges += 1;
                if self.backedges >= PREEMPT_BACKEDGES {
                    self.backedges = 0;
                    return Flow::Yield(self.give_way(spins_for_lock(l, &func.code, *target, pc, top.rpc), true));
                }
            }
        } else if taken == 0 {
            self.set_pc(next);
        } else {
            self.set_pc(*ipdom);
            self.stack.push(Entry { pc: next, rpc: *ipdom, mask: not, base: false, wait: false });
            self.stack.push(Entry { pc: *target, rpc: *ipdom, mask: taken, base: false, wait: false });
        }
        Flow::Moved
    }

    /// `ret` from a called function (lanes `emask` leave the frame).
    pub(super) fn ret(&mut self, emask: u32, next: u32) -> Flow {
        self.set_pc(next);
        self.remove_lanes(emask, false);
        Flow::Moved
    }

    /// `exit` (or `ret` from the kernel) of lanes `emask`.
    pub(super) fn exit(&mut self, emask: u32, next: u32) -> Flow {
        self.set_pc(next);
        self.exited |= emask;
        self.remove_lanes(emask, true);
        if self.valid & !self.exited == 0 {
            return Flow::Yield(Yield::Done);
        }
        Flow::Moved
    }
}
