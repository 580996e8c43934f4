"""The Triton compile hook: every kernel Triton compiles is checked (or
fixed) by proxyfence, at its TTGIR and at its PTX.

    import proxyfence.triton
    proxyfence.triton.enable()                    # mode="check", on_error="raise"
    proxyfence.triton.enable(mode="fix")          # insert the missing fences
    proxyfence.triton.enable(on_error="warn")     # warn instead of raising

or, with no code change: ``PROXYFENCE_TRITON=check|fix`` in the
environment (read when this module is imported, and at Triton's import once
the package is installed), or ``python -m proxyfence.triton script.py``.

How it attaches (docs/triton.md): through ``triton.knobs.runtime.
add_stages_inspection_hook``, which Triton's backends call with the stages
dict of each compile (``backend.add_stages``). The hook wraps the "ttgir"
stage (after ``make_ttgir``: Triton's own fence pass has run, allocation
and the post-allocation fence pass have not) and the "ptx" stage. A hook
that was installed before is called first and kept. The settings are part
of Triton's cache keys, so a kernel compiled without the hook, or in
another mode, is never served from Triton's caches while it is on: on a
Triton whose ``compile()`` asks the hook for a key (newer than 3.6) through
that protocol; on Triton 3.6, which does not, by adding the key to the
cache-invalidating environment that keys Triton's on-disk cache and to the
in-memory key of ``JITFunction.run``.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import os
import re
import tempfile
import threading
import time
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

from .. import ProxyFenceError, ProxyFenceWarning, __version__
from .._records import Registry
from .._core import Finding, ToolError, check, find_binary, finish_check, fix_and_check, start_check

__all__ = ["KernelCheck", "add_listener", "disable", "enable", "enabled", "records", "remove_listener"]

ENV = "PROXYFENCE_TRITON"
MODES = ("check", "fix")
ON_ERROR = ("raise", "warn")
#: The cache-invalidating environment entry that carries the hook's key (Triton 3.6).
CACHE_ENV_KEY = "PROXYFENCE_TRITON_HOOK"


@dataclass
class KernelCheck:
    """What the hook found in one stage of one compile of a kernel."""
    kernel: str
    stage: str                       # "ttgir" or "ptx"
    target: str                      # e.g. "sm_90"
    findings: List[Finding] = field(default_factory=list)
    inserted: int = 0                # fences inserted (fix mode)
    fixed: List[Finding] = field(default_factory=list)   # the errors the inserted fences fixed
    tool_error: str = ""             # the binary could not check this stage
    files: List[str] = field(default_factory=list)   # the stage's IR as checked (and fixed), kept when it has findings
    cached: bool = False             # replayed from Triton's cache (the kernel was not recompiled)
    compile_hash: str = ""           # Triton's hash of the compile (metadata["hash"])
    seconds: float = 0.0             # the time the compile waited for proxyfence in this stage
    elapsed: float = 0.0             # from the start of the check to its result (in check mode it overlaps
                                     # Triton's later stages)

    @property
    def errors(self) -> List[Finding]:
        return [f for f in self.findings if f.is_error]


_lock = threading.RLock()
_registry: "Registry[KernelCheck]" = Registry()


def records() -> List[KernelCheck]:
    """Every stage checked since the process started (a copy)."""
    return _registry.records()


def add_listener(fn: Callable[[KernelCheck], None]) -> None:
    """Calls `fn(record)` for every stage checked from now on."""
    _registry.add_listener(fn)


def remove_listener(fn: Callable[[KernelCheck], None]) -> None:
    _registry.remove_listener(fn)


@dataclass(frozen=True)
class _Settings:
    mode: str
    on_error: str
    binary: str
    strict: bool
    dump_dir: str

    def key(self) -> str:
        """Changes whenever the hook could change or judge a compile
        differently: its settings, this package's version, the binary
        (path, size, modification time)."""
        try:
            st = os.stat(self.binary)
            ident = f"{self.binary}:{st.st_size}:{st.st_mtime_ns}"
        except OSError:
            ident = self.binary
        raw = f"proxyfence-{__version__}-{self.mode}-{self.on_error}-strict{int(self.strict)}-{ident}"
        return "proxyfence-" + hashlib.sha256(raw.encode()).hexdigest()[:32]


_FUNC = re.compile(r"tt\.func\s+(?:public\s+|private\s+)?@([\w$.]+)")
_ENTRY = re.compile(r"\.(?:visible\s+)?\.entry\s+([\w$]+)")


def _target(capability) -> str:
    return f"sm_{capability}" if isinstance(capability, int) else str(capability or "?")


class _Hook:
    """The callable installed as knobs.runtime.add_stages_inspection_hook."""

    def __init__(self, settings: _Settings, previous):
        self.settings = settings
        self.previous = previous
        self.active = True

    # Newer Triton calls the hook with no arguments for its cache keys:
    # (a key for the on-disk cache, a hash for the in-memory one).
    def __call__(self, *args):
        if not args:
            key = self.settings.key() if self.active else ""
            if self.previous is not None:
                prev_key, prev_hash = self.previous()
                return prev_key + key, f"{prev_hash}{key}"
            return key, key
        backend, stages, options, language, capability = (list(args) + [None] * 5)[:5]
        if self.previous is not None:
            self.previous(*args)
        if not self.active:
            return None
        target = _target(capability)
        # The checks run while Triton goes on (the TTGIR's during make_llir
        # and make_ptx, both during ptxas) and are collected after the cubin
        # stage. In fix mode a stage waits only for its `proxyfence fix`.
        deferred = "cubin" in stages
        if "ttgir" in stages:
            stages["ttgir"] = self._wrap_ttgir(stages["ttgir"], target, deferred)
        if "ptx" in stages:
            stages["ptx"] = self._wrap_ptx(stages["ptx"], target, deferred)
        if deferred:
            stages["cubin"] = self._wrap_last(stages["cubin"])
        return None

    def _wrap_ttgir(self, make_ttgir, target, deferred):
        def ttgir_stage(src, metadata):
            module = make_ttgir(src, metadata)
            started = time.perf_counter()
            text = str(module)   # printing the module is part of the hook's cost
            kernel = (_FUNC.search(text) or [None, "?"])[1]
            check = _StageCheck(self.settings, "ttgir", text, kernel, target, metadata, started)
            if check.fixed_text is not None:
                try:
                    module = _reparse(module, check.fixed_text)
                except Exception as e:  # Triton's parser refused our text: keep Triton's module
                    check.refused(f"the fixed TTGIR could not be handed back to Triton ({e})")
            self._pending(check, metadata, deferred)
            return module
        return ttgir_stage

    def _wrap_ptx(self, make_ptx, target, deferred):
        def ptx_stage(src, metadata):
            text = make_ptx(src, metadata)
            started = time.perf_counter()
            kernel = metadata.get("name") or (_ENTRY.search(text) or [None, "?"])[1]
            check = _StageCheck(self.settings, "ptx", text, kernel, target, metadata, started)
            self._pending(check, metadata, deferred)
            return text if check.fixed_text is None else check.fixed_text
        return ptx_stage

    def _pending(self, check, metadata, deferred):
        if deferred:
            metadata.setdefault(_PENDING, []).append(check)
        else:
            self._finish([check.finish()], metadata)

    def _wrap_last(self, make_cubin):
        def cubin_stage(src, metadata):
            try:
                binary = make_cubin(src, metadata)
            finally:
                pending = metadata.pop(_PENDING, [])
                recs = [check.finish() for check in pending]   # every check is reaped, even if ptxas failed
            self._finish(recs, metadata)
            return binary
        return cubin_stage

    def _finish(self, recs: List[KernelCheck], metadata) -> None:
        entry = metadata.setdefault("proxyfence", {"version": __version__, "mode": self.settings.mode})
        for rec in recs:
            entry[rec.stage] = _to_metadata(rec)
            _registry.publish(rec)
        _log_times(recs, self.settings.mode)
        for rec in recs:
            _complain(rec, self.settings.on_error)


#: A file to which each checked stage appends one JSON line of its times
#: (bench/hook_overhead.py sums them over Inductor's compile workers).
TIMES_ENV = "PROXYFENCE_TRITON_TIMES"


def _log_times(recs: List[KernelCheck], mode: str) -> None:
    path = os.environ.get(TIMES_ENV)
    if not path:
        return
    lines = "".join(json.dumps({"pid": os.getpid(), "mode": mode, "stage": r.stage, "kernel": r.kernel,
                                "waited_s": round(r.seconds, 6), "elapsed_s": round(r.elapsed, 6),
                                "inserted": r.inserted, "findings": len(r.findings),
                                "tool_error": bool(r.tool_error)}) + "\n"
                    for r in recs)
    try:   # one write of whole lines to a file opened for appending: workers' lines do not mix
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, lines.encode())
        finally:
            os.close(fd)
    except OSError:
        pass   # a timing log must never break a compile


#: The metadata key under which a compile's checks wait for the cubin stage
#: (removed there, before Triton writes the metadata).
_PENDING = "_proxyfence_pending"


class _StageCheck:
    """The check of one stage's text. Made when the stage is done: the text
    is written to the dump folder; in fix mode `proxyfence fix` runs (the
    one thing the compile waits for: its output is the stage's new text,
    and, from the same process, the report of the text as it was); in check
    mode `proxyfence check` is started on the text, and in fix mode on the
    fixed text when a fence was inserted, and runs while the compile goes
    on; finish() collects the reports. The dump
    folder keeps the files of a stage with findings, so that the IR
    positions the findings name can be opened; the files of a stage with
    none are removed."""

    def __init__(self, settings: _Settings, stage, text, kernel, target, metadata, started):
        self.settings, self.stage = settings, stage
        compile_hash = str(metadata.get("hash", "")) or hashlib.sha256(text.encode()).hexdigest()
        self.rec = KernelCheck(kernel, stage, target, compile_hash=compile_hash)
        self.folder = os.path.join(settings.dump_dir, compile_hash[:16])
        self.base = re.sub(r"[^\w.$-]", "_", kernel)[:100] or "kernel"
        self.path = os.path.join(self.folder, f"{self.base}.{stage}")
        self.fixed_path = os.path.join(self.folder, f"{self.base}.fixed.{stage}")
        self.fixed_text = None
        self.inserted = 0
        self.procs = []     # (running check, the path it checks)
        self.reports = []   # reports already in hand (fix mode: the input's, from the fix)
        self.error = None
        self.refusal = ""
        try:
            os.makedirs(self.folder, exist_ok=True)
            with open(self.path, "w") as f:
                f.write(text)
            if settings.mode == "fix":
                # One process fixes and reports the input's findings; the
                # fixed text is checked (in the background) only if it differs.
                self.inserted, report = fix_and_check(self.path, self.fixed_path, strict=settings.strict,
                                                      binary=settings.binary)
                self.reports.append(report)
                if self.inserted:
                    with open(self.fixed_path) as f:
                        self.fixed_text = f.read()
            else:
                self.procs.append((start_check(self.path, strict=settings.strict, binary=settings.binary),
                                   self.path))
            if self.inserted:
                self.procs.append((start_check(self.fixed_path, strict=settings.strict, binary=settings.binary),
                                   self.fixed_path))
        except Exception as e:  # noqa: BLE001 - a hook must never break the compile it watches
            self.error = e if isinstance(e, (ToolError, OSError)) else ToolError(f"internal error: {e!r}")
            self.fixed_text = None
        self.started = started
        self.blocked = time.perf_counter() - started   # the time the compile waited for us so far

    def refused(self, why: str) -> None:
        """Triton did not take the fixed text: the stage keeps its own."""
        self.fixed_text, self.refusal = None, why

    def finish(self) -> KernelCheck:
        s, stage, rec = self.settings, self.stage, self.rec
        waited = time.perf_counter()
        unfixed: List[Finding] = []
        try:
            reports = self.reports + [finish_check(proc, path) for proc, path in self.procs]
            if self.error is not None:
                raise self.error
            unfixed = reports[0].findings
            rec.findings = unfixed
            if self.inserted and not self.refusal:
                remaining = {_identity(f) for f in reports[1].findings}
                rec.fixed = [f for f in unfixed if _fixable(f, stage) and _identity(f) not in remaining]
                rec.inserted = self.inserted
                rec.findings = reports[1].findings
            rec.tool_error = self.refusal
            keep = bool(unfixed)
        except Exception as e:  # noqa: BLE001 - reported as "not checked", never a failed compile
            rec.tool_error = str(e) if isinstance(e, (ToolError, OSError)) else f"internal error: {e!r}"
            keep = os.path.exists(self.path)
        written = [self.path] + ([self.fixed_path] if self.inserted else [])
        if keep:
            rec.files = [p for p in written if os.path.exists(p)]
        else:
            for p in written + [self.fixed_path]:
                if os.path.exists(p):
                    os.remove(p)
            try:
                os.rmdir(self.folder)
            except OSError:
                pass   # not empty: the other stage's files are kept
        now = time.perf_counter()
        rec.seconds = self.blocked + (now - waited)
        rec.elapsed = now - self.started
        return rec


def _fixable(f: Finding, stage: str) -> bool:
    """What `proxyfence fix` inserts fences for: in TTGIR the missing
    fences (the fence passes); in PTX the missing fences and, conservatively,
    the unproven orderings (docs/ptx-checker.md)."""
    return f.rule == "missing-fence" or (stage == "ptx" and f.rule == "unproven-ordering")


def _identity(f: Finding):
    return (f.rule, f.hazard, f.primary.name, str(f.primary.source), f.secondary.name if f.secondary else "",
            str(f.secondary.source) if f.secondary else "")


def _reparse(module, text):
    """Hands the fixed TTGIR back to Triton: parsed into the module's own
    context, as Triton reads a .ttgir file (its IRSource)."""
    from triton._C.libtriton import ir  # noqa: the real Triton, or the test stand-in
    context = module.context
    with tempfile.TemporaryDirectory(prefix="proxyfence-") as tmp:
        path = os.path.join(tmp, "fixed.ttgir")
        with open(path, "w") as f:
            f.write(text)
        fixed = ir.parse_mlir_module(path, context)
    fixed.context = context
    return fixed


def _short(f: Finding) -> Dict[str, Any]:
    where = f.primary.source or f.primary.ir
    return {"rule": f.rule, "severity": f.severity, "at": str(where) if where else "", "message": f.message,
            "fix": f.fix}


def _to_metadata(rec: KernelCheck) -> Dict[str, Any]:
    """The stage's record as JSON-able metadata (Triton keeps it in the
    kernel's metadata and in its cache)."""
    return {
        "errors": len(rec.errors),
        "warnings": sum(f.severity == "warning" for f in rec.findings),
        "notes": sum(f.severity == "note" for f in rec.findings),
        "inserted": rec.inserted,
        "fixed": [_short(f) for f in rec.fixed],
        "findings": [_short(f) for f in rec.findings if f.severity != "note"],
        "tool_error": rec.tool_error,
        "files": rec.files,
    }


