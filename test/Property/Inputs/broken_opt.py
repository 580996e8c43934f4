#!/usr/bin/env python3
"""A deliberately broken proxyfence-opt, to show that property_check.py
catches what it is meant to catch.

  broken_opt.py MODE PROXYFENCE-OPT ARG...

Runs PROXYFENCE-OPT with ARG..., then, only for a fence-pipeline run with
`-o FILE`, damages FILE:

  drop-fences  deletes every ttng.fence_async_shared line (P1, P4)
  unstable     appends a comment that differs from run to run (P2, P3)
"""

import os
import subprocess
import sys
import time


def main():
    mode, tool, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    rc = subprocess.call([tool] + args)
    pipeline = any(a.startswith("--proxyfence-fence-pipeline") for a in args)
    if rc != 0 or not pipeline or "-o" not in args:
        return rc
    out = args[args.index("-o") + 1]
    with open(out) as f:
        text = f.read()
    if mode == "drop-fences":
        text = "".join(l for l in text.splitlines(True)
                       if "ttng.fence_async_shared" not in l)
    elif mode == "unstable":
        text += "// run %d %d\n" % (os.getpid(), time.monotonic_ns())
    else:
        sys.stderr.write("broken_opt.py: unknown mode %s\n" % mode)
        return 2
    with open(out, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
