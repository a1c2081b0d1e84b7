#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer of the PTX front end (parse + validate + print; target
# `parse`, the default) or the fatbin reader (target `fatbin`).
#   scripts/fuzz.sh [SECONDS [TARGET]]      default 300 parse
# With a nightly toolchain, `cargo fuzz run parse` does the same. On stable (all this project
# has), this builds fuzz/ with the sanitizer-coverage passes that cargo-fuzz would add, for the
# target triple only (so build scripts stay uninstrumented), seeds the corpus with the -O3
# fixtures, and runs. Crashes land in fuzz/artifacts/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
secs="${1:-300}"
target="${2:-parse}"
triple="$(rustc -vV | sed -n 's/^host: //p')"
cd "$root/fuzz"
RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks" \
    cargo build --release --target "$triple" --target-dir target/cov
mkdir -p "corpus/$target" artifacts
case "$target" in
    parse) cp -n "$root"/tests/corpus/ptx/*.O3.ptx corpus/parse/ 2>/dev/null || true; extra=(-dict=ptx.dict) ;;
    fatbin) cp -n "$root"/crates/fatbin/tests/seeds/*.fatbin corpus/fatbin/; extra=(-malloc_limit_mb=512) ;;
    *) echo "unknown fuzz target '$target' (parse, fatbin)" >&2; exit 2 ;;
esac
exec "target/cov/$triple/release/$target" "corpus/$target" "${extra[@]}" -artifact_prefix=artifacts/ \
    -max_total_time="$secs" -max_len=65536 -rss_limit_mb=4096
