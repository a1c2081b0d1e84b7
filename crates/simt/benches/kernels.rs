//! Engine vs native Rust on the same algorithms: `cargo bench -p cuprite-simt --bench kernels`.
//!
//! Each kernel runs on the SIMT engine (nvcc -O3 PTX from `tests/kernels/kernels.cu`) with 1
//! worker and with all workers, and the same algorithm runs as plain Rust loops on 1 thread and
//! on all threads (`std::thread::scope`). Prints both times, the ratio engine/native (how many
//! times slower the engine is) and the geometric means. Short by design (a few seconds).

use std::time::{Duration, Instant};

use simt::{DeviceMemory, DevicePtr, Dim3, Params, Program};

fn upload<T: Copy>(mem: &DeviceMemory, data: &[T]) -> DevicePtr {
    // SAFETY: T is a primitive numeric type here (no padding); the slice is valid for reads.
    let bytes = unsafe { std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), std::mem::size_of_val(data)) };
    let p = mem.alloc(bytes.len() as u64).expect("alloc");
    mem.write(p, bytes).expect("write");
    p
}

/// Best of `reps` runs of `f`.
fn best(reps: usize, mut f: impl FnMut()) -> Duration {
    f(); // warm-up (first touch of pages, caches)
    (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Splits `0..n` into `threads` chunks and runs `f(range)` on each in parallel.
fn par(threads: usize, n: usize, f: impl Fn(std::ops::Range<usize>) + Sync) {
    if threads <= 1 {
        f(0..n);
        return;
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|s| {
        for t in 0..threads {
            let f = &f;
            s.spawn(move || f((t * chunk).min(n)..((t + 1) * chunk).min(n)));
        }
    });
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

struct Case {
    name: &'static str,
    engine: Box<dyn FnMut(&mut Program)>,
    native: Box<dyn FnMut(usize)>,
}

fn main() {
    // SIMT_BENCH_PTX overrides the fixture path (to run a copied binary elsewhere).
    let path = std::env::var("SIMT_BENCH_PTX")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels/kernels.sm_80.O3.ptx").to_string());
    let src = std::fs::read_to_string(&path).expect("read PTX");
    let mut prog = Program::from_ptx(&src).expect("load PTX");
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mem: &'static DeviceMemory = Box::leak(Box::new(DeviceMemory::new()));
    let mut cases: Vec<Case> = Vec::new();

    // Vector add.
    {
        let n = 1usize << 22;
        let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
        let b: Vec<f32> = (0..n).map(|i| i as f32 * 0.25).collect();
        let (da, db) = (upload(mem, &a), upload(mem, &b));
        let dc = mem.alloc(4 * n as u64).expect("alloc");
        let params = Params::new().ptr(da).ptr(db).ptr(dc).i32(n as i32).clone();
        let mut c = vec![0f32; n];
        cases.push(Case {
            name: "vector_add (4M)",
            engine: Box::new(move |p| {
                p.launch("vector_add", Dim3::x((n as u32).div_ceil(256)), Dim3::x(256), 0, params.bytes(), mem)
                    .expect("launch");
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
        });
    }
    // SAXPY.
    {
        let n = 1usize << 22;
        let x: Vec<f32> = (0..n).map(|i| (i % 1000) as f32).collect();
        let mut y: Vec<f32> = (0..n).map(|i| (i % 7) as f32).collect();
        let (dx, dy) = (upload(mem, &x), upload(mem, &y));
        let params = Params::new().i32(n as i32).f32(1.5).ptr(dx).ptr(dy).clone();
        cases.push(Case {
            name: "saxpy (4M)",
            engine: Box::new(move |p| {
                p.launch("saxpy", Dim3::x(1024), Dim3::x(256), 0, params.bytes(), mem).expect("launch");
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
        });
    }
    // Shared-memory reduction.
    {
        let n = 1usize << 22;
        let input: Vec<i32> = (0..n).map(|i| (i % 17) as i32 - 8).collect();
        let din = upload(mem, &input);
        let threads = 256u32;
        let blocks = (n as u32).div_ceil(threads * 2);
        let dout = mem.alloc(4 * u64::from(blocks)).expect("alloc");
        let params = Params::new().ptr(din).ptr(dout).i32(n as i32).clone();
        let chunk = (threads * 2) as usize;
        let mut partial = vec![0i32; blocks as usize];
        cases.push(Case {
            name: "reduce_sum (4M)",
            engine: Box::new(move |p| {
                p.launch("reduce_sum", Dim3::x(blocks), Dim3::x(threads), threads * 4, params.bytes(), mem)
                    .expect("launch");
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
        });
    }
    // Tiled matmul.
    {
        let (m, nn, k) = (256usize, 256usize, 256usize);
        let a: Vec<f32> = (0..m * k).map(|i| (i % 13) as f32 * 0.1).collect();
        let b: Vec<f32> = (0..k * nn).map(|i| (i % 11) as f32 * 0.1).collect();
        let (da, db) = (upload(mem, &a), upload(mem, &b));
        let dc = mem.alloc(4 * (m * nn) as u64).expect("alloc");
        let params = Params::new().ptr(da).ptr(db).ptr(dc).i32(m as i32).i32(nn as i32).i32(k as i32).clone();
        let mut c = vec![0f32; m * nn];
        cases.push(Case {
            name: "matmul_tiled (256^3)",
            engine: Box::new(move |p| {
                let grid = Dim3::new((nn as u32).div_ceil(16), (m as u32).div_ceil(16), 1);
                p.launch("matmul_tiled", grid, Dim3::new(16, 16, 1), 0, params.bytes(), mem).expect("launch");
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
        });
    }
    // Histogram with shared-memory atomics.
    {
        let n = 1usize << 22;
        let data: Vec<u8> = (0..n).map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u8).collect();
        let dd = upload(mem, &data);
        let dbins = mem.alloc(256 * 4).expect("alloc");
        let params = Params::new().ptr(dd).i32(n as i32).ptr(dbins).clone();
        cases.push(Case {
            name: "histogram (4M)",
            engine: Box::new(move |p| {
                p.launch("histogram", Dim3::x(256), Dim3::x(256), 0, params.bytes(), mem).expect("launch");
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
        });
    }

    println!("{:<22} {:>8} {:>12} {:>12} {:>10}", "kernel", "threads", "engine", "native", "eng/nat");
    let mut logs = [0f64; 2];
    let mut counts = [0usize; 2];
    let filter = std::env::var("BENCH_FILTER").unwrap_or_default();
    for case in cases.iter_mut().filter(|c| c.name.contains(filter.as_str())) {
        for (slot, threads) in [(0usize, 1usize), (1, all)] {
            prog.set_workers(threads as u32);
            let e = best(3, || (case.engine)(&mut prog));
            let nt = best(5, || (case.native)(threads));
            let ratio = e.as_secs_f64() / nt.as_secs_f64().max(1e-9);
            logs[slot] += ratio.ln();
            counts[slot] += 1;
            println!(
                "{:<22} {:>8} {:>10.3}ms {:>10.3}ms {:>10.1}",
                case.name,
                threads,
                e.as_secs_f64() * 1e3,
                nt.as_secs_f64() * 1e3,
                ratio
            );
        }
    }
    for (slot, label) in [(0, "1 thread"), (1, "all threads")] {
        println!("geomean engine/native ({label}): {:.1}x", (logs[slot] / counts[slot].max(1) as f64).exp());
    }
}
