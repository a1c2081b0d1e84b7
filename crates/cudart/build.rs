//! Generates the export table and the linker version script of `libcudart.so.13`.
//!
//! Every name in `exports-13.0.txt` (the dynamic symbols of CUDA 13.0's libcudart.so.13) and
//! in `exports-cuprite.txt` (Cuprite's own entry points, which code `cuprite nvcc` compiles
//! reaches through weak references) is exported, under version node `libcudart.so.13`, with
//! SONAME `libcudart.so.13`:
//! - names defined as `extern "C-unwind" fn NAME` in a module under `src/` (`src/api/stream.rs`
//!   is module `api::stream`) are exported through a generated guard,
//!   `crate::api::stream::guard_NAME` (`OUT_DIR/guards_api_stream.rs`, included at the end of
//!   the module so the signature's types resolve there), which calls `NAME` under
//!   `crate::guard`: a panic becomes the function's error value, never an abort of the program
//!   (an implementation declared `extern "C"` fails the build);
//! - the `_ptsz`/`_ptds` variants listed in `per-thread-stream.txt` are exported through a
//!   guard that calls the function they vary, `X`, under `crate::default_stream::per_thread`
//!   (the call's default stream is the per-thread one), with `X`'s signature;
//! - every other name gets a stub that notes once on stderr that it is not implemented and
//!   returns `cudaErrorNotSupported`.
//!
//! Exports are defined with `global_asm!` aliases rather than `#[no_mangle]`, so that rustc's
//! own (anonymous) version script does not list them and ours can give them the version node.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    let list_path = Path::new(&manifest).join("exports-13.0.txt");
    println!("cargo:rerun-if-changed={}", list_path.display());
    // Cuprite's own entry points (for code `cuprite nvcc` compiles), under the same version node.
    let own_path = Path::new(&manifest).join("exports-cuprite.txt");
    println!("cargo:rerun-if-changed={}", own_path.display());
    let list = std::fs::read_to_string(&list_path).unwrap_or_default()
        + "\n"
        + &std::fs::read_to_string(&own_path).unwrap_or_default();
    let names: Vec<&str> = list.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();

    // Implemented functions: `extern "C-unwind" fn NAME(...) -> R` in the modules under src/,
    // with the text of their parameter list and return type.
    let mut implemented = std::collections::BTreeMap::new();
    let src = Path::new(&manifest).join("src");
    let modules = modules_under(&src);
    for (module, p) in &modules {
        println!("cargo:rerun-if-changed={}", p.display());
        let file = p.strip_prefix(&manifest).unwrap_or(p).display().to_string();
        let text = std::fs::read_to_string(p).unwrap_or_default();
        for (kind, at) in text.match_indices("extern \"C").map(|(i, _)| (&text[i..], i)) {
            let (unwinds, rest) = if let Some(r) = kind.strip_prefix("extern \"C-unwind\" fn ") {
                (true, r)
            } else if let Some(r) = kind.strip_prefix("extern \"C\" fn ") {
                (false, r)
            } else {
                continue;
            };
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !names.contains(&name.as_str()) {
                continue;
            }
            // An exported function that panics must reach the generated guard below
            // as an unwind, which an `extern "C"` function would turn into an abort.
            assert!(unwinds, "{file}: exported function {name} must be `extern \"C-unwind\"` (build.rs wraps it)");
            let sig = signature(&rest[name.len()..])
                .unwrap_or_else(|| panic!("{file}:{}: cannot read the signature of {name}", line_of(&text, at)));
            let is_unsafe = text[..at].trim_end().ends_with("unsafe");
            implemented.insert(name, (module.clone(), sig, is_unsafe));
        }
    }

    // The per-thread default stream variants, each generated from the function it varies.
    let variants_path = Path::new(&manifest).join("per-thread-stream.txt");
    println!("cargo:rerun-if-changed={}", variants_path.display());
    let variants_text = std::fs::read_to_string(&variants_path).unwrap_or_default();
    let mut variant_of = std::collections::BTreeMap::new();
    for (i, line) in variants_text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
        let at = format!("per-thread-stream.txt:{}", i + 1);
        let variant = line.trim();
        let base = variant.strip_suffix("_ptsz").or_else(|| variant.strip_suffix("_ptds"));
        let base = base.unwrap_or_else(|| panic!("{at}: {variant} is not a `_ptsz`/`_ptds` name"));
        assert!(names.contains(&variant), "{at}: {variant} is not an export of exports-13.0.txt");
        assert!(!implemented.contains_key(variant), "{at}: {variant} is generated, yet also written by hand");
        let plain = implemented.get(base).cloned().unwrap_or_else(|| panic!("{at}: {base} is not implemented"));
        implemented.insert(variant.to_string(), plain);
        variant_of.insert(variant, base);
    }

    let mut code = String::new();
    let _ = writeln!(code, "// Generated by build.rs from exports-13.0.txt.");
    let _ =
        writeln!(code, "/// How many symbols are exported (all of CUDA 13.0's libcudart.so.13, and Cuprite's own).");
    let _ = writeln!(code, "pub const EXPORT_COUNT: usize = {};", names.len());
    let _ = writeln!(code, "/// How many of them are implemented (the rest are stubs).");
    let _ = writeln!(code, "pub const IMPLEMENTED_COUNT: usize = {};", implemented.len());
    // Each module's guards, generated into the module (`guards_MODULE.rs`, included there) so
    // that the types of the signatures resolve as they do in the module.
    let mut guards: std::collections::BTreeMap<&str, String> = std::collections::BTreeMap::new();
    for n in &names {
        match implemented.get(*n) {
            Some((m, (params, ret), is_unsafe)) => {
                // The exported symbol is a guard: a panic inside the implementation becomes
                // an error the caller sees (`crate::guard`), never an abort of its program.
                let args: Vec<String> = (0..params.len()).map(|i| format!("a{i}")).collect();
                let decl: Vec<String> = params.iter().zip(&args).map(|(t, a)| format!("{a}: {t}")).collect();
                let ret_ty = ret.as_ref().map(|r| format!(" -> {r}")).unwrap_or_default();
                // A variant calls the function it varies, with the per-thread default stream.
                let (callee, wrap): (&str, fn(String) -> String) = match variant_of.get(*n) {
                    Some(base) => (base, |call| format!("crate::default_stream::per_thread(|| {call})")),
                    None => (n, |call| call),
                };
                let call = format!("{callee}({})", args.join(", "));
                let (qualifier, body) = if *is_unsafe {
                    let call = wrap(format!("unsafe {{ {call} }}"));
                    (
                        "unsafe ",
                        format!(
                            "// SAFETY: the caller upholds {callee}'s contract; the guard adds no requirement.\n    \
                             crate::guard(\"{n}\", || {call})"
                        ),
                    )
                } else {
                    ("", format!("crate::guard(\"{n}\", || {})", wrap(call)))
                };
                // The guard also times the call for `CUPRITE_PROFILE` (the registration entry
                // points, which run before `main`, are not API calls a user makes).
                let timing = profile_name(n)
                    .map(|p| format!("let _api = runtime::profile::api_call(\"{p}\");\n    "))
                    .unwrap_or_default();
                let _ = writeln!(
                    guards.entry(m.as_str()).or_default(),
                    "#[allow(non_snake_case, clippy::too_many_arguments)]\n\
                     pub(crate) {qualifier}extern \"C\" fn guard_{n}({}){ret_ty} {{\n    {timing}{body}\n}}",
                    decl.join(", "),
                );
                let _ = writeln!(code, "export!({n}, crate::{m}::guard_{n});");
            }
            None => {
                let _ = writeln!(
                    code,
                    "#[allow(non_snake_case)]\nextern \"C\" fn stub_{n}() -> i32 {{ crate::not_implemented(\"{n}\") }}\nexport!({n}, stub_{n});"
                );
            }
        }
    }
    let _ = std::fs::write(Path::new(&out).join("exports.rs"), code);
    // Every module gets a guard file (empty when it exports nothing), so each can include one.
    for (module, _) in &modules {
        let text = guards.get(module.as_str()).cloned().unwrap_or_default();
        let _ = std::fs::write(Path::new(&out).join(guard_file(module)), text);
    }

    let mut map = String::from("libcudart.so.13 {\n  global:\n");
    for n in &names {
        let _ = writeln!(map, "    {n};");
    }
    map.push_str("  local: *;\n};\n");
    let map_path = Path::new(&out).join("libcudart.map");
    let _ = std::fs::write(&map_path, map);
    println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={},-soname,libcudart.so.13", map_path.display());
}

