#!/usr/bin/env python3
"""Benchmark (not a test): the fence pipeline, each pass, and `check` on
synthetic TTGIR modules from 1k to 1M ops, against parse + verify + print
of the same module, in one run; peak memory; a table and a plot.

  bench/ttgir_scale.py [--sizes 1000,10000,...] [--runs N] [--seed S]
                       [--cc 90|100] [--build DIR] [--plot FILE.png]
                       [--table FILE.md] [--json FILE.json] [--baseline DIR]
                       [--from-json FILE.json]

Modules come from utils/gen/ttgir_gen.py (seeded; the same generator the
property tests use). Times are MLIR's own pass timing (--mlir-timing; each
entry's share of the total where that is finer than its duration, see
finer_seconds), median of --runs processes (more on a module below 30k
ops, see runs_for); each round runs parse+verify+print, the pipeline and
the baseline's pipeline one after another, so that a slow stretch of the
machine falls on all of them:
  parse+verify+print   proxyfence-opt FILE            Parser + Output
  pipeline             proxyfence-opt --proxyfence-fence-pipeline FILE
                       (--verify-each=false): the four passes, each timed
  check                proxyfence check on the pipeline's output: wall
                       clock of the whole process, minus an empty check's
With --baseline DIR (another build, e.g. of an earlier commit), its
pipeline runs on the same modules, interleaved run by run with this
build's, and a second table sets the two side by side.
Peak memory is the maximum resident set size of each process (getrusage),
minus that of the same tool on an empty module; the parsed module's is
the parse+print run's.
A run's measurements go to bench/results/ttgir_scale-STAMP.json (STAMP:
the UTC time; bench/results/ is ignored by git) unless --json names
another file; --from-json tabulates and plots such a file again without
measuring (e.g. --from-json bench/results-build-machine.json --plot
docs/performance.png).
"""

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSES = ["ProxyFenceTMALowering", "ProxyFenceFenceInsertion",
          "ProxyFenceAllocateSharedMemory", "ProxyFenceProxyFenceInsertion"]
OP_LINE = re.compile(r'^\s*(?:%[^=]*=\s*)?"?[a-z_]+\.[a-z_0-9.]+')


