//! Faults: a lane's fault while a warp runs, and the launch fault it becomes (where, in
//! which source line).

use super::*;

/// A lane's fault while its warp runs. Its kind is boxed so that the [`WarpResult`] every
/// instruction returns is two words wide (faults are rare).
#[derive(Debug)]
pub(crate) struct WarpFault {
    pub kind: Box<FaultKind>,
    pub lane: u32,
}

pub(crate) type WarpResult<T> = Result<T, WarpFault>;

// Each instruction's result: it must stay two words.
const _: () = assert!(std::mem::size_of::<WarpResult<()>>() == 2 * std::mem::size_of::<usize>());

pub(crate) fn fault(kind: FaultKind, lane: u32) -> WarpFault {
    WarpFault { kind: Box::new(kind), lane }
}

impl Block<'_, '_> {
    pub(super) fn fault_at(&self, w: &Warp, e: WarpFault) -> Fault {
        let func = kernel(self.l, w.func);
        let pc = w.stack.last().map_or(0, |t| t.pc) as usize;
        let lane = e.lane as usize & 31;
        let info = func.info.get(pc);
        Fault::from(FaultReport {
            kind: *e.kind,
            kernel: kernel(self.l, self.l.kernel).name.clone(),
            function: func.name.clone(),
            block: self.ctaid,
            thread: [w.tid[0][lane], w.tid[1][lane], w.tid[2][lane]],
            instruction: info.map(|i| i.text.clone()).unwrap_or_default(),
            line: info.map_or(0, |i| i.line),
            source: reported_source(self.l, call_chain(w)),
            line_table: !self.l.files.is_empty(),
            printf_output: Vec::new(),
        })
    }
}

/// Where warp `w` is, innermost first: its function and pc, then each caller's function and
/// the pc of its call (the entry below a called frame's base entry holds the return pc).
pub(super) fn call_chain(w: &Warp) -> Vec<(u32, usize)> {
    let mut chain = vec![(w.func, w.stack.last().map_or(0, |t| t.pc) as usize)];
    let mut callers = w.frames.iter().rev();
    for i in (1..w.stack.len()).rev() {
        if w.stack[i].base
            && let Some(caller) = callers.next()
        {
            chain.push((caller.func, (w.stack[i - 1].pc as usize).saturating_sub(1)));
        }
    }
    chain
}

/// The source line to report for `chain` (innermost first): the first frame whose `.loc` is
/// the user's, not one of the CUDA toolkit's headers (under `-G`, `__trap`, `assert` and the
/// atomics are calls into functions with the header's lines or none), else the innermost's.
pub(crate) fn reported_source(l: &Launch<'_>, chain: Vec<(u32, usize)>) -> Option<(String, u32)> {
    let locs: Vec<(String, u32)> = chain
        .into_iter()
        .filter_map(|(func, pc)| kernel(l, func).info.get(pc)?.loc)
        .map(|(file, line)| (l.files.get(&file).cloned().unwrap_or_default(), line))
        .collect();
    let user = locs.iter().position(|(file, _)| !crate::source_loc::is_toolkit_header(file));
    user.or(if locs.is_empty() { None } else { Some(0) }).map(|i| locs[i].clone())
}

pub(crate) fn oob(space: &'static str, addr: u64, size: u32, lane: usize) -> WarpFault {
    fault(out_of_bounds(space, addr, size), lane as u32)
}

/// An access of `size` bytes at `addr` outside `space`'s bounds.
pub(crate) fn out_of_bounds(space: &'static str, addr: u64, size: u32) -> FaultKind {
    FaultKind::OutOfBounds { space, addr, size }
}
