//! `cvt` (PTX ISA 9.7.9.21) and `cvt.pack` (9.7.9.22): which conversions exist, which rounding
//! and saturation words each takes, and the operands; where ptxas 13.0 is stricter than the
//! manual's text, ptxas decides (`tests/ptxas_agreement.rs`).
//!
//! Between the plain types (`.u8` ... `.s64`, `.f16`, `.bf16`, `.f32`, `.f64`): integer to
//! integer takes no rounding; integer to float needs a floating-point rounding (`.rn`, `.rz`,
//! `.rm`, `.rp`); float to integer an integer rounding (`.rni`, `.rzi`, `.rmi`, `.rpi`); float to
//! a narrower float a floating-point rounding, to a wider one none, to the same type only an
//! integer rounding (optional); `.bf16` from or to another float takes an optional
//! floating-point rounding. `.ftz` needs a `.f32` side; `.relu` and `.satfinite` are for
//! `.f16`/`.bf16` results of `.f32`; `.sat` clamps where the result's range does not hold the
//! source's (never with `.bf16`). Operands sized by their `.bf16` types are exactly that size.
//!
//! The packed and narrow float formats (`.f16x2`, `.bf16x2`, `.tf32`, `.e4m3x2`, ...) have a
//! table of their own ([`PACKED`]): each pair's roundings, `.relu`/`.satfinite` and sources.

use super::{Sym, Validator, full_name};
use crate::ast::{Instruction, Operand};
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType, TypeKind};

use ScalarType as T;

/// What a conversion allows as its rounding modifier.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rounding {
    None,
    Float,
    Integer,
    OptionalInteger,
    OptionalFloat,
}

/// Whether a packed conversion takes `.satfinite`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Satfinite {
    No,
    Optional,
    Required,
}

/// One conversion of the packed and narrow float formats: `cvt.rnd{.relu}{.satfinite}.d.a`.
struct Packed {
    d: &'static [ScalarType],
    a: &'static [ScalarType],
    /// The roundings it takes (one is required).
    rounding: &'static [Kw],
    relu: bool,
    satfinite: Satfinite,
    /// Source operands after `d`: `a` (1), `a, b` (2), or `{a, b, e, f}` (4, a vector).
    sources: u8,
}

const fn p(
    d: &'static [ScalarType],
    a: &'static [ScalarType],
    rounding: &'static [Kw],
    relu: bool,
    satfinite: Satfinite,
    sources: u8,
) -> Packed {
    Packed { d, a, rounding, relu, satfinite, sources }
}

const F8X2: &[ScalarType] = &[T::E4m3x2, T::E5m2x2];
const F4F6X2: &[ScalarType] = &[T::E2m1x2, T::E2m3x2, T::E3m2x2];
const X4: &[ScalarType] = &[T::E4m3x4, T::E5m2x4, T::E2m1x4, T::E2m3x4, T::E3m2x4];
const RN: &[Kw] = &[Kw::Rn];

/// The packed conversions of PTX ISA 9.0 (the syntax block of 9.7.9.21; those introduced in
/// PTX ISA 9.1 and 9.2, which ptxas 13.0 rejects, are left out). `.rs` adds an `rbits` operand.
static PACKED: &[Packed] = &[
    p(&[T::F16x2, T::Bf16x2], &[T::F32], &[Kw::Rn, Kw::Rz, Kw::Rs], true, Satfinite::Optional, 2),
    p(&[T::Tf32], &[T::F32], &[Kw::Rna, Kw::Rn, Kw::Rz], true, Satfinite::Optional, 1),
    p(F8X2, &[T::F32], RN, true, Satfinite::Required, 2),
    p(F8X2, &[T::F16x2], RN, true, Satfinite::Required, 1),
    p(&[T::F16x2], F8X2, RN, true, Satfinite::No, 1),
    p(F4F6X2, &[T::F32], RN, true, Satfinite::Required, 2),
    p(&[T::F16x2], F4F6X2, RN, true, Satfinite::No, 1),
    p(&[T::Ue8m0x2], &[T::F32], &[Kw::Rz, Kw::Rp], false, Satfinite::Optional, 2),
    p(&[T::Ue8m0x2], &[T::Bf16x2], &[Kw::Rz, Kw::Rp], false, Satfinite::Optional, 1),
    p(&[T::Bf16x2], &[T::Ue8m0x2], RN, false, Satfinite::No, 1),
    p(X4, &[T::F32], &[Kw::Rs], true, Satfinite::Required, 4),
];

