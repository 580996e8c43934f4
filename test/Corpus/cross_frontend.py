#!/usr/bin/env python3
"""The two front-ends on the same kernels: `proxyfence check` of a Triton
kernel's final TTGIR and of its PTX must prove the same hazards.

  cross_frontend.py [--delete-fences] PROXYFENCE KERNEL_DIR...

For each directory holding both final.ttgir and final.ptx, the errors of
each (missing-fence, missing-completion-wait) are keyed by kind, hazard
and the Python source lines of their two operations (the `loc` both IRs
carry), and compared as multisets. Prints one line per kernel:

  SAME <dir>: N errors[, PTX also: <kind> xK ...][, TTGIR also: ...]
  DIFF <dir>: only TTGIR <key>... | only PTX <key>...

where "also" lists the findings that are not errors (warnings, notes) that
one front-end reports and the other does not, by kind.

With --delete-fences: for each Python source line that has proxy fences in
both IRs (`ttng.fence_async_shared` by its `loc`, `fence.proxy.async` by
the `.loc` before it), those fences are deleted from both, and the two
front-ends' errors on the results are compared as sets of keys:

  SAME <dir> <file>:<line>: TTGIR N, PTX M errors
  DIFF <dir> <file>:<line>: only TTGIR <keys> | only PTX <keys>

A test, not a measuring tool: the lit test pins every line.
"""

import collections
import json
import os
import re
import subprocess
import sys
import tempfile

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


def ttgir_fences(text):
    """(line index, (file, line)) of each ttng.fence_async_shared."""
    locs = {}
    for line in text:
        m = re.match(r"^#(loc\d*) = loc\((.*)\)\s*$", line)
        if m:
            locs[m.group(1)] = m.group(2)

    def resolve(name, depth=0):
        value = locs.get(name, "")
        m = re.match(r'^"([^"]+)":(\d+):(\d+)$', value)
        if m:
            return (os.path.basename(m.group(1)), int(m.group(2)))
        m = re.search(r"#(loc\d*)", value)
        return resolve(m.group(1), depth + 1) if m and depth < 10 else None

    out = []
    for i, line in enumerate(text):
        if "ttng.fence_async_shared" in line:
            m = re.search(r"loc\(#(loc\d*)\)", line)
            out.append((i, resolve(m.group(1)) if m else None))
    return out


def ptx_fences(text):
    """(line index, (file, line)) of each fence.proxy.async: the .loc
    before it."""
    files, current, out = {}, None, []
    for line in text:
        m = re.match(r'^\s*\.file\s+(\d+)\s+"([^"]+)"', line)
        if m:
            files[m.group(1)] = os.path.basename(m.group(2))
    for i, line in enumerate(text):
        m = re.match(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+(\d+)", line)
        if m:
            current = (files.get(m.group(1), "?"), int(m.group(2)))
        if re.match(r"^\s*(\{\s*)?fence\.proxy\.async[.:;\s]", line):
            out.append((i, current))
    return out


def errors_without(tool, path, fences, source, tmp):
    """The error keys of `path` with its fences at `source` deleted."""
    text = open(path).read().split("\n")
    drop = {i for i, s in fences if s == source}
    out = os.path.join(tmp, "deleted" + os.path.splitext(path)[1])
    with open(out, "w") as f:
        f.write("\n".join(l for i, l in enumerate(text) if i not in drop))
    return {key(f) for f in findings(tool, out) if f["kind"] in ERRORS}


def delete_fences(tool, dirs):
    with tempfile.TemporaryDirectory() as tmp:
        for d in dirs:
            ttgir, ptx = (os.path.join(d, "final.ttgir"),
                          os.path.join(d, "final.ptx"))
            if not (os.path.isfile(ttgir) and os.path.isfile(ptx)):
                continue
            name = "/".join(d.rstrip("/").split("/")[-2:])
            tf = ttgir_fences(open(ttgir).read().split("\n"))
            pf = ptx_fences(open(ptx).read().split("\n"))
            common = {s for _, s in tf if s} & {s for _, s in pf if s}
            for source in sorted(common):
                te = errors_without(tool, ttgir, tf, source, tmp)
                pe = errors_without(tool, ptx, pf, source, tmp)
                where = "%s:%d" % source
                if te == pe:
                    print("SAME %s %s: TTGIR %d, PTX %d errors" %
                          (name, where, len(te), len(pe)))
                else:
                    print("DIFF %s %s: only TTGIR %s | only PTX %s" %
                          (name, where, sorted(te - pe), sorted(pe - te)))


def main():
    args = sys.argv[1:]
    if args and args[0] == "--delete-fences":
        delete_fences(args[1], args[2:])
        return
    tool, dirs = args[0], args[1:]
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
