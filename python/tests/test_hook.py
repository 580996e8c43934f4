"""The Triton hook, on the Triton stand-in fed corpus TTGIR and PTX."""
import json
import os
import subprocess
import sys
import warnings

import pytest

import proxyfence
from proxyfence import triton as hook
from conftest import PACKAGE_PATH, HERE, ROOT, STAND_IN, corpus, read

PTR_MATMUL_TTGIR = corpus("coverage", "sm90", "ptr_matmul", "final.ttgir")
PTR_MATMUL_PTX = corpus("coverage", "sm90", "ptr_matmul", "final.ptx")
TMA_ADD_TTGIR = corpus("sm90", "tma_add", "final.ttgir")
TMA_ADD_PTX = corpus("sm90", "tma_add", "final.ptx")


def source(triton, name, ttgir, ptx):
    return triton.compiler.compiler.Source(name, read(ttgir), ptx if "\n" in ptx else read(ptx))


def stages_run(triton, name):
    return [stage for kernel, stage in triton.compiler.compiler.STAGES_RUN if kernel == name]


def test_check_mode_raises_at_the_python_line(triton):
    hook.enable()
    src = source(triton, "ptr_matmul_kernel", PTR_MATMUL_TTGIR, PTR_MATMUL_PTX)
    with pytest.raises(proxyfence.ProxyFenceError) as e:
        triton.compile(src)
    err = e.value
    assert err.kernel == "ptr_matmul_kernel" and err.stage == "ttgir"
    assert [f.rule for f in err.findings] == ["missing-fence", "missing-fence"]
    assert {str(f.primary.source) for f in err.findings} == {"coverage.py:45:27"}
    message = str(err)
    assert message.startswith("proxyfence: kernel 'ptr_matmul_kernel' (sm_90, TTGIR after make_ttgir) has 2 errors:")
    assert "coverage.py:45:27: error: missing proxy fence (RAW)" in message
    assert "fix: insert `ttng.fence_async_shared" in message
    # the IR the findings point into is kept, and named in the message
    kept = os.path.join(hook.enabled()["dump_dir"], err_hash(triton), "ptr_matmul_kernel.ttgir")
    assert f"IR: {kept}" in message and os.path.exists(kept)
    assert err.findings[0].primary.ir.file == kept and err.findings[0].primary.ir.line == 90
    # the checks ran while Triton's later stages did, and were collected
    # after its last one (ptxas); the compile failed, nothing was cached
    assert stages_run(triton, "ptr_matmul_kernel") == ["ttir", "ttgir", "llir", "ptx"]
    assert triton.compiler.compiler.DISK_CACHE == {}


def test_check_mode_overlaps_triton_and_leaves_no_trace_in_metadata(triton):
    seen = {}

    def previous(*args):
        if not args:
            return "", ""
        stages = args[1]
        for name in ("llir", "cubin"):
            def wrapped(src, md, _name=name, _stage=stages[name]):
                seen[_name] = len(md.get("_proxyfence_pending", []))
                return _stage(src, md)
            stages[name] = wrapped
    triton.knobs.runtime.add_stages_inspection_hook = previous
    hook.enable()
    k = triton.compile(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, TMA_ADD_PTX))
    # the TTGIR check was running during make_llir, both during ptxas
    assert seen == {"llir": 1, "cubin": 2}
    assert "_proxyfence_pending" not in k.metadata
    json.dumps(k.metadata)
    recs = hook.records()[-2:]
    assert all(r.elapsed >= r.seconds >= 0 for r in recs)


def test_a_failing_ptxas_still_reaps_the_checks(triton):
    hook.enable()
    broken = read(TMA_ADD_PTX) + "// stand-in: ptxas fails\n"
    with pytest.raises(RuntimeError, match="ptxas"):
        triton.compile(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, broken))
    assert [r.stage for r in hook.records()[-2:]] == ["ttgir", "ptx"]


def err_hash(triton):
    return hook.records()[-1].compile_hash[:16]


