//! Program-level differential tests: each CUDA program in `tests/program-diff/` prints its
//! results; `tests/program-diff/expected/NAME.txt` is what it printed natively on an H100
//! (`tests/program-diff/record.sh`). Here the same source is built by nvcc with `-cudart shared`
//! and run on our library; the output must be identical, except that a program may declare
//! `// diff-tolerance: REL` (for fast-math approximations), which lets numbers differ by that
//! relative amount.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{nvcc, work_dir};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/program-diff")
}

#[derive(Debug, PartialEq)]
enum Tok {
    Text(String),
    Num(f64),
}

/// Splits a line into numbers and the text between them.
fn tokens(line: &str) -> Vec<Tok> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while i < b.len() {
        let starts_num = b[i].is_ascii_digit()
            || (matches!(b[i], b'-' | b'+' | b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if !starts_num {
            text.push(b[i] as char);
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
            j += 1;
        }
        if j < b.len() && matches!(b[j], b'e' | b'E') {
            let mut k = j + 1;
            if k < b.len() && matches!(b[k], b'-' | b'+') {
                k += 1;
            }
            if k < b.len() && b[k].is_ascii_digit() {
                j = k;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
            }
        }
        match line[i..j].parse::<f64>() {
            Ok(v) => {
                out.push(Tok::Text(std::mem::take(&mut text)));
                out.push(Tok::Num(v));
            }
            Err(_) => text.push_str(&line[i..j]),
        }
        i = j;
    }
    out.push(Tok::Text(text));
    out
}

/// Whether `ours` matches `gpu` line by line, numbers within `tol` relative to their size (or
/// absolute below 1: results of cancellation carry the inputs' error, not their own).
fn compare(gpu: &str, ours: &str, tol: f64) -> Result<(), String> {
    let (g, o): (Vec<&str>, Vec<&str>) = (gpu.lines().collect(), ours.lines().collect());
    if g.len() != o.len() {
        return Err(format!("{} lines from the GPU, {} from Cuprite", g.len(), o.len()));
    }
    for (n, (gl, ol)) in g.iter().zip(&o).enumerate() {
        if gl == ol {
            continue;
        }
        let close = tol > 0.0 && {
            let (gt, ot) = (tokens(gl), tokens(ol));
            gt.len() == ot.len()
                && gt.iter().zip(&ot).all(|(a, b)| match (a, b) {
                    (Tok::Num(x), Tok::Num(y)) => (x - y).abs() <= tol * x.abs().max(y.abs()).max(1.0),
                    (a, b) => a == b,
                })
        };
        if !close {
            return Err(format!("line {}:\n  GPU:     {gl}\n  Cuprite: {ol}", n + 1));
        }
    }
    Ok(())
}

fn check(name: &str) {
    let src = root().join(format!("{name}.cu"));
    let text = std::fs::read_to_string(&src).expect("read source");
    let tol = text
        .lines()
        .find_map(|l| l.strip_prefix("// diff-tolerance:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    let exe = work_dir().join(name);
    let o = Command::new(nvcc())
        .args(["-arch=sm_90", "-cudart", "shared", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .expect("run nvcc");
    assert!(o.status.success(), "nvcc {name}: {}", String::from_utf8_lossy(&o.stderr));
    let r = Command::new(&exe).env("LD_LIBRARY_PATH", work_dir().join("lib")).output().expect("run program");
    let ours = String::from_utf8_lossy(&r.stdout);
    assert_eq!(r.status.code(), Some(0), "{name}: {ours}\n{}", String::from_utf8_lossy(&r.stderr));
    let gpu = std::fs::read_to_string(root().join(format!("expected/{name}.txt"))).expect("read the GPU's output");
    if let Err(e) = compare(&gpu, &ours, tol) {
        panic!("{name} differs from the GPU: {e}");
    }
}

#[test]
fn tokens_split_numbers_from_text() {
    assert_eq!(
        tokens("x=-1.5e3 [7]"),
        vec![Tok::Text("x=".into()), Tok::Num(-1500.0), Tok::Text(" [".into()), Tok::Num(7.0), Tok::Text("]".into())]
    );
    assert!(compare("a 1.0000001", "a 1.0", 1e-6).is_ok());
    assert!(compare("a 1.001", "a 1.0", 1e-6).is_err());
    assert!(compare("a 1.0", "b 1.0", 1e-3).is_err());
}

#[test]
fn printf_formats() {
    check("printf_formats");
}

#[test]
fn reductions() {
    check("reductions");
}

#[test]
fn blackscholes() {
    check("blackscholes");
}

#[test]
fn classic_kernels() {
    check("classic_kernels");
}

#[test]
fn half_math() {
    check("half_math");
}

#[test]
fn textures() {
    check("textures");
}

/// Normalized-coordinate addressing at texel boundaries, weight ties and far coordinates (an
/// H200 truncates the coordinate to 21 fractional bits and mirrors texel indices).
#[test]
fn texture_edges() {
    check("texture_edges");
}

#[test]
fn edge_arith() {
    check("edge_arith");
}

#[test]
fn error_strings() {
    check("error_strings");
}

#[test]
fn sync_patterns() {
    check("sync_patterns");
}

#[test]
fn runtime_features() {
    check("runtime_features");
}

#[test]
fn tensor_cores() {
    check("tensor_cores");
}

#[test]
fn rare_int_fp8() {
    check("rare_int_fp8");
}

#[test]
fn async_grid_constant() {
    check("async_grid_constant");
}

#[test]
fn atomic_float_edges() {
    check("atomic_float_edges");
}
