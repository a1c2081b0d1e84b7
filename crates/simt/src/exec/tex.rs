//! Execution of texture and surface instructions, one lane at a time ([`execute_lane`]): the
//! handle is looked up in the device memory's [`crate::texture::Registry`] (the last object is
//! kept for the next lane and instruction, [`CachedObject`]), then `texture::sample` /
//! `texture::surface` do the work. Texel reads are checked against the allocation table (a
//! warp's point lookups resolve the allocation of their texels once: [`execute_lanes`]), so an
//! image freed under a live object faults like any bad access.
//!
//! Every engine runs these instructions through `execute_lane`, so they have one semantics: the
//! interpreter over a warp's lanes ([`Warp::tex_op`], through [`execute_lanes`]), the
//! per-thread JIT and the block tier for one thread (`jit::tex::h_tex`) and the warp tier over
//! a warp's lanes (`jit::tex::h_tex_lanes`, through [`execute_lanes`]); the block tier fetches
//! the texels of clamped point lookups itself where [`clamped_texels`] says they lie (the
//! results of `PointFetch::clamped_f32`'s fetch).
//! Each passes a lane's source operand values in the order [`sources`] lists them and takes
//! its results from the slots [`results`] names.

use super::{Block, Launch, Warp, WarpResult, fault, lanes};
use crate::error::FaultKind;
use crate::ir::AtomOp;
use crate::ir::operands::{Operand, tex_operands};
use crate::ir::tex::{Lod, Sample, SurfaceLoad, SurfaceReduce, SurfaceStore, TexOp, TexQuery};
use crate::ir::{Reg, Src};
use crate::memory::AllocCache;
use crate::texture::op::{DType, Geom, Query, RedOp};
use crate::texture::sample::{self, ClampedLayout, LodArg, PointFetch, Request};
use crate::texture::surface::{self, Target};
use crate::texture::{AddressMode, ChannelKind, FilterMode, Image, Object, Shape, Surface, Texture};

/// Result slots of one lane ([`execute_lane`]'s `out`): a sample's four components and its
/// residency predicate; one value for the other instructions, up to four for a surface load.
pub(crate) const RESULT_SLOTS: usize = 5;

/// Source values one lane of a texture or surface instruction passes at most (a `tex.grad`:
/// the handle, a coordinate vector and two gradient vectors, each of four at most; the compiled
/// tiers leave an instruction with more to the interpreter).
pub(crate) const MAX_SOURCES: usize = 13;

/// The texture or surface object a warp (or a compiled tier's worker) looked up last, kept
/// across its instructions and blocks (looking an object up takes the registry's lock and an
/// `Arc` count, which sixteen workers sampling at once contended for: the kit's texture kernel
/// ran 2.7x slower on 16 cores than on one). Valid while no object of the same registry was
/// destroyed since.
#[derive(Debug)]
pub(crate) struct CachedObject {
    registry: usize,
    generation: u64,
    handle: u64,
    object: Object,
}

/// What a lane's texture or surface instruction works with besides its operands: the launch
/// (device memory and texture registry), the translation cache of its memory accesses, and
/// the object looked up last.
pub(crate) struct TexContext<'a, 'l> {
    pub launch: &'a Launch<'l>,
    pub cache: &'a mut AllocCache,
    pub last: &'a mut Option<CachedObject>,
}

/// The source operands of `op`, in the order [`execute_lane`] reads their values.
pub(crate) fn sources(op: &TexOp, mut f: impl FnMut(Src)) {
    tex_operands(op, &mut |o| {
        if let Operand::Src(s) = o {
            f(*s);
        }
    });
}

/// The registers `op` writes, each with the result slot ([`execute_lane`]'s `out`) it takes.
pub(crate) fn results(op: &TexOp, mut f: impl FnMut(usize, Reg)) {
    match op {
        TexOp::Sample(s) => {
            s.d.iter().enumerate().for_each(|(k, d)| d.iter().for_each(|&r| f(k, r)));
            s.p.iter().for_each(|&r| f(4, r));
        }
        TexOp::Query(q) => f(0, q.d),
        TexOp::IsType(t) => f(0, t.d),
        TexOp::Load(l) => l.d.iter().take(RESULT_SLOTS).enumerate().for_each(|(k, d)| d.iter().for_each(|&r| f(k, r))),
        TexOp::Store(_) | TexOp::Reduce(_) => {}
    }
}

