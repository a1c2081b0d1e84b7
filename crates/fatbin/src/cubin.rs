//! Facts ptxas recorded in a cubin (the ELF of GPU machine code a fatbin carries beside its
//! PTX) that a CUDA runtime reports although the CPU never runs the machine code: the
//! registers each kernel uses (`cudaFuncAttributes::numRegs`, which bounds the threads per
//! block and the blocks per multiprocessor) and its stack frame (`localSizeBytes`).
//!
//! Where they live: the module-wide `.nv.info` section is a list of records `{u8 format,
//! u8 attribute, u16 size-or-value}`; a format-4 record carries `size` bytes after its header,
//! the others none. `EIATTR_REGCOUNT` (0x2f) carries `{u32 symbol index, u32 registers}`,
//! the symbol being the kernel in `.symtab`; `EIATTR_FRAME_SIZE` (0x11) the frame's bytes
//! likewise. Every offset is checked against the bytes that
//! exist: a damaged cubin gives fewer facts, never a panic.

use std::collections::HashMap;

use crate::le::{u16_at, u32_at, u64_at};
use crate::{Entry, KIND_ELF, decompress};

/// `EIATTR_REGCOUNT`: registers per thread of a function.
const EIATTR_REGCOUNT: u8 = 0x2f;
/// `EIATTR_FRAME_SIZE`: bytes of a function's stack frame per thread (local arrays, spills).
const EIATTR_FRAME_SIZE: u8 = 0x11;

/// What ptxas recorded of one function.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Resources {
    /// Registers per thread.
    pub registers: u32,
    /// Stack frame bytes per thread.
    pub frame_size: u32,
}
/// The record format whose header is followed by `size` bytes of payload.
const EIFMT_SVAL: u8 = 4;
/// The size of an ELF64 section header and symbol.
const SECTION_HEADER_SIZE: usize = 64;
const SYMBOL_SIZE: usize = 24;

/// One ELF64 section: where its bytes are, and its link.
#[derive(Debug, Clone, Copy)]
struct Section {
    name: u32,
    offset: usize,
    size: usize,
    link: u32,
}

/// The bytes of `s` in `elf`, if they lie within it.
fn bytes_of<'a>(elf: &'a [u8], s: &Section) -> Option<&'a [u8]> {
    elf.get(s.offset..s.offset.checked_add(s.size)?)
}

/// The NUL-terminated string at `at` of string table `table`.
fn string_at(table: &[u8], at: u32) -> Option<&str> {
    let rest = table.get(at as usize..)?;
    let end = rest.iter().position(|&b| b == 0)?;
    std::str::from_utf8(&rest[..end]).ok()
}

/// The sections of a little-endian ELF64 file, or `None` if it is not one.
fn sections(elf: &[u8]) -> Option<Vec<Section>> {
    // Magic, 64-bit class, little-endian data.
    if elf.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let shoff = usize::try_from(u64_at(elf, 0x28)?).ok()?;
    let entsize = usize::from(u16_at(elf, 0x3a)?);
    let count = usize::from(u16_at(elf, 0x3c)?);
    if entsize < SECTION_HEADER_SIZE {
        return None;
    }
    (0..count)
        .map(|i| {
            let h = shoff.checked_add(i.checked_mul(entsize)?)?;
            Some(Section {
                name: u32_at(elf, h)?,
                offset: usize::try_from(u64_at(elf, h + 24)?).ok()?,
                size: usize::try_from(u64_at(elf, h + 32)?).ok()?,
                link: u32_at(elf, h + 40)?,
            })
        })
        .collect()
}

/// The resources of each kernel (and device function) of a cubin, by (mangled) name; empty
/// when `elf` is not a cubin or records none.
pub fn resources(elf: &[u8]) -> HashMap<String, Resources> {
    let mut out = HashMap::new();
    let Some(sections) = sections(elf) else { return out };
    let Some(names) = u16_at(elf, 0x3e).and_then(|i| sections.get(usize::from(i))).and_then(|s| bytes_of(elf, s))
    else {
        return out;
    };
    let named = |wanted: &str| sections.iter().find(|s| string_at(names, s.name) == Some(wanted));
    let (Some(info), Some(symtab)) = (named(".nv.info"), named(".symtab")) else { return out };
    let (Some(info), Some(symbols)) = (bytes_of(elf, info), bytes_of(elf, symtab)) else { return out };
    let Some(symbol_names) = sections.get(symtab.link as usize).and_then(|s| bytes_of(elf, s)) else { return out };
    let symbol_name = |index: u32| {
        let at = (index as usize).checked_mul(SYMBOL_SIZE)?;
        string_at(symbol_names, u32_at(symbols, at)?)
    };
    let mut at = 0;
    while let (Some(&format), Some(&attribute), Some(size)) = (info.get(at), info.get(at + 1), u16_at(info, at + 2)) {
        let payload_size = if format == EIFMT_SVAL { usize::from(size) } else { 0 };
        let payload = info.get(at + 4..at + 4 + payload_size);
        if matches!(attribute, EIATTR_REGCOUNT | EIATTR_FRAME_SIZE)
            && let Some(p) = payload
            && let (Some(symbol), Some(value)) = (u32_at(p, 0), u32_at(p, 4))
            && let Some(name) = symbol_name(symbol)
        {
            let r = out.entry(name.to_string()).or_insert_with(Resources::default);
            if attribute == EIATTR_REGCOUNT {
                r.registers = value;
            } else {
                r.frame_size = value;
            }
        }
        at += 4 + payload_size;
    }
    out
}

