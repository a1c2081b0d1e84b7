//! Engines vs native Rust on the same algorithms: `cargo bench -p cuprite-simt --bench kernels`.
//!
//! Each kernel (nvcc 13.0 -O3 PTX from `tests/kernels/kernels.cu` and `bench.cu`) runs on the
//! interpreter and on the JIT tier with 1 worker and with 2 workers, and the same algorithm runs
//! as plain Rust loops on 1 and 2 threads (a persistent rayon pool). Every kernel's result is
//! checked after its timed runs. Prints the times, the ratios engine/native (how many times
//! slower the engine is), their geometric means, and the JIT's 1 -> 2 worker speedup.
//!
//! `BENCH_FILTER=name` runs only kernels whose name contains it; `BENCH_THREADS=N` sets the
//! "all threads" count (default 2, the target configuration); `BENCH_PTX_DIR` the
//! folder of the PTX fixtures; `BENCH_JIT_ALL=1` runs the JIT column with `Engine::JitAll`;
//! `BENCH_WARP=1` with `Engine::Warp` (the warp tier for every kernel); `BENCH_NO_INTERP=1`
//! skips the interpreter column (its times print as 0); `BENCH_REPS=N` times the best of N
//! engine runs (default 3).

use std::time::{Duration, Instant};

use simt::{DeviceMemory, DevicePtr, Dim3, Engine, Params, Program};

fn as_bytes<T: Copy>(data: &[T]) -> &[u8] {
    // SAFETY: T is a primitive numeric type here (no padding); the slice is valid for reads.
    unsafe { std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), std::mem::size_of_val(data)) }
}

fn upload<T: Copy>(mem: &DeviceMemory, data: &[T]) -> DevicePtr {
    let p = mem.alloc(std::mem::size_of_val(data) as u64).expect("alloc");
    mem.write(p, as_bytes(data)).expect("write");
    p
}

fn download<T: Copy + Default>(mem: &DeviceMemory, p: DevicePtr, n: usize) -> Vec<T> {
    let mut out = vec![T::default(); n];
    // SAFETY: as in `as_bytes`, for writes into a vector of primitives.
    let bytes =
        unsafe { std::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<u8>(), std::mem::size_of_val(&out[..])) };
    mem.read(p, bytes).expect("read");
    out
}

/// Best of `reps` runs of `f`.
fn best(reps: usize, mut f: impl FnMut()) -> Duration {
    f(); // warm-up (first touch of pages, caches, JIT compilation)
    (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Splits `0..n` into `threads` chunks and runs `f(range)` on each in parallel, on a rayon
/// pool of `threads` threads kept for the whole run (as the engine keeps its workers): the
/// native baseline pays no thread start per call.
fn par(threads: usize, n: usize, f: impl Fn(std::ops::Range<usize>) + Sync) {
    if threads <= 1 {
        f(0..n);
        return;
    }
    let chunk = n.div_ceil(threads);
    pool(threads).install(|| {
        rayon::scope(|s| {
            for t in 0..threads {
                let f = &f;
                s.spawn(move |_| f((t * chunk).min(n)..((t + 1) * chunk).min(n)));
            }
        });
    });
}

/// The rayon pool of `threads` threads (built on first use, then kept).
fn pool(threads: usize) -> &'static rayon::ThreadPool {
    static POOLS: std::sync::Mutex<Vec<(usize, &'static rayon::ThreadPool)>> = std::sync::Mutex::new(Vec::new());
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, p)) = pools.iter().find(|(t, _)| *t == threads) {
        return p;
    }
    let p = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("rayon pool");
    let p: &'static rayon::ThreadPool = Box::leak(Box::new(p));
    pools.push((threads, p));
    p
}

/// Shared output buffer written by disjoint ranges from several threads.
struct Out<T>(*mut T);
// SAFETY: every thread writes a disjoint index range.
unsafe impl<T> Sync for Out<T> {}
impl<T> Out<T> {
    /// # Safety
    /// `i` is in bounds and no other thread accesses index `i`.
    unsafe fn set(&self, i: usize, v: T) {
        // SAFETY: per the contract.
        unsafe { self.0.add(i).write(v) }
    }
}

