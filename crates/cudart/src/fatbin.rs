//! The fatbin nvcc embeds in executables: its entries, choosing the PTX to run, and ZSTD/LZ4
//! decompression (layout in `shared/design/nvidia-toolchain-facts.md` §5).

/// The fatbin wrapper magic (`__fatDeviceText.magic`).
pub const WRAPPER_MAGIC: u32 = 0x466243B1;
/// The fatbin header magic.
pub const FATBIN_MAGIC: u32 = 0xBA55ED50;
/// Entry kind: PTX.
pub const KIND_PTX: u16 = 1;
/// Entry kind: ELF (cubin).
pub const KIND_ELF: u16 = 2;
const FLAG_LZ4: u64 = 0x2000;
const FLAG_ZSTD: u64 = 0x8000;

/// One fatbin entry.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    /// 1 PTX, 2 ELF, 0x100 concatenated group.
    pub kind: u16,
    /// The SM architecture (75, 90, ...).
    pub arch: u32,
    /// Flags (0x2000 LZ4, 0x8000 ZSTD, ...).
    pub flags: u64,
    /// The payload as stored.
    pub payload: &'a [u8],
    /// The compressed size (0: not compressed).
    pub compressed_size: u32,
    /// The uncompressed size.
    pub uncompressed_size: u64,
}

fn u16_at(b: &[u8], o: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(o..o + 2)?.try_into().ok()?))
}
fn u32_at(b: &[u8], o: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?))
}
fn u64_at(b: &[u8], o: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?))
}

/// The total size of the fatbin starting at `header` (16-byte header + entries), from its
/// header, or `None` if the magic is wrong.
pub fn fatbin_size(header: &[u8; 16]) -> Option<usize> {
    if u32_at(header, 0)? != FATBIN_MAGIC {
        return None;
    }
    let hsize = u16_at(header, 6)? as usize;
    let fat = u64_at(header, 8)? as usize;
    hsize.checked_add(fat)
}

/// The entries of a fatbin (header included in `fatbin`).
pub fn entries(fatbin: &[u8]) -> Result<Vec<Entry<'_>>, String> {
    if u32_at(fatbin, 0) != Some(FATBIN_MAGIC) {
        return Err("not a fatbin (bad magic)".into());
    }
    let hsize = u16_at(fatbin, 6).unwrap_or(16) as usize;
    let fat = u64_at(fatbin, 8).unwrap_or(0) as usize;
    let end = hsize.saturating_add(fat).min(fatbin.len());
    let mut off = hsize;
    let mut out = Vec::new();
    while off + 64 <= end {
        let e = &fatbin[off..end];
        let kind = u16_at(e, 0).unwrap_or(0);
        let ehsize = u32_at(e, 4).unwrap_or(0) as usize;
        let psize = u64_at(e, 8).unwrap_or(0) as usize;
        let compressed_size = u32_at(e, 16).unwrap_or(0);
        let arch = u32_at(e, 28).unwrap_or(0);
        let flags = u64_at(e, 40).unwrap_or(0);
        let uncompressed_size = u64_at(e, 56).unwrap_or(0);
        if ehsize < 64 {
            return Err(format!("fatbin entry at offset {off} has a bad header size {ehsize}"));
        }
        let payload = e.get(ehsize..ehsize.saturating_add(psize)).ok_or("fatbin entry runs past the end")?;
        out.push(Entry { kind, arch, flags, payload, compressed_size, uncompressed_size });
        off += ehsize + psize;
    }
    Ok(out)
}

