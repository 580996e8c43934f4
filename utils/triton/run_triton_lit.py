#!/usr/bin/env python3
"""Run Triton's own lit tests against proxyfence-opt, split by split.

Given one or more of Triton's lit test files (test/TritonGPU/*.mlir, ...),
reads each file's `// RUN:` lines, replaces `triton-opt` with proxyfence-opt
and `FileCheck` with LLVM's FileCheck, and runs them. A RUN line whose
triton-opt command has `--split-input-file` runs every `// -----` split on
its own, checked with that split's CHECK lines only (CHECK-LABEL and
friends stay in the split that holds them), so the report can say how many
splits pass:

    fence-inserstion.mlir: RUN 1: 7/7 splits pass
    tma_lowering.mlir: RUN 1: 5/7 splits pass
      split 3 (line 36): <first error line>

Each split is written to a temporary file padded with empty lines, so line
numbers in diagnostics are those of the original file. A split without
CHECK lines passes when its pipeline exits with status 0.

Python 3 standard library only. Triton's tests are not part of this
repository: fetch them yourself and pass their paths.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
RUN_RE = re.compile(r"^\s*//\s*RUN:\s?(.*)$")
SPLIT_RE = re.compile(r"^\s*//\s*-----\s*$")
SPLIT_FLAGS = ("-split-input-file", "--split-input-file")
SHELL_SYNTAX = re.compile(r"^(\||&&|\|\||;|[0-9]*>>?&?[0-9]*|<)$")


def find_tool(name, explicit, env_var, fallbacks):
    """An explicit path, $ENV_VAR, PATH, then the fallbacks, in that order."""
    if explicit:
        return explicit
    if os.environ.get(env_var):
        return os.environ[env_var]
    found = shutil.which(name)
    if found:
        return found
    for candidate in fallbacks:
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def llvm_bin_dirs():
    """LLVM's tool directories: llvm-config's answer, then Debian's layout."""
    dirs = []
    for config in ("llvm-config", "llvm-config-22"):
        path = shutil.which(config)
        if not path:
            continue
        try:
            out = subprocess.run([path, "--bindir"], capture_output=True,
                                 text=True, check=True).stdout.strip()
            if out:
                dirs.append(out)
        except (OSError, subprocess.CalledProcessError):
            pass
    dirs.append("/usr/lib/llvm-22/bin")
    return dirs


def read_run_lines(lines):
    """The RUN commands of a test, with `\\` continuations joined."""
    commands, current = [], ""
    for line in lines:
        match = RUN_RE.match(line)
        if not match:
            continue
        text = match.group(1).rstrip()
        if text.endswith("\\"):
            current += text[:-1] + " "
            continue
        commands.append((current + text).strip())
        current = ""
    if current:
        commands.append(current.strip())
    return commands


def split_lines(lines):
    """(first line number, lines) of each `// -----` split, 1-based."""
    splits, start, current = [], 1, []
    for number, line in enumerate(lines, start=1):
        if SPLIT_RE.match(line):
            splits.append((start, current))
            start, current = number + 1, []
            continue
        current.append(line)
    splits.append((start, current))
    return splits


def has_checks(lines, prefixes):
    pattern = re.compile(r"//.*\b(" + "|".join(map(re.escape, prefixes)) +
                         r")(-[A-Z]+)?:")
    return any(pattern.search(line) for line in lines)


def check_prefixes(command):
    """The FileCheck prefixes a RUN command uses (CHECK by default)."""
    prefixes = []
    for match in re.finditer(r"--?check-prefix(?:es)?[= ](\S+)", command):
        prefixes.extend(match.group(1).split(","))
    return prefixes or ["CHECK"]


def substitute(command, path, tools):
    """Triton's tool names and %s replaced; `--split-input-file` dropped."""
    words = []
    for word in shlex.split(command):
        if word in SPLIT_FLAGS:
            continue
        if word == "%s":
            word = path
        elif word in tools:
            word = tools[word]
        words.append(word)
    # Pipes and redirections stay shell syntax.
    return " ".join(w if SHELL_SYNTAX.match(w) else shlex.quote(w)
                    for w in words)


