//! Integer, float, comparison and conversion operations as C expressions over the 64-bit
//! register words. The common forms are inline, through `runtime.h`'s mirrors of
//! `crate::semantics`; every other form calls the interpreter's own function for one lane
//! (`jit::helpers`: `h->unop`, `h->binop`, ...), so results are bit-identical either way.

use std::fmt::Write;

use super::{Emitter, OpRef, mask};
use crate::float::FBin;
use crate::ir::{BinOp, BoolOp, Cmp, Cvt, F32Fn, F64Fn, FmaKind, Op, SetOut, TernOp, UnOp};
use ptx::types::{CmpOp, Rounding, ScalarType, TypeKind};

/// The `runtime.h` operator code of a float binary operation (`f32_bin`, `f64_bin`).
fn fbin_code(op: FBin) -> u8 {
    match op {
        FBin::Add => 0,
        FBin::Sub => 1,
        FBin::Mul => 2,
        FBin::Div => 3,
        FBin::Min => 4,
        FBin::Max => 5,
    }
}

impl Emitter<'_> {
    pub(super) fn arith(&mut self, pc: u32, op: &Op) {
        match op {
            Op::Un { op, d, a } => {
                let x = self.src(*a);
                let e = self.unop(pc, op, &x);
                self.set(*d, &e);
            }
            Op::Bin { op, d, a, b } => {
                let (x, y) = (self.src(*a), self.src(*b));
                let e = self.binop(pc, op, &x, &y);
                self.set(*d, &e);
            }
            Op::Tern { op, d, a, b, c } => {
                let (x, y, z) = (self.src(*a), self.src(*b), self.src(*c));
                let e = self.ternop(pc, op, &x, &y, &z);
                self.set(*d, &e);
            }
            Op::Bfi { w, d, a, b, c, e } => {
                let args = [self.src(*a), self.src(*b), self.src(*c), self.src(*e)];
                self.set(*d, &format!("h->bfi({w}ull, {}, {}, {}, {})", args[0], args[1], args[2], args[3]));
            }
            Op::Setp { cmp, out, d, dn, a, b, comb } => {
                let (x, y) = (self.src(*a), self.src(*b));
                let c = self.compare(pc, cmp, &x, &y);
                let _ = writeln!(self.out, "{{ u64 p_ = {c}, q_ = p_ ^ 1;");
                if let Some((op, s, neg)) = comb {
                    let q = format!("(({} & 1) ^ {})", self.src(*s), u8::from(*neg));
                    let f = match op {
                        BoolOp::And => "&",
                        BoolOp::Or => "|",
                        BoolOp::Xor => "^",
                    };
                    let _ = writeln!(self.out, "p_ = p_ {f} {q}; q_ = q_ {f} {q};");
                }
                match out {
                    SetOut::Pred => {
                        self.set(*d, "p_");
                        if let Some(dn) = dn {
                            self.set(*dn, "q_");
                        }
                    }
                    SetOut::Bits(t) => self.set(*d, &format!("p_ ? {t:#x}ull : 0ull")),
                }
                self.out.push_str("(void)q_; }\n");
            }
            // `op` sends only the five above here.
            Op::Pack { .. }
            | Op::Unpack { .. }
            | Op::Mov2 { .. }
            | Op::Cvta { .. }
            | Op::Isspacep { .. }
            | crate::ir::non_register_ops!() => {}
        }
    }

    fn helper_un(&mut self, pc: u32, x: &str) -> String {
        let i = self.op_ref(OpRef::Un(pc));
        format!("h->unop(ops[{i}], {x})")
    }

    fn unop(&mut self, pc: u32, op: &UnOp, x: &str) -> String {
        match *op {
            UnOp::Mov => x.to_string(),
            UnOp::Not(w) => format!("(~{x} & {:#x}ull)", mask(w)),
            UnOp::Cnot(w) => format!("(u64)(({x} & {:#x}ull) == 0)", mask(w)),
            UnOp::Neg(w) => format!("((0ull - {x}) & {:#x}ull)", mask(w)),
            UnOp::Abs(w) => {
                format!("({{ i64 v_ = sx({x}, {w}); (v_ < 0 ? 0ull - (u64)v_ : (u64)v_) & {:#x}ull; }})", mask(w))
            }
            UnOp::Popc(w) => format!("(u64)__builtin_popcountll({x} & {:#x}ull)", mask(w)),
            UnOp::Clz(w) => {
                format!(
                    "({{ u64 v_ = {x} & {:#x}ull; v_ ? (u64)__builtin_clzll(v_) - {} : {w}ull; }})",
                    mask(w),
                    64 - u32::from(w)
                )
            }
            UnOp::NegF32 { ftz: false } => format!("of32(-f32_of({x}))"),
            UnOp::NegF32 { ftz: true } => format!("of32(-ftz32(f32_of({x})))"),
            UnOp::AbsF32 { ftz: false } => format!("(of32(f32_of({x})) & 0x7fffffffull)"),
            UnOp::AbsF32 { ftz: true } => format!("(of32(ftz32(f32_of({x}))) & 0x7fffffffull)"),
            UnOp::NegF64 => format!("sign_op64({x}, {x} ^ (1ull << 63))"),
            UnOp::AbsF64 => format!("sign_op64({x}, {x} & ~(1ull << 63))"),
            UnOp::F32(f @ (F32Fn::Sqrt | F32Fn::Rcp), ftz) => {
                let g = |v: &str| if f == F32Fn::Sqrt { format!("sqrtf({v})") } else { format!("(1.0f / {v})") };
                if ftz {
                    format!("of32(ftz32({}))", g(&format!("ftz32(f32_of({x}))")))
                } else {
                    format!("of32({})", g(&format!("f32_of({x})")))
                }
            }
            UnOp::F64(F64Fn::Sqrt) => format!("bits64(sqrt(f64_of({x})))"),
            UnOp::F64(F64Fn::Rcp) => format!("bits64(1.0 / f64_of({x}))"),
            UnOp::Cvt(c) => match cvt_inline(&c, x) {
                Some(e) => e,
                None => {
                    let i = self.op_ref(OpRef::Cvt(pc));
                    format!("h->cvt(ops[{i}], {x})")
                }
            },
            _ => self.helper_un(pc, x),
        }
    }

    fn binop(&mut self, pc: u32, op: &BinOp, x: &str, y: &str) -> String {
        match *op {
            BinOp::Add(w) => format!("(({x} + {y}) & {:#x}ull)", mask(w)),
            BinOp::Sub(w) => format!("(({x} - {y}) & {:#x}ull)", mask(w)),
            BinOp::MulLo(w) => format!("(({x} * {y}) & {:#x}ull)", mask(w)),
            BinOp::MulHi(w, s) => format!("mul_hi({x}, {y}, {w}, {})", u8::from(s)),
            BinOp::MulWide(w, s) => format!("mul_wide({x}, {y}, {w}, {})", u8::from(s)),
            BinOp::Div(w, s) => format!("div_w({x}, {y}, {w}, {})", u8::from(s)),
            BinOp::Rem(w, s) => format!("rem_w({x}, {y}, {w}, {})", u8::from(s)),
            BinOp::Min(w, s) => format!("min_w({x}, {y}, {w}, {})", u8::from(s)),
            BinOp::Max(w, s) => format!("max_w({x}, {y}, {w}, {})", u8::from(s)),
            BinOp::And(w) => format!("({x} & {y} & {:#x}ull)", mask(w)),
            BinOp::Or(w) => format!("(({x} | {y}) & {:#x}ull)", mask(w)),
            BinOp::Xor(w) => format!("(({x} ^ {y}) & {:#x}ull)", mask(w)),
            BinOp::Shl(w) => format!("shl_w({x}, {y}, {w})"),
            BinOp::Shr(w, s) => format!("shr_w({x}, {y}, {w}, {})", u8::from(s)),
            BinOp::F32(f, ftz, sat) => {
                let canon = u8::from(self.canonical_nan(pc));
                format!("f32_bin({}, {}, {}, {canon}, {x}, {y})", fbin_code(f), u8::from(ftz), u8::from(sat))
            }
            BinOp::F64(f) => format!("f64_bin({}, {x}, {y})", fbin_code(f)),
            BinOp::Copysign32 => format!("(({y} & 0x7fffffffull) | ({x} & 0x80000000ull))"),
            BinOp::Copysign64 => format!("(({y} & ~(1ull << 63)) | ({x} & (1ull << 63)))"),
            _ => {
                let i = self.op_ref(OpRef::Bin(pc));
                format!("h->binop(ops[{i}], {x}, {y})")
            }
        }
    }

    fn ternop(&mut self, pc: u32, op: &TernOp, x: &str, y: &str, z: &str) -> String {
        match *op {
            TernOp::MadLo(w) => format!("(({x} * {y} + {z}) & {:#x}ull)", mask(w)),
            TernOp::MadHi(w, s) => format!("((mul_hi({x}, {y}, {w}, {}) + {z}) & {:#x}ull)", u8::from(s), mask(w)),
            TernOp::MadWide(w, s) => {
                format!("((mul_wide({x}, {y}, {w}, {}) + {z}) & {:#x}ull)", u8::from(s), mask(w.saturating_mul(2)))
            }
            TernOp::Fma32(ftz, sat) => {
                let canon = u8::from(self.canonical_nan(pc));
                format!("fma32({}, {}, {canon}, {x}, {y}, {z})", u8::from(ftz), u8::from(sat))
            }
            TernOp::Fma64 => format!("fma64({x}, {y}, {z})"),
            TernOp::NegFma { xm, zm, k: FmaKind::F32(ftz) } => {
                let canon = u8::from(self.canonical_nan(pc));
                format!("fma32({}, 0, {canon}, {x} ^ {xm:#x}ull, {y}, {z} ^ {zm:#x}ull)", u8::from(ftz))
            }
            TernOp::NegFma { xm, zm, k: FmaKind::F64 } => format!("fma64({x} ^ {xm:#x}ull, {y}, {z} ^ {zm:#x}ull)"),
            TernOp::Selp => format!("(({z} & 1) ? {x} : {y})"),
            TernOp::Lop3(lut) => {
                // The sum of the minterms of the truth table (`ternop`'s `Lop3`).
                let mut terms = Vec::new();
                for i in 0..8 {
                    if lut >> i & 1 != 0 {
                        let t = |bit: u32, v: &str| if i & bit != 0 { v.to_string() } else { format!("~{v}") };
                        terms.push(format!("({} & {} & {})", t(4, x), t(2, y), t(1, z)));
                    }
                }
                if terms.is_empty() { "0ull".into() } else { format!("(({}) & 0xffffffffull)", terms.join(" | ")) }
            }
            TernOp::ShfL(wrap) | TernOp::ShfR(wrap) => {
                let left = matches!(op, TernOp::ShfL(_));
                let n = if wrap {
                    format!("({z} & 31)")
                } else {
                    format!("(({z} & 0xffffffffull) < 32 ? ({z} & 0xffffffffull) : 32)")
                };
                let v = format!("((({y} & 0xffffffffull) << 32) | ({x} & 0xffffffffull))");
                if left {
                    format!("((({v} << {n}) >> 32) & 0xffffffffull)")
                } else {
                    format!("(({v} >> {n}) & 0xffffffffull)")
                }
            }
            _ => {
                let i = self.op_ref(OpRef::Tern(pc));
                format!("h->ternop(ops[{i}], {x}, {y}, {z})")
            }
        }
    }

    /// A comparison as a 0/1 C expression (`semantics::compare::cmp`).
    fn compare(&mut self, pc: u32, c: &Cmp, x: &str, y: &str) -> String {
        use CmpOp::*;
        let int = |op: CmpOp| match op {
            Eq => "==",
            Ne => "!=",
            Lt | Lo => "<",
            Le | Ls => "<=",
            Gt | Hi => ">",
            _ => ">=",
        };
        match c.kind {
            // 32-bit compares as 32-bit C: gcc then compares 16 lanes per vector, not 8.
            b's' if c.w == 32 => format!("(u64)((i32)(u32)({x}) {} (i32)(u32)({y}))", int(c.op)),
            b'u' if c.w == 32 => format!("(u64)((u32)({x}) {} (u32)({y}))", int(c.op)),
            b's' => format!("(u64)(sx({x}, {w}) {} sx({y}, {w}))", int(c.op), w = c.w),
            b'u' => format!("(u64)(({x} & {m:#x}ull) {} ({y} & {m:#x}ull))", int(c.op), m = mask(c.w)),
            b'f' | b'd' => {
                let conv = |v: &str| match (c.kind, c.ftz) {
                    (b'd', _) => format!("f64_of({v})"),
                    (_, true) => format!("(double)ftz32(f32_of({v}))"),
                    _ => format!("(double)f32_of({v})"),
                };
                let e = match c.op {
                    Eq => "x_ == y_",
                    Ne => "(x_ < y_ || x_ > y_)",
                    Lt => "x_ < y_",
                    Le => "x_ <= y_",
                    Gt => "x_ > y_",
                    Ge => "x_ >= y_",
                    Equ => "!(x_ < y_ || x_ > y_)",
                    Neu => "!(x_ == y_)",
                    Ltu => "!(x_ >= y_)",
                    Leu => "!(x_ > y_)",
                    Gtu => "!(x_ <= y_)",
                    Geu => "!(x_ < y_)",
                    Num => "(x_ == x_ && y_ == y_)",
                    Nan => "(x_ != x_ || y_ != y_)",
                    Lo | Ls | Hi | Hs => "0",
                };
                format!("({{ double x_ = {}, y_ = {}; (u64)({e}); }})", conv(x), conv(y))
            }
            _ => {
                let i = self.op_ref(OpRef::Cmp(pc));
                format!("h->cmp(ops[{i}], {x}, {y})")
            }
        }
    }
}

