//! Calls and returns: frames of called functions, their parameters and local memory.

use super::*;

pub(super) const MAX_CALL_DEPTH: usize = 4096;

/// The most local memory a thread's `alloca`s may reach (CUDA's stack is a few KiB by default;
/// this bounds a runaway allocation loop, which faults instead of exhausting host memory).
pub(super) const MAX_ALLOCA_STACK: u64 = 16 << 20;

/// The loaded device function whose fake address is `addr`, or the fault of calling it.
pub(super) fn resolve_func(l: &Launch<'_>, addr: u64) -> Result<u32, FaultKind> {
    let bad = || FaultKind::Memory(MemError::OutOfBounds { addr, size: 0 });
    let off = addr.checked_sub(FUNC_BASE).ok_or_else(bad)?;
    if !off.is_multiple_of(16) {
        return Err(bad());
    }
    let i = u32::try_from(off / 16).map_err(|_| bad())?;
    match l.funcs.get(i as usize) {
        Some(Ok(f)) if !f.is_kernel => Ok(i),
        Some(Err(e)) => Err(FaultKind::NotLoaded(e.to_string())),
        _ => Err(bad()),
    }
}

impl Warp {
    pub(super) fn do_return(&mut self) {
        let Some(mut f) = self.frames.pop() else { return };
        let live = f.call_mask & !self.exited;
        for lane in lanes(live) {
            for &(caller_off, callee_off, sz) in &f.rets {
                let src = lane * self.psize as usize + callee_off as usize;
                let dst = lane * f.psize as usize + caller_off as usize;
                if let (Some(s), Some(d)) =
                    (self.params.get(src..src + sz as usize), f.params.get_mut(dst..dst + sz as usize))
                {
                    d.copy_from_slice(s);
                }
            }
        }
        self.restore(f);
    }

    /// Calls `callee` from `func` for the lanes in `emask` (continuing at `next` on return);
    /// returns the callee's code.
    pub(super) fn enter<'f>(
        &mut self,
        l: &'f Launch<'_>,
        func: &Func,
        callee: Callee<'_>,
        (emask, next): (u32, u32),
    ) -> WarpResult<&'f Func> {
        let Callee { func: fi, args, rets } = callee;
        if self.frames.len() >= MAX_CALL_DEPTH {
            return Err(fault(FaultKind::StackOverflow, emask.trailing_zeros()));
        }
        let callee = kernel(l, fi);
        let ps = callee.param_size as usize;
        let mut params = vec![0u8; ps * 32];
        for lane in lanes(emask) {
            for &(caller_off, callee_off, sz) in args {
                let s = lane * self.psize as usize + caller_off as usize;
                let d = lane * ps + callee_off as usize;
                if let (Some(src), Some(dst)) =
                    (self.params.get(s..s + sz as usize), params.get_mut(d..d + sz as usize))
                {
                    dst.copy_from_slice(src);
                }
            }
        }
        // The callee's frame starts above the caller's frame and anything it `alloca`ted.
        let allocated = lanes(emask).map(|l| self.stack_top[l]).max().unwrap_or(0);
        let new_base = (self.local_base + u64::from(func.local_size)).max(allocated.next_multiple_of(16));
        let need = (new_base + u64::from(callee.local_size)) as usize;
        // Recursion deeper than the stack (`cudaLimitStackSize`; calls without recursion get
        // the stack their static depth needs, as the CUDA driver sizes it) overflows it: an
        // illegal address on a GPU.
        let recursive = self.func == fi || self.frames.iter().any(|f| f.func == fi);
        if recursive && need > l.dm.stack_size() {
            return Err(fault(
                FaultKind::OutOfBounds {
                    space: "stack (recursion deeper than cudaLimitStackSize allows)",
                    addr: need as u64,
                    size: callee.local_size,
                },
                emask.trailing_zeros(),
            ));
        }
        if callee.local_size > 0 {
            self.local_grown = true;
            for lb in self.local.iter_mut() {
                if lb.len() < need {
                    lb.resize(need, 0);
                }
            }
        }
        if let Some(t) = self.stack.last_mut() {
            t.pc = next;
        }
        let frame = Frame {
            func: self.func,
            regs: std::mem::replace(&mut self.regs, vec![[0; 32]; callee.nregs as usize]),
            params: std::mem::replace(&mut self.params, params),
            psize: self.psize,
            local_base: self.local_base,
            call_mask: emask,
            rets,
            stack_top: std::mem::take(&mut self.stack_top),
        };
        self.frames.push(frame);
        self.psize = ps as u32;
        self.local_base = new_base;
        self.func = fi;
        self.stack.push(Entry { pc: 0, rpc: NO_PC, mask: emask, base: true, wait: false });
        Ok(callee)
    }
}

impl Warp {
    pub(super) fn restore(&mut self, f: Frame) {
        self.func = f.func;
        self.regs = f.regs;
        self.params = f.params;
        self.psize = f.psize;
        self.local_base = f.local_base;
        self.stack_top = f.stack_top;
    }
}

/// A function called, with the copies of its parameters: (caller offset, callee offset,
/// size) of each argument into its frame, and of each return value back.
pub(super) struct Callee<'a> {
    pub func: u32,
    pub args: &'a [(u32, u32, u32)],
    pub rets: Vec<(u32, u32, u32)>,
}

impl Warp {
    /// `call` of `fi` from `func` for lanes `emask`, continuing at `next` on return.
    pub(super) fn call(
        &mut self,
        l: &Launch<'_>,
        func: &Func,
        fi: &u32,
        args: &[(u32, u32, u32)],
        rets: &[(u32, u32, u32)],
        (emask, next): (u32, u32),
    ) -> WarpResult<Flow> {
        self.enter(l, func, Callee { func: *fi, args, rets: rets.to_vec() }, (emask, next))?;
        Ok(Flow::Entered)
    }

