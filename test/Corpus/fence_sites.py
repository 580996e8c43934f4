#!/usr/bin/env python3
"""List where the proxy fences of a TTGIR file are.

Usage: fence_sites.py FILE

FILE is printed with `--mlir-print-debuginfo --mlir-pretty-debuginfo`, so
each op ends with its kernel position (`kernels.py:106:41`). For every
`ttng.fence_async_shared`, prints its scope and the op that follows it with
that op's kernel position, one line per fence, in order. Two files with the
same output have their fences before the same ops of the same kernel,
whatever else differs between them (SSA names, allocation, cf lowering).
"""

import re
import sys

OP = re.compile(r"^\s*(?:%\S+(?:, %\S+)* = )?([a-z_]+\.[a-z_.0-9]+)")
POSITION = re.compile(r'(?:loc\()?"?([\w./-]+\.py)"?:(\d+):(\d+)\)?\s*$')


def main():
    with open(sys.argv[1]) as f:
        lines = [line.rstrip() for line in f]
    ops = []
    for line in lines:
        match = OP.match(line)
        if not match:
            continue
        position = POSITION.search(line)
        where = "%s:%s" % (position.group(1), position.group(2)) if position else "?"
        ops.append((match.group(1), line, where))
    for index, (name, line, where) in enumerate(ops):
        if name != "ttng.fence_async_shared":
            continue
        scope = "cluster" if "bCluster = true" in line else "cta"
        following = ops[index + 1] if index + 1 < len(ops) else ("<end>", "", "?")
        print("fence.%s before %s at %s" % (scope, following[0], following[2]))


if __name__ == "__main__":
    main()