/// The conversions written inline (`semantics::convert::cvt`); `None`: the helper's.
fn cvt_inline(c: &Cvt, x: &str) -> Option<String> {
    let (fk, tk) = (c.from.kind(), c.to.kind());
    let fw = c.from.size() * 8;
    let tw = c.to.size() * 8;
    let int = |k: TypeKind| matches!(k, TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed);
    let tsigned = u8::from(tk == TypeKind::Signed);
    if c.relu || c.satfinite {
        return None;
    }
    if int(fk) && int(tk) {
        if c.sat {
            return None;
        }
        let v = if fk == TypeKind::Signed {
            format!("(u64)sx({x}, {fw})")
        } else {
            format!("({x} & {:#x}ull)", mask(fw as u8))
        };
        return Some(format!("narrow_int({v}, {tw}, {tsigned})"));
    }
    if int(fk) && !c.sat && c.rnd == Rounding::Rn && fw <= 64 {
        // C's integer-to-float conversions round to nearest even, exactly.
        let v = match (fk == TypeKind::Signed, fw) {
            (true, 64) => format!("(i64){x}"),
            (true, _) => format!("sx({x}, {fw})"),
            (false, 64) => return None,
            (false, _) => format!("({x} & {:#x}ull)", mask(fw as u8)),
        };
        return match c.to {
            ScalarType::F32 => Some(format!("of32((float){v})")),
            ScalarType::F64 => Some(format!("bits64((double){v})")),
            _ => None,
        };
    }
    let from = match c.from {
        ScalarType::F32 if c.ftz => format!("(double)ftz32(f32_of({x}))"),
        ScalarType::F32 => format!("(double)f32_of({x})"),
        ScalarType::F64 => format!("f64_of({x})"),
        _ => return None,
    };
    if int(tk) {
        let round = match c.rnd {
            Rounding::Rzi => "trunc",
            Rounding::Rmi => "floor",
            Rounding::Rpi => "ceil",
            Rounding::Rni => "nearbyint",
            _ => return None,
        };
        let nan_top = u8::from(tw == 64 || c.from == ScalarType::F64);
        return Some(format!("f2i({round}({from}), {tw}, {tsigned}, {nan_top})"));
    }
    // Float to float, round to nearest, no saturation: C's conversions.
    if c.sat || c.rnd != Rounding::Rn {
        return None;
    }
    match (c.from, c.to) {
        // With .ftz a NaN becomes the canonical one (semantics::convert).
        (ScalarType::F32, ScalarType::F64) if !c.ftz => Some(format!("bits64({from})")),
        (ScalarType::F64, ScalarType::F32) if !c.ftz => Some(format!("bits32((float){from})")),
        _ => None,
    }
}
