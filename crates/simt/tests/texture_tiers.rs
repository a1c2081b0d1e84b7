//! Texture and surface instructions on the compiled tiers: kernels using them run on the
//! per-thread JIT and on the warp tier (`LaunchStats::tier`), and every lane's result is the
//! interpreter's, bit for bit, over every address mode, filter mode and read mode, normalized
//! and texel coordinates, 1D/2D/3D, layered and cubemap geometries, explicit and gradient
//! levels of detail, `tld4` and `txq`; surfaces written (`sust.b`, `sust.p`), reduced (`sured`)
//! and read back (`suld`) leave the same memory; a bad handle or an out-of-range `.trap` access
//! faults at the same kernel, block, thread and line. (`texture.rs` checks the lookups
//! themselves against the CUDA Programming Guide on whichever engine `CUPRITE_ENGINE` names.)
//! Only three lanes of every four run each instruction (a guard), so diverged warps and the
//! lanes that keep their old values are covered too.

use simt::texture::{AddressMode, ChannelKind, FilterMode, Format, Image, Level, Sampler, Shape, Surface, Texture};
use simt::{DeviceMemory, DevicePtr, Dim3, Engine, Fault, FaultKind, Params, Program, Tier};

mod common;

use common::{Rng, upload};

/// The compiled tiers and the tier each reports for a kernel it runs.
const COMPILED: [(Engine, Tier); 3] =
    [(Engine::JitAll, Tier::ThreadJit), (Engine::Warp, Tier::WarpJit), (Engine::Block, Tier::Block)];

/// Threads per block (two and a half warps: the last warp is partial) and blocks.
const THREADS: u32 = 80;
const BLOCKS: u32 = 3;

/// A kernel `k(h, in, out)`: each thread reads four words of `in` (as `%r2..%r5`, and as floats
/// `%f2..%f5`), runs `body` guarded by `%p1` (false in every fourth lane) with `%r8..%r11` and
/// `%f8..%f11` holding sentinels before it, and writes `%r8..%r11` (after `post`) to `out`.
fn kernel(body: &str, post: &str) -> String {
    format!(
        ".version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 h, .param .u64 pin, .param .u64 pout)
{{
    .reg .b32 %r<16>;
    .reg .f32 %f<16>;
    .reg .b64 %rd<8>;
    .reg .pred %p<3>;
    ld.param.u64 %rd1, [h];
    ld.param.u64 %rd2, [pin];
    ld.param.u64 %rd3, [pout];
    mov.u32 %r1, %tid.x;
    mov.u32 %r6, %ctaid.x;
    mov.u32 %r7, %ntid.x;
    mad.lo.s32 %r1, %r6, %r7, %r1;
    mul.wide.u32 %rd4, %r1, 16;
    add.s64 %rd5, %rd2, %rd4;
    add.s64 %rd6, %rd3, %rd4;
    ld.global.v4.b32 {{%r2, %r3, %r4, %r5}}, [%rd5];
    mov.b32 %f2, %r2;
    mov.b32 %f3, %r3;
    mov.b32 %f4, %r4;
    mov.b32 %f5, %r5;
    and.b32 %r12, %r1, 3;
    setp.ne.u32 %p1, %r12, 3;
    mov.u32 %r8, 0x5e5e5e51;
    mov.u32 %r9, 0x5e5e5e52;
    mov.u32 %r10, 0x5e5e5e53;
    mov.u32 %r11, 0x5e5e5e54;
    mov.b32 %f8, %r8;
    mov.b32 %f9, %r9;
    mov.b32 %f10, %r10;
    mov.b32 %f11, %r11;
    {body}
    {post}
    st.global.v4.b32 [%rd6], {{%r8, %r9, %r10, %r11}};
    ret;
}}"
    )
}

/// Moves a float result vector `%f8..%f11` to the output registers.
const FLOAT_OUT: &str = "mov.b32 %r8, %f8;\n mov.b32 %r9, %f9;\n mov.b32 %r10, %f10;\n mov.b32 %r11, %f11;";

