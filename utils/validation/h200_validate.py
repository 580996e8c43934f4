"""Validate proxyfence on a Hopper GPU (issue #7): hazard kernel and Triton round trips.

usage: python3 utils/validation/h200_validate.py [--out DIR] [--parts a,b,c] [--quick]

Needs an sm_90 GPU, nvcc and ptxas (CUDA 12.3 or newer), Triton 3.6 and PyTorch
(parts b and c), and the proxyfence binaries (build-static/bin or build/bin of
this repository, or --bin DIR). Writes DIR/results.json and DIR/summary.md.

(a) war_hazard.cu: generic ld.shared of a buffer, then cp.async.bulk into the
    same bytes, in a loop, per element checked. Variants of the same source:
    'none' (nvcc's PTX, no fence), 'fix' (`proxyfence fix` on that PTX),
    'hand' (-DHAND_FENCE: every thread fences before the execution barrier).
    Each is assembled with ptxas and launched through the CUDA driver API
    (ctypes, no PyTorch); the script counts reads that saw the new data.
(b) Triton TTGIR round trip: Triton's final TTGIR of each kernel of
    utils/triton/kernels.py with every ttng.fence_async_shared deleted ->
    proxyfence-opt --proxyfence-fence-pipeline -> back into Triton through
    TRITON_KERNEL_OVERRIDE, with Triton's own fence passes disabled, so the
    only fences in the binary are proxyfence's -> run, compare with torch.
(c) Triton PTX round trip: Triton's PTX with every fence.proxy.async line
    deleted, as is and after `proxyfence fix`, through the same override;
    also Triton's PTX minus one fence at a time, and the fix's output minus
    the fences `proxyfence check` calls spurious.

Each Triton variant runs in its own process (fresh cache, overrides by env),
each kernel --reps times (default 300) with its output reset to NaN first.
docs/validation.md describes the experiments and the results on an H200.
"""
import argparse
import ctypes
import glob
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
KERNELS = ["tma_add", "gemm_tma", "gemm_tma_ws", "attn_fwd", "tma_reduce"]
MAX_DROP = 2  # most fences in one corpus sm90 kernel
FN_NAMES = {k: k + "_kernel" for k in KERNELS}

# ----------------------------------------------------------------------------
# helpers


