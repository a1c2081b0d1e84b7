#!/usr/bin/env python3
"""Compares the GPU's conformance outputs (NAME.gpu.bin, from replay.cpp) with Cuprite's
(NAME.cuprite.bin) slot by slot; floating-point NaNs of either payload count as equal (the ISA
leaves single-precision NaNs unspecified). Prints each op's count of differing results and the
first few. Usage: compare.py DIR [HASHES_OUT] (writes the GPU results' hashes for the Rust test)"""
import struct, sys, collections

SLOTS = ["loaded,loaded", "uniform,loaded", "loaded,uniform", "affine,loaded", "uniform,uniform"]

def is_nan(v, w):
    if w == 32:
        return (v & 0x7f800000) == 0x7f800000 and (v & 0x7fffff) != 0
    return (v & 0x7ff0000000000000) == 0x7ff0000000000000 and (v & 0xfffffffffffff) != 0

def canonical(v, dw, kind):
    """A result as conformance.rs's `canonical` compares it: masked to its width, NaNs (kind 1:
    IEEE of the width, 16 bits binary16; 2: binary16 lanes; 3: bfloat16 lanes) as one value."""
    v &= (1 << dw) - 1
    if kind == 1:
        if (dw >= 32 and is_nan(v, dw)) or (dw == 16 and v & 0x7c00 == 0x7c00 and v & 0x3ff):
            return (1 << 64) - 1
    elif kind in (2, 3):
        exp, frac = (0x7c00, 0x3ff) if kind == 2 else (0x7f80, 0x7f)
        out = 0
        for i in range(dw // 16):
            lane = (v >> (16 * i)) & 0xffff
            out |= (0xffff if lane & exp == exp and lane & frac else lane) << (16 * i)
        return out
    return v

def launch_hash(data, dw, kind):
    """FNV-1a 64 as crates/simt/tests/conformance.rs computes it (NaNs as one value)."""
    h = 0xcbf29ce484222325
    for at in range(0, len(data), 8):
        v = canonical(struct.unpack_from("<Q", data, at)[0], dw, kind)
        for b in struct.pack("<Q", v):
            h = ((h ^ b) * 0x100000001b3) & ((1 << 64) - 1)
    return h

d = sys.argv[1]
hashes = open(sys.argv[2], "w") if len(sys.argv) > 2 else None
if hashes:
    hashes.write("# launch name, FNV-1a 64 of the GPU's results (tests/conformance-gpu/README.md)\n")
bad = collections.defaultdict(list)
total = 0
for line in open(f"{d}/manifest.txt"):
    op, ptx, w, bw, cw, dw, n, bx, by, ua, ub, uc, a_path, b_path, c_path, name, kind = line.split()
    w, bw, cw, dw, n, bx, by, kind = map(int, (w, bw, cw, dw, n, bx, by, kind))
    try:
        gpu = open(f"{d}/{name}.gpu.bin", "rb").read()
    except FileNotFoundError:
        bad[op].append(f"{name}: no GPU output")
        continue
    cup = open(f"{d}/{name}.cuprite.bin", "rb").read()
    if hashes:
        hashes.write(f"{name} {launch_hash(gpu, dw, kind):016x}\n")
    a = struct.unpack(f"<{bx*by}Q", open(f"{d}/{a_path}", "rb").read())
    b = struct.unpack(f"<{bx*by}Q", open(f"{d}/{b_path}", "rb").read())
    c = struct.unpack(f"<{bx*by}Q", open(f"{d}/{c_path}", "rb").read())
    mask = (1 << dw) - 1
    for t in range(bx * by):
        for s in range(n):
            at = (t * n + s) * 8
            g = struct.unpack_from("<Q", gpu, at)[0] & mask
            mine = struct.unpack_from("<Q", cup, at)[0] & mask
            total += 1
            if canonical(g, dw, kind) == canonical(mine, dw, kind):
                continue
            # conformance.rs's `shapes`: the fixed five, then the immediates and (three operands)
            # loaded,loaded,uniform and uniform,uniform,uniform; the last slot is the diverged one.
            shape = SLOTS[s] if s < len(SLOTS) else ("diverged" if s == n - 1 else f"slot {s}")
            bad[op].append(f"thread {t} {shape}: a={a[t]:#x} b={b[t]:#x} c={c[t]:#x} ua={ua} ub={ub} uc={uc}: "
                           f"gpu {g:#x} cuprite {mine:#x}")
print(f"{total} results compared")
for op, items in sorted(bad.items()):
    print(f"{op}: {len(items)} differ")
for op, items in sorted(bad.items()):
    print(op)
    for x in items[:3]:
        print("   ", x)
sys.exit(1 if bad else 0)