fn program(src: &str, engine: Engine) -> Program {
    let mut p = Program::from_ptx(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    p.set_engine(engine);
    p
}

/// Kernel `k` of one source, loaded for the interpreter and for each compiled tier.
struct OnEveryTier {
    src: String,
    programs: Vec<(Engine, Program)>,
}

impl OnEveryTier {
    fn new(src: String) -> OnEveryTier {
        let programs =
            [Engine::Interp].into_iter().chain(COMPILED.map(|(e, _)| e)).map(|e| (e, program(&src, e))).collect();
        OnEveryTier { src, programs }
    }

    /// Runs the kernel on each engine over `input` (one row per thread, texture or surface
    /// `handle`): each compiled tier must run it and give the interpreter's bits in every lane.
    /// Returns the interpreter's rows.
    fn check(&self, what: &str, mem: &DeviceMemory, handle: u64, input: &[[u32; 4]]) -> Vec<[u32; 4]> {
        let mut want = None;
        for (engine, p) in &self.programs {
            let (got, tier) =
                run(p, mem, handle, input).unwrap_or_else(|f| panic!("{what}: {engine:?}: {f}\n{}", self.src));
            let expected = COMPILED.iter().find(|(e, _)| e == engine).map_or(Tier::Interpreter, |(_, t)| *t);
            assert_eq!(tier, expected, "{what}: {engine:?} ran the kernel on another tier");
            let Some(want) = &want else {
                want = Some(got);
                continue;
            };
            for (i, (g, w)) in got.iter().zip(want).enumerate() {
                assert_eq!(g, w, "{what}: {engine:?}, thread {i} (input {:08x?})", input[i]);
            }
        }
        want.unwrap_or_default()
    }
}

/// Runs kernel `k` of `p` over `input` (one row per thread): the output rows and the tier that
/// ran it.
fn run(p: &Program, mem: &DeviceMemory, handle: u64, input: &[[u32; 4]]) -> Result<(Vec<[u32; 4]>, Tier), Fault> {
    let bytes: Vec<u8> = input.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
    let pin = upload(mem, &bytes);
    let pout = mem.alloc(bytes.len() as u64).unwrap();
    let params = Params::new().u64(handle).ptr(pin).ptr(pout).bytes().to_vec();
    let stats = p.launch("k", Dim3::x(BLOCKS), Dim3::x(THREADS), 0, &params, mem)?;
    let mut out = vec![0u8; bytes.len()];
    mem.read(pout, &mut out).unwrap();
    let rows =
        out.chunks(16).map(|c| std::array::from_fn(|k| u32::from_le_bytes(c[4 * k..4 * k + 4].try_into().unwrap())));
    Ok((rows.collect(), stats.tier))
}

/// An image of `w`×`h`×`d` texels, `layers` layers (`cubemap`: six square faces), filled with
/// `rng`'s bytes.
fn image(mem: &DeviceMemory, f: Format, dims: [u32; 3], layers: u32, cubemap: bool, rng: &mut Rng) -> Image {
    let [w, h, d] = dims;
    let row = u64::from(w * f.texel_size());
    let slice = row * u64::from(h);
    let count = slice * u64::from(d.max(layers));
    let mut data: Vec<u8> = (0..count).map(|_| rng.next() as u8).collect();
    if f.kind == ChannelKind::Float {
        // Finite texels of moderate size (random bit patterns would be NaNs and infinities
        // mostly, which every filter passes through alike).
        let size = usize::from(f.bits / 8);
        for c in data.chunks_mut(size) {
            if size == 4 {
                c.copy_from_slice(&(rng.f32() * 100.0).to_le_bytes());
            } else {
                c[1] &= 0x5f;
            }
        }
    }
    let base = upload(mem, &data).0;
    let shape = match (d > 1, h > 1) {
        (true, _) => Shape::Array3D,
        (false, true) => Shape::Array2D,
        _ => Shape::Array1D,
    };
    Image {
        format: f,
        shape,
        layered: layers > 1 && !cubemap,
        cubemap,
        layers,
        mipmapped: false,
        levels: vec![Level { base, width: w, height: h, depth: d, row_pitch: row, slice_pitch: slice }],
    }
}

/// One row of coordinates: a layer index (as an integer) first when `layered`, then `dims`
/// coordinates, normalized or in texels of an image `size` texels wide; some land exactly on
/// texel boundaries and centres, some far outside the image.
fn coords(rng: &mut Rng, layered: bool, dims: usize, size: u32, normalized: bool) -> [u32; 4] {
    let mut row = [0u32; 4];
    let first = usize::from(layered);
    if layered {
        row[0] = rng.i32(-1, 5) as u32;
    }
    for v in row.iter_mut().skip(first).take(dims) {
        let texels = match rng.below(4) {
            // A boundary or a centre.
            0 => rng.i32(-2, size as i32 + 2) as f32 + if rng.below(2) == 0 { 0.0 } else { 0.5 },
            // Far outside.
            1 => rng.f32() * 4.0 * size as f32,
            _ => (rng.f32() + 1.0) * 0.5 * (size as f32 + 2.0) - 1.0,
        };
        let x = if normalized { texels / size as f32 } else { texels };
        *v = x.to_bits();
    }
    row
}

/// The PTX coordinate vector of `geom` (the layer index an `.s32` register).
fn coordinate_vector(geom: &str) -> &'static str {
    match geom {
        "1d" => "{%f2}",
        "2d" => "{%f2, %f3}",
        "a1d" => "{%r2, %f3}",
        "a2d" => "{%r2, %f3, %f4, %f4}",
        _ => "{%f2, %f3, %f4, %f4}",
    }
}

