//! The GPU architecture clang generates code for. nvcc 13.0 knows architectures up to sm_121; an
//! older clang does not (clang-19 stops at sm_90a). For an architecture newer than the clang at
//! hand, the device pass compiles for the newest one it knows below it, with `__CUDA_ARCH__` of
//! the requested one, and its PTX is then retargeted (`.target`, and `.version` where the target
//! needs a newer ISA): code for an older architecture is valid on a newer one, as the driver's
//! JIT of `compute_90` PTX for an sm_100 GPU shows.

/// The architectures from sm_75 (nvcc 13.0's oldest) on that a clang major version can
/// generate code for, ascending.
fn clang_archs(clang_major: u32) -> &'static [u32] {
    match clang_major {
        0..=19 => &[75, 80, 86, 87, 89, 90],
        20 => &[75, 80, 86, 87, 89, 90, 100, 101, 120],
        21 => &[75, 80, 86, 87, 89, 90, 100, 101, 103, 120, 121],
        _ => &[75, 80, 86, 87, 89, 90, 100, 101, 103, 110, 120, 121],
    }
}

/// The architecture clang `clang_major` compiles for when `requested` is asked for: the same,
/// or the newest it knows below it.
pub fn codegen_arch(requested: u32, clang_major: u32) -> u32 {
    let known = clang_archs(clang_major);
    if requested < known[0] || known.contains(&requested) {
        return requested;
    }
    known.iter().copied().filter(|&a| a <= requested).max().unwrap_or(requested)
}

/// The device pass's flags that make `__CUDA_ARCH__` the requested architecture's where clang
/// compiles for an older one (nothing otherwise).
pub fn arch_macro_args(requested: u32, codegen: u32) -> Vec<String> {
    if requested == codegen {
        return Vec::new();
    }
    vec!["-U__CUDA_ARCH__".into(), format!("-D__CUDA_ARCH__={}", requested * 10)]
}

/// PTX compiled for an older architecture, retargeted to `arch`: the `.target` names it and the
/// `.version` is raised to the oldest ISA that has it, if lower.
pub fn retarget(text: &str, arch: u32) -> Result<String, String> {
    let need =
        ptx::validate::target_version(arch, "").ok_or_else(|| format!("no PTX ISA version is known for sm_{arch}"))?;
    let mut out = String::with_capacity(text.len() + 16);
    let (mut saw_version, mut saw_target) = (false, false);
    for line in text.split_inclusive('\n') {
        let body = line.trim_start();
        if !saw_version && let Some(rest) = body.strip_prefix(".version") {
            saw_version = true;
            let have =
                parse_version(rest.trim()).ok_or_else(|| format!("unreadable PTX directive '{}'", body.trim_end()))?;
            let version = have.max(need);
            out.push_str(&format!(".version {}.{}\n", version / 10, version % 10));
        } else if !saw_target && let Some(rest) = body.strip_prefix(".target") {
            saw_target = true;
            // Keep the target's other words (`debug`, `texmode_*`) after the architecture.
            let others: Vec<&str> = rest.split(',').skip(1).map(str::trim).collect();
            let mut directive = format!(".target sm_{arch}");
            for word in others {
                directive.push_str(", ");
                directive.push_str(word);
            }
            out.push_str(&directive);
            out.push('\n');
        } else {
            out.push_str(line);
        }
    }
    if !(saw_version && saw_target) {
        return Err("the PTX has no .version or .target directive to retarget".into());
    }
    Ok(out)
}

/// `8.3` → 83.
fn parse_version(text: &str) -> Option<u32> {
    let (major, minor) = text.split_once('.')?;
    let (major, minor): (u32, u32) = (major.trim().parse().ok()?, minor.trim().parse().ok()?);
    (minor <= 9).then_some(major * 10 + minor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clang_19_compiles_blackwell_for_hopper_and_sm_88_for_sm_87() {
        assert_eq!(codegen_arch(100, 19), 90);
        assert_eq!(codegen_arch(120, 19), 90);
        assert_eq!(codegen_arch(88, 19), 87);
        assert_eq!(codegen_arch(90, 19), 90);
        assert_eq!(codegen_arch(75, 19), 75);
        assert_eq!(codegen_arch(70, 19), 70);
        assert_eq!(codegen_arch(103, 20), 101);
        assert_eq!(codegen_arch(120, 20), 120);
        assert_eq!(codegen_arch(110, 21), 103);
    }

    #[test]
    fn the_arch_macro_is_the_requested_architecture() {
        assert!(arch_macro_args(90, 90).is_empty());
        assert_eq!(arch_macro_args(100, 90), vec!["-U__CUDA_ARCH__".to_string(), "-D__CUDA_ARCH__=1000".to_string()]);
    }

    #[test]
    fn retargeting_raises_the_version_to_the_targets_and_keeps_the_rest() {
        let ptx = "//\n// comment .target sm_1\n.version 8.3\n.target sm_90, debug\n.address_size 64\n\n.visible .entry k()\n{\n\tret;\n}\n";
        let out = retarget(ptx, 100).unwrap();
        assert!(out.contains("\n.version 8.6\n.target sm_100, debug\n.address_size 64\n"), "{out}");
        assert!(out.ends_with("\tret;\n}\n"));
        // sm_120 needs ISA 8.7; a newer .version stays.
        assert!(retarget(ptx, 120).unwrap().contains(".version 8.7\n.target sm_120"));
        assert!(retarget(&ptx.replace("8.3", "8.8"), 100).unwrap().contains(".version 8.8\n"));
        assert!(retarget("ret;", 100).is_err());
        assert!(retarget(ptx, 99).is_err());
    }
}
