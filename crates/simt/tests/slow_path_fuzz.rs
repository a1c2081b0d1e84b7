//! Differential fuzzing of the engines' memory paths (issue 18): a seeded generator writes
//! kernels made of loads, stores, atomics and shuffles whose every form the warp tier has a
//! fast path and a slow path for, and drives them onto the slow ones: cold access sites (every
//! site is new in the first warp), lanes in two allocations, indices that clamp onto an
//! allocation's last element or wrap around it, misaligned starts of consecutive runs, guarded
//! (partial-mask) accesses, diverged branches, lanes that exited early, partial warps, rows of
//! 8 and 16 (2D blocks), warp-uniform, lane-affine, strided and gathered addresses, 32-bit
//! shared addresses below their target (`[%r+K]` wrapping modulo 2^32), and destinations
//! written just before (a sentinel), or that are the address itself (pointer chasing). Each
//! kernel runs on the interpreter (the reference), the per-thread JIT and the warp tier, which
//! must leave identical registers and memory; each compiled tier must run the kernel itself
//! (the per-thread JIT leaves kernels that write shared memory after their first barrier to the
//! interpreter, so half the kernels write global memory only).
//!
//! `SLOW_PATH_FUZZ_SEEDS=N` runs seeds `0..N` instead of the fixed set (`SLOW_PATH_FUZZ_START=S`
//! starts at `S`); `SLOW_PATH_FUZZ_DUMP=DIR` writes each kernel's PTX to `DIR/SEED.ptx` (to check
//! them with `ptxas -arch=sm_80`).

use std::fmt::Write as _;

use simt::{DeviceMemory, Dim3, Engine, Params, Program, Tier};

#[path = "common/fuzz.rs"]
mod fuzzing;

use fuzzing::Rng;

/// Seeds the committed test runs.
const DEFAULT_SEEDS: u64 = 16;

/// Bytes of each read-only table (`in`, `other`, and the shared copy of `in`).
const TABLE: u64 = 1024;
/// The shared memory: the table's copy at offset 0 (so that a register below it wraps), then
/// 8 bytes owned by each thread.
const SH_OWN: u64 = TABLE;
const SH_BYTES: u64 = TABLE + 8 * 128;
/// Bytes each thread owns in the scratch buffer, and the contended counters after those of
/// the most threads a launch has (two blocks of 128).
const OWN: u64 = 16;
const MAX_THREADS: u64 = 256;
const COUNTERS: u64 = 16;
/// The output record of each thread: `%v0..%v5`, `%acc`, a pad word, `%w0..%w2`, `%accd`.
const OUT_RECORD: u64 = 64;
const V_REGS: u64 = 6;
const W_REGS: u64 = 3;

/// One generated kernel with its launch shape.
struct Kernel {
    ptx: String,
    grid: u32,
    block: (u32, u32),
    /// Whether the kernel writes shared memory after its first barrier (then the per-thread
    /// JIT leaves it to the interpreter: lanes may read what others wrote without a barrier).
    shared_writes: bool,
}

impl Kernel {
    fn threads(&self) -> u64 {
        u64::from(self.grid * self.block.0 * self.block.1)
    }
}

/// Where an access's address points.
#[derive(Clone, Copy, PartialEq)]
enum Space {
    /// `in` (`.global`).
    Global,
    /// `in` or `other`, by a lane-dependent condition (lanes in two allocations).
    Mixed,
    /// The shared copy of `in` through a 32-bit register.
    Shared,
    /// `in` through a generic address.
    GenericGlobal,
    /// The shared copy through a generic address.
    GenericShared,
}

impl Space {
    fn qualifier(self) -> &'static str {
        match self {
            Space::Global | Space::Mixed => ".global",
            Space::Shared => ".shared",
            Space::GenericGlobal | Space::GenericShared => "",
        }
    }
}