def test_clean_kernel_compiles_and_records_metadata(triton):
    hook.enable()
    k = triton.compile(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, TMA_ADD_PTX))
    assert os.listdir(hook.enabled()["dump_dir"]) == []     # nothing found: nothing kept
    assert stages_run(triton, "tma_add_kernel") == ["ttir", "ttgir", "llir", "ptx", "cubin"]
    entry = k.metadata["proxyfence"]
    assert entry["mode"] == "check" and entry["version"] == proxyfence.__version__
    assert entry["ttgir"]["errors"] == 0 and entry["ptx"]["errors"] == 0 and entry["ptx"]["inserted"] == 0
    # the text Triton keeps is the text Triton produced
    assert k.asm["ptx"] == read(TMA_ADD_PTX)
    recs = [r for r in hook.records() if r.kernel == "tma_add_kernel"]
    assert [(r.stage, r.target, len(r.errors)) for r in recs[-2:]] == [("ttgir", "sm_90", 0), ("ptx", "sm_90", 0)]


def test_warn_mode_warns_and_the_compile_goes_on(triton):
    hook.enable(on_error="warn")
    with pytest.warns(proxyfence.ProxyFenceWarning, match="ptr_matmul_kernel.*2 errors"):
        k = triton.compile(source(triton, "ptr_matmul_kernel", PTR_MATMUL_TTGIR, PTR_MATMUL_PTX))
    assert k.metadata["proxyfence"]["ttgir"]["errors"] == 2
    assert stages_run(triton, "ptr_matmul_kernel")[-1] == "cubin"


def test_fix_mode_fixes_the_ttgir_and_hands_it_back(triton):
    hook.enable(mode="fix")
    k = triton.compile(source(triton, "ptr_matmul_kernel", PTR_MATMUL_TTGIR, PTR_MATMUL_PTX))
    entry = k.metadata["proxyfence"]
    assert entry["mode"] == "fix"
    assert entry["ttgir"]["inserted"] == 1 and entry["ttgir"]["errors"] == 0
    assert [f["at"] for f in entry["ttgir"]["fixed"]] == ["coverage.py:45:27", "coverage.py:45:27"]
    # Triton's next stage got the fixed module, parsed in the module's context
    assert len(triton._C.libtriton.ir.parsed) == 1
    assert k.asm["ttgir"].count("ttng.fence_async_shared") == 1
    assert k.backend.llir_input == k.asm["ttgir"]


def test_fix_mode_fixes_the_ptx(triton):
    broken = read(TMA_ADD_PTX).replace("\tfence.proxy.async.shared::cta;\n", "")
    hook.enable(mode="fix")
    k = triton.compile(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, broken))
    entry = k.metadata["proxyfence"]["ptx"]
    assert entry["inserted"] == 2 and entry["errors"] == 0 and entry["warnings"] == 0
    assert [f["rule"] for f in entry["fixed"]] == ["missing-fence", "missing-fence", "unproven-ordering"]
    assert k.asm["ptx"].count("fence.proxy.async.shared::cta;") == 2
    assert k.asm["cubin"] == k.asm["ptx"].encode()   # ptxas assembled the fixed PTX


def test_times_log_has_a_line_per_checked_stage(triton, monkeypatch, tmp_path):
    log = tmp_path / "times.jsonl"
    monkeypatch.setenv(hook.TIMES_ENV, str(log))
    broken = read(TMA_ADD_PTX).replace("\tfence.proxy.async.shared::cta;\n", "")
    hook.enable(mode="fix")
    triton.compile(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, broken))
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(d["stage"], d["mode"], d["inserted"]) for d in lines] == [("ttgir", "fix", 0), ("ptx", "fix", 2)]
    assert all(d["kernel"] == "tma_add_kernel" and d["waited_s"] >= 0 and d["pid"] == os.getpid() for d in lines)


