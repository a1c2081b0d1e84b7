//! Separate compilation (`-rdc=true`, `-dc`, `-dlink`): clang's relocatable device code
//! (`-fgpu-rdc`) leaves each object with its PTX in a `__nv_relfatbin` section, a module id in
//! `__nv_module_id`, and a call to `__cudaRegisterLinkedBinary_<id>` in its constructor. The
//! device link reads every object's PTX, links it per architecture with Cuprite's PTX linker
//! (`ptx::link`), checks it, and writes a C link stub: the linked fatbin, registered once as an
//! ordinary (version 1) fatbin, and one `__cudaRegisterLinkedBinary_<id>` per object that
//! registers that object's kernels and variables with it. The result runs on Cuprite's runtime
//! and on NVIDIA's alike.
//!
//! A device-link output says which modules it linked as nvcc's does: a `__nv_module_id` section of
//! `def <id>` strings (and no `__nv_relfatbin`). A link given such an object (`nvcc a.o b.o
//! dlink.o`) leaves those modules out of its own implicit device link, as nvlink does, so each
//! `__cudaRegisterLinkedBinary_<id>` is defined once.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use fatbin::PtxEntry;

/// One relocatable object's device side.
#[derive(Debug, Clone)]
pub struct RelocatableObject {
    /// The object's name in messages: its path, or `lib.a(member.o)`.
    pub name: String,
    /// The module id (`__nv_...`), naming its registration function.
    pub module_id: String,
    /// Its PTX entries.
    pub entries: Vec<PtxEntry>,
}

/// The bytes of section `name` of an ELF64 little-endian relocatable object, if present.
pub fn elf_section<'a>(elf: &'a [u8], name: &str) -> Result<Option<&'a [u8]>, String> {
    match elf_section_place(elf, name)? {
        Some((off, size)) => {
            elf.get(off..off.saturating_add(size)).map(Some).ok_or_else(|| "truncated ELF section".into())
        }
        None => Ok(None),
    }
}

