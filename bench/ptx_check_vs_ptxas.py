#!/usr/bin/env python3
"""Benchmark (not a test): `proxyfence check` against `ptxas` on each corpus
final.ptx, in one run, median of several runs each, and the ratio
check/ptxas.

  bench/ptx_check_vs_ptxas.py [--runs N] [--proxyfence BIN]...
                              [--ptxas BIN] [--out FILE.md]

Both are whole processes, timed the same way (wall clock of
fork+exec+exit), so process start-up counts for both. By default these
are measured side by side:
  build-static/bin/proxyfence        the launcher as shipped: static, LLVM
                                     Support only, reads PTX itself
                                     (-DPROXYFENCE_STATIC=ON; build it with
                                     BUILD_DIR=build-static scripts/build.sh -DPROXYFENCE_STATIC=ON)
  build-static/bin/proxyfence-ttgir  the same command in the MLIR-linked
                                     program (what `proxyfence` was before
                                     the launcher): the cost of start-up
  build/bin/proxyfence               default build's launcher (libstdc++
                                     loaded dynamically, no libLLVM)
ptxas assembles for the file's own .target (sm_90a / sm_100a).
Prints the table and also writes it to --out (default:
bench/results/ptx_check_vs_ptxas-STAMP.md, STAMP the UTC time;
bench/results/ is ignored by git).
"""

import argparse
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
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


def find_ptxas():
    found = shutil.which("ptxas")
    if found:
        return found
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(var):
            candidate = os.path.join(os.environ[var], "bin", "ptxas")
            if os.access(candidate, os.X_OK):
                return candidate
    for candidate in ["/usr/local/cuda/bin/ptxas"] + sorted(
            glob.glob("/usr/local/cuda-*/bin/ptxas"), reverse=True):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--proxyfence", action="append",
                        help="a proxyfence binary to time (repeatable)")
    parser.add_argument("--ptxas", default=find_ptxas())
    parser.add_argument("--out", help="also write the table here (default: "
                        "bench/results/ptx_check_vs_ptxas-STAMP.md)")
    args = parser.parse_args()
    if not args.ptxas:
        sys.exit("ptx_check_vs_ptxas: ptxas not found (PATH, $CUDA_HOME, /usr/local/cuda*)")
    binaries = args.proxyfence or [
        os.path.join(ROOT, "build-static", "bin", "proxyfence"),
        os.path.join(ROOT, "build-static", "bin", "proxyfence-ttgir"),
        os.path.join(ROOT, "build", "bin", "proxyfence")]
    binaries = [b for b in binaries if os.access(b, os.X_OK)]
    if not binaries:
        sys.exit("ptx_check_vs_ptxas: no proxyfence binary; build one with "
                 "BUILD_DIR=build-static scripts/build.sh -DPROXYFENCE_STATIC=ON")
    names = [os.path.relpath(b, ROOT) for b in binaries]
    out_path = args.out or os.path.join(
        ROOT, "bench", "results", "ptx_check_vs_ptxas-%s.md"
        % time.strftime("%Y%m%d-%H%M%S", time.gmtime()))
    lines = []

    def emit(line=""):
        print(line, flush=True)
        lines.append(line)

    files = sorted(glob.glob(os.path.join(ROOT, "corpus", "*", "*", "final.ptx")))
    emit("ptxas: %s; %d runs each, median; ratio = check / ptxas" % (
        subprocess.run([args.ptxas, "--version"], capture_output=True,
                       text=True).stdout.strip().splitlines()[-1], args.runs))
    emit()
    emit("| file | lines | target | ptxas (ms) | "
         + " | ".join("check, %s (ms) | ratio" % n for n in names) + " |")
    emit("|---|---:|---|---:|" + "---:|---:|" * len(names))
    worst = [0.0] * len(names)
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            text = open(path).read()
            target = re.search(r"^\.target\s+(\w+)", text, re.M).group(1)
            ptxas = median_seconds([args.ptxas, "-arch=" + target, path, "-o",
                                    os.path.join(tmp, "out.cubin")], args.runs)
            cells = []
            for i, binary in enumerate(binaries):
                check = median_seconds([binary, "check", path], args.runs)
                worst[i] = max(worst[i], check / ptxas)
                cells.append("%.1f | %.1f%%" % (check * 1e3, 100 * check / ptxas))
            emit("| %s | %d | %s | %.1f | %s |"
                 % (os.path.relpath(path, ROOT), text.count("\n"), target,
                    ptxas * 1e3, " | ".join(cells)))
    emit()
    true = shutil.which("true")
    if true:
        emit("process floor (%s, timed the same way): %.2f ms" % (
            true, 1e3 * median_seconds([true], args.runs)))
    for name, ratio in zip(names, worst):
        emit("worst ratio, %s: %.1f%% (target: at most 5%%)" % (name, 100 * ratio))
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("ptx_check_vs_ptxas: table written to %s" % os.path.relpath(out_path),
          file=sys.stderr)


if __name__ == "__main__":
    main()
