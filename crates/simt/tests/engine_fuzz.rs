//! Differential fuzzing of the three engines: a seeded generator writes random but valid &ptx()
//! kernels (integer, bit, float and conversion instructions over typed registers, divergent
//! `if`/`else`, loops with lane-dependent trip counts, early exits, block barriers with a
//! shared-memory exchange, shuffles, votes), runs each on the interpreter, the per-thread JIT,
//! the warp tier and the block tier, and requires byte-identical outputs.
//!
//! A second generator (`generate_mem`, the test `engines_agree_on_random_memory_kernels`) adds
//! memory in every state space and width through addresses of many lane patterns, atomics,
//! f16/bf16 arithmetic, more integer forms and device function calls, and compares the memory
//! the kernel leaves as well (see the section "Memory kernels").
//!
//! `ENGINE_FUZZ_SEEDS=N` runs seeds `0..N` instead of the fixed set (`ENGINE_FUZZ_START=S`
//! starts at `S`); `ENGINE_FUZZ_DUMP=DIR` writes every kernel's &ptx() to `DIR/SEED.ptx`
//! (to check them with `ptxas -arch=sm_90`); `ENGINE_FUZZ_REDUCE=SEED` reduces a differing
//! kernel. The memory test reads the same variables prefixed `ENGINE_FUZZ_MEM_`.
//!
//! A third generator (`shaped::generate_shaped`, the test `engines_agree_on_random_block_shapes`,
//! variables prefixed `ENGINE_FUZZ_SHAPED_`) runs the basic kernels' instructions over blocks
//! and grids of every shape, with barriers in every form, shared-memory exchanges and atomics,
//! exits before barriers and warp collectives under divergence (`engine_fuzz/shaped.rs`).
//! Each test prints how many of its kernels the block tier ran (it declines some: they fall
//! back, and must still agree).

use std::fmt::Write as _;

mod common;

use common::ptx::{Index, module_version};

use simt::{DeviceMemory, Dim3, Engine, Params, Program, Tier};

#[path = "common/fuzz.rs"]
mod fuzzing;

use fuzzing::Rng;

#[path = "engine_fuzz/shaped.rs"]
mod shaped;

/// Seeds the committed test runs (with `ENGINE_FUZZ_SEEDS` unset).
const DEFAULT_SEEDS: u64 = 200;

/// Register classes of the generated kernels: each has its own pool of result registers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    /// `.pred`
    P,
    /// `.b16`
    H,
    /// `.b32` (used as u32 and s32)
    R,
    /// `.b64` (used as u64 and s64)
    D,
    /// `.f32`
    F,
    /// `.f64`
    G,
}

impl Class {
    const ALL: [Class; 6] = [Class::P, Class::H, Class::R, Class::D, Class::F, Class::G];

    fn prefix(self) -> &'static str {
        match self {
            Class::P => "%p",
            Class::H => "%rs",
            Class::R => "%r",
            Class::D => "%rd",
            Class::F => "%f",
            Class::G => "%fd",
        }
    }

    fn decl(self) -> &'static str {
        match self {
            Class::P => ".pred",
            Class::H => ".b16",
            Class::R => ".b32",
            Class::D => ".b64",
            Class::F => ".f32",
            Class::G => ".f64",
        }
    }

    /// How many result registers of the class a kernel has.
    fn count(self) -> u64 {
        match self {
            Class::P => 4,
            Class::H => 2,
            Class::R => 6,
            Class::D => 4,
            Class::F => 4,
            Class::G => 4,
        }
    }
}

/// How an input slot is loaded (and so which special values its data draws from).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Input {
    U32,
    S32,
    U64,
    /// `ld.global.s32` into a 64-bit register (sign-extended).
    S32Wide,
    U16,
    F32,
    F64,
}

/// One generated kernel with its launch shape.
#[derive(Clone)]
struct Kernel {
    ptx: String,
    /// Blocks of the grid along x, y and z.
    grid: [u32; 3],
    /// Threads of a block along x, y and z.
    block: [u32; 3],
    /// The two warp-uniform `.u32` parameters.
    uniforms: [u32; 2],
    /// The input and output records.
    layout: &'static Layout,
    /// Bytes of dynamic shared memory.
    dyn_smem: u32,
    /// The initial contents of the scratch buffer (a fifth parameter when not empty), compared
    /// after the launch; and its regions `(offset, name)` in ascending order, for reports.
    scratch: Vec<u8>,
    scratch_regions: Vec<(u64, String)>,
}

impl Kernel {
    /// Threads per block.
    fn block_threads(&self) -> u32 {
        self.block.iter().product()
    }

    fn threads(&self) -> usize {
        (self.grid.iter().product::<u32>() * self.block_threads()) as usize
    }
}

/// The record each thread loads its registers from and the one it stores them to.
struct Layout {
    input: &'static [(u64, &'static str, &'static [&'static str], Input)],
    in_record: u64,
    output: &'static [(u64, &'static str, &'static [&'static str])],
    out_record: u64,
}

const BASIC: Layout = Layout { input: &IN_FIELDS, in_record: IN_RECORD, output: &OUT_FIELDS, out_record: OUT_RECORD };

/// The kernel generator: emits instructions into `body`, tracking where collectives are legal.
struct Gen {
    rng: Rng,
    body: String,
    labels: u32,
    /// Nesting depth of divergent regions (if/else bodies, loops with lane-dependent trips).
    divergent: u32,
    loops: u32,
    /// Some lanes may have returned early: no barrier or full-mask collective after this.
    exited: bool,
    early_rets: u32,
    /// Loops every thread runs together (collectives allowed inside): an early exit in one
    /// would leave the next iteration's collectives without the exited threads.
    uniform_loops: u32,
    smem: u32,
    /// Whether shuffles may be generated (whole warps only).
    shfl: bool,
    /// Total instruction budget left.
    budget: i64,
    /// Result registers of each class (indexed by `Class as usize`).
    counts: [u64; 6],
    /// Label prefix (each function of a module has its own).
    lprefix: String,
    /// Generating a device function's body: no collectives, early exits, memory or calls.
    func: bool,
    /// The memory kernels' address spaces (`None` for the basic kernels).
    mem: Option<Mem>,
    /// The shaped kernels' launch (`None` for the others).
    shape: Option<shaped::Shape>,
}

const I32_SPECIAL: [u32; 18] = [
    0,
    1,
    2,
    7,
    31,
    32,
    33,
    64,
    100,
    0xffff,
    0x1_0000,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_fffe,
    0xffff_ffff,
    0xffff_8000,
    0x00ff_00ff,
];
const I64_SPECIAL: [u64; 16] = [
    0,
    1,
    63,
    64,
    65,
    0x8000_0000,
    0xffff_ffff,
    0x1_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_8000_0000,
    0xffff_ffff_ffff_fff9,
    0x0000_0001_ffff_ffff,
    32,
    0x8000_0000_0000_0001,
];
const F32_SPECIAL: [u32; 30] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x7f80_0000, // +inf
    0xff80_0000, // -inf
    0x7fc0_0000, // canonical qNaN
    0xffc0_0000,
    0x7fa0_0001, // sNaN with payload
    0xff81_2345,
    0x7fc0_1234, // qNaN with payload
    0x0000_0001, // smallest denormal
    0x807f_ffff, // largest negative denormal
    0x0080_0000, // smallest normal
    0x3f80_0000, // 1
    0xbf80_0000, // -1
    0x4f00_0000, // 2^31
    0xcf00_0000, // -2^31
    0x4f80_0000, // 2^32
    0x5f00_0000, // 2^63
    0xdf00_0000, // -2^63
    0x5f80_0000, // 2^64
    0x7f7f_ffff, // max
    0x3f00_0000, // 0.5
    0x3fc0_0000, // 1.5
    0x4020_0000, // 2.5
    0xbfc0_0000, // -1.5
    0x4b00_0001, // 2^23 + 1
    0x477f_e000, // 65504
    0x3eff_ffff, // just below 0.5
    0x4f7f_ffff, // just below 2^32
    0xcf00_0001, // just below -2^31
];
const F64_SPECIAL: [u64; 30] = [
    0,
    0x8000_0000_0000_0000,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff8_0000_0000_1234,
    0x7ff0_0000_0000_0001, // sNaN
    0xfff4_0000_0000_0042, // sNaN, negative
    0x0000_0000_0000_0001, // smallest denormal
    0x800f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x41e0_0000_0000_0000, // 2^31
    0xc1e0_0000_0000_0000, // -2^31
    0x41ef_ffff_ffe0_0000, // 2^32 - 1
    0x41f0_0000_0000_0000, // 2^32
    0x43e0_0000_0000_0000, // 2^63
    0xc3e0_0000_0000_0000, // -2^63
    0x43f0_0000_0000_0000, // 2^64
    0x7fef_ffff_ffff_ffff, // max
    0x3fe0_0000_0000_0000, // 0.5
    0x3ff8_0000_0000_0000, // 1.5
    0x4004_0000_0000_0000, // 2.5
    0xbff8_0000_0000_0000, // -1.5
    0x47ef_ffff_e000_0000, // f32 max
    0x47ef_ffff_f000_0000, // f32 max + half an ulp
    0x36a0_0000_0000_0000, // f32 smallest denormal
    0x3690_0000_0000_0000, // half of it
    0x3810_0000_0000_0000, // f32 smallest normal
];

