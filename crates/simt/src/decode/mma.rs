//! Decoding of the warp matrix instructions (`wmma.{load,store,mma}`, `mma.sync`, `ldmatrix`,
//! `stmatrix`, `movmatrix`) into [`MmaOp`]s. Fragment sizes are checked here against the
//! layouts `exec/mma.rs` implements, so execution never sees a fragment it cannot map.

use ptx::ast::{Instruction, Operand};
use ptx::keyword::Kw;
use ptx::types::{Opcode, Rounding};

use super::instruction::first_of;
use super::{DecodeError, FuncDecoder, R};
use crate::ir::mma::{BitOp, Frag, FragLayout, MType, MatrixLoad, MatrixStore, Mma, MmaOp, Shape, WmmaLoad, WmmaStore};
use crate::ir::{Reg, Space};

fn mtype(k: Kw) -> Option<MType> {
    Some(match k {
        Kw::F16 => MType::F16,
        Kw::Bf16 => MType::Bf16,
        Kw::Tf32 => MType::Tf32,
        Kw::F32 => MType::F32,
        Kw::F64 => MType::F64,
        Kw::S8 => MType::S8,
        Kw::U8 => MType::U8,
        Kw::S4 => MType::S4,
        Kw::U4 => MType::U4,
        Kw::B1 => MType::B1,
        Kw::S32 => MType::S32,
        _ => return None,
    })
}

/// The modifiers a matrix instruction may carry (types are checked separately).
const ALLOWED: &[Kw] = &[
    Kw::A,
    Kw::B,
    Kw::C,
    Kw::D,
    Kw::Load,
    Kw::Store,
    Kw::Mma,
    Kw::Sync,
    Kw::Aligned,
    Kw::Row,
    Kw::Col,
    Kw::Global,
    Kw::Shared,
    Kw::SharedCta,
    Kw::Satfinite,
    Kw::Xor,
    Kw::And,
    Kw::Popc,
    Kw::Rn,
    Kw::Rz,
    Kw::Rm,
    Kw::Rp,
    Kw::X1,
    Kw::X2,
    Kw::X4,
    Kw::Trans,
    Kw::B16,
    Kw::M8n8,
];

/// Checks that a fragment of `n` registers of `ty` fits `frag` of `shape` in `layout`.
pub(crate) fn check_frag(layout: FragLayout, frag: Frag, shape: Shape, ty: MType, n: usize) -> R<()> {
    let (rows, cols) = shape.dims(frag);
    let elems = rows * cols;
    let slots = 32 * n as u32 * ty.per_reg();
    let ok = match layout {
        FragLayout::Wmma => elems > 0 && slots >= elems && slots.is_multiple_of(elems),
        FragLayout::Mma => {
            // An m16 A fragment alternates rows g and g + 8 by register, so it needs pairs.
            let pairs = frag != Frag::A || shape.m == 8 || n.is_multiple_of(2);
            slots == elems && pairs && matches!(shape.m, 8 | 16) && shape.n == 8 && shape.k.is_multiple_of(4)
        }
    };
    if ok {
        Ok(())
    } else {
        let name = match frag {
            Frag::A => "A",
            Frag::B => "B",
            Frag::C => "C/D",
        };
        Err(DecodeError::Invalid(format!(
            "a {name} fragment of {n} registers does not fit .m{}n{}k{} with {ty:?} elements",
            shape.m, shape.n, shape.k
        )))
    }
}

