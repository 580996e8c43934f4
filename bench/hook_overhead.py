#!/usr/bin/env python3
"""What the Triton hook costs torch.compile, measured side by side.

  hook_overhead.py [--rounds N] [--first-round K] [--cases mm,addmm,bmm,flex,gpt2]
                   [--modes off,check,fix] [--out FILE.json]

Runs on the machine with the GPU, with PyTorch, Triton and the proxyfence
package installed (its .pth switches the hook on in every process,
Inductor's compile workers included, from PROXYFENCE_TRITON). Each
measurement is a fresh Python process with empty Inductor and Triton caches
that compiles the cases with torch.compile(mode="max-autotune-no-cudagraphs")
(bf16, Inductor's persistent TMA templates on), runs each once, and checks
the result against eager PyTorch. The cases: a matmul (mm), one with a bias
(addmm), a batched one (bmm), flex_attention with a causal mask (flex), and
the forward pass of a 2-layer GPT-2 (gpt2, written out here: token and
position embeddings, pre-norm attention and GELU MLP blocks, tied head). The modes of a round run one after the
other, their order alternating between rounds (off first in odd rounds),
so that drift on the machine falls on both. Prints per mode the median wall
time of the child processes and of the compiles, the ratio to "off", and
how many compiles the hook kept IR for (stages with findings, from
PROXYFENCE_TRITON_DUMP), where the hook's time went (PROXYFENCE_TRITON_TIMES:
stages checked, the seconds compiles waited for it, fences inserted, summed
over Inductor's worker processes), and, counted from the PTX each run left
in its Triton cache (`proxyfence check` on every .ptx after the run), how
many kernels have an error: in fix mode every kernel with Triton 3.6's miss
must have its fence, so none. A benchmark, not a test; the JSON goes where
--out says (bench/results/ is ignored by git).
"""

import argparse
import concurrent.futures
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CASES = ("mm", "addmm", "bmm", "flex", "gpt2")


