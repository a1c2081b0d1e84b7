//! cuRAND's device API (include/curand_kernel.h) in `cuprite nvcc` builds.
//!
//! `tests/gpu-programs/curand_values.cu` draws from every generator and distribution for a
//! grid of seeds, subsequences and offsets; its output on an H200, built with NVIDIA's nvcc
//! 13.0 and NVIDIA's own header, is `curand_values.txt`. Built here with our header, the same
//! program must print the same bits: exactly for raw bits, uniforms and counts (pure integer
//! and exactly rounded arithmetic), and within a tolerance for values that pass through a
//! transcendental function (the GPU's `__sincosf` approximation and its libdevice `log`,
//! `sincospi` and `exp` are not bit-reproduced by Cuprite's), except `curand_poisson` with
//! 64 <= lambda <= 4000 (NVIDIA's method there is undocumented: ours draws the same distribution,
//! not the same numbers). `programs/curand_checks.cu` adds statistics of 10^6 draws (a chi-square
//! fit of that Poisson range included) and jump-ahead consistency against a host reference.

mod common;

use std::collections::BTreeMap;

/// How a drawn word is compared: raw bits exactly, or a float/double within a tolerance.
#[derive(Clone, Copy)]
enum Word {
    Exact,
    Float,
    Double,
}

/// The word kinds a recipe of curand_values.cu writes, in order (the last repeats).
fn recipe_words(recipe: &str) -> Option<Vec<Word>> {
    use Word::{Double as D, Exact as E, Float as F};
    Some(match recipe {
        "curand" | "uniform" | "uniform_double" | "poisson_3.5" | "poisson_5000" | "skipahead"
        | "skipahead_sequence" => vec![E],
        "normal" | "log_normal" => vec![F],
        "normal_double" | "log_normal_double" => vec![D],
        "mixed" => vec![F, E, F, D, F, F, F, D, E],
        // curand4, uniform4, normal2, normal4, uniform2_double, normal2_double, log_normal4,
        // poisson4, curand.
        "vector4" => [[E; 4].as_slice(), &[E; 4], &[F; 2], &[F; 4], &[E; 2], &[D; 2], &[F; 4], &[E; 5]].concat(),
        _ => return None,
    })
}

/// Whether `ours` is within a few units of the GPU's `gpu`, relative to max(1, |gpu|): the
/// fast sine/cosine's absolute error (about 2^-21) scaled by a Box-Muller radius of up to ~6.
fn close(word: Word, ours: u64, gpu: u64) -> bool {
    let (a, b, tolerance) = match word {
        Word::Exact => return ours == gpu,
        Word::Float => (f64::from(f32::from_bits(ours as u32)), f64::from(f32::from_bits(gpu as u32)), 1e-5),
        Word::Double => (f64::from_bits(ours), f64::from_bits(gpu), 1e-12),
    };
    (a - b).abs() <= tolerance * b.abs().max(1.0)
}

/// `name recipe seed=.. subsequence=.. offset=..` → the words of the line.
fn parse(text: &str) -> BTreeMap<String, Vec<u64>> {
    text.lines()
        .filter_map(|line| {
            let (key, words) = line.split_once(':')?;
            let words = words.split_whitespace().map(|w| u64::from_str_radix(w, 16).expect("hex word")).collect();
            Some((key.to_string(), words))
        })
        .collect()
}

/// Builds `path` (relative to the repository) with `cuprite nvcc -arch=sm_90 EXTRA...`, runs it,
/// and returns its output; the run must succeed.
fn build_and_run(path: &str, extra: &[&str]) -> std::process::Output {
    let src = common::repo().join(path);
    let stem = src.file_stem().and_then(|s| s.to_str()).expect("file name").to_string();
    let exe = common::work_dir().join(stem);
    let mut args = vec!["-arch=sm_90"];
    args.extend_from_slice(extra);
    args.extend([src.to_str().unwrap(), "-o", exe.to_str().unwrap()]);
    common::nvcc(&args).expect("build");
    let out = common::run(&exe, &[], &[]);
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    out
}

