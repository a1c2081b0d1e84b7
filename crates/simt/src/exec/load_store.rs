//! Memory instructions: `ld`, `st` (lane by lane, or the whole warp at once where every
//! active lane's address is in one space), atomics, `cp.async`, `cvta`, `isspacep`.
//! (Operands come as the instruction holds them, by reference.)

use super::*;

/// Where a load or store goes: its state space, element size and address operand, as the
/// instruction holds them.
#[derive(Clone, Copy)]
pub(super) struct Access<'a> {
    pub space: &'a Space,
    pub size: &'a u8,
    pub addr: &'a Addr,
}

impl Warp {
    /// A vector access of `n` elements faults, before any element is read or written, in the
    /// first active lane whose address is not a multiple of the whole vector's size
    /// (`Space::vector_alignment`).
    pub(super) fn vector_aligned(&self, b: &Block<'_, '_>, at: Access<'_>, n: usize, emask: u32) -> WarpResult<()> {
        let Some(total) = at.space.vector_alignment(*at.size, n) else { return Ok(()) };
        let ad = self.addrs(b, *at.addr);
        match lanes(emask).find(|&lane| !aligned(ad[lane], total)) {
            Some(lane) => {
                Err(fault(FaultKind::Memory(MemError::Misaligned { addr: ad[lane], size: total }), lane as u32))
            }
            None => Ok(()),
        }
    }

    /// `ld` of `d.len()` elements as one single-copy atomic access (`Op::Ld { whole: true }`).
    pub(super) fn ld_whole(
        &mut self,
        b: &Block<'_, '_>,
        at: Access<'_>,
        sext: &bool,
        d: &[Option<Reg>],
        emask: u32,
    ) -> WarpResult<()> {
        let Access { space, size, addr } = at;
        let ad = self.addrs(b, *addr);
        for lane in lanes(emask) {
            let vals = self.load_whole(b, *space, ad[lane], u32::from(*size), d.len(), lane)?;
            for (dr, mut v) in d.iter().zip(vals) {
                if *sext {
                    v = sx(v, size * 8) as u64;
                }
                if let Some(dr) = dr {
                    self.regs[*dr as usize][lane] = v;
                }
            }
        }
        Ok(())
    }

    /// `st` of `vals` as one single-copy atomic access (`Op::St { whole: true }`).
    pub(super) fn st_whole(
        &mut self,
        b: &mut Block<'_, '_>,
        at: Access<'_>,
        vals: &[Src],
        emask: u32,
    ) -> WarpResult<()> {
        let Access { space, size, addr } = at;
        let ad = self.addrs(b, *addr);
        let mut vs = [[0u64; 32]; 4];
        for (i, v) in vals.iter().enumerate().take(4) {
            self.fetch(b, *v, &mut vs[i]);
        }
        for lane in lanes(emask) {
            let parts: Vec<u64> = vs.iter().take(vals.len()).map(|v| v[lane]).collect();
            self.store_whole(b, *space, ad[lane], u32::from(*size), &parts, lane)?;
        }
        Ok(())
    }

    /// `ld` of `d.len()` elements of `size` bytes (sign-extended when `sext`).
    pub(super) fn ld(
        &mut self,
        b: &Block<'_, '_>,
        at: Access<'_>,
        sext: &bool,
        d: &[Option<Reg>],
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let Access { space, size, addr } = at;
        let l = b.l;
        let Scratch { r, .. } = s;
        let size = u32::from(*size);
        let mut ad = self.addrs(b, *addr);
        let fast = cluster::local_only(b, fast_space(*space, &ad, emask), &ad, emask);
        let uniform_param = *space == Space::KParam && !matches!(addr.base, Base::Reg(_));
        if fast.is_some() || uniform_param {
            let ai = &mut ad;
            for (i, dr) in d.iter().enumerate() {
                if i != 0 {
                    let step = u64::from(size);
                    ai.iter_mut().for_each(|x| *x = x.wrapping_add(step));
                }
                if let (Some(FastSpace::Global), Some(dr), false) = (fast, dr, *sext) {
                    // Straight into the destination (only active lanes are written).
                    l.mem
                        .load_lanes(ai, emask, size, &mut self.regs[*dr as usize], &mut self.cache)
                        .map_err(|(lane, e)| fault(FaultKind::Memory(e), lane as u32))?;
                    continue;
                }
                match fast {
                    Some(FastSpace::Global) => l
                        .mem
                        .load_lanes(ai, emask, size, r, &mut self.cache)
                        .map_err(|(lane, e)| fault(FaultKind::Memory(e), lane as u32))?,
                    Some(FastSpace::Shared(win)) => {
                        buf_load(&b.shared, ai, win, emask, size, r)?;
                    }
                    None => {
                        let lane = emask.trailing_zeros() as usize;
                        let v = le_read(l.params, ai[lane], size).ok_or_else(|| oob("param", ai[lane], size, lane))?;
                        if !aligned(ai[lane], size) {
                            return Err(fault(
                                FaultKind::Memory(MemError::Misaligned { addr: ai[lane], size }),
                                lane as u32,
                            ));
                        }
                        if let Some(dr) = dr
                            && !*sext
                        {
                            let dst = &mut self.regs[*dr as usize];
                            if emask == FULL {
                                *dst = [v; 32];
                            } else {
                                for lane in lanes(emask) {
                                    dst[lane] = v;
                                }
                            }
                            continue;
                        }
                        *r = [v; 32];
                    }
                }
                if *sext {
                    let w = (size * 8) as u8;
                    r.iter_mut().for_each(|v| *v = sx(*v, w) as u64);
                }
                if let Some(dr) = dr {
                    write_masked(&mut self.regs[*dr as usize], r, emask);
                }
            }
        } else {
            for lane in lanes(emask) {
                let base = ad[lane];
                for (i, dr) in d.iter().enumerate() {
                    let at = base.wrapping_add(i as u64 * u64::from(size));
                    let mut v = self.load(b, *space, at, size, lane)?;
                    if *sext {
                        v = sx(v, (size * 8) as u8) as u64;
                    }
                    if let Some(dr) = dr {
                        self.regs[*dr as usize][lane] = v;
                    }
                }
            }
        }
        Ok(())
    }

