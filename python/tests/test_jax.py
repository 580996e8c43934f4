"""The JAX hook on recorded Mosaic GPU PTX (test/PTX/Inputs/mosaic: JAX
0.11.2's attention kernel for sm_90a), through the JAX stand-in's compile,
which prints PTX to file descriptor 1 as jaxlib does."""
import os
import subprocess
import sys
import warnings

import pytest

from conftest import PACKAGE_PATH, ROOT, STAND_IN, read

import proxyfence
from proxyfence import ProxyFenceError, ProxyFenceWarning
from proxyfence import jax as hook

ATTENTION = os.path.join(ROOT, "test", "PTX", "Inputs", "mosaic", "attention_fwd.ptx")
CLEAN = read(ATTENTION)
NO_FENCE = CLEAN.replace("\tfence.proxy.async.shared::cta;\n", "")


@pytest.fixture
def jax(tmp_path, monkeypatch):
    monkeypatch.delenv("MOSAIC_GPU_DUMP_TO", raising=False)
    monkeypatch.delenv("MOSAIC_GPU_DUMP_PTX", raising=False)
    import jax as stand_in
    hook.disable()
    yield stand_in
    hook.disable()


def test_clean_kernel_is_checked_and_its_ptx_not_echoed(jax, capfd):
    hook.enable(keep_dir=None)
    assert os.environ["MOSAIC_GPU_DUMP_PTX"] == "1"
    before = len(hook.records())
    jax.compile_mosaic([CLEAN], other_output="a line the compile printed\n")
    recs = hook.records()[before:]
    assert [(r.kernel, r.target, r.findings, r.tool_error) for r in recs] == \
        [("entry_mosaic_gpu_kernel", "sm_90a", [], "")]
    out = capfd.readouterr().out
    assert out == "a line the compile printed\n"   # passed through; the PTX is not
    hook.disable()
    assert "MOSAIC_GPU_DUMP_PTX" not in os.environ


def test_missing_fence_raises_with_the_pallas_line(jax, tmp_path):
    hook.enable(keep_dir=str(tmp_path))
    with pytest.raises(ProxyFenceError) as e:
        jax.compile_mosaic([CLEAN, NO_FENCE])
    assert e.value.kernel == "entry_mosaic_gpu_kernel" and e.value.stage == "ptx"
    assert [f.rule for f in e.value.findings] == ["missing-fence"]
    assert str(e.value.findings[0].primary.source) == "attention_mgpu.py:249:6"
    assert "attention_mgpu.py:249:6: error: missing proxy fence (RAW)" in str(e.value)
    recs = hook.records()[-2:]
    assert [len(r.errors) for r in recs] == [0, 1]
    assert recs[0].file == "" and read(recs[1].file).rstrip() == NO_FENCE.rstrip()   # kept only with findings
    # file descriptor 1 is back: a later compile prints normally
    os.write(1, b"")


def test_warn_mode_warns(jax):
    hook.enable(on_error="warn")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        jax.compile_mosaic([NO_FENCE])
    assert [w.category for w in caught] == [ProxyFenceWarning]
    assert "attention_mgpu.py:249:6" in str(caught[0].message)


def test_listeners_see_every_kernel(jax):
    seen = []
    hook.add_listener(seen.append)
    try:
        hook.enable()
        jax.compile_mosaic([CLEAN, CLEAN])
    finally:
        hook.remove_listener(seen.append)
    assert len(seen) == 2 and all(not r.findings for r in seen)


def test_dump_dir_set_by_the_user(jax, tmp_path, monkeypatch):
    monkeypatch.setenv("MOSAIC_GPU_DUMP_TO", str(tmp_path))
    (tmp_path / "older.ptx").write_text(NO_FENCE)   # there before the compile: not this compile's
    hook.enable(on_error="raise")
    jax.compile_mosaic([CLEAN])
    assert hook.records()[-1].kernel == "mosaic_gpu_module_0" and not hook.records()[-1].findings
    with pytest.raises(ProxyFenceError):
        jax.compile_mosaic([CLEAN, NO_FENCE])


def test_compile_without_kernels_checks_nothing(jax, capfd):
    hook.enable()
    before = len(hook.records())
    jax.compile_mosaic([], other_output="no kernels\n")
    assert len(hook.records()) == before
    assert capfd.readouterr().out == "no kernels\n"


def test_no_fix_mode(jax):
    with pytest.raises(ValueError, match="jaxlib assembles the PTX"):
        hook.enable(mode="fix")
    assert not hook.enabled()
    with pytest.raises(ValueError, match="on_error"):
        hook.enable(on_error="ignore")


def test_split_ptx_modules_and_other_output():
    text = "before\n" + CLEAN + "\nbetween\n" + NO_FENCE + "\nafter\n"
    modules, rest = hook.split_ptx(text)
    assert [m.rstrip("\n") for m in modules] == [CLEAN.rstrip("\n"), NO_FENCE.rstrip("\n")]
    assert rest == "before\nbetween\nafter\n"
    assert hook.split_ptx("nothing\n") == ([], "nothing\n")


def test_enabled_from_the_environment(tmp_path):
    """PROXYFENCE_JAX=check: what the package's .pth runs at start-up
    (proxyfence._autoload) enables the hook when JAX is imported, with no
    code change."""
    code = ("import proxyfence._autoload, sys\n"
            "assert 'proxyfence.jax' not in sys.modules\n"
            "import jax\n"
            "h = sys.modules['proxyfence.jax']\n"
            "assert h.enabled()\n"
            "try:\n"
            "    jax.compile_mosaic([open(sys.argv[1]).read().replace('\\tfence.proxy.async.shared::cta;\\n', '')])\n"
            "except Exception as e:\n"
            "    print(type(e).__name__, 'attention_mgpu.py:249:6' in str(e))\n")
    env = dict(os.environ, PROXYFENCE_JAX="check", PYTHONPATH=os.pathsep.join(PACKAGE_PATH + [STAND_IN]))
    env.pop("MOSAIC_GPU_DUMP_TO", None)
    out = subprocess.run([sys.executable, "-c", code, ATTENTION], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "ProxyFenceError True", out.stderr


def test_lowering_never_compiled_joins_the_next_compile(jax, capfd):
    """A lowering with no compile (`.lower()` alone) leaves the capture open;
    the next compile's kernels are still checked, and what was written in
    between comes out, in order, when it ends."""
    hook.enable()
    jax.lower_only()
    os.write(1, b"printed after a lowering\n")
    with pytest.raises(ProxyFenceError):
        jax.compile_mosaic([NO_FENCE], other_output="printed by the compile\n")
    assert capfd.readouterr().out == "printed after a lowering\nprinted by the compile\n"


def test_capture_left_open_is_given_back_at_exit():
    code = ("import jax, proxyfence.jax as h, os\n"
            "h.enable()\n"
            "jax.lower_only()\n"
            "print('held until exit', flush=True)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(PACKAGE_PATH + [STAND_IN]))
    env.pop("PROXYFENCE_JAX", None)
    env.pop("MOSAIC_GPU_DUMP_TO", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == "held until exit\n", out.stderr
