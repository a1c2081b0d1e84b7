//! Executor-provided device functions on corpus kernels: `printf` (39_printf), `assert`,
//! `malloc`/`free` and `new`/`delete` (40_assert_malloc), nvcc 13 PTX for sm_80, -O3 and -G.

use simt::{DeviceMemory, Dim3, FaultKind, LaunchConfig, LaunchOptions, Params, Program};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{download, upload};

const VARIANTS: [&str; 2] = ["sm_80.O3", "sm_80.G"];

fn programs(stem: &str) -> Vec<(String, Program)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/corpus/ptx");
    VARIANTS
        .iter()
        .map(|v| {
            let path = format!("{dir}/{stem}.{v}.ptx");
            let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let p = Program::from_ptx(&src).unwrap_or_else(|e| panic!("{path}: {e}"));
            (v.to_string(), p)
        })
        .collect()
}

#[test]
fn printf_formats_like_cuda() {
    for (v, p) in programs("39_printf") {
        let mem = DeviceMemory::new();
        let iv = upload(&mem, &[5]);
        let fv = upload(&mem, &1.5f32.to_le_bytes());
        let dv = upload(&mem, &(-2.25f64).to_le_bytes());
        let s = upload(&mem, b"hello\0");
        let params = Params::new().ptr(iv).ptr(fv).ptr(dv).ptr(s).bytes().to_vec();
        let st = p.launch("printf_formats", Dim3::x(1), Dim3::x(1), 0, &params, &mem).unwrap();
        // A `*` precision is printed as written, as an H100's printf does.
        let want = format!(
            "thread 0 block 0\n\
             ints: 5 -5 387276917 42949672960 -5000000035 18364758544493064725\n\
             hex/oct: 17156075 17156075 0x17156075 165 17156075\n\
             floats: 1.500000 1.500000e+00 1.5 -0x1.2p+1 -2.250 -2.2500e+00 1.5         |\n\
             flags: +5  5 00005 5    |        5 %.*f\n\
             char A str hello left      | hel ptr 0x{:x} %\n\
             shorts 5 ",
            iv.0
        );
        // `%hhu` is not among the conversions the device copies arguments for, so the host
        // reads a slot nothing filled: an H200 prints what its FIFO held before
        // (tests/program-diff/printf_lengths_h200.cu), so only what precedes it is asserted.
        let got = String::from_utf8_lossy(&st.printf_output);
        assert!(got.starts_with(&want) && got.ends_with('\n'), "{v}: {got:?} does not start with {want:?}");

        let a = upload(&mem, &(1..=12).collect::<Vec<_>>());
        let st = p.launch("printf_many", Dim3::x(1), Dim3::x(64), 0, Params::new().ptr(a).bytes(), &mem).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&st.printf_output),
            "1 2 3.000000 4 5 6.000000 7 8 9.000000 10 11 12.000000\n",
            "{v}"
        );

        // Return value: the number of arguments; output in lane order within a warp.
        let ret = upload(&mem, &[-7; 40]);
        let st = p.launch("printf_ret", Dim3::x(1), Dim3::x(40), 0, Params::new().ptr(ret).bytes(), &mem).unwrap();
        let out = String::from_utf8_lossy(&st.printf_output).into_owned();
        assert_eq!(out.lines().filter(|l| *l == "hello from the device").count(), 40, "{v}: {out}");
        assert_eq!(out.lines().filter(|l| *l == "printf_ret:45").count(), 40, "{v}: {out}");
        assert_eq!(download::<i32>(&mem, ret, 40), vec![2; 40], "{v}");

        // Divergent printf across blocks: sort the lines (blocks interleave, as on a GPU).
        let n = 100;
        let data: Vec<f32> = (0..n).map(|i| if i % 7 == 3 { -(i as f32) } else { i as f32 * 0.5 }).collect();
        let d = upload(&mem, &data.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<_>>());
        let st = p.launch("printf_divergent", Dim3::x(4), Dim3::x(32), 0, Params::new().ptr(d).i32(n).bytes(), &mem);
        let out = String::from_utf8_lossy(&st.unwrap().printf_output).into_owned();
        let mut got: Vec<&str> = out.lines().collect();
        got.sort();
        let mut want: Vec<String> = (0..n)
            .filter(|i| i % 7 == 3)
            .map(|i| format!("negative value {:.6} at index {i}", -(i as f32)))
            .chain((0..3).map(|k| format!("loop {k} of 3")))
            .collect();
        want.sort();
        assert_eq!(got, want, "{v}");
    }
}

