//! The host API's outputs against NVIDIA's, recorded on an H200 by
//! `tests/gpu-programs/curand_host.cu` (`curand_host.txt`): every line of the default, legacy
//! and best orderings for three seeds, computed here by the library's Rust side. Bits, uniforms
//! and their checksums must be identical; normals and log-normals (through the GPU's `log`,
//! `sin`, `cos`, `exp`, not bit-reproduced) within a few units in their last places.

use curand::generator::{Engine, Generator};

fn recorded() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/gpu-programs/curand_host.txt");
    std::fs::read_to_string(path).expect("recorded outputs")
}

fn checksum(words: impl Iterator<Item = u64>) -> u64 {
    words.fold(0u64, |sum, w| sum.wrapping_mul(31).wrapping_add(w))
}

/// The generator a line's `NAME ORDER seed=HEX` names, at position 0.
fn generator(name: &str, order: &str, seed: &str) -> Generator {
    let engine = match name {
        "xorwow" => Engine::Xorwow,
        "mrg32k3a" => Engine::Mrg32k3a,
        _ => Engine::Philox,
    };
    let seed = u64::from_str_radix(seed.trim_start_matches("seed="), 16).unwrap();
    Generator { engine, seed, position: 0, legacy: order == "legacy", seeded: false, dimensions: 1 }
}

/// Whether `ours` is within `ulps` float or double units of `gpu` (as bits of `bytes` bytes).
fn close(ours: u64, gpu: u64, bytes: usize) -> bool {
    let (a, b, eps) = if bytes == 4 {
        // The GPU's fast sine and cosine (absolute error about 2^-21) times a radius up to ~6.
        (f64::from(f32::from_bits(ours as u32)), f64::from(f32::from_bits(gpu as u32)), 1e-5)
    } else {
        (f64::from_bits(ours), f64::from_bits(gpu), 64.0 * f64::EPSILON)
    };
    (a - b).abs() <= eps * b.abs().max(1.0)
}

#[test]
fn outputs_match_nvidias() {
    let text = recorded();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in text.lines() {
        let Some((key, rest)) = line.split_once(": ") else { continue };
        let parts: Vec<&str> = key.split(' ').collect();
        if parts.len() < 4 || !parts[2].starts_with("seed=") {
            continue;
        }
        let (name, order, seed, what) = (parts[0], parts[1], parts[2], parts[3..].join(" "));
        let mut words: Vec<&str> = rest.split(' ').collect();
        let sum = words.pop().and_then(|s| s.strip_prefix("sum=")).map(|s| u64::from_str_radix(s, 16).unwrap());
        let shown: Vec<u64> = words.iter().map(|w| u64::from_str_radix(w, 16).unwrap()).collect();
        let mut g = generator(name, order, seed);
        let big = (1 << 20) + 3;
        // (our words, bytes per word, exact?, words in the checksum)
        let (ours, bytes, exact, total): (Vec<u64>, usize, bool, usize) = match what.as_str() {
            "bits" => (g.bits(big).into_iter().map(u64::from).collect(), 4, true, big),
            "uniform" => (g.uniform(big).into_iter().map(|f| u64::from(f.to_bits())).collect(), 4, true, big),
            "uniform_double" => (g.uniform_double(big).into_iter().map(f64::to_bits).collect(), 8, true, big),
            "normal" => (g.normal(16).into_iter().map(|f| u64::from(f.to_bits())).collect(), 4, false, 16),
            "normal_double" => {
                (g.normal_double(16).into_iter().map(|z| 2.0f64.mul_add(z, 1.5).to_bits()).collect(), 8, false, 16)
            }
            "log_normal" => (
                g.normal(16).into_iter().map(|z| u64::from(0.25f32.mul_add(z, 0.5).exp().to_bits())).collect(),
                4,
                false,
                16,
            ),
            "log_normal_double" => (
                g.normal_double(16).into_iter().map(|z| 0.25f64.mul_add(z, 0.5).exp().to_bits()).collect(),
                8,
                false,
                16,
            ),
            "offset4099 bits" => {
                g.position = 4099;
                (g.bits(8).into_iter().map(u64::from).collect(), 4, true, 8)
            }
            "offset4099 uniform_double" => {
                g.position = 4099;
                (g.uniform_double(8).into_iter().map(f64::to_bits).collect(), 8, true, 8)
            }
            "offset6 normal" => {
                g.position = 6;
                (g.normal(8).into_iter().map(|f| u64::from(f.to_bits())).collect(), 4, false, 8)
            }
            "after bits10 double6 bits" => {
                g.bits(10);
                g.uniform_double(6);
                (g.bits(4).into_iter().map(u64::from).collect(), 4, true, 4)
            }
            "after normal6 bits" => {
                g.bits(10);
                g.uniform_double(6);
                g.bits(4);
                g.normal(6);
                (g.bits(4).into_iter().map(u64::from).collect(), 4, true, 4)
            }
            "after normal_double6 bits" => {
                g.bits(10);
                g.uniform_double(6);
                g.bits(4);
                g.normal(6);
                g.bits(4);
                g.normal_double(6);
                (g.bits(4).into_iter().map(u64::from).collect(), 4, true, 4)
            }
            _ => continue,
        };
        checked += 1;
        let first_ok =
            shown.iter().zip(&ours).all(|(gpu, ours)| if exact { gpu == ours } else { close(*ours, *gpu, bytes) });
        let sum_ok = !exact || sum == Some(checksum(ours[..total].iter().copied()));
        if !first_ok || !sum_ok {
            let ours_hex: Vec<String> =
                ours.iter().take(shown.len()).map(|w| format!("{w:0width$x}", width = bytes * 2)).collect();
            failures.push(format!("{key}:\n  gpu  {}\n  ours {}", words.join(" "), ours_hex.join(" ")));
        }
    }
    assert!(checked >= 60, "only {checked} lines checked");
    assert!(failures.is_empty(), "{} of {checked} differ:\n{}", failures.len(), failures.join("\n"));
}

