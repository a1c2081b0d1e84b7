//! The toolkit's `ptxas` and `fatbinary`, for compilers that drive a CUDA toolkit's tools
//! themselves: clang's CUDA mode (`clang++ --cuda-path=PREFIX`) compiles device code to PTX, runs
//! `PREFIX/bin/ptxas` on it, then `PREFIX/bin/fatbinary` on the result and the PTX. Cuprite
//! runs PTX, not machine code, so its `ptxas` checks the PTX with Cuprite's PTX front end and
//! writes it unchanged as its output, and its `fatbinary` embeds the PTX of every image (the
//! same PTX given twice, as ptxas's output and as itself, once).

use std::path::PathBuf;

use fatbin::PtxEntry;

/// A value that follows its option as `--opt=value` or as the next argument.
fn option_value<'a>(arg: &'a str, name: &str, rest: &mut impl Iterator<Item = &'a str>) -> Option<Option<&'a str>> {
    let body = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'))?;
    if body == name {
        return Some(rest.next());
    }
    body.strip_prefix(name)?.strip_prefix('=').map(Some)
}

/// `ptxas [options] FILE.ptx --output-file OUT` (also `-o OUT`): checks FILE and copies it to
/// OUT. Code-generation options (`-O3`, `--gpu-name sm_80`, `-m64`, `-v`, ...) are accepted:
/// there is no machine code to generate.
pub fn ptxas(args: &[&str]) -> Result<(), String> {
    let mut input = None;
    let mut output = None;
    let mut rest = args.iter().copied();
    while let Some(arg) = rest.next() {
        if let Some(v) = option_value(arg, "output-file", &mut rest).or_else(|| option_value(arg, "o", &mut rest)) {
            output = Some(v.ok_or("--output-file needs a file")?);
        } else if let Some(v) =
            option_value(arg, "gpu-name", &mut rest).or_else(|| option_value(arg, "arch", &mut rest))
        {
            v.ok_or("--gpu-name needs an architecture")?;
        } else if arg.starts_with('-') {
            // -m64, -O0..3, -v, --compile-only, -lineinfo, ...: accepted, nothing to generate.
        } else if input.replace(arg).is_some() {
            return Err("ptxas takes one PTX file".into());
        }
    }
    let input = input.ok_or("no PTX file given")?;
    let text = std::fs::read_to_string(input).map_err(|e| format!("cannot read {input}: {e}"))?;
    crate::ptx_check::check(input, &text)?;
    let output = output.map_or_else(|| PathBuf::from("elf.o"), PathBuf::from);
    std::fs::write(&output, text).map_err(|e| format!("cannot write {}: {e}", output.display()))
}

/// `fatbinary --create OUT --image=profile=P,file=F ...` (also `--image3=kind=...,sm=...,file=`):
/// writes a fatbin holding the PTX of each image, once per (architecture, text). `-64`,
/// `--cuda`, `--compress-all` and the like are accepted.
pub fn fatbinary(args: &[&str]) -> Result<(), String> {
    let mut out = None;
    let mut images = Vec::new();
    let mut rest = args.iter().copied();
    while let Some(arg) = rest.next() {
        if let Some(v) = option_value(arg, "create", &mut rest) {
            out = Some(v.ok_or("--create needs a file")?);
        } else if let Some(v) = option_value(arg, "image", &mut rest).or_else(|| option_value(arg, "image3", &mut rest))
        {
            images.push(v.ok_or("--image needs a value")?);
        } else if !arg.starts_with('-') {
            return Err(format!("unexpected argument '{arg}'"));
        }
    }
    let out = out.ok_or("no --create file given")?;
    let mut entries: Vec<PtxEntry> = Vec::new();
    for image in images {
        let file = image
            .split(',')
            .find_map(|field| field.strip_prefix("file="))
            .ok_or_else(|| format!("--image '{image}' names no file"))?;
        let bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        if bytes.starts_with(b"\x7fELF") {
            return Err(format!("{file}: a machine-code image (cubin); Cuprite's fatbinary embeds PTX only"));
        }
        let text = String::from_utf8(bytes).map_err(|_| format!("{file}: not PTX text"))?;
        let (version, arch) =
            fatbin::ptx_version_and_target(&text).ok_or_else(|| format!("{file}: no .version/.target directive"))?;
        if !entries.iter().any(|e| e.arch == arch && e.text == text) {
            entries.push(PtxEntry { arch, version, text });
        }
    }
    if entries.is_empty() {
        return Err("no --image given".into());
    }
    crate::cache::write_atomic(std::path::Path::new(out), &fatbin::write(&entries))
        .map_err(|e| format!("cannot write {out}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PTX: &str = ".version 8.3\n.target sm_80\n.address_size 64\n.visible .entry k() { ret; }\n";

    fn scratch(name: &str) -> PathBuf {
        crate::test_dir(&format!("device-tools-{name}"))
    }

    #[test]
    fn ptxas_checks_and_copies_and_fatbinary_embeds_each_ptx_once() {
        let d = scratch("ok");
        let ptx = d.join("k.s");
        std::fs::write(&ptx, PTX).unwrap();
        let cubin = d.join("k.o");
        let (ptx_s, cubin_s) = (ptx.to_str().unwrap(), cubin.to_str().unwrap());
        ptxas(&["-m64", "-O0", "--gpu-name", "sm_80", "--output-file", cubin_s, ptx_s]).unwrap();
        assert_eq!(std::fs::read_to_string(&cubin).unwrap(), PTX);
        let fat = d.join("k.fatbin");
        let fat_s = fat.to_str().unwrap();
        let sm = format!("--image=profile=sm_80,file={cubin_s}");
        let compute = format!("--image=profile=compute_80,file={ptx_s}");
        fatbinary(&["-64", "--create", fat_s, &sm, &compute]).unwrap();
        let bytes = std::fs::read(&fat).unwrap();
        let entries = fatbin::entries(&bytes).unwrap();
        assert_eq!(entries.len(), 1, "the same PTX twice is embedded once");
        assert_eq!((entries[0].kind, entries[0].arch), (fatbin::KIND_PTX, 80));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn invalid_ptx_and_machine_code_are_refused() {
        let d = scratch("bad");
        let bad = d.join("bad.s");
        std::fs::write(&bad, PTX.replace("ret;", "frob.u32 %r1; ret;")).unwrap();
        let out = d.join("o");
        let e = ptxas(&[bad.to_str().unwrap(), "-o", out.to_str().unwrap()]).unwrap_err();
        assert!(e.contains("error"), "{e}");
        let elf = d.join("k.cubin");
        std::fs::write(&elf, b"\x7fELF\x02\x01rest").unwrap();
        let image = format!("--image=profile=sm_80,file={}", elf.display());
        let e = fatbinary(&["--create", out.to_str().unwrap(), &image]).unwrap_err();
        assert!(e.contains("PTX only"), "{e}");
        std::fs::remove_dir_all(&d).unwrap();
    }
}