def sh(cmd, **kw):
    """Run a command, return (rc, stdout+stderr)."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    return p.returncode, p.stdout


def find_tool(name, extra_dirs=()):
    for d in extra_dirs:
        p = os.path.join(d, name)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return shutil.which(name)


def cuda_tool(name):
    dirs = []
    for env in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(env):
            dirs.append(os.path.join(os.environ[env], "bin"))
    dirs.append("/usr/local/cuda/bin")
    return find_tool(name, dirs)


def pf_tools(bin_dir):
    dirs = [bin_dir] if bin_dir else []
    dirs += [os.path.join(REPO, "build-static", "bin"), os.path.join(REPO, "build", "bin")]
    return find_tool("proxyfence", dirs), find_tool("proxyfence-opt", dirs)


def count_lines(text, needle):
    return sum(1 for line in text.splitlines() if needle in line and not line.lstrip().startswith("//"))


def strip_lines(text, needle):
    return "".join(line for line in text.splitlines(keepends=True) if needle not in line)


def async_after(lines, i):
    """The first async instruction (bulk copy, wgmma) at or after line i, shortened."""
    for l in lines[i:i + 40]:
        t = l.strip()
        if "cp.async.bulk" in t or "wgmma.mma_async" in t or "cp.reduce.async.bulk" in t:
            return t.split(" [")[0].split(" {")[0][:90]
    return "?"


def fence_sites(text):
    """[(0-based line, the async op the fence precedes)] for every fence.proxy.async line."""
    lines = text.splitlines()
    return [(i, async_after(lines, i)) for i, l in enumerate(lines) if "fence.proxy.async" in l]


def drop_lines(text, idxs):
    return "".join(l for i, l in enumerate(text.splitlines(keepends=True)) if i not in set(idxs))


def spurious_fence_lines(check_out):
    """0-based lines of the fences `proxyfence check` reports as spurious."""
    res, lines = [], check_out.splitlines()
    for i, l in enumerate(lines):
        if "[spurious-fence]" in l:
            for l2 in lines[i + 1:i + 4]:
                m = re.search(r"fence: .*:(\d+):\d+\)\s*$", l2)
                if m:
                    res.append(int(m.group(1)) - 1)
                    break
    return res


def check_summary(out):
    """'N errors, M warnings' of a proxyfence check run."""
    m = re.search(r"(\d+) errors?, (\d+) warnings?", out)
    return (int(m.group(1)), int(m.group(2))) if m else (None, None)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


# ----------------------------------------------------------------------------
# (a) the WAR hazard kernel, through the CUDA driver API


class Driver:
    """The few CUDA driver calls the hazard test needs."""

    def __init__(self):
        self.cu = ctypes.CDLL("libcuda.so.1")
        c = self.cu
        vp, u, sz = ctypes.c_void_p, ctypes.c_uint, ctypes.c_size_t
        for name, args in {
            "cuInit": [u], "cuDeviceGet": [ctypes.POINTER(ctypes.c_int), ctypes.c_int],
            "cuDeviceGetAttribute": [ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int],
            "cuDeviceGetName": [ctypes.c_char_p, ctypes.c_int, ctypes.c_int],
            "cuDriverGetVersion": [ctypes.POINTER(ctypes.c_int)],
            "cuDevicePrimaryCtxRetain": [ctypes.POINTER(vp), ctypes.c_int], "cuCtxSetCurrent": [vp],
            "cuModuleLoadData": [ctypes.POINTER(vp), ctypes.c_char_p],
            "cuModuleGetFunction": [ctypes.POINTER(vp), vp, ctypes.c_char_p],
            "cuMemAlloc_v2": [ctypes.POINTER(ctypes.c_uint64), sz], "cuMemFree_v2": [ctypes.c_uint64],
            "cuMemcpyHtoD_v2": [ctypes.c_uint64, ctypes.c_char_p, sz],
            "cuMemcpyDtoH_v2": [vp, ctypes.c_uint64, sz], "cuMemsetD8_v2": [ctypes.c_uint64, ctypes.c_ubyte, sz],
            "cuLaunchKernel": [vp, u, u, u, u, u, u, u, vp, ctypes.POINTER(vp), ctypes.POINTER(vp)],
            "cuCtxSynchronize": [],
            "cuOccupancyMaxActiveBlocksPerMultiprocessor": [ctypes.POINTER(ctypes.c_int), vp, ctypes.c_int, sz],
            "cuGetErrorString": [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)],
        }.items():
            fn = getattr(c, name)
            fn.argtypes, fn.restype = args, ctypes.c_int
        self.ok(c.cuInit(0))
        self.dev = ctypes.c_int()
        self.ok(c.cuDeviceGet(ctypes.byref(self.dev), 0))
        ctx = ctypes.c_void_p()
        self.ok(c.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), self.dev))
        self.ok(c.cuCtxSetCurrent(ctx))

    def ok(self, r):
        if r != 0:
            s = ctypes.c_char_p()
            self.cu.cuGetErrorString(r, ctypes.byref(s))
            raise RuntimeError(f"CUDA driver error {r}: {s.value.decode() if s.value else '?'}")

    def attr(self, a):
        v = ctypes.c_int()
        self.ok(self.cu.cuDeviceGetAttribute(ctypes.byref(v), a, self.dev))
        return v.value

    def name(self):
        b = ctypes.create_string_buffer(256)
        self.ok(self.cu.cuDeviceGetName(b, 256, self.dev))
        return b.value.decode()

    def driver_version(self):
        v = ctypes.c_int()
        self.ok(self.cu.cuDriverGetVersion(ctypes.byref(v)))
        return f"{v.value // 1000}.{v.value % 1000 // 10}"

    def module(self, image):
        m = ctypes.c_void_p()
        self.ok(self.cu.cuModuleLoadData(ctypes.byref(m), image))
        return m

    def function(self, mod, name):
        f = ctypes.c_void_p()
        self.ok(self.cu.cuModuleGetFunction(ctypes.byref(f), mod, name.encode()))
        return f

    def alloc(self, n):
        p = ctypes.c_uint64()
        self.ok(self.cu.cuMemAlloc_v2(ctypes.byref(p), n))
        return p.value

    def upload(self, dptr, data):
        self.ok(self.cu.cuMemcpyHtoD_v2(dptr, data, len(data)))

    def download(self, dptr, n):
        b = ctypes.create_string_buffer(n)
        self.ok(self.cu.cuMemcpyDtoH_v2(ctypes.cast(b, ctypes.c_void_p), dptr, n))
        return b.raw

    def zero(self, dptr, n):
        self.ok(self.cu.cuMemsetD8_v2(dptr, 0, n))

    def occupancy(self, f, threads):
        n = ctypes.c_int()
        self.ok(self.cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(ctypes.byref(n), f, threads, 0))
        return n.value

    def launch(self, f, grid, block, args):
        ptrs = (ctypes.c_void_p * len(args))(*[ctypes.cast(ctypes.byref(a), ctypes.c_void_p) for a in args])
        self.ok(self.cu.cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, None, ptrs, None))

    def sync(self):
        self.ok(self.cu.cuCtxSynchronize())


WAR_KERNELS = ["war_cta", "war_warp", "war_thread", "race_nobar"]
WAR_WORDS, WAR_THREADS, WAR_NVER = 8192, 256, 8


def sass_fences_by_function(sass):
    """function -> [the three SASS instructions before each FENCE.VIEW.ASYNC.S, and the one after]."""
    out, fn, prev = {}, None, []
    lines = sass.splitlines()
    for i, line in enumerate(lines):
        m = re.search(r"Function : (\S+)", line)
        if m:
            fn, prev = m.group(1), []
            out[fn] = []
            continue
        m = re.search(r"/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;", line)
        if not m or fn is None:
            continue
        ins = m.group(1)
        if "FENCE.VIEW.ASYNC.S" in ins:
            nxt = ""
            for l2 in lines[i + 1:i + 8]:
                m2 = re.search(r"/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;", l2)
                if m2:
                    nxt = m2.group(1)
                    break
            out[fn].append({"before": prev[-3:], "after": nxt})
        prev.append(ins)
    return out


def build_war(out, pf, res):
    """nvcc -ptx (no fence), proxyfence fix, -DHAND_FENCE; ptxas each to a cubin."""
    nvcc, ptxas, cuobjdump = cuda_tool("nvcc"), cuda_tool("ptxas"), cuda_tool("cuobjdump")
    if not nvcc or not ptxas:
        raise RuntimeError("nvcc/ptxas not found (set CUDA_HOME)")
    src = os.path.join(HERE, "war_hazard.cu")
    d = os.path.join(out, "war")
    os.makedirs(d, exist_ok=True)
    flags = ["-arch=sm_90a", "-ptx", f"-DWORDS={WAR_WORDS}", f"-DTHREADS={WAR_THREADS}"]
    info = {"nvcc": sh([nvcc, "--version"])[1].strip().splitlines()[-1]}
    for variant, extra in (("none", []), ("hand", ["-DHAND_FENCE"])):
        rc, log = sh([nvcc, *flags, *extra, src, "-o", os.path.join(d, f"war_{variant}.ptx")])
        if rc:
            raise RuntimeError("nvcc failed:\n" + log)
    rc, log = sh([pf, "check", os.path.join(d, "war_none.ptx")])
    info["check_none"] = {"rc": rc, "errors_warnings": check_summary(log),
                          "fixes": sorted(set(re.findall(r"fix:\s+(.*)", log)))}
    write(os.path.join(d, "check_none.txt"), log)
    rc, log = sh([pf, "fix", os.path.join(d, "war_none.ptx"), "-o", os.path.join(d, "war_fix.ptx")])
    info["fix"] = log.strip()
    if rc:
        raise RuntimeError("proxyfence fix failed:\n" + log)
    rc, log = sh([pf, "check", os.path.join(d, "war_fix.ptx")])
    info["check_fix"] = {"rc": rc, "errors_warnings": check_summary(log)}
    info["variants"] = {}
    for v in ("none", "fix", "hand"):
        ptx = os.path.join(d, f"war_{v}.ptx")
        cubin = os.path.join(d, f"war_{v}.cubin")
        rc, log = sh([ptxas, "-arch=sm_90a", "-v", ptx, "-o", cubin])
        if rc:
            raise RuntimeError(f"ptxas failed on {ptx}:\n{log}")
        vi = {"ptx_fences": count_lines(read(ptx), "fence.proxy.async"),
              "ptxas": [l.split(":", 1)[1].strip() for l in log.splitlines() if "Used" in l]}
        if cuobjdump:
            rc, sass = sh([cuobjdump, "-sass", cubin])
            if rc == 0:
                vi["sass_fences"] = len(re.findall(r"FENCE\.VIEW\.ASYNC\.S\b", sass))
                vi["sass_by_function"] = sass_fences_by_function(sass)
                write(os.path.join(d, f"war_{v}.sass"), sass)
        # where the fences are, per kernel: the PTX line after each fence
        txt = read(ptx).splitlines()
        vi["fence_sites"] = [txt[i + 1].strip()[:60] for i, l in enumerate(txt)
                             if "fence.proxy.async" in l and i + 1 < len(txt)]
        info["variants"][v] = vi
    res["a_build"] = info
    return d


def run_war(d, res, quick):
    import numpy as np
    drv = Driver()
    sms = drv.attr(16)  # CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
    res["gpu"] = {"name": drv.name(), "sms": sms, "cc": f"{drv.attr(75)}.{drv.attr(76)}",
                  "driver_api": drv.driver_version()}
    write(os.path.join(d, "gpu.json"), json.dumps(res["gpu"]))
    words = np.arange(WAR_WORDS, dtype=np.uint32)
    src = np.concatenate([(np.uint32(v) << np.uint32(20)) | words for v in range(WAR_NVER)]).astype(np.uint32)
    dsrc = drv.alloc(src.nbytes)
    drv.upload(dsrc, src.tobytes())
    dcnt = drv.alloc(16)
    mods = {v: drv.module(open(os.path.join(d, f"war_{v}.cubin"), "rb").read()) for v in ("none", "fix", "hand")}
    iters = 500 if quick else 2000
    reps = 3 if quick else 20
    rows = []
    for kname in WAR_KERNELS:
        for conflict in (0, 1):
            for v in ("none", "fix", "hand"):
                f = drv.function(mods[v], kname)
                per_sm = drv.occupancy(f, WAR_THREADS)
                # a full wave plus a partial one: CTAs start at different times
                grid = per_sm * sms * 2 + sms // 2
                it = iters // 4 if kname == "war_thread" else iters
                args = [ctypes.c_uint64(dsrc), ctypes.c_int(WAR_NVER), ctypes.c_int(it), ctypes.c_int(conflict),
                        ctypes.c_uint64(dcnt)]
                drv.zero(dcnt, 16)
                drv.launch(f, grid, WAR_THREADS, args)  # warm-up, counted too
                drv.sync()
                t0 = time.perf_counter()
                for _ in range(reps):
                    drv.launch(f, grid, WAR_THREADS, args)
                drv.sync()
                dt = (time.perf_counter() - t0) / reps
                new, other = np.frombuffer(drv.download(dcnt, 16), dtype=np.uint64).tolist()
                checked = (reps + 1) * grid * it * WAR_WORDS
                row = {"kernel": kname, "conflict": conflict, "variant": v, "grid": grid, "ctas_per_sm": per_sm,
                       "iters": it, "launches": reps + 1, "elements_checked": checked, "saw_new": int(new),
                       "saw_other": int(other), "ms_per_launch": round(dt * 1e3, 3)}
                rows.append(row)
                with open(os.path.join(d, "runs.jsonl"), "a") as fj:
                    fj.write(json.dumps(row) + "\n")
                print(f"  (a) {kname:10s} conflict={conflict} {v:4s}: grid {grid}, {checked:.3e} reads, "
                      f"new {new}, other {other}, {dt * 1e3:.2f} ms/launch", flush=True)
    res["a_runs"] = rows


def part_a(out, pf, res, quick, timeout):
    """Build here, run in a child process (a hung kernel must not hang the script)."""
    d = build_war(out, pf, res)
    print("(a) build:", json.dumps(res["a_build"], indent=1)[:3000], flush=True)
    open(os.path.join(d, "runs.jsonl"), "w").close()
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", "war", "--out", d] + (["--quick"] if quick else [])
    try:
        rc = subprocess.run(cmd, timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        rc = "timeout"
    res["a_rc"] = rc
    res["a_runs"] = [json.loads(l) for l in open(os.path.join(d, "runs.jsonl")) if l.strip()]
    if os.path.exists(os.path.join(d, "gpu.json")):
        res["gpu"] = json.loads(read(os.path.join(d, "gpu.json")))


# ----------------------------------------------------------------------------
# (b), (c): Triton kernels, one process per variant


def triton_cases(torch, K, TensorDescriptor):
    """name -> (setup() -> (run() -> CompiledKernel, diff() -> |out - ref| tensor), tolerance)."""
    dev, f16 = "cuda", torch.float16

    def desc(t, block):
        return TensorDescriptor.from_tensor(t, block)

    def tma_add():
        M, N, BM, BN = 8192, 8192, 64, 128
        x = torch.randn(M, N, device=dev, dtype=f16)
        y = torch.randn(M, N, device=dev, dtype=f16)
        z = torch.empty_like(x)
        ref = x + y
        dx, dy, dz = desc(x, [BM, BN]), desc(y, [BM, BN]), desc(z, [BM, BN])

        def run():
            z.fill_(float("nan"))
            return K.tma_add_kernel[(M // BM, N // BN)](dx, dy, dz, BM, BN)
        return run, lambda: (z.float() - ref.float()).abs()

    def gemm_inputs(M, N, Kd):
        a = torch.randn(M, Kd, device=dev, dtype=f16) / 8
        b = torch.randn(Kd, N, device=dev, dtype=f16) / 8
        return a, b, torch.empty(M, N, device=dev, dtype=f16), a.float() @ b.float()

    def gemm_tma():
        M = N = Kd = 4096
        BM, BN, BK = 128, 128, 64
        a, b, c, ref = gemm_inputs(M, N, Kd)
        da, db, dc = desc(a, [BM, BK]), desc(b, [BK, BN]), desc(c, [BM, BN])

        def run():
            c.fill_(float("nan"))
            return K.gemm_tma_kernel[(M // BM, N // BN)](da, db, dc, Kd, BM, BN, BK, 3, num_warps=8)
        return run, lambda: (c.float() - ref).abs()

    def gemm_tma_ws():
        M = N = Kd = 4096
        BM, BN, BK = 128, 128, 64
        a, b, c, ref = gemm_inputs(M, N, Kd)
        da, db, dc = desc(a, [BM, BK]), desc(b, [BK, BN]), desc(c, [BM, BN])
        n_sms = torch.cuda.get_device_properties(0).multi_processor_count

        def run():
            c.fill_(float("nan"))
            return K.gemm_tma_ws_kernel[(n_sms,)](da, db, dc, M, N, Kd, BM, BN, BK, n_sms, num_warps=4)
        return run, lambda: (c.float() - ref).abs()

    def attn_fwd():
        B, H, N, D = 4, 8, 2048, 64
        BM, BN = 128, 64
        q = torch.randn(B * H * N, D, device=dev, dtype=f16)
        k = torch.randn(B * H * N, D, device=dev, dtype=f16)
        v = torch.randn(B * H * N, D, device=dev, dtype=f16)
        o = torch.empty_like(q)
        scale = 1.0 / D ** 0.5
        qv, kv, vv = (t.view(B * H, N, D).float() for t in (q, k, v))
        ref = torch.softmax(qv @ kv.transpose(1, 2) * scale, -1) @ vv
        dq, dk, dv, do = desc(q, [BM, D]), desc(k, [BN, D]), desc(v, [BN, D]), desc(o, [BM, D])

        def run():
            o.fill_(float("nan"))
            return K.attn_fwd_kernel[(N // BM, B * H)](dq, dk, dv, do, N, scale, BM, BN, D, num_warps=8)
        return run, lambda: (o.view(B * H, N, D).float() - ref).abs()

    def tma_reduce():
        M, BM, BN = 65536, 64, 64
        x = torch.randn(M, BN, device=dev, dtype=torch.float32)
        out = torch.zeros(BM, BN, device=dev, dtype=torch.float32)
        ref = x.double().view(M // BM, BM, BN).sum(0).float()
        dx, dout = desc(x, [BM, BN]), desc(out, [BM, BN])

        def run():
            out.zero_()
            return K.tma_reduce_kernel[(M // BM,)](dx, dout, BM, BN)
        return run, lambda: (out - ref).abs()

    return {"tma_add": (tma_add, 1e-2), "gemm_tma": (gemm_tma, 5e-2), "gemm_tma_ws": (gemm_tma_ws, 5e-2),
            "attn_fwd": (attn_fwd, 5e-2), "tma_reduce": (tma_reduce, 1e-2)}


def worker(variant, kernels, reps, outdir):
    """Runs in a child process: compile (with whatever overrides the env names), run, compare."""
    if os.environ.get("PF_DISABLE_TRITON_FENCES") == "1":
        from triton._C.libtriton import nvidia
        p = nvidia.passes.ttnvgpuir
        p.add_fence_insertion = lambda *a, **k: None
        p.add_proxy_fence_insertion = lambda *a, **k: None
    import torch
    import triton
    sys.path.insert(0, os.path.join(REPO, "utils", "triton"))
    import kernels as K
    from triton.tools.tensor_descriptor import TensorDescriptor
    cases = triton_cases(torch, K, TensorDescriptor)
    torch.manual_seed(0)
    # The override directory of a kernel is named after the hash of its source;
    # record it by watching the compiler ask for it (needs TRITON_KERNEL_OVERRIDE).
    seen = {"kernel": None, "dirs": {}}
    if os.environ.get("PF_RECORD_OVERRIDE_DIRS") == "1":
        import triton.compiler.compiler as C
        real = C.get_override_manager

        def spy(key):
            m = real(key)
            d = getattr(m, "cache_dir", None) or str(key)
            seen["dirs"].setdefault(seen["kernel"], os.path.basename(os.path.normpath(d)))
            return m
        C.get_override_manager = spy
    res = {"variant": variant, "triton": triton.__version__, "torch": torch.__version__,
           "torch_cuda": torch.version.cuda, "gpu": torch.cuda.get_device_name(0), "kernels": {}}
    for name in kernels:
        setup, tol = cases[name]
        r = {"tol": tol}
        seen["kernel"] = name
        try:
            run, diff = setup()
            errs, nbad, hashes, k = [], [], set(), None
            for _ in range(reps):
                k = run()
                torch.cuda.synchronize()
                hashes.add(getattr(k, "hash", id(k)))
                d = diff()
                errs.append(d.nan_to_num(nan=float("inf")).max().item())  # NaN (unwritten) counts as inf
                nbad.append(int((~(d <= tol)).sum().item()))
            bad = [n for n in nbad if n]
            r.update({"runs": len(errs), "failed_runs": len(bad), "max_err": max(errs),
                      "bad_elements_total": sum(nbad), "bad_elements_max_run": max(nbad),
                      "ok": not bad, "binaries": len(hashes), "ptx_fences": count_lines(k.asm["ptx"], "fence.proxy.async"),
                      "ttgir_fences": count_lines(k.asm["ttgir"], "ttng.fence_async_shared"),
                      "ttgir_allocated": "allocation.offset" in k.asm["ttgir"]})
            if name in seen["dirs"]:
                r["override_subdir"] = seen["dirs"][name]
            write(os.path.join(outdir, f"{name}.ptx"), k.asm["ptx"])
            write(os.path.join(outdir, f"{name}.ttgir"), k.asm["ttgir"])
        except Exception as e:  # keep going, report
            import traceback
            r.update({"ok": False, "error": repr(e)[:1500], "traceback": traceback.format_exc()[-3000:]})
        res["kernels"][name] = r
        print(f"  [{variant}] {name}: " + json.dumps({k2: v for k2, v in r.items() if k2 != 'traceback'})[:400],
              flush=True)
    write(os.path.join(outdir, "worker.json"), json.dumps(res, indent=1, default=str))


def spawn_worker(variant, kernels, reps, out, env_extra, timeout):
    wdir = os.path.join(out, "triton", variant)
    os.makedirs(wdir, exist_ok=True)
    env = dict(os.environ)
    for k in ("TRITON_KERNEL_OVERRIDE", "TRITON_OVERRIDE_DIR", "TRITON_KERNEL_DUMP", "TRITON_DUMP_DIR",
              "MLIR_ENABLE_DUMP", "PF_DISABLE_TRITON_FENCES"):
        env.pop(k, None)
    env.update({"TRITON_CACHE_DIR": os.path.join(wdir, "cache"), "TRITON_ALWAYS_COMPILE": "1"})
    env.update(env_extra)
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", variant, "--kernels", ",".join(kernels),
           "--reps", str(reps), "--out", wdir]
    t0 = time.time()
    with open(os.path.join(wdir, "stdout.txt"), "w") as fo, open(os.path.join(wdir, "stderr.txt"), "w") as fe:
        try:
            rc = subprocess.run(cmd, stdout=fo, stderr=fe, env=env, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
    so = read(os.path.join(wdir, "stdout.txt"))
    print(so, end="", flush=True)
    r = json.loads(read(os.path.join(wdir, "worker.json"))) if os.path.exists(os.path.join(wdir, "worker.json")) \
        else {"kernels": {}}
    r["rc"], r["seconds"] = rc, round(time.time() - t0, 1)
    r["overrides_applied"] = so.count("Overriding kernel with file")
    if rc != 0:
        r["stderr_tail"] = read(os.path.join(wdir, "stderr.txt"))[-3000:]
    return r


def pre_tma_lowering(log_path, fn_name):
    """The IR that entered Triton's TMA lowering for fn_name, from an MLIR_ENABLE_DUMP log."""
    hdr = re.compile(r"^// -----// IR Dump (Before|After) (\S+)")
    chunks, cur, head = [], [], None
    with open(log_path, errors="replace") as f:
        for line in f:
            m = hdr.match(line)
            if m:
                if head:
                    chunks.append((head, "".join(cur)))
                head, cur = (m.group(1), m.group(2)), []
            elif head:
                cur.append(line)
    if head:
        chunks.append((head, "".join(cur)))
    for (when, pas), body in chunks:
        if when == "Before" and "TMALowering" in pas and f"@{fn_name}(" in body:
            return body
    return None