#[test]
fn sampling_matches_the_interpreter_on_every_tier() {
    let mem = DeviceMemory::new();
    let mut rng = Rng::new(21);
    let n = (THREADS * BLOCKS) as usize;
    let float32 = Format { kind: ChannelKind::Float, bits: 32, channels: 1 };
    let half2 = Format { kind: ChannelKind::Float, bits: 16, channels: 2 };
    let uchar4 = Format { kind: ChannelKind::Unsigned, bits: 8, channels: 4 };
    let short2 = Format { kind: ChannelKind::Signed, bits: 16, channels: 2 };
    // (geometry, texel dimensions, layers, cubemap)
    let geometries: [(&str, [u32; 3], u32, bool); 6] = [
        ("1d", [7, 1, 1], 1, false),
        ("2d", [5, 4, 1], 1, false),
        ("3d", [4, 3, 3], 1, false),
        ("a1d", [6, 1, 1], 4, false),
        ("a2d", [4, 3, 1], 4, false),
        ("cube", [3, 3, 1], 6, true),
    ];
    let modes = [AddressMode::Wrap, AddressMode::Clamp, AddressMode::Mirror, AddressMode::Border];
    let mut cases = 0;
    for (geom, dims, layers, cubemap) in geometries {
        let ndims = match geom {
            "1d" | "a1d" => 1,
            "2d" | "a2d" => 2,
            _ => 3,
        };
        let layered = geom.starts_with('a');
        let vector = coordinate_vector(geom);
        // (format, read mode normalized float, result type)
        let reads = [
            (float32, false, "f32"),
            (half2, false, "f32"),
            (uchar4, true, "f32"),
            (uchar4, false, "u32"),
            (short2, true, "f32"),
            (short2, false, "s32"),
        ];
        let mut kernels = std::collections::HashMap::new();
        for (format, normalized_float, dtype) in reads {
            let (dest, post) =
                if dtype == "f32" { ("{%f8, %f9, %f10, %f11}", FLOAT_OUT) } else { ("{%r8, %r9, %r10, %r11}", "") };
            let body = format!("@%p1 tex.{geom}.v4.{dtype}.f32 {dest}, [%rd1, {vector}];");
            let tiers = kernels.entry(dtype).or_insert_with(|| OnEveryTier::new(kernel(&body, post)));
            let img = image(&mem, format, dims, layers, cubemap, &mut rng);
            for mode in modes {
                for filter in [FilterMode::Point, FilterMode::Linear] {
                    for normalized in [false, true] {
                        let sampler = Sampler {
                            address: [mode; 3],
                            filter,
                            normalized_float,
                            normalized_coords: normalized,
                            border: [0.25, -3.5, 9.0, 0.5],
                            ..Sampler::default()
                        };
                        let h = mem.textures().create_texture(Texture { image: img.clone(), sampler });
                        let input: Vec<[u32; 4]> =
                            (0..n).map(|_| coords(&mut rng, layered, ndims, dims[0], normalized || cubemap)).collect();
                        let what = format!(
                            "tex.{geom} {format:?} {mode:?} {filter:?} normalized {normalized} read {normalized_float}"
                        );
                        tiers.check(&what, &mem, h, &input);
                        assert!(mem.textures().destroy(h));
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(cases, 6 * 6 * 4 * 2 * 2);
}

/// A 2D float texture with three mipmap levels (8×8, 4×4, 2×2), sampled with linear filtering
/// between levels.
fn mipmapped(mem: &DeviceMemory, rng: &mut Rng) -> Texture {
    let mut levels = Vec::new();
    for w in [8u32, 4, 2] {
        let data: Vec<f32> = (0..w * w).map(|_| rng.f32() * 10.0).collect();
        let base = upload(mem, &data).0;
        levels.push(Level {
            base,
            width: w,
            height: w,
            depth: 1,
            row_pitch: u64::from(4 * w),
            slice_pitch: u64::from(4 * w * w),
        });
    }
    let image = Image {
        format: Format { kind: ChannelKind::Float, bits: 32, channels: 1 },
        shape: Shape::Array2D,
        layered: false,
        cubemap: false,
        layers: 1,
        mipmapped: true,
        levels,
    };
    let sampler = Sampler {
        address: [AddressMode::Wrap; 3],
        filter: FilterMode::Linear,
        normalized_coords: true,
        mipmap_filter: FilterMode::Linear,
        max_lod: 2.0,
        ..Sampler::default()
    };
    Texture { image, sampler }
}

#[test]
fn levels_of_detail_gathers_texel_coordinates_and_queries_match_the_interpreter() {
    let mem = DeviceMemory::new();
    let mut rng = Rng::new(19);
    let n = (THREADS * BLOCKS) as usize;
    let h = mem.textures().create_texture(mipmapped(&mem, &mut rng));
    // Coordinates in %f2, %f3; a level of detail or gradient components in %f4, %f5.
    let input: Vec<[u32; 4]> = (0..n)
        .map(|_| [rng.f32() * 2.0, rng.f32() * 2.0, (rng.f32() + 1.0) * 1.4, rng.f32() * 0.5].map(f32::to_bits))
        .collect();
    let bodies = [
        ("tex.level", "@%p1 tex.level.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3}], %f4;"),
        ("tex.grad", "@%p1 tex.grad.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3}], {%f4, %f5}, {%f5, %f4};"),
        ("tld4.g", "@%p1 tld4.g.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3}];"),
        (
            "tex with residency",
            "@%p1 tex.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}|%p2, [%rd1, {%f2, %f3}];\n @%p1 selp.f32 %f11, 0f3F800000, 0f00000000, %p2;",
        ),
    ];
    for (what, body) in bodies {
        OnEveryTier::new(kernel(body, FLOAT_OUT)).check(what, &mem, h, &input);
    }
    // A 3D gradient lookup passes the most sources (the handle, three vectors of four).
    let img = image(&mem, Format { kind: ChannelKind::Float, bits: 32, channels: 1 }, [4, 3, 3], 1, false, &mut rng);
    let sampler = Sampler {
        address: [AddressMode::Mirror; 3],
        filter: FilterMode::Linear,
        normalized_coords: true,
        ..Sampler::default()
    };
    let volume = mem.textures().create_texture(Texture { image: img, sampler });
    let grad3 = "@%p1 tex.grad.3d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3, %f4, %f5}], {%f4, %f5, %f2, %f3}, {%f5, %f4, %f3, %f2};";
    OnEveryTier::new(kernel(grad3, FLOAT_OUT)).check("tex.grad.3d", &mem, volume, &input);
    // Texel coordinates (`.s32`) on a clamped uchar4 texture, read as integers and as floats.
    let img = image(&mem, Format { kind: ChannelKind::Unsigned, bits: 8, channels: 4 }, [5, 4, 1], 1, false, &mut rng);
    let sampler = Sampler { address: [AddressMode::Clamp; 3], ..Sampler::default() };
    let t = mem.textures().create_texture(Texture { image: img, sampler });
    let input: Vec<[u32; 4]> = (0..n).map(|_| [rng.i32(-3, 9) as u32, rng.i32(-3, 8) as u32, 0, 0]).collect();
    let int_body = "@%p1 tex.2d.v4.u32.s32 {%r8, %r9, %r10, %r11}, [%rd1, {%r2, %r3}];";
    let rows = OnEveryTier::new(kernel(int_body, "")).check("tex.s32", &mem, t, &input);
    // The lanes the guard skipped keep their sentinels; the others read texels.
    assert!(rows.iter().enumerate().all(|(i, r)| (r[0] == 0x5e5e5e51) == (i % 4 == 3)));
    let float_body = "@%p1 tex.2d.v4.f32.s32 {%f8, %f9, %f10, %f11}, [%rd1, {%r2, %r3}];";
    OnEveryTier::new(kernel(float_body, FLOAT_OUT)).check("tex.f32.s32", &mem, t, &input);
    // Queries, on a texture and on a level.
    let txq = "@%p1 txq.width.b32 %r8, [%rd1];\n @%p1 txq.height.b32 %r9, [%rd1];\n \
               @%p1 txq.num_mipmap_levels.b32 %r10, [%rd1];\n @%p1 txq.level.width.b32 %r11, [%rd1], %r2;";
    let input: Vec<[u32; 4]> = (0..n).map(|i| [(i % 4) as u32, 0, 0, 0]).collect();
    let rows = OnEveryTier::new(kernel(txq, "")).check("txq", &mem, h, &input);
    assert_eq!(rows[0], [8, 8, 3, 8]);
    assert_eq!(rows[2], [8, 8, 3, 2]);
}

/// Each thread of one block writes its own word of a 16×15 `b32` surface and its own texel of
/// a `half2` surface (formatted: f32 to f16), adds 1 to word (0, 0) of the first, and after a
/// barrier reads back its right neighbour's word (clamped at the edge), its own `half2` texel and
/// a word of a 3D surface it wrote at the same time.
const SURFACES: &str = ".version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 s, .param .u64 half, .param .u64 volume, .param .u64 pout)
{
    .reg .b32 %r<24>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<8>;
    .reg .pred %p<2>;
    ld.param.u64 %rd1, [s];
    ld.param.u64 %rd2, [half];
    ld.param.u64 %rd3, [volume];
    ld.param.u64 %rd4, [pout];
    mov.u32 %r1, %tid.x;
    rem.u32 %r2, %r1, 16;
    div.u32 %r3, %r1, 16;
    shl.b32 %r4, %r2, 2;
    mad.lo.s32 %r5, %r1, 7, 1;
    and.b32 %r12, %r1, 3;
    setp.ne.u32 %p1, %r12, 3;
    sust.b.2d.b32.trap [%rd1, {%r4, %r3}], %r5;
    cvt.rn.f32.u32 %f1, %r1;
    mul.f32 %f2, %f1, 0f3DCCCCCD;
    neg.f32 %f3, %f1;
    @%p1 sust.p.2d.v2.b32.trap [%rd2, {%r2, %r3}], {%f2, %f3};
    rem.u32 %r6, %r1, 4;
    div.u32 %r7, %r1, 4;
    rem.u32 %r8, %r7, 5;
    div.u32 %r9, %r7, 5;
    shl.b32 %r10, %r6, 2;
    sust.b.3d.b32.zero [%rd3, {%r10, %r8, %r9, %r9}], %r5;
    mov.u32 %r11, 0;
    sured.b.add.2d.u32.trap [%rd1, {%r11, %r11}], 1;
    bar.sync 0;
    add.s32 %r13, %r4, 4;
    mov.u32 %r14, 0x5e5e5e5e;
    @%p1 suld.b.2d.b32.clamp {%r14}, [%rd1, {%r13, %r3}];
    suld.b.2d.v2.b16.trap {%r15, %r16}, [%rd2, {%r4, %r3}];
    add.s32 %r17, %r9, 1;
    suld.b.3d.b32.zero {%r18}, [%rd3, {%r10, %r8, %r17, %r17}];
    mul.wide.u32 %rd5, %r1, 16;
    add.s64 %rd6, %rd4, %rd5;
    st.global.v4.b32 [%rd6], {%r14, %r15, %r16, %r18};
    ret;
}";

#[test]
fn surfaces_written_and_read_back_match_the_interpreter() {
    let threads = 240u32;
    let run = |engine: Engine| -> (Vec<u8>, Vec<u8>, Tier) {
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(7);
        let b32 = Format { kind: ChannelKind::Unsigned, bits: 32, channels: 1 };
        let half2 = Format { kind: ChannelKind::Float, bits: 16, channels: 2 };
        let words = image(&mem, b32, [16, 15, 1], 1, false, &mut rng);
        let halves = image(&mem, half2, [16, 15, 1], 1, false, &mut rng);
        let volume = image(&mem, b32, [4, 5, 12], 1, false, &mut rng);
        let bases = [&words, &halves, &volume].map(|i| i.levels[0].base);
        let s = [words, halves, volume].map(|image| mem.textures().create_surface(Surface { image }));
        let pout = mem.alloc(u64::from(threads) * 16).unwrap();
        let params = Params::new().u64(s[0]).u64(s[1]).u64(s[2]).ptr(pout).bytes().to_vec();
        let stats = program(SURFACES, engine)
            .launch("k", Dim3::x(1), Dim3::x(threads), 0, &params, &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        let mut out = vec![0u8; threads as usize * 16];
        mem.read(pout, &mut out).unwrap();
        let mut images = Vec::new();
        for (base, len) in bases.into_iter().zip([16 * 15 * 4, 16 * 15 * 4, 4 * 5 * 12 * 4]) {
            let mut b = vec![0u8; len];
            mem.read(DevicePtr(base), &mut b).unwrap();
            images.extend(b);
        }
        (out, images, stats.tier)
    };
    let (out, images, tier) = run(Engine::Interp);
    assert_eq!(tier, Tier::Interpreter);
    // Word (0, 0): thread 0's value plus one per thread.
    assert_eq!(u32::from_le_bytes(images[..4].try_into().unwrap()), 1 + threads);
    for (engine, expected) in COMPILED {
        let (o, i, t) = run(engine);
        assert_eq!(t, expected, "{engine:?}");
        assert!(o == out, "{engine:?}: the values read back differ from the interpreter's");
        assert!(i == images, "{engine:?}: the surfaces differ from the interpreter's");
    }
}

/// Thread 37 of block 1 alone samples through a bad handle (`bad` 1) or reads a surface out
/// of range under `.trap` (`bad` 0).
const FAULTS: &str = ".version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 tex, .param .u64 surf, .param .u32 bad)
{
    .reg .b32 %r<8>;
    .reg .f32 %f<8>;
    .reg .b64 %rd<4>;
    .reg .pred %p<3>;
    ld.param.u64 %rd1, [tex];
    ld.param.u64 %rd2, [surf];
    ld.param.u32 %r1, [bad];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ctaid.x;
    cvt.rn.f32.u32 %f1, %r2;
    tex.1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd1, {%f1}];
    setp.eq.u32 %p1, %r2, 37;
    setp.eq.u32 %p2, %r3, 1;
    and.pred %p1, %p1, %p2;
    setp.ne.u32 %p2, %r1, 0;
    and.pred %p2, %p1, %p2;
    @%p2 tex.1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd2, {%f1}];
    shl.b32 %r4, %r2, 2;
    @%p1 suld.b.1d.b32.trap {%r5}, [%rd2, {%r4}];
    ret;
}";

#[test]
fn bad_handles_and_out_of_range_surfaces_fault_as_on_the_interpreter() {
    let mem = DeviceMemory::new();
    let mut rng = Rng::new(3);
    let f = Format { kind: ChannelKind::Float, bits: 32, channels: 1 };
    let t = mem
        .textures()
        .create_texture(Texture { image: image(&mem, f, [8, 1, 1], 1, false, &mut rng), sampler: Sampler::default() });
    let s = mem.textures().create_surface(Surface { image: image(&mem, f, [8, 1, 1], 1, false, &mut rng) });
    let fault = |engine: Engine, bad: u32| -> Fault {
        let mut p = program(FAULTS, engine);
        p.set_workers(1);
        let params = Params::new().u64(t).u64(s).u32(bad).bytes().to_vec();
        p.launch("k", Dim3::x(2), Dim3::x(64), 0, &params, &mem).expect_err("a fault")
    };
    for bad in [0, 1] {
        let want = fault(Engine::Interp, bad);
        assert_eq!((want.block, want.thread), ([1, 0, 0], [37, 0, 0]), "{want}");
        match &want.kind {
            FaultKind::Texture { handle, .. } => assert_eq!(*handle, s),
            k => panic!("{k:?}"),
        }
        for (engine, _) in COMPILED {
            assert_eq!(fault(engine, bad), want, "{engine:?}");
        }
    }
}

/// Every lane doubles word `x % 3` of a surface, reading it and writing it back with no barrier
/// between: lanes that share a word all read it before any writes it (lockstep).
const DOUBLE_SHARED_WORDS: &str = ".version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 s)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [s];
    mov.u32 %r1, %tid.x;
    rem.u32 %r2, %r1, 3;
    shl.b32 %r3, %r2, 2;
    suld.b.1d.b32.trap {%r4}, [%rd1, {%r3}];
    shl.b32 %r5, %r4, 1;
    sust.b.1d.b32.trap [%rd1, {%r3}], %r5;
    ret;
}";

#[test]
fn surfaces_read_and_written_without_a_barrier_keep_lockstep_order() {
    for (engine, tier) in
        [(Engine::Interp, Tier::Interpreter), (Engine::JitAll, Tier::Interpreter), (Engine::Warp, Tier::WarpJit)]
    {
        let mem = DeviceMemory::new();
        let words = upload(&mem, &[5u32, 6, 7]);
        let image = Image {
            format: Format { kind: ChannelKind::Unsigned, bits: 32, channels: 1 },
            shape: Shape::Array1D,
            layered: false,
            cubemap: false,
            layers: 1,
            mipmapped: false,
            levels: vec![Level { base: words.0, width: 3, height: 1, depth: 1, row_pitch: 12, slice_pitch: 12 }],
        };
        let s = mem.textures().create_surface(Surface { image });
        let params = Params::new().u64(s).bytes().to_vec();
        let stats =
            program(DOUBLE_SHARED_WORDS, engine).launch("k", Dim3::x(1), Dim3::x(32), 0, &params, &mem).unwrap();
        // The per-thread JIT, which would run one lane's read and write before the next
        // lane's read, leaves the kernel to the interpreter.
        assert_eq!(stats.tier, tier, "{engine:?}");
        assert_eq!(common::download::<u32>(&mem, words, 3), [10, 12, 14], "{engine:?}");
    }
}

/// Thread i writes the 64-bit value `(i + 1) << 32 | i` to texel i of a surface of 8-byte texels
/// (`sust.b.1d.b64`: a `float2` or `long long` element, as `surf2DLayeredwrite<float2>` emits).
const STORE_B64: &str = ".version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 s)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [s];
    mov.u32 %r1, %tid.x;
    shl.b32 %r2, %r1, 3;
    cvt.u64.u32 %rd2, %r1;
    add.s64 %rd3, %rd2, 1;
    shl.b64 %rd4, %rd3, 32;
    or.b64 %rd5, %rd4, %rd2;
    sust.b.1d.b64.trap [%rd1, {%r2}], %rd5;
    ret;
}";

#[test]
fn a_b64_surface_store_writes_all_eight_bytes() {
    for engine in [Engine::Interp, Engine::Jit, Engine::JitAll, Engine::Warp] {
        let mem = DeviceMemory::new();
        let texels = upload(&mem, &[0u64; 40]);
        let image = Image {
            format: Format { kind: ChannelKind::Unsigned, bits: 32, channels: 2 },
            shape: Shape::Array1D,
            layered: false,
            cubemap: false,
            layers: 1,
            mipmapped: false,
            levels: vec![Level { base: texels.0, width: 40, height: 1, depth: 1, row_pitch: 320, slice_pitch: 320 }],
        };
        let s = mem.textures().create_surface(Surface { image });
        let params = Params::new().u64(s).bytes().to_vec();
        program(STORE_B64, engine).launch("k", Dim3::x(1), Dim3::x(40), 0, &params, &mem).unwrap();
        let want: Vec<u64> = (0..40u64).map(|i| (i + 1) << 32 | i).collect();
        assert_eq!(common::download::<u64>(&mem, texels, 40), want, "{engine:?}");
    }
}

/// Point lookups of 2D float textures as the warp paths share them (the object and the
/// texels' allocation resolved once per warp): lanes of one warp name either of two textures
/// (the handle is each thread's input), and every lane's result is the texel the CUDA
/// Programming Guide's point sampling with clamp addressing picks, on every engine.
#[test]
fn point_lookups_of_lanes_naming_different_textures_read_each_ones_texel() {
    let mem = DeviceMemory::new();
    let mut rng = Rng::new(8);
    let f = Format { kind: ChannelKind::Float, bits: 32, channels: 1 };
    let (w, h) = (6u32, 5u32);
    let texels: Vec<Vec<f32>> = (0..2).map(|_| (0..w * h).map(|_| rng.f32() * 50.0).collect()).collect();
    let handles: Vec<u64> = texels
        .iter()
        .map(|data| {
            let base = upload(&mem, data).0;
            let level = Level { base, width: w, height: h, depth: 1, row_pitch: u64::from(4 * w), slice_pitch: 0 };
            let image = Image {
                format: f,
                shape: Shape::Array2D,
                layered: false,
                cubemap: false,
                layers: 1,
                mipmapped: false,
                levels: vec![level],
            };
            let sampler = Sampler { address: [AddressMode::Clamp; 3], filter: FilterMode::Point, ..Sampler::default() };
            mem.textures().create_texture(Texture { image, sampler })
        })
        .collect();
    let n = (THREADS * BLOCKS) as usize;
    // Texture 0 or 1 in runs of three lanes (a warp mixes them), coordinates in and around
    // the image (clamped).
    let which: Vec<usize> = (0..n).map(|i| i / 3 % 2).collect();
    let input: Vec<[u32; 4]> = which
        .iter()
        .map(|&t| {
            let (x, y) = (rng.f32() * 10.0 - 2.0, rng.f32() * 9.0 - 2.0);
            [x.to_bits(), y.to_bits(), handles[t] as u32, (handles[t] >> 32) as u32]
        })
        .collect();
    let body = "mov.b64 %rd7, {%r4, %r5};\n    @%p1 tex.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd7, {%f2, %f3}];";
    let src = kernel(body, FLOAT_OUT);
    let clamp = |v: f32, n: u32| (v.floor() as i64).clamp(0, i64::from(n) - 1) as u32;
    for (engine, tier) in [(Engine::Interp, Tier::Interpreter)].into_iter().chain(COMPILED) {
        let (got, ran) = run(&program(&src, engine), &mem, 0, &input).unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(ran, tier, "{engine:?}");
        for (i, (g, row)) in got.iter().zip(&input).enumerate() {
            let want = if i % 4 == 3 {
                [0x5e5e5e51, 0x5e5e5e52, 0x5e5e5e53, 0x5e5e5e54]
            } else {
                let (x, y) = (clamp(f32::from_bits(row[0]), w), clamp(f32::from_bits(row[1]), h));
                // One channel: green and blue read 0, alpha 1.
                [texels[which[i]][(y * w + x) as usize].to_bits(), 0, 0, 1.0f32.to_bits()]
            };
            assert_eq!(*g, want, "{engine:?}, thread {i}");
        }
    }
}

/// A texture whose declared rows run past the end of its allocation: lanes reading the rows
/// inside it read them, and the first lane (in thread order) whose texel lies past the end
/// faults, named by block and thread, on every engine alike.
#[test]
fn a_texel_past_the_end_of_its_allocation_faults_at_its_thread_on_every_tier() {
    let mem = DeviceMemory::new();
    let f = Format { kind: ChannelKind::Float, bits: 32, channels: 1 };
    let w = 8u32;
    // Two rows of texels in memory; the image claims four.
    let base = upload(&mem, &[1.5f32; 16]).0;
    let level = Level { base, width: w, height: 4, depth: 1, row_pitch: u64::from(4 * w), slice_pitch: 0 };
    let image = Image {
        format: f,
        shape: Shape::Array2D,
        layered: false,
        cubemap: false,
        layers: 1,
        mipmapped: false,
        levels: vec![level],
    };
    let h = mem.textures().create_texture(Texture { image, sampler: Sampler::default() });
    let n = (THREADS * BLOCKS) as usize;
    // Thread 37 of block 1 (a lane that runs the lookup) reads row 3; the others row 0 or 1.
    let bad = (THREADS + 37) as usize;
    let input: Vec<[u32; 4]> = (0..n)
        .map(|i| {
            let y = if i == bad { 3.5f32 } else { (i % 2) as f32 + 0.5 };
            [((i % 8) as f32 + 0.5).to_bits(), y.to_bits(), 0, 0]
        })
        .collect();
    let body = "@%p1 tex.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3}];";
    let src = kernel(body, FLOAT_OUT);
    let fault = |engine: Engine| -> Fault {
        let mut p = program(&src, engine);
        p.set_workers(1);
        run(&p, &mem, h, &input).expect_err("a fault")
    };
    let want = fault(Engine::Interp);
    assert_eq!((want.block, want.thread), ([1, 0, 0], [37, 0, 0]), "{want}");
    assert!(matches!(want.kind, FaultKind::Memory(_)), "{:?}", want.kind);
    for (engine, _) in COMPILED {
        assert_eq!(fault(engine), want, "{engine:?}");
    }
    // Without the bad lane, every engine reads the two rows.
    let mut fine = input.clone();
    fine[bad][1] = 0.5f32.to_bits();
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp] {
        let (got, _) = run(&program(&src, engine), &mem, h, &fine).unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert!(got.iter().enumerate().all(|(i, g)| i % 4 == 3 || g[0] == 1.5f32.to_bits()), "{engine:?}");
    }
}