impl FuncDecoder<'_> {
    /// The registers of a fragment operand (`{r0, r1, ...}` or a single register).
    fn frag_regs(&mut self, op: Option<&Operand>) -> R<Vec<Reg>> {
        match op {
            Some(Operand::Vector(v)) => v.iter().map(|o| self.reg(o)).collect(),
            Some(o) => Ok(vec![self.reg(o)?]),
            None => Err(DecodeError::Invalid("missing fragment operand".into())),
        }
    }

    /// Decodes a matrix instruction; `shape` is its `.mMnNkK` modifier.
    pub(super) fn matrix_inst(&mut self, ins: &Instruction, kws: &[Kw], shape: Option<(u16, u16, u16)>) -> R<MmaOp> {
        for k in kws {
            if mtype(*k).is_none() && !ALLOWED.contains(k) {
                return Err(DecodeError::Unsupported(format!(
                    "modifier `.{}` is not supported on matrix instructions",
                    k.as_str()
                )));
            }
        }
        let has = |k: Kw| kws.contains(&k);
        let types: Vec<MType> = kws.iter().filter_map(|k| mtype(*k)).collect();
        // `.m8n8` (ldmatrix and friends) is a keyword, not a `.mMnNkK` shape.
        let shape = if has(Kw::M8n8) { Some((8, 8, 0)) } else { shape };
        let (m, n, k) = shape.ok_or_else(|| DecodeError::Invalid("missing matrix shape".into()))?;
        let shape = Shape { m: u32::from(m), n: u32::from(n), k: u32::from(k) };
        let space = if has(Kw::Global) {
            Some(Space::Global)
        } else if has(Kw::Shared) || has(Kw::SharedCta) {
            Some(Space::Shared)
        } else {
            None
        };
        let parts = MatrixParts { ins, kws, types, shape, space };
        match ins.opcode {
            Opcode::Wmma if has(Kw::Load) || has(Kw::Store) => self.wmma_memory(&parts),
            Opcode::Wmma | Opcode::Mma => self.mma(&parts),
            Opcode::Ldmatrix | Opcode::Stmatrix | Opcode::Movmatrix => self.matrix_movement(&parts),
            _ => Err(DecodeError::Unsupported(format!("`{}` is not supported", ins.opcode))),
        }
    }

    /// A matrix memory operand: its address and space (the instruction's, else the
    /// variable's, else generic), which must be global, shared or generic.
    fn matrix_addr(&mut self, op: Option<&Operand>, space: Option<Space>) -> R<(crate::ir::Addr, Space)> {
        let (a, var_space) = self.addr(op.ok_or_else(|| DecodeError::Invalid("missing address operand".into()))?)?;
        let space = space.or(var_space).unwrap_or(Space::Generic);
        if !matches!(space, Space::Global | Space::Shared | Space::Generic) {
            return Err(DecodeError::Invalid("matrix memory operands must be .global, .shared or generic".into()));
        }
        Ok((a, space))
    }

    /// `wmma.load.{a,b,c}` and `wmma.store.d`.
    fn wmma_memory(&mut self, p: &MatrixParts<'_>) -> R<MmaOp> {
        let (ops, shape) = (&p.ins.operands, p.shape);
        let [ty] = p.types[..] else { return Err(DecodeError::Invalid("expected one element type".into())) };
        let col = p.has(Kw::Col);
        if col == p.has(Kw::Row) {
            return Err(DecodeError::Invalid("expected one of .row/.col".into()));
        }
        if p.has(Kw::Load) {
            let frag = first_of(p.kws, &[(Kw::A, Frag::A), (Kw::B, Frag::B), (Kw::C, Frag::C)])
                .ok_or_else(|| DecodeError::Invalid("expected .a, .b or .c".into()))?;
            let d = self.frag_regs(ops.first())?;
            check_frag(FragLayout::Wmma, frag, shape, ty, d.len())?;
            let (addr, space) = self.matrix_addr(ops.get(1), p.space)?;
            let stride = ops.get(2).map(|o| self.src(o, ptx::types::ScalarType::U32)).transpose()?;
            Ok(MmaOp::Load(WmmaLoad { frag, shape, ty, col, space, addr, stride, d }))
        } else {
            if ty.bits() < 16 {
                return Err(DecodeError::Invalid("wmma.store of sub-word elements".into()));
            }
            let (addr, space) = self.matrix_addr(ops.first(), p.space)?;
            let vals = self.frag_regs(ops.get(1))?;
            check_frag(FragLayout::Wmma, Frag::C, shape, ty, vals.len())?;
            let stride = ops.get(2).map(|o| self.src(o, ptx::types::ScalarType::U32)).transpose()?;
            Ok(MmaOp::Store(WmmaStore { shape, ty, col, space, addr, stride, vals }))
        }
    }

    /// `wmma.mma` and `mma.sync`.
    fn mma(&mut self, p: &MatrixParts<'_>) -> R<MmaOp> {
        let (ops, shape) = (&p.ins.operands, p.shape);
        let layout = if p.ins.opcode == Opcode::Wmma { FragLayout::Wmma } else { FragLayout::Mma };
        let (td, ta, tb, tc) = mma_types(layout, &p.types, shape)?;
        let bop = if ta == MType::B1 {
            if !p.has(Kw::Popc) {
                return Err(DecodeError::Invalid("single-bit mma needs .popc".into()));
            }
            Some(if p.has(Kw::And) { BitOp::And } else { BitOp::Xor })
        } else {
            None
        };
        let d = self.frag_regs(ops.first())?;
        let a = self.frag_regs(ops.get(1))?;
        let b = self.frag_regs(ops.get(2))?;
        let c = self.frag_regs(ops.get(3))?;
        check_frag(layout, Frag::A, shape, ta, a.len())?;
        check_frag(layout, Frag::B, shape, tb, b.len())?;
        check_frag(layout, Frag::C, shape, tc, c.len())?;
        check_frag(layout, Frag::C, shape, td, d.len())?;
        let rnd = p.kws.iter().find_map(|k| k.as_rounding()).unwrap_or(Rounding::Rn);
        let sat = p.has(Kw::Satfinite);
        Ok(MmaOp::Mma(Box::new(Mma { layout, shape, ta, tb, tc, td, sat, rnd, bop, d, a, b, c })))
    }

    /// `ldmatrix`, `stmatrix` and `movmatrix` (`.m8n8` of `.b16` only).
    fn matrix_movement(&mut self, p: &MatrixParts<'_>) -> R<MmaOp> {
        let (ins, ops, shape) = (p.ins, &p.ins.operands, p.shape);
        if (shape.m, shape.n, shape.k) != (8, 8, 0) || !p.has(Kw::B16) {
            return Err(DecodeError::Unsupported("only .m8n8 .b16 matrices are supported".into()));
        }
        if ins.opcode == Opcode::Movmatrix {
            if !p.has(Kw::Trans) {
                return Err(DecodeError::Invalid("movmatrix needs .trans".into()));
            }
            let d = self.reg(ops.first().ok_or_else(|| DecodeError::Invalid("missing operand".into()))?)?;
            let a = self.reg(ops.get(1).ok_or_else(|| DecodeError::Invalid("missing operand".into()))?)?;
            return Ok(MmaOp::Movmatrix { d, a });
        }
        let num = first_of(p.kws, &[(Kw::X4, 4), (Kw::X2, 2), (Kw::X1, 1)])
            .ok_or_else(|| DecodeError::Invalid("expected .x1, .x2 or .x4".into()))?;
        let trans = p.has(Kw::Trans);
        let (ai, ri) = if ins.opcode == Opcode::Ldmatrix { (1, 0) } else { (0, 1) };
        let (addr, space) = self.matrix_addr(ops.get(ai), p.space)?;
        let regs = self.frag_regs(ops.get(ri))?;
        if regs.len() != usize::from(num) {
            return Err(DecodeError::Invalid(format!("expected {num} registers")));
        }
        Ok(if ins.opcode == Opcode::Ldmatrix {
            MmaOp::Ldmatrix(MatrixLoad { num, trans, space, addr, d: regs })
        } else {
            MmaOp::Stmatrix(MatrixStore { num, trans, space, addr, vals: regs })
        })
    }
}