#[test]
fn assert_faults_with_cuda_message() {
    for (v, p) in programs("40_assert_malloc") {
        let mem = DeviceMemory::new();
        let n = 64;
        let a = upload(&mem, &(0..n).map(|i| i * 3).collect::<Vec<_>>());
        let mut bv: Vec<i32> = (0..n).map(|i| i % 5 + 1).collect();
        let b = upload(&mem, &bv);
        let out = upload(&mem, &vec![0; n as usize]);
        let params = Params::new().ptr(a).ptr(b).ptr(out).i32(n).bytes().to_vec();
        p.launch("checked_divide", Dim3::x(2), Dim3::x(32), 0, &params, &mem).unwrap();
        let want: Vec<i32> = (0..n).map(|i| i * 3 / (i % 5 + 1)).collect();
        assert_eq!(download::<i32>(&mem, out, n as usize), want, "{v}");

        bv[37] = 0;
        mem.write(b, &bv.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<_>>()).unwrap();
        let f = p.launch("checked_divide", Dim3::x(2), Dim3::x(32), 0, &params, &mem).unwrap_err();
        assert!(matches!(f.kind, FaultKind::Assert { line: 11, .. }), "{v}: {f}");
        assert_eq!(
            f.assert_message().unwrap(),
            "40_assert_malloc.cu:11: void checked_divide(const int *, const int *, int *, int): \
             block: [1,0,0], thread: [5,0,0] Assertion `b[i] != 0` failed.",
            "{v}"
        );
    }
}

/// Every lane of the warp that reaches the failing assert prints its message, as an H200 prints
/// one per thread (notes/gpu-unseen/unseen12c_assert_messages: threads 4, 7 and 30 of a warp).
#[test]
fn assert_prints_every_failing_lane_of_the_warp() {
    for (v, p) in programs("40_assert_malloc") {
        let mem = DeviceMemory::new();
        let n = 64;
        let a = upload(&mem, &(0..n).map(|i| i * 3).collect::<Vec<_>>());
        let bv: Vec<i32> = (0..n).map(|i| if [37, 44, 60].contains(&i) { 0 } else { 1 }).collect();
        let b = upload(&mem, &bv);
        let out = upload(&mem, &vec![0; n as usize]);
        let params = Params::new().ptr(a).ptr(b).ptr(out).i32(n).bytes().to_vec();
        let f = p.launch("checked_divide", Dim3::x(2), Dim3::x(32), 0, &params, &mem).unwrap_err();
        let line = |t: u32| {
            format!(
                "40_assert_malloc.cu:11: void checked_divide(const int *, const int *, int *, int): \
                 block: [1,0,0], thread: [{t},0,0] Assertion `b[i] != 0` failed."
            )
        };
        assert_eq!(f.assert_message().unwrap(), [line(5), line(12), line(28)].join("\n"), "{v}");
    }
}

