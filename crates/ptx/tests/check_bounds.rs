//! What `ptx check` costs on bad input stays bounded: over mutated corpus files and
//! adversarial inputs (a megabyte-long line of `}`, deep garbage), checking allocates at most
//! a small multiple of the input, and the rendered diagnostics stay proportional to the
//! number shown (at most `MAX_SHOWN`, long lines cut to a window), never to the input's size.
//! One test in this binary, so the counting allocator sees nothing else.

mod common;

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use common::{Rng, mutate, mutation_seeds};
use counting_alloc::peak_during;

/// Checks and renders `src` as `cuprite ptx check` does; asserts the memory and output bounds.
fn check_bounded(src: &str, what: &str) {
    let ((diags, out), peak) = peak_during(|| {
        let (module, diags) = ptx::check(src);
        let out = ptx::render_all(&diags, "f.ptx", src);
        drop(module);
        (diags, out)
    });
    // Tokens, the module and the diagnostics are each linear in the input.
    let memory_bound = 48 * src.len() + (4 << 20);
    assert!(peak <= memory_bound, "{what}: checking {} bytes allocated {peak}", src.len());
    let shown = diags.len().min(ptx::diag::MAX_SHOWN);
    // Per diagnostic: its header line (file, position, message), the line window (up to 4
    // bytes a character, plus the ellipses and '?' for control characters) and the caret
    // line; plus the "and K more" line.
    let longest_message = diags.iter().map(|d| d.message.len()).max().unwrap_or(0);
    let per_diagnostic = 64 + longest_message + 3 * (4 * ptx::diag::LINE_WINDOW + 8);
    assert!(
        out.len() <= shown * per_diagnostic + 64,
        "{what}: {} bytes of output for {shown} diagnostics shown",
        out.len()
    );
    assert_eq!(out.matches(": error: ").count(), shown, "{what}");
}

#[test]
fn checking_bad_input_is_bounded_in_memory_and_output() {
    let mut seeds = mutation_seeds();
    seeds.push(".version 9.0\n.target sm_90\n.address_size 64\n.entry k() { ret; }\n".into());
    let mut rng = Rng(7);
    for i in 0..1500 {
        let seed = &seeds[rng.below(seeds.len())];
        check_bounded(&String::from_utf8_lossy(&mutate(seed, &mut rng)), &format!("mutant {i}"));
    }
    let mega = 1 << 20;
    check_bounded(&"}".repeat(mega), "a megabyte of `}` on one line");
    check_bounded(&"}\n".repeat(mega / 2), "half a million lines of `}`");
    check_bounded(&format!(".version 9.0\n.target sm_90\n{}", "x".repeat(mega)), "a megabyte-long identifier");
    check_bounded(&"\u{1F600}".repeat(mega / 4), "a line of four-byte characters");
    let undeclared = format!(
        ".version 9.0\n.target sm_90\n.address_size 64\n.entry k() {{ .reg .b32 %r<2>; {} }}\n",
        "mov.b32 %r1, %q;".repeat(20_000)
    );
    check_bounded(&undeclared, "20000 uses of an undeclared register on one line");
}
