//! 128-bit atomics and `.b128` registers (tests/kernels/atom128.cu, sm_90, -O3 and -G):
//! `atomicCAS`/`atomicExch` on 16-byte types (`atom.cas/exch.b128`, `mov.b128` pack/unpack),
//! `ld/st.b128`, under contention from many threads of several blocks running concurrently,
//! on every engine, checked against CPU references.

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::{Rng, download, upload};

const VARIANTS: [&str; 2] = ["O3", "G"];
const ENGINES: [Engine; 3] = [Engine::Interp, Engine::JitAll, Engine::Warp];

fn load(variant: &str, engine: Engine) -> Program {
    let path = format!("{}/tests/kernels/atom128.sm_90.{variant}.ptx", env!("CARGO_MANIFEST_DIR"));
    let mut p =
        Program::from_ptx(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{variant}: {e}"));
    p.set_engine(engine);
    p
}

fn pair(lo: u64, hi: u64) -> u128 {
    u128::from(lo) | u128::from(hi) << 64
}

#[test]
fn cas_add_contended() {
    let mut rng = Rng::from_state(0x1234_5678_9abc_def1);
    for v in VARIANTS {
        for e in ENGINES {
            let p = load(v, e);
            let mem = DeviceMemory::new();
            let (blocks, threads, n, iters) = (8u32, 128u32, 3usize, 20u32);
            let mul = rng.next() | (1 << 63);
            let init: Vec<u128> = (0..n).map(|_| pair(rng.next(), rng.next())).collect();
            let c = upload(&mem, &init);
            let mut params = Params::new();
            params.ptr(c).u32(n as u32).u32(iters).u64(mul);
            p.launch("cas_add", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {e:?}: {f}"));
            let mut want = init.clone();
            for tid in 0..blocks * threads {
                let delta = u128::from(tid + 1).wrapping_mul(u128::from(mul));
                let w = &mut want[tid as usize % n];
                *w = w.wrapping_add(delta.wrapping_mul(u128::from(iters)));
            }
            assert_eq!(download::<u128>(&mem, c, n), want, "{v} {e:?}");
        }
    }
}

#[test]
fn cas_pair_contended() {
    for v in VARIANTS {
        for e in ENGINES {
            let p = load(v, e);
            let mem = DeviceMemory::new();
            let (blocks, threads, n, iters) = (6u32, 96u32, 2usize, 25u32);
            let c = upload(&mem, &vec![0u128; n]);
            let mut params = Params::new();
            params.ptr(c).u32(n as u32).u32(iters);
            p.launch("cas_pair", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {e:?}: {f}"));
            let mut want = vec![(0u64, 0u64); n];
            for tid in 0..blocks * threads {
                let w = &mut want[tid as usize % n];
                w.0 += u64::from(iters);
                w.1 += u64::from(tid) * u64::from(iters);
            }
            let want: Vec<u128> = want.iter().map(|&(lo, hi)| pair(lo, hi)).collect();
            assert_eq!(download::<u128>(&mem, c, n), want, "{v} {e:?}");
        }
    }
}

#[test]
fn exch_contended() {
    let mut rng = Rng::from_state(0x0ddb_a11c_afe5_eed5);
    for v in VARIANTS {
        for e in ENGINES {
            for system in [0u32, 1] {
                let p = load(v, e);
                let mem = DeviceMemory::new();
                let (blocks, threads) = (8u32, 64u32);
                let total = (blocks * threads) as usize;
                let init = pair(rng.next(), rng.next());
                let slot = upload(&mem, &[init]);
                let out = upload(&mem, &vec![0u128; total]);
                let mut params = Params::new();
                params.ptr(slot).ptr(out).u32(system);
                p.launch("exch", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem)
                    .unwrap_or_else(|f| panic!("{v} {e:?}: {f}"));
                let mut got = download::<u128>(&mem, out, total);
                got.extend(download::<u128>(&mem, slot, 1));
                let mut want: Vec<u128> =
                    (0..total as u64).map(|t| pair(t.wrapping_mul(0x9E37_79B9_7F4A_7C15), !t)).collect();
                want.push(init);
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{v} {e:?} system={system}");
            }
        }
    }
}

#[test]
fn cas_results() {
    let mut rng = Rng::from_state(0x5eed_0000_1111_2222);
    for v in VARIANTS {
        for e in ENGINES {
            let p = load(v, e);
            let mem = DeviceMemory::new();
            let n = 64usize;
            let init: Vec<u128> = (0..n).map(|_| pair(rng.next(), rng.next())).collect();
            // Match fully, or differ in only the low or only the high half.
            let expect: Vec<u128> = init
                .iter()
                .enumerate()
                .map(|(i, &x)| match i % 3 {
                    0 => x,
                    1 => x ^ 1,
                    _ => x ^ (1 << 64),
                })
                .collect();
            let val: Vec<u128> = (0..n).map(|_| pair(rng.next(), rng.next())).collect();
            let (m, ex, va) = (upload(&mem, &init), upload(&mem, &expect), upload(&mem, &val));
            let out = upload(&mem, &vec![0u128; n]);
            let mut params = Params::new();
            params.ptr(m).ptr(ex).ptr(va).ptr(out);
            p.launch("cas_results", Dim3::x(2), Dim3::x(32), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {e:?}: {f}"));
            assert_eq!(download::<u128>(&mem, out, n), init, "{v} {e:?}: old values");
            let want: Vec<u128> = (0..n).map(|i| if i % 3 == 0 { val[i] } else { init[i] }).collect();
            assert_eq!(download::<u128>(&mem, m, n), want, "{v} {e:?}: memory");
        }
    }
}

#[test]
fn cas_shared_counter() {
    let mut rng = Rng::from_state(0xfeed_beef_0123_4567);
    for v in VARIANTS {
        for e in ENGINES {
            let p = load(v, e);
            let mem = DeviceMemory::new();
            let (blocks, threads, iters) = (4u32, 160u32, 7u32);
            let mul = rng.next() | (1 << 63);
            let out = upload(&mem, &vec![0u128; blocks as usize]);
            let mut params = Params::new();
            params.ptr(out).u32(iters).u64(mul);
            p.launch("cas_shared", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {e:?}: {f}"));
            let want = (0..threads).fold(0u128, |acc, t| {
                acc.wrapping_add(u128::from(t + 1).wrapping_mul(u128::from(mul)).wrapping_mul(u128::from(iters)))
            });
            assert_eq!(download::<u128>(&mem, out, blocks as usize), vec![want; blocks as usize], "{v} {e:?}");
        }
    }
}

#[test]
fn ld_st_b128() {
    let mut rng = Rng::from_state(0xabcd_ef01_2345_6789);
    for v in VARIANTS {
        for e in ENGINES {
            let p = load(v, e);
            let mem = DeviceMemory::new();
            let n = 100usize;
            let input: Vec<u128> = (0..n).map(|_| pair(rng.next(), rng.next())).collect();
            let (i, o) = (upload(&mem, &input), upload(&mem, &vec![0u128; n]));
            let mut params = Params::new();
            params.ptr(i).ptr(o).u32(n as u32);
            p.launch("copy_b128", Dim3::x(2), Dim3::x(64), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {e:?}: {f}"));
            let want: Vec<u128> = input.iter().map(|&x| pair((x as u64).wrapping_add(1), (x >> 64) as u64)).collect();
            assert_eq!(download::<u128>(&mem, o, n), want, "{v} {e:?}");
        }
    }
}

/// `.b128` registers used by anything but mov/ld/st/atom, and `.b128` atomics other than
/// cas/exch, are load errors naming the instruction.
#[test]
fn unsupported_forms_are_load_errors() {
    let head = ".version 8.3\n.target sm_90\n.address_size 64\n";
    let cases = [
        ("{ .reg .b128 %q; .reg .b64 %rd; mov.b64 %rd, %q; }", "mov.b64"),
        ("{ .reg .b128 %q; .reg .b64 %rd; add.s64 %rd, %q, 1; }", "add.s64"),
        ("{ .reg .b128 %q; .reg .b64 %rd<2>; atom.global.add.b128 %q, [%rd0], %q; }", "atom.global.add.b128"),
        ("{ .reg .b128 %q; .reg .b64 %rd<2>; ld.param.b128 %q, [p]; }", "ld.param.b128"),
    ];
    for (body, what) in cases {
        let src = format!("{head}.visible .entry k(.param .u64 p)\n{body}\n");
        let e = match Program::from_ptx(&src) {
            Ok(_) => panic!("`{body}` loaded"),
            Err(e) => e.to_string(),
        };
        assert!(e.contains(what), "`{body}`: {e}");
    }
}