/// The plain `cvt` types.
fn plain(t: ScalarType) -> bool {
    matches!(
        t,
        T::U8 | T::U16 | T::U32 | T::U64 | T::S8 | T::S16 | T::S32 | T::S64 | T::F16 | T::Bf16 | T::F32 | T::F64
    )
}

const FLOAT_ROUNDING: &[Kw] = &[Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Rna, Kw::Rs];
const INTEGER_ROUNDING: &[Kw] = &[Kw::Rni, Kw::Rzi, Kw::Rmi, Kw::Rpi];

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    if ins.opcode != Opcode::Cvt {
        return;
    }
    if ins.has(Kw::Pack) {
        pack(v, ins);
        return;
    }
    let mut types = ins.types();
    let (Some(d), a, None) = (types.next(), types.next(), types.next()) else { return };
    let Some(a) = a else {
        v.err(ins.span, format!("`{}` needs a destination and a source type", full_name(v.m, ins)));
        return;
    };
    if let Some(bad) = [d, a].into_iter().find(|t| matches!(t.kind(), TypeKind::Bits | TypeKind::Pred)) {
        v.err(ins.span, format!("`cvt` does not convert .{bad}: use an integer or floating-point type"));
        return;
    }
    if plain(d) && plain(a) {
        plain_conversion(v, ins, d, a);
    } else {
        packed_conversion(v, ins, d, a);
    }
}

/// A conversion between two plain types.
fn plain_conversion(v: &mut Validator<'_>, ins: &Instruction, d: ScalarType, a: ScalarType) {
    let name = full_name(v.m, ins);
    if ins.operands.len() != 2 {
        v.err(ins.span, format!("`{name}` expects 2 operands, found {}", ins.operands.len()));
    }
    let float = |t: ScalarType| t.kind() == TypeKind::Float;
    let need = match (float(d), float(a)) {
        (false, false) => Rounding::None,
        (true, false) => Rounding::Float,
        (false, true) => Rounding::Integer,
        (true, true) if d == a => Rounding::OptionalInteger,
        // ptxas takes `.bf16` from or to another float type with or without a rounding, but
        // from `.f32`/`.f64` only with one.
        (true, true) if d == T::Bf16 && a.size() > 2 => Rounding::Float,
        (true, true) if d == T::Bf16 || a == T::Bf16 => Rounding::OptionalFloat,
        (true, true) if d.size() < a.size() => Rounding::Float,
        (true, true) => Rounding::None,
    };
    let fp = ins.kws().find(|k| FLOAT_ROUNDING.contains(k));
    let int = ins.kws().find(|k| INTEGER_ROUNDING.contains(k));
    let given = fp.or(int);
    let msg = match (need, fp) {
        // `.rna` is `cvt.tf32.f32`'s, `.rs` the packed conversions'.
        (_, Some(Kw::Rna)) => Some("`.rna` is not allowed here: it is for `cvt.tf32.f32` only".to_string()),
        (_, Some(Kw::Rs)) => Some("`.rs` is not allowed here: it is for the packed conversions only".to_string()),
        (Rounding::None, _) => {
            given.map(|k| format!("`.{}` is not allowed here: this conversion does not round", k.as_str()))
        }
        (Rounding::Float, None) if int.is_none() => {
            Some("this conversion needs a floating-point rounding modifier (`.rn`, `.rz`, `.rm` or `.rp`)".to_string())
        }
        (Rounding::Float | Rounding::OptionalFloat, _) => int
            .map(|k| format!("`.{}` is not allowed here: this conversion takes a floating-point rounding", k.as_str())),
        (Rounding::Integer, _) if int.is_none() => {
            Some("this conversion needs an integer rounding modifier (`.rni`, `.rzi`, `.rmi` or `.rpi`)".to_string())
        }
        (Rounding::OptionalInteger, Some(k)) => Some(format!(
            "`.{}` is not allowed here: a same-type conversion takes only an integer rounding",
            k.as_str()
        )),
        _ => None,
    };
    if let Some(msg) = msg {
        v.err(ins.span, format!("`{name}`: {msg}"));
    }
    let f32_result = matches!(d, T::F16 | T::Bf16) && a == T::F32;
    if ins.has(Kw::Ftz) && d != T::F32 && a != T::F32 {
        v.err(ins.span, format!("`{name}`: `.ftz` needs a .f32 source or result"));
    }
    for (k, what) in [(Kw::Relu, ".relu"), (Kw::Satfinite, ".satfinite")] {
        if ins.has(k) && !f32_result {
            v.err(ins.span, format!("`{name}`: `{what}` is only for .f16 and .bf16 results of .f32 here"));
        } else if ins.has(k) && !matches!(fp, Some(Kw::Rn | Kw::Rz)) {
            v.err(ins.span, format!("`{name}`: `{what}` goes with `.rn` or `.rz` only"));
        }
    }
    if ins.has(Kw::Sat) && !saturates(d, a) {
        let why = if d == T::Bf16 || a == T::Bf16 {
            "not with .bf16".to_string()
        } else {
            format!("every .{a} value fits .{d}")
        };
        v.err(ins.span, format!("`{name}`: `.sat` is not allowed here ({why})"));
    }
    if d == T::Bf16 || a == T::Bf16 {
        exact_operand(v, ins, 0, d);
        exact_operand(v, ins, 1, a);
    }
}

