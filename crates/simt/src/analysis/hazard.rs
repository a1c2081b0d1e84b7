//! Finds code that only works when the lanes of a warp run in lockstep, which the JIT's
//! one-thread-at-a-time execution does not reproduce; such kernels run on the interpreter.
//!
//! 1. Warp-synchronous shared memory: the pre-Volta reduction (`volatile int *s; s[tid] +=
//!    s[tid + 16]; ...`) reads what other lanes wrote with no barrier in between. The
//!    interpreter runs each instruction for all lanes before the next, as the hardware does;
//!    the JIT runs one thread up to its next barrier before the next thread starts. So a
//!    shared (or generic) load, or an atomic whose result is used, must not follow a shared
//!    store without a block barrier in between. Atomics whose result is unused and whose
//!    operation commutes (integer add/min/max/and/or/xor: a shared-memory histogram) may
//!    follow each other in any order; they still count as reads after plain stores. A load
//!    and the stores that reach it that only the threads of one `threadIdx.x` run (`solo.rs`:
//!    `if (t == 0) { ... }`) are that thread's own, in program order: no hazard.
//! 2. Module variables written by some thread and read by others (`if (i == 0) g_x += 1;`
//!    while every thread reads `g_x`): a store whose address comes from a module variable
//!    (`Base::Global`, or a register computed from its address), in a kernel that also loads
//!    through such an address.
//! 3. Surfaces read and written between two block barriers: in lockstep every lane of an
//!    instruction reads (`suld`) before any lane of a later one writes (`sust`, `sured`), so
//!    `v = surf3Dread(s, x % 3, ...); surf3Dwrite(2 * v, s, x % 3, ...)` doubles each texel once
//!    even where lanes share it; one thread at a time, the second lane reads the first one's
//!    result. (Which surface an instruction names is known only when it runs: any surface load
//!    and write that reach each other without a barrier count.)
//!
//! Every access [`Op::memory_accesses`] lists counts as what it is: an asynchronous copy
//! (`cp.async`, `cp.async.bulk`) loads its source and stores its destination, a 128-bit or
//! vector atomic is an atomic, an mbarrier operation reads and updates its object.

use super::live::{Liveness, successors};
use crate::address_space::{SHARED_WINDOW, WINDOW_SIZE};
use crate::ir::AtomOp;
use crate::ir::access::AccessKind;
use crate::ir::*;

/// Effect of an instruction on shared memory.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Eff {
    None,
    /// A plain load (observes every earlier write).
    Load,
    /// A plain store, or an atomic whose order matters.
    Store,
    /// An atomic that both observes and writes (its result is used, or it does not commute).
    ObservingAtomic,
    /// An atomic whose result is unused and whose operation commutes.
    BlindAtomic,
}

/// The register operations through which these rules follow no address (`Un`, `Cvta`, `Bin`
/// and `Tern` are followed, `Bfi` and `Pack` where shared addresses are (`may_hold_shared`);
/// `Setp` computes none): with `Setp`, `non_register_ops!()` and those six, a match over
/// register operations is exhaustive.
macro_rules! untracked_register_ops {
    () => {
        Op::Unpack { .. } | Op::Mov2 { .. } | Op::Isspacep { .. }
    };
}

const PLAIN: u8 = 1;
const COMM: u8 = 2;
/// The first of the bits of plain stores that only the threads of one `threadIdx.x` run
/// (`solo.rs`), one per such value (the first [`SOLO_VALUES`]; stores of later values count as
/// `PLAIN`).
const SOLO: u8 = 4;
const SOLO_VALUES: usize = 6;

fn commutes(op: AtomOp) -> bool {
    matches!(
        op,
        AtomOp::Add
            | AtomOp::MinU
            | AtomOp::MinS
            | AtomOp::MaxU
            | AtomOp::MaxS
            | AtomOp::And
            | AtomOp::Or
            | AtomOp::Xor
    )
}

impl Eff {
    /// The effect of an instruction making both accesses (a copy's write and its mbarrier's
    /// update): one that observes and writes, unless they are the same.
    fn and(self, other: Eff) -> Eff {
        match (self, other) {
            (Eff::None, e) | (e, Eff::None) => e,
            (a, b) if a == b => a,
            _ => Eff::ObservingAtomic,
        }
    }
}

/// Whether the old values an atomic writes to `results` (at `pc`) are read afterwards.
fn results_used(live: &Liveness, pc: usize, results: &[Option<Reg>]) -> bool {
    results.iter().flatten().any(|&d| live.live_at(pc as u32 + 1).contains(&(d as usize)))
}

