#!/usr/bin/env python3
"""Runs `proxyfence check --format=json` on each FILE and prints one line per
file and one per finding, for FileCheck:

  FILE: exit=R errors=E warnings=W missing-fence=A missing-completion-wait=B spurious-fence=C overwide-fence=D
    KIND SEVERITY hazard=H scope=S PRIMARY-OP@LINE:COL [<- SECONDARY-OP@LINE:COL]

LINE:COL is the op's IR position. Also checks that the report is consistent
(summary counts, severities, exit status) and prints "INCONSISTENT: ..." and
exits 1 when it is not.

  check_summary.py [--tool PROXYFENCE] FILE...
"""

import json
import subprocess
import sys

KINDS = ["missing-fence", "missing-completion-wait", "spurious-fence",
         "overwide-fence"]
SEVERITY = {"missing-fence": "error", "missing-completion-wait": "error",
            "spurious-fence": "warning", "overwide-fence": "warning"}


def where(info):
    if info is None:
        return None
    ir = info.get("ir") or {}
    return "%s@%s:%s" % (info["op"], ir.get("line"), ir.get("column"))


def main():
    args = sys.argv[1:]
    tool = "proxyfence"
    if args[:1] == ["--tool"]:
        tool, args = args[1], args[2:]
    bad = []
    for path in args:
        proc = subprocess.run([tool, "check", "--format=json", path],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
        report = json.loads(proc.stdout)
        findings = report["findings"]
        counts = {k: 0 for k in KINDS}
        errors = warnings = 0
        for f in findings:
            counts[f["kind"]] += 1
            if f["severity"] != SEVERITY[f["kind"]]:
                bad.append("%s: %s has severity %s" % (path, f["kind"],
                                                       f["severity"]))
            if f["severity"] == "error":
                errors += 1
            else:
                warnings += 1
        summary = report["summary"]
        if summary != {"errors": errors, "warnings": warnings}:
            bad.append("%s: summary %r, findings say %d/%d"
                       % (path, summary, errors, warnings))
        if proc.returncode != (1 if errors else 0):
            bad.append("%s: exit %d with %d errors"
                       % (path, proc.returncode, errors))
        print("%s: exit=%d errors=%d warnings=%d %s" % (
            path, proc.returncode, summary["errors"], summary["warnings"],
            " ".join("%s=%d" % (k, counts[k]) for k in KINDS)))
        for f in findings:
            line = "  %s %s hazard=%s scope=%s %s" % (
                f["kind"], f["severity"], f.get("hazard", "-"),
                f.get("scope", "-"), where(f["primary"]))
            if f["secondary"] is not None:
                line += " <- " + where(f["secondary"])
            print(line)
    for b in bad:
        print("INCONSISTENT: " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