/// The generator: emits instructions into `body`.
struct Gen {
    rng: Rng,
    body: String,
    /// Next free temporaries (`%x` 32-bit, `%y` 64-bit) and labels.
    x: u32,
    y: u32,
    labels: u32,
    /// Sentinels written so far (each distinct).
    sentinels: u32,
    /// Whether every lane of every warp runs the code being generated (shuffles allowed).
    converged: bool,
    /// Whether lanes may have exited (no shuffles).
    exited: bool,
    /// Whether every warp of the block is whole (shuffles with a full mask allowed).
    whole_warps: bool,
    /// Whether stores and atomics may go to shared memory (else to global memory only).
    shared_writes: bool,
}

impl Gen {
    fn emit(&mut self, s: &str) {
        let _ = writeln!(self.body, "\t{s};");
    }

    fn x(&mut self) -> String {
        self.x += 1;
        format!("%x{}", self.x)
    }

    fn y(&mut self) -> String {
        self.y += 1;
        format!("%y{}", self.y)
    }

    fn v(&mut self) -> String {
        format!("%v{}", self.rng.below(V_REGS))
    }

    fn w(&mut self) -> String {
        format!("%w{}", self.rng.below(W_REGS))
    }

    fn sentinel(&mut self) -> u32 {
        self.sentinels += 1;
        0xdead_0000 | self.sentinels
    }

    /// An optional guard on a lane-dependent predicate (a partial mask).
    fn guard(&mut self) -> String {
        if self.rng.chance(20) {
            format!("@{}%pg{} ", if self.rng.chance(50) { "!" } else { "" }, self.rng.below(3))
        } else {
            String::new()
        }
    }

    /// An element index in `0..elems` in a random lane pattern (warp-uniform, consecutive,
    /// strided, reversed, shared by groups of lanes, 2D, gathered): a 32-bit register.
    fn index(&mut self, elems: u64) -> String {
        let i = self.x();
        let c = self.rng.pick(&[0u64, 1, 3, 7, 31, 33, elems - 1, elems / 2 + 5]);
        match self.rng.below(9) {
            0 => self.emit(&format!("mov.u32 {i}, {c}")),
            1 => self.emit(&format!("add.u32 {i}, %t, {c}")),
            2 => self.emit(&format!("add.u32 {i}, %gid, {c}")),
            3 => {
                let s = self.rng.pick(&[2u64, 3, 4, 5, 8, 17]);
                self.emit(&format!("mad.lo.u32 {i}, %t, {s}, {c}"));
            }
            4 => self.emit(&format!("sub.u32 {i}, {c}, %t")),
            5 => {
                let k = self.rng.pick(&[1, 2, 3, 5]);
                self.emit(&format!("shr.u32 {i}, %t, {k}"));
                self.emit(&format!("add.u32 {i}, {i}, {c}"));
            }
            6 => self.emit(&format!("mad.lo.u32 {i}, %t, 37, {c}")),
            7 => self.emit(&format!("mad.lo.u32 {i}, %tx, 8, %ty")),
            _ => {
                // A random index from the table.
                let a = self.y();
                self.emit(&format!("mul.wide.u32 {a}, %t, 4"));
                self.emit(&format!("add.s64 {a}, %pin, {a}"));
                self.emit(&format!("ld.global.u32 {i}, [{a}]"));
            }
        }
        if self.rng.chance(25) {
            // Lanes past the end clamp onto the last element.
            self.emit(&format!("min.u32 {i}, {i}, {}", elems - 1));
        } else {
            self.emit(&format!("rem.u32 {i}, {i}, {elems}"));
        }
        i
    }