fn effect(f: &Func, live: &Liveness, may_shared: &[bool], pc: usize) -> Eff {
    let sh = |s: &Space, a: &Addr| match s {
        Space::Shared => true,
        Space::Generic => match a.base {
            Base::Reg(r) => may_shared.get(r as usize).copied().unwrap_or(true),
            Base::Abs => (a.off as u64).wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE,
            Base::Global(_) | Base::Local(_) => false,
        },
        Space::Global | Space::Local | Space::KParam | Space::FParam => false,
    };
    let mut eff = Eff::None;
    // Textures and surfaces are global memory, and calls run code these rules do not follow
    // (the compiled tiers they guard leave calls to the interpreter).
    f.code[pc].op.memory_accesses(&mut |a| {
        if !sh(&a.space, a.addr) {
            return;
        }
        eff = eff.and(match a.kind {
            AccessKind::Load { .. } => Eff::Load,
            AccessKind::Store { .. } => Eff::Store,
            AccessKind::Atomic { op, results } => {
                if op.is_some_and(commutes) && !results_used(live, pc, results) {
                    Eff::BlindAtomic
                } else {
                    Eff::ObservingAtomic
                }
            }
            // An mbarrier's arrivals and waits read and update it together.
            AccessKind::Mbarrier => Eff::ObservingAtomic,
        });
    });
    eff
}

/// The first instruction whose result depends on warp lockstep (see the module docs), and why.
pub(crate) fn lockstep_hazard(f: &Func) -> Option<(usize, &'static str)> {
    let live = Liveness::of(f);
    if let Some(pc) = shared_hazard(f, &live) {
        return Some((pc, "warp-synchronous shared memory: reads what other lanes wrote without a barrier"));
    }
    if let Some(pc) = module_var_hazard(f) {
        return Some((pc, "a module variable written by one thread and read by others"));
    }
    surface_hazard(f).map(|pc| (pc, "a surface read and written by the lanes of a warp without a barrier between"))
}

/// Whether the instruction at `pc` reads a surface (`Some(false)`) or writes one (`Some(true)`).
fn surface_access(f: &Func, pc: usize) -> Option<bool> {
    match &f.code.get(pc)?.op {
        Op::Tex(t) => match **t {
            tex::TexOp::Load(_) => Some(false),
            tex::TexOp::Store(_) | tex::TexOp::Reduce(_) => Some(true),
            _ => None,
        },
        memory_access!() | calls!() | no_memory!() | Op::Mma(_) | Op::Cluster(_) => None,
    }
}

/// The first surface access that a surface access of the other kind (load, write) reaches
/// without passing a block barrier (rule 3).
fn surface_hazard(f: &Func) -> Option<usize> {
    let n = f.code.len();
    let mut succ = Vec::new();
    for start in 0..n {
        let Some(writes) = surface_access(f, start) else { continue };
        let mut seen = vec![false; n];
        let mut work = vec![start];
        while let Some(pc) = work.pop() {
            succ.clear();
            successors(f, pc, &mut succ);
            for &next in &succ {
                let Some(inst) = f.code.get(next).filter(|_| !seen[next]) else { continue };
                seen[next] = true;
                if surface_access(f, next) == Some(!writes) {
                    return Some(next);
                }
                if !(inst.guard.is_none() && matches!(inst.op, Op::Bar { .. })) {
                    work.push(next);
                }
            }
        }
    }
    None
}

