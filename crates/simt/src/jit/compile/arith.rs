//! Lowering of arithmetic, conversions and comparisons: inline where the result is exactly the
//! interpreter's, else a call of the interpreter's own implementation.

use super::*;
use ptx::types::{Rounding, ScalarType};

impl<'a, 'b> ThreadCodegen<'a, 'b> {
    /// The f32 in the low bits of `v`, for arithmetic or a comparison (a NaN may come with
    /// any payload: see `of32`).
    pub(super) fn f32_of(&mut self, v: Value) -> Value {
        if let Some(&f) = self.fview.get(&v).filter(|&&f| self.b.func.dfg.value_type(f) == types::F32) {
            return f;
        }
        let t = self.b.ins().ireduce(types::I32, v);
        self.b.ins().bitcast(types::F32, MemFlagsData::new(), t)
    }

    /// The bits of f32 result `f`, NaN canonicalized to 0x7fffffff (as `crate::semantics::of32`).
    pub(super) fn of32(&mut self, f: Value) -> Value {
        let nan = self.b.ins().fcmp(FloatCC::Unordered, f, f);
        let canon = self.b.ins().f32const(f32::from_bits(0x7fff_ffff));
        let c = self.b.ins().select(nan, canon, f);
        let bits = self.b.ins().bitcast(types::I32, MemFlagsData::new(), c);
        let bits = self.b.ins().uextend(I64, bits);
        // Float consumers (`f32_of`: arithmetic and comparisons, which give the same result for
        // any NaN input, canonicalizing their own) take the raw result, which dominates every
        // use of `bits`: the value stays in a vector register, and when only such consumers use
        // it, the canonicalization above is dead code.
        self.fview.insert(bits, f);
        bits
    }

