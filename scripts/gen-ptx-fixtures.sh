#!/usr/bin/env bash
# Regenerate the PTX fixture corpus: tests/corpus/cu/*.cu -> tests/corpus/ptx/<stem>.<arch>.<O3|G>.ptx
#
# Each .cu file starts with a header line `// min-arch: sm_XX`; the fixtures are the archs {sm_75, sm_80, sm_90}
# >= XX, each compiled at -O3 and at -G:  nvcc -ptx -std=c++17 -arch=<arch> <-O3|-G> file.cu
# A header line `// archs-opts: sm_75.O3 sm_90.G ...` (within the first 8 lines; anything after a '(' is a
# comment) overrides that matrix with an explicit list of <arch>.<opt> variants. Every generated file is then
# assembled with `ptxas -arch=<arch>`; the script fails if any compile or assemble step fails.
#
# Usage: scripts/gen-ptx-fixtures.sh [--verify-all] [FILE.cu ...]   (default: all of tests/corpus/cu/*.cu)
#   --verify-all  also compile + assemble the variants an archs-opts line leaves out (the full min-arch
#                 matrix), into a scratch directory; they are checked, not kept as fixtures.
# Env:   NVTOOL_DIR (default /tmp/nvtool): where nvcc-env.sh installs/finds CUDA 13.0 nvcc.
#        JOBS (default: nproc): parallel jobs.
#
# Reproducibility: nvcc's output depends on absolute paths -- the _INTERNAL_<hash> prefix of names with
# internal linkage is a hash of the source file's absolute path, and -G debug info records the compile
# directory (DW_AT_comp_dir) and the absolute paths of the CUDA headers (.file directives). So every
# compile runs in the fixed directory $BUILD_DIR/cu (a copy of tests/corpus/cu) with nvcc invoked from the
# fixed mirror $BUILD_DIR/cuda of $CUDA_HOME. The fixtures then do not depend on where the repository is
# checked out or where nvcc is installed. They do depend on the nvcc version (13.0.88) and, for the -G files'
# .file lines and CCCL code paths, on the host g++ (its version and /usr/include paths). Do not change
# BUILD_DIR: it is part of the fixtures' contents.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
# shellcheck disable=SC1091
source "$ROOT/../shared/tools/nvcc-env.sh" "${NVTOOL_DIR:-/tmp/nvtool}"

cd "$ROOT"
CU_DIR=tests/corpus/cu
PTX_DIR=tests/corpus/ptx
BUILD_DIR=/tmp/cuprite-ptx-corpus
JOBS="${JOBS:-$(nproc)}"
ALL_ARCHS=(sm_75 sm_80 sm_90)
ALL_OPTS=(O3 G)

# Deterministic environment: fixed locale/timezone, no user-specific nvcc flags.
export LC_ALL=C TZ=UTC
unset NVCC_PREPEND_FLAGS NVCC_APPEND_FLAGS

verify_all=0
if [ "${1:-}" = "--verify-all" ]; then
    verify_all=1
    shift
fi

if [ "$#" -gt 0 ]; then
    files=("$@")
else
    files=()
    while IFS= read -r f; do files+=("$f"); done < <(find "$CU_DIR" -maxdepth 1 -name '*.cu' | LC_ALL=C sort)
fi
[ "${#files[@]}" -gt 0 ] || { echo "no .cu files found in $CU_DIR" >&2; exit 1; }

arch_num() { echo "${1#sm_}"; }
valid_arch() { case "$1" in sm_75|sm_80|sm_90) return 0 ;; *) return 1 ;; esac; }

# Job list: one line "<stem> <arch> <opt> <keep>" per compile; keep=1: a fixture, keep=0: --verify-all only.
jobs_file="$(mktemp)"
trap 'rm -f "$jobs_file"' EXIT
for f in "${files[@]}"; do
    stem="$(basename "$f" .cu)"
    [ -f "$CU_DIR/$stem.cu" ] || { echo "error: $f is not in $CU_DIR" >&2; exit 1; }
    header="$(head -n 8 "$CU_DIR/$stem.cu")"
    min_arch="$(sed -n '1s|^// min-arch: \(sm_[0-9]*\)$|\1|p' <<<"$header")"
    if [ -z "$min_arch" ] || ! valid_arch "$min_arch"; then
        echo "error: $stem.cu: line 1 must be '// min-arch: sm_75|sm_80|sm_90'" >&2
        exit 1
    fi
    matrix=()
    for arch in "${ALL_ARCHS[@]}"; do
        [ "$(arch_num "$arch")" -ge "$(arch_num "$min_arch")" ] || continue
        for opt in "${ALL_OPTS[@]}"; do matrix+=("$arch.$opt"); done
    done
    override="$(sed -n 's|^// *archs-opts: *\(.*\)$|\1|p' <<<"$header" | head -n 1)"
    override="${override%%(*}"
    if [ -n "$override" ]; then
        keep=()
        for v in $override; do
            arch="${v%%.*}" opt="${v#*.}"
            if ! valid_arch "$arch" || [ "$(arch_num "$arch")" -lt "$(arch_num "$min_arch")" ] ||
                { [ "$opt" != O3 ] && [ "$opt" != G ]; }; then
                echo "error: $stem.cu: bad archs-opts entry '$v'" >&2
                exit 1
            fi
            keep+=("$v")
        done
    else
        keep=("${matrix[@]}")
    fi
    for v in "${keep[@]}"; do echo "$stem ${v%%.*} ${v#*.} 1" >>"$jobs_file"; done
    if [ "$verify_all" = 1 ]; then
        for v in "${matrix[@]}"; do
            case " ${keep[*]} " in *" $v "*) ;; *) echo "$stem ${v%%.*} ${v#*.} 0" >>"$jobs_file" ;; esac
        done
    fi