/// Where section `name` of an ELF64 little-endian relocatable object lies: its file offset and
/// size (a section without file contents, such as `.bss`, has a size but no bytes there).
pub fn elf_section_place(elf: &[u8], name: &str) -> Result<Option<(usize, usize)>, String> {
    let u16_at = |o: usize| elf.get(o..o + 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let u32_at = |o: usize| elf.get(o..o + 4).and_then(|b| b.try_into().ok()).map(u32::from_le_bytes);
    let u64_at = |o: usize| elf.get(o..o + 8).and_then(|b| b.try_into().ok()).map(u64::from_le_bytes);
    if elf.get(..6) != Some(b"\x7fELF\x02\x01".as_slice()) {
        return Err("not a 64-bit little-endian ELF object".into());
    }
    let bad = || "truncated ELF section table".to_string();
    let shoff = u64_at(0x28).ok_or_else(bad)? as usize;
    let shentsize = usize::from(u16_at(0x3a).ok_or_else(bad)?);
    let shnum = usize::from(u16_at(0x3c).ok_or_else(bad)?);
    let shstrndx = usize::from(u16_at(0x3e).ok_or_else(bad)?);
    let section = |i: usize| -> Option<(u32, usize, usize)> {
        let h = shoff.checked_add(i.checked_mul(shentsize)?)?;
        Some((u32_at(h)?, u64_at(h + 0x18)? as usize, u64_at(h + 0x20)? as usize))
    };
    let (_, strtab_off, strtab_size) = section(shstrndx).ok_or_else(bad)?;
    let strtab = elf.get(strtab_off..strtab_off.saturating_add(strtab_size)).ok_or_else(bad)?;
    for i in 0..shnum {
        let (name_off, off, size) = section(i).ok_or_else(bad)?;
        let rest = strtab.get(name_off as usize..).unwrap_or_default();
        let this = &rest[..rest.iter().position(|&b| b == 0).unwrap_or(rest.len())];
        if this == name.as_bytes() {
            return Ok(Some((off, size)));
        }
    }
    Ok(None)
}

/// What one device-link input holds: relocatable device code, and the module ids that earlier
/// device links (`-dlink` outputs) among it already linked.
#[derive(Debug, Clone, Default)]
pub struct LinkInput {
    /// The relocatable objects (one per object or library member with device code).
    pub relocatable: Vec<RelocatableObject>,
    /// Module ids a device-link output registers already.
    pub already_linked: Vec<String>,
}

/// The device code of an object, or of every member of a static library.
pub fn read_input(path: &Path) -> Result<LinkInput, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut input = LinkInput::default();
    if is_linker_script(&bytes) {
        return Ok(input);
    }
    if !crate::archive::is_archive(&bytes) {
        read_object(&bytes, &path.display().to_string(), &mut input)?;
        return Ok(input);
    }
    let members = crate::archive::members(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    for (name, data) in members {
        // Libraries may hold other things than objects (an import list, say): only ELF counts.
        if data.starts_with(b"\x7fELF") {
            read_object(data, &format!("{}({name})", path.display()), &mut input)?;
        }
    }
    Ok(input)
}

/// Whether a library given to the device link is a linker script: text naming other libraries
/// (the toolkit's `libcudart_static.a`, which links the shared runtime and which CMake's
/// `CUDA::cudart_static` puts on the device link line), so no device code.
fn is_linker_script(bytes: &[u8]) -> bool {
    !bytes.starts_with(b"\x7fELF")
        && !crate::archive::is_archive(bytes)
        && std::str::from_utf8(bytes).is_ok_and(|text| ["INPUT(", "GROUP("].iter().any(|c| text.contains(c)))
}

/// The relocatable objects of `inputs` that no device-link output among them has linked yet.
pub fn still_to_link(inputs: Vec<LinkInput>) -> Vec<RelocatableObject> {
    let linked: std::collections::HashSet<String> = inputs.iter().flat_map(|i| i.already_linked.clone()).collect();
    inputs.into_iter().flat_map(|i| i.relocatable).filter(|r| !linked.contains(&r.module_id)).collect()
}

/// Adds the ELF object `bytes` (named `name` in messages) to `input`: its relocatable device
/// code, or the modules it linked if it is a device-link output.
fn read_object(bytes: &[u8], name: &str, input: &mut LinkInput) -> Result<(), String> {
    match relocatable(bytes, name)? {
        Some(r) => input.relocatable.push(r),
        None => input.already_linked.extend(linked_module_ids(bytes, name)?),
    }
    Ok(())
}

/// The `def <id>` entries of a device-link output's `__nv_module_id` section.
fn linked_module_ids(bytes: &[u8], name: &str) -> Result<Vec<String>, String> {
    let Some(ids) = elf_section(bytes, "__nv_module_id").map_err(|e| format!("{name}: {e}"))? else {
        return Ok(Vec::new());
    };
    Ok(ids
        .split(|&b| b == 0)
        .filter_map(|entry| entry.strip_prefix(LINKED_MODULE_PREFIX.as_bytes()))
        .map(|id| String::from_utf8_lossy(id).into_owned())
        .collect())
}

/// How a device-link output's `__nv_module_id` section names each module it linked (nvlink's form).
const LINKED_MODULE_PREFIX: &str = "def ";

/// The relocatable device code of the ELF object `bytes` (named `name` in messages), if any.
fn relocatable(bytes: &[u8], name: &str) -> Result<Option<RelocatableObject>, String> {
    let at = |e: String| format!("{name}: {e}");
    let Some(fatbin) = elf_section(bytes, "__nv_relfatbin").map_err(at)? else { return Ok(None) };
    let id = elf_section(bytes, "__nv_module_id").map_err(at)?.ok_or_else(|| at("no __nv_module_id section".into()))?;
    let module_id = String::from_utf8_lossy(&id[..id.iter().position(|&b| b == 0).unwrap_or(id.len())]).into_owned();
    if module_id.is_empty() || !module_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(at(format!("unexpected module id '{module_id}'")));
    }
    let entries = fatbin::entries(fatbin)
        .map_err(|e| at(e.to_string()))?
        .iter()
        .filter(|e| e.kind == fatbin::KIND_PTX)
        .map(|e| {
            let bytes = fatbin::decompress(e).map_err(|e| at(e.to_string()))?;
            let text = String::from_utf8_lossy(&bytes).trim_end_matches('\0').to_string();
            let (version, _) = fatbin::ptx_version_and_target(&text)
                .ok_or_else(|| at(format!("the sm_{} PTX has no .version/.target", e.arch)))?;
            Ok(PtxEntry { arch: e.arch, version, text })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Some(RelocatableObject { name: name.to_string(), module_id, entries }))
}

/// Why a device link fails: nvlink's words for names that do not resolve, or another reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkFailure {
    /// nvlink's lines: `nvlink error   : Undefined reference to 'NAME' in 'OBJECT'`, one per
    /// name (nvcc then exits 255), or `Multiple definition of 'NAME' in 'OBJECT', first defined
    /// in 'OBJECT'` and `nvlink fatal   : merge_elf failed` (exit 1).
    Nvlink { lines: Vec<String>, status: i32 },
    /// Any other reason, in Cuprite's words.
    Other(String),
}

