//! How the lane phase puts a block's threads into groups of [`WIDTH`] lanes.
//!
//! - [`Grouping::Rows`]: [`WIDTH`] threads side by side along x of one row (`threadIdx.y` and
//!   `.z` the same in every lane, `threadIdx.x` lane-linear: `linear.rs`), the last group of a
//!   row cut short. The grouping for rows of 16 threads or more.
//! - [`Grouping::Span`]: [`WIDTH`] consecutive threads of the block (by linear thread index),
//!   spanning rows and planes, for blocks whose rows are narrower than a group (8×8, 4×4,
//!   8×8×8): in rows, each such row would be a group of its own, half empty or less, and every
//!   group costs its arithmetic for all [`WIDTH`] lanes and its barrier stops. Every thread
//!   index then varies by lane (none is linear); a lane's come from shifts and masks of its
//!   linear index, so the block's x extent, and its y extent when it has a z extent, must be
//!   powers of two: the lane phase checks that at the block's start ([`Grouping::fits`]) and
//!   otherwise leaves the block to the scalar passes.
//!
//! A kernel's code has one grouping, chosen from the block shape of the launch it is built
//! for ([`Grouping::for_block`]); a launch of another shape runs correctly either way. In
//! blocks of several rows 8 threads wide, groups may instead be one row of [`ROW_WIDTH`]
//! lanes (`Rows`; `emit::layout`): where groups of 16 would be half empty, and where they
//! would span rows when that makes enough of the kernel's accesses consecutive (spanning
//! rows, a group's addresses never are, and a stencil's loads and stores go lane by lane:
//! stencil3d 8×8×8 took 2.6× the CPU time of rows of 8).
//!
//! A kernel with warp collectives has groups of [`WARP_WIDTH`] lanes instead (`warp.rs`: a
//! group that is one whole warp performs them itself): the generated C names the width
//! (`LANE_W`, and `LANE_FULL` the mask of all its lanes), defined once per unit.

use std::fmt::Write;

use crate::ir::Sreg;

/// Lanes per group: 16 threads (one 512-bit vector of 32-bit registers).
pub(crate) const WIDTH: u64 = 16;

/// Lanes per group in blocks whose rows are 8 threads wide, when a row per group makes the
/// kernel's accesses consecutive (`emit::layout`): [`Grouping::Rows`] of one row each
/// (one 512-bit vector of 64-bit registers).
pub(crate) const ROW_WIDTH: u64 = 8;

/// Lanes per group of a kernel with warp collectives: a warp.
pub(crate) const WARP_WIDTH: u64 = 32;

/// C: the definitions of `LANE_W` and `LANE_FULL` for groups of `width` lanes.
pub(crate) fn width_macros(width: u64) -> String {
    let full = if width >= 32 { u32::MAX } else { (1u32 << width) - 1 };
    format!("#define LANE_W {width}u\n#define LANE_FULL {full:#x}u\n")
}

/// How a group's lanes are the block's threads (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Grouping {
    Rows,
    Span,
}

impl Grouping {
    /// The grouping for blocks of `shape` (`blockDim`) in groups of `width` lanes: spanning
    /// rows when a row is narrower than a group, the block has more than one, and its indices
    /// come from shifts.
    pub(crate) fn for_block([x, y, z]: [u32; 3], width: u64) -> Grouping {
        let w = width as u32;
        if x < w && x.is_power_of_two() && y.saturating_mul(z) > 1 && (z <= 1 || y.is_power_of_two()) {
            Grouping::Span
        } else {
            Grouping::Rows
        }
    }

    /// Whether special register `r` is the same in every lane of a group.
    pub(crate) fn uniform_sreg(self, r: Sreg) -> bool {
        let per_lane = matches!(r, Sreg::Tid(0)) || r.warp_position();
        // Spanning rows, the y and z indices vary too.
        !(per_lane || self == Grouping::Span && matches!(r, Sreg::Tid(1) | Sreg::Tid(2)))
    }

    /// Whether `threadIdx.x` is lane-linear (`tx0 + l`), the seed of `linear.rs`'s registers.
    pub(crate) fn x_linear(self) -> bool {
        self == Grouping::Rows
    }

