//! Shaped kernels (`engines_agree_on_random_block_shapes`): the basic kernels' instructions and
//! control flow in blocks of every shape (1D from 1 to 1024 threads, non-multiples of 32 and of
//! the block tier's 16 lanes, 2D and 3D, `blockDim.x` below 16) and grids of several blocks in
//! up to three dimensions, with what a block does together: special registers (`%tid.y`,
//! `%ntid.z`, `%ctaid.*`, `%laneid`, lane masks), shared-memory exchanges across barriers
//! through lane-dependent addresses (rotations, reversals, partners, 2D neighbours, data),
//! barriers in every form (`bar`/`barrier`, `.cta`, `.aligned`, ids 0..15, a register id,
//! thread counts, `bar.red`, `bar.arrive` before another warp group's `bar.sync`, a
//! non-aligned `barrier.sync` on both sides of a divergent branch), loops around barriers,
//! warps that exit before a barrier, contended and owned atomics on shared memory, and warp
//! collectives under divergence with the exact mask of the lanes there.
//!
//! Half the kernels have no warp collective, counted barrier or `bar.red`, so that the block
//! tier (which declines those) translates them; the others check that it falls back.

use super::{BASIC, Class, Gen, Kernel, basic_body, basic_kernel_text};

/// Block shapes: 1D (warp multiples, partial warps, partial 16-lane groups, tiny blocks and
/// CUDA's largest), 2D and 3D (`blockDim.x` of 1 to 32).
const BLOCKS: [[u32; 3]; 32] = [
    [32, 1, 1],
    [48, 1, 1],
    [64, 1, 1],
    [100, 1, 1],
    [128, 1, 1],
    [256, 1, 1],
    [1000, 1, 1],
    [1024, 1, 1],
    [1, 1, 1],
    [3, 1, 1],
    [7, 1, 1],
    [15, 1, 1],
    [17, 1, 1],
    [33, 1, 1],
    [8, 8, 1],
    [16, 16, 1],
    [32, 8, 1],
    [4, 4, 1],
    [3, 5, 1],
    [5, 3, 1],
    [12, 3, 1],
    [1, 32, 1],
    [2, 16, 1],
    [24, 4, 1],
    [8, 8, 8],
    [4, 4, 4],
    [2, 3, 4],
    [3, 2, 5],
    [16, 2, 2],
    [1, 4, 16],
    [32, 2, 2],
    [6, 6, 6],
];

/// Grid shapes.
const GRIDS: [[u32; 3]; 8] = [[1, 1, 1], [2, 1, 1], [3, 1, 1], [2, 2, 1], [1, 2, 1], [2, 1, 2], [1, 1, 2], [1, 3, 1]];

/// Special registers a shaped kernel reads (`%warpid` and `%smid` are left out: a GPU's may
/// change while a thread runs).
const SREGS: [&str; 17] = [
    "%tid.x",
    "%tid.y",
    "%tid.z",
    "%ntid.x",
    "%ntid.y",
    "%ntid.z",
    "%ctaid.x",
    "%ctaid.y",
    "%ctaid.z",
    "%nctaid.x",
    "%nctaid.y",
    "%nctaid.z",
    "%laneid",
    "%lanemask_eq",
    "%lanemask_lt",
    "%lanemask_ge",
    "%lanemask_gt",
];

/// Special registers the same in every thread of a block (a loop's trip count from one of
/// them keeps the block together).
const BLOCK_SREGS: [&str; 9] =
    ["%ntid.x", "%ntid.y", "%ntid.z", "%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z"];

/// What the generator knows about a shaped kernel's launch.
pub(super) struct Shape {
    /// Threads per block.
    threads: u32,
    /// Warps may run warp collectives, counted barriers and `bar.red` (else the kernel stays
    /// within what the block tier translates).
    warp_ops: bool,
    /// Some whole warps have exited: barriers wait for the others only, so a thread count
    /// (which would count them) is out.
    warps_exited: bool,
    /// The next barrier id for a `bar.arrive` (each used once: a warp that arrived must not
    /// reach its barrier again before the barrier completes).
    next_arrive: u32,
}