/// Whether CUDA itself provides `name`, which the device code declares and no object defines:
/// ptxas's system calls (`vprintf`, `malloc`, `free`, `__assertfail`, `__cuda_syscall_*`), the
/// device runtime's functions (`cudaLaunchDevice`, `__cudaCDP2*`, ...) and the math library's
/// `__nv_*`. Names a program may not take (`__` anywhere, C++'s reserved spelling) or that
/// start with `cuda` are set apart whole, so that no function of CUDA's is called undefined.
fn provided_by_cuda(name: &str) -> bool {
    matches!(name, "vprintf" | "malloc" | "free") || name.starts_with("__") || name.starts_with("cuda")
}

/// nvlink's failure for the names of the objects' PTX (`texts`, one per object, in order)
/// that do not resolve, CUDA's own set apart ([`provided_by_cuda`]); `None` if all do. nvlink
/// links one architecture after another and stops at the first that fails; when it links more
/// than one, each line names that one (`target`: " (target: sm_80)", recorded from nvcc 13.0
/// with `-gencode` for sm_80 and sm_90), else nothing.
fn unresolved(objects: &[RelocatableObject], texts: &[&str], target: &str) -> Result<Option<LinkFailure>, String> {
    let name = |i: usize| objects.get(i).map_or("?", |o| o.name.as_str());
    Ok(match ptx::unresolved(texts).map_err(|e| e.to_string())? {
        Some(ptx::Unresolved::Multiple(m)) => Some(LinkFailure::Nvlink {
            lines: vec![
                format!(
                    "nvlink error   : Multiple definition of '{}' in '{}', first defined in '{}'{target}",
                    m.name,
                    name(m.again),
                    name(m.first)
                ),
                format!("nvlink fatal   : merge_elf failed{target}"),
            ],
            status: 1,
        }),
        Some(ptx::Unresolved::Undefined(names)) => {
            let lines: Vec<String> = names
                .into_iter()
                .filter(|(_, n)| !provided_by_cuda(n))
                .map(|(i, n)| format!("nvlink error   : Undefined reference to '{n}' in '{}'{target}", name(i)))
                .collect();
            (!lines.is_empty()).then_some(LinkFailure::Nvlink { lines, status: 255 })
        }
        None => None,
    })
}

/// Links the objects' PTX per architecture (each object must have every architecture).
pub fn link(objects: &[RelocatableObject]) -> Result<Vec<PtxEntry>, LinkFailure> {
    let mut by_arch: BTreeMap<u32, Vec<&PtxEntry>> = BTreeMap::new();
    for o in objects {
        for e in &o.entries {
            by_arch.entry(e.arch).or_default().push(e);
        }
    }
    // The first architecture linked (nvlink's order is the command line's; this one's the
    // numbers', which agree for CMake's lists and the usual ascending -gencode lines).
    let target = match by_arch.keys().next() {
        Some(first) if by_arch.len() > 1 => format!(" (target: sm_{first})"),
        _ => String::new(),
    };
    let mut out = Vec::new();
    for (arch, entries) in by_arch {
        if entries.len() != objects.len() {
            return Err(LinkFailure::Other(format!(
                "sm_{arch}: {} of {} relocatable objects have device code for it (compile them all for the same architectures)",
                entries.len(),
                objects.len()
            )));
        }
        let texts: Vec<&str> = entries.iter().map(|e| e.text.as_str()).collect();
        let failed = |e: String| LinkFailure::Other(format!("linking the device code for sm_{arch}: {e}"));
        // Every architecture has the same names: nvlink reports them once.
        if out.is_empty()
            && let Some(failure) = unresolved(objects, &texts, &target).map_err(failed)?
        {
            return Err(failure);
        }
        let linked = ptx::link(&texts).map_err(|e| failed(e.to_string()))?;
        crate::ptx_check::check(&format!("<device link sm_{arch}>"), &linked).map_err(LinkFailure::Other)?;
        let version = entries.iter().map(|e| e.version).max().unwrap_or((8, 3));
        out.push(PtxEntry { arch, version, text: linked });
    }
    Ok(out)
}

