"""python -m proxyfence.triton [--mode check|fix] [--on-error raise|warn] [--strict] SCRIPT [ARGS...]

Runs a Python script (or `-m MODULE`) with the proxyfence Triton hook on:
every kernel the script compiles is checked (or fixed). Exit status: the
script's; 1 with the findings when a kernel has errors and --on-error=raise.
"""
import argparse
import os
import runpy
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m proxyfence.triton",
        description="Run a Python script with every Triton kernel it compiles checked (or fixed) by proxyfence.")
    parser.add_argument("--mode", choices=("check", "fix"), default=os.environ.get("PROXYFENCE_TRITON") or "check",
                        help="check: report missing fences; fix: insert them (default: $PROXYFENCE_TRITON or check)")
    parser.add_argument("--on-error", choices=("raise", "warn"), default="raise",
                        help="raise ProxyFenceError from the compile (default) or only warn")
    parser.add_argument("--strict", action="store_true", help="count unproven orderings as errors")
    parser.add_argument("-m", dest="module", metavar="MODULE", help="run a module, like python -m")
    parser.add_argument("script", nargs="?", help="the script to run")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="its arguments")
    opts = parser.parse_args(argv)
    if (opts.module is None) == (opts.script is None):
        parser.error("give a script or -m MODULE (one of them)")

    from proxyfence import BinaryNotFoundError, ProxyFenceError
    from proxyfence import triton as hook
    try:
        hook.enable(mode=opts.mode, on_error=opts.on_error, strict=opts.strict)
    except (BinaryNotFoundError, ImportError, ValueError) as e:
        print(f"python -m proxyfence.triton: {e}", file=sys.stderr)
        return 2
    try:
        if opts.module:
            sys.argv = [opts.module] + opts.args
            runpy.run_module(opts.module, run_name="__main__", alter_sys=True)
        else:
            sys.argv = [opts.script] + opts.args
            sys.path.insert(0, os.path.dirname(os.path.abspath(opts.script)))
            runpy.run_path(opts.script, run_name="__main__")
    except ProxyFenceError as e:
        print(e, file=sys.stderr)
        return 1
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
