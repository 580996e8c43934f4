#!/usr/bin/env python3
"""Property checks of the PTX checker on generated warp-specialized kernels.

  ptx_roles_check.py --seeds A:B [--checker PROXYFENCE] [--ptxas PTXAS]
                     [--keep DIR] [--stats]

For every seed in [A, B), utils/gen/ptx_roles_gen.py writes a kernel with a
producer warp, one or two consumer roles and issuer-predicated TMA-store
epilogues, correct by construction, in which every proxy fence is needed
and every wait marked `// needed` is tight. Checked:

  R0  ptxas accepts the kernel (with --ptxas, or a ptxas found on PATH or in
      a CUDA install; skipped when there is none);
  R1  `proxyfence check` reports nothing on it: no error, no unproven
      ordering, no fence called spurious or over-wide (every fence is
      needed: a checker that advised removing one would be wrong);
  R2  deleting any one fence is reported: a finding (missing fence, missing
      completion wait, unproven ordering) the kernel did not have, or an
      unproven cause with more pairs;
  R3  weakening any needed `cp.async.bulk.wait_group.read N` to N+1 is
      reported the same way;
  R4  `proxyfence explain` says every fence orders something;
  R5  `proxyfence fix` of the kernel with every fence deleted checks clean
      of errors and unproven orderings;
  R6  deleting a fence marked `// released late` (a consumer that releases
      each ring slot one stage late, through a release counter of its
      own) is reported as an error, not only as an unproven ordering;
  R7  deleting any one fence, and weakening any needed wait, is reported
      as an error (the hazard it leaves is real, and the checker proves
      it), not only as an unproven ordering.

With --stats, also how many deletions and weakenings are errors.

Prints one line per failing seed, then `checked K kernels (F fences, W
waits): N failed [...]`. Exit status: 0 when every property holds, 1
otherwise, 2 on bad usage.
"""

import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "utils", "precision"))

import ptx_roles_gen  # noqa: E402
from sensitivity import keys  # noqa: E402

FENCE = re.compile(r"^\s*fence\.proxy\.async")
LATE = re.compile(r"//\s*released late")
NEEDED_WAIT = re.compile(r"(cp\.async\.bulk\.wait_group\.read\s+)(\d+)(;\s*"
                         r"// needed)")


def find_ptxas(given):
    if given:
        return given
    found = shutil.which("ptxas")
    if found:
        return found
    for candidate in sorted(glob.glob("/usr/local/cuda*/bin/ptxas")):
        return candidate
    return None


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def findings(checker, path):
    proc = run(checker + ["check", "--format=json", path])
    if proc.returncode not in (0, 1):
        raise RuntimeError("check failed (%d): %s" %
                           (proc.returncode, proc.stderr.strip()))
    return json.loads(proc.stdout)["findings"]


