//! Type words of the instructions that take several (or a fixed number of) them: `wmma` by
//! shape and matrix, `mma`, `tex`/`tld4` (a destination and a coordinate type), and the
//! one-type `suld`/`sust`/`mbarrier`. The sets are the PTX ISA's syntax blocks; ptxas 13.0
//! agrees (`tests/ptxas_agreement.rs`). The first type word's set is in [`super::type_words`];
//! this module checks the count, the others and `wmma`'s shapes.

use super::{Validator, full_name};
use crate::ast::{Instruction, Modifier};
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType, TypeKind};

use ScalarType as T;

/// A `wmma` shape with the types of its A/B fragments and of its C/D fragments.
struct WmmaShape {
    shape: (u16, u16, u16),
    ab: &'static [ScalarType],
    cd: &'static [ScalarType],
    /// The types `wmma.store.d` takes: ptxas 13.0 also takes `.f32` for the integer shapes,
    /// beyond the manual's C/D types.
    stored: &'static [ScalarType],
}

/// The `wmma` shapes (PTX ISA "Matrix Shape" and the `.atype`/`.ctype` sets of `wmma.load`,
/// `wmma.store` and `wmma.mma`).
static WMMA_SHAPES: &[WmmaShape] = &[
    WmmaShape { shape: (16, 16, 16), ab: HALF_AND_BYTE, cd: HALF_CD, stored: HALF_CD },
    WmmaShape { shape: (8, 32, 16), ab: HALF_AND_BYTE, cd: HALF_CD, stored: HALF_CD },
    WmmaShape { shape: (32, 8, 16), ab: HALF_AND_BYTE, cd: HALF_CD, stored: HALF_CD },
    WmmaShape { shape: (16, 16, 8), ab: &[T::Tf32], cd: &[T::F32], stored: &[T::F32] },
    WmmaShape { shape: (8, 8, 4), ab: &[T::F64], cd: &[T::F64], stored: &[T::F64] },
    WmmaShape { shape: (8, 8, 32), ab: &[T::S4, T::U4], cd: &[T::S32], stored: &[T::S32, T::F32] },
    WmmaShape { shape: (8, 8, 128), ab: &[T::B1], cd: &[T::S32], stored: &[T::S32, T::F32] },
];
const HALF_AND_BYTE: &[ScalarType] = &[T::F16, T::Bf16, T::S8, T::U8];
const HALF_CD: &[ScalarType] = &[T::F16, T::F32, T::S32];

/// Checks the type words of `wmma`, `mma`, `tex`, `tld4`, `suld`, `sust` and `mbarrier`.
pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    if matches!(ins.opcode, Opcode::Ldmatrix | Opcode::Stmatrix | Opcode::Movmatrix) {
        matrix_shape(v, ins);
    }
    if ins.opcode == Opcode::Wmma && ins.has(Kw::Mma) {
        wmma_mma_words(v, ins);
    }
    let types: Vec<ScalarType> = ins.types().collect();
    let (fewest, most) = match ins.opcode {
        Opcode::Wmma if ins.has(Kw::Mma) => (2, 4),
        Opcode::Wmma | Opcode::Suld | Opcode::Sust | Opcode::Mbarrier => (1, 1),
        // `mma...block_scale` adds the scale type
        Opcode::Mma => (4, 5),
        Opcode::Tex | Opcode::Tld4 => (2, 2),
        _ => return,
    };
    // `wmma.load.c.sync.aligned.row.m16n16k16.b32` → `wmma.load.c.sync.aligned.row.m16n16k16`
    let full = full_name(v.m, ins);
    let words: Vec<&str> = full.split('.').filter(|w| Kw::lookup(w).and_then(Kw::as_type).is_none()).collect();
    let name = words.join(".");
    if types.len() < fewest || types.len() > most {
        let count = if fewest == most { format!("{fewest}") } else { format!("{fewest} to {most}") };
        let msg = format!("`{name}` takes {count} type words, found {}", types.len());
        v.err(ins.span, msg);
        return;
    }
    match ins.opcode {
        Opcode::Tex | Opcode::Tld4 => coordinates(v, ins, &name, &types),
        Opcode::Wmma => wmma(v, ins, &name, &types),
        Opcode::Mma => mma(v, ins, &name, &types),
        _ => {}
    }
}