    /// The address of element `idx` of `bytes` bytes in `space`, minus `back` (the access adds
    /// it back): a 64-bit register, or a 32-bit one for `Shared`.
    fn address(&mut self, space: Space, idx: &str, bytes: u64, back: u64) -> String {
        match space {
            Space::Shared => {
                let (o, a) = (self.x(), self.x());
                self.emit(&format!("mul.lo.u32 {o}, {idx}, {bytes}"));
                self.emit(&format!("mov.u32 {a}, sh"));
                self.emit(&format!("add.u32 {a}, {a}, {o}"));
                if back != 0 {
                    self.emit(&format!("add.s32 {a}, {a}, -{back}"));
                }
                a
            }
            _ => {
                let (o, a) = (self.y(), self.y());
                self.emit(&format!("mul.wide.u32 {o}, {idx}, {bytes}"));
                match space {
                    Space::Mixed => {
                        let p = format!("%pk{}", self.rng.below(2));
                        self.emit(&format!("selp.b64 {a}, %poth, %pin, {p}"));
                        self.emit(&format!("add.s64 {a}, {a}, {o}"));
                    }
                    Space::GenericShared => {
                        let s = self.x();
                        self.emit(&format!("mov.u32 {s}, sh"));
                        self.emit(&format!("cvt.u64.u32 {a}, {s}"));
                        self.emit(&format!("add.s64 {a}, {a}, {o}"));
                        self.emit(&format!("cvta.shared.u64 {a}, {a}"));
                    }
                    Space::GenericGlobal => {
                        self.emit(&format!("cvta.global.u64 {a}, %pin"));
                        self.emit(&format!("add.s64 {a}, {a}, {o}"));
                    }
                    _ => self.emit(&format!("add.s64 {a}, %pin, {o}")),
                }
                if back != 0 {
                    self.emit(&format!("add.s64 {a}, {a}, -{back}"));
                }
                a
            }
        }
    }

    /// How far below its target an address register points (added back in the access):
    /// mostly none, else a multiple of the access size, up to past the shared table's start.
    fn back(&mut self, bytes: u64) -> u64 {
        match self.rng.below(4) {
            0 | 1 => 0,
            2 => bytes * (1 + self.rng.below(4)),
            _ => bytes * (1 + self.rng.below(TABLE / bytes)),
        }
    }

    /// A load of a random width and shape from a table.
    fn load(&mut self) {
        let space =
            self.rng.pick(&[Space::Global, Space::Mixed, Space::Shared, Space::GenericGlobal, Space::GenericShared]);
        // (type, element bytes, vector length, 64-bit destination)
        let (ty, size, vec, wide) = self.rng.pick(&[
            ("u8", 1, 1, false),
            ("s8", 1, 1, false),
            ("u16", 2, 1, false),
            ("s16", 2, 1, false),
            ("u32", 4, 1, false),
            ("s32", 4, 1, false),
            ("b32", 4, 1, false),
            ("u64", 8, 1, true),
            ("v2.u32", 4, 2, false),
            ("v4.u32", 4, 4, false),
            ("v2.u64", 8, 2, true),
            ("u32", 4, 1, false),
        ]);
        let bytes = size * vec;
        // A burst: three more 4-byte loads through the same register at the next elements
        // (what makes the warp tier match the register against the block's shape).
        let burst = bytes == 4 && self.rng.chance(30);
        let idx = self.index(TABLE / bytes - if burst { 3 } else { 0 });
        let back = self.back(bytes);
        let a = self.address(space, &idx, bytes, back);
        let g = self.guard();
        let q = space.qualifier();
        // The destination: the address register itself (pointer chasing, same width), else
        // result registers, each set to a sentinel first when `pend`.
        let chase = vec == 1 && (wide == (space != Space::Shared)) && self.rng.chance(25);
        if burst {
            for k in 1..4 {
                let d = self.v();
                self.emit(&format!("ld{q}.{ty} {d}, [{a}+{}]", back + 4 * k));
                self.emit(&format!("mad.lo.u32 %acc, %acc, 31, {d}"));
            }
        }
        if chase {
            self.emit(&format!("{g}ld{q}.{ty} {a}, [{a}+{back}]"));
            if wide {
                self.emit(&format!("xor.b64 %accd, %accd, {a}"));
            } else {
                self.emit(&format!("xor.b32 %acc, %acc, {a}"));
            }
            return;
        }
        let pend = self.rng.chance(60);
        let mut ds = Vec::new();
        while ds.len() < vec as usize {
            let d = if wide { self.w() } else { self.v() };
            if !ds.contains(&d) {
                ds.push(d);
            }
        }
        if pend {
            for d in &ds {
                let s = self.sentinel();
                let b = if wide { 64 } else { 32 };
                self.emit(&format!("mov.b{b} {d}, {s}"));
            }
        }
        let dst = if vec == 1 { ds[0].clone() } else { format!("{{{}}}", ds.join(", ")) };
        self.emit(&format!("{g}ld{q}.{ty} {dst}, [{a}+{back}]"));
        if self.rng.chance(50) {
            let d = &ds[0];
            if wide {
                self.emit(&format!("add.s64 %accd, %accd, {d}"));
            } else {
                self.emit(&format!("mad.lo.u32 %acc, %acc, 33, {d}"));
            }
        }
    }