/// The warning for linked device code that launches kernels from the device (dynamic
/// parallelism), or `None`. Its PTX calls NVIDIA's device runtime (`__cudaCDP2LaunchDevice`,
/// `__cudaCDP2GetParameterBuffer`: `.extern` functions that only NVIDIA's libcudadevrt defines),
/// and a fatbin of PTX cannot carry that library: Cuprite runs the program, but under NVIDIA's
/// runtime the driver's PTX compiler leaves the functions unresolved and the whole module fails
/// to load, every kernel's launch returning cudaErrorInvalidPtx (measured on an H200; nvcc links
/// the library into a cubin, which Cuprite, with no NVIDIA tools, cannot make).
pub fn device_runtime_warning(linked: &[PtxEntry]) -> Option<String> {
    // The runtime's entry points are named `__cudaCDP2*`; no program defines them.
    let launches = linked.iter().any(|e| e.text.contains("__cudaCDP2"));
    launches.then(|| {
        "kernels launched from device code (dynamic parallelism) run on Cuprite; under NVIDIA's runtime this \
         program's device code fails to load (cudaErrorInvalidPtx): its PTX calls NVIDIA's device runtime \
         (libcudadevrt), which only a cubin linked by NVIDIA's nvlink carries"
            .to_string()
    })
}

/// Whether the object at `path` holds relocatable device code (a `__nv_relfatbin` section).
pub fn is_relocatable(path: &Path) -> bool {
    std::fs::read(path).ok().is_some_and(|b| matches!(elf_section(&b, "__nv_relfatbin"), Ok(Some(_))))
}

/// The static library `lib<name>.a` in the first of `dirs` that has one: `-l` libraries of
/// device code take part in the device link (shared libraries hold none).
pub fn find_static_library(name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().map(|d| d.join(format!("lib{name}.a"))).find(|p| p.is_file())
}

