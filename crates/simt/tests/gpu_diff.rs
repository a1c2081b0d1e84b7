//! Differential test against a real GPU (tests/gpu-diff/README.md).
//!
//! `tests/gpu-diff/kernels.txt` lists kernel launches of the PTX corpus with their inputs;
//! `tests/gpu-diff/record.cpp` ran them on an NVIDIA GPU and wrote every output buffer to
//! `tests/gpu-diff/gpu-results.bin`. This test regenerates the same inputs (the generator below
//! mirrors record.cpp's, and the recorded input hash proves it), runs every kernel on the SIMT
//! engine, and compares: bit for bit for `exact` kernels, within the stated ulp / absolute bound
//! for kernels that use approximate instructions (NaN matches NaN there).
//!
//! Kernels the engine cannot run or gets wrong yet are listed in `tests/gpu-diff/known-gaps.txt`
//! with the reason. Every other kernel must match the GPU, and every listed kernel must still
//! fail, so the list shrinks as support lands.
//!
//! Environment: `GPU_DIFF_ONLY=id[,id...]` runs only those kernels; `GPU_DIFF_RESULTS=path` reads
//! another results file (a `record --dry-run` file checks the input generators only);
//! `GPU_DIFF_VERBOSE=1` prints every kernel's outcome; `GPU_DIFF_DUMP=dir` writes the engine's output
//! buffers there (`<id>.arg<N>.bin`) for investigation.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use simt::{DeviceMemory, DevicePtr, Dim3, Engine, Program};

#[path = "common/fuzz.rs"]
mod fuzzing;

use fuzzing::{Rng, splitmix64};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/gpu-diff")
}

// ------------------------------------------------------------------------------------------------
// Spec

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ty {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F16,
    Bf16,
    F32,
    F64,
}

impl Ty {
    fn parse(s: &str) -> Option<Ty> {
        Some(match s {
            "i8" => Ty::I8,
            "u8" => Ty::U8,
            "i16" => Ty::I16,
            "u16" => Ty::U16,
            "i32" => Ty::I32,
            "u32" => Ty::U32,
            "i64" => Ty::I64,
            "u64" => Ty::U64,
            "f16" => Ty::F16,
            "bf16" => Ty::Bf16,
            "f32" => Ty::F32,
            "f64" => Ty::F64,
            _ => return None,
        })
    }

    fn size(self) -> usize {
        match self {
            Ty::I8 | Ty::U8 => 1,
            Ty::I16 | Ty::U16 | Ty::F16 | Ty::Bf16 => 2,
            Ty::I32 | Ty::U32 | Ty::F32 => 4,
            Ty::I64 | Ty::U64 | Ty::F64 => 8,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::Bf16 | Ty::F32 | Ty::F64)
    }