    /// The address of this thread's owned word `j` (4-byte words; 8-byte aligned for even `j`
    /// when `size` is 8) in scratch or (`shared`) shared memory, minus `back`.
    fn owned(&mut self, shared: bool, j: u64, back: u64) -> String {
        if shared {
            let a = self.x();
            self.emit(&format!("mov.u32 {a}, sh"));
            self.emit(&format!("mad.lo.u32 {a}, %t, 8, {a}"));
            self.emit(&format!("add.s32 {a}, {a}, {}", (SH_OWN + 4 * (j % 2)) as i64 - back as i64));
            a
        } else {
            let a = self.y();
            self.emit(&format!("mul.wide.u32 {a}, %gid, {OWN}"));
            self.emit(&format!("add.s64 {a}, %pscr, {a}"));
            self.emit(&format!("add.s64 {a}, {a}, {}", (4 * j) as i64 - back as i64));
            a
        }
    }

    /// A store to an owned word, or a 64-bit one to an owned pair.
    fn store(&mut self) {
        let shared = self.shared_writes && self.rng.chance(50);
        let wide = self.rng.chance(25);
        let j = if wide { 0 } else { self.rng.below(if shared { 2 } else { 4 }) };
        let back = if self.rng.chance(40) { 8 * (1 + self.rng.below(150)) } else { 0 };
        let a = self.owned(shared, j, back);
        let g = self.guard();
        let q = if shared { ".shared" } else { ".global" };
        if wide {
            let v = self.w();
            self.emit(&format!("{g}st{q}.u64 [{a}+{back}], {v}"));
        } else {
            let v = self.v();
            let ty = self.rng.pick(&["u32", "b32"]);
            self.emit(&format!("{g}st{q}.{ty} [{a}+{back}], {v}"));
        }
        if shared && self.rng.chance(50) {
            // Read it back (the thread's own word).
            let d = self.v();
            let s = self.sentinel();
            self.emit(&format!("mov.b32 {d}, {s}"));
            self.emit(&format!("ld.shared.u32 {d}, [{a}+{back}]"));
        }
    }

    /// An atomic on an owned word (its old value into a register set to a sentinel just
    /// before), or a contended reduction whose old value nobody reads.
    fn atomic(&mut self) {
        if self.rng.chance(20) {
            let a = self.y();
            let at = OWN * MAX_THREADS + 4 * self.rng.below(4);
            self.emit(&format!("add.s64 {a}, %pscr, {at}"));
            let v = self.v();
            self.emit(&format!("red.global.add.u32 [{a}], {v}"));
            return;
        }
        let shared = self.shared_writes && self.rng.chance(50);
        let back = if self.rng.chance(40) { 8 * (1 + self.rng.below(200)) } else { 0 };
        let q = if shared { ".shared" } else { ".global" };
        let g = self.guard();
        if !shared && self.rng.chance(25) {
            let a = self.owned(false, 2, back);
            let d = self.w();
            let s = self.sentinel();
            self.emit(&format!("mov.b64 {d}, {s}"));
            let v = self.w();
            self.emit(&format!("{g}atom.global.add.u64 {d}, [{a}+{back}], {v}"));
            return;
        }
        let j = self.rng.below(2);
        let a = self.owned(shared, j, back);
        let d = self.v();
        let s = self.sentinel();
        self.emit(&format!("mov.b32 {d}, {s}"));
        let (x, y) = (self.v(), self.v());
        let op =
            self.rng.pick(&["add.u32", "exch.b32", "max.u32", "min.s32", "and.b32", "or.b32", "xor.b32", "cas.b32"]);
        let operands = if op == "cas.b32" { format!("{x}, {y}") } else { x };
        self.emit(&format!("{g}atom{q}.{op} {d}, [{a}+{back}], {operands}"));
    }

