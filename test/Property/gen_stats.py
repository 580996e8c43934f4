#!/usr/bin/env python3
"""Facts about utils/gen/ttgir_gen.py's kernels, for FileCheck.

  gen_stats.py GENERATOR PROXYFENCE-OPT --seeds A:B --ops N
  gen_stats.py GENERATOR --scale N...

With --seeds, for every seed of [A, B) (cc chosen by the seed, and each cc
forced), prints:

  verified K/K            modules proxyfence-opt parses and verifies
  distinct K/K            different op sequences (names and types aside)
  feature NAME: present   for each feature, in at least one module, or
  feature NAME: MISSING
  size ok                 every op count within [N, 2N] (or MISMATCH lines)

With --scale, for each N: the op count against N (within 2%), the number
of functions and the deepest region nesting, one line each:

  scale N: ops ok, functions F, depth D
"""

import os
import re
import subprocess
import sys
import tempfile

FEATURES = [
    ("scf.for", r"= scf\.for |^\s*scf\.for "),
    ("nested scf.for", None),
    ("pipelined loop (memdesc_index by an iter_arg)",
     r"ttg\.memdesc_index %\w+\[%a\d+\]"),
    ("loop-carried memdesc", r"iter_args\([^)]*\) -> \([^)]*!ttg\.memdesc"),
    ("scf.if", r"scf\.if "),
    ("scf.while", r"scf\.while "),
    ("ttg.warp_specialize", r"ttg\.warp_specialize\("),
    ("multi-buffered local_alloc", r"ttg\.local_alloc : \(\) -> "
     r"!ttg\.memdesc<\d+x\d+x\d+xf16"),
    ("ttg.memdesc_subslice", r"ttg\.memdesc_subslice "),
    ("ttg.local_store", r"ttg\.local_store "),
    ("ttg.local_load", r"ttg\.local_load "),
    ("ttg.local_alloc with a value", r"ttg\.local_alloc %"),
    ("mbarrier init/expect/wait", None),
    ("TMA load", r"ttng\.async_tma_copy_global_to_local "),
    ("TMA store + wait", None),
    ("tt.descriptor_load", r"tt\.descriptor_load "),
    ("tt.descriptor_store", r"tt\.descriptor_store "),
    ("wgmma + wait (cc 90)", None),
    ("tcgen05 MMA + tmem_alloc (cc 100)", None),
    ("tt.call", r"tt\.call @"),
    ("ttng.fence_async_shared", r"ttng\.fence_async_shared"),
]


def has(text, pattern):
    return re.search(pattern, text, re.M) is not None


def features(text):
    found = set()
    for name, pattern in FEATURES:
        if pattern and has(text, pattern):
            found.add(name)
    depth = 0
    loops = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        while loops and indent <= loops[-1]:
            loops.pop()
        if re.search(r"(= |^\s*)scf\.for ", line):
            if loops:
                found.add("nested scf.for")
            loops.append(indent)
        depth = max(depth, indent)
    if all(has(text, p) for p in (r"ttng\.init_barrier ",
                                  r"ttng\.barrier_expect ",
                                  r"ttng\.wait_barrier ")):
        found.add("mbarrier init/expect/wait")
    if has(text, r"ttng\.async_tma_copy_local_to_global ") and \
            has(text, r"ttng\.async_tma_store_wait "):
        found.add("TMA store + wait")
    if 'cuda:90"' in text and has(text, r"ttng\.warp_group_dot ") and \
            has(text, r"ttng\.warp_group_dot_wait "):
        found.add("wgmma + wait (cc 90)")
    if 'cuda:100"' in text and has(text, r"ttng\.tc_gen5_mma ") and \
            has(text, r"ttng\.tmem_alloc "):
        found.add("tcgen05 MMA + tmem_alloc (cc 100)")
    return found


def skeleton(text):
    """The op names in order: what stays when names and types change."""
    ops = []
    for line in text.splitlines():
        m = re.match(r"\s*(?:%[\w#:]+(?:, %[\w#:]+)* = )?([a-z_]+\.[a-z_.0-9]+)",
                     line)
        if m:
            ops.append(m.group(1))
    return " ".join(ops)


def generate(gen, seed, ops, cc=None):
    argv = [sys.executable, gen, "--seed", str(seed), "--ops", str(ops),
            "--stats"]
    if cc:
        argv += ["--cc", str(cc)]
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       check=True)
    count = int(re.search(rb"ops: (\d+)", p.stderr).group(1))
    return p.stdout.decode("utf-8"), count


def seeds_mode(gen, opt, lo, hi, ops):
    texts, verified, mismatches = [], 0, []
    tmp = tempfile.mkdtemp(prefix="gen_stats.")
    for seed in range(lo, hi):
        for cc in (None, 90, 100):
            text, count = generate(gen, seed, ops, cc)
            texts.append(text)
            if not ops <= count <= 2 * ops:
                mismatches.append("MISMATCH seed %d cc %s: %d ops for %d"
                                  % (seed, cc, count, ops))
            path = os.path.join(tmp, "k.mlir")
            with open(path, "w") as f:
                f.write(text)
            if subprocess.call([opt, path, "-o", os.devnull]) == 0:
                verified += 1
    print("verified %d/%d" % (verified, len(texts)))
    print("distinct %d/%d" % (len(set(skeleton(t) for t in texts)),
                              len(texts)))
    seen = set()
    for t in texts:
        seen |= features(t)
    for name, _ in FEATURES:
        print("feature %s: %s" % (name, "present" if name in seen
                                  else "MISSING"))
    for m in mismatches:
        print(m)
    if not mismatches:
        print("size ok")


def scale_mode(gen, sizes):
    for n in sizes:
        text, count = generate(gen, 1, n)
        functions = len(re.findall(r"^\s*tt\.func ", text, re.M))
        depth = max((len(l) - len(l.lstrip())) // 2
                    for l in text.splitlines())
        ok = "ok" if abs(count - n) <= max(n // 50, 60) else \
            "MISMATCH %d" % count
        print("scale %d: ops %s, functions %d, depth %d"
              % (n, ok, functions, depth))


def main():
    args = sys.argv[1:]
    gen = args.pop(0)
    if args[0] == "--scale":
        scale_mode(gen, [int(a) for a in args[1:]])
        return 0
    opt = args.pop(0)
    lo, hi = (int(x) for x in args[args.index("--seeds") + 1].split(":"))
    ops = int(args[args.index("--ops") + 1])
    seeds_mode(gen, opt, lo, hi, ops)
    return 0


if __name__ == "__main__":
    sys.exit(main())