/// One lane's source values, read in [`sources`] order (missing ones read as 0).
struct Args<'a>(std::slice::Iter<'a, u64>);

impl Args<'_> {
    fn next(&mut self) -> u64 {
        self.0.next().copied().unwrap_or(0)
    }

    /// The next `n` values as 32-bit patterns: the first `N` of them (the rest, 0).
    fn take<const N: usize>(&mut self, n: usize) -> [u32; N] {
        self.take_wide::<N>(n).map(|v| v as u32)
    }

    /// The next `n` values whole (a `.b64` surface store's values): the first `N` of them.
    fn take_wide<const N: usize>(&mut self, n: usize) -> [u64; N] {
        let mut r = [0u64; N];
        for k in 0..n {
            let v = self.next();
            if let Some(x) = r.get_mut(k) {
                *x = v;
            }
        }
        r
    }
}

fn tex_fault(handle: u64, message: &str) -> FaultKind {
    FaultKind::Texture { handle, message: message.into() }
}

/// Runs `op` for one lane whose source values are `args` (in [`sources`] order): its results
/// go to `out` (slots as [`results`] names them; a result the lane does not produce, such as
/// a `.zero` surface load out of range, is 0), its memory accesses happen in place.
pub(crate) fn execute_lane(
    cx: &mut TexContext<'_, '_>,
    op: &TexOp,
    args: &[u64],
    out: &mut [u64; RESULT_SLOTS],
) -> Result<(), FaultKind> {
    *out = [0; RESULT_SLOTS];
    let mut a = Args(args.iter());
    match op {
        TexOp::Sample(s) => sample_lane(cx, s, &mut a, out),
        TexOp::Query(q) => {
            out[0] = query_lane(cx, q, &mut a)?;
            Ok(())
        }
        TexOp::IsType(t) => {
            out[0] = u64::from(matches!(
                (lookup(cx.launch, cx.last, a.next()), t.kind),
                (Some(Object::Texture(_)), 0 | 1) | (Some(Object::Surface(_)), 2)
            ));
            Ok(())
        }
        TexOp::Load(l) => surface_load(cx, l, &mut a, out),
        TexOp::Store(s) => surface_store(cx, s, &mut a),
        TexOp::Reduce(r) => surface_reduce(cx, r, &mut a),
    }
}

/// The object of `handle` (cached in `last`).
fn lookup<'c>(l: &Launch<'_>, last: &'c mut Option<CachedObject>, handle: u64) -> Option<&'c Object> {
    let registry = l.dm.textures();
    let (id, generation) = (std::ptr::from_ref(registry) as usize, registry.generation());
    let current = last.as_ref().is_some_and(|c| c.handle == handle && c.registry == id && c.generation == generation);
    if !current {
        *last = Some(CachedObject { registry: id, generation, handle, object: registry.get(handle)? });
    }
    last.as_ref().map(|c| &c.object)
}

