//! The corpus test: every nvcc-generated PTX fixture parses, validates, round-trips through the
//! printer, and its printed form is accepted by NVIDIA's `ptxas`.

mod common;

use common::{corpus_files, ptxas};
use std::path::{Path, PathBuf};
use std::process::Command;

fn target_of(path: &Path) -> String {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let arch = name.split('.').find(|p| p.starts_with("sm_")).unwrap_or("sm_90");
    arch.to_string()
}

/// Parses, validates and prints a fixture; checks that the print re-parses to the same module.
fn round_trip(path: &Path) -> Result<String, String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let shown = path.display().to_string();
    let (module, diags) = ptx::check(&src);
    if !diags.is_empty() {
        return Err(ptx::render_all(&diags, &shown, &src));
    }
    let printed = ptx::print_module(&module);
    let (again, diags) = ptx::check(&printed);
    if !diags.is_empty() {
        return Err(format!("printed form is invalid:\n{}", ptx::render_all(&diags, &shown, &printed)));
    }
    if ptx::print_module(&again) != printed {
        return Err(format!("{shown}: printing the re-parsed module gives different text"));
    }
    let count = |m: &ptx::Module| -> usize {
        m.items
            .iter()
            .filter_map(|i| match i {
                ptx::ast::Item::Func(f) => f.body.as_ref().map(Vec::len),
                _ => None,
            })
            .sum()
    };
    if count(&module) != count(&again) {
        return Err(format!("{shown}: statement count changed in the round trip"));
    }
    Ok(printed)
}

/// Assembles the printed form with ptxas. For fixtures without debug info, also assembles the
/// original and requires byte-identical cubins: the printed module means exactly the same.
/// (`-G` cubins embed PTX line numbers, which printing changes.)
fn assemble_and_compare(ptxas: &Path, original: &Path, printed: &Path) -> Result<(), String> {
    let arch = format!("-arch={}", target_of(original));
    let assemble = |input: &Path, output: &Path| -> Result<(), String> {
        let r = Command::new(ptxas).arg(&arch).arg(input).arg("-o").arg(output).output().expect("run ptxas");
        if r.status.success() {
            Ok(())
        } else {
            Err(format!("ptxas rejects {}:\n{}", input.display(), String::from_utf8_lossy(&r.stderr)))
        }
    };
    let printed_cubin = printed.with_extension("printed.cubin");
    assemble(printed, &printed_cubin)?;
    let has_debug = std::fs::read_to_string(original).is_ok_and(|s| s.contains(".section"));
    if !has_debug {
        let original_cubin = printed.with_extension("original.cubin");
        assemble(original, &original_cubin)?;
        let (a, b) = (std::fs::read(&original_cubin), std::fs::read(&printed_cubin));
        if a.ok() != b.ok() {
            return Err(format!("{}: printed form assembles to a different cubin", original.display()));
        }
    }
    Ok(())
}

#[test]
fn corpus_is_large_enough() {
    let cu = std::fs::read_dir(common::repo_root().join("tests/corpus/cu")).expect("corpus/cu").count();
    assert!(cu >= 60, "expected at least 60 .cu files in tests/corpus/cu, found {cu}");
    let ptx = corpus_files().len();
    assert!(ptx >= 300, "expected at least 300 PTX fixtures, found {ptx}");
}

#[test]
fn corpus_parses_validates_round_trips_and_ptxas_accepts_the_print() {
    let files = corpus_files();
    let out_dir = std::env::temp_dir().join(format!("cuprite-ptx-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    let ptxas = ptxas();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut fails = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(path) = files.get(i) else { break };
                        match round_trip(path) {
                            Err(e) => fails.push(e),
                            Ok(printed) => {
                                let out: PathBuf = out_dir.join(path.file_name().expect("file name"));
                                std::fs::write(&out, printed).expect("write printed PTX");
                                if let Err(e) = assemble_and_compare(&ptxas, path, &out) {
                                    fails.push(e);
                                }
                            }
                        }
                    }
                    fails
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    });
    let _ = std::fs::remove_dir_all(&out_dir);
    assert!(failures.is_empty(), "{} of {} fixtures failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
