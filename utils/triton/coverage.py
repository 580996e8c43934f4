"""Kernels whose TTGIR holds what the first corpus (kernels.py) lacks.

Blackwell block-scaled MMA (mxfp8, mxfp4), TMEM subslicing (a split epilogue),
two-CTA clusters (num_ctas=2), device-side tensor descriptors (tl.make_tensor_descriptor),
the cp.async-pipelined pointer matmul, and Hopper's emulated block scaling.
Every kernel is compiled for sm_90 and sm_100 (Blackwell without running it);
kernels that can run on the Hopper machine are run and checked against torch.

    TRITON_ALWAYS_COMPILE=1 MLIR_ENABLE_DUMP=1 python3 coverage.py OUT 2> OUT/dump.log

writes OUT/<target>/<kernel>.{ttgir,ptx} and OUT/results.json. The dump log holds
the IR before every pass; then

    python3 coverage.py split OUT/dump.log SNAP     # every TTGIR-level snapshot
    python3 coverage.py corpus SNAP OUT corpus/coverage

keeps each TTGIR snapshot and lays out the corpus (corpus/coverage in the repository).
"""
import json
import os
import re
import sys
import traceback

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


@triton.jit
def ptr_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                      STAGES: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * K + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=STAGES):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


@triton.jit
def device_desc_gemm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=3):
        a = a_desc.load([pm * BM, k])
        b = b_desc.load([k, pn * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pm * BM, pn * BN], acc.to(tl.float16))