const ROUND_F: [&str; 4] = [".rn", ".rz", ".rm", ".rp"];
const ROUND_I: [&str; 4] = [".rni", ".rzi", ".rmi", ".rpi"];

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: Rng::new(seed),
            body: String::new(),
            labels: 0,
            divergent: 0,
            loops: 0,
            exited: false,
            early_rets: 0,
            uniform_loops: 0,
            smem: 0,
            shfl: false,
            budget: 0,
            counts: Class::ALL.map(Class::count),
            lprefix: "$L__BB0_".to_string(),
            func: false,
            mem: None,
            shape: None,
        }
    }

    fn emit(&mut self, s: &str) {
        self.body.push('\t');
        self.body.push_str(s);
        self.body.push_str(";\n");
    }

    fn label(&mut self) -> String {
        self.labels += 1;
        format!("{}{}", self.lprefix, self.labels)
    }

    fn place(&mut self, l: &str) {
        let _ = writeln!(self.body, "{l}:");
    }

    fn reg(&mut self, c: Class) -> String {
        format!("{}{}", c.prefix(), self.rng.below(self.counts[c as usize]))
    }

    /// A 32-bit integer immediate (as ptxas reads it for any 32-bit integer type).
    fn imm32(&mut self) -> String {
        match self.rng.below(4) {
            0 => format!("{}", self.rng.below(40)),
            1 => format!("-{}", 1 + self.rng.below(9)),
            2 => format!("{}", self.rng.pick(&I32_SPECIAL)),
            _ => format!("{}", self.rng.next() as u32),
        }
    }

    fn imm64(&mut self) -> String {
        match self.rng.below(4) {
            0 => format!("{}", self.rng.below(70)),
            1 => format!("-{}", 1 + self.rng.below(9)),
            2 => format!("{}", self.rng.pick(&I64_SPECIAL) as i64),
            _ => format!("{}", self.rng.next() as i64),
        }
    }

    /// A 32-bit source: a result register, sometimes an immediate or a warp-uniform register.
    fn s32(&mut self) -> String {
        match self.rng.below(100) {
            0..=79 => self.reg(Class::R),
            80..=91 => self.imm32(),
            _ => format!("%u{}", self.rng.below(2)),
        }
    }

    fn s64(&mut self) -> String {
        if self.rng.chance(85) { self.reg(Class::D) } else { self.imm64() }
    }

    fn s16(&mut self) -> String {
        if self.rng.chance(85) { self.reg(Class::H) } else { format!("{}", self.rng.below(0x1_0000)) }
    }

    fn sf32(&mut self) -> String {
        if self.rng.chance(88) { self.reg(Class::F) } else { format!("0f{:08X}", self.rng.pick(&F32_SPECIAL)) }
    }

    fn sf64(&mut self) -> String {
        if self.rng.chance(88) { self.reg(Class::G) } else { format!("0d{:016X}", self.rng.pick(&F64_SPECIAL)) }
    }

    /// A shift amount or bit-field position/length: immediates at and past the width, a
    /// per-lane register, or a warp-uniform register.
    fn amount(&mut self) -> String {
        match self.rng.below(3) {
            0 => format!("{}", self.rng.pick(&[0u32, 1, 3, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100, 255])),
            1 => self.reg(Class::R),
            _ => format!("%u{}", self.rng.below(2)),
        }
    }

    /// An optional guard predicate on a lane-dependent register.
    fn guard(&mut self) -> String {
        if self.rng.chance(10) {
            let neg = if self.rng.chance(50) { "!" } else { "" };
            format!("@{neg}{} ", self.reg(Class::P))
        } else {
            String::new()
        }
    }

    fn ins(&mut self, s: String) {
        let g = self.guard();
        self.emit(&format!("{g}{s}"));
        self.budget -= 1;
    }

    /// One random data instruction (no control flow).
    fn op(&mut self) {
        if self.mem.is_some() && self.rng.chance(60) {
            self.mem_kernel_op();
            return;
        }
        if self.shape.is_some() && self.rng.chance(8) {
            self.sreg_op();
            return;
        }
        match self.rng.below(20) {
            0..=4 => self.int32_op(),
            5..=7 => self.int64_op(),
            8 => self.int16_op(),
            9..=10 => self.bit_op(),
            11..=12 => self.f32_op(),
            13..=14 => self.f64_op(),
            15..=16 => self.cvt_op(),
            17 => self.mov_op(),
            _ => self.cmp_op(),
        }
    }

    fn int32_op(&mut self) {
        let t = self.rng.pick(&["u32", "s32"]);
        let d = self.reg(Class::R);
        let (a, b, c) = (self.s32(), self.s32(), self.s32());
        let s = match self.rng.below(18) {
            0 => format!("add.{t} {d}, {a}, {b}"),
            1 => format!("sub.{t} {d}, {a}, {b}"),
            2 => format!("add.sat.s32 {d}, {a}, {b}"),
            3 => format!("mul.lo.{t} {d}, {a}, {b}"),
            4 => format!("mul.hi.{t} {d}, {a}, {b}"),
            5 => {
                let dd = self.reg(Class::D);
                format!("mul.wide.{t} {dd}, {a}, {b}")
            }
            6 => format!("mad.lo.{t} {d}, {a}, {b}, {c}"),
            7 => format!("mad.hi.{t} {d}, {a}, {b}, {c}"),
            8 => {
                let (dd, cc) = (self.reg(Class::D), self.s64());
                format!("mad.wide.{t} {dd}, {a}, {b}, {cc}")
            }
            9 => format!("div.{t} {d}, {a}, {b}"),
            10 => format!("rem.{t} {d}, {a}, {b}"),
            11 => format!("min.{t} {d}, {a}, {b}"),
            12 => format!("max.{t} {d}, {a}, {b}"),
            13 => format!("{}.b32 {d}, {a}, {b}", self.rng.pick(&["and", "or", "xor"])),
            14 => format!("{}.b32 {d}, {a}", self.rng.pick(&["not", "cnot"])),
            15 => format!("{}.s32 {d}, {a}", self.rng.pick(&["neg", "abs"])),
            16 => {
                let amt = self.amount();
                format!("shl.b32 {d}, {a}, {amt}")
            }
            _ => {
                let amt = self.amount();
                let t = self.rng.pick(&["b32", "u32", "s32"]);
                format!("shr.{t} {d}, {a}, {amt}")
            }
        };
        self.ins(s);
    }

    fn int64_op(&mut self) {
        let t = self.rng.pick(&["u64", "s64"]);
        let d = self.reg(Class::D);
        let (a, b, c) = (self.s64(), self.s64(), self.s64());
        let s = match self.rng.below(15) {
            0 => format!("add.{t} {d}, {a}, {b}"),
            1 => format!("sub.{t} {d}, {a}, {b}"),
            2 => format!("mul.lo.{t} {d}, {a}, {b}"),
            3 => format!("mul.hi.{t} {d}, {a}, {b}"),
            4 => format!("mad.lo.{t} {d}, {a}, {b}, {c}"),
            5 => format!("div.{t} {d}, {a}, {b}"),
            6 => format!("rem.{t} {d}, {a}, {b}"),
            7 => format!("min.{t} {d}, {a}, {b}"),
            8 => format!("max.{t} {d}, {a}, {b}"),
            9 => format!("{}.b64 {d}, {a}, {b}", self.rng.pick(&["and", "or", "xor"])),
            10 => format!("not.b64 {d}, {a}"),
            11 => format!("{}.s64 {d}, {a}", self.rng.pick(&["neg", "abs"])),
            12 => {
                let amt = self.amount();
                format!("shl.b64 {d}, {a}, {amt}")
            }
            13 => {
                let amt = self.amount();
                let t = self.rng.pick(&["b64", "u64", "s64"]);
                format!("shr.{t} {d}, {a}, {amt}")
            }
            _ => format!("mad.hi.{t} {d}, {a}, {b}, {c}"),
        };
        self.ins(s);
    }

    fn int16_op(&mut self) {
        let t = self.rng.pick(&["u16", "s16"]);
        let d = self.reg(Class::H);
        let (a, b) = (self.s16(), self.s16());
        let s = match self.rng.below(7) {
            0 => format!("add.{t} {d}, {a}, {b}"),
            1 => format!("sub.{t} {d}, {a}, {b}"),
            2 => format!("mul.lo.{t} {d}, {a}, {b}"),
            3 => format!("min.{t} {d}, {a}, {b}"),
            4 => format!("max.{t} {d}, {a}, {b}"),
            5 => format!("{}.b16 {d}, {a}, {b}", self.rng.pick(&["and", "or", "xor"])),
            _ => {
                let amt = self.amount();
                format!("shl.b16 {d}, {a}, {amt}")
            }
        };
        self.ins(s);
    }

    fn bit_op(&mut self) {
        let wide = self.rng.chance(35);
        let (c, w) = if wide { (Class::D, "64") } else { (Class::R, "32") };
        let d = self.reg(c);
        let a = if wide { self.s64() } else { self.s32() };
        let b = if wide { self.s64() } else { self.s32() };
        let s = match self.rng.below(6) {
            0 => {
                let t = self.rng.pick(&["u", "s"]);
                let (pos, len) = (self.amount(), self.amount());
                format!("bfe.{t}{w} {d}, {a}, {pos}, {len}")
            }
            1 => {
                let (pos, len) = (self.amount(), self.amount());
                format!("bfi.b{w} {d}, {a}, {b}, {pos}, {len}")
            }
            2 => {
                let op = self.rng.pick(&["popc", "clz"]);
                let r = self.reg(Class::R);
                format!("{op}.b{w} {r}, {a}")
            }
            3 => format!("brev.b{w} {d}, {a}"),
            _ => {
                let (d, a, b, sel) = (self.reg(Class::R), self.s32(), self.s32(), self.s32());
                let mode = self.rng.pick(&["", "", ".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"]);
                format!("prmt.b32{mode} {d}, {a}, {b}, {sel}")
            }
        };
        self.ins(s);
    }

    fn f32_op(&mut self) {
        let d = self.reg(Class::F);
        let (a, b, c) = (self.sf32(), self.sf32(), self.sf32());
        let rnd = self.rng.pick(&ROUND_F);
        let ftz = if self.rng.chance(25) { ".ftz" } else { "" };
        let sat = if self.rng.chance(15) { ".sat" } else { "" };
        let s = match self.rng.below(10) {
            0 => format!("add{rnd}{ftz}{sat}.f32 {d}, {a}, {b}"),
            1 => format!("sub{rnd}{ftz}{sat}.f32 {d}, {a}, {b}"),
            2 => format!("mul{rnd}{ftz}{sat}.f32 {d}, {a}, {b}"),
            3 => format!("fma{rnd}{ftz}{sat}.f32 {d}, {a}, {b}, {c}"),
            4 => format!("div{rnd}{ftz}.f32 {d}, {a}, {b}"),
            5 => format!("sqrt{rnd}{ftz}.f32 {d}, {a}"),
            6 | 7 => {
                let nan = if self.rng.chance(30) { ".NaN" } else { "" };
                format!("{}{ftz}{nan}.f32 {d}, {a}, {b}", self.rng.pick(&["min", "max"]))
            }
            _ => format!("{}{ftz}.f32 {d}, {a}", self.rng.pick(&["abs", "neg"])),
        };
        self.ins(s);
    }

    fn f64_op(&mut self) {
        let d = self.reg(Class::G);
        let (a, b, c) = (self.sf64(), self.sf64(), self.sf64());
        let rnd = self.rng.pick(&ROUND_F);
        let s = match self.rng.below(10) {
            0 => format!("add{rnd}.f64 {d}, {a}, {b}"),
            1 => format!("sub{rnd}.f64 {d}, {a}, {b}"),
            2 => format!("mul{rnd}.f64 {d}, {a}, {b}"),
            3 => format!("fma{rnd}.f64 {d}, {a}, {b}, {c}"),
            4 => format!("div{rnd}.f64 {d}, {a}, {b}"),
            5 => format!("sqrt{rnd}.f64 {d}, {a}"),
            6 | 7 => format!("{}.f64 {d}, {a}, {b}", self.rng.pick(&["min", "max"])),
            _ => format!("{}.f64 {d}, {a}", self.rng.pick(&["abs", "neg"])),
        };
        self.ins(s);
    }

    /// A source of integer type `t` (u8..s64) in a register of the matching size.
    fn int_src(&mut self, t: &str) -> String {
        match &t[1..] {
            "8" | "16" => self.s16(),
            "32" => self.s32(),
            _ => self.s64(),
        }
    }

    fn int_dst(&mut self, t: &str) -> String {
        match &t[1..] {
            "8" | "16" => self.reg(Class::H),
            "32" => self.reg(Class::R),
            _ => self.reg(Class::D),
        }
    }

    fn cvt_op(&mut self) {
        const INTS: [&str; 8] = ["u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64"];
        let ftz = if self.rng.chance(20) { ".ftz" } else { "" };
        let sat = if self.rng.chance(30) { ".sat" } else { "" };
        let s = match self.rng.below(6) {
            // float → int
            0 | 1 => {
                let it = self.rng.pick(&INTS[2..]);
                let (ft, a) = if self.rng.chance(50) { ("f32", self.sf32()) } else { ("f64", self.sf64()) };
                let ftz = if ft == "f32" { ftz } else { "" };
                let d = self.int_dst(it);
                format!("cvt{}{ftz}{sat}.{it}.{ft} {d}, {a}", self.rng.pick(&ROUND_I))
            }
            // int → float
            2 | 3 => {
                let it = self.rng.pick(&INTS[2..]);
                let a = self.int_src(it);
                let (ft, d) =
                    if self.rng.chance(50) { ("f32", self.reg(Class::F)) } else { ("f64", self.reg(Class::G)) };
                format!("cvt{}{sat}.{ft}.{it} {d}, {a}", self.rng.pick(&ROUND_F))
            }
            // int → int
            4 => {
                let (dt, at) = (self.rng.pick(&INTS), self.rng.pick(&INTS));
                let d = self.int_dst(dt);
                let a = self.int_src(at);
                // ptxas rejects `.sat` where the source range fits in the destination's.
                let sat = if int_fits(at, dt) { "" } else { sat };
                format!("cvt{sat}.{dt}.{at} {d}, {a}")
            }
            // float → float
            _ => match self.rng.below(4) {
                0 => {
                    let (d, a) = (self.reg(Class::G), self.sf32());
                    format!("cvt{ftz}{sat}.f64.f32 {d}, {a}")
                }
                1 => {
                    let (d, a) = (self.reg(Class::F), self.sf64());
                    format!("cvt{}{ftz}{sat}.f32.f64 {d}, {a}", self.rng.pick(&ROUND_F))
                }
                2 => {
                    let (d, a) = (self.reg(Class::F), self.sf32());
                    format!("cvt{}{ftz}{sat}.f32.f32 {d}, {a}", self.rng.pick(&ROUND_I))
                }
                _ => {
                    let (d, a) = (self.reg(Class::G), self.sf64());
                    format!("cvt{}{sat}.f64.f64 {d}, {a}", self.rng.pick(&ROUND_I))
                }
            },
        };
        self.ins(s);
    }

    fn mov_op(&mut self) {
        let s = match self.rng.below(8) {
            0 => {
                let (lo, hi, a) = (self.reg(Class::R), self.reg(Class::R), self.reg(Class::D));
                format!("mov.b64 {{{lo}, {hi}}}, {a}")
            }
            1 => {
                let (d, lo, hi) = (self.reg(Class::D), self.reg(Class::R), self.reg(Class::R));
                format!("mov.b64 {d}, {{{lo}, {hi}}}")
            }
            2 => {
                let (lo, hi, a) = (self.reg(Class::H), self.reg(Class::H), self.reg(Class::R));
                format!("mov.b32 {{{lo}, {hi}}}, {a}")
            }
            3 => {
                let (d, lo, hi) = (self.reg(Class::R), self.reg(Class::H), self.reg(Class::H));
                format!("mov.b32 {d}, {{{lo}, {hi}}}")
            }
            4 => {
                let (d, a) = (self.reg(Class::F), self.reg(Class::R));
                format!("mov.b32 {d}, {a}")
            }
            5 => {
                let (d, a) = (self.reg(Class::R), self.reg(Class::F));
                format!("mov.b32 {d}, {a}")
            }
            6 => {
                let (d, a) = (self.reg(Class::G), self.reg(Class::D));
                format!("mov.b64 {d}, {a}")
            }
            _ => {
                let (d, a) = (self.reg(Class::D), self.reg(Class::G));
                format!("mov.b64 {d}, {a}")
            }
        };
        self.ins(s);
    }

    /// `setp` (every comparison of every type, sometimes combined with a predicate, sometimes
    /// with both results), `selp` and predicate logic.
    fn cmp_op(&mut self) {
        const INT_CMP: [&str; 6] = ["eq", "ne", "lt", "le", "gt", "ge"];
        const UNS_CMP: [&str; 4] = ["lo", "ls", "hi", "hs"];
        const F_CMP: [&str; 14] =
            ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"];
        match self.rng.below(10) {
            0..=5 => {
                let (ty, a, b, cmp) = match self.rng.below(5) {
                    0 => {
                        let t = self.rng.pick(&["u32", "s32", "b32"]);
                        let cmp = match t {
                            "b32" => self.rng.pick(&["eq", "ne"]),
                            "u32" if self.rng.chance(40) => self.rng.pick(&UNS_CMP),
                            _ => self.rng.pick(&INT_CMP),
                        };
                        (t.to_string(), self.s32(), self.s32(), cmp)
                    }
                    1 => {
                        let t = self.rng.pick(&["u64", "s64"]);
                        let cmp = if t == "u64" && self.rng.chance(40) {
                            self.rng.pick(&UNS_CMP)
                        } else {
                            self.rng.pick(&INT_CMP)
                        };
                        (t.to_string(), self.s64(), self.s64(), cmp)
                    }
                    2 => {
                        let t = self.rng.pick(&["u16", "s16"]);
                        (t.to_string(), self.s16(), self.s16(), self.rng.pick(&INT_CMP))
                    }
                    3 => {
                        let ty = if self.rng.chance(25) { "ftz.f32" } else { "f32" };
                        (ty.to_string(), self.sf32(), self.sf32(), self.rng.pick(&F_CMP))
                    }
                    _ => ("f64".to_string(), self.sf64(), self.sf64(), self.rng.pick(&F_CMP)),
                };
                let d = self.reg(Class::P);
                let d = if self.rng.chance(15) { format!("{d}|{}", self.reg(Class::P)) } else { d };
                let s = if self.rng.chance(25) {
                    let bop = self.rng.pick(&["and", "or", "xor"]);
                    let neg = if self.rng.chance(40) { "!" } else { "" };
                    let c = self.reg(Class::P);
                    format!("setp.{cmp}.{bop}.{ty} {d}, {a}, {b}, {neg}{c}")
                } else {
                    format!("setp.{cmp}.{ty} {d}, {a}, {b}")
                };
                self.ins(s);
            }
            6..=7 => {
                let p = self.reg(Class::P);
                let s = match self.rng.below(5) {
                    0 => format!("selp.b32 {}, {}, {}, {p}", self.reg(Class::R), self.s32(), self.s32()),
                    1 => format!("selp.b64 {}, {}, {}, {p}", self.reg(Class::D), self.s64(), self.s64()),
                    2 => format!("selp.f32 {}, {}, {}, {p}", self.reg(Class::F), self.sf32(), self.sf32()),
                    3 => format!("selp.f64 {}, {}, {}, {p}", self.reg(Class::G), self.sf64(), self.sf64()),
                    _ => format!("selp.b16 {}, {}, {}, {p}", self.reg(Class::H), self.s16(), self.s16()),
                };
                self.ins(s);
            }
            _ => {
                let d = self.reg(Class::P);
                let (a, b) = (self.reg(Class::P), self.reg(Class::P));
                let s = if self.rng.chance(25) {
                    format!("not.pred {d}, {a}")
                } else {
                    format!("{}.pred {d}, {a}, {b}", self.rng.pick(&["and", "or", "xor"]))
                };
                self.ins(s);
            }
        }
    }

    /// A lane-dependent branch condition in `%q0`: from the thread index or a data predicate.
    fn lane_cond(&mut self) -> String {
        if self.rng.chance(40) {
            let p = self.reg(Class::P);
            return p;
        }
        let mask = self.rng.pick(&[1u32, 3, 7, 15, 31, 63, 127]);
        let cmp = self.rng.pick(&["eq", "ne", "lt", "ge", "gt", "le"]);
        let v = self.rng.below(u64::from(mask) + 1);
        let src = match self.sreg_cond_src() {
            Some(s) => s,
            None if self.rng.chance(70) => "%stid".to_string(),
            None => self.reg(Class::R),
        };
        self.emit(&format!("and.b32 %s9, {src}, {mask}"));
        self.emit(&format!("setp.{cmp}.u32 %q0, %s9, {v}"));
        "%q0".to_string()
    }

    /// A sequence of instructions and control structures, `n` items long.
    fn block(&mut self, n: u32) {
        for _ in 0..n {
            if self.budget <= 0 {
                return;
            }
            let k = self.rng.below(100);
            let converged = self.divergent == 0 && !self.exited;
            // Shaped kernels have barriers after exits too (a barrier waits for the threads
            // that have not exited).
            let together = self.divergent == 0 && (self.shape.is_some() || !self.exited);
            if k < 7 && self.divergent < 3 {
                self.if_else();
            } else if k < 11 && self.loops < 2 {
                self.loop_();
            } else if k < 13 && self.early_rets < 2 && self.uniform_loops == 0 && !self.func {
                self.early_rets += 1;
                if self.shape.is_some() && converged && self.rng.chance(60) {
                    self.warp_exit();
                    continue;
                }
                if self.divergent > 0 && self.rng.chance(40) {
                    // A whole side of a divergent branch returns: nothing after it in this block.
                    self.emit("ret");
                    self.exited = true;
                    return;
                }
                let c = self.lane_cond();
                self.emit(&format!("@{c} ret"));
                self.exited = true;
            } else if k < 22 && together && !self.func {
                if self.shape.is_some() {
                    self.shaped_collective();
                } else if self.mem.is_some() && self.rng.chance(25) {
                    self.shared_atomics();
                } else {
                    self.collective();
                }
            } else {
                self.op();
            }
        }
    }

    fn if_else(&mut self) {
        let c = self.lane_cond();
        let neg = if self.rng.chance(50) { "!" } else { "" };
        let (els, end) = (self.label(), self.label());
        self.emit(&format!("@{neg}{c} bra {els}"));
        self.divergent += 1;
        let n = 1 + self.rng.below(6) as u32;
        self.block(n);
        let has_else = self.rng.chance(60);
        if has_else {
            self.emit(&format!("bra.uni {end}"));
        }
        self.place(&els);
        if has_else {
            let n = 1 + self.rng.below(6) as u32;
            self.block(n);
            self.place(&end);
        }
        self.divergent -= 1;
    }

    /// A loop of at most 8 iterations per lane: lane-dependent (or warp-uniform) trip counts,
    /// top- or bottom-tested, sometimes with a lane-dependent `break`.
    fn loop_(&mut self) {
        let ctr = format!("%c{}", self.loops);
        let uniform = self.rng.chance(25);
        let src = if uniform {
            match self.uniform_trip_src() {
                Some(s) => s,
                None => format!("%u{}", self.rng.below(2)),
            }
        } else {
            self.reg(Class::R)
        };
        self.emit(&format!("and.b32 {ctr}, {src}, 7"));
        let (head, exit) = (self.label(), self.label());
        let top = self.rng.chance(50);
        // A lane-dependent `break` makes the whole body divergent (from the second iteration
        // on, the lanes that left are missing), even in a loop with a uniform trip count.
        let brk = self.rng.chance(25);
        let divergent = !uniform || brk;
        self.loops += 1;
        if divergent {
            self.divergent += 1;
        } else {
            self.uniform_loops += 1;
        }
        self.place(&head);
        if top {
            self.emit(&format!("setp.eq.u32 %q1, {ctr}, 0"));
            self.emit(&format!("@%q1 bra {exit}"));
        }
        let n = 1 + self.rng.below(6) as u32;
        self.block(n);
        if brk {
            let c = self.lane_cond();
            self.emit(&format!("@{c} bra {exit}"));
            let n = 1 + self.rng.below(3) as u32;
            self.block(n);
        }
        self.emit(&format!("add.s32 {ctr}, {ctr}, -1"));
        if top {
            self.emit(&format!("bra.uni {head}"));
        } else {
            // Bottom-tested: at least one iteration; a counter of 0 wraps to 2^32 - 1, so test
            // the low 3 bits to keep it bounded (8 iterations).
            self.emit(&format!("and.b32 {ctr}, {ctr}, 7"));
            self.emit(&format!("setp.ne.u32 %q1, {ctr}, 0"));
            self.emit(&format!("@%q1 bra {head}"));
        }
        self.place(&exit);
        if divergent {
            self.divergent -= 1;
        } else {
            self.uniform_loops -= 1;
        }
        self.loops -= 1;
    }

    /// A block barrier with a shared-memory exchange, a shuffle, a vote, `activemask` or
    /// `redux.sync`, in code every thread of the block reaches together.
    fn collective(&mut self) {
        match self.rng.below(6) {
            0 | 1 => {
                let k = self.smem;
                self.smem += 1;
                let (c, ty) =
                    self.rng.pick(&[(Class::R, "u32"), (Class::D, "u64"), (Class::F, "f32"), (Class::G, "f64")]);
                let (v, d) = (self.reg(c), self.reg(c));
                let off = 1 + self.rng.below(200);
                self.emit(&format!("mov.u32 %s1, smem{k}"));
                self.emit("shl.b32 %s2, %stid, 3");
                self.emit("add.s32 %s3, %s1, %s2");
                self.emit(&format!("st.shared.{ty} [%s3], {v}"));
                self.emit("bar.sync 0");
                self.emit(&format!("add.s32 %s4, %stid, {off}"));
                self.emit("rem.u32 %s4, %s4, %sntid");
                self.emit("shl.b32 %s4, %s4, 3");
                self.emit("add.s32 %s4, %s1, %s4");
                self.emit(&format!("ld.shared.{ty} {d}, [%s4]"));
                if self.loops > 0 {
                    // In a (uniform) loop the next iteration's store must wait for every
                    // thread's load of this one.
                    self.emit("bar.sync 0");
                }
                self.budget -= 4;
            }
            2 if self.shfl => {
                let mode = self.rng.pick(&["up", "down", "bfly", "idx"]);
                let c = if self.rng.chance(50) { Class::R } else { Class::F };
                let (d, a) = (self.reg(c), self.reg(c));
                let d = if self.rng.chance(30) { format!("{d}|{}", self.reg(Class::P)) } else { d };
                let b = if self.rng.chance(50) {
                    format!("{}", self.rng.below(32))
                } else {
                    let r = self.reg(Class::R);
                    self.emit(&format!("and.b32 %s5, {r}, 31"));
                    "%s5".to_string()
                };
                // Segment mask and clamp: whole warp, or sub-warps of 2..16 lanes.
                let width = self.rng.pick(&[32u32, 32, 16, 8, 4, 2]);
                let clamp = if mode == "up" { 0 } else { 31 };
                let cval = ((32 - width) << 8) | clamp;
                self.emit(&format!("shfl.sync.{mode}.b32 {d}, {a}, {b}, {cval}, -1"));
                self.budget -= 1;
            }
            3 => {
                let neg = if self.rng.chance(30) { "!" } else { "" };
                let a = self.reg(Class::P);
                if self.rng.chance(40) {
                    let d = self.reg(Class::R);
                    self.emit(&format!("vote.sync.ballot.b32 {d}, {neg}{a}, -1"));
                } else {
                    let mode = self.rng.pick(&["all", "any", "uni"]);
                    let d = self.reg(Class::P);
                    self.emit(&format!("vote.sync.{mode}.pred {d}, {neg}{a}, -1"));
                }
                self.budget -= 1;
            }
            4 => {
                let d = self.reg(Class::R);
                self.emit(&format!("activemask.b32 {d}"));
                self.budget -= 1;
            }
            _ => {
                let op = self.rng.pick(&[
                    "add.u32", "add.s32", "min.u32", "min.s32", "max.u32", "max.s32", "and.b32", "or.b32", "xor.b32",
                ]);
                let (d, a) = (self.reg(Class::R), self.reg(Class::R));
                self.emit(&format!("redux.sync.{op} {d}, {a}, -1"));
                self.budget -= 1;
            }
        }
    }
}