/// Whether `.sat` is allowed converting `a` to `d`: a float result (not `.bf16`) or a float
/// source, or an integer result whose range does not hold every source value.
fn saturates(d: ScalarType, a: ScalarType) -> bool {
    if d == T::Bf16 || a == T::Bf16 {
        return false;
    }
    match (d.kind(), a.kind()) {
        (TypeKind::Float, _) | (_, TypeKind::Float) => true,
        (TypeKind::Unsigned, TypeKind::Signed) => true,
        (TypeKind::Signed, TypeKind::Unsigned) => d.size() <= a.size(),
        _ => d.size() < a.size(),
    }
}

/// A conversion involving a packed or narrow float format, checked against [`PACKED`].
fn packed_conversion(v: &mut Validator<'_>, ins: &Instruction, d: ScalarType, a: ScalarType) {
    let name = full_name(v.m, ins);
    let Some(form) = PACKED.iter().find(|f| f.d.contains(&d) && f.a.contains(&a)) else {
        v.err(ins.span, format!("`cvt` does not convert .{a} to .{d}"));
        return;
    };
    let rounding: Vec<Kw> = ins.kws().filter(|k| FLOAT_ROUNDING.contains(k) || INTEGER_ROUNDING.contains(k)).collect();
    let words: Vec<String> = form.rounding.iter().map(|k| format!("`.{}`", k.as_str())).collect();
    match rounding.first() {
        Some(k) if !form.rounding.contains(k) => {
            let msg = format!("`{name}`: `.{}` is not allowed here (it takes {})", k.as_str(), words.join(" or "));
            v.err(ins.span, msg);
        }
        None => v.err(ins.span, format!("`{name}` needs a rounding modifier ({})", words.join(" or "))),
        _ => {}
    }
    for k in [Kw::Ftz, Kw::Sat] {
        if ins.has(k) {
            v.err(ins.span, format!("`{name}`: `.{}` is not allowed on a packed conversion", k.as_str()));
        }
    }
    let rna = ins.has(Kw::Rna);
    if ins.has(Kw::Relu) && (!form.relu || rna) {
        v.err(ins.span, format!("`{name}`: `.relu` is not allowed here"));
    }
    match (form.satfinite, ins.has(Kw::Satfinite)) {
        (Satfinite::No, true) => v.err(ins.span, format!("`{name}`: `.satfinite` is not allowed here")),
        (Satfinite::Required, false) => v.err(ins.span, format!("`{name}` requires `.satfinite`")),
        _ => {}
    }
    // d, then `a`, `a, b` or `{a, b, e, f}`, then `rbits` for `.rs`.
    let vector = form.sources == 4;
    let want = 1 + if vector { 1 } else { usize::from(form.sources) } + usize::from(ins.has(Kw::Rs));
    let n = ins.operands.len();
    if n != want {
        v.err(ins.span, format!("`{name}` expects {want} operands, found {n}"));
        return;
    }
    // `cvt.f16x2.f32` takes wider registers (like the plain conversions); every other packed
    // conversion's operands are exactly their type's size.
    if d == T::F16x2 && a == T::F32 {
        return;
    }
    exact_operand(v, ins, 0, d);
    if !vector {
        for i in 1..=usize::from(form.sources) {
            exact_operand(v, ins, i, a);
        }
    }
}

