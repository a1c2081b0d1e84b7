//! What `cudaMemAdvise` and `cudaMemPrefetchAsync` said about managed memory, page by page,
//! for `cudaMemRangeGetAttribute`.
//!
//! Managed memory is always resident on the CPU device, so advice and prefetches move nothing;
//! but programs read them back (`cudaMemRangeAttributeLastPrefetchLocation` and the others),
//! and CUDA answers per page: a value holds for a range only if it holds for every page the
//! range touches. Each managed allocation keeps its pages' state as runs of equal pages.
//! The answers follow an H200's (tests/gpu-programs/probe_managed.txt).

use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::context::lock;

/// The granularity advice and prefetches apply at (a host page).
const PAGE: u64 = 4096;

/// `cudaInvalidDeviceId`: no location, or pages that disagree.
const INVALID_DEVICE: i32 = -2;
/// `cudaCpuDeviceId`: the host.
const CPU_DEVICE: i32 = -1;

/// A processor memory can be advised for or prefetched to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// A device (its ordinal).
    Device(i32),
    /// The host (any of its NUMA locations).
    Host,
}

impl Place {
    /// The place a valid `cudaMemLocation` (`type`, `id`) names.
    pub(crate) fn of(location_type: i32, id: i32) -> Place {
        if location_type == 1 { Place::Device(id) } else { Place::Host }
    }

    /// As the legacy attributes write it: the device ordinal, or `cudaCpuDeviceId`.
    fn id(self) -> i32 {
        match self {
            Place::Device(d) => d,
            Place::Host => CPU_DEVICE,
        }
    }

    /// As `cudaMemLocationType`: Device (1) or Host (2).
    fn location_type(self) -> i32 {
        match self {
            Place::Device(_) => 1,
            Place::Host => 2,
        }
    }
}

/// What was said about one page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct PageState {
    read_mostly: bool,
    preferred: Option<Place>,
    /// `cudaMemAdviseSetAccessedBy` for device 0 and for the host.
    accessed_by_device: bool,
    accessed_by_host: bool,
    last_prefetch: Option<Place>,
}

/// Runs of pages in equal states: page number → the state from it up to the next key.
type Runs = BTreeMap<u64, PageState>;

/// Every managed allocation's runs, by allocation base (allocations never advised on or
/// prefetched have none: all their pages are in the default state).
fn table() -> std::sync::MutexGuard<'static, BTreeMap<u64, Runs>> {
    static T: Mutex<BTreeMap<u64, Runs>> = Mutex::new(BTreeMap::new());
    lock(&T)
}

/// The pages `addr..addr + len` touches (`len > 0`), numbered from the allocation's base
/// (where its first page starts, as CUDA's managed allocations are page-aligned).
fn pages(base: u64, addr: u64, len: u64) -> (u64, u64) {
    let off = addr - base;
    (off / PAGE, (off + len).div_ceil(PAGE))
}

/// Starts a run at page `at` (keeping the state there), so that runs split there.
fn split(runs: &mut Runs, at: u64) {
    let state = runs.range(..=at).next_back().map(|(_, s)| *s).unwrap_or_default();
    runs.entry(at).or_insert(state);
}

/// Applies `change` to the pages `addr..addr + len` touch, in allocation `base`.
fn update(base: u64, addr: u64, len: u64, change: impl Fn(&mut PageState)) {
    let (first, end) = pages(base, addr, len);
    let mut t = table();
    let runs = t.entry(base).or_default();
    split(runs, first);
    split(runs, end);
    for (_, s) in runs.range_mut(first..end) {
        change(s);
    }
}

/// The states of the pages `addr..addr + len` touches, in allocation `base` (one per run).
fn states(base: u64, addr: u64, len: u64) -> Vec<PageState> {
    let (first, end) = pages(base, addr, len);
    let t = table();
    let Some(runs) = t.get(&base) else { return vec![PageState::default()] };
    let head = runs.range(..=first).next_back().map(|(_, s)| *s).unwrap_or_default();
    std::iter::once(head).chain(runs.range(first + 1..end).map(|(_, s)| *s)).collect()
}

/// Forgets a freed allocation.
pub(crate) fn forget(base: u64) {
    table().remove(&base);
}

/// `cudaMemPrefetchAsync` to `to` (recorded when requested, as CUDA's attribute is "the last
/// location the application requested to prefetch the memory range to").
pub(crate) fn prefetched(base: u64, addr: u64, len: u64, to: Place) {
    update(base, addr, len, |s| s.last_prefetch = Some(to));
}

/// `cudaMemAdvise` (`advice` 1..=6, already validated) for `at`.
pub(crate) fn advised(base: u64, addr: u64, len: u64, advice: i32, at: Place) {
    update(base, addr, len, |s| match advice {
        1 => s.read_mostly = true,
        2 => s.read_mostly = false,
        3 => s.preferred = Some(at),
        4 => s.preferred = None,
        5 | 6 => {
            let on = advice == 5;
            match at {
                Place::Device(_) => s.accessed_by_device = on,
                Place::Host => s.accessed_by_host = on,
            }
        }
        _ => {}
    });
}

