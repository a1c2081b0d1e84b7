//! One window check for a run of the lane phase's global accesses through one linear base
//! register (`linear.rs`, lanes side by side: its step is the access size): nvcc's unrolled
//! stencils and convolutions load `[%rd6]`, `[%rd6+4]`, ..., `[%rd6+24580]` one after the
//! other, and each access checked its own first and last lane against its own site's window
//! (`mem.rs`, `lane_contiguous`).
//!
//! A *run* is two or more such accesses of one size, through one base register, at offsets
//! that differ by multiples of the size, with no label (where other lanes join), barrier or
//! write of the base register between the first and the last. At its first access, before
//! any lane mask is applied, the run checks once that lanes 0 to 15 follow the step (as
//! `lane_contiguous` decides it from the two ends) and that lane 0's address at the lowest
//! offset and lane 15's at the highest lie in the window of the run's access site: then every
//! lane of every access of the run lies between those two addresses, inside the window, and
//! each access is one vector access with no check of its own (`ok{run}`). Otherwise (a group
//! at the end of a row, or the allocation the site last hit is not the one read) each access
//! checks itself as before, on the run's site, whose slow path refreshes it for the next group.

use std::fmt::Write;

use super::Emitter;
use crate::analysis::live::uses_defs;
use crate::ir::{Addr, Base, Func, Op, Space};

use super::linear::Linear;

/// An access of a run (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Member {
    /// The run's index (its flag `ok{run}`).
    pub run: usize,
    /// At the run's first access: the lowest and highest offsets of its accesses.
    pub first: Option<(i64, i64)>,
}

/// The access at `pc` of `f` as a candidate member: its base register, size and offset.
fn candidate(f: &Func, op: &Op, linear: &[Option<Linear>]) -> Option<(u32, u8, i64)> {
    let (space, size, addr): (Space, u8, Addr) = match op {
        Op::Ld { space, size, d, addr, .. } if d.len() == 1 => (*space, *size, *addr),
        Op::St { space, size, vals, addr, .. } if vals.len() == 1 => (*space, *size, *addr),
        _ => return None,
    };
    let Base::Reg(r) = addr.base else { return None };
    let p = linear.get(r as usize).copied().flatten()?;
    let fits = space == Space::Global
        && matches!(size, 1 | 2 | 4 | 8)
        && !addr.narrow
        && r < f.nregs
        && p.lane_step() == u64::from(size)
        && p.ends_decide();
    fits.then_some((r, size, addr.off))
}

/// Per pc of `f`: the run its access belongs to, if any (`labels`: where lanes may join;
/// `linear`: the lane phase's linear registers). Returns the members and the number of runs.
pub(super) fn runs(f: &Func, labels: &[u32], linear: &[Option<Linear>]) -> (Vec<Option<Member>>, usize) {
    let mut at: Vec<Option<Member>> = vec![None; f.code.len()];
    // Open runs: (base register, size, first offset, member pcs, lowest, highest offset).
    let mut open: Vec<(u32, u8, i64, Vec<usize>, i64, i64)> = Vec::new();
    let mut count = 0;
    let mut close = |run: (u32, u8, i64, Vec<usize>, i64, i64), at: &mut Vec<Option<Member>>| {
        let (_, _, _, pcs, lo, hi) = run;
        if pcs.len() >= 2 {
            for (i, &pc) in pcs.iter().enumerate() {
                at[pc] = Some(Member { run: count, first: (i == 0).then_some((lo, hi)) });
            }
            count += 1;
        }
    };
    let mut defs = Vec::new();
    for (pc, inst) in f.code.iter().enumerate() {
        if labels.binary_search(&(pc as u32)).is_ok() || matches!(inst.op, Op::Bar { .. }) {
            open.drain(..).for_each(|r| close(r, &mut at));
        }
        if let Some((r, size, off)) = candidate(f, &inst.op, linear) {
            let member = open.iter_mut().find(|o| o.0 == r && o.1 == size && (off - o.2) % i64::from(size) == 0);
            match member {
                Some(o) => {
                    o.3.push(pc);
                    o.4 = o.4.min(off);
                    o.5 = o.5.max(off);
                }
                None => {
                    // Another size or alignment through the same register ends the open run.
                    if let Some(i) = open.iter().position(|o| o.0 == r) {
                        let o = open.remove(i);
                        close(o, &mut at);
                    }
                    open.push((r, size, off, vec![pc], off, off));
                }
            }
        }
        defs.clear();
        uses_defs(&inst.op, f.nregs, &mut Vec::new(), &mut defs);
        for &d in &defs {
            if let Some(i) = open.iter().position(|o| o.0 == d) {
                let o = open.remove(i);
                close(o, &mut at);
            }
        }
    }
    open.drain(..).for_each(|r| close(r, &mut at));
    (at, count)
}