    /// A full-warp shuffle into a register set to a sentinel just before.
    fn shuffle(&mut self) {
        let d = self.v();
        let a = self.v();
        let s = self.sentinel();
        self.emit(&format!("mov.b32 {d}, {s}"));
        let (mode, c) = self.rng.pick(&[("idx", 31), ("bfly", 31), ("down", 31), ("up", 0)]);
        let b = if self.rng.chance(50) { format!("{}", self.rng.below(32)) } else { "%lane5".to_string() };
        self.emit(&format!("shfl.sync.{mode}.b32 {d}, {a}, {b}, {c}, -1"));
    }

    /// Arithmetic that leaves a result register pending (held by the warp tier in SSA values).
    fn arith(&mut self) {
        let (d, a) = (self.v(), self.v());
        self.emit(&format!("add.u32 {d}, {a}, %t"));
        let (e, b) = (self.w(), self.w());
        self.emit(&format!("add.s64 {e}, {b}, %accd"));
    }

    fn op(&mut self, depth: u32) {
        match self.rng.below(20) {
            0..=8 => self.load(),
            9..=11 => self.store(),
            12..=14 => self.atomic(),
            15 if self.converged && !self.exited && self.whole_warps => self.shuffle(),
            16 | 17 if depth < 2 => {
                // A diverged branch around a few operations.
                let l = self.label();
                let p = format!("%pg{}", self.rng.below(3));
                let neg = if self.rng.chance(50) { "!" } else { "" };
                self.emit(&format!("@{neg}{p} bra {l}"));
                let was = std::mem::replace(&mut self.converged, false);
                for _ in 0..1 + self.rng.below(3) {
                    self.op(depth + 1);
                }
                self.converged = was;
                let _ = writeln!(self.body, "{l}:");
            }
            _ => self.arith(),
        }
    }

    fn label(&mut self) -> String {
        self.labels += 1;
        format!("$L{}", self.labels)
    }
}