/// Registers that may hold a generic address into shared memory: all but those computed only
/// from kernel parameters (host pointers: global memory), immediates outside the shared window,
/// special registers, and local or global addresses (a may-analysis over every definition).
fn may_hold_shared(f: &Func) -> Vec<bool> {
    let nregs = f.nregs as usize;
    let mut may = vec![false; nregs];
    let clean_src = |may: &[bool], s: &Src| match s {
        Src::Reg(r) => !may.get(*r as usize).copied().unwrap_or(true),
        Src::Imm(v) => v.wrapping_sub(SHARED_WINDOW) >= WINDOW_SIZE,
        Src::Sreg(_) | Src::Global(..) | Src::Local(_) => true,
    };
    let mut changed = true;
    while changed {
        changed = false;
        for inst in &f.code {
            let mut defs = Vec::new();
            let mut uses = Vec::new();
            super::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
            let clean = match &inst.op {
                Op::Un { a, .. } | Op::Cvta { to_generic: false, a, .. } => clean_src(&may, a),
                Op::Cvta { to_generic: true, space, a, .. } => *space != Space::Shared && clean_src(&may, a),
                Op::Bin { a, b, .. } => clean_src(&may, a) && clean_src(&may, b),
                Op::Tern { a, b, c, .. } => [a, b, c].iter().all(|s| clean_src(&may, s)),
                Op::Ld { space: Space::KParam, .. } | Op::Setp { .. } => true,
                // Halves put together (`mov.b64 %rd, {%r1, %r2}`, or nvcc's `bfi.b64` of
                // `%envreg1` into `%envreg2`: the cooperative grid's workspace address) hold
                // shared memory's address only when a half may.
                Op::Pack { parts, .. } => parts.iter().all(|s| clean_src(&may, s)),
                Op::Bfi { a, b, .. } => clean_src(&may, a) && clean_src(&may, b),
                untracked_register_ops!() | non_register_ops!() => false,
            };
            if !clean {
                for d in defs {
                    if let Some(m) = may.get_mut(d as usize).filter(|m| !**m) {
                        *m = true;
                        changed = true;
                    }
                }
            }
        }
    }
    may
}

fn shared_hazard(f: &Func, live: &Liveness) -> Option<usize> {
    let n = f.code.len();
    let may_shared = may_hold_shared(f);
    let eff: Vec<Eff> = (0..n).map(|pc| effect(f, live, &may_shared, pc)).collect();
    // Per instruction, the bit of its `threadIdx.x` when only the threads of one run it, for
    // the first `SOLO_VALUES` such values (`solo.rs`; none in kernels whose rows differ).
    let solo = if super::solo::rows_alike(f) { super::solo::solo_x(f) } else { vec![None; n] };
    let mut values: Vec<u64> = Vec::new();
    let solo_bit: Vec<u8> = solo
        .iter()
        .map(|c| {
            let c = (*c)?;
            let i = values.iter().position(|&v| v == c).or_else(|| {
                (values.len() < SOLO_VALUES).then(|| {
                    values.push(c);
                    values.len() - 1
                })
            })?;
            Some(SOLO << i)
        })
        .map(|b| b.unwrap_or(0))
        .collect();
    // dirty[pc]: which writes may have happened since the last barrier when reaching pc.
    let mut dirty = vec![0u8; n + 1];
    let mut work: Vec<usize> = (0..n).filter(|&pc| eff[pc] != Eff::None).collect();
    let mut succ = Vec::new();
    while let Some(pc) = work.pop() {
        let inst = &f.code[pc];
        if inst.guard.is_none() && matches!(inst.op, Op::Bar { .. }) {
            continue;
        }
        let out = dirty[pc]
            | match eff[pc] {
                Eff::Store if solo_bit[pc] != 0 => solo_bit[pc],
                Eff::Store | Eff::ObservingAtomic => PLAIN,
                Eff::BlindAtomic => COMM,
                _ => 0,
            };
        if out == 0 {
            continue;
        }
        succ.clear();
        successors(f, pc, &mut succ);
        for &s in &succ {
            if s < n && dirty[s] | out != dirty[s] {
                dirty[s] |= out;
                work.push(s);
            }
        }
    }
    // A load reads its own thread's stores when it and they are all one `threadIdx.x`'s.
    (0..n).find(|&pc| match eff[pc] {
        Eff::Load => dirty[pc] & !solo_bit[pc] != 0,
        Eff::ObservingAtomic => dirty[pc] != 0,
        Eff::BlindAtomic => dirty[pc] & !COMM != 0,
        _ => false,
    })
}

