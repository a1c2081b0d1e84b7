//! The named pipe through which clang's host pass reads the fatbin while the device pass is
//! still compiling it (clang opens the `-fcuda-include-gpubinary` file only when it emits the
//! module's constructor, at the end of the host pass).

use std::ffi::CString;
use std::io::{self, Write as _};
use std::os::unix::ffi::OsStrExt as _;
use std::os::unix::fs::OpenOptionsExt as _;
use std::path::Path;
use std::process::Child;
use std::time::Duration;

/// Creates a named pipe at `path` (mode 0600).
pub fn create(path: &Path) -> io::Result<()> {
    let c = CString::new(path.as_os_str().as_bytes()).map_err(|_| io::Error::other("path contains a NUL byte"))?;
    // SAFETY: `c` is a valid NUL-terminated string that outlives the call; mkfifo only reads it.
    let rc = unsafe { libc::mkfifo(c.as_ptr(), 0o600) };
    if rc == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// Writes `bytes` into the pipe at `path` for `reader`, then closes it (end of file). Returns
/// early, without error, if the reader has exited (it failed, and its status reports that):
/// nothing here blocks on a reader that is gone.
pub fn write(path: &Path, bytes: &[u8], reader: &mut Child) -> io::Result<()> {
    let pause = || std::thread::sleep(Duration::from_millis(2));
    // Opening a pipe for writing without blocking fails (ENXIO) until a reader has it open.
    let mut file = loop {
        match std::fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(path) {
            Ok(f) => break f,
            Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                if reader.try_wait()?.is_some() {
                    return Ok(());
                }
                pause();
            }
            Err(e) => return Err(e),
        }
    };
    let mut rest = bytes;
    while !rest.is_empty() {
        match file.write(rest) {
            Ok(n) => rest = &rest[n..],
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                if reader.try_wait()?.is_some() {
                    return Ok(());
                }
                pause();
            }
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    #[test]
    fn a_reader_gets_all_bytes_and_an_exited_reader_does_not_block() {
        let dir = crate::test_dir("pipe-test");
        let fifo = dir.join("p");
        let _ = std::fs::remove_file(&fifo);
        create(&fifo).unwrap();
        // More than a pipe buffer (64 KiB), so that writes would block.
        let data: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        let mut cat = Command::new("cat").arg(&fifo).stdout(Stdio::piped()).spawn().unwrap();
        let mut out = cat.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut v = Vec::new();
            std::io::Read::read_to_end(&mut out, &mut v).unwrap();
            v
        });
        write(&fifo, &data, &mut cat).unwrap();
        assert!(cat.wait().unwrap().success());
        assert_eq!(reader.join().unwrap(), data);
        // A reader that exits without opening the pipe: the write returns instead of hanging.
        let mut gone = Command::new("true").spawn().unwrap();
        gone.wait().unwrap();
        write(&fifo, &data, &mut gone).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