@triton.jit
def subtile_gemm_kernel(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=3):
        a = a_desc.load([pm * BM, k])
        b = b_desc.load([k, pn * BN])
        acc = tl.dot(a, b, acc)
    acc = tl.permute(tl.reshape(acc, (BM, 2, BN // 2)), (0, 2, 1))
    c0, c1 = tl.split(acc)
    c_desc.store([pm * BM, pn * BN], c0.to(tl.float16))
    c_desc.store([pm * BM, pn * BN + BN // 2], c1.to(tl.float16))


@triton.jit
def block_scaled_kernel(a_desc, b_desc, a_scale_ptr, b_scale_ptr, c_desc, K, BM: tl.constexpr, BN: tl.constexpr,
                        BK: tl.constexpr, FMT: tl.constexpr, PACK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rs = tl.arange(0, BK // 32)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=2):
        a = a_desc.load([pm * BM, k // PACK])
        b = b_desc.load([pn * BN, k // PACK])
        a_s = tl.load(a_scale_ptr + rm[:, None] * (K // 32) + (k // 32 + rs)[None, :])
        b_s = tl.load(b_scale_ptr + rn[:, None] * (K // 32) + (k // 32 + rs)[None, :])
        acc = tl.dot_scaled(a, a_s, FMT, b.T, b_s, FMT, acc)
    c_desc.store([pm * BM, pn * BN], acc.to(tl.float16))


@triton.jit
def ws_subtile_gemm_kernel(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                           NUM_SMS: tl.constexpr):
    num_pid_n = tl.cdiv(N, BN)
    num_tiles = tl.cdiv(M, BM) * num_pid_n
    for tile in tl.range(tl.program_id(0), num_tiles, NUM_SMS, flatten=True, warp_specialize=True):
        pm = tile // num_pid_n
        pn = tile % num_pid_n
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in tl.range(0, K, BK):
            a = a_desc.load([pm * BM, k])
            b = b_desc.load([k, pn * BN])
            acc = tl.dot(a, b, acc)
        acc = tl.permute(tl.reshape(acc, (BM, 2, BN // 2)), (0, 2, 1))
        c0, c1 = tl.split(acc)
        c_desc.store([pm * BM, pn * BN], c0.to(tl.float16))
        c_desc.store([pm * BM, pn * BN + BN // 2], c1.to(tl.float16))


@triton.jit
def plain_gemm_kernel(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=3):
        a = a_desc.load([pm * BM, k])
        b = b_desc.load([k, pn * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pm * BM, pn * BN], acc.to(tl.float16))


def td(dtype, block):
    return f"tensordesc<{dtype}[{', '.join(map(str, block))}]>"


# name: (kernel, signature, constexprs, options, targets)
CASES = {
    "ptr_matmul": (ptr_matmul_kernel,
                   {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32",
                    "BM": "constexpr", "BN": "constexpr", "BK": "constexpr", "STAGES": "constexpr"},
                   {"BM": 128, "BN": 128, "BK": 64, "STAGES": 3}, {"num_warps": 8}, (90, 100)),
    "device_desc_gemm": (device_desc_gemm_kernel,
                         {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32",
                          "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"},
                         {"BM": 128, "BN": 128, "BK": 64}, {"num_warps": 4}, (90, 100)),
    "subtile_gemm": (subtile_gemm_kernel,
                     {"a_desc": td("fp16", [128, 64]), "b_desc": td("fp16", [64, 128]),
                      "c_desc": td("fp16", [128, 64]), "K": "i32", "BM": "constexpr", "BN": "constexpr",
                      "BK": "constexpr"},
                     {"BM": 128, "BN": 128, "BK": 64}, {"num_warps": 4}, (90, 100)),
    "cluster_gemm": (plain_gemm_kernel,
                     {"a_desc": td("fp16", [128, 64]), "b_desc": td("fp16", [64, 128]),
                      "c_desc": td("fp16", [128, 128]), "K": "i32", "BM": "constexpr", "BN": "constexpr",
                      "BK": "constexpr"},
                     {"BM": 128, "BN": 128, "BK": 64}, {"num_warps": 4, "num_ctas": 2}, (90, 100)),
    "mxfp8_gemm": (block_scaled_kernel,
                   {"a_desc": td("fp8e4nv", [128, 128]), "b_desc": td("fp8e4nv", [128, 128]),
                    "a_scale_ptr": "*u8", "b_scale_ptr": "*u8", "c_desc": td("fp16", [128, 128]), "K": "i32",
                    "BM": "constexpr", "BN": "constexpr", "BK": "constexpr", "FMT": "constexpr",
                    "PACK": "constexpr"},
                   {"BM": 128, "BN": 128, "BK": 128, "FMT": "e4m3", "PACK": 1}, {"num_warps": 4}, (90, 100)),
    "mxfp4_gemm": (block_scaled_kernel,
                   {"a_desc": td("u8", [128, 64]), "b_desc": td("u8", [128, 64]),
                    "a_scale_ptr": "*u8", "b_scale_ptr": "*u8", "c_desc": td("fp16", [128, 128]), "K": "i32",
                    "BM": "constexpr", "BN": "constexpr", "BK": "constexpr", "FMT": "constexpr",
                    "PACK": "constexpr"},
                   {"BM": 128, "BN": 128, "BK": 128, "FMT": "e2m1", "PACK": 2}, {"num_warps": 4}, (90, 100)),
    "ws_subtile_gemm": (ws_subtile_gemm_kernel,
                        {"a_desc": td("fp16", [128, 64]), "b_desc": td("fp16", [64, 128]),
                         "c_desc": td("fp16", [128, 64]), "M": "i32", "N": "i32", "K": "i32", "BM": "constexpr",
                         "BN": "constexpr", "BK": "constexpr", "NUM_SMS": "constexpr"},
                        {"BM": 128, "BN": 128, "BK": 64, "NUM_SMS": 132}, {"num_warps": 4}, (90, 100)),
}


def divisibility_attrs(signature):
    """tt.divisibility = 16 on pointers and the M/N/K sizes: what a launch with
    16-byte aligned tensors specializes (without it Triton neither vectorizes
    the pointer loads nor pipelines them through cp.async)."""
    return {(i,): [["tt.divisibility", 16]] for i, (name, ty) in enumerate(signature.items())
            if ty.startswith("*") or name in ("M", "N", "K")}


def compile_case(fn, signature, consts, options, cc):
    attrs = divisibility_attrs(signature)
    try:
        src = ASTSource(fn=fn, signature=signature, constexprs=consts, attrs=attrs)
    except Exception:
        src = ASTSource(fn=fn, signature=signature,
                        constexprs={(list(signature).index(k),): v for k, v in consts.items()}, attrs=attrs)
    return triton.compile(src, target=GPUTarget("cuda", cc, 32),
                          options=dict(options))


def run_on_hopper(results):
    """Runs the kernels that sm_90 can execute and checks them against torch."""
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    if not torch.cuda.is_available():
        return
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    torch.manual_seed(0)
    M = N = K = 512
    a = torch.randn(M, K, device="cuda", dtype=torch.float16) / 8
    b = torch.randn(K, N, device="cuda", dtype=torch.float16) / 8
    ref = a.float() @ b.float()

    def check(name, launch):
        c = torch.empty(M, N, device="cuda", dtype=torch.float16)
        try:
            launch(c)
            torch.cuda.synchronize()
            err = (c.float() - ref).abs().max().item()
            results.setdefault(name, {})["run_sm90"] = {"ok": err < 5e-2, "max_err": err}
        except Exception:
            results.setdefault(name, {})["run_sm90"] = traceback.format_exc()[-1500:]

    check("ptr_matmul", lambda c: ptr_matmul_kernel[(M // 128, N // 128)](a, b, c, M, N, K, 128, 128, 64, 3,
                                                                          num_warps=8))
    check("device_desc_gemm", lambda c: device_desc_gemm_kernel[(M // 128, N // 128)](a, b, c, M, N, K, 128, 128,
                                                                                      64, num_warps=4))
    check("subtile_gemm", lambda c: subtile_gemm_kernel[(M // 128, N // 128)](
        TensorDescriptor.from_tensor(a, [128, 64]), TensorDescriptor.from_tensor(b, [64, 128]),
        TensorDescriptor.from_tensor(c, [128, 64]), K, 128, 128, 64, num_warps=4))
    check("cluster_gemm", lambda c: plain_gemm_kernel[(M // 128, N // 128)](
        TensorDescriptor.from_tensor(a, [128, 64]), TensorDescriptor.from_tensor(b, [64, 128]),
        TensorDescriptor.from_tensor(c, [128, 128]), K, 128, 128, 64, num_warps=4, num_ctas=2))


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    results = {}
    for name, (fn, signature, consts, options, targets) in CASES.items():
        for cc in targets:
            key = f"sm{cc}"
            d = os.path.join(outdir, key)
            os.makedirs(d, exist_ok=True)
            try:
                k = compile_case(fn, signature, consts, options, cc)
                for ext in ("ttgir", "ptx"):
                    if ext in k.asm:
                        with open(os.path.join(d, f"{name}.{ext}"), "w") as f:
                            f.write(k.asm[ext])
                results.setdefault(name, {})[key] = "ok"
            except Exception:
                results.setdefault(name, {})[key] = traceback.format_exc()[-1500:]
            print(f"compiled {name} {key}: {'ok' if results[name][key] == 'ok' else 'FAILED'}", file=sys.stderr,
                  flush=True)
    run_on_hopper(results)
    with open(os.path.join(outdir, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    for name, r in results.items():
        print(name, {k: (v if isinstance(v, (str, dict)) and (v == "ok" or isinstance(v, dict)) else "FAILED")
                     for k, v in r.items()})


def split_passes(log, outdir):
    """Writes every TTGIR-level module of an MLIR_ENABLE_DUMP log to OUTDIR/<n>.<pass>.mlir.

    <n> numbers the IR dumps taken before a pass (those after one repeat them), so the
    module after pass <n> is dump <n + 1>.
    """
    from split_dump import read_dumps
    os.makedirs(outdir, exist_ok=True)
    chunks = [(pas, body) for (when, pas, _), body in read_dumps(log) if when == "Before"]
    kept = 0
    for i, (pas, body) in enumerate(chunks):
        if "ttg.num-warps" not in body or "llvm.func" in body:
            continue
        with open(os.path.join(outdir, f"{i:04d}.{pas}.mlir"), "w") as g:
            g.write(body)
        kept += 1
    print(f"{kept} TTGIR snapshots of {len(chunks)} dumps")


STAGES = {"TritonNvidiaGPUTMALoweringPass": "tma-lowering", "TritonGPUFenceInsertion": "fence-insertion",
          "TritonGPUProxyFenceInsertion": "proxy-fence-insertion"}


def shorten_paths(text):
    """Loc and .file paths of this machine become repository-relative names."""
    text = re.sub(r'"[^"]*/site-packages/(triton/[^"]*)"', r'"\1"', text)
    return re.sub(r'"[^"]*/utils/triton/([a-z_]+\.py)"', r'"\1"', text)


def make_corpus(snapdir, finaldir, outdir):
    """Lays out OUTDIR/sm<cc>/<case>/{before,after}.<stage>.mlir, final.ttgir, final.ptx.

    The k-th run of each fence-related pass in the log is the k-th compile of main(): CASES in
    order, each for its targets (the runs on the Hopper machine come after and are skipped).
    """
    compiles = [(name, cc) for name, (_, _, _, _, targets) in CASES.items() for cc in targets]
    snaps = sorted(os.listdir(snapdir))
    index = {int(f.split(".")[0]): f for f in snaps}
    for pas, stage in STAGES.items():
        runs = [f for f in snaps if f.split(".")[1] == pas]
        for (name, cc), before in zip(compiles, runs):
            d = os.path.join(outdir, f"sm{cc}", name)
            os.makedirs(d, exist_ok=True)
            after = index.get(int(before.split(".")[0]) + 1)
            for when, f in (("before", before), ("after", after)):
                if f is None:
                    continue
                with open(os.path.join(snapdir, f)) as src, open(os.path.join(d, f"{when}.{stage}.mlir"), "w") as dst:
                    dst.write(shorten_paths(src.read()))
    for name, cc in compiles:
        for ext in ("ttgir", "ptx"):
            src = os.path.join(finaldir, f"sm{cc}", f"{name}.{ext}")
            if os.path.exists(src):
                with open(src) as f, open(os.path.join(outdir, f"sm{cc}", name, f"final.{ext}"), "w") as g:
                    g.write(shorten_paths(f.read()))


if __name__ == "__main__":
    if sys.argv[1] == "split":
        split_passes(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "corpus":
        make_corpus(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        main(sys.argv[1])
