//! Execution of texture and surface instructions: per active lane, the handle is looked up in
//! the device memory's [`crate::texture::Registry`] (the last object is kept for the next lane),
//! then `texture::sample` / `texture::surface` do the work. Texel reads go through the checked
//! global-memory path, so an image freed under a live object faults like any bad access.

use std::sync::Arc;

use super::{Block, Warp, WarpResult, fault, lanes};
use crate::error::FaultKind;
use crate::ir::tex::{IsType, Lod, Sample, SurfaceLoad, SurfaceReduce, SurfaceStore, TexOp, TexQuery};
use crate::ir::{Reg, Src};
use crate::memory::AtomOp;
use crate::texture::op::{DType, Query, RedOp};
use crate::texture::sample::{self, LodArg, Request};
use crate::texture::surface::{self, Target};
use crate::texture::{AddressMode, ChannelKind, FilterMode, Image, Object, Shape};

fn tex_fault(handle: u64, message: String, lane: usize) -> super::WarpFault {
    fault(FaultKind::Texture { handle, message }, lane as u32)
}

/// The texture or surface object a warp looked up last, kept across its instructions and
/// blocks (looking an object up takes the registry's lock and an `Arc` count, which sixteen
/// workers sampling at once contended for: the kit's texture kernel ran 2.7x slower on 16
/// cores than on one). Valid while no object of the same registry was destroyed since.
#[derive(Debug)]
pub(crate) struct CachedObject {
    registry: usize,
    generation: u64,
    handle: u64,
    object: Object,
}

/// The object of `handle` (cached in `last`).
fn lookup<'c>(b: &Block<'_, '_>, last: &'c mut Option<CachedObject>, handle: u64) -> Option<&'c Object> {
    let registry = b.l.dm.textures();
    let (id, generation) = (std::ptr::from_ref(registry) as usize, registry.generation());
    let current = last.as_ref().is_some_and(|c| c.handle == handle && c.registry == id && c.generation == generation);
    if !current {
        *last = Some(CachedObject { registry: id, generation, handle, object: registry.get(handle)? });
    }
    last.as_ref().map(|c| &c.object)
}

fn query(img: &Image, q: Query, level: usize, tex: Option<&crate::texture::Sampler>) -> u32 {
    let lvl = img.levels.get(level).or(img.levels.first());
    let (w, h, d) = lvl.map_or((0, 0, 0), |l| (l.width, l.height, l.depth));
    match q {
        Query::Width => w,
        Query::Height => h,
        Query::Depth => d,
        Query::ChannelDataType => match img.format.kind {
            ChannelKind::Signed => 0,
            ChannelKind::Unsigned => 1,
            ChannelKind::Float => 2,
        },
        Query::ChannelOrder => u32::from(img.format.channels),
        Query::NormalizedCoords => u32::from(tex.is_some_and(|s| s.normalized_coords)),
        Query::ArraySize => {
            if img.cubemap && img.layered {
                img.layers / 6
            } else if img.layered {
                img.layers
            } else {
                0
            }
        }
        Query::NumMipmapLevels => {
            if img.mipmapped {
                img.levels.len() as u32
            } else {
                0
            }
        }
        Query::NumSamples | Query::ForceUnnormalizedCoords => 0,
        Query::FilterMode => u32::from(tex.is_some_and(|s| s.filter == FilterMode::Linear)),
        // PTX's enum { wrap, mirror, clamp_ogl, clamp_to_edge, clamp_to_border }.
        Query::AddrMode(k) => match tex.map(|s| s.address[usize::from(k.min(2))]) {
            Some(AddressMode::Wrap) => 0,
            Some(AddressMode::Mirror) => 1,
            Some(AddressMode::Clamp) | None => 3,
            Some(AddressMode::Border) => 4,
        },
        Query::MemoryLayout => u32::from(matches!(img.shape, Shape::Linear | Shape::Pitch2D)),
    }
}

impl Warp {
    fn fetch_all(&self, b: &Block<'_, '_>, srcs: &[Src]) -> Vec<[u64; 32]> {
        srcs.iter()
            .map(|s| {
                let mut v = [0u64; 32];
                self.fetch(b, *s, &mut v);
                v
            })
            .collect()
    }