#[test]
fn curand_values_match_nvidia_on_a_gpu() {
    let repo = common::repo();
    let out = build_and_run("tests/gpu-programs/curand_values.cu", &[]);
    let ours = parse(&String::from_utf8_lossy(&out.stdout));
    let gpu_text = std::fs::read_to_string(repo.join("tests/gpu-programs/curand_values.txt")).expect("GPU values");
    let gpu = parse(&gpu_text);
    assert_eq!(gpu.len(), 1440, "the recorded GPU run has 1440 cases");
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for (key, gpu_words) in &gpu {
        let recipe = key.split_whitespace().nth(1).expect("recipe");
        if recipe == "poisson_100" {
            // 64 <= lambda <= 4000: an exact Poisson method, not NVIDIA's undocumented one, so
            // the same distribution (curand_checks.cu tests it) but not the same draws.
            continue;
        }
        let words = recipe_words(recipe).unwrap_or_else(|| panic!("unknown recipe in {key}"));
        let Some(our_words) = ours.get(key) else {
            mismatches.push(format!("{key}: missing"));
            continue;
        };
        let kind = |i: usize| words[i.min(words.len() - 1)];
        let same = our_words.len() == gpu_words.len()
            && our_words.iter().zip(gpu_words).enumerate().all(|(i, (&a, &b))| close(kind(i), a, b));
        if !same {
            mismatches.push(format!("{key}:\n  ours {our_words:x?}\n  gpu  {gpu_words:x?}"));
        }
        compared += 1;
    }
    assert!(mismatches.is_empty(), "{} of {compared} cases differ:\n{}", mismatches.len(), mismatches.join("\n"));
    assert_eq!(compared, 1440 - 3 * 36);
}

#[test]
fn curand_statistics_and_jump_ahead() {
    let out = build_and_run("crates/nvcc/tests/programs/curand_checks.cu", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.ends_with("PASS\n"), "{stdout}");
}

/// MRG32k3a's three jumps for n = 2^b and a few other n (`tests/gpu-programs/curand_mrg_subsequence.cu`)
/// equal the H200's states, except `skipahead_subsequence` for n >= 2^51, where NVIDIA's
/// states are not the documented 2^76 * n draws (some are all zero) and Cuprite's are.
#[test]
fn mrg32k3a_jumps_match_nvidia_except_its_large_subsequences() {
    let repo = common::repo();
    let out = build_and_run("tests/gpu-programs/curand_mrg_subsequence.cu", &[]);
    let ours = String::from_utf8_lossy(&out.stdout).into_owned();
    let gpu = std::fs::read_to_string(repo.join("tests/gpu-programs/curand_mrg_subsequence.txt")).expect("GPU states");
    let (mut same, mut differ) = (0, Vec::new());
    for (line_ours, line_gpu) in ours.lines().zip(gpu.lines()) {
        let mut fields = line_gpu.split_whitespace();
        let kind = fields.next().expect("kind");
        let n = fields.next().expect("n");
        let n: u64 = match n.strip_prefix('n') {
            Some(hex) => u64::from_str_radix(hex, 16).expect("hex n"),
            None => 1 << n.parse::<u32>().expect("bit"),
        };
        if kind == "0" && n >= 1 << 51 {
            differ.push(line_ours == line_gpu);
        } else {
            assert_eq!(line_ours, line_gpu);
            same += 1;
        }
    }
    assert_eq!((same, differ.len()), (3 * 68 - 16, 16), "every GPU line compared");
    assert!(differ.iter().all(|&equal| !equal), "a large subsequence now matches the GPU: update this test");
}

/// Builds `tests/gpu-programs/NAME.cu`, runs it, and compares every line of the H200's
/// `NAME.txt` (`cases` of them) word by word, the kinds of the words given by `words`.
fn assert_matches_gpu(name: &str, cases: usize, words: &[Word]) {
    let repo = common::repo();
    let out = build_and_run(&format!("tests/gpu-programs/{name}.cu"), &[]);
    let ours = parse(&String::from_utf8_lossy(&out.stdout));
    let gpu_text = std::fs::read_to_string(repo.join(format!("tests/gpu-programs/{name}.txt"))).expect("GPU values");
    let gpu = parse(&gpu_text);
    assert_eq!(gpu.len(), cases, "the recorded GPU run has {cases} cases");
    for (key, gpu_words) in &gpu {
        let our_words = ours.get(key).unwrap_or_else(|| panic!("{key}: missing"));
        let same = our_words.len() == words.len()
            && gpu_words.len() == words.len()
            && words.iter().zip(our_words.iter().zip(gpu_words)).all(|(&w, (&a, &b))| close(w, a, b));
        assert!(same, "{key}:\n  ours {our_words:x?}\n  gpu  {gpu_words:x?}");
    }
}

