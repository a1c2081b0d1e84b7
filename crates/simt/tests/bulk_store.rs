//! `cp.async.bulk.global.shared::cta.bulk_group` (PTX ISA, "Data Movement": bulk copies from a
//! block's shared memory to global memory, completed through bulk async-groups, what
//! `cuda::ptx::cp_async_bulk(space_global, space_shared, ...)` and TMA stores compile to): the
//! bytes arrive in global memory by `cp.async.bulk.wait_group.read 0`, and a copy whose size or
//! addresses are not multiples of 16 faults. Every check runs on every engine.

use simt::{DeviceMemory, Dim3, FaultKind, MemError, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download_u32, program, upload};

/// Each of a block's 64 threads stores `tid * 3 + ctaid` in a shared tile; thread 0 copies the
/// tile's `size` bytes to `out + ctaid * 256 + skew` in one bulk copy and waits for its reads.
fn store_kernel(size: u32, skew: u32) -> String {
    let kernel = Kernel::new("bulk_store", &["out"], Index::Thread).declare(".shared .align 128 .b8 tile[256];");
    module(
        "sm_90",
        &kernel.body(&format!(
            r#"
    mov.u32 %r2, %ctaid.x;
    mad.lo.s32 %r3, %r1, 3, %r2;
    mov.u32 %r4, tile;
    shl.b32 %r5, %r1, 2;
    add.s32 %r6, %r4, %r5;
    st.shared.u32 [%r6], %r3;
    fence.proxy.async.shared::cta;
    bar.sync 0;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r2, 256;
    add.s64 %rd4, %rd2, %rd3;
    add.s64 %rd4, %rd4, {skew};
    cp.async.bulk.global.shared::cta.bulk_group [%rd4], [%r4], {size};
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group.read 0;
DONE:
    ret;
"#
        )),
    )
}

#[test]
fn bulk_store_copies_a_shared_tile_to_global_memory() {
    let mem = DeviceMemory::new();
    for e in ENGINES {
        let p = program(&store_kernel(256, 0), e);
        let out = upload(&mem, &[0xdead_beef_u32; 4 * 64]);
        let mut params = Params::new();
        params.ptr(out);
        p.launch("bulk_store", Dim3::x(4), Dim3::x(64), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let want: Vec<u32> = (0..4u32).flat_map(|b| (0..64u32).map(move |t| t * 3 + b)).collect();
        assert_eq!(download_u32(&mem, out, 4 * 64), want, "{e:?}");
    }
}

#[test]
fn bulk_store_of_a_partial_tile_leaves_the_rest() {
    let mem = DeviceMemory::new();
    for e in ENGINES {
        let p = program(&store_kernel(48, 16), e);
        let out = upload(&mem, &[7_u32; 64 * 2]);
        let mut params = Params::new();
        params.ptr(out);
        p.launch("bulk_store", Dim3::x(2), Dim3::x(64), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let got = download_u32(&mem, out, 64 * 2);
        for b in 0..2u32 {
            let block = &got[b as usize * 64..][..64];
            // 16 bytes of skew, then 12 words of the tile, then what was there
            let want: Vec<u32> = (0..64u32).map(|i| if (4..16).contains(&i) { (i - 4) * 3 + b } else { 7 }).collect();
            assert_eq!(block, want, "{e:?} block {b}");
        }
    }
}

#[test]
fn bulk_store_of_a_size_not_a_multiple_of_16_faults() {
    let mem = DeviceMemory::new();
    for e in ENGINES {
        let p = program(&store_kernel(20, 0), e);
        let out = upload(&mem, &[0_u32; 64]);
        let mut params = Params::new();
        params.ptr(out);
        let f = p.launch("bulk_store", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap_err();
        assert!(matches!(f.kind, FaultKind::Memory(MemError::Misaligned { .. })), "{e:?}: {f}");
    }
}
