"""Compresses the probe's files (lzma) and packs them into at most 6 tars of <= 15 MiB for $OUT."""
import lzma, os, sys, tarfile, io
from concurrent.futures import ProcessPoolExecutor

def comp(p):
    with open(p, 'rb') as f:
        return p, lzma.compress(f.read(), preset=6)

src, out = sys.argv[1], sys.argv[2]
files = sorted(os.path.join(src, f) for f in os.listdir(src))
with ProcessPoolExecutor(16) as ex:
    blobs = list(ex.map(comp, files))
bundles, cur, size = [], [], 0
for p, b in sorted(blobs, key=lambda t: -len(t[1])):
    if cur and size + len(b) > 15 << 20:
        bundles.append(cur); cur, size = [], 0
    cur.append((p, b)); size += len(b)
bundles.append(cur)
for i, bl in enumerate(bundles):
    with tarfile.open(os.path.join(out, f'mufu{i}.tar'), 'w') as t:
        for p, b in bl:
            ti = tarfile.TarInfo(os.path.basename(p) + '.xz'); ti.size = len(b)
            t.addfile(ti, io.BytesIO(b))
    print('bundle', i, sum(len(b) for _, b in bl), [os.path.basename(p) for p, _ in bl])