fn close(got: &[f32], want: &[f32], rel: f32) -> Result<(), String> {
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        if (g - w).abs() > rel * w.abs().max(1.0) {
            return Err(format!("element {i}: {g} vs {w}"));
        }
    }
    Ok(())
}

fn exact<T: PartialEq + std::fmt::Debug>(got: &[T], want: &[T]) -> Result<(), String> {
    match got.iter().zip(want).position(|(g, w)| g != w) {
        Some(i) => Err(format!("element {i}: {:?} vs {:?}", got[i], want[i])),
        None if got.len() != want.len() => Err("length".into()),
        None => Ok(()),
    }
}

type Run = Box<dyn FnMut(&Program)>;
type Check = Box<dyn FnMut(&Program) -> Result<(), String>>;

struct Case {
    name: &'static str,
    /// Which program: 0 = kernels.cu, 1 = bench.cu.
    prog: usize,
    /// One launch (or launch sequence) as timed.
    run: Run,
    /// Resets inputs, runs once and verifies the result.
    check: Check,
    native: Box<dyn FnMut(usize)>,
}

fn load(file: &str) -> Program {
    // BENCH_PTX_DIR overrides the fixture folder (to run a copied binary elsewhere).
    let dir = std::env::var("BENCH_PTX_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels").to_string());
    let path = format!("{dir}/{file}");
    let src = std::fs::read_to_string(&path).expect("read PTX");
    Program::from_ptx(&src).expect("load PTX")
}

fn cases(mem: &'static DeviceMemory) -> Vec<Case> {
    vec![
        vector_add(mem),
        saxpy(mem),
        reduce_sum(mem),
        matmul_tiled(mem),
        stencil2d(mem),
        histogram(mem),
        scan_warp(mem),
        nbody(mem),
        transpose(mem),
        bitonic_sort(mem),
    ]
}

/// Vector add.
fn vector_add(mem: &'static DeviceMemory) -> Case {
    let n = 1usize << 22;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
    let b: Vec<f32> = (0..n).map(|i| i as f32 * 0.25).collect();
    let (da, db) = (upload(mem, &a), upload(mem, &b));
    let dc = mem.alloc(4 * n as u64).expect("alloc");
    let params = Params::new().ptr(da).ptr(db).ptr(dc).i32(n as i32).clone();
    let launch = move |p: &Program| {
        p.launch("vector_add", Dim3::x((n as u32).div_ceil(256)), Dim3::x(256), 0, params.bytes(), mem)
            .expect("launch");
    };
    let want: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    let mut c = vec![0f32; n];
    Case {
        name: "vector_add (4M)",
        prog: 0,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            mem.memset(dc, 0, 4 * n as u64).map_err(|e| e.to_string())?;
            launch(p);
            exact(&download::<f32>(mem, dc, n), &want)
        }),
        native: Box::new(move |t| {
            let out = Out(c.as_mut_ptr());
            par(t, n, |r| {
                for i in r {
                    // SAFETY: disjoint ranges, i < n.
                    unsafe { out.set(i, a[i] + b[i]) };
                }
            });
            std::hint::black_box(&c);
        }),
    }
}

