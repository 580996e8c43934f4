#!/usr/bin/env python3
"""Compare two MLIR texts, ignoring only the spelling of SSA value names.

Usage: compare_modulo_ssa_names.py EXPECTED ACTUAL

Every `%name` is replaced by `%vN`, numbered by first appearance, in each
file independently; trailing blank lines are dropped. The texts must then be
identical. Used to check that proxyfence prints Triton's IR back exactly as
Triton printed it: the only freedom MLIR's printer has is the names of block
arguments whose NameLoc the textual form does not carry (scf.for induction
variables and iter_args).
"""

import re
import sys

SSA = re.compile(r"%[A-Za-z0-9_$.\-]+")
# A name is being defined when followed by ` = ` (results, scf.for induction
# variables and iter_args), `:N = ` (result groups) or `: ` (block and
# function arguments). MLIR may reuse a name in another region, so each
# definition gets a fresh canonical name.
DEFINITION = re.compile(r"(?::\d+)? = |: ")
RESULT_LIST = re.compile(r"^\s*(%[^=]*?) = ")


def normalize(text):
    names = {}
    counter = [0]

    def define(name):
        names[name] = "%%v%d" % counter[0]
        counter[0] += 1

    lines = []
    for line in text.splitlines():
        line = line.rstrip()
        results = RESULT_LIST.match(line)
        if results:
            for name in SSA.findall(results.group(1)):
                define(name)
        pieces = []
        last = 0
        for match in SSA.finditer(line):
            name = match.group(0)
            is_result = results and match.start() < results.end(1)
            if not is_result and (DEFINITION.match(line, match.end()) or
                                  name not in names):
                define(name)
            pieces.append(line[last:match.start()])
            pieces.append(names[name])
            last = match.end()
        pieces.append(line[last:])
        lines.append("".join(pieces))
    while lines and not lines[-1]:
        lines.pop()
    return lines


def main():
    expected_path, actual_path = sys.argv[1], sys.argv[2]
    with open(expected_path) as f:
        expected = normalize(f.read())
    with open(actual_path) as f:
        actual = normalize(f.read())
    if expected == actual:
        return 0
    for number, (want, got) in enumerate(zip(expected, actual), start=1):
        if want != got:
            print("%s:%d: printed text differs" % (expected_path, number))
            print("  expected: " + want)
            print("  actual:   " + got)
            return 1
    print("%s: %d lines expected, %d printed" %
          (expected_path, len(expected), len(actual)))
    return 1


if __name__ == "__main__":
    sys.exit(main())
