#!/usr/bin/env python3
"""Makes the fuzzers' seed corpora from the project's own inputs.

  fuzz/make_seeds.py OUT_DIR

OUT_DIR/ttgir: every TTGIR file of corpus/ and every `// -----` case of the
.mlir tests under test/ (one file per case); OUT_DIR/ptx: every .ptx of
corpus/ and test/. Files are named by a hash of their content, so running
it again adds nothing twice. Prints the counts.
"""

import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sources(top, suffixes):
    for base, dirs, files in os.walk(os.path.join(ROOT, top)):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(suffixes):
                yield os.path.join(base, name)


def write(out, text, seen):
    data = text.encode()
    if not data.strip() or len(data) > 65536:
        return
    digest = hashlib.sha1(data).hexdigest()
    if digest in seen:
        return
    seen.add(digest)
    with open(os.path.join(out, digest), "wb") as f:
        f.write(data)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_seeds.py OUT_DIR")
    out = sys.argv[1]
    counts = {}
    for kind in ("ttgir", "ptx"):
        os.makedirs(os.path.join(out, kind), exist_ok=True)
    seen = {"ttgir": set(), "ptx": set()}
    for path in list(sources("corpus", (".mlir", ".ttgir"))) + list(
            sources("test", (".mlir",))):
        text = open(path, encoding="utf-8", errors="replace").read()
        for case in text.split("\n// -----\n"):
            # RUN/CHECK lines are comments to the parser; keep them out of
            # the seeds so mutations spend their time on the IR.
            lines = [l for l in case.splitlines() if not l.lstrip().startswith("//")]
            write(os.path.join(out, "ttgir"), "\n".join(lines) + "\n", seen["ttgir"])
    for path in (list(sources("corpus", (".ptx",))) + list(sources("test", (".ptx",)))
                 + list(sources("fuzz/seeds", (".ptx",)))):
        write(os.path.join(out, "ptx"), open(path, encoding="utf-8",
                                             errors="replace").read(), seen["ptx"])
    for kind in ("ttgir", "ptx"):
        counts[kind] = len(seen[kind])
    print("make_seeds: %d TTGIR, %d PTX seeds in %s" % (counts["ttgir"], counts["ptx"], out))


if __name__ == "__main__":
    main()
