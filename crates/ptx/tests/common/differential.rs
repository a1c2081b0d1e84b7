//! The ptxas differential test's shared pieces: the kernel a one-instruction case is assembled
//! in, the verdict file format, and running ptxas on a batch of cases.
//!
//! A case is one instruction line plus the module's `.target` and `.version`. Its operands use
//! the template's names: `%TYPE_K` registers (`%b32_0`, `%f16x2_1`, `%pred_2`; K in 0..8),
//! `gv`/`sv`/`cv`/`lv` 256-byte `.global`/`.shared`/`.const`/`.local` arrays, the kernel
//! parameter `kp` (256 bytes) and the label `L1`. The template declares only the register types
//! a case mentions, so a case's verdict depends on nothing but its own line.
//!
//! Used by `tests/ptxas_agreement.rs` and by `examples/ptxas_diff.rs`, which generates the cases.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// The register types the template can declare (ptxas has no `.reg .bf16`: bf16 values live in
/// `.b16` registers).
pub const REGISTER_TYPES: &[&str] =
    &["pred", "b16", "b32", "b64", "b128", "u16", "u32", "u64", "s16", "s32", "s64", "f16", "f16x2", "f32", "f64"];

/// One case: an instruction in the template, with ptxas's verdict when known.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Case {
    /// `.target` (`sm_90`, `sm_90a`, `sm_12`, ...).
    pub target: String,
    /// `.version` (`9.0`).
    pub version: String,
    /// The instruction line, with its `;`.
    pub instr: String,
}

/// The lines of the template before the first case line; the case lines follow one per line.
fn header(target: &str, version: &str, lines: &[&str]) -> String {
    let mut s = format!(
        ".version {version}\n.target {target}\n.address_size 64\n\
         .global .align 16 .b8 gv[256];\n.shared .align 16 .b8 sv[256];\n.const .align 16 .b8 cv[256];\n\
         .visible .entry k(.param .align 16 .b8 kp[256])\n{{\n.local .align 16 .b8 lv[256];\n"
    );
    for ty in REGISTER_TYPES {
        let prefix = format!("%{ty}_");
        if lines.iter().any(|l| mentions(l, &prefix)) {
            s.push_str(&format!(".reg .{ty} %{ty}_<8>;\n"));
        }
    }
    s
}

