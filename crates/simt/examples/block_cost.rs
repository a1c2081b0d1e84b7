//! Launches one benchmark kernel (`benches/kernels.rs`'s PTX) on a small grid, `N` times
//! (default 4), for `scripts/block-cost`, which counts the instructions a block costs under
//! callgrind: deterministic numbers on a machine whose timings are noisy.
//!
//!     cargo run --release -p cuprite-simt --example block_cost KERNEL
//!
//! Every kernel runs on 256 blocks (the grid shapes below say which), reading zeroed buffers:
//! what it computes does not matter here, only what a block costs.
use simt::{DeviceMemory, Dim3, Params, Program};

/// The blocks each launch runs (`scripts/block-cost` divides by it).
const BLOCKS: u32 = 256;

fn main() -> Result<(), String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels/");
    let kernel = std::env::args().nth(1).unwrap_or_else(|| "vector_add".into());
    let launches: u32 = std::env::var("N").ok().and_then(|v| v.parse().ok()).unwrap_or(4);
    let mem = DeviceMemory::new();
    let big = 1u64 << 24;
    let buf = || mem.alloc(big).map_err(|e| format!("alloc: {e}"));
    let (a, b, c) = (buf()?, buf()?, buf()?);
    let n = (BLOCKS * 256) as i32;
    let square = Dim3::new(16, 16, 1);
    // The bitonic step's partner distance (`J`, default 64).
    let bj: i32 = std::env::var("J").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    let (file, grid, block, smem, params) = match kernel.as_str() {
        "vector_add" => {
            ("kernels", Dim3::x(BLOCKS), Dim3::x(256), 0, Params::new().ptr(a).ptr(b).ptr(c).i32(n).clone())
        }
        "reduce_sum" => {
            ("kernels", Dim3::x(BLOCKS), Dim3::x(256), 1024, Params::new().ptr(a).ptr(b).i32(2 * n).clone())
        }
        "scan_warp" => ("bench", Dim3::x(BLOCKS), Dim3::x(256), 0, Params::new().ptr(a).ptr(b).i32(n).clone()),
        // Grid-stride: each thread counts 16 bytes.
        "histogram" => ("kernels", Dim3::x(BLOCKS), Dim3::x(256), 0, Params::new().ptr(a).i32(16 * n).ptr(b).clone()),
        "matmul_tiled" => {
            ("kernels", square, square, 0, Params::new().ptr(a).ptr(b).ptr(c).i32(256).i32(256).i32(64).clone())
        }
        "transpose" => ("bench", square, Dim3::new(32, 8, 1), 0, Params::new().ptr(a).ptr(b).i32(512).i32(512).clone()),
        "stencil2d" => ("bench", square, Dim3::new(32, 8, 1), 0, Params::new().ptr(a).ptr(b).i32(512).i32(128).clone()),
        // One compare-exchange step of the sort (partners `J` keys apart).
        "bitonic_step" => {
            ("bench", Dim3::x(BLOCKS), Dim3::x(256), 0, Params::new().ptr(a).i32(bj).i32(2 * bj).i32(n).clone())
        }
        other => {
            eprintln!(
                "block_cost: unknown kernel {other} (vector_add, reduce_sum, scan_warp, histogram, matmul_tiled, transpose, stencil2d, bitonic_step)"
            );
            std::process::exit(2);
        }
    };
    let path = format!("{dir}{file}.sm_80.O3.ptx");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let p = Program::from_ptx(&text).map_err(|e| format!("{path}: {e}"))?;
    for _ in 0..launches {
        p.launch(&kernel, grid, block, smem, params.bytes(), &mem).map_err(|e| format!("launch: {e}"))?;
    }
    Ok(())
}