def part_bc(out, pf, pfopt, res, kernels, reps, parts, timeout, deadline):
    tri = {}
    res["bc"] = tri
    empty = os.path.join(out, "triton", "override", "empty")
    os.makedirs(empty, exist_ok=True)
    log = os.path.join(out, "triton", "baseline_mlir_dump.log")
    base = spawn_worker("baseline", kernels, reps, out,
                        {"TRITON_KERNEL_OVERRIDE": "1", "TRITON_OVERRIDE_DIR": empty, "PF_RECORD_OVERRIDE_DIRS": "1",
                         "MLIR_ENABLE_DUMP": "1"}, timeout)
    # the MLIR dump went to the worker's stderr
    shutil.move(os.path.join(out, "triton", "baseline", "stderr.txt"), log)
    base.pop("stderr_tail", None)
    tri["baseline"] = base
    prep = {}
    ov = {v: os.path.join(out, "triton", "override", v) for v in
          ("ttgir_pf", "ttgir_pf_from_tma", "ttgir_stripped", "ptx_stripped", "ptx_fixed", "ptx_fixed_nospurious")
          + tuple(f"ptx_drop{j}" for j in range(MAX_DROP))}
    for name in kernels:
        fn = FN_NAMES[name]
        p = {}
        prep[name] = p
        ttgir = os.path.join(out, "triton", "baseline", f"{name}.ttgir")
        ptx = os.path.join(out, "triton", "baseline", f"{name}.ptx")
        sub = base["kernels"].get(name, {}).get("override_subdir")
        if not os.path.exists(ttgir) or not os.path.exists(ptx) or not sub:
            p["error"] = "baseline gave no ttgir/ptx/override directory for this kernel"
            continue
        work = os.path.join(out, "triton", "work", name)
        os.makedirs(work, exist_ok=True)
        t_ttgir, t_ptx = read(ttgir), read(ptx)
        p["triton_ttgir_fences"] = count_lines(t_ttgir, "ttng.fence_async_shared")
        p["triton_ptx_fences"] = count_lines(t_ptx, "fence.proxy.async")
        # (b) TTGIR: strip, run the pipeline, check both
        s_ttgir = strip_lines(t_ttgir, "ttng.fence_async_shared")
        write(os.path.join(work, "stripped.ttgir"), s_ttgir)
        rc, o = sh([pf, "check", os.path.join(work, "stripped.ttgir")])
        p["stripped_ttgir_check"] = check_summary(o)
        rc, o = sh([pfopt, "--proxyfence-fence-pipeline=compute-capability=90 remarks=true",
                    os.path.join(work, "stripped.ttgir"), "-o", os.path.join(work, "pf.ttgir")])
        write(os.path.join(work, "pf.remarks.txt"), o)
        p["pipeline_rc"] = rc
        if rc == 0:
            pf_ttgir = read(os.path.join(work, "pf.ttgir"))
            p["pf_ttgir_fences"] = count_lines(pf_ttgir, "ttng.fence_async_shared")
            p["pf_remarks"] = [l.split("remark: ", 1)[1] for l in o.splitlines() if "fences inserted" in l
                               or ": 0 inserted" in l or " inserted, " in l]
            rc2, o2 = sh([pf, "check", os.path.join(work, "pf.ttgir")])
            p["pf_ttgir_check"] = check_summary(o2)
            write(os.path.join(ov["ttgir_pf"], sub, f"{fn}.ttgir"), pf_ttgir)
        else:
            p["pipeline_error"] = o[-1500:]
        write(os.path.join(ov["ttgir_stripped"], sub, f"{fn}.ttgir"), s_ttgir)
        # (b') from the IR before Triton's TMA lowering (the pipeline's own first pass)
        early = pre_tma_lowering(log, fn)
        if early:
            s_early = strip_lines(early, "ttng.fence_async_shared")
            p["pre_tma_lowering_fences_stripped"] = count_lines(early, "ttng.fence_async_shared")
            write(os.path.join(work, "pre_tma.mlir"), s_early)
            rc, o = sh([pfopt, "--proxyfence-fence-pipeline=compute-capability=90",
                        os.path.join(work, "pre_tma.mlir"), "-o", os.path.join(work, "pf_from_tma.ttgir")])
            p["pipeline_from_tma_rc"] = rc
            if rc == 0:
                t = read(os.path.join(work, "pf_from_tma.ttgir"))
                p["pf_from_tma_fences"] = count_lines(t, "ttng.fence_async_shared")
                write(os.path.join(ov["ttgir_pf_from_tma"], sub, f"{fn}.ttgir"), t)
            else:
                p["pipeline_from_tma_error"] = o[-1500:]
        # (c) PTX: strip, fix, check
        s_ptx = strip_lines(t_ptx, "fence.proxy.async")
        write(os.path.join(work, "stripped.ptx"), s_ptx)
        rc, o = sh([pf, "check", os.path.join(work, "stripped.ptx")])
        p["stripped_ptx_check"] = check_summary(o)
        rc, o = sh([pf, "fix", os.path.join(work, "stripped.ptx"), "-o", os.path.join(work, "fixed.ptx")])
        p["fix_rc"] = rc
        if rc == 0:
            f_ptx = read(os.path.join(work, "fixed.ptx"))
            p["fixed_ptx_fences"] = count_lines(f_ptx, "fence.proxy.async")
            rc2, o2 = sh([pf, "check", os.path.join(work, "fixed.ptx")])
            p["fixed_ptx_check"] = check_summary(o2)
            write(os.path.join(ov["ptx_fixed"], sub, f"{fn}.ptx"), f_ptx)
            p["fixed_ptx_sites"] = [a for _, a in fence_sites(f_ptx)]
            spur = spurious_fence_lines(o2)
            if spur:  # the fix's output without the fences check calls spurious
                p["fixed_minus_spurious"] = [async_after(f_ptx.splitlines(), i) for i in spur]
                write(os.path.join(ov["ptx_fixed_nospurious"], sub, f"{fn}.ptx"), drop_lines(f_ptx, spur))
        else:
            p["fix_error"] = o[-1500:]
        write(os.path.join(ov["ptx_stripped"], sub, f"{fn}.ptx"), s_ptx)
        # Triton's PTX with one fence deleted, each in turn
        sites = fence_sites(t_ptx)
        p["triton_ptx_sites"] = [a for _, a in sites]
        for j, (line, _) in enumerate(sites[:MAX_DROP]):
            write(os.path.join(ov[f"ptx_drop{j}"], sub, f"{fn}.ptx"), drop_lines(t_ptx, [line]))
        # the corpus' copy, for reference
        corpus = os.path.join(REPO, "corpus", "sm90", name)
        if os.path.isdir(corpus):
            p["corpus_ptx_fences"] = count_lines(read(os.path.join(corpus, "final.ptx")), "fence.proxy.async")
            p["corpus_ttgir_fences"] = count_lines(read(os.path.join(corpus, "final.ttgir")), "ttng.fence_async_shared")
    tri["prepared"] = prep
    variants = []
    if "b" in parts:
        variants += [("ttgir_pf", True), ("ttgir_pf_from_tma", True), ("ttgir_stripped", True)]
    if "c" in parts:
        variants += [("ptx_stripped", False), ("ptx_fixed", False)]
        variants += [(v, False) for v in ["ptx_fixed_nospurious"] + [f"ptx_drop{j}" for j in range(MAX_DROP)]
                     if os.path.isdir(ov[v])]
    for v, no_triton_fences in variants:
        present = {n for n in kernels if glob.glob(os.path.join(ov[v], "*", FN_NAMES[n] + ".*"))}
        if not present:
            continue
        if deadline is not None and time.time() > deadline:
            tri[v] = {"skipped": "deadline", "kernels": {}}
            continue
        env = {"TRITON_KERNEL_OVERRIDE": "1", "TRITON_OVERRIDE_DIR": ov[v]}
        if no_triton_fences:
            env["PF_DISABLE_TRITON_FENCES"] = "1"
        # run only the kernels this variant overrides
        r = spawn_worker(v, [n for n in kernels if n in present], reps, out, env, timeout)
        # did the override reach the binary?
        for name in kernels:
            kr = r["kernels"].get(name)
            wp = os.path.join(out, "triton", v, f"{name}.ptx")
            sub_files = glob.glob(os.path.join(ov[v], "*", FN_NAMES[name] + ".*"))
            if kr is None or not sub_files:
                continue
            if v.startswith("ptx") and os.path.exists(wp):
                kr["override_identical"] = read(wp) == read(sub_files[0])
            elif os.path.exists(wp):
                kr["override_identical"] = None  # TTGIR is re-printed; see ttgir_allocated
        tri[v] = r


