#!/usr/bin/env python3
"""Runs a command and succeeds only if it exits with exactly the given status
(a crash, a signal or any other status fails). stderr goes to stdout so
that FileCheck can read the message.

  expect_exit.py STATUS CMD [ARG...]
"""

import subprocess
import sys


def main():
    want = int(sys.argv[1])
    proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    sys.stdout.write(proc.stdout.decode("utf-8", "replace"))
    if proc.returncode != want:
        print("expect_exit.py: exit status %d, expected %d"
              % (proc.returncode, want))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