/// The one place every page agrees on, if they all have one.
fn common(states: &[PageState], field: impl Fn(&PageState) -> Option<Place>) -> Option<Place> {
    let first = field(states.first()?)?;
    states.iter().all(|s| field(s) == Some(first)).then_some(first)
}

/// `cudaMemRangeGetAttribute`'s values (32-bit integers) for `attr` (1..=8) over the pages
/// `addr..addr + len` touches, `slots` of them for AccessedBy (3), else one.
pub(crate) fn attribute(base: u64, addr: u64, len: u64, attr: i32, slots: usize) -> Vec<i32> {
    let st = states(base, addr, len);
    let preferred = common(&st, |s| s.preferred);
    let last = common(&st, |s| s.last_prefetch);
    match attr {
        1 => vec![i32::from(st.iter().all(|s| s.read_mostly))],
        2 | 6 => vec![preferred.map_or(INVALID_DEVICE, Place::id)],
        3 => {
            let mut v = Vec::with_capacity(slots);
            if st.iter().all(|s| s.accessed_by_device) {
                v.push(0);
            }
            if st.iter().all(|s| s.accessed_by_host) {
                v.push(CPU_DEVICE);
            }
            v.resize(slots, INVALID_DEVICE);
            v
        }
        4 | 8 => vec![last.map_or(INVALID_DEVICE, Place::id)],
        5 => vec![preferred.map_or(0, Place::location_type)],
        7 => vec![last.map_or(0, Place::location_type)],
        _ => vec![0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;

    #[test]
    fn attributes_hold_only_where_every_page_agrees() {
        // As in tests/gpu-programs/probe_managed.txt: a 4 MiB allocation, all prefetched to
        // the device, then its first half to the host.
        let base = 0x7000_0000_0000;
        assert_eq!(attribute(base, base, 4 * MIB, 4, 1), vec![-2]);
        prefetched(base, base, 4 * MIB, Place::Device(0));
        assert_eq!(attribute(base, base, 4 * MIB, 4, 1), vec![0]);
        prefetched(base, base, 2 * MIB, Place::Host);
        assert_eq!(attribute(base, base, 4 * MIB, 4, 1), vec![-2]);
        assert_eq!(attribute(base, base, 2 * MIB, 4, 1), vec![-1]);
        assert_eq!(attribute(base, base, 2 * MIB, 7, 1), vec![2]);
        assert_eq!(attribute(base, base + 2 * MIB, 2 * MIB, 8, 1), vec![0]);
        assert_eq!(attribute(base, base + 1, 1, 4, 1), vec![-1]);
        // A range ending just inside the device half touches one device page.
        assert_eq!(attribute(base, base + 2 * MIB - 8, 16, 4, 1), vec![-2]);
        // Pages start at the allocation's base, whatever its alignment.
        let odd = 0x7100_0000_0100;
        prefetched(odd, odd, 8192, Place::Host);
        assert_eq!(attribute(odd, odd + 4096, 4096, 4, 1), vec![-1]);
        assert_eq!(attribute(odd, odd + 8192, 1, 4, 1), vec![-2]);

        advised(base, base, 4 * MIB, 5, Place::Device(0));
        advised(base, base, 4 * MIB, 5, Place::Host);
        assert_eq!(attribute(base, base, 4 * MIB, 3, 3), vec![0, -1, -2]);
        advised(base, base + 2 * MIB, 2 * MIB, 6, Place::Device(0));
        assert_eq!(attribute(base, base, 4 * MIB, 3, 3), vec![-1, -2, -2]);
        assert_eq!(attribute(base, base, 2 * MIB, 3, 2), vec![0, -1]);

        advised(base, base, 4 * MIB, 1, Place::Device(0));
        advised(base, base, 2 * MIB, 2, Place::Device(0));
        assert_eq!(attribute(base, base, 4 * MIB, 1, 1), vec![0]);
        assert_eq!(attribute(base, base + 2 * MIB, 2 * MIB, 1, 1), vec![1]);

        advised(base, base, 4 * MIB, 3, Place::Device(0));
        assert_eq!((attribute(base, base, 4 * MIB, 2, 1), attribute(base, base, 4 * MIB, 5, 1)), (vec![0], vec![1]));
        advised(base, base, 2 * MIB, 3, Place::Host);
        assert_eq!(attribute(base, base, 4 * MIB, 2, 1), vec![-2]);
        assert_eq!(attribute(base, base, 4 * MIB, 5, 1), vec![0]);
        assert_eq!(attribute(base, base, 2 * MIB, 6, 1), vec![-1]);
        forget(base);
        assert_eq!(attribute(base, base, 4 * MIB, 2, 1), vec![-2]);
    }
}
