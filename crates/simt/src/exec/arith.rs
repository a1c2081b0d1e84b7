//! Lane arithmetic: moves, unary/binary/ternary operations (through `semantics`), bit-field
//! insertion, comparisons, packing, extended-precision arithmetic with the carry flag.
//! (Operands come as the instruction holds them, by reference.)

use super::*;

impl Warp {
    /// `mov` of register `sa` to `d`.
    #[inline]
    pub(super) fn mov_reg(&mut self, d: &Reg, sa: &Reg, emask: u32) {
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

    /// `mov` of a non-register source to register `d` (below the register count) in every
    /// lane of a converged warp.
    #[inline]
    pub(super) fn mov_uniform(&mut self, b: &Block<'_, '_>, d: &Reg, sa: &Src) {
        let dst = &mut self.regs[*d as usize];
        match *sa {
            Src::Sreg(sr) => sreg_of(&self.tid, self.id, b, sr, dst),
            Src::Imm(v) => *dst = [v; 32],
            Src::Global(g, off) => *dst = [b.l.globals[g as usize].wrapping_add(off as u64); 32],
            Src::Local(o) => *dst = [self.local_base + o; 32],
            Src::Reg(_) => {}
        }
    }

    #[inline]
    pub(super) fn unary(
        &mut self,
        b: &Block<'_, '_>,
        op: &UnOp,
        d: &Reg,
        sa: &Src,
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let Scratch { a, r, .. } = s;
        let d = *d as usize;
        self.prefetch(b, *sa, a);
        let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
        match reg_or(*sa, d, &get, a) {
            Some(x) if emask == FULL => unop(op, x, dst),
            Some(x) => {
                unop(op, x, r);
                write_masked(dst, r, emask);
            }
            None => {
                unop(op, dst, r);
                write_masked(dst, r, emask);
            }
        }
        Ok(())
    }

    #[inline]
    pub(super) fn binary(
        &mut self,
        b: &Block<'_, '_>,
        op: &BinOp,
        d: &Reg,
        [sa, sb]: [&Src; 2],
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let Scratch { a, b: bb, r, .. } = s;
        let d = *d as usize;
        self.prefetch(b, *sa, a);
        self.prefetch(b, *sb, bb);
        let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
        match (reg_or(*sa, d, &get, a), reg_or(*sb, d, &get, bb)) {
            (Some(x), Some(y)) if emask == FULL => binop(op, x, y, dst),
            (x, y) => {
                binop(op, x.unwrap_or(dst), y.unwrap_or(dst), r);
                write_masked(dst, r, emask);
            }
        }
        Ok(())
    }

    #[inline]
    pub(super) fn ternary(
        &mut self,
        b: &Block<'_, '_>,
        op: &TernOp,
        d: &Reg,
        src: [&Src; 3],
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let Scratch { a, b: bb, c, r } = s;
        let [sa, sb, sc] = src;
        let d = *d as usize;
        self.prefetch(b, *sa, a);
        self.prefetch(b, *sb, bb);
        self.prefetch(b, *sc, c);
        let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
        match (reg_or(*sa, d, &get, a), reg_or(*sb, d, &get, bb), reg_or(*sc, d, &get, c)) {
            (Some(x), Some(y), Some(z)) if emask == FULL => ternop(op, x, y, z, dst),
            (x, y, z) => {
                ternop(op, x.unwrap_or(dst), y.unwrap_or(dst), z.unwrap_or(dst), r);
                write_masked(dst, r, emask);
            }
        }
        Ok(())
    }

    /// `bfi` of width `w`: sources `a`, `b`, position `c`, length `e`.
    pub(super) fn bfi(&mut self, b: &Block<'_, '_>, w: &u8, d: &Reg, src: [&Src; 4], emask: u32, s: &mut Scratch) {
        let Scratch { a, b: bb, c, r } = s;
        let [sa, sb, sc, e] = src;
        let mut ee = [0u64; 32];
        self.fetch(b, *sa, a);
        self.fetch(b, *sb, bb);
        self.fetch(b, *sc, c);
        self.fetch(b, *e, &mut ee);
        for k in 0..32 {
            r[k] = bfi(*w, a[k], bb[k], c[k], ee[k]);
        }
        write_masked(&mut self.regs[*d as usize], r, emask);
    }

    /// `setp`/`set` (`out`): the comparison `cm` of `a` and `b`, combined with a predicate
    /// (`comb`), into `d` and its negation into `dn`.
    pub(super) fn setp(
        &mut self,
        b: &Block<'_, '_>,
        (cm, out, comb): (&Cmp, &SetOut, &Option<(BoolOp, Src, bool)>),
        (d, dn): (&Reg, &Option<Reg>),
        (sa, sb): (&Src, &Src),
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, b: bb, c, .. } = s;
        let mut p = [0u64; 32];
        let mut pn = [0u64; 32];
        let x2 = matches!(cm.kind, b'h' | b'g') && cm.w == 32;
        if x2 {
            // Low halves into `p`, high halves into `pn`.
            self.fetch(b, *sa, a);
            self.fetch(b, *sb, bb);
            let c16 = Cmp { w: 16, ..*cm };
            for k in 0..32 {
                p[k] = u64::from(cmp(&c16, a[k] & 0xffff, bb[k] & 0xffff));
                pn[k] = u64::from(cmp(&c16, (a[k] >> 16) & 0xffff, (bb[k] >> 16) & 0xffff));
            }
        } else {
            cmp_lanes(cm, self.src_ref(b, *sa, a), self.src_ref(b, *sb, bb), &mut p);
            for (n, &v) in pn.iter_mut().zip(&p) {
                *n = v ^ 1;
            }
        }
        if let Some((op, src, neg)) = comb {
            self.fetch(b, *src, c);
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

    /// `mov` of `parts` (`bits` wide each) into one register.
    pub(super) fn pack(&mut self, b: &Block<'_, '_>, d: &Reg, parts: &[Src], bits: &u8, emask: u32, s: &mut Scratch) {
        let Scratch { a, r, .. } = s;
        *r = [0; 32];
        for (i, p) in parts.iter().enumerate() {
            self.fetch(b, *p, a);
            let sh = u32::from(*bits) * i as u32;
            for k in 0..32 {
                r[k] |= (a[k] & mask_w(*bits)) << sh;
            }
        }
        write_masked(&mut self.regs[*d as usize], r, emask);
    }

    /// `mov` of a register's `bits`-wide parts into registers.
    pub(super) fn unpack(
        &mut self,
        b: &Block<'_, '_>,
        parts: &[Option<Reg>],
        sa: &Src,
        bits: &u8,
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, r, .. } = s;
        self.fetch(b, *sa, a);
        for (i, p) in parts.iter().enumerate() {
            if let Some(p) = p {
                let sh = u32::from(*bits) * i as u32;
                map1(a, r, |x| (x >> sh) & mask_w(*bits));
                write_masked(&mut self.regs[*p as usize], r, emask);
            }
        }
    }

    /// Two moves at once (a 64-bit value's halves).
    pub(super) fn mov2(&mut self, b: &Block<'_, '_>, d: &[Option<Reg>; 2], sa: &[Src; 2], emask: u32, s: &mut Scratch) {
        let Scratch { a, b: bb, .. } = s;
        self.fetch(b, sa[0], a);
        self.fetch(b, sa[1], bb);
        for (d, v) in d.iter().zip([a, bb]) {
            if let Some(d) = d {
                write_masked(&mut self.regs[*d as usize], v, emask);
            }
        }
    }

    /// Extended-precision arithmetic (`add.cc`, `addc`, `mad.cc`, ...) through the lanes'
    /// carry flags: operation `op` of width `w`, carry in `cin` and out `cout`.
    pub(super) fn carry_op(
        &mut self,
        b: &Block<'_, '_>,
        (op, w, signed, cin, cout): (&CarryOp, &u8, &bool, &bool, &bool),
        d: &Reg,
        src: [&Src; 3],
        emask: u32,
        s: &mut Scratch,
    ) {
        let Scratch { a, b: bb, c, .. } = s;
        let [sa, sb, sc] = src;
        self.fetch(b, *sa, a);
        self.fetch(b, *sb, bb);
        self.fetch(b, *sc, c);
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
}