impl Shape {
    /// The block has only whole warps.
    fn whole_warps(&self) -> bool {
        self.threads.is_multiple_of(32)
    }

    fn warps(&self) -> u32 {
        self.threads.div_ceil(32)
    }
}

impl Gen {
    fn launch_shape(&self) -> &Shape {
        self.shape.as_ref().unwrap()
    }

    fn shape_mut(&mut self) -> &mut Shape {
        self.shape.as_mut().unwrap()
    }

    /// A special register read into a result register (sometimes converted or combined).
    pub(super) fn sreg_op(&mut self) {
        let s = self.rng.pick(&SREGS);
        let d = self.reg(Class::R);
        match self.rng.below(4) {
            0 => {
                let dd = self.reg(Class::D);
                self.ins(format!("cvt.u64.u32 {dd}, {s}"));
            }
            1 => {
                let a = self.s32();
                self.emit(&format!("mov.u32 %w0, {s}"));
                self.ins(format!("add.s32 {d}, %w0, {a}"));
            }
            _ => self.ins(format!("mov.u32 {d}, {s}")),
        }
    }

    /// In a shaped kernel, the source of a lane condition: a special register (in `%s9`)
    /// or `None` for the basic kernels' choice.
    pub(super) fn sreg_cond_src(&mut self) -> Option<String> {
        if self.shape.is_none() || !self.rng.chance(40) {
            return None;
        }
        let s = self.rng.pick(&SREGS[..13]);
        self.emit(&format!("mov.u32 %s9, {s}"));
        Some("%s9".to_string())
    }

    /// A warp-uniform register for a loop's trip count: a block-wide special register.
    pub(super) fn uniform_trip_src(&mut self) -> Option<String> {
        if self.shape.is_none() || !self.rng.chance(40) {
            return None;
        }
        let s = self.rng.pick(&BLOCK_SREGS);
        self.emit(&format!("mov.u32 %w3, {s}"));
        Some("%w3".to_string())
    }

    /// Whole warps (or whole blocks) return: the others go on, and barriers wait for them
    /// only (the PTX ISA: a barrier waits for the non-exited threads).
    pub(super) fn warp_exit(&mut self) {
        let warps = u64::from(self.launch_shape().warps());
        let cmp = self.rng.pick(&["eq", "ne", "lt", "gt"]);
        match self.rng.below(3) {
            0 | 1 => {
                let k = self.rng.below(warps + 1);
                self.emit("shr.u32 %s9, %stid, 5");
                self.emit(&format!("setp.{cmp}.u32 %q0, %s9, {k}"));
            }
            _ => {
                let s = self.rng.pick(&["%ctaid.x", "%ctaid.y", "%ctaid.z"]);
                let k = self.rng.below(3);
                self.emit(&format!("mov.u32 %s9, {s}"));
                self.emit(&format!("setp.{cmp}.u32 %q0, %s9, {k}"));
            }
        }
        self.emit("@%q0 ret");
        self.shape_mut().warps_exited = true;
    }

    /// What a whole block does together, at a point every live thread reaches.
    pub(super) fn shaped_collective(&mut self) {
        // After some lanes of a warp exited, no warp collective (their masks name all lanes).
        let warp_ops = self.launch_shape().warp_ops && !self.exited;
        let whole = self.launch_shape().whole_warps();
        match self.rng.below(16) {
            0..=4 => self.exchange(),
            5 | 6 => self.shared_atomics_of_block(),
            7 => self.divergent_barrier(),
            8 if warp_ops => self.bar_red(),
            9 if warp_ops && whole && !self.launch_shape().warps_exited && self.launch_shape().next_arrive < 16 => {
                self.arrive_then_sync()
            }
            10 | 11 if warp_ops && whole => self.diverged_collectives(),
            12 | 13 if warp_ops => self.collective(),
            _ => self.exchange(),
        }
    }

