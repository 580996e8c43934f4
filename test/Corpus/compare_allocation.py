#!/usr/bin/env python3
"""Compare proxyfence's shared-memory offsets with Triton's on the corpus.

For each kernel, strips the `allocation.offset`s from Triton's
before.proxy-fence-insertion.mlir, runs --proxyfence-allocate-shared-memory
on it, and reports how many `ttg.local_alloc` offsets (in program order)
match Triton's, and both `ttg.shared` totals.

usage: compare_allocation.py PROXYFENCE_OPT CORPUS_DIR
"""

import pathlib
import re
import subprocess
import sys

OFFSET = re.compile(r"allocation\.offset = (\d+) : i32")
SHARED = re.compile(r"ttg\.shared = (\d+) : i32")


def strip_offsets(text):
    text = re.sub(r"\{allocation\.offset = \d+ : i32\} ", "", text)
    return re.sub(r"allocation\.offset = \d+ : i32, ", "", text)


def alloc_offsets(text):
    offsets = []
    for line in text.splitlines():
        if "ttg.local_alloc" in line:
            match = OFFSET.search(line)
            offsets.append(int(match.group(1)) if match else None)
    return offsets


def shared_size(text):
    match = SHARED.search(text)
    return int(match.group(1)) if match else None


def main():
    opt, corpus = sys.argv[1], pathlib.Path(sys.argv[2])
    print(f"{'kernel':<18} {'match':>7} {'ours':>8} {'triton':>8}  offsets (ours / triton)")
    for path in sorted(corpus.glob("*/*/before.proxy-fence-insertion.mlir")):
        triton = path.read_text()
        ours = subprocess.run(
            [opt, "--proxyfence-allocate-shared-memory", "-"],
            input=strip_offsets(triton), capture_output=True, text=True,
            check=True).stdout
        mine, theirs = alloc_offsets(ours), alloc_offsets(triton)
        same = sum(a == b for a, b in zip(mine, theirs))
        name = f"{path.parent.parent.name}/{path.parent.name}"
        print(f"{name:<18} {same:>3}/{len(theirs):<3} {shared_size(ours):>8} "
              f"{shared_size(triton):>8}  {mine} / {theirs}")


if __name__ == "__main__":
    main()
