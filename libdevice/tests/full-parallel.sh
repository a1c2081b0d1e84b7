#!/usr/bin/env bash
# The accuracy harness at full size on many cores: every function of case_list.h over
# N random inputs (default 10^6) plus the edge cases, split into SHARDS independent streams per
# function run side by side, the shards' maxima merged into one table (max ulp, inputs tried,
# worst input).
#   libdevice/tests/full-parallel.sh build DIR            here: a static harness binary in DIR
#   libdevice/tests/full-parallel.sh run DIR [N] [SHARDS] anywhere (e.g. a 16-core machine
#                                                         without MPFR): the merged table on stdout;
#                                                         each shard's row is kept in $SHARDS_DIR
#                                                         (default: a new temporary directory)
#   libdevice/tests/full-parallel.sh merge SHARDS_DIR     the table of the shards there (those that
#                                                         finished: a run cut short still counts)
# FEWER="name=N name=N" gives the named functions N inputs instead (the slowest references,
# erfcinv's and normcdfinv's, take about 0.2 ms an input).
set -euo pipefail
mode=${1:?usage: full-parallel.sh build DIR | run DIR [N] [SHARDS]}
dir=${2:?DIR}
here=$(cd "$(dirname "$0")" && pwd)
case $mode in
build)
  mkdir -p "$dir"
  "${CLANG:-clang-19}" -O2 -march=x86-64-v3 -ffp-contract=off -fno-math-errno -Wall -Wno-unused-function \
    -static "$here/accuracy.c" -o "$dir/accuracy" -lmpfr -lgmp -lm
  cp "$0" "$dir/"
  ;;
run)
  n=${3:-1000000}
  shards=${4:-16}
  per=$(( (n + shards - 1) / shards ))
  out=${SHARDS_DIR:-$(mktemp -d)}
  mkdir -p "$out"
  "$dir/accuracy" --list > "$out/names"
  while read -r f; do
    count=$per
    for o in ${FEWER:-}; do [ "${o%%=*}" = "$f" ] && count=$(( (${o#*=} + shards - 1) / shards )); done
    for s in $(seq 0 $((shards - 1))); do echo "$f $s $count"; done
  done < "$out/names" |
    xargs -P "$(nproc)" -n 3 sh -c '"$0" --only "$1" --shard "$2" --n "$3" | tail -n +2 > '"$out"'/"$1.$2"' "$dir/accuracy"
  "$0" merge "$out"
  ;;
merge)
  out=$dir
  [ -f "$out/names" ] || ls "$out" | sed 's/\.[0-9]*$//' | sort -u > "$out/names"
  python3 - "$out" <<'PY'
import sys, glob, re
out = sys.argv[1]
print(f"{'function':<16} {'bound':>8} {'max ulp':>12} {'inputs':>9}  worst input")
for name in open(f"{out}/names").read().split():
    worst, inputs, where, bound, absmax, absnote, bad = -1.0, 0, "", "", 0.0, "", False
    for path in sorted(glob.glob(f"{out}/{name}.*")):
        for line in open(path):
            parts = line.split()
            if not parts or parts[0] != name:
                continue
            bound, ulp, tried = parts[1], float(parts[2]), int(parts[3])
            rest = line.split(None, 4)[4].rstrip("\n") if len(parts) > 4 else ""
            inputs += tried
            bad |= "EXCEEDS" in rest
            m = re.search(r"\[abs err (\S+) for (.*)\]", rest)
            if m and float(m.group(1)) >= absmax:
                absmax, absnote = float(m.group(1)), f"  [abs err {m.group(1)} for {m.group(2)}]"
            if ulp > worst:
                worst, where = ulp, re.sub(r"\s+EXCEEDS|\s+\[abs err.*", "", rest).strip()
    print(f"{name:<16} {bound:>8} {worst:12.3f} {inputs:9d}  {where}{'  EXCEEDS' if bad else ''}{absnote}")
PY
  ;;
esac