def gpt2(torch, layers=2, width=768, heads=12, vocab=50304, context=1024):
    """GPT-2's forward pass (small: 768 wide, 12 heads), `layers` blocks."""
    nn, F = torch.nn, torch.nn.functional

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1, self.ln2 = nn.LayerNorm(width), nn.LayerNorm(width)
            self.qkv, self.proj = nn.Linear(width, 3 * width), nn.Linear(width, width)
            self.fc, self.out = nn.Linear(width, 4 * width), nn.Linear(4 * width, width)

        def forward(self, x):
            b, t, c = x.shape
            q, k, v = self.qkv(self.ln1(x)).split(c, dim=2)
            q, k, v = (y.view(b, t, heads, c // heads).transpose(1, 2) for y in (q, k, v))
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.proj(y.transpose(1, 2).reshape(b, t, c))
            return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.tok, self.pos = nn.Embedding(vocab, width), nn.Embedding(context, width)
            self.blocks = nn.ModuleList(Block() for _ in range(layers))
            self.ln = nn.LayerNorm(width)

        def forward(self, idx):
            x = self.tok(idx) + self.pos(torch.arange(idx.shape[1], device=idx.device))
            for block in self.blocks:
                x = block(x)
            return self.ln(x) @ self.tok.weight.t()

    return GPT()


def child(cases):
    import torch
    import torch._inductor.config as inductor_config
    inductor_config.max_autotune_gemm_backends = "TRITON"   # Triton's templates, not cuBLAS
    inductor_config.triton.enable_persistent_tma_matmul = True
    torch.manual_seed(0)
    x = torch.randn(1024, 512, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(512, 768, device="cuda", dtype=torch.bfloat16)
    bias = torch.randn(768, device="cuda", dtype=torch.bfloat16)
    xb = torch.randn(4, 256, 256, device="cuda", dtype=torch.bfloat16)
    wb = torch.randn(4, 256, 128, device="cuda", dtype=torch.bfloat16)
    table = {"mm": (lambda p, q: p @ q, (x, w)),
             "addmm": (lambda p, q, r: torch.addmm(r, p, q), (x, w, bias)),
             "bmm": (lambda p, q: torch.bmm(p, q), (xb, wb))}
    if "flex" in cases:
        from torch.nn.attention.flex_attention import create_block_mask, flex_attention
        q, k, v = (torch.randn(2, 8, 1024, 64, device="cuda", dtype=torch.bfloat16) for _ in range(3))
        mask = create_block_mask(lambda b, h, qi, ki: qi >= ki, None, None, 1024, 1024)
        table["flex"] = (lambda p, r, s: flex_attention(p, r, s, block_mask=mask), (q, k, v))
    if "gpt2" in cases:
        model = gpt2(torch).to(device="cuda", dtype=torch.bfloat16).eval()
        tokens = torch.randint(0, 50257, (4, 256), device="cuda")
        table["gpt2"] = (model, (tokens,))
    out = {"compile_s": {}, "match": {}}
    for name in cases:
        fn, args = table[name]
        with torch.no_grad():
            start = time.perf_counter()
            got = torch.compile(fn, mode="max-autotune-no-cudagraphs")(*args)
            torch.cuda.synchronize()
            out["compile_s"][name] = time.perf_counter() - start
            want = fn(*args)
        # Relative error over the whole output: bf16 rounding differs between
        # the autotuned kernels and eager's by well under 1%; a corrupted
        # tile does not.
        error = ((got.float() - want.float()).norm() / want.float().norm()).item()
        out["match"][name] = error < 0.02
    print("RESULT " + json.dumps(out))


def hook_times(path):
    """The hook's per-stage log, summed: stages, seconds waited, fences."""
    lines = []
    if os.path.exists(path):
        with open(path) as f:
            lines = [json.loads(line) for line in f if line.strip()]
    return {"stages": len(lines), "waited_s": sum(d["waited_s"] for d in lines),
            "elapsed_s": sum(d["elapsed_s"] for d in lines),
            "inserted": sum(d["inserted"] for d in lines),
            "stages_fixed": sum(1 for d in lines if d["inserted"]),
            "not_checked": sum(1 for d in lines if d["tool_error"]),
            "workers": len({d["pid"] for d in lines})}


def ptx_errors(caches):
    """`proxyfence check` on every .ptx the run left in its caches (Triton's
    and Inductor's): how many files, how many with an error, with a missing
    fence."""
    from proxyfence import _core
    files = sorted({p for cache in caches for p in glob.glob(os.path.join(cache, "**", "*.ptx"), recursive=True)})

    def one(path):
        try:
            return _core.check(path).errors
        except _core.ToolError:
            return None
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        results = list(pool.map(one, files))
    return {"ptx_files": len(files), "ptx_not_checked": sum(1 for r in results if r is None),
            "ptx_with_errors": sum(1 for r in results if r),
            "ptx_missing_fence": sum(1 for r in results if r and any(f.rule == "missing-fence" for f in r))}


def measure(mode, cases, scratch):
    work = tempfile.mkdtemp(prefix="hook-overhead-", dir=scratch)
    env = dict(os.environ)
    env["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(work, "inductor")
    env["TRITON_CACHE_DIR"] = os.path.join(work, "triton")
    env["PROXYFENCE_TRITON_DUMP"] = os.path.join(work, "proxyfence")
    env["PROXYFENCE_TRITON_TIMES"] = os.path.join(work, "times.jsonl")
    env.pop("PROXYFENCE_TRITON", None)
    if mode != "off":
        env["PROXYFENCE_TRITON"] = mode
        env["PROXYFENCE_TRITON_ON_ERROR"] = "warn"
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", ",".join(cases)],
                          env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    line = next((l for l in proc.stdout.splitlines() if l.startswith("RESULT ")), None)
    if proc.returncode != 0 or line is None:
        sys.exit(f"hook_overhead: the {mode} run failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    row = json.loads(line[len("RESULT "):])
    dump = env["PROXYFENCE_TRITON_DUMP"]
    row["kept_compiles"] = len(os.listdir(dump)) if os.path.isdir(dump) else 0
    row["wall_s"] = wall
    row["mode"] = mode
    row["hook"] = hook_times(env["PROXYFENCE_TRITON_TIMES"])
    row.update(ptx_errors([env["TRITON_CACHE_DIR"], env["TORCHINDUCTOR_CACHE_DIR"]]))
    shutil.rmtree(work, ignore_errors=True)
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--modes", default="off,check")
    parser.add_argument("--first-round", type=int, default=0,
                        help="number the rounds from here (a later call goes on with the alternation)")
    parser.add_argument("--out")
    parser.add_argument("--scratch", default=None, help="where the fresh caches go (default: the temp dir)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child.split(","))
        return
    cases = args.cases.split(",")
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        parser.error(f"unknown cases {unknown}; known: {', '.join(CASES)}")
    modes = args.modes.split(",")
    rows = []
    for r in range(args.first_round, args.first_round + args.rounds):
        for mode in (modes if r % 2 == 0 else list(reversed(modes))):
            row = measure(mode, cases, args.scratch)
            row["round"] = r
            rows.append(row)
            print(f"round {r} {mode:6s} wall {row['wall_s']:7.2f} s  compile "
                  f"{sum(row['compile_s'].values()):7.2f} s  match {all(row['match'].values())}  "
                  f"kept {row['kept_compiles']}  hook: {row['hook']['stages']} stages, waited "
                  f"{row['hook']['waited_s']:.2f} s, inserted {row['hook']['inserted']}  PTX: "
                  f"{row['ptx_files']} files, {row['ptx_with_errors']} with errors", flush=True)
    summary = {}
    for mode in modes:
        mine = [x for x in rows if x["mode"] == mode]
        summary[mode] = {"wall_median_s": statistics.median(x["wall_s"] for x in mine),
                         "compile_median_s": statistics.median(sum(x["compile_s"].values()) for x in mine),
                         "all_match": all(all(x["match"].values()) for x in mine),
                         "hook_waited_median_s": statistics.median(x["hook"]["waited_s"] for x in mine),
                         "ptx_with_errors": [x["ptx_with_errors"] for x in mine]}
    base = summary[modes[0]]["wall_median_s"]
    for mode in modes:
        s = summary[mode]
        s["wall_ratio"] = s["wall_median_s"] / base
        print(f"{mode:6s} median wall {s['wall_median_s']:.2f} s (x{s['wall_ratio']:.3f}), median compile "
              f"{s['compile_median_s']:.2f} s, hook waited {s['hook_waited_median_s']:.2f} s, "
              f"PTX with errors {s['ptx_with_errors']}, results match eager: {s['all_match']}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"cases": cases, "rounds": rows, "summary": summary}, f, indent=1)


if __name__ == "__main__":
    main()