/// The input record each thread reads (at `gid * IN_RECORD`): offset, load type, registers
/// (a vector load when several) and the kind of data.
const IN_FIELDS: [(u64, &str, &[&str], Input); 9] = [
    (0, "u32", &["%r0", "%r1", "%r2", "%r3"], Input::U32),
    (16, "f32", &["%f0", "%f1", "%f2", "%f3"], Input::F32),
    (32, "u64", &["%rd0", "%rd1"], Input::U64),
    (48, "f64", &["%fd0", "%fd1"], Input::F64),
    (64, "f64", &["%fd2", "%fd3"], Input::F64),
    (80, "s32", &["%r4", "%r5"], Input::S32),
    (88, "u16", &["%rs0", "%rs1"], Input::U16),
    (96, "u64", &["%rd2"], Input::U64),
    (104, "s32", &["%rd3"], Input::S32Wide),
];
const IN_RECORD: u64 = 112;

/// The output record each thread writes (at `gid * OUT_RECORD`): offset, store type and
/// registers; `%s0..%s3` hold the predicates as 0 or 1.
const OUT_FIELDS: [(u64, &str, &[&str]); 9] = [
    (0, "u32", &["%r0", "%r1", "%r2", "%r3"]),
    (16, "f32", &["%f0", "%f1", "%f2", "%f3"]),
    (32, "u64", &["%rd0", "%rd1"]),
    (48, "u64", &["%rd2", "%rd3"]),
    (64, "f64", &["%fd0", "%fd1"]),
    (80, "f64", &["%fd2", "%fd3"]),
    (96, "u32", &["%r4", "%r5"]),
    (104, "u16", &["%rs0", "%rs1"]),
    (112, "u32", &["%s0", "%s1", "%s2", "%s3"]),
];
const OUT_RECORD: u64 = 128;

/// Bytes of a load/store type.
fn type_size(t: &str) -> u64 {
    match &t[1..] {
        "16" => 2,
        "32" => 4,
        _ => 8,
    }
}

/// `ld`/`st` of one field: a vector access when it names several registers.
fn access(op: &str, ty: &str, regs: &[&str], addr: &str) -> String {
    let (v, r) = match regs.len() {
        1 => (String::new(), regs[0].to_string()),
        n => (format!(".v{n}"), format!("{{{}}}", regs.join(", "))),
    };
    if op == "ld" { format!("ld.global{v}.{ty} {r}, [{addr}]") } else { format!("st.global{v}.{ty} [{addr}], {r}") }
}

/// Whether every value of integer type `from` (u8..s64) is one of integer type `to`.
fn int_fits(from: &str, to: &str) -> bool {
    let bits = |t: &str| t[1..].parse::<u32>().unwrap();
    let (fs, ts) = (from.starts_with('s'), to.starts_with('s'));
    let (fb, tb) = (bits(from), bits(to));
    match (fs, ts) {
        (false, false) | (true, true) => fb <= tb,
        (false, true) => fb < tb,
        (true, false) => false,
    }
}

impl Gen {
    /// The values of the two uniform parameters (`%u0`: often a special value, `%u1`: small).
    fn uniforms(&mut self) -> [u32; 2] {
        [
            if self.rng.chance(50) { self.rng.pick(&I32_SPECIAL) } else { self.rng.next() as u32 },
            self.rng.below(70) as u32,
        ]
    }
}

/// The basic kernels' instructions after their prologue: every result register loaded from the
/// input record (a few loads in all: vectors), the predicates set, random blocks for a random
/// budget, then every result register stored to the output record.
fn basic_body(g: &mut Gen) {
    for (off, ty, regs, _) in IN_FIELDS {
        g.emit(&access("ld", ty, regs, &format!("%sd2+{off}")));
    }
    for k in 0..Class::P.count() {
        let cmp = g.rng.pick(&["lt", "ne", "gt", "ge"]);
        let (a, b) = (g.reg(Class::R), g.reg(Class::R));
        g.emit(&format!("setp.{cmp}.s32 %p{k}, {a}, {b}"));
    }

    g.budget = 30 + g.rng.below(50) as i64;
    while g.budget > 0 {
        let n = g.budget as u32;
        g.block(n);
    }

    for k in 0..Class::P.count() {
        g.emit(&format!("selp.u32 %s{k}, 1, 0, %p{k}"));
    }
    for (off, ty, regs) in OUT_FIELDS {
        g.emit(&access("st", ty, regs, &format!("%sd3+{off}")));
    }
    g.emit("ret");
}