/// Sobol32 and scrambled Sobol32 (`tests/gpu-programs/curand_sobol_values.cu`): points, uniforms
/// and skips equal the H200's bits; the inverse-normal-CDF draws (`erfcinvf`/`erfcinv`, whose
/// last bits differ between Cuprite's libdevice and NVIDIA's) within the tolerance above.
#[test]
fn sobol32_values_match_nvidia_on_a_gpu() {
    use Word::{Double as D, Exact as E, Float as F};
    // curand x4, uniform, normal, uniform_double, normal_double, log_normal, log_normal_double.
    assert_matches_gpu("curand_sobol_values", 84, &[E, E, E, E, E, F, E, D, F, D]);
}

/// Philox's four-wide doubles (`tests/gpu-programs/curand_philox_double4.cu`) from every
/// position within a counter block: uniforms exactly, normals and log-normals within tolerance.
#[test]
fn philox_double4_values_match_nvidia_on_a_gpu() {
    use Word::{Double as D, Exact as E};
    // uniform4_double, normal4_double, log_normal2_double, log_normal4_double, curand.
    assert_matches_gpu("curand_philox_double4", 12, &[E, E, E, E, D, D, D, D, D, D, D, D, D, D, E]);
}

/// Sobol64 and scrambled Sobol64 (`tests/gpu-programs/curand_sobol64_values.cu`, recorded on an
/// H200): points, skips and the float and double uniforms equal NVIDIA's bits; the normal and
/// log-normal draws within the tolerance above, as for Sobol32.
#[test]
fn sobol64_values_match_nvidia_on_a_gpu() {
    use Word::{Double as D, Exact as E, Float as F};
    // curand x4, uniform, normal, uniform_double, normal_double, log_normal, log_normal_double.
    assert_matches_gpu("curand_sobol64_values", 108, &[E, E, E, E, E, F, E, D, F, D]);
}

/// MTGP32 (`tests/gpu-programs/curand_mtgp32.cu`: block states from curandMakeMTGP32KernelState
/// with three parameter sets MTGP publishes, every MTGP32 draw for 256- and 64-thread blocks),
/// against nvcc's build of the same program on an H200 (`curand_mtgp32.txt`): bits, uniforms,
/// Poisson counts, the `specific` draws and the seeded states exactly, checksums included;
/// normal and log-normal values within the tolerance above. `curand_mtgp32_single` and
/// `_single_specific` store each new word where other threads read their tempering word (as
/// NVIDIA's do), a race whose outcome depends on the order warps run in: their first words
/// (one warp's) must match, their checksums need not.
#[test]
fn mtgp32_values_match_nvidia() {
    let out = build_and_run("tests/gpu-programs/curand_mtgp32.cu", &[]);
    let ours = String::from_utf8_lossy(&out.stdout).into_owned();
    let gpu = std::fs::read_to_string(common::repo().join("tests/gpu-programs/curand_mtgp32.txt")).unwrap();
    let (ours_lines, gpu_lines): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), gpu.lines().collect());
    assert_eq!(ours_lines.len(), gpu_lines.len(), "{ours}");
    let words = |line: &str| -> Vec<String> {
        line.split_once(": ")
            .map_or("", |x| x.1)
            .split_whitespace()
            .filter(|w| !w.ends_with(':') && *w != "|")
            .map(str::to_string)
            .collect()
    };
    let mut differ = Vec::new();
    for (o, g) in ours_lines.iter().zip(&gpu_lines) {
        let kind = if g.contains(" normal_double ") {
            Word::Double
        } else if g.contains(" normal ") || g.contains(" log_normal ") {
            Word::Float
        } else {
            Word::Exact
        };
        let racy = g.contains(" single");
        let same = o.split_once(": ").map(|x| x.0) == g.split_once(": ").map(|x| x.0)
            && words(o).iter().zip(words(g)).all(|(a, b)| {
                if a.starts_with("sum=") {
                    return racy || !matches!(kind, Word::Exact) || *a == b;
                }
                let hex = |w: &str| u64::from_str_radix(w, 16).unwrap_or(u64::MAX);
                close(kind, hex(a), hex(&b))
            });
        if !same {
            differ.push(format!("gpu  {g}\nours {o}"));
        }
    }
    assert!(differ.is_empty(), "{} lines differ:\n{}", differ.len(), differ.join("\n"));
}

