//! Decoding of the texture and surface instructions (`tex`, `tld4`, `txq`, `istypep`, `suld`,
//! `sust`, `sured`, `suq`) into [`TexOp`]s. Only texture/surface *objects* (64-bit handles in
//! registers or immediates) are supported; `.texref`/`.surfref` module variables (texture
//! references, removed in CUDA 12) and independent-mode samplers are load errors.

use ptx::ast::{Instruction, Operand};
use ptx::keyword::Kw;
use ptx::types::{Opcode, ScalarType};

use super::{DecodeError, FuncDecoder, R, ignorable};
use crate::ir::tex::{IsType, Lod, Sample, SurfaceLoad, SurfaceReduce, SurfaceStore, TexOp, TexQuery};
use crate::ir::{Reg, Src};
use crate::texture::op::{Bound, DType, Geom, Query, RedOp};

fn geom_of(kws: &[Kw]) -> R<Geom> {
    for k in kws {
        match k {
            Kw::D1d => return Ok(Geom::D1),
            Kw::D2d => return Ok(Geom::D2),
            Kw::D3d => return Ok(Geom::D3),
            Kw::A1d => return Ok(Geom::A1),
            Kw::A2d => return Ok(Geom::A2),
            Kw::Cube => return Ok(Geom::Cube),
            Kw::Acube => return Ok(Geom::ACube),
            Kw::D2dms | Kw::A2dms => {
                return Err(DecodeError::Unsupported("multi-sample textures (.2dms/.a2dms) are not supported".into()));
            }
            _ => {}
        }
    }
    Err(DecodeError::Invalid("missing texture geometry".into()))
}

fn clamp_of(kws: &[Kw]) -> Bound {
    if kws.contains(&Kw::Clamp) {
        Bound::Clamp
    } else if kws.contains(&Kw::Zero) {
        Bound::Zero
    } else {
        Bound::Trap
    }
}

/// Rejects modifiers outside `allowed` (types, vectors and cache operators pass).
fn only(kws: &[Kw], allowed: &[Kw]) -> R<()> {
    for k in kws {
        if k.as_type().is_none() && k.as_vector().is_none() && !ignorable(*k) && !allowed.contains(k) {
            return Err(DecodeError::UnsupportedModifier(*k));
        }
    }
    Ok(())
}

