//! Asynchronous stores and reductions into distributed shared memory (tests/kernels/
//! async_store.cu, sm_90, -O3 and -G): `st.async` in every vector shape and type, with
//! shared::cluster and generic addresses, and `red.async` with every operation, each
//! completing its bytes on the destination block's mbarrier; their faults; and sm_100's
//! release forms (inline PTX). Every check runs on the interpreter and both compiled tiers.

use simt::{DeviceMemory, Dim3, FaultKind, LaunchConfig, LaunchOptions, MemError, Params, Program};

mod common;

use common::ptx::{Index, Kernel, module_version};
use common::{ENGINES, download_u32, program, upload};

/// Words each thread of `st_async_ring` reports (SEND_BYTES / 4).
const WORDS: usize = 22;

fn programs() -> Vec<(String, Program)> {
    common::fixture_on_engines("async_store.sm_90")
}

fn clusters(n: u32) -> LaunchOptions {
    LaunchOptions { cluster: Some(Dim3::x(n)), ..LaunchOptions::default() }
}

fn lcg(seed: u32, n: usize) -> Vec<u32> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            x ^ (x >> 13)
        })
        .collect()
}

/// What thread `t` of a block receives from thread `t` of the block before it whose inputs
/// are `v` (`st_async_ring`).
fn ring_record(v: &[u32], t: u32) -> [u32; WORDS] {
    let wide = u64::from(v[1]) << 32 | u64::from(v[2]);
    let f = v[0] as f32 * 0.5;
    let d = (f64::from(v[1]) / 3.0).to_bits();
    let s = wide.wrapping_neg();
    let lo = |x: u64| x as u32;
    let hi = |x: u64| (x >> 32) as u32;
    [
        v[0],
        lo(wide),
        hi(wide),
        v[3],
        v[4],
        lo(wide ^ 0x5555),
        hi(wide ^ 0x5555),
        lo(!wide),
        hi(!wide),
        v[5],
        v[6],
        v[7],
        v[0] ^ v[7],
        f.to_bits(),
        lo(d),
        hi(d),
        f.to_bits(),
        (-f).to_bits(),
        (f * 2.0).to_bits(),
        (t as f32).to_bits(),
        lo(s),
        hi(s),
    ]
}

#[test]
fn st_async_every_form_around_a_ring() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for (grid, cl, threads) in [(8u32, 2u32, 128u32), (8, 4, 64), (6, 3, 256), (16, 8, 32)] {
            let input = lcg(grid * 7 + cl, (grid * threads * 8) as usize);
            let din = upload(&mem, &input);
            let out = upload(&mem, &vec![0; (grid * threads) as usize * WORDS]);
            let mut params = Params::new();
            params.ptr(din).ptr(out);
            p.launch_with(
                "st_async_ring",
                LaunchConfig { grid: Dim3::x(grid), block: Dim3::x(threads), dynamic_shared: 0, opts: clusters(cl) },
                params.bytes(),
                &mem,
            )
            .unwrap_or_else(|f| panic!("{v}: {f}"));
            let got = download_u32(&mem, out, (grid * threads) as usize * WORDS);
            for b in 0..grid {
                let rank = b % cl;
                let from = b - rank + (rank + cl - 1) % cl;
                for t in 0..threads {
                    let at = ((from * threads + t) * 8) as usize;
                    let want = ring_record(&input[at..at + 8], t);
                    let o = ((b * threads + t) as usize) * WORDS;
                    assert_eq!(got[o..o + WORDS], want, "{v} grid {grid} cluster {cl} block {b} thread {t}");
                }
            }
        }
    }
}