/// A matrix instruction being decoded: the instruction, its keywords, its element types in
/// order, its shape, and the state space it names (if any).
struct MatrixParts<'i> {
    ins: &'i Instruction,
    kws: &'i [Kw],
    types: Vec<MType>,
    shape: Shape,
    space: Option<Space>,
}

impl MatrixParts<'_> {
    fn has(&self, k: Kw) -> bool {
        self.kws.contains(&k)
    }
}

/// The d, a, b and c element types of an `mma` (`wmma.mma` names only d and c: a and b are
/// f16), checked to be a combination the PTX ISA has and this engine runs.
fn mma_types(layout: FragLayout, types: &[MType], shape: Shape) -> R<(MType, MType, MType, MType)> {
    let (td, ta, tb, tc) = match types[..] {
        [d, c] if layout == FragLayout::Wmma => (d, MType::F16, MType::F16, c),
        [d, a, b, c] => (d, a, b, c),
        _ => return Err(DecodeError::Unsupported("unsupported type list".into())),
    };
    let fl = |t: MType| matches!(t, MType::F16 | MType::Bf16 | MType::Tf32);
    let int = |t: MType| matches!(t, MType::S8 | MType::U8 | MType::S4 | MType::U4 | MType::B1);
    let types_ok = match (ta, tb) {
        (MType::F64, MType::F64) => tc == MType::F64 && td == MType::F64,
        (MType::F16, MType::F16) => matches!(tc, MType::F16 | MType::F32) && matches!(td, MType::F16 | MType::F32),
        (a, b) if fl(a) && a == b => tc == MType::F32 && td == MType::F32,
        (a, b) if int(a) && int(b) && (a == MType::B1) == (b == MType::B1) => tc == MType::S32 && td == MType::S32,
        _ => false,
    };
    if !types_ok {
        return Err(DecodeError::Unsupported(format!(
            "unsupported matrix types d {td:?}, a {ta:?}, b {tb:?}, c {tc:?}"
        )));
    }
    if layout == FragLayout::Mma && shape.m == 8 && shape.k == 4 && ta != MType::F64 {
        return Err(DecodeError::Unsupported("mma.sync.m8n8k4 with .f16 (quad-pair layout) is not supported".into()));
    }
    Ok((td, ta, tb, tc))
}
