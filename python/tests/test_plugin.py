"""The pytest plugin, run by pytest's own pytester in a subprocess, on
tests that compile kernels through the Triton stand-in."""
import os

import pytest

from conftest import PACKAGE_PATH, ROOT, STAND_IN, corpus

TESTS = f"""
import pytest
import proxyfence
import triton
from triton.compiler.compiler import Source

def compile(name, ttgir, ptx):
    return triton.compile(Source(name, open(ttgir).read(), open(ptx).read()))

def test_clean():
    compile("tma_add_kernel", {corpus("sm90", "tma_add", "final.ttgir")!r}, {corpus("sm90", "tma_add", "final.ptx")!r})

def test_missing_fence():
    compile("ptr_matmul_kernel", {corpus("coverage", "sm90", "ptr_matmul", "final.ttgir")!r},
            {corpus("coverage", "sm90", "ptr_matmul", "final.ptx")!r})

def test_swallows_the_error():
    try:
        test_missing_fence()
    except Exception:
        pass

def test_no_kernel():
    assert True
"""


@pytest.fixture
def run(pytester, monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([*PACKAGE_PATH, STAND_IN]))
    monkeypatch.setenv("PROXYFENCE_TRITON_DUMP", str(tmp_path / "dump"))
    pytester.makepyfile(test_kernels=TESTS)

    def run(*args):
        return pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)
    return run


def test_plugin_fails_the_tests_whose_kernels_have_errors(run):
    result = run("-p", "proxyfence.pytest_plugin", "-rf")
    result.assert_outcomes(passed=2, failed=2)
    out = result.stdout.str()
    assert "FAILED test_kernels.py::test_missing_fence" in out
    assert "FAILED test_kernels.py::test_swallows_the_error" in out
    assert "kernel 'ptr_matmul_kernel' (sm_90, TTGIR after make_ttgir) has 2 errors" in out
    assert "coverage.py:45:27: error: missing proxy fence (RAW)" in out
    result.stdout.fnmatch_lines([
        "*= proxyfence =*",
        "2 kernels checked (6 stage checks, 0 of them replayed from Triton's cache), 1 with errors",
        "findings by rule: missing-fence: 8",
    ])


def test_option_turns_it_on_and_fix_mode_fixes(run):
    # installed, pytest loads the plugin itself (entry point); from the checkout it must be named
    load = [] if os.environ.get("PROXYFENCE_TEST_INSTALLED") else ["-p", "proxyfence.pytest_plugin"]
    check = run(*load, "--proxyfence")
    check.assert_outcomes(passed=2, failed=2)
    fix = run(*load, "--proxyfence", "--proxyfence-mode=fix")
    fix.assert_outcomes(passed=4)
    # the TTGIR fix (1 fence) and the PTX fix of the stand-in's unfixed PTX (1) of the first compile;
    # the second compile of the kernel is a cache hit, replayed
    fix.stdout.fnmatch_lines(["2 kernels checked (6 stage checks, 2 of them replayed from Triton's cache), "
                              "0 with errors", "findings by rule: none", "fences inserted (fix mode): 2"])


def test_without_the_option_nothing_is_checked(run):
    result = run()
    result.assert_outcomes(passed=4)
    assert "= proxyfence =" not in result.stdout.str() and "ProxyFence" not in result.stdout.str()
    assert not os.path.exists(os.environ["PROXYFENCE_TRITON_DUMP"])


JAX_TESTS = f"""
import jax

ATTENTION = open({os.path.join(ROOT, "test", "PTX", "Inputs", "mosaic", "attention_fwd.ptx")!r}).read()

def test_clean_pallas_kernel():
    jax.compile_mosaic([ATTENTION])

def test_pallas_kernel_without_its_fence():
    jax.compile_mosaic([ATTENTION.replace("\\tfence.proxy.async.shared::cta;\\n", "")])
"""


def test_plugin_checks_mosaic_gpu_kernels(pytester, monkeypatch):
    """JAX importable (the stand-in): its hook is on too; a test whose
    compile has a Mosaic GPU kernel with errors fails with its Pallas line."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([*PACKAGE_PATH, STAND_IN]))
    monkeypatch.delenv("MOSAIC_GPU_DUMP_TO", raising=False)
    pytester.makepyfile(test_pallas=JAX_TESTS)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "proxyfence.pytest_plugin", "-rf")
    result.assert_outcomes(passed=1, failed=1)
    out = result.stdout.str()
    assert "FAILED test_pallas.py::test_pallas_kernel_without_its_fence" in out
    assert "attention_mgpu.py:249:6: error: missing proxy fence (RAW)" in out
    result.stdout.fnmatch_lines(["2 Mosaic GPU kernels checked (JAX), 1 with errors; "
                                 "findings by rule: missing-fence: 1*"])
