#!/usr/bin/env bash
# On a GPU machine (the device tool), from the repository root, with the dump in DIR
# (CONFORMANCE_DUMP=DIR cargo test --release -p cuprite-simt --test conformance, run here first):
#   bash tests/conformance-gpu/run.sh DIR [HASHES_OUT]
set -euo pipefail
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
g++ -std=c++17 -O2 -o /tmp/conformance-replay "$here/replay.cpp" -ldl
/tmp/conformance-replay "$dir"
python3 "$here/compare.py" "$dir" "${2:-/dev/null}"