/// SAXPY (in place).
fn saxpy(mem: &'static DeviceMemory) -> Case {
    let n = 1usize << 22;
    let x: Vec<f32> = (0..n).map(|i| (i % 1000) as f32).collect();
    let y0: Vec<f32> = (0..n).map(|i| (i % 7) as f32).collect();
    let (dx, dy) = (upload(mem, &x), upload(mem, &y0));
    let params = Params::new().i32(n as i32).f32(1.5).ptr(dx).ptr(dy).clone();
    let launch = move |p: &Program| {
        p.launch("saxpy", Dim3::x(1024), Dim3::x(256), 0, params.bytes(), mem).expect("launch");
    };
    let want: Vec<f32> = x.iter().zip(&y0).map(|(&x, &y)| 1.5f32.mul_add(x, y)).collect();
    let mut y = y0.clone();
    Case {
        name: "saxpy (4M)",
        prog: 0,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            mem.write(dy, as_bytes(&y0)).map_err(|e| e.to_string())?;
            launch(p);
            exact(&download::<f32>(mem, dy, n), &want)
        }),
        native: Box::new(move |t| {
            let out = Out(y.as_mut_ptr());
            let yr = y.as_ptr() as usize;
            par(t, n, |r| {
                for i in r {
                    // SAFETY: disjoint ranges, i < n; each index is read then written by
                    // the same thread only.
                    unsafe {
                        let yi = *(yr as *const f32).add(i);
                        out.set(i, 1.5f32.mul_add(x[i], yi));
                    }
                }
            });
            std::hint::black_box(&y);
        }),
    }
}

/// Shared-memory reduction.
fn reduce_sum(mem: &'static DeviceMemory) -> Case {
    let n = 1usize << 22;
    let input: Vec<i32> = (0..n).map(|i| (i % 17) as i32 - 8).collect();
    let din = upload(mem, &input);
    let threads = 256u32;
    let blocks = (n as u32).div_ceil(threads * 2);
    let dout = mem.alloc(4 * u64::from(blocks)).expect("alloc");
    let params = Params::new().ptr(din).ptr(dout).i32(n as i32).clone();
    let chunk = (threads * 2) as usize;
    let launch = move |p: &Program| {
        p.launch("reduce_sum", Dim3::x(blocks), Dim3::x(threads), threads * 4, params.bytes(), mem).expect("launch");
    };
    let want: Vec<i32> = input.chunks(chunk).map(|c| c.iter().sum()).collect();
    let mut partial = vec![0i32; blocks as usize];
    Case {
        name: "reduce_sum (4M)",
        prog: 0,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            launch(p);
            exact(&download::<i32>(mem, dout, blocks as usize), &want)
        }),
        native: Box::new(move |t| {
            let out = Out(partial.as_mut_ptr());
            par(t, blocks as usize, |r| {
                for bi in r {
                    let s: i32 = input[bi * chunk..((bi + 1) * chunk).min(n)].iter().sum();
                    // SAFETY: disjoint ranges, bi < blocks.
                    unsafe { out.set(bi, s) };
                }
            });
            std::hint::black_box(&partial);
        }),
    }
}

/// Tiled matmul.
fn matmul_tiled(mem: &'static DeviceMemory) -> Case {
    let (m, nn, k) = (256usize, 256usize, 256usize);
    let a: Vec<f32> = (0..m * k).map(|i| (i % 13) as f32 * 0.1).collect();
    let b: Vec<f32> = (0..k * nn).map(|i| (i % 11) as f32 * 0.1).collect();
    let (da, db) = (upload(mem, &a), upload(mem, &b));
    let dc = mem.alloc(4 * (m * nn) as u64).expect("alloc");
    let params = Params::new().ptr(da).ptr(db).ptr(dc).i32(m as i32).i32(nn as i32).i32(k as i32).clone();
    let launch = move |p: &Program| {
        let grid = Dim3::new((nn as u32).div_ceil(16), (m as u32).div_ceil(16), 1);
        p.launch("matmul_tiled", grid, Dim3::new(16, 16, 1), 0, params.bytes(), mem).expect("launch");
    };
    let mut want = vec![0f32; m * nn];
    for i in 0..m {
        for j in 0..nn {
            want[i * nn + j] = (0..k).map(|kk| a[i * k + kk] * b[kk * nn + j]).sum();
        }
    }
    let mut c = vec![0f32; m * nn];
    Case {
        name: "matmul_tiled (256^3)",
        prog: 0,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            launch(p);
            close(&download::<f32>(mem, dc, m * nn), &want, 1e-4)
        }),
        native: Box::new(move |t| {
            let out = Out(c.as_mut_ptr());
            par(t, m, |rows| {
                let mut acc = vec![0f32; nn];
                for i in rows {
                    acc.iter_mut().for_each(|v| *v = 0.0);
                    for kk in 0..k {
                        let aik = a[i * k + kk];
                        for (v, &bv) in acc.iter_mut().zip(&b[kk * nn..(kk + 1) * nn]) {
                            *v += aik * bv;
                        }
                    }
                    for (j, &v) in acc.iter().enumerate() {
                        // SAFETY: row i belongs to this thread only.
                        unsafe { out.set(i * nn + j, v) };
                    }
                }
            });
            std::hint::black_box(&c);
        }),
    }
}

