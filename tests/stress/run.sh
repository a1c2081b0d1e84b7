#!/usr/bin/env bash
# Stress harness: programs whose results depend on blocks and warps talking through memory,
# run many times on every engine, worker count and load, where one idle run shows nothing.
# Not part of CI's default run. From the repository root, after `cargo build --release`:
#
#   tests/stress/run.sh                      # every program, the whole matrix (a few minutes)
#   PROGRAMS="lookback_scan cub_device" ENGINES="warp block" WORKERS="2 4" tests/stress/run.sh
#   ITERS=50 LOADS="idle hog pin" COMPILERS="nvcc cuprite" tests/stress/run.sh
#
# Programs: tests/stress/*.cu (self-checking: exit 0 and a `PASS` line) and the program-diff
# programs named in PROGRAM_DIFF (their output must equal tests/program-diff/expected/NAME.txt).
# Matrix: ENGINES (default = CUPRITE_ENGINE unset) x WORKERS (CUPRITE_SIMT_WORKERS) x LOADS:
#   idle  nothing beside it;
#   hog   HOGS busy loops (default: as many as cores) beside it;
#   pin   taskset -c 0: every worker on one core;
#   fresh a new empty XDG_CACHE_HOME / CUPRITE_CACHE_DIR (block tier and JIT caches rebuilt).
# COMPILERS: nvcc (NVIDIA's, run by `cuprite exec`) and/or cuprite (`cuprite nvcc`).
# Each run is limited to TIMEOUT seconds (a hang is a failure). Logs of failures: target/stress/logs/.
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
CUPRITE=$ROOT/target/release/cuprite
OUTDIR=$ROOT/target/stress
ITERS=${ITERS:-10}
ENGINES=${ENGINES:-"default interp jit warp block"}
WORKERS=${WORKERS:-"1 2 4"}
LOADS=${LOADS:-"idle hog pin"}
COMPILERS=${COMPILERS:-"nvcc"}
TIMEOUT=${TIMEOUT:-120}
HOGS=${HOGS:-$(nproc)}
PROGRAMS=${PROGRAMS-"$(cd tests/stress && ls *.cu | sed 's/\.cu$//' | tr '\n' ' ')"}
PROGRAM_DIFF=${PROGRAM_DIFF-"decoupled_lookback_scan cub_device_sort cub_histo_rle_select cub_select_rle_partition cub_device_keyed cub_device_select_reduce cub_device_segments_batches thrust_keyed_algos fence_reduction_limits coop_launch_phases cg_grid_phases spin_locks_chains libcu_atomic_notify"}
mkdir -p "$OUTDIR/bin" "$OUTDIR/logs"
source "$ROOT/scripts/nvcc-env.sh" /tmp/nvtool >/dev/null 2>&1 || { echo "nvcc-env.sh failed"; exit 2; }

# build SRC with COMPILER into a file keyed by the source's hash (and its local includes)
build() {
  local src=$1 comp=$2 name flags key exe
  name=$(basename "$src" .cu)
  flags=$(head -1 "$src" | sed -n 's#^// flags: ##p')
  key=$(cat "$src" "$(dirname "$src")"/*.h 2>/dev/null | cat - <(echo "$comp $flags") | sha1sum | cut -c1-12)
  exe=$OUTDIR/bin/$name-$comp-$key
  if [ ! -x "$exe" ]; then
    if [ "$comp" = nvcc ]; then
      nvcc -arch=sm_90 -cudart shared $flags "$src" -o "$exe" >"$exe.log" 2>&1
    else
      "$CUPRITE" nvcc -arch=sm_90 $flags "$src" -o "$exe" >"$exe.log" 2>&1
    fi || { echo "BUILD FAILED $name ($comp): $exe.log" >&2; return 1; }
  fi
  echo "$exe"
}

hog_pids=()
start_hogs() { for _ in $(seq "$HOGS"); do (while :; do :; done) & hog_pids+=($!); done; }
stop_hogs() { for p in "${hog_pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; hog_pids=(); }
trap stop_hogs EXIT

runs=0; fails=0; summary=()
# run_one LABEL EXE EXPECTED|'' ENGINE WORKERS LOAD
run_one() {
  local label=$1 exe=$2 expected=$3 engine=$4 w=$5 load=$6 out rc ok envs=() pre=() cache=""
  [ "$engine" != default ] && envs+=("CUPRITE_ENGINE=$engine")
  envs+=("CUPRITE_SIMT_WORKERS=$w")
  [ "$load" = pin ] && pre=(taskset -c 0)
  if [ "$load" = fresh ]; then cache=$(mktemp -d); envs+=("XDG_CACHE_HOME=$cache" "CUPRITE_CACHE_DIR=$cache"); fi
  local args=(); [ -z "$expected" ] && args=("$ITERS")
  local start=$SECONDS
  out=$(env "${envs[@]}" timeout "$TIMEOUT" "${pre[@]}" "$CUPRITE" exec "$exe" "${args[@]}" 2>&1); rc=$?
  [ -n "$cache" ] && rm -rf "$cache"
  if [ -n "$expected" ]; then
    diff -q <(printf '%s\n' "$out") "$expected" >/dev/null && ok=1 || ok=0
  else
    [ "$rc" -eq 0 ] && grep -q '^PASS' <<<"$out" && ok=1 || ok=0
  fi
  runs=$((runs + 1))
  local tag="$label engine=$engine workers=$w load=$load"
  if [ "$ok" = 1 ]; then
    printf 'ok   %-60s %3ds\n' "$tag" $((SECONDS - start))
  else
    fails=$((fails + 1))
    local log=$OUTDIR/logs/$(echo "$tag" | tr ' =/' '___').$runs.log
    { echo "$tag rc=$rc"; printf '%s\n' "$out"; [ -n "$expected" ] && diff <(printf '%s\n' "$out") "$expected"; } >"$log"
    local why=FAIL; [ "$rc" -eq 124 ] && why=HANG  # ran past TIMEOUT: a hang or a crawl
    printf '%s %-60s %3ds rc=%d %s\n' "$why" "$tag" $((SECONDS - start)) "$rc" "$log"
    summary+=("$tag rc=$rc: $(grep -m1 -E '^FAIL|error|Fault|fault' "$log" | cut -c1-160)")
  fi
}

targets=()
for comp in $COMPILERS; do
  for p in $PROGRAMS; do exe=$(build "tests/stress/$p.cu" "$comp") && targets+=("$p/$comp|$exe|"); done
  for p in $PROGRAM_DIFF; do
    exp=tests/program-diff/expected/$p.txt
    exe=$(build "tests/program-diff/$p.cu" "$comp") && targets+=("$p/$comp|$exe|$ROOT/$exp")
  done
done
for load in $LOADS; do
  [ "$load" = hog ] && start_hogs
  for t in "${targets[@]}"; do
    IFS='|' read -r label exe expected <<<"$t"
    for engine in $ENGINES; do for w in $WORKERS; do run_one "$label" "$exe" "$expected" "$engine" "$w" "$load"; done; done
  done
  [ "$load" = hog ] && stop_hogs
done
echo "stress: $runs runs, $fails failed (ITERS=$ITERS ENGINES='$ENGINES' WORKERS='$WORKERS' LOADS='$LOADS' COMPILERS='$COMPILERS')"
for s in "${summary[@]}"; do echo "  $s"; done
[ "$fails" -eq 0 ]