def test_fix_mode_raises_when_triton_refuses_the_fixed_ttgir(triton, monkeypatch):
    from proxyfence import _core

    def refused(path, output, **kw):
        inserted, report = _core.fix_and_check(path, output, **kw)
        with open(output, "a") as f:
            f.write("\n// stand-in: refuse\n")
        return inserted, report
    monkeypatch.setattr(hook, "fix_and_check", refused)
    hook.enable(mode="fix")
    with pytest.raises(proxyfence.ProxyFenceError, match="could not be handed back to Triton"):
        triton.compile(source(triton, "ptr_matmul_kernel", PTR_MATMUL_TTGIR, PTR_MATMUL_PTX))


def test_unreadable_ir_warns_and_compiles(triton, tmp_path):
    bad = tmp_path / "bad.ttgir"
    bad.write_text("module {\n  ttng.not_an_op\n}\n")
    hook.enable()
    with pytest.warns(proxyfence.ProxyFenceWarning, match="was not checked.*not_an_op"):
        k = triton.compile(triton.compiler.compiler.Source("odd_kernel", bad.read_text(), read(TMA_ADD_PTX)))
    assert "not_an_op" in k.metadata["proxyfence"]["ttgir"]["tool_error"]


def test_chains_with_a_previous_hook_and_disable_restores_it(triton):
    seen = []

    def previous(*args):
        if not args:
            return "prev-key", "prev-hash"
        stages = args[1]
        make_ptx = stages["ptx"]
        stages["ptx"] = lambda src, md: make_ptx(src, md) + "// previous hook was here\n"
        seen.append("stages")
    triton.knobs.runtime.add_stages_inspection_hook = previous
    hook.enable()
    assert hook.enabled()["mode"] == "check"
    k = triton.compile(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, TMA_ADD_PTX))
    assert seen == ["stages"] and k.asm["ptx"].endswith("// previous hook was here\n")
    key, digest = triton.knobs.runtime.add_stages_inspection_hook()
    assert key.startswith("prev-key") and key != "prev-key" and digest.startswith("prev-hash")
    hook.disable()
    assert triton.knobs.runtime.add_stages_inspection_hook is previous and hook.enabled() is None


def test_hook_settings_key_the_caches_on_triton_3_6(triton):
    src = source(triton, "tma_add_kernel", TMA_ADD_TTGIR, TMA_ADD_PTX)
    plain = triton.compile(src)                       # compiled and cached without the hook
    assert "proxyfence" not in plain.metadata
    assert triton.compile(src).metadata is plain.metadata   # a cache hit
    hook.enable()
    env = triton.compiler.compiler.get_cache_invalidating_env_vars()
    assert env[hook.CACHE_ENV_KEY].startswith("proxyfence-") and env["TRITON_STAND_IN"] == "1"
    checked = triton.compile(src)
    assert checked.metadata is not plain.metadata and "proxyfence" in checked.metadata
    hook.enable(mode="fix")                           # another mode: another key
    assert triton.compiler.compiler.get_cache_invalidating_env_vars()[hook.CACHE_ENV_KEY] != env[hook.CACHE_ENV_KEY]
    assert triton.compile(src).metadata["proxyfence"]["mode"] == "fix"
    hook.disable()
    assert hook.CACHE_ENV_KEY not in triton.compiler.compiler.get_cache_invalidating_env_vars()
    assert triton.compile(src).metadata is plain.metadata


def test_in_memory_cache_key_on_triton_3_6(triton):
    fn = triton.runtime.jit.JITFunction(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, TMA_ADD_PTX))
    plain = fn.run()
    assert fn.run() is plain
    hook.enable()
    checked = fn.run()
    assert checked is not plain and "proxyfence" in checked.metadata
    hook.disable()
    assert fn.run() is plain