/// The surface object `handle`.
fn surface_of<'c>(l: &Launch<'_>, last: &'c mut Option<CachedObject>, handle: u64) -> Result<&'c Surface, FaultKind> {
    match lookup(l, last, handle) {
        Some(Object::Surface(s)) => Ok(s),
        Some(Object::Texture(_)) => Err(tex_fault(handle, "a texture object used as a surface")),
        None => Err(tex_fault(handle, "no such surface object")),
    }
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

/// The texture object `handle` names.
fn texture_of<'c>(l: &Launch<'_>, last: &'c mut Option<CachedObject>, handle: u64) -> Result<&'c Texture, FaultKind> {
    match lookup(l, last, handle) {
        Some(Object::Texture(t)) => Ok(t),
        Some(Object::Surface(_)) => Err(tex_fault(handle, "a surface object used as a texture")),
        None => Err(tex_fault(handle, "no such texture object")),
    }
}

/// The spatial coordinates (f32 or s32 bits) of a `tex` / `tld4` lane whose source value `k`
/// (in [`sources`] order: the handle, then the coordinate vector, a layer index first in
/// layered geometries) is `src(k)`; coordinates the vector lacks read as 0.
#[inline(always)]
fn sample_coords(op: &Sample, src: impl Fn(usize) -> u64) -> [u32; 3] {
    let first = usize::from(op.geom.layered());
    let given = op.coords.len().min(4);
    let mut xyz = [0u32; 3];
    for (k, v) in xyz.iter_mut().enumerate().take(op.geom.dims()) {
        if first + k < given {
            *v = src(1 + first + k) as u32;
        }
    }
    xyz
}

/// A `tex` / `tld4` lane's handle and lookup, from its source values `vals` (in [`sources`]
/// order; missing ones read as 0).
fn sample_request(op: &Sample, vals: &[u64]) -> (u64, Request) {
    let Sample { geom, int_coords, coords, lod, gather, .. } = op;
    let xyz = sample_coords(op, |k| vals.get(k).copied().unwrap_or(0));
    let mut a = Args(vals.iter());
    let h = a.next();
    let cs = a.take::<4>(coords.len());
    let lod = match lod {
        Lod::Base => LodArg::Base,
        Lod::Level(_) => {
            let v = a.next() as u32;
            LodArg::Level(if *int_coords { v as i32 as f32 } else { f32::from_bits(v) })
        }
        Lod::Grad(x, y) => {
            let gx = a.take::<3>(x.len()).map(f32::from_bits);
            let gy = a.take::<3>(y.len()).map(f32::from_bits);
            LodArg::Grad(gx, gy)
        }
    };
    let rq = Request {
        geom: *geom,
        int_coords: *int_coords,
        layer: if geom.layered() { cs[0] } else { 0 },
        xyz,
        lod,
        gather: *gather,
    };
    (h, rq)
}

/// One lane's lookup `rq` of texture `t` for `op`, its texels read by `read` (see
/// `sample::sample`): the four components as `op`'s type wants them and the residency
/// predicate, to `out`.
#[inline]
fn sample_into<R>(
    op: &Sample,
    handle: u64,
    t: &Texture,
    rq: &Request,
    read: &mut R,
    out: &mut [u64; RESULT_SLOTS],
) -> Result<(), FaultKind>
where
    R: FnMut(u64, u32) -> Result<u64, crate::memory::MemError>,
{
    // Filtering across cube faces is not implemented: rather than the non-seamless result (an
    // H200's differ near face edges), such a lookup faults and says so.
    if t.sampler.seamless_cubemap
        && t.sampler.filter == FilterMode::Linear
        && matches!(op.geom, Geom::Cube | Geom::ACube)
    {
        return Err(tex_fault(handle, "linear filtering of a seamless cubemap (seamlessCubemap) is not supported"));
    }
    let v = sample::sample(t, rq, read).map_err(FaultKind::Memory)?;
    results_into(op, t, v, out);
    Ok(())
}

/// The results of `op` for the texel values `v` of texture `t`: the four components as `op`'s
/// type wants them and the residency predicate, to `out`.
#[inline]
fn results_into(op: &Sample, t: &Texture, v: [u32; 4], out: &mut [u64; RESULT_SLOTS]) {
    let float_out = sample::float_result(t);
    let signed = t.image.format.kind == ChannelKind::Signed;
    for (o, &c) in out.iter_mut().zip(&v) {
        *o = u64::from(match (op.dtype, float_out) {
            (DType::F32, false) if signed => (c as i32 as f32).to_bits(),
            (DType::F32, false) => (c as f32).to_bits(),
            _ => c,
        });
    }
    // Every texel is resident.
    out[4] = 1;
}

/// `tex` / `tld4`.
fn sample_lane(
    cx: &mut TexContext<'_, '_>,
    op: &Sample,
    a: &mut Args<'_>,
    out: &mut [u64; RESULT_SLOTS],
) -> Result<(), FaultKind> {
    let (h, rq) = sample_request(op, a.0.as_slice());
    let TexContext { launch, cache, last } = cx;
    let t = texture_of(launch, last, h)?;
    let mem = &launch.mem;
    sample_into(op, h, t, &rq, &mut |addr, size| mem.load(addr, size, cache), out)
}

/// Runs `op` for the lanes of `emask` in lane order, as [`execute_lane`] does for each:
/// `arg(k, lane)` is the lane's source value `k` (in [`sources`] order), `put(lane, out)`
/// takes its results. A sample whose lanes all name one texture looks the object up once and
/// resolves the allocation holding its texels once (a texel read there is then a bounds
/// check, not a search of the allocation table); anything else goes lane by lane. On a
/// fault, the lane and why (the lanes before it have run).
pub(crate) fn execute_lanes(
    cx: &mut TexContext<'_, '_>,
    op: &TexOp,
    emask: u32,
    nargs: usize,
    arg: impl Fn(usize, usize) -> u64,
    mut put: impl FnMut(usize, &[u64; RESULT_SLOTS]),
) -> Result<(), (usize, FaultKind)> {
    let (mut stack, mut heap) = ([0u64; MAX_SOURCES], Vec::new());
    let args: &mut [u64] = if nargs <= MAX_SOURCES {
        &mut stack[..nargs]
    } else {
        heap.resize(nargs, 0);
        &mut heap
    };
    let fill = |args: &mut [u64], lane: usize| {
        for (k, a) in args.iter_mut().enumerate() {
            *a = arg(k, lane);
        }
    };
    let first = lanes(emask).next();
    let shared_handle =
        first.filter(|_| nargs > 0).map(|f| arg(0, f)).filter(|&h| lanes(emask).all(|l| arg(0, l) == h));
    if let (TexOp::Sample(s), Some(h), Some(first)) = (op, shared_handle, first) {
        let TexContext { launch, cache, last } = cx;
        let t = texture_of(launch, last, h).map_err(|k| (first, k))?;
        let mem = &launch.mem;
        let mut read = |addr: u64, size: u32| mem.load(addr, size, cache);
        // Point lookups with their texels in one allocation, resolved once: a lane whose
        // texel lies elsewhere takes the general path (which faults or reads it).
        let plan = PointFetch::of(t, s.geom, s.int_coords, s.gather.is_some())
            .zip(t.image.levels.first().and_then(|l| mem.resolve(l.base)));
        let clamped = plan.as_ref().and_then(|(point, _)| point.clamped_f32());
        for lane in lanes(emask) {
            let mut out = [0u64; RESULT_SLOTS];
            let fast = plan.as_ref().and_then(|(point, within)| {
                let xyz = sample_coords(s, |k| if k < nargs { arg(k, lane) } else { 0 });
                let mut read = |a, n| crate::memory::MemView::load_resolved(within, a, n).ok_or(());
                match &clamped {
                    Some(c) => c.fetch(xyz, &mut read),
                    None => point.fetch(xyz, &mut read),
                }
                .ok()
            });
            match fast {
                Some(v) => results_into(s, t, v, &mut out),
                None => {
                    fill(args, lane);
                    let (_, rq) = sample_request(s, args);
                    sample_into(s, h, t, &rq, &mut read, &mut out).map_err(|k| (lane, k))?;
                }
            }
            put(lane, &out);
        }
        return Ok(());
    }
    // Surface stores go from the highest lane down, so where lanes of one `sust` write the same
    // texel the lowest lane's value stays, as on an H200 (its clamped writes keep lane 0's:
    // tests/program-diff/surface_boundary_modes.cu).
    let mut order: [u8; 32] = std::array::from_fn(|i| i as u8);
    if matches!(op, TexOp::Store(_)) {
        order.reverse();
    }
    for lane in order.into_iter().map(usize::from).filter(|&l| emask >> l & 1 != 0) {
        fill(args, lane);
        let mut out = [0u64; RESULT_SLOTS];
        execute_lane(cx, op, args, &mut out).map_err(|k| (lane, k))?;
        put(lane, &out);
    }
    Ok(())
}

/// Where the texels of point lookup `s` through texture `handle` lie when every such lookup
/// is a clamped fetch of 32-bit float channels ([`PointFetch::clamped_f32`], whose results
/// are the texel's bits) and all its texels lie in one live allocation: their layout and the
/// host address of the first. A compiled tier may then fetch any lane's texel itself at the
/// clamped indices, with no check (they stay inside that span, which the launch's memory view
/// keeps alive); `None` leaves the lookup to [`execute_lane`].
pub(crate) fn clamped_texels(cx: &mut TexContext<'_, '_>, s: &Sample, handle: u64) -> Option<(ClampedLayout, u64)> {
    let t = texture_of(cx.launch, cx.last, handle).ok()?;
    let layout = PointFetch::of(t, s.geom, s.int_coords, s.gather.is_some())?.clamped_f32()?.layout();
    if !sample::float_result(t) {
        return None;
    }
    let (base, _, host) = cx.launch.mem.alloc_span(layout.base, layout.span()?).ok()?;
    Some((layout, (host as u64).wrapping_add(layout.base - base)))
}

/// `txq` / `suq`.
fn query_lane(cx: &mut TexContext<'_, '_>, op: &TexQuery, a: &mut Args<'_>) -> Result<u64, FaultKind> {
    let TexQuery { query: q, surface, level, .. } = op;
    let h = a.next();
    let lvl = if level.is_some() { (a.next() as u32 as i32).max(0) as usize } else { 0 };
    Ok(u64::from(match (lookup(cx.launch, cx.last, h), surface) {
        (Some(Object::Texture(t)), false) => query(&t.image, *q, lvl, Some(&t.sampler)),
        (Some(Object::Surface(s)), true) => query(&s.image, *q, lvl, None),
        _ => return Err(tex_fault(h, "no such texture or surface object")),
    }))
}

/// The handle and coordinates of a surface access (`coords`: how many).
fn surface_target(a: &mut Args<'_>, coords: usize) -> (u64, [u32; 4], usize) {
    let h = a.next();
    (h, a.take::<4>(coords), coords.min(4))
}

/// `suld.b`.
fn surface_load(
    cx: &mut TexContext<'_, '_>,
    op: &SurfaceLoad,
    a: &mut Args<'_>,
    out: &mut [u64; RESULT_SLOTS],
) -> Result<(), FaultKind> {
    let SurfaceLoad { geom, size, d, coords, clamp, .. } = op;
    let (h, c, n) = surface_target(a, coords.len());
    let s = surface_of(cx.launch, cx.last, h)?;
    let access = u32::from(*size) * d.len() as u32;
    match surface::locate(&s.image, *geom, &c[..n], access, false, *clamp) {
        Ok(Target::At(addr)) => {
            for (k, o) in out.iter_mut().enumerate().take(d.len()) {
                let at = addr.wrapping_add(k as u64 * u64::from(*size));
                *o = cx.launch.mem.load(at, u32::from(*size), cx.cache).map_err(FaultKind::Memory)?;
            }
            Ok(())
        }
        Ok(Target::Zero) => Ok(()),
        Err(e) => Err(FaultKind::Texture { handle: h, message: e.0 }),
    }
}

/// `sust.b` / `sust.p`.
fn surface_store(cx: &mut TexContext<'_, '_>, op: &SurfaceStore, a: &mut Args<'_>) -> Result<(), FaultKind> {
    let SurfaceStore { geom, size, formatted, vals, coords, clamp, .. } = op;
    let (h, c, n) = surface_target(a, coords.len());
    let vs = a.take_wide::<4>(vals.len());
    let nv = vals.len().min(4);
    let s = surface_of(cx.launch, cx.last, h)?;
    let f = s.image.format;
    // sust.p: one texel (x counts texels), its channels from the source values.
    let (esize, count, access) = if *formatted {
        let cb = u32::from(f.bits / 8);
        (cb, usize::from(f.channels).min(nv), f.texel_size())
    } else {
        (u32::from(*size), nv, u32::from(*size) * vals.len() as u32)
    };
    let addr = match surface::locate(&s.image, *geom, &c[..n], access, *formatted, *clamp) {
        Ok(Target::At(a)) => a,
        Ok(Target::Zero) => return Ok(()),
        Err(e) => return Err(FaultKind::Texture { handle: h, message: e.0 }),
    };
    for (k, &v) in vs.iter().enumerate().take(count) {
        let val = match (*formatted, f.kind, f.bits) {
            (true, ChannelKind::Float, 16) => u64::from(crate::float::f64_to_f16(f64::from(f32::from_bits(v as u32)))),
            _ => v,
        };
        let at = addr.wrapping_add(k as u64 * u64::from(esize));
        cx.launch.mem.store(at, esize, val, cx.cache).map_err(FaultKind::Memory)?;
    }
    Ok(())
}

/// `sured.b` / `sured.p`.
fn surface_reduce(cx: &mut TexContext<'_, '_>, op: &SurfaceReduce, a: &mut Args<'_>) -> Result<(), FaultKind> {
    let SurfaceReduce { geom, op, size, signed, sample: by_sample, coords, clamp, .. } = op;
    let (h, c, n) = surface_target(a, coords.len());
    let val = a.next();
    let aop = match (op, signed) {
        (RedOp::Add, _) => AtomOp::Add,
        (RedOp::Min, true) => AtomOp::MinS,
        (RedOp::Min, false) => AtomOp::MinU,
        (RedOp::Max, true) => AtomOp::MaxS,
        (RedOp::Max, false) => AtomOp::MaxU,
        (RedOp::And, _) => AtomOp::And,
        (RedOp::Or, _) => AtomOp::Or,
    };
    let s = surface_of(cx.launch, cx.last, h)?;
    // sured.p: min/max are signed on SINT surfaces.
    let aop = match (by_sample, s.image.format.kind, aop) {
        (true, ChannelKind::Signed, AtomOp::MinU) => AtomOp::MinS,
        (true, ChannelKind::Signed, AtomOp::MaxU) => AtomOp::MaxS,
        (_, _, o) => o,
    };
    match surface::locate(&s.image, *geom, &c[..n], u32::from(*size), *by_sample, *clamp) {
        Ok(Target::At(at)) => {
            cx.launch.mem.atomic(at, u32::from(*size), aop, val, 0, cx.cache).map_err(FaultKind::Memory)?;
            Ok(())
        }
        Ok(Target::Zero) => Ok(()),
        Err(e) => Err(FaultKind::Texture { handle: h, message: e.0 }),
    }
}

impl Warp {
    /// Executes a texture or surface instruction for the lanes of `emask`, in lane order.
    pub(super) fn tex_op(&mut self, b: &Block<'_, '_>, op: &TexOp, emask: u32) -> WarpResult<()> {
        let mut srcs = Vec::with_capacity(8);
        sources(op, |s| srcs.push(s));
        let vals: Vec<[u64; 32]> = srcs
            .iter()
            .map(|s| {
                let mut v = [0u64; 32];
                self.fetch(b, *s, &mut v);
                v
            })
            .collect();
        let mut outs = [[0u64; 32]; RESULT_SLOTS];
        let mut last = self.tex_object.take();
        let mut cx = TexContext { launch: b.l, cache: &mut self.cache, last: &mut last };
        let ran = execute_lanes(
            &mut cx,
            op,
            emask,
            vals.len(),
            |k, lane| vals[k][lane],
            |lane, out| {
                for (o, &v) in outs.iter_mut().zip(out) {
                    o[lane] = v;
                }
            },
        )
        .map_err(|(lane, kind)| fault(kind, lane as u32));
        self.tex_object = last;
        ran?;
        results(op, |slot, r| {
            if let (Some(dst), Some(v)) = (self.regs.get_mut(r as usize), outs.get(slot)) {
                for lane in lanes(emask) {
                    dst[lane] = v[lane];
                }
            }
        });
        Ok(())
    }
}
