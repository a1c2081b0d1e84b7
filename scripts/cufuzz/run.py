#!/usr/bin/env python3
"""Differential runs of scripts/cufuzz/gen.py programs: NVIDIA's nvcc vs `cuprite nvcc`, every engine.

    source scripts/nvcc-env.sh /tmp/nvtool
    scripts/cufuzz/run.py 0-19 [--flags "-use_fast_math"] [--engines jit,interp,warp,block] [--work DIR]

For each seed: generate DIR/sSEED.cu, build it with nvcc (`-O3 -arch=sm_80 -cudart shared FLAGS`)
and with target/release/cuprite nvcc (same flags), run the nvcc build under `cuprite exec` with
CUPRITE_ENGINE set to each engine and the cuprite nvcc build likewise. The reference is the nvcc
build on the first engine; every other run that prints something else is reported with the
statements (`/*sK*/` in the source) whose slot hashes differ. With --expected DIR, DIR/sSEED.txt
(what a GPU printed without its exit= line) is the reference instead; with --from DIR the programs
are DIR/*sSEED.cu instead of generated. CUFUZZ_CUPRITE names another cuprite executable. Exit
status 1 when anything differed or failed to build.
"""

import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CUPRITE = os.environ.get("CUFUZZ_CUPRITE") or os.path.join(ROOT, "target/release/cuprite")
# cuprite nvcc finds include/ and libdevice/ beside its executable's tree or the tree it was
# built from (another worktree's, for a binary built elsewhere): this tree's, always.
os.environ.setdefault("CUPRITE_TOOLKIT", ROOT)


def seeds(spec):
    out = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            out += range(int(a), int(b) + 1)
        else:
            out.append(int(part))
    return out


def sh(cmd, env=None, timeout=300):
    try:
        p = subprocess.run(cmd, shell=True, capture_output=True, text=True, env=env, timeout=timeout,
                           errors="replace")
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 124, "TIMEOUT"


def slot_lines(src, kernel, slot):
    """The source lines of statement `slot` of kernel `kernel` (the lines since the previous
    recorded statement, at most 9)."""
    lines = src.splitlines()
    start = next(i for i, l in enumerate(lines) if re.match(rf"__global__ void __launch_bounds__\(\d+\) k{kernel}\(", l))
    for i in range(start, len(lines)):
        if lines[i] == "}":
            break
        if f"R({slot}, " in lines[i]:
            j = i
            while j > start + 1 and "/*s" not in lines[j - 1] and not lines[j - 1].startswith("    const"):
                j -= 1
            return "\n".join(lines[max(j, i - 8):i + 1])
    return "?"


def tainted(line):
    """Whether a printed line holds a result computed with a LIBM function (`sK~`, `acc3~`)."""
    head = line.split(" ")
    return len(head) > 2 and head[1].endswith("~") or len(head) > 3 and head[2].endswith("~")


def is_nan_bits(v):
    """Whether a slot's bits are a float NaN (in the low 32 bits) or a double NaN."""
    return (v >> 32 == 0 and (v >> 23) & 0xff == 0xff and v & 0x7fffff) or \
        ((v >> 52) & 0x7ff == 0x7ff and v & 0xfffffffffffff)


def thread_values(exe, kernel, slot, engine):
    """Slot `slot` of kernel `kernel` for every thread (CUFUZZ_DUMP), as {thread: bits}."""
    env = dict(os.environ, CUPRITE_ENGINE=engine, CUFUZZ_DUMP=f"{kernel}:{slot}")
    _, out = sh(f"{CUPRITE} exec {exe}", env=env)
    vals = {}
    for m in re.finditer(r"^k\d+ s\d+ t(\d+) ([0-9a-f]+) (in .*)$", out, re.M):
        vals[int(m.group(1))] = (int(m.group(2), 16), m.group(3))
    return vals


def explain(ref_exe, ref_engine, got_exe, kernel, slot, engine):
    """The first threads whose slot differs, and whether every difference is only a NaN's bits
    (LLVM folds an invalid operation on constants to 0x7fc00000 / 0x7ff8000000000000, where nvcc
    and the GPU give 0x7fffffff / 0xfff8000000000000)."""
    a, b = thread_values(ref_exe, kernel, slot, ref_engine), thread_values(got_exe, kernel, slot, engine)
    diffs = [(t, a[t], b.get(t, (None, ""))) for t in sorted(a) if a[t][0] != b.get(t, (None,))[0]]
    nan_only = bool(diffs) and all(x[1][0] is not None and x[2][0] is not None and is_nan_bits(x[1][0])
                                   and is_nan_bits(x[2][0]) for x in diffs)
    lines = [f"      t{t}: {x[0]:016x} vs {y[0] if y[0] is None else format(y[0], '016x')} ({x[1]})"
             for t, x, y in diffs[:3]]
    return nan_only, lines


