//! The fatbins nvcc embeds in executables: their entries, choosing the PTX to run, bounded
//! ZSTD/LZ4 decompression, the facts a cubin records ([`cubin`]), and writing the PTX-only fatbins `cuprite nvcc` embeds (layout in `shared/design/nvidia-toolchain-facts.md` §5).
//!
//! Everything here reads untrusted bytes: every size field is checked against the bytes that
//! exist (and decompressed sizes against what the compressed bytes can produce and
//! [`MAX_PTX_SIZE`]), so a damaged fatbin is an [`Error`], never a panic or a huge allocation.

pub mod cubin;
mod decompress;
pub mod le;
mod lz4;
mod write;

use le::{u16_at, u32_at, u64_at};

pub use decompress::{MAX_PTX_SIZE, decompress};
pub use lz4::lz4_block_decode;
pub use write::{PtxEntry, ptx_version_and_target, write};

/// The fatbin wrapper magic (`__fatDeviceText.magic`).
pub const WRAPPER_MAGIC: u32 = 0x466243B1;
/// The fatbin header magic.
pub const FATBIN_MAGIC: u32 = 0xBA55ED50;
/// The size of a fatbin's header (magic, version, header size, fat size).
pub const HEADER_SIZE: usize = 16;
/// Entry kind: PTX.
pub const KIND_PTX: u16 = 1;
/// Entry kind: ELF (cubin).
pub const KIND_ELF: u16 = 2;
/// The smallest entry header.
const ENTRY_HEADER_MIN: usize = 64;

/// Why a fatbin gives no PTX to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The bytes are not a well-formed fatbin, or an entry is damaged (CUDA's
    /// `cudaErrorInvalidKernelImage`); the text says what is wrong.
    Corrupt(String),
    /// A well-formed fatbin without PTX (cubins only: `cudaErrorNoKernelImageForDevice`); the
    /// text says how to rebuild.
    NoPtx(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Corrupt(m) => write!(f, "damaged fatbin: {m}"),
            Error::NoPtx(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

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
    /// The uncompressed size, as the header declares it.
    pub uncompressed_size: u64,
    /// The entry's offset in the fatbin, for messages.
    pub offset: usize,
}

/// The total size (header + entries) that the fatbin header at the start of `header`
/// declares, or `None` if it is not a fatbin header (short, or a wrong magic). The size is
/// the header's claim: check it against the bytes that exist before reading that far.
pub fn declared_size(header: &[u8]) -> Option<u64> {
    if u32_at(header, 0)? != FATBIN_MAGIC {
        return None;
    }
    let header_size = u64::from(u16_at(header, 6)?);
    // Saturating: an overflowing size is as impossible as any other past the end.
    Some(header_size.saturating_add(u64_at(header, 8)?))
}

/// The fatbin at the start of `bytes`, cut to its declared size; an error if the header is
/// damaged or declares more bytes than `bytes` holds.
pub fn bounded(bytes: &[u8]) -> Result<&[u8], Error> {
    if bytes.len() < HEADER_SIZE {
        return Err(Error::Corrupt(format!("{} bytes is too short for a fatbin header", bytes.len())));
    }
    let size = declared_size(bytes).ok_or_else(|| Error::Corrupt("bad magic (not a fatbin)".into()))?;
    let header_size = u16_at(bytes, 6).unwrap_or(0) as usize;
    if header_size < HEADER_SIZE {
        return Err(Error::Corrupt(format!("header size {header_size} is smaller than {HEADER_SIZE}")));
    }
    match usize::try_from(size) {
        Ok(size) if size <= bytes.len() => Ok(&bytes[..size]),
        _ => Err(Error::Corrupt(format!(
            "the header declares {size} bytes (header {header_size} + entries {}), but only {} exist",
            size.saturating_sub(header_size as u64),
            bytes.len()
        ))),
    }
}

/// The entries of the fatbin at the start of `fatbin` (header included), which must hold the
/// whole fatbin (see [`bounded`]).
pub fn entries(fatbin: &[u8]) -> Result<Vec<Entry<'_>>, Error> {
    let fatbin = bounded(fatbin)?;
    let mut off = u16_at(fatbin, 6).unwrap_or(0) as usize;
    let mut out = Vec::new();
    while off < fatbin.len() {
        let e = &fatbin[off..];
        if e.len() < ENTRY_HEADER_MIN {
            return Err(Error::Corrupt(format!(
                "entry at offset {off} is cut short: {} bytes left, an entry header takes {ENTRY_HEADER_MIN}",
                e.len()
            )));
        }
        let field32 = |o| u32_at(e, o).unwrap_or(0);
        let field64 = |o| u64_at(e, o).unwrap_or(0);
        let header_size = field32(4) as usize;
        let payload_size = field64(8);
        if header_size < ENTRY_HEADER_MIN || header_size > e.len() {
            return Err(Error::Corrupt(format!(
                "entry at offset {off} has a bad header size {header_size} ({} bytes left)",
                e.len()
            )));
        }
        let payload = usize::try_from(payload_size)
            .ok()
            .and_then(|n| e.get(header_size..header_size.checked_add(n)?))
            .ok_or_else(|| {
                Error::Corrupt(format!(
                    "entry at offset {off} declares a {payload_size}-byte payload, but only {} bytes follow its header",
                    e.len() - header_size
                ))
            })?;
        out.push(Entry {
            kind: u16_at(e, 0).unwrap_or(0),
            arch: field32(28),
            flags: field64(40),
            payload,
            compressed_size: field32(16),
            uncompressed_size: field64(56),
            offset: off,
        });
        // Progress: every entry header is at least 64 bytes.
        off += header_size + payload.len();
    }
    Ok(out)
}