_STAGE_NAMES = {"ttgir": "TTGIR after make_ttgir", "ptx": "PTX"}


def describe(rec: KernelCheck) -> str:
    """The message of a ProxyFenceError (or warning) for one stage."""
    errs = rec.errors
    lines = [f"proxyfence: kernel '{rec.kernel}' ({rec.target}, {_STAGE_NAMES.get(rec.stage, rec.stage)}) has "
             f"{len(errs)} error{'s' if len(errs) != 1 else ''}"
             + (" (replayed from Triton's cache)" if rec.cached else "") + ":"]
    for f in errs:
        lines.append("  " + f.format().replace("\n", "\n  "))
    if rec.inserted:
        lines.append(f"  ({rec.inserted} fence{'s' if rec.inserted != 1 else ''} inserted; these errors remain)")
    if rec.tool_error:
        lines.append(f"  (fix mode: {rec.tool_error})")
    if rec.files:
        lines.append("  IR: " + ", ".join(rec.files))
    return "\n".join(lines)


def _complain(rec: KernelCheck, on_error: str) -> None:
    if rec.tool_error and not rec.findings:
        warnings.warn(ProxyFenceWarning(f"proxyfence: kernel '{rec.kernel}' ({rec.target}, {rec.stage}) was not "
                                        f"checked: {rec.tool_error}"), stacklevel=3)
        return
    if not rec.errors:
        return
    message = describe(rec)
    if on_error == "raise":
        raise ProxyFenceError(message, rec.errors, rec.kernel, rec.stage)
    warnings.warn(ProxyFenceWarning(message), stacklevel=3)


