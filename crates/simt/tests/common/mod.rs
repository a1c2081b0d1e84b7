//! Helpers shared by the engine's test files: the engines, loading a program, moving numbers
//! to and from device memory, and the input generator.

#![allow(dead_code)] // each test file uses its own part

pub mod matrix;
pub mod ptx;

use simt::{DeviceMemory, DevicePtr, Dim3, Engine, Params, Program, Tier};

/// The engines every fixture test runs on.
pub const ENGINES: [Engine; 4] = [Engine::Interp, Engine::JitAll, Engine::Warp, Engine::Block];

/// The -O3 and -G builds of fixture `tests/kernels/{stem}.{O3,G}.ptx`, each loaded for every
/// engine, named `variant/engine`.
pub fn fixture_on_engines(stem: &str) -> Vec<(String, Program)> {
    let mut out = Vec::new();
    for v in ["O3", "G"] {
        let src = kernel_source(&format!("{stem}.{v}.ptx"));
        for e in ENGINES {
            let mut p = Program::from_ptx(&src).unwrap_or_else(|err| panic!("{v}: {err}"));
            p.set_engine(e);
            out.push((format!("{v}/{e:?}"), p));
        }
    }
    out
}

/// The text of fixture `tests/kernels/{file}`.
pub fn kernel_source(file: &str) -> String {
    let path = format!("{}/tests/kernels/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `src` loaded to run on `engine`.
pub fn program(src: &str, engine: Engine) -> Program {
    let mut p = Program::from_ptx(src).unwrap_or_else(|e| panic!("load: {e}"));
    p.set_engine(engine);
    p
}

/// `src` loaded once for each of `ENGINES`.
pub fn on_engines(src: &str) -> Vec<(Engine, Program)> {
    ENGINES.into_iter().map(|e| (e, program(src, e))).collect()
}

/// `src` loaded to run on `engine` with one worker, so that blocks run in order and the first
/// block to fault is the same on every engine.
pub fn one_worker_program(src: &str, engine: Engine) -> Program {
    let mut p = program(src, engine);
    p.set_workers(1);
    p
}

/// Runs `entry(out, in)` of `ptx` on 4 blocks of 64 threads over `input` on every engine: the
/// results must be `want`, and the warp tier must have run `what` compiled (no instruction
/// handed to the interpreter).
pub fn run_on_every_engine<T: Word>(ptx: &str, entry: &str, input: &[T], want: &[u32], what: &str) {
    for engine in ENGINES {
        let p = program(ptx, engine);
        let mem = DeviceMemory::new();
        let inp = upload(&mem, input);
        let out = upload(&mem, &vec![0xeeee_eeeeu32; want.len()]);
        let params = Params::new().ptr(out).ptr(inp).clone();
        let stats = p
            .launch(entry, Dim3::x(4), Dim3::x(64), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download::<u32>(&mem, out, want.len()), want, "{engine:?}");
        if engine == Engine::Warp {
            assert_eq!(stats.warp_instructions, 0, "the warp tier left {what} to the interpreter");
        }
    }
}

/// Launches `entry(out, in)` of `p` on `grid` blocks of `block` over `input` (fresh memory),
/// `out` as long and filled with `u32::MAX` first; returns what the kernel left in `out` and
/// the tier that ran the launch.
pub fn run_out_in(p: &Program, entry: &str, grid: Dim3, block: Dim3, input: &[u32]) -> (Vec<u32>, Tier) {
    let mem = DeviceMemory::new();
    let din = upload(&mem, input);
    let dout = upload(&mem, &vec![u32::MAX; input.len()]);
    let params = Params::new().ptr(dout).ptr(din).clone();
    let st = p.launch(entry, grid, block, 0, params.bytes(), &mem).unwrap_or_else(|f| panic!("{entry}: {f}"));
    (download(&mem, dout, input.len()), st.tier)
}

/// A number the tests move to and from device memory, as CUDA lays it out: little-endian.
pub trait Word: Copy {
    /// Its size in bytes.
    const SIZE: usize;
    /// Appends its little-endian bytes to `out`.
    fn put(self, out: &mut Vec<u8>);
    /// The number in the first `SIZE` bytes of `bytes`.
    fn take(bytes: &[u8]) -> Self;
}

macro_rules! little_endian_word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn take(bytes: &[u8]) -> Self {
                <$t>::from_le_bytes(bytes[..Self::SIZE].try_into().expect("SIZE bytes"))
            }
        }
    )*};
}
little_endian_word!(u8, i8, u16, i16, u32, i32, u64, i64, u128, f32, f64);

/// `data` as device memory holds it.
pub fn le_bytes<T: Word>(data: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() * T::SIZE);
    for &x in data {
        x.put(&mut out);
    }
    out
}

/// The numbers that `bytes` (device memory's layout) holds.
pub fn from_le_bytes<T: Word>(bytes: &[u8]) -> Vec<T> {
    bytes.chunks_exact(T::SIZE).map(T::take).collect()
}

/// A fresh allocation of exactly `data`'s size, holding `data`.
pub fn upload<T: Word>(mem: &DeviceMemory, data: &[T]) -> DevicePtr {
    let bytes = le_bytes(data);
    let p = mem.alloc(bytes.len() as u64).unwrap();
    mem.write(p, &bytes).unwrap();
    p
}

/// Writes `data` at `p`.
pub fn write<T: Word>(mem: &DeviceMemory, p: DevicePtr, data: &[T]) {
    mem.write(p, &le_bytes(data)).unwrap();
}

/// The `n` numbers at `p`.
pub fn download<T: Word>(mem: &DeviceMemory, p: DevicePtr, n: usize) -> Vec<T> {
    let mut bytes = vec![0u8; n * T::SIZE];
    mem.read(p, &mut bytes).unwrap();
    from_le_bytes(&bytes)
}

/// The `n` 32-bit words at `p` (the most common output).
pub fn download_u32(mem: &DeviceMemory, p: DevicePtr, n: usize) -> Vec<u32> {
    download(mem, p, n)
}

/// Marsaglia's xorshift (13, 7, 17): the kernel tests' input generator, deterministic so that
/// a failure repeats.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded from `seed`, spread by a multiplication (odd, so never stuck at 0).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A generator whose state is `state` itself (nonzero).
    pub fn from_state(state: u64) -> Rng {
        Rng(state)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// In `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// In `lo..hi`.
    pub fn i32(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo) as u64) as i32
    }

    /// A small integer-valued float in `lo..hi`.
    pub fn fint(&mut self, lo: i32, hi: i32) -> f32 {
        self.i32(lo, hi) as f32
    }

    /// In `-1.0..1.0`, a multiple of 2^-23.
    pub fn f32(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
    }
}