/// The first lines of every generated kernel: `title` as a comment, then the module header.
fn kernel_head(ptx: &mut String, title: &str) {
    let _ = writeln!(ptx, "//\n// {title}\n//\n\n.version 8.8\n.target sm_90\n.address_size 64\n");
}

/// The entry `fuzz(in, out, uniform, uniform)` up to its opening brace, with the scratch
/// buffer's parameter (`fuzz_param_4`) when `scratch`.
fn entry_decl(ptx: &mut String, scratch: bool) {
    let _ = writeln!(ptx, "\t// .globl\tfuzz");
    ptx.push_str(".visible .entry fuzz(\n\t.param .u64 fuzz_param_0,\n\t.param .u64 fuzz_param_1,\n\t.param .u32 fuzz_param_2,\n\t.param .u32 fuzz_param_3");
    ptx.push_str(if scratch { ",\n\t.param .u64 fuzz_param_4\n)\n{\n" } else { "\n)\n{\n" });
}

/// The registers every kernel declares: each class `counts` many, then the prologue's and the
/// epilogue's own (`%sd<sd>`: the records' bases and addresses, and the scratch base).
fn common_regs(ptx: &mut String, counts: impl Fn(Class) -> u64, sd: u32) {
    for c in Class::ALL {
        let _ = writeln!(ptx, "\t.reg {} \t{}<{}>;", c.decl(), c.prefix(), counts(c));
    }
    let _ = write!(
        ptx,
        "\t.reg .pred \t%q<2>;\n\t.reg .b32 \t%s<10>;\n\t.reg .b32 \t%c<2>;\n\t.reg .b32 \t%u<2>;\n\
         \t.reg .b32 \t%stid;\n\t.reg .b32 \t%sntid;\n\t.reg .b32 \t%sgid;\n\t.reg .b64 \t%sd<{sd}>;\n"
    );
}

/// The parameters loaded (the records' bases in `%sd0`, `%sd1`, the uniforms in `%u0`, `%u1`,
/// with `scratch` the scratch buffer's base in `%sd4`), the pointers made global.
fn load_params(ptx: &mut String, scratch: bool) {
    ptx.push_str(
        "\n\tld.param.u64 \t%sd0, [fuzz_param_0];\n\
         \tld.param.u64 \t%sd1, [fuzz_param_1];\n\
         \tld.param.u32 \t%u0, [fuzz_param_2];\n\
         \tld.param.u32 \t%u1, [fuzz_param_3];\n",
    );
    if scratch {
        ptx.push_str("\tld.param.u64 \t%sd4, [fuzz_param_4];\n");
    }
    ptx.push_str("\tcvta.to.global.u64 \t%sd0, %sd0;\n\tcvta.to.global.u64 \t%sd1, %sd1;\n");
    if scratch {
        ptx.push_str("\tcvta.to.global.u64 \t%sd4, %sd4;\n");
    }
}

/// The thread's input and output records' addresses (`%sd2`, `%sd3`) from its index `%sgid`.
fn record_addresses(ptx: &mut String, layout: &Layout) {
    let _ = write!(
        ptx,
        "\tmul.wide.u32 \t%sd2, %sgid, {};\n\
         \tadd.s64 \t%sd2, %sd0, %sd2;\n\
         \tmul.wide.u32 \t%sd3, %sgid, {};\n\
         \tadd.s64 \t%sd3, %sd1, %sd3;\n",
        layout.in_record, layout.out_record
    );
}

/// The text of a kernel over the basic records (`generate`, `shaped::generate_shaped`):
/// `title`, the entry with the common registers and `extra_regs`, `g`'s shared arrays of
/// `smem_bytes` each, the parameters loaded, `index` (which sets `%stid`, `%sntid` and
/// `%sgid`), the records' addresses, then `g`'s body.
fn basic_kernel_text(title: &str, g: &Gen, extra_regs: &str, smem_bytes: u32, index: &str) -> String {
    let mut ptx = String::new();
    kernel_head(&mut ptx, title);
    entry_decl(&mut ptx, false);
    common_regs(&mut ptx, Class::count, 4);
    ptx.push_str(extra_regs);
    for k in 0..g.smem {
        let _ = writeln!(ptx, "\t.shared .align 8 .b8 smem{k}[{smem_bytes}];");
    }
    load_params(&mut ptx, false);
    ptx.push_str(index);
    record_addresses(&mut ptx, &BASIC);
    ptx.push_str(&g.body);
    ptx.push_str("\n}\n");
    ptx
}

/// The basic kernels' thread index (`%stid`, `%sntid`, `%sgid`) in a one-dimensional launch.
const BASIC_INDEX: &str = "\tmov.u32 \t%stid, %tid.x;\n\tmov.u32 \t%sntid, %ntid.x;\n\tmov.u32 \t%s0, %ctaid.x;\n\
                           \tmad.lo.s32 \t%sgid, %s0, %sntid, %stid;\n";

/// Generates kernel `seed`: its &ptx() and launch shape.
fn generate(seed: u64) -> Kernel {
    let mut g = Gen::new(seed);
    let grid = 2 + g.rng.below(2) as u32;
    // Include a partial last warp most of the time.
    let block = g.rng.pick(&[64u32, 72, 80, 95, 96, 65, 88]);
    // Shuffles read other lanes' registers; in a partial warp the source lane may not exist, and
    // what it holds is undefined, so shuffles are generated only for whole warps.
    g.shfl = block.is_multiple_of(32);
    let uniforms = g.uniforms();

    basic_body(&mut g);
    let ptx = basic_kernel_text(&format!("engine_fuzz seed {seed}"), &g, "", 8 * block, BASIC_INDEX);
    Kernel {
        ptx,
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        uniforms,
        layout: &BASIC,
        dyn_smem: 0,
        scratch: Vec::new(),
        scratch_regions: Vec::new(),
    }
}

/// One input value of kind `i`: special values of its type, small exact values or random bits.
fn input_value(rng: &mut Rng, i: Input) -> u64 {
    let r = rng.next();
    let special = rng.chance(55);
    match i {
        Input::U32 | Input::S32 | Input::S32Wide | Input::U16 => {
            if special {
                u64::from(rng.pick(&I32_SPECIAL))
            } else if rng.chance(50) {
                r % 100
            } else {
                r
            }
        }
        Input::U64 => {
            if special {
                rng.pick(&I64_SPECIAL)
            } else if rng.chance(50) {
                r % 200
            } else {
                r
            }
        }
        Input::F32 => {
            if special {
                u64::from(rng.pick(&F32_SPECIAL))
            } else if rng.chance(50) {
                // Small integers and halves: exact cases for rounding and conversions.
                u64::from(((r % 2000) as f32 / 4.0 - 250.0).to_bits())
            } else {
                r
            }
        }
        Input::F64 => {
            if special {
                rng.pick(&F64_SPECIAL)
            } else if rng.chance(50) {
                ((r % 2000) as f64 / 4.0 - 250.0).to_bits()
            } else if rng.chance(30) {
                // An f32 value widened: exact narrowing cases.
                f64::from(f32::from_bits(r as u32)).to_bits()
            } else {
                r
            }
        }
    }
}

/// Input records for `k`'s threads.
fn input_data(k: &Kernel, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed ^ 0x5eed_da7a);
    let mut out = vec![0u8; k.threads() * k.layout.in_record as usize];
    for rec in out.chunks_mut(k.layout.in_record as usize) {
        for &(off, ty, regs, i) in k.layout.input {
            let size = type_size(ty) as usize;
            for e in 0..regs.len() {
                let v = input_value(&mut rng, i).to_le_bytes();
                let at = off as usize + e * size;
                rec[at..at + size].copy_from_slice(&v[..size]);
            }
        }
    }
    out
}

/// The register whose output bytes include record offset `at`, and its offset and size.
fn output_register(layout: &Layout, at: u64) -> (&'static str, u64, u64) {
    for &(off, ty, regs) in layout.output {
        let size = type_size(ty);
        for (e, r) in regs.iter().enumerate() {
            let o = off + e as u64 * size;
            if (o..o + size).contains(&at) {
                return (r, o, size);
            }
        }
    }
    ("(padding)", at, 1)
}

/// What one engine produced: the launch result and the output buffer.
struct Run {
    result: Result<(), String>,
    out: Vec<u8>,
    scratch: Vec<u8>,
    /// The tier that ran the launch (`None`: it faulted).
    tier: Option<Tier>,
    /// Under `Engine::Block`, why the block tier did not run the kernel.
    declined: Option<String>,
}

fn run(k: &Kernel, engine: Engine, input: &[u8]) -> Result<Run, String> {
    let mut p = Program::from_ptx(&k.ptx).map_err(|e| format!("load error: {e}"))?;
    p.set_engine(engine);
    // One worker per launch: the test runs kernels on both cores itself.
    p.set_workers(1);
    let mem = DeviceMemory::new();
    let out_len = k.threads() * k.layout.out_record as usize;
    let din = mem.alloc(input.len() as u64).unwrap();
    let dout = mem.alloc(out_len as u64).unwrap();
    mem.write(din, input).unwrap();
    mem.write(dout, &vec![0xa5; out_len]).unwrap();
    let mut params = Params::new().ptr(din).ptr(dout).u32(k.uniforms[0]).u32(k.uniforms[1]).clone();
    let dscratch = (!k.scratch.is_empty()).then(|| {
        let d = mem.alloc(k.scratch.len() as u64).unwrap();
        mem.write(d, &k.scratch).unwrap();
        params.ptr(d);
        d
    });
    let (grid, block) = (Dim3::new(k.grid[0], k.grid[1], k.grid[2]), Dim3::new(k.block[0], k.block[1], k.block[2]));
    let launched = p.launch("fuzz", grid, block, k.dyn_smem, params.bytes(), &mem);
    let tier = launched.as_ref().ok().map(|s| s.tier);
    let result = launched.map(|_| ()).map_err(|f| format!("{f}"));
    let mut out = vec![0u8; out_len];
    mem.read(dout, &mut out).unwrap();
    let mut scratch = vec![0u8; k.scratch.len()];
    if let Some(d) = dscratch {
        mem.read(d, &mut scratch).unwrap();
    }
    let declined = if engine == Engine::Block { p.jit_fallback_reason("fuzz") } else { None };
    Ok(Run { result, out, scratch, tier, declined })
}

/// The last line of `ptx` that writes register `reg` (for mismatch reports).
fn last_write<'a>(ptx: &'a str, reg: &str) -> Option<(usize, &'a str)> {
    let lines: Vec<(usize, &str)> = ptx.lines().enumerate().collect();
    lines.into_iter().rev().find(|(_, l)| {
        let l = l.trim();
        let l = if l.starts_with('@') { l.split_once(' ').map_or("", |x| x.1) } else { l };
        let Some((op, rest)) = l.split_once(' ') else { return false };
        if op.starts_with("st.") || op.starts_with("bra") {
            return false;
        }
        let dst = if rest.starts_with('{') {
            rest.split('}').next().unwrap_or("")
        } else {
            rest.split(", ").next().unwrap_or("")
        };
        dst.trim_start_matches('{').split(['|', ',']).any(|d| d.trim() == reg)
    })
}

/// Runs kernel `seed` on the engines; `Err` describes the first difference, `Ok` says
/// whether the block tier ran it (else it fell back).
fn check(seed: u64, dump: Option<&str>, generate: fn(u64) -> Kernel) -> Result<bool, String> {
    let k = generate(seed);
    if let Some(dir) = dump {
        std::fs::write(format!("{dir}/{seed}.ptx"), &k.ptx).unwrap();
    }
    let input = input_data(&k, seed);
    compare(seed, &k, &input)
}

/// Removes instructions from kernel `seed` while its engines still differ (chunks of lines,
/// then single lines, to a fixpoint); returns the reduced report (`ENGINE_FUZZ_REDUCE=SEED`).
fn reduce(seed: u64, generate: fn(u64) -> Kernel) -> String {
    let mut k = generate(seed);
    let input = input_data(&k, seed);
    let Err(mut report) = compare(seed, &k, &input) else { return format!("seed {seed}: no difference") };
    // Only data instructions go: the prologue, loads, stores, branches, labels and barriers stay.
    let body = k.ptx.find("\tadd.s64 \t%sd3").unwrap();
    // Memory kernels keep only their structure: removals that make the interpreter fault are
    // rejected anyway.
    let structural = std::ptr::eq(k.layout, &MEM);
    let keep = |l: &str| {
        let t = l.trim_start();
        if structural {
            return !l.starts_with('\t')
                || t.contains("bra")
                || t.starts_with("bar")
                || t.starts_with('.')
                || t.starts_with('{')
                || t.starts_with('}')
                || t.contains("%sd2+")
                || t.contains("%sd3+")
                || t == "ret;";
        }
        !l.starts_with('\t')
            || t.contains("bra")
            || t.starts_with("bar")
            || t.contains("%c")
            || t.contains("%q")
            || t.contains("%s")
            || t.contains("%w")
            || t.starts_with("ld.global")
            || t.starts_with("st.global")
            || t == "ret;"
            || t.starts_with('.')
            || t.starts_with("call")
            || (t.contains("%m") && !t.starts_with("ld") && !t.starts_with("st") && !t.starts_with("atom"))
            || (t.starts_with("mov") && t.contains("%t"))
            || t.starts_with("and.b32 \t%t")
    };
    let prefix = k.ptx[..body].to_string();
    let mut lines: Vec<String> = k.ptx[body..].lines().map(String::from).collect();
    let mut chunk = 32;
    loop {
        let mut changed = false;
        let mut i = lines.len();
        while i > 1 {
            let lo = i.saturating_sub(chunk).max(1);
            let t: Vec<String> = lines
                .iter()
                .enumerate()
                .filter(|&(j, l)| j < lo || j >= i || keep(l))
                .map(|(_, l)| l.clone())
                .collect();
            if t.len() < lines.len() {
                k.ptx = format!("{prefix}{}\n", t.join("\n"));
                // A removal that makes the interpreter fault (an address no longer computed)
                // is not the same difference.
                if let Err(e) = compare(seed, &k, &input)
                    .or_else(|e| if e.contains("interpreter faulted") { Ok(false) } else { Err(e) })
                {
                    lines = t;
                    report = e;
                    changed = true;
                }
            }
            i = lo;
        }
        if !changed {
            if chunk == 1 {
                return report;
            }
            chunk /= 2;
        }
    }
}

