//! The interpreter's loop: runs a warp's instructions until it yields.

use super::*;

impl Warp {
    pub(super) fn run(&mut self, b: &mut Block<'_, '_>) -> WR<Yield> {
        let l = b.l;
        let mut func = kernel(l, self.func);
        let mut a = [0u64; 32];
        let mut bb = [0u64; 32];
        let mut c = [0u64; 32];
        let mut r = [0u64; 32];
        let mut executed: u64 = 0;
        // A kernel whose threads race through a module variable (`Func::warps_interleave`):
        // each slice of a warp ends before its second memory access, so the block's warps
        // make their k-th accesses in round k, as warps that start together on a GPU do.
        let interleave = kernel(l, l.kernel).warps_interleave && l.block.iter().product::<u32>() > 32;
        if !interleave {
            self.backedges = 0;
        }
        let mut accessed = false;
        let result = loop {
            let Some(top) = self.stack.last().copied() else { break Yield::Done };
            if top.mask == 0 || top.pc == top.rpc {
                self.stack.pop();
                if self.stack.len() < self.floor {
                    break Yield::Preempt;
                }
                if top.base {
                    self.do_return();
                    func = kernel(l, self.func);
                }
                continue;
            }
            if top.wait {
                self.wsync_next(b, func)?;
                continue;
            }
            executed += 1;
            if executed & 0xfff == 0 {
                if l.stop.load(Ordering::Relaxed) {
                    break Yield::Stopped;
                }
                if l.cooperative {
                    // Blocks of a cooperative grid may spin on each other: share the cores.
                    std::thread::yield_now();
                }
            }
            let pc = top.pc;
            let Some(inst) = func.code.get(pc as usize) else {
                // Falling off the end of a function: return.
                self.remove_lanes(top.mask, self.frames.is_empty());
                if self.frames.is_empty() {
                    self.exited |= top.mask;
                }
                continue;
            };
            if interleave && inst.op.accesses_memory() && std::mem::replace(&mut accessed, true) {
                executed -= 1;
                break Yield::Preempt;
            }
            let mut emask = top.mask;
            if let Some(g) = inst.guard {
                let p = &self.regs[g.reg as usize];
                let mut pm = 0u32;
                for (k, v) in p.iter().enumerate() {
                    pm |= ((*v & 1) as u32) << k;
                }
                if g.neg {
                    pm = !pm;
                }
                emask &= pm;
            }
            let next = pc + 1;
            let set_pc = |s: &mut Vec<Entry>, p: u32| {
                if let Some(t) = s.last_mut() {
                    t.pc = p;
                }
            };
            if emask == 0 && !matches!(inst.op, Op::Bra { .. }) {
                set_pc(&mut self.stack, next);
                continue;
            }
            match &inst.op {
                Op::WarpSync { .. } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                }
                Op::Elect { d, p, mask } => {
                    self.fetch(b, *mask, &mut a);
                    elect_lanes(&a, emask, &mut r, &mut c);
                    if let Some(d) = d
                        && let Some(dst) = self.regs.get_mut(*d as usize)
                    {
                        write_masked(dst, &r, emask);
                    }
                    if let Some(p) = p
                        && let Some(dst) = self.regs.get_mut(*p as usize)
                    {
                        write_masked(dst, &c, emask);
                    }
                }
                Op::Brx { index, targets, ipdom } => {
                    self.fetch(b, *index, &mut a);
                    let tgt = |k: usize| targets.get(a[k] as usize).copied();
                    let first = emask.trailing_zeros() as usize;
                    let Some(t0) = tgt(first) else { return Err(fault(FaultKind::Trap, first as u32)) };
                    let same = lanes(emask).fold(0u32, |m, k| m | (u32::from(tgt(k) == Some(t0)) << k));
                    if same == top.mask {
                        set_pc(&mut self.stack, t0);
                        continue;
                    }
                    let mut groups: Vec<(u32, u32)> = Vec::new();
                    let mut rest = emask;
                    while rest != 0 {
                        let k = rest.trailing_zeros() as usize;
                        let Some(t) = tgt(k) else { return Err(fault(FaultKind::Trap, k as u32)) };
                        let m = lanes(rest).fold(0u32, |m, j| m | (u32::from(tgt(j) == Some(t)) << j));
                        groups.push((t, m));
                        rest &= !m;
                    }
                    set_pc(&mut self.stack, *ipdom);
                    let not = top.mask & !emask;
                    if not != 0 {
                        self.stack.push(Entry { pc: next, rpc: *ipdom, mask: not, base: false, wait: false });
                    }
                    for &(t, m) in groups.iter().rev() {
                        self.stack.push(Entry { pc: t, rpc: *ipdom, mask: m, base: false, wait: false });
                    }
                    continue;
                }
                Op::Nanosleep => {
                    set_pc(&mut self.stack, next);
                    break self.give_way(false);
                }
                Op::Alloca { d, size, align } => {
                    self.fetch(b, *size, &mut a);
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
                }
                Op::StackSave { d } => {
                    let frame_end = self.local_base + u64::from(func.local_size);
                    for lane in lanes(emask) {
                        self.regs[*d as usize][lane] = self.stack_top[lane].max(frame_end);
                    }
                }
                Op::StackRestore { a: sa } => {
                    self.fetch(b, *sa, &mut a);
                    for lane in lanes(emask) {
                        self.stack_top[lane] = a[lane];
                        self.stack_moved = true;
                    }
                }
                Op::Nop | Op::Fence => {
                    if matches!(inst.op, Op::Fence) {
                        std::sync::atomic::fence(Ordering::SeqCst);
                    }
                }
                Op::Un { op: UnOp::Mov, d, a: Src::Reg(sa) } => {
                    let (d, sa) = (*d as usize, *sa as usize);
                    if d != sa && sa < self.regs.len() {
                        if emask == FULL {
                            self.regs.copy_within(sa..sa + 1, d);
                        } else {
                            if let Some((dst, get)) = split_regs(&mut self.regs, d) {
                                write_masked(dst, get(sa), emask);
                            }
                        }
                    }
                }
                Op::Un { op: UnOp::Mov, d, a: sa } if emask == FULL && (*d as usize) < self.regs.len() => {
                    let dst = &mut self.regs[*d as usize];
                    match *sa {
                        Src::Sreg(sr) => sreg_of(&self.tid, self.id, b, sr, dst),
                        Src::Imm(v) => *dst = [v; 32],
                        Src::Global(g, off) => *dst = [b.l.globals[g as usize].wrapping_add(off as u64); 32],
                        Src::Local(o) => *dst = [self.local_base + o; 32],
                        Src::Reg(_) => {}
                    }
                }
                Op::Un { op, d, a: sa } => {
                    let d = *d as usize;
                    self.prefetch(b, *sa, &mut a);
                    let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
                    match reg_or(*sa, d, &get, &a) {
                        Some(x) if emask == FULL => unop(op, x, dst),
                        Some(x) => {
                            unop(op, x, &mut r);
                            write_masked(dst, &r, emask);
                        }
                        None => {
                            unop(op, dst, &mut r);
                            write_masked(dst, &r, emask);
                        }
                    }
                }
                Op::Bin { op, d, a: sa, b: sb } => {
                    let d = *d as usize;
                    self.prefetch(b, *sa, &mut a);
                    self.prefetch(b, *sb, &mut bb);
                    let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
                    match (reg_or(*sa, d, &get, &a), reg_or(*sb, d, &get, &bb)) {
                        (Some(x), Some(y)) if emask == FULL => binop(op, x, y, dst),
                        (x, y) => {
                            binop(op, x.unwrap_or(dst), y.unwrap_or(dst), &mut r);
                            write_masked(dst, &r, emask);
                        }
                    }
                }
                Op::Tern { op, d, a: sa, b: sb, c: sc } => {
                    let d = *d as usize;
                    self.prefetch(b, *sa, &mut a);
                    self.prefetch(b, *sb, &mut bb);
                    self.prefetch(b, *sc, &mut c);
                    let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
                    match (reg_or(*sa, d, &get, &a), reg_or(*sb, d, &get, &bb), reg_or(*sc, d, &get, &c)) {
                        (Some(x), Some(y), Some(z)) if emask == FULL => ternop(op, x, y, z, dst),
                        (x, y, z) => {
                            ternop(op, x.unwrap_or(dst), y.unwrap_or(dst), z.unwrap_or(dst), &mut r);
                            write_masked(dst, &r, emask);
                        }
                    }
                }
                Op::Bfi { w, d, a: sa, b: sb, c: sc, e } => {
                    let mut ee = [0u64; 32];
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *sb, &mut bb);
                    self.fetch(b, *sc, &mut c);
                    self.fetch(b, *e, &mut ee);
                    for k in 0..32 {
                        r[k] = bfi(*w, a[k], bb[k], c[k], ee[k]);
                    }
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Setp { cmp: cm, out, d, dn, a: sa, b: sb, comb } => {
                    let mut p = [0u64; 32];
                    let mut pn = [0u64; 32];
                    let x2 = matches!(cm.kind, b'h' | b'g') && cm.w == 32;
                    if x2 {
                        // Low halves into `p`, high halves into `pn`.
                        self.fetch(b, *sa, &mut a);
                        self.fetch(b, *sb, &mut bb);
                        let c16 = Cmp { w: 16, ..*cm };
                        for k in 0..32 {
                            p[k] = u64::from(cmp(&c16, a[k] & 0xffff, bb[k] & 0xffff));
                            pn[k] = u64::from(cmp(&c16, (a[k] >> 16) & 0xffff, (bb[k] >> 16) & 0xffff));
                        }
                    } else {
                        cmp_lanes(cm, self.src_ref(b, *sa, &mut a), self.src_ref(b, *sb, &mut bb), &mut p);
                        for (n, &v) in pn.iter_mut().zip(&p) {
                            *n = v ^ 1;
                        }
                    }
                    if let Some((op, src, neg)) = comb {
                        self.fetch(b, *src, &mut c);
                        for k in 0..32 {
                            let q = (c[k] & 1) ^ u64::from(*neg);
                            let f = |x: u64| match op {
                                BoolOp::And => x & q,
                                BoolOp::Or => x | q,
                                BoolOp::Xor => x ^ q,
                            };
                            p[k] = f(p[k]);
                            pn[k] = f(pn[k]);
                        }
                    }
                    match out {
                        SetOut::Pred => {}
                        SetOut::Bits(t) if x2 => {
                            for (v, &hi) in p.iter_mut().zip(&pn) {
                                *v = if *v != 0 { *t } else { 0 } | if hi != 0 { *t << 16 } else { 0 };
                            }
                        }
                        SetOut::Bits(t) => p.iter_mut().for_each(|v| *v = if *v != 0 { *t } else { 0 }),
                    }
                    write_masked(&mut self.regs[*d as usize], &p, emask);
                    if let Some(dn) = dn
                        && *out == SetOut::Pred
                    {
                        write_masked(&mut self.regs[*dn as usize], &pn, emask);
                    }
                }
                Op::Pack { d, parts, bits } => {
                    r = [0; 32];
                    for (i, p) in parts.iter().enumerate() {
                        self.fetch(b, *p, &mut a);
                        let sh = u32::from(*bits) * i as u32;
                        for k in 0..32 {
                            r[k] |= (a[k] & mask_w(*bits)) << sh;
                        }
                    }
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Unpack { parts, a: sa, bits } => {
                    self.fetch(b, *sa, &mut a);
                    for (i, p) in parts.iter().enumerate() {
                        if let Some(p) = p {
                            let sh = u32::from(*bits) * i as u32;
                            map1(&a, &mut r, |x| (x >> sh) & mask_w(*bits));
                            write_masked(&mut self.regs[*p as usize], &r, emask);
                        }
                    }
                }
                Op::Ld { space, size, sext, d, addr, whole: true, .. } => {
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
                }
                Op::St { space, size, vals, addr, whole: true, .. } => {
                    let ad = self.addrs(b, *addr);
                    let mut vs = [[0u64; 32]; 4];
                    for (i, v) in vals.iter().enumerate().take(4) {
                        self.fetch(b, *v, &mut vs[i]);
                    }
                    for lane in lanes(emask) {
                        let parts: Vec<u64> = vs.iter().take(vals.len()).map(|v| v[lane]).collect();
                        self.store_whole(b, *space, ad[lane], u32::from(*size), &parts, lane)?;
                    }
                }
                Op::Ld { space, size, sext, d, addr, .. } => {
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
                                Some(FastSpace::Global) => {
                                    l.mem
                                        .load_lanes(ai, emask, size, &mut r, &mut self.cache)
                                        .map_err(|(lane, e)| fault(FaultKind::Memory(e), lane as u32))?
                                }
                                Some(FastSpace::Shared(win)) => {
                                    buf_load(&b.shared, ai, win, emask, size, &mut r)?;
                                }
                                None => {
                                    let lane = emask.trailing_zeros() as usize;
                                    let v = le_read(l.params, ai[lane], size)
                                        .ok_or_else(|| oob("param", ai[lane], size, lane))?;
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
                                    r = [v; 32];
                                }
                            }
                            if *sext {
                                let w = (size * 8) as u8;
                                r.iter_mut().for_each(|v| *v = sx(*v, w) as u64);
                            }
                            if let Some(dr) = dr {
                                write_masked(&mut self.regs[*dr as usize], &r, emask);
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
                }
                Op::St { space, size, vals, addr, .. } => {
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
                                let v = self.src_ref(b, *v, &mut a);
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
                }
                Op::Mbar { op, d, addr, space, a: sa } => {
                    self.fetch(b, *sa, &mut a);
                    let ad = self.addrs(b, *addr);
                    let mut failed = false;
                    for lane in lanes(emask) {
                        if *op == MbarOp::PendingCount {
                            r[lane] = a[lane] & MB_CNT;
                            continue;
                        }
                        let (buf, off) = b.smem_mut(mbar_offset(*space, ad[lane], lane)?);
                        let s = le_read(buf, off, 8).ok_or_else(|| oob("shared", off, 8, lane))?;
                        let (new, out) = mb_apply(*op, s, a[lane]);
                        le_write(buf, off, 8, new).ok_or_else(|| oob("shared", off, 8, lane))?;
                        failed |= matches!(op, MbarOp::Wait { .. }) && out == 0;
                        r[lane] = out;
                    }
                    if let Some(d) = d {
                        write_masked(&mut self.regs[*d as usize], &r, emask);
                    }
                    if failed {
                        set_pc(&mut self.stack, next);
                        self.spin_rotate();
                        b.executed += executed;
                        return Ok(Yield::Spin);
                    }
                }
                Op::CpBulk { dst, src, size, mbar } => {
                    self.fetch(b, *size, &mut a);
                    let (dsts, srcs, mbars) = (self.addrs(b, *dst), self.addrs(b, *src), self.addrs(b, *mbar));
                    for lane in lanes(emask) {
                        let n = a[lane] & 0xffff_ffff;
                        if n % 16 != 0 || dsts[lane] % 16 != 0 || srcs[lane] % 16 != 0 {
                            let e = MemError::Misaligned { addr: srcs[lane], size: 16 };
                            return Err(fault(FaultKind::Memory(e), lane as u32));
                        }
                        let dbase = mbar_offset(Space::Shared, dsts[lane], lane)?;
                        let mut i = 0;
                        while i < n {
                            let v = self.load(b, Space::Global, srcs[lane].wrapping_add(i), 8, lane)?;
                            self.store(b, Space::Shared, dbase.wrapping_add(i), 8, v, lane)?;
                            i += 8;
                        }
                        mb_complete_tx(b, Space::Shared, mbars[lane], n, lane)?;
                    }
                }
                Op::CpAsync { dst, src, size, src_size, ignore } => {
                    let size = u64::from(*size);
                    let dsts = self.addrs(b, *dst);
                    let srcs = self.addrs(b, *src);
                    match src_size {
                        Some(s) => self.fetch(b, *s, &mut a),
                        None => a = [size; 32],
                    }
                    if let Some((p, neg)) = ignore {
                        self.fetch(b, *p, &mut bb);
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
                            let v = if i < n {
                                self.load(b, Space::Global, srcs[lane].wrapping_add(i), step as u32, lane)?
                            } else {
                                0
                            };
                            self.store(b, Space::Shared, dsts[lane].wrapping_add(i), step as u32, v, lane)?;
                            i += step;
                        }
                    }
                }
                Op::Atom { space, op, size, d, addr, b: sb, c: sc } => {
                    let size = u32::from(*size);
                    self.fetch(b, *sb, &mut bb);
                    self.fetch(b, *sc, &mut c);
                    for lane in lanes(emask) {
                        let (shared, at) = b.atom_target(*space, self.addr_of(b, *addr, lane));
                        let old = atom_one(&l.mem, shared, &mut self.cache, *space, *op, size, at, bb[lane], c[lane])
                            .map_err(|k| fault(k, lane as u32))?;
                        if let Some(d) = d {
                            self.regs[*d as usize][lane] = old;
                        }
                    }
                }
                Op::Atom128 { space, cas, d, addr, b: sb, c: sc } => {
                    let mut vals = [[0u64; 32]; 4];
                    for (v, s) in vals.iter_mut().zip(sb.iter().chain(sc)) {
                        self.fetch(b, *s, v);
                    }
                    for lane in lanes(emask) {
                        let (shared, at) = b.atom_target(*space, self.addr_of(b, *addr, lane));
                        let (bv, cv) = ([vals[0][lane], vals[1][lane]], [vals[2][lane], vals[3][lane]]);
                        let old = atom128_one(&l.mem, shared, &mut self.cache, *space, *cas, at, bv, cv)
                            .map_err(|k| fault(k, lane as u32))?;
                        for (d, o) in d.iter().zip(old) {
                            if let Some(d) = d {
                                self.regs[*d as usize][lane] = o;
                            }
                        }
                    }
                }
                Op::Mov2 { d, a: sa } => {
                    self.fetch(b, sa[0], &mut a);
                    self.fetch(b, sa[1], &mut bb);
                    for (d, v) in d.iter().zip([&a, &bb]) {
                        if let Some(d) = d {
                            write_masked(&mut self.regs[*d as usize], v, emask);
                        }
                    }
                }
                Op::AtomV(v) => {
                    let size = u32::from(v.size);
                    for (i, (src, dst)) in v.b.iter().zip(&v.d).enumerate() {
                        self.fetch(b, *src, &mut bb);
                        for lane in lanes(emask) {
                            let at = self.addr_of(b, v.addr, lane).wrapping_add(i as u64 * u64::from(size));
                            let (shared, at) = b.atom_target(v.space, at);
                            let old = atom_one(&l.mem, shared, &mut self.cache, v.space, v.op, size, at, bb[lane], 0)
                                .map_err(|k| fault(k, lane as u32))?;
                            if let Some(d) = dst {
                                self.regs[*d as usize][lane] = old;
                            }
                        }
                    }
                }
                Op::Cvta { to_generic, space, d, a: sa } => {
                    self.fetch(b, *sa, &mut a);
                    let win = match space {
                        Space::Shared => SHARED_WINDOW,
                        Space::Local => LOCAL_WINDOW,
                        _ => 0,
                    };
                    if *to_generic {
                        map1(&a, &mut r, |x| x.wrapping_add(win));
                    } else {
                        map1(&a, &mut r, |x| x.wrapping_sub(win));
                    }
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Tex(t) => self.tex_op(b, t, emask)?,
                Op::Mma(m) => self.mma_op(b, m, emask)?,
                Op::Cluster(ClusterOp::Wait) if self.cl_arrived & emask != 0 => {
                    // The phase these lanes arrived in has not completed yet.
                    self.bar_pc = pc;
                    set_pc(&mut self.stack, next);
                    b.executed += executed;
                    return Ok(Yield::ClusterWait);
                }
                Op::Cluster(op) => self.cluster_op(b, op, emask)?,
                Op::Isspacep { window, d, a: sa } => {
                    self.fetch(b, *sa, &mut a);
                    let (w, l) = (*window, b.l);
                    map1(&a, &mut r, |x| u64::from(in_window(l, w, x)));
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Bra { target, ipdom } => {
                    let taken = emask;
                    let not = top.mask & !taken;
                    if not == 0 {
                        set_pc(&mut self.stack, *target);
                        if *target <= pc {
                            self.backedges += 1;
                            if self.backedges >= PREEMPT_BACKEDGES {
                                self.backedges = 0;
                                let body = func.code.get(*target as usize..=pc as usize).unwrap_or(&[]);
                                break self.give_way(is_lock_loop(l, body));
                            }
                        }
                    } else if taken == 0 {
                        set_pc(&mut self.stack, next);
                    } else {
                        set_pc(&mut self.stack, *ipdom);
                        self.stack.push(Entry { pc: next, rpc: *ipdom, mask: not, base: false, wait: false });
                        self.stack.push(Entry { pc: *target, rpc: *ipdom, mask: taken, base: false, wait: false });
                    }
                    continue;
                }
                Op::Call { func: fi, args, rets } => {
                    func = self.enter(l, func, *fi, args, rets.clone(), emask, next)?;
                    continue;
                }
                Op::CallInd { target, args, rets } => {
                    self.fetch(b, *target, &mut a);
                    let first = emask.trailing_zeros() as usize;
                    let t = a[first];
                    let same = lanes(emask).fold(0u32, |m, k| m | (u32::from(a[k] == t) << k));
                    if same != emask {
                        // Lanes calling different functions run one target at a time, like
                        // divergent paths reconverging after the call.
                        set_pc(&mut self.stack, next);
                        let mut rest = emask;
                        while rest != 0 {
                            let t = a[rest.trailing_zeros() as usize];
                            let m = lanes(rest).fold(0u32, |m, k| m | (u32::from(a[k] == t) << k));
                            self.stack.push(Entry { pc, rpc: next, mask: m, base: false, wait: false });
                            rest &= !m;
                        }
                        continue;
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
                    func = self.enter(l, func, fi, &av, rv, emask, next)?;
                    continue;
                }
                Op::Ret if !self.frames.is_empty() => {
                    set_pc(&mut self.stack, next);
                    self.remove_lanes(emask, false);
                    continue;
                }
                Op::Ret | Op::Exit => {
                    set_pc(&mut self.stack, next);
                    self.exited |= emask;
                    self.remove_lanes(emask, true);
                    if self.valid & !self.exited == 0 {
                        break Yield::Done;
                    }
                    continue;
                }
                Op::Trap => return Err(fault(FaultKind::Trap, emask.trailing_zeros())),
                Op::Builtin { f, args, ret } => {
                    for lane in lanes(emask) {
                        self.builtin(b, *f, args, *ret, lane)?;
                    }
                }
                Op::Bar { id, count, kind } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *id, &mut a);
                    let first = emask.trailing_zeros() as usize;
                    let n = match count {
                        Some(cs) => {
                            self.fetch(b, *cs, &mut c);
                            Some(c[first] as u32)
                        }
                        None => None,
                    };
                    let red = match *kind {
                        BarKind::Red { op, d, p, neg } => {
                            self.fetch(b, p, &mut bb);
                            let t = lanes(emask).fold(0u32, |m, k| m | (u32::from((bb[k] & 1 != 0) != neg) << k));
                            self.red = Some((op, d, emask));
                            Some((t.count_ones(), t == emask, t != 0))
                        }
                        _ => None,
                    };
                    self.bar_pc = pc;
                    set_pc(&mut self.stack, next);
                    b.executed += executed;
                    let arrive = *kind == BarKind::Arrive;
                    return Ok(Yield::Barrier { id: a[first] as u32, count: n, arrive, red });
                }
                Op::Shfl { mode, d, p, a: sa, b: sb, c: sc, .. } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *sb, &mut bb);
                    self.fetch(b, *sc, &mut c);
                    let mut pv = [0u64; 32];
                    shfl_lanes(*mode, &a, &bb, &c, &mut r, &mut pv);
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                    if let Some(p) = p {
                        write_masked(&mut self.regs[*p as usize], &pv, emask);
                    }
                }
                Op::Vote { mode, d, a: sa, neg, mask } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *sa, &mut a);
                    if *neg {
                        a.iter_mut().for_each(|v| *v ^= 1);
                    }
                    self.fetch(b, *mask, &mut c);
                    vote_lanes(*mode, &a, &c, emask, &mut r);
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Redux { op, signed, d, a: sa, mask, .. } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *mask, &mut c);
                    redux_lanes(*op, *signed, &a, &c, emask, &mut r);
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Match { all, w, d, p, a: sa, mask } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *mask, &mut c);
                    match_lanes(*all, *w, &a, &c, emask, &mut r);
                    if let Some(p) = p {
                        let pv = r.map(|v| u64::from(v != 0));
                        write_masked(&mut self.regs[*p as usize], &pv, emask);
                    }
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Carry { op, w, signed, cin, cout, d, a: sa, b: sb, c: sc } => {
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *sb, &mut bb);
                    self.fetch(b, *sc, &mut c);
                    let dst = &mut self.regs[*d as usize];
                    for lane in lanes(emask) {
                        let cf = *cin && self.carry >> lane & 1 != 0;
                        let (v, out) = carry(*op, *w, *signed, *cin, cf, a[lane], bb[lane], c[lane]);
                        dst[lane] = v;
                        if *cout {
                            self.carry = (self.carry & !(1 << lane)) | (u32::from(out) << lane);
                        }
                    }
                }
                Op::Activemask { d } => {
                    write_masked(&mut self.regs[*d as usize], &[u64::from(top.mask); 32], emask);
                }
            }
            set_pc(&mut self.stack, next);
        };
        b.executed += executed;
        Ok(result)
    }
}
