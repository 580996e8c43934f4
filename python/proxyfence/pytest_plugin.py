"""pytest plugin: every Triton kernel, and every Pallas Mosaic GPU kernel
JAX compiles, during a test is checked.

    pytest --proxyfence                    # check mode
    pytest --proxyfence --proxyfence-mode=fix
    pytest -p proxyfence.pytest_plugin     # the same as --proxyfence

A test during which (setup included) a kernel compile has errors fails
with the findings, even when the test caught the ProxyFenceError itself.
At the end: how many kernels were checked (distinct compiles) and the
findings by rule.
Kernels Triton serves from its in-memory cache were checked when the
first test compiled them (a compile with errors is never cached: it
raised); kernels served from its on-disk cache are replayed from the
findings stored with them. Each hook is on where its compiler can be
imported (Triton, JAX); JAX has no fix mode (docs/jax.md): with
--proxyfence-mode=fix its kernels are checked.
"""
from __future__ import annotations

from collections import Counter
from typing import List

import pytest

_PLUGIN_NAME = "proxyfence.pytest_plugin"


def pytest_addoption(parser):
    group = parser.getgroup("proxyfence", "proxyfence: generic/async proxy fences in Triton and Mosaic GPU kernels")
    group.addoption("--proxyfence", action="store_true", default=False,
                    help="check every Triton kernel and every Pallas Mosaic GPU kernel (JAX) compiled during the "
                         "tests; a test whose kernels have errors fails")
    group.addoption("--proxyfence-mode", choices=("check", "fix"), default="check",
                    help="check (default): report missing fences; fix: insert them (Triton only), fail on what "
                         "remains")
    group.addoption("--proxyfence-strict", action="store_true", default=False,
                    help="count unproven orderings as errors")


def _active(config) -> bool:
    if config.getoption("proxyfence"):
        return True
    # -p proxyfence.pytest_plugin (with the package installed the plugin is
    # always loaded; asking for it by name is asking for it to act)
    return _PLUGIN_NAME in (getattr(config.option, "plugins", None) or [])


class _Session:
    def __init__(self, config):
        import importlib.util
        self.hooks = []
        self.records: List = []
        self.jax_records: List = []
        self.current: List = []
        strict = config.getoption("proxyfence_strict")
        if importlib.util.find_spec("triton") is not None or importlib.util.find_spec("jax") is None:
            from proxyfence import triton as hook
            hook.enable(mode=config.getoption("proxyfence_mode"), on_error="raise", strict=strict)
            hook.add_listener(self._on_record)
            self.hooks.append((hook, self._on_record))
        if importlib.util.find_spec("jax") is not None:
            from proxyfence import jax as jax_hook
            jax_hook.enable(on_error="raise", strict=strict)
            jax_hook.add_listener(self._on_jax_record)
            self.hooks.append((jax_hook, self._on_jax_record))

    def _on_record(self, rec):
        self.records.append(rec)
        self.current.append(rec)

    def _on_jax_record(self, rec):
        self.jax_records.append(rec)
        self.current.append(rec)

    def close(self):
        for hook, listener in self.hooks:
            hook.remove_listener(listener)
            hook.disable()

    @staticmethod
    def _describe(rec):
        from proxyfence import jax as jax_hook
        from proxyfence import triton as hook
        return (jax_hook if isinstance(rec, jax_hook.KernelCheck) else hook).describe(rec)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item):
        self.current = []
        yield

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        outcome = yield
        bad = [r for r in self.current if r.errors]
        if not bad:
            return
        from proxyfence import ProxyFenceError
        excinfo = outcome.excinfo
        if excinfo is not None and isinstance(excinfo[1], ProxyFenceError):
            return   # the test already fails with the findings
        pytest.fail("\n".join(self._describe(r) for r in bad), pytrace=False)

    def pytest_terminal_summary(self, terminalreporter):
        compiles = {(r.kernel, r.compile_hash) for r in self.records}
        with_errors = {(r.kernel, r.compile_hash) for r in self.records if r.errors}
        cached = [r for r in self.records if r.cached]
        rules = Counter(f.rule for r in self.records for f in r.findings)
        unchecked = [r for r in self.records if r.tool_error]
        inserted = sum(r.inserted for r in self.records if not r.cached)
        tr = terminalreporter
        tr.write_sep("=", "proxyfence")
        tr.write_line(f"{len(compiles)} kernel{'s' if len(compiles) != 1 else ''} checked "
                      f"({len(self.records)} stage checks, {len(cached)} of them replayed from Triton's cache), "
                      f"{len(with_errors)} with errors")
        if rules:
            tr.write_line("findings by rule: " + ", ".join(f"{rule}: {n}" for rule, n in sorted(rules.items())))
        else:
            tr.write_line("findings by rule: none")
        if inserted:
            tr.write_line(f"fences inserted (fix mode): {inserted}")
        for r in unchecked:
            tr.write_line(f"not checked: kernel '{r.kernel}' ({r.stage}): {r.tool_error}")
        if self.jax_records:
            jax_rules = Counter(f.rule for r in self.jax_records for f in r.findings)
            tr.write_line(f"{len(self.jax_records)} Mosaic GPU kernel{'s' if len(self.jax_records) != 1 else ''} "
                          f"checked (JAX), {sum(1 for r in self.jax_records if r.errors)} with errors; findings by "
                          "rule: " + (", ".join(f"{rule}: {n}" for rule, n in sorted(jax_rules.items())) or "none"))
            for r in self.jax_records:
                if r.tool_error:
                    tr.write_line(f"not checked: Mosaic GPU kernel '{r.kernel}': {r.tool_error}")


def pytest_configure(config):
    if not _active(config):
        return
    config.pluginmanager.register(_Session(config), "proxyfence-session")


def pytest_unconfigure(config):
    session = config.pluginmanager.get_plugin("proxyfence-session")
    if session is not None:
        session.close()