    /// A barrier of the whole block in one of its forms.
    fn block_barrier(&mut self) {
        let id = self.rng.below(16);
        let counted = self.launch_shape().warp_ops
            && self.launch_shape().whole_warps()
            && !self.launch_shape().warps_exited
            && !self.exited;
        let s = match self.rng.below(8) {
            0 => format!("bar.sync {id}"),
            1 => format!("barrier.sync {id}"),
            2 => format!("barrier.sync.aligned {id}"),
            3 => format!("bar.cta.sync {id}"),
            4 => format!("barrier.cta.sync.aligned {id}"),
            5 => {
                self.emit(&format!("mov.u32 %w2, {id}"));
                "bar.sync %w2".to_string()
            }
            6 if counted => format!("bar.sync {id}, {}", self.launch_shape().threads),
            _ => "bar.sync 0".to_string(),
        };
        self.emit(&s);
    }

    /// A new shared array of 8 bytes per thread; its address in `%s1`.
    fn new_smem(&mut self) {
        let k = self.smem;
        self.smem += 1;
        self.emit(&format!("mov.u32 %s1, smem{k}"));
    }

    /// `%s4` = the index of another thread of the block (lane-dependent, in range).
    fn partner_index(&mut self) {
        match self.rng.below(6) {
            0 => {
                let off = 1 + self.rng.below(200);
                self.emit(&format!("add.s32 %s4, %stid, {off}"));
                self.emit("rem.u32 %s4, %s4, %sntid");
            }
            1 => {
                self.emit("sub.s32 %s4, %sntid, %stid");
                self.emit("add.s32 %s4, %s4, -1");
            }
            2 => {
                let r = self.reg(Class::R);
                self.emit(&format!("rem.u32 %s4, {r}, %sntid"));
            }
            3 => {
                let x = self.rng.pick(&[1u32, 2, 16, 31, 32, 33, 64, 255]);
                self.emit(&format!("xor.b32 %s4, %stid, {x}"));
                self.emit("setp.ge.u32 %q1, %s4, %sntid");
                self.emit("selp.b32 %s4, %stid, %s4, %q1");
            }
            4 => {
                // The neighbour along y (wrapping), same x and z.
                self.emit("mov.u32 %w0, %tid.y");
                self.emit("add.s32 %w0, %w0, 1");
                self.emit("mov.u32 %w1, %ntid.y");
                self.emit("rem.u32 %w0, %w0, %w1");
                self.emit("mov.u32 %w2, %tid.z");
                self.emit("mad.lo.s32 %w0, %w2, %w1, %w0");
                self.emit("mov.u32 %w1, %ntid.x");
                self.emit("mov.u32 %w2, %tid.x");
                self.emit("mad.lo.s32 %s4, %w0, %w1, %w2");
            }
            _ => {
                // The transposed thread of a square x-y plane, else the next row's.
                self.emit("mov.u32 %w0, %tid.x");
                self.emit("mov.u32 %w1, %tid.y");
                self.emit("mov.u32 %w2, %ntid.x");
                self.emit("mov.u32 %s4, %ntid.y");
                self.emit("setp.eq.u32 %q1, %w2, %s4");
                self.emit("selp.b32 %w2, %w1, %w0, %q1");
                self.emit("selp.b32 %w1, %w0, %w1, %q1");
                self.emit("mov.u32 %s4, %ntid.x");
                self.emit("mad.lo.s32 %w0, %w1, %s4, %w2");
                self.emit("mov.u32 %w1, %tid.z");
                self.emit("mov.u32 %w2, %ntid.y");
                self.emit("mul.lo.s32 %w1, %w1, %w2");
                self.emit("mad.lo.s32 %s4, %w1, %s4, %w0");
                self.emit("rem.u32 %s4, %s4, %sntid");
            }
        }
    }