    fn is_signed_int(self) -> bool {
        matches!(self, Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    In,
    Out,
    InOut,
    Global,
    Scalar,
    Raw,
}

#[derive(Debug, Clone, PartialEq)]
enum Gen {
    Default,
    Bits,
    /// Integers in [lo, hi) (integer types).
    IntRange(i64, i64),
    /// Reals in [lo, hi) (f32/f64).
    Range(f64, f64),
    /// Integer values in [lo, hi) (any type).
    Int(i64, i64),
    Fill(String),
    Iota,
}

#[derive(Debug, Clone)]
struct Arg {
    text: String,
    kind: Kind,
    ty: Ty,
    count: usize,
    global: String,
    gen_: Gen,
    special: bool,
    sorted: bool,
    unordered: bool,
    /// Scalar and raw bytes.
    bytes: Vec<u8>,
    align: usize,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Tolerance {
    exact: bool,
    ulp: u64,
    abs: f64,
    rel: f64,
}

#[derive(Debug, Clone)]
struct Kernel {
    id: String,
    ptx: String,
    name: String,
    grid: Dim3,
    block: Dim3,
    smem: u32,
    tol: Tolerance,
    args: Vec<Arg>,
}

fn parse_i64(s: &str) -> Result<i64, String> {
    let (neg, rest) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let v = match rest.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => rest.parse::<u64>(),
    }
    .map_err(|_| format!("bad integer `{s}`"))?;
    Ok(if neg { 0u64.wrapping_sub(v) as i64 } else { v as i64 })
}

fn parse_f64(s: &str) -> Result<f64, String> {
    s.parse::<f64>().map_err(|_| format!("bad number `{s}`"))
}

/// Little-endian bytes of a scalar or fill literal of type `ty` (f16/bf16 literals are bits).
fn literal(ty: Ty, s: &str) -> Result<Vec<u8>, String> {
    Ok(match ty {
        Ty::I8 | Ty::U8 => vec![parse_i64(s)? as u8],
        Ty::I16 | Ty::U16 | Ty::F16 | Ty::Bf16 => (parse_i64(s)? as u16).to_le_bytes().to_vec(),
        Ty::I32 | Ty::U32 => (parse_i64(s)? as u32).to_le_bytes().to_vec(),
        Ty::I64 | Ty::U64 => (parse_i64(s)? as u64).to_le_bytes().to_vec(),
        Ty::F32 => s.parse::<f32>().map_err(|_| format!("bad number `{s}`"))?.to_le_bytes().to_vec(),
        Ty::F64 => parse_f64(s)?.to_le_bytes().to_vec(),
    })
}

fn parse_range(r: &str) -> Result<(&str, &str), String> {
    r.split_once("..").ok_or_else(|| format!("bad range `{r}`"))
}

fn parse_arg(tok: &str) -> Result<Arg, String> {
    let f: Vec<&str> = tok.split(':').collect();
    let mut a = Arg {
        text: tok.to_string(),
        kind: Kind::In,
        ty: Ty::U8,
        count: 0,
        global: String::new(),
        gen_: Gen::Default,
        special: false,
        sorted: false,
        unordered: false,
        bytes: Vec::new(),
        align: 1,
    };
    let first = match f[0] {
        "raw" => {
            if f.len() != 3 || !f[2].len().is_multiple_of(2) {
                return Err(format!("bad raw argument `{tok}`"));
            }
            a.kind = Kind::Raw;
            a.align = parse_i64(f[1])? as usize;
            a.bytes = (0..f[2].len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&f[2][i..i + 2], 16).map_err(|_| format!("bad hex in `{tok}`")))
                .collect::<Result<_, _>>()?;
            return Ok(a);
        }
        "in" => 1,
        "out" => {
            a.kind = Kind::Out;
            1
        }
        "inout" => {
            a.kind = Kind::InOut;
            1
        }
        "global" => {
            if f.len() < 4 {
                return Err(format!("bad global argument `{tok}`"));
            }
            a.kind = Kind::Global;
            a.global = f[1].to_string();
            2
        }
        k => {
            let ty = Ty::parse(k).ok_or_else(|| format!("bad argument `{tok}`"))?;
            if f.len() != 2 || matches!(ty, Ty::F16 | Ty::Bf16) {
                return Err(format!("bad scalar argument `{tok}`"));
            }
            a.kind = Kind::Scalar;
            a.ty = ty;
            a.align = ty.size();
            a.bytes = literal(ty, f[1])?;
            return Ok(a);
        }
    };
    if f.len() < first + 2 {
        return Err(format!("bad buffer argument `{tok}`"));
    }
    a.ty = Ty::parse(f[first]).ok_or_else(|| format!("bad type in `{tok}`"))?;
    a.count = parse_i64(f[first + 1])? as usize;
    if a.count == 0 {
        return Err(format!("empty buffer `{tok}`"));
    }
    for m in &f[first + 2..] {
        if *m == "bits" {
            a.gen_ = Gen::Bits;
        } else if *m == "special" {
            a.special = true;
        } else if *m == "sorted" {
            a.sorted = true;
        } else if *m == "unordered" {
            a.unordered = true;
        } else if *m == "iota" {
            a.gen_ = Gen::Iota;
        } else if let Some(r) = m.strip_prefix("range=") {
            let (lo, hi) = parse_range(r)?;
            if a.ty.is_float() {
                if matches!(a.ty, Ty::F16 | Ty::Bf16) {
                    return Err(format!("range= is not supported for f16/bf16: `{tok}`"));
                }
                a.gen_ = Gen::Range(parse_f64(lo)?, parse_f64(hi)?);
            } else {
                let (lo, hi) = (parse_i64(lo)?, parse_i64(hi)?);
                if hi <= lo {
                    return Err(format!("empty range in `{tok}`"));
                }
                a.gen_ = Gen::IntRange(lo, hi);
            }
        } else if let Some(r) = m.strip_prefix("int=") {
            let (lo, hi) = parse_range(r)?;
            let (lo, hi) = (parse_i64(lo)?, parse_i64(hi)?);
            if hi <= lo {
                return Err(format!("empty range in `{tok}`"));
            }
            a.gen_ = if a.ty.is_float() { Gen::Int(lo, hi) } else { Gen::IntRange(lo, hi) };
        } else if let Some(v) = m.strip_prefix("fill=") {
            literal(a.ty, v)?;
            a.gen_ = Gen::Fill(v.to_string());
        } else {
            return Err(format!("unknown modifier `{m}` in `{tok}`"));
        }
    }
    if a.sorted && a.ty.is_float() {
        return Err(format!("sorted is only supported for integer types: `{tok}`"));
    }
    if a.unordered && !matches!(a.kind, Kind::Out | Kind::InOut) {
        return Err(format!("unordered applies to recorded buffers only: `{tok}`"));
    }
    Ok(a)
}

fn parse_dim(s: &str) -> Result<Dim3, String> {
    let p: Vec<u32> = s.split(',').map(|x| parse_i64(x).map(|v| v as u32)).collect::<Result<_, _>>()?;
    match p[..] {
        [x] => Ok(Dim3::x(x)),
        [x, y] => Ok(Dim3::new(x, y, 1)),
        [x, y, z] => Ok(Dim3::new(x, y, z)),
        _ => Err(format!("bad dimension `{s}`")),
    }
}

fn parse_tolerance(s: &str) -> Result<Tolerance, String> {
    let mut t = Tolerance { exact: s == "exact", ulp: 0, abs: 0.0, rel: 0.0 };
    if t.exact {
        return Ok(t);
    }
    for part in s.split(',') {
        match part.split_once(':') {
            Some(("ulp", n)) => t.ulp = parse_i64(n)? as u64,
            Some(("abs", e)) => t.abs = parse_f64(e)?,
            Some(("rel", r)) => t.rel = parse_f64(r)?,
            _ => return Err(format!("bad tolerance `{s}`")),
        }
    }
    Ok(t)
}

fn parse_spec(text: &str) -> Vec<Kernel> {
    let mut out = Vec::new();
    for (no, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let t: Vec<&str> = line.split_whitespace().collect();
        if t.is_empty() {
            continue;
        }
        let parsed = (|| -> Result<Kernel, String> {
            if t.len() < 7 {
                return Err("too few fields".into());
            }
            Ok(Kernel {
                id: t[0].to_string(),
                ptx: t[1].to_string(),
                name: t[2].to_string(),
                grid: parse_dim(t[3])?,
                block: parse_dim(t[4])?,
                smem: parse_i64(t[5])? as u32,
                tol: parse_tolerance(t[6])?,
                args: t[7..].iter().map(|a| parse_arg(a)).collect::<Result<_, _>>()?,
            })
        })();
        match parsed {
            Ok(k) => out.push(k),
            Err(e) => panic!("kernels.txt:{}: {e}", no + 1),
        }
    }
    out
}

// ------------------------------------------------------------------------------------------------
// Input generation (mirrors tests/gpu-diff/record.cpp)

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The generator of argument `arg`'s values of kernel `id` (xorshift64*, seeded from both).
fn rng_for(id: &str, arg: usize) -> Rng {
    let h = fnv1a(FNV_OFFSET, id.as_bytes());
    Rng::from_state(splitmix64(h ^ (arg as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)))
}

const F32_SPECIALS: [u32; 24] = [
    0x0000_0000,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7fff_ffff,
    0x0000_0001,
    0x807f_ffff,
    0x0080_0000,
    0x8080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0x3f00_0000,
    0x3fc0_0000,
    0xbfc0_0000,
    0x4020_0000,
    0x4b00_0001,
    0x4f00_0000,
    0xcf00_0000,
    0x5f00_0000,
    0x3380_0000,
    0x3eff_ffff,
];
const F64_SPECIALS: [u64; 24] = [
    0x0000_0000_0000_0000,
    0x8000_0000_0000_0000,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x0000_0000_0000_0001,
    0x800f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3fe0_0000_0000_0000,
    0x3ff8_0000_0000_0000,
    0xbff8_0000_0000_0000,
    0x4004_0000_0000_0000,
    0x4330_0000_0000_0001,
    0x41e0_0000_0000_0000,
    0xc1e0_0000_0000_0000,
    0x43e0_0000_0000_0000,
    0x47ef_ffff_e000_0000,
    0x36a0_0000_0000_0000,
    0x3fdf_ffff_ffff_ffff,
];
const F16_SPECIALS: [u16; 19] = [
    0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7fff, 0x0001, 0x83ff, 0x0400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3800,
    0x3e00, 0xbe00, 0x4100, 0x6400, 0x3bff,
];
const BF16_SPECIALS: [u16; 19] = [
    0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x7fff, 0x0001, 0x807f, 0x0080, 0x7f7f, 0xff7f, 0x3f80, 0xbf80, 0x3f00,
    0x3fc0, 0xbfc0, 0x4020, 0x4b00, 0x3f7f,
];
const INT_SPECIALS: [i64; 26] = [
    0,
    1,
    -1,
    2,
    -2,
    7,
    -7,
    13,
    127,
    128,
    255,
    256,
    32767,
    32768,
    65535,
    65536,
    0x7fff_ffff,
    -0x8000_0000,
    0x8000_0000,
    0xffff_ffff,
    i64::MAX,
    i64::MIN,
    1000,
    1001,
    -100,
    0x1_0000_0000,
];

/// Exact f16 / bf16 bits of a small integer.
fn small_int_to_half(k: i64, bf16: bool) -> u64 {
    let limit = if bf16 { 256 } else { 2048 };
    assert!((-limit..=limit).contains(&k), "int= range too wide for f16/bf16");
    if k == 0 {
        return 0;
    }
    let sign = if k < 0 { 0x8000 } else { 0 };
    let a = k.unsigned_abs();
    let e = 63 - a.leading_zeros();
    let (mbits, bias) = if bf16 { (7, 127) } else { (10, 15) };
    let mant = (a << (mbits - e)) & ((1 << mbits) - 1);
    sign | (u64::from(e + bias) << mbits) | mant
}

fn float_bits(ty: Ty, v: f64) -> u64 {
    match ty {
        Ty::F32 => u64::from((v as f32).to_bits()),
        _ => v.to_bits(),
    }
}

/// Bits of one element (the low `size` bytes are stored).
fn gen_elem(a: &Arg, r: &mut Rng, index: usize) -> u64 {
    match &a.gen_ {
        Gen::Fill(v) => {
            let b = literal(a.ty, v).expect("checked when parsed");
            let mut x = [0u8; 8];
            x[..b.len()].copy_from_slice(&b);
            return u64::from_le_bytes(x);
        }
        Gen::Iota => {
            return match a.ty {
                Ty::F32 | Ty::F64 => float_bits(a.ty, index as f64),
                Ty::F16 | Ty::Bf16 => small_int_to_half(index as i64, a.ty == Ty::Bf16),
                _ => index as u64,
            };
        }
        _ => {}
    }
    if a.special {
        let s = r.next();
        if s.is_multiple_of(4) {
            let j = (s >> 8) as usize;
            return match a.ty {
                Ty::F32 => u64::from(F32_SPECIALS[j % F32_SPECIALS.len()]),
                Ty::F64 => F64_SPECIALS[j % F64_SPECIALS.len()],
                Ty::F16 => u64::from(F16_SPECIALS[j % F16_SPECIALS.len()]),
                Ty::Bf16 => u64::from(BF16_SPECIALS[j % BF16_SPECIALS.len()]),
                _ => INT_SPECIALS[j % INT_SPECIALS.len()] as u64,
            };
        }
    }
    match a.gen_ {
        Gen::Bits => r.next(),
        Gen::IntRange(lo, hi) => {
            let span = (hi as u64).wrapping_sub(lo as u64);
            (lo as u64).wrapping_add(r.next() % span)
        }
        Gen::Int(lo, hi) => {
            let span = (hi as u64).wrapping_sub(lo as u64);
            let k = (lo as u64).wrapping_add(r.next() % span) as i64;
            match a.ty {
                Ty::F16 | Ty::Bf16 => small_int_to_half(k, a.ty == Ty::Bf16),
                _ => float_bits(a.ty, k as f64),
            }
        }
        _ if !a.ty.is_float() => r.next(),
        _ if matches!(a.ty, Ty::F16 | Ty::Bf16) => {
            let s = r.next();
            let sign = (s & 1) << 15;
            if a.ty == Ty::F16 {
                sign | ((12 + (s >> 1) % 5) << 10) | ((s >> 8) & 0x3ff)
            } else {
                sign | ((124 + (s >> 1) % 5) << 7) | ((s >> 8) & 0x7f)
            }
        }
        _ => {
            let (lo, hi) = match a.gen_ {
                Gen::Range(lo, hi) => (lo, hi),
                _ => (-4.0, 4.0),
            };
            let u = (r.next() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0);
            float_bits(a.ty, lo + (hi - lo) * u)
        }
    }
}

fn gen_buffer(k: &Kernel, argi: usize) -> Vec<u8> {
    let a = &k.args[argi];
    let size = a.ty.size();
    if a.kind == Kind::Out {
        return vec![0; a.count * size];
    }
    let mut r = rng_for(&k.id, argi);
    let mut vals: Vec<u64> = (0..a.count).map(|i| gen_elem(a, &mut r, i)).collect();
    if a.sorted {
        let shift = 64 - 8 * size as u32;
        if a.ty.is_signed_int() {
            vals.sort_by_key(|&x| ((x << shift) as i64) >> shift);
        } else {
            vals.sort_by_key(|&x| x << shift);
        }
    }
    vals.iter().flat_map(|v| v.to_le_bytes()[..size].to_vec()).collect()
}

/// Per argument: buffer contents or scalar bytes; and the input hash.
fn make_inputs(k: &Kernel) -> (Vec<Vec<u8>>, u64) {
    let mut h = FNV_OFFSET;
    let mut data = Vec::new();
    for (i, a) in k.args.iter().enumerate() {
        let d = match a.kind {
            Kind::Scalar | Kind::Raw => a.bytes.clone(),
            _ => gen_buffer(k, i),
        };
        h = fnv1a(h, &(i as u32).to_le_bytes());
        if a.kind != Kind::Out {
            h = fnv1a(h, &d);
        }
        data.push(d);
    }
    (data, h)
}

// ------------------------------------------------------------------------------------------------
// Recorded results

#[derive(Debug)]
struct Record {
    kernel: String,
    hash: u64,
    stage: u32,
    code: i32,
    bufs: Vec<(u32, Vec<u8>)>,
}

fn read_results(path: &Path) -> HashMap<String, Record> {
    let data = std::fs::read(path)
        .unwrap_or_else(|e| panic!("{}: {e} (record it on a GPU: see tests/gpu-diff/README.md)", path.display()));
    let mut pos = 0usize;
    let mut take = |n: usize| -> Vec<u8> {
        let s = data.get(pos..pos + n).unwrap_or_else(|| panic!("{}: truncated at byte {pos}", path.display()));
        pos += n;
        s.to_vec()
    };
    let u16_ = |b: Vec<u8>| u16::from_le_bytes(b.try_into().unwrap());
    let u32_ = |b: Vec<u8>| u32::from_le_bytes(b.try_into().unwrap());
    let u64_ = |b: Vec<u8>| u64::from_le_bytes(b.try_into().unwrap());
    assert_eq!(take(8), b"CPRTGPU1", "{}: not a results file", path.display());
    assert_eq!(u32_(take(4)), 1, "{}: unknown format version", path.display());
    let mut out = HashMap::new();
    let mut left = data.len() - 12;
    while left > 0 {
        let mut used = 0;
        let mut get = |n: usize| {
            used += n;
            take(n)
        };
        let n = u16_(get(2)) as usize;
        let id = String::from_utf8_lossy(&get(n)).into_owned();
        let n = u16_(get(2)) as usize;
        let kernel = String::from_utf8_lossy(&get(n)).into_owned();
        let hash = u64_(get(8));
        let stage = u32_(get(4));
        let code = u32_(get(4)) as i32;
        let nb = u32_(get(4));
        let mut bufs = Vec::new();
        for _ in 0..nb {
            let arg = u32_(get(4));
            let len = u64_(get(8)) as usize;
            bufs.push((arg, get(len)));
        }
        left -= used;
        out.insert(id, Record { kernel, hash, stage, code, bufs });
    }
    out
}

// ------------------------------------------------------------------------------------------------
// Running on the engine

/// Packs the kernel parameters at their natural alignment, as CUDA does.
fn pack_params(k: &Kernel, data: &[Vec<u8>], ptrs: &[u64]) -> Vec<u8> {
    let mut p = Vec::new();
    let mut max_align = 1;
    for (i, a) in k.args.iter().enumerate() {
        let (bytes, align) = match a.kind {
            Kind::Global => continue,
            Kind::Scalar | Kind::Raw => (data[i].clone(), a.align.max(1)),
            _ => (ptrs[i].to_le_bytes().to_vec(), 8),
        };
        max_align = max_align.max(align);
        while !p.len().is_multiple_of(align) {
            p.push(0);
        }
        p.extend_from_slice(&bytes);
    }
    while !p.len().is_multiple_of(max_align) {
        p.push(0);
    }
    p
}

/// Runs `k` on the engine; returns the out/inout buffers by argument index.
fn run_engine(p: &Program, k: &Kernel, data: &[Vec<u8>]) -> Result<Vec<(u32, Vec<u8>)>, String> {
    let mem = DeviceMemory::new();
    let mut ptrs = vec![0u64; k.args.len()];
    for (i, a) in k.args.iter().enumerate() {
        match a.kind {
            Kind::In | Kind::Out | Kind::InOut => {
                let d = mem.alloc(data[i].len() as u64).map_err(|e| format!("alloc: {e}"))?;
                mem.write(d, &data[i]).map_err(|e| format!("upload: {e}"))?;
                ptrs[i] = d.0;
            }
            Kind::Global => {
                let g =
                    p.global_address(&a.global, &mem).ok_or_else(|| format!("module has no global `{}`", a.global))?;
                mem.write(g, &data[i]).map_err(|e| format!("global {}: {e}", a.global))?;
            }
            Kind::Scalar | Kind::Raw => {}
        }
    }
    let params = pack_params(k, data, &ptrs);
    p.launch(&k.name, k.grid, k.block, k.smem, &params, &mem).map_err(|f| f.to_string())?;
    let mut out = Vec::new();
    for (i, a) in k.args.iter().enumerate() {
        if matches!(a.kind, Kind::Out | Kind::InOut) {
            let mut b = vec![0u8; data[i].len()];
            mem.read(DevicePtr(ptrs[i]), &mut b).map_err(|e| format!("download: {e}"))?;
            out.push((i as u32, b));
        }
    }
    Ok(out)
}

// ------------------------------------------------------------------------------------------------
// Comparison

fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let m = f64::from(h & 0x3ff);
    sign * match e {
        0 => m * (2f64).powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + m / 1024.0) * (2f64).powi(e - 15),
    }
}

