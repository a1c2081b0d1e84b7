//! Memory access: address classification into state spaces, per-lane and whole-warp loads
//! and stores, atomics, `isspacep`.

use super::*;

#[inline]
pub(crate) fn le_read(buf: &[u8], at: u64, size: u32) -> Option<u64> {
    let at = usize::try_from(at).ok()?;
    macro_rules! rd {
        ($t:ty, $n:expr) => {
            <$t>::from_le_bytes(buf.get(at..at.checked_add($n)?)?.try_into().ok()?) as u64
        };
    }
    Some(match size {
        1 => u64::from(*buf.get(at)?),
        2 => rd!(u16, 2),
        4 => rd!(u32, 4),
        _ => rd!(u64, 8),
    })
}

#[inline]
pub(crate) fn le_write(buf: &mut [u8], at: u64, size: u32, val: u64) -> Option<()> {
    let at = usize::try_from(at).ok()?;
    let b = buf.get_mut(at..at.checked_add(size as usize)?)?;
    match size {
        1 => b.copy_from_slice(&(val as u8).to_le_bytes()),
        2 => b.copy_from_slice(&(val as u16).to_le_bytes()),
        4 => b.copy_from_slice(&(val as u32).to_le_bytes()),
        _ => b.copy_from_slice(&val.to_le_bytes()),
    }
    Some(())
}

/// Whether `addr` is a multiple of the access size (1, 2, 4 or 8).
#[inline(always)]
pub(crate) fn aligned(addr: u64, size: u32) -> bool {
    addr & u64::from(size.wrapping_sub(1)) == 0
}

/// Where a resolved address points.
pub(crate) enum Target {
    Global(u64),
    Shared(u64),
    Local(u64),
    KParam(u64),
    FParam(u64),
}

/// A space whose accesses a whole warp can do at once.
#[derive(Clone, Copy)]
pub(super) enum FastSpace {
    Global,
    /// Shared memory; addresses are offset by this window base.
    Shared(u64),
}

