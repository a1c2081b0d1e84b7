//! The trace written at exit: Chrome's trace-event format (JSON object form), which Perfetto
//! and `chrome://tracing` open. Each event is a complete event (`"ph": "X"`) with its start
//! (`ts`) and duration (`dur`) in microseconds, on the track (`tid`) of the host thread (API
//! calls) or stream (kernels, copies) it ran on; metadata events (`"ph": "M"`) name the
//! process and each track.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{Record, Track};

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The track's name in the trace.
fn track_name(t: Track) -> String {
    match t {
        Track::Host(n) => format!("host thread {n} (API calls)"),
        Track::Stream(0) => "stream 0 (legacy default)".to_string(),
        Track::Stream(h) => format!("stream 0x{h:x}"),
    }
}

/// The trace of `r` as JSON, for process `pid`.
pub fn render(r: &Record, pid: u32) -> String {
    // Track ids: streams first (by handle), then host threads.
    let mut tids: BTreeMap<Track, u64> = BTreeMap::new();
    for e in &r.events {
        tids.entry(e.track).or_insert(0);
    }
    let mut ordered: Vec<Track> = tids.keys().copied().collect();
    ordered.sort_by_key(|t| match t {
        Track::Stream(h) => (0, *h),
        Track::Host(n) => (1, *n),
    });
    for (i, t) in ordered.iter().enumerate() {
        tids.insert(*t, i as u64 + 1);
    }
    let mut out = String::from("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
    let _ = write!(
        out,
        "{{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":{pid},\"tid\":0,\"args\":{{\"name\":\"cuprite\"}}}}"
    );
    for t in &ordered {
        let _ = write!(
            out,
            ",\n{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":{pid},\"tid\":{},\"args\":{{\"name\":{}}}}}",
            tids[t],
            json_string(&track_name(*t))
        );
    }
    // Demangled once per kernel name.
    let mut names: BTreeMap<&str, String> = BTreeMap::new();
    for e in &r.events {
        let name = if e.category == "kernel" {
            names.entry(&e.name).or_insert_with(|| super::summary::readable(&e.name)).as_str()
        } else {
            &e.name
        };
        let _ = write!(
            out,
            ",\n{{\"name\":{},\"cat\":\"{}\",\"ph\":\"X\",\"ts\":{:.3},\"dur\":{:.3},\"pid\":{pid},\"tid\":{},\"args\":{{",
            json_string(name),
            e.category,
            e.start.as_secs_f64() * 1e6,
            e.duration.as_secs_f64() * 1e6,
            tids[&e.track]
        );
        for (i, (k, v)) in e.args.iter().enumerate() {
            let _ = write!(out, "{}{}:{}", if i > 0 { "," } else { "" }, json_string(k), json_string(v));
        }
        out.push_str("}}");
    }
    out.push_str("\n]}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(json_string("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    }
}