/// Runs kernel `k` on `input` on the engines; `Err` describes the first difference, `Ok`
/// whether the block tier ran it.
fn compare(seed: u64, k: &Kernel, input: &[u8]) -> Result<bool, String> {
    let fail = |what: String| format!("seed {seed}: {what}\n--- &ptx() ---\n{}", k.ptx);
    let interp = run(k, Engine::Interp, input).map_err(fail)?;
    if let Err(e) = &interp.result {
        return Err(fail(format!("the interpreter faulted: {e}")));
    }
    let mut block_tier = false;
    for (engine, name) in
        [(Engine::JitAll, "per-thread JIT"), (Engine::Warp, "warp tier"), (Engine::Block, "block tier")]
    {
        let r = run(k, engine, input).map_err(fail)?;
        if r.result != interp.result {
            return Err(fail(format!("{name}: launch {:?}, interpreter {:?}", r.result, interp.result)));
        }
        block_tier |= engine == Engine::Block && r.tier == Some(Tier::Block);
        if let Some(why) = r.declined.as_deref().filter(|w| !declines_by_design(w)) {
            return Err(fail(format!("{name}: the kernel failed to build ({why})")));
        }
        if let Some(byte) = (0..r.scratch.len()).find(|&i| r.scratch[i] != interp.scratch[i]) {
            let (start, region) =
                k.scratch_regions.iter().rev().find(|(o, _)| *o <= byte as u64).cloned().unwrap_or_default();
            return Err(fail(format!(
                "{name} differs from the interpreter in scratch memory at byte {byte} ({region} + {}): \
                 {name} {:#04x}, interpreter {:#04x}",
                byte as u64 - start,
                r.scratch[byte],
                interp.scratch[byte],
            )));
        }
        if let Some(byte) = (0..r.out.len()).find(|&i| r.out[i] != interp.out[i]) {
            let rec = k.layout.out_record as usize;
            let (t, at) = (byte / rec, (byte % rec) as u64);
            let (reg, off, size) = output_register(k.layout, at);
            let val = |o: &[u8]| {
                let mut b = [0u8; 8];
                let from = t * rec + off as usize;
                b[..size as usize].copy_from_slice(&o[from..from + size as usize]);
                u64::from_le_bytes(b)
            };
            let at = last_write(&k.ptx, reg)
                .map_or(String::from("(never written)"), |(l, s)| format!("line {}: `{}`", l + 1, s.trim()));
            return Err(fail(format!(
                "{name} differs from the interpreter: register {reg}, thread {t} (block {}, tid {}): \
                 {name} {:#x}, interpreter {:#x}; last write {at}",
                t / k.block_threads() as usize,
                t % k.block_threads() as usize,
                val(&r.out),
                val(&interp.out),
            )));
        }
    }
    Ok(block_tier)
}

/// Whether `why` (a kernel's `jit_fallback_reason` under `Engine::Block`) is one of the block
/// tier's declines of what it does not translate (`block_tier/eligible.rs`, the per-thread
/// JIT's `unsupported`), not a failure to translate, compile or load what it accepted.
fn declines_by_design(why: &str) -> bool {
    !(why.contains("failed") || why.contains("cannot") || why.contains("bad op reference") || why.contains("dlopen"))
}

/// Random kernels give bit-identical results on the interpreter, the per-thread JIT, the warp
/// tier and the block tier.
#[test]
fn engines_agree_on_random_kernels() {
    fuzz("ENGINE_FUZZ", DEFAULT_SEEDS, generate);
}

/// Runs the kernels of `generate` for the seeds the environment (`{prefix}_SEEDS`, `_START`,
/// `_DUMP`, `_REDUCE`) or `default` says, two at a time; panics listing the seeds that differ.
fn fuzz(prefix: &str, default: u64, generate: fn(u64) -> Kernel) {
    let env = |k: &str| std::env::var(format!("{prefix}_{k}")).ok().and_then(|v| v.parse::<u64>().ok());
    if let Some(seed) = env("REDUCE") {
        panic!("reduced:\n{}", reduce(seed, generate));
    }
    let start = env("START").unwrap_or(0);
    let count = env("SEEDS").unwrap_or(default);
    let dump = std::env::var(format!("{prefix}_DUMP")).ok();
    let on_block_tier = std::sync::atomic::AtomicU64::new(0);
    fuzzing::run_seeds(start, count, &|seed| {
        let ran = check(seed, dump.as_deref(), generate)?;
        on_block_tier.fetch_add(u64::from(ran), std::sync::atomic::Ordering::Relaxed);
        Ok(())
    });
    // What the block tier ran (the others fell back): `--nocapture` shows it.
    eprintln!("{prefix}: the block tier ran {} of {count} kernels", on_block_tier.into_inner());
}

// ---------------------------------------------------------------------------------------------
// Memory kernels (`engines_agree_on_random_memory_kernels`): the basic kernels' instructions and
// control flow, plus loads and stores of every width and vector shape in global, shared (static
// and dynamic), local and generic memory through addresses of many lane patterns, per-thread and
// contended atomics, f16/bf16 arithmetic and conversions, more integer forms, and calls of
// device functions. Whatever two threads may race on is either read-only (the tables), owned by
// one thread (the owned regions: each thread reads and writes only its own element), or touched
// only by commutative atomics whose old values are discarded (the counters).

/// Seeds the committed memory test runs (with `ENGINE_FUZZ_MEM_SEEDS` unset).
const DEFAULT_MEM_SEEDS: u64 = 60;

/// The memory kernels' records: the basic ones plus `%rs2`, `%rs3`, `%r6` and `%r7`.
const MEM_IN_FIELDS: [(u64, &str, &[&str], Input); 11] = [
    (0, "u32", &["%r0", "%r1", "%r2", "%r3"], Input::U32),
    (16, "f32", &["%f0", "%f1", "%f2", "%f3"], Input::F32),
    (32, "u64", &["%rd0", "%rd1"], Input::U64),
    (48, "f64", &["%fd0", "%fd1"], Input::F64),
    (64, "f64", &["%fd2", "%fd3"], Input::F64),
    (80, "s32", &["%r4", "%r5"], Input::S32),
    (88, "u16", &["%rs0", "%rs1"], Input::U16),
    (96, "u64", &["%rd2"], Input::U64),
    (104, "s32", &["%rd3"], Input::S32Wide),
    (112, "u16", &["%rs2", "%rs3"], Input::U16),
    (120, "u32", &["%r6", "%r7"], Input::U32),
];
const MEM_OUT_FIELDS: [(u64, &str, &[&str]); 11] = [
    (0, "u32", &["%r0", "%r1", "%r2", "%r3"]),
    (16, "f32", &["%f0", "%f1", "%f2", "%f3"]),
    (32, "u64", &["%rd0", "%rd1"]),
    (48, "u64", &["%rd2", "%rd3"]),
    (64, "f64", &["%fd0", "%fd1"]),
    (80, "f64", &["%fd2", "%fd3"]),
    (96, "u32", &["%r4", "%r5"]),
    (104, "u16", &["%rs0", "%rs1"]),
    (112, "u32", &["%s0", "%s1", "%s2", "%s3"]),
    (128, "u16", &["%rs2", "%rs3"]),
    (136, "u32", &["%r6", "%r7"]),
];
const MEM: Layout = Layout { input: &MEM_IN_FIELDS, in_record: 128, output: &MEM_OUT_FIELDS, out_record: 144 };

/// The read-only table at the start of the scratch buffer, and the bytes after it that a burst
/// of loads through one address register may reach with its constant offsets.
const TABLE: u64 = 4096;
const TABLE_PAD: u64 = 256;
/// The shared-memory copy of the table's first bytes (followed by `TABLE_PAD` zero bytes).
const SHTABLE: u64 = 1024;
/// Each thread's local array.
const LOCAL: u64 = 64;
/// Counters per contended operation (8 bytes apart).
const SLOTS: u64 = 4;

/// Contended atomic operations and their operand bytes. Each has counters of its own (in global
/// memory after the table, in shared memory at the start of the dynamic area): operations of
/// different kinds on one address do not commute. Float additions add small integers, exact in
/// any order.
const CONTENDED: [(&str, u64); 20] = [
    ("add.u32", 4),
    ("min.u32", 4),
    ("min.s32", 4),
    ("max.u32", 4),
    ("max.s32", 4),
    ("and.b32", 4),
    ("or.b32", 4),
    ("xor.b32", 4),
    ("inc.u32", 4),
    ("dec.u32", 4),
    ("add.f32", 4),
    ("add.u64", 8),
    ("min.u64", 8),
    ("min.s64", 8),
    ("max.u64", 8),
    ("max.s64", 8),
    ("and.b64", 8),
    ("or.b64", 8),
    ("xor.b64", 8),
    ("add.f64", 8),
];
const COUNTERS: u64 = CONTENDED.len() as u64 * SLOTS * 8;

/// What the generator knows about a memory kernel's address spaces.
struct Mem {
    /// Owned regions: register `%ob{r}` holds region `r`'s base address, `%oi{r}` the index of
    /// the calling thread's element (`elem` bytes, aligned to them).
    regions: Vec<Region>,
    /// Device functions `fn0..`.
    funcs: u32,
    block_x: u32,
    block_y: u32,
    /// The bounds of every `atom.inc` and `atom.dec` (the same for all threads, so that their
    /// results do not depend on the order).
    inc_bound: u32,
    dec_bound: u32,
}

#[derive(Clone, Copy)]
struct Region {
    shared: bool,
    elem: u64,
}

/// `ld`/`st` (`op` with its qualifiers) of `regs` (a vector when several) at `addr`.
fn ldst(op: &str, ty: &str, regs: &[String], addr: &str) -> String {
    let (v, r) = match regs.len() {
        1 => (String::new(), regs[0].clone()),
        n => (format!(".v{n}"), format!("{{{}}}", regs.join(", "))),
    };
    if op.starts_with("st") { format!("{op}{v}.{ty} [{addr}], {r}") } else { format!("{op}{v}.{ty} {r}, [{addr}]") }
}

impl Gen {
    fn mem(&self) -> &Mem {
        self.mem.as_ref().unwrap()
    }

    fn mem_kernel_op(&mut self) {
        match self.rng.below(100) {
            0..=21 => self.owned_access(),
            22..=30 => self.owned_atomic(),
            31..=44 => self.table_load(),
            45..=53 => self.local_access(),
            54..=61 => {
                let shared = self.rng.chance(30);
                self.contended_atomic(shared);
            }
            62..=75 => self.half_op(),
            76..=94 => self.int_ext_op(),
            _ if self.mem().funcs > 0 => self.call_op(),
            _ => self.int_ext_op(),
        }
    }

    /// An access shape of at most `max` bytes: element bytes and vector length.
    fn shape(&mut self, max: u64) -> (u64, u64) {
        const SHAPES: [(u64, u64); 13] =
            [(1, 1), (2, 1), (4, 1), (8, 1), (4, 1), (8, 1), (1, 2), (1, 4), (2, 2), (2, 4), (4, 2), (4, 4), (8, 2)];
        loop {
            let (s, n) = self.rng.pick(&SHAPES);
            if s * n <= max {
                return (s, n);
            }
        }
    }

    /// A type for `n` elements of `s` bytes and `n` distinct registers for them (narrow types
    /// also in wider registers: loads extend, stores truncate; f16 data moves as `b16`).
    fn data_regs(&mut self, s: u64, n: u64) -> (&'static str, Vec<String>) {
        let any = [Class::H, Class::R, Class::D];
        let class = match s {
            1 | 2 if n > 1 => Class::H,
            1 | 2 => self.rng.pick(&any),
            4 if self.rng.chance(30) => Class::F,
            4 if n == 1 && self.rng.chance(25) => Class::D,
            4 => Class::R,
            _ if self.rng.chance(30) => Class::G,
            _ => Class::D,
        };
        let ty = match (s, class) {
            (1, _) => self.rng.pick(&["u8", "s8", "b8"]),
            (2, _) => self.rng.pick(&["u16", "s16", "b16"]),
            (4, Class::F) => "f32",
            (4, Class::D) => self.rng.pick(&["u32", "s32"]),
            (4, _) => self.rng.pick(&["u32", "s32", "b32"]),
            (_, Class::G) => "f64",
            _ => self.rng.pick(&["u64", "s64", "b64"]),
        };
        let mut idx: Vec<u64> = (0..self.counts[class as usize]).collect();
        for i in 0..n as usize {
            let j = i + self.rng.below((idx.len() - i) as u64) as usize;
            idx.swap(i, j);
        }
        (ty, idx[..n as usize].iter().map(|i| format!("{}{i}", class.prefix())).collect())
    }

    /// Emits `base + idx * scale` (`scale` a power of two) as an address of state space `space`
    /// in one of the forms compilers write, sometimes converted to a generic address; returns
    /// the access's state-space qualifier (empty: generic) and the address register.
    fn address(&mut self, space: &str, base: &str, idx: &str, scale: u64) -> (String, String) {
        if space == "shared" && self.rng.chance(20) {
            self.emit(&format!("cvt.u32.u64 %t3, {base}"));
            self.emit(&format!("mad.lo.s32 %t3, {idx}, {scale}, %t3"));
            return (".shared".to_string(), "%t3".to_string());
        }
        match self.rng.below(4) {
            0 | 1 => {
                self.emit(&format!("mul.wide.u32 %m0, {idx}, {scale}"));
                self.emit(&format!("add.s64 %m0, {base}, %m0"));
            }
            2 => {
                self.emit(&format!("cvt.u64.u32 %m0, {idx}"));
                self.emit(&format!("shl.b64 %m0, %m0, {}", scale.trailing_zeros()));
                self.emit(&format!("add.s64 %m0, %m0, {base}"));
            }
            _ => {
                self.emit(&format!("mul.lo.s32 %t3, {idx}, {scale}"));
                self.emit("cvt.u64.u32 %m0, %t3");
                self.emit(&format!("add.s64 %m0, {base}, %m0"));
            }
        }
        self.budget -= 1;
        if self.rng.chance(20) {
            self.emit(&format!("cvta.{space}.u64 %m1, %m0"));
            (String::new(), "%m1".to_string())
        } else {
            (format!(".{space}"), "%m0".to_string())
        }
    }