    /// Executes a texture or surface instruction for the lanes of `emask`.
    pub(super) fn tex_op(&mut self, b: &Block<'_, '_>, op: &TexOp, emask: u32) -> WarpResult<()> {
        let mut last = self.tex_object.take();
        let r = self.tex_op_with(b, op, emask, &mut last);
        self.tex_object = last;
        r
    }

    fn tex_op_with(
        &mut self,
        b: &Block<'_, '_>,
        op: &TexOp,
        emask: u32,
        last: &mut Option<CachedObject>,
    ) -> WarpResult<()> {
        match op {
            TexOp::Sample(s) => self.sample(b, s, emask, last),
            TexOp::Query(q) => self.tex_query(b, q, emask, last),
            TexOp::IsType(t) => self.is_type(b, t, emask, last),
            TexOp::Load(l) => self.surface_load(b, l, emask, last),
            TexOp::Store(s) => self.surface_store(b, s, emask, last),
            TexOp::Reduce(r) => self.surface_reduce(b, r, emask, last),
        }
    }

    /// Writes `values` into register `r` for the lanes of `emask`.
    fn write_lanes(&mut self, r: Reg, values: &[u64; 32], emask: u32) {
        let dst = &mut self.regs[r as usize];
        for lane in lanes(emask) {
            dst[lane] = values[lane];
        }
    }

    /// `tex` / `tld4`.
    fn sample(
        &mut self,
        b: &Block<'_, '_>,
        op: &Sample,
        emask: u32,
        last: &mut Option<CachedObject>,
    ) -> WarpResult<()> {
        let Sample { geom, dtype, int_coords, d, p, handle, coords, lod, gather } = op;
        let hs = self.fetch_all(b, std::slice::from_ref(handle));
        let cs = self.fetch_all(b, coords);
        let (lv, gx, gy) = match lod {
            Lod::Base => (Vec::new(), Vec::new(), Vec::new()),
            Lod::Level(s) => (self.fetch_all(b, std::slice::from_ref(s)), Vec::new(), Vec::new()),
            Lod::Grad(x, y) => (Vec::new(), self.fetch_all(b, x), self.fetch_all(b, y)),
        };
        let mut out = [[0u64; 32]; 4];
        for lane in lanes(emask) {
            let h = hs[0][lane];
            let t = match lookup(b, last, h) {
                Some(Object::Texture(t)) => t,
                Some(Object::Surface(_)) => {
                    return Err(tex_fault(h, "a surface object used as a texture".into(), lane));
                }
                None => return Err(tex_fault(h, "no such texture object".into(), lane)),
            };
            let first = usize::from(geom.layered());
            let mut xyz = [0u32; 3];
            for (k, v) in xyz.iter_mut().enumerate().take(geom.dims()) {
                *v = cs.get(first + k).map_or(0, |c| c[lane] as u32);
            }
            let grad = |g: &Vec<[u64; 32]>| -> [f32; 3] {
                let mut r = [0f32; 3];
                for (k, v) in r.iter_mut().enumerate() {
                    *v = g.get(k).map_or(0.0, |c| f32::from_bits(c[lane] as u32));
                }
                r
            };
            let lod = match lod {
                Lod::Base => LodArg::Base,
                Lod::Level(_) => {
                    let v = lv[0][lane] as u32;
                    LodArg::Level(if *int_coords { v as i32 as f32 } else { f32::from_bits(v) })
                }
                Lod::Grad(..) => LodArg::Grad(grad(&gx), grad(&gy)),
            };
            let rq = Request {
                geom: *geom,
                int_coords: *int_coords,
                layer: if geom.layered() { cs[0][lane] as u32 } else { 0 },
                xyz,
                lod,
                gather: *gather,
            };
            let cache = &mut self.cache;
            let mem = &b.l.mem;
            let mut read = |addr: u64, size: u32| mem.load(addr, size, cache);
            let v = sample::sample(t, &rq, &mut read).map_err(|e| fault(FaultKind::Memory(e), lane as u32))?;
            let float_out = sample::float_result(t);
            let signed = t.image.format.kind == ChannelKind::Signed;
            for c in 0..4 {
                out[c][lane] = u64::from(match (*dtype, float_out) {
                    (DType::F32, false) if signed => (v[c] as i32 as f32).to_bits(),
                    (DType::F32, false) => (v[c] as f32).to_bits(),
                    _ => v[c],
                });
            }
        }
        for (c, dr) in d.iter().enumerate() {
            if let Some(dr) = dr {
                self.write_lanes(*dr, &out[c], emask);
            }
        }
        if let Some(p) = p {
            // Every texel is resident.
            self.write_lanes(*p, &[1; 32], emask);
        }
        Ok(())
    }