/// 2D stencil.
fn stencil2d(mem: &'static DeviceMemory) -> Case {
    let (w, h) = (2048usize, 2048usize);
    let input: Vec<f32> = (0..w * h).map(|i| ((i * 7) % 101) as f32 * 0.01).collect();
    let din = upload(mem, &input);
    let dout = mem.alloc(4 * (w * h) as u64).expect("alloc");
    let params = Params::new().ptr(din).ptr(dout).i32(w as i32).i32(h as i32).clone();
    let launch = move |p: &Program| {
        let grid = Dim3::new((w as u32).div_ceil(32), (h as u32).div_ceil(8), 1);
        p.launch("stencil2d", grid, Dim3::new(32, 8, 1), 0, params.bytes(), mem).expect("launch");
    };
    let step = move |inp: &[f32], y: usize, x: usize| -> f32 {
        let i = y * w + x;
        if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
            inp[i]
        } else {
            0.2f32 * (inp[i] + inp[i - 1] + inp[i + 1] + inp[i - w] + inp[i + w])
        }
    };
    let want: Vec<f32> = (0..w * h).map(|i| step(&input, i / w, i % w)).collect();
    let mut out = vec![0f32; w * h];
    Case {
        name: "stencil2d (2048^2)",
        prog: 1,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            launch(p);
            exact(&download::<f32>(mem, dout, w * h), &want)
        }),
        native: Box::new(move |t| {
            let o = Out(out.as_mut_ptr());
            par(t, h, |rows| {
                for y in rows {
                    for x in 0..w {
                        // SAFETY: row y belongs to this thread only.
                        unsafe { o.set(y * w + x, step(&input, y, x)) };
                    }
                }
            });
            std::hint::black_box(&out);
        }),
    }
}

/// Histogram with shared-memory atomics.
fn histogram(mem: &'static DeviceMemory) -> Case {
    let n = 1usize << 22;
    let data: Vec<u8> = (0..n).map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u8).collect();
    let dd = upload(mem, &data);
    let dbins = mem.alloc(256 * 4).expect("alloc");
    let params = Params::new().ptr(dd).i32(n as i32).ptr(dbins).clone();
    let launch = move |p: &Program| {
        p.launch("histogram", Dim3::x(256), Dim3::x(256), 0, params.bytes(), mem).expect("launch");
    };
    let mut want = vec![0u32; 256];
    data.iter().for_each(|&v| want[v as usize] += 1);
    Case {
        name: "histogram (4M)",
        prog: 0,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            mem.memset(dbins, 0, 256 * 4).map_err(|e| e.to_string())?;
            launch(p);
            exact(&download::<u32>(mem, dbins, 256), &want)
        }),
        native: Box::new(move |t| {
            let bins: Vec<std::sync::atomic::AtomicU32> =
                (0..256).map(|_| std::sync::atomic::AtomicU32::new(0)).collect();
            par(t, n, |r| {
                let mut local = [0u32; 256];
                for &v in &data[r] {
                    local[v as usize] += 1;
                }
                for (b, &v) in bins.iter().zip(&local) {
                    b.fetch_add(v, std::sync::atomic::Ordering::Relaxed);
                }
            });
            std::hint::black_box(&bins);
        }),
    }
}