    /// C: the condition (beside the lane phase's own) under which this block's shape can be
    /// run in this grouping.
    pub(crate) fn fits(self) -> &'static str {
        match self {
            Grouping::Rows => "1",
            Grouping::Span => "(ntx & (ntx - 1)) == 0 && (ntz == 1 || (nty & (nty - 1)) == 0)",
        }
    }

    /// C: the number of groups [`Grouping::group_loop`] visits in a block of `n` threads.
    pub(crate) fn count(self) -> &'static str {
        match self {
            Grouping::Rows => "(ntz * nty * ((ntx + LANE_W - 1) / LANE_W))",
            Grouping::Span => "(u32)((n + LANE_W - 1) / LANE_W)",
        }
    }

    /// C, once before the groups: what [`Grouping::lane_indices`] needs.
    pub(crate) fn setup(self) -> &'static str {
        match self {
            Grouping::Rows => "",
            // A lane's y index is its row number masked to the y extent (none to mask in a
            // block without z extent), its z index the rest.
            Grouping::Span => {
                "const u32 xs_ = (u32)__builtin_ctz(ntx | 1024u), ym_ = ntz == 1 ? ~0u : nty - 1, \
                 ys_ = ntz == 1 ? 31u : (u32)__builtin_ctz(nty | 1024u); (void)ym_; (void)ys_;\n"
            }
        }
    }

    /// C: the loop over the block's groups, opening a body in which `t0` (the group's first
    /// thread) and `row` (the mask of its lanes that are threads) are defined; `step` is C
    /// added to the loop's increment (a group counter), or empty. With `opaque`, the compiler
    /// does not see `t0` step from group to group: it then computes each frame address
    /// (`frames[slot * n + t0 + l]`) where it is used, instead of keeping one pointer per register
    /// that every group's turn advances in memory (gcc's induction variables: dozens in a block
    /// scan, advanced by groups that only pass, `reload.rs`).
    pub(crate) fn group_loop(self, step: &str, opaque: bool) -> String {
        let step = if step.is_empty() { String::new() } else { format!(", {step}") };
        let hide = if opaque { " __asm__(\"\" : \"+r\"(t0));" } else { "" };
        match self {
            Grouping::Rows => format!(
                "for (u32 tz = 0; tz < ntz; tz++) for (u32 ty = 0; ty < nty; ty++) for (u32 tx0 = 0; tx0 < ntx; tx0 += LANE_W{step}) {{\n\
                 {c}u64 t0 = ((u64)tz * nty + ty) * ntx + tx0;{hide}\n\
                 const u32 row = ntx - tx0 >= LANE_W ? LANE_FULL : (1u << (ntx - tx0)) - 1;\n",
                c = if opaque { "" } else { "const " },
            ),
            Grouping::Span if opaque => format!(
                "for (u64 t0_ = 0; t0_ < n; t0_ += LANE_W{step}) {{\n\
                 u64 t0 = t0_;{hide}\n\
                 const u32 row = n - t0 >= LANE_W ? LANE_FULL : (1u << (n - t0)) - 1;\n"
            ),
            Grouping::Span => format!(
                "for (u64 t0 = 0; t0 < n; t0 += LANE_W{step}) {{\n\
                 const u32 row = n - t0 >= LANE_W ? LANE_FULL : (1u << (n - t0)) - 1;\n"
            ),
        }
    }

    /// C at a group's start: its lanes' thread indices where they vary by lane.
    pub(crate) fn lane_indices(self, out: &mut String) {
        if self == Grouping::Span {
            let _ = writeln!(
                out,
                "u32 gx_[LANE_W], gy_[LANE_W], gz_[LANE_W]; (void)gx_; (void)gy_; (void)gz_;\n\
                 LANES {{ const u32 t_ = (u32)t0 + l, q_ = t_ >> xs_; gx_[l] = t_ & (ntx - 1); gy_[l] = q_ & ym_; gz_[l] = q_ >> ys_; }}"
            );
        }
    }

    /// C: `%tid` component `k`'s value in lane `l` of the lane phase.
    pub(crate) fn tid(self, k: u8) -> String {
        match (self, k) {
            (Grouping::Rows, 0) => "(u64)(tx0 + l)".into(),
            (Grouping::Rows, 1) => "(u64)ty".into(),
            (Grouping::Rows, 2) => "(u64)tz".into(),
            (Grouping::Span, 0) => "(u64)gx_[l]".into(),
            (Grouping::Span, 1) => "(u64)gy_[l]".into(),
            (Grouping::Span, 2) => "(u64)gz_[l]".into(),
            _ => "0ull".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_rows_of_several_rows_span_groups() {
        assert_eq!(Grouping::for_block([8, 8, 1], WIDTH), Grouping::Span);
        assert_eq!(Grouping::for_block([8, 8, 8], WIDTH), Grouping::Span);
        assert_eq!(Grouping::for_block([4, 4, 1], WIDTH), Grouping::Span);
        assert_eq!(Grouping::for_block([1, 64, 1], WIDTH), Grouping::Span);
        assert_eq!(Grouping::for_block([4, 3, 1], WIDTH), Grouping::Span, "no z extent: any y extent");
        // Rows of a group or more, one row, or indices that would need a division.
        assert_eq!(Grouping::for_block([16, 16, 1], WIDTH), Grouping::Rows);
        assert_eq!(Grouping::for_block([32, 4, 2], WIDTH), Grouping::Rows);
        assert_eq!(Grouping::for_block([8, 1, 1], WIDTH), Grouping::Rows);
        assert_eq!(Grouping::for_block([12, 4, 1], WIDTH), Grouping::Rows);
        assert_eq!(Grouping::for_block([8, 3, 2], WIDTH), Grouping::Rows);
    }

    #[test]
    fn spanning_groups_vary_in_every_thread_index() {
        assert!(Grouping::Rows.uniform_sreg(Sreg::Tid(1)) && Grouping::Rows.uniform_sreg(Sreg::Ctaid(0)));
        assert!(!Grouping::Span.uniform_sreg(Sreg::Tid(1)) && !Grouping::Span.uniform_sreg(Sreg::Tid(2)));
        assert!(Grouping::Span.uniform_sreg(Sreg::Ntid(0)) && !Grouping::Span.uniform_sreg(Sreg::Tid(0)));
    }
}