/// Decodes an LZ4 block (no frame) of known decompressed size.
pub fn lz4_block_decode(src: &[u8], size: usize) -> Result<Vec<u8>, String> {
    let bad = || "corrupt LZ4 block".to_string();
    let mut out: Vec<u8> = Vec::with_capacity(size);
    let mut i = 0;
    let len = |i: &mut usize, mut n: usize| -> Result<usize, String> {
        if n == 15 {
            loop {
                let b = *src.get(*i).ok_or_else(bad)?;
                *i += 1;
                n += b as usize;
                if b != 255 {
                    break;
                }
            }
        }
        Ok(n)
    };
    while i < src.len() {
        let token = src[i];
        i += 1;
        let lit = len(&mut i, (token >> 4) as usize)?;
        out.extend_from_slice(src.get(i..i + lit).ok_or_else(bad)?);
        i += lit;
        if i >= src.len() || out.len() >= size {
            break;
        }
        let offset = u16_at(src, i).ok_or_else(bad)? as usize;
        i += 2;
        let mlen = len(&mut i, (token & 15) as usize)? + 4;
        if offset == 0 || offset > out.len() {
            return Err(bad());
        }
        let start = out.len() - offset;
        for k in 0..mlen {
            let b = out[start + k];
            out.push(b);
        }
    }
    out.truncate(size);
    Ok(out)
}

/// The payload of `e`, decompressed.
pub fn decompress(e: &Entry<'_>) -> Result<Vec<u8>, String> {
    let stored = if e.compressed_size > 0 {
        e.payload.get(..e.compressed_size as usize).unwrap_or(e.payload)
    } else {
        e.payload
    };
    if e.flags & FLAG_ZSTD != 0 {
        let mut out = Vec::with_capacity(e.uncompressed_size as usize);
        let mut dec = ruzstd::decoding::StreamingDecoder::new(stored).map_err(|err| format!("ZSTD: {err}"))?;
        std::io::Read::read_to_end(&mut dec, &mut out).map_err(|err| format!("ZSTD: {err}"))?;
        Ok(out)
    } else if e.flags & FLAG_LZ4 != 0 {
        lz4_block_decode(stored, e.uncompressed_size as usize)
    } else {
        Ok(e.payload.to_vec())
    }
}

/// Chooses the PTX to run from a fatbin's entries: the highest architecture ≤ 90, else the
/// highest available; decompresses it and returns `(arch, text)`. A fatbin without PTX (cubins
/// only) is an error saying how to rebuild.
pub fn select_ptx(entries: &[Entry<'_>]) -> Result<(u32, String), String> {
    let ptx: Vec<&Entry<'_>> = entries.iter().filter(|e| e.kind == KIND_PTX).collect();
    let best = ptx
        .iter()
        .filter(|e| e.arch <= 90)
        .max_by_key(|e| e.arch)
        .or_else(|| ptx.iter().max_by_key(|e| e.arch))
        .copied();
    let Some(e) = best else {
        let archs: Vec<String> =
            entries.iter().filter(|e| e.kind == KIND_ELF).map(|e| format!("sm_{}", e.arch)).collect();
        return Err(format!(
            "the program contains no PTX, only GPU machine code ({}), which cannot run on the CPU; \
             rebuild it with PTX included: `-arch=sm_XX` (e.g. -arch=sm_90) or \
             `-gencode arch=compute_XX,code=compute_XX`",
            if archs.is_empty() { "none".to_string() } else { archs.join(", ") }
        ));
    };
    let bytes = decompress(e)?;
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    let text = String::from_utf8_lossy(&bytes[..end]).into_owned();
    Ok((e.arch, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lz4_literals_and_matches() {
        // "abcabcabcabcX": literals "abc", match offset 3 length 9, then literal "X".
        let block = [0x35, b'a', b'b', b'c', 3, 0, 0x10, b'X'];
        assert_eq!(lz4_block_decode(&block, 13).ok().as_deref(), Some(&b"abcabcabcabcX"[..]));
        assert!(lz4_block_decode(&[0x10, b'a', 9, 0], 10).is_err());
    }

    #[test]
    fn cubin_only_is_a_clear_error() {
        let e = Entry { kind: KIND_ELF, arch: 90, flags: 0x11, payload: &[], compressed_size: 0, uncompressed_size: 0 };
        let err = select_ptx(&[e]).err().unwrap_or_default();
        assert!(err.contains("sm_90") && err.contains("code=compute_XX"), "{err}");
    }
}