def peak_rss_kib(cmd):
    """Peak RSS of one process (wait4's rusage of exactly that child)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit("ttgir_scale: %s failed" % " ".join(cmd))
    return usage.ru_maxrss


def timing(cmd):
    """MLIR's --mlir-timing JSON: name -> seconds."""
    proc = subprocess.run(cmd + ["--mlir-timing", "--mlir-output-format=json"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit("ttgir_scale: %s failed:\n%s" % (" ".join(cmd), proc.stderr[-2000:]))
    entries = json.loads(proc.stderr[proc.stderr.index("["):])
    total = next(e["wall"]["duration"] for e in entries if e["name"] == "Total")
    return {e["name"]: finer_seconds(e["wall"], total) for e in entries}


def finer_seconds(wall_entry, total):
    """MLIR prints a duration to 0.1 ms and its share of the total to 0.1%.
    On a small module the share times the total is the finer figure (a
    pass of 0.2 ms is 0.2 +- 0.05 ms as a duration, +- 0.004 ms from its
    share of a 7 ms total); it is kept within the duration's own rounding,
    so on a large module the duration decides."""
    duration = wall_entry["duration"]
    from_share = wall_entry["percentage"] / 100.0 * total
    return min(max(from_share, duration - 0.00005), duration + 0.00005)


def wall(cmd):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if proc.returncode not in (0, 1):
        sys.exit("ttgir_scale: %s failed" % " ".join(cmd))
    return time.perf_counter() - start


def runs_for(runs, size):
    """Runs of a module of `size` ops: at least `runs`, and on a small
    module as many as a 150k-op module's worth (at most 41). A process on
    a 1k-op module takes some milliseconds, and its timings vary by tens
    of percent from process to process (more on the H200 host): five
    medians of a few milliseconds are not a measurement."""
    return max(runs, min(41, 150000 // size))


def median_of(runs, fn):
    return statistics.median(fn() for _ in range(runs))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,3000,10000,30000,100000,300000,1000000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cc", type=int, default=90)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--plot", help="write a PNG plot of time per op")
    parser.add_argument("--table", help="also write the table (Markdown) here")
    parser.add_argument("--json", help="write the measurements (JSON) here "
                        "(default: bench/results/ttgir_scale-STAMP.json)")
    parser.add_argument("--from-json", help="plot and tabulate earlier measurements")
    parser.add_argument("--baseline", help="a second build directory to time "
                        "side by side (its pipeline, on the same modules)")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "proxyfence-opt")
    pf = os.path.join(args.build, "bin", "proxyfence")
    gen = os.path.join(ROOT, "utils", "gen", "ttgir_gen.py")
    rows = []
    if args.from_json:
        rows = json.load(open(args.from_json))["rows"]
    else:
        rows = measure(args, opt, pf, gen)
    report(args, rows)


def measure(args, opt, pf, gen):
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, "empty.mlir")
        with open(empty, "w") as f:
            f.write("module {\n}\n")
        base_opt = peak_rss_kib([opt, empty, "-o", os.devnull])
        base_check = peak_rss_kib([pf, "check", empty])
        check_empty = median_of(runs_for(args.runs, 1), lambda: wall([pf, "check", empty]))
        for size in [int(s) for s in args.sizes.split(",")]:
            src = os.path.join(tmp, "m%d.mlir" % size)
            out = os.path.join(tmp, "m%d.out.mlir" % size)
            subprocess.run([sys.executable, gen, "--seed", str(args.seed), "--ops",
                            str(size), "--cc", str(args.cc), "-o", src], check=True)
            ops = sum(1 for line in open(src) if OP_LINE.match(line))
            pipeline_args = ["--proxyfence-fence-pipeline=compute-capability=%d" % args.cc,
                             "--verify-each=false", src]
            runs = runs_for(args.runs, size)
            parse, pipe, base = [], [], []
            for _ in range(runs):
                parse.append(timing([opt, src, "-o", os.devnull]))
                pipe.append(timing([opt] + pipeline_args + ["-o", out]))
                if args.baseline:
                    base.append(timing([os.path.join(args.baseline, "bin", "proxyfence-opt")]
                                       + pipeline_args + ["-o", os.devnull]))
            row = {"size": size, "ops": ops, "runs": runs}
            if base:
                row["base_parse_print"] = statistics.median(
                    t["Parser"] + t["Output"] for t in base)
                for name in PASSES:
                    row["base_" + name] = statistics.median(t.get(name, 0.0) for t in base)
                row["base_pipeline"] = statistics.median(
                    sum(t.get(n, 0.0) for n in PASSES) for t in base)
            row["parse_print"] = statistics.median(t["Parser"] + t["Output"] for t in parse)
            for name in PASSES:
                row[name] = statistics.median(t.get(name, 0.0) for t in pipe)
            row["pipeline"] = statistics.median(sum(t.get(n, 0.0) for n in PASSES) for t in pipe)
            row["check"] = max(0.0, median_of(runs, lambda: wall([pf, "check", out]))
                               - check_empty)
            row["mem_parse"] = (peak_rss_kib([opt, src, "-o", os.devnull]) - base_opt) / 1024
            row["mem_pipeline"] = (peak_rss_kib(
                [opt, "--proxyfence-fence-pipeline=compute-capability=%d" % args.cc,
                 "--verify-each=false", src, "-o", os.devnull]) - base_opt) / 1024
            row["mem_check"] = (peak_rss_kib([pf, "check", out]) - base_check) / 1024
            rows.append(row)
            print("size %d: %d ops, parse+print %.3fs, pipeline %.3fs, check %.3fs"
                  % (size, ops, row["parse_print"], row["pipeline"], row["check"]),
                  file=sys.stderr)
    path = args.json or default_results_path("ttgir_scale", "json")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump({"seed": args.seed, "cc": args.cc, "runs": args.runs,
                   "rows": rows}, f, indent=1)
    print("ttgir_scale: measurements written to %s" % os.path.relpath(path),
          file=sys.stderr)
    return rows


def default_results_path(name, ext):
    """bench/results/NAME-STAMP.EXT, STAMP the UTC time (ignored by git)."""
    return os.path.join(ROOT, "bench", "results", "%s-%s.%s" % (
        name, time.strftime("%Y%m%d-%H%M%S", time.gmtime()), ext))


def report(args, rows):
    lines = []
    lines.append("| ops | parse+verify+print (ms) | TMA lowering | fence insertion | allocation "
                 "| proxy-fence insertion | pipeline (ms) | pipeline / parse+print "
                 "| pipeline µs/op | check (ms) | peak MiB: parse, pipeline, check "
                 "| pipeline / parse memory |")
    lines.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for r in rows:
        lines.append("| %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f%% | %.2f | %.1f "
                     "| %.0f, %.0f, %.0f | %s |" % (
                         r["ops"], 1e3 * r["parse_print"],
                         *[1e3 * r[n] for n in PASSES], 1e3 * r["pipeline"],
                         100 * r["pipeline"] / r["parse_print"],
                         1e6 * r["pipeline"] / r["ops"], 1e3 * r["check"],
                         r["mem_parse"], r["mem_pipeline"], r["mem_check"],
                         # (Below 16 MiB the ratio is noise; see the summary.)
                         "%.2f×" % (r["mem_pipeline"] / r["mem_parse"])
                         if r["mem_parse"] >= 16 else "—"))
    first, last = rows[0], rows[-1]
    per_op = lambda r, k: r[k] / r["ops"]
    lines.append("")
    lines.append("- pipeline / parse+verify+print: worst %.1f%% (target: at most 10%%)"
                 % max(100 * r["pipeline"] / r["parse_print"] for r in rows))
    lines.append("- pipeline time per op, %d ops vs %d ops: %.2f× (target: within 2×)"
                 % (last["ops"], first["ops"], per_op(last, "pipeline") / per_op(first, "pipeline")))
    lines.append("- check / parse+verify+print: worst %.2f× (target: at most 1.5×)"
                 % max(r["check"] / r["parse_print"] for r in rows))
    lines.append("- check time per op, %d ops vs %d ops: %.2f× (target: linear)"
                 % (last["ops"], first["ops"],
                    per_op(last, "check") / max(per_op(first, "check"), 1e-12)))
    big = [r for r in rows if r["mem_parse"] >= 16]
    lines.append("- peak memory, pipeline run / parse run: worst %.2f× over the sizes "
                 "whose parsed module takes at least 16 MiB (%s; target: at most 3×); "
                 "below that the module is within the noise of a process's RSS"
                 % (max((r["mem_pipeline"] / r["mem_parse"] for r in big), default=0),
                    ", ".join("%d ops" % r["ops"] for r in big) or "none"))
    if all("base_pipeline" in r for r in rows):
        lines.append("")
        lines.append("Side by side with the baseline build (same modules, runs "
                     "interleaved; both against this build's parse+verify+print):")
        lines.append("")
        lines.append("| ops | pipeline before (ms) | pipeline after (ms) | speedup "
                     "| before / parse+print | after / parse+print "
                     "| TMA lowering | fence insertion | allocation | proxy-fence insertion |")
        lines.append("|---:|---:|---:|---:|---:|---:|---|---|---|---|")
        for r in rows:
            lines.append("| %d | %.1f | %.1f | %.1f× | %.1f%% | %.1f%% | %s |" % (
                r["ops"], 1e3 * r["base_pipeline"], 1e3 * r["pipeline"],
                r["base_pipeline"] / max(r["pipeline"], 1e-12),
                100 * r["base_pipeline"] / r["parse_print"],
                100 * r["pipeline"] / r["parse_print"],
                " | ".join("%.1f → %.1f" % (1e3 * r["base_" + n], 1e3 * r[n])
                           for n in PASSES)))
    table = "\n".join(lines) + "\n"
    print(table)
    if args.table:
        with open(args.table, "w") as f:
            f.write(table)
    if args.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(7.5, 4.5))
        xs = [r["ops"] for r in rows]
        names = {"ProxyFenceTMALowering": "TMA lowering",
                 "ProxyFenceFenceInsertion": "fence insertion",
                 "ProxyFenceAllocateSharedMemory": "allocation",
                 "ProxyFenceProxyFenceInsertion": "proxy-fence insertion"}
        series = [("parse+verify+print", "parse_print")] + [
            (names[n], n) for n in PASSES] + [
            ("whole pipeline", "pipeline"), ("check (incl. its parse)", "check")]
        for label, key in series:
            ax.plot(xs, [1e6 * r[key] / r["ops"] for r in rows], marker="o", label=label)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("ops in the module")
        ax.set_ylabel("µs per op")
        ax.set_title("proxyfence on synthetic TTGIR (seed %d, sm_%d)" % (args.seed, args.cc))
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110)


if __name__ == "__main__":
    main()