    /// Each thread stores a value at its own slot of a new shared array (sometimes only
    /// some threads), the block waits at a barrier, each loads one or two other threads'.
    fn exchange(&mut self) {
        let (c, ty) = self.rng.pick(&[(Class::R, "u32"), (Class::D, "u64"), (Class::F, "f32"), (Class::G, "f64")]);
        self.new_smem();
        self.emit("shl.b32 %s2, %stid, 3");
        self.emit("add.s32 %s3, %s1, %s2");
        let stores = 1 + u64::from(self.rng.chance(30));
        for _ in 0..stores {
            let v = self.reg(c);
            let g = if self.rng.chance(25) { format!("@{} ", self.reg(Class::P)) } else { String::new() };
            self.emit(&format!("{g}st.shared.{ty} [%s3], {v}"));
        }
        // Sometimes the first load's address is computed before the barrier: a lane-linear
        // or lane-varying register live across it.
        let early = self.rng.chance(40);
        if early {
            self.partner_index();
            self.emit("shl.b32 %s4, %s4, 3");
            self.emit("add.s32 %s4, %s1, %s4");
        }
        self.block_barrier();
        let loads = 1 + u64::from(self.rng.chance(30));
        for i in 0..loads {
            if !(early && i == 0) {
                self.partner_index();
                self.emit("shl.b32 %s4, %s4, 3");
                self.emit("add.s32 %s4, %s1, %s4");
            }
            let d = self.reg(c);
            self.emit(&format!("ld.shared.{ty} {d}, [%s4]"));
        }
        if self.loops > 0 {
            // In a (uniform) loop the next iteration's store must wait for every thread's
            // load of this one.
            self.block_barrier();
        }
        self.budget -= 4;
    }

    /// Atomics on shared memory: contended ones of one commutative operation per array
    /// (their old values dropped), and ones on each thread's own slot (old values kept);
    /// after a barrier each thread loads a counter and its slot.
    fn shared_atomics_of_block(&mut self) {
        const OPS: [(&str, bool); 9] = [
            ("add.u32", false),
            ("min.u32", false),
            ("max.s32", false),
            ("and.b32", false),
            ("or.b32", false),
            ("xor.b32", false),
            ("inc.u32", false),
            ("add.u64", true),
            ("max.u64", true),
        ];
        const OWN: [&str; 6] = ["add.u32", "exch.b32", "cas.b32", "min.s32", "inc.u32", "dec.u32"];
        let (op, wide) = self.rng.pick(&OPS);
        let slots = self.rng.pick(&[1u32, 2, 3, 8, 32]);
        self.new_smem();
        // The contended counters: the first `slots` 8-byte words; each thread's own slot
        // after them (the array has 8 bytes per thread, and as many spare words as needed:
        // `smem_words`).
        let mul = self.rng.pick(&[1u32, 3, 7]);
        self.emit(&format!("mul.lo.s32 %s4, %stid, {mul}"));
        self.emit(&format!("rem.u32 %s4, %s4, {slots}"));
        self.emit("shl.b32 %s4, %s4, 3");
        self.emit("add.s32 %s4, %s1, %s4");
        let src = if wide { self.s64() } else { self.s32() };
        let bound = if op.starts_with("inc") { format!("{}", self.rng.pick(&[0u32, 1, 5, 17, 1000])) } else { src };
        let g = if self.rng.chance(25) { format!("@{} ", self.reg(Class::P)) } else { String::new() };
        if self.rng.chance(50) {
            self.emit(&format!("{g}red.shared.{op} [%s4], {bound}"));
        } else {
            let d = if wide { "%wd0" } else { "%w0" };
            self.emit(&format!("{g}atom.shared.{op} {d}, [%s4], {bound}"));
        }
        // Own slots: the thread's 8 bytes past the counters.
        let own = self.rng.pick(&OWN);
        self.emit("shl.b32 %s5, %stid, 3");
        self.emit(&format!("add.s32 %s5, %s5, {}", 8 * slots));
        self.emit("add.s32 %s5, %s1, %s5");
        let (d, a, b) = (self.reg(Class::R), self.s32(), self.s32());
        let s = match own {
            "cas.b32" => format!("atom.shared.cas.b32 {d}, [%s5], {a}, {b}"),
            "inc.u32" | "dec.u32" => format!("atom.shared.{own} {d}, [%s5], {}", self.rng.pick(&[0u32, 3, 100])),
            _ => format!("atom.shared.{own} {d}, [%s5], {a}"),
        };
        self.ins(s);
        self.block_barrier();
        let k = self.rng.below(u64::from(slots));
        let lty = if wide { "u64" } else { "u32" };
        let d = if wide { self.reg(Class::D) } else { self.reg(Class::R) };
        self.emit(&format!("ld.shared.{lty} {d}, [%s1+{}]", 8 * k));
        let d = self.reg(Class::R);
        self.emit(&format!("ld.shared.u32 {d}, [%s5]"));
        if self.loops > 0 {
            self.block_barrier();
        }
        self.budget -= 4;
    }

