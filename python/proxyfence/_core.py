"""Running the `proxyfence` binary and reading its JSON report.

Everything here is a thin layer over `proxyfence check --format=json` and
`proxyfence fix`: the binary is the one source of truth; this module only
finds it, feeds it files and turns its report (docs/findings.schema.json)
into typed objects.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

__all__ = [
    "BinaryNotFoundError",
    "FixResult",
    "Finding",
    "Op",
    "Position",
    "Report",
    "ToolError",
    "check",
    "check_text",
    "find_binary",
    "finish_check",
    "fix",
    "fix_text",
    "kind_of",
    "start_check",
]

#: The environment variable that names the binary explicitly.
BIN_ENV = "PROXYFENCE_BIN"
_BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", "proxyfence")


class BinaryNotFoundError(FileNotFoundError):
    """No `proxyfence` executable was found where the package looks for one."""


class ToolError(RuntimeError):
    """The binary refused the input (exit status 2: bad input or usage) or
    produced output this package cannot read."""

    def __init__(self, message: str, stderr: str = "", returncode: Optional[int] = None):
        super().__init__(message)
        self.stderr = stderr
        self.returncode = returncode


def find_binary() -> str:
    """The `proxyfence` executable: ``$PROXYFENCE_BIN``, else the one
    installed beside this package (``proxyfence/_bin/proxyfence``), else the
    first on ``PATH``."""
    explicit = os.environ.get(BIN_ENV)
    if explicit:
        if os.path.isfile(explicit) and os.access(explicit, os.X_OK):
            return explicit
        raise BinaryNotFoundError(f"${BIN_ENV} is set to {explicit!r}, which is not an executable file")
    if os.path.isfile(_BUNDLED) and os.access(_BUNDLED, os.X_OK):
        return _BUNDLED
    on_path = shutil.which("proxyfence")
    if on_path:
        return on_path
    raise BinaryNotFoundError(
        "proxyfence: no `proxyfence` executable found; looked at "
        f"${BIN_ENV} (not set), {_BUNDLED} (installed beside the package: not there) "
        "and PATH (not on it). Build it (./scripts/build.sh) and set "
        f"{BIN_ENV}=build/bin/proxyfence, or put build/bin on PATH.")


@dataclass(frozen=True)
class Position:
    """A file position: `file:line:column` (column 0: none given)."""
    file: str
    line: int
    column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.column else f"{self.file}:{self.line}"

    @classmethod
    def from_json(cls, obj) -> Optional["Position"]:
        if obj is None:
            return None
        return cls(obj["file"], int(obj["line"]), int(obj.get("column", 0)))


@dataclass(frozen=True)
class Op:
    """An op (TTGIR) or instruction (PTX) a finding names: its name, its
    kernel source position (the Python line for Triton kernels) and its
    position in the checked IR text."""
    name: str
    source: Optional[Position]
    ir: Optional[Position]

    def __str__(self) -> str:
        where = self.source or self.ir
        return f"{self.name} at {where}" if where else self.name

    @classmethod
    def from_json(cls, obj) -> Optional["Op"]:
        if obj is None:
            return None
        return cls(obj["op"], Position.from_json(obj.get("source")), Position.from_json(obj.get("ir")))


@dataclass(frozen=True)
class Finding:
    """One finding of `proxyfence check` (docs/usage.md lists the rules)."""
    rule: str                 # missing-fence, missing-completion-wait, spurious-fence, ...
    severity: str             # error, warning, note
    message: str
    primary: Op               # the async op / the generic write / the fence
    secondary: Optional[Op]   # the other op, if any
    fix: str
    hazard: Optional[str] = None   # RAW, WAR, WAW (missing fences)
    scope: Optional[str] = None    # cta, cluster (missing fences)
    memory: Optional[str] = None   # the buffers and bytes
    path: Optional[str] = None     # how one op reaches the other

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def source_lines(self) -> List[Position]:
        """The kernel source positions the finding names (primary first)."""
        return [op.source for op in (self.primary, self.secondary) if op is not None and op.source is not None]

    def format(self) -> str:
        """`file:line:col: severity: message [rule]`, then the bytes and the fix."""
        where = self.primary.source or self.primary.ir
        head = f"{where}: " if where else ""
        memory = f"\n    memory: {self.memory}" if self.memory else ""
        return f"{head}{self.severity}: {self.message} [{self.rule}]{memory}\n    fix: {self.fix}"

    @classmethod
    def from_json(cls, obj) -> "Finding":
        return cls(rule=obj["kind"], severity=obj["severity"], message=obj["message"],
                   primary=Op.from_json(obj["primary"]), secondary=Op.from_json(obj.get("secondary")),
                   fix=obj["fix"], hazard=obj.get("hazard"), scope=obj.get("scope"), memory=obj.get("memory"),
                   path=obj.get("path"))


@dataclass
class Report:
    """The report on one input."""
    input: str
    findings: List[Finding] = field(default_factory=list)
    version: str = ""

    @property
    def errors(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "warning"]

    @property
    def notes(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "note"]

    @property
    def ok(self) -> bool:
        """No errors (warnings and notes never make a report fail)."""
        return not self.errors

    @classmethod
    def from_json(cls, text: str) -> "Report":
        try:
            obj = json.loads(text)
            report = cls(obj["input"], [Finding.from_json(f) for f in obj["findings"]], obj.get("version", ""))
            summary = obj["summary"]
        except (ValueError, KeyError, TypeError) as e:
            raise ToolError(f"proxyfence: cannot read the binary's JSON report ({e})") from e
        if summary.get("errors") != len(report.errors) or summary.get("warnings") != len(report.warnings):
            raise ToolError("proxyfence: the JSON report's summary does not match its findings")
        return report


def kind_of(path: str) -> str:
    """'ptx' for a .ptx file, 'ttgir' for anything else (as the binary decides)."""
    return "ptx" if path.endswith(".ptx") else "ttgir"


#: The longest a single run of the binary may take, in seconds
#: ($PROXYFENCE_TIMEOUT; the largest real kernels take about 2 s).
TIMEOUT_ENV = "PROXYFENCE_TIMEOUT"


def timeout() -> float:
    try:
        return float(os.environ.get(TIMEOUT_ENV, "300"))
    except ValueError:
        return 300.0


def _run(args: Sequence[str], binary: Optional[str]) -> subprocess.CompletedProcess:
    exe = binary or find_binary()
    try:
        return subprocess.run([exe, *args], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              errors="replace", timeout=timeout())
    except subprocess.TimeoutExpired as e:
        raise ToolError(f"proxyfence {args[0]}: no answer within {e.timeout:g} s (${TIMEOUT_ENV})") from e
    except OSError as e:
        raise ToolError(f"proxyfence: cannot run {exe}: {e}") from e


def check(path: str, *, strict: bool = False, binary: Optional[str] = None) -> Report:
    """`proxyfence check --format=json PATH`. Raises ToolError when the
    binary rejects the input (exit status 2), with its diagnostic."""
    return finish_check(start_check(path, strict=strict, binary=binary), path)


def start_check(path: str, *, strict: bool = False, binary: Optional[str] = None) -> subprocess.Popen:
    """Starts `proxyfence check` on PATH and returns at once (the check
    runs while the caller goes on); finish_check() waits for its report."""
    exe = binary or find_binary()
    args = [exe, "check", "--format=json", path] + (["--strict"] if strict else [])
    try:
        return subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, errors="replace")
    except OSError as e:
        raise ToolError(f"proxyfence: cannot run {exe}: {e}") from e


def finish_check(proc: subprocess.Popen, path: str) -> Report:
    """The report of a check start_check() started."""
    try:
        out, err = proc.communicate(timeout=timeout())
    except subprocess.TimeoutExpired as e:
        proc.kill()
        proc.communicate()
        raise ToolError(f"proxyfence check {path}: no answer within {e.timeout:g} s (${TIMEOUT_ENV})") from e
    if proc.returncode not in (0, 1):
        raise ToolError(f"proxyfence check {path}: exit status {proc.returncode}: {err.strip()}", err,
                        proc.returncode)
    return Report.from_json(out)


def _suffix(kind: str) -> str:
    if kind not in ("ttgir", "ptx"):
        raise ValueError(f"kind must be 'ttgir' or 'ptx', not {kind!r}")
    return "." + kind


def check_text(text: str, kind: str, *, name: Optional[str] = None, strict: bool = False,
               binary: Optional[str] = None) -> Report:
    """Checks TTGIR or PTX given as text (`kind`: 'ttgir' or 'ptx');
    `name` names the input in the report (default: a temporary file)."""
    with tempfile.TemporaryDirectory(prefix="proxyfence-") as tmp:
        path = os.path.join(tmp, (name or "kernel") + _suffix(kind))
        with open(path, "w") as f:
            f.write(text)
        report = check(path, strict=strict, binary=binary)
    if name is None:
        report.input = "<text>"
    return report


@dataclass
class FixResult:
    """The text with the missing fences inserted, and how many."""
    text: str
    inserted: int


_INSERTED = re.compile(r"inserted (\d+) fences?")


def fix_and_check(path: str, output: str, *, strict: bool = False,
                  binary: Optional[str] = None) -> Tuple[int, Report]:
    """`proxyfence fix PATH -o OUTPUT --report --format=json`: fix() and,
    from the same process, the report check() would give on PATH (the
    input, before the fix). Returns (fences inserted, that report)."""
    args = ["fix", path, "-o", output, "--report", "--format=json"] + (["--strict"] if strict else [])
    proc = _run(args, binary)
    inserted = _inserted(proc, path, output)
    return inserted, Report.from_json(proc.stdout)


def fix(path: str, output: str, *, binary: Optional[str] = None) -> int:
    """`proxyfence fix PATH -o OUTPUT`: the fence passes (TTGIR) or the PTX
    fixer insert every fence the checker proves missing (in PTX also one
    for each unproven ordering); returns how many. OUTPUT is written only
    on success."""
    return _inserted(_run(["fix", path, "-o", output], binary), path, output)


def _inserted(proc: subprocess.CompletedProcess, path: str, output: str) -> int:
    """How many fences the finished `proxyfence fix` says it inserted."""
    if proc.returncode != 0 or not os.path.exists(output):
        raise ToolError(f"proxyfence fix {path}: exit status {proc.returncode}: {proc.stderr.strip()}",
                        proc.stderr, proc.returncode)
    m = _INSERTED.search(proc.stderr) or _INSERTED.search(proc.stdout)
    if not m:
        raise ToolError("proxyfence fix: its output does not say how many fences it inserted",
                        proc.stderr, proc.returncode)
    return int(m.group(1))


def fix_text(text: str, kind: str, *, name: Optional[str] = None, binary: Optional[str] = None) -> FixResult:
    """fix() on TTGIR or PTX given as text (`kind`: 'ttgir' or 'ptx')."""
    with tempfile.TemporaryDirectory(prefix="proxyfence-") as tmp:
        src = os.path.join(tmp, (name or "kernel") + _suffix(kind))
        dst = os.path.join(tmp, "fixed" + _suffix(kind))
        with open(src, "w") as f:
            f.write(text)
        inserted = fix(src, dst, binary=binary)
        with open(dst) as f:
            return FixResult(f.read(), inserted)
