#!/usr/bin/env python3
"""Writes broken variants of a valid `check --format=json` report, one per
file, for json-schema.test: each must fail validation.

  break_json.py REPORT.json OUTDIR
"""

import copy
import json
import os
import sys


def main():
    report_path, outdir = sys.argv[1], sys.argv[2]
    with open(report_path) as f:
        report = json.load(f)
    findings = report["findings"]
    kinds = [f["kind"] for f in findings]
    fence = kinds.index("missing-fence")
    spurious = kinds.index("spurious-fence")
    variants = {}

    def variant(name, edit):
        r = copy.deepcopy(report)
        edit(r)
        variants[name] = r

    def set_(path, value):
        def edit(r):
            obj = r
            for key in path[:-1]:
                obj = obj[key]
            obj[path[-1]] = value
        return edit

    def delete(path):
        def edit(r):
            obj = r
            for key in path[:-1]:
                obj = obj[key]
            del obj[path[-1]]
        return edit

    variant("severity-unknown", set_(["findings", fence, "severity"], "fatal"))
    variant("severity-mismatch",
            set_(["findings", fence, "severity"], "warning"))
    variant("kind-unknown", set_(["findings", fence, "kind"], "missing-barrier"))
    variant("hazard-unknown", set_(["findings", fence, "hazard"], "RAR"))
    variant("scope-unknown", set_(["findings", fence, "scope"], "sys"))
    variant("missing-fence-no-hazard", delete(["findings", fence, "hazard"]))
    variant("extra-finding-property",
            set_(["findings", fence, "confidence"], 1))
    variant("extra-top-property", set_(["elapsed"], 0.1))
    variant("no-summary", delete(["summary"]))
    variant("line-string",
            set_(["findings", fence, "primary", "ir", "line"], "12"))
    variant("op-no-ir", delete(["findings", fence, "primary", "ir"]))
    variant("spurious-with-secondary",
            set_(["findings", spurious, "secondary"],
                 findings[fence]["primary"]))
    variant("spurious-with-hazard",
            set_(["findings", spurious, "hazard"], "RAW"))
    variant("tool-other", set_(["tool"], "proxyfence-opt"))
    os.makedirs(outdir, exist_ok=True)
    for name, r in variants.items():
        with open(os.path.join(outdir, name + ".json"), "w") as f:
            json.dump(r, f, indent=2)
    print("%d broken variants" % len(variants))


if __name__ == "__main__":
    sys.exit(main())