done

# Fixed build directory (see "Reproducibility" above); one run at a time.
mkdir -p "$PTX_DIR" "$BUILD_DIR"
exec 9>"$BUILD_DIR/.lock"
flock 9
rm -rf "$BUILD_DIR/cu" "$BUILD_DIR/verify" "$BUILD_DIR/cuda"
mkdir -p "$BUILD_DIR/cu" "$BUILD_DIR/verify" "$BUILD_DIR/cuda/bin"
cp "$CU_DIR"/*.cu "$BUILD_DIR/cu/"
# $BUILD_DIR/cuda mirrors $CUDA_HOME: bin/ holds symlinks to the tools (nvcc takes its install dir from the
# path it is invoked by), include/ is a real copy (22 MB): g++ canonicalizes -isystem header paths (the CCCL
# headers) with realpath(), so a symlinked include dir would leak the real install path into -G .file lines.
for x in "$CUDA_HOME"/bin/*; do ln -s "$x" "$BUILD_DIR/cuda/bin/"; done
cp -rL "$CUDA_HOME/include" "$BUILD_DIR/cuda/include"
for x in nvvm lib lib64; do [ ! -e "$CUDA_HOME/$x" ] || ln -s "$CUDA_HOME/$x" "$BUILD_DIR/cuda/$x"; done
NVCC="$BUILD_DIR/cuda/bin/nvcc"
PTXAS="$BUILD_DIR/cuda/bin/ptxas"
export PATH="$BUILD_DIR/cuda/bin:$PATH"

if [ "$#" -eq 0 ]; then
    # Full regeneration: drop stale fixtures (renamed/removed sources or variants).
    find "$PTX_DIR" -maxdepth 1 -name '*.ptx' -delete
fi

# Compile + assemble one variant (in the fixed build directory).
build_one() {
    local stem="$1" arch="$2" opt="$3" keep="$4"
    local name="$stem.$arch.$opt.ptx" out flag
    if [ "$keep" = 1 ]; then out="$ROOT/$PTX_DIR/$name"; else out="$BUILD_DIR/verify/$name"; fi
    case "$opt" in O3) flag=-O3 ;; G) flag=-G ;; esac
    if ! (cd "$BUILD_DIR/cu" && "$NVCC" -ptx -std=c++17 -arch="$arch" "$flag" "$stem.cu" -o "$out") 2>"$out.log"; then
        echo "FAIL nvcc  $name" >&2
        cat "$out.log" >&2
        rm -f "$out" "$out.log"
        return 1
    fi
    if ! "$PTXAS" -arch="$arch" "$out" -o /dev/null 2>"$out.log"; then
        echo "FAIL ptxas $name" >&2
        cat "$out.log" >&2
        rm -f "$out" "$out.log"
        return 1
    fi
    rm -f "$out.log"
    if [ "$keep" = 1 ]; then echo "ok   $PTX_DIR/$name"; else rm -f "$out"; echo "ok   (verify only) $name"; fi
}
export -f build_one
export ROOT PTX_DIR BUILD_DIR NVCC PTXAS

total="$(awk '$4 == 1' "$jobs_file" | wc -l)"
extra="$(awk '$4 == 0' "$jobs_file" | wc -l)"
extra_msg=""
[ "$extra" -eq 0 ] || extra_msg=" + $extra verify-only variants"
echo "gen-ptx-fixtures: ${#files[@]} source files, $total fixtures$extra_msg, $JOBS parallel jobs" \
    "($("$NVCC" --version | tail -n 1))"

status=0
xargs -P "$JOBS" -L 1 bash -c 'build_one "$@"' _ <"$jobs_file" || status=$?

generated=0
missing=()
while read -r stem arch opt keep; do
    [ "$keep" = 1 ] || continue
    out="$PTX_DIR/$stem.$arch.$opt.ptx"
    if [ -s "$out" ]; then generated=$((generated + 1)); else missing+=("$out"); fi
done <"$jobs_file"

count="$(find "$PTX_DIR" -maxdepth 1 -name '*.ptx' | wc -l)"
size="$(find "$PTX_DIR" -maxdepth 1 -name '*.ptx' -print0 | du -cb --files0-from=- 2>/dev/null | tail -n 1 | cut -f 1 || true)"
echo "gen-ptx-fixtures: $generated/$total fixtures generated and assembled by ptxas${extra_msg:+ (${extra_msg# } checked)};" \
    "$PTX_DIR holds $count .ptx files, $size bytes"
if [ "$status" -ne 0 ] || [ "${#missing[@]}" -gt 0 ]; then
    echo "gen-ptx-fixtures: FAILED (${#missing[@]} fixtures missing; see FAIL lines above)" >&2
    for m in "${missing[@]}"; do echo "  $m" >&2; done
    exit 1
fi