    /// A load or store of the calling thread's element of an owned region.
    fn owned_access(&mut self) {
        let r = self.rng.below(self.mem().regions.len() as u64) as usize;
        let reg = self.mem().regions[r];
        let (s, n) = self.shape(reg.elem);
        let off = s * n * self.rng.below(reg.elem / (s * n));
        let space = if reg.shared { "shared" } else { "global" };
        let (q, a) = self.address(space, &format!("%ob{r}"), &format!("%oi{r}"), reg.elem);
        let (ty, regs) = self.data_regs(s, n);
        let op = if self.rng.chance(50) { "ld" } else { "st" };
        let sem = match self.rng.below(10) {
            0 => ".volatile",
            1 => ".relaxed.gpu",
            _ => "",
        };
        self.ins(ldst(&format!("{op}{sem}{q}"), ty, &regs, &format!("{a}+{off}")));
    }

    /// An atomic on the calling thread's element: every operation, the old value compared.
    fn owned_atomic(&mut self) {
        let regions: Vec<usize> = (0..self.mem().regions.len()).filter(|&r| self.mem().regions[r].elem >= 4).collect();
        if regions.is_empty() {
            return self.owned_access();
        }
        let r = self.rng.pick(&regions);
        let reg = self.mem().regions[r];
        let wide = reg.elem >= 8 && self.rng.chance(40);
        let size = if wide { 8 } else { 4 };
        let off = size * self.rng.below(reg.elem / size);
        let space = if reg.shared { "shared" } else { "global" };
        let (q, a) = self.address(space, &format!("%ob{r}"), &format!("%oi{r}"), reg.elem);
        const OPS32: [&str; 14] = [
            "add.u32", "add.s32", "min.u32", "min.s32", "max.u32", "max.s32", "and.b32", "or.b32", "xor.b32",
            "inc.u32", "dec.u32", "exch.b32", "cas.b32", "add.f32",
        ];
        const OPS64: [&str; 11] = [
            "add.u64", "min.u64", "min.s64", "max.u64", "max.s64", "and.b64", "or.b64", "xor.b64", "exch.b64",
            "cas.b64", "add.f64",
        ];
        let op = if wide { self.rng.pick(&OPS64) } else { self.rng.pick(&OPS32) };
        let class = match op {
            "add.f32" => Class::F,
            "add.f64" => Class::G,
            _ if wide => Class::D,
            _ => Class::R,
        };
        let src = |g: &mut Gen| match class {
            Class::R => g.s32(),
            Class::D => g.s64(),
            c => g.reg(c),
        };
        let (d, b) = (self.reg(class), src(self));
        let s = if op.starts_with("cas") {
            let c = src(self);
            format!("atom{q}.{op} {d}, [{a}+{off}], {b}, {c}")
        } else if !op.starts_with("exch") && self.rng.chance(25) {
            format!("red{q}.{op} [{a}+{off}], {b}")
        } else {
            format!("atom{q}.{op} {d}, [{a}+{off}], {b}")
        };
        self.ins(s);
    }

    /// An index into `%t0` with a lane pattern: consecutive, reversed, strided, 2D rows or
    /// columns, pairs, gathered or warp-uniform; returns whether it is warp-uniform.
    fn index_expr(&mut self) -> bool {
        let c = self.rng.below(40);
        let (bx, by) = (self.mem().block_x, self.mem().block_y);
        let (s, uniform) = match self.rng.below(12) {
            0 => (format!("add.s32 %t0, %sgid, {c}"), false),
            1 => (format!("add.s32 %t0, %stid, {c}"), false),
            2 => (format!("sub.s32 %t0, {}, %sgid", 1000 + c), false),
            3 => (format!("mul.lo.s32 %t0, %sgid, {}", self.rng.pick(&[2, 3, 4, 5, 8, 16, 33])), false),
            4 => (format!("mad.lo.s32 %t0, %tidy, {}, %tidx", self.rng.pick(&[bx, bx, 16, 32, 8, 64])), false),
            5 => (format!("mad.lo.s32 %t0, %tidx, {}, %tidy", self.rng.pick(&[by, 4, 16, 32])), false),
            6 => (format!("xor.b32 %t0, %stid, {}", self.rng.pick(&[31, 1, 16])), false),
            7 => (format!("shr.u32 %t0, %stid, {}", 1 + self.rng.below(3)), false),
            8 | 9 => (format!("mov.b32 %t0, {}", self.reg(Class::R)), false),
            10 => (format!("mov.b32 %t0, %u{}", self.rng.below(2)), true),
            _ => {
                (format!("mov.u32 %t0, {}", if self.rng.chance(50) { "%cta".to_string() } else { c.to_string() }), true)
            }
        };
        self.emit(&s);
        uniform
    }

    /// Loads from the read-only table (global: `ld`, `ld.global.nc`, `ldu` through a uniform
    /// address; or its shared copy), sometimes a burst through one address register.
    fn table_load(&mut self) {
        let shared = self.rng.chance(30);
        let (s, n) = self.shape(16);
        let vs = s * n;
        let uniform = self.index_expr();
        let limit = if shared { SHTABLE } else { TABLE };
        self.emit(&format!("and.b32 %t0, %t0, {}", limit / vs - 1));
        let (space, base) = if shared { ("shared", "%shb") } else { ("global", "%tb") };
        let (q, a) = self.address(space, base, "%t0", vs);
        let op = match q.as_str() {
            ".global" => self.rng.pick(if uniform {
                &["ld.global", "ld.global.nc", "ldu.global"][..]
            } else {
                &["ld.global", "ld.global.nc"]
            }),
            "" if uniform && !shared && self.rng.chance(30) => "ldu",
            "" => "ld",
            _ => "ld.shared",
        };
        let burst = if n == 1 && self.rng.chance(40) { 2 + self.rng.below(3) } else { 1 };
        for k in 0..burst {
            let off = if k == 0 { 0 } else { vs * self.rng.below(TABLE_PAD / vs) };
            let (ty, regs) = self.data_regs(s, n);
            self.ins(ldst(op, ty, &regs, &format!("{a}+{off}")));
        }
    }

    /// A load or store in the thread's local array at a per-lane, uniform or constant index.
    fn local_access(&mut self) {
        let (s, n) = self.shape(16);
        let vs = s * n;
        let src = match self.rng.below(4) {
            0 | 1 => self.reg(Class::R),
            2 => "%stid".to_string(),
            _ => format!("%u{}", self.rng.below(2)),
        };
        self.emit(&format!("and.b32 %t1, {src}, {}", LOCAL / vs - 1));
        let (q, a) = self.address("local", "%lb", "%t1", vs);
        let (ty, regs) = self.data_regs(s, n);
        let op = if self.rng.chance(50) { "ld" } else { "st" };
        self.ins(ldst(&format!("{op}{q}"), ty, &regs, &a));
    }

    /// A contended atomic (`red`, or `atom` into a register nothing reads) on one of the
    /// counters of its operation; returns the operation's index in `CONTENDED`.
    fn contended_atomic(&mut self, shared: bool) -> usize {
        let k = self.rng.below(CONTENDED.len() as u64) as usize;
        let (op, size) = CONTENDED[k];
        let val = match op {
            "add.f32" | "add.f64" => {
                let r = self.reg(Class::R);
                self.emit(&format!("and.b32 %t1, {r}, 255"));
                self.emit("add.s32 %t1, %t1, -128");
                let (d, t) = if size == 4 { ("%kf", "f32") } else { ("%kg", "f64") };
                self.emit(&format!("cvt.rn.{t}.s32 {d}, %t1"));
                d.to_string()
            }
            "inc.u32" => self.mem().inc_bound.to_string(),
            "dec.u32" => self.mem().dec_bound.to_string(),
            _ if size == 4 => self.s32(),
            _ => self.s64(),
        };
        let idx = match self.rng.below(4) {
            0 => format!("%u{}", self.rng.below(2)),
            1 => "%stid".to_string(),
            _ => self.reg(Class::R),
        };
        self.emit(&format!("and.b32 %t2, {idx}, {}", SLOTS - 1));
        let (space, base) = if shared { ("shared", "%scb") } else { ("global", "%cb") };
        let (q, a) = self.address(space, base, "%t2", 8);
        let off = k as u64 * SLOTS * 8;
        let sink = match op {
            "add.f32" => "%kf",
            "add.f64" => "%kg",
            _ if size == 4 => "%kr",
            _ => "%kd",
        };
        let s = if self.rng.chance(50) {
            format!("red{q}.{op} [{a}+{off}], {val}")
        } else {
            format!("atom{q}.{op} {sink}, [{a}+{off}], {val}")
        };
        self.ins(s);
        k
    }

    /// Contended atomics on shared counters, a barrier, loads of counters, a barrier (where the
    /// whole block is converged).
    fn shared_atomics(&mut self) {
        let n = 1 + self.rng.below(3);
        let ks: Vec<usize> = (0..n).map(|_| self.contended_atomic(true)).collect();
        self.emit("bar.sync 0");
        for k in ks {
            let (op, size) = CONTENDED[k];
            let (class, ty) = match op {
                "add.f32" => (Class::F, "f32"),
                "add.f64" => (Class::G, "f64"),
                _ if size == 4 => (Class::R, "u32"),
                _ => (Class::D, "u64"),
            };
            let d = self.reg(class);
            let off = k as u64 * SLOTS * 8 + 8 * self.rng.below(SLOTS);
            self.emit(&format!("ld.shared.{ty} {d}, [%scb+{off}]"));
        }
        self.emit("bar.sync 0");
        self.budget -= 2;
    }

    /// f16, f16x2, bf16 and bf16x2 arithmetic, min/max and conversions.
    fn half_op(&mut self) {
        let bf = self.rng.chance(40);
        let x2 = self.rng.chance(40);
        let (c, ty) = match (bf, x2) {
            (false, false) => (Class::H, "f16"),
            (false, true) => (Class::R, "f16x2"),
            (true, false) => (Class::H, "bf16"),
            (true, true) => (Class::R, "bf16x2"),
        };
        let (d, a, b, e) = (self.reg(c), self.reg(c), self.reg(c), self.reg(c));
        let ftz = if !bf && self.rng.chance(25) { ".ftz" } else { "" };
        let sat = if !bf && self.rng.chance(15) { ".sat" } else { "" };
        let rn = if self.rng.chance(50) { ".rn" } else { "" };
        let s = match self.rng.below(9) {
            0..=2 => {
                let op = self.rng.pick(&["add", "sub", "mul"]);
                format!("{op}{rn}{ftz}{sat}.{ty} {d}, {a}, {b}")
            }
            3 => {
                let relu = if sat.is_empty() && self.rng.chance(25) { ".relu" } else { "" };
                format!("fma.rn{ftz}{sat}{relu}.{ty} {d}, {a}, {b}, {e}")
            }
            4 | 5 => {
                let op = self.rng.pick(&["min", "max"]);
                let nan = if self.rng.chance(40) { ".NaN" } else { "" };
                let x = if self.rng.chance(30) { ".xorsign.abs" } else { "" };
                format!("{op}{ftz}{nan}{x}.{ty} {d}, {a}, {b}")
            }
            6 => format!("{}{ftz}.{ty} {d}, {a}", self.rng.pick(&["neg", "abs"])),
            _ => return self.half_cvt(),
        };
        self.ins(s);
    }

    fn half_cvt(&mut self) {
        const INTS: [&str; 6] = ["u16", "s16", "u32", "s32", "u64", "s64"];
        let ht = self.rng.pick(&["f16", "bf16"]);
        let h = self.reg(Class::H);
        // `.relu` and `.satfinite` only with `.rn` and `.rz` (ptxas).
        let rnd = self.rng.pick(&ROUND_F);
        let rn_rz = rnd == ".rn" || rnd == ".rz";
        let relu = if rn_rz && self.rng.chance(20) { ".relu" } else { "" };
        let satf = if rn_rz && self.rng.chance(25) { ".satfinite" } else { "" };
        let s = match self.rng.below(8) {
            0 => format!("cvt{rnd}{relu}{satf}.{ht}.f32 {h}, {}", self.sf32()),
            1 => format!("cvt.f32.{ht} {}, {h}", self.reg(Class::F)),
            2 => format!("cvt{}.{ht}.f64 {h}, {}", self.rng.pick(&ROUND_F), self.sf64()),
            3 => format!("cvt.f64.{ht} {}, {h}", self.reg(Class::G)),
            4 => {
                let (d, a, b) = (self.reg(Class::R), self.sf32(), self.sf32());
                format!("cvt.rn{relu}{satf}.{ht}x2.f32 {d}, {a}, {b}")
            }
            5 => {
                let it = self.rng.pick(&INTS);
                // ptxas takes `.sat` from f16 only.
                let sat = if ht == "f16" && self.rng.chance(30) { ".sat" } else { "" };
                let d = self.int_dst(it);
                format!("cvt{}{sat}.{it}.{ht} {d}, {h}", self.rng.pick(&ROUND_I))
            }
            6 => {
                let it = self.rng.pick(&INTS);
                let a = self.int_src(it);
                format!("cvt{}.{ht}.{it} {h}, {a}", self.rng.pick(&ROUND_F))
            }
            _ => {
                let other = if ht == "f16" { "bf16" } else { "f16" };
                format!("cvt{}.{ht}.{other} {h}, {}", self.rng.pick(&ROUND_F), self.reg(Class::H))
            }
        };
        self.ins(s);
    }