# ---------------------------------------------------------------------------
# Installing and removing the hook.

_state: Dict[str, Any] = {}


def enabled() -> Optional[Dict[str, Any]]:
    """The hook's settings while it is on, else None."""
    s = _state.get("settings")
    return None if s is None else {"mode": s.mode, "on_error": s.on_error, "binary": s.binary, "strict": s.strict,
                                   "dump_dir": s.dump_dir}


def enable(mode: str = "check", on_error: str = "raise", *, binary: Optional[str] = None,
           strict: bool = False, dump_dir: Optional[str] = None) -> None:
    """Checks (mode="check") or fixes (mode="fix") every kernel Triton
    compiles from now on. on_error="raise" raises ProxyFenceError from the
    compile (so from the kernel's first launch); "warn" issues a
    ProxyFenceWarning and lets the compile go on. strict=True counts
    unproven orderings as errors (`check --strict`). The IR of a stage with
    findings is kept in dump_dir (default: $PROXYFENCE_TRITON_DUMP, else
    proxyfence-triton/ in the temporary directory), one folder per compile,
    so that the findings' IR positions can be opened. Calling it again
    changes the settings."""
    if mode not in MODES:
        raise ValueError(f"proxyfence.triton.enable: mode must be one of {MODES}, not {mode!r}")
    if on_error not in ON_ERROR:
        raise ValueError(f"proxyfence.triton.enable: on_error must be one of {ON_ERROR}, not {on_error!r}")
    dump_dir = dump_dir or os.environ.get("PROXYFENCE_TRITON_DUMP") or os.path.join(tempfile.gettempdir(),
                                                                                     "proxyfence-triton")
    settings = _Settings(mode, on_error, binary or find_binary(), bool(strict), os.path.abspath(dump_dir))
    try:
        import triton
        from triton import knobs
    except ImportError as e:
        raise ImportError(f"proxyfence.triton.enable: Triton cannot be imported ({e})") from e
    with _lock:
        disable()
        hook = _Hook(settings, knobs.runtime.add_stages_inspection_hook)
        knobs.runtime.add_stages_inspection_hook = hook
        _state.update(settings=settings, hook=hook, patches=[])
        if not _triton_asks_hook_for_key(triton):
            _patch_cache_keys(settings.key())
        _chain_listener(knobs, settings)


