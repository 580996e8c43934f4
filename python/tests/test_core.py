"""The package's own layer: finding the binary, typed findings, check and fix."""
import json
import os
import stat

import pytest

import proxyfence
from proxyfence import _core
from conftest import corpus, read


def test_check_ttgir_gives_typed_findings_with_python_lines():
    report = proxyfence.check(corpus("coverage", "sm90", "ptr_matmul", "final.ttgir"))
    assert not report.ok
    assert len(report.errors) == 2 and not report.warnings
    f = report.errors[0]
    assert f.rule == "missing-fence" and f.severity == "error" and f.hazard == "RAW" and f.scope == "cta"
    assert f.primary.name == "ttng.warp_group_dot"
    assert f.secondary.name == "ttg.async_copy_global_to_local"
    assert str(f.primary.source) == "coverage.py:45:27"
    assert [str(p) for p in f.source_lines] == ["coverage.py:45:27", "coverage.py:43:20"]
    assert f.primary.ir.file.endswith("final.ttgir") and f.primary.ir.line == 90
    assert "ttng.fence_async_shared" in f.fix
    assert f.format().startswith("coverage.py:45:27: error: missing proxy fence (RAW)")
    assert "\n    memory: buffer 'a' (ttg.local_alloc at coverage.py:43:20) bytes [0, 16384)\n    fix: insert" in f.format()


def test_check_ptx_clean_errors_and_warnings():
    clean = proxyfence.check(corpus("sm90", "tma_add", "final.ptx"))
    assert clean.ok and clean.findings == []
    # Triton 3.6's cp.async -> wgmma miss is an error on the PTX as on the TTGIR
    # (proven on the loop's first pass), once per operand buffer
    matmul = proxyfence.check(corpus("coverage", "sm90", "ptr_matmul", "final.ptx"))
    assert not matmul.ok and [f.rule for f in matmul.errors] == ["missing-fence", "missing-fence"]
    assert matmul.warnings == []
    assert "which both touch the first time the path runs" in matmul.errors[0].format()
    unproven = proxyfence.check(corpus("sm100", "gemm_tma_ws", "final.ptx"))
    assert unproven.ok and {f.rule for f in unproven.warnings} == {"unproven-ordering"}
    strict = proxyfence.check(corpus("sm100", "gemm_tma_ws", "final.ptx"), strict=True)
    assert {f.severity for f in strict.findings} == {"error"}
    assert len(strict.findings) == len(unproven.warnings)


def test_fix_text_ptx_inserts_the_deleted_fences():
    text = read(corpus("sm90", "tma_add", "final.ptx")).replace("\tfence.proxy.async.shared::cta;\n", "")
    broken = proxyfence.check_text(text, "ptx", name="tma_add")
    # the load's WAR is proven (the load's other, unproven pair of the same source
    # lines is covered by that error); so is the store's RAW, on the bytes thread 0
    # writes and the TMA store's first row (one lane of warp 0, elected, issues it);
    # the store against the mbarrier's bytes stays unproven (its TMA box is not in
    # the PTX)
    assert [f.rule for f in broken.findings] == ["missing-fence", "missing-fence", "unproven-ordering"]
    assert [f.hazard for f in broken.errors] == ["WAR", "RAW"]
    assert broken.input.endswith("tma_add.ptx")
    fixed = proxyfence.fix_text(text, "ptx")
    assert fixed.inserted == 2 and fixed.text.count("fence.proxy.async.shared::cta;") == 2
    assert proxyfence.check_text(fixed.text, "ptx").findings == []


def test_fix_text_ttgir_inserts_the_fence_and_keeps_locations():
    text = read(corpus("coverage", "sm90", "ptr_matmul", "final.ttgir"))
    fixed = proxyfence.fix_text(text, "ttgir")
    assert fixed.inserted == 1
    assert fixed.text.count("ttng.fence_async_shared") == 1 and "loc(" in fixed.text
    assert proxyfence.check_text(fixed.text, "ttgir").ok


def test_fix_and_check_reports_the_input_as_check_does(tmp_path):
    for kind in ("ttgir", "ptx"):
        src = corpus("coverage", "sm90", "ptr_matmul", "final." + kind)
        out = str(tmp_path / ("fixed." + kind))
        for strict in (False, True):
            inserted, report = _core.fix_and_check(src, out, strict=strict)
            assert inserted == 1
            checked = proxyfence.check(src, strict=strict)
            assert [f.format() for f in report.findings] == [f.format() for f in checked.findings]
            assert len(report.errors) == 2
        assert proxyfence.check(out).findings == []


def test_bad_input_is_a_tool_error_with_the_diagnostic():
    with pytest.raises(proxyfence.ToolError) as e:
        proxyfence.check_text("module {\n  ttng.not_an_op\n}\n", "ttgir", name="bad")
    assert e.value.returncode == 2
    assert "bad.ttgir:2:3" in str(e.value) and "not_an_op" in str(e.value)
    with pytest.raises(ValueError):
        proxyfence.check_text("", "sass")


def test_report_summary_must_match_findings():
    good = {"tool": "proxyfence", "version": "0.1.0", "input": "x", "findings": [],
            "summary": {"errors": 1, "warnings": 0}}
    with pytest.raises(proxyfence.ToolError, match="summary"):
        proxyfence.Report.from_json(json.dumps(good))
    with pytest.raises(proxyfence.ToolError, match="JSON"):
        proxyfence.Report.from_json("not json")


def test_find_binary_order_and_error(tmp_path, monkeypatch):
    real = os.environ["PROXYFENCE_BIN"]
    # 1. $PROXYFENCE_BIN wins; one that is not executable is an error naming it.
    assert proxyfence.find_binary() == real
    monkeypatch.setenv("PROXYFENCE_BIN", str(tmp_path / "missing"))
    with pytest.raises(proxyfence.BinaryNotFoundError, match="PROXYFENCE_BIN is set"):
        proxyfence.find_binary()
    # 2. beside the package, 3. PATH.
    monkeypatch.delenv("PROXYFENCE_BIN")
    beside = tmp_path / "pkg" / "_bin" / "proxyfence"
    monkeypatch.setattr(_core, "_BUNDLED", str(beside))
    bindir = tmp_path / "bin"
    bindir.mkdir()
    on_path = bindir / "proxyfence"
    on_path.write_text("#!/bin/sh\n")
    on_path.chmod(on_path.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(bindir))
    assert proxyfence.find_binary() == str(on_path)
    beside.parent.mkdir(parents=True)
    beside.write_text("#!/bin/sh\n")
    beside.chmod(beside.stat().st_mode | stat.S_IXUSR)
    assert proxyfence.find_binary() == str(beside)
    # none: the message names all three places.
    beside.unlink()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(proxyfence.BinaryNotFoundError) as e:
        proxyfence.find_binary()
    message = str(e.value)
    assert "$PROXYFENCE_BIN" in message and str(beside) in message and "PATH" in message


def test_a_binary_that_hangs_is_a_tool_error(tmp_path, monkeypatch):
    hang = tmp_path / "proxyfence"
    hang.write_text("#!/bin/sh\nexec sleep 30\n")
    hang.chmod(hang.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PROXYFENCE_TIMEOUT", "0.5")
    with pytest.raises(proxyfence.ToolError, match="no answer within 0.5 s"):
        proxyfence.check(corpus("sm90", "tma_add", "final.ptx"), binary=str(hang))
    with pytest.raises(proxyfence.ToolError, match="no answer within 0.5 s"):
        proxyfence.fix_text("x", "ptx", binary=str(hang))