    /// Extended-precision chains and the less common integer, bit and float forms.
    fn int_ext_op(&mut self) {
        let t = self.rng.pick(&["u32", "s32"]);
        let d = self.reg(Class::R);
        let (a, b, c) = (self.s32(), self.s32(), self.s32());
        let s = match self.rng.below(16) {
            0 | 1 => return self.carry_chain(),
            2 => format!("mul24.{}.{t} {d}, {a}, {b}", self.rng.pick(&["lo", "hi"])),
            3 => {
                let mode =
                    if t == "s32" { self.rng.pick(&["lo", "hi", "hi.sat"]) } else { self.rng.pick(&["lo", "hi"]) };
                format!("mad24.{mode}.{t} {d}, {a}, {b}, {c}")
            }
            4 => match self.rng.below(3) {
                0 => format!("sad.{t} {d}, {a}, {b}, {c}"),
                1 => {
                    let t = self.rng.pick(&["u64", "s64"]);
                    let (d, a, b, c) = (self.reg(Class::D), self.s64(), self.s64(), self.s64());
                    format!("sad.{t} {d}, {a}, {b}, {c}")
                }
                _ => {
                    let t = self.rng.pick(&["u16", "s16"]);
                    let (d, a, b, c) = (self.reg(Class::H), self.s16(), self.s16(), self.s16());
                    format!("sad.{t} {d}, {a}, {b}, {c}")
                }
            },
            5 => {
                let sh = if self.rng.chance(40) { ".shiftamt" } else { "" };
                if self.rng.chance(40) {
                    let t = self.rng.pick(&["u64", "s64"]);
                    format!("bfind{sh}.{t} {d}, {}", self.s64())
                } else {
                    format!("bfind{sh}.{t} {d}, {a}")
                }
            }
            6 => {
                let base = if self.rng.chance(50) {
                    self.rng.below(32).to_string()
                } else {
                    let r = self.reg(Class::R);
                    self.emit(&format!("and.b32 %t1, {r}, 31"));
                    "%t1".to_string()
                };
                let off =
                    if self.rng.chance(50) { self.reg(Class::R) } else { format!("{}", self.rng.below(9) as i64 - 4) };
                format!("fns.b32 {d}, {a}, {base}, {off}")
            }
            7 => {
                let (dir, mode) = (self.rng.pick(&["l", "r"]), self.rng.pick(&["wrap", "clamp"]));
                let amt = self.amount();
                format!("shf.{dir}.{mode}.b32 {d}, {a}, {b}, {amt}")
            }
            8 => format!("lop3.b32 {d}, {a}, {b}, {c}, {}", self.rng.below(256)),
            9 => {
                let (ta, tb) = (self.rng.pick(&["u32", "s32"]), self.rng.pick(&["u32", "s32"]));
                if self.rng.chance(50) {
                    format!("dp4a.{ta}.{tb} {d}, {a}, {b}, {c}")
                } else {
                    format!("dp2a.{}.{ta}.{tb} {d}, {a}, {b}, {c}", self.rng.pick(&["lo", "hi"]))
                }
            }
            10 => {
                let op = self.rng.pick(&["finite", "infinite", "number", "notanumber", "normal", "subnormal"]);
                let p = self.reg(Class::P);
                if self.rng.chance(50) {
                    format!("testp.{op}.f32 {p}, {}", self.reg(Class::F))
                } else {
                    format!("testp.{op}.f64 {p}, {}", self.reg(Class::G))
                }
            }
            11 => {
                if self.rng.chance(50) {
                    format!("copysign.f32 {}, {}, {}", self.reg(Class::F), self.sf32(), self.sf32())
                } else {
                    format!("copysign.f64 {}, {}, {}", self.reg(Class::G), self.sf64(), self.sf64())
                }
            }
            12 => {
                let op = self.rng.pick(&["min", "max"]);
                let m = self.rng.pick(&["", ".NaN", ".ftz.NaN", ".ftz"]);
                let x = if self.rng.chance(40) { ".xorsign.abs" } else { "" };
                format!("{op}{m}{x}.f32 {}, {}, {}", self.reg(Class::F), self.sf32(), self.sf32())
            }
            13 => {
                let amt = self.amount();
                let mode = self.rng.pick(&["clamp", "wrap"]);
                if self.rng.chance(50) {
                    format!("bmsk.{mode}.b32 {d}, {a}, {amt}")
                } else {
                    format!("szext.{mode}.{t} {d}, {a}, {amt}")
                }
            }
            _ => return self.cvt_op(),
        };
        self.ins(s);
    }

    /// `add.cc`/`sub.cc`/`mad.cc` followed by `addc`/`subc`/`madc` (32 or 64 bits), unguarded:
    /// the carry flag passes between them.
    fn carry_chain(&mut self) {
        let wide = self.rng.chance(35);
        let len = 2 + self.rng.below(3);
        for i in 0..len {
            let (d, a, b, c) = if wide {
                (self.reg(Class::D), self.s64(), self.s64(), self.s64())
            } else {
                (self.reg(Class::R), self.s32(), self.s32(), self.s32())
            };
            let t = if wide { self.rng.pick(&["u64", "s64"]) } else { self.rng.pick(&["u32", "s32"]) };
            let cc = if i + 1 < len || self.rng.chance(30) { ".cc" } else { "" };
            let c_in = if i == 0 { "" } else { "c" };
            let s = match self.rng.below(5) {
                0 | 1 => format!("add{c_in}{cc}.{t} {d}, {a}, {b}"),
                2 | 3 => format!("sub{c_in}{cc}.{t} {d}, {a}, {b}"),
                _ => {
                    let hl = self.rng.pick(&["lo", "hi"]);
                    let c_in = if i == 0 { "mad" } else { "madc" };
                    format!("{c_in}.{hl}{cc}.{t} {d}, {a}, {b}, {c}")
                }
            };
            self.emit(&s);
            self.budget -= 1;
        }
    }

    /// A call of a device function (`call.uni` where the warp cannot be diverged).
    fn call_op(&mut self) {
        let f = self.rng.below(u64::from(self.mem().funcs));
        let g = self.guard();
        let uni = if g.is_empty() && self.divergent == 0 && !self.exited { ".uni" } else { "" };
        let args = [
            ("b32", self.reg(Class::R)),
            ("b32", self.reg(Class::R)),
            ("b64", self.reg(Class::D)),
            ("f32", self.reg(Class::F)),
            ("f64", self.reg(Class::G)),
        ];
        let d = self.reg(Class::R);
        self.body.push_str("\t{\n");
        for (i, (t, r)) in args.iter().enumerate() {
            self.emit(&format!(".param .{t} param{i}"));
            self.emit(&format!("st.param.{t} [param{i}], {r}"));
        }
        self.emit(".param .b32 retval0");
        self.emit(&format!("{g}call{uni} (retval0), fn{f}, (param0, param1, param2, param3, param4)"));
        // `ld.param` of a return value cannot be predicated.
        self.emit("ld.param.b32 %t1, [retval0]");
        self.emit(&format!("{g}mov.b32 {d}, %t1"));
        self.body.push_str("\t}\n");
        self.budget -= 3;
    }
}

/// Device function `fn{k}` of memory kernel `seed`: `(b32, b32, b64, f32, f64) -> b32`, random
/// instructions and control flow over its own registers (every one initialized).
fn device_function(seed: u64, k: u32) -> String {
    let mut g = Gen::new(seed ^ (0xf00d_0000 + u64::from(k)));
    g.func = true;
    g.counts = [2, 1, 3, 2, 2, 2];
    g.lprefix = format!("$L__BB{}_", k + 1);
    for (i, (t, r)) in
        [("b32", "%r0"), ("b32", "%r1"), ("b64", "%rd0"), ("f32", "%f0"), ("f64", "%fd0")].iter().enumerate()
    {
        g.emit(&format!("ld.param.{t} {r}, [fn{k}_param_{i}]"));
    }
    let (r2, rd1, f1, fd1, u0, u1) =
        (g.imm32(), g.imm64(), g.rng.pick(&F32_SPECIAL), g.rng.pick(&F64_SPECIAL), g.imm32(), g.rng.below(70));
    g.emit(&format!("mov.b32 %r2, {r2}"));
    g.emit(&format!("mov.b64 %rd1, {rd1}"));
    g.emit(&format!("mov.b32 %f1, 0f{f1:08X}"));
    g.emit(&format!("mov.b64 %fd1, 0d{fd1:016X}"));
    g.emit("cvt.u16.u32 %rs0, %r1");
    g.emit("setp.lt.s32 %p0, %r0, %r1");
    g.emit("setp.gt.u64 %p1, %rd0, %rd1");
    g.emit(&format!("mov.b32 %u0, {u0}"));
    g.emit(&format!("mov.b32 %u1, {u1}"));
    g.emit("mov.u32 %stid, %tid.x");
    g.budget = 4 + g.rng.below(12) as i64;
    while g.budget > 0 {
        let n = g.budget as u32;
        g.block(n);
    }
    // Every register into the result.
    g.emit("mov.b32 %s0, %f0");
    g.emit("mov.b32 %s1, %f1");
    g.emit("mov.b64 {%s2, %s3}, %rd0");
    g.emit("mov.b64 {%s4, %s5}, %fd0");
    g.emit("cvt.u32.u16 %s6, %rs0");
    g.emit("selp.b32 %s7, 3, 5, %p0");
    g.emit("selp.b32 %s8, 7, 11, %p1");
    for r in ["%r1", "%r2", "%s0", "%s1", "%s2", "%s3", "%s4", "%s5", "%s6", "%s7", "%s8"] {
        g.emit(&format!("xor.b32 %r0, %r0, {r}"));
        g.emit("shf.l.wrap.b32 %r0, %r0, %r0, 5");
    }
    g.emit("mov.b64 {%s2, %s3}, %rd1");
    g.emit("mov.b64 {%s4, %s5}, %fd1");
    g.emit("add.s32 %r0, %r0, %s2");
    g.emit("add.s32 %r0, %r0, %s5");
    g.emit(&format!("st.param.b32 [fn{k}_ret], %r0"));
    g.emit("ret");
    let mut f = format!(
        ".func (.param .b32 fn{k}_ret) fn{k}(\n\t.param .b32 fn{k}_param_0,\n\t.param .b32 fn{k}_param_1,\n\
         \t.param .b64 fn{k}_param_2,\n\t.param .f32 fn{k}_param_3,\n\t.param .f64 fn{k}_param_4\n)\n{{\n"
    );
    for c in Class::ALL {
        let _ = writeln!(f, "\t.reg {} \t{}<{}>;", c.decl(), c.prefix(), g.counts[c as usize]);
    }
    f.push_str("\t.reg .pred \t%q<2>;\n\t.reg .b32 \t%s<10>;\n\t.reg .b32 \t%c<2>;\n\t.reg .b32 \t%u<2>;\n\t.reg .b32 \t%stid;\n");
    f.push_str(&g.body);
    f.push_str("}\n\n");
    f
}

/// An owned region's mapping from thread to element: identity, reversed, strided or a
/// permutation `(n * m + c) mod N`; returns the instruction computing `%oi{r}` from `n` and
/// the elements the region needs.
fn mapping(rng: &mut Rng, r: usize, n: &str, count: u32) -> (String, u64) {
    let gcd = |mut a: u32, mut b: u32| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    match rng.below(5) {
        0 | 1 => (format!("mov.b32 %oi{r}, {n}"), u64::from(count)),
        2 => (format!("sub.s32 %oi{r}, {}, {n}", count - 1), u64::from(count)),
        3 => {
            let s = 2 + rng.below(2) as u32;
            (format!("mul.lo.s32 %oi{r}, {n}, {s}"), u64::from(count * s))
        }
        _ => {
            let m = (3..).step_by(2).skip(rng.below(6) as usize).find(|&m| gcd(m, count) == 1).unwrap();
            let c = rng.below(u64::from(count));
            (format!("mad.lo.s32 %oi{r}, {n}, {m}, {c};\n\trem.u32 %oi{r}, %oi{r}, {count}"), u64::from(count))
        }
    }
}