    /// `txq` / `suq`.
    fn tex_query(
        &mut self,
        b: &Block<'_, '_>,
        op: &TexQuery,
        emask: u32,
        last: &mut Option<CachedObject>,
    ) -> WarpResult<()> {
        let TexQuery { query: q, surface, d, handle, level } = op;
        let hs = self.fetch_all(b, std::slice::from_ref(handle));
        let ls = level.map(|l| self.fetch_all(b, &[l]));
        let mut r = [0u64; 32];
        for lane in lanes(emask) {
            let h = hs[0][lane];
            let lvl = ls.as_ref().map_or(0, |l| (l[0][lane] as u32 as i32).max(0) as usize);
            r[lane] = u64::from(match (lookup(b, last, h), surface) {
                (Some(Object::Texture(t)), false) => query(&t.image, *q, lvl, Some(&t.sampler)),
                (Some(Object::Surface(s)), true) => query(&s.image, *q, lvl, None),
                _ => return Err(tex_fault(h, "no such texture or surface object".into(), lane)),
            });
        }
        self.write_lanes(*d, &r, emask);
        Ok(())
    }

    /// `istypep`.
    fn is_type(
        &mut self,
        b: &Block<'_, '_>,
        op: &IsType,
        emask: u32,
        last: &mut Option<CachedObject>,
    ) -> WarpResult<()> {
        let hs = self.fetch_all(b, std::slice::from_ref(&op.a));
        let mut r = [0u64; 32];
        for lane in lanes(emask) {
            r[lane] = u64::from(matches!(
                (lookup(b, last, hs[0][lane]), op.kind),
                (Some(Object::Texture(_)), 0 | 1) | (Some(Object::Surface(_)), 2)
            ));
        }
        self.write_lanes(op.d, &r, emask);
        Ok(())
    }

    /// `suld.b`.
    fn surface_load(
        &mut self,
        b: &Block<'_, '_>,
        op: &SurfaceLoad,
        emask: u32,
        last: &mut Option<CachedObject>,
    ) -> WarpResult<()> {
        let SurfaceLoad { geom, size, d, handle, coords, clamp } = op;
        let hs = self.fetch_all(b, std::slice::from_ref(handle));
        let cs = self.fetch_all(b, coords);
        let n = d.len();
        let mut out = vec![[0u64; 32]; n];
        for lane in lanes(emask) {
            let (s, h) = self.surface_of(b, last, hs[0][lane], lane)?;
            let c: Vec<u32> = cs.iter().map(|c| c[lane] as u32).collect();
            let access = u32::from(*size) * n as u32;
            match surface::locate(&s, *geom, &c, access, false, *clamp) {
                Ok(Target::At(addr)) => {
                    for (k, o) in out.iter_mut().enumerate() {
                        let a = addr.wrapping_add(k as u64 * u64::from(*size));
                        o[lane] =
                            b.l.mem
                                .load(a, u32::from(*size), &mut self.cache)
                                .map_err(|e| fault(FaultKind::Memory(e), lane as u32))?;
                    }
                }
                Ok(Target::Zero) => {}
                Err(e) => return Err(tex_fault(h, e.0, lane)),
            }
        }
        for (k, dr) in d.iter().enumerate() {
            if let Some(dr) = dr {
                self.write_lanes(*dr, &out[k], emask);
            }
        }
        Ok(())
    }