# ----------------------------------------------------------------------------
# summary


def fmt_err(x):
    return "n/a" if x is None else (f"{x:.3g}" if isinstance(x, float) else str(x))


def summarize(res, out):
    L = ["# h200_validate results", ""]
    env = res.get("env", {})
    L.append("Environment: " + ", ".join(f"{k}={v}" for k, v in env.items()))
    if "gpu" in res:
        L.append("GPU (driver API): " + json.dumps(res["gpu"]))
    L.append("")
    if "a_error" in res:
        L += ["## (a) failed", "", "```", res["a_error"], "```", ""]
    if "bc_error" in res:
        L += ["## (b)/(c) failed", "", "```", res["bc_error"], "```", ""]
    if "a_runs" in res and "a_build" in res:
        b = res["a_build"]
        L += ["## (a) WAR hazard kernel", "",
              f"check on nvcc's PTX: {b['check_none']['errors_warnings']}; `proxyfence fix`: {b['fix']}; "
              f"check after fix: {b['check_fix']['errors_warnings']}", ""]
        for v, vi in b["variants"].items():
            L.append(f"- {v}: {vi['ptx_fences']} PTX fences, {vi.get('sass_fences', '?')} SASS FENCE.VIEW.ASYNC.S")
            for fn, fl in vi.get("sass_by_function", {}).items():
                for f in fl:
                    L.append(f"  - {fn}: after `{' ; '.join(f['before'])}`, before `{f['after']}`")
        if res.get("a_rc") not in (0, None):
            L += ["", f"**the run process ended with {res['a_rc']}** (see the log); rows below are what it finished"]
        L += ["", "| kernel | bank conflicts | variant | grid | reads checked | saw new | saw other | ms/launch |",
              "|---|---|---|---:|---:|---:|---:|---:|"]
        for r in res["a_runs"]:
            L.append(f"| {r['kernel']} | {'yes' if r['conflict'] else 'no'} | {r['variant']} | {r['grid']} | "
                     f"{r['elements_checked']:.3e} | {r['saw_new']} | {r['saw_other']} | {r['ms_per_launch']} |")
        L.append("")
    if "bc" in res:
        bc = res["bc"]
        L += ["## (b)/(c) Triton round trips", ""]
        prep = bc.get("prepared", {})
        L += ["| kernel | Triton TTGIR fences | Triton PTX fences | proxyfence TTGIR fences | from pre-TMA IR | "
              "`fix` PTX fences | stripped PTX check (err, warn) | fixed PTX check |", "|---|---:|---:|---:|---:|---:|---|---|"]
        for k, p in prep.items():
            L.append(f"| {k} | {p.get('triton_ttgir_fences')} | {p.get('triton_ptx_fences')} | "
                     f"{p.get('pf_ttgir_fences')} | {p.get('pf_from_tma_fences')} | {p.get('fixed_ptx_fences')} | "
                     f"{p.get('stripped_ptx_check')} | {p.get('fixed_ptx_check')} |")
        L += ["", "Fence sites (the async op each fence precedes):", ""]
        for k, p in prep.items():
            L.append(f"- {k}: Triton PTX {p.get('triton_ptx_sites')}; fixed PTX {p.get('fixed_ptx_sites')}"
                     + (f"; spurious per check: {p['fixed_minus_spurious']}" if p.get("fixed_minus_spurious") else ""))
        L += ["", "| variant | kernel | runs | failed runs | wrong elements (all runs) | max abs err | "
              "fences in binary's PTX | ok |", "|---|---|---:|---:|---:|---:|---:|---|"]
        for v in ("baseline", "ttgir_pf", "ttgir_pf_from_tma", "ttgir_stripped", "ptx_stripped", "ptx_fixed",
                  "ptx_fixed_nospurious") + tuple(f"ptx_drop{j}" for j in range(MAX_DROP)):
            if v not in bc:
                continue
            for k, r in bc[v]["kernels"].items():
                L.append(f"| {v} | {k} | {r.get('runs', 0)} | {r.get('failed_runs', '-')} | {r.get('bad_elements_total', '-')} | {fmt_err(r.get('max_err'))} | "
                         f"{r.get('ptx_fences', '-')} | {'pass' if r.get('ok') else 'FAIL' + (': ' + r['error'][:80] if 'error' in r else '')} |")
            L.append(f"| {v} | (process) | rc {bc[v].get('rc')} | | | | overrides applied: "
                     f"{bc[v].get('overrides_applied')} | {bc[v].get('seconds')} s {bc[v].get('skipped', '')} |")
        L.append("")
    write(os.path.join(out, "summary.md"), "\n".join(L) + "\n")