/// The resources of each kernel as compiled for `arch` (e.g. 90): from the fatbin's cubin for
/// exactly that architecture (machine code for another one says little: a GPU of `arch` would
/// compile the PTX itself); empty without one.
pub fn resources_for_arch(entries: &[Entry<'_>], arch: u32) -> HashMap<String, Resources> {
    entries
        .iter()
        .find(|e| e.kind == KIND_ELF && e.arch == arch)
        .and_then(|e| decompress(e).ok())
        .map(|elf| resources(&elf))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal cubin: null section, `.shstrtab`, `.strtab`, `.symtab` (null symbol and
    /// `kern`), `.nv.info` with the given records.
    fn cubin(info: &[u8]) -> Vec<u8> {
        let shstrtab = b"\0.shstrtab\0.strtab\0.symtab\0.nv.info\0".to_vec();
        let strtab = b"\0kern\0".to_vec();
        let mut symtab = vec![0u8; 2 * SYMBOL_SIZE];
        symtab[SYMBOL_SIZE..SYMBOL_SIZE + 4].copy_from_slice(&1u32.to_le_bytes());
        let bodies = [shstrtab, strtab, symtab, info.to_vec()];
        let mut elf = vec![0u8; 64];
        elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
        let mut offsets = Vec::new();
        for b in &bodies {
            offsets.push(elf.len());
            elf.extend_from_slice(b);
        }
        let shoff = elf.len();
        elf[0x28..0x30].copy_from_slice(&(shoff as u64).to_le_bytes());
        elf[0x3a..0x3c].copy_from_slice(&64u16.to_le_bytes());
        elf[0x3c..0x3e].copy_from_slice(&5u16.to_le_bytes());
        elf[0x3e..0x40].copy_from_slice(&1u16.to_le_bytes());
        elf.extend_from_slice(&[0u8; 64]);
        // (name offset in .shstrtab, body, link)
        for (i, (name, link)) in [(1u32, 0u32), (11, 0), (19, 2), (27, 0)].into_iter().enumerate() {
            let mut h = [0u8; 64];
            h[..4].copy_from_slice(&name.to_le_bytes());
            h[24..32].copy_from_slice(&(offsets[i] as u64).to_le_bytes());
            h[32..40].copy_from_slice(&(bodies[i].len() as u64).to_le_bytes());
            h[40..44].copy_from_slice(&link.to_le_bytes());
            elf.extend_from_slice(&h);
        }
        elf
    }

    fn regcount(symbol: u32, count: u32) -> Vec<u8> {
        let mut r = vec![EIFMT_SVAL, EIATTR_REGCOUNT, 8, 0];
        r.extend_from_slice(&symbol.to_le_bytes());
        r.extend_from_slice(&count.to_le_bytes());
        r
    }

    #[test]
    fn reads_each_kernels_register_count_past_other_records() {
        // A value record (format 3: no payload), a frame-size record, then the count.
        let mut info = vec![3, 0x1b, 0xff, 0];
        info.extend_from_slice(&[EIFMT_SVAL, EIATTR_FRAME_SIZE, 8, 0, 1, 0, 0, 0, 0x38, 2, 0, 0]);
        info.extend(regcount(1, 184));
        let want = Resources { registers: 184, frame_size: 568 };
        assert_eq!(resources(&cubin(&info)), HashMap::from([("kern".to_string(), want)]));
    }

    #[test]
    fn damaged_cubins_give_fewer_facts_never_a_panic() {
        let good = cubin(&regcount(1, 40));
        for cut in 0..good.len() {
            let _ = resources(&good[..cut]);
        }
        // A symbol index past the table, a record cut short.
        assert!(resources(&cubin(&regcount(7, 40))).is_empty());
        assert!(resources(&cubin(&regcount(1, 40)[..9])).is_empty());
        let mut flipped = good.clone();
        for i in 0..flipped.len() {
            flipped[i] ^= 0xff;
            let _ = resources(&flipped);
            flipped[i] ^= 0xff;
        }
        assert!(resources(b"not an elf").is_empty());
    }
}
