#!/usr/bin/env python3
"""Runs a command and succeeds only if it ends within SECONDS with exit
status STATUS. stdout passes through.

  run_with_timeout.py SECONDS STATUS CMD [ARG...]
"""

import subprocess
import sys


def main():
    seconds, status = float(sys.argv[1]), int(sys.argv[2])
    try:
        rc = subprocess.run(sys.argv[3:], timeout=seconds).returncode
    except subprocess.TimeoutExpired:
        print("run_with_timeout.py: %s took more than %gs"
              % (sys.argv[3], seconds))
        return 1
    if rc != status:
        print("run_with_timeout.py: exit status %d, expected %d"
              % (rc, status))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