impl Emitter<'_> {
    /// Before the lane phase's access at `pc` (outside its lane mask): the run's check, when
    /// the access is the first of a run.
    pub(super) fn run_check(&mut self, pc: u32) {
        let Some(Member { run, first: Some((lo, hi)) }) = self.runs.get(pc as usize).copied().flatten() else { return };
        let Some(Op::Ld { size, addr, .. } | Op::St { size, addr, .. }) = self.f.code.get(pc as usize).map(|i| &i.op)
        else {
            return;
        };
        let (size, k, s) = (*size, size.trailing_zeros(), self.run_sites[run]);
        let at = |off: i64| self.addr(Addr { off, ..*addr });
        let (lo_at, hi_at) = (at(lo), at(hi));
        let span = format!("(LANE_W - 1ull) * {size}ull + {}ull", (hi - lo) as u64);
        let _ = writeln!(
            self.out,
            "{{ u64 lo_, hi_; {{ const u32 l = 0; lo_ = {lo_at}; }} {{ const u32 l = LANE_W - 1; hi_ = {hi_at}; }}\n\
             ok{run} = (hi_ ^ (lo_ + {span})) == 0 && rotr(lo_ - sb{s}, {k}) < sn{s} && rotr(hi_ - sb{s}, {k}) < sn{s}; }}"
        );
    }

    /// A run's access `op` (`a`: its address as C, of lane `l`; `host` and `start`: the run's
    /// site's host and device addresses) when the run's check passed: one vector access from
    /// lane 0's address for the lanes of `m_`. Opens the `else` in which the access checks
    /// itself (`lane_contiguous` closes it).
    pub(super) fn run_access(&mut self, run: usize, op: &Op, a: &str, host: &str, start: &str) {
        let full = "LANE_FULL";
        let _ = writeln!(self.out, "if (LIKELY(ok{run})) {{ u64 a0_; {{ const u32 l = 0; a0_ = {a}; }}");
        match op {
            Op::Ld { space, size, sext, d, .. } => {
                let t = super::mem::ctype(*size, *sext);
                let _ = writeln!(self.out, "const {t} *p_ = (const {t} *)({host} + (a0_ - {start}));");
                if let Some(h) = super::prefetch::hint(*space, *size, false) {
                    let _ = writeln!(self.out, "{h}");
                }
                if let Some(Some(dr)) = d.first() {
                    let dst = self.dst(*dr);
                    let _ = writeln!(
                        self.out,
                        "if (m_ == {full}) {{ LANES {dst} = (u64)p_[l]; }} else {{ LANES if (m_ >> l & 1) {dst} = (u64)p_[l]; }}"
                    );
                }
            }
            Op::St { space, size, vals, .. } => {
                let t = super::mem::ctype(*size, false);
                let v = vals.first().map_or("0ull".to_string(), |v| self.src(*v));
                let h = super::prefetch::hint(*space, *size, true).unwrap_or_default();
                let _ = writeln!(
                    self.out,
                    "{t} *p_ = ({t} *)({host} + (a0_ - {start})); {h}\n\
                     if (m_ == {full}) {{ LANES p_[l] = ({t})({v}); }} else {{ LANES if (m_ >> l & 1) p_[l] = ({t})({v}); }}"
                );
            }
            _ => {}
        }
        self.out.push_str("} else {\n");
    }

    /// The run of the lane phase's access at `pc`, if it is in one.
    pub(super) fn run_of(&self, pc: u32) -> Option<usize> {
        self.runs.get(pc as usize).copied().flatten().map(|m| m.run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::live::Liveness;
    use crate::block_tier::emit::Grouping;
    use crate::block_tier::emit::lanes::Plan;

    /// Loads through `%rd3` at 0, 4 and 8 (a run), a store through it at 2 (misaligned: not a
    /// member), `%rd3` written, then two loads (a second run) and one after a label (alone).
    const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u32 c)
{
    .reg .pred %p<2>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [a];
    ld.param.u32 %r9, [c];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd3+8];
    st.global.u16 [%rd3+2], %r3;
    ld.global.u32 %r4, [%rd3+4];
    add.s64 %rd3, %rd3, 64;
    ld.global.u32 %r5, [%rd3];
    ld.global.u32 %r6, [%rd3+4];
    setp.eq.u32 %p1, %r9, 0;
    @%p1 bra SKIP;
    add.s32 %r5, %r5, 1;
SKIP:
    ld.global.u32 %r7, [%rd3+8];
    add.s32 %r8, %r2, %r3;
    add.s32 %r8, %r8, %r4;
    add.s32 %r8, %r8, %r5;
    add.s32 %r8, %r8, %r6;
    add.s32 %r8, %r8, %r7;
    st.global.u32 [%rd1], %r8;
    ret;
}
"#;

    #[test]
    fn accesses_through_one_base_between_labels_and_writes_share_a_check() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let plan = Plan::of(f, &Liveness::of(f), Grouping::Rows).expect("a lane phase");
        let (at, count) = runs(f, &plan.labels, &plan.linear);
        let of = |text: &str| {
            let pc = f.info.iter().position(|i| i.text.trim_start().starts_with(text)).expect(text);
            at[pc]
        };
        assert_eq!(count, 2);
        assert_eq!(of("ld.global.u32 %r2"), Some(Member { run: 0, first: Some((0, 8)) }));
        assert_eq!(of("ld.global.u32 %r3"), Some(Member { run: 0, first: None }));
        assert_eq!(of("ld.global.u32 %r4"), Some(Member { run: 0, first: None }));
        assert_eq!(of("st.global.u16"), None, "another size");
        assert_eq!(of("ld.global.u32 %r5"), Some(Member { run: 1, first: Some((0, 4)) }));
        assert_eq!(of("ld.global.u32 %r6"), Some(Member { run: 1, first: None }));
        assert_eq!(of("ld.global.u32 %r7"), None, "alone after a label");
        assert_eq!(of("st.global.u32"), None, "not through a linear register");
    }
}