fn elem_f64(ty: Ty, bits: u64) -> f64 {
    match ty {
        Ty::F16 => f16_to_f64(bits as u16),
        Ty::Bf16 => f64::from(f32::from_bits((bits as u32) << 16)),
        Ty::F32 => f64::from(f32::from_bits(bits as u32)),
        Ty::F64 => f64::from_bits(bits),
        Ty::I8 => f64::from(bits as i8),
        Ty::I16 => f64::from(bits as i16),
        Ty::I32 => f64::from(bits as i32),
        Ty::I64 => bits as i64 as f64,
        _ => bits as f64,
    }
}

fn show(ty: Ty, bits: u64) -> String {
    let w = ty.size() * 2;
    match ty {
        Ty::F16 | Ty::Bf16 | Ty::F32 | Ty::F64 => format!("{:e} ({bits:#0w$x})", elem_f64(ty, bits), w = w + 2),
        Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64 => format!("{} ({bits:#0w$x})", elem_f64(ty, bits) as i64, w = w + 2),
        _ => format!("{bits} ({bits:#0w$x})", w = w + 2),
    }
}

fn is_nan(ty: Ty, bits: u64) -> bool {
    elem_f64(ty, bits).is_nan()
}

/// Distance in units in the last place (adjacent floats are 1 apart, +0 and -0 are 0 apart).
fn ulp_distance(ty: Ty, a: u64, b: u64) -> u64 {
    let bits = 8 * ty.size() as u32;
    let key = |x: u64| -> i128 {
        let sign = 1u64 << (bits - 1);
        let mag = i128::from(x & (sign - 1));
        if x & sign != 0 { -mag } else { mag }
    };
    (key(a) - key(b)).unsigned_abs() as u64
}