    /// `sust.b` / `sust.p`.
    fn surface_store(
        &mut self,
        b: &Block<'_, '_>,
        op: &SurfaceStore,
        emask: u32,
        last: &mut Option<CachedObject>,
    ) -> WarpResult<()> {
        let SurfaceStore { geom, size, formatted, vals, handle, coords, clamp } = op;
        let hs = self.fetch_all(b, std::slice::from_ref(handle));
        let cs = self.fetch_all(b, coords);
        let vs = self.fetch_all(b, vals);
        for lane in lanes(emask) {
            let (s, h) = self.surface_of(b, last, hs[0][lane], lane)?;
            let c: Vec<u32> = cs.iter().map(|c| c[lane] as u32).collect();
            let f = s.format;
            // sust.p: one texel (x counts texels), its channels from the source values.
            let (esize, count, access) = if *formatted {
                let cb = u32::from(f.bits / 8);
                (cb, usize::from(f.channels).min(vs.len()), f.texel_size())
            } else {
                (u32::from(*size), vs.len(), u32::from(*size) * vs.len() as u32)
            };
            let addr = match surface::locate(&s, *geom, &c, access, *formatted, *clamp) {
                Ok(Target::At(a)) => a,
                Ok(Target::Zero) => continue,
                Err(e) => return Err(tex_fault(h, e.0, lane)),
            };
            for (k, v) in vs.iter().enumerate().take(count) {
                let mut val = v[lane];
                if *formatted {
                    val = match (f.kind, f.bits) {
                        (ChannelKind::Float, 16) => {
                            u64::from(crate::float::f64_to_f16(f64::from(f32::from_bits(val as u32))))
                        }
                        _ => val,
                    };
                }
                let a = addr.wrapping_add(k as u64 * u64::from(esize));
                b.l.mem.store(a, esize, val, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32))?;
            }
        }
        Ok(())
    }

    /// `sured.b` / `sured.p`.
    fn surface_reduce(
        &mut self,
        b: &Block<'_, '_>,
        op: &SurfaceReduce,
        emask: u32,
        last: &mut Option<CachedObject>,
    ) -> WarpResult<()> {
        let SurfaceReduce { geom, op, size, signed, sample: by_sample, val, handle, coords, clamp } = op;
        let hs = self.fetch_all(b, std::slice::from_ref(handle));
        let cs = self.fetch_all(b, coords);
        let vs = self.fetch_all(b, std::slice::from_ref(val));
        let aop = match (op, signed) {
            (RedOp::Add, _) => AtomOp::Add,
            (RedOp::Min, true) => AtomOp::MinS,
            (RedOp::Min, false) => AtomOp::MinU,
            (RedOp::Max, true) => AtomOp::MaxS,
            (RedOp::Max, false) => AtomOp::MaxU,
            (RedOp::And, _) => AtomOp::And,
            (RedOp::Or, _) => AtomOp::Or,
        };
        for lane in lanes(emask) {
            let (s, h) = self.surface_of(b, last, hs[0][lane], lane)?;
            let c: Vec<u32> = cs.iter().map(|c| c[lane] as u32).collect();
            // sured.p: min/max are signed on SINT surfaces.
            let aop = match (by_sample, s.format.kind, aop) {
                (true, ChannelKind::Signed, AtomOp::MinU) => AtomOp::MinS,
                (true, ChannelKind::Signed, AtomOp::MaxU) => AtomOp::MaxS,
                (_, _, o) => o,
            };
            match surface::locate(&s, *geom, &c, u32::from(*size), *by_sample, *clamp) {
                Ok(Target::At(a)) => {
                    b.l.mem
                        .atomic(a, u32::from(*size), aop, vs[0][lane], 0, &mut self.cache)
                        .map_err(|e| fault(FaultKind::Memory(e), lane as u32))?;
                }
                Ok(Target::Zero) => {}
                Err(e) => return Err(tex_fault(h, e.0, lane)),
            }
        }
        Ok(())
    }

    /// The image of surface object `h`.
    fn surface_of(
        &self,
        b: &Block<'_, '_>,
        last: &mut Option<CachedObject>,
        h: u64,
        lane: usize,
    ) -> WarpResult<(SurfImage, u64)> {
        match lookup(b, last, h) {
            Some(Object::Surface(s)) => Ok((SurfImage(s.clone()), h)),
            Some(Object::Texture(_)) => Err(tex_fault(h, "a texture object used as a surface".into(), lane)),
            None => Err(tex_fault(h, "no such surface object".into(), lane)),
        }
    }
}

/// A surface's image (kept alive by the object's `Arc`).
struct SurfImage(Arc<crate::texture::Surface>);

impl std::ops::Deref for SurfImage {
    type Target = Image;
    fn deref(&self) -> &Image {
        &self.0.image
    }
}