/// Generates kernel `seed`.
fn generate(seed: u64) -> Kernel {
    let mut rng = Rng::new(seed);
    let block: (u32, u32) = rng.pick(&[(64, 1), (96, 1), (48, 1), (40, 1), (16, 8), (32, 4), (8, 16), (16, 6)]);
    let grid = 1 + rng.below(2) as u32;
    let threads = block.0 * block.1;
    let exited = rng.chance(30);
    let shared_writes = rng.chance(50);
    let mut g = Gen {
        rng,
        body: String::new(),
        x: 0,
        y: 0,
        labels: 0,
        sentinels: 0,
        converged: true,
        exited,
        whole_warps: threads.is_multiple_of(32),
        shared_writes,
    };
    if exited {
        // Some lanes leave at once (every warp keeps some).
        let m = g.rng.pick(&[3u32, 5, 7]);
        let r = g.rng.below(u64::from(m));
        g.emit(&format!("rem.u32 %x0, %t, {m}"));
        g.emit(&format!("setp.eq.u32 %pe, %x0, {r}"));
        g.emit("@%pe ret");
    }
    for _ in 0..10 + g.rng.below(14) {
        g.op(0);
    }
    let mut ptx = String::new();
    let _ = write!(
        ptx,
        r#"
.version 8.0
.target sm_80
.address_size 64

.shared .align 16 .b8 sh[{SH_BYTES}];

.visible .entry fuzz(.param .u64 in, .param .u64 other, .param .u64 out, .param .u64 scratch)
{{
	.reg .pred %pg<3>;
	.reg .pred %pk<2>;
	.reg .pred %pe;
	.reg .pred %pc;
	.reg .b32 %t, %tx, %ty, %gid, %lane5, %acc, %i, %n;
	.reg .b32 %v<{V_REGS}>;
	.reg .b64 %w<{W_REGS}>;
	.reg .b64 %pin, %poth, %pout, %pscr, %accd, %o, %q;
	.reg .b32 %x<{x}>;
	.reg .b64 %y<{y}>;
	ld.param.u64 %pin, [in];
	cvta.to.global.u64 %pin, %pin;
	ld.param.u64 %poth, [other];
	cvta.to.global.u64 %poth, %poth;
	ld.param.u64 %pout, [out];
	cvta.to.global.u64 %pout, %pout;
	ld.param.u64 %pscr, [scratch];
	cvta.to.global.u64 %pscr, %pscr;
	mov.u32 %tx, %tid.x;
	mov.u32 %ty, %tid.y;
	mov.u32 %n, %ntid.x;
	mad.lo.u32 %t, %ty, %n, %tx;
	mov.u32 %i, %ctaid.x;
	mad.lo.u32 %gid, %i, {threads}, %t;
	and.b32 %lane5, %t, 31;
	xor.b32 %lane5, %lane5, 5;
	and.b32 %i, %t, 3;
	setp.ne.u32 %pg0, %i, 0;
	and.b32 %i, %t, 8;
	setp.eq.u32 %pg1, %i, 0;
	setp.lt.u32 %pg2, %t, 37;
	and.b32 %i, %t, 1;
	setp.eq.u32 %pk0, %i, 0;
	setp.gt.u32 %pk1, %t, 20;
	// Copy `in` into the shared table.
	mov.u32 %i, %t;
$Lcopy:
	setp.ge.u32 %pc, %i, {words};
	@%pc bra $Lcopied;
	mul.wide.u32 %o, %i, 4;
	add.s64 %q, %pin, %o;
	ld.global.u32 %acc, [%q];
	mov.u32 %x0, sh;
	mad.lo.u32 %x0, %i, 4, %x0;
	st.shared.u32 [%x0], %acc;
	add.u32 %i, %i, {threads};
	bra $Lcopy;
$Lcopied:
	bar.sync 0;
	mov.u32 %acc, 0;
	mov.u64 %accd, 0;
"#,
        x = g.x + 1,
        y = g.y + 1,
        words = TABLE / 4,
    );
    for v in 0..V_REGS {
        let _ = writeln!(ptx, "\tmov.b32 %v{v}, {};", 0x5e00_0000 + v);
    }
    for w in 0..W_REGS {
        let _ = writeln!(ptx, "\tmov.b64 %w{w}, {};", 0x5e5e_0000_0000_0000u64 + w);
    }
    ptx.push_str(&g.body);
    let _ = write!(ptx, "\tmul.wide.u32 %o, %gid, {OUT_RECORD};\n\tadd.s64 %q, %pout, %o;\n");
    for v in 0..V_REGS {
        let _ = writeln!(ptx, "\tst.global.u32 [%q+{}], %v{v};", 4 * v);
    }
    let _ = writeln!(ptx, "\tst.global.u32 [%q+24], %acc;");
    for w in 0..W_REGS {
        let _ = writeln!(ptx, "\tst.global.u64 [%q+{}], %w{w};", 32 + 8 * w);
    }
    let _ = write!(ptx, "\tst.global.u64 [%q+56], %accd;\n\tret;\n}}\n");
    Kernel { ptx, grid, block, shared_writes }
}

/// What one engine left.
struct Outcome {
    result: Result<(), String>,
    /// The output records.
    out: Vec<u8>,
    /// The scratch buffer.
    scratch: Vec<u8>,
    /// What ran the kernel's blocks (when the launch succeeded).
    tier: Option<Tier>,
}

fn run(k: &Kernel, engine: Engine, tables: &[u8]) -> Result<Outcome, String> {
    let mut p = Program::from_ptx(&k.ptx).map_err(|e| format!("load error: {e}"))?;
    p.set_engine(engine);
    p.set_workers(1);
    let mem = DeviceMemory::new();
    let (tin, tother) = tables.split_at(TABLE as usize);
    let din = mem.alloc(TABLE).unwrap();
    let dother = mem.alloc(TABLE).unwrap();
    mem.write(din, tin).unwrap();
    mem.write(dother, tother).unwrap();
    let out_len = k.threads() * OUT_RECORD;
    let dout = mem.alloc(out_len).unwrap();
    mem.write(dout, &vec![0xa5; out_len as usize]).unwrap();
    let scratch_len = OWN * MAX_THREADS + COUNTERS;
    let dscr = mem.alloc(scratch_len).unwrap();
    mem.write(dscr, &vec![0x3c; scratch_len as usize]).unwrap();
    let params = Params::new().ptr(din).ptr(dother).ptr(dout).ptr(dscr).clone();
    let launched = p.launch("fuzz", Dim3::x(k.grid), Dim3::new(k.block.0, k.block.1, 1), 0, params.bytes(), &mem);
    let tier = launched.as_ref().ok().map(|s| s.tier);
    let result = launched.map(|_| ()).map_err(|f| format!("{f}"));
    let mut out = vec![0u8; out_len as usize];
    mem.read(dout, &mut out).unwrap();
    let mut scratch = vec![0u8; scratch_len as usize];
    mem.read(dscr, &mut scratch).unwrap();
    Ok(Outcome { result, out, scratch, tier })
}

/// Runs kernel `seed` on the three engines; `Err` describes the first difference.
fn check(seed: u64, dump: Option<&str>) -> Result<(), String> {
    let k = generate(seed);
    if let Some(dir) = dump {
        std::fs::write(format!("{dir}/{seed}.ptx"), &k.ptx).map_err(|e| e.to_string())?;
    }
    let mut rng = Rng::new(seed ^ 0x7ab1e5);
    let tables: Vec<u8> = (0..2 * TABLE).map(|_| rng.next() as u8).collect();
    let fail = |what: String| format!("seed {seed}: {what}\n--- PTX ---\n{}", k.ptx);
    let Outcome { result, out, scratch, .. } = run(&k, Engine::Interp, &tables).map_err(fail)?;
    if let Err(e) = &result {
        return Err(fail(format!("the interpreter faulted: {e}")));
    }
    for (engine, name, tier) in
        [(Engine::JitAll, "per-thread JIT", Tier::ThreadJit), (Engine::Warp, "warp tier", Tier::WarpJit)]
    {
        let Outcome { result: r, out: o, scratch: s, tier: ran } = run(&k, engine, &tables).map_err(fail)?;
        if r != result {
            return Err(fail(format!("{name}: launch {r:?}, interpreter {result:?}")));
        }
        // Each compiled tier runs the kernel itself (no silent fallback to the interpreter).
        if ran != Some(tier) && !(engine == Engine::JitAll && k.shared_writes) {
            return Err(fail(format!("the {name} did not run the kernel ({ran:?} did)")));
        }
        if let Some(i) = (0..s.len()).find(|&i| s[i] != scratch[i]) {
            return Err(fail(format!(
                "{name} differs in scratch byte {i}: {:#04x}, interpreter {:#04x}",
                s[i], scratch[i]
            )));
        }
        if let Some(i) = (0..o.len()).find(|&i| o[i] != out[i]) {
            let (t, at) = (i as u64 / OUT_RECORD, i as u64 % OUT_RECORD);
            let reg = match at {
                0..24 => format!("%v{}", at / 4),
                24..28 => "%acc".into(),
                32..56 => format!("%w{}", (at - 32) / 8),
                _ => "%accd".into(),
            };
            let word = |b: &[u8]| u32::from_le_bytes(b[i & !3..(i & !3) + 4].try_into().unwrap());
            return Err(fail(format!(
                "{name} differs from the interpreter: thread {t} (block {}), {reg}: {:#010x}, interpreter {:#010x}",
                t / u64::from(k.block.0 * k.block.1),
                word(&o),
                word(&out),
            )));
        }
    }
    Ok(())
}

/// Random kernels of loads, stores, atomics and shuffles driven onto the slow paths give
/// identical registers and memory on the interpreter, the per-thread JIT and the warp tier.
#[test]
fn engines_agree_on_slow_memory_paths() {
    let env = |k: &str| std::env::var(format!("SLOW_PATH_FUZZ_{k}")).ok().and_then(|v| v.parse::<u64>().ok());
    let start = env("START").unwrap_or(0);
    let count = env("SEEDS").unwrap_or(DEFAULT_SEEDS);
    let dump = std::env::var("SLOW_PATH_FUZZ_DUMP").ok();
    fuzzing::run_seeds(start, count, &|seed| check(seed, dump.as_deref()));
}