def check_seed(seed, checker, ptxas, tmp):
    """The failures of one seed: [(property, message)], and counts."""
    text, info = ptx_roles_gen.generate(seed)
    failures = []
    path = os.path.join(tmp, "roles_%d.ptx" % seed)
    with open(path, "w") as f:
        f.write(text)
    lines = text.splitlines(keepends=True)
    counts = {"fences": 0, "waits": 0, "fence errors": 0, "wait errors": 0}
    if ptxas:
        proc = run([ptxas, "-arch=" + info["target"], path, "-o",
                    os.path.join(tmp, "roles_%d.cubin" % seed)])
        if proc.returncode != 0:
            failures.append(("R0", "ptxas: " + proc.stderr.strip()[:300]))
    base = findings(checker, path)
    if base:
        failures.append(("R1", "; ".join(
            "%s %s line %s" % (f["severity"], f["kind"],
                               f["primary"]["ir"]["line"]) for f in base)))
    base_keys = keys(base)
    variant = os.path.join(tmp, "variant_%d.ptx" % seed)
    for i, line in enumerate(lines, 1):
        if not FENCE.match(line):
            continue
        counts["fences"] += 1
        with open(variant, "w") as f:
            f.writelines(lines[:i - 1] + lines[i:])
        found = findings(checker, variant)
        if not keys(found) - keys(base, deleted_line=i):
            failures.append(("R2", "deleting the fence at line %d is not "
                             "reported" % i))
        error = any(f["severity"] == "error" for f in found)
        counts["fence errors"] += error
        if LATE.search(line) and not error:
            failures.append(("R6", "deleting the fence at line %d, released "
                             "late, is not an error" % i))
        elif not error:
            failures.append(("R7", "deleting the fence at line %d is not an "
                             "error" % i))
    for i, line in enumerate(lines, 1):
        m = NEEDED_WAIT.search(line)
        if not m:
            continue
        counts["waits"] += 1
        weaker = NEEDED_WAIT.sub(lambda m: "%s%d%s" % (
            m.group(1), int(m.group(2)) + 1, m.group(3)), line)
        with open(variant, "w") as f:
            f.writelines(lines[:i - 1] + [weaker] + lines[i:])
        found = findings(checker, variant)
        error = any(f["severity"] == "error" for f in found)
        counts["wait errors"] += error
        if not keys(found) - base_keys:
            failures.append(("R3", "weakening the wait at line %d is not "
                             "reported" % i))
        elif not error:
            failures.append(("R7", "weakening the wait at line %d is not an "
                             "error" % i))
    proc = run(checker + ["explain", "--format=json", path])
    if proc.returncode != 0:
        failures.append(("R4", "explain failed: " + proc.stderr.strip()))
    else:
        explained = json.loads(proc.stdout)
        for fence in explained.get("fences", []):
            if not fence.get("needed") or not fence.get("protects"):
                failures.append(("R4", "explain: the fence at line %s orders "
                                 "nothing" % fence["fence"]["ir"]["line"]))
    stripped = os.path.join(tmp, "stripped_%d.ptx" % seed)
    with open(stripped, "w") as f:
        f.writelines(l for l in lines if not FENCE.match(l))
    fixed = os.path.join(tmp, "fixed_%d.ptx" % seed)
    proc = run(checker + ["fix", stripped, "-o", fixed])
    if proc.returncode != 0:
        failures.append(("R5", "fix failed: " + proc.stderr.strip()))
    else:
        left = [f for f in findings(checker, fixed)
                if f["severity"] == "error" or f["kind"] == "unproven-ordering"]
        if left:
            failures.append(("R5", "after fix: " + "; ".join(
                "%s line %s" % (f["kind"], f["primary"]["ir"]["line"])
                for f in left)))
    counts["features"] = info["features"]
    return failures, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", required=True, help="A:B")
    parser.add_argument("--checker", default=os.path.join(
        ROOT, "build", "bin", "proxyfence"),
        help="the proxyfence binary, or a command line")
    parser.add_argument("--ptxas")
    parser.add_argument("--keep")
    parser.add_argument("--stats", action="store_true",
                        help="also print how many kernels have each feature")
    args = parser.parse_args()
    try:
        a, b = (int(x) for x in args.seeds.split(":"))
    except ValueError:
        parser.error("--seeds takes A:B")
    checker = shlex.split(args.checker)
    ptxas = find_ptxas(args.ptxas)
    tmp = args.keep or tempfile.mkdtemp(prefix="ptx-roles-")
    os.makedirs(tmp, exist_ok=True)
    failed = {}
    total = {"fences": 0, "waits": 0, "fence errors": 0, "wait errors": 0}
    tally = {}
    for seed in range(a, b):
        failures, counts = check_seed(seed, checker, ptxas, tmp)
        for k in total:
            total[k] += counts[k]
        for feature in counts["features"]:
            tally[feature] = tally.get(feature, 0) + 1
        for prop, message in failures:
            failed.setdefault(prop, 0)
            failed[prop] += 1
            print("seed %d: %s: %s (python3 utils/gen/ptx_roles_gen.py "
                  "--seed %d)" % (seed, prop, message, seed))
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.stats:
        for feature in sorted(tally):
            print("feature %s: %d" % (feature, tally[feature]))
        print("as errors: %d of %d fence deletions, %d of %d weakened waits"
              % (total["fence errors"], total["fences"], total["wait errors"],
                 total["waits"]))
    bad = sum(failed.values())
    print("checked %d kernels (%d fences, %d waits%s): %d failed%s" % (
        b - a, total["fences"], total["waits"],
        "" if ptxas else ", no ptxas", bad,
        " [" + ", ".join("%s: %d" % kv for kv in sorted(failed.items())) + "]"
        if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
