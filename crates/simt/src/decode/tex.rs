//! Decoding of the texture and surface instructions (`tex`, `tld4`, `txq`, `istypep`, `suld`,
//! `sust`, `sured`, `suq`) into [`TexOp`]s. Only texture/surface *objects* (64-bit handles in
//! registers or immediates) are supported; `.texref`/`.surfref` module variables (texture
//! references, removed in CUDA 12) and independent-mode samplers are load errors.

use ptx::ast::{Instruction, Operand};
use ptx::keyword::Kw;
use ptx::types::{Opcode, ScalarType};

use super::{DecodeError, FuncDecoder, R, ignorable};
use crate::ir::tex::{Lod, TexOp};
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
        let ops = &ins.operands;
        let tys: Vec<ScalarType> = kws.iter().filter_map(|k| k.as_type()).collect();
        let op1 =
            |k: usize| ops.get(k).ok_or_else(|| DecodeError::Invalid(format!("expected at least {} operands", k + 1)));
        match ins.opcode {
            Opcode::Tex | Opcode::Tld4 => {
                let gather = if ins.opcode == Opcode::Tld4 {
                    only(kws, &[Kw::R, Kw::G, Kw::B, Kw::A, Kw::D2d, Kw::A2d, Kw::Cube, Kw::Acube])?;
                    Some(kws.iter().find_map(|k| match k {
                        Kw::R => Some(0u8),
                        Kw::G => Some(1),
                        Kw::B => Some(2),
                        Kw::A => Some(3),
                        _ => None,
                    }))
                    .flatten()
                    .map(Some)
                    .ok_or_else(|| DecodeError::Invalid("tld4 needs a component (.r/.g/.b/.a)".into()))?
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
                let (dt, ct) = match tys.as_slice() {
                    [d, c] => (*d, *c),
                    _ => return Err(DecodeError::Invalid("expected destination and coordinate types".into())),
                };
                let dtype = match dt {
                    ScalarType::F32 => DType::F32,
                    ScalarType::S32 => DType::S32,
                    ScalarType::U32 => DType::U32,
                    t => {
                        return Err(DecodeError::Unsupported(format!(
                            "texture results of type .{t} are not supported"
                        )));
                    }
                };
                let int_coords = match ct {
                    ScalarType::F32 => false,
                    ScalarType::S32 => true,
                    t => {
                        return Err(DecodeError::Unsupported(format!(
                            "texture coordinates of type .{t} are not supported"
                        )));
                    }
                };
                if kws.iter().any(|k| k.as_vector() == Some(2)) {
                    return Err(DecodeError::Unsupported("texture results as .v2 (f16x2) are not supported".into()));
                }
                let (dv, p) = match op1(0)? {
                    Operand::Pair(d, p) => (d.as_ref(), Some(self.reg(&Operand::Name(*p))?)),
                    d => (d, None),
                };
                let dests = self.tex_dests(dv)?;
                if dests.len() != 4 {
                    return Err(DecodeError::Invalid("expected a 4-element destination vector".into()));
                }
                let d = [dests[0], dests[1], dests[2], dests[3]];
                let (handle, coords) = self.tex_addr(op1(1)?)?;
                let need = usize::from(geom.layered()) + geom.dims();
                if coords.len() < need {
                    return Err(DecodeError::Invalid(format!("expected {need} coordinates")));
                }
                let (lod, used) = if kws.contains(&Kw::Level) {
                    (Lod::Level(self.src(op1(2)?, ct)?), 3)
                } else if kws.contains(&Kw::Grad) {
                    let dx = self.tex_vals(op1(2)?, ScalarType::F32)?;
                    let dy = self.tex_vals(op1(3)?, ScalarType::F32)?;
                    (Lod::Grad(dx, dy), 4)
                } else {
                    (Lod::Base, 2)
                };
                if ops.len() > used {
                    return Err(DecodeError::Unsupported(
                        "texture coordinate offsets and depth compare are not supported".into(),
                    ));
                }
                Ok(TexOp::Sample { geom, dtype, int_coords, d, p, handle, coords, lod, gather })
            }
            Opcode::Txq | Opcode::Suq => {
                let surface = ins.opcode == Opcode::Suq;
                let query = kws
                    .iter()
                    .find_map(|k| {
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
                    })
                    .ok_or_else(|| DecodeError::Invalid("missing query".into()))?;
                let d = self.reg(op1(0)?)?;
                let handle = match op1(1)? {
                    Operand::AddrList(v) if v.len() == 1 => self.tex_handle(&v[0])?,
                    o => self.tex_handle(o)?,
                };
                let level = if kws.contains(&Kw::Level) { Some(self.src(op1(2)?, ScalarType::S32)?) } else { None };
                Ok(TexOp::Query { query, surface, d, handle, level })
            }
            Opcode::Istypep => {
                let kind = match tys.first() {
                    Some(ScalarType::Texref) => 0,
                    Some(ScalarType::Samplerref) => 1,
                    Some(ScalarType::Surfref) => 2,
                    _ => return Err(DecodeError::Invalid("istypep needs .texref, .samplerref or .surfref".into())),
                };
                let d = self.reg(op1(0)?)?;
                let a = self.src(op1(1)?, ScalarType::U64)?;
                Ok(TexOp::IsType { kind, d, a })
            }
            Opcode::Suld | Opcode::Sust | Opcode::Sured => {
                let geom = geom_of(kws)?;
                if matches!(geom, Geom::Cube | Geom::ACube) {
                    return Err(DecodeError::Unsupported(
                        "cubemap surface geometries are not supported (use .a2d)".into(),
                    ));
                }
                let clamp = clamp_of(kws);
                let t = *tys.last().ok_or(DecodeError::MissingType)?;
                let size = t.size() as u8;
                if !matches!(size, 1 | 2 | 4 | 8) {
                    return Err(DecodeError::Unsupported(format!("surface access of type .{t} is not supported")));
                }
                let geoms = [Kw::D1d, Kw::D2d, Kw::D3d, Kw::A1d, Kw::A2d, Kw::Trap, Kw::Clamp, Kw::Zero];
                match ins.opcode {
                    Opcode::Suld => {
                        only(kws, &[&geoms[..], &[Kw::B]].concat())?;
                        if !kws.contains(&Kw::B) {
                            return Err(DecodeError::Unsupported(
                                "formatted surface loads (suld.p) are not supported".into(),
                            ));
                        }
                        let d = self.tex_dests(op1(0)?)?;
                        let (handle, coords) = self.tex_addr(op1(1)?)?;
                        Ok(TexOp::Load { geom, size, d, handle, coords, clamp })
                    }
                    Opcode::Sust => {
                        only(kws, &[&geoms[..], &[Kw::B, Kw::P]].concat())?;
                        let formatted = kws.contains(&Kw::P);
                        let (handle, coords) = self.tex_addr(op1(0)?)?;
                        let vals = self.tex_vals(op1(1)?, t)?;
                        Ok(TexOp::Store { geom, size, formatted, vals, handle, coords, clamp })
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
                        let (handle, coords) = self.tex_addr(op1(0)?)?;
                        let val = self.src(op1(1)?, t)?;
                        Ok(TexOp::Reduce { geom, op, size, signed, sample, val, handle, coords, clamp })
                    }
                }
            }
            o => Err(DecodeError::Invalid(format!("`{o}` is not a texture or surface instruction"))),
        }
    }
}
