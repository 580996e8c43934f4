#!/usr/bin/env python3
"""A deliberately broken `proxyfence`, to show that property_check.py
catches a checker whose commands disagree.

  broken_checker.py MODE PROXYFENCE ARG...

Runs PROXYFENCE with ARG... and passes its output on, except:

  explain-drops  `explain --format=json` forgets the first hazard of every
                 fence that orders one (P9)
  no-roles       `check --format=json` forgets the findings between warp
                 roles, unproven or proven through a hand-off
                 (ptx_roles_check.py R2)
  no-waits       `check --format=json` forgets the missing completion
                 waits (ptx_roles_check.py R3)
  unproven-roles `check --format=json` reports the missing fences proven
                 through a hand-off between warp roles as unproven
                 orderings (warnings; ptx_roles_check.py R6, R7)
  unproven-waits `check --format=json` reports the proven missing
                 completion waits as unproven orderings (warnings;
                 ptx_roles_check.py R7)
"""

import json
import subprocess
import sys


def main():
    mode, tool, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    proc = subprocess.run([tool] + args, stdout=subprocess.PIPE)
    out = proc.stdout
    if mode == "explain-drops" and args[:1] == ["explain"] and \
            "--format=json" in args and proc.returncode == 0:
        report = json.loads(out.decode("utf-8"))
        for fence in report["fences"]:
            fence["protects"] = fence["protects"][1:]
        out = (json.dumps(report, indent=2) + "\n").encode("utf-8")
    if mode in ("no-roles", "no-waits") and args[:1] == ["check"] and \
            "--format=json" in args and proc.returncode in (0, 1):
        report = json.loads(out.decode("utf-8"))
        if mode == "no-roles":
            drop = lambda f: f.get("path", "").startswith("warp roles")  # noqa: E731
        else:
            drop = lambda f: f["kind"] == "missing-completion-wait"  # noqa
        report["findings"] = [f for f in report["findings"] if not drop(f)]
        out = (json.dumps(report, indent=2) + "\n").encode("utf-8")
    if mode in ("unproven-roles", "unproven-waits") and \
            args[:1] == ["check"] and "--format=json" in args and \
            proc.returncode in (0, 1):
        report = json.loads(out.decode("utf-8"))
        for f in report["findings"]:
            demoted = f.get("path", "").startswith("warp roles") \
                if mode == "unproven-roles" \
                else f["kind"] == "missing-completion-wait"
            if demoted and f["severity"] == "error":
                f["severity"] = "warning"
                f["kind"] = "unproven-ordering"
        out = (json.dumps(report, indent=2) + "\n").encode("utf-8")
    sys.stdout.buffer.write(out)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