/// Whether `line` uses a register named `prefix` + digits.
fn mentions(line: &str, prefix: &str) -> bool {
    line.match_indices(prefix).any(|(i, _)| line[i + prefix.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// The template module holding `lines`, and the 1-based line number of `lines[0]`.
pub fn module(target: &str, version: &str, lines: &[&str]) -> (String, usize) {
    let mut s = header(target, version, lines);
    let first = s.lines().count() + 1;
    for l in lines {
        s.push_str(l);
        s.push('\n');
    }
    s.push_str("L1:\nret;\n}\n");
    (s, first)
}

/// Whether our front end accepts the case (parses and validates without a diagnostic); the
/// diagnostics rendered when it does not.
pub fn cuprite_verdict(case: &Case) -> Result<(), String> {
    let (src, _) = module(&case.target, &case.version, &[&case.instr]);
    let (_, diags) = ptx::check(&src);
    if diags.is_empty() { Ok(()) } else { Err(ptx::render_all(&diags, "case.ptx", &src)) }
}

/// The `-arch` ptxas assembles a target for: the target itself where ptxas 13 has it, `sm_75`
/// (its oldest) for older targets, `sm_90` for names that are no target at all.
pub fn ptxas_arch(target: &str) -> String {
    let rest = target.strip_prefix("sm_").unwrap_or("");
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (num, suffix) = rest.split_at(digits);
    match num.parse::<u32>() {
        Ok(n) if n < 75 => "sm_75".to_string(),
        Ok(75 | 80 | 86 | 87 | 88 | 89 | 90 | 100 | 101 | 103 | 110 | 120 | 121)
            if matches!(suffix, "" | "a" | "f") =>
        {
            target.to_string()
        }
        _ => "sm_90".to_string(),
    }
}

/// What ptxas said about a batch of case lines.
#[derive(Debug, Default)]
pub struct Batch {
    /// ptxas succeeded.
    pub success: bool,
    /// Per case line: ptxas reported an error on it.
    pub rejected: Vec<bool>,
    /// The first case line with a fatal (parse) error: ptxas checked nothing after it.
    pub fatal_at: Option<usize>,
    /// ptxas failed without naming a case line (a fatal error with no line, or an error on a
    /// template line): the verdicts are unknown.
    pub unattributed: bool,
}

/// Assembles `lines` (all of one target and version) in one template with ptxas in `dir`.
pub fn ptxas_batch(ptxas: &Path, dir: &Path, target: &str, version: &str, lines: &[&str]) -> Batch {
    let (src, first) = module(target, version, lines);
    let path = dir.join(format!("batch-{}.ptx", std::process::id()));
    std::fs::write(&path, &src).expect("write the ptxas input");
    let out = Command::new(ptxas)
        .arg(format!("-arch={}", ptxas_arch(target)))
        .arg(&path)
        .arg("-o")
        .arg(dir.join(format!("batch-{}.cubin", std::process::id())))
        .output()
        .expect("run ptxas");
    let mut b = Batch { success: out.status.success(), rejected: vec![false; lines.len()], ..Batch::default() };
    if b.success {
        return b;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    for l in stderr.lines() {
        // `ptxas FILE, line N; error   : message` or `ptxas fatal   : message`
        let Some((_, rest)) = l.split_once(", line ") else {
            if l.contains("fatal") && !l.contains("aborted due to errors") {
                b.unattributed = true;
            }
            continue;
        };
        let Some((num, msg)) = rest.split_once(';') else { continue };
        let msg = msg.trim_start();
        let fatal = msg.starts_with("fatal");
        if !fatal && !msg.starts_with("error") {
            continue;
        }
        match num.parse::<usize>().ok().and_then(|n| n.checked_sub(first)).filter(|&i| i < lines.len()) {
            Some(i) => {
                b.rejected[i] = true;
                if fatal && b.fatal_at.is_none_or(|f| i < f) {
                    b.fatal_at = Some(i);
                }
            }
            None => b.unattributed = true,
        }
    }
    if !b.rejected.contains(&true) {
        b.unattributed = true;
    }
    b
}

/// Whether ptxas accepts one case.
pub fn ptxas_verdict(ptxas: &Path, dir: &Path, case: &Case) -> bool {
    let (src, _) = module(&case.target, &case.version, &[&case.instr]);
    let path = dir.join(format!("single-{}.ptx", std::process::id()));
    std::fs::write(&path, &src).expect("write the ptxas input");
    Command::new(ptxas)
        .arg(format!("-arch={}", ptxas_arch(&case.target)))
        .arg(&path)
        .arg("-o")
        .arg(dir.join(format!("single-{}.cubin", std::process::id())))
        .output()
        .expect("run ptxas")
        .status
        .success()
}

/// Parses a verdict file: `accept|reject TAB target TAB version TAB instruction` lines; `#`
/// starts a comment line.
pub fn parse_verdicts(text: &str) -> Result<Vec<(bool, Case)>, String> {
    let mut v = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(4, '\t');
        let (Some(verdict), Some(target), Some(version), Some(instr)) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("line {}: expected 4 tab-separated fields", n + 1));
        };
        let accept = match verdict {
            "accept" => true,
            "reject" => false,
            _ => return Err(format!("line {}: verdict must be accept or reject, found `{verdict}`", n + 1)),
        };
        v.push((accept, Case { target: target.into(), version: version.into(), instr: instr.into() }));
    }
    Ok(v)
}

/// One verdict file line.
pub fn verdict_line(accept: bool, case: &Case) -> String {
    format!("{}\t{}\t{}\t{}", if accept { "accept" } else { "reject" }, case.target, case.version, case.instr)
}