impl FuncDecoder<'_> {
    /// The handle operand: a register or an immediate.
    fn tex_handle(&mut self, op: &Operand) -> R<Src> {
        let s = match op {
            Operand::Name(_) | Operand::Imm(_) => self.src(op, ScalarType::U64),
            Operand::Addr(ptx::ast::Address { base: Some(n), offset: 0 }) => {
                self.src(&Operand::Name(*n), ScalarType::U64)
            }
            _ => return Err(DecodeError::Unsupported("unsupported texture/surface operand".into())),
        };
        match s {
            Ok(s @ (Src::Reg(_) | Src::Imm(_))) => Ok(s),
            Ok(_) | Err(_) => Err(DecodeError::Unsupported(
                "texture and surface references (.texref/.surfref variables) are not supported; \
                 only texture and surface objects (64-bit handles) are"
                    .into(),
            )),
        }
    }

    /// `[handle, coords]`: the handle and the coordinate elements.
    fn tex_addr(&mut self, op: &Operand) -> R<(Src, Vec<Src>)> {
        let Operand::AddrList(items) = op else {
            return Err(DecodeError::Invalid("expected `[handle, coordinates]`".into()));
        };
        match items.as_slice() {
            [h, c] => {
                let h = self.tex_handle(h)?;
                let cs = match c {
                    Operand::Vector(v) => v.iter().map(|o| self.src(o, ScalarType::B32)).collect::<R<Vec<_>>>()?,
                    o => vec![self.src(o, ScalarType::B32)?],
                };
                Ok((h, cs))
            }
            [_, _, _] => Err(DecodeError::Unsupported("independent-mode texture samplers are not supported".into())),
            _ => Err(DecodeError::Invalid("expected `[handle, coordinates]`".into())),
        }
    }

    /// Destination registers of a vector (or scalar) operand; `_` gives `None`.
    fn tex_dests(&mut self, op: &Operand) -> R<Vec<Option<Reg>>> {
        let items: Vec<&Operand> = match op {
            Operand::Vector(v) => v.iter().collect(),
            o => vec![o],
        };
        items
            .into_iter()
            .map(|o| match o {
                Operand::Sink => Ok(None),
                o => self.reg(o).map(Some),
            })
            .collect()
    }

    fn tex_vals(&mut self, op: &Operand, t: ScalarType) -> R<Vec<Src>> {
        match op {
            Operand::Vector(v) => v.iter().map(|o| self.src(o, t)).collect(),
            o => Ok(vec![self.src(o, t)?]),
        }
    }

    /// Decodes a texture or surface instruction.
    pub(super) fn tex_inst(&mut self, ins: &Instruction, kws: &[Kw]) -> R<TexOp> {
        match ins.opcode {
            Opcode::Tex | Opcode::Tld4 => self.sample(ins, kws).map(TexOp::Sample),
            Opcode::Txq | Opcode::Suq => self.tex_query(ins, kws).map(TexOp::Query),
            Opcode::Istypep => self.is_type(ins, kws).map(TexOp::IsType),
            Opcode::Suld | Opcode::Sust | Opcode::Sured => self.surface_access(ins, kws),
            o => Err(DecodeError::Invalid(format!("`{o}` is not a texture or surface instruction"))),
        }
    }

    /// `tex` or `tld4`.
    fn sample(&mut self, ins: &Instruction, kws: &[Kw]) -> R<Sample> {
        let gather = if ins.opcode == Opcode::Tld4 {
            Some(gather_component(kws)?)
        } else {
            only(
                kws,
                &[
                    Kw::D1d,
                    Kw::D2d,
                    Kw::D3d,
                    Kw::A1d,
                    Kw::A2d,
                    Kw::Cube,
                    Kw::Acube,
                    Kw::D2dms,
                    Kw::A2dms,
                    Kw::Base,
                    Kw::Level,
                    Kw::Grad,
                ],
            )?;
            None
        };
        let geom = geom_of(kws)?;
        let (dtype, int_coords, coordinate_type) = sample_types(kws)?;
        let (dv, p) = match operand(ins, 0)? {
            Operand::Pair(d, p) => (d.as_ref(), Some(self.reg(&Operand::Name(*p))?)),
            d => (d, None),
        };
        let dests = self.tex_dests(dv)?;
        let &[d0, d1, d2, d3] = dests.as_slice() else {
            return Err(DecodeError::Invalid("expected a 4-element destination vector".into()));
        };
        let (handle, coords) = self.tex_addr(operand(ins, 1)?)?;
        let need = usize::from(geom.layered()) + geom.dims();
        if coords.len() < need {
            return Err(DecodeError::Invalid(format!("expected {need} coordinates")));
        }
        let (lod, used) = if kws.contains(&Kw::Level) {
            (Lod::Level(self.src(operand(ins, 2)?, coordinate_type)?), 3)
        } else if kws.contains(&Kw::Grad) {
            let dx = self.tex_vals(operand(ins, 2)?, ScalarType::F32)?;
            let dy = self.tex_vals(operand(ins, 3)?, ScalarType::F32)?;
            (Lod::Grad(dx, dy), 4)
        } else {
            (Lod::Base, 2)
        };
        if ins.operands.len() > used {
            return Err(DecodeError::Unsupported(
                "texture coordinate offsets and depth compare are not supported".into(),
            ));
        }
        Ok(Sample { geom, dtype, int_coords, d: [d0, d1, d2, d3], p, handle, coords, lod, gather })
    }

    /// `txq` or `suq`.
    fn tex_query(&mut self, ins: &Instruction, kws: &[Kw]) -> R<TexQuery> {
        let query =
            kws.iter().find_map(|k| query_of(*k)).ok_or_else(|| DecodeError::Invalid("missing query".into()))?;
        let d = self.reg(operand(ins, 0)?)?;
        let handle = match operand(ins, 1)? {
            Operand::AddrList(v) if v.len() == 1 => self.tex_handle(&v[0])?,
            o => self.tex_handle(o)?,
        };
        let level = if kws.contains(&Kw::Level) { Some(self.src(operand(ins, 2)?, ScalarType::S32)?) } else { None };
        Ok(TexQuery { query, surface: ins.opcode == Opcode::Suq, d, handle, level })
    }

    /// `istypep`.
    fn is_type(&mut self, ins: &Instruction, kws: &[Kw]) -> R<IsType> {
        let kind = match kws.iter().find_map(|k| k.as_type()) {
            Some(ScalarType::Texref) => 0,
            Some(ScalarType::Samplerref) => 1,
            Some(ScalarType::Surfref) => 2,
            _ => return Err(DecodeError::Invalid("istypep needs .texref, .samplerref or .surfref".into())),
        };
        let d = self.reg(operand(ins, 0)?)?;
        let a = self.src(operand(ins, 1)?, ScalarType::U64)?;
        Ok(IsType { kind, d, a })
    }

    /// `suld`, `sust` or `sured`.
    fn surface_access(&mut self, ins: &Instruction, kws: &[Kw]) -> R<TexOp> {
        let geom = geom_of(kws)?;
        if matches!(geom, Geom::Cube | Geom::ACube) {
            return Err(DecodeError::Unsupported("cubemap surface geometries are not supported (use .a2d)".into()));
        }
        let clamp = clamp_of(kws);
        let t = kws.iter().rev().find_map(|k| k.as_type()).ok_or(DecodeError::MissingType)?;
        let size = t.size() as u8;
        if !matches!(size, 1 | 2 | 4 | 8) {
            return Err(DecodeError::Unsupported(format!("surface access of type .{t} is not supported")));
        }
        let geoms = [Kw::D1d, Kw::D2d, Kw::D3d, Kw::A1d, Kw::A2d, Kw::Trap, Kw::Clamp, Kw::Zero];
        match ins.opcode {
            Opcode::Suld => {
                only(kws, &[&geoms[..], &[Kw::B]].concat())?;
                if !kws.contains(&Kw::B) {
                    return Err(DecodeError::Unsupported("formatted surface loads (suld.p) are not supported".into()));
                }
                let d = self.tex_dests(operand(ins, 0)?)?;
                let (handle, coords) = self.tex_addr(operand(ins, 1)?)?;
                Ok(TexOp::Load(SurfaceLoad { geom, size, d, handle, coords, clamp }))
            }
            Opcode::Sust => {
                only(kws, &[&geoms[..], &[Kw::B, Kw::P]].concat())?;
                let formatted = kws.contains(&Kw::P);
                let (handle, coords) = self.tex_addr(operand(ins, 0)?)?;
                let vals = self.tex_vals(operand(ins, 1)?, t)?;
                Ok(TexOp::Store(SurfaceStore { geom, size, formatted, vals, handle, coords, clamp }))
            }
            _ => {
                only(kws, &[&geoms[..], &[Kw::B, Kw::P, Kw::Add, Kw::Min, Kw::Max, Kw::And, Kw::Or]].concat())?;
                let op = kws
                    .iter()
                    .find_map(|k| match k {
                        Kw::Add => Some(RedOp::Add),
                        Kw::Min => Some(RedOp::Min),
                        Kw::Max => Some(RedOp::Max),
                        Kw::And => Some(RedOp::And),
                        Kw::Or => Some(RedOp::Or),
                        _ => None,
                    })
                    .ok_or_else(|| DecodeError::Invalid("missing reduction operation".into()))?;
                if !matches!(size, 4 | 8) {
                    return Err(DecodeError::Invalid("sured needs a 32- or 64-bit type".into()));
                }
                let signed = matches!(t, ScalarType::S32 | ScalarType::S64);
                let sample = kws.contains(&Kw::P);
                let (handle, coords) = self.tex_addr(operand(ins, 0)?)?;
                let val = self.src(operand(ins, 1)?, t)?;
                Ok(TexOp::Reduce(SurfaceReduce { geom, op, size, signed, sample, val, handle, coords, clamp }))
            }
        }
    }
}

