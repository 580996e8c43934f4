"""proxyfence from Python: check and fix generic/async proxy fences in
Triton TTGIR and PTX.

    import proxyfence
    report = proxyfence.check("kernel.ttgir")        # or a .ptx file
    for finding in report.errors:
        print(finding.format())

    proxyfence.triton.enable()                        # check every Triton compile
    # or: PROXYFENCE_TRITON=check python train.py
    proxyfence.jax.enable()                           # check every Mosaic GPU kernel JAX compiles
    # or: PROXYFENCE_JAX=check python train.py
    # or: python -m proxyfence.triton train.py
    # or: pytest --proxyfence

The checks are done by the `proxyfence` binary (see find_binary()); this
package turns its JSON report into typed findings (docs/triton.md).
"""
from ._core import (BinaryNotFoundError, Finding, FixResult, Op, Position, Report, ToolError, check, check_text,
                    find_binary, fix, fix_text, kind_of)

__version__ = "0.1.0"


class ProxyFenceError(Exception):
    """A kernel has errors: missing fences or missing completion waits.

    `findings` holds the errors (typed Finding objects); `kernel` names the
    kernel and `stage` the IR it was found in ('ttgir' or 'ptx')."""

    def __init__(self, message: str, findings=(), kernel: str = "", stage: str = ""):
        super().__init__(message)
        self.findings = list(findings)
        self.kernel = kernel
        self.stage = stage


class ProxyFenceWarning(UserWarning):
    """A kernel has errors, and the hook was asked to warn, not raise; or a
    kernel could not be checked."""


__all__ = [
    "BinaryNotFoundError", "Finding", "FixResult", "Op", "Position", "ProxyFenceError", "ProxyFenceWarning", "Report",
    "ToolError", "check", "check_text", "find_binary", "fix", "fix_text", "kind_of", "__version__"
]


def __getattr__(name):
    # `import proxyfence; proxyfence.triton.enable()` without importing the
    # submodule first (it imports Triton only when enabled).
    if name in ("triton", "jax", "pytest_plugin"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'proxyfence' has no attribute {name!r}")