/// Whether every active lane's address lies in global memory or in shared memory.
#[inline]
pub(super) fn fast_space(space: Space, addrs: &[u64; 32], mask: u32) -> Option<FastSpace> {
    match space {
        Space::Global => Some(FastSpace::Global),
        Space::Shared => Some(FastSpace::Shared(0)),
        Space::Generic => {
            let (mut glob, mut shared) = (true, true);
            for (l, &a) in addrs.iter().enumerate() {
                if mask >> l & 1 != 0 {
                    let s = a.wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE;
                    let lo = a.wrapping_sub(LOCAL_WINDOW) < WINDOW_SIZE;
                    glob &= !s && !lo;
                    shared &= s;
                }
            }
            if glob {
                Some(FastSpace::Global)
            } else if shared {
                Some(FastSpace::Shared(SHARED_WINDOW))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The first active lane whose `size`-byte access at `addrs[lane] - win` is outside `len`
/// bytes or misaligned, as a fault.
#[cold]
pub(super) fn buf_fault(len: usize, addrs: &[u64; 32], win: u64, mask: u32, size: u32) -> WarpFault {
    for lane in lanes(mask) {
        let a = addrs[lane].wrapping_sub(win);
        if a.checked_add(u64::from(size)).is_none_or(|e| e > len as u64) {
            return oob("shared", a, size, lane);
        }
        if !aligned(a, size) {
            return fault(FaultKind::Memory(MemError::Misaligned { addr: addrs[lane], size }), lane as u32);
        }
    }
    oob("shared", 0, size, 0)
}

/// Checks the active lanes' accesses against a buffer of `len` bytes.
#[inline]
pub(super) fn buf_check(len: usize, addrs: &[u64; 32], win: u64, mask: u32, size: u32) -> WarpResult<()> {
    let (mut hi, mut or) = (0u64, 0u64);
    for (l, &a) in addrs.iter().enumerate() {
        if mask >> l & 1 != 0 {
            let a = a.wrapping_sub(win);
            hi = hi.max(a);
            or |= a;
        }
    }
    if or & u64::from(size - 1) != 0 || hi.checked_add(u64::from(size)).is_none_or(|e| e > len as u64) {
        return Err(buf_fault(len, addrs, win, mask, size));
    }
    Ok(())
}

/// Loads for every active lane from a block-local buffer (shared memory).
#[inline]
pub(super) fn buf_load(
    buf: &[u8],
    addrs: &[u64; 32],
    win: u64,
    mask: u32,
    size: u32,
    out: &mut [u64; 32],
) -> WarpResult<()> {
    buf_check(buf.len(), addrs, win, mask, size)?;
    for (l, (o, &a)) in out.iter_mut().zip(addrs).enumerate() {
        if mask >> l & 1 != 0 {
            *o = le_read(buf, a.wrapping_sub(win), size).unwrap_or(0);
        }
    }
    Ok(())
}

/// Stores for every active lane (in lane order) into a block-local buffer (shared memory).
#[inline]
pub(super) fn buf_store(
    buf: &mut [u8],
    addrs: &[u64; 32],
    win: u64,
    mask: u32,
    size: u32,
    vals: &[u64; 32],
) -> WarpResult<()> {
    buf_check(buf.len(), addrs, win, mask, size)?;
    for (l, (&v, &a)) in vals.iter().zip(addrs).enumerate() {
        if mask >> l & 1 != 0 {
            le_write(buf, a.wrapping_sub(win), size, v);
        }
    }
    Ok(())
}

impl Warp {
    #[inline]
    pub(super) fn addr_of(&self, b: &Block<'_, '_>, a: Addr, lane: usize) -> u64 {
        let base = match a.base {
            Base::Reg(r) => self.regs[r as usize][lane],
            Base::Abs => 0,
            Base::Global(g) => b.l.globals[g as usize],
            Base::Local(o) => self.local_base + o,
        };
        a.at(base)
    }

    /// The address of every lane (inactive lanes too; their values are unused).
    #[inline(always)]
    pub(super) fn addrs(&self, b: &Block<'_, '_>, a: Addr) -> [u64; 32] {
        match a.base {
            Base::Reg(r) => {
                let v = &self.regs[r as usize];
                std::array::from_fn(|l| a.at(v[l]))
            }
            Base::Abs => [a.at(0); 32],
            Base::Global(g) => [a.at(b.l.globals[g as usize]); 32],
            Base::Local(o) => [a.at(self.local_base + o); 32],
        }
    }

    #[inline]
    pub(crate) fn classify(space: Space, addr: u64) -> Target {
        match space {
            Space::Global => Target::Global(addr),
            Space::Shared => Target::Shared(addr),
            Space::Local => Target::Local(addr),
            // A kernel parameter's address is in the parameter window (either half: `mov` of
            // a parameter, `cvta.param`); a 32-bit `mov` of it (the low half of its
            // `PARAM_ALIAS` address) or a bare offset also names it.
            Space::KParam if addr.wrapping_sub(PARAM_WINDOW) < WINDOW_SIZE => {
                Target::KParam((addr - PARAM_WINDOW) % PARAM_HALF)
            }
            Space::KParam if addr < WINDOW_SIZE => Target::KParam(addr % PARAM_HALF),
            Space::KParam => Target::KParam(addr),
            Space::FParam => Target::FParam(addr),
            Space::Generic => {
                if addr.wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE {
                    Target::Shared(addr - SHARED_WINDOW)
                } else if addr.wrapping_sub(LOCAL_WINDOW) < WINDOW_SIZE {
                    Target::Local(addr - LOCAL_WINDOW)
                } else {
                    Target::Global(addr)
                }
            }
        }
    }

    pub(super) fn load(
        &mut self,
        b: &Block<'_, '_>,
        space: Space,
        addr: u64,
        size: u32,
        lane: usize,
    ) -> WarpResult<u64> {
        if matches!(space, Space::Global) {
            return b.l.mem.load(addr, size, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32));
        }
        let r = match Self::classify(space, addr) {
            Target::Global(a) => {
                return b.l.mem.load(a, size, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32));
            }
            Target::Shared(a) => {
                let (buf, o) = b.smem(a);
                le_read(buf, o, size).ok_or_else(|| oob("shared", o, size, lane))
            }
            Target::Local(a) => le_read(&self.local[lane], a, size).ok_or_else(|| oob("local", a, size, lane)),
            Target::KParam(a) => le_read(b.l.params, a, size).ok_or_else(|| oob("param", a, size, lane)),
            Target::FParam(a) => {
                if a + u64::from(size) > u64::from(self.psize) {
                    return Err(oob("param", a, size, lane));
                }
                le_read(&self.params, lane as u64 * u64::from(self.psize) + a, size)
                    .ok_or_else(|| oob("param", a, size, lane))
            }
        }?;
        if !aligned(addr, size) {
            return Err(fault(FaultKind::Memory(MemError::Misaligned { addr, size }), lane as u32));
        }
        Ok(r)
    }

    /// A vector load of `n` elements of `size` bytes at `addr` as one single-copy atomic access
    /// (`Op::Ld { whole: true }`): the elements, zero-extended.
    pub(super) fn load_whole(
        &mut self,
        b: &Block<'_, '_>,
        space: Space,
        addr: u64,
        size: u32,
        n: usize,
        lane: usize,
    ) -> WarpResult<Vec<u64>> {
        let total = size * n as u32;
        let split = |v: u64| (0..n).map(|i| (v >> (i as u32 * size * 8)) & mask_w((size * 8) as u8)).collect();
        if total <= 8 {
            return Ok(split(self.load(b, space, addr, total, lane)?));
        }
        let halves = match Self::classify(space, addr) {
            Target::Global(a) => {
                b.l.mem.load16(a, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32))?
            }
            // Not shared between workers: element by element is atomic enough.
            _ => [self.load(b, space, addr, 8, lane)?, self.load(b, space, addr.wrapping_add(8), 8, lane)?],
        };
        let per = (n / 2).max(1);
        let mut out: Vec<u64> = split(halves[0]).into_iter().take(per).collect();
        out.extend(split(halves[1]).into_iter().take(per));
        Ok(out)
    }

    /// A vector store of `parts` (each `size` bytes) at `addr` as one single-copy atomic access
    /// (`Op::St { whole: true }`).
    pub(super) fn store_whole(
        &mut self,
        b: &mut Block<'_, '_>,
        space: Space,
        addr: u64,
        size: u32,
        parts: &[u64],
        lane: usize,
    ) -> WarpResult<()> {
        let total = size * parts.len() as u32;
        let pack = |ps: &[u64]| {
            ps.iter()
                .enumerate()
                .fold(0u64, |acc, (i, &p)| acc | (p & mask_w((size * 8) as u8)) << (i as u32 * size * 8))
        };
        if total <= 8 {
            return self.store(b, space, addr, total, pack(parts), lane);
        }
        let (lo, hi) = parts.split_at(parts.len() / 2);
        let (lo, hi) = (pack(lo), pack(hi));
        match Self::classify(space, addr) {
            Target::Global(a) => {
                b.l.mem.store16(a, [lo, hi], &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32))
            }
            _ => {
                self.store(b, space, addr, 8, lo, lane)?;
                self.store(b, space, addr.wrapping_add(8), 8, hi, lane)
            }
        }
    }

    pub(super) fn store(
        &mut self,
        b: &mut Block<'_, '_>,
        space: Space,
        addr: u64,
        size: u32,
        v: u64,
        lane: usize,
    ) -> WarpResult<()> {
        let t = Self::classify(space, addr);
        if let Target::Global(a) = t {
            return b.l.mem.store(a, size, v, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32));
        }
        if !aligned(addr, size) {
            return Err(fault(FaultKind::Memory(MemError::Misaligned { addr, size }), lane as u32));
        }
        match t {
            Target::Global(_) => Ok(()),
            Target::Shared(a) => {
                let (buf, o) = b.smem_mut(a);
                le_write(buf, o, size, v).ok_or_else(|| oob("shared", o, size, lane))
            }
            Target::Local(a) => le_write(&mut self.local[lane], a, size, v).ok_or_else(|| oob("local", a, size, lane)),
            Target::KParam(a) => Err(oob("param (read-only)", a, size, lane)),
            Target::FParam(a) => {
                if a + u64::from(size) > u64::from(self.psize) {
                    return Err(oob("param", a, size, lane));
                }
                let at = lane as u64 * u64::from(self.psize) + a;
                le_write(&mut self.params, at, size, v).ok_or_else(|| oob("param", a, size, lane))
            }
        }
    }
}