/// The C source of the link stub for `objects`, embedding `linked` (a fatbin).
pub fn stub_source(objects: &[RelocatableObject], linked: &[u8]) -> String {
    let mut s = String::from(
        "/* Generated by cuprite nvcc: the device link of relocatable device code. */\n\
         #include <stddef.h>\n\
         #include <stdlib.h>\n\
         extern void **__cudaRegisterFatBinary(void *);\n\
         extern void __cudaRegisterFatBinaryEnd(void **);\n\
         extern void __cudaUnregisterFatBinary(void **);\n\
         struct cuprite_fatbin_wrapper { int magic; int version; const void *data; void *filename; };\n\
         __attribute__((section(\".nv_fatbin\"), aligned(8))) static const unsigned char cuprite_linked[] = {",
    );
    for (i, b) in linked.iter().enumerate() {
        if i % 32 == 0 {
            s.push('\n');
        }
        let _ = write!(s, "{b},");
    }
    s.push_str(
        "\n};\n\
         __attribute__((section(\".nvFatBinSegment\"), aligned(8))) static const struct cuprite_fatbin_wrapper \
         cuprite_wrapper = {0x466243b1, 1, cuprite_linked, NULL};\n\
         static void **cuprite_handle;\n\
         static void cuprite_unregister(void) { __cudaUnregisterFatBinary(cuprite_handle); }\n\
         /* Registers the linked module once; every object's constructor registers its symbols with it. */\n\
         static void **cuprite_linked_handle(void) {\n\
         \x20   if (!cuprite_handle) {\n\
         \x20       cuprite_handle = __cudaRegisterFatBinary((void *)&cuprite_wrapper);\n\
         \x20       atexit(cuprite_unregister);\n\
         \x20   }\n\
         \x20   return cuprite_handle;\n\
         }\n",
    );
    // The modules linked here, as nvlink lists them: a later link given this object leaves them out.
    s.push_str("__attribute__((section(\"__nv_module_id\"), used)) static const char cuprite_linked_modules[] =");
    for o in objects {
        let _ = write!(s, "\n    \"{LINKED_MODULE_PREFIX}{}\\0\"", o.module_id);
    }
    s.push_str(";\n");
    for o in objects {
        let _ = write!(
            s,
            "void __cudaRegisterLinkedBinary{id}(void (*reg)(void **), void *wrapper, void *module_id, void (*callback)(void *)) {{\n\
             \x20   (void)wrapper; (void)module_id; (void)callback;\n\
             \x20   void **h = cuprite_linked_handle();\n\
             \x20   reg(h);\n\
             \x20   __cudaRegisterFatBinaryEnd(h);\n\
             }}\n",
            id = o.module_id
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stub_registers_one_function_per_object() {
        let objs = [
            RelocatableObject { name: "a.o".into(), module_id: "__nv_aa11".into(), entries: vec![] },
            RelocatableObject { name: "b.o".into(), module_id: "__nv_bb22".into(), entries: vec![] },
        ];
        let s = stub_source(&objs, &[1, 2, 3]);
        // clang's objects call __cudaRegisterLinkedBinary followed by the module id.
        assert!(s.contains("void __cudaRegisterLinkedBinary__nv_aa11("));
        assert!(s.contains("void __cudaRegisterLinkedBinary__nv_bb22("));
        assert!(s.contains("cuprite_linked[] = {\n1,2,3,\n};"));
        // It lists the modules it links as nvlink does, for a later link to leave out.
        assert!(s.contains("section(\"__nv_module_id\"), used)) static const char cuprite_linked_modules[] =\n    \"def __nv_aa11\\0\"\n    \"def __nv_bb22\\0\";"), "{s}");
    }

    #[test]
    fn modules_a_device_link_output_linked_are_not_linked_again() {
        let object = |id: &str| RelocatableObject { name: format!("{id}.o"), module_id: id.into(), entries: vec![] };
        let inputs = vec![
            LinkInput { relocatable: vec![object("__nv_a")], already_linked: vec![] },
            LinkInput { relocatable: vec![object("__nv_b")], already_linked: vec![] },
            LinkInput { relocatable: vec![], already_linked: vec!["__nv_a".into()] },
        ];
        let ids: Vec<String> = still_to_link(inputs).into_iter().map(|r| r.module_id).collect();
        assert_eq!(ids, ["__nv_b"]);
    }

    /// A linker script among the libraries (CMake's `CUDA::cudart_static` gives the toolkit's
    /// `libcudart_static.a`, a script that links the shared runtime) holds no device code;
    /// anything else that is neither an object nor a library stays an error.
    #[test]
    fn linker_scripts_hold_no_device_code() {
        let dir = crate::test_dir("device-link-script");
        let script = dir.join("libcudart_static.a");
        std::fs::write(&script, "/* links the shared runtime */\nINPUT(-lcudart)\n").unwrap();
        let input = read_input(&script).unwrap();
        assert!(input.relocatable.is_empty() && input.already_linked.is_empty());
        let junk = dir.join("junk.o");
        std::fs::write(&junk, "not an object").unwrap();
        assert!(read_input(&junk).is_err());
    }

    #[test]
    fn linking_needs_every_arch_in_every_object() {
        let e = |arch| PtxEntry { arch, version: (8, 3), text: String::new() };
        let objs = [
            RelocatableObject { name: "a.o".into(), module_id: "a".into(), entries: vec![e(80), e(90)] },
            RelocatableObject { name: "b.o".into(), module_id: "b".into(), entries: vec![e(90)] },
        ];
        let Err(LinkFailure::Other(err)) = link(&objs) else { panic!("linked") };
        assert!(err.contains("sm_80: 1 of 2"), "{err}");
    }

    /// PTX calling the device runtime (what a device-side launch compiles to) is warned about;
    /// other PTX is not.
    #[test]
    fn device_runtime_calls_are_warned_about() {
        let entry = |text: &str| PtxEntry { arch: 90, version: (8, 3), text: text.into() };
        let launching = ".version 8.3\n.target sm_90\n.address_size 64\n\
                         .extern .func (\n\t.param .b32 func_retval0\n) __cudaCDP2LaunchDevice(\n\t.param .b64 p0\n);\n";
        let warning = device_runtime_warning(&[entry(launching)]).expect("a warning");
        assert!(warning.contains("cudaErrorInvalidPtx") && warning.contains("libcudadevrt"), "{warning}");
        assert!(device_runtime_warning(&[entry(".version 8.3\n.target sm_90\n.extern .func f\n;\n")]).is_none());
    }

    #[test]
    fn non_elf_input_is_an_error() {
        assert!(elf_section(b"hello", "x").is_err());
    }
}