#[test]
fn device_malloc_and_free() {
    for (v, p) in programs("40_assert_malloc") {
        let mem = DeviceMemory::new();
        // malloc_per_thread: buf = in[t*len..], s = sum buf[k]*buf[len-1-k].
        let (threads, len) = (96usize, 10usize);
        let input: Vec<f32> = (0..threads * len).map(|i| (i % 13) as f32 - 6.0).collect();
        let din = upload(&mem, &input.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<_>>());
        let dout = upload(&mem, &vec![0; threads]);
        for _ in 0..3 {
            let params = Params::new().ptr(din).ptr(dout).i32(len as i32).bytes().to_vec();
            p.launch("malloc_per_thread", Dim3::x(3), Dim3::x(32), 0, &params, &mem).unwrap();
            let got = download::<f32>(&mem, dout, threads);
            for t in 0..threads {
                let b = &input[t * len..(t + 1) * len];
                let s: f32 = (0..len).fold(0.0, |s, k| s + b[k] * b[len - 1 - k]);
                assert_eq!(got[t], s, "{v} thread {t}");
            }
        }
        // A request larger than the heap returns NULL.
        let params = Params::new().ptr(din).ptr(dout).i32(4 << 20).bytes().to_vec();
        p.launch("malloc_per_thread", Dim3::x(1), Dim3::x(32), 0, &params, &mem).unwrap();
        assert!(download::<f32>(&mem, dout, 32).iter().all(|&x| x == -1.0), "{v}");

        // malloc_per_block
        let (blocks, bt, per) = (5usize, 64usize, 7i32);
        let out = upload(&mem, &vec![0; blocks * bt]);
        let params = Params::new().ptr(out).i32(per).bytes().to_vec();
        p.launch("malloc_per_block", Dim3::x(blocks as u32), Dim3::x(bt as u32), 0, &params, &mem).unwrap();
        let got = download::<i32>(&mem, out, blocks * bt);
        for (i, g) in got.iter().enumerate() {
            let other = ((i % bt + 1) % bt) as i32;
            assert_eq!(*g, (0..per).map(|k| other * k).sum::<i32>(), "{v} {i}");
        }

        // linked_list: new/delete through malloc/free.
        let n = 9;
        let out = upload(&mem, &[0; 64]);
        p.launch("linked_list", Dim3::x(1), Dim3::x(64), 0, Params::new().i32(n).ptr(out).bytes(), &mem).unwrap();
        let got = download::<i32>(&mem, out, 64);
        for (t, g) in got.iter().enumerate() {
            assert_eq!(*g, (0..n).map(|k| k * t as i32).sum::<i32>() + 6 - 1, "{v} {t}");
        }
    }
}

#[test]
fn heap_size_is_configurable_until_first_use() {
    let mem = DeviceMemory::new();
    assert_eq!(mem.heap_size(), simt::DEFAULT_HEAP_SIZE);
    mem.set_heap_size(1 << 12).unwrap();
    let (_, p) = programs("40_assert_malloc").remove(0);
    let input = upload(&mem, &[0u8; 8192]);
    let out = upload(&mem, &[0; 32]);
    // 32 threads × 200 bytes do not all fit in 4 KiB: some get NULL.
    let params = Params::new().ptr(input).ptr(out).i32(50).bytes().to_vec();
    p.launch("malloc_per_thread", Dim3::x(1), Dim3::x(32), 0, &params, &mem).unwrap();
    let got = download::<f32>(&mem, out, 32);
    let nulls = got.iter().filter(|&&x| x == -1.0).count();
    assert!(nulls > 0 && nulls < 32, "{got:?}");
    assert!(mem.set_heap_size(1 << 20).is_err());
}