def first_error(stderr, stdout):
    """The line that best says why a run failed."""
    lines = [l for l in stderr.splitlines() if l.strip()]
    for index, line in enumerate(lines):
        if "error:" in line:
            # FileCheck names the directive on the next line: keep it.
            if index + 1 < len(lines) and re.search(r"error: [A-Z-]+: ", line):
                return "%s  [%s]" % (line.strip(), lines[index + 1].strip())
            return line.strip()
    if lines:
        return lines[0].strip()
    lines = [l for l in stdout.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no output)"


def run_pipeline(shell_command, timeout):
    try:
        proc = subprocess.run(["bash", "-o", "pipefail", "-c", shell_command],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %d s" % timeout
    return proc.returncode, proc.stdout, proc.stderr


def run_file(path, tools, args, tmpdir):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    name = os.path.basename(path)
    label_name = os.path.join(os.path.basename(os.path.dirname(
        os.path.abspath(path))), name)
    commands = read_run_lines(lines)
    if not commands:
        print("%s: no RUN lines" % label_name)
        return 0, 0
    passed_all = total_all = 0
    for index, command in enumerate(commands, start=1):
        words = shlex.split(command)
        split = any(flag in words for flag in SPLIT_FLAGS)
        pieces = split_lines(lines) if split else [(1, lines)]
        prefixes = check_prefixes(command)
        passed, failures = 0, []
        for number, (start, body) in enumerate(pieces, start=1):
            text = "\n" * (start - 1) + "\n".join(body)
            piece = os.path.join(tmpdir, "%s.run%d.split%d.mlir" %
                                 (name, index, number))
            with open(piece, "w", encoding="utf-8") as f:
                f.write(text)
            shell = substitute(command, piece, tools)
            if split and not has_checks(body, prefixes):
                # Nothing to check: the opt half alone must succeed.
                shell = shell.split(" | ")[0]
            code, out, err = run_pipeline(shell, args.timeout)
            if code == 0:
                passed += 1
            else:
                # Name the test file, not the temporary split, in messages.
                err = err.replace(piece, path)
                out = out.replace(piece, path)
                failures.append((number, start, first_error(err, out), err))
        label = "splits" if split else "run"
        print("%s: RUN %d: %d/%d %s pass" %
              (label_name, index, passed, len(pieces), label))
        for number, start, message, err in failures:
            print("  split %d (line %d): %s" % (number, start, message))
            if args.verbose:
                for line in err.splitlines()[:40]:
                    print("      " + line)
        passed_all += passed
        total_all += len(pieces)
    return passed_all, total_all


def main():
    parser = argparse.ArgumentParser(
        description="Run Triton lit tests against proxyfence-opt, per split.")
    parser.add_argument("tests", nargs="+", help="Triton lit test files")
    parser.add_argument("--opt", help="proxyfence-opt (default: "
                        "$PROXYFENCE_OPT, build/bin/proxyfence-opt)")
    parser.add_argument("--filecheck", help="FileCheck (default: $FILECHECK, "
                        "PATH, llvm-config --bindir, /usr/lib/llvm-22/bin)")
    parser.add_argument("--timeout", type=int, default=60,
                        help="seconds per split (default 60)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print the stderr of failing splits")
    args = parser.parse_args()

    opt = find_tool("proxyfence-opt", args.opt, "PROXYFENCE_OPT",
                    [os.path.join(REPO_ROOT, "build", "bin",
                                  "proxyfence-opt")])
    bins = llvm_bin_dirs()
    filecheck = find_tool("FileCheck", args.filecheck, "FILECHECK",
                          [os.path.join(d, "FileCheck") for d in bins])
    not_tool = find_tool("not", None, "LLVM_NOT",
                         [os.path.join(d, "not") for d in bins])
    if not opt or not os.access(opt, os.X_OK):
        sys.exit("run_triton_lit: proxyfence-opt not found; build it or "
                 "give --opt")
    if not filecheck:
        sys.exit("run_triton_lit: FileCheck not found; give --filecheck")
    tools = {"triton-opt": opt, "FileCheck": filecheck}
    if not_tool:
        tools["not"] = not_tool

    passed = total = 0
    with tempfile.TemporaryDirectory(prefix="triton-lit-") as tmpdir:
        for test in args.tests:
            p, t = run_file(test, tools, args, tmpdir)
            passed += p
            total += t
    print("total: %d/%d pass" % (passed, total))
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