struct Compared {
    mismatches: usize,
    report: String,
    /// Largest ulp distance and absolute difference among the elements that differ but pass.
    max_ulp: u64,
    max_abs: f64,
}

fn compare_buffer(k: &Kernel, a: &Arg, argi: u32, gpu: &[u8], eng: &[u8]) -> Compared {
    let size = a.ty.size();
    let elems = |b: &[u8]| -> Vec<u64> {
        b.chunks(size)
            .map(|c| {
                let mut x = [0u8; 8];
                x[..size].copy_from_slice(c);
                u64::from_le_bytes(x)
            })
            .collect()
    };
    let (mut g, mut e) = (elems(gpu), elems(eng));
    if a.unordered {
        g.sort_unstable();
        e.sort_unstable();
    }
    let mut c = Compared { mismatches: 0, report: String::new(), max_ulp: 0, max_abs: 0.0 };
    for (i, (&gv, &ev)) in g.iter().zip(&e).enumerate() {
        if gv == ev {
            continue;
        }
        let ok = !k.tol.exact && a.ty.is_float() && {
            if is_nan(a.ty, gv) || is_nan(a.ty, ev) {
                is_nan(a.ty, gv) && is_nan(a.ty, ev)
            } else {
                let d = ulp_distance(a.ty, gv, ev);
                let (g, e) = (elem_f64(a.ty, gv), elem_f64(a.ty, ev));
                let within = d <= k.tol.ulp || (g - e).abs() <= k.tol.abs || (g - e).abs() <= k.tol.rel * g.abs();
                if within {
                    c.max_ulp = c.max_ulp.max(d);
                    c.max_abs = c.max_abs.max((g - e).abs());
                }
                within
            }
        };
        if ok {
            continue;
        }
        if c.mismatches < 6 {
            let what = if a.unordered { "sorted element" } else { "element" };
            let _ = write!(
                c.report,
                "\n      arg {argi} `{}` {what} {i}: gpu {} engine {}",
                a.text,
                show(a.ty, gv),
                show(a.ty, ev)
            );
            if a.ty.is_float() && !is_nan(a.ty, gv) && !is_nan(a.ty, ev) {
                let _ = write!(c.report, " ({} ulp)", ulp_distance(a.ty, gv, ev));
            }
        }
        c.mismatches += 1;
    }
    c
}