#[test]
fn function_pointers_and_virtual_calls() {
    for (v, p) in programs("42_funcptr_virtual") {
        let mem = DeviceMemory::new();
        // apply_fnptr: divergent indirect calls through a __device__ table.
        let n = 100usize;
        let input: Vec<f32> = (0..n).map(|i| i as f32 * 0.25 - 7.0).collect();
        let which: Vec<i32> = (0..n as i32).map(|i| (i * 7 + i / 3) % 4).collect();
        let (din, dw, dout) = (upload::<f32>(&mem, &input), upload(&mem, &which), upload::<f32>(&mem, &vec![0.0; n]));
        let params = Params::new().ptr(din).ptr(dw).ptr(dout).i32(n as i32).bytes().to_vec();
        p.launch("apply_fnptr", Dim3::x(2), Dim3::x(64), 0, &params, &mem).unwrap_or_else(|f| panic!("{v}: {f}"));
        let got = download::<f32>(&mem, dout, n);
        for i in 0..n {
            let x = input[i];
            match which[i] {
                0 => assert_eq!(got[i], x * x, "{v} {i}"),
                1 => assert_eq!(got[i], -x, "{v} {i}"),
                2 => assert_eq!(got[i], 0.5 * x, "{v} {i}"),
                _ => assert!((got[i] - x.sin()).abs() < 1e-6, "{v} {i}: {} vs {}", got[i], x.sin()),
            }
        }
        // fold_kernel: a function pointer passed to a device function.
        let (threads, len) = (96usize, 6usize);
        let data: Vec<i32> = (0..threads * len).map(|i| (i as i32 * 37) % 11 - 5).collect();
        let (dd, dout) = (upload(&mem, &data), upload(&mem, &vec![0; threads]));
        let params = Params::new().ptr(dd).i32(len as i32).ptr(dout).bytes().to_vec();
        p.launch("fold_kernel", Dim3::x(3), Dim3::x(32), 0, &params, &mem).unwrap_or_else(|f| panic!("{v}: {f}"));
        let got = download::<i32>(&mem, dout, threads);
        for t in 0..threads {
            let a = &data[t * len..(t + 1) * len];
            let want = match t % 3 {
                0 => a.iter().sum(),
                1 => a.iter().product(),
                _ => a.iter().fold(0, |acc, &x| acc.max(x)),
            };
            assert_eq!(got[t], want, "{v} {t}");
        }
        // virtual_shapes: vtables in global memory initialized with function addresses.
        let n = 70usize;
        let kind: Vec<i32> = (0..n as i32).map(|i| (i * 5) % 7).collect();
        let dim: Vec<f32> = (0..n).map(|i| 0.5 + i as f32 * 0.125).collect();
        let (dk, dd) = (upload(&mem, &kind), upload::<f32>(&mem, &dim));
        let (da, dp, ds) =
            (upload::<f32>(&mem, &vec![0.0; n]), upload::<f32>(&mem, &vec![0.0; n]), upload(&mem, &vec![0; n]));
        let params = Params::new().ptr(dk).ptr(dd).ptr(da).ptr(dp).ptr(ds).i32(n as i32).bytes().to_vec();
        p.launch("virtual_shapes", Dim3::x(3), Dim3::x(32), 0, &params, &mem).unwrap_or_else(|f| panic!("{v}: {f}"));
        let (ga, gp, gs) = (download::<f32>(&mem, da, n), download::<f32>(&mem, dp, n), download::<i32>(&mem, ds, n));
        let pi = std::f32::consts::PI; // 3.14159265f in the source
        for i in 0..n {
            let d = dim[i];
            let (a, pe, s) = match kind[i] % 3 {
                0 => (pi * d * d, 2.0 * pi * d, 0),
                1 => (d * (2.0 * d), 2.0 * (d + 2.0 * d), 4),
                _ => (d * d, 4.0 * d, 4),
            };
            assert_eq!((ga[i], gp[i], gs[i]), (a, pe, s), "{v} {i} kind {}", kind[i]);
        }
        // virtual_heap: objects from new/delete with virtual destructors.
        let dout = upload::<f32>(&mem, &[0.0; 64]);
        p.launch("virtual_heap", Dim3::x(1), Dim3::x(64), 0, Params::new().ptr(dout).bytes(), &mem)
            .unwrap_or_else(|f| panic!("{v}: {f}"));
        let got = download::<f32>(&mem, dout, 64);
        for (t, g) in got.iter().enumerate() {
            let want = if t & 1 == 1 { pi * 1.0 * 1.0 + 2.0 * pi * 1.0 } else { 4.0 + 8.0 };
            assert_eq!(*g, want, "{v} {t}");
        }
    }
}

/// Output past the printf FIFO is lost, and the FIFO holds every launch's records until the
/// host empties it (CUDA's printf buffer; `runtime::printf` empties it at synchronization
/// points): whole records only, none for a second launch before the FIFO is drained, as many
/// as at first after.
#[test]
fn printf_output_is_capped_at_the_fifo_size_until_drained() {
    let (_, p) = programs("39_printf").remove(0);
    let mem = DeviceMemory::new();
    assert_eq!(mem.printf_fifo_size(), simt::DEFAULT_PRINTF_FIFO_SIZE);
    mem.set_printf_fifo_size(100);
    let ret = upload(&mem, &[0; 32]);
    let run = || {
        let st = p.launch("printf_ret", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(ret).bytes(), &mem).unwrap();
        String::from_utf8_lossy(&st.printf_output).into_owned()
    };
    let first = run();
    let lines = first.matches('\n').count();
    assert!((1..32).contains(&lines), "{lines} of 32 records in 100 bytes");
    assert_eq!(first, "hello from the device\n".repeat(lines));
    assert_eq!(run(), "", "the FIFO is full until drained");
    mem.printf_drained();
    assert_eq!(run(), first);
}

