//! What the JIT compiles: everything else runs on the interpreter.

use crate::ir::*;

/// Registers beyond which a kernel stays on the interpreter (thread frames hold every
/// register of every thread of a block: 1024 threads x 8 bytes each).
const MAX_REGS: u32 = 8192;

/// Why a function cannot be compiled (it then runs on the interpreter), or `None`.
pub(crate) fn unsupported(f: &Func) -> Option<String> {
    if f.nregs > MAX_REGS || f.code.len() >= 1 << 23 {
        return Some(format!("too large ({} registers, {} instructions)", f.nregs, f.code.len()));
    }
    for (pc, inst) in f.code.iter().enumerate() {
        let srcs_ok = |ss: &[Src]| ss.iter().all(|s| src_ok(*s));
        let why: Option<&str> = match &inst.op {
            Op::Nop | Op::Nanosleep | Op::Fence | Op::Ret | Op::Exit | Op::Trap | Op::Bra { .. } => None,
            Op::Un { a, .. } => (!src_ok(*a)).then_some("special register"),
            Op::Bin { a, b, .. } => (!srcs_ok(&[*a, *b])).then_some("special register"),
            Op::Tern { a, b, c, .. } | Op::Bfi { a, b, c, .. } | Op::Carry { a, b, c, .. } => {
                (!srcs_ok(&[*a, *b, *c])).then_some("special register")
            }
            Op::Setp { cmp, a, b, comb, .. } => {
                if matches!(cmp.kind, b'h' | b'g') && cmp.w == 32 {
                    Some("setp on x2 halves")
                } else if !srcs_ok(&[*a, *b]) || comb.is_some_and(|(_, s, _)| !src_ok(s)) {
                    Some("special register")
                } else {
                    None
                }
            }
            Op::Pack { parts, .. } => (!srcs_ok(parts)).then_some("special register"),
            Op::Unpack { a, .. } => (!src_ok(*a)).then_some("special register"),
            Op::Ld { whole: true, .. } | Op::St { whole: true, .. } => Some("single-copy atomic vector access"),
            Op::Ld { space, size, .. } | Op::St { space, size, .. } => {
                if *space == Space::FParam {
                    Some("function parameters")
                } else if !matches!(size, 1 | 2 | 4 | 8) {
                    Some("access size")
                } else if let Op::St { vals, .. } = &inst.op {
                    (!srcs_ok(vals)).then_some("special register")
                } else {
                    None
                }
            }
            Op::Atom { b, c, .. } => (!srcs_ok(&[*b, *c])).then_some("special register"),
            Op::Cvta { a, .. } | Op::Isspacep { a, .. } => (!src_ok(*a)).then_some("special register"),
            Op::Brx { index, .. } => (!src_ok(*index)).then_some("special register"),
            Op::Bar { id, count: None, kind: BarKind::Sync } => (!src_ok(*id)).then_some("special register"),
            Op::Bar { .. } => Some("bar.arrive / bar.red / counted barrier"),
            Op::Call { .. } | Op::CallInd { .. } => Some("calls"),
            Op::Builtin { .. } => Some("printf/assert/malloc"),
            Op::WarpSync { mask: a } | Op::Elect { mask: a, .. } => {
                (!plain(&[*a])).then_some("warp-collective operand")
            }
            Op::Vote { a, mask, .. } | Op::Match { a, mask, .. } | Op::Redux { a, mask, .. } => {
                (!plain(&[*a, *mask])).then_some("warp-collective operand")
            }
            Op::Shfl { a, b, c, mask, .. } => (!plain(&[*a, *b, *c, *mask])).then_some("warp-collective operand"),
            Op::Activemask { .. } => None,
            Op::Mbar { .. } | Op::CpBulk { .. } | Op::CpAsync { .. } => Some("async copy / mbarrier"),
            Op::Alloca { .. } | Op::StackSave { .. } | Op::StackRestore { .. } => Some("alloca"),
            Op::AtomV(_) => Some("vector atomics"),
            Op::Mov2 { .. } | Op::Atom128 { .. } => Some(".b128 registers and atomics"),
            Op::Tex(t) => {
                let mut srcs = Vec::new();
                crate::exec::tex_sources(t, |s| srcs.push(s));
                if srcs.len() > crate::jit::tex::MAX_SOURCES {
                    Some("texture operand count")
                } else {
                    (!srcs_ok(&srcs)).then_some("special register")
                }
            }
            Op::Mma(_) => Some("warp matrix instructions (wmma/mma/ldmatrix/stmatrix/movmatrix)"),
            Op::Cluster(_) => Some("thread block cluster instructions"),
        };
        if let Some(w) = why {
            return Some(format!("{w} (`{}`)", f.info.get(pc).map_or("", |i| i.text.as_str())));
        }
    }
    crate::analysis::hazard::lockstep_hazard(f).map(|(pc, why)| {
        let text = f.info.get(pc).map_or("", |i| i.text.as_str());
        format!("{why} (`{text}`)")
    })
}

/// Registers and immediates: what the warp-collective runner reads from thread frames.
pub(super) fn plain(ss: &[Src]) -> bool {
    ss.iter().all(|s| matches!(s, Src::Reg(_) | Src::Imm(_)))
}

/// Whether `op` is a warp-collective operation (run by `run.rs` over the frames of a warp).
pub(crate) fn is_collective(op: &Op) -> bool {
    matches!(op, collectives!())
}

/// The special registers the per-thread JIT does not compile, a pattern: kernels that read
/// them stay on the interpreter (`src_ok`), and the lowering names them so that a new special
/// register needs a decision there.
macro_rules! uncompiled_sregs {
    () => {
        $crate::ir::Sreg::Clock
            | $crate::ir::Sreg::ClockHi
            | $crate::ir::Sreg::Clock64
            | $crate::ir::Sreg::Globaltimer
            | $crate::ir::Sreg::GlobaltimerLo
            | $crate::ir::Sreg::GlobaltimerHi
            | $crate::ir::Sreg::TotalSmem
            | $crate::ir::Sreg::AggrSmem
            | $crate::ir::Sreg::ReservedSmem(_)
            | $crate::ir::Sreg::Envreg(32..)
            | $crate::ir::Sreg::Cluster(_)
    };
}
pub(super) use uncompiled_sregs;

/// The operations `unsupported` refuses whatever their operands (each with its reason there), a
/// pattern: the compiled tiers' lowerings name it for the arms a compiled kernel never reaches.
macro_rules! uncompiled_ops {
    () => {
        $crate::ir::frame_ops!()
            | $crate::ir::calls!()
            | $crate::ir::Op::Mov2 { .. }
            | $crate::ir::Op::Atom128 { .. }
            | $crate::ir::Op::AtomV(_)
            | $crate::ir::Op::Mbar { .. }
            | $crate::ir::Op::CpBulk { .. }
            | $crate::ir::Op::CpAsync { .. }
            | $crate::ir::Op::Mma(_)
            | $crate::ir::Op::Cluster(_)
    };
}
pub(crate) use uncompiled_ops;

pub(super) fn src_ok(s: Src) -> bool {
    !matches!(s, Src::Sreg(uncompiled_sregs!()))
}
