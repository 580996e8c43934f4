#!/usr/bin/env python3
"""Corpus PTX checks for the PTX checker.

  ptx_fences.py summary PROXYFENCE FILE...
      per file: the fences and the missing-fence findings (line, hazard),
      and the unproven orderings (pairs, unresolved op, line).
  ptx_fences.py delete-each PROXYFENCE TMPDIR FILE...
      for every `fence.proxy.async` line: delete it, check, and require a
      missing fence that the original does not report (PASS/FAIL per fence).
  ptx_fences.py delete-each-error PROXYFENCE TMPDIR FILE...
      the same, and the new missing fence must be an error (proven), not
      an unproven ordering or a formal note.
  ptx_fences.py explain-agrees PROXYFENCE FILE...
      per file: the fences `explain` says are not needed are exactly the
      ones `check` calls spurious (AGREE, or DISAGREE with both line sets),
      and every fence `explain` lists (the file's fence lines).
  ptx_fences.py strip-fix PROXYFENCE TMPDIR FILE...
      delete every `fence.proxy.async` line, `fix` the result, and compare
      with the original (comment lines aside): SAME, or DIFF with both fence
      counts; then the findings of `check` on the fixed file. The fixed
      files are left in TMPDIR as N-NAME.fixed.ptx.
"""

import json
import os
import re
import subprocess
import sys


