//! `-time FILE`: the time each compilation phase took, as nvcc writes it: a comma-separated
//! table appended to FILE (its column headings first when FILE is empty or new; FILE `-` is
//! standard output), one row per phase: the source, the phase, its input and output files,
//! the architecture, the tool and the milliseconds.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::Path;
use std::time::Duration;

use crate::plan::Job;

/// nvcc's column headings.
const HEADINGS: &str =
    "source file name , phase name , phase input files , phase output file , arch , tool, metric , unit";

/// One phase's row: what ran and how long it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The phase, named by what it does.
    pub phase: String,
    /// Its input files (space-separated), or empty where the job names none.
    pub inputs: String,
    /// Its output file, or empty.
    pub output: String,
    /// The architecture it compiled for (`sm_90`), or empty.
    pub arch: String,
    /// How long it took.
    pub elapsed: Duration,
}

/// The row of `job`, which took `elapsed`.
pub fn row(job: &Job, elapsed: Duration) -> Row {
    let text = |p: &Path| p.display().to_string();
    let (phase, inputs, output, arch) = match job {
        Job::Run { program, args } => run_row(program, args),
        Job::CheckPtx(p) => ("ptx check".into(), text(p), String::new(), String::new()),
        Job::ReportResources { ptx, .. } => ("resource usage".into(), text(ptx), String::new(), String::new()),
        Job::WarnResourcesNotFinal => ("resource usage".into(), String::new(), String::new(), String::new()),
        Job::Fatbin { ptx, out } => {
            ("fatbinary".into(), ptx.iter().map(|p| text(p)).collect::<Vec<_>>().join(" "), text(out), String::new())
        }
        Job::DeviceLink { objects, out, .. } => (
            "device link".into(),
            objects.iter().map(|p| text(p)).collect::<Vec<_>>().join(" "),
            text(out),
            String::new(),
        ),
        Job::Precompile { pch, .. } => ("clang (precompiled header)".into(), String::new(), text(pch), String::new()),
        Job::Overlap { host, .. } => {
            let (_, inputs, output, _) = match host.as_ref() {
                Job::Run { program, args } => run_row(program, args),
                _ => Default::default(),
            };
            ("clang (device and host)".into(), inputs, output, String::new())
        }
        Job::ClusterDims { ptx, .. } => ("cluster dimensions".into(), text(ptx), text(ptx), String::new()),
        Job::GridConstants { ptx, .. } => ("grid constants".into(), text(ptx), text(ptx), String::new()),
        Job::Retarget { ptx, arch } => ("retarget".into(), text(ptx), text(ptx), format!("sm_{arch}")),
        Job::CompleteParamCopies(p) => ("parameter copies".into(), text(p), text(p), String::new()),
        Job::ResolveStatics(p) => ("static variables".into(), text(p), text(p), String::new()),
        Job::Print(p) => ("print".into(), text(p), String::new(), String::new()),
        Job::DepfileLayout(p) => ("dependencies".into(), text(p), text(p), String::new()),
        Job::NameInputInDepfile { depfile, .. } => ("dependencies".into(), String::new(), text(depfile), String::new()),
        Job::WriteSource { path, .. } => ("source".into(), String::new(), text(path), String::new()),
        Job::RemoveFile(path) => ("remove".into(), String::new(), text(path), String::new()),
        Job::NvvmIr { path, .. } => ("nvvm-ir".into(), text(path), text(path), String::new()),
        Job::PrettyFunctionNames(p) => ("function names".into(), text(p), text(p), String::new()),
        Job::MarkManaged(p) => ("managed variables".into(), text(p), text(p), String::new()),
    };
    Row { phase, inputs, output, arch, elapsed }
}

/// A command's phase (`clang (device)`, `clang (host)`, `clang (linking)`, or the program's
/// name), its input (the argument after `-c`/`-S`), output (after `-o`) and architecture
/// (`--cuda-gpu-arch=`).
fn run_row(program: &Path, args: &[OsString]) -> (String, String, String, String) {
    let args: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let after = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let arch = args.iter().find_map(|a| a.strip_prefix("--cuda-gpu-arch=")).unwrap_or_default().to_string();
    let name = program.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let tool = if name.contains("clang") { "clang".to_string() } else { name };
    let device = args.iter().any(|a| a == "--cuda-device-only");
    let host = args.iter().any(|a| a == "--cuda-host-only");
    let input = after("-c").or_else(|| after("-S")).unwrap_or_default();
    let phase = if device {
        format!("{tool} (device)")
    } else if host {
        format!("{tool} (host)")
    } else if input.is_empty() {
        format!("{tool} (linking)")
    } else {
        format!("{tool} (compiling)")
    };
    (phase, input, after("-o").unwrap_or_default(), arch)
}

/// The table's rows for `source` (the inputs), as nvcc formats them.
pub fn table(source: &str, rows: &[Row], with_headings: bool) -> String {
    let mut s = String::new();
    if with_headings {
        s.push_str(HEADINGS);
        s.push('\n');
    }
    for r in rows {
        let ms = r.elapsed.as_secs_f64() * 1000.0;
        s.push_str(&format!(
            "{source} , {} , {} , {} , {} , cuprite nvcc , {ms:.4} , ms\n",
            r.phase, r.inputs, r.output, r.arch
        ));
    }
    s
}

/// Appends the rows to `file` (`-`: standard output), with the headings if it is empty.
pub fn append(file: &Path, source: &str, rows: &[Row]) -> std::io::Result<()> {
    if file == Path::new("-") {
        return std::io::stdout().write_all(table(source, rows, true).as_bytes());
    }
    let empty = std::fs::metadata(file).map_or(true, |m| m.len() == 0);
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(file)?;
    f.write_all(table(source, rows, empty).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn os(s: &str) -> OsString {
        s.into()
    }

    /// A device pass is named by its architecture, input and output; the table has nvcc's
    /// headings first, and rows in nvcc's column order.
    #[test]
    fn rows_name_the_phase_files_and_architecture() {
        let job = Job::Run {
            program: PathBuf::from("/usr/bin/clang++-19"),
            args: vec![
                os("--cuda-device-only"),
                os("--cuda-gpu-arch=sm_90"),
                os("-S"),
                os("a.cu"),
                os("-o"),
                os("a.ptx"),
            ],
        };
        let r = row(&job, Duration::from_micros(1500));
        assert_eq!(
            (r.phase.as_str(), r.inputs.as_str(), r.output.as_str(), r.arch.as_str()),
            ("clang (device)", "a.cu", "a.ptx", "sm_90")
        );
        let t = table("a.cu", &[r], true);
        assert_eq!(
            t,
            format!("{HEADINGS}\na.cu , clang (device) , a.cu , a.ptx , sm_90 , cuprite nvcc , 1.5000 , ms\n")
        );
    }
}
