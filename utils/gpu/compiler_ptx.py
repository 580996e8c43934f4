#!/usr/bin/env python3
"""Compiles real kernels with the GPU machine's compilers and checks them.

  compiler_ptx.py --proxyfence BIN OUTDIR
                  [--only triton,triton-sm100,inductor,mosaic]

Runs on the machine with the GPU (Triton 3.6, PyTorch, JAX with Pallas
Mosaic GPU). Collects the PTX each compiler writes:
  - triton:   Triton kernels of the shapes users write (TMA matmul, the
              cp.async-pipelined matmul, warp-specialized persistent loops),
              from the Triton cache
              (each kernel's .ttgir beside its .ptx);
  - triton-sm100: warp-specialized Triton loops compiled for sm_100
              without running them (Triton specializes warps on Blackwell);
  - inductor: torch.compile(mode="max-autotune-no-cudagraphs") of bf16 mm,
              addmm and bmm, from Inductor's Triton cache;
  - mosaic:   Pallas Mosaic GPU kernels (jax.experimental.pallas.ops.gpu),
              dumped with MOSAIC_GPU_DUMP_TO / MOSAIC_GPU_DUMP_PTX;
then runs `proxyfence check --format=json` on every PTX (and on the TTGIR
next to it, when proxyfence-ttgir is beside BIN), and writes
OUTDIR/summary.json (per file: set, exit status, errors, warnings, the
finding kinds) and a sample of the PTX under OUTDIR/sample/. Prints the
counts. A measuring tool for the notes and docs/precision.md, not a test.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import traceback


def run_triton(out):
    os.environ["TRITON_CACHE_DIR"] = os.path.join(out, "cache-triton")
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def matmul_cp_async(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                        BK: tl.constexpr):
        pid_m = tl.program_id(0)
        pid_n = tl.program_id(1)
        rm = pid_m * BM + tl.arange(0, BM)
        rn = pid_n * BN + tl.arange(0, BN)
        rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            x = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
            y = tl.load(b + (k + rk)[:, None] * N + rn[None, :])
            acc += tl.dot(x, y)
        tl.store(c + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

    @triton.jit
    def matmul_tma(a_desc, b_desc, c_desc, K, BM: tl.constexpr,
                   BN: tl.constexpr, BK: tl.constexpr):
        pid_m = tl.program_id(0)
        pid_n = tl.program_id(1)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            x = a_desc.load([pid_m * BM, k])
            y = b_desc.load([k, pid_n * BN])
            acc += tl.dot(x, y)
        c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))

    M = N = K = 512
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    for stages in (2, 3, 4):
        matmul_cp_async[(M // 128, N // 128)](a, b, c, M, N, K, 128, 128, 32,
                                              num_stages=stages)
    from triton.tools.tensor_descriptor import TensorDescriptor
    triton.set_allocator(lambda size, align, stream: torch.empty(
        size, dtype=torch.int8, device="cuda"))
    ad = TensorDescriptor.from_tensor(a, [128, 64])
    bd = TensorDescriptor.from_tensor(b, [64, 128])
    cd = TensorDescriptor.from_tensor(c, [128, 128])
    for stages in (2, 3):
        matmul_tma[(M // 128, N // 128)](ad, bd, cd, K, 128, 128, 64,
                                         num_stages=stages)
    # Warp-specialized loops (hand-offs between partitions through
    # mbarriers): a persistent TMA matmul, and a reduction whose consumer
    # reads each TMA-loaded slot with generic loads before handing it back
    # to the producer's next TMA load. Each may be refused by the Triton
    # version at hand; the others still run.
    sms = torch.cuda.get_device_properties(0).multi_processor_count

    @triton.jit
    def matmul_tma_ws(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr,
                      BN: tl.constexpr, BK: tl.constexpr, SMS: tl.constexpr):
        tiles_n = tl.cdiv(N, BN)
        tiles = tl.cdiv(M, BM) * tiles_n
        for tile in tl.range(tl.program_id(0), tiles, SMS, flatten=True,
                             warp_specialize=True):
            tm = tile // tiles_n
            tn = tile % tiles_n
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for k in tl.range(0, K, BK):
                x = a_desc.load([tm * BM, k])
                y = b_desc.load([k, tn * BN])
                acc = tl.dot(x, y, acc)
            c_desc.store([tm * BM, tn * BN], acc.to(tl.float16))

    @triton.jit
    def rowsum_tma_ws(a_desc, o, M, K, BM: tl.constexpr, BK: tl.constexpr,
                      SMS: tl.constexpr):
        tiles = tl.cdiv(M, BM)
        for tile in tl.range(tl.program_id(0), tiles, SMS, flatten=True,
                             warp_specialize=True):
            acc = tl.zeros((BM, BK), dtype=tl.float32)
            for k in tl.range(0, K, BK):
                acc += a_desc.load([tile * BM, k]).to(tl.float32)
            tl.store(o + tile * BM + tl.arange(0, BM), tl.sum(acc, 1))

    for stages in (2, 3):
        try:
            matmul_tma_ws[(sms,)](ad, bd, cd, M, N, K, 128, 128, 64, sms,
                                  num_stages=stages)
        except Exception:
            traceback.print_exc()
        try:
            rd = TensorDescriptor.from_tensor(a, [64, 64])
            rowsum_tma_ws[(sms,)](rd, c, M, K, 64, 64, sms,
                                  num_stages=stages)
        except Exception:
            traceback.print_exc()
    torch.cuda.synchronize()
    return [os.path.join(out, "cache-triton")]


def run_triton_sm100(out):
    """Warp-specialized Triton loops compiled for sm_100 without running
    them (the GPU machine's H100/H200 cannot): Triton 3.6 specializes warps
    on Blackwell. Each kernel's .ttgir and .ptx go to OUT/sm100."""
    import triton
    import triton.language as tl
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    @triton.jit
    def ws_matmul(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr,
                  BN: tl.constexpr, BK: tl.constexpr, SMS: tl.constexpr):
        tiles_n = tl.cdiv(N, BN)
        tiles = tl.cdiv(M, BM) * tiles_n
        for tile in tl.range(tl.program_id(0), tiles, SMS, flatten=True,
                             warp_specialize=True):
            tm = tile // tiles_n
            tn = tile % tiles_n
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for k in tl.range(0, K, BK):
                acc = tl.dot(a_desc.load([tm * BM, k]),
                             b_desc.load([k, tn * BN]), acc)
            c_desc.store([tm * BM, tn * BN], acc.to(tl.float16))

    @triton.jit
    def ws_rowsum(a_desc, o, M, K, BM: tl.constexpr, BK: tl.constexpr,
                  SMS: tl.constexpr):
        tiles = tl.cdiv(M, BM)
        for tile in tl.range(tl.program_id(0), tiles, SMS, flatten=True,
                             warp_specialize=True):
            acc = tl.zeros((BM, BK), dtype=tl.float32)
            for k in tl.range(0, K, BK):
                acc += a_desc.load([tile * BM, k]).to(tl.float32)
            tl.store(o + tile * BM + tl.arange(0, BM), tl.sum(acc, 1))

    @triton.jit
    def ws_scaled_matmul(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr,
                         BN: tl.constexpr, BK: tl.constexpr,
                         SMS: tl.constexpr):
        # The A tile is read by the generic proxy (scaled in registers)
        # and by the tensor core.
        tiles_n = tl.cdiv(N, BN)
        tiles = tl.cdiv(M, BM) * tiles_n
        for tile in tl.range(tl.program_id(0), tiles, SMS, flatten=True,
                             warp_specialize=True):
            tm = tile // tiles_n
            tn = tile % tiles_n
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for k in tl.range(0, K, BK):
                a = a_desc.load([tm * BM, k])
                a = (a.to(tl.float32) * 0.5).to(tl.float16)
                acc = tl.dot(a, b_desc.load([k, tn * BN]), acc)
            c_desc.store([tm * BM, tn * BN], acc.to(tl.float16))

    def desc(shape):
        return "tensordesc<fp16[%d, %d]>" % shape

    mm = {"a_desc": desc((128, 64)), "b_desc": desc((64, 128)),
          "c_desc": desc((128, 128)), "M": "i32", "N": "i32", "K": "i32",
          "BM": "constexpr", "BN": "constexpr", "BK": "constexpr",
          "SMS": "constexpr"}
    mmc = {"BM": 128, "BN": 128, "BK": 64, "SMS": 148}
    cases = [
        ("ws_matmul", ws_matmul, mm, mmc),
        ("ws_scaled_matmul", ws_scaled_matmul, mm, mmc),
        ("ws_rowsum", ws_rowsum,
         {"a_desc": desc((128, 64)), "o": "*fp16", "M": "i32", "K": "i32",
          "BM": "constexpr", "BK": "constexpr", "SMS": "constexpr"},
         {"BM": 128, "BK": 64, "SMS": 148}),
    ]
    root = os.path.join(out, "sm100")
    os.makedirs(root, exist_ok=True)
    for name, fn, signature, consts in cases:
        for stages in (2, 3):
            try:
                src = ASTSource(fn=fn, signature=signature, constexprs=consts)
                k = triton.compile(src, target=GPUTarget("cuda", 100, 32),
                                   options={"num_warps": 4,
                                            "num_stages": stages})
                for ext in ("ttgir", "ptx"):
                    with open(os.path.join(root, "%s_s%d.%s" % (
                            name, stages, ext)), "w") as f:
                        f.write(k.asm[ext])
            except Exception:
                traceback.print_exc()
    return [root]


def run_inductor(out):
    os.environ["TRITON_CACHE_DIR"] = os.path.join(out, "cache-inductor")
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(out, "inductor")
    import torch
    import torch._inductor.config as config
    config.max_autotune = True
    config.max_autotune_gemm_backends = "TRITON"
    try:
        config.triton.enable_persistent_tma_matmul = True
    except Exception:
        pass
    x = torch.randn(256, 512, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(512, 384, device="cuda", dtype=torch.bfloat16)
    bias = torch.randn(384, device="cuda", dtype=torch.bfloat16)
    xb = torch.randn(4, 128, 256, device="cuda", dtype=torch.bfloat16)
    wb = torch.randn(4, 256, 128, device="cuda", dtype=torch.bfloat16)
    for fn, args in ((lambda p, q: p @ q, (x, w)),
                     (lambda p, q, r: torch.addmm(r, p, q), (x, w, bias)),
                     (lambda p, q: torch.bmm(p, q), (xb, wb))):
        f = torch.compile(fn, mode="max-autotune-no-cudagraphs")
        f(*args)
    torch.cuda.synchronize()
    return [os.path.join(out, "cache-inductor"), os.path.join(out, "inductor")]


def run_mosaic(out):
    dump = os.path.join(out, "mosaic")
    os.makedirs(dump, exist_ok=True)
    os.environ["MOSAIC_GPU_DUMP_TO"] = dump
    os.environ["MOSAIC_GPU_DUMP_PTX"] = "1"
    import jax
    import jax.numpy as jnp
    ran = []
    try:
        from jax.experimental.pallas.ops.gpu import attention_mgpu
        q = jnp.ones((1, 1024, 2, 128), jnp.float16)
        k = jnp.ones((1, 1024, 1, 128), jnp.float16)
        for block in ((64, 64), (128, 64)):
            cfg = attention_mgpu.TuningConfig(block_q=block[0],
                                              block_kv=block[1],
                                              max_concurrent_steps=2)
            attention_mgpu.attention(q, k, k, cfg).block_until_ready()
        ran.append("attention_mgpu")
    except Exception:
        traceback.print_exc()
    for name in ("hopper_matmul_mgpu", "hopper_mixed_type_matmul_mgpu"):
        try:
            mod = __import__("jax.experimental.pallas.ops.gpu." + name,
                             fromlist=["x"])
            a = jnp.ones((512, 512), jnp.float16)
            cfgs = [c for c in dir(mod) if c.endswith("Config")]
            if hasattr(mod, "matmul") and cfgs:
                cfg_type = getattr(mod, cfgs[0])
                try:
                    cfg = cfg_type(tile_m=128, tile_n=128, tile_k=64,
                                   max_concurrent_steps=2)
                except TypeError:
                    cfg = cfg_type()
                try:
                    mod.matmul(a, a, config=cfg).block_until_ready()
                except TypeError:
                    c = jnp.zeros((512, 512), jnp.float16)
                    mod.matmul(a, a, c, config=cfg).block_until_ready()
                ran.append(name)
        except Exception:
            traceback.print_exc()
    print("mosaic kernels run:", ran)
    return [dump]


def check(tool, path):
    proc = subprocess.run([tool, "check", "--format=json", path],
                          capture_output=True, text=True, errors="replace")
    row = {"path": path, "exit": proc.returncode}
    if proc.returncode in (0, 1):
        report = json.loads(proc.stdout)
        row["kinds"] = sorted({f["kind"] for f in report["findings"]})
        row["errors"] = sum(f.get("severity") == "error"
                            for f in report["findings"])
        row["warnings"] = sum(f.get("severity") == "warning"
                              for f in report["findings"])
        row["messages"] = [f["message"][:300] for f in report["findings"]
                           if f.get("severity") == "error"][:4]
    else:
        row["stderr"] = proc.stderr[:500]
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--proxyfence", required=True)
    parser.add_argument("--only", default="triton,inductor,mosaic")
    parser.add_argument("--work", help="where the compilers' caches go "
                        "(default: OUTDIR/work)")
    parser.add_argument("--sample", type=int, default=40,
                        help="PTX files kept per set (all with errors or not "
                        "read are kept too)")
    parser.add_argument("out")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    work = os.path.abspath(args.work or os.path.join(args.out, "work"))
    os.makedirs(work, exist_ok=True)
    runners = {"triton": run_triton, "triton-sm100": run_triton_sm100,
               "inductor": run_inductor, "mosaic": run_mosaic}
    rows = []
    for name in args.only.split(","):
        try:
            roots = runners[name](work)
        except Exception:
            traceback.print_exc()
            continue
        ptx = sorted({p for r in roots
                      for p in glob.glob(os.path.join(r, "**", "*.ptx"),
                                         recursive=True)})
        sample = os.path.join(args.out, "sample", name)
        os.makedirs(sample, exist_ok=True)
        for i, path in enumerate(ptx):
            row = check(args.proxyfence, path)
            row["set"] = name
            row["path"] = os.path.relpath(path, work)
            ttgir = path[:-4] + ".ttgir"
            if os.path.exists(ttgir):
                t = check(args.proxyfence, ttgir)
                row["ttgir"] = {k: t.get(k) for k in ("exit", "errors",
                                                        "warnings", "kinds")}
            rows.append(row)
            if i < args.sample or row["exit"] not in (0, 1) or row.get("errors"):
                dest = os.path.join(sample, "%03d-%s" % (i, os.path.basename(path)))
                shutil.copy(path, dest)
                if os.path.exists(ttgir):
                    shutil.copy(ttgir, dest[:-4] + ".ttgir")
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump(rows, f, indent=1)
    for name in args.only.split(","):
        mine = [r for r in rows if r["set"] == name]
        print("%s: %d PTX files, %d read (exit 0/1), %d not read, %d with "
              "errors, %d with warnings; TTGIR beside: %d, with errors %d" % (
                  name, len(mine), sum(r["exit"] in (0, 1) for r in mine),
                  sum(r["exit"] not in (0, 1) for r in mine),
                  sum(bool(r.get("errors")) for r in mine),
                  sum(bool(r.get("warnings")) for r in mine),
                  sum("ttgir" in r for r in mine),
                  sum(bool(r.get("ttgir", {}).get("errors")) for r in mine)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
