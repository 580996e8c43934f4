#!/usr/bin/env python3
"""For each proxy fence in each given file: delete it, run `proxyfence check`,
and compare the missing-fence findings with what `proxyfence explain` said the
fence protects.

  delete_each_fence.py PROXYFENCE TMPDIR FILE...

For every fence (a line containing `ttng.fence_async_shared`):

1. `explain --format=json` on the original names the hazards the fence orders
   (hazard kind, generic op + IR line, async op + IR line). Each named op is
   checked against the IR text: the op name must start at the reported
   line:column, so a finding that names the wrong op fails here.
2. The fence line is deleted and `check --format=json` is run on the result.
   Its missing-fence findings, as (hazard, generic op, generic line, async op,
   async line), must be exactly the explained hazards, with IR lines after the
   deleted line moved up by one. Check must report no missing-completion-wait.
3. A fence explain calls not needed (the spurious TMA-reduce fence of
   corpus/sm90/tma_reduce, docs/triton-differences.md case 1) must leave no
   missing fence when deleted; every other fence must be needed and protect at
   least one hazard.

Prints "PASS <file>:<line>" per fence, "FAIL <file>:<line>: ..." otherwise,
and a final "TOTAL <n> fences, <m> failed"; exits 1 if any failed.
"""

import json
import os
import subprocess
import sys

FENCE = "ttng.fence_async_shared"
# Files whose fences explain may call "not needed" (docs/triton-differences.md
# case 1). Every fence elsewhere must be needed.
SPURIOUS_OK = ("sm90/tma_reduce/",)


def run(tool, args):
    proc = subprocess.run([tool] + args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def op_at(lines, info, path):
    """Checks that `info` (an op object of the JSON) names the op written at
    its IR line:column in `lines`; returns (op name, line)."""
    ir = info["ir"]
    if ir is None or ir["file"] != path:
        raise AssertionError("op %s has no IR position in %s: %r"
                             % (info["op"], path, ir))
    line, col = ir["line"], ir["column"]
    text = lines[line - 1]
    if not text[col - 1:].startswith(info["op"]):
        raise AssertionError("%s:%d:%d is not %s: %r"
                             % (path, line, col, info["op"], text.strip()[:80]))
    return info["op"], line


def hazard_key(finding, lines, path, shift_after=None):
    generic, gline = op_at(lines, finding["secondary"], path)
    async_, aline = op_at(lines, finding["primary"], path)
    if shift_after is not None:
        # Explain's lines are those of the original: map them onto the file
        # with the fence line deleted.
        gline = gline - 1 if gline > shift_after else gline
        aline = aline - 1 if aline > shift_after else aline
    return (finding["hazard"], generic, gline, async_, aline)


def check_fence(tool, tmpdir, path, lines, fence):
    fline = fence["fence"]["ir"]["line"]
    if FENCE not in lines[fline - 1]:
        raise AssertionError("explain's fence line %d is not a fence: %r"
                             % (fline, lines[fline - 1].strip()))
    protects = fence["protects"]
    if fence["needed"] != bool(protects):
        raise AssertionError("needed=%s but %d hazards"
                             % (fence["needed"], len(protects)))
    if not fence["needed"] and not any(s in path for s in SPURIOUS_OK):
        raise AssertionError("explain says not needed: " + fence["summary"])
    for finding in protects:
        if finding["kind"] != "missing-fence":
            raise AssertionError("protects a %s" % finding["kind"])
    expected = set(hazard_key(f, lines, path, shift_after=fline)
                   for f in protects)
    if len(expected) != len(protects):
        raise AssertionError("explain lists a hazard twice")

    deleted = lines[:fline - 1] + lines[fline:]
    out = os.path.join(tmpdir, path.replace("/", "_") + ".del%d.mlir" % fline)
    with open(out, "w") as f:
        f.writelines(deleted)
    rc, stdout, stderr = run(tool, ["check", "--format=json", out])
    if rc not in (0, 1):
        raise AssertionError("check exited %d: %s" % (rc, stderr.strip()))
    report = json.loads(stdout)
    missing = [f for f in report["findings"] if f["kind"] == "missing-fence"]
    waits = [f for f in report["findings"]
             if f["kind"] == "missing-completion-wait"]
    if waits:
        raise AssertionError("check reports %d missing-completion-wait"
                             % len(waits))
    got = [hazard_key(f, deleted, out) for f in missing]
    if len(set(got)) != len(got):
        raise AssertionError("check reports a hazard twice: %r" % got)
    if set(got) != expected:
        raise AssertionError("check reports %r, explain said %r"
                             % (sorted(got), sorted(expected)))
    if (rc == 1) != bool(report["findings"]):
        raise AssertionError("exit %d with %d findings"
                             % (rc, len(report["findings"])))
    return len(expected)


def main():
    tool, tmpdir, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(tmpdir, exist_ok=True)
    total = failed = 0
    for path in files:
        with open(path) as f:
            lines = f.readlines()
        fence_lines = [i + 1 for i, l in enumerate(lines) if FENCE in l]
        rc, stdout, stderr = run(tool, ["explain", "--format=json", path])
        if rc != 0:
            print("FAIL %s: explain exited %d: %s" % (path, rc, stderr.strip()))
            failed += 1
            continue
        fences = json.loads(stdout)["fences"]
        explained = [f["fence"]["ir"]["line"] for f in fences]
        if sorted(explained) != fence_lines:
            print("FAIL %s: explain names fences at %r, the file has %r"
                  % (path, explained, fence_lines))
            failed += 1
            continue
        for fence in fences:
            total += 1
            fline = fence["fence"]["ir"]["line"]
            try:
                n = check_fence(tool, tmpdir, path, lines, fence)
                print("PASS %s:%d (%d hazard%s)"
                      % (path, fline, n, "" if n == 1 else "s"))
            except (AssertionError, KeyError, TypeError, ValueError) as e:
                failed += 1
                print("FAIL %s:%d: %s" % (path, fline, e))
    print("TOTAL %d fences, %d failed" % (total, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
