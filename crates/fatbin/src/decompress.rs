//! An entry's payload, decompressed within bounds: the declared uncompressed size must be
//! one the compressed bytes can produce (the formats' ratio limits) and at most
//! [`MAX_PTX_SIZE`]; the output grows as it decodes and stops at that size.

use std::io::Read as _;

use crate::{Entry, Error};

const FLAG_LZ4: u64 = 0x2000;
const FLAG_ZSTD: u64 = 0x8000;

/// The largest decompressed entry accepted (PTX of real programs is a few MiB at most).
pub const MAX_PTX_SIZE: u64 = 256 << 20;

/// The most a ZSTD frame of `n` bytes can decompress to: every block has a 3-byte header, and
/// the densest block (RLE: one byte after the header) yields at most 128 KiB.
fn zstd_max_output(n: usize) -> u64 {
    (n as u64 / 4 + 1).saturating_mul(128 << 10)
}

/// The window a ZSTD frame's header asks for (RFC 8878 §3.1.1.1), so that a damaged header
/// cannot make the decoder reserve more than the declared output needs.
fn zstd_window_size(frame: &[u8]) -> Option<u64> {
    let descriptor = *frame.get(4)?;
    let single_segment = descriptor & 0x20 != 0;
    if !single_segment {
        let w = *frame.get(5)?;
        let base = 1u64 << (10 + u64::from(w >> 3));
        return Some(base + (base / 8) * u64::from(w & 7));
    }
    // Single segment: the window is the frame content size, after the dictionary id.
    let dict_bytes = [0, 1, 2, 4][(descriptor & 3) as usize];
    let at = 5 + dict_bytes;
    let field = |n: usize| -> Option<u64> {
        let b = frame.get(at..at + n)?;
        Some(b.iter().rev().fold(0u64, |v, &x| (v << 8) | u64::from(x)))
    };
    match descriptor >> 6 {
        0 => field(1),
        1 => field(2).map(|v| v + 256),
        2 => field(4),
        _ => field(8),
    }
}

/// The payload of `e`, decompressed (as stored if it is not compressed).
pub fn decompress(e: &Entry<'_>) -> Result<Vec<u8>, Error> {
    let at = e.offset;
    let compressed = e.flags & (FLAG_ZSTD | FLAG_LZ4) != 0;
    if !compressed {
        return Ok(e.payload.to_vec());
    }
    let stored = match e.compressed_size as usize {
        0 => e.payload,
        n => e.payload.get(..n).ok_or_else(|| {
            Error::Corrupt(format!(
                "entry at offset {at} declares {n} compressed bytes in a {}-byte payload",
                e.payload.len()
            ))
        })?,
    };
    let declared = e.uncompressed_size;
    let format_max = if e.flags & FLAG_ZSTD != 0 {
        zstd_max_output(stored.len())
    } else {
        crate::lz4::max_output(stored.len()) as u64
    };
    if declared > format_max || declared > MAX_PTX_SIZE {
        return Err(Error::Corrupt(format!(
            "entry at offset {at} declares an uncompressed size of {declared} bytes, more than its {} compressed \
             bytes can hold ({format_max}) or than the {MAX_PTX_SIZE}-byte limit",
            stored.len()
        )));
    }
    // `declared` ≤ MAX_PTX_SIZE fits usize.
    let size = declared as usize;
    if e.flags & FLAG_ZSTD != 0 {
        let window = zstd_window_size(stored)
            .ok_or_else(|| Error::Corrupt(format!("entry at offset {at}: ZSTD frame header cut short")))?;
        // A compressor never needs a window over twice the content (it rounds up to a power
        // of two, at least 1 KiB).
        if window > 2 * declared.max(1 << 10) {
            return Err(Error::Corrupt(format!(
                "entry at offset {at}: its ZSTD window of {window} bytes is larger than {declared} bytes of \
                 content need"
            )));
        }
        let zstd = |err: &dyn std::fmt::Display| Error::Corrupt(format!("entry at offset {at}: ZSTD: {err}"));
        let decoder = ruzstd::decoding::StreamingDecoder::new(stored).map_err(|err| zstd(&err))?;
        let mut out = Vec::new();
        // One byte past the declared size tells a stream that runs on.
        decoder.take(declared + 1).read_to_end(&mut out).map_err(|err| zstd(&err))?;
        if out.len() != size {
            return Err(Error::Corrupt(format!(
                "entry at offset {at}: ZSTD data decompresses to {}{} bytes, the header declares {declared}",
                if out.len() > size { "more than " } else { "" },
                out.len().min(size)
            )));
        }
        Ok(out)
    } else {
        crate::lz4::lz4_block_decode(stored, size).map_err(|m| Error::Corrupt(format!("entry at offset {at}: {m}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zstd_window_sizes_per_rfc_8878() {
        // Single segment, 2-byte content size: 0x01cd + 256.
        assert_eq!(zstd_window_size(&[0x28, 0xb5, 0x2f, 0xfd, 0x60, 0xcd, 0x01]), Some(717));
        // Window descriptor: exponent 3, mantissa 2 → 8 KiB + 2 KiB.
        assert_eq!(zstd_window_size(&[0x28, 0xb5, 0x2f, 0xfd, 0x00, (3 << 3) | 2]), Some(10 << 10));
        assert_eq!(zstd_window_size(&[0x28, 0xb5, 0x2f, 0xfd]), None);
    }
}
