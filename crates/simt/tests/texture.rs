//! Texture and surface instructions on hand-registered objects: point and linear filtering
//! (9-bit fixed-point weights), address modes, normalized coordinates, read modes, layered and
//! cubemap lookups, `tld4`, `txq`/`suq`/`istypep`, surfaces with their boundary modes, and
//! faults for bad handles. References follow the CUDA Programming Guide's texture-fetching
//! appendix.

use simt::texture::{AddressMode, ChannelKind, FilterMode, Format, Image, Level, Sampler, Shape, Surface, Texture};
use simt::{DeviceMemory, DevicePtr, Dim3, FaultKind, Params, Program};

mod common;

use common::ptx::{Index, Kernel, module};
use common::upload;

/// A kernel running one instruction per thread: reads coordinate(s) from `in` (4 words per
/// thread), writes 4 result words per thread to `out`.
fn kernel(body: &str) -> Program {
    let src = module(
        "sm_80",
        &Kernel::new("k", &["h", "pin", "pout"], Index::Thread).offset(16).body(&format!(
            "
    add.s64 %rd5, %rd2, %rd4;
    add.s64 %rd6, %rd3, %rd4;
    ld.global.v4.b32 {{%r2, %r3, %r4, %r5}}, [%rd5];
    mov.b32 %f2, %r2;
    mov.b32 %f3, %r3;
    mov.b32 %f4, %r4;
    mov.b32 %f5, %r5;
    {body}
    st.global.v4.b32 [%rd6], {{%r8, %r9, %r10, %r11}};
    ret;"
        )),
    );
    Program::from_ptx(&src).unwrap_or_else(|e| panic!("{e}"))
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Runs `prog` with one thread per 4-word input row; returns the 4-word outputs.
fn run(prog: &Program, mem: &DeviceMemory, handle: u64, input: &[[u32; 4]]) -> Result<Vec<[u32; 4]>, simt::Fault> {
    let bytes: Vec<u8> = input.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
    let pin = upload(mem, &bytes);
    let pout = mem.alloc(bytes.len() as u64).unwrap();
    let params = Params::new().u64(handle).ptr(pin).ptr(pout).bytes().to_vec();
    prog.launch("k", Dim3::x(1), Dim3::x(input.len() as u32), 0, &params, mem)?;
    let mut out = vec![0u8; bytes.len()];
    mem.read(pout, &mut out).unwrap();
    Ok(out
        .chunks(16)
        .map(|c| std::array::from_fn(|k| u32::from_le_bytes(c[4 * k..4 * k + 4].try_into().unwrap())))
        .collect())
}

fn fmt(kind: ChannelKind, bits: u8, channels: u8) -> Format {
    Format { kind, bits, channels }
}

/// A 2D image of `w`×`h` texels (`layers` layers) in a fresh allocation.
fn image(mem: &DeviceMemory, f: Format, w: u32, h: u32, layers: u32, data: &[u8]) -> Image {
    let base = upload(mem, data).0;
    let row = u64::from(w * f.texel_size());
    Image {
        format: f,
        shape: if h > 1 { Shape::Array2D } else { Shape::Array1D },
        layered: layers > 1,
        cubemap: false,
        layers,
        mipmapped: false,
        levels: vec![Level { base, width: w, height: h, depth: 1, row_pitch: row, slice_pitch: row * u64::from(h) }],
    }
}

fn sampler(filter: FilterMode, mode: AddressMode, normalized: bool) -> Sampler {
    Sampler {
        address: [mode; 3],
        filter,
        normalized_coords: normalized,
        border: [7.5, 0.0, 0.0, 0.0],
        ..Sampler::default()
    }
}

/// The guide's 1D lookup, for an image `t` of float texels.
fn reference_1d(t: &[f32], x: f32, filter: FilterMode, mode: AddressMode, normalized: bool, border: f32) -> f32 {
    let n = t.len() as i64;
    let at = |i: i64| -> f32 {
        let m = if !normalized && matches!(mode, AddressMode::Wrap | AddressMode::Mirror) {
            AddressMode::Clamp
        } else {
            mode
        };
        match m {
            AddressMode::Clamp => t[i.clamp(0, n - 1) as usize],
            AddressMode::Border => {
                if (0..n).contains(&i) {
                    t[i as usize]
                } else {
                    border
                }
            }
            AddressMode::Wrap => t[i.rem_euclid(n) as usize],
            AddressMode::Mirror => {
                let p = i.rem_euclid(2 * n);
                t[if p < n { p } else { 2 * n - 1 - p } as usize]
            }
        }
    };
    let x = if normalized {
        let u = match mode {
            AddressMode::Wrap => x - x.floor(),
            AddressMode::Mirror => {
                let f = x.floor();
                if (f as i64) & 1 != 0 { 1.0 - (x - f) } else { x - f }
            }
            _ => x,
        };
        u * n as f32
    } else {
        x
    };
    match filter {
        FilterMode::Point => at(x.floor() as i64),
        FilterMode::Linear => {
            let xb = x - 0.5;
            let i = xb.floor();
            let a = ((xb - i) * 256.0).round() / 256.0;
            if mode == AddressMode::Border {
                // Border addressing in y too (`sampler` sets every dimension's mode): an H200
                // filters a 1-D array as 2-D at texel row -0.5, half the border colour
                // (tests/program-diff/tex1d_border_linear.cu), blended exactly, rounded once.
                let (a, l, r) = (f64::from(a), f64::from(at(i as i64)), f64::from(at(i as i64 + 1)));
                return (0.5 * ((1.0 - a) * l + a * r) + 0.5 * f64::from(border)) as f32;
            }
            (1.0 - a) * at(i as i64) + a * at(i as i64 + 1)
        }
    }
}

#[test]
fn tex_1d_filtering_and_address_modes_follow_the_guide() {
    let prog = kernel(
        "tex.1d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2}];\n mov.b32 %r8, %f8; mov.b32 %r9, %f9; mov.b32 %r10, %f10; mov.b32 %r11, %f11;",
    );
    let mem = DeviceMemory::new();
    let texels = [0.0f32, 1.0, 10.0, 100.0, -3.0];
    let img = image(&mem, fmt(ChannelKind::Float, 32, 1), 5, 1, 1, &f32s(&texels));
    for filter in [FilterMode::Point, FilterMode::Linear] {
        for mode in [AddressMode::Wrap, AddressMode::Clamp, AddressMode::Mirror, AddressMode::Border] {
            for normalized in [false, true] {
                let s = sampler(filter, mode, normalized);
                let h = mem.textures().create_texture(Texture { image: img.clone(), sampler: s });
                let xs: Vec<f32> = (0..32)
                    .map(|i| if normalized { -1.3 + i as f32 * 0.1371 } else { -2.2 + i as f32 * 0.3137 })
                    .collect();
                let input: Vec<[u32; 4]> = xs.iter().map(|x| [x.to_bits(), 0, 0, 0]).collect();
                let out = run(&prog, &mem, h, &input).unwrap();
                for (x, o) in xs.iter().zip(&out) {
                    let want = reference_1d(&texels, *x, filter, mode, normalized, 7.5);
                    let got = f32::from_bits(o[0]);
                    assert_eq!(got, want, "{filter:?} {mode:?} normalized={normalized} x={x}");
                    assert_eq!([o[1], o[2]], [0, 0], "missing channels");
                    if mode != AddressMode::Border {
                        assert_eq!(o[3], 1.0f32.to_bits(), "missing alpha");
                    }
                }
            }
        }
    }
}

/// A warp keeps the object it looked up last across launches; destroying any object of the
/// registry makes it look again, so a destroyed texture faults at the next launch.
#[test]
fn a_destroyed_texture_faults_at_the_next_launch() {
    let prog = kernel(
        "tex.1d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2}];\n mov.b32 %r8, %f8; mov.b32 %r9, %f9; mov.b32 %r10, %f10; mov.b32 %r11, %f11;",
    );
    let mem = DeviceMemory::new();
    let img = image(&mem, fmt(ChannelKind::Float, 32, 1), 2, 1, 1, &f32s(&[5.0, 6.0]));
    let h = mem
        .textures()
        .create_texture(Texture { image: img, sampler: sampler(FilterMode::Point, AddressMode::Clamp, false) });
    let input = [[1.5f32.to_bits(), 0, 0, 0]];
    for _ in 0..2 {
        assert_eq!(f32::from_bits(run(&prog, &mem, h, &input).unwrap()[0][0]), 6.0);
    }
    assert!(mem.textures().destroy(h));
    let f = run(&prog, &mem, h, &input).unwrap_err();
    assert!(matches!(f.kind, FaultKind::Texture { handle, .. } if handle == h), "{f}");
}

#[test]
fn linear_weights_are_9_bit_fixed_point() {
    let prog = kernel(
        "tex.1d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2}];\n mov.b32 %r8, %f8; mov.b32 %r9, %f9; mov.b32 %r10, %f10; mov.b32 %r11, %f11;",
    );
    let mem = DeviceMemory::new();
    let img = image(&mem, fmt(ChannelKind::Float, 32, 1), 2, 1, 1, &f32s(&[0.0, 256.0]));
    let h = mem
        .textures()
        .create_texture(Texture { image: img, sampler: sampler(FilterMode::Linear, AddressMode::Clamp, false) });
    // 0.5 + a: the result is 256 * round(256 a) / 256 = round(256 a).
    let cases =
        [(0.0f32, 0.0f32), (0.1, 26.0), (1.0 / 512.0, 1.0), (1.0 / 512.0 - 1e-6, 0.0), (0.999, 256.0), (0.5, 128.0)];
    let input: Vec<[u32; 4]> = cases.iter().map(|(a, _)| [(0.5 + a).to_bits(), 0, 0, 0]).collect();
    let out = run(&prog, &mem, h, &input).unwrap();
    for ((a, want), o) in cases.iter().zip(out) {
        assert_eq!(f32::from_bits(o[0]), *want, "a = {a}");
    }
}

#[test]
fn bilinear_2d_normalized_float_uchar4_and_gather() {
    let mem = DeviceMemory::new();
    let px: [[u8; 4]; 4] = [[0, 255, 128, 1], [10, 20, 30, 40], [255, 0, 0, 255], [1, 2, 3, 4]];
    let img = image(&mem, fmt(ChannelKind::Unsigned, 8, 4), 2, 2, 1, &px.concat());
    let mut s = sampler(FilterMode::Linear, AddressMode::Clamp, false);
    s.normalized_float = true;
    let h = mem.textures().create_texture(Texture { image: img.clone(), sampler: s });
    let prog = kernel(
        "tex.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3}];\n mov.b32 %r8, %f8; mov.b32 %r9, %f9; mov.b32 %r10, %f10; mov.b32 %r11, %f11;",
    );
    let pts = [(0.5f32, 0.5f32), (1.0, 1.0), (0.75, 1.25), (1.7, 0.3), (-3.0, 9.0)];
    let input: Vec<[u32; 4]> = pts.iter().map(|(x, y)| [x.to_bits(), y.to_bits(), 0, 0]).collect();
    let out = run(&prog, &mem, h, &input).unwrap();
    let t = |i: i64, j: i64, c: usize| f32::from(px[(j.clamp(0, 1) * 2 + i.clamp(0, 1)) as usize][c]) / 255.0;
    for ((x, y), o) in pts.iter().zip(&out) {
        let (xb, yb) = (x - 0.5, y - 0.5);
        let (i, j) = (xb.floor() as i64, yb.floor() as i64);
        let a = ((xb - xb.floor()) * 256.0).round() / 256.0;
        let b = ((yb - yb.floor()) * 256.0).round() / 256.0;
        // As an H100 filters: a*b rounded to 8 bits, the other weights complete the rows and
        // columns; the result in unorm16.
        let (ai, bi) = ((a * 256.0) as i32, (b * 256.0) as i32);
        let w11 = (ai * bi + 128) >> 8;
        let w = [256 - ai - bi + w11, ai - w11, bi - w11, w11].map(|v| v as f32 / 256.0);
        for (c, oc) in o.iter().enumerate() {
            let want = w[0] * t(i, j, c) + w[1] * t(i + 1, j, c) + w[2] * t(i, j + 1, c) + w[3] * t(i + 1, j + 1, c);
            let want = ((f64::from(want) * 65535.0).round() / 65535.0) as f32;
            assert_eq!(f32::from_bits(*oc), want, "({x},{y}) channel {c}");
        }
    }
    // tld4.g: the green channel of T[i,j+1], T[i+1,j+1], T[i+1,j], T[i,j].
    let prog = kernel(
        "tld4.g.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3}];\n mov.b32 %r8, %f8; mov.b32 %r9, %f9; mov.b32 %r10, %f10; mov.b32 %r11, %f11;",
    );
    let out = run(&prog, &mem, h, &[[1.0f32.to_bits(), 1.0f32.to_bits(), 0, 0]]).unwrap();
    let got: Vec<f32> = out[0].iter().map(|b| f32::from_bits(*b)).collect();
    assert_eq!(got, vec![0.0, 2.0 / 255.0, 20.0 / 255.0, 1.0]);
    // Element-type read mode: integers, zero-extended.
    let h2 = mem
        .textures()
        .create_texture(Texture { image: img, sampler: sampler(FilterMode::Point, AddressMode::Clamp, false) });
    let prog = kernel("tex.2d.v4.u32.f32 {%r8, %r9, %r10, %r11}, [%rd1, {%f2, %f3}];");
    let out = run(&prog, &mem, h2, &[[1.5f32.to_bits(), 0.5f32.to_bits(), 0, 0]]).unwrap();
    assert_eq!(out[0], [10, 20, 30, 40]);
}

#[test]
fn signed_normalized_and_half_formats() {
    let mem = DeviceMemory::new();
    let prog = kernel(
        "tex.1d.v4.f32.s32 {%f8, %f9, %f10, %f11}, [%rd1, {%r2}];\n mov.b32 %r8, %f8; mov.b32 %r9, %f9; mov.b32 %r10, %f10; mov.b32 %r11, %f11;",
    );
    let img = image(&mem, fmt(ChannelKind::Signed, 8, 1), 4, 1, 1, &[0x80, 0x81, 0, 127]);
    let mut s = sampler(FilterMode::Point, AddressMode::Clamp, false);
    s.normalized_float = true;
    let h = mem.textures().create_texture(Texture { image: img, sampler: s });
    let out = run(&prog, &mem, h, &[[0, 0, 0, 0], [1, 0, 0, 0], [2, 0, 0, 0], [3, 0, 0, 0]]).unwrap();
    let got: Vec<f32> = out.iter().map(|o| f32::from_bits(o[0])).collect();
    assert_eq!(got, vec![-1.0, -1.0, 0.0, 1.0]);
    // half: 1.5, -2.0
    let img = image(&mem, fmt(ChannelKind::Float, 16, 1), 2, 1, 1, &[0x00, 0x3e, 0x00, 0xc0]);
    let h = mem
        .textures()
        .create_texture(Texture { image: img, sampler: sampler(FilterMode::Point, AddressMode::Clamp, false) });
    let out = run(&prog, &mem, h, &[[0, 0, 0, 0], [1, 0, 0, 0]]).unwrap();
    assert_eq!(f32::from_bits(out[0][0]), 1.5);
    assert_eq!(f32::from_bits(out[1][0]), -2.0);
}

#[test]
fn layered_and_cubemap_lookups() {
    let mem = DeviceMemory::new();
    // 2x2 faces, texel value = face * 10 + texel index.
    let vals: Vec<f32> = (0..24).map(|i| ((i / 4) * 10 + i % 4) as f32).collect();
    let mut img = image(&mem, fmt(ChannelKind::Float, 32, 1), 2, 2, 6, &f32s(&vals));
    img.layered = false;
    img.cubemap = true;
    let h = mem
        .textures()
        .create_texture(Texture { image: img.clone(), sampler: sampler(FilterMode::Point, AddressMode::Clamp, false) });
    let prog = kernel(
        "tex.cube.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3, %f4, %f4}];\n mov.b32 %r8, %f8; mov.b32 %r9, %f9; mov.b32 %r10, %f10; mov.b32 %r11, %f11;",
    );
    let dirs = [
        (1.0f32, 0.2f32, 0.3f32), // +x: s=-z -> u=(−0.3+1)/2=0.35 -> i=0; t=-y -> v=0.4 -> j=0
        (-1.0, 0.2, 0.3),         // -x: s=z -> u=0.65 -> i=1; t=-y -> v=0.4 -> j=0
        (0.1, 1.0, -0.6),         // +y: s=x -> 0.55 -> 1; t=z -> 0.2 -> 0 => 20+1
        (0.3, 0.2, 1.0),          // +z: s=x -> 0.65 -> 1; t=-y -> 0.4 -> 0
        (0.3, 0.2, -1.0),         // -z: s=-x -> 0.35 -> 0; t=-y -> 0.4 -> 0
    ];
    let input: Vec<[u32; 4]> = dirs.iter().map(|(x, y, z)| [x.to_bits(), y.to_bits(), z.to_bits(), 0]).collect();
    let out = run(&prog, &mem, h, &input).unwrap();
    let got: Vec<f32> = out.iter().map(|o| f32::from_bits(o[0])).collect();
    assert_eq!(got, vec![0.0, 11.0, 21.0, 41.0, 50.0]);
    // Layered 2D: layer index first.
    img.cubemap = false;
    img.layered = true;
    let h = mem
        .textures()
        .create_texture(Texture { image: img, sampler: sampler(FilterMode::Point, AddressMode::Clamp, false) });
    let prog = kernel(
        "tex.a2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%r2, %f3, %f4, %f4}];\n mov.b32 %r8, %f8; mov.b32 %r9, %f9; mov.b32 %r10, %f10; mov.b32 %r11, %f11;",
    );
    let out =
        run(&prog, &mem, h, &[[3, 1.5f32.to_bits(), 0.5f32.to_bits(), 0], [5, 0.5f32.to_bits(), 1.5f32.to_bits(), 0]])
            .unwrap();
    assert_eq!(f32::from_bits(out[0][0]), 31.0);
    assert_eq!(f32::from_bits(out[1][0]), 52.0);
}

#[test]
fn queries_and_istypep() {
    let mem = DeviceMemory::new();
    let img = image(&mem, fmt(ChannelKind::Float, 32, 2), 3, 2, 1, &[0u8; 48]);
    let h = mem.textures().create_texture(Texture {
        image: img.clone(),
        sampler: sampler(FilterMode::Linear, AddressMode::Border, true),
    });
    let prog = kernel(
        "txq.width.b32 %r8, [%rd1];\n txq.height.b32 %r9, [%rd1];\n txq.normalized_coords.b32 %r10, [%rd1];\n \
         istypep.texref %p1, %rd1;\n selp.u32 %r11, 1, 0, %p1;",
    );
    assert_eq!(run(&prog, &mem, h, &[[0; 4]]).unwrap()[0], [3, 2, 1, 1]);
    let s = mem.textures().create_surface(Surface { image: img });
    let prog = kernel(
        "suq.width.b32 %r8, [%rd1];\n mov.u32 %r9, 0;\n istypep.surfref %p1, %rd1;\n selp.u32 %r10, 1, 0, %p1;\n istypep.texref %p1, %rd1;\n selp.u32 %r11, 1, 0, %p1;",
    );
    assert_eq!(run(&prog, &mem, s, &[[0; 4]]).unwrap()[0], [3, 0, 1, 0]);
}

#[test]
fn surfaces_load_store_reduce_with_boundary_modes() {
    let mem = DeviceMemory::new();
    let vals: Vec<u8> = (1..=20i32).flat_map(|v| v.to_le_bytes()).collect();
    let img = image(&mem, fmt(ChannelKind::Signed, 32, 1), 10, 2, 1, &vals);
    let base = img.levels[0].base;
    let s = mem.textures().create_surface(Surface { image: img });
    // x (bytes), y from the input.
    let prog = kernel(
        "suld.b.2d.b32.zero {%r8}, [%rd1, {%r2, %r3}];\n suld.b.2d.b32.clamp {%r9}, [%rd1, {%r2, %r3}];\n \
         sust.b.2d.b32.zero [%rd1, {%r2, %r3}], %r4;\n sured.b.add.2d.s32.clamp [%rd1, {%r2, %r3}], %r5;\n mov.u32 %r10, 0;\n mov.u32 %r11, 0;",
    );
    let input = [[4 * 9, 0, 100, 0], [-4i32 as u32, 1, 0, 0], [400, 1, 0, 0], [8, 1, 200, 5]];
    let out = run(&prog, &mem, s, &input).unwrap();
    assert_eq!(out[0][..2], [10, 10]);
    assert_eq!(out[1][..2], [0, 11]);
    assert_eq!(out[2][..2], [0, 20]);
    assert_eq!(out[3][..2], [13, 13]);
    let mut b = vec![0u8; 80];
    mem.read(DevicePtr(base), &mut b).unwrap();
    let w: Vec<i32> = b.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(w[9], 100); // stored, then the reduction added 0
    assert_eq!(w[10], 11); // out of range: store dropped; clamped reduction added 0
    assert_eq!(w[12], 205); // stored 200, then +5
    // .trap out of range: a fault naming the surface.
    let prog =
        kernel("suld.b.2d.b32.trap {%r8}, [%rd1, {%r2, %r3}];\n mov.u32 %r9, 0;\n mov.u32 %r10, 0;\n mov.u32 %r11, 0;");
    let f = run(&prog, &mem, s, &[[40, 0, 0, 0]]).unwrap_err();
    assert!(matches!(f.kind, FaultKind::Texture { .. }), "{f}");
    // A bad handle faults; so does a texture instruction on a surface.
    let f = run(&prog, &mem, 999, &[[0; 4]]).unwrap_err();
    assert!(matches!(f.kind, FaultKind::Texture { handle: 999, .. }), "{f}");
    let tprog = kernel("tex.1d.v4.s32.s32 {%r8, %r9, %r10, %r11}, [%rd1, {%r2}];");
    assert!(matches!(run(&tprog, &mem, s, &[[0; 4]]).unwrap_err().kind, FaultKind::Texture { .. }));
    // After destroy the handle is dead.
    assert!(mem.textures().destroy(s));
    assert!(run(&prog, &mem, s, &[[0; 4]]).is_err());
}

#[test]
fn unsupported_forms_are_load_errors() {
    for body in [
        "tex.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd1, {%f2, %f3}], {%r2, %r3};",
        "tex.2dms.v4.s32.s32 {%r8, %r9, %r10, %r11}, [%rd1, {%r2, %r3, %r4, %r5}];",
        "suld.p.1d.v4.b32.trap {%r8, %r9, %r10, %r11}, [%rd1, {%r2}];",
    ] {
        let src = module("sm_80", &Kernel::new("k", &["h"], Index::None).body(&format!("{body}\nret;")));
        let e = Program::from_ptx(&src).unwrap_err();
        assert!(e.line > 0 && !e.message.is_empty(), "{e}");
    }
}
