//! Cuprite's Rust API: load PTX, allocate device memory, launch a kernel on a stream, time it
//! with events, and read the result back. `cargo run -p cuprite-runtime --example scale`.
//!
//! `scale.ptx` is `nvcc -arch=sm_90 -ptx` of
//! `extern "C" __global__ void scale(float* p, float f) { p[threadIdx.x + blockIdx.x * blockDim.x] *= f; }`.

use runtime::event::Event;
use runtime::module::Module;
use runtime::stream::Stream;
use runtime::{Dim3, Error, device, launch, memory};

fn main() -> Result<(), Error> {
    println!("device: {}", device::name());
    let module = Module::load_ptx(include_str!("scale.ptx"))?;
    let scale = module.function("scale")?;

    let n = 4096usize;
    let host: Vec<u8> = (0..n).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let buf = memory::malloc(n * 4)?;
    memory::memcpy_htod(buf, &host)?;

    let stream = Stream::new()?;
    let (start, stop) = (Event::new()?, Event::new()?);
    start.record(stream)?;
    launch::launch(
        &scale,
        Dim3::x(n as u32 / 256),
        Dim3::x(256),
        0,
        stream,
        &[&buf.0.to_le_bytes(), &2.5f32.to_le_bytes()],
    )?;
    stop.record(stream)?;
    stream.synchronize()?;
    println!("kernel took {:.3} ms", Event::elapsed_ms(start, stop)?);

    let mut out = vec![0u8; n * 4];
    memory::memcpy_dtoh(&mut out, buf)?;
    let ok =
        out.chunks_exact(4).enumerate().all(|(i, b)| f32::from_le_bytes([b[0], b[1], b[2], b[3]]) == i as f32 * 2.5);
    println!("result {}", if ok { "correct" } else { "WRONG" });

    // A configuration error is reported at once and is not sticky.
    let bad =
        launch::launch(&scale, Dim3::x(1), Dim3::x(1025), 0, stream, &[&buf.0.to_le_bytes(), &1f32.to_le_bytes()]);
    println!("1025 threads per block: {}", bad.err().map_or("accepted?".into(), |e| e.to_string()));

    memory::free(buf)?;
    stream.destroy()?;
    if ok { Ok(()) } else { Err(Error::Unknown) }
}