/// A discrete Poisson distribution of a large mean (`tests/gpu-programs/curand_discrete_gauss.cu`):
/// the normal approximation NVIDIA's makes (method, standard deviation and mean), and
/// `curand_discrete`/`curand_discrete4` draws from XORWOW, Philox and MRG32k3a states, equal to
/// the H200's (the same kernel, recorded in a larger program).
#[test]
fn discrete_normal_approximation_matches_nvidia_on_a_gpu() {
    let out = build_and_run("tests/gpu-programs/curand_discrete_gauss.cu", &["-lcurand"]);
    let gpu = std::fs::read_to_string(common::repo().join("tests/gpu-programs/curand_discrete_gauss.txt")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), gpu);
}

/// The discrete distributions (`curandCreatePoissonDistribution` with `curand_discrete` and
/// `curand_discrete4`), `curandGeneratePoisson` for every generator, and the host generators
/// whose numbers are Cuprite's own (MTGP32's parameter sets, MT19937's order, the Sobol
/// scrambling): chi-square fits to the Poisson probabilities, uniform means, and the
/// scrambled Sobol points' stratification (`programs/curand_discrete.cu`).
#[test]
fn discrete_distributions_and_own_generators_statistics() {
    let out = build_and_run("crates/nvcc/tests/programs/curand_discrete.cu", &["-lcurand"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.ends_with("PASS\n"), "{stdout}");
}

/// The host API (`curand.h`, Cuprite's libcurand.so): `tests/gpu-programs/curand_host.cu`
/// prints the first words and checksums of every generation function of XORWOW, MRG32k3a and
/// Philox4x32-10 in their orderings, for three seeds, offsets, and calls following calls; its
/// output on an H200 under NVIDIA's libcurand is `curand_host.txt`. Built here with `-lcurand`
/// and run on the CPU, every line must be the same: exactly, except the normal and log-normal
/// values (through the GPU's `log`, `sin`, `cos`, `exp`), within 1e-5 relative in float and
/// 1e-12 in double.
#[test]
fn host_api_matches_nvidia_on_a_gpu() {
    let out = build_and_run("tests/gpu-programs/curand_host.cu", &["-lcurand"]);
    let ours = String::from_utf8_lossy(&out.stdout).into_owned();
    let gpu = std::fs::read_to_string(common::repo().join("tests/gpu-programs/curand_host.txt")).unwrap();
    let (ours_lines, gpu_lines): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), gpu.lines().collect());
    assert_eq!(ours_lines.len(), gpu_lines.len(), "{ours}");
    let mut differ = Vec::new();
    for (o, g) in ours_lines.iter().zip(&gpu_lines) {
        let approximate = g.contains("normal") && !g.contains("bits") && !g.contains("odd");
        let same = if approximate {
            let words = |l: &str| -> Vec<u64> {
                l.split_once(": ")
                    .map_or("", |x| x.1)
                    .split(' ')
                    .filter(|w| !w.starts_with("sum="))
                    .map(|w| u64::from_str_radix(w, 16).unwrap_or(0))
                    .collect()
            };
            let kind = if g.contains("double") { Word::Double } else { Word::Float };
            o.split_once(": ").map(|x| x.0) == g.split_once(": ").map(|x| x.0)
                && words(o).iter().zip(words(g)).all(|(a, b)| close(kind, *a, b))
        } else {
            o == g
        };
        if !same {
            differ.push(format!("gpu  {g}\nours {o}"));
        }
    }
    assert!(differ.is_empty(), "{} lines differ:\n{}", differ.len(), differ.join("\n"));
}