def findings(proxyfence, path):
    """What `check --format=json` reports on PATH."""
    out = subprocess.run([proxyfence, "check", path, "--format=json"],
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit("check failed on %s: %s" % (path, out.stderr))
    return json.loads(out.stdout)["findings"]


def errors(proxyfence, path):
    """The missing-fence errors (hazard, ops, lines) check reports."""
    return {(f["hazard"], f["secondary"]["op"], f["primary"]["op"],
             f["primary"]["ir"]["line"], f["secondary"]["ir"]["line"])
            for f in findings(proxyfence, path)
            if f["kind"] == "missing-fence" and f["severity"] == "error"}


def missing(proxyfence, path):
    reported = findings(proxyfence, path)
    found = {(f["hazard"], f["secondary"]["op"], f["primary"]["op"],
              f["primary"]["ir"]["line"], f["secondary"]["ir"]["line"])
             for f in reported if f["kind"] == "missing-fence"}
    # A formal hazard (a note: the rules ask for the fence, nothing can
    # corrupt) is a reported hazard too.
    found |= {("FORMAL-" + f["hazard"], f["secondary"]["op"], f["primary"]["op"],
               f["primary"]["ir"]["line"], f["secondary"]["ir"]["line"])
              for f in reported if f["kind"] == "formal-hazard"}
    # An unproven ordering stands for a hazard the checker can prove
    # neither way: a fence whose deletion adds one (or adds pairs to one)
    # is reported too. Its pair count is part of the key.
    for f in reported:
        if f["kind"] != "unproven-ordering":
            continue
        pairs = re.search(r"\((\d+) pairs?;", f["message"]).group(1)
        found.add(("UNPROVEN(%s)" % pairs, f["secondary"]["op"],
                   f["primary"]["op"], f["primary"]["ir"]["line"],
                   f["secondary"]["ir"]["line"]))
    return found


def fence_lines(path):
    with open(path) as f:
        return [i for i, line in enumerate(f, 1)
                if line.strip().startswith("fence.proxy.async")]


def explain_agrees(proxyfence, files):
    for path in files:
        out = subprocess.run([proxyfence, "explain", path, "--format=json"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit("explain failed on %s: %s" % (path, out.stderr))
        fences = json.loads(out.stdout)["fences"]
        explained = sorted(f["fence"]["ir"]["line"] for f in fences)
        not_needed = {f["fence"]["ir"]["line"] for f in fences if not f["needed"]}
        check = subprocess.run([proxyfence, "check", path, "--format=json"],
                               capture_output=True, text=True)
        spurious = {f["primary"]["ir"]["line"] for f in json.loads(check.stdout)["findings"]
                    if f["kind"] == "spurious-fence"}
        same = not_needed == spurious and explained == fence_lines(path)
        print("%s %s: %d fences, %d not needed%s" % (
            "AGREE" if same else "DISAGREE", path, len(explained), len(not_needed),
            "" if same else " (explain %s, check %s, fences %s)" % (
                sorted(not_needed), sorted(spurious), fence_lines(path))))


def summary(proxyfence, files):
    for path in files:
        found = sorted(missing(proxyfence, path), key=lambda m: (m[3], m[4]))
        print("%s: %d fences, %d missing" % (path, len(fence_lines(path)),
                                             len(found)))
        for hazard, generic, async_op, line, gline in found:
            print("  MISSING %s %s:%d -> %s:%d" % (hazard, generic, gline,
                                                   async_op, line))


def shift(entry, deleted):
    hazard, generic, async_op, line, gline = entry
    return (hazard, generic, async_op, line - (line > deleted),
            gline - (gline > deleted))


def delete_each(proxyfence, tmp, files, found=missing):
    total = failed = 0
    for path in files:
        base = {shift(m, 0) for m in found(proxyfence, path)}
        with open(path) as f:
            lines = f.readlines()
        for line in fence_lines(path):
            total += 1
            name = os.path.join(tmp, "%d-%s" % (total, os.path.basename(path)))
            with open(name, "w") as f:
                f.writelines(lines[:line - 1] + lines[line:])
            now = found(proxyfence, name)
            new = now - {shift(m, line) for m in base}
            if new:
                print("PASS %s:%d (%d hazards)" % (path, line, len(new)))
            else:
                failed += 1
                print("FAIL %s:%d: no missing fence reported%s" % (
                    path, line, " as an error" if found is errors else ""))
    print("TOTAL %d fences, %d failed" % (total, failed))
    return 1 if failed else 0


def code_lines(lines):
    return [l for l in lines if not l.strip().startswith("//")]


def fence_anchors(lines):
    """For each fence line: the next code line that is not a fence (what
    the fence precedes), with its occurrence number among equal lines."""
    code = code_lines(lines)
    anchors = []
    seen = {}
    for i, line in enumerate(code):
        if line.strip().startswith("fence.proxy.async"):
            continue
        seen[line] = seen.get(line, 0) + 1
        if i > 0 and code[i - 1].strip().startswith("fence.proxy.async"):
            anchors.append((code[i - 1].strip(), line.strip(), seen[line]))
    return anchors


def strip_fix(proxyfence, tmp, files):
    for number, path in enumerate(files, 1):
        with open(path) as f:
            lines = f.readlines()
        stripped = [l for l in lines if not l.strip().startswith("fence.proxy.async")]
        name = os.path.join(tmp, "%d-%s" % (number, os.path.basename(path)))
        with open(name, "w") as f:
            f.writelines(stripped)
        fixed = name[:-len(".ptx")] + ".fixed.ptx"
        out = subprocess.run([proxyfence, "fix", name, "-o", fixed],
                             capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit("fix failed on %s: %s" % (name, out.stderr))
        with open(fixed) as f:
            result = f.readlines()
        fences = len(lines) - len(stripped)
        placed = len(result) - len(stripped)
        label = os.path.relpath(path, os.path.dirname(os.path.dirname(os.path.dirname(path))))
        if code_lines(result) == code_lines(lines):
            print("SAME %s (%d fences)" % (label, fences))
        else:
            triton, ours = fence_anchors(lines), fence_anchors(result)
            same = sum(1 for a in ours if a in triton)
            print("DIFF %s (Triton %d fences, fix %d: %d before the same "
                  "instruction as Triton's)" % (label, fences, placed, same))
        check = subprocess.run([proxyfence, "check", fixed, "--format=json"],
                               capture_output=True, text=True)
        findings = json.loads(check.stdout)["findings"]
        print("  recheck: %d findings" % len(findings))


if __name__ == "__main__":
    if sys.argv[1] == "summary":
        summary(sys.argv[2], sys.argv[3:])
    elif sys.argv[1] == "explain-agrees":
        explain_agrees(sys.argv[2], sys.argv[3:])
    elif sys.argv[1] == "delete-each-error":
        sys.exit(delete_each(sys.argv[2], sys.argv[3], sys.argv[4:], errors))
    elif sys.argv[1] == "strip-fix":
        strip_fix(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(delete_each(sys.argv[2], sys.argv[3], sys.argv[4:]))