/// The counters of `red_async_all`'s target block after the reductions of values `vals`.
fn reduced(vals: &[u32]) -> [u32; 11] {
    let mut c = [0u32, 0, 1000, u32::MAX, 0x8000_0000, u32::MAX, 0, 0, 0x7fff_ffff];
    let mut c64 = 1u64 << 40;
    for &v in vals {
        c[0] = c[0].wrapping_add(v).wrapping_sub(1);
        c[1] = if c[1] >= 37 { 0 } else { c[1] + 1 };
        c[2] = if c[2] == 0 || c[2] > 2000 { 2000 } else { c[2] - 1 };
        c[3] = c[3].min(v);
        c[4] = (c[4] as i32).max(v as i32) as u32;
        c[5] &= !(1 << (v % 32));
        c[6] |= 1 << (v % 32);
        c[7] ^= v;
        c[8] = (c[8] as i32).min((v & 0xff) as i32 - 100) as u32;
        c64 = c64.wrapping_add(u64::from(v) << 8);
    }
    let mut out = [0u32; 11];
    out[..9].copy_from_slice(&c);
    out[9] = c64 as u32;
    out[10] = (c64 >> 32) as u32;
    out
}

#[test]
fn red_async_every_operation() {
    let mem = DeviceMemory::new();
    let untouched = reduced(&[]);
    for (v, p) in programs() {
        for (grid, cl, threads, target) in [(4u32, 2u32, 64u32, 1u32), (8, 4, 32, 0), (6, 3, 96, 2), (8, 8, 40, 5)] {
            let vals = lcg(grid + cl * 31 + target, (grid * threads) as usize);
            let dvals = upload(&mem, &vals);
            let out = upload(&mem, &vec![0; (grid * 11) as usize]);
            let mut params = Params::new();
            params.ptr(dvals).ptr(out).u32(target);
            p.launch_with(
                "red_async_all",
                LaunchConfig { grid: Dim3::x(grid), block: Dim3::x(threads), dynamic_shared: 0, opts: clusters(cl) },
                params.bytes(),
                &mem,
            )
            .unwrap_or_else(|f| panic!("{v}: {f}"));
            let got = download_u32(&mem, out, (grid * 11) as usize);
            for b in 0..grid {
                let first = b - b % cl;
                let want = if b % cl == target {
                    // Every thread of the other blocks of the cluster, in launch order (the
                    // operations on each counter commute, so any order gives this).
                    let senders: Vec<u32> = (first..first + cl)
                        .filter(|&o| o != b)
                        .flat_map(|o| vals[(o * threads) as usize..((o + 1) * threads) as usize].to_vec())
                        .collect();
                    reduced(&senders)
                } else {
                    untouched
                };
                let o = (b * 11) as usize;
                assert_eq!(got[o..o + 11], want, "{v} grid {grid} cluster {cl} target {target} block {b}");
            }
        }
    }
}

/// A shared-store fault without the address's offset in its block: the kind, the space, the
/// block-rank bits and misalignment of the address (shared::cluster addresses carry the rank
/// above bit 24), and the access size.
fn shape(k: &FaultKind) -> (&'static str, &'static str, u64, u64, u32) {
    match *k {
        FaultKind::Memory(MemError::Misaligned { addr, size }) => ("misaligned", "", addr >> 24, addr % 4, size),
        FaultKind::OutOfBounds { space, addr, size } => ("out of bounds", space, addr >> 24, addr % 4, size),
        _ => ("other", "", 0, 0, 0),
    }
}

