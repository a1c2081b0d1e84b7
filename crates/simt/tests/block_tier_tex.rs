//! 2D point lookups of float textures on the block tier, in blocks of every shape the lane
//! phase groups differently (rows of 16 or more, rows spanned by a group, 3D blocks): every
//! lane's four results are the texel the CUDA Programming Guide's point sampling with clamp
//! addressing picks (index `floor(x)` clamped to `[0, width - 1]`, NaN to 0; channels a
//! texture lacks read 0, alpha 1), at coordinates in, on the edges of and far outside the
//! image, infinite and NaN, for textures of 1, 2 and 4 channels with padded rows; and the
//! same bits as the interpreter's. A lookup whose coordinate register is also its destination
//! reads the coordinate first.

use simt::texture::{AddressMode, ChannelKind, FilterMode, Format, Image, Level, Sampler, Shape, Texture};
use simt::{DeviceMemory, Dim3, Engine, Params, Tier};

mod common;

use common::{Rng, download_u32, program, upload};

/// `k(h, in, out)`: thread `i` (its linear index in the grid) reads four coordinates from
/// `in[4i..]`; in threads with `i % 5 != 4`, looks texture `h` up at the first two (into
/// `%f8..%f11`) and at the last two (into `%f4, %f12..%f14`, `%f4` being its x coordinate
/// too); writes the eight registers to `out[8i..]` (sentinels where it did not look up).
const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 h, .param .u64 pin, .param .u64 pout)
{
    .reg .b32 %r<24>;
    .reg .f32 %f<16>;
    .reg .b64 %rd<8>;
    .reg .pred %p<3>;
    ld.param.u64 %rd1, [h];
    ld.param.u64 %rd2, [pin];
    ld.param.u64 %rd3, [pout];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %tid.y;
    mov.u32 %r3, %tid.z;
    mov.u32 %r4, %ntid.x;
    mov.u32 %r5, %ntid.y;
    mov.u32 %r6, %ntid.z;
    mov.u32 %r7, %ctaid.x;
    mad.lo.s32 %r8, %r3, %r5, %r2;
    mad.lo.s32 %r8, %r8, %r4, %r1;
    mul.lo.s32 %r9, %r4, %r5;
    mul.lo.s32 %r9, %r9, %r6;
    mad.lo.s32 %r10, %r7, %r9, %r8;
    mul.wide.u32 %rd4, %r10, 16;
    add.s64 %rd5, %rd2, %rd4;
    mul.wide.u32 %rd4, %r10, 32;
    add.s64 %rd6, %rd3, %rd4;
    ld.global.v4.f32 {%f2, %f3, %f4, %f5}, [%rd5];
    rem.u32 %r11, %r10, 5;
    setp.ne.u32 %p1, %r11, 4;
    mov.f32 %f8, 0f5E5E5E51;
    mov.f32 %f9, 0f5E5E5E52;
    mov.f32 %f10, 0f5E5E5E53;
    mov.f32 %f11, 0f5E5E5E54;
    mov.f32 %f12, 0f5E5E5E55;
    mov.f32 %f13, 0f5E5E5E56;
    mov.f32 %f14, 0f5E5E5E57;
    @%p1 tex.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3}];
    @%p1 tex.2d.v4.f32.f32 {%f4, %f12, %f13, %f14}, [%rd1, {%f4, %f5}];
    st.global.v4.f32 [%rd6], {%f8, %f9, %f10, %f11};
    st.global.v4.f32 [%rd6+16], {%f4, %f12, %f13, %f14};
    ret;
}
"#;

/// Coordinates in texels of an image `n` texels wide: inside, on texel edges, just below 0
/// and just below `n`, far outside, infinite, NaN, -0.
fn coordinate(rng: &mut Rng, n: u32) -> f32 {
    let n = n as f32;
    match rng.below(12) {
        0 => f32::NAN,
        1 => f32::INFINITY,
        2 => f32::NEG_INFINITY,
        3 => -0.0,
        4 => 1e30,
        5 => -1e-30,
        6 => n - 1.0,
        7 => n - 1e-3,
        8 => n,
        9 => rng.i32(-3, n as i32 + 3) as f32,
        _ => rng.f32() * (n + 6.0) - 3.0,
    }
}

