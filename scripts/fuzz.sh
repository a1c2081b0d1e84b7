#!/usr/bin/env bash
# Coverage-guided fuzzing of the PTX front end (parse + validate + print) with libFuzzer.
#   scripts/fuzz.sh [SECONDS]      default 300
# With a nightly toolchain, `cargo fuzz run parse` does the same. On stable (all this project
# has), this builds fuzz/ with the sanitizer-coverage passes that cargo-fuzz would add, for the
# target triple only (so build scripts stay uninstrumented), seeds the corpus with the -O3
# fixtures, and runs. Crashes land in fuzz/artifacts/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
secs="${1:-300}"
triple="$(rustc -vV | sed -n 's/^host: //p')"
cd "$root/fuzz"
RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks" \
    cargo build --release --target "$triple" --target-dir target/cov
mkdir -p corpus/parse artifacts
cp -n "$root"/tests/corpus/ptx/*.O3.ptx corpus/parse/ 2>/dev/null || true
exec "target/cov/$triple/release/parse" corpus/parse -dict=ptx.dict -artifact_prefix=artifacts/ \
    -max_total_time="$secs" -max_len=65536 -rss_limit_mb=4096
