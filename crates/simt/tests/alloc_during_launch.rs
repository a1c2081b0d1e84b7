//! Allocating while a kernel runs: CUDA's allocation calls (`cudaMalloc`, `cudaMallocHost`,
//! `cudaMallocManaged`, `cudaHostRegister`) return while kernels are still running, even a
//! kernel that waits for the host (tests/program-diff/alloc_while_kernel_runs.cu). Here a
//! kernel spins until the host writes a flag; meanwhile the host allocates device memory,
//! unified memory and maps host memory, uses them (copies, lookups), and only then releases
//! the kernel. A watchdog releases it after a few seconds, so that an allocation that waited
//! for the kernel shows as a failure instead of a hang.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use simt::{AllocKind, DeviceMemory, Dim3, Params};

mod common;

use common::{ENGINES, download_u32, program};

const SPIN: &str = r#"
.version 8.0
.target sm_90
.address_size 64

.visible .entry spin(.param .u64 flag)
{
    .reg .pred %p;
    .reg .b32 %v;
    .reg .b64 %f;
    ld.param.u64 %f, [flag];
    cvta.to.global.u64 %f, %f;
WAIT:
    ld.volatile.global.u32 %v, [%f];
    setp.eq.u32 %p, %v, 0;
    @%p bra WAIT;
    ret;
}

.visible .entry add1(.param .u64 buf)
{
    .reg .b32 %t, %v;
    .reg .b64 %b, %o;
    ld.param.u64 %b, [buf];
    cvta.to.global.u64 %b, %b;
    mov.u32 %t, %tid.x;
    mul.wide.u32 %o, %t, 4;
    add.s64 %b, %b, %o;
    ld.global.u32 %v, [%b];
    add.u32 %v, %v, 1;
    st.global.u32 [%b], %v;
    ret;
}
"#;

#[test]
fn allocations_do_not_wait_for_running_kernels() {
    for e in ENGINES {
        let p = program(SPIN, e);
        let mem = DeviceMemory::new();
        // The flag is mapped host memory, set without going through `mem` (whose lock an
        // allocation waiting for the kernel would hold).
        let flag_word = AtomicU32::new(0);
        // SAFETY: `flag_word` outlives the mapping (unmapped below) and is only accessed
        // atomically.
        let flag = unsafe { mem.map_host(flag_word.as_ptr().cast(), 4) }.unwrap();
        let (released_by_watchdog, done) = (AtomicBool::new(false), AtomicBool::new(false));
        let mut host = vec![0u32; 64];
        std::thread::scope(|s| {
            let kernel = s.spawn(|| {
                let mut params = Params::new();
                params.ptr(flag);
                p.launch("spin", Dim3::x(1), Dim3::x(1), 0, params.bytes(), &mem)
            });
            s.spawn(|| {
                for _ in 0..500 {
                    if done.load(Ordering::SeqCst) {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                released_by_watchdog.store(true, Ordering::SeqCst);
                flag_word.store(1, Ordering::SeqCst);
            });
            // Give the kernel time to start and hold the memory.
            std::thread::sleep(Duration::from_millis(100));
            let d = mem.alloc(256).unwrap();
            mem.write(d, &(0..64u32).flat_map(u32::to_le_bytes).collect::<Vec<_>>()).unwrap();
            assert_eq!(download_u32(&mem, d, 64), (0..64).collect::<Vec<_>>(), "{e:?}: copies into a new allocation");
            let u = mem.alloc_unified(64).unwrap();
            assert_eq!(mem.lookup(u.0).map(|i| i.kind), Some(AllocKind::Unified), "{e:?}");
            assert_eq!(mem.lookup(d.0 + 255).map(|i| i.kind), Some(AllocKind::Device), "{e:?}");
            // SAFETY: `host` outlives the mapping (unmapped below, before it drops) and is
            // not touched by Rust code while mapped.
            let m = unsafe { mem.map_host(host.as_mut_ptr().cast(), 256) }.unwrap();
            assert_eq!(mem.lookup(m.0).map(|i| i.kind), Some(AllocKind::MappedHost), "{e:?}");
            done.store(true, Ordering::SeqCst);
            assert!(!released_by_watchdog.load(Ordering::SeqCst), "{e:?}: the allocations waited for the kernel");
            flag_word.store(1, Ordering::SeqCst);
            kernel.join().unwrap().unwrap_or_else(|f| panic!("{e:?}: {f}"));
            // The kernel is done: the new allocations work for launches and free as usual.
            let mut params = Params::new();
            params.ptr(d);
            p.launch("add1", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
            assert_eq!(download_u32(&mem, d, 64), (1..65).collect::<Vec<_>>(), "{e:?}");
            mem.unmap_host(m).unwrap();
            mem.unmap_host(flag).unwrap();
            mem.free(u).unwrap();
            mem.free(d).unwrap();
            assert_eq!(mem.lookup(d.0), None, "{e:?}");
        });
        drop(host);
    }
}