/// A `w`×`h` texture of `channels` 32-bit float channels, rows padded by 12 bytes, clamped,
/// point sampled: its handle and texels (row-major, channels interleaved).
fn texture(mem: &DeviceMemory, w: u32, h: u32, channels: u8, rng: &mut Rng) -> (u64, Vec<f32>) {
    let texel = 4 * u64::from(channels);
    let pitch = u64::from(w) * texel + 12;
    let words = (pitch / 4) as usize;
    let mut mem_words = vec![0f32; words * h as usize];
    let mut texels = Vec::new();
    for y in 0..h as usize {
        for x in 0..(w as usize * usize::from(channels)) {
            let v = rng.f32() * 100.0 - 50.0;
            mem_words[y * words + x] = v;
            texels.push(v);
        }
    }
    let base = upload(mem, &mem_words).0;
    let level = Level { base, width: w, height: h, depth: 1, row_pitch: pitch, slice_pitch: 0 };
    let image = Image {
        format: Format { kind: ChannelKind::Float, bits: 32, channels },
        shape: Shape::Array2D,
        layered: false,
        cubemap: false,
        layers: 1,
        mipmapped: false,
        levels: vec![level],
    };
    let sampler = Sampler { address: [AddressMode::Clamp; 3], filter: FilterMode::Point, ..Sampler::default() };
    (mem.textures().create_texture(Texture { image, sampler }), texels)
}

#[test]
fn point_lookups_read_the_clamped_texel_in_every_block_shape() {
    let mem = DeviceMemory::new();
    let mut rng = Rng::new(1221);
    let (w, h) = (13u32, 7u32);
    let shapes: [[u32; 3]; 7] = [[8, 8, 1], [16, 16, 1], [32, 8, 1], [32, 32, 1], [4, 4, 4], [8, 8, 8], [24, 3, 1]];
    let programs: Vec<(Engine, simt::Program)> =
        [Engine::Interp, Engine::Block].into_iter().map(|e| (e, program(KERNEL, e))).collect();
    for channels in [1u8, 2, 4] {
        let (handle, texels) = texture(&mem, w, h, channels, &mut rng);
        let c = usize::from(channels);
        let fetch = |x: f32, y: f32| -> [u32; 4] {
            let clamp = |v: f32, n: u32| if v >= 0.0 { (v.floor() as i64).min(i64::from(n) - 1) as usize } else { 0 };
            let at = (clamp(y, h) * w as usize + clamp(x, w)) * c;
            std::array::from_fn(|k| match k {
                k if k < c => texels[at + k].to_bits(),
                3 => 1.0f32.to_bits(),
                _ => 0,
            })
        };
        for [bx, by, bz] in shapes {
            let block = bx * by * bz;
            let blocks = 3u32;
            let n = (block * blocks) as usize;
            let input: Vec<f32> = (0..n)
                .flat_map(|_| {
                    [coordinate(&mut rng, w), coordinate(&mut rng, h), coordinate(&mut rng, w), coordinate(&mut rng, h)]
                })
                .collect();
            let want: Vec<u32> = input
                .chunks(4)
                .enumerate()
                .flat_map(|(i, v)| {
                    if i % 5 == 4 {
                        let s = |k: u32| f32::from_bits(0x5e5e_5e50 + k).to_bits();
                        [s(1), s(2), s(3), s(4), v[2].to_bits(), s(5), s(6), s(7)]
                    } else {
                        let (a, b) = (fetch(v[0], v[1]), fetch(v[2], v[3]));
                        [a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]]
                    }
                })
                .collect();
            for (engine, p) in &programs {
                let pin = upload(&mem, &input);
                let pout = mem.alloc(32 * n as u64).unwrap();
                let params = Params::new().u64(handle).ptr(pin).ptr(pout).bytes().to_vec();
                let stats = p
                    .launch("k", Dim3::x(blocks), Dim3 { x: bx, y: by, z: bz }, 0, &params, &mem)
                    .unwrap_or_else(|f| panic!("{engine:?} {bx}x{by}x{bz}: {f}"));
                let expected = if *engine == Engine::Block { Tier::Block } else { Tier::Interpreter };
                assert_eq!(stats.tier, expected, "{engine:?} {bx}x{by}x{bz}");
                let got = download_u32(&mem, pout, 8 * n);
                for (i, (g, w)) in got.chunks(8).zip(want.chunks(8)).enumerate() {
                    assert_eq!(
                        g,
                        w,
                        "{engine:?}, {channels} channels, block {bx}x{by}x{bz}, thread {i}, input {:?}",
                        &input[4 * i..4 * i + 4]
                    );
                }
            }
        }
        assert!(mem.textures().destroy(handle));
    }
}