def diff(ref, got, libm_ok):
    """The lines of `got` that differ from `ref`: [(ref line, got line, kernel, slot)], slot None
    for a line that is no slot's hash; with `libm_ok`, lines marked `~` may differ (counted in the
    second result)."""
    r, g = ref.splitlines(), got.splitlines()
    out = []
    if len(r) != len(g):
        out.append((f"{len(r)} lines", f"{len(g)} lines: {g[-3:] if g else ''}", None, None))
    legit = 0
    for a, b in zip(r, g):
        if a == b:
            continue
        if libm_ok and tainted(a):
            legit += 1
            continue
        m = re.match(r"k(\d+) s(\d+)~? ", a)
        out.append((a, b, m and int(m.group(1)), m and int(m.group(2))))
    return out, legit


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seeds")
    ap.add_argument("--flags", default="")
    ap.add_argument("--engines", default="jit,interp,warp,block")
    ap.add_argument("--work", default="/tmp/cufuzz")
    ap.add_argument("--builds", default="nvcc,cuprite")
    ap.add_argument("--expected", default=None)
    ap.add_argument("--gen-args", default="")
    ap.add_argument("--from", dest="from_dir", default=None)
    ap.add_argument("--arch", default="sm_80")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    bad = 0
    tag = re.sub(r"[^a-zA-Z0-9]+", "", a.flags) or "plain"
    for seed in seeds(a.seeds):
        base = os.path.join(a.work, f"s{seed}")
        flags = a.flags
        if a.from_dir:
            path = next(p for p in sorted(glob.glob(os.path.join(a.from_dir, f"*s{seed}.cu")))
                        if re.search(rf"(^|_)s{seed}\.cu$", os.path.basename(p)))
            with open(path) as f:
                src = f.read()
            m = re.match(r"// flags:(.*)", src)
            flags = f"{flags} {m.group(1).strip()}" if m else flags
        else:
            # the generator knows the flags (-fmad=false allows a plain a*b+c)
            rc, src = sh(f"python3 {ROOT}/scripts/cufuzz/gen.py {seed} --flags='{a.flags}' {a.gen_args}")
        with open(base + ".cu", "w") as f:
            f.write(src)
        builds = {}
        for b in a.builds.split(","):
            exe = f"{base}.{tag}.{b}"
            cc = "nvcc -cudart shared" if b == "nvcc" else f"{CUPRITE} nvcc"
            opt = "" if re.search(r"(^|\s)-O\d", flags) else "-O3"
            rc, log = sh(f"{cc} {opt} -arch={a.arch} {flags} -w -o {exe} {base}.cu")
            if rc != 0:
                bad += 1
                print(f"seed {seed} {b}: BUILD FAILED\n{log[-3000:]}")
                continue
            builds[b] = exe
        outs = {}
        for b, exe in builds.items():
            for e in a.engines.split(","):
                env = dict(os.environ, CUPRITE_ENGINE=e)
                rc, out = sh(f"{CUPRITE} exec {exe}", env=env, timeout=600)
                outs[(b, e)] = out + ("" if rc == 0 else f"exit={rc}\n")
        if not outs:
            continue
        gpu = None
        if a.expected:
            path = next(p for p in sorted(glob.glob(os.path.join(a.expected, f"*s{seed}.*txt")))
                        if re.search(rf"(^|_)s{seed}\.(gpu\.)?txt$", os.path.basename(p)))
            with open(path) as f:
                gpu = re.sub(r"exit=\d+\n?$", "", f.read())
        first = {}
        same, legit_total, nanfold = [], 0, [0]
        for k, out in outs.items():
            b, e = k
            # the reference: the GPU, else the nvcc build on the first engine; a build's other
            # engines are also compared with its first engine, byte for byte
            refs = [("gpu", gpu, b != "nvcc")] if gpu is not None else []
            if b not in first:
                first[b] = out
                if gpu is None and b != "nvcc" and "nvcc" in first:
                    refs.append(("nvcc/" + a.engines.split(",")[0], first["nvcc"], True))
            else:
                refs.append((f"{b}/{a.engines.split(',')[0]}", first[b], False))
            ok = True
            for ref_name, ref, libm_ok in refs:
                lines, legit = diff(ref, out, libm_ok)
                legit_total += legit
                # a difference between the two builds that is only a NaN's bits: LLVM's folding
                ref_exe = builds.get(ref_name.split("/")[0]) if "/" in ref_name else None
                notes = []
                shown = 0
                for rl, gl, kern, slot in lines:
                    if kern is not None and ref_exe and shown < 6:
                        shown += 1
                        nan_only, why = explain(ref_exe, ref_name.split("/")[1], builds[b], kern, slot, e)
                        if nan_only and libm_ok:
                            nanfold[0] += 1
                            continue
                        notes.append(f"  - {rl}\n  + {gl}")
                        notes.append("    " + slot_lines(src, kern, slot).replace("\n", "\n    "))
                        notes += why
                    elif kern is not None or rl.split(" ")[1] not in ("all", "all~", "t0"):
                        notes.append(f"  - {rl}\n  + {gl}")
                        if kern is not None and shown < 6:
                            shown += 1
                            notes.append("    " + slot_lines(src, kern, slot).replace("\n", "\n    "))
                if notes:
                    ok = False
                    bad += 1
                    print(f"seed {seed} [{a.flags}] {b}/{e} differs from {ref_name}:")
                    print("\n".join(notes))
            if ok:
                same.append(f"{b}/{e}")
        print(f"seed {seed} [{a.flags}]: agree: {' '.join(same)}; legitimate differences: libm {legit_total}, "
              f"folded NaN bits {nanfold[0]}",
              flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