enum Outcome {
    Exact,
    /// Not bit-identical, within the tolerance: the largest ulp and absolute differences.
    Within(u64, f64),
    Mismatch(String),
    EngineError(String),
}

fn check_kernel(p: &Program, k: &Kernel, data: &[Vec<u8>], rec: &Record) -> Outcome {
    let res = catch_unwind(AssertUnwindSafe(|| run_engine(p, k, data)));
    let out = match res {
        Ok(Ok(o)) => o,
        Ok(Err(e)) => return Outcome::EngineError(e),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            return Outcome::EngineError(format!("engine panicked: {msg}"));
        }
    };
    if let Some(dump) = std::env::var_os("GPU_DIFF_DUMP") {
        for (argi, d) in data.iter().enumerate().filter(|(_, d)| !d.is_empty()) {
            let path = Path::new(&dump).join(format!("{}.arg{argi}.in.bin", k.id));
            std::fs::write(&path, d).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        for (argi, eng) in &out {
            let path = Path::new(&dump).join(format!("{}.arg{argi}.bin", k.id));
            std::fs::write(&path, eng).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
    let mut report = String::new();
    let (mut total, mut max_ulp, mut max_abs) = (0usize, 0u64, 0f64);
    for (argi, eng) in &out {
        let a = &k.args[*argi as usize];
        let Some((_, gpu)) = rec.bufs.iter().find(|(i, _)| i == argi) else {
            return Outcome::Mismatch(format!("no GPU data for argument {argi}"));
        };
        if gpu.len() != eng.len() {
            return Outcome::Mismatch(format!("argument {argi}: {} bytes recorded, {} here", gpu.len(), eng.len()));
        }
        if let Some(dump) = std::env::var_os("GPU_DIFF_DUMP") {
            let path = Path::new(&dump).join(format!("{}.arg{argi}.gpu.bin", k.id));
            std::fs::write(&path, gpu).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        let c = compare_buffer(k, a, *argi, gpu, eng);
        if c.mismatches > 0 {
            let n = eng.len() / a.ty.size();
            let _ = write!(report, "\n    arg {argi} `{}`: {} of {n} elements differ", a.text, c.mismatches);
            report.push_str(&c.report);
        }
        total += c.mismatches;
        max_ulp = max_ulp.max(c.max_ulp);
        max_abs = max_abs.max(c.max_abs);
    }
    if total > 0 {
        Outcome::Mismatch(report)
    } else if max_ulp > 0 {
        Outcome::Within(max_ulp, max_abs)
    } else {
        Outcome::Exact
    }
}

// ------------------------------------------------------------------------------------------------

fn load_program(ptx: &str) -> Result<Program, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../tests/corpus/ptx/{ptx}.ptx"));
    let src = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let parsed = ptx::parse(&src);
    if let Some(d) = parsed.diagnostics.iter().find(|d| d.severity == ptx::Severity::Error) {
        return Err(format!("PTX parse error: {}", d.message));
    }
    Ok(Program::load_partial(&parsed.module, Some(&src)).0)
}

fn known_gaps() -> HashMap<String, String> {
    let path = dir().join("known-gaps.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((id, reason)) => (id.to_string(), reason.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

#[test]
fn engine_matches_gpu() {
    let spec_text = std::fs::read_to_string(dir().join("kernels.txt")).expect("kernels.txt");
    let kernels = parse_spec(&spec_text);
    let mut ids = HashSet::new();
    for k in &kernels {
        assert!(ids.insert(k.id.clone()), "kernels.txt: duplicate id `{}`", k.id);
    }
    let custom_results = std::env::var_os("GPU_DIFF_RESULTS").is_some();
    let results_path =
        std::env::var_os("GPU_DIFF_RESULTS").map(PathBuf::from).unwrap_or_else(|| dir().join("gpu-results.bin"));
    let results = read_results(&results_path);
    let gaps = known_gaps();
    for id in gaps.keys() {
        assert!(ids.contains(id), "known-gaps.txt lists `{id}`, which is not in kernels.txt");
    }
    let only: Option<HashSet<String>> =
        std::env::var("GPU_DIFF_ONLY").ok().map(|s| s.split(',').map(str::to_string).collect());
    let verbose = std::env::var_os("GPU_DIFF_VERBOSE").is_some();

    let mut programs: HashMap<String, Result<Program, String>> = HashMap::new();
    let mut failures = Vec::new();
    let (mut exact, mut within, mut gap_count, mut dry) = (0, 0, 0, 0);
    let mut summary = String::new();
    for k in &kernels {
        if only.as_ref().is_some_and(|o| !o.contains(&k.id)) {
            continue;
        }
        let (data, hash) = make_inputs(k);
        let Some(rec) = results.get(&k.id) else {
            failures.push(format!("{}: no GPU result recorded: re-record (tests/gpu-diff/README.md)", k.id));
            continue;
        };
        if rec.kernel != k.name || rec.hash != hash {
            failures.push(format!(
                "{}: the recording does not match kernels.txt (kernel `{}` vs `{}`, input hash {:016x} vs {hash:016x}): \
                 re-record, or fix the input generator",
                k.id, rec.kernel, k.name, rec.hash
            ));
            continue;
        }
        if rec.stage == 100 {
            if custom_results {
                dry += 1;
            } else {
                failures.push(format!("{}: gpu-results.bin holds a dry-run record: record it on a GPU", k.id));
            }
            continue;
        }
        if rec.stage != 0 {
            failures.push(format!(
                "{}: failed on the GPU (stage {}, CUresult {}): fix its line in kernels.txt",
                k.id, rec.stage, rec.code
            ));
            continue;
        }
        let prog = programs.entry(k.ptx.clone()).or_insert_with(|| load_program(&k.ptx));
        let outcome = match prog {
            Ok(p) => check_kernel(p, k, &data, rec),
            Err(e) => Outcome::EngineError(e.clone()),
        };
        let gap = gaps.get(&k.id);
        let line = match (&outcome, gap) {
            (Outcome::Exact | Outcome::Within(..), Some(reason)) => {
                failures.push(format!(
                    "{}: now matches the GPU: remove it from known-gaps.txt (listed as: {reason})",
                    k.id
                ));
                "matches, but listed in known-gaps.txt".to_string()
            }
            (Outcome::Exact, None) => {
                exact += 1;
                "exact".to_string()
            }
            (Outcome::Within(u, a), None) => {
                within += 1;
                format!("within tolerance (differences up to {u} ulp, {a:.3e} absolute)")
            }
            (Outcome::Mismatch(m) | Outcome::EngineError(m), Some(reason)) => {
                gap_count += 1;
                format!("known gap ({reason}): {}", m.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim())
            }
            (Outcome::Mismatch(m), None) => {
                failures.push(format!("{}: differs from the GPU:{m}", k.id));
                "MISMATCH".to_string()
            }
            (Outcome::EngineError(m), None) => {
                failures.push(format!("{}: the engine failed: {m}", k.id));
                "ENGINE ERROR".to_string()
            }
        };
        let _ = writeln!(summary, "  {:<28} {line}", k.id);
    }
    if verbose {
        eprintln!("{summary}");
    }
    eprintln!(
        "gpu-diff: {} kernels: {exact} exact, {within} within tolerance, {gap_count} known gaps, {} failures{}",
        exact + within + gap_count + failures.len(),
        failures.len(),
        if dry > 0 { format!(", {dry} dry-run records (inputs checked only)") } else { String::new() }
    );
    assert!(failures.is_empty(), "{} of the GPU differential tests failed:\n{}", failures.len(), failures.join("\n"));
}

/// What `run_engine` returns: the output buffers by argument index, or the failure.
type EngineOut = Result<Vec<(u32, Vec<u8>)>, String>;

/// The JIT tier and the interpreter agree bit for bit on every kernel of the differential set
/// (outputs, or the fault message when a launch fails), GPU recording or not. Prints how many
/// kernels the JIT compiled (`GPU_DIFF_VERBOSE=1`: which ones fell back, and why).
#[test]
fn engines_agree() {
    let spec_text = std::fs::read_to_string(dir().join("kernels.txt")).expect("kernels.txt");
    let kernels = parse_spec(&spec_text);
    let only: Option<HashSet<String>> =
        std::env::var("GPU_DIFF_ONLY").ok().map(|s| s.split(',').map(str::to_string).collect());
    let verbose = std::env::var_os("GPU_DIFF_VERBOSE").is_some();
    let mut programs: HashMap<String, Result<(Program, Program), String>> = HashMap::new();
    let (mut compiled, mut total) = (0, 0);
    let mut failures = Vec::new();
    for k in &kernels {
        if only.as_ref().is_some_and(|o| !o.contains(&k.id)) {
            continue;
        }
        let pair = programs.entry(k.ptx.clone()).or_insert_with(|| {
            let (mut jit, mut interp) = (load_program(&k.ptx)?, load_program(&k.ptx)?);
            jit.set_engine(Engine::JitAll);
            interp.set_engine(Engine::Interp);
            Ok((jit, interp))
        });
        let Ok((jit, interp)) = pair else { continue };
        total += 1;
        match jit.jit_fallback_reason(&k.name) {
            None => compiled += 1,
            Some(why) if verbose => eprintln!("  {:<28} interpreter: {why}", k.id),
            Some(_) => {}
        }
        let (data, _) = make_inputs(k);
        let a = catch_unwind(AssertUnwindSafe(|| run_engine(jit, k, &data)));
        let b = catch_unwind(AssertUnwindSafe(|| run_engine(interp, k, &data)));
        // Arguments whose element order depends on scheduling compare as multisets.
        let canon = |r: std::thread::Result<EngineOut>| {
            r.map(|r| {
                r.map(|bufs| {
                    bufs.into_iter()
                        .map(|(i, buf)| {
                            let a = &k.args[i as usize];
                            if !(a.unordered || a.sorted) {
                                return (i, buf);
                            }
                            let mut elems: Vec<&[u8]> = buf.chunks(a.ty.size()).collect();
                            elems.sort_unstable();
                            (i, elems.concat())
                        })
                        .collect::<Vec<_>>()
                })
            })
        };
        match (canon(a), canon(b)) {
            (Ok(a), Ok(b)) if a == b => {}
            (Ok(Ok(a)), Ok(Ok(b))) => {
                let args: Vec<String> = a
                    .iter()
                    .zip(&b)
                    .filter(|(x, y)| x != y)
                    .map(|((i, x), (_, y))| {
                        let first = x.iter().zip(y).position(|(p, q)| p != q).unwrap_or(0);
                        format!("arg {i} (first differing byte {first})")
                    })
                    .collect();
                failures.push(format!("{}: outputs differ: {}", k.id, args.join(", ")));
            }
            (Ok(a), Ok(b)) => failures.push(format!("{}: jit {a:?} vs interpreter {b:?}", k.id)),
            _ => failures.push(format!("{}: an engine panicked", k.id)),
        }
    }
    eprintln!("engines-agree: {total} kernels, {compiled} compiled by the JIT, {} disagreements", failures.len());
    assert!(failures.is_empty(), "the engines disagree:\n{}", failures.join("\n"));
}