/// `tex.geom.v4.dtype.ctype`: coordinates are `.s32` or `.f32` (`tld4`: `.f32`); `.f16x2`
/// results come in `.v2`, the others in `.v4`.
fn coordinates(v: &mut Validator<'_>, ins: &Instruction, name: &str, types: &[ScalarType]) {
    let allowed: &[ScalarType] = if ins.opcode == Opcode::Tex { &[T::S32, T::F32] } else { &[T::F32] };
    if !allowed.contains(&types[1]) {
        let list: Vec<String> = allowed.iter().map(|t| format!(".{t}")).collect();
        let msg = format!("`{name}`: coordinate type .{} is not one of {}", types[1], list.join(", "));
        v.err(ins.span, msg);
    }
    // ".cube, .acube require .f32", ".2dms, .a2dms require .s32" (coordinates, 9.7.10.3)
    let float_only = ins.has(Kw::Cube) || ins.has(Kw::Acube);
    let int_only = ins.has(Kw::D2dms) || ins.has(Kw::A2dms);
    if (float_only && types[1] != T::F32) || (int_only && types[1] != T::S32) {
        let need = if float_only { ".f32" } else { ".s32" };
        v.err(ins.span, format!("`{name}`: this geometry takes {need} coordinates"));
    }
    let want_v2 = types[0] == T::F16x2;
    if ins.opcode == Opcode::Tex && want_v2 != ins.has(Kw::V2) {
        let msg = format!("`{name}`: .f16x2 results take `.v2`, the other types `.v4`");
        v.err(ins.span, msg);
    }
}

/// `wmma`: a shape, and fragment types that shape defines (`.a`/`.b` fragments of
/// `wmma.load` take the shape's A/B types, `.c` and `wmma.store.d` its C/D types).
fn wmma(v: &mut Validator<'_>, ins: &Instruction, name: &str, types: &[ScalarType]) {
    // rounding, `.satfinite` and the single-bit operation are `wmma.mma`'s
    let mma_only = [Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Satfinite, Kw::And, Kw::Xor, Kw::Popc];
    if !ins.has(Kw::Mma)
        && let Some(k) = mma_only.into_iter().find(|&k| ins.has(k))
    {
        v.err(ins.span, format!("`.{}` is only for `wmma.mma`, not `{name}`", k.as_str()));
    }
    let Some(shape) = ins.mods.iter().find_map(|m| match m {
        Modifier::Shape { m, n, k } => Some((*m, *n, *k)),
        _ => None,
    }) else {
        v.err(ins.span, format!("`{name}` requires a shape such as `.m16n16k16`"));
        return;
    };
    let Some(s) = WMMA_SHAPES.iter().find(|s| s.shape == shape) else {
        let (m, n, k) = shape;
        v.err(ins.span, format!("`{name}`: .m{m}n{n}k{k} is not a wmma shape"));
        return;
    };
    // (matrix fragment, type) pairs to check
    let fragments: Vec<(&[ScalarType], ScalarType)> = if ins.has(Kw::Mma) {
        match types {
            // `.dtype.ctype` of the 16-bit float shapes
            [d, c] => vec![(s.cd, *d), (s.cd, *c), (&[T::F16, T::F32], *d), (&[T::F16, T::F32], *c)],
            [d, a, b, c] => vec![(s.cd, *d), (s.ab, *a), (s.ab, *b), (s.cd, *c)],
            _ => vec![(&[], types[0])],
        }
    } else if ins.has(Kw::A) || ins.has(Kw::B) {
        vec![(s.ab, types[0])]
    } else if ins.has(Kw::Store) {
        vec![(s.stored, types[0])]
    } else {
        vec![(s.cd, types[0])]
    };
    if let Some((allowed, bad)) = fragments.into_iter().find(|(allowed, t)| !allowed.contains(t)) {
        let list: Vec<String> = allowed.iter().map(|t| format!(".{t}")).collect();
        let msg = format!("`{name}` is not defined for .{bad} (this shape and fragment take {})", list.join(", "));
        v.err(ins.span, msg);
    } else if !ins.has(Kw::Mma) {
        fragment(v, ins, name, shape, types[0]);
    }
}