def test_newer_triton_asks_the_hook_for_its_key(triton, monkeypatch):
    monkeypatch.setattr(triton.compiler.compiler, "compile", triton.compiler.compiler.compile_asking_hook)
    hook.enable()
    # no patching of Triton's internals where Triton asks the hook itself
    assert hook.CACHE_ENV_KEY not in triton.compiler.compiler.get_cache_invalidating_env_vars()
    key, digest = triton.knobs.runtime.add_stages_inspection_hook()
    assert key == digest and key.startswith("proxyfence-")
    k = triton.compiler.compiler.compile(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, TMA_ADD_PTX))
    assert "proxyfence" in k.metadata


def test_cache_hit_replays_the_stored_findings(triton):
    hook.enable(on_error="warn")
    src = source(triton, "ptr_matmul_kernel", PTR_MATMUL_TTGIR, PTR_MATMUL_PTX)
    with pytest.warns(proxyfence.ProxyFenceWarning):
        triton.compile(src)
    ran = len(triton.compiler.compiler.STAGES_RUN)
    with pytest.warns(proxyfence.ProxyFenceWarning, match="(?s)replayed from Triton's cache.*coverage.py:45:27"):
        triton.compile(src)
    assert len(triton.compiler.compiler.STAGES_RUN) == ran       # not recompiled
    assert [r.cached for r in hook.records()[-2:]] == [True, True]


def test_bad_settings_are_refused(triton):
    with pytest.raises(ValueError, match="mode"):
        hook.enable(mode="repair")
    with pytest.raises(ValueError, match="on_error"):
        hook.enable(on_error="ignore")
    assert hook.enabled() is None


def run_python(args, env_extra=None, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*PACKAGE_PATH, STAND_IN, env.get("PYTHONPATH", "")])
    env.update(env_extra or {})
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=cwd)


SCRIPT = """
import sys, triton
from triton.compiler.compiler import Source
k = triton.compile(Source(sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()))
print("compiled", k.metadata["proxyfence"]["mode"], k.metadata["proxyfence"]["ttgir"]["inserted"])
"""


def test_python_dash_m_runs_a_script_with_the_hook(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    bad = run_python(["-m", "proxyfence.triton", str(script), "ptr_matmul_kernel", PTR_MATMUL_TTGIR,
                      PTR_MATMUL_PTX])
    assert bad.returncode == 1, bad.stderr
    assert "kernel 'ptr_matmul_kernel'" in bad.stderr and "coverage.py:45:27" in bad.stderr
    good = run_python(["-m", "proxyfence.triton", "--mode", "fix", str(script), "ptr_matmul_kernel",
                       PTR_MATMUL_TTGIR, PTR_MATMUL_PTX])
    assert good.returncode == 0, good.stderr
    assert good.stdout.strip() == "compiled fix 1"
    usage = run_python(["-m", "proxyfence.triton"])
    assert usage.returncode == 2 and "give a script" in usage.stderr


def test_environment_variable_enables_the_hook(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import proxyfence.triton\n" + SCRIPT)
    out = run_python([str(script), "ptr_matmul_kernel", PTR_MATMUL_TTGIR, PTR_MATMUL_PTX],
                     {"PROXYFENCE_TRITON": "fix"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "compiled fix 1"
    wrong = run_python(["-c", "import proxyfence.triton"], {"PROXYFENCE_TRITON": "maybe"})
    assert wrong.returncode != 0 and "PROXYFENCE_TRITON='maybe'" in wrong.stderr


def test_a_broken_binary_never_breaks_the_compile(triton, tmp_path):
    broken = tmp_path / "proxyfence"
    broken.write_text("#!/bin/sh\necho 'not json'\n")
    broken.chmod(0o755)
    hook.enable(binary=str(broken))
    with pytest.warns(proxyfence.ProxyFenceWarning, match="was not checked.*JSON"):
        k = triton.compile(source(triton, "tma_add_kernel", TMA_ADD_TTGIR, TMA_ADD_PTX))
    assert k.asm["ptx"] == read(TMA_ADD_PTX)
    assert "JSON" in k.metadata["proxyfence"]["ptx"]["tool_error"]