/// The first store through a module variable's address in a kernel that also loads through
/// one (see the module docs), if any.
pub(crate) fn module_var_hazard(f: &Func) -> Option<usize> {
    let nregs = f.nregs as usize;
    // Registers holding an address computed from a module variable's.
    let mut tainted = vec![false; nregs];
    let is_t = |t: &[bool], s: &Src| match s {
        Src::Global(..) => true,
        Src::Reg(r) => t.get(*r as usize).copied().unwrap_or(false),
        _ => false,
    };
    let mut changed = true;
    while changed {
        changed = false;
        for inst in &f.code {
            let (d, srcs): (Reg, Vec<&Src>) = match &inst.op {
                Op::Un { d, a, .. } | Op::Cvta { d, a, .. } => (*d, vec![a]),
                Op::Bin { d, a, b, .. } => (*d, vec![a, b]),
                Op::Tern { d, a, b, c, .. } => (*d, vec![a, b, c]),
                // Not followed: an address is tracked through `Un`, `Cvta`, `Bin` and `Tern` only.
                Op::Setp { .. }
                | Op::Bfi { .. }
                | Op::Pack { .. }
                | untracked_register_ops!()
                | non_register_ops!() => {
                    continue;
                }
            };
            if srcs.iter().any(|s| is_t(&tainted, s)) && !tainted.get(d as usize).copied().unwrap_or(true) {
                tainted[d as usize] = true;
                changed = true;
            }
        }
    }
    let from_var = |a: &Addr| match a.base {
        Base::Global(_) => true,
        Base::Reg(r) => tainted.get(r as usize).copied().unwrap_or(false),
        _ => false,
    };
    let mut store = None;
    let mut load = false;
    for (pc, inst) in f.code.iter().enumerate() {
        // Textures, surfaces and calls are not followed: the compiled tiers this rule guards
        // leave calls to the interpreter, and surfaces have rule 3.
        inst.op.memory_accesses(&mut |a| {
            if !from_var(a.addr) {
                return;
            }
            match a.kind {
                AccessKind::Store { .. } => {
                    store.get_or_insert(pc);
                }
                AccessKind::Atomic { op, results }
                    if !op.is_some_and(commutes) || results.iter().any(Option::is_some) =>
                {
                    store.get_or_insert(pc);
                }
                AccessKind::Load { .. } => load = true,
                AccessKind::Atomic { .. } | AccessKind::Mbarrier => {}
            }
        });
    }
    store.filter(|_| load)
}

/// Which memory an address register points into, for `shared_location_hazard`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Root {
    /// Not computed from a module variable's address or a kernel parameter.
    None,
    /// From module variable `g`'s address.
    Var(u32),
    /// From the pointer kernel parameter at this offset of the parameter buffer.
    Param(i64),
    /// From several of these, or from different ones on different paths.
    Mixed,
}

impl Root {
    fn join(self, other: Root) -> Root {
        match (self, other) {
            (Root::None, r) | (r, Root::None) => r,
            (a, b) if a == b => a,
            // A module variable's address plus a parameter (an index) still points into it.
            (Root::Var(g), Root::Param(_)) | (Root::Param(_), Root::Var(g)) => Root::Var(g),
            _ => Root::Mixed,
        }
    }
}

/// Whether a special register has the same value in every thread of a block.
fn same_in_every_thread(s: Sreg) -> bool {
    matches!(
        s,
        Sreg::Ntid(_)
            | Sreg::Ctaid(_)
            | Sreg::Nctaid(_)
            | Sreg::Nwarpid
            | Sreg::Nsmid
            | Sreg::Gridid
            | Sreg::DynamicSmem
            | Sreg::TotalSmem
            | Sreg::AggrSmem
            | Sreg::ReservedSmem(_)
            | Sreg::Envreg(_)
            | Sreg::Cluster(_)
    )
}

