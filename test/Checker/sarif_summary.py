#!/usr/bin/env python3
"""Prints one line per SARIF result, for FileCheck, and checks what the SARIF
2.1.0 schema cannot: ruleIndex points at the rule named by ruleId, the level
is the rule's default level, one run, version 2.1.0.

  sarif_summary.py FILE.sarif
  RESULT <ruleId> <level> <uri>:<startLine>:<startColumn> [related <uri>:<line>:<col>]...

Exits 1 (after printing "INCONSISTENT: ...") when a check fails.
"""

import json
import sys


def where(location):
    physical = location["physicalLocation"]
    region = physical.get("region", {})
    return "%s:%s:%s" % (physical["artifactLocation"]["uri"],
                         region.get("startLine"), region.get("startColumn"))


def main():
    with open(sys.argv[1]) as f:
        log = json.load(f)
    bad = []
    if log.get("version") != "2.1.0":
        bad.append("version %r" % log.get("version"))
    if len(log["runs"]) != 1:
        bad.append("%d runs" % len(log["runs"]))
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    print("RULES " + " ".join(r["id"] for r in rules))
    for result in run["results"]:
        index = result.get("ruleIndex")
        if index is None or not 0 <= index < len(rules):
            bad.append("ruleIndex %r" % index)
        else:
            rule = rules[index]
            if rule["id"] != result["ruleId"]:
                bad.append("ruleIndex %d is %s, ruleId %s"
                           % (index, rule["id"], result["ruleId"]))
            if rule["defaultConfiguration"]["level"] != result["level"]:
                bad.append("%s: level %s, rule default %s" % (
                    result["ruleId"], result["level"],
                    rule["defaultConfiguration"]["level"]))
        line = "RESULT %s %s %s" % (result["ruleId"], result["level"],
                                    where(result["locations"][0]))
        for related in result.get("relatedLocations", []):
            line += " related " + where(related)
        print(line)
    print("%d results" % len(run["results"]))
    for b in bad:
        print("INCONSISTENT: " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