/// Warp-shuffle scan (inclusive, per block of 256).
fn scan_warp(mem: &'static DeviceMemory) -> Case {
    let n = 1usize << 22;
    let input: Vec<i32> = (0..n).map(|i| (i % 13) as i32 - 6).collect();
    let din = upload(mem, &input);
    let dout = mem.alloc(4 * n as u64).expect("alloc");
    let params = Params::new().ptr(din).ptr(dout).i32(n as i32).clone();
    let launch = move |p: &Program| {
        p.launch("scan_warp", Dim3::x((n as u32).div_ceil(256)), Dim3::x(256), 0, params.bytes(), mem).expect("launch");
    };
    let scan = |inp: &[i32], out: &mut [i32]| {
        let mut s = 0i32;
        for (o, &v) in out.iter_mut().zip(inp) {
            s = s.wrapping_add(v);
            *o = s;
        }
    };
    let mut want = vec![0i32; n];
    for (o, i) in want.chunks_mut(256).zip(input.chunks(256)) {
        scan(i, o);
    }
    let mut out = vec![0i32; n];
    Case {
        name: "scan_warp (4M)",
        prog: 1,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            launch(p);
            exact(&download::<i32>(mem, dout, n), &want)
        }),
        native: Box::new(move |t| {
            let o = Out(out.as_mut_ptr());
            par(t, n / 256, |blocks| {
                for b in blocks {
                    let mut s = 0i32;
                    for (i, &v) in input.iter().enumerate().skip(b * 256).take(256) {
                        s = s.wrapping_add(v);
                        // SAFETY: block b belongs to this thread only.
                        unsafe { o.set(i, s) };
                    }
                }
            });
            std::hint::black_box(&out);
        }),
    }
}

/// N-body accelerations.
fn nbody(mem: &'static DeviceMemory) -> Case {
    let n = 4096usize;
    let pos: Vec<[f32; 4]> = (0..n)
        .map(|i| {
            let f = i as f32;
            [(f * 0.37).sin() * 10.0, (f * 0.11).cos() * 10.0, (f * 0.07).sin() * 5.0, 1.0 + (i % 5) as f32]
        })
        .collect();
    let flat: Vec<f32> = pos.iter().flatten().copied().collect();
    let dpos = upload(mem, &flat);
    let dacc = mem.alloc(16 * n as u64).expect("alloc");
    let eps2 = 0.01f32;
    let params = Params::new().ptr(dpos).ptr(dacc).i32(n as i32).f32(eps2).clone();
    let launch = move |p: &Program| {
        p.launch("nbody", Dim3::x((n as u32).div_ceil(128)), Dim3::x(128), 0, params.bytes(), mem).expect("launch");
    };
    let body = move |pos: &[[f32; 4]], i: usize| -> [f32; 3] {
        let p = pos[i];
        let (mut ax, mut ay, mut az) = (0f32, 0f32, 0f32);
        for q in pos {
            let (dx, dy, dz) = (q[0] - p[0], q[1] - p[1], q[2] - p[2]);
            let r2 = dx * dx + dy * dy + dz * dz + eps2;
            let inv = 1.0 / r2.sqrt();
            let s = q[3] * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        [ax, ay, az]
    };
    let want: Vec<f32> = (0..n)
        .flat_map(|i| {
            let a = body(&pos, i);
            [a[0], a[1], a[2], 0.0]
        })
        .collect();
    let mut out = vec![[0f32; 3]; n];
    Case {
        name: "nbody (4096)",
        prog: 1,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            launch(p);
            close(&download::<f32>(mem, dacc, 4 * n), &want, 1e-3)
        }),
        native: Box::new(move |t| {
            let o = Out(out.as_mut_ptr());
            par(t, n, |r| {
                for i in r {
                    // SAFETY: disjoint ranges, i < n.
                    unsafe { o.set(i, body(&pos, i)) };
                }
            });
            std::hint::black_box(&out);
        }),
    }
}

