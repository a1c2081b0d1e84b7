//! Writing fatbins as `cuprite nvcc` embeds them in host objects: PTX entries only (Cuprite
//! emits no cubins), in the layout NVIDIA's runtime and tools read (see
//! `shared/design/compiler-route.md`): the 16-byte container header, then per entry an 80-byte
//! header and the PTX text, NUL-terminated and padded to 8 bytes. [`crate::entries`] reads them.

/// The entry header's version field.
const ENTRY_VERSION: u16 = 0x0101;
/// The size of a PTX entry's header (a 64-byte header plus the options descriptor).
const ENTRY_HEADER_SIZE: u32 = 80;
/// Offset, inside the entry header, of its (empty) ptxas-options descriptor.
const OPTIONS_DESCRIPTOR_OFFSET: u32 = 64;
/// Entry flags: 64-bit addresses (0x1), Linux host (0x10).
const FLAGS_64BIT_LINUX: u64 = 0x11;

/// One PTX entry: the SM number its PTX targets (`.target sm_90` → 90), the PTX ISA version,
/// and the text.
#[derive(Debug, Clone)]
pub struct PtxEntry {
    /// The architecture number (75, 80, 90, ...).
    pub arch: u32,
    /// The PTX ISA version as (major, minor), from the `.version` directive.
    pub version: (u16, u16),
    /// The PTX text.
    pub text: String,
}

/// Serializes `entries` as a fatbin.
pub fn write(entries: &[PtxEntry]) -> Vec<u8> {
    let mut body = Vec::new();
    for e in entries {
        let mut payload = e.text.as_bytes().to_vec();
        payload.push(0);
        payload.resize(payload.len().next_multiple_of(8), 0);
        body.extend_from_slice(&crate::KIND_PTX.to_le_bytes());
        body.extend_from_slice(&ENTRY_VERSION.to_le_bytes());
        body.extend_from_slice(&ENTRY_HEADER_SIZE.to_le_bytes());
        body.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        body.extend_from_slice(&0u32.to_le_bytes()); // compressed size: not compressed
        body.extend_from_slice(&OPTIONS_DESCRIPTOR_OFFSET.to_le_bytes());
        body.extend_from_slice(&e.version.1.to_le_bytes());
        body.extend_from_slice(&e.version.0.to_le_bytes());
        body.extend_from_slice(&e.arch.to_le_bytes());
        body.extend_from_slice(&0u32.to_le_bytes()); // object name offset: none
        body.extend_from_slice(&0u32.to_le_bytes()); // object name length
        body.extend_from_slice(&FLAGS_64BIT_LINUX.to_le_bytes());
        body.extend_from_slice(&0u64.to_le_bytes());
        body.extend_from_slice(&0u64.to_le_bytes()); // uncompressed size: not compressed
        // The options descriptor: where the (absent) ptxas options string would be.
        body.extend_from_slice(&0x48u32.to_le_bytes());
        body.extend_from_slice(&0u32.to_le_bytes());
        body.extend_from_slice(&0u64.to_le_bytes());
        body.extend_from_slice(&payload);
    }
    let mut out = Vec::with_capacity(16 + body.len());
    out.extend_from_slice(&crate::FATBIN_MAGIC.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// The `.version` and `.target` of a PTX text: ((major, minor), sm number), if present.
pub fn ptx_version_and_target(text: &str) -> Option<((u16, u16), u32)> {
    let mut version = None;
    let mut target = None;
    for line in text.lines().map(str::trim) {
        if let Some(v) = line.strip_prefix(".version") {
            let (major, minor) = v.trim().split_once('.')?;
            version = Some((major.trim().parse().ok()?, minor.trim().parse().ok()?));
        } else if let Some(t) = line.strip_prefix(".target") {
            let first = t.trim().split([',', ' ']).next()?;
            let digits: String = first.trim_start_matches("sm_").chars().take_while(char::is_ascii_digit).collect();
            target = Some(digits.parse().ok()?);
        }
        if let (Some(v), Some(t)) = (version, target) {
            return Some((v, t));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_fields_sit_where_the_layout_puts_them() {
        let fb = write(&[PtxEntry { arch: 80, version: (8, 3), text: "abc".into() }]);
        assert_eq!(&fb[0..4], &crate::FATBIN_MAGIC.to_le_bytes());
        // "abc\0" padded to 8; one 80-byte header.
        assert_eq!(u64::from_le_bytes(fb[8..16].try_into().unwrap()), 80 + 8);
        assert_eq!(fb.len(), 16 + 80 + 8);
        let e = &fb[16..];
        assert_eq!(u16::from_le_bytes([e[0], e[1]]), 1);
        assert_eq!(u32::from_le_bytes(e[4..8].try_into().unwrap()), 80);
        assert_eq!(u64::from_le_bytes(e[8..16].try_into().unwrap()), 8);
        assert_eq!(u16::from_le_bytes([e[24], e[25]]), 3);
        assert_eq!(u16::from_le_bytes([e[26], e[27]]), 8);
        assert_eq!(u32::from_le_bytes(e[28..32].try_into().unwrap()), 80);
        assert_eq!(&e[80..88], b"abc\0\0\0\0\0");
    }

    #[test]
    fn the_reader_reads_back_what_it_writes() {
        let entries = [
            PtxEntry { arch: 75, version: (8, 3), text: ".version 8.3\n.target sm_75\n".into() },
            PtxEntry { arch: 90, version: (8, 3), text: "x".repeat(13) },
        ];
        let bytes = write(&entries);
        let back = crate::entries(&bytes).unwrap();
        assert_eq!(back.len(), 2);
        for (a, b) in entries.iter().zip(&back) {
            assert_eq!((b.kind, b.arch, b.compressed_size), (crate::KIND_PTX, a.arch, 0));
            let text = crate::decompress(b).unwrap();
            assert_eq!(String::from_utf8_lossy(&text).trim_end_matches('\0'), a.text);
        }
        assert_eq!(crate::read_ptx(&bytes).unwrap(), (90, "x".repeat(13)));
    }

    #[test]
    fn reads_version_and_target() {
        let t = "//\n.version 8.3\n.target sm_90a\n.address_size 64\n";
        assert_eq!(ptx_version_and_target(t), Some(((8, 3), 90)));
        assert_eq!(ptx_version_and_target(".target sm_75, debug\n.version 7.0"), Some(((7, 0), 75)));
        assert_eq!(ptx_version_and_target(".version 8.3\n"), None);
    }
}
