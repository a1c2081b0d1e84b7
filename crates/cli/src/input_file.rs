//! Opening the files named on the command line: what kind of file a path is, and reading a
//! regular one with a size limit, with messages that say what is wrong.

use std::io::Read as _;
use std::os::unix::fs::FileTypeExt as _;
use std::path::Path;

/// What a non-regular file is, in words ("a directory", "a FIFO", ...).
pub fn kind_of(file_type: std::fs::FileType) -> &'static str {
    if file_type.is_dir() {
        "a directory"
    } else if file_type.is_fifo() {
        "a FIFO (named pipe)"
    } else if file_type.is_char_device() {
        "a character device"
    } else if file_type.is_block_device() {
        "a block device"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}

/// The metadata of `path` if it is a regular file (following symlinks); else why not. Only
/// `stat` is used, so FIFOs and devices are never opened (opening a FIFO would block).
pub fn regular(path: &Path) -> Result<std::fs::Metadata, String> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        _ => format!("cannot read file: {e}"),
    })?;
    if meta.is_file() { Ok(meta) } else { Err(format!("not a regular file: it is {}", kind_of(meta.file_type()))) }
}

/// The bytes of the regular file at `path`, at most `max` of them (else an error saying it
/// is too large).
pub fn read(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let meta = regular(path)?;
    let too_large = |n: u64| format!("file is too large ({n} bytes; the limit is {} MiB)", max >> 20);
    if meta.len() > max {
        return Err(too_large(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read file: {e}"))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // One byte more than the limit tells a file that grew past it meanwhile.
    file.take(max + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read file: {e}"))?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}