/// Transpose through shared tiles.
fn transpose(mem: &'static DeviceMemory) -> Case {
    let (w, h) = (2048usize, 2048usize);
    let input: Vec<f32> = (0..w * h).map(|i| i as f32).collect();
    let din = upload(mem, &input);
    let dout = mem.alloc(4 * (w * h) as u64).expect("alloc");
    let params = Params::new().ptr(din).ptr(dout).i32(w as i32).i32(h as i32).clone();
    let launch = move |p: &Program| {
        let grid = Dim3::new((w as u32).div_ceil(32), (h as u32).div_ceil(32), 1);
        p.launch("transpose", grid, Dim3::new(32, 8, 1), 0, params.bytes(), mem).expect("launch");
    };
    let mut want = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            want[x * h + y] = input[y * w + x];
        }
    }
    let mut out = vec![0f32; w * h];
    Case {
        name: "transpose (2048^2)",
        prog: 1,
        run: Box::new(launch.clone()),
        check: Box::new(move |p| {
            launch(p);
            exact(&download::<f32>(mem, dout, w * h), &want)
        }),
        native: Box::new(move |t| {
            let o = Out(out.as_mut_ptr());
            // Tiled, like the kernel: each thread takes bands of 32 output rows.
            par(t, w.div_ceil(32), |bands| {
                for band in bands {
                    for yb in (0..h).step_by(32) {
                        for x in band * 32..((band + 1) * 32).min(w) {
                            for y in yb..(yb + 32).min(h) {
                                // SAFETY: output rows x of this band belong to this thread.
                                unsafe { o.set(x * h + y, input[y * w + x]) };
                            }
                        }
                    }
                }
            });
            std::hint::black_box(&out);
        }),
    }
}

/// Bitonic sort: one launch per compare-exchange step.
fn bitonic_sort(mem: &'static DeviceMemory) -> Case {
    let n = 1usize << 18;
    let keys: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2_654_435_761) ^ 0x5bd1_e995).collect();
    let dk = upload(mem, &keys);
    let keys1 = keys.clone();
    let sort = move |p: &Program| {
        mem.write(dk, as_bytes(&keys1)).expect("write");
        let mut k = 2;
        while k <= n {
            let mut j = k / 2;
            while j > 0 {
                let params = Params::new().ptr(dk).i32(j as i32).i32(k as i32).i32(n as i32).clone();
                p.launch("bitonic_step", Dim3::x((n as u32).div_ceil(256)), Dim3::x(256), 0, params.bytes(), mem)
                    .expect("launch");
                j /= 2;
            }
            k *= 2;
        }
    };
    let mut want = keys.clone();
    want.sort_unstable();
    let mut data = keys.clone();
    let keys2 = keys.clone();
    Case {
        name: "bitonic_sort (256K)",
        prog: 1,
        run: Box::new(sort.clone()),
        check: Box::new(move |p| {
            sort(p);
            exact(&download::<u32>(mem, dk, n), &want)
        }),
        native: Box::new(move |t| {
            data.copy_from_slice(&keys2);
            let mut k = 2;
            while k <= n {
                let mut j = k / 2;
                while j > 0 {
                    let d = Out(data.as_mut_ptr());
                    let base = data.as_ptr() as usize;
                    par(t, n, |r| {
                        for i in r {
                            let l = i ^ j;
                            if l > i {
                                // SAFETY: pairs (i, i^j) are disjoint and i < l < n; index l
                                // belongs to the thread owning i (l > i within one step).
                                unsafe {
                                    let (a, b) = (*(base as *const u32).add(i), *(base as *const u32).add(l));
                                    if (a > b) == (i & k == 0) {
                                        d.set(i, b);
                                        d.set(l, a);
                                    }
                                }
                            }
                        }
                    });
                    j /= 2;
                }
                k *= 2;
            }
            std::hint::black_box(&data);
        }),
    }
}