    /// A non-aligned `barrier.sync` on both sides of a lane-dependent branch: every thread
    /// stores, waits at the barrier of its side (the same barrier), loads another's.
    fn divergent_barrier(&mut self) {
        let c = self.lane_cond();
        let (els, end) = (self.label(), self.label());
        let id = self.rng.below(16);
        self.new_smem();
        self.emit("shl.b32 %s2, %stid, 3");
        self.emit("add.s32 %s3, %s1, %s2");
        self.emit(&format!("@{c} bra {els}"));
        for side in 0..2 {
            if side == 1 {
                self.place(&els);
            }
            let v = self.reg(Class::R);
            self.emit(&format!("st.shared.u32 [%s3], {v}"));
            self.emit(&format!("barrier.sync {id}"));
            self.emit("add.s32 %s4, %stid, 1");
            self.emit("rem.u32 %s4, %s4, %sntid");
            self.emit("shl.b32 %s4, %s4, 3");
            self.emit("add.s32 %s4, %s1, %s4");
            let d = self.reg(Class::R);
            self.emit(&format!("ld.shared.u32 {d}, [%s4]"));
            if side == 0 {
                self.emit(&format!("bra.uni {end}"));
            }
        }
        self.place(&end);
        if self.loops > 0 {
            self.block_barrier();
        }
        self.budget -= 4;
    }

    /// `bar.red` of a lane-dependent predicate over the block: `.popc`, `.and` or `.or`.
    fn bar_red(&mut self) {
        let id = self.rng.below(16);
        let neg = if self.rng.chance(30) { "!" } else { "" };
        let p = self.reg(Class::P);
        let cta = if self.rng.chance(30) { ".cta" } else { "" };
        let s = match self.rng.below(3) {
            0 => format!("bar{cta}.red.popc.u32 {}, {id}, {neg}{p}", self.reg(Class::R)),
            1 => format!("bar{cta}.red.and.pred {}, {id}, {neg}{p}", self.reg(Class::P)),
            _ => format!("bar{cta}.red.or.pred {}, {id}, {neg}{p}", self.reg(Class::P)),
        };
        self.emit(&s);
        self.budget -= 1;
    }

