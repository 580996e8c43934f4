#!/usr/bin/env python3
"""Checks that two builds print byte-identical output (not a benchmark: the
guard that a performance change changed nothing else).

  bench/compare_builds.py --old OLD_BUILD --new NEW_BUILD
                          [--generated N] [--large M] [--jobs J]

Runs both builds' `proxyfence-opt` and `proxyfence` on every TTGIR input of
corpus/ and test/ (with --split-input-file) and on N + M kernels of
utils/gen/ttgir_gen.py (N of about 150 ops, M of about 1,000; seeds
0..N+M-1, compute capability chosen by the seed), in these modes:

  pipeline at cc 90 and 100, with remarks
  TMA lowering, fence insertion, allocation, proxy-fence insertion alone
  check --format=json, explain --format=json

and compares stdout, stderr and exit status. Every PTX file of corpus/
and test/ (and of each --ptx-dir) goes through `check --format=json` and
`explain --format=json` the same way (the engine is shared). Prints each
difference (the first 20) and a count; exits 1 if any. A build is a
directory with bin/.
"""

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MODES = {
    "pipeline-90": ["--proxyfence-fence-pipeline=compute-capability=90 remarks=true"],
    "pipeline-100": ["--proxyfence-fence-pipeline=compute-capability=100 remarks=true"],
    "tma-lowering": ["--proxyfence-tma-lowering"],
    "fence-insertion": ["--proxyfence-fence-insertion"],
    "allocation": ["--proxyfence-allocate-shared-memory"],
    "proxy-fence-insertion": ["--proxyfence-proxy-fence-insertion"],
}


def command(build, mode, path):
    if mode in ("ptx-check", "ptx-explain"):
        return [os.path.join(build, "bin", "proxyfence"), mode[4:],
                "--format=json", path]
    if mode in ("check", "explain"):
        return [os.path.join(build, "bin", "proxyfence"), mode,
                "--format=json", path]
    return ([os.path.join(build, "bin", "proxyfence-opt"), "--split-input-file",
             "--verify-each=false"] + MODES[mode] + [path])


def run(cmd):
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=600)
    except subprocess.TimeoutExpired:
        return (None, b"", b"timeout")
    return (proc.returncode, proc.stdout, proc.stderr)


def compare(job):
    old, new, mode, path = job
    a = run(command(old, mode, path))
    b = run(command(new, mode, path))
    return (mode, path, a == b, a[0], b[0])


def ptx_inputs(extra):
    found = []
    for top in [os.path.join(ROOT, "corpus"), os.path.join(ROOT, "test")] + extra:
        for dirpath, _, files in os.walk(top):
            found += [os.path.join(dirpath, name) for name in sorted(files)
                      if name.endswith(".ptx")]
    return found


def inputs(tmp, generated, large):
    found = []
    for top in ("corpus", "test"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for name in sorted(files):
                if name.endswith((".mlir", ".ttgir")):
                    found.append(os.path.join(dirpath, name))
    gen = os.path.join(ROOT, "utils", "gen", "ttgir_gen.py")
    for seed in range(generated + large):
        path = os.path.join(tmp, "gen%05d.mlir" % seed)
        ops = "150" if seed < generated else "1000"
        subprocess.run([sys.executable, gen, "--seed", str(seed), "--ops", ops,
                        "-o", path], check=True)
        found.append(path)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--generated", type=int, default=1800)
    parser.add_argument("--large", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--modes",
                        default=",".join(list(MODES) + ["check", "explain"]))
    parser.add_argument("--ptx-dir", action="append", default=[],
                        help="another directory of PTX files to compare on")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = inputs(tmp, args.generated, args.large)
        jobs = [(args.old, args.new, mode, path)
                for path in files for mode in args.modes.split(",")]
        ptx = ptx_inputs(args.ptx_dir)
        jobs += [(args.old, args.new, mode, path)
                 for path in ptx for mode in ("ptx-check", "ptx-explain")]
        differences = []
        with multiprocessing.Pool(args.jobs) as pool:
            for mode, path, same, rc_old, rc_new in pool.imap_unordered(
                    compare, jobs, chunksize=8):
                if not same:
                    differences.append((mode, os.path.relpath(path, ROOT)
                                        if path.startswith(ROOT) else
                                        os.path.basename(path), rc_old, rc_new))
    for mode, path, rc_old, rc_new in sorted(differences)[:20]:
        print("differs: %s %s (exit %s -> %s)" % (mode, path, rc_old, rc_new))
    print("%d TTGIR inputs (%d generated), %d modes; %d PTX inputs, 2 modes; "
          "%d runs per build: %d differ"
          % (len(files), args.generated + args.large, len(args.modes.split(",")),
             len(ptx), len(jobs), len(differences)))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
