#!/usr/bin/env bash
# Records what a real GPU prints for each program here (run on the device machine):
#   tests/program-diff/record.sh OUTDIR     → OUTDIR/NAME.txt, one per program
# crates/cudart/tests/program_diff.rs runs the same programs on Cuprite and compares (every NAME.cu
# here needs its expected/NAME.txt; PROGRAM_DIFF_ONLY=name1,name2 checks only those).
set -u
out=${1:?usage: record.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out" /tmp/pdiff
for f in "$here"/*.cu; do
    n=$(basename "$f" .cu)
    # the flags of a first line `// flags: ...` (program_diff.rs builds with them too)
    flags=$(sed -n '1s|^// flags:||p' "$f")
    # shellcheck disable=SC2086
    nvcc -arch=sm_90 $flags -o "/tmp/pdiff/$n" "$f" > "/tmp/pdiff/$n.build" 2>&1 || { echo "BUILD FAIL $n"; cat "/tmp/pdiff/$n.build"; continue; } &
done
wait
for f in "$here"/*.cu; do
    n=$(basename "$f" .cu)
    [ -x "/tmp/pdiff/$n" ] && (cd /tmp/pdiff && timeout 60 "./$n" > "$out/$n.txt" 2>&1; echo "$n rc=$?")
done
