//! Fuzz target: the fatbin reader on arbitrary bytes must return PTX or an error, never panic,
//! read out of bounds or allocate more than its bounds allow (libFuzzer's -rss_limit_mb and
//! -malloc_limit_mb catch the last). Run with `scripts/fuzz.sh 300 fatbin` (seeded with
//! crates/fatbin/tests/seeds).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(entries) = fatbin::entries(data) {
        for e in &entries {
            let _ = fatbin::decompress(e);
        }
        let _ = fatbin::select_ptx(&entries);
    }
});