/// Registers in one thread's fragment of `wmma.load`/`wmma.store` (PTX ISA `wmma.load`: the
/// fragment sizes per shape, matrix and type): 32-bit registers (`.f16` elements two to a
/// register), 64-bit for `.f64`; `.v2`/`.v4` (which ptxas takes) must say the same count.
fn fragment(v: &mut Validator<'_>, ins: &Instruction, name: &str, (m, n, _): (u16, u16, u16), t: ScalarType) {
    let matrix_a = ins.has(Kw::A);
    let count = if ins.has(Kw::A) || ins.has(Kw::B) {
        // A is m x k, B is k x n: the wider of the two 16-row shapes holds more
        let tall = if matrix_a { m == 32 } else { n == 32 };
        let short = if matrix_a { m == 8 } else { n == 8 };
        match t {
            T::F16 => 8,
            T::Bf16 if tall => 8,
            T::Bf16 if short => 2,
            T::Bf16 => 4,
            T::S8 | T::U8 if tall => 4,
            T::S8 | T::U8 if short && (m, n) != (8, 8) => 1,
            T::S8 | T::U8 => 2,
            T::Tf32 => 4,
            _ => 1,
        }
    } else {
        match t {
            T::F16 => 4,
            _ if (m, n) == (8, 8) => 2,
            _ => 8,
        }
    };
    let at = usize::from(ins.has(Kw::Store));
    let Some(crate::ast::Operand::Vector(items)) = ins.operands.get(at) else { return };
    let said = [(Kw::V2, 2), (Kw::V4, 4)].into_iter().find(|&(k, _)| ins.has(k)).map(|(_, n)| n);
    if items.len() != count || said.is_some_and(|n| n != count) {
        v.err(ins.span, format!("`{name}`: this fragment is {count} registers, found {}", items.len()));
        return;
    }
    let bytes = if t == T::F64 { 8 } else { 4 };
    let fits = |r: ScalarType| {
        r.size() == bytes
            && match r.kind() {
                TypeKind::Bits => true,
                TypeKind::Float => !matches!(t, T::S32 | T::S8 | T::U8 | T::S4 | T::U4 | T::B1),
                TypeKind::Signed | TypeKind::Unsigned => !matches!(t, T::F32 | T::F64),
                _ => false,
            }
    };
    let wrong = items.iter().any(|o| match o {
        crate::ast::Operand::Name(r) => match v.resolve(*r) {
            super::Sym::Reg(rt) if rt.vector == 0 => !fits(rt.scalar),
            _ => false,
        },
        _ => false,
    });
    if wrong {
        v.err(ins.span, format!("`{name}`: the fragment registers do not hold .{t} elements"));
    }
}

/// `mma...dtype.atype.btype.ctype`: accumulators `.f16`/`.f32`/`.f64`/`.s32`, inputs one of
/// the multiplicand types; `.f64` throughout when any is `.f64`, and only then a rounding mode.
fn mma(v: &mut Validator<'_>, ins: &Instruction, name: &str, types: &[ScalarType]) {
    const ACCUMULATOR: &[ScalarType] = &[T::F16, T::F32, T::F64, T::S32];
    const MULTIPLICAND: &[ScalarType] = &[
        T::F16,
        T::Bf16,
        T::Tf32,
        T::F64,
        T::S8,
        T::U8,
        T::S4,
        T::U4,
        T::B1,
        T::E4m3,
        T::E5m2,
        T::E3m2,
        T::E2m3,
        T::E2m1,
    ];
    let [d, a, b, c, ..] = *types else { return };
    let layouts = ins.kws().filter(|k| matches!(k, Kw::Row | Kw::Col)).count();
    if layouts != 2 || !ins.mods.iter().any(|m| matches!(m, Modifier::Shape { .. })) {
        v.err(ins.span, format!("`{name}` names a shape and two layouts (`.row.col`)"));
        return;
    }
    let bad = [(d, ACCUMULATOR), (a, MULTIPLICAND), (b, MULTIPLICAND), (c, ACCUMULATOR)]
        .into_iter()
        .find(|(t, allowed)| !allowed.contains(t));
    if let Some((t, _)) = bad {
        v.err(ins.span, format!("`{name}` is not defined for .{t} in that position"));
        return;
    }
    // the inputs are of one kind, and the kind decides the accumulators
    let (kind, accumulators): (u8, &[ScalarType]) = match a {
        T::F16 => (0, &[T::F16, T::F32]),
        T::Bf16 => (1, &[T::F32]),
        T::Tf32 => (2, &[T::F32]),
        T::F64 => (3, &[T::F64]),
        T::S8 | T::U8 => (4, &[T::S32]),
        T::S4 | T::U4 => (5, &[T::S32]),
        T::B1 => (6, &[T::S32]),
        _ => (7, &[T::F16, T::F32]),
    };
    let kind_of_b = match b {
        T::F16 => 0,
        T::Bf16 => 1,
        T::Tf32 => 2,
        T::F64 => 3,
        T::S8 | T::U8 => 4,
        T::S4 | T::U4 => 5,
        T::B1 => 6,
        _ => 7,
    };
    if kind != kind_of_b || !accumulators.contains(&d) || !accumulators.contains(&c) {
        v.err(ins.span, format!("`{name}` is not defined for .{d}.{a}.{b}.{c}"));
        return;
    }
    if ins.has(Kw::Satfinite) && !matches!(kind, 4 | 5) {
        v.err(ins.span, format!("`{name}`: `.satfinite` is for integer `mma`"));
    }
    let f64s = [d, a, b, c].iter().filter(|&&t| t == T::F64).count();
    if f64s != 0 && f64s != 4 {
        v.err(ins.span, format!("`{name}`: .f64 `mma` is .f64 in all four types"));
    }
    let rounding = [Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp].into_iter().find(|&k| ins.has(k));
    if let Some(k) = rounding
        && f64s == 0
    {
        v.err(ins.span, format!("`{name}`: `.{}` is only for .f64 `mma`", k.as_str()));
    }
    // `.bitOp.popc` is the single-bit form's (`mma...s32.b1.b1.s32.bitOp.popc`)
    if let Some(k) = [Kw::And, Kw::Xor, Kw::Popc].into_iter().find(|&k| ins.has(k))
        && kind != 6
    {
        v.err(ins.span, format!("`{name}`: `.{}` is only for single-bit (.b1) `mma`", k.as_str()));
    }
    // "Specific shapes have type restrictions" (9.7.14.5.14)
    let shape = ins.mods.iter().find_map(|m| match m {
        Modifier::Shape { m, n, k } => Some((*m, *n, *k)),
        _ => None,
    });
    let restriction = match shape {
        Some((8, 8, 4)) if c == T::F32 && d != T::F32 => Some("when .ctype is .f32, .dtype must also be .f32"),
        Some((16, 8, 8)) if d != c || a != b => Some(".dtype must be the same as .ctype, .atype as .btype"),
        Some((16, 8, 16 | 32)) if d != c => Some(".dtype must be the same as .ctype"),
        _ => None,
    };
    if let Some(rule) = restriction {
        v.err(ins.span, format!("`{name}`: {rule}"));
    }
    // `d, a, b, c`; the sparse and block-scaled forms add their metadata operands
    let n = ins.operands.len();
    if !ins.has(Kw::Sp) && !ins.has(Kw::SpOrderedMetadata) && !ins.has(Kw::BlockScale) && n != 4 {
        v.err(ins.span, format!("`{name}` expects 4 operands (d, a, b, c), found {n}"));
    }
}

