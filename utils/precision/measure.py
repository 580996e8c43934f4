#!/usr/bin/env python3
"""Precision table of `proxyfence check` over a set of PTX or TTGIR files.

  measure.py [--proxyfence BIN] [--json OUT] FILE_OR_DIR...

Runs `proxyfence check --format=json` on every .ptx/.ttgir/.mlir file given
(directories are searched recursively) and prints one row per file: the
errors per rule and hazard, the warnings per rule (unproven-ordering,
spurious-fence, overwide-fence), the notes, the exit status and the time.
The last row sums the columns. `--json` also writes the rows, so that a later run can be compared
with this one (docs/developing.md shows how).

This is a measuring tool for docs/precision.md, not a test.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import time

SUFFIXES = (".ptx", ".ttgir", ".mlir")


def files_of(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                for name in sorted(names):
                    if name.endswith(SUFFIXES):
                        yield os.path.join(root, name)
        else:
            yield path


def measure(tool, path):
    start = time.monotonic()
    proc = subprocess.run([tool, "check", "--format=json", path],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, errors="replace")
    seconds = time.monotonic() - start
    row = {"file": path, "exit": proc.returncode, "seconds": seconds,
           "errors": 0, "warnings": 0, "notes": 0,
           "rules": collections.Counter()}
    if proc.returncode not in (0, 1):
        row["error_text"] = proc.stderr.strip().splitlines()[:1]
        return row
    report = json.loads(proc.stdout)
    for finding in report["findings"]:
        level = finding.get("severity", "error")
        rule = finding.get("kind", "?")
        if finding.get("hazard"):
            rule += ":" + finding["hazard"]
        if rule == "unproven-ordering":
            rule = "unproven"
        row["rules"][rule] += 1
        if level == "error":
            row["errors"] += 1
        elif level == "warning":
            row["warnings"] += 1
        else:
            row["notes"] += 1
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--proxyfence", default="build/bin/proxyfence")
    parser.add_argument("--json")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    paths = list(files_of(args.paths))
    rows = [measure(args.proxyfence, path) for path in paths]
    # Name files by what tells them apart: the path below their common
    # directory.
    root = os.path.commonpath([os.path.dirname(os.path.abspath(p))
                               for p in paths]) if paths else ""
    rules = sorted({rule for row in rows for rule in row["rules"]})
    header = ["file", "exit", "errors", "warnings", "notes"] + rules + ["s"]
    print("\t".join(header))
    total = collections.Counter()
    for row in rows:
        cells = [os.path.relpath(os.path.abspath(row["file"]), root),
                 str(row["exit"]),
                 str(row["errors"]), str(row["warnings"]), str(row["notes"])]
        cells += [str(row["rules"].get(rule, 0)) for rule in rules]
        cells.append("%.2f" % row["seconds"])
        if "error_text" in row:
            cells.append(" ".join(row["error_text"]))
        print("\t".join(cells))
        for key in ("errors", "warnings", "notes"):
            total[key] += row[key]
        total.update(row["rules"])
    print("\t".join(["TOTAL", "", str(total["errors"]), str(total["warnings"]),
                     str(total["notes"])] +
                    [str(total[rule]) for rule in rules] + [""]))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    sys.exit(main())