/// XORWOW's seeded ordering (CURAND_ORDERING_PSEUDO_SEEDED) against an H200's
/// (`tests/gpu-programs/curand_seeded.cu`, `curand_seeded.txt`): the first 32,768 words for seed
/// 1, threads 0-31 (8 draws each) and 4064-4095 of seven more seeds, offsets, and two calls.
#[test]
fn seeded_ordering_matches_nvidias() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/gpu-programs/curand_seeded.txt");
    let text = std::fs::read_to_string(path).expect("recorded outputs");
    let hex = |s: &str| -> Vec<u32> { s.split_whitespace().map(|w| u32::from_str_radix(w, 16).unwrap()).collect() };
    let seeded = |seed: u64, position: u64| Generator {
        engine: Engine::Xorwow,
        seed,
        position,
        legacy: false,
        seeded: true,
        dimensions: 1,
    };
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("seed 1 offset 0, 32768 draws"));
    let first: Vec<u32> = lines.by_ref().take(2048).flat_map(hex).collect();
    assert_eq!(seeded(1, 0).bits(32768), first, "seed 1, the first 32768 words");
    let mut checked = 1;
    for line in lines {
        let Some((key, values)) = line.split_once(':') else { continue };
        let words = key.split(' ').collect::<Vec<_>>();
        if words[0] != "seed" {
            continue;
        }
        let recorded = hex(values);
        let ours = if key.ends_with("two calls of 100") {
            let mut g = seeded(1, 0);
            let mut w = g.bits(100);
            w.extend(g.bits(100));
            w
        } else if words[2] == "offset" {
            seeded(1, words[3].parse().unwrap()).bits(64)
        } else {
            let all = seeded(u64::from_str_radix(words[1], 16).unwrap(), 0).bits(32768);
            match words[2] {
                "first" => all[..64].to_vec(),
                "t+k*4096" => (0..32).flat_map(|t| (0..8).map(move |k| t + k * 4096)).map(|p| all[p]).collect(),
                _ => all[4064..4096].to_vec(),
            }
        };
        assert_eq!(ours, recorded, "{key}");
        checked += 1;
    }
    assert_eq!(checked, 27, "recorded lines compared");
}