    /// `st` of `vals`, `size` bytes each.
    pub(super) fn st(
        &mut self,
        b: &mut Block<'_, '_>,
        at: Access<'_>,
        vals: &[Src],
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let Access { space, size, addr } = at;
        let l = b.l;
        let Scratch { a, .. } = s;
        let size = u32::from(*size);
        let mut ad = self.addrs(b, *addr);
        match cluster::local_only(b, fast_space(*space, &ad, emask), &ad, emask) {
            Some(fast) => {
                let mut cache = self.cache;
                for (i, v) in vals.iter().enumerate() {
                    if i != 0 {
                        let step = u64::from(size);
                        ad.iter_mut().for_each(|x| *x = x.wrapping_add(step));
                    }
                    let v = self.src_ref(b, *v, a);
                    match fast {
                        FastSpace::Global => l
                            .mem
                            .store_lanes(&ad, emask, size, v, &mut cache)
                            .map_err(|(lane, e)| fault(FaultKind::Memory(e), lane as u32))?,
                        FastSpace::Shared(win) => buf_store(&mut b.shared, &ad, win, emask, size, v)?,
                    }
                }
                self.cache = cache;
            }
            None => {
                let mut vs = [[0u64; 32]; 4];
                for (i, v) in vals.iter().enumerate().take(4) {
                    self.fetch(b, *v, &mut vs[i]);
                }
                for lane in lanes(emask) {
                    let base = ad[lane];
                    for (i, v) in vs.iter().enumerate().take(vals.len()) {
                        let at = base.wrapping_add(i as u64 * u64::from(size));
                        self.store(b, *space, at, size, v[lane], lane)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `cp.async` of `size` bytes from global to shared memory (`src_size` of them read, the
    /// rest zero; none when the `ignore` predicate holds).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn cp_async(
        &mut self,
        b: &mut Block<'_, '_>,
        (dst, src): (&Addr, &Addr),
        size: &u8,
        src_size: &Option<Src>,
        ignore: &Option<(Src, bool)>,
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let Scratch { a, b: bb, .. } = s;
        let size = u64::from(*size);
        let dsts = self.addrs(b, *dst);
        let srcs = self.addrs(b, *src);
        match src_size {
            Some(s) => self.fetch(b, *s, a),
            None => *a = [size; 32],
        }
        if let Some((p, neg)) = ignore {
            self.fetch(b, *p, bb);
            for lane in lanes(emask) {
                if (bb[lane] & 1 != 0) != *neg {
                    a[lane] = 0;
                }
            }
        }
        for lane in lanes(emask) {
            let n = a[lane].min(size);
            if !aligned(dsts[lane], size as u32) || (n != 0 && !aligned(srcs[lane], size as u32)) {
                let addr = if aligned(dsts[lane], size as u32) { srcs[lane] } else { dsts[lane] };
                let e = MemError::Misaligned { addr, size: size as u32 };
                return Err(fault(FaultKind::Memory(e), lane as u32));
            }
            let mut i = 0;
            while i < size {
                let step = if i + 4 <= n { 4 } else { 1 };
                let v =
                    if i < n { self.load(b, Space::Global, srcs[lane].wrapping_add(i), step as u32, lane)? } else { 0 };
                self.store(b, Space::Shared, dsts[lane].wrapping_add(i), step as u32, v, lane)?;
                i += step;
            }
        }
        Ok(())
    }

    /// `atom`/`red` `op` of `size` bytes, operands `b` (and `c` for `cas`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn atom(
        &mut self,
        b: &mut Block<'_, '_>,
        (space, op, size): (&Space, &AtomOp, &u8),
        d: &Option<Reg>,
        addr: &Addr,
        (sb, sc): (&Src, &Src),
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let l = b.l;
        let Scratch { b: bb, c, .. } = s;
        let size = u32::from(*size);
        self.fetch(b, *sb, bb);
        self.fetch(b, *sc, c);
        for lane in lanes(emask) {
            let (shared, at) = b.atom_target(*space, self.addr_of(b, *addr, lane));
            let old = AtomicMemory { global: &l.mem, cache: &mut self.cache, shared }
                .atom(*space, *op, size, at, bb[lane], c[lane])
                .map_err(|k| fault(k, lane as u32))?;
            if let Some(d) = d {
                self.regs[*d as usize][lane] = old;
            }
        }
        Ok(())
    }

    /// A 16-byte `atom.cas` or `atom.exch` (`cas`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn atom128(
        &mut self,
        b: &mut Block<'_, '_>,
        space: &Space,
        cas: &bool,
        d: &[Option<Reg>; 2],
        addr: &Addr,
        (sb, sc): (&[Src; 2], &[Src; 2]),
        emask: u32,
    ) -> WarpResult<()> {
        let l = b.l;
        let mut vals = [[0u64; 32]; 4];
        for (v, s) in vals.iter_mut().zip(sb.iter().chain(sc)) {
            self.fetch(b, *s, v);
        }
        for lane in lanes(emask) {
            let (shared, at) = b.atom_target(*space, self.addr_of(b, *addr, lane));
            let (bv, cv) = ([vals[0][lane], vals[1][lane]], [vals[2][lane], vals[3][lane]]);
            let old = AtomicMemory { global: &l.mem, cache: &mut self.cache, shared }
                .atom128(*space, *cas, at, bv, cv)
                .map_err(|k| fault(k, lane as u32))?;
            for (d, o) in d.iter().zip(old) {
                if let Some(d) = d {
                    self.regs[*d as usize][lane] = o;
                }
            }
        }
        Ok(())
    }

    /// A vector atomic (`red.v4.f32`, ...): one atomic per element.
    pub(super) fn atom_vec(
        &mut self,
        b: &mut Block<'_, '_>,
        v: &AtomVec,
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let l = b.l;
        let Scratch { b: bb, .. } = s;
        let size = u32::from(v.size);
        for (i, (src, dst)) in v.b.iter().zip(&v.d).enumerate() {
            self.fetch(b, *src, bb);
            for lane in lanes(emask) {
                let at = self.addr_of(b, v.addr, lane).wrapping_add(i as u64 * u64::from(size));
                let (shared, at) = b.atom_target(v.space, at);
                let old = AtomicMemory { global: &l.mem, cache: &mut self.cache, shared }
                    .atom(v.space, v.op, size, at, bb[lane], 0)
                    .map_err(|k| fault(k, lane as u32))?;
                if let Some(d) = dst {
                    self.regs[*d as usize][lane] = old;
                }
            }
        }
        Ok(())
    }

    /// `cvta`: a `space` address to a generic one (`to_generic`) or back.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn cvta(
        &mut self,
        b: &Block<'_, '_>,
        to_generic: &bool,
        space: &Space,
        d: &Reg,
        sa: &Src,
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, r, .. } = s;
        self.fetch(b, *sa, a);
        let win = match space {
            Space::Shared => SHARED_WINDOW,
            Space::Local => LOCAL_WINDOW,
            _ => 0,
        };
        if *to_generic {
            map1(a, r, |x| x.wrapping_add(win));
        } else {
            map1(a, r, |x| x.wrapping_sub(win));
        }
        write_masked(&mut self.regs[*d as usize], r, emask);
    }

    /// `isspacep`: whether each lane's address lies in `window` (for shared memory, the
    /// block's own: `Block::owns_shared`; outside clusters every shared address is).
    pub(super) fn isspacep(
        &mut self,
        b: &Block<'_, '_>,
        window: &Window,
        d: &Reg,
        sa: &Src,
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, r, .. } = s;
        self.fetch(b, *sa, a);
        let (w, l) = (*window, b.l);
        map1(a, r, |x| {
            let own = match Warp::classify(Space::Generic, x) {
                Target::Shared(off) => b.owns_shared(off),
                _ => true,
            };
            u64::from(in_window(l, w, x) && own)
        });
        write_masked(&mut self.regs[*d as usize], r, emask);
    }
}