/// The memory one thread's atomic reaches: global memory through the launch's view (with the
/// thread's allocation cache), and its block's shared memory.
pub(crate) struct AtomicMemory<'m, 'v> {
    pub global: &'m MemView<'v>,
    pub cache: &'m mut AllocCache,
    pub shared: &'m mut [u8],
}

impl AtomicMemory<'_, '_> {
    /// One thread's atomic `op` on `size` bytes at `at` in `space` (global or shared, generic
    /// resolved); the old value.
    #[inline]
    pub(crate) fn atom(
        &mut self,
        space: Space,
        op: crate::ir::AtomOp,
        size: u32,
        at: u64,
        b: u64,
        c: u64,
    ) -> Result<u64, FaultKind> {
        match Warp::classify(space, at) {
            Target::Global(g) => self.global.atomic(g, size, op, b, c, self.cache).map_err(FaultKind::Memory),
            Target::Shared(s) => {
                if !aligned(s, size) {
                    return Err(FaultKind::Memory(MemError::Misaligned { addr: at, size }));
                }
                let old = le_read(self.shared, s, size).ok_or_else(|| out_of_bounds("shared", s, size))?;
                let new = atomic::apply(op, size, old, b, c, false);
                le_write(self.shared, s, size, new).ok_or_else(|| out_of_bounds("shared", s, size))?;
                Ok(old)
            }
            _ => Err(out_of_bounds("atomic on local/param", at, size)),
        }
    }

