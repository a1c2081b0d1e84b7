//! Program-level differential tests: each CUDA program in `tests/program-diff/` prints its
//! results; `tests/program-diff/expected/NAME.txt` is what it printed natively on an H100
//! (`tests/program-diff/record.sh`). Here the same source is built by nvcc with `-cudart shared`
//! (and the flags of a first line `// flags: ...`, as record.sh builds it) and run on our
//! library; the output must be identical, except that a program may declare
//! `// diff-tolerance: REL` (for fast-math approximations), which lets numbers differ by that
//! relative amount.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{nvcc, work_dir};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/program-diff")
}

#[derive(Debug, PartialEq)]
enum Tok {
    Text(String),
    Num(f64),
}

/// Splits a line into numbers and the text between them.
fn tokens(line: &str) -> Vec<Tok> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while i < b.len() {
        let starts_num = b[i].is_ascii_digit()
            || (matches!(b[i], b'-' | b'+' | b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if !starts_num {
            text.push(b[i] as char);
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
            j += 1;
        }
        if j < b.len() && matches!(b[j], b'e' | b'E') {
            let mut k = j + 1;
            if k < b.len() && matches!(b[k], b'-' | b'+') {
                k += 1;
            }
            if k < b.len() && b[k].is_ascii_digit() {
                j = k;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
            }
        }
        match line[i..j].parse::<f64>() {
            Ok(v) => {
                out.push(Tok::Text(std::mem::take(&mut text)));
                out.push(Tok::Num(v));
            }
            Err(_) => text.push_str(&line[i..j]),
        }
        i = j;
    }
    out.push(Tok::Text(text));
    out
}

/// Whether `ours` matches `gpu` line by line, numbers within `tol` relative to their size (or
/// absolute below 1: results of cancellation carry the inputs' error, not their own).
fn compare(gpu: &str, ours: &str, tol: f64) -> Result<(), String> {
    let (g, o): (Vec<&str>, Vec<&str>) = (gpu.lines().collect(), ours.lines().collect());
    if g.len() != o.len() {
        return Err(format!("{} lines from the GPU, {} from Cuprite", g.len(), o.len()));
    }
    for (n, (gl, ol)) in g.iter().zip(&o).enumerate() {
        if gl == ol {
            continue;
        }
        let close = tol > 0.0 && {
            let (gt, ot) = (tokens(gl), tokens(ol));
            gt.len() == ot.len()
                && gt.iter().zip(&ot).all(|(a, b)| match (a, b) {
                    (Tok::Num(x), Tok::Num(y)) => (x - y).abs() <= tol * x.abs().max(y.abs()).max(1.0),
                    (a, b) => a == b,
                })
        };
        if !close {
            return Err(format!("line {}:\n  GPU:     {gl}\n  Cuprite: {ol}", n + 1));
        }
    }
    Ok(())
}

fn check(name: &str) {
    let src = root().join(format!("{name}.cu"));
    let text = std::fs::read_to_string(&src).expect("read source");
    let tol = text
        .lines()
        .find_map(|l| l.strip_prefix("// diff-tolerance:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    let flags = text.lines().next().and_then(|l| l.strip_prefix("// flags:")).unwrap_or("");
    let exe = work_dir().join(name);
    let o = Command::new(nvcc())
        .args(["-arch=sm_90", "-cudart", "shared"])
        .args(flags.split_whitespace())
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .output()
        .expect("run nvcc");
    assert!(o.status.success(), "nvcc {name}: {}", String::from_utf8_lossy(&o.stderr));
    let r = Command::new(&exe).env("LD_LIBRARY_PATH", work_dir().join("lib")).output().expect("run program");
    let ours = String::from_utf8_lossy(&r.stdout);
    assert_eq!(r.status.code(), Some(0), "{name}: {ours}\n{}", String::from_utf8_lossy(&r.stderr));
    let gpu = std::fs::read_to_string(root().join(format!("expected/{name}.txt"))).expect("read the GPU's output");
    if let Err(e) = compare(&gpu, &ours, tol) {
        panic!("{name} differs from the GPU: {e}");
    }
}

#[test]
fn tokens_split_numbers_from_text() {
    assert_eq!(
        tokens("x=-1.5e3 [7]"),
        vec![Tok::Text("x=".into()), Tok::Num(-1500.0), Tok::Text(" [".into()), Tok::Num(7.0), Tok::Text("]".into())]
    );
    assert!(compare("a 1.0000001", "a 1.0", 1e-6).is_ok());
    assert!(compare("a 1.001", "a 1.0", 1e-6).is_err());
    assert!(compare("a 1.0", "b 1.0", 1e-3).is_err());
}

#[test]
fn printf_formats() {
    check("printf_formats");
}

#[test]
fn reductions() {
    check("reductions");
}

#[test]
fn blackscholes() {
    check("blackscholes");
}

#[test]
fn classic_kernels() {
    check("classic_kernels");
}

#[test]
fn half_math() {
    check("half_math");
}

#[test]
fn textures() {
    check("textures");
}

/// Normalized-coordinate addressing at texel boundaries, weight ties and far coordinates (an
/// H200 truncates the coordinate to 21 fractional bits and mirrors texel indices).
#[test]
fn texture_edges() {
    check("texture_edges");
}

#[test]
fn edge_arith() {
    check("edge_arith");
}

#[test]
fn error_strings() {
    check("error_strings");
}

#[test]
fn sync_patterns() {
    check("sync_patterns");
}

#[test]
fn runtime_features() {
    check("runtime_features");
}

#[test]
fn tensor_cores() {
    check("tensor_cores");
}

/// The graphics interoperability functions fail as CUDA 13's do on a machine without a display
/// (an H200 host): registration by the missing API's error, handles and connections invalid.
#[test]
fn interop_errors() {
    check("interop_errors");
}

#[test]
fn rare_int_fp8() {
    check("rare_int_fp8");
}

#[test]
fn async_grid_constant() {
    check("async_grid_constant");
}

#[test]
fn atomic_float_edges() {
    check("atomic_float_edges");
}

// Programs written as users write them, never seen by Cuprite's authors before they were run
// on an H200 (tests/program-diff/expected).

/// 64-bit signed/unsigned min/max, and/or/xor, 16- and 64-bit CAS loops, atomicInc/Dec wrap-around, on global and shared memory.
#[test]
fn atom64_minmax() {
    check("atom64_minmax");
}

/// cuda::atomic_ref and cuda::atomic at block/device/system scope, scoped atomic intrinsics.
#[test]
fn atomic_ref_scopes() {
    check("atomic_ref_scopes");
}

/// Element offsets beyond 2^31 through pointer arithmetic, 65535 blocks in y, launch limits.
#[test]
fn big_offsets() {
    check("big_offsets");
}

/// A cooperative launch with grid-wide syncs between phases; an oversized cooperative launch.
#[test]
fn cg_grid_phases() {
    check("cg_grid_phases");
}

/// coalesced_threads, labeled/binary partitions, reduce and scans on tiles under divergence.
#[test]
fn cg_tiles_divergent() {
    check("cg_tiles_divergent");
}

/// A -O0 -G build: local arrays, structs by value, a switch, a padded shared-memory transpose.
#[test]
fn debug_o0_g() {
    check("debug_O0G");
}

/// Dynamic shared memory of mixed types over 48 KiB, %dynamic_smem_size, aliased extern arrays.
#[test]
fn dyn_shared_mixed() {
    check("dyn_shared_mixed");
}

/// A -use_fast_math build: softmax and activations (within the declared tolerance).
#[test]
fn fast_math_kernels() {
    check("fast_math_kernels");
}

/// float/double/half/half2/bf16/bf162 atomicAdd with order-independent exact sums.
#[test]
fn float_atomics_exact() {
    check("float_atomics_exact");
}

/// __int128 arithmetic, a bignum, bit-fields, unions and local arrays of structs.
#[test]
fn int128_local() {
    check("int128_local");
}

/// Every integer intrinsic family (brev, byte_perm, funnel shifts, dp4a/dp2a, SIMD video, sad, mulhi) over a sweep.
#[test]
fn int_intrinsics_sweep() {
    check("int_intrinsics_sweep");
}

/// Extended __device__ lambdas, functors, variadic and recursive templates, if constexpr.
#[test]
fn lambdas_templates() {
    check("lambdas_templates");
}

/// cudaMemcpy2D/3D and cudaMemset2D/3D with odd pitches, offsets and extents.
#[test]
fn memcpy_shapes() {
    check("memcpy_shapes");
}

/// Device printf widths, precisions and flags from arguments, strings, chars, infinities and NaNs.
#[test]
fn printf_variety() {
    check("printf_variety");
}

/// Recursive quicksort, Ackermann, mutual recursion, device function-pointer tables.
#[test]
fn recursion_fnptr() {
    check("recursion_fnptr");
}

/// -rdc=true: extern device variables, constant memory written at offsets, symbol queries.
#[test]
fn rdc_symbols() {
    check("rdc_symbols");
}

/// Shuffles with width < 32, out-of-range lanes, 64-bit and half2 payloads, a partial warp.
#[test]
fn shfl_width() {
    check("shfl_width");
}

/// 2D and 3D stencils over block shapes 8x8 .. 33x3 and 7x3x5 with partial blocks.
#[test]
fn stencil_block_shapes() {
    check("stencil_block_shapes");
}

/// Streams, events, host functions and callbacks, legacy and non-blocking stream ordering.
#[test]
fn stream_ordering() {
    check("stream_ordering");
}

/// __syncthreads_count/_and/_or over block shapes with partial warps and one thread.
#[test]
fn sync_count_shapes() {
    check("sync_count_shapes");
}

/// SIMD video instructions through intrinsics and inline PTX (vavrg rounds half away from zero).
#[test]
fn video_simd_asm() {
    check("video_simd_asm");
}

/// Virtual functions on device-heap objects, per-thread linked lists, a failing huge malloc.
#[test]
fn virtual_malloc() {
    check("virtual_malloc");
}

/// match_any/match_all/reduce/vote under divergence in a 7x3x5 block (partial last warp).
#[test]
fn warp_match_partial() {
    check("warp_match_partial");
}

/// A two-level shuffle scan over block sizes 33..1024 and a warp-aggregated atomic.
#[test]
fn warp_scan_odd() {
    check("warp_scan_odd");
}

/// Conversions with every rounding mode at the edges: NaN, infinities, ties, half/bf16 overflow.
#[test]
fn conversions_rounding() {
    check("conversions_rounding");
}

/// Exact double functions and correctly rounded intrinsics with directed rounding, as bits.
#[test]
fn double_math_bits() {
    check("double_math_bits");
}

/// Ordered/unordered compares as branches, fminf/fmaxf/copysign with NaNs and signed zeros.
#[test]
fn float_compare_nan() {
    check("float_compare_nan");
}

/// A captured fork/join graph relaunched with new kernel parameters and a whole-graph update.
#[test]
fn graph_capture_update() {
    check("graph_capture_update");
}

/// sm_80 half/bf16 arithmetic: fma with relu and saturation, NaN compares, conversions, abs/neg.
#[test]
fn half_bf16_math() {
    check("half_bf16_math");
}

/// A privatized shared-memory histogram over int4/__ldg loads; float4/double2 kernels.
#[test]
fn histogram_vectors() {
    check("histogram_vectors");
}

/// Integer division and remainder by constants and variables for every width and sign.
#[test]
fn int_division_sweep() {
    check("int_division_sweep");
}

/// System-scope atomics on mapped pinned and managed memory; pointer attributes.
#[test]
fn mapped_managed_atomics() {
    check("mapped_managed_atomics");
}

/// Inline PTX shifts past the width, bfe/bfi, every prmt mode, bfind, shf, lop3.
#[test]
fn ptx_bitops_asm() {
    check("ptx_bitops_asm");
}

/// Runtime API edge cases: zero-byte allocations, memset values, bad launches, double free.
#[test]
fn runtime_edges() {
    check("runtime_edges");
}

/// __syncwarp with partial masks between diverged halves of a warp, hand-offs through shared memory.
#[test]
fn syncwarp_ist() {
    check("syncwarp_ist");
}

/// Byte-oriented kernels: unaligned loads, a constant-memory class table, uchar4 loads, a scan.
#[test]
fn text_processing() {
    check("text_processing");
}

/// K-means with centroids in __constant__ memory updated through offsets, fixed-point atomics.
#[test]
fn kmeans_soa() {
    check("kmeans_soa");
}

/// BFS with frontier queues filled through warp-aggregated atomics, block sizes 992 and 128.
#[test]
fn bfs_frontier() {
    check("bfs_frontier");
}

/// LSD radix sort with shared-memory digit histograms and ballot-ranked stable scatter.
#[test]
fn radix_sort_smem() {
    check("radix_sort_smem");
}

/// Scan-based stream compaction with templated predicates over block sizes 64..1024.
#[test]
fn stream_compaction() {
    check("stream_compaction");
}

/// CSR SpMV (thread, warp, 8- and 2-lane rows) in double and an atomics-built transpose.
#[test]
fn spmv_csr_double() {
    check("spmv_csr_double");
}

/// Grey/Gaussian/Sobel/median filters on pitched memory with clamped borders, odd widths.
#[test]
fn image_pitch_filters() {
    check("image_pitch_filters");
}

/// Batched Cholesky and pivoted LU in shared memory, 2D blocks striding over the tile.
#[test]
fn cholesky_lu_blocks() {
    check("cholesky_lu_blocks");
}

/// Radix-2 FFTs in shared memory (sincospi twiddles, __brev) and a Stockham pass chain.
#[test]
fn fft_butterflies() {
    check("fft_butterflies");
}

/// Smith-Waterman on anti-diagonals in shared memory, Needleman-Wunsch one launch per diagonal.
#[test]
fn smith_waterman_wavefront() {
    check("smith_waterman_wavefront");
}

/// Particle binning: cell counts, scatter, per-cell sort, neighbour counts with a 3D block.
#[test]
fn particle_binning() {
    check("particle_binning");
}

/// Mandelbrot in double with smooth colouring, then histogram equalization.
#[test]
fn mandel_histeq() {
    check("mandel_histeq");
}

/// Math library functions at poles, zeros, denormals and half-integers, float and double.
#[test]
fn math_lib_edges() {
    check("math_lib_edges");
}

/// -fmad=false: a*b+c rounds twice; explicit fma and rounding intrinsics still exact.
#[test]
fn fmad_false_exact() {
    check("fmad_false_exact");
}

/// Padded and aligned struct parameters, 34 scalar parameters, 4 KiB and 30000-byte parameters.
#[test]
fn struct_params_big() {
    check("struct_params_big");
}

/// __constant__ arrays of structs written and read at byte offsets, symbol copies and errors.
#[test]
fn constant_structs_symbols() {
    check("constant_structs_symbols");
}

/// Unsigned wrap-around, integer promotion, mixed signed comparisons, high multiplies.
#[test]
fn int_overflow_mixed() {
    check("int_overflow_mixed");
}

/// Warp-synchronous volatile shared-memory code made correct with __syncwarp.
#[test]
fn volatile_warp_sync() {
    check("volatile_warp_sync");
}

/// A stream pipeline refilling one pageable buffer (cudaMemcpyAsync stages it), events, callbacks.
#[test]
fn streams_events_pageable() {
    check("streams_events_pageable");
}

/// Bad launch configurations, bad pointers, a device assert and cudaDeviceReset.
#[test]
fn error_paths_reset() {
    check("error_paths_reset");
}

/// sm_90 DPX functions, __fns, and bfe/bfi/bmsk/szext through inline PTX.
#[test]
fn dpx_fns_bitfield() {
    check("dpx_fns_bitfield");
}

/// Cache-hinted loads and stores (__ldcs, __ldlu, __stwt, ld.global.nc.L1::no_allocate ...).
#[test]
fn cache_hint_loads() {
    check("cache_hint_loads");
}

/// A single-pass scan with decoupled look-back: blocks spin on their predecessors' status.
#[test]
fn decoupled_lookback_scan() {
    check("decoupled_lookback_scan");
}

/// Function attributes and occupancy queries, printed only where CUDA fixes the answer.
#[test]
fn occupancy_func_attrs() {
    check("occupancy_func_attrs");
}

/// Thrust: zip sort, reduce_by_key, transform_reduce, copy_if, unique, lower_bound, scans.
#[test]
fn thrust_pipeline() {
    check("thrust_pipeline");
}

/// N-body steps with shared-memory tiles: an exact 1/sqrtf form and the sample's rsqrtf.
#[test]
fn nbody_soa() {
    check("nbody_soa");
}

/// Union-find connected components with atomicCAS hooking, label propagation with atomicMin.
#[test]
fn union_find_cc() {
    check("union_find_cc");
}

/// CRC-32 from a constant table, SHA-256 with funnel shifts and byte permutes, a 64-bit mixer.
#[test]
fn hash_kernels() {
    check("hash_kernels");
}

/// cg::memcpy_async, cuda::pipeline double buffering, __pipeline_* primitives, cuda::barrier.
#[test]
fn cg_async_pipeline() {
    check("cg_async_pipeline");
}

/// N-queens with per-thread stacks in local memory, N = 5..12.
#[test]
fn nqueens_local_stack() {
    check("nqueens_local_stack");
}

/// An open-addressing hash table (64-bit atomicCAS), tombstones, per-bucket spin locks.
#[test]
fn hash_table_probe() {
    check("hash_table_probe");
}

/// Bit-packed Game of Life on a torus with funnel shifts and bit-sliced counters.
#[test]
fn life_bitpacked() {
    check("life_bitpacked");
}

/// Jacobi sweeps in double with shared-memory halos and an atomicMax residual on double bits.
#[test]
fn jacobi_heat_double() {
    check("jacobi_heat_double");
}

/// libcu++: complex Newton basins, bit operations, numeric_limits, tuple, optional.
#[test]
fn cuda_std_utils() {
    check("cuda_std_utils");
}

/// Launch geometries at their limits (65535 in y and z, 2^20 blocks, 3D blocks), by coverage.
#[test]
fn launch_geometry() {
    check("launch_geometry");
}

/// A stable merge-path merge sort across launches.
#[test]
fn merge_path_sort() {
    check("merge_path_sort");
}

/// A -G build of warp code: bitonic shuffles, ballot filters, match_any groups, redux.
#[test]
fn debug_g_warp_app() {
    check("debug_G_warp_app");
}

/// -use_fast_math layers: layer norm + GELU, log-softmax, RMS norm, causal attention.
#[test]
fn fast_math_layers() {
    check("fast_math_layers");
}

/// Dynamic parallelism with fire-and-forget children and a tail launch.
#[test]
fn cdp_tail_recursion() {
    check("cdp_tail_recursion");
}

/// __noinline__ device functions passing and returning padded, aligned and large structs.
#[test]
fn noinline_abi() {
    check("noinline_abi");
}

/// int8 quantization, a __dp4a GEMM, requantization with __saturatef, __dp2a_lo/hi.
#[test]
fn int8_quant_gemm() {
    check("int8_quant_gemm");
}

/// CUB BlockReduce/BlockScan/BlockRadixSort/BlockLoad/WarpReduce/BlockHistogram, odd block sizes.
#[test]
fn cub_block_prims() {
    check("cub_block_prims");
}

/// cudaMallocAsync/cudaFreeAsync in streams, a created pool with a release threshold, trimming.
#[test]
fn pool_pipeline() {
    check("pool_pipeline");
}

/// PageRank in one cooperative kernel with grid-wide syncs, fixed-point ranks.
#[test]
fn coop_pagerank() {
    check("coop_pagerank");
}

/// Bellman-Ford and smoothing that stop when __syncthreads_or/_and say the block agrees.
#[test]
fn block_convergence() {
    check("block_convergence");
}

/// -ftz=true: every .ftz operation on denormal inputs and results, as bits.
#[test]
fn ftz_exact() {
    check("ftz_exact");
}

/// cudaMemcpyAsync with pageable memory behind a busy stream: staged from, complete into.
#[test]
fn pageable_async_semantics() {
    check("pageable_async_semantics");
}

/// Device new/delete with counted constructors, placement new, heap/stack/FIFO limits.
#[test]
fn device_limits_objects() {
    check("device_limits_objects");
}

/// Exact zero sums of add, sub and fma under each rounding mode: -0 only when rounding down.
#[test]
fn directed_zero_signs() {
    check("directed_zero_signs");
}

/// Rodinia backprop (16x16 shared-memory layer) and gaussian elimination (Fan1/Fan2, 4x4 blocks).
#[test]
fn backprop_gauss() {
    check("backprop_gauss");
}

/// cuComplex.h, thrust::complex and a 64-point shared-memory FFT with __constant__ twiddles.
#[test]
fn complex_fft_types() {
    check("complex_fft_types");
}

/// CRTP, constexpr/if constexpr, variadic folds, a std::-free tuple, __device__ variable templates.
#[test]
fn cpp_crtp_static() {
    check("cpp_crtp_static");
}

/// cuda::std array, span, optional, tuple, numeric_limits, bit_cast and complex in device code.
#[test]
fn cuda_std_types() {
    check("cuda_std_types");
}

/// Double reductions in fixed orders: shared tree, shuffles in 160-thread blocks, Kahan, Welford.
#[test]
fn double_reduce_order() {
    check("double_reduce_order");
}

/// __host__ __device__ and __device__ lambdas passed to templated kernels (--extended-lambda).
#[test]
fn ext_lambda_transform() {
    check("ext_lambda_transform");
}

/// Rounding functions at .5, fminf/fmaxf with NaN, __fdividef beyond 2^126, __saturatef, as bits.
#[test]
fn fast_intrinsics_nan() {
    check("fast_intrinsics_nan");
}

/// Rodinia streamcluster's pgain step and a softmax assignment built with -use_fast_math.
#[test]
fn fast_math_streamcluster() {
    check("fast_math_streamcluster");
}

/// A graph built node by node (memset, memcpy, kernel, child graph, event, host), exec updates.
#[test]
fn graph_api_nodes() {
    check("graph_api_nodes");
}

/// float/half/bf16 conversions in every rounding mode at the formats' limits, all 65536 round trips.
#[test]
fn half_bf16_limits() {
    check("half_bf16_limits");
}

/// cudaHostAlloc flags, mapped device pointers, cudaHostRegister, pointer attributes.
#[test]
fn host_alloc_flags() {
    check("host_alloc_flags");
}

/// Rodinia hotspot: a 5-point thermal stencil in 16x16 shared tiles, coefficients in __constant__.
#[test]
fn hotspot_thermal() {
    check("hotspot_thermal");
}

/// Bit-field extraction, packing, Morton codes, negative division and __mul24/__umulhi/__hadd (sm_80).
#[test]
fn int_bitfield_idioms() {
    check("int_bitfield_idioms");
}

/// cudaLaunchKernelEx with cluster and priority attributes, cudaLaunchKernel, 100 KiB dynamic shared memory.
#[test]
fn launch_ex_attrs() {
    check("launch_ex_attrs");
}

/// Rodinia blocked LU decomposition: diagonal, perimeter and internal kernels.
#[test]
fn lud_blocked() {
    check("lud_blocked");
}

/// Managed memory with cudaMemPrefetchAsync/cudaMemAdvise, a managed linked list, __managed__ globals.
#[test]
fn managed_prefetch_advise() {
    check("managed_prefetch_advise");
}

/// __managed__ variables reached from host code in every form (qualified, `using`, a pointer or
/// reference kept, the symbol API, a host-device function, a local and a member of the same
/// name); crates/nvcc/tests/cuprite_math.rs builds it with cuprite nvcc too.
#[test]
fn managed_references() {
    check("managed_references");
}

/// __PRETTY_FUNCTION__ and __func__ in device code (nvcc's front end's text); built by cuprite
/// nvcc in crates/nvcc/tests/cuprite_math.rs.
#[test]
fn pretty_function_names() {
    check("pretty_function_names");
}

/// cudaMalloc3D, cudaMemset3D on a sub-box, cudaMemcpy3D with positions, cudaMemset2D.
#[test]
fn memcpy3d_memset() {
    check("memcpy3d_memset");
}

/// Rodinia Needleman-Wunsch: block-diagonal tiles swept along their anti-diagonals.
#[test]
fn needle_nw() {
    check("needle_nw");
}

/// Parboil MRI-Q (sincosf over __constant__ chunks) and TPACF (binary-search histogram).
#[test]
fn parboil_mriq_tpacf() {
    check("parboil_mriq_tpacf");
}

/// Parboil register-tiled SGEMM and SAD motion search with __usad.
#[test]
fn parboil_sgemm_sad() {
    check("parboil_sgemm_sad");
}

/// Rodinia pathfinder's pyramid ghost zones in 96-thread blocks, built with -O0 -G.
#[test]
fn pathfinder_dp() {
    check("pathfinder_dp");
}

/// PolyBench 2mm, 3mm, atax, bicg and gesummv in float with 32x8 blocks.
#[test]
fn polybench_linalg() {
    check("polybench_linalg");
}

/// PolyBench fdtd-2d, jacobi-2d, syrk, covariance and correlation.
#[test]
fn polybench_stencils() {
    check("polybench_stencils");
}

/// -rdc=true: extern __device__ data, forward-declared functions, a function-pointer table, recursion.
#[test]
fn rdc_device_lib() {
    check("rdc_device_lib");
}

/// Parboil SpMV in JDS format and a register-tiled 7-point 3D stencil (sm_80, -lineinfo).
#[test]
fn spmv_jds_stencil3d() {
    check("spmv_jds_stencil3d");
}

/// Rodinia SRAD: ROI statistics then diffusion coefficients and divergence, 16x16 blocks (-O3).
#[test]
fn srad_speckle() {
    check("srad_speckle");
}

/// cudaLaunchHostFunc ordering across prioritized streams, query states, DisableTiming errors.
#[test]
fn stream_host_func_order() {
    check("stream_host_func_order");
}

/// surf2Dwrite/surf2Dread at byte offsets with zero and clamp boundaries, 3D surfaces.
#[test]
fn surface_rw() {
    check("surface_rw");
}

/// User float3 operators, functors and __noinline__ helpers in a small ray caster (rsqrtf: tolerance).
#[test]
fn vec3_physics() {
    check("vec3_physics");
}

/// Stream capture across forked streams, graph clones, memory alloc/free nodes, WHILE and IF conditional nodes.
#[test]
fn graph_conditional_capture() {
    check("graph_conditional_capture");
}

/// Overloaded kernels, kernels in namespaces, explicit specialisations, launches through pointers, by-value structs.
#[test]
fn kernel_overloads_ns() {
    check("kernel_overloads_ns");
}

/// Virtual functions on objects made with device new, placement new in shared memory, static locals.
#[test]
fn device_objects_virtual() {
    check("device_objects_virtual");
}

/// 16-bit CAS, half2/bf162 atomicAdd, wrap-around atomicInc/Dec, 64-bit bit atomics, warp __reduce_*_sync.
#[test]
fn atomics_small_types() {
    check("atomics_small_types");
}

/// C++20 in device code: concepts, consteval, <=>, designated initialisers, template lambdas.
#[test]
fn cpp20_device() {
    check("cpp20_device");
}

/// --default-stream per-thread: host threads on their own default streams, cudaStreamLegacy.
#[test]
fn per_thread_stream() {
    check("per_thread_stream");
}

/// The host standard library's constexpr parts in device code (--expt-relaxed-constexpr).
#[test]
fn std_in_device() {
    check("std_in_device");
}

/// Approximate instructions' special cases as bits: zeros, infinities, NaN, subnormals (sin.approx, rcp.approx.ftz.f64).
#[test]
fn approx_special_values() {
    check("approx_special_values");
}

/// uchar4/short2/half/float2 array textures, point and linear filtering, every address mode, pitch-2D textures.
#[test]
fn tex_channel_formats() {
    check("tex_channel_formats");
}

/// Border colors of 8/16-bit textures read as normalized floats (quantized) and as integers (the float's bits).
#[test]
fn tex_border_quantize() {
    check("tex_border_quantize");
}

/// Layered 1D/2D textures and cubemaps (major-axis ties); the program's 3D-texture line left out (see report).
#[test]
fn tex_layered_cubemap() {
    check("tex_layered_cubemap");
}

/// The threadFenceReduction last-block pattern with a wrapping atomicInc ticket, printf FIFO/stack limits.
#[test]
fn fence_reduction_limits() {
    check("fence_reduction_limits");
}

/// Device properties that are constants of compute capability 9.0 (board-specific ones go to
/// stderr, which the H200's recording interleaved and this file leaves out).
#[test]
fn device_props_arch() {
    check("device_props_arch");
}

/// The binomialOptions sample's algorithm in double (shared-memory tree, 96/256 threads).
#[test]
fn binomial_options() {
    check("binomial_options");
}

/// Thread-block clusters: a distributed-shared-memory histogram, a ring exchange, cluster queries.
#[test]
fn cluster_dsmem_hist() {
    check("cluster_dsmem_hist");
}

/// The convolutionSeparable sample's algorithm: row/column passes with aprons, bit-exact with the host.
#[test]
fn conv_separable() {
    check("conv_separable");
}

/// Conversions with directed rounding and saturation (int, half, bfloat16) at the edges.
#[test]
fn conversions_directed_sat() {
    check("conversions_directed_sat");
}

/// CUB device-wide radix sorts, segmented sort, run-length encode, select, scan by key, histogram, ArgMax.
#[test]
fn cub_device_sort() {
    check("cub_device_sort");
}

/// The dwtHaar1D sample's algorithm: a multi-level Haar decomposition in shared memory.
#[test]
fn dwt_haar() {
    check("dwt_haar");
}

/// The FDTD3d sample's algorithm: a radius-4 stencil marching z with a register queue.
#[test]
fn fdtd3d() {
    check("fdtd3d");
}

/// Blocked three-phase Floyd-Warshall with partial tiles.
#[test]
fn floyd_warshall_blocked() {
    check("floyd_warshall_blocked");
}

/// cudaDeviceSetLimit read-backs as an H200 rounds them (heap, stack, printf FIFO; sync depth unsupported).
#[test]
fn heap_limits_rounding() {
    check("heap_limits_rounding");
}

/// Integer intrinsics at their edges in a -O0 -G build.
#[test]
fn int_intrinsics_edges() {
    check("int_intrinsics_edges");
}

/// Launch configuration errors and the error each reports (threads, grid, shared memory, launch bounds, cooperative).
#[test]
fn launch_config_errors() {
    check("launch_config_errors");
}

/// MonteCarlo option pricing with a hand-written Philox4x32-10 and Box-Muller in double.
#[test]
fn montecarlo_philox() {
    check("montecarlo_philox");
}

/// cuda::pipeline with 2-4 stages, a partitioned producer/consumer pipeline, cuda::barrier phases.
#[test]
fn pipeline_multistage() {
    check("pipeline_multistage");
}

/// Device printf: every flag combination on each conversion, from one thread at a time.
#[test]
fn printf_flag_matrix() {
    check("printf_flag_matrix");
}

/// cg::reduce, __reduce_*_sync on partial masks, atomicAdd on double, tree reductions over odd block shapes.
#[test]
fn reduce_variants() {
    check("reduce_variants");
}

/// Runtime calls made wrong (devices, memcpy kinds, double free, symbols, cudaMemGetInfo with null pointers).
#[test]
fn runtime_misuse() {
    check("runtime_misuse");
}

/// A warp-shuffle scan in 7x3x5 blocks and a bitonic key/value sort across blocks.
#[test]
fn scan_bitonic_shapes() {
    check("scan_bitonic_shapes");
}

/// The simpleMultiCopy pattern: chunks through 4 streams depth- and breadth-first, 2D window copies.
#[test]
fn simple_multicopy() {
    check("simple_multicopy");
}

/// uchar4 Sobel, Gaussian and bilateral filters built with -use_fast_math.
#[test]
fn sobel_uchar4_fastmath() {
    check("sobel_uchar4_fastmath");
}

/// The SobolQRNG sample's algorithm: Gray-code Sobol points, bit-exact with the host.
#[test]
fn sobol_qrng() {
    check("sobol_qrng");
}

/// Thrust keyed algorithms with functors and zip/counting/transform/permutation iterators.
#[test]
fn thrust_keyed_algos() {
    check("thrust_keyed_algos");
}

/// Tiled, in-place and double transposes and a 3D permute with 7x3x5 blocks.
#[test]
fn transpose_permute3d() {
    check("transpose_permute3d");
}

/// WMMA with every layout combination and shape on exactly representable data, tf32 and bf16.
#[test]
fn wmma_layouts_exact() {
    check("wmma_layouts_exact");
}

/// Mipmap levels blended exactly and rounded once (the level weight truncated to 8 bits).
#[test]
fn tex_mip_blend() {
    check("tex_mip_blend");
}

/// After a kernel fault: cudaGetLastError reports the sticky error once per call that recorded
/// it (a second call answers cudaSuccess); every other call keeps failing.
#[test]
fn fault_sticky_last_error() {
    check("fault_sticky_last_error");
}

/// The histogram64/histogram256 samples' algorithms: byte sub-histograms per thread, per-warp
/// sub-histograms with per-lane and warp-aggregated shared atomics.
#[test]
fn histogram_subhist() {
    check("histogram_subhist");
}

/// Stream priorities, a fork/join capture into a graph replayed three times, capture states.
#[test]
fn stream_priority_capture() {
    check("stream_priority_capture");
}

/// Trilinear weights of a 3D texture, one corner at a time: slices split exactly by the z
/// fraction, each slice's share split over its columns and corners in 256ths.
#[test]
fn tex_trilinear_weights() {
    check("tex_trilinear_weights");
}

// Round 9 (the runtime API as programs use it, exact values and error codes), recorded on an
// H200: /work/notes/gpu-unseen/b_*.

/// cudaMallocPitch / cudaMalloc3D pitches over 24 widths, 2D copies and array windows at
/// offsets, cudaArrayGetInfo, and each 2D misuse's exact error.
#[test]
fn pitch_sweep_arrays() {
    check("pitch_sweep_arrays");
}

/// cudaMalloc3DArray of every flag combination and the shapes refused, cudaMemcpy3D between
/// host volumes, arrays and pitched memory at positions, cudaMemcpy3DPeer, malformed parameters.
#[test]
fn array3d_flags_copies() {
    check("array3d_flags_copies");
}

/// Symbol copies at byte offsets (sync, async, device to device), symbol sizes and addresses,
/// a __managed__ variable, offsets past the end and non-symbols (built with -rdc=true).
#[test]
fn symbols_offsets() {
    check("symbols_offsets");
}

/// Zero-byte and impossible allocations of every kind, cudaMemGetInfo relations, host
/// allocation and managed flags, freeing the wrong kind of pointer.
#[test]
fn alloc_sizes_meminfo() {
    check("alloc_sizes_meminfo");
}

/// cudaMemcpyDefault between every pair of pageable, pinned, registered, managed and device
/// memory, wrong explicit kinds, 2D/3D default copies, peer copies, async memsets.
#[test]
fn memcpy_default_peer() {
    check("memcpy_default_peer");
}

/// Managed-memory advice and prefetches on sub-ranges read back with every range attribute.
#[test]
fn managed_range_queries() {
    check("managed_range_queries");
}

/// Stream priorities (clamped), flags and ids of the special streams, event flags, elapsed
/// time errors, external record/wait flags outside capture, callbacks, destroying special streams.
#[test]
fn stream_event_flags() {
    check("stream_event_flags");
}

/// --default-stream per-thread: two host threads' null streams, the legacy stream waiting for
/// both, ordering of stream 0 with cudaStreamPerThread, capture of the per-thread stream.
#[test]
fn per_thread_default_mixing() {
    check("per_thread_default_mixing");
}

/// Capture rules: fork/join, capture info, ending on a forked stream, unjoined forks, every
/// call a capture forbids (events of ended captures are invalid values), relaxed and
/// thread-local modes, the legacy stream against a blocking capturing stream.
#[test]
fn capture_rules() {
    check("capture_rules");
}

/// A capture with every kind of stream work: memset, copies, a host function, cudaMallocAsync
/// / cudaFreeAsync (memory nodes, replayed three times), external event record and wait nodes,
/// capture dependencies updated, capture into an existing graph.
#[test]
fn capture_mixed_nodes() {
    check("capture_mixed_nodes");
}

/// Kernel arguments changed in a launch loop, exec memset/memcpy/host parameters, whole-graph
/// updates and their results, IF and WHILE conditional nodes built by hand, relaunching a graph
/// whose allocation is unfreed, with and without AutoFreeOnLaunch.
#[test]
fn graph_update_conditional() {
    check("graph_update_conditional");
}

/// Occupancy over block sizes and dynamic shared memory for kernels of fixed resources,
/// available dynamic shared memory, potential block sizes, a 200 KiB dynamic launch, attribute
/// errors.
#[test]
fn occupancy_smem_sweep() {
    check("occupancy_smem_sweep");
}

/// cudaLaunchKernelEx with cluster dimensions (portable and not), programmatic dependent
/// launch, priority and cooperative attributes; cooperative launches at and past the limit.
#[test]
fn launch_ex_cluster_limits() {
    check("launch_ex_cluster_limits");
}

/// Architecture attributes, properties against attributes, invalid attributes and devices,
/// PCI bus ids (a short buffer), versions, device flags and cache configuration.
#[test]
fn device_query_matrix() {
    check("device_query_matrix");
}

/// Linear and pitch2D textures: tex1Dfetch past the end, every address and filter mode with
/// and without normalized coordinates, and each creation error (filter and read-mode settings).
#[test]
fn tex_linear_pitch_modes() {
    check("tex_linear_pitch_modes");
}

/// Kernel faults in forked children: misaligned, unmapped, trap, assert, stack overflow, the
/// heap limit, surface boundary modes including trap; the sticky errors and the reset.
#[test]
fn kernel_faults_forked() {
    check("kernel_faults_forked");
}

/// What cudaDeviceReset leaves: stale device and pinned pointers fail, limits, cache
/// configuration and device variables back at their defaults, the fresh context working.
#[test]
fn after_reset_handles() {
    check("after_reset_handles");
}

/// Kernels through their handles: cudaGetFuncBySymbol / cudaGetKernel, cudaFuncGetName,
/// cudaFuncGetParamInfo, cudaLaunchKernel with an argument array, cudaLaunchKernelExC,
/// cudaKernelSetAttributeForDevice, launching a host function or null (built with -rdc=true
/// -lineinfo).
#[test]
fn kernel_handles_launch_api() {
    check("kernel_handles_launch_api");
}

/// A graph built node by node (every node type, memory nodes included) and inspected: counts,
/// types, dependencies, parameters; edges added and refused, no clone or edge removal with
/// memory nodes, a child graph cloned, child nodes neither disabled nor relaunched.
#[test]
fn graph_by_hand_queries() {
    check("graph_by_hand_queries");
}

/// Node parameters read and rewritten: kernel, 3D memcpy, memset and host nodes, kernel node
/// attributes, generic cudaGraphAddNode / NodeSetParams / ExecNodeSetParams.
#[test]
fn graph_node_params_rw() {
    check("graph_node_params_rw");
}

/// cudaMemset on device memory at odd offsets, managed, pinned, registered and pageable memory,
/// freed and out-of-range pointers, async ordering with kernels, 2D and 3D memsets.
#[test]
fn memset_pointer_kinds() {
    check("memset_pointer_kinds");
}

/// cudaPointerGetAttributes on every kind of pointer (one past the end and freed ones are
/// unregistered), cudaHostRegister flags and errors, cudaHostGetFlags of registered memory.
#[test]
fn pointer_attrs_registered() {
    check("pointer_attrs_registered");
}

/// Stream attributes (access policy window, synchronization policy, priority) and copies, and a
/// host function calling the runtime (every call cudaErrorNotPermitted, no deadlock).
#[test]
fn stream_attrs_hostfn_rules() {
    check("stream_attrs_hostfn_rules");
}

/// Graph user objects: creation errors, retain/release by the program and graphs, destructors
/// of objects the program released.
#[test]
fn user_objects_lifetime() {
    check("user_objects_lifetime");
}

/// Mipmapped arrays: level extents, level counts clamped, tex2DLod with point and linear
/// mipmap filtering.
#[test]
fn mipmap_level_queries() {
    check("mipmap_level_queries");
}

/// Device-side class hierarchies: multiple inheritance (this-adjusted calls through the second
/// base), virtual calls during construction, default arguments bound statically, new/delete[].
#[test]
fn cpp_virtual_multi() {
    check("cpp_virtual_multi");
}

/// Expression templates, operator overloading, template recursion (Horner, a bitonic network),
/// variadic templates and if constexpr over 7x3x5 blocks.
#[test]
fn cpp_expr_templates() {
    check("cpp_expr_templates");
}

/// Callables under -G: extended lambdas ([*this], mutable, generic, nested), __device__ function
/// pointer tables, pointers to members, __noinline__ mutual recursion.
#[test]
fn cpp_callables_debug() {
    check("cpp_callables_debug");
}

/// Layout with -rdc=true: signed and straddling bit-fields, unions, alignas in every space,
/// #pragma pack, constexpr-constructed __device__ globals, a 328-byte padded parameter.
#[test]
fn cpp_layout_bitfields() {
    check("cpp_layout_bitfields");
}

/// C++20: a span-like view with static/dynamic extents, concepts, hand-written lazy view
/// adaptors, consteval tables in __constant__, class-type non-type template parameters.
#[test]
fn cpp20_span_pipeline() {
    check("cpp20_span_pipeline");
}

/// Per-thread binary trees with new/delete and recursive destructors, a growing vector template,
/// a move-only owner, a shared-memory free list popped with atomicCAS.
#[test]
fn cpp_heap_trees() {
    check("cpp_heap_trees");
}

/// A recursive-descent expression parser per thread (__noinline__ mutual recursion, depth 40).
#[test]
fn recursive_descent_eval() {
    check("recursive_descent_eval");
}

/// Kernel templates dispatched over five element types and three tile sizes with typed extern
/// shared memory, a 2 KiB lambda capture as a parameter, __managed__ objects.
#[test]
fn template_dispatch_shared() {
    check("template_dispatch_shared");
}

/// A ray tracer: float3 operators, virtual hit() on device-created objects, __constant__
/// materials, reflections; pixels as exact floats.
#[test]
fn raytrace_float3_ops() {
    check("raytrace_float3_ops");
}

/// libcu++ atomics: every memory order, fetch_min/max, CAS loops, atomic_ref in shared memory,
/// a spin lock and a release/acquire handoff with wait/notify.
#[test]
fn libcu_atomic_orders() {
    check("libcu_atomic_orders");
}

/// cuda::barrier: arrive_and_drop across phases with a completion function, split arrive/wait,
/// cuda::std::barrier with per-warp arrivals.
#[test]
fn libcu_barrier_phases() {
    check("libcu_barrier_phases");
}

/// cuda::std::mdspan layouts (right, left, stride), latch, counting_semaphore, inplace_vector,
/// expected, bitset, numbers.
#[test]
fn libcu_mdspan_sync() {
    check("libcu_mdspan_sync");
}

/// cuda::std::invoke/bind_front/not_fn/mem_fn/ref, ranges access and subrange, a custom
/// view_interface, reverse iterators, a Y-combinator lambda.
#[test]
fn libcu_functional_ranges() {
    check("libcu_functional_ranges");
}

/// CUB BlockLoad/BlockStore with every algorithm, BlockExchange, BlockShuffle,
/// BlockAdjacentDifference, full and partial tiles.
#[test]
fn cub_block_io_exchange() {
    check("cub_block_io_exchange");
}

/// CUB BlockRadixSort pairs (descending, bit range, blocked-to-striped), BlockMergeSort,
/// BlockHistogram, BlockDiscontinuity, BlockScan algorithms with a prefix callback, logical warps.
#[test]
fn cub_block_sort_scan() {
    check("cub_block_sort_scan");
}

/// CUB block primitives built with -G: BlockReduce algorithms over 7x3x5 threads, BlockScan,
/// WarpReduce, BlockRadixSort of floats with signed zeros.
#[test]
fn cub_debug_build() {
    check("cub_debug_build");
}

/// CUB DeviceReduce ArgMin/ArgMax, DeviceSegmentedReduce, DeviceSelect, DevicePartition (two- and
/// three-way), DeviceRunLengthEncode, DeviceHistogram, DeviceScan by key, DeviceMergeSort.
#[test]
fn cub_device_select_reduce() {
    check("cub_device_select_reduce");
}

/// CUB segmented radix sort and segmented sort, adjacent difference, merge, batched memcpy and
/// copy, DeviceFor, DeviceTransform, radix sort of doubles with signed zeros.
#[test]
fn cub_device_segments_batches() {
    check("cub_device_segments_batches");
}

/// Thrust set operations (and by key), merge_by_key descending, vectorized searches,
/// equal_range, unique_copy, stable_sort_by_key.
#[test]
fn thrust_sets_search() {
    check("thrust_sets_search");
}

/// A tiled __half2/__nv_bfloat162 GEMM with __hfma2 and a saturating epilogue (sm_80).
#[test]
fn half_gemm_tiles() {
    check("half_gemm_tiles");
}

/// Conjugate gradient in double with fixed-order reductions; Bellman-Ford with atomicMin.
#[test]
fn sparse_cg_sssp() {
    check("sparse_cg_sssp");
}

/// -use_fast_math complex<float> waves and sincosf sums (within the approximations' tolerance).
#[test]
fn fastmath_complex_waves() {
    check("fastmath_complex_waves");
}

/// 256-bit integers with PTX carry chains (add.cc/addc, sub.cc/subc), Montgomery exponentiation,
/// __umul64hi, a warp-wide 1024-bit add with ballot carry lookahead.
#[test]
fn bigint_montgomery() {
    check("bigint_montgomery");
}

/// constexpr CRC and sieve tables in __constant__, a constexpr Rational, std:: constexpr
/// functions in device code (--expt-relaxed-constexpr), fold expressions over index_sequence.
#[test]
fn constexpr_tables_std() {
    check("constexpr_tables_std");
}

/// Paired half/bf16 arithmetic, comparisons and conversions with every rounding suffix over
/// edge inputs, as bits (among them __double2half of a NaN: sign and payload top kept).
#[test]
fn half2_bf162_ops() {
    check("half2_bf162_ops");
}

/// Thrust with fancy iterators and execution policies (`par.on(stream)`, gather_if/scatter_if,
/// reduce_by_key with a custom predicate, zip/permutation/discard/transform_output iterators,
/// `thrust::complex<double>`), checked on the host.
#[test]
fn thrust_iterators_policies() {
    check("thrust_iterators_policies");
}

/// libcu++ vocabulary types in device code: variant with visit, optional, span, tuple_cat,
/// `<cuda/std/bit>`, numeric_limits, complex<float/double> functions printed with %a.
#[test]
fn libcu_variant_complex() {
    check("libcu_variant_complex");
}

/// Math library calls at their edges as bits (pow with negative bases, fmod/remainder,
/// atan2 quadrants, expm1/log1p near 0, norms without overflow, Bessel, sinpi) and integer
/// division by constants on negative values of every width.
#[test]
fn math_edges_mixed() {
    check("math_edges_mixed");
}

/// Transformer-style inference layers (LayerNorm through cub::BlockReduce, softmax, GELU,
/// residual adds, a templated kernel over float and double); approximate instructions'
/// last bits within a relative 1e-5.
#[test]
fn ml_layers_cub() {
    check("ml_layers_cub");
}

/// PolyBench/GPU's 2DCONV, 3DCONV (a launch per plane), GRAMSCHM (three kernels per column,
/// one with a single working thread), SYR2K and GEMM in their original shape, checked with
/// PolyBench's percentDiff.
#[test]
fn polybench_conv_gram() {
    check("polybench_conv_gram");
}

/// SHOC's reduce<T, blockSize> with the volatile warp-synchronous tail, SpMV (CSR scalar, CSR
/// vector with a barrier-free volatile reduction, ELLPACK-R; the vector through tex1Dfetch),
/// the MD Lennard-Jones force (float4 positions through a texture) and a 9-point stencil.
#[test]
fn shoc_kernels() {
    check("shoc_kernels");
}

/// SHOC's three-kernel scan (reduce, top_scan, bottom_scan over float4/int4 with scanLocalMem).
#[test]
fn shoc_scan() {
    check("shoc_scan");
}

/// GPU-Puzzles-style exercises with their awkward launch shapes (more threads than data, 2D
/// blocks smaller than the data, shared tiles with halos), checked exactly on the host.
#[test]
fn gpu_puzzles() {
    check("gpu_puzzles");
}

/// Parboil's HISTO (shared-memory atomics per block, saturating 8-bit bins) and CUTCP (binned
/// atoms as float4, neighbour offsets in __constant__ memory, rsqrtf with cutoff smoothing).
#[test]
fn parboil_histo_cutcp() {
    check("parboil_histo_cutcp");
}

/// Vector loads and stores aligned to their element but not to the whole vector: the
/// misaligned-address fault of every global form (float4, float2, int4, double2, char2) and of
/// a shared float4, none for the local pair ptxas keeps in registers.
#[test]
fn vector_alignment() {
    check("vector_alignment");
}

/// Whole-object copies (`*dst = *src`) of 16-byte-aligned types through a pointer 8 bytes off
/// alignment fault (nvcc's one ld.v4.u32 per 16 bytes); of 16-byte types aligned to less, not.
#[test]
fn aligned_struct_copies() {
    check("aligned_struct_copies");
}

/// Runtime calls made while a kernel waits for the host: allocations of every kind, queries,
/// stream and event creation and async copies return at once; cudaFreeHost and
/// cudaHostUnregister wait for the kernel.
#[test]
fn alloc_while_kernel_runs() {
    check("alloc_while_kernel_runs");
}

/// After a kernel fault, which runtime calls answer the sticky error and which still succeed
/// (device queries, cudaSetDevice, cudaPointerGetAttributes, cudaGraphCreate succeed; function
/// attributes and occupancy fail), each followed by cudaGetLastError.
#[test]
fn sticky_error_calls() {
    check("sticky_error_calls");
}

/// Work queued behind a faulting kernel before anything ran (a gate kernel holds the stream):
/// the stream callback and host function never run; the event and every stream report the
/// sticky error.
#[test]
fn fault_queue() {
    check("fault_queue");
}

/// Graph introspection: cudaGraphGetNodes order and its count for a short array, root nodes,
/// edges, node types of every kind, cudaGraphDebugDotPrint and the errors of null arguments.
#[test]
fn graph_node_order_dot() {
    check("graph_node_order_dot");
}

/// A random program of scripts/cufuzz (seed 0): integers of every width, intrinsics, shuffles
/// under partial masks, shared memory, atomics; rsqrt(double), rsqrt.approx.f64, as an H200.
#[test]
fn cufuzz_seed0() {
    check("cufuzz_seed0");
}

/// A random program of scripts/cufuzz (seed 7), with rsqrt(double) of a directed-rounding sum.
#[test]
fn cufuzz_seed7() {
    check("cufuzz_seed7");
}

/// A random program of scripts/cufuzz (seed 31) built with -G, with frexp(rsqrt(double)).
#[test]
fn cufuzz_g_seed31() {
    check("cufuzz_g_seed31");
}

/// C++ in device code, as users write it (never seen before this round; each built by nvcc and,
/// in crates/nvcc/tests/cuprite_math.rs, by cuprite nvcc): class hierarchies created on the device
/// (virtual destructors, placement new, multiple inheritance, covariant returns, new[]/delete[]),
/// CRTP, folds, if constexpr, template template parameters, SFINAE, C++20 concepts, consteval,
/// the spaceship operator and std algorithms through --expt-relaxed-constexpr, libcu++ types,
/// lambdas of every kind, device function-pointer tables, recursion under cudaLimitStackSize,
/// numeric_limits and <cmath> overloads, float4 operators, unions, bitfields and alignas structs
/// as kernel arguments up to 32 KB, vector type layouts, dynamic shared memory in templates,
/// constexpr __constant__ tables, variable templates and static variables under -rdc, expression
/// templates with cuda::std::apply/invoke.
#[test]
fn cxx_device_code() {
    for name in [
        "cxx_virtual_heap",
        "cxx_crtp_fold",
        "cxx_big_params",
        "cxx_const_init",
        "cxx_lambdas_ext",
        "cxx_fnptr_recursion",
        "cxx_numeric_cmath",
        "cxx_vector_ops",
        "cxx20_device",
        "cxx_cuda_std",
        "cxx_multi_inherit",
        "cxx_stack_overflow",
        "cxx_vector_layout",
        "cxx_shared_templates",
        "cxx_expr_templates",
    ] {
        check(name);
    }
}

/// Kernels of every kind of name (extern "C", overloaded, namespaced, anonymous-namespace,
/// static, explicit instantiations, variadic, default arguments) under -rdc=true, launched by
/// chevrons and cudaLaunchKernel; cudaFuncGetAttributes of a host function is
/// cudaErrorInvalidResourceHandle, as for cudaFuncGetName and launches.
#[test]
fn cxx_kernel_linkage() {
    check("cxx_kernel_linkage");
}

/// The function-handle calls given a host function (cudaErrorInvalidResourceHandle, except
/// cudaGetKernel's cudaErrorInvalidDeviceFunction) or a null pointer
/// (cudaErrorInvalidDeviceFunction): attributes, cache config, occupancy, name, parameters,
/// launch; each error recorded as the last error.
#[test]
fn func_handle_errors() {
    check("func_handle_errors");
}

/// The cluster occupancy calls, cudaOccupancyMaxPotentialBlockSize (the header's template: a null
/// function is cudaErrorInvalidValue, not recorded) and cudaFuncSetSharedMemConfig given a host
/// function or a null pointer, as func_handle_errors.
#[test]
fn func_handle_clusters() {
    check("func_handle_clusters");
}

/// libcu++ atomics at every thread scope: cuda::atomic of device and system scope (int, u64,
/// float, double; add/sub/and/or/xor/exchange/CAS with explicit orders), atomic_ref of block
/// and thread scope over shared memory, an atomic_flag spin lock, fences, release/acquire
/// message passing between blocks, a host atomic_ref over managed memory.
#[test]
fn libcu_atomics_scopes() {
    check("libcu_atomics_scopes");
}

/// libcu++ vocabulary in a C++20 kernel: complex<float/double> functions, chrono durations,
/// bit_cast and the <bit> utilities, span, mdspan with layout_left, variant with visit, optional.
#[test]
fn libcu_vocab_cpp20() {
    check("libcu_vocab_cpp20");
}

/// libcu++ in a C++17 kernel: tuple (structured bindings, tuple_cat, apply), numeric_limits,
/// ratio, <cmath> (fma, frexp, remquo, nextafter), byte, cuda::ceil_div/round_up, expected,
/// the <algorithm> and <numeric> pieces.
#[test]
fn libcu_misc_cpp17() {
    check("libcu_misc_cpp17");
}

/// libcu++ C++20: dextents and layout_stride mdspans over shared memory, concept-constrained
/// overloads, span as_bytes, bit_cast of a struct, endian, iota, constexpr tables in
/// __constant__, numbers.
#[test]
fn libcu_mdspan_concepts() {
    check("libcu_mdspan_concepts");
}

/// CUB DeviceSelect::Flagged/If/Unique, DeviceRunLengthEncode::Encode/NonTrivialRuns and
/// DevicePartition::Flagged/If (rejected items reversed at the end) with their two-phase calls.
#[test]
fn cub_select_rle_partition() {
    check("cub_select_rle_partition");
}

/// CUB WarpLoad/WarpStore, WarpExchange and WarpMergeSort over logical warps of 16,
/// BlockMergeSort of a partial tile, BlockRunLengthDecode, BlockScan with a struct operator.
#[test]
fn cub_warp_io_mergesort() {
    check("cub_warp_io_mergesort");
}

/// cudaGraphExecUpdate against each kind of change between two graphs (a 1D copy whose
/// direction changed is ParametersChanged, naming the copy node), and device-launch
/// instantiation of a graph with a host node (NodeOperationNotSupported, naming it).
#[test]
fn graph_update_matrix() {
    check("graph_update_matrix");
}

/// cudaMemcpy2D/cudaMemset2D pitches around the maximum, zero and below the width, with one row and with two (an H200 ignores the pitch of a single row).
#[test]
fn memcpy2d_pitch_edges() {
    check("memcpy2d_pitch_edges");
}

/// cudaMalloc3D/cudaMemset3D/cudaMemcpy3D(Peer)(Async) with positions; a box past its row or past the rows of a slice is InvalidValue.
#[test]
fn memcpy3d_box_offsets() {
    check("memcpy3d_box_offsets");
}

/// Asynchronous 2D copies through pitched memory and the exact errors of pitches below the width, above the maximum, zero widths and heights.
#[test]
fn pitched_async_errors() {
    check("pitched_async_errors");
}

/// cudaGraphInstantiateWithParams for device launch (which nodes a device graph may hold, result_out and errNode_out), Upload and UseNodePriority (not in cudaGraphExecGetFlags), Upload without an upload stream refused.
#[test]
fn graph_instantiate_flags() {
    check("graph_instantiate_flags");
}

/// Capture modes seen from another thread: a global capture forbids that thread's unsafe calls (cudaMalloc, cudaEventQuery) unless it opted out; cudaDeviceSynchronize while any stream captures fails and invalidates it, in every mode.
#[test]
fn capture_cross_thread() {
    check("capture_cross_thread");
}

/// cudaStreamGetCaptureInfo through a capture's life (an invalidated one answers its status only), prohibited calls per mode, cudaThreadExchangeStreamCaptureMode taking any value, dependency updates, unjoined work.
#[test]
fn capture_info_modes() {
    check("capture_info_modes");
}

/// Managed memory flags, cudaMemAdvise with cudaMemLocation (accessed-by a missing device: InvalidValue), range attributes, prefetch v2, cudaStreamAttachMemAsync of the whole allocation only.
#[test]
fn managed_attach_advise() {
    check("managed_attach_advise");
}

/// cudaMemcpyBatchAsync: attribute groups, invalid index lists, source orders, flags and zero sizes; refused on the legacy stream and while capturing (the capture stays valid).
#[test]
fn memcpy_batch_rules() {
    check("memcpy_batch_rules");
}

/// Occupancy with dynamic shared memory callbacks, flags and block-size limits; a host function is an invalid resource handle.
#[test]
fn occupancy_smem_callbacks() {
    check("occupancy_smem_callbacks");
}

/// cudaDeviceSetLimit before and after the first launch (heap fixed, FIFO and stack not), rounding, L2 fetch granularity up to 128, what malloc then gets.
#[test]
fn limits_after_launch() {
    check("limits_after_launch");
}

/// Stream attributes (access policy window, sync policy, priority) set, copied and read; the null and legacy streams' ids are nonzero; the persisting L2 limit's default.
#[test]
fn stream_attr_policy() {
    check("stream_attr_policy");
}

/// Conditional nodes built by hand: SWITCH with out-of-range values, IF with an else body, WHILE driven by a kernel with a default reapplied at each launch; sizes and handles refused (a handle of another graph too).
#[test]
fn graph_conditional_by_hand() {
    check("graph_conditional_by_hand");
}

/// Dynamic shared memory above 48 KiB through cudaFuncSetAttribute, the carveout, cluster scheduling policies; a required cluster width set alone is enforced at launch, before the shared memory size.
#[test]
fn func_smem_optin() {
    check("func_smem_optin");
}

/// CUDA 12.8/13.0 additions: prefetch and discard batches (not on the legacy stream), cudaMemcpy3DBatchAsync's rules, host and P2P atomic capabilities.
#[test]
fn cuda13_batch_apis() {
    check("cuda13_batch_apis");
}

/// Every warp of a block reads a value one thread then overwrites without a barrier, where the read is a `cp.async`/`cp.async.bulk` or the write an `atom.exch.b128`/`atom.v2.f32.add`: all read the old value, as on an H200.
#[test]
fn warps_together_async() {
    check("warps_together_async");
}

// Programs as books, courses and blog posts teach them (PMPP, Professional CUDA C, NVIDIA's
// developer blog, OLCF/NERSC training, Stack Overflow mistakes), recorded on an H200.

#[test]
fn pmpp_matmul_tiled() {
    check("pmpp_matmul_tiled");
}

#[test]
fn pmpp_conv_const() {
    check("pmpp_conv_const");
}

#[test]
fn pmpp_scan() {
    check("pmpp_scan");
}

#[test]
fn pmpp_sparse() {
    check("pmpp_sparse");
}

#[test]
fn pmpp_histogram() {
    check("pmpp_histogram");
}

#[test]
fn blog_um_prefetch() {
    check("blog_um_prefetch");
}

#[test]
fn pcc_events_bool() {
    check("pcc_events_bool");
}

#[test]
fn blog_transpose_shfl() {
    check("blog_transpose_shfl");
}

#[test]
fn blog_occupancy_cg() {
    check("blog_occupancy_cg");
}

#[test]
fn so_mistakes() {
    check("so_mistakes");
}

#[test]
fn pmpp_merge_bfs() {
    check("pmpp_merge_bfs");
}

#[test]
fn pcc_aos_soa_ldg() {
    check("pcc_aos_soa_ldg");
}

#[test]
fn fast_math_nbody() {
    check("fast_math_nbody");
}

#[test]
fn olcf_exercises() {
    check("olcf_exercises");
}

#[test]
fn pmpp_stencil3d() {
    check("pmpp_stencil3d");
}

#[test]
fn blog_warp_primitives() {
    check("blog_warp_primitives");
}

#[test]
fn pcc_intrinsics_precision() {
    check("pcc_intrinsics_precision");
}

/// Synchronous copies and memsets behind a kernel that faults while they are issued: a copy
/// with a host end (pageable or pinned, to or from a symbol, 2D) answers the fault and copies
/// nothing; device-to-device cudaMemcpy and cudaMemset of device memory answer cudaSuccess
/// (on a GPU they return once queued); an async copy behind the fault copies nothing.
#[test]
fn sync_copy_after_fault() {
    check("sync_copy_after_fault");
}

/// Faults in a -G build, each in a forked child: a trap in one thread, brkpt, a failing assert
/// (its message goes to stderr, which the H200's recording interleaved and this file leaves
/// out), an out-of-bounds store two calls deep, integer division by zero (no fault), a
/// misaligned float4, device malloc until NULL, printf then trap.
#[test]
fn debug_build_faults() {
    check("debug_build_faults");
}

/// The message a failing device assert prints (captured from stderr in a forked child): one
/// line per thread of the warp that fails it, with block and thread, the function's pretty
/// name (a template's too) and the line, for 3-D blocks and asserts in device functions.
#[test]
fn assert_messages_threads() {
    check("assert_messages_threads");
}

/// Four host threads, one kernel fault: the faulting thread and the others (which launched
/// before the fault) all see the sticky error; cudaGetLastError is per thread.
#[test]
fn fault_host_threads() {
    check("fault_host_threads");
}

/// Linear filtering of float and half texels, and the blend of two mipmap levels, round an
/// exact tie away from zero, and 16-bit signed normalized texels half up (an H200's fetches of
/// 1D, 2D, layered and 3D arrays, pitched memory and mipmaps); clamp mode clamps the
/// texel-space coordinate to the outer texels' centres (3D clamp).
#[test]
fn texture_filter_ties_and_clamped_coordinates() {
    check("tex_modes_sweep");
    check("tex_fetch_linear_pitch");
    check("tex_layered_gather_3d");
    check("tex_filter_ties");
}

/// Surface reads and writes in every boundary mode and geometry; where lanes of one store
/// write the same texel (clamped coordinates), the lowest lane's value stays.
#[test]
fn surface_boundary_modes() {
    check("surface_boundary_modes");
}

/// Cluster launches and the cluster group's queries; the cluster occupancy queries answer
/// cudaErrorInvalidClusterSize for a cluster that does not divide the configuration's grid.
#[test]
fn cluster_cg_queries() {
    check("cluster_cg_queries");
}

/// wmma on 8-bit integers, f64 and tf32: __float_to_tf32 truncates a NaN, and a NaN product
/// sum is the positive canonical NaN.
#[test]
fn wmma_int_f64_tf32() {
    check("wmma_int_f64_tf32");
}

/// The guide's numeric types and hardware features, as an H200 runs them: half and bfloat16
/// conversions of every integer width and rounding, arithmetic over special operands,
/// operators and cache-hinted accesses, atomics and shuffles; fp8/fp6/fp4 conversions; 4- and
/// 1-bit wmma; every memory order of cuda::atomic_ref and the __nv_atomic built-ins; multi-stage
/// and partitioned pipelines, cooperative_groups::memcpy_async with cuda::barrier, bulk copies
/// with transaction counts and atomics on distributed shared memory.
#[test]
fn numeric_types_and_hardware_features() {
    for name in [
        "half_int_conversions",
        "half_arith_special_grid",
        "half_float_conversions",
        "half_atomics_shfl",
        "half_operators_cache_hints",
        "fp8_conversions_sweep",
        "fp6_fp4_conversions",
        "wmma_subbyte",
        "atomic_ref_every_order",
        "nv_atomic_builtins",
        "pipeline_stages_partitioned",
        "cg_memcpy_async_barrier",
        "bulk_tx_cluster_atomics",
        "cg_static_split",
        "wmma_shapes",
        "pipeline_thread_scope",
    ] {
        check(name);
    }
}
