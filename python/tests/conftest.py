"""Test set-up: the package under test (the checkout's python/, or the
installed one with PROXYFENCE_TEST_INSTALLED=1), the Triton stand-in, the
binary ($PROXYFENCE_BIN, else the checkout's build/bin/proxyfence) and the
repository's corpus."""
import importlib
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STAND_IN = os.path.join(HERE, "stand_in")

# Where the package comes from (also for the Python subprocesses of the tests).
PACKAGE_PATH = [] if os.environ.get("PROXYFENCE_TEST_INSTALLED") else [os.path.join(ROOT, "python")]
sys.path[:0] = PACKAGE_PATH
sys.path.insert(0, STAND_IN)
if not os.environ.get("PROXYFENCE_BIN"):
    candidate = os.path.join(ROOT, "build", "bin", "proxyfence")
    if os.access(candidate, os.X_OK):
        os.environ["PROXYFENCE_BIN"] = candidate

pytest_plugins = ["pytester"]


def corpus(*parts):
    return os.path.join(ROOT, "corpus", *parts)


def read(path):
    with open(path) as f:
        return f.read()


@pytest.fixture
def triton(tmp_path, monkeypatch):
    """A fresh Triton stand-in (no hook, empty caches), the hook's dump
    folder in tmp_path/dump, and the hook off again afterwards."""
    monkeypatch.setenv("PROXYFENCE_TRITON_DUMP", str(tmp_path / "dump"))
    import triton as stand_in
    from proxyfence import triton as hook
    hook.disable()
    stand_in.knobs.runtime.add_stages_inspection_hook = None
    stand_in.knobs.compilation.listener = None
    stand_in.compiler.compiler.DISK_CACHE.clear()
    stand_in.compiler.compiler.STAGES_RUN.clear()
    stand_in._C.libtriton.ir.parsed.clear()
    yield stand_in
    hook.disable()
    stand_in.knobs.runtime.add_stages_inspection_hook = None
    stand_in.knobs.compilation.listener = None
    importlib.reload(stand_in.compiler.compiler)
    importlib.reload(stand_in.runtime.jit)