    /// One thread's 16-byte atomic (`cas`: compare with `b`, store `c`; else exchange with
    /// `b`) at `at` in `space`, as `atom`; the old (low, high) value.
    pub(crate) fn atom128(
        &mut self,
        space: Space,
        cas: bool,
        at: u64,
        b: [u64; 2],
        c: [u64; 2],
    ) -> Result<[u64; 2], FaultKind> {
        match Warp::classify(space, at) {
            Target::Global(g) => self.global.atomic16(g, cas, b, c, self.cache).map_err(FaultKind::Memory),
            Target::Shared(s) => {
                if !aligned(s, 16) {
                    return Err(FaultKind::Memory(MemError::Misaligned { addr: at, size: 16 }));
                }
                let bad = || out_of_bounds("shared", s, 16);
                let shared = &mut *self.shared;
                let old = [le_read(shared, s, 8).ok_or_else(bad)?, le_read(shared, s + 8, 8).ok_or_else(bad)?];
                let new = atomic::apply16(cas, old, b, c);
                le_write(shared, s, 8, new[0]).ok_or_else(bad)?;
                le_write(shared, s + 8, 8, new[1]).ok_or_else(bad)?;
                Ok(old)
            }
            _ => Err(out_of_bounds("atomic on local/param", at, 16)),
        }
    }
}

/// `isspacep`: whether generic address `addr` lies in `window`. Global memory holds the
/// constant banks, so a `.const` variable's address is in both the global and the const
/// window; only the module's `.const` variables are in the const window. The one semantics
/// every engine tier calls.
pub(crate) fn in_window(l: &Launch<'_>, window: Window, addr: u64) -> bool {
    match (window, Warp::classify(Space::Generic, addr)) {
        (Window::Shared, Target::Shared(_))
        | (Window::Local, Target::Local(_))
        | (Window::Global, Target::Global(_)) => true,
        (Window::Const, Target::Global(a)) => {
            let i = l.constants.partition_point(|&(start, _)| start <= a);
            l.constants[..i].last().is_some_and(|&(_, end)| a < end)
        }
        _ => false,
    }
}