def disable() -> None:
    """Removes the hook (a hook installed before it is put back) and
    undoes the cache-key patches."""
    with _lock:
        hook = _state.pop("hook", None)
        if hook is None:
            return
        from triton import knobs
        if knobs.runtime.add_stages_inspection_hook is hook:
            knobs.runtime.add_stages_inspection_hook = hook.previous
        else:
            hook.active = False    # another hook chained over ours: ours passes through from now on
        for obj, name, original in reversed(_state.pop("patches", [])):
            setattr(obj, name, original)
        _state.pop("settings", None)


def _triton_asks_hook_for_key(triton) -> bool:
    """Whether this Triton's compile() calls the hook with no arguments
    for a cache key (after 3.6). Unknown (no source): False, so the keys
    are added our way, which is harmless if Triton also asks."""
    try:
        source = inspect.getsource(triton.compiler.compiler.compile)
    except (OSError, TypeError, AttributeError):
        return False
    return "add_stages_inspection_hook()" in source


def _patch(obj, name, replacement) -> None:
    _state["patches"].append((obj, name, getattr(obj, name)))
    setattr(obj, name, replacement)


def _patch_cache_keys(key: str) -> None:
    """Triton 3.6: the on-disk cache key is made of, among others, the
    cache-invalidating environment (get_cache_invalidating_env_vars, looked
    up in compiler.py's and jit.py's globals at each compile); the in-memory
    key of JITFunction.run comes from jit.py's compute_cache_key."""
    import triton.compiler.compiler as compiler_mod
    import triton.runtime.jit as jit_mod
    for mod in (compiler_mod, jit_mod):
        original = getattr(mod, "get_cache_invalidating_env_vars", None)
        if original is None or getattr(original, "_proxyfence", False):
            continue

        def env_vars(_original=original):
            env = dict(_original())
            env[CACHE_ENV_KEY] = key
            return env
        env_vars._proxyfence = True
        _patch(mod, "get_cache_invalidating_env_vars", env_vars)
    original_key = getattr(jit_mod, "compute_cache_key", None)
    if original_key is not None:
        def compute_cache_key(*args, _original=original_key, **kwargs):
            return f"{_original(*args, **kwargs)}-{key}"
        _patch(jit_mod, "compute_cache_key", compute_cache_key)


