"""The proxyfence Triton hook on a GPU machine (Triton 3.6, an H200).

    PROXYFENCE_BIN=.../proxyfence PYTHONPATH=python python3 utils/triton/hook_demo.py OUT

1. A pointer-based matmul in the style of Triton's matrix-multiplication
   tutorial (grouped tile order, masked loads, tl.dot in a pipelined loop).
   Triton 3.6 pipelines its loads through cp.async, which writes shared
   memory through the generic proxy, and feeds wgmma from it with no
   fence.proxy.async (docs/triton-differences.md #5). In check mode the
   first launch raises ProxyFenceError at the tl.dot line; in fix mode the
   kernel runs, matches torch, and its PTX has the fence.
2. The TMA kernels of kernels.py compile clean in check mode (and run
   correctly).
3. A small pytest file run with the plugin: its test of the matmul fails
   with the findings, its test of a TMA kernel passes; in fix mode both pass.
4. The hook's cost: each kernel of coverage.py (sm_90 and sm_100) compiled
   cold (always_compile) without the hook, with it in check mode and in fix
   mode, alternating; the time the compile waited for the hook, against
   Triton's compile time of the same kernel.

Writes OUT/hook_demo.json and prints a summary.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
import warnings

import torch
import triton
import triton.language as tl

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import proxyfence  # noqa: E402
import proxyfence.triton as hook  # noqa: E402


@triton.jit
def tutorial_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm,
                           stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                           GROUP_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    group_size = GROUP_M * num_pid_n
    first_m = (pid // group_size) * GROUP_M
    rows = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % group_size) % rows)
    pid_n = (pid % group_size) // rows
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)  # DOT_LINE
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(tl.float16)
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, c, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


def dot_line():
    with open(__file__) as f:
        for number, line in enumerate(f, 1):
            if line.rstrip().endswith("# DOT_LINE"):
                return number
    raise AssertionError("no DOT_LINE")


def matmul(a, b):
    M, K = a.shape
    _, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]), )  # noqa: E731
    k = tutorial_matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                     c.stride(0), c.stride(1), BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8,
                                     num_stages=3, num_warps=8)
    return c, k


def fresh_cache():
    """A new Triton cache directory, and no kernel in the in-memory caches."""
    triton.knobs.cache.dir = tempfile.mkdtemp(prefix="triton-cache-")
    tutorial_matmul_kernel.device_caches.clear()


def step_matmul(results):
    torch.manual_seed(0)
    a = torch.randn(1024, 1024, device="cuda", dtype=torch.float16) / 8
    b = torch.randn(1024, 1024, device="cuda", dtype=torch.float16) / 8
    ref = (a.float() @ b.float())
    out = {"dot_line": dot_line()}

    fresh_cache()
    c, k = matmul(a, b)
    out["without_hook"] = {"fences_in_ptx": k.asm["ptx"].count("fence.proxy.async.shared::cta"),
                           "max_err": (c.float() - ref).abs().max().item()}

    fresh_cache()
    hook.enable(mode="check")
    try:
        matmul(a, b)
        out["check"] = {"raised": False}
    except proxyfence.ProxyFenceError as e:
        lines = sorted({f"{os.path.basename(f.primary.source.file)}:{f.primary.source.line}"
                        for f in e.findings if f.primary.source})
        out["check"] = {"raised": True, "kernel": e.kernel, "stage": e.stage, "rules": [f.rule for f in e.findings],
                        "lines": lines, "message": str(e)}
    hook.disable()

    fresh_cache()
    hook.enable(mode="fix")
    c, k = matmul(a, b)
    torch.cuda.synchronize()
    out["fix"] = {"max_err": (c.float() - ref).abs().max().item(),
                  "matches_torch": bool(torch.allclose(c.float(), ref, atol=2e-2, rtol=1e-2)),
                  "fences_in_ptx": k.asm["ptx"].count("fence.proxy.async.shared::cta"),
                  "metadata": k.metadata.proxyfence}
    # the fixed PTX checks clean
    out["fix"]["ptx_check"] = [f.rule for f in proxyfence.check_text(k.asm["ptx"], "ptx").findings]
    hook.disable()
    results["matmul"] = out


def step_tma(results, outdir):
    import kernels
    fresh_cache()
    hook.enable(mode="check")
    before = len(hook.records())
    res = kernels.run_all(os.path.join(outdir, "tma"))
    hook.disable()
    recs = hook.records()[before:]
    results["tma"] = {"results": {k: {kk: vv for kk, vv in v.items() if kk != "tb"} for k, v in res.items()},
                      "stages_checked": len(recs),
                      "errors": sum(len(r.errors) for r in recs),
                      "warnings": sum(f.severity == "warning" for r in recs for f in r.findings),
                      "not_checked": [r.tool_error for r in recs if r.tool_error]}


PYTEST_FILE = '''
import sys, torch
sys.path.insert(0, {here!r})
sys.path.insert(0, {utils!r})
import hook_demo, kernels

def test_tutorial_matmul():
    a = torch.randn(256, 256, device="cuda", dtype=torch.float16)
    b = torch.randn(256, 256, device="cuda", dtype=torch.float16)
    c, _ = hook_demo.matmul(a, b)
    assert torch.allclose(c.float(), a.float() @ b.float(), atol=5e-1, rtol=1e-2)

def test_tma_add():
    M, N = 256, 256
    x = torch.randn(M, N, device="cuda", dtype=torch.float16)
    y = torch.randn(M, N, device="cuda", dtype=torch.float16)
    z = torch.empty_like(x)
    kernels.tma_add_kernel[(M // 64, N // 128)](kernels.desc(x, [64, 128]), kernels.desc(y, [64, 128]),
                                                kernels.desc(z, [64, 128]), 64, 128)
    assert torch.allclose(z, x + y)
'''


def step_pytest(results, outdir):
    folder = os.path.join(outdir, "pytest")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "test_kernels.py"), "w") as f:
        f.write(PYTEST_FILE.format(here=HERE, utils=HERE))
    out = {}
    for mode in ("check", "fix"):
        env = dict(os.environ, TRITON_CACHE_DIR=tempfile.mkdtemp(prefix="triton-cache-"))
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "proxyfence.pytest_plugin",
                               f"--proxyfence-mode={mode}", "-p", "no:cacheprovider", folder],
                              capture_output=True, text=True, env=env)
        out[mode] = {"returncode": proc.returncode, "tail": proc.stdout[-3000:], "stderr": proc.stderr[-1500:]}
    results["pytest"] = out


def step_cost(results, rounds):
    """Cold compiles (always_compile) of each kernel, side by side in one
    process: without the hook, with it in check mode, with it in fix mode,
    alternating, `rounds` times (after one warm-up compile). Per kernel the
    medians of: Triton's compile time without the hook; the time the compile
    waited for the hook (check mode: writing the IR and starting the checks,
    then what was left of them after ptxas; fix mode: everything); the
    checks' own duration; the wall-clock difference with and without."""
    import coverage as cov
    triton.knobs.compilation.always_compile = True
    fresh_cache()
    rows = []
    warnings.simplefilter("ignore", proxyfence.ProxyFenceWarning)

    def timed(fn, signature, consts, options, cc, mode):
        if mode:
            hook.enable(mode=mode, on_error="warn")
        before = len(hook.records())
        t0 = time.perf_counter()
        try:
            cov.compile_case(fn, signature, consts, options, cc)
            wall = time.perf_counter() - t0
        finally:
            if mode:
                hook.disable()
        recs = hook.records()[before:]
        return wall, sum(r.seconds for r in recs), sum(r.elapsed for r in recs)

    for name, (fn, signature, consts, options, targets) in cov.CASES.items():
        for cc in targets:
            samples = {"plain": [], "check": [], "fix": []}
            try:
                cov.compile_case(fn, signature, consts, options, cc)   # warm-up (imports, LLVM init)
                for round_ in range(rounds):
                    # the order alternates, so that a drift of the machine's speed cancels
                    for mode in ("plain", "check", "fix")[::1 if round_ % 2 == 0 else -1]:
                        samples[mode].append(timed(fn, signature, consts, options, cc,
                                                   None if mode == "plain" else mode))
            except Exception as e:
                rows.append({"kernel": name, "cc": cc, "error": repr(e)[:500]})
                continue
            med = lambda mode, i: statistics.median(x[i] for x in samples[mode])  # noqa: E731
            p = med("plain", 0)
            rows.append({"kernel": name, "cc": cc, "compile_s": p,
                         "check_wait_s": med("check", 1), "check_wait_pct": 100 * med("check", 1) / p,
                         "check_duration_s": med("check", 2), "check_wall_diff_pct": 100 * (med("check", 0) - p) / p,
                         "fix_wait_s": med("fix", 1), "fix_wait_pct": 100 * med("fix", 1) / p,
                         "fix_wall_diff_pct": 100 * (med("fix", 0) - p) / p})
    triton.knobs.compilation.always_compile = False
    results["cost"] = {"rounds": rounds, "rows": rows}


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else "hook_demo_out"
    os.makedirs(outdir, exist_ok=True)
    results = {"triton": triton.__version__, "binary": proxyfence.find_binary(),
               "gpu": torch.cuda.get_device_name(0)}
    steps = [("matmul", lambda: step_matmul(results)), ("tma", lambda: step_tma(results, outdir)),
             ("pytest", lambda: step_pytest(results, outdir)),
             ("cost", lambda: step_cost(results, int(os.environ.get("ROUNDS", "5"))))]
    for name, fn in steps:
        t0 = time.perf_counter()
        try:
            fn()
        except Exception:
            results.setdefault("failures", {})[name] = traceback.format_exc()[-3000:]
        results.setdefault("step_seconds", {})[name] = round(time.perf_counter() - t0, 1)
        with open(os.path.join(outdir, "hook_demo.json"), "w") as f:
            json.dump(results, f, indent=1, default=str)
    print(json.dumps(results, indent=1, default=str)[-6000:])


if __name__ == "__main__":
    main()