/// Chooses the PTX to run from a fatbin's entries: the highest architecture ≤ 90, else the
/// highest available; decompresses it and returns `(arch, text)`. A fatbin without PTX (cubins
/// only) is an error saying how to rebuild.
pub fn select_ptx(entries: &[Entry<'_>]) -> Result<(u32, String), Error> {
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
        return Err(Error::NoPtx(format!(
            "the program contains no PTX, only GPU machine code ({}), which cannot run on the CPU; \
             rebuild it with PTX included: `-arch=sm_XX` (e.g. -arch=sm_90) or \
             `-gencode arch=compute_XX,code=compute_XX`",
            if archs.is_empty() { "none".to_string() } else { archs.join(", ") }
        )));
    };
    let bytes = decompress(e)?;
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    let text = String::from_utf8_lossy(&bytes[..end]).into_owned();
    Ok((e.arch, text))
}

/// The PTX to run from the fatbin at the start of `bytes` (which may hold more after it):
/// [`entries`] then [`select_ptx`].
pub fn read_ptx(bytes: &[u8]) -> Result<(u32, String), Error> {
    select_ptx(&entries(bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubin_only_is_a_clear_error() {
        let e = Entry {
            kind: KIND_ELF,
            arch: 90,
            flags: 0x11,
            payload: &[],
            compressed_size: 0,
            uncompressed_size: 0,
            offset: 16,
        };
        let err = select_ptx(&[e]).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("sm_90") && err.contains("code=compute_XX"), "{err}");
    }

    #[test]
    fn a_size_past_the_end_is_an_error_not_a_read() {
        let mut h = [0u8; 16];
        h[..4].copy_from_slice(&FATBIN_MAGIC.to_le_bytes());
        h[6] = 16;
        h[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(matches!(bounded(&h), Err(Error::Corrupt(m)) if m.contains("only 16 exist")));
        h[6] = 0;
        h[8..16].copy_from_slice(&0u64.to_le_bytes());
        assert!(matches!(bounded(&h), Err(Error::Corrupt(m)) if m.contains("header size 0")));
    }
}