/// The host API beyond XORWOW/MRG32k3a/Philox's documented orders
/// (`tests/gpu-programs/curand_host_more.cu`, device generators recorded on an H200): the
/// direction vectors, the Sobol32 and Sobol64 generators' every generation function (bits,
/// 64-bit words and uniforms exactly, normals within the tolerance above), where a call after
/// `curandGeneratePoisson` starts (one draw per count), which orderings each generator takes,
/// and the status of a length that is not a multiple of the dimensions. Not compared, as the
/// README says: the numbers of MTGP32 (other parameter sets), MT19937 (NVIDIA's interleaving),
/// the scrambled Sobol sequences (NVIDIA's scrambling), Poisson counts (NVIDIA's tables), the
/// DYNAMIC ordering (an order of NVIDIA's GPU's choosing).
#[test]
fn host_api_generators_beyond_the_documented_orders_match_nvidia() {
    let out = build_and_run("tests/gpu-programs/curand_host_more.cu", &["-lcurand"]);
    let ours = String::from_utf8_lossy(&out.stdout).into_owned();
    let gpu = std::fs::read_to_string(common::repo().join("tests/gpu-programs/curand_host_more.txt")).unwrap();
    let lines = |text: &str| -> BTreeMap<String, String> {
        text.lines().filter_map(|l| l.split_once(": ").map(|(k, v)| (k.to_string(), v.to_string()))).collect()
    };
    let (ours, gpu) = (lines(&ours), lines(&gpu));
    let own = |key: &str| {
        let values = !key.contains("ordering") && !key.contains("odd length");
        key.contains("scrambled")
            || key.starts_with("sdv")
            || key.starts_with("sc")
            || key.contains(" ord=104 ")
            || (values && (key.contains("mtgp32") || key.contains("mt19937")))
            || (key.contains("poisson") && !key.contains("then bits"))
    };
    let (mut checked, mut differ) = (0, Vec::new());
    for (key, g) in &gpu {
        if own(key) {
            continue;
        }
        checked += 1;
        let o = ours.get(key).map_or("", String::as_str);
        let same = if key.contains("normal") {
            let kind = if key.contains("double") { Word::Double } else { Word::Float };
            let words = |l: &str| -> Vec<u64> {
                l.split(' ')
                    .filter(|w| !w.starts_with("sum="))
                    .map(|w| u64::from_str_radix(w, 16).unwrap_or(0))
                    .collect()
            };
            let (ow, gw) = (words(o), words(g));
            ow.len() == gw.len() && ow.iter().zip(gw).all(|(a, b)| close(kind, *a, b))
        } else {
            o == g
        };
        if !same {
            differ.push(format!("gpu  {key}: {g}\nours {key}: {o}"));
        }
    }
    assert!(checked >= 110, "only {checked} lines compared");
    assert!(differ.is_empty(), "{} of {checked} lines differ:\n{}", differ.len(), differ.join("\n"));
}

/// What setting the seed, the offset and the ordering does to where the next call starts
/// (`tests/gpu-programs/curand_host_options.cu`, recorded on an H200): a new seed and another
/// ordering keep the position, an offset sets it. NVIDIA's Philox moves its position by no rule
/// its outputs show when the legacy ordering is switched on after it has generated: Cuprite
/// refuses that switch (saying so) and keeps its ordering, so Philox's `order:` words are not
/// NVIDIA's; every other word is.
#[test]
fn host_api_seed_offset_and_ordering_options_match_nvidia() {
    let out = build_and_run("tests/gpu-programs/curand_host_options.cu", &["-lcurand"]);
    let ours = String::from_utf8_lossy(&out.stdout).into_owned();
    let gpu = std::fs::read_to_string(common::repo().join("tests/gpu-programs/curand_host_options.txt")).unwrap();
    // A line without the words after `order:`.
    let without_order = |line: &str| -> String {
        let (before, after) = line.split_once(" order:").unwrap_or((line, ""));
        format!("{before}{}", after.find(" back:").map_or("", |i| &after[i..]))
    };
    let (ours_lines, gpu_lines): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), gpu.lines().collect());
    assert_eq!(ours_lines.len(), 3, "{ours}");
    assert_eq!(ours_lines[..2], gpu_lines[..2], "XORWOW and MRG32k3a");
    assert_eq!(without_order(ours_lines[2]), without_order(gpu_lines[2]), "Philox");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("switching a Philox4x32-10 generator to or from the legacy ordering"), "{err}");
}

/// Every generator's `curand_init` and draws compile to PTX that ptxas accepts for a GPU: the
/// XORWOW jump tables (800 KiB) live in global memory, not in the 64 KiB constant bank where
/// clang puts a `const __device__` array (a `cuprite nvcc` build then failed on an H200 with
/// "PTX JIT compilation failed").
#[test]
fn device_api_ptx_passes_ptxas() {
    let src = common::repo().join("tests/program-diff/curand_device_api.cu");
    let ptx = common::work_dir().join("curand_device_api.ptx");
    common::nvcc(&["-arch=sm_90", "--ptx", src.to_str().unwrap(), "-o", ptx.to_str().unwrap()]).expect("build");
    let out = std::process::Command::new("ptxas")
        .args(["-arch=sm_90", "-o", "/dev/null"])
        .arg(&ptx)
        .output()
        .expect("ptxas is not in PATH: `source scripts/nvcc-env.sh /tmp/nvtool` (scripts/test.sh does)");
    assert!(out.status.success(), "ptxas refused the device API's PTX: {}", String::from_utf8_lossy(&out.stderr));
}
