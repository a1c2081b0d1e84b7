//! Warp collectives and block barriers: `elect`, `shfl`, `vote`, `redux`, `match`,
//! `activemask`, `bar`/`barrier`. (Where lanes of the warp must arrive together, the
//! dispatch loop parks them first: `converge.rs`.)

use super::*;

impl Warp {
    /// A warp collective (`elect`, `shfl`, `vote`, `redux`, `match`) of the executing lanes
    /// `emask`, all at this instruction.
    pub(super) fn collective(&mut self, b: &Block<'_, '_>, op: &Op, emask: u32) {
        let results = crate::semantics::collective::perform(op, emask, |role| {
            let mut v = [0u64; 32];
            if let Some(s) = op.collective_src(role) {
                self.fetch(b, s, &mut v);
            }
            v
        });
        results.each(|role, v| {
            if let Some(d) = op.collective_dst(role)
                && let Some(dst) = self.regs.get_mut(d as usize)
            {
                write_masked(dst, v, emask);
            }
        });
    }

    /// `bar.sync`/`bar.arrive`/`bar.red` on barrier `id`: ends the slice (the scheduler
    /// counts the warp's arrival), with the path at `pc + 1`.
    pub(super) fn barrier(
        &mut self,
        b: &Block<'_, '_>,
        id: &Src,
        count: &Option<Src>,
        kind: &BarKind,
        (pc, emask): (u32, u32),
        s: &mut Scratch,
    ) -> Flow {
        let next = pc + 1;
        let Scratch { a, b: bb, c, .. } = s;
        self.fetch(b, *id, a);
        let first = emask.trailing_zeros() as usize;
        let n = match count {
            Some(cs) => {
                self.fetch(b, *cs, c);
                Some(c[first] as u32)
            }
            None => None,
        };
        let red = match *kind {
            BarKind::Red { op, d, p, neg } => {
                self.fetch(b, p, bb);
                let t = lanes(emask).fold(0u32, |m, k| m | (u32::from((bb[k] & 1 != 0) != neg) << k));
                // with the lanes that met this path here on others (`Warp::sync_point`)
                self.red.push((op, d, emask, t));
                let (all, held) = self.red.iter().fold((0u32, 0u32), |(m, h), r| (m | r.2, h | r.3));
                Some((held.count_ones(), held == all, held != 0))
            }
            _ => None,
        };
        self.bar_pc = pc;
        self.set_pc(next);
        let arrive = *kind == BarKind::Arrive;
        Flow::Yield(Yield::Barrier { id: a[first] as u32, count: n, arrive, red })
    }

    /// `activemask`: the lanes of the running path (`path`).
    pub(super) fn activemask(&mut self, d: &Reg, path: u32, emask: u32) {
        write_masked(&mut self.regs[*d as usize], &[u64::from(path); 32], emask);
    }
}
