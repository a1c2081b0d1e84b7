//! Negative tests: each `tests/negative/NAME.ptx` is invalid, and `NAME.expected` holds the exact
//! diagnostics Cuprite must print for it. `UPDATE_EXPECT=1 cargo test` rewrites the `.expected`
//! files (review the diff before committing).

use std::path::Path;

#[test]
fn broken_ptx_gets_the_expected_diagnostics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/negative");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/negative")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ptx"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "expected at least 20 negative tests, found {}", files.len());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut mismatches = Vec::new();
    for path in &files {
        let src = std::fs::read_to_string(path).expect("read");
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        let (_, diags) = ptx::check(&src);
        let got = ptx::render_all(&diags, name, &src);
        assert!(!diags.is_empty(), "{name}: expected errors, but it is accepted");
        let expected_path = path.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &got).expect("write expected");
            continue;
        }
        let want = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got != want {
            mismatches.push(format!("{name}:\n--- expected\n{want}--- got\n{got}"));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