/// Threads that communicate through one memory location without a barrier (`v = g; ...; if
/// (tid == 0) g = v + 1;`, or the same through a pointer parameter `*p`): a store, or an
/// atomic whose order matters, to an address that is the same in every thread of the block
/// and points into module variable `g` (or is computed from pointer parameter `p`), in a kernel
/// that also loads from `g` (`p`). On a GPU the warps of a block start together, so every
/// thread reads the old value; run one warp to its end first and the others read the new one.
/// Stores to each thread's own element (`p[tid] *= 3`) are no such race, nor are strong
/// accesses (a `volatile` flag that a thread polls). Returns the store.
pub(crate) fn shared_location_hazard(f: &Func) -> Option<usize> {
    let nregs = f.nregs as usize;
    let mut root = vec![Root::None; nregs];
    // Whether every definition of the register computes the same value in every thread.
    let mut uniform = vec![true; nregs];
    let src_root = |root: &[Root], s: &Src| match s {
        Src::Reg(r) => root.get(*r as usize).copied().unwrap_or(Root::Mixed),
        Src::Global(g, _) => Root::Var(*g),
        Src::Imm(_) | Src::Sreg(_) | Src::Local(_) => Root::None,
    };
    let src_uniform = |uniform: &[bool], s: &Src| match s {
        Src::Reg(r) => uniform.get(*r as usize).copied().unwrap_or(false),
        Src::Imm(_) | Src::Global(..) => true,
        Src::Sreg(s) => same_in_every_thread(*s),
        Src::Local(_) => false,
    };
    let mut changed = true;
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    while changed {
        changed = false;
        for inst in &f.code {
            let computed: Option<(Reg, Root, bool)> = match &inst.op {
                // Only a 64-bit parameter can be a pointer; a narrower one is an index.
                Op::Ld { space: Space::KParam, d, addr: Addr { base: Base::Abs, off, .. }, size, .. }
                    if d.len() == 1 =>
                {
                    d[0].map(|d| (d, if *size == 8 { Root::Param(*off) } else { Root::None }, true))
                }
                Op::Un { d, a, .. } | Op::Cvta { d, a, .. } => Some((*d, src_root(&root, a), src_uniform(&uniform, a))),
                Op::Bin { d, a, b, .. } => Some((
                    *d,
                    src_root(&root, a).join(src_root(&root, b)),
                    src_uniform(&uniform, a) && src_uniform(&uniform, b),
                )),
                Op::Tern { d, a, b, c, .. } => Some((
                    *d,
                    [a, b, c].iter().fold(Root::None, |r, s| r.join(src_root(&root, s))),
                    [a, b, c].iter().all(|s| src_uniform(&uniform, s)),
                )),
                // Any other definition: an unknown root, not uniform (below).
                Op::Setp { .. }
                | Op::Bfi { .. }
                | Op::Pack { .. }
                | untracked_register_ops!()
                | non_register_ops!() => None,
            };
            // A register written under a guard keeps its earlier value in the threads the
            // guard excludes: it stays uniform only under a uniform guard.
            let guard_uniform = inst.guard.is_none_or(|g| uniform.get(g.reg as usize).copied().unwrap_or(false));
            let mut set = |d: usize, r: Root, u: bool| {
                if let (Some(&old_r), Some(&old_u)) = (root.get(d), uniform.get(d)) {
                    let (new_r, new_u) = (old_r.join(r), old_u && u && guard_uniform);
                    if (new_r, new_u) != (old_r, old_u) {
                        root[d] = new_r;
                        uniform[d] = new_u;
                        changed = true;
                    }
                }
            };
            match computed {
                Some((d, r, u)) => set(d as usize, r, u),
                None => {
                    uses.clear();
                    defs.clear();
                    super::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
                    for &d in &defs {
                        set(d as usize, Root::Mixed, false);
                    }
                }
            }
        }
    }
    // The location an address points into, and whether it is the same in every thread.
    let target = |a: &Addr| match a.base {
        Base::Global(g) => (Root::Var(g), true),
        Base::Reg(r) => {
            (root.get(r as usize).copied().unwrap_or(Root::Mixed), uniform.get(r as usize).copied().unwrap_or(false))
        }
        Base::Abs | Base::Local(_) => (Root::None, false),
    };
    let named = |r: Root| matches!(r, Root::Var(_) | Root::Param(_));
    let visible = |s: &Space| matches!(s, Space::Global | Space::Generic);
    // Liveness only for an atomic on a candidate location (most kernels have none).
    let live = std::cell::OnceCell::new();
    let mut loaded = Vec::new();
    let mut stored = Vec::new();
    for (pc, inst) in f.code.iter().enumerate() {
        // Surfaces and calls are not followed: a race through them goes undetected.
        inst.op.memory_accesses(&mut |a| {
            // A warp matrix access reaches each lane's own elements, not the one address.
            if !visible(&a.space) || a.matrix {
                return;
            }
            match a.kind {
                // Strong accesses (`volatile`, `.relaxed`, `.acquire`) are how threads meant
                // to communicate (a polled flag): the other tiers run those as written; so
                // are mbarriers.
                AccessKind::Load { strong: false } => loaded.push((target(a.addr).0, pc)),
                AccessKind::Store { strong: false } => stored.push((target(a.addr), pc)),
                AccessKind::Atomic { op, results } => {
                    let (at, uniform) = target(a.addr);
                    let used = || results_used(live.get_or_init(|| Liveness::of(f)), pc, results);
                    if named(at) && uniform && (!op.is_some_and(commutes) || used()) {
                        stored.push(((at, uniform), pc));
                    }
                }
                AccessKind::Load { strong: true } | AccessKind::Store { strong: true } | AccessKind::Mbarrier => {}
            }
        });
    }
    // A store and a load of the same location race only within one barrier interval: the
    // store reaches the load (or the load the store) without passing a block barrier.
    let loads_of = |r: Root| -> Vec<usize> { loaded.iter().filter(|&&(l, _)| l == r).map(|&(_, pc)| pc).collect() };
    stored.into_iter().find_map(|((r, uniform), st)| {
        if !uniform || !named(r) {
            return None;
        }
        let loads = loads_of(r);
        let races = loads.iter().any(|&ld| reaches_without_barrier(f, st, ld) || reaches_without_barrier(f, ld, st));
        races.then_some(st)
    })
}