    /// An indirect call through the function address `target`; lanes calling different
    /// functions call them one after the other.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn call_indirect(
        &mut self,
        b: &Block<'_, '_>,
        func: &Func,
        target: &Src,
        args: &[(u32, u32)],
        rets: &[(u32, u32)],
        (top, emask): (Entry, u32),
        s: &mut Scratch,
    ) -> WarpResult<Flow> {
        let (l, pc, next) = (b.l, top.pc, top.pc + 1);
        let Scratch { a, .. } = s;
        self.fetch(b, *target, a);
        let first = emask.trailing_zeros() as usize;
        let t = a[first];
        let same = lanes(emask).fold(0u32, |m, k| m | (u32::from(a[k] == t) << k));
        if same != emask {
            // Lanes calling different functions run one target at a time, like
            // divergent paths reconverging after the call.
            self.set_pc(next);
            let mut rest = emask;
            while rest != 0 {
                let t = a[rest.trailing_zeros() as usize];
                let m = lanes(rest).fold(0u32, |m, k| m | (u32::from(a[k] == t) << k));
                self.stack.push(Entry { pc, rpc: next, mask: m, base: false, wait: false });
                rest &= !m;
            }
            return Ok(Flow::Moved);
        }
        let fi = resolve_func(l, t).map_err(|k| fault(k, first as u32))?;
        let callee = kernel(l, fi);
        if args.len() != callee.param_slots.len() || rets.len() > callee.ret_slots.len() {
            return Err(fault(
                FaultKind::NotLoaded(format!(
                    "indirect call to `{}` with {} arguments (it takes {})",
                    callee.name,
                    args.len(),
                    callee.param_slots.len()
                )),
                first as u32,
            ));
        }
        let pair = |(c, sz): &(u32, u32), (o, csz): &(u32, u32)| (*c, *o, (*sz).min(*csz));
        let av: Vec<_> = args.iter().zip(&callee.param_slots).map(|(x, y)| pair(x, y)).collect();
        let rv: Vec<_> = rets.iter().zip(&callee.ret_slots).map(|(x, y)| pair(x, y)).collect();
        self.enter(l, func, Callee { func: fi, args: &av, rets: rv }, (emask, next))?;
        Ok(Flow::Entered)
    }

    /// `alloca` of `size` bytes aligned to `align` on each lane's stack, in `func`'s frame.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn alloca(
        &mut self,
        b: &Block<'_, '_>,
        func: &Func,
        d: &Reg,
        size: &Src,
        align: &u32,
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let Scratch { a, .. } = s;
        self.fetch(b, *size, a);
        let frame_end = self.local_base + u64::from(func.local_size);
        for lane in lanes(emask) {
            let at = self.stack_top[lane].max(frame_end).next_multiple_of(u64::from(*align));
            let end = at.saturating_add(a[lane]);
            if end > MAX_ALLOCA_STACK {
                return Err(fault(
                    FaultKind::Memory(MemError::OutOfBounds { addr: at, size: a[lane] as u32 }),
                    lane as u32,
                ));
            }
            self.local_grown = true;
            let lb = &mut self.local[lane];
            if (lb.len() as u64) < end {
                lb.resize(end as usize, 0);
            }
            self.stack_top[lane] = end;
            self.stack_moved = true;
            self.regs[*d as usize][lane] = at;
        }
        Ok(())
    }

    /// `stacksave`: each lane's stack top in `func`'s frame.
    pub(super) fn stack_save(&mut self, func: &Func, d: &Reg, emask: u32) {
        let frame_end = self.local_base + u64::from(func.local_size);
        for lane in lanes(emask) {
            self.regs[*d as usize][lane] = self.stack_top[lane].max(frame_end);
        }
    }

    /// `stackrestore` of each lane's stack top.
    pub(super) fn stack_restore(&mut self, b: &Block<'_, '_>, sa: &Src, emask: u32, s: &mut Scratch) {
        let Scratch { a, .. } = s;
        self.fetch(b, *sa, a);
        for lane in lanes(emask) {
            self.stack_top[lane] = a[lane];
            self.stack_moved = true;
        }
    }

    /// A call of built-in function `f`, lane by lane.
    pub(super) fn builtin_call(
        &mut self,
        b: &mut Block<'_, '_>,
        f: &Builtin,
        args: &[u32],
        ret: &Option<u32>,
        emask: u32,
    ) -> WarpResult<()> {
        if *f == Builtin::AssertFail {
            return Err(self.failed_asserts(b, args, emask));
        }
        for lane in lanes(emask) {
            self.builtin(b, *f, args, *ret, lane)?;
        }
        Ok(())
    }

    /// `__assertfail` for the lanes in `emask`: the first lane's fault, naming the other
    /// lanes' threads too (a GPU prints the message of every lane that reaches the call).
    fn failed_asserts(&mut self, b: &mut Block<'_, '_>, args: &[u32], emask: u32) -> WarpFault {
        let mut first: Option<WarpFault> = None;
        for lane in lanes(emask) {
            let Err(e) = self.builtin(b, Builtin::AssertFail, args, None, lane) else { continue };
            match &mut first {
                None => first = Some(e),
                Some(WarpFault { kind, .. }) => {
                    if let (FaultKind::Assert { also, .. }, FaultKind::Assert { .. }) = (kind.as_mut(), e.kind.as_ref())
                    {
                        also.push([self.tid[0][lane], self.tid[1][lane], self.tid[2][lane]]);
                    }
                }
            }
        }
        // (`emask` is never empty: the call runs for the lanes that reach it)
        first.unwrap_or_else(|| fault(FaultKind::Trap, 0))
    }
}
