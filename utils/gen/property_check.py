#!/usr/bin/env python3
"""Property checks of the fence passes and the checker on generated kernels.

  property_check.py --seeds A:B [--jobs J] [--ops N | --ops auto]
                    [--cc 90|100] [--opt PROXYFENCE-OPT] [--checker PROXYFENCE]
                    [--keep DIR] [--timeout S] [--quiet]

For every seed in [A, B), utils/gen/ttgir_gen.py generates a kernel module
(of N ops, or with --ops auto a size that varies with the seed) and these
properties are checked, with PIPE = `proxyfence-opt
--proxyfence-fence-pipeline=compute-capability=CC` (CC: the module's target):

  P0  the generated module parses and verifies (proxyfence-opt, no pass)
      and PIPE succeeds on it;
  P1  `proxyfence check` on PIPE's output reports no error (no missing
      fence, no missing completion wait); warnings are allowed;
  P2  PIPE is idempotent: PIPE on its own output gives the same bytes;
  P3  PIPE is deterministic: a second run, and a run with
      --mlir-disable-threading, give the same bytes;
  P4  PIPE never removes a fence: per function, the output has at least as
      many ttng.fence_async_shared as the input;
  P5  `proxyfence fix` then `proxyfence check` is clean of errors, on the
      generated module and on PIPE's output with every fence deleted; fix
      is idempotent, and changes nothing in PIPE's output (but for the
      trailing blank line proxyfence-opt prints);
  P6  the checker's own claim about spurious fences holds: deleting every
      fence `proxyfence check` reports spurious on PIPE's output, all
      together, leaves no error and no further spurious fence;
  P7  fences are placed where the threads that wrote can execute them: in
      the outputs of PIPE and of fix, no fence that orders something (one
      `proxyfence check` does not call spurious) directly follows an
      execution barrier (`ttg.local_barrier`, `ttg.barrier`; only ops that
      touch no shared memory between). The generator never puts one there;
  P8  the allocation is sound: `proxyfence-opt
      --test-verify-shared-memory-allocation` (its own liveness) finds no
      two buffers of overlapping bytes live at the same op in PIPE's output;
  P9  `proxyfence explain` tells the truth: for up to three fences of PIPE's
      output that it calls needed (picked by the seed), deleting the fence,
      with the fences of its function it called not needed before it, makes
      `proxyfence check` report exactly the hazards explain listed (kind,
      generic op and async op, at their lines).

Prints one line per failing seed (property, what went wrong, and a
reproducer command), then a summary:

  checked K kernels (O ops): F failed [P1: n, ...]
  first failing seed: S (P.): REPRODUCER

Exit status: 0 when every property holds, 1 otherwise, 2 on bad usage.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ttgir_gen  # noqa: E402

PROPERTIES = ["P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9"]
FENCE = "ttng.fence_async_shared"
FUNC = re.compile(r"^\s*tt\.func\b[^@]*@([\w$.-]+)")

# Sizes for --ops auto: small kernels most of the time, some large ones.
AUTO_SIZES = [50, 80, 120, 200, 300, 500, 800, 1500]


def size_for(seed, ops):
    if ops != "auto":
        return int(ops)
    return AUTO_SIZES[(seed * 7 + seed // len(AUTO_SIZES)) % len(AUTO_SIZES)]


def module_cc(text):
    m = re.search(r'ttg\.target = "cuda:(\d+)"', text)
    return int(m.group(1)) if m else 0


def fences_per_function(text):
    """[(function name, fence count)] in order of appearance."""
    counts = []
    for line in text.splitlines():
        m = FUNC.match(line)
        if m:
            counts.append([m.group(1), 0])
        elif FENCE in line and counts:
            counts[-1][1] += 1
    return counts


def misplaced_fences(text, spurious=()):
    """Line numbers of fences right after an execution barrier, except
    those in `spurious`."""
    lines = text.splitlines()
    return [i + 1 for i, line in enumerate(lines)
            if FENCE in line and i + 1 not in spurious and
            ttgir_gen.follows_barrier(lines, i)]


def spurious_lines(findings):
    return set((f.get("primary") or {}).get("ir", {}).get("line")
               for f in findings if f.get("kind") == "spurious-fence")


def function_of_lines(lines):
    """For each line number (1-based, index 0 unused), the index of the
    function it is in."""
    owner, current = [None], -1
    for line in lines:
        if FUNC.match(line):
            current += 1
        owner.append(current)
    return owner


def strip_fences(text):
    return "".join(l for l in text.splitlines(True) if FENCE not in l)


class Failure(Exception):
    def __init__(self, prop, message):
        Exception.__init__(self, message)
        self.prop = prop
        self.message = message


class Checker:
    def __init__(self, opt, checker, timeout):
        self.opt = opt
        self.checker = checker
        self.timeout = timeout

    def run(self, prop, argv):
        try:
            p = subprocess.run(argv, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            raise Failure(prop, "timed out after %ds: %s"
                          % (self.timeout, " ".join(argv)))
        except OSError as e:
            raise Failure(prop, "cannot run %s: %s" % (argv[0], e))
        return p.returncode, p.stdout, p.stderr

    def pipeline(self, prop, cc, src, dst, extra=()):
        argv = self.opt + ["--proxyfence-fence-pipeline=compute-capability=%d"
                           % cc] + list(extra) + [src, "-o", dst]
        rc, _, err = self.run(prop, argv)
        if rc != 0:
            raise Failure(prop, "proxyfence-opt exited %d: %s"
                          % (rc, first_line(err)))
        with open(dst, "rb") as f:
            return f.read()

    def findings(self, prop, path):
        """Every finding of `proxyfence check` on `path`."""
        rc, out, err = self.run(prop, self.checker + ["check",
                                       "--format=json", path])
        if rc not in (0, 1):
            raise Failure(prop, "proxyfence check exited %d: %s"
                          % (rc, first_line(err)))
        try:
            report = json.loads(out.decode("utf-8"))
        except ValueError:
            raise Failure(prop, "proxyfence check printed no JSON")
        findings = report.get("findings", [])
        errs = [f for f in findings if f.get("severity") == "error"]
        if report.get("summary", {}).get("errors") != len(errs):
            raise Failure(prop, "summary.errors disagrees with the findings")
        if (rc == 1) != bool(errs):
            raise Failure(prop, "exit status %d with %d errors"
                          % (rc, len(errs)))
        return findings

    def fix(self, prop, src, dst):
        rc, _, err = self.run(prop, self.checker + ["fix", src, "-o", dst])
        if rc != 0:
            raise Failure(prop, "proxyfence fix exited %d: %s"
                          % (rc, first_line(err)))


def first_line(data):
    text = data.decode("utf-8", "replace").strip()
    return text.splitlines()[0] if text else "(no message)"


def describe(finding):
    def at(info):
        if not info:
            return "?"
        ir = info.get("ir") or {}
        return "%s@%s:%s" % (info.get("op"), ir.get("line"), ir.get("column"))
    return "%s %s %s <- %s" % (finding.get("kind"), finding.get("hazard", ""),
                               at(finding.get("primary")),
                               at(finding.get("secondary")))


def check_seed(tools, seed, ops, cc, workdir):
    """Checks every property on the kernel of `seed`; returns (op count,
    [Failure])."""
    os.makedirs(workdir, exist_ok=True)
    src = os.path.join(workdir, "input.mlir")
    text, nops = ttgir_gen.generate_counted(seed, ops, cc)
    with open(src, "w") as f:
        f.write(text)
    cc_mod = module_cc(text)
    failures = []
    out1 = os.path.join(workdir, "pipeline.mlir")

    def attempt(fn):
        try:
            fn()
        except Failure as e:
            failures.append(e)

    # P0: parse, verify, pipeline.
    def p0():
        rc, _, err = tools.run("P0", tools.opt + [src, "-o", os.devnull])
        if rc != 0:
            raise Failure("P0", "does not parse or verify: %s"
                          % first_line(err))
        tools.pipeline("P0", cc_mod, src, out1)
    attempt(p0)
    if failures:
        return nops, failures
    with open(out1, "rb") as f:
        first = f.read()

    found = {}  # path -> the findings of `proxyfence check`

    def p1():
        found[out1] = tools.findings("P1", out1)
        errs = [f for f in found[out1] if f.get("severity") == "error"]
        if errs:
            raise Failure("P1", "%d error(s) after the pipeline, first: %s"
                          % (len(errs), describe(errs[0])))

    def p2():
        again = tools.pipeline("P2", cc_mod, out1,
                               os.path.join(workdir, "pipeline2.mlir"))
        if again != first:
            raise Failure("P2", "the pipeline on its own output changes it"
                          " (%s)" % first_diff(first, again))

    def p3():
        second = tools.pipeline("P3", cc_mod, src,
                                os.path.join(workdir, "rerun.mlir"))
        if second != first:
            raise Failure("P3", "two runs differ (%s)"
                          % first_diff(first, second))
        single = tools.pipeline("P3", cc_mod, src,
                                os.path.join(workdir, "nothreads.mlir"),
                                ["--mlir-disable-threading"])
        if single != first:
            raise Failure("P3", "--mlir-disable-threading differs (%s)"
                          % first_diff(first, single))

    def p4():
        before = fences_per_function(text)
        after = fences_per_function(first.decode("utf-8"))
        if [n for n, _ in before] != [n for n, _ in after]:
            raise Failure("P4", "the functions differ in name or order")
        for (name, a), (_, b) in zip(before, after):
            if b < a:
                raise Failure("P4", "@%s: %d fences in, %d out"
                              % (name, a, b))

    def p5():
        fixed = os.path.join(workdir, "fixed.mlir")
        tools.fix("P5", src, fixed)
        found[fixed] = tools.findings("P5", fixed)
        errs = [f for f in found[fixed] if f.get("severity") == "error"]
        if errs:
            raise Failure("P5", "%d error(s) after fix of the input, first: "
                          "%s" % (len(errs), describe(errs[0])))
        again = os.path.join(workdir, "fixed2.mlir")
        tools.fix("P5", fixed, again)
        with open(fixed, "rb") as f1, open(again, "rb") as f2:
            a, b = f1.read(), f2.read()
        if a != b:
            raise Failure("P5", "fix of fix's output changes it (%s)"
                          % first_diff(a, b))
        same = os.path.join(workdir, "pipeline.fixed.mlir")
        tools.fix("P5", out1, same)
        with open(same, "rb") as f:
            b = f.read()
        if first.rstrip() != b.rstrip():
            raise Failure("P5", "fix changes the pipeline's output (%s)"
                          % first_diff(first.rstrip(), b.rstrip()))
        stripped = os.path.join(workdir, "stripped.mlir")
        with open(stripped, "w") as f:
            f.write(strip_fences(first.decode("utf-8")))
        refixed = os.path.join(workdir, "refixed.mlir")
        tools.fix("P5", stripped, refixed)
        found[refixed] = tools.findings("P5", refixed)
        errs = [f for f in found[refixed] if f.get("severity") == "error"]
        if errs:
            raise Failure("P5", "%d error(s) after fix of the fence-free "
                          "pipeline output, first: %s"
                          % (len(errs), describe(errs[0])))

    def p6():
        if out1 not in found:
            found[out1] = tools.findings("P6", out1)
        spurious = spurious_lines(found[out1])
        if not spurious:
            return
        lines = first.decode("utf-8").splitlines(True)
        kept = [l for i, l in enumerate(lines, 1) if i not in spurious]
        if len(lines) - len(kept) != len(spurious) or any(
                FENCE not in lines[i - 1] for i in spurious):
            raise Failure("P6", "a spurious-fence finding is not at a fence")
        pruned = os.path.join(workdir, "pruned.mlir")
        with open(pruned, "w") as f:
            f.write("".join(kept))
        left = tools.findings("P6", pruned)
        errs = [f for f in left if f.get("severity") == "error"]
        if errs:
            raise Failure("P6", "deleting the %d spurious fences leaves %d "
                          "error(s), first: %s"
                          % (len(spurious), len(errs), describe(errs[0])))
        more = [f for f in left if f.get("kind") == "spurious-fence"]
        if more:
            raise Failure("P6", "deleting the %d spurious fences makes %d "
                          "more spurious, first: %s"
                          % (len(spurious), len(more), describe(more[0])))

    def p7():
        outputs = [("pipeline", out1)]
        for name in ("fixed.mlir", "refixed.mlir"):
            path = os.path.join(workdir, name)
            if path in found:
                outputs.append(("fix" if name == "fixed.mlir" else
                                "fix of the fence-free output", path))
        for what, path in outputs:
            if path not in found:
                found[path] = tools.findings("P7", path)
            with open(path) as f:
                bad = misplaced_fences(f.read(), spurious_lines(found[path]))
            if bad:
                raise Failure("P7", "%d fence(s) after an execution barrier "
                              "in the %s output, first at line %d"
                              % (len(bad), what, bad[0]))

    def p8():
        rc, out, err = tools.run("P8", tools.opt + [
            "--test-verify-shared-memory-allocation", out1, "-o", os.devnull])
        if rc != 0 or b"shared-memory allocation ok" not in out:
            raise Failure("P8", "the allocation verifier exited %d: %s"
                          % (rc, first_line(err)))

    def p9():
        rc, out, err = tools.run("P9", tools.checker + ["explain",
                                                        "--format=json", out1])
        if rc != 0:
            raise Failure("P9", "proxyfence explain exited %d: %s"
                          % (rc, first_line(err)))
        fences = json.loads(out.decode("utf-8"))["fences"]
        lines = first.decode("utf-8").splitlines(True)
        func_of = function_of_lines(lines)
        needed = [f for f in fences if f["needed"]]
        if not needed:
            return
        picks = sorted(set((seed * 7919 + k * 104729) % len(needed)
                           for k in range(3)))
        for pick in picks:
            fence = needed[pick]
            line = fence["fence"]["ir"]["line"]
            earlier = [f["fence"]["ir"]["line"] for f in fences
                       if not f["needed"] and
                       f["fence"]["ir"]["line"] < line and
                       func_of[f["fence"]["ir"]["line"]] == func_of[line]]
            gone = set(earlier + [line])
            if any(FENCE not in lines[g - 1] for g in gone):
                raise Failure("P9", "explain names a fence at line %d that "
                              "is not one" % line)

            def moved(n):
                return n - sum(1 for g in gone if g < n)

            want = sorted((h["hazard"], h["secondary"]["op"],
                           moved(h["secondary"]["ir"]["line"]),
                           h["primary"]["op"],
                           moved(h["primary"]["ir"]["line"]))
                          for h in fence["protects"])
            path = os.path.join(workdir, "deleted%d.mlir" % line)
            with open(path, "w") as f:
                f.write("".join(l for i, l in enumerate(lines, 1)
                                if i not in gone))
            got = sorted((h.get("hazard"), h["secondary"]["op"],
                          h["secondary"]["ir"]["line"], h["primary"]["op"],
                          h["primary"]["ir"]["line"])
                         for h in tools.findings("P9", path)
                         if h.get("kind") == "missing-fence")
            if got != want:
                raise Failure("P9", "deleting the fence at line %d (and %d "
                              "not needed before it): check reports %r, "
                              "explain said %r" % (line, len(earlier),
                                                   got[:3], want[:3]))

    for fn in (p1, p2, p3, p4, p5, p6, p7, p8, p9):
        attempt(fn)
    return nops, failures


def first_diff(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return "line %d" % (i + 1)
    return "line %d (length)" % (min(len(la), len(lb)) + 1)


def find_tool(name, given):
    """The command (a list) that runs tool `name`: --opt/--checker split as
    a shell would, else build/bin of this checkout, else PATH."""
    if given:
        return shlex.split(given)
    root = os.path.dirname(os.path.dirname(HERE))
    local = os.path.join(root, "build", "bin", name)
    if os.access(local, os.X_OK):
        return [local]
    found = shutil.which(name)
    if found:
        return [found]
    sys.stderr.write("property_check.py: %s not found (use --opt/--checker)"
                     "\n" % name)
    sys.exit(2)


def parse_seeds(text):
    m = re.match(r"^(\d+):(\d+)$", text)
    if not m or int(m.group(1)) >= int(m.group(2)):
        raise argparse.ArgumentTypeError("--seeds wants A:B with A < B")
    return int(m.group(1)), int(m.group(2))


def reproducer(seed, ops, args):
    """The command that checks `seed` alone and keeps its files."""
    cmd = "python3 %s --seeds %d:%d --ops %d" % (
        os.path.relpath(os.path.abspath(sys.argv[0])), seed, seed + 1, ops)
    if args.cc:
        cmd += " --cc %d" % args.cc
    for flag, value in (("--opt", args.opt), ("--checker", args.checker)):
        if value:
            cmd += " %s %s" % (flag, shlex.quote(value))
    return cmd + " --keep /tmp/pf-seed%d" % seed


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=parse_seeds, required=True)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--ops", default="auto",
                    help="ops per kernel, or 'auto' (varies with the seed)")
    ap.add_argument("--cc", type=int, choices=[90, 100])
    ap.add_argument("--opt", help="proxyfence-opt to test (a command line; "
                    "default: build/bin of this checkout, else PATH)")
    ap.add_argument("--checker", help="proxyfence to test (likewise)")
    ap.add_argument("--keep", help="keep every kernel's files under DIR")
    ap.add_argument("--timeout", type=int, default=300,
                    help="seconds per tool run")
    ap.add_argument("--quiet", action="store_true",
                    help="only the summary")
    args = ap.parse_args(argv)
    if args.ops != "auto" and not args.ops.isdigit():
        ap.error("--ops wants a number or 'auto'")
    tools = Checker(find_tool("proxyfence-opt", args.opt),
                    find_tool("proxyfence", args.checker), args.timeout)
    lo, hi = args.seeds
    base = args.keep or tempfile.mkdtemp(prefix="property_check.")
    seeds = list(range(lo, hi))

    def one(seed):
        ops = size_for(seed, args.ops)
        work = os.path.join(base, "seed%d" % seed)
        try:
            nops, failures = check_seed(tools, seed, ops, args.cc, work)
        finally:
            if not args.keep:
                shutil.rmtree(work, ignore_errors=True)
        return seed, ops, nops, failures

    results = []
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for result in pool.map(one, seeds):
            results.append(result)
            seed, ops, _, failures = result
            if failures and not args.quiet:
                for f in failures:
                    print("FAIL seed %d (%d ops) %s: %s"
                          % (seed, ops, f.prop, f.message))
                print("  reproduce: %s" % reproducer(seed, ops, args))
                sys.stdout.flush()
    if not args.keep:
        shutil.rmtree(base, ignore_errors=True)

    by_prop = dict((p, 0) for p in PROPERTIES)
    failed = [r for r in results if r[3]]
    for r in failed:
        for p in sorted(set(f.prop for f in r[3])):
            by_prop[p] += 1
    total_lines = sum(r[2] for r in results)
    print("checked %d kernels (%d ops): %d failed [%s]"
          % (len(results), total_lines, len(failed),
             ", ".join("%s: %d" % (p, by_prop[p]) for p in PROPERTIES)))
    if failed:
        seed, ops, _, failures = failed[0]
        print("first failing seed: %d (%s): %s"
              % (seed, ", ".join(sorted(set(f.prop for f in failures))),
                 reproducer(seed, ops, args)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
