#!/usr/bin/env python3
"""Validates JSON files against a JSON Schema with the `jsonschema` module.

  validate_json.py [--draft4] [--expect-invalid] SCHEMA FILE...

Prints "VALID FILE" or "INVALID FILE: <first error>" per file. Exits 0 when
every file is valid (with --expect-invalid: when every file is invalid), 1
otherwise. The schema is itself checked first (check_schema). The draft is
the schema's own "$schema" (Draft 2020-12 when it has none), or Draft 4 with
--draft4 (SARIF 2.1.0).
"""

import json
import sys

import jsonschema


def main():
    args = sys.argv[1:]
    draft4 = "--draft4" in args
    expect_invalid = "--expect-invalid" in args
    args = [a for a in args if a not in ("--draft4", "--expect-invalid")]
    schema_path, files = args[0], args[1:]
    if not files:
        print("no files to validate")
        return 1
    with open(schema_path) as f:
        schema = json.load(f)
    if draft4:
        cls = jsonschema.Draft4Validator
    else:
        cls = jsonschema.validators.validator_for(
            schema, default=jsonschema.Draft202012Validator)
    cls.check_schema(schema)
    validator = cls(schema)
    ok = True
    for path in files:
        try:
            with open(path) as f:
                instance = json.load(f)
        except ValueError as e:
            print("INVALID %s: not JSON: %s" % (path, e))
            ok = ok and expect_invalid
            continue
        errors = sorted(validator.iter_errors(instance),
                        key=lambda e: list(e.absolute_path))
        if errors:
            e = errors[0]
            print("INVALID %s: %s at /%s" % (
                path, e.message, "/".join(str(p) for p in e.absolute_path)))
            ok = ok and expect_invalid
        else:
            print("VALID %s" % path)
            ok = ok and not expect_invalid
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
