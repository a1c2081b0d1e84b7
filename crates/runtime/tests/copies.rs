//! Copies and memsets through the runtime's Rust API, on every path a copy can take: device
//! and pageable ends, small ranges (moved through the kernel) and large ones (moved directly
//! after the mappings are checked), ends aligned differently, pitched rows and slices, and
//! patterned memsets; each result checked byte for byte against the copy's definition.

use runtime::memory::{self, Copy3D, MemcpyKind, On, Set3D};
use runtime::stream::Stream;

/// Bytes that differ at every offset (so a shifted or dropped byte shows).
fn pattern(n: usize, seed: u8) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed) ^ (i >> 8) as u8).collect()
}

#[test]
fn host_device_round_trips_at_every_alignment_and_size() {
    // Small (through the kernel), and larger than 64 KB (mappings checked, then direct).
    for len in [1usize, 3, 8, 4096 + 5, 200_000 + 7] {
        let dev = memory::malloc(len + 16).expect("malloc");
        for (src_off, dev_off, dst_off) in [(0, 0, 0), (1, 0, 3), (3, 5, 0), (7, 8, 1)] {
            let src = pattern(len + 8, len as u8);
            let at = dev.offset(dev_off as u64);
            memory::memcpy_htod(at, &src[src_off..src_off + len]).expect("H2D");
            let mut back = vec![0xeeu8; len + 8];
            memory::memcpy_dtoh(&mut back[dst_off..dst_off + len], at).expect("D2H");
            assert!(
                back[dst_off..dst_off + len] == src[src_off..src_off + len],
                "{len} bytes +{src_off}/+{dev_off}/+{dst_off}"
            );
            assert!(back[..dst_off].iter().chain(&back[dst_off + len..]).all(|&b| b == 0xee));
        }
        memory::free(dev).expect("free");
    }
}

#[test]
fn device_to_device_copies_between_differently_aligned_ends() {
    let len = 100_003;
    let (a, b) = (memory::malloc(len + 8).expect("malloc"), memory::malloc(len + 8).expect("malloc"));
    let src = pattern(len, 7);
    memory::memcpy_htod(a.offset(3), &src).expect("H2D");
    memory::memcpy_dtod(b.offset(6), a.offset(3), len).expect("D2D");
    let mut back = vec![0u8; len];
    memory::memcpy_dtoh(&mut back, b.offset(6)).expect("D2H");
    assert!(back == src);
    memory::free(a).expect("free");
    memory::free(b).expect("free");
}

#[test]
fn pitched_copies_move_rows_and_slices_from_pageable_memory() {
    // 3 slices of 5 rows: host rows packed, device rows further apart in slices of 6 rows;
    // 10 KB of host rows (moved through the kernel) and 105 KB (mappings checked, direct).
    for (width, dpitch) in [(700usize, 1024usize), (7000, 8192)] {
        pitched_copy(width, dpitch);
    }
}

fn pitched_copy(width: usize, dpitch: usize) {
    let (rows, depth, drows) = (5usize, 3usize, 6usize);
    let host = pattern(width * rows * depth, 3);
    let dev = memory::malloc(dpitch * drows * depth).expect("malloc");
    memory::memset(dev, 0, dpitch * drows * depth).expect("memset");
    let to_dev = Copy3D {
        dst: dev.0,
        dpitch,
        dheight: drows,
        src: host.as_ptr() as u64,
        spitch: width,
        sheight: rows,
        width,
        height: rows,
        depth,
        kind: MemcpyKind::HostToDevice,
    };
    // SAFETY: `host` outlives the synchronous copy.
    unsafe { memory::memcpy_3d(to_dev, On::Sync(Stream::LEGACY)) }.expect("3D H2D");
    let mut whole = vec![0u8; dpitch * drows * depth];
    memory::memcpy_dtoh(&mut whole, dev).expect("D2H");
    for z in 0..depth {
        for y in 0..drows {
            let row = &whole[(z * drows + y) * dpitch..][..dpitch];
            if y < rows {
                let want = &host[(z * rows + y) * width..][..width];
                assert!(&row[..width] == want, "slice {z} row {y}");
                assert!(row[width..].iter().all(|&b| b == 0), "gap of slice {z} row {y}");
            } else {
                assert!(row.iter().all(|&b| b == 0), "slice {z} row {y} is outside the copy");
            }
        }
    }
    memory::free(dev).expect("free");
}