#[test]
fn st_async_faults_as_shared_stores_do() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        // In range and aligned: the word lands, the mbarrier completes.
        for off in [0u32, 4, 28, 60] {
            let out = upload(&mem, &[u32::MAX; 16]);
            let mut params = Params::new();
            params.u32(off).ptr(out);
            p.launch("st_async_at", Dim3::x(2), Dim3::x(32), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} offset {off}: {f}"));
            let mut want = [0u32; 16];
            want[(off / 4) as usize] = 0xC0FFEE;
            assert_eq!(download_u32(&mem, out, 16), want, "{v} offset {off}");
        }
        // Misaligned, or past the block's shared memory: the fault of the same store done
        // by st.shared::cluster.
        for off in [2u32, 1, 4096, 1 << 20] {
            let mut params = Params::new();
            params.u32(off).ptr(upload(&mem, &[0; 16]));
            let e = p.launch("st_async_at", Dim3::x(2), Dim3::x(32), 0, params.bytes(), &mem).unwrap_err();
            let plain = p.launch("st_remote_at", Dim3::x(2), Dim3::x(32), 0, params.bytes(), &mem).unwrap_err();
            match (off % 4, &e.kind) {
                (0, FaultKind::OutOfBounds { space: "shared", size: 4, .. }) => {}
                (_, FaultKind::Memory(MemError::Misaligned { size: 4, .. })) if off % 4 != 0 => {}
                _ => panic!("{v} offset {off}: {e}"),
            }
            // The two kernels' buffers lie at different shared offsets: compare the rest.
            assert_eq!(shape(&e.kind), shape(&plain.kind), "{v} offset {off}: {e} / {plain}");
            assert_eq!((e.block, e.thread), ([0, 0, 0], [0, 0, 0]), "{v} offset {off}: {e}");
            assert!(e.instruction.starts_with("st.async"), "{v} offset {off}: {e}");
        }
    }
}

/// A generic st.async whose destination is not shared memory is an illegal address.
#[test]
fn st_async_to_a_global_address_faults() {
    // Checked with ptxas -arch=sm_90.
    let src = module_version(
        "9.0",
        "sm_90",
        &Kernel::new("bad_generic", &["p"], Index::None).body(
            r#"
    mov.u32 %r1, 5;
    st.async.mbarrier::complete_tx::bytes.u32 [%rd1], %r1, [%rd1];
    ret;
"#,
        ),
    );
    let mem = DeviceMemory::new();
    let out = upload(&mem, &[0; 4]);
    for e in ENGINES {
        let p = program(&src, e);
        let mut params = Params::new();
        params.ptr(out);
        let f = p
            .launch_with(
                "bad_generic",
                LaunchConfig { grid: Dim3::x(2), block: Dim3::x(32), dynamic_shared: 0, opts: clusters(2) },
                params.bytes(),
                &mem,
            )
            .unwrap_err();
        assert!(matches!(f.kind, FaultKind::OutOfBounds { space: "shared::cluster", .. }), "{e:?}: {f}");
        assert_eq!(download_u32(&mem, out, 4), [0; 4], "{e:?}");
    }
}

/// sm_100's release forms: a strong store and an atomic add to global memory.
#[test]
fn st_async_and_red_async_release_forms() {
    // Checked with ptxas -arch=sm_100 (ptxas 13.0 rejects `red.async.release.cluster`).
    let src = module_version(
        "8.7",
        "sm_100",
        &Kernel::new("rel", &["p"], Index::None).body(
            r#"
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.async.release.gpu.global.u32 [%rd4+16], %r1;
    red.async.release.gpu.global.add.u32 [%rd2], %r1;
    cvt.u64.u32 %rd5, %r1;
    red.async.release.gpu.add.u64 [%rd1+8], %rd5;
    add.s64 %rd6, %rd1, %rd3;
    st.async.mmio.release.sys.global.u32 [%rd6+144], %r1;
    ret;
"#,
        ),
    );
    let mem = DeviceMemory::new();
    for e in ENGINES {
        let p = program(&src, e);
        let out = upload(&mem, &[7; 4 + 32 + 32]);
        let mut params = Params::new();
        params.ptr(out);
        p.launch("rel", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let got = download_u32(&mem, out, 4 + 32 + 32);
        let sum: u32 = (0..32).sum();
        let wide = (7u64 << 32 | 7) + u64::from(sum);
        assert_eq!(got[..4], [7 + sum, 7, wide as u32, (wide >> 32) as u32], "{e:?}");
        assert_eq!(got[4..36], (0..32).collect::<Vec<u32>>(), "{e:?}");
        assert_eq!(got[36..], (0..32).collect::<Vec<u32>>(), "{e:?}");
    }
}
