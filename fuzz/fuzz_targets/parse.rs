//! Fuzz target: parse, validate and print arbitrary bytes; valid modules must print to valid PTX,
//! and the rendered diagnostics stay within a bound per diagnostic shown.
//! Run with `cargo fuzz run parse -- -dict=fuzz/ptx.dict` (seed it with tests/corpus/ptx).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    let (module, diags) = ptx::check(&src);
    let out = ptx::render_all(&diags, "fuzz.ptx", &src);
    let longest_message = diags.iter().map(|d| d.message.len()).max().unwrap_or(0);
    let per_diagnostic = 64 + longest_message + 3 * (4 * ptx::diag::LINE_WINDOW + 8);
    assert!(out.len() <= diags.len().min(ptx::diag::MAX_SHOWN) * per_diagnostic + 64, "unbounded diagnostics output");
    if diags.is_empty() {
        let printed = ptx::print_module(&module);
        let (_, again) = ptx::check(&printed);
        assert!(again.is_empty(), "valid input printed to invalid PTX");
    }
});
