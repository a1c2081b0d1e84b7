//! Damaged fatbins: a few thousand mutants of real nvcc fatbins (bit flips, size fields set to
//! 0, 2^57, 2^64−1 and past the end, truncations) go through the reader, which must return
//! (PTX or an error, never a panic) while allocating at most a small multiple of its input.
//!
//! The seeds in `tests/seeds/` are `.nv_fatbin` contents of nvcc 13.0 builds: `ptx_only.*` is
//! one PTX entry (`-gencode arch=compute_90,code=compute_90`), `sm90_and_ptx.*` a cubin and
//! a PTX entry (`-arch=sm_90`), each stored ZSTD-compressed (nvcc's default), LZ4-compressed
//! (`-compress-mode=speed`) and uncompressed (`--no-compress`).

#[path = "../../ptx/tests/common/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::peak_during;

const SEEDS: [&str; 6] =
    ["ptx_only.zstd", "ptx_only.lz4", "ptx_only.raw", "sm90_and_ptx.zstd", "sm90_and_ptx.lz4", "sm90_and_ptx.raw"];

fn seed(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/seeds/{name}.fatbin", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs the reader on `bytes` and returns the most it had allocated at once beyond what was
/// live before (this test runs alone in its binary, so nothing else allocates meanwhile).
fn peak_of_read(bytes: &[u8]) -> (Result<(u32, String), fatbin::Error>, usize) {
    peak_during(|| fatbin::read_ptx(bytes))
}

#[test]
fn seeds_decode_to_the_same_ptx_in_every_compression() {
    for shape in ["ptx_only", "sm90_and_ptx"] {
        let texts: Vec<String> = ["raw", "lz4", "zstd"]
            .iter()
            .map(|c| match fatbin::read_ptx(&seed(&format!("{shape}.{c}"))) {
                Ok((90, t)) => t,
                other => panic!("{shape}.{c}: {other:?}"),
            })
            .collect();
        assert!(texts[0].contains(".version 9.0") && texts[0].contains(".entry"), "{}", texts[0]);
        assert_eq!(texts[0], texts[1], "{shape}: LZ4 decodes differently from the uncompressed PTX");
        assert_eq!(texts[0], texts[2], "{shape}: ZSTD decodes differently from the uncompressed PTX");
    }
}

/// The sm_90 cubin's register count and stack, as `cuobjdump -res-usage` reads them from the
/// same seeds (12 and 0 for vectorAdd), in every compression; none for another architecture or a PTX-only fatbin.
#[test]
fn the_cubins_register_counts_read_as_cuobjdump_reads_them() {
    for c in ["raw", "lz4", "zstd"] {
        let bytes = seed(&format!("sm90_and_ptx.{c}"));
        let entries = fatbin::entries(&bytes).unwrap();
        let facts = fatbin::cubin::resources_for_arch(&entries, 90);
        let want = fatbin::cubin::Resources { registers: 12, frame_size: 0 };
        assert_eq!(facts.get("_Z9vectorAddPKfS0_Pfi"), Some(&want), "{c}: {facts:?}");
        assert!(fatbin::cubin::resources_for_arch(&entries, 80).is_empty());
        let ptx_only = seed(&format!("ptx_only.{c}"));
        assert!(fatbin::cubin::resources_for_arch(&fatbin::entries(&ptx_only).unwrap(), 90).is_empty());
    }
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The offsets of the size fields: the fatbin header's header size (u16 at 6) and fat size
/// (u64 at 8), and per entry its header size (u32 at 4), payload size (u64 at 8),
/// compressed size (u32 at 16) and uncompressed size (u64 at 56).
fn size_fields(fb: &[u8]) -> Vec<(usize, usize)> {
    let mut fields = vec![(6, 2), (8, 8)];
    let mut off = 16;
    while off + 64 <= fb.len() {
        fields.extend([(off + 4, 4), (off + 8, 8), (off + 16, 4), (off + 56, 8)]);
        let h = u32::from_le_bytes(fb[off + 4..off + 8].try_into().unwrap_or_default()) as usize;
        let p = u64::from_le_bytes(fb[off + 8..off + 16].try_into().unwrap_or_default()) as usize;
        off += h + p;
    }
    fields
}

fn set(fb: &mut [u8], (at, width): (usize, usize), value: u64) {
    fb[at..at + width].copy_from_slice(&value.to_le_bytes()[..width]);
}

#[test]
fn mutated_fatbins_give_errors_within_a_memory_bound() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut cases = 0;
    let mut errors = 0;
    for name in SEEDS {
        let original = seed(name);
        let fields = size_fields(&original);
        let mut check = |bytes: &[u8], what: &str| {
            let (r, peak) = peak_of_read(bytes);
            // The reader holds the entry list and one decompressed payload (at most its
            // declared size, which the compressed bytes must be able to produce).
            let bound = 64 * bytes.len() + (1 << 20);
            assert!(peak <= bound, "{name} {what}: the reader allocated {peak} bytes for {} input bytes", bytes.len());
            cases += 1;
            errors += usize::from(r.is_err());
        };
        // Every size field set to each special value.
        for &field in &fields {
            let len = original.len() as u64;
            for value in [0, 1, 63, len, len + 1, 1 << 31, 1 << 57, u64::MAX >> 1, u64::MAX] {
                let mut fb = original.clone();
                set(&mut fb, field, value);
                check(&fb, &format!("field {field:?} = {value}"));
            }
        }
        // Truncations at every length (a quarter of them for the bigger seeds).
        let step = if original.len() > 2000 { 4 } else { 1 };
        for n in (0..original.len()).step_by(step) {
            check(&original[..n], &format!("cut to {n} bytes"));
        }
        // Random bit flips, one to four per mutant.
        for i in 0..600 {
            let mut fb = original.clone();
            for _ in 0..=rng.below(4) {
                let bit = rng.below(fb.len() * 8);
                fb[bit / 8] ^= 1 << (bit % 8);
            }
            check(&fb, &format!("bit-flip mutant {i}"));
        }
    }
    assert!(cases > 5000, "only {cases} mutants ran");
    assert!(errors > cases / 10, "only {errors} of {cases} mutants were rejected: the mutations miss the headers");
}