    /// The ISA's producer and consumer: the first warps store and `bar.arrive`, the others
    /// `bar.sync` on the same barrier (counting every thread) and load what they stored.
    fn arrive_then_sync(&mut self) {
        let warps = self.launch_shape().warps();
        if warps < 2 {
            return self.exchange();
        }
        let producers = 1 + self.rng.below(u64::from(warps - 1)) as u32;
        let id = self.launch_shape().next_arrive.max(1);
        self.shape_mut().next_arrive = id + 1;
        let (cons, end) = (self.label(), self.label());
        self.new_smem();
        let n = self.launch_shape().threads;
        self.emit("shr.u32 %s9, %stid, 5");
        self.emit(&format!("setp.ge.u32 %q0, %s9, {producers}"));
        self.emit(&format!("@%q0 bra {cons}"));
        let v = self.reg(Class::R);
        self.emit("shl.b32 %s2, %stid, 3");
        self.emit("add.s32 %s3, %s1, %s2");
        self.emit(&format!("st.shared.u32 [%s3], {v}"));
        self.emit(&format!("bar.arrive {id}, {n}"));
        self.emit(&format!("bra.uni {end}"));
        self.place(&cons);
        self.emit(&format!("bar.sync {id}, {n}"));
        self.emit(&format!("rem.u32 %s4, %stid, {}", 32 * producers));
        self.emit("shl.b32 %s4, %s4, 3");
        self.emit("add.s32 %s4, %s1, %s4");
        let d = self.reg(Class::R);
        self.emit(&format!("ld.shared.u32 {d}, [%s4]"));
        self.place(&end);
        // Producers must not store into this array again before the consumers loaded it:
        // a block barrier before anything else (each array is used once anyway).
        self.emit("bar.sync 0");
        self.budget -= 4;
    }

    /// Warp collectives in a branch on `%laneid`, with the branch's exact lane mask: shuffles
    /// to partners inside it, votes, `redux`, `match`, `activemask`, `bar.warp.sync`.
    fn diverged_collectives(&mut self) {
        let m = self.rng.pick(&[1u32, 2, 3, 5, 8, 16, 17, 24, 31, 30]);
        let v = (self.rng.next() as u32) & m;
        let mask: u32 = (0..32).filter(|l| l & m == v).fold(0, |a, l| a | 1 << l);
        let free = !m & 31;
        let end = self.label();
        self.emit("mov.u32 %w0, %laneid");
        self.emit(&format!("and.b32 %w0, %w0, {m}"));
        self.emit(&format!("setp.ne.u32 %q1, %w0, {v}"));
        self.emit(&format!("@%q1 bra {end}"));
        let members: Vec<u32> = (0..32).filter(|l| mask >> l & 1 == 1).collect();
        for _ in 0..1 + self.rng.below(3) {
            match self.rng.below(8) {
                0 | 1 => {
                    let c = if self.rng.chance(50) { Class::R } else { Class::F };
                    let (d, a) = (self.reg(c), self.reg(c));
                    let d = if self.rng.chance(30) { format!("{d}|{}", self.reg(Class::P)) } else { d };
                    if self.rng.chance(50) || free == 0 {
                        let src = self.rng.pick(&members);
                        self.emit(&format!("shfl.sync.idx.b32 {d}, {a}, {src}, 31, {mask:#x}"));
                    } else {
                        // A partner that differs in bits outside `m` only: in the mask too.
                        let x = (self.rng.next() as u32 & free).max(free & free.wrapping_neg());
                        self.emit(&format!("shfl.sync.bfly.b32 {d}, {a}, {x}, 31, {mask:#x}"));
                    }
                }
                2 => {
                    let (d, a) = (self.reg(Class::R), self.reg(Class::P));
                    self.emit(&format!("vote.sync.ballot.b32 {d}, {a}, {mask:#x}"));
                }
                3 => {
                    let mode = self.rng.pick(&["all", "any", "uni"]);
                    let (d, a) = (self.reg(Class::P), self.reg(Class::P));
                    let neg = if self.rng.chance(30) { "!" } else { "" };
                    self.emit(&format!("vote.sync.{mode}.pred {d}, {neg}{a}, {mask:#x}"));
                }
                4 => {
                    let op = self.rng.pick(&["add.u32", "min.s32", "max.u32", "xor.b32", "or.b32"]);
                    let (d, a) = (self.reg(Class::R), self.reg(Class::R));
                    self.emit(&format!("redux.sync.{op} {d}, {a}, {mask:#x}"));
                }
                5 => {
                    let (d, a) = (self.reg(Class::R), self.reg(Class::R));
                    self.emit(&format!("and.b32 %w1, {a}, 3"));
                    if self.rng.chance(50) {
                        self.emit(&format!("match.any.sync.b32 {d}, %w1, {mask:#x}"));
                    } else {
                        let p = self.reg(Class::P);
                        self.emit(&format!("match.all.sync.b32 {d}|{p}, %w1, {mask:#x}"));
                    }
                }
                6 => {
                    let d = self.reg(Class::R);
                    self.emit(&format!("activemask.b32 {d}"));
                }
                _ => {
                    self.op();
                    self.emit(&format!("bar.warp.sync {mask:#x}"));
                }
            }
            self.budget -= 1;
        }
        self.place(&end);
    }
}