/// Random scratch bytes: 8-byte words of integer and float special values or random bits.
fn fill(rng: &mut Rng, out: &mut Vec<u8>, len: u64) {
    let kinds = [Input::U32, Input::F32, Input::U64, Input::F64, Input::U16];
    while (out.len() as u64) < len {
        let k = rng.pick(&kinds);
        let w = match k {
            Input::U32 | Input::F32 | Input::U16 => input_value(rng, k) & 0xffff_ffff | input_value(rng, k) << 32,
            _ => input_value(rng, k),
        };
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.truncate(len as usize);
}

/// Generates memory kernel `seed`: its &ptx(), launch shape and scratch buffer.
fn generate_mem(seed: u64) -> Kernel {
    let mut g = Gen::new(seed ^ 0x6d65_6d6f_7279);
    g.counts = [4, 4, 8, 4, 4, 4];
    let grid = 1 + g.rng.below(3) as u32;
    let (bx, by) =
        g.rng.pick(&[(32, 1), (64, 1), (96, 1), (40, 1), (72, 1), (16, 2), (8, 4), (32, 2), (16, 3), (12, 5), (20, 3)]);
    let (block, threads) = (bx * by, grid * bx * by);
    g.shfl = block.is_multiple_of(32);
    let uniforms = g.uniforms();

    // The scratch buffer: table, counters, owned global regions, dumps of the shared regions
    // and the local arrays.
    let mut scratch = Vec::new();
    let mut scratch_regions = vec![(0, "table".to_string())];
    fill(&mut g.rng, &mut scratch, TABLE + TABLE_PAD);
    scratch_regions.push((scratch.len() as u64, "global counters".to_string()));
    for (op, size) in CONTENDED {
        for _ in 0..SLOTS {
            let v = match op {
                "add.f32" => u64::from((g.rng.below(100) as f32).to_bits()),
                "add.f64" => (g.rng.below(100) as f64).to_bits(),
                _ => input_value(&mut g.rng, if size == 4 { Input::U32 } else { Input::U64 }),
            };
            scratch.extend_from_slice(&v.to_le_bytes());
        }
    }
    let nregions = 2 + g.rng.below(3) as usize;
    let mut regions = Vec::new();
    let mut setup = Vec::new();
    let mut decls = String::new();
    let mut dyn_smem = COUNTERS;
    for r in 0..nregions {
        let shared = r == 0 || (r > 1 && g.rng.chance(40));
        let elem = g.rng.pick(&[1u64, 2, 4, 4, 8, 8, 16, 16]);
        let (n, count) = if shared { ("%stid", block) } else { ("%sgid", threads) };
        let (map, elems) = mapping(&mut g.rng, r, n, count);
        let size = (elems * elem).next_multiple_of(16);
        setup.push(map);
        if !shared {
            setup.push(format!("add.s64 %ob{r}, %sd4, {}", scratch.len()));
            scratch_regions.push((scratch.len() as u64, format!("global region {r} ({elem}-byte elements)")));
            let end = scratch.len() as u64 + size;
            fill(&mut g.rng, &mut scratch, end);
        } else if g.rng.chance(50) {
            setup.push(format!("mov.u64 %ob{r}, dsm"));
            setup.push(format!("add.s64 %ob{r}, %ob{r}, {dyn_smem}"));
            dyn_smem += size;
        } else {
            let _ = writeln!(decls, "\t.shared .align 16 .b8 sho{r}[{size}];");
            setup.push(format!("mov.u64 %ob{r}, sho{r}"));
        }
        regions.push(Region { shared, elem });
    }
    let mut dumps = Vec::new();
    for (r, reg) in regions.iter().enumerate().filter(|(_, reg)| reg.shared) {
        dumps.push((r, reg.elem, scratch.len()));
        scratch_regions.push((scratch.len() as u64, format!("dump of shared region {r} ({}-byte elements)", reg.elem)));
        scratch.resize(scratch.len() + 16 * threads as usize, 0xa5);
    }
    let local_dump = scratch.len();
    scratch_regions.push((local_dump as u64, "dump of the local arrays".to_string()));
    scratch.resize(local_dump + (LOCAL * u64::from(threads)) as usize, 0xa5);

    let funcs = g.rng.below(3) as u32;
    let (inc_bound, dec_bound) =
        (g.rng.pick(&[0, 1, 5, 17, 1000, u32::MAX]), g.rng.pick(&[0, 1, 5, 17, 1000, u32::MAX]));
    g.mem = Some(Mem { regions, funcs, block_x: bx, block_y: by, inc_bound, dec_bound });

    for &(off, ty, regs, _) in &MEM_IN_FIELDS {
        g.emit(&access("ld", ty, regs, &format!("%sd2+{off}")));
    }
    for k in 0..4 {
        let cmp = g.rng.pick(&["lt", "ne", "gt", "ge"]);
        let (a, b) = (g.reg(Class::R), g.reg(Class::R));
        g.emit(&format!("setp.{cmp}.s32 %p{k}, {a}, {b}"));
    }
    for s in &setup {
        g.emit(s);
    }
    // The local array from the inputs; the table's shared copy (a loop over the block), then a
    // barrier.
    for k in 0..LOCAL / 16 {
        g.emit(&format!("st.local.v4.b32 [lbuf+{}], {{%r{k}, %r{}, %r{}, %r{}}}", 16 * k, k + 1, k + 2, k + 3));
    }
    let (head, done) = (g.label(), g.label());
    g.emit("mov.u32 %t0, %stid");
    g.place(&head);
    g.emit(&format!("setp.ge.u32 %q0, %t0, {}", SHTABLE / 4));
    g.emit(&format!("@%q0 bra {done}"));
    g.emit("mul.wide.u32 %m0, %t0, 4");
    g.emit("add.s64 %m1, %tb, %m0");
    g.emit("ld.global.u32 %t1, [%m1]");
    g.emit("add.s64 %m1, %shb, %m0");
    g.emit("st.shared.u32 [%m1], %t1");
    g.emit("add.s32 %t0, %t0, %sntid");
    g.emit(&format!("bra.uni {head}"));
    g.place(&done);
    g.emit("bar.sync 0");

    g.budget = 25 + g.rng.below(35) as i64;
    while g.budget > 0 {
        let n = g.budget as u32;
        g.block(n);
    }

    emit_mem_epilogue(&mut g, &dumps, local_dump);

    let ptx = mem_kernel_text(seed, &g, funcs, nregions, &decls, block);
    Kernel {
        ptx,
        grid: [grid, 1, 1],
        block: [bx, by, 1],
        uniforms,
        layout: &MEM,
        dyn_smem: dyn_smem as u32,
        scratch,
        scratch_regions,
    }
}

/// The end of a memory kernel's body: each shared region's own elements and the local array
/// to their dumps in the scratch buffer (`dumps`: region, element size, offset; the local
/// array's at `local_dump`), every result register to the output record, `ret`.
fn emit_mem_epilogue(g: &mut Gen, dumps: &[(usize, u64, usize)], local_dump: usize) {
    g.emit("mul.wide.u32 %m2, %sgid, 16");
    g.emit("add.s64 %m2, %m2, %sd4");
    for &(r, elem, at) in dumps {
        g.emit(&format!("mul.wide.u32 %m0, %oi{r}, {elem}"));
        g.emit(&format!("add.s64 %m0, %ob{r}, %m0"));
        if elem == 16 {
            g.emit("ld.shared.v2.b64 {%m1, %m3}, [%m0]");
            g.emit(&format!("st.global.v2.b64 [%m2+{at}], {{%m1, %m3}}"));
        } else {
            g.emit(&format!("ld.shared.b{} %m1, [%m0]", 8 * elem));
            g.emit(&format!("st.global.b{} [%m2+{at}], %m1", 8 * elem));
        }
    }
    g.emit(&format!("mul.wide.u32 %m2, %sgid, {LOCAL}"));
    g.emit("add.s64 %m2, %m2, %sd4");
    for k in 0..LOCAL / 16 {
        g.emit(&format!("ld.local.v2.b64 {{%m0, %m1}}, [lbuf+{}]", 16 * k));
        g.emit(&format!("st.global.v2.b64 [%m2+{}], {{%m0, %m1}}", local_dump as u64 + 16 * k));
    }
    for k in 0..4 {
        g.emit(&format!("selp.u32 %s{k}, 1, 0, %p{k}"));
    }
    for (off, ty, regs) in MEM_OUT_FIELDS {
        g.emit(&access("st", ty, regs, &format!("%sd3+{off}")));
    }
    g.emit("ret");
}

/// The PTX module of memory kernel `seed`: its `funcs` device functions, the entry's
/// declarations (`nregions` regions, `decls` their static shared arrays, blocks of `block`
/// threads), the prologue every memory kernel shares, then `g`'s body.
fn mem_kernel_text(seed: u64, g: &Gen, funcs: u32, nregions: usize, decls: &str, block: u32) -> String {
    let mut ptx = String::new();
    kernel_head(&mut ptx, &format!("engine_fuzz memory kernel seed {seed}"));
    let _ = writeln!(ptx, ".extern .shared .align 16 .b8 dsm[];\n");
    for k in 0..funcs {
        ptx.push_str(&device_function(seed, k));
    }
    entry_decl(&mut ptx, true);
    common_regs(&mut ptx, |c| g.counts[c as usize], 5);
    let _ = writeln!(
        ptx,
        "\t.reg .b32 \t%t<4>;\n\t.reg .b64 \t%m<4>;\n\t.reg .b32 \t%tidx;\n\t.reg .b32 \t%tidy;\n\t.reg .b32 \t%cta;\n\
         \t.reg .b64 \t%tb;\n\t.reg .b64 \t%cb;\n\t.reg .b64 \t%shb;\n\t.reg .b64 \t%scb;\n\t.reg .b64 \t%lb;\n\
         \t.reg .b32 \t%kr;\n\t.reg .b64 \t%kd;\n\t.reg .f32 \t%kf;\n\t.reg .f64 \t%kg;\n\
         \t.reg .b64 \t%ob<{nregions}>;\n\t.reg .b32 \t%oi<{nregions}>;\n\
         \t.local .align 16 .b8 lbuf[{LOCAL}];\n\t.shared .align 16 .b8 shtab[{}];",
        SHTABLE + TABLE_PAD
    );
    ptx.push_str(decls);
    for k in 0..g.smem {
        let _ = writeln!(ptx, "\t.shared .align 8 .b8 smem{k}[{}];", 8 * block);
    }
    load_params(&mut ptx, true);
    let _ = write!(
        ptx,
        "\tmov.u32 \t%tidx, %tid.x;\n\
         \tmov.u32 \t%tidy, %tid.y;\n\
         \tmov.u32 \t%sntid, %ntid.x;\n\
         \tmad.lo.s32 \t%stid, %tidy, %sntid, %tidx;\n\
         \tmov.u32 \t%s0, %ntid.y;\n\
         \tmul.lo.s32 \t%sntid, %sntid, %s0;\n\
         \tmov.u32 \t%cta, %ctaid.x;\n\
         \tmad.lo.s32 \t%sgid, %cta, %sntid, %stid;\n\
         \tadd.s64 \t%tb, %sd4, 0;\n\
         \tadd.s64 \t%cb, %sd4, {};\n\
         \tmov.u64 \t%shb, shtab;\n\
         \tmov.u64 \t%scb, dsm;\n\
         \tmov.u64 \t%lb, lbuf;\n",
        TABLE + TABLE_PAD,
    );
    record_addresses(&mut ptx, &MEM);
    ptx.push_str(&g.body);
    ptx.push_str("\n}\n");
    ptx
}

/// Random memory kernels give bit-identical results (registers and memory) on the interpreter,
/// the per-thread JIT, the warp tier and the block tier.
#[test]
fn engines_agree_on_random_memory_kernels() {
    fuzz("ENGINE_FUZZ_MEM", DEFAULT_MEM_SEEDS, generate_mem);
}

/// Seeds the committed shaped test runs (with `ENGINE_FUZZ_SHAPED_SEEDS` unset).
const DEFAULT_SHAPED_SEEDS: u64 = 24;

/// Random kernels over blocks of every shape and grids of several blocks, with what a block
/// does together (barriers in every form, shared-memory exchanges, shared atomics, exits
/// before barriers, warp collectives under divergence), give bit-identical results on the
/// interpreter, the per-thread JIT, the warp tier and the block tier (`shaped.rs`).
#[test]
fn engines_agree_on_random_block_shapes() {
    fuzz("ENGINE_FUZZ_SHAPED", DEFAULT_SHAPED_SEEDS, shaped::generate_shaped);
}

/// Runs `kernel(in, out)` of `ptx` with one warp on each engine; returns each engine's `out`
/// (`n` u64s) in the order interpreter, per-thread JIT, warp tier.
fn run_each(ptx: &str, input: &[u64], n: usize) -> Vec<Vec<u64>> {
    [Engine::Interp, Engine::JitAll, Engine::Warp, Engine::Block]
        .into_iter()
        .map(|engine| {
            let mut p = Program::from_ptx(ptx).expect("load");
            p.set_engine(engine);
            let mem = DeviceMemory::new();
            let (din, dout) = (mem.alloc(8 * input.len() as u64).unwrap(), mem.alloc(8 * n as u64).unwrap());
            mem.write(din, &input.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
            let params = Params::new().ptr(din).ptr(dout).clone();
            p.launch("kernel", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap();
            let mut raw = vec![0u8; 8 * n];
            mem.read(dout, &mut raw).unwrap();
            raw.chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect()
        })
        .collect()
}

/// f64 add/sub/mul/div with directed rounding and a NaN operand give the NaN operand, quieted,
/// with its sign, as `.rn` does, of two the first's (`float::BIN64_NAN_PRIORITY`)
/// (found by the fuzzer, seed 33: `sub.rp.f64 1.0,
/// -sNaN` was `+qNaN` on the per-thread JIT and `-qNaN` on the interpreter, because `sub`
/// was computed as `a + (-b)` and only the interpreter's copy had the negation folded away).
#[test]
fn directed_rounding_f64_nan_operands() {
    fn ptx() -> String {
        module_version(
            "8.8",
            "sm_90",
            &common::ptx::Kernel::new("kernel", &["in", "out"], Index::Thread).offset(16).body(
                r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.v2.f64 {%fd0, %fd1}, [%rd4];
    mul.wide.u32 %rd3, %r1, 32;
    add.s64 %rd5, %rd2, %rd3;
    sub.rp.f64 %fd2, %fd0, %fd1;
    sub.rm.f64 %fd3, %fd0, %fd1;
    add.rz.f64 %fd4, %fd0, %fd1;
    mul.rp.f64 %fd5, %fd0, %fd1;
    st.global.v2.f64 [%rd5], {%fd2, %fd3};
    st.global.v2.f64 [%rd5+16], {%fd4, %fd5};
    ret;
"#,
            ),
        )
    }
    let vals = [0x3ff0_0000_0000_0000u64, 0xfff4_0000_0000_0042, 0x7ff8_0000_0000_1234, 0x8000_0000_0000_0000];
    let input: Vec<u64> = (0..32).flat_map(|t| [vals[t % 4], vals[(t / 4) % 4]]).collect();
    let outs = run_each(&ptx(), &input, 128);
    assert_eq!(outs[1], outs[0], "per-thread JIT vs interpreter");
    assert_eq!(outs[2], outs[0], "warp tier vs interpreter");
    assert_eq!(outs[3], outs[0], "block tier vs interpreter");
    // Lane 4: 1.0 - (-sNaN 0x42) in every form: the NaN operand, quieted, sign kept.
    assert_eq!(outs[0][16..20], [0xfffc_0000_0000_0042; 4]);
    // Lane 9: (-sNaN) - (+qNaN): the first NaN, quieted (float::BIN64_NAN_PRIORITY; all four forms).
    assert_eq!(outs[0][36..40], [0xfffc_0000_0000_0042; 4]);
}