fn main() {
    let mut progs = [load("kernels.sm_80.O3.ptx"), load("bench.sm_80.O3.ptx")];
    let all: usize = std::env::var("BENCH_THREADS").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    let mem: &'static DeviceMemory = Box::leak(Box::new(DeviceMemory::new()));
    let filter = std::env::var("BENCH_FILTER").unwrap_or_default();
    // BENCH_JIT_ALL=1 times the JIT also on kernels it leaves to the interpreter for speed.
    let jit_engine = if std::env::var_os("BENCH_JIT_ALL").is_some() {
        Engine::JitAll
    } else if std::env::var_os("BENCH_WARP").is_some() {
        Engine::Warp
    } else {
        Engine::Jit
    };
    // BENCH_NO_INTERP=1 skips the interpreter column (for profiling the compiled tiers).
    let skip_interp = std::env::var_os("BENCH_NO_INTERP").is_some();
    // BENCH_REPS=N times the best of N runs (default 3); a large N makes a profile of the
    // engine columns outweigh the set-up.
    let reps: usize = std::env::var("BENCH_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let mut cases = cases(mem);
    println!(
        "{:<22} {:>3} {:>11} {:>11} {:>11} {:>9} {:>8}",
        "kernel", "thr", "interp", "jit", "native", "int/nat", "jit/nat"
    );
    // [threads slot][engine]: sum of log ratios.
    let mut logs = [[0f64; 2]; 2];
    let mut count = 0usize;
    let mut scaling = Vec::new();
    for case in cases.iter_mut().filter(|c| c.name.contains(filter.as_str())) {
        count += 1;
        let mut jit_times = [0f64; 2];
        for (slot, threads) in [(0usize, 1usize), (1, all)] {
            let mut times = [0f64; 2];
            for (e, engine) in [Engine::Interp, jit_engine].into_iter().enumerate() {
                if e == 0 && skip_interp {
                    continue;
                }
                let p = &mut progs[case.prog];
                p.set_engine(engine);
                p.set_workers(threads as u32);
                let p = &progs[case.prog];
                times[e] = best(reps, || (case.run)(p)).as_secs_f64();
                if let Err(e) = (case.check)(p) {
                    panic!("{} ({engine:?}, {threads} workers): wrong result: {e}", case.name);
                }
            }
            let nt = best(5, || (case.native)(threads)).as_secs_f64().max(1e-9);
            jit_times[slot] = times[1];
            for e in 0..2 {
                logs[slot][e] += (times[e] / nt).max(1e-9).ln();
            }
            println!(
                "{:<22} {:>3} {:>9.2}ms {:>9.2}ms {:>9.3}ms {:>8.1}x {:>7.2}x",
                case.name,
                threads,
                times[0] * 1e3,
                times[1] * 1e3,
                nt * 1e3,
                times[0] / nt,
                times[1] / nt
            );
        }
        scaling.push((case.name, jit_times[0] / jit_times[1]));
    }
    let n = count.max(1) as f64;
    for (slot, label) in [(0, "1 thread".to_string()), (1, format!("{all} threads"))] {
        println!(
            "geomean engine/native time ({label}): interpreter {:.1}x, jit {:.2}x (native/jit {:.3})",
            (logs[slot][0] / n).exp(),
            (logs[slot][1] / n).exp(),
            1.0 / (logs[slot][1] / n).exp()
        );
    }
    println!("jit speedup 1 -> {all} workers:");
    for (name, s) in scaling {
        println!("  {name:<22} {s:.2}x");
    }
    let used = [
        "vector_add",
        "saxpy",
        "reduce_sum",
        "matmul_tiled",
        "histogram",
        "stencil2d",
        "scan_warp",
        "nbody",
        "transpose",
        "bitonic_step",
    ];
    for (i, p) in progs.iter().enumerate() {
        for k in p.kernels().into_iter().filter(|k| used.contains(&k.as_str())) {
            if let Some(why) = p.jit_fallback_reason(&k) {
                println!("note: {} `{k}` runs on the interpreter: {why}", ["kernels.cu", "bench.cu"][i]);
            }
        }
    }
}