/// The flat thread index `tid.x + ntid.x * (tid.y + ntid.y * tid.z)` (`%stid`), the block's
/// size (`%sntid`) and the flat index in the grid (`%sgid`), for blocks and grids of any shape.
const SHAPED_INDEX: &str = "\tmov.u32 \t%s0, %tid.z;\n\
                            \tmov.u32 \t%s1, %ntid.y;\n\
                            \tmov.u32 \t%s2, %tid.y;\n\
                            \tmad.lo.s32 \t%s0, %s0, %s1, %s2;\n\
                            \tmov.u32 \t%sntid, %ntid.x;\n\
                            \tmov.u32 \t%s2, %tid.x;\n\
                            \tmad.lo.s32 \t%stid, %s0, %sntid, %s2;\n\
                            \tmul.lo.s32 \t%sntid, %sntid, %s1;\n\
                            \tmov.u32 \t%s1, %ntid.z;\n\
                            \tmul.lo.s32 \t%sntid, %sntid, %s1;\n\
                            \tmov.u32 \t%s0, %ctaid.z;\n\
                            \tmov.u32 \t%s1, %nctaid.y;\n\
                            \tmov.u32 \t%s2, %ctaid.y;\n\
                            \tmad.lo.s32 \t%s0, %s0, %s1, %s2;\n\
                            \tmov.u32 \t%s1, %nctaid.x;\n\
                            \tmov.u32 \t%s2, %ctaid.x;\n\
                            \tmad.lo.s32 \t%s0, %s0, %s1, %s2;\n\
                            \tmad.lo.s32 \t%sgid, %s0, %sntid, %stid;\n";

/// Generates shaped kernel `seed`: the basic kernels' records and prologue over a block of
/// any shape (flat thread index `tid.x + ntid.x * (tid.y + ntid.y * tid.z)`, flat block
/// index likewise).
pub(super) fn generate_shaped(seed: u64) -> Kernel {
    let mut g = Gen::new(seed ^ 0x5aa9_ed00);
    let block = g.rng.pick(&BLOCKS);
    let threads: u32 = block.iter().product();
    let grid = if threads >= 512 { g.rng.pick(&GRIDS[..3]) } else { g.rng.pick(&GRIDS) };
    let warp_ops = g.rng.chance(50);
    g.shfl = warp_ops && threads.is_multiple_of(32);
    g.shape = Some(Shape { threads, warp_ops, warps_exited: false, next_arrive: 8 });
    let uniforms = g.uniforms();

    basic_body(&mut g);
    // 8 bytes per thread, and 32 words more for the contended counters of the atomics.
    let (title, smem) = (format!("engine_fuzz shaped seed {seed}"), 8 * (threads + 32));
    let ptx = basic_kernel_text(&title, &g, "\t.reg .b32 \t%w<4>;\n\t.reg .b64 \t%wd<1>;\n", smem, SHAPED_INDEX);
    Kernel { ptx, grid, block, uniforms, layout: &BASIC, dyn_smem: 0, scratch: Vec::new(), scratch_regions: Vec::new() }
}