#[test]
fn patterned_memsets_fill_each_row_from_its_start() {
    // cudaMemset2D-style: 4 rows of 10 32-bit elements, rows 48 bytes apart.
    let (pitch, width, rows) = (48usize, 10usize, 4usize);
    let dev = memory::malloc(pitch * rows).expect("malloc");
    memory::memset(dev, 0xaa, pitch * rows).expect("memset");
    let set =
        Set3D { dst: dev, pitch, slice_rows: rows, value: 0x0403_0201, elem_size: 4, width, height: rows, depth: 1 };
    memory::memset_3d(set, On::Sync(Stream::LEGACY)).expect("memset 2D");
    let mut back = vec![0u8; pitch * rows];
    memory::memcpy_dtoh(&mut back, dev).expect("D2H");
    for (y, row) in back.chunks(pitch).enumerate() {
        assert!(row[..4 * width].chunks(4).all(|c| c == [1, 2, 3, 4]), "row {y}");
        assert!(row[4 * width..].iter().all(|&b| b == 0xaa), "gap of row {y}");
    }
    memory::free(dev).expect("free");
}

#[test]
fn asynchronous_copies_complete_in_stream_order() {
    let len = 1 << 20;
    let s = Stream::new().expect("stream");
    let dev = memory::malloc(len).expect("malloc");
    let src = pattern(len, 9);
    let mut back = vec![0u8; len];
    // SAFETY: both host buffers outlive the stream synchronization below.
    unsafe {
        memory::memcpy_raw(dev.0, src.as_ptr() as u64, len, MemcpyKind::HostToDevice, Some(s)).expect("H2D async");
        memory::memcpy_raw(back.as_mut_ptr() as u64, dev.0, len, MemcpyKind::DeviceToHost, Some(s)).expect("D2H async");
    }
    s.synchronize().expect("sync");
    assert!(back == src);
    memory::free(dev).expect("free");
    s.destroy().expect("destroy");
}

/// A stream kept busy for `ms` milliseconds by a host function, so that work queued behind it
/// has not run when the queueing call returns.
fn busy_stream(ms: u64) -> Stream {
    let s = Stream::new().expect("stream");
    s.launch_host_func(Box::new(move || std::thread::sleep(std::time::Duration::from_millis(ms)))).expect("host func");
    s
}

#[test]
fn asynchronous_copy_from_pageable_memory_lets_the_caller_reuse_the_buffer_at_once() {
    // CUDA stages pageable memory: cudaMemcpyAsync returns once the source was read, and the
    // program may overwrite it while the copy still waits in its stream.
    for len in [5usize, 100_000] {
        let s = busy_stream(150);
        let dev = memory::malloc(len).expect("malloc");
        let mut src = pattern(len, 1);
        let sent = src.clone();
        // SAFETY: `src` is valid while the call runs (it is pageable memory: staged).
        unsafe { memory::memcpy_raw(dev.0, src.as_ptr() as u64, len, MemcpyKind::HostToDevice, Some(s)) }
            .expect("H2D async");
        src.fill(0x55);
        s.synchronize().expect("sync");
        let mut back = vec![0u8; len];
        memory::memcpy_dtoh(&mut back, dev).expect("D2H");
        assert!(back == sent, "{len} bytes: the copy read the buffer after the call returned");
        memory::free(dev).expect("free");
        s.destroy().expect("destroy");
    }
}

#[test]
fn asynchronous_copy_to_pageable_memory_is_done_when_the_call_returns() {
    // A copy into pageable memory returns once complete (after the stream's earlier work).
    let len = 4099;
    let dev = memory::malloc(len).expect("malloc");
    let sent = pattern(len, 2);
    memory::memcpy_htod(dev, &sent).expect("H2D");
    let s = busy_stream(150);
    let mut back = vec![0u8; len];
    // SAFETY: `back` outlives the call, which completes the copy before returning.
    unsafe { memory::memcpy_raw(back.as_mut_ptr() as u64, dev.0, len, MemcpyKind::DeviceToHost, Some(s)) }
        .expect("D2H async");
    assert!(back == sent, "the copy into pageable memory had not happened when the call returned");
    s.synchronize().expect("sync");
    memory::free(dev).expect("free");
    s.destroy().expect("destroy");
}