    /// `semantics::sign_op64`: `signed` (x with its sign bit changed), or x quieted if a NaN.
    fn sign_op64(&mut self, x: Value, signed: Value) -> Value {
        let magnitude = self.b.ins().band_imm_s(x, i64::MAX);
        let nan = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, magnitude, 0x7ff0_0000_0000_0000);
        let quiet = self.b.ins().bor_imm_s(x, 1 << 51);
        self.b.ins().select(nan, quiet, signed)
    }

    /// The bits of f64 result `r` with the GPU's NaN rule (`float::BIN64_NAN_PRIORITY`): where an
    /// operand of `ops` (bits, in priority order) is a NaN, the first such, quieted.
    fn nan_first64(&mut self, r: Value, ops: &[Value]) -> Value {
        let mut out = self.bits64(r);
        for &o in ops.iter().rev() {
            let magnitude = self.b.ins().band_imm_s(o, i64::MAX);
            let nan = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, magnitude, 0x7ff0_0000_0000_0000);
            let quiet = self.b.ins().bor_imm_s(o, 1 << 51);
            out = self.b.ins().select(nan, quiet, out);
        }
        out
    }

    pub(super) fn f64_of(&mut self, v: Value) -> Value {
        if let Some(&f) = self.fview.get(&v).filter(|&&f| self.b.func.dfg.value_type(f) == types::F64) {
            return f;
        }
        self.b.ins().bitcast(types::F64, MemFlagsData::new(), v)
    }

    pub(super) fn bits64(&mut self, f: Value) -> Value {
        let bits = self.b.ins().bitcast(I64, MemFlagsData::new(), f);
        self.fview.insert(bits, f);
        bits
    }

    pub(super) fn bool64(&mut self, c: Value) -> Value {
        self.b.ins().uextend(I64, c)
    }

    pub(super) fn unop(&mut self, op: &'a UnOp, x: Value) -> Value {
        match *op {
            UnOp::Mov => x,
            UnOp::Not(w) => {
                let n = self.b.ins().bnot(x);
                self.mask(n, w)
            }
            UnOp::Neg(w) => {
                let n = self.b.ins().ineg(x);
                self.mask(n, w)
            }
            UnOp::NegF32 { ftz: false } => {
                let f = self.f32_of(x);
                let n = self.b.ins().fneg(f);
                self.of32(n)
            }
            UnOp::NegF64 => {
                let n = self.b.ins().bxor_imm_s(x, i64::MIN);
                self.sign_op64(x, n)
            }
            UnOp::AbsF64 => {
                let n = self.b.ins().band_imm_s(x, i64::MAX);
                self.sign_op64(x, n)
            }
            UnOp::F32(F32Fn::Sqrt, false) => {
                let f = self.f32_of(x);
                let r = self.b.ins().sqrt(f);
                self.of32(r)
            }
            UnOp::F64(F64Fn::Sqrt) => {
                let f = self.f64_of(x);
                let r = self.b.ins().sqrt(f);
                self.bits64(r)
            }
            UnOp::F32(F32Fn::Rcp, false) => {
                let f = self.f32_of(x);
                let one = self.b.ins().f32const(1.0);
                let r = self.b.ins().fdiv(one, f);
                self.of32(r)
            }
            UnOp::F64(F64Fn::Rcp) => {
                let f = self.f64_of(x);
                let one = self.b.ins().f64const(1.0);
                let r = self.b.ins().fdiv(one, f);
                self.bits64(r)
            }
            UnOp::Cvt(ref c) if int_cvt(c) => {
                let fw = (c.from.size() * 8) as u8;
                let tw = (c.to.size() * 8) as u8;
                let v = if c.from.kind() == TypeKind::Signed { self.sext(x, fw) } else { self.mask(x, fw) };
                // As `semantics::convert::narrow_int`: a signed result narrower than 32 bits is
                // held sign-extended to 32 bits.
                if c.to.kind() == TypeKind::Signed && tw < 32 {
                    let s = self.sext(v, tw);
                    self.mask(s, 32)
                } else {
                    self.mask(v, tw)
                }
            }
            // From a 32-bit (or narrower) integer to .f64: exact, whatever the rounding.
            UnOp::Cvt(ref c)
                if !c.sat && c.to == ScalarType::F64 && c.from.kind() != TypeKind::Float && c.from.size() <= 4 =>
            {
                let fw = (c.from.size() * 8) as u8;
                let f = if c.from.kind() == TypeKind::Signed {
                    let v = self.sext(x, fw);
                    self.b.ins().fcvt_from_sint(types::F64, v)
                } else {
                    let v = self.mask(x, fw);
                    self.b.ins().fcvt_from_uint(types::F64, v)
                };
                self.bits64(f)
            }
            // `cvt.rzi.s32.f64`: truncated, saturated, NaN to `1 << 31` (`semantics::convert::cvt`).
            UnOp::Cvt(ref c)
                if !c.sat && c.from == ScalarType::F64 && c.to == ScalarType::S32 && c.rnd == Rounding::Rzi =>
            {
                let f = self.f64_of(x);
                let r = self.b.ins().fcvt_to_sint_sat(types::I32, f);
                let nan = self.b.ins().fcmp(FloatCC::Unordered, f, f);
                let min = self.b.ins().iconst(types::I32, i64::from(i32::MIN));
                let r = self.b.ins().select(nan, min, r);
                self.b.ins().uextend(I64, r)
            }
            // `cvt.rzi.f64.f64`: truncated, a NaN quieted.
            UnOp::Cvt(ref c)
                if !c.sat && c.from == ScalarType::F64 && c.to == ScalarType::F64 && c.rnd == Rounding::Rzi =>
            {
                let f = self.f64_of(x);
                let t = self.b.ins().trunc(f);
                let bits = self.bits64(t);
                self.sign_op64(x, bits)
            }
            UnOp::Cvt(ref c) => {
                self.note_helper(c);
                let p = self.ptr(c);
                self.call1(helpers::h_cvt as *const () as usize, &[p, x])
            }
            _ => {
                self.note_helper(op);
                let p = self.ptr(op);
                self.call1(helpers::h_unop as *const () as usize, &[p, x])
            }
        }
    }

    pub(super) fn binop(&mut self, op: &'a BinOp, x: Value, y: Value) -> Value {
        match *op {
            BinOp::Add(w) => {
                let v = self.b.ins().iadd(x, y);
                self.mask(v, w)
            }
            BinOp::Sub(w) => {
                let v = self.b.ins().isub(x, y);
                self.mask(v, w)
            }
            BinOp::MulLo(w) => {
                let v = self.b.ins().imul(x, y);
                self.mask(v, w)
            }
            BinOp::And(w) => {
                let v = self.b.ins().band(x, y);
                self.mask(v, w)
            }
            BinOp::Or(w) => {
                let v = self.b.ins().bor(x, y);
                self.mask(v, w)
            }
            BinOp::Xor(w) => {
                let v = self.b.ins().bxor(x, y);
                self.mask(v, w)
            }
            BinOp::Shl(w) if w <= 64 => {
                let n = self.mask(y, 32);
                let big = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, n, i64::from(w));
                let s = self.b.ins().ishl(x, n);
                let s = self.mask(s, w);
                let z = self.imm(0);
                self.b.ins().select(big, z, s)
            }
            BinOp::Shr(w, s) if (1..=64).contains(&w) => {
                let n = self.mask(y, 32);
                let cap = u64::from(w) - 1 + u64::from(!s);
                let capv = self.imm(cap);
                let n = self.b.ins().umin(n, capv);
                if s {
                    let v = self.sext(x, w);
                    let v = self.b.ins().sshr(v, n);
                    self.mask(v, w)
                } else {
                    let big = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, n, i64::from(w));
                    let v = self.mask(x, w);
                    let v = self.b.ins().ushr(v, n);
                    let z = self.imm(0);
                    self.b.ins().select(big, z, v)
                }
            }
            BinOp::Min(w, s) | BinOp::Max(w, s) => {
                let max = matches!(op, BinOp::Max(..));
                if s {
                    let (p, q) = (self.sext(x, w), self.sext(y, w));
                    let v = if max { self.b.ins().smax(p, q) } else { self.b.ins().smin(p, q) };
                    self.mask(v, w)
                } else {
                    let (p, q) = (self.mask(x, w), self.mask(y, w));
                    if max { self.b.ins().umax(p, q) } else { self.b.ins().umin(p, q) }
                }
            }
            BinOp::MulWide(w, s) if w <= 32 => {
                let (p, q) = if s { (self.sext(x, w), self.sext(y, w)) } else { (self.mask(x, w), self.mask(y, w)) };
                let m = self.b.ins().imul(p, q);
                self.mask(m, w * 2)
            }
            BinOp::MulHi(64, s) => {
                if s {
                    self.b.ins().smulhi(x, y)
                } else {
                    self.b.ins().umulhi(x, y)
                }
            }
            BinOp::MulHi(w, s) if w < 64 => {
                let (p, q) = if s { (self.sext(x, w), self.sext(y, w)) } else { (self.mask(x, w), self.mask(y, w)) };
                let m = self.b.ins().imul(p, q);
                let h =
                    if s { self.b.ins().sshr_imm_s(m, i64::from(w)) } else { self.b.ins().ushr_imm_s(m, i64::from(w)) };
                self.mask(h, w)
            }
            BinOp::F32(fb @ (FBin::Add | FBin::Sub | FBin::Mul | FBin::Div), false, false) => {
                let (p, q) = (self.f32_of(x), self.f32_of(y));
                let r = match fb {
                    FBin::Add => self.b.ins().fadd(p, q),
                    FBin::Sub => self.b.ins().fsub(p, q),
                    FBin::Mul => self.b.ins().fmul(p, q),
                    _ => self.b.ins().fdiv(p, q),
                };
                self.of32(r)
            }
            BinOp::F64(fb @ (FBin::Add | FBin::Sub | FBin::Mul | FBin::Div)) => {
                let (p, q) = (self.f64_of(x), self.f64_of(y));
                let r = match fb {
                    FBin::Add => self.b.ins().fadd(p, q),
                    FBin::Sub => self.b.ins().fsub(p, q),
                    FBin::Mul => self.b.ins().fmul(p, q),
                    _ => self.b.ins().fdiv(p, q),
                };
                // Not the host's rule: `float::BIN64_NAN_PRIORITY`.
                self.nan_first64(r, &crate::float::BIN64_NAN_PRIORITY.map(|i| [x, y][i]))
            }
            _ => {
                self.note_helper(op);
                let p = self.ptr(op);
                self.call1(helpers::h_binop as *const () as usize, &[p, x, y])
            }
        }
    }

    /// `v ^ m` for an f32 sign-flip mask `m` (0 or 0x80000000): the bits, with a float view.
    pub(super) fn flip32(&mut self, v: Value, m: u64) -> Value {
        if m & 0xffff_ffff == 0 {
            return v;
        }
        if m & 0xffff_ffff != 0x8000_0000 {
            return self.b.ins().bxor_imm_s(v, m as i64);
        }
        let f = self.f32_of(v);
        let n = self.b.ins().fneg(f);
        let bits = self.b.ins().bitcast(types::I32, MemFlagsData::new(), n);
        let bits = self.b.ins().uextend(I64, bits);
        self.fview.insert(bits, n);
        bits
    }

    /// Under `CUPRITE_JIT_DUMP`, names an operation that calls its interpreter implementation
    /// (what to inline next).
    pub(super) fn note_helper(&self, op: &dyn std::fmt::Debug) {
        if crate::env::flag(crate::env::JIT_DUMP) {
            eprintln!("jit `{}`: helper call for {op:?}", self.f.name);
        }
    }

    pub(super) fn fma32(&mut self, x: Value, y: Value, z: Value) -> Value {
        let (p, q, r) = (self.f32_of(x), self.f32_of(y), self.f32_of(z));
        let v = self.b.ins().fma(p, q, r);
        self.of32(v)
    }

    /// `fma.rn.f64` (`float::fma64`): the host's fused multiply-add, NaN operands by the GPU's
    /// rule (`float::FMA64_NAN_PRIORITY`). A helper call per `fma` was 40% of Rodinia
    /// particlefilter's time once its `pow` calls were inlined.
    fn fma64(&mut self, x: Value, y: Value, z: Value) -> Value {
        let (p, q, r) = (self.f64_of(x), self.f64_of(y), self.f64_of(z));
        let v = self.b.ins().fma(p, q, r);
        self.nan_first64(v, &crate::float::FMA64_NAN_PRIORITY.map(|i| [x, y, z][i]))
    }

    pub(super) fn ternop(&mut self, op: &'a TernOp, x: Value, y: Value, z: Value) -> Value {
        match *op {
            TernOp::MadLo(w) => {
                let m = self.b.ins().imul(x, y);
                let v = self.b.ins().iadd(m, z);
                self.mask(v, w)
            }
            TernOp::MadWide(32, s) => {
                let m = self.binop_wide(x, y, s);
                self.b.ins().iadd(m, z)
            }
            TernOp::Fma32(false, false) => self.fma32(x, y, z),
            TernOp::NegFma { xm, zm, k: FmaKind::F32(false) } => {
                // A sign flip in the float domain (fneg) keeps the operand's float view.
                let p = self.flip32(x, xm);
                let r = self.flip32(z, zm);
                self.fma32(p, y, r)
            }
            TernOp::Fma64 => self.fma64(x, y, z),
            TernOp::NegFma { xm, zm, k: FmaKind::F64 } => {
                // The signs flipped as bits (`semantics::arith::ternop`), NaN operands too.
                let p = if xm == 0 { x } else { self.b.ins().bxor_imm_s(x, xm as i64) };
                let r = if zm == 0 { z } else { self.b.ins().bxor_imm_s(z, zm as i64) };
                self.fma64(p, y, r)
            }
            TernOp::Selp => {
                let bit = self.b.ins().band_imm_s(z, 1);
                self.b.ins().select(bit, x, y)
            }
            _ => {
                self.note_helper(op);
                let p = self.ptr(op);
                self.call1(helpers::h_ternop as *const () as usize, &[p, x, y, z])
            }
        }
    }

    pub(super) fn binop_wide(&mut self, x: Value, y: Value, s: bool) -> Value {
        let (p, q) = if s { (self.sext(x, 32), self.sext(y, 32)) } else { (self.mask(x, 32), self.mask(y, 32)) };
        self.b.ins().imul(p, q)
    }

    /// The comparison as 0/1.
    pub(super) fn compare(&mut self, c: &'a Cmp, x: Value, y: Value) -> Value {
        match c.kind {
            b's' | b'u' => {
                let s = c.kind == b's';
                let (p, q) =
                    if s { (self.sext(x, c.w), self.sext(y, c.w)) } else { (self.mask(x, c.w), self.mask(y, c.w)) };
                let cc = crate::jit::lower::int_cc(c.op, s);
                let r = self.b.ins().icmp(cc, p, q);
                self.bool64(r)
            }
            b'f' | b'd' if !(c.kind == b'f' && c.ftz) => {
                let Some(cc) = crate::jit::lower::float_cc(c.op) else { return self.imm(0) };
                let (p, q) =
                    if c.kind == b'f' { (self.f32_of(x), self.f32_of(y)) } else { (self.f64_of(x), self.f64_of(y)) };
                let r = self.b.ins().fcmp(cc, p, q);
                self.bool64(r)
            }
            _ => {
                let p = self.ptr(c);
                self.call1(helpers::h_cmp as *const () as usize, &[p, x, y])
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn setp(
        &mut self,
        cm: &'a Cmp,
        out: SetOut,
        d: Reg,
        dn: Option<Reg>,
        a: Src,
        b: Src,
        comb: Option<(BoolOp, Src, bool)>,
    ) {
        let (x, y) = (self.src(a), self.src(b));
        let mut p = self.compare(cm, x, y);
        let mut pn = self.b.ins().bxor_imm_s(p, 1);
        if let Some((op, s, neg)) = comb {
            let c = self.src(s);
            let q = self.b.ins().band_imm_s(c, 1);
            let q = if neg { self.b.ins().bxor_imm_s(q, 1) } else { q };
            let f = |cg: &mut Self, v: Value| match op {
                BoolOp::And => cg.b.ins().band(v, q),
                BoolOp::Or => cg.b.ins().bor(v, q),
                BoolOp::Xor => cg.b.ins().bxor(v, q),
            };
            p = f(self, p);
            pn = f(self, pn);
        }
        match out {
            SetOut::Pred => {
                self.set(d, p);
                if let Some(dn) = dn {
                    self.set(dn, pn);
                }
            }
            SetOut::Bits(t) => {
                let tv = self.imm(t);
                let z = self.imm(0);
                let v = self.b.ins().select(p, tv, z);
                self.set(d, v);
            }
        }
    }
}

pub(super) fn mask_of(w: u8) -> u64 {
    if w >= 64 { u64::MAX } else { (1u64 << w) - 1 }
}

/// Whether `c` is an integer-to-integer conversion without saturation (inlined).
pub(super) fn int_cvt(c: &Cvt) -> bool {
    c.from.kind() != TypeKind::Float && c.to.kind() != TypeKind::Float && !c.sat
}
