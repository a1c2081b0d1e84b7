//! Where a kernel's bad global address lies, as a fault report says it after the fault
//! (`memory::fault_hint`): past the end of an allocation, before one, inside a freed one, near
//! a null pointer, outside the device's address range.

use runtime::memory::{fault_hint, free, malloc};

#[test]
fn bad_addresses_are_placed_against_the_allocations() {
    // (a first allocation of 100 bytes, so that `a - 4` is a device address nearer `a`)
    let first = malloc(100).expect("malloc");
    let a = malloc(1024).expect("malloc").0;
    let freed = malloc(4096).expect("malloc").0;
    free(runtime::DevicePtr(freed)).expect("free");
    let hint = |addr: u64| fault_hint(addr, &[]).unwrap_or_default();
    assert_eq!(
        hint(a + 1024),
        format!("0x{:x} is 0 bytes past the end of the 1024-byte allocation at 0x{a:x}", a + 1024)
    );
    assert_eq!(
        hint(a + 1100),
        format!("0x{:x} is 76 bytes past the end of the 1024-byte allocation at 0x{a:x}", a + 1100)
    );
    assert_eq!(
        hint(a + 1020),
        format!(
            "the access at 0x{:x} (1020 bytes in) runs past the end of the 1024-byte allocation at 0x{a:x}",
            a + 1020
        )
    );
    assert_eq!(hint(a - 4), format!("0x{:x} is 4 bytes before the 1024-byte allocation at 0x{a:x}", a - 4));
    assert_eq!(
        hint(freed + 20),
        format!("0x{:x} is 20 bytes into a 4096-byte allocation at 0x{freed:x} that cudaFree freed", freed + 20)
    );
    assert_eq!(hint(0), "0x0 is a null pointer");
    assert_eq!(hint(0x100), "0x100 is 256 bytes past a null pointer");
    let far_below = first.0 - (1 << 30);
    assert_eq!(
        hint(far_below),
        format!("0x{far_below:x} is 1073741824 bytes before the 100-byte allocation at 0x{:x}", first.0)
    );
    assert!(hint(0x7ffd_1234_0000).starts_with("0x7ffd12340000 is not a device address: a host pointer"));
}

/// A bad address nearer a module variable (`__device__` and `__constant__` arrays are
/// allocations of their own) than any allocation is placed against the variable, named. (No
/// allocation here: the variables lie 1 TiB into the device range, far from the other test's.)
#[test]
fn bad_addresses_next_to_module_variables_name_them() {
    let var = |name: &str, base: u64, size: u64, constant: bool| simt::PlacedVariable {
        name: name.to_string(),
        base,
        size,
        constant,
    };
    let c = simt::GLOBAL_BASE + (1 << 40);
    let g = c + 4096;
    let vars = [var("ctab", c, 64, true), var("_Z5tablei", g, 400, false)];
    let hint = |addr: u64| fault_hint(addr, &vars).unwrap_or_default();
    assert_eq!(
        hint(c + 64),
        format!("0x{:x} is 0 bytes past the end of the 64-byte __constant__ variable `ctab`", c + 64)
    );
    assert_eq!(
        hint(c + 60),
        format!(
            "the access at 0x{:x} (60 bytes in) runs past the end of the 64-byte __constant__ variable `ctab`",
            c + 60
        )
    );
    assert_eq!(
        hint(g - 8),
        format!("0x{:x} is 8 bytes before the 400-byte __device__ variable 'table(int)' (_Z5tablei)", g - 8)
    );
}