/// Whether instruction `to` can run after instruction `from` with no block barrier (that
/// every thread waits at: `bar.sync`, `bar.red`) in between.
fn reaches_without_barrier(f: &Func, from: usize, to: usize) -> bool {
    let n = f.code.len();
    let mut seen = vec![false; n];
    let mut work = vec![from];
    let mut succ = Vec::new();
    while let Some(pc) = work.pop() {
        succ.clear();
        successors(f, pc, &mut succ);
        for &s in &succ {
            if s == to {
                return true;
            }
            let waits = f.code.get(s).is_some_and(|i| {
                i.guard.is_none() && matches!(i.op, Op::Bar { kind: BarKind::Sync | BarKind::Red { .. }, .. })
            });
            if s < n && !waits && !std::mem::replace(&mut seen[s], true) {
                work.push(s);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::lockstep_hazard;
    use crate::ir::Func;

    /// Kernel `k` of a module whose body is `body` (registers `%r<8>`, `%rd<8>`, `%p<2>`; a
    /// 1 KiB shared array `s`; a pointer parameter `g`), decoded, with the text of the
    /// instruction the analysis reports.
    fn hazard_in(body: &str) -> Option<String> {
        let ptx = format!(
            ".version 8.3\n.target sm_90\n.address_size 64\n\
             .visible .entry k(.param .u64 g)\n{{\n\
             .reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.reg .pred %p<2>;\n\
             .shared .align 16 .b8 s[1024];\n\
             ld.param.u64 %rd1, [g];\nmov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 2;\n\
             mov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\nxor.b32 %r5, %r4, 4;\n{body}\nret;\n}}\n"
        );
        let f: Func = crate::decode::test_kernel(&ptx, "k");
        lockstep_hazard(&f).map(|(pc, _)| f.info[pc].text.clone())
    }

    /// A lane reads its neighbour's slot right after an asynchronous copy filled it: in
    /// lockstep every copy lands first (rule 1), one thread at a time it does not.
    #[test]
    fn an_asynchronous_copy_into_shared_memory_is_a_store() {
        let read = "ld.shared.u32 %r6, [%r5];\nst.global.u32 [%rd1], %r6;";
        let copy = "cp.async.ca.shared.global [%r4], [%rd1], 4;\ncp.async.wait_all;";
        let found = hazard_in(&format!("{copy}\n{read}"));
        assert!(found.as_deref().is_some_and(|t| t.starts_with("ld.shared")), "{found:?}");
        let bulk = "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd1], 16, [%r3];";
        let found = hazard_in(&format!("{bulk}\n{read}"));
        assert!(found.as_deref().is_some_and(|t| t.starts_with("ld.shared")), "{found:?}");
        // A block barrier between: no hazard.
        assert_eq!(hazard_in(&format!("{copy}\nbar.sync 0;\n{read}")), None);
    }

    /// A 128-bit atomic on shared memory observes what other lanes stored before it.
    #[test]
    fn a_128_bit_atomic_after_a_shared_store_observes_it() {
        let body = "st.shared.u32 [%r4], %r1;\n\
                    {\n.reg .b128 q;\nmov.b128 q, {%rd1, %rd1};\natom.shared.exch.b128 q, [%r5], q;\n}";
        let found = hazard_in(body);
        assert!(found.as_deref().is_some_and(|t| t.starts_with("atom.shared.exch.b128")), "{found:?}");
    }

    /// An mbarrier arrival after a shared store reads and updates the barrier object.
    #[test]
    fn an_mbarrier_operation_after_a_shared_store_observes_it() {
        let body = "st.shared.u64 [%r3], %rd1;\nmbarrier.arrive.shared.b64 %rd2, [%r3];";
        let found = hazard_in(body);
        assert!(found.as_deref().is_some_and(|t| t.starts_with("mbarrier.arrive")), "{found:?}");
    }
}