def environment(res):
    env = {"python": platform.python_version(), "host": platform.platform()}
    rc, o = sh(["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv,noheader"]) \
        if shutil.which("nvidia-smi") else (1, "")
    if rc == 0:
        env["nvidia-smi"] = o.strip()
    nvcc = cuda_tool("nvcc")
    if nvcc:
        env["nvcc"] = sh([nvcc, "--version"])[1].strip().splitlines()[-1]
    try:
        import triton
        import torch
        env.update({"triton": triton.__version__, "torch": torch.__version__, "torch_cuda": torch.version.cuda})
    except Exception as e:  # part (a) does not need them
        env["triton/torch"] = repr(e)[:200]
    res["env"] = env


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="h200_validation")
    ap.add_argument("--parts", default="a,b,c")
    ap.add_argument("--bin", default=None, help="directory holding proxyfence and proxyfence-opt")
    ap.add_argument("--kernels", default=",".join(KERNELS))
    ap.add_argument("--reps", type=int, default=None, help="runs per Triton kernel and variant")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--timeout-a", type=int, default=240, help="seconds for part (a)'s runs")
    ap.add_argument("--timeout-worker", type=int, default=240, help="seconds for each Triton variant's process")
    ap.add_argument("--deadline", type=int, default=None, help="skip Triton variants that would start after this "
                    "many seconds from the start")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    kernels = [k for k in a.kernels.split(",") if k]
    if a.worker == "war":
        run_war(a.out, {}, a.quick)
        return 0
    if a.worker:
        worker(a.worker, kernels, a.reps or 1, a.out)
        return 0
    parts = set(a.parts.split(","))
    reps = a.reps or (5 if a.quick else 300)
    os.makedirs(a.out, exist_ok=True)
    pf, pfopt = pf_tools(a.bin)
    if not pf or not pfopt:
        print("proxyfence binaries not found (build them, or pass --bin)", file=sys.stderr)
        return 2
    res = {"started": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "proxyfence_version": sh([pf, "--version"])[1].strip()}
    environment(res)
    print(json.dumps(res["env"], indent=1), flush=True)
    t0 = time.time()
    if "a" in parts:
        try:
            part_a(a.out, pf, res, a.quick, a.timeout_a)
        except Exception as e:
            import traceback
            res["a_error"] = traceback.format_exc()[-3000:]
            print(res["a_error"], flush=True)
        res["a_seconds"] = round(time.time() - t0, 1)
    if parts & {"b", "c"}:
        t1 = time.time()
        try:
            part_bc(a.out, pf, pfopt, res, kernels, reps, parts, a.timeout_worker,
                    t0 + a.deadline if a.deadline else None)
        except Exception:
            import traceback
            res["bc_error"] = traceback.format_exc()[-3000:]
            print(res["bc_error"], flush=True)
        res["bc_seconds"] = round(time.time() - t1, 1)
    write(os.path.join(a.out, "results.json"), json.dumps(res, indent=1, default=str))
    summarize(res, a.out)
    print(read(os.path.join(a.out, "summary.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
