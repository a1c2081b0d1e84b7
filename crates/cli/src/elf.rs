//! Just enough of an ELF file to tell whether `cuprite exec` can run it: its class and
//! machine, its `DT_NEEDED` libraries and whether it has a `.nv_fatbin` section. Every read
//! is bounds-checked: a damaged file gives less information, never a panic.

use fatbin::le::{u16_at, u32_at, u64_at};

/// What `cuprite exec` needs to know about an ELF program.
#[derive(Debug, Default)]
pub struct Program {
    /// `ELFCLASS64`.
    pub is_64_bit: bool,
    /// `e_machine` (62: x86-64, 183: AArch64).
    pub machine: u16,
    /// The shared libraries it needs (`DT_NEEDED`).
    pub needed: Vec<String>,
    /// Whether it embeds CUDA device code (a `.nv_fatbin` section).
    pub has_fatbin: bool,
}

/// `e_machine` of x86-64.
pub const EM_X86_64: u16 = 62;
/// `e_machine` of AArch64.
pub const EM_AARCH64: u16 = 183;

/// The machine's name for messages.
pub fn machine_name(machine: u16) -> String {
    match machine {
        3 => "x86 (32-bit)".into(),
        EM_X86_64 => "x86-64".into(),
        40 => "ARM (32-bit)".into(),
        EM_AARCH64 => "AArch64".into(),
        243 => "RISC-V".into(),
        21 => "PowerPC 64".into(),
        m => format!("machine {m}"),
    }
}

/// Whether `head` starts like an ELF file.
pub fn is_elf(head: &[u8]) -> bool {
    head.starts_with(b"\x7fELF")
}

/// A NUL-terminated string at `off` of `b`.
fn c_str(b: &[u8], off: usize) -> Option<String> {
    let rest = b.get(off..)?;
    let end = rest.iter().position(|&c| c == 0)?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// A section header's fields that matter here.
struct Section {
    /// Offset of its name in the section-name table.
    name: u32,
    /// `sh_type`.
    kind: u32,
    /// Its bytes' offset in the file.
    offset: usize,
    /// Its size.
    size: usize,
    /// `sh_link` (a dynamic section's string table).
    link: u32,
}

/// The section headers of a little-endian ELF64 file, if they lie within it.
fn section_headers(file: &[u8]) -> Option<Vec<Section>> {
    let (shoff, shentsize, shnum) = (u64_at(file, 0x28)? as usize, u16_at(file, 0x3A)? as usize, u16_at(file, 0x3C)?);
    (0..shnum as usize)
        .map(|i| {
            let h = shoff.checked_add(i.checked_mul(shentsize)?)?;
            Some(Section {
                name: u32_at(file, h)?,
                kind: u32_at(file, h + 4)?,
                offset: u64_at(file, h + 0x18)? as usize,
                size: u64_at(file, h + 0x20)? as usize,
                link: u32_at(file, h + 0x28)?,
            })
        })
        .collect()
}

/// Reads an ELF file's bytes (`is_elf` true). Only little-endian 64-bit files have their
/// sections read; others report their class and machine.
pub fn read(file: &[u8]) -> Program {
    let mut p =
        Program { is_64_bit: file.get(4) == Some(&2), machine: u16_at(file, 18).unwrap_or(0), ..Program::default() };
    if !p.is_64_bit || file.get(5) != Some(&1) {
        return p;
    }
    let Some(sections) = section_headers(file) else { return p };
    let bytes_of = |s: &Section| file.get(s.offset..s.offset.checked_add(s.size)?);
    let names = u16_at(file, 0x3E).and_then(|i| sections.get(i as usize)).and_then(bytes_of);
    p.has_fatbin = names
        .is_some_and(|names| sections.iter().any(|s| c_str(names, s.name as usize).as_deref() == Some(".nv_fatbin")));
    const SHT_DYNAMIC: u32 = 6;
    const DT_NEEDED: u64 = 1;
    for dynamic in sections.iter().filter(|s| s.kind == SHT_DYNAMIC) {
        let (Some(entries), Some(strings)) =
            (bytes_of(dynamic), sections.get(dynamic.link as usize).and_then(bytes_of))
        else {
            continue;
        };
        for e in entries.chunks_exact(16) {
            match (u64_at(e, 0), u64_at(e, 8)) {
                (Some(0), _) => break,
                (Some(DT_NEEDED), Some(at)) => p.needed.extend(c_str(strings, at as usize)),
                _ => {}
            }
        }
    }
    p
}
