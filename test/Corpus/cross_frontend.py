#!/usr/bin/env python3
"""The two front-ends on the same kernels: `proxyfence check` of a Triton
kernel's final TTGIR and of its PTX must prove the same hazards.

  cross_frontend.py PROXYFENCE KERNEL_DIR...

For each directory holding both final.ttgir and final.ptx, the errors of
each (missing-fence, missing-completion-wait) are keyed by kind, hazard
and the Python source lines of their two operations (the `loc` both IRs
carry), and compared as multisets. Prints one line per kernel:

  SAME <dir>: N errors[, PTX also: <kind> xK ...][, TTGIR also: ...]
  DIFF <dir>: only TTGIR <key>... | only PTX <key>...

where "also" lists the findings that are not errors (warnings, notes) that
one front-end reports and the other does not, by kind. A test, not a
measuring tool: the lit test checks that no line is DIFF.
"""

import collections
import json
import os
import subprocess
import sys

ERRORS = ("missing-fence", "missing-completion-wait")


def findings(tool, path):
    proc = subprocess.run([tool, "check", "--format=json", path],
                          capture_output=True, text=True, errors="replace")
    if proc.returncode not in (0, 1):
        sys.exit("check failed on %s: %s" % (path, proc.stderr.strip()))
    return json.loads(proc.stdout)["findings"]


def source_line(end):
    src = end.get("source") if end else None
    return "%s:%s" % (src["file"], src["line"]) if src else "?"


def key(finding):
    return (finding["kind"], finding.get("hazard", ""),
            source_line(finding.get("secondary")),
            source_line(finding.get("primary")))


def main():
    tool, dirs = sys.argv[1], sys.argv[2:]
    for d in dirs:
        ttgir, ptx = (os.path.join(d, "final.ttgir"),
                      os.path.join(d, "final.ptx"))
        if not (os.path.isfile(ttgir) and os.path.isfile(ptx)):
            continue
        t, p = findings(tool, ttgir), findings(tool, ptx)
        te = collections.Counter(key(f) for f in t if f["kind"] in ERRORS)
        pe = collections.Counter(key(f) for f in p if f["kind"] in ERRORS)
        name = "/".join(d.rstrip("/").split("/")[-2:])
        if te != pe:
            only_t = sorted((te - pe).elements())
            only_p = sorted((pe - te).elements())
            print("DIFF %s: only TTGIR %s | only PTX %s" %
                  (name, only_t, only_p))
            continue
        tk = collections.Counter(f["kind"] for f in t if f["kind"] not in ERRORS)
        pk = collections.Counter(f["kind"] for f in p if f["kind"] not in ERRORS)
        extra = []
        for label, more in (("PTX also", pk - tk), ("TTGIR also", tk - pk)):
            if more:
                extra.append(label + ": " + " ".join(
                    "%s x%d" % (k, n) for k, n in sorted(more.items())))
        print("SAME %s: %d errors%s" % (name, sum(te.values()),
                                        "".join(", " + e for e in extra)))


if __name__ == "__main__":
    main()