/// Operand `i` of a conversion, of type `t`: a register exactly `t`'s size (ptxas: "a source
/// or destination register wider than the type may be used, except for .bf16, .bf16x2, .tf32",
/// and the narrow formats); a `.bf16`/`.bf16x2`/`.tf32` or narrow-format operand is a bit-size
/// register. Other mismatches are `typecheck`'s.
fn exact_operand(v: &mut Validator<'_>, ins: &Instruction, i: usize, t: ScalarType) {
    let Some(Operand::Name(n)) = ins.operands.get(i) else { return };
    let Sym::Reg(vt) = v.resolve(*n) else { return };
    if vt.vector != 0 {
        return;
    }
    let r = vt.scalar;
    let special = t.kind() == TypeKind::Float && !matches!(t, T::F16 | T::F16x2 | T::F32 | T::F64);
    let ok = r.size() == t.size() && (!special || r.kind() == TypeKind::Bits);
    if !ok {
        let need =
            if special { format!("a .b{} register", t.size() * 8) } else { format!("a {}-bit register", t.size() * 8) };
        let msg =
            format!("register `{}` is .{r} but operand {i} of `{}` needs {need}", v.name(*n), full_name(v.m, ins));
        v.err(ins.span, msg);
    }
}

/// `cvt.pack.sat.{u16,s16}.s32 d, a, b` and `cvt.pack.sat.{u2,s2,u4,s4,u8,s8}.s32.b32 d, a, b, c`.
fn pack(v: &mut Validator<'_>, ins: &Instruction) {
    let name = full_name(v.m, ins);
    let types: Vec<ScalarType> = ins.types().collect();
    let ok = match types.as_slice() {
        [T::U16 | T::S16, T::S32] => Some(3),
        [T::U2 | T::S2 | T::U4 | T::S4 | T::U8 | T::S8, T::S32, T::B32] => Some(4),
        _ => None,
    };
    let Some(want) = ok else {
        let msg = format!(
            "`{name}` is not a `cvt.pack` form (`.u16`/`.s16` from `.s32`, or `.u8`/`.s8`/`.u4`/`.s4`/`.u2`/`.s2` from `.s32` with `.b32`)"
        );
        v.err(ins.span, msg);
        return;
    };
    if !ins.has(Kw::Sat) {
        v.err(ins.span, format!("`{name}` requires `.sat`"));
    }
    if let Some(k) = ins.kws().find(|&k| !matches!(k, Kw::Pack | Kw::Sat) && super::forms::kw_type(k).is_none()) {
        v.err(ins.span, format!("`.{}` is not a modifier of `cvt.pack`", k.as_str()));
    }
    let n = ins.operands.len();
    if n != want {
        v.err(ins.span, format!("`{name}` expects {want} operands, found {n}"));
    }
}