/// The words of `wmma.mma` (PTX ISA 9.7.14.5.5): two layouts, no state space or `.v2`/`.v4`
/// (those are `wmma.load`/`wmma.store`'s), a rounding only for `.f64`, `.satfinite` only for
/// the `.f16` and integer forms, and `.xor.popc`/`.and.popc` (both words) exactly for the
/// single-bit one (`.b1`).
fn wmma_mma_words(v: &mut Validator<'_>, ins: &Instruction) {
    let name = full_name(v.m, ins);
    const NOT_MMA: &[Kw] = &[Kw::Global, Kw::Shared, Kw::SharedCta, Kw::V2, Kw::V4];
    if let Some(k) = ins.kws().find(|k| NOT_MMA.contains(k)) {
        v.err(ins.span, format!("`.{}` is not a modifier of `wmma.mma`", k.as_str()));
        return;
    }
    let layouts = ins.kws().filter(|k| matches!(k, Kw::Row | Kw::Col)).count();
    if layouts != 2 {
        v.err(ins.span, format!("`{name}` names two layouts (`.row`/`.col` for A, then for B)"));
        return;
    }
    let single_bit = ins.has(Kw::B1);
    let bitwise = ins.has(Kw::And) || ins.has(Kw::Xor);
    let popc = ins.has(Kw::Popc);
    if bitwise != popc || single_bit != popc {
        let msg = format!("`{name}`: `.xor.popc`/`.and.popc` go with the single-bit (`.b1`) form, and it needs one");
        v.err(ins.span, msg);
        return;
    }
    if let Some(k) = ins.kws().find(|k| matches!(k, Kw::Rn | Kw::Rz | Kw::Rm | Kw::Rp))
        && !ins.has(Kw::F64)
    {
        v.err(ins.span, format!("`{name}`: `.{}` is only for .f64", k.as_str()));
    } else if ins.has(Kw::Satfinite) && ins.kws().any(|k| matches!(k, Kw::B1 | Kw::F64 | Kw::Tf32 | Kw::Bf16)) {
        v.err(ins.span, format!("`{name}`: `.satfinite` is for the .f16 and integer forms"));
    }
}

/// `ldmatrix.sync.aligned.shape.num...`, `stmatrix.sync.aligned.shape.num...`,
/// `movmatrix.sync.aligned.shape.trans...` (PTX ISA 9.7.14.5.15-17): the matrix shape is
/// required.
fn matrix_shape(v: &mut Validator<'_>, ins: &Instruction) {
    let shaped =
        ins.mods.iter().any(|m| matches!(m, Modifier::Shape { .. } | Modifier::Kw(Kw::M8n8 | Kw::M16n16 | Kw::M8n16)));
    if !shaped {
        v.err(ins.span, format!("`{}` requires a matrix shape such as `.m8n8`", full_name(v.m, ins)));
    }
}
