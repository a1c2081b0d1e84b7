//! Which kernels the block tier translates: what the per-thread JIT compiles (no calls,
//! printf, mbarriers, lockstep-dependent code, ...: `jit::compile::unsupported`), less the
//! operations a block-at-a-time translation does not run itself: extended-precision carries
//! and special registers with no per-block value. Warp collectives it runs as the per-thread
//! JIT does: a thread stops there, and the warp's stopped threads perform it together
//! (`jit::warp_collectives`).

use crate::ir::{Func, Op, Src, Sreg};

/// Why kernel `f` stays on the other tiers, or `None` when the block tier translates it.
pub(crate) fn declined(f: &Func) -> Option<String> {
    if !f.is_kernel {
        return Some("not a kernel".to_string());
    }
    if f.warps_interleave {
        return Some("threads communicate through memory without a barrier".to_string());
    }
    if let Some(why) = crate::jit::unsupported(f) {
        return Some(why);
    }
    // Its lanes run a block's path as masks, the holder of a lock behind its spinning
    // warp-mates (`ir::flow::spin_lock_loop`).
    if let Some(pc) = crate::ir::flow::spin_lock_loop(&f.code) {
        return Some(format!("a spin lock (`{}`)", f.info.get(pc).map_or("", |i| i.text.as_str())));
    }
    for (pc, inst) in f.code.iter().enumerate() {
        let why = match &inst.op {
            Op::Carry { .. } => Some("extended-precision carry"),
            op => {
                let mut bad = None;
                crate::analysis::live::for_each_src(op, &mut |s| {
                    if let Src::Sreg(r) = s
                        && !translated_sreg(r)
                    {
                        bad = Some("special register");
                    }
                });
                bad
            }
        };
        if let Some(w) = why {
            return Some(format!("{w} (`{}`)", f.info.get(pc).map_or("", |i| i.text.as_str())));
        }
    }
    None
}

/// The special registers the generated code computes (the per-thread JIT's set).
fn translated_sreg(r: Sreg) -> bool {
    matches!(
        r,
        Sreg::Tid(_)
            | Sreg::Ntid(_)
            | Sreg::Ctaid(_)
            | Sreg::Nctaid(_)
            | Sreg::Laneid
            | Sreg::Warpid
            | Sreg::Nwarpid
            | Sreg::Smid
            | Sreg::Nsmid
            | Sreg::Gridid
            | Sreg::DynamicSmem
            | Sreg::Envreg(0..32)
            | Sreg::LanemaskEq
            | Sreg::LanemaskLe
            | Sreg::LanemaskLt
            | Sreg::LanemaskGe
            | Sreg::LanemaskGt
    )
}