def _chain_listener(knobs, settings: _Settings) -> None:
    """A kernel served from Triton's on-disk cache is not recompiled, so the
    stages never run: its findings are replayed from the metadata the hook
    stored with it (knobs.compilation.listener, called on cache hits)."""
    compilation = getattr(knobs, "compilation", None)
    if compilation is None or not hasattr(compilation, "listener"):
        return
    previous = compilation.listener

    def listener(*args, **kwargs):
        if previous is not None:
            previous(*args, **kwargs)
        if kwargs.get("cache_hit"):
            _replay(kwargs.get("metadata") or {}, settings)
    _patch(compilation, "listener", listener)


def _replay(metadata, settings: _Settings) -> None:
    entry = metadata.get("proxyfence")
    if not isinstance(entry, dict):
        return
    target = metadata.get("target")
    target = _target(target.get("arch") if isinstance(target, dict) else getattr(target, "arch", None))
    for stage in ("ttgir", "ptx"):
        data = entry.get(stage)
        if not isinstance(data, dict):
            continue
        rec = KernelCheck(metadata.get("name", "?"), stage, target, inserted=int(data.get("inserted", 0)),
                          tool_error=data.get("tool_error", ""), cached=True,
                          compile_hash=str(metadata.get("hash", "")))
        rec.findings = [_from_short(d) for d in data.get("findings", [])]
        rec.fixed = [_from_short(d) for d in data.get("fixed", [])]
        _registry.publish(rec)
        _complain(rec, settings.on_error)


def _from_short(d: Dict[str, Any]) -> Finding:
    from .._core import Op, Position
    where = None
    m = re.match(r"^(.*):(\d+)(?::(\d+))?$", d.get("at", ""))
    if m:
        where = Position(m.group(1), int(m.group(2)), int(m.group(3) or 0))
    return Finding(rule=d.get("rule", ""), severity=d.get("severity", ""), message=d.get("message", ""),
                   primary=Op("", where, None), secondary=None, fix=d.get("fix", ""))


def _enable_from_env() -> None:
    mode = os.environ.get(ENV, "").strip()
    if not mode or mode in ("0", "off"):
        return
    if mode not in MODES:
        raise ValueError(f"proxyfence: {ENV}={mode!r}: expected one of {MODES} (or 0/off)")
    on_error = os.environ.get("PROXYFENCE_TRITON_ON_ERROR", "raise")
    enable(mode=mode, on_error=on_error)


if os.environ.get(ENV) and _state.get("settings") is None:
    try:
        _enable_from_env()
    except ImportError as e:
        warnings.warn(ProxyFenceWarning(f"proxyfence: {ENV} is set, but {e}"))
