#!/usr/bin/env python3
"""Deletion and weakening sensitivity of `proxyfence check` on PTX files.

  sensitivity.py [--proxyfence BIN] [--tmp DIR] [--max-waits N] [--waits-only]
                 FILE_OR_DIR...

For every PTX file:
- the fences `check` calls spurious (or redundant) are removed together
  (SPURIOUS); UNSAFE counts files where that removal gives a new finding
  (it must not);
- in the kernel without them, each other `fence.proxy.async` is deleted,
  one at a time, as `explain` probes it. A fence `explain` says orders
  hazards (ORDERING) is REPORTED when `check` then gives a finding
  (missing-fence, missing-completion-wait, unproven-ordering or
  formal-hazard) that the kernel without it lacks (a new finding, or an
  unproven cause or a source pair's finding with more instruction pairs),
  else SILENT: a miss; AS-ERROR counts those reported with an error
  (a new missing-fence or missing-completion-wait finding). A fence kept only because another thread's or warp
  role's async op may need it (KEPT) is counted apart, with how many of
  those deletions are reported;
- each `cp.async.bulk.wait_group(.read) N` and `wgmma.wait_group N` is
  weakened to N+1, one at a time (at most --max-waits per file, evenly
  spread; 0: all); the weakening is REPORTED as above, else SILENT (a silent
  weakening is not a miss by itself: the wait may have slack). Each is
  also counted under `explain`'s verdict for it: NEEDED (N+1 adds hazards;
  every such weakening must be reported), SLACK (N+1 leaves no read pending
  at a synchronization the checker cannot follow) or UNKNOWN (a read N+1
  leaves pending reaches an arrive whose waiting side is not matched).
  Weakenings reported with an error are counted as W-AS-ERROR, those of
  NEEDED waits as NEEDED-AS-ERROR.

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

VERDICTS = ("needed", "slack", "unknown", "unexplained")
FENCE = re.compile(r"^\s*(\{\s*)?fence\.proxy\.async[.:;\s]")
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


ERROR_KINDS = ("missing-fence", "missing-completion-wait")


def has_error(new_keys):
    return any(k[0] in ERROR_KINDS for k in new_keys)


def spurious_lines(found):
    return {f["primary"]["ir"]["line"] for f in found
            if f["kind"] == "spurious-fence"}


def explained(tool, path):
    """explain's verdict per fence line: (needed, number of hazards)."""
    proc = subprocess.run([tool, "explain", "--format=json", path],
                          capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        if "no proxy fences" in proc.stdout + proc.stderr:
            return {}, {}
        raise RuntimeError("explain failed on %s: %s" % (path, proc.stderr))
    report = json.loads(proc.stdout)
    fences = {f["fence"]["ir"]["line"]: (f["needed"], len(f["protects"]))
              for f in report.get("fences", [])}
    waits = {w["wait"]["ir"]["line"]: w["verdict"]
             for w in report.get("waits", [])}
    return fences, waits


def run_file(tool, tmp, path, max_waits, waits_only=False):
    with open(path, errors="replace") as f:
        lines = f.readlines()
    base = findings(tool, path)
    base_keys = keys(base)
    spurious = spurious_lines(base)
    verdict, wait_verdict = explained(tool, path)
    counts = {"fences": 0, "spurious": 0, "unsafe": 0, "ordering": 0,
              "reported": 0, "silent": 0, "kept": 0, "kept_reported": 0,
              "waits": 0, "wreported": 0, "wsilent": 0, "as_error": 0,
              "kept_error": 0, "werror": 0, "needed_error": 0}
    for v in VERDICTS:
        counts[v] = counts[v + "_reported"] = 0
    silent = []
    name = os.path.join(tmp, os.path.basename(path))
    fences = [i for i, text in enumerate(lines, 1)
              if FENCE.match(text) and "fence.proxy.async.global" not in text]
    # The fences check calls spurious, removed together: the claim is that
    # this is harmless (no new hazard).
    kept_lines = [i for i in range(1, len(lines) + 1) if i not in spurious]
    stripped = [lines[i - 1] for i in kept_lines]
    new_line = {old: new for new, old in enumerate(kept_lines, 1)}
    with open(name, "w") as f:
        f.writelines(stripped)
    stripped_keys = keys(findings(tool, name))
    if spurious and stripped_keys - {
            tuple(new_line.get(x, x) if j in (3, 5) else x
                  for j, x in enumerate(k)) for k in base_keys}:
        counts["unsafe"] += 1
    for i in ([] if waits_only else fences):
        counts["fences"] += 1
        if i in spurious:
            counts["spurious"] += 1
            continue
        # Deleted from the kernel without its spurious fences, as explain
        # probes it.
        j = new_line[i]
        with open(name, "w") as f:
            f.writelines(stripped[:j - 1] + stripped[j:])
        now = keys(findings(tool, name))
        shifted = {k[:3] + (k[3] - 1 if k[3] > j else k[3], k[4],
                            k[5] - 1 if k[5] > j else k[5], k[6])
                   for k in stripped_keys}
        needed, hazards = verdict.get(i, (True, 0))
        if hazards:
            counts["ordering"] += 1
            if now - shifted:
                counts["reported"] += 1
                counts["as_error"] += has_error(now - shifted)
            else:
                counts["silent"] += 1
                silent.append(i)
        else:
            # Kept although it orders no hazard of this thread: another
            # thread's or role's async op may need it.
            counts["kept"] += 1
            if now - shifted:
                counts["kept_reported"] += 1
                counts["kept_error"] += has_error(now - shifted)
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
        new = keys(findings(tool, name)) - base_keys
        reported = bool(new)
        counts["wreported" if reported else "wsilent"] += 1
        v = wait_verdict.get(i, "unexplained")
        counts[v] += 1
        counts[v + "_reported"] += reported
        counts["werror"] += has_error(new)
        if v == "needed":
            counts["needed_error"] += has_error(new)
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
    parser.add_argument("--waits-only", action="store_true",
                        help="skip the fence deletions")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    tmp = args.tmp or tempfile.mkdtemp(prefix="sensitivity-")
    total = {}
    columns = ["fences", "spurious", "unsafe", "ordering", "reported",
               "silent", "kept", "kept_reported", "waits", "wreported",
               "wsilent"]
    for v in VERDICTS:
        columns += [v, v + "_reported"]
    columns += ["as_error", "kept_error", "werror", "needed_error"]
    print("file\tfences\tspurious\tunsafe\tordering\treported\tsilent"
          "\tkept\tkept-reported\twaits\treported\tsilent"
          "\t" + "\t".join("%s\t%s-reported" % (v, v) for v in VERDICTS) +
          "\tas-error\tkept-as-error\tw-as-error\tneeded-as-error"
          "\tsilent fence lines")
    for path in files_of(args.paths):
        counts, silent = run_file(args.proxyfence, tmp, path, args.max_waits,
                                  args.waits_only)
        for k, v in counts.items():
            total[k] = total.get(k, 0) + v
        print("%s\t%s\t%s" % (
            os.path.basename(path),
            "\t".join(str(counts[c]) for c in columns),
            ",".join(map(str, silent[:8]))))
        sys.stdout.flush()
    print("TOTAL\t%s" % "\t".join(str(total.get(c, 0)) for c in columns))


if __name__ == "__main__":
    sys.exit(main())