/// The modules under `src` other than the crate root, as (`a::b` path, file): `x.rs` is
/// module `x`, `x/mod.rs` module `x`, `x/y.rs` module `x::y`.
fn modules_under(src: &Path) -> Vec<(String, std::path::PathBuf)> {
    let mut found = Vec::new();
    let mut dirs = vec![(src.to_path_buf(), String::new())];
    while let Some((dir, prefix)) = dirs.pop() {
        println!("cargo:rerun-if-changed={}", dir.display());
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("").to_string();
            let path = if prefix.is_empty() { stem.clone() } else { format!("{prefix}::{stem}") };
            if p.is_dir() {
                dirs.push((p, path));
            } else if p.extension().and_then(|s| s.to_str()) == Some("rs") {
                match stem.as_str() {
                    "lib" if prefix.is_empty() => {}
                    "mod" => found.push((prefix.clone(), p)),
                    _ => found.push((path, p)),
                }
            }
        }
    }
    found.sort();
    found
}

/// The name of module `a::b`'s guard file in `OUT_DIR`: `guards_a_b.rs`.
fn guard_file(module: &str) -> String {
    format!("guards_{}.rs", module.replace("::", "_"))
}

/// The parameter types and return type of a function from the text after its name
/// (`(a: T, b: U) -> R {`); `None` when it does not read as one.
fn signature(rest: &str) -> Option<(Vec<String>, Option<String>)> {
    let rest = rest.trim_start().strip_prefix('(')?;
    // The parameter list ends at the `)` that closes it; commas at depth 0 separate
    // parameters (types may hold `(..)`, `<..>`, `[..]`, and `->` in function pointer types).
    let (mut depth, mut params, mut cur, mut end) = (0i32, Vec::new(), String::new(), None);
    let mut chars = rest.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '-' if chars.peek().map(|&(_, n)| n) == Some('>') => {
                chars.next();
                cur.push_str("->");
                continue;
            }
            '(' | '<' | '[' => depth += 1,
            ')' if depth == 0 => {
                end = Some(i);
                break;
            }
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                params.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    params.push(cur);
    let end = end?;
    let types = params
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once(':').map(|(_, t)| t.split_whitespace().collect::<Vec<_>>().join(" ")))
        .collect::<Option<Vec<_>>>()?;
    let after = &rest[end + 1..];
    let head = after.split('{').next()?.trim();
    let ret = match head.strip_prefix("->") {
        Some(r) => Some(r.split_whitespace().collect::<Vec<_>>().join(" ")),
        None if head.is_empty() => None,
        None => return None,
    };
    Some((types, ret))
}

/// The 1-based line number of byte offset `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// The name export `n` is profiled under (`runtime::profile::api_call`): its own, but the
/// launch entry points nvcc's code calls count as `cudaLaunchKernel`, and the other `__cuda*`
/// registration functions are not timed.
fn profile_name(n: &str) -> Option<&str> {
    match n {
        "__cudaLaunchKernel" => Some("cudaLaunchKernel"),
        "__cudaLaunchKernel_ptsz" => Some("cudaLaunchKernel_ptsz"),
        _ if n.starts_with("__") => None,
        _ => Some(n),
    }
}
