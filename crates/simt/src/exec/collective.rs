//! Warp collectives and block barriers: `elect`, `shfl`, `vote`, `redux`, `match`,
//! `activemask`, `bar`/`barrier`. (Where lanes of the warp must arrive together, the
//! dispatch loop parks them first: `converge.rs`.)

use super::*;

impl Warp {
    pub(super) fn elect(
        &mut self,
        b: &Block<'_, '_>,
        d: &Option<Reg>,
        p: &Option<Reg>,
        mask: &Src,
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, c, r, .. } = s;
        self.fetch(b, *mask, a);
        elect_lanes(a, emask, r, c);
        if let Some(d) = d
            && let Some(dst) = self.regs.get_mut(*d as usize)
        {
            write_masked(dst, r, emask);
        }
        if let Some(p) = p
            && let Some(dst) = self.regs.get_mut(*p as usize)
        {
            write_masked(dst, c, emask);
        }
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

    pub(super) fn shfl(
        &mut self,
        b: &Block<'_, '_>,
        mode: &ShflMode,
        (d, p): (&Reg, &Option<Reg>),
        src: [&Src; 3],
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, b: bb, c, r } = s;
        let [sa, sb, sc] = src;
        self.fetch(b, *sa, a);
        self.fetch(b, *sb, bb);
        self.fetch(b, *sc, c);
        let mut pv = [0u64; 32];
        shfl_lanes(*mode, a, bb, c, emask, r, &mut pv);
        write_masked(&mut self.regs[*d as usize], r, emask);
        if let Some(p) = p {
            write_masked(&mut self.regs[*p as usize], &pv, emask);
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn vote(
        &mut self,
        b: &Block<'_, '_>,
        mode: &VoteMode,
        d: &Reg,
        sa: &Src,
        neg: &bool,
        mask: &Src,
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, c, r, .. } = s;
        self.fetch(b, *sa, a);
        if *neg {
            a.iter_mut().for_each(|v| *v ^= 1);
        }
        self.fetch(b, *mask, c);
        vote_lanes(*mode, a, c, emask, r);
        write_masked(&mut self.regs[*d as usize], r, emask);
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn redux(
        &mut self,
        b: &Block<'_, '_>,
        op: &ReduxOp,
        signed: &bool,
        d: &Reg,
        sa: &Src,
        mask: &Src,
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, c, r, .. } = s;
        self.fetch(b, *sa, a);
        self.fetch(b, *mask, c);
        redux_lanes(*op, *signed, a, c, emask, r);
        write_masked(&mut self.regs[*d as usize], r, emask);
    }

    /// `match.any`/`match.all` (`all`) of `w`-bit values.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn match_op(
        &mut self,
        b: &Block<'_, '_>,
        (all, w): (&bool, &u8),
        (d, p): (&Reg, &Option<Reg>),
        sa: &Src,
        mask: &Src,
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, c, r, .. } = s;
        self.fetch(b, *sa, a);
        self.fetch(b, *mask, c);
        match_lanes(*all, *w, a, c, emask, r);
        if let Some(p) = p {
            let pv = r.map(|v| u64::from(v != 0));
            write_masked(&mut self.regs[*p as usize], &pv, emask);
        }
        write_masked(&mut self.regs[*d as usize], r, emask);
    }

    /// `activemask`: the lanes of the running path (`path`).
    pub(super) fn activemask(&mut self, d: &Reg, path: u32, emask: u32) {
        write_masked(&mut self.regs[*d as usize], &[u64::from(path); 32], emask);
    }
}