/// Operand `k` of `ins`, or an error saying how many it needs.
fn operand(ins: &Instruction, k: usize) -> R<&Operand> {
    ins.operands.get(k).ok_or_else(|| DecodeError::Invalid(format!("expected at least {} operands", k + 1)))
}

/// The component `tld4` gathers (`.r` 0 to `.a` 3), checking its other modifiers.
fn gather_component(kws: &[Kw]) -> R<u8> {
    only(kws, &[Kw::R, Kw::G, Kw::B, Kw::A, Kw::D2d, Kw::A2d, Kw::Cube, Kw::Acube])?;
    kws.iter()
        .find_map(|k| match k {
            Kw::R => Some(0u8),
            Kw::G => Some(1),
            Kw::B => Some(2),
            Kw::A => Some(3),
            _ => None,
        })
        .ok_or_else(|| DecodeError::Invalid("tld4 needs a component (.r/.g/.b/.a)".into()))
}

/// A `tex`'s result type, whether its coordinates are integers, and their type, from its
/// `.dtype.ctype` pair.
fn sample_types(kws: &[Kw]) -> R<(DType, bool, ScalarType)> {
    let tys: Vec<ScalarType> = kws.iter().filter_map(|k| k.as_type()).collect();
    let (dt, ct) = match tys.as_slice() {
        [d, c] => (*d, *c),
        _ => return Err(DecodeError::Invalid("expected destination and coordinate types".into())),
    };
    let dtype = match dt {
        ScalarType::F32 => DType::F32,
        ScalarType::S32 => DType::S32,
        ScalarType::U32 => DType::U32,
        t => return Err(DecodeError::Unsupported(format!("texture results of type .{t} are not supported"))),
    };
    let int_coords = match ct {
        ScalarType::F32 => false,
        ScalarType::S32 => true,
        t => return Err(DecodeError::Unsupported(format!("texture coordinates of type .{t} are not supported"))),
    };
    if kws.iter().any(|k| k.as_vector() == Some(2)) {
        return Err(DecodeError::Unsupported("texture results as .v2 (f16x2) are not supported".into()));
    }
    Ok((dtype, int_coords, ct))
}

/// The attribute a `txq`/`suq` modifier asks for.
fn query_of(k: Kw) -> Option<Query> {
    Some(match k {
        Kw::Width => Query::Width,
        Kw::Height => Query::Height,
        Kw::Depth => Query::Depth,
        Kw::ChannelDataType => Query::ChannelDataType,
        Kw::ChannelOrder => Query::ChannelOrder,
        Kw::NormalizedCoords => Query::NormalizedCoords,
        Kw::ArraySize => Query::ArraySize,
        Kw::NumMipmapLevels => Query::NumMipmapLevels,
        Kw::NumSamples => Query::NumSamples,
        Kw::ForceUnnormalizedCoords => Query::ForceUnnormalizedCoords,
        Kw::FilterMode => Query::FilterMode,
        Kw::AddrMode0 => Query::AddrMode(0),
        Kw::AddrMode1 => Query::AddrMode(1),
        Kw::AddrMode2 => Query::AddrMode(2),
        Kw::MemoryLayout => Query::MemoryLayout,
        _ => return None,
    })
}
