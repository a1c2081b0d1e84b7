//! The PTX post-check: what clang emits passes through Cuprite's PTX front end (parse and
//! validate) before it is embedded, so that a program never carries PTX that Cuprite would
//! reject at load time.

/// Checks `text` (from `path`, for diagnostics); the rendered diagnostics on failure.
pub fn check(path: &str, text: &str) -> Result<(), String> {
    let (_, diags) = ptx::check(text);
    if diags.is_empty() {
        return Ok(());
    }
    let n = diags.len();
    Err(format!(
        "{}{path}: {n} error{} in the PTX clang generated (Cuprite's PTX front end rejects it)",
        ptx::render_all(&diags, path, text),
        if n == 1 { "" } else { "s" }
    ))
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn valid_ptx_passes_and_invalid_is_rendered() {
        let good = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry k() { ret; }\n";
        assert_eq!(check("k.ptx", good), Ok(()));
        let bad = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry k() { frob.u32 %r1; ret; }\n";
        let e = check("k.ptx", bad).unwrap_err();
        assert!(e.contains("k.ptx:4:") && e.contains("error"), "{e}");
    }
}
