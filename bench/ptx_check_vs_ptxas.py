#!/usr/bin/env python3
"""Benchmark (not a test): `proxyfence check` against `ptxas` on each corpus
final.ptx, median of several runs each, and the ratio check/ptxas.

  bench/ptx_check_vs_ptxas.py [--runs N] [--proxyfence BIN] [--ptxas BIN]
"""

import argparse
import glob
import os
import re
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def median_seconds(cmd, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--proxyfence",
                        default=os.path.join(ROOT, "build", "bin", "proxyfence"))
    parser.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(ROOT, "corpus", "*", "*", "final.ptx")))
    print("| file | lines | target | check (ms) | ptxas (ms) | check/ptxas |")
    print("|---|---:|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            text = open(path).read()
            target = re.search(r"^\.target\s+(\w+)", text, re.M).group(1)
            check = median_seconds([args.proxyfence, "check", path], args.runs)
            ptxas = median_seconds([args.ptxas, "-arch=" + target, path, "-o",
                                    os.path.join(tmp, "out.cubin")], args.runs)
            print("| %s | %d | %s | %.1f | %.1f | %.1f%% |"
                  % (os.path.relpath(path, ROOT), text.count("\n"), target,
                     check * 1e3, ptxas * 1e3, 100 * check / ptxas))


if __name__ == "__main__":
    main()