#[test]
fn indirect_calls_to_a_bad_address_fault() {
    let src = module(
        "sm_80",
        &[
            String::from(
                r#".func (.param .b32 r) f(.param .b32 x)
{
    .reg .b32 %r<2>;
    ld.param.b32 %r1, [x];
    st.param.b32 [r], %r1;
    ret;
}
"#,
            ),
            Kernel::new("k", &["out", "target"], Index::None).body(
                r#"
    mov.u64 %rd3, f;
    setp.eq.u64 %p1, %rd2, 0;
    @%p1 mov.u64 %rd2, %rd3;
    mov.u32 %r1, %tid.x;
    {
    .param .b32 a;
    st.param.b32 [a], %r1;
    .param .b32 ret;
    proto : .callprototype (.param .b32 _) _ (.param .b32 _);
    call (ret), %rd2, (a), proto;
    ld.param.b32 %r2, [ret];
    }
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd3, %rd1, %rd3;
    st.global.u32 [%rd3], %r2;
    ret;
"#,
            ),
        ]
        .concat(),
    );
    let src = src.replace("    .reg .b64 %rd<4>;", "    .reg .b64 %rd<4>;\n    .reg .pred %p<2>;");
    let p = Program::from_ptx(&src).unwrap();
    let mem = DeviceMemory::new();
    let out = upload(&mem, &[0; 32]);
    p.launch("k", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(out).u64(0).bytes(), &mem).unwrap();
    assert_eq!(download::<i32>(&mem, out, 32), (0..32).collect::<Vec<_>>());
    let f = p.launch("k", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(out).u64(0x1234).bytes(), &mem).unwrap_err();
    assert!(matches!(f.kind, FaultKind::Memory(_)), "{f}");
}

#[test]
fn a_bad_initializer_only_fails_the_kernels_using_it() {
    let src = module(
        "sm_80",
        &[
            String::from(
                r#".global .u32 a[2] = {1, 2};
.global .u64 bad[1] = {a * 2};
"#,
            ),
            Kernel::new("uses_bad", &["out"], Index::None).body(
                r#"
    ld.global.u64 %rd2, [bad];
    st.global.u64 [%rd1], %rd2;
    ret;
"#,
            ),
            Kernel::new("fine", &["out"], Index::None).body(
                r#"
    ld.global.u32 %r1, [a+4];
    st.global.u32 [%rd1], %r1;
    ret;
"#,
            ),
        ]
        .concat(),
    );
    let parsed = ptx::parse(&src);
    let (p, errors) = Program::load_partial(&parsed.module, Some(&src));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].function, "uses_bad");
    let mem = DeviceMemory::new();
    let out = upload(&mem, &[0, 0]);
    p.launch("fine", Dim3::x(1), Dim3::x(1), 0, Params::new().ptr(out).bytes(), &mem).unwrap();
    assert_eq!(download::<i32>(&mem, out, 1), vec![2]);
    let f = p.launch("uses_bad", Dim3::x(1), Dim3::x(1), 0, Params::new().ptr(out).bytes(), &mem).unwrap_err();
    assert!(matches!(f.kind, FaultKind::NotLoaded(_)), "{f}");
    // Resolved once by name, a kernel launches as it does by name: the loaded one runs, the
    // one that did not load fails as not loaded, under its own name.
    let config = |grid| LaunchConfig { grid, block: Dim3::x(1), dynamic_shared: 0, opts: LaunchOptions::default() };
    mem.write(out, &[0u8; 8]).unwrap();
    let fine = p.kernel_id("fine").expect("a kernel");
    p.launch_kernel(fine, config(Dim3::x(1)), Params::new().ptr(out).bytes(), &mem).unwrap();
    assert_eq!(download::<i32>(&mem, out, 1), vec![2]);
    let bad = p.kernel_id("uses_bad").expect("a kernel that did not load");
    let f = p.launch_kernel(bad, config(Dim3::x(1)), Params::new().ptr(out).bytes(), &mem).unwrap_err();
    assert!(matches!(f.kind, FaultKind::NotLoaded(_)), "{f}");
    assert!(f.to_string().contains("uses_bad"), "{f}");
    // The launch checks hold as by name: a grid with a zero dimension is a bad launch.
    let f = p.launch_kernel(fine, config(Dim3::x(0)), Params::new().ptr(out).bytes(), &mem).unwrap_err();
    assert!(matches!(f.kind, FaultKind::BadLaunch(_)), "{f}");
    assert_eq!(p.kernel_id("absent"), None);
}
