"""Writes crates/simt/tests/mufu/FORM.txt from the probe's sample_FORM.bin and f64_FORM.bin files:
the special operands, then every 16th hashed bit pattern and every 16th value in the form's
useful range; one line per input, "operand(s) result" as hex bits.

usage: python3 samples.py RAW_DIR OUT_DIR
"""
import os
import struct
import sys

raw, out = sys.argv[1], sys.argv[2]
SPECIAL, HASHED = 1024, 1 << 15
for name in sorted(os.listdir(raw)):
    if name.startswith('f64_'):
        # The f64 forms: 2^15 operands (specials first, then hashed bit patterns), then results.
        form = name[len('f64_'):-len('.bin')]
        data = open(os.path.join(raw, name), 'rb').read()
        words = struct.unpack(f'<{len(data) // 8}Q', data)
        n = len(words) // 2
        with open(os.path.join(out, form + '.txt'), 'w') as f:
            f.write(f'# {form} on an H200 (scripts/mufu/probe.cu, samples.py): operand, result\n')
            for i in range(n):
                if i < 16 or i % 8 == 0:
                    f.write(f'{words[i]:016x} {words[n + i]:016x}\n')
        print(form)
        continue
    if name.startswith('half_') and not name.endswith('x2.bin'):
        # The half forms: result i for operand i; every 16th operand and the specials.
        form = name[len('half_'):-len('.bin')]
        data = open(os.path.join(raw, name), 'rb').read()
        r = struct.unpack('<65536I', data)
        bf16 = 'bf16' in form
        with open(os.path.join(out, form + '.txt'), 'w') as f:
            f.write(f'# {form} on an H200 (scripts/mufu/probe.cu, samples.py): operand, result\n')
            for i in range(65536):
                e = (i >> (7 if bf16 else 10)) & (0xff if bf16 else 0x1f)
                if i % 16 == 0 or e == 0 or e == (0xff if bf16 else 0x1f):
                    if i % 16 == 0 or i % 61 == 0:
                        f.write(f'{i:04x} {r[i] & 0xffff:04x}\n')
        print(form)
        continue
    if not name.startswith('sample_'):
        continue
    form = name[len('sample_'):-len('.bin')]
    data = open(os.path.join(raw, name), 'rb').read()
    words = struct.unpack(f'<{len(data) // 4}I', data)
    binary = form.startswith('div.')
    n = len(words) // (3 if binary else 2)
    a, b, r = words[:n], words[n:2 * n] if binary else None, words[-n:]
    pick, seen = [], set()
    for i in range(n):
        if i < SPECIAL or (i - SPECIAL) % 16 == 0:
            key = (a[i], b[i] if binary else 0)
            if key not in seen:
                seen.add(key)
                pick.append(i)
    with open(os.path.join(out, form + '.txt'), 'w') as f:
        f.write(f'# {form} on an H200 (scripts/mufu/probe.cu, samples.py): operand{"s" if binary else ""}, result\n')
        for i in pick:
            f.write(f'{a[i]:08x} {b[i]:08x} {r[i]:08x}\n' if binary else f'{a[i]:08x} {r[i]:08x}\n')
    print(form, len(pick))
