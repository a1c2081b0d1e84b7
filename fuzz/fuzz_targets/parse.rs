//! Fuzz target: parse, validate and print arbitrary bytes; valid modules must print to valid PTX.
//! Run with `cargo fuzz run parse -- -dict=fuzz/ptx.dict` (seed it with tests/corpus/ptx).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    let (module, diags) = ptx::check(&src);
    let _ = ptx::render_all(&diags, "fuzz.ptx", &src);
    if diags.is_empty() {
        let printed = ptx::print_module(&module);
        let (_, again) = ptx::check(&printed);
        assert!(again.is_empty(), "valid input printed to invalid PTX");
    }
});
