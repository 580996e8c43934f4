#!/usr/bin/env python3
"""Deletion and weakening sensitivity of `proxyfence check` on PTX files.

  sensitivity.py [--proxyfence BIN] [--tmp DIR] [--max-waits N] FILE_OR_DIR...

For every PTX file:
- each `fence.proxy.async` instruction is deleted, one at a time; the
  deletion is REPORTED when `check` then gives a finding (missing-fence,
  missing-completion-wait, unproven-ordering or formal-hazard) that the
  original does not
  (a new finding, or an unproven cause or a source pair's finding with
  more instruction pairs), SPURIOUS when the
  original already called that fence spurious (removing it is harmless),
  else SILENT;
- each `cp.async.bulk.wait_group(.read) N` and `wgmma.wait_group N` is
  weakened to N+1, one at a time (at most --max-waits per file, evenly
  spread); the weakening is REPORTED as above, else SILENT (a silent
  weakening is not a miss by itself: the wait may have slack).

Prints one line per file and a total. A measuring tool for
docs/precision.md, not a test.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^\s*(\{\s*)?fence\.proxy\.async[.;\s]")
WAIT = re.compile(r"(cp\.async\.bulk\.wait_group(?:\.read)?|"
                  r"wgmma\.wait_group\.sync\.aligned)\s+(\d+)\s*;")


def findings(tool, path):
    proc = subprocess.run([tool, "check", "--format=json", path],
                          capture_output=True, text=True, errors="replace")
    if proc.returncode not in (0, 1):
        raise RuntimeError("check failed on %s: %s" % (path, proc.stderr))
    return json.loads(proc.stdout)["findings"]


def keys(found, deleted_line=None):
    """Comparable keys of the hazard findings; line numbers after a deleted
    line move up by one."""
    def line(op):
        n = op["ir"]["line"] if op and op.get("ir") else 0
        if deleted_line is not None and n > deleted_line:
            n -= 1
        return n
    out = set()
    for f in found:
        kind = f["kind"]
        if kind not in ("missing-fence", "missing-completion-wait",
                        "unproven-ordering", "formal-hazard"):
            continue
        # An unproven cause, or the proven finding of one source pair,
        # counts the instruction pairs it stands for: more pairs is news.
        m = re.search(r"\((\d+) pairs?;", f["message"])
        extra = m.group(1) if m else ""
        out.add((kind, f.get("hazard", ""), f["primary"]["op"],
                 line(f["primary"]), (f.get("secondary") or {}).get("op"),
                 line(f.get("secondary")), extra))
    return out


def spurious_lines(found):
    return {f["primary"]["ir"]["line"] for f in found
            if f["kind"] == "spurious-fence"}


def run_file(tool, tmp, path, max_waits):
    with open(path, errors="replace") as f:
        lines = f.readlines()
    base = findings(tool, path)
    base_keys = keys(base)
    spurious = spurious_lines(base)
    counts = {"fences": 0, "reported": 0, "spurious": 0, "silent": 0,
              "waits": 0, "wreported": 0, "wsilent": 0}
    silent = []
    name = os.path.join(tmp, os.path.basename(path))
    for i, text in enumerate(lines, 1):
        if not FENCE.match(text) or "fence.proxy.async.global" in text:
            continue
        counts["fences"] += 1
        with open(name, "w") as f:
            f.writelines(lines[:i - 1] + lines[i:])
        # The deleted line's successor keys are shifted back for comparison.
        now = keys(findings(tool, name))
        shifted = {k for k in keys(base, deleted_line=i)}
        if now - shifted:
            counts["reported"] += 1
        elif i in spurious:
            counts["spurious"] += 1
        else:
            counts["silent"] += 1
            silent.append(i)
    waits = [i for i, text in enumerate(lines, 1) if WAIT.search(text)]
    if max_waits and len(waits) > max_waits:
        step = len(waits) / max_waits
        waits = [waits[int(k * step)] for k in range(max_waits)]
    for i in waits:
        counts["waits"] += 1
        text = WAIT.sub(lambda m: "%s %d;" % (m.group(1), int(m.group(2)) + 1),
                        lines[i - 1], count=1)
        with open(name, "w") as f:
            f.writelines(lines[:i - 1] + [text] + lines[i:])
        if keys(findings(tool, name)) - base_keys:
            counts["wreported"] += 1
        else:
            counts["wsilent"] += 1
    return counts, silent


def files_of(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                for n in sorted(names):
                    if n.endswith(".ptx"):
                        yield os.path.join(root, n)
        else:
            yield path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--proxyfence", default="build/bin/proxyfence")
    parser.add_argument("--tmp")
    parser.add_argument("--max-waits", type=int, default=40)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    tmp = args.tmp or tempfile.mkdtemp(prefix="sensitivity-")
    total = {}
    print("file\tfences\treported\tspurious\tsilent\twaits\treported\tsilent"
          "\tsilent fence lines")
    for path in files_of(args.paths):
        counts, silent = run_file(args.proxyfence, tmp, path, args.max_waits)
        for k, v in counts.items():
            total[k] = total.get(k, 0) + v
        print("%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s" % (
            os.path.basename(path), counts["fences"], counts["reported"],
            counts["spurious"], counts["silent"], counts["waits"],
            counts["wreported"], counts["wsilent"],
            ",".join(map(str, silent[:8]))))
        sys.stdout.flush()
    print("TOTAL\t%d\t%d\t%d\t%d\t%d\t%d\t%d" % (
        total.get("fences", 0), total.get("reported", 0),
        total.get("spurious", 0), total.get("silent", 0),
        total.get("waits", 0), total.get("wreported", 0),
        total.get("wsilent", 0)))


if __name__ == "__main__":
    sys.exit(main())
