//! The profile summary printed at exit: like `nsys profile --stats`'s tables, one for kernels
//! (by grid, block and engine tier), one for copies and memsets (by kind), one for API calls.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use super::{Record, Totals};

/// Microseconds, for the tables.
fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// A kernel's name for people: demangled where it is a C++ name.
pub(super) fn readable(name: &str) -> String {
    simt::demangle(name).unwrap_or_else(|| name.to_string())
}

/// `part` as a percentage of `whole`.
fn percent(part: Duration, whole: Duration) -> f64 {
    if whole.is_zero() { 0.0 } else { 100.0 * part.as_secs_f64() / whole.as_secs_f64() }
}

/// The summary of `r`, profiled until `end`.
pub fn render(r: &Record, end: Instant) -> String {
    let mut out = String::new();
    let wall = end.saturating_duration_since(r.start);
    let _ = writeln!(out, "\ncuprite profile: {:.3} ms from the first CUDA call to exit", us(wall) / 1e3);
    kernels(r, &mut out);
    copies(r, &mut out);
    api(r, &mut out);
    ranges(r, &mut out);
    if r.dropped > 0 {
        let _ = writeln!(
            out,
            "(the trace holds the first {} events; {} more are only counted here)",
            r.events.len(),
            r.dropped
        );
    }
    out
}

fn kernels(r: &Record, out: &mut String) {
    let (total, launches, rows) = longest_first(&r.kernels);
    let _ = writeln!(out, "\nKernels: {launches} launches, {:.3} ms", us(total) / 1e3);
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        " Time(%)  Total(us)  Launches   Mean(us)    Min(us)    Max(us)  Grid             Block            Tier         Name"
    );
    let dims = |d: &[u32; 3]| format!("({},{},{})", d[0], d[1], d[2]);
    for ((name, grid, block, tier), t) in rows {
        let (lead, spread) = (lead_columns(t, total), spread_columns(t));
        let _ = writeln!(out, "{lead} {spread}  {:<16} {:<16} {tier:<12} {}", dims(grid), dims(block), readable(name));
    }
}

fn copies(r: &Record, out: &mut String) {
    let (total, count, rows) = longest_first(&r.copies);
    let _ = writeln!(out, "\nCopies and memsets: {count}, {:.3} ms", us(total) / 1e3);
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(out, " Time(%)  Total(us)     Count          Bytes    Mean(us)     GB/s  Kind");
    for (kind, t) in rows {
        let gbs = if t.total.is_zero() { 0.0 } else { t.bytes as f64 / t.total.as_secs_f64() / 1e9 };
        let lead = lead_columns(t, total);
        let _ = writeln!(out, "{lead} {:>14} {:>11.2} {gbs:>8.2}  {}", t.bytes, us(t.mean()), kind.name());
    }
}

fn api(r: &Record, out: &mut String) {
    let (total, count, rows) = longest_first(&r.api);
    let _ = writeln!(out, "\nAPI calls: {count}, {:.3} ms of host threads' time", us(total) / 1e3);
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(out, " Time(%)  Total(us)     Calls   Mean(us)    Min(us)    Max(us)  Name");
    for (name, t) in rows {
        let _ = writeln!(out, "{} {}  {name}", lead_columns(t, total), spread_columns(t));
    }
}

/// The program's NVTX ranges, when it has any.
fn ranges(r: &Record, out: &mut String) {
    let (total, count, rows) = longest_first(&r.ranges);
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(out, "\nNVTX ranges: {count}, {:.3} ms", us(total) / 1e3);
    let _ = writeln!(out, " Time(%)  Total(us)     Count   Mean(us)    Min(us)    Max(us)  Name");
    for (name, t) in rows {
        let _ = writeln!(out, "{} {}  {name}", lead_columns(t, total), spread_columns(t));
    }
}

/// A table's total time and count, and its rows, the longest total first.
fn longest_first<K>(table: &BTreeMap<K, Totals>) -> (Duration, u64, Vec<(&K, &Totals)>) {
    let total = table.values().map(|t| t.total).sum();
    let count = table.values().map(|t| t.count).sum();
    let mut rows: Vec<_> = table.iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1.total));
    (total, count, rows)
}

/// The columns every table starts with: the row's share of the table's `total` time, its
/// total time and its count.
fn lead_columns(t: &Totals, total: Duration) -> String {
    format!("{:>8.1} {:>10.1} {:>9}", percent(t.total, total), us(t.total), t.count)
}

/// The mean, shortest and longest time of a row.
fn spread_columns(t: &Totals) -> String {
    format!("{:>10.2} {:>10.2} {:>10.2}", us(t.mean()), us(t.min), us(t.max))
}

#[cfg(test)]
mod tests {
    use super::super::{CopyKind, Track};
    use super::*;
    use std::sync::Arc;

    #[test]
    fn tables_count_launches_and_bytes() {
        let mut r = Record::new(false);
        let t0 = r.start;
        let k: Arc<str> = Arc::from("scale");
        for _ in 0..3 {
            r.kernel(
                (k.clone(), [4, 1, 1], [32, 1, 1], "interpreter"),
                Track::Stream(0),
                t0,
                Duration::from_micros(10),
            );
        }
        r.copy(CopyKind::HostToDevice, 1 << 20, Track::Host(1), t0, Duration::from_micros(100));
        r.copy(CopyKind::HostToDevice, 1 << 20, Track::Host(1), t0, Duration::from_micros(100));
        r.api("cudaMemcpy", Track::Host(1), t0, Duration::from_micros(101));
        let s = render(&r, t0 + Duration::from_millis(1));
        assert!(s.contains("Kernels: 3 launches, 0.030 ms"), "{s}");
        let row = s.lines().find(|l| l.ends_with(" scale")).expect("kernel row");
        let cols: Vec<&str> = row.split_whitespace().collect();
        // Time(%), Total, Launches, Mean, Min, Max, Grid, Block, Tier, Name.
        assert_eq!(cols[..7], ["100.0", "30.0", "3", "10.00", "10.00", "10.00", "(4,1,1)"]);
        let row = s.lines().find(|l| l.ends_with("memcpy host-to-device")).expect("copy row");
        let cols: Vec<&str> = row.split_whitespace().collect();
        // 2 MiB in 200 us: 10.49 GB/s.
        assert_eq!(cols[..6], ["100.0", "200.0", "2", "2097152", "100.00", "10.49"]);
        assert!(s.lines().any(|l| l.ends_with(" cudaMemcpy") && l.contains(" 1 ")), "{s}");
        // No NVTX ranges, no table; two of one name, one row counting both.
        assert!(!s.contains("NVTX ranges"), "{s}");
        let step: Arc<str> = Arc::from("step");
        r.range(step.clone(), Track::Host(1), t0, Duration::from_micros(30));
        r.range(step, Track::Host(1), t0, Duration::from_micros(10));
        let s = render(&r, t0 + Duration::from_millis(1));
        assert!(s.contains("NVTX ranges: 2, 0.040 ms"), "{s}");
        let row = s.lines().find(|l| l.ends_with(" step")).expect("range row");
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cols[..6], ["100.0", "40.0", "2", "20.00", "10.00", "30.00"]);
    }
}
