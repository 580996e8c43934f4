#!/usr/bin/env python3
"""Seeded random generator of well-formed Triton TTGIR kernels.

  ttgir_gen.py --seed S --ops N [--cc 90|100] [-o FILE] [--stats]

Writes one module (`tt`, `ttg`, `ttng` dialects, Triton 3.6 spelling) of
about N ops: kernels and small helper functions built from motifs that
Triton's pipelines produce -- multi-buffered `ttg.local_alloc` rings with
`ttg.memdesc_index` (and `ttg.memdesc_subslice`) views, generic writes and
reads (`ttg.local_store`, `ttg.local_load`, `ttg.local_alloc %src`), TMA
loads through mbarriers (init / expect / wait) and TMA stores with
`ttng.async_tma_store_wait`, `tt.descriptor_load` / `tt.descriptor_store`
before TMA lowering, wgmma (`ttng.warp_group_dot` + wait, cc 90) or
tcgen05 MMAs on tensor memory (cc 100), software-pipelined and nested
`scf.for` loops with loop-carried slot / phase indices and memdescs,
`scf.if`, `ttg.warp_specialize` partitions, `tt.call`, and
`ttng.fence_async_shared` placed at random.

Also cp.async copies, scratch buffers, transposed / reinterpreted /
column-sliced views, `scf.while`, persistent-style epilogue loops, and
execution barriers; docs/property-tests.md has the full list.

The kernels respect what the proxy model cannot fix with a fence: every
async read of shared memory (TMA store, wgmma, tcgen05 MMA) is completed
by its wait before any generic write of those bytes (pipelined wgmma
rings, epilogue stores waited for next iteration and reads issued in a
branch and waited for after it keep a read in flight, over buffers
nothing else writes). Missing proxy fences are left for the passes to
insert.

The output depends only on (seed, ops, cc): the generator draws from its
own `random.Random(seed)`, iterates lists only, and reads no clock.
Generation is linear in N; large N gives many functions with long loop
bodies, never deep nesting.

As a module: `generate(seed, ops, cc=None) -> str`, or
`write_module(out, seed, ops, cc=None) -> int` (ops written).
"""

import argparse
import random
import sys

# Motif kinds. Weights are perturbed per module so that seeds differ in
# structure, not only in names.
STRAIGHT = ["store_tma", "load_tma", "local_rw", "alloc_src", "mma",
            "desc", "call", "fence", "barrier", "arith", "view", "scratch",
            "cp_async"]
REGION = ["for", "pipeline", "if", "ws", "ws_pipeline", "while",
          "epilogue", "deferred"]

BASE_WEIGHTS = {
    "store_tma": 10, "load_tma": 10, "local_rw": 8, "alloc_src": 4,
    "mma": 8, "desc": 5, "call": 4, "fence": 4, "barrier": 2, "arith": 3,
    "view": 3, "scratch": 3, "cp_async": 3,
    "for": 6, "pipeline": 4, "if": 6, "ws": 3, "ws_pipeline": 2, "while": 2,
    "epilogue": 3, "deferred": 3,
}

# Region motifs need at least this many ops of budget (their fixed part).
REGION_MIN = {"for": 12, "if": 12, "while": 12, "epilogue": 16, "ws": 30,
              "pipeline": 40, "ws_pipeline": 40, "deferred": 16}

# The deepest region nesting the generator creates (a function body is 0).
MAX_DEPTH = 3


# Ops a fence may be moved across when it is placed before an execution
# barrier: they touch no shared memory and hold no regions.
PASSIVE_PREFIXES = ("arith.", "ttg.memdesc_", "tt.get_program_id", "tt.splat",
                    "tt.make_range")
BARRIERS = ("ttg.local_barrier", "ttg.barrier ")


def op_name(line):
    """The op name of one line of printed IR (after `%x = `), or ''."""
    text = line.strip()
    if text.startswith("%"):
        eq = text.find(" = ")
        if eq < 0:
            return ""
        text = text[eq + 3:]
    return text


# Ops with results that read memory or only write a buffer they allocate:
# unused, MLIR erases them as dead (the TMA lowering's rewrite driver does),
# so a fence after them may end up right after what precedes them.
MAYBE_DEAD = ("tt.descriptor_load", "ttg.local_alloc", "ttg.local_load",
              "ttng.tmem_load", "ttng.tmem_alloc")


def follows_barrier(lines, end, maybe_dead=False):
    """Whether lines[end - 1], walking back over passive ops within its
    block (and, with `maybe_dead`, over ops that may be erased as dead,
    whole region ops included), is an execution barrier: a fence placed at
    `end` would then sit after the barrier that publishes the writes it
    orders."""
    i = end - 1
    while i >= 0:
        line = lines[i].strip()
        text = op_name(line)
        if text.startswith(BARRIERS) or text == "ttg.local_barrier":
            return True
        if maybe_dead and line.startswith("}") and not line.endswith("{"):
            # The end of a region op (an scf.if or a loop of pure ops can
            # be erased): go back to the line before its first line.
            depth = 1
            i -= 1
            while i >= 0 and depth:
                inner = lines[i].strip()
                opens, closes = inner.endswith("{"), inner.startswith("}")
                if closes and not opens:
                    depth += 1
                elif opens and not closes:
                    depth -= 1
                i -= 1
            continue
        if text.endswith("{"):
            return False
        if not text.startswith(PASSIVE_PREFIXES) and not (
                maybe_dead and line.startswith("%") and
                text.startswith(MAYBE_DEAD)):
            return False
        i -= 1
    return False


class Rng:
    """A thin, explicit wrapper: every draw goes through getrandbits or
    random(), whose sequences are fixed for a given integer seed."""

    def __init__(self, seed):
        self.r = random.Random(seed)

    def below(self, n):
        """Uniform integer in [0, n)."""
        if n <= 1:
            return 0
        k = n.bit_length()
        while True:
            v = self.r.getrandbits(k)
            if v < n:
                return v

    def between(self, lo, hi):
        """Uniform integer in [lo, hi]."""
        return lo + self.below(hi - lo + 1)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return seq[self.below(len(seq))]

    def weighted(self, items, weights):
        total = 0
        for w in weights:
            total += w
        x = self.r.random() * total
        for item, w in zip(items, weights):
            if x < w:
                return item
            x -= w
        return items[-1]


class Types:
    """The type spellings of one module (tile size, encodings)."""

    def __init__(self, r):
        self.r = r
        h = r // 2
        self.tile_bytes = r * r * 2
        self.t16 = "tensor<%dx%dxf16, #blocked>" % (r, r)
        self.t16h = "tensor<%dx%dxf16, #blocked>" % (h, r)
        self.t16mma = "tensor<%dx%dxf16, #mma>" % (r, r)
        self.acc = "tensor<%dx%dxf32, #mma>" % (r, r)
        self.accb = "tensor<%dx%dxf32, #blocked>" % (r, r)
        self.md = "!ttg.memdesc<%dx%dxf16, #shared, #smem, mutable>" % (r, r)
        self.mdi = "!ttg.memdesc<%dx%dxf16, #shared, #smem>" % (r, r)
        self.mdh = ("!ttg.memdesc<%dx%dxf16, #shared, #smem, mutable, %dx%d>"
                    % (h, r, r, r))
        self.bar = "!ttg.memdesc<1xi64, #shared1, #smem, mutable>"
        self.tm = ("!ttg.memdesc<%dx%dxf32, #tmem, #ttng.tensor_memory, "
                   "mutable>" % (r, r))
        self.mdt = ("!ttg.memdesc<%dx%dxf16, #shared2, #smem, mutable>"
                    % (r, r))
        self.mdc = ("!ttg.memdesc<%dx%dxf16, #shared, #smem, mutable, %dx%d>"
                    % (r, h, r, r))
        self.t16c = "tensor<%dx%dxf16, #blocked>" % (r, h)
        self.t16dot = ("tensor<%dx%dxf16, #ttg.dot_op<{opIdx = 0, parent = "
                       "#mma, kWidth = 2}>>" % (r, r))
        self.ptrs = "tensor<%dx%dx!tt.ptr<f16>, #blocked>" % (r, r)
        self.desc = "!tt.tensordesc<tensor<%dx%dxf16, #shared>>" % (r, r)
        self.desch = "!tt.tensordesc<tensor<%dx%dxf16, #shared>>" % (h, r)

    def md_ring(self, stages):
        return ("!ttg.memdesc<%dx%dx%dxf16, #shared, #smem, mutable>"
                % (stages, self.r, self.r))

    def bar_ring(self, stages):
        return "!ttg.memdesc<%dx1xi64, #shared1, #smem, mutable>" % stages

    def tm_ring(self, stages):
        return ("!ttg.memdesc<%dx%dx%dxf32, #tmem, #ttng.tensor_memory, "
                "mutable>" % (stages, self.r, self.r))


class Buf:
    """An allocation: a ring of `stages` tiles (0: a single tile), of
    barriers, or of tensor memory."""

    __slots__ = ("name", "kind", "stages", "locked")

    def __init__(self, name, kind, stages):
        self.name = name
        self.kind = kind  # "data", "bar", "tmem"
        self.stages = stages
        self.locked = False


class View:
    """A value naming one tile (or one barrier, or one TMEM accumulator)."""

    __slots__ = ("name", "kind", "buf")

    def __init__(self, name, kind, buf):
        self.name = name
        self.kind = kind  # "md", "mdi", "mdh", "bar", "tm"
        self.buf = buf


class Env:
    """The values visible at the current point, as lists (scoped by
    truncation) so that iteration order is program order."""

    def __init__(self):
        self.i32 = []        # non-constant i32 values
        self.i1 = []         # i1 values
        self.descs = []      # full-tile descriptors
        self.deschs = []     # half-tile descriptors
        self.bufs = []       # Buf
        self.views = []      # View
        self.tensors = []    # f16 tile tensors (#blocked)
        self.accs = []       # wgmma accumulators (cc 90)
        self.bounds = []     # i32 values used as loop upper bounds
        self.ptrs = []       # !tt.ptr<f16> values
        self.consts = {}     # "c0", "c1", "true", "false", "cst", ...

    def mark(self):
        return (len(self.i32), len(self.i1), len(self.bufs), len(self.views),
                len(self.tensors), len(self.accs))

    def restore(self, m):
        del self.i32[m[0]:]
        del self.i1[m[1]:]
        del self.bufs[m[2]:]
        del self.views[m[3]:]
        del self.tensors[m[4]:]
        del self.accs[m[5]:]


class ModuleGen:
    def __init__(self, seed, ops, cc=None):
        self.rng = Rng(seed)
        rng = self.rng
        self.seed = seed
        self.target_ops = max(1, ops)
        self.cc = cc if cc is not None else rng.pick([90, 100])
        self.tile = rng.pick([32, 64, 64, 128])
        self.swizzle = rng.pick([32, 64, 128, 128])
        self.num_ctas = 2 if rng.chance(0.2) else 1
        self.use_subslice = rng.chance(0.6)
        self.ty = Types(self.tile)
        self.weights = {}
        for k in STRAIGHT + REGION:
            # Some motifs switched off, the rest scaled: kernels of
            # different seeds differ in what they are made of.
            w = BASE_WEIGHTS[k]
            if k not in ("store_tma", "load_tma") and rng.chance(0.15):
                w = 0
            self.weights[k] = w * (0.25 + 1.75 * rng.r.random())
        if self.num_ctas > 1:
            # proxyfence's TMA lowering, like Triton 3.6's, is single-CTA:
            # multi-CTA modules come already lowered.
            self.weights["desc"] = 0
        self.fence_rate = rng.pick([0.0, 0.02, 0.05, 0.15])
        self.out = []
        self.count = 0
        self.helpers = []    # (name, [param kinds])

    # ----------------------------------------------------------------- text
    def emit(self, depth, text, op=True):
        self.out.append("  " * depth + text)
        if op:
            self.count += 1

    def fresh(self, prefix="v"):
        self.nid += 1
        return "%%%s%d" % (prefix, self.nid)

    # ------------------------------------------------------------- header
    def header(self):
        r = self.tile
        lines = [
            "#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp"
            " = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
            "#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
            "warpsPerCTA = [4, 1], instrShape = [16, %d, 16]}>" % min(r, 256),
            "#shared = #ttg.nvmma_shared<{swizzlingByteWidth = %d, transposed"
            " = false, elementBitWidth = 16}>" % self.swizzle,
            "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, "
            "maxPhase = 1, order = [0]}>",
            "#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = %d, "
            "transposed = true, elementBitWidth = 16}>" % self.swizzle,
            "#smem = #ttg.shared_memory",
        ]
        lines.insert(1, "#blocked1 = #ttg.blocked<{sizePerThread = [1], "
                     "threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>")
        if self.cc >= 100:
            lines.append("#tmem = #ttng.tensor_memory_encoding<blockM = %d, "
                         "blockN = %d, colStride = 1>" % (min(r, 128), r))
        lines.append(
            'module attributes {"ttg.num-ctas" = %d : i32, "ttg.num-warps" = '
            '4 : i32, ttg.target = "cuda:%d", "ttg.threads-per-warp" = 32 : '
            'i32} {' % (self.num_ctas, self.cc))
        return lines

    # ----------------------------------------------------------- constants
    def constants(self, env, d):
        t = self.ty
        c = env.consts
        for v in (0, 1, 2):
            n = self.fresh("c%d_" % v)
            self.emit(d, "%s = arith.constant %d : i32" % (n, v))
            c["c%d" % v] = n
        n = self.fresh("true")
        self.emit(d, "%s = arith.constant true" % n)
        c["true"] = n
        n = self.fresh("false")
        self.emit(d, "%s = arith.constant false" % n)
        c["false"] = n
        n = self.fresh("cst")
        val = self.rng.pick(["0.000000e+00", "1.000000e+00"])
        self.emit(d, "%s = arith.constant dense<%s> : %s" % (n, val, t.t16))
        c["cst"] = n
        env.tensors.append(n)
        if self.use_subslice:
            n = self.fresh("cst")
            self.emit(d, "%s = arith.constant dense<0.000000e+00> : %s"
                      % (n, t.t16h))
            c["csth"] = n
        if self.cc < 100:
            n = self.fresh("acc")
            self.emit(d, "%s = arith.constant dense<0.000000e+00> : %s"
                      % (n, t.acc))
            c["acc"] = n
        else:
            n = self.fresh("acc")
            self.emit(d, "%s = arith.constant dense<0.000000e+00> : %s"
                      % (n, t.accb))
            c["accb"] = n

    # ------------------------------------------------------------- helpers
    def const_i32(self, env, d, value):
        if value in (0, 1, 2):
            return env.consts["c%d" % value]
        n = self.fresh("c%d_" % value)
        self.emit(d, "%s = arith.constant %d : i32" % (n, value))
        return n

    def any_i32(self, env):
        if env.i32 and self.rng.chance(0.8):
            return self.rng.pick(env.i32)
        return env.consts[self.rng.pick(["c0", "c1", "c2"])]

    def pred(self, env):
        if env.i1 and self.rng.chance(0.3):
            return self.rng.pick(env.i1)
        return env.consts["true"]

    def alloc(self, env, d, kind, stages):
        t = self.ty
        n = self.fresh("buf" if kind == "data" else
                       "bar" if kind == "bar" else "tm")
        if kind == "data":
            ty = t.md_ring(stages) if stages else t.md
            self.emit(d, "%s = ttg.local_alloc : () -> %s" % (n, ty))
        elif kind == "bar":
            ty = t.bar_ring(stages) if stages else t.bar
            self.emit(d, "%s = ttg.local_alloc : () -> %s" % (n, ty))
        else:
            ty = t.tm_ring(stages) if stages else t.tm
            self.emit(d, "%s = ttng.tmem_alloc : () -> %s" % (n, ty))
        b = Buf(n, kind, stages)
        env.bufs.append(b)
        if kind == "bar":
            # Every barrier slot is initialised right after allocation.
            for s in range(max(1, stages)):
                v = self.index(env, d, b, self.const_i32(env, d, s)) \
                    if stages else n
                self.emit(d, "ttng.init_barrier %s, 1 : %s" % (v, t.bar))
                if not stages:
                    env.views.append(View(n, "bar", b))
        elif not stages:
            env.views.append(View(n, "md" if kind == "data" else "tm", b))
        return b

    def index(self, env, d, buf, idx):
        """A memdesc_index view of slot `idx` of ring `buf`."""
        t = self.ty
        n = self.fresh()
        if buf.kind == "data":
            src, res, kind = t.md_ring(buf.stages), t.md, "md"
        elif buf.kind == "bar":
            src, res, kind = t.bar_ring(buf.stages), t.bar, "bar"
        else:
            src, res, kind = t.tm_ring(buf.stages), t.tm, "tm"
        self.emit(d, "%s = ttg.memdesc_index %s[%s] : %s -> %s"
                  % (n, buf.name, idx, src, res))
        env.views.append(View(n, kind, buf))
        return n

    def get_view(self, env, d, kind, writable=True, fresh=0.4):
        """A view of `kind` ("md", "bar", "tm"): an existing one, or a new
        memdesc_index of an unlocked ring. None if there is none."""
        rng = self.rng
        cands = [v for v in env.views
                 if v.kind == kind and not v.buf.locked]
        rings = [b for b in env.bufs
                 if b.stages and not b.locked and
                 b.kind == {"md": "data", "bar": "bar", "tm": "tmem"}[kind]]
        if rings and (not cands or rng.chance(fresh)):
            b = rng.pick(rings)
            if rng.chance(0.5):
                idx = self.const_i32(env, d, rng.below(b.stages))
            else:
                idx = self.slot_index(env, d, b)
            return self.index(env, d, b, idx)
        if cands:
            return rng.pick(cands).name
        return None

    def slot_index(self, env, d, b):
        """A dynamic slot index of ring `b`: (x mod stages) of some i32."""
        x = self.any_i32(env)
        cs = self.const_i32(env, d, b.stages)
        n = self.fresh()
        self.emit(d, "%s = arith.remui %s, %s : i32" % (n, x, cs))
        return n

    def maybe_fence(self, env, d):
        if self.fence_rate and self.rng.chance(self.fence_rate):
            self.fence(env, d)

    def fence(self, env, d):
        cluster = self.num_ctas > 1 and self.rng.chance(0.3)
        # Never right after an execution barrier: that is a misplaced fence
        # (it must precede the barrier), which the property checks flag.
        if follows_barrier(self.out, len(self.out), maybe_dead=True):
            return
        self.emit(d, "ttng.fence_async_shared {bCluster = %s}"
                  % ("true" if cluster else "false"))

    # -------------------------------------------------------------- motifs
    def m_store_tma(self, env, d):
        """Generic write, then TMA store(s) of it, then the store wait."""
        rng, t = self.rng, self.ty
        v = self.get_view(env, d, "md")
        if v is None:
            return
        if self.use_subslice and env.deschs and rng.chance(0.25):
            h = self.fresh()
            off = rng.pick([0, self.tile // 2])
            self.emit(d, "%s = ttg.memdesc_subslice %s[%d, 0] : %s -> %s"
                      % (h, v, off, t.md, t.mdh))
            if rng.chance(0.8):
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (env.consts["csth"], h, t.t16h, t.mdh))
            self.maybe_fence(env, d)
            self.emit(d, "ttng.async_tma_copy_local_to_global %s[%s, %s] %s "
                      ": %s, %s" % (rng.pick(env.deschs), self.any_i32(env),
                                    self.any_i32(env), h, t.desch, t.mdh))
        else:
            if rng.chance(0.85):
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (rng.pick(env.tensors), v, t.t16, t.md))
            self.maybe_fence(env, d)
            n = 1 + (rng.below(3) == 0)
            for _ in range(n):
                if rng.chance(0.15):
                    self.emit(d, "ttng.async_tma_reduce %s, %s[%s, %s] %s : "
                              "%s, %s" % (rng.pick(["add", "max", "min"]),
                                          rng.pick(env.descs),
                                          self.any_i32(env),
                                          self.any_i32(env), v, t.desc,
                                          t.md))
                    continue
                self.emit(d, "ttng.async_tma_copy_local_to_global %s[%s, %s] "
                          "%s : %s, %s" % (rng.pick(env.descs),
                                           self.any_i32(env),
                                           self.any_i32(env), v, t.desc,
                                           t.md))
            if n == 2 and rng.chance(0.5):
                self.emit(d, "ttng.async_tma_store_wait {pendings = 1 : i32}")
        self.emit(d, "ttng.async_tma_store_wait {pendings = 0 : i32}")

    def m_load_tma(self, env, d):
        """expect, TMA load into a tile, wait on its barrier, read it."""
        rng, t = self.rng, self.ty
        v = self.get_view(env, d, "md")
        b = self.get_view(env, d, "bar")
        if v is None or b is None:
            return
        if rng.chance(0.3):
            self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                      % (self.fresh(), v, t.md, t.t16))
        self.maybe_fence(env, d)
        p = self.pred(env)
        self.emit(d, "ttng.barrier_expect %s, %d, %s : %s"
                  % (b, t.tile_bytes, p, t.bar))
        mc = " {multicast}" if self.num_ctas > 1 and rng.chance(0.3) else ""
        self.emit(d, "ttng.async_tma_copy_global_to_local %s[%s, %s] %s, %s, "
                  "%s%s : %s, %s -> %s"
                  % (rng.pick(env.descs), self.any_i32(env),
                     self.any_i32(env), v, b, p, mc, t.desc, t.bar, t.md))
        self.emit(d, "ttng.wait_barrier %s, %s : %s"
                  % (b, self.any_i32(env), t.bar))
        if rng.chance(0.7):
            n = self.fresh()
            self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                      % (n, v, t.md, t.t16))
            env.tensors.append(n)

    def m_local_rw(self, env, d):
        """Generic reads and writes of tiles (and half tiles)."""
        rng, t = self.rng, self.ty
        v = self.get_view(env, d, "md")
        if v is None:
            return
        k = rng.below(4)
        if k == 0 or k == 1:
            n = self.fresh()
            self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                      % (n, v, t.md, t.t16))
            env.tensors.append(n)
        if k == 1 or k == 2:
            w = self.get_view(env, d, "md")
            if w is not None:
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (rng.pick(env.tensors), w, t.t16, t.md))
        if k == 3 and rng.chance(0.25):
            # The tile's bytes seen as f32 through a reinterpret view.
            ty = ("!ttg.memdesc<%dx%dxf32, #shared, #smem, mutable>"
                  % (self.tile, self.tile // 2))
            tt_ = "tensor<%dx%dxf32, #blocked>" % (self.tile, self.tile // 2)
            ri = self.fresh()
            self.emit(d, "%s = ttg.memdesc_reinterpret %s : %s -> %s"
                      % (ri, v, t.md, ty))
            if rng.chance(0.5):
                c = self.fresh("cst")
                self.emit(d, "%s = arith.constant dense<0.000000e+00> : %s"
                          % (c, tt_))
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (c, ri, tt_, ty))
            else:
                self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                          % (self.fresh(), ri, ty, tt_))
        elif k == 3 and self.use_subslice and rng.chance(0.4):
            # A column slice: not one contiguous byte range.
            h = self.fresh()
            self.emit(d, "%s = ttg.memdesc_subslice %s[0, %d] : %s -> %s"
                      % (h, v, rng.pick([0, self.tile // 2]), t.md, t.mdc))
            if rng.chance(0.5):
                c = self.fresh("cst")
                self.emit(d, "%s = arith.constant dense<0.000000e+00> : %s"
                          % (c, t.t16c))
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (c, h, t.t16c, t.mdc))
            else:
                self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                          % (self.fresh(), h, t.mdc, t.t16c))
        elif k == 3 and self.use_subslice:
            h = self.fresh()
            self.emit(d, "%s = ttg.memdesc_subslice %s[%d, 0] : %s -> %s"
                      % (h, v, rng.pick([0, self.tile // 2]), t.md, t.mdh))
            if rng.chance(0.5):
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (env.consts["csth"], h, t.t16h, t.mdh))
            else:
                self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                          % (self.fresh(), h, t.mdh, t.t16h))

    def m_alloc_src(self, env, d):
        """An immutable buffer initialised from registers, read by the async
        proxy (TMA store or MMA operand) or by a local_load."""
        rng, t = self.rng, self.ty
        n = self.fresh("im")
        self.emit(d, "%s = ttg.local_alloc %s : (%s) -> %s"
                  % (n, rng.pick(env.tensors), t.t16, t.mdi))
        b = Buf(n, "data", 0)
        env.bufs.append(b)
        env.views.append(View(n, "mdi", b))
        k = rng.below(3)
        if k == 0 and env.descs:
            self.maybe_fence(env, d)
            self.emit(d, "ttng.async_tma_copy_local_to_global %s[%s, %s] %s :"
                      " %s, %s" % (rng.pick(env.descs), self.any_i32(env),
                                   self.any_i32(env), n, t.desc, t.mdi))
            self.emit(d, "ttng.async_tma_store_wait {pendings = 0 : i32}")
        elif k == 1:
            self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                      % (self.fresh(), n, t.mdi, t.t16))

    def operand(self, env, d):
        """An MMA shared-memory operand: (value, type)."""
        rng, t = self.rng, self.ty
        imm = [v for v in env.views if v.kind == "mdi"]
        if imm and rng.chance(0.3):
            return rng.pick(imm).name, t.mdi
        v = self.get_view(env, d, "md")
        if v is None:
            return None, None
        return v, t.md

    def m_mma(self, env, d):
        rng, t = self.rng, self.ty
        a, ta = self.operand(env, d)
        b, tb = self.operand(env, d)
        if a is None or b is None:
            return
        self.maybe_fence(env, d)
        if self.cc < 100:
            acc = rng.pick(env.accs) if env.accs else env.consts["acc"]
            if ta == t.md and rng.chance(0.25):
                # B through a transposed view (as attention's K^T).
                tr = self.fresh()
                self.emit(d, "%s = ttg.memdesc_trans %s {order = array<i32: "
                          "1, 0>} : %s -> %s" % (tr, b if tb == t.md else a,
                                                 t.md, t.mdt))
                b, tb = tr, t.mdt
            reg_a = rng.chance(0.2)
            if reg_a:
                # A from registers: only B is read by the async proxy.
                ra = self.fresh()
                self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                          % (ra, a, ta, t.t16dot))
                a, ta = ra, t.t16dot
            n = self.fresh()
            self.emit(d, "%s = ttng.warp_group_dot %s, %s, %s {inputPrecision"
                      " = 0 : i32, isAsync = true} : %s * %s -> %s"
                      % (n, a, b, acc, ta, tb, t.acc))
            w = self.fresh("w")
            if reg_a:
                self.emit(d, "%s:2 = ttng.warp_group_dot_wait %s, %s "
                          "{pendings = 0 : i32} : %s, %s"
                          % (w, n, b, t.acc, tb))
            else:
                self.emit(d, "%s:3 = ttng.warp_group_dot_wait %s, %s, %s "
                          "{pendings = 0 : i32} : %s, %s, %s"
                          % (w, n, a, b, t.acc, ta, tb))
            env.accs.append(w + "#0")
            dst = self.get_view(env, d, "md") if rng.chance(0.3) else None
            if dst is not None:
                h = self.fresh()
                self.emit(d, "%s = arith.truncf %s#0 : %s to %s"
                          % (h, w, t.acc, t.t16mma))
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (h, dst, t.t16mma, t.md))
            return
        tm = self.get_view(env, d, "tm")
        bar = self.get_view(env, d, "bar")
        if tm is None or bar is None:
            return
        if rng.chance(0.3):
            self.emit(d, "ttng.tmem_store %s, %s, %s : %s -> %s"
                      % (env.consts["accb"], tm, env.consts["true"], t.accb,
                         t.tm))
        use_d = rng.pick([env.consts["true"], env.consts["false"]])
        two = " two_ctas" if self.num_ctas > 1 and rng.chance(0.2) else ""
        if env.i1 and rng.chance(0.25):
            # Issued under a predicate, completed under the same one: where
            # the predicate is false the MMA never ran and nothing waits.
            p = rng.pick(env.i1)
            self.emit(d, "ttng.tc_gen5_mma %s, %s, %s, %s, %s {is_async} : "
                      "%s, %s, %s" % (a, b, tm, use_d, p, ta, tb, t.tm))
            self.emit(d, "ttng.tc_gen5_commit %s, %s : %s" % (bar, p, t.bar))
            self.emit(d, "scf.if %s {" % p)
            self.emit(d + 1, "ttng.wait_barrier %s, %s : %s"
                      % (bar, self.any_i32(env), t.bar))
            self.emit(d, "}", op=False)
            return
        if rng.chance(0.5):
            self.emit(d, "ttng.tc_gen5_mma %s, %s, %s, %s, %s, %s[%s] "
                      "{is_async%s} : %s, %s, %s, %s"
                      % (a, b, tm, use_d, env.consts["true"], bar,
                         env.consts["true"], "," + two if two else "",
                         ta, tb, t.tm, t.bar))
        else:
            self.emit(d, "ttng.tc_gen5_mma %s, %s, %s, %s, %s {is_async%s} : "
                      "%s, %s, %s" % (a, b, tm, use_d, env.consts["true"],
                                      "," + two if two else "", ta, tb, t.tm))
            self.emit(d, "ttng.tc_gen5_commit %s : %s" % (bar, t.bar))
        self.emit(d, "ttng.wait_barrier %s, %s : %s"
                  % (bar, self.any_i32(env), t.bar))
        if rng.chance(0.5):
            self.emit(d, "%s = ttng.tmem_load %s : %s -> %s"
                      % (self.fresh(), tm, t.tm, t.accb))

    def m_desc(self, env, d):
        """Descriptor ops as before TMA lowering."""
        rng, t = self.rng, self.ty
        if not env.descs:
            return
        k = rng.below(3)
        if k == 0 or k == 1:
            n = self.fresh()
            self.emit(d, "%s = tt.descriptor_load %s[%s, %s] : %s -> %s"
                      % (n, rng.pick(env.descs), self.any_i32(env),
                         self.any_i32(env), t.desc, t.t16))
            env.tensors.append(n)
            if k == 1:
                # The TMA destination itself after lowering.
                m = self.fresh("im")
                self.emit(d, "%s = ttg.local_alloc %s : (%s) -> %s"
                          % (m, n, t.t16, t.mdi))
                b = Buf(m, "data", 0)
                env.bufs.append(b)
                env.views.append(View(m, "mdi", b))
        if k == 2 and rng.chance(0.2):
            self.emit(d, "tt.descriptor_reduce add, %s[%s, %s], %s : %s, %s"
                      % (rng.pick(env.descs), self.any_i32(env),
                         self.any_i32(env), rng.pick(env.tensors), t.desc,
                         t.t16))
        elif k == 2 or rng.chance(0.3):
            self.emit(d, "tt.descriptor_store %s[%s, %s], %s : %s, %s"
                      % (rng.pick(env.descs), self.any_i32(env),
                         self.any_i32(env), rng.pick(env.tensors), t.desc,
                         t.t16))

    def m_call(self, env, d):
        rng = self.rng
        if not self.helpers:
            return
        name, params = rng.pick(self.helpers)
        args = []
        for p in params:
            if p == "desc":
                if not env.descs:
                    return
                args.append(rng.pick(env.descs))
            elif p == "i32":
                args.append(self.any_i32(env))
            else:
                v = self.get_view(env, d, p)
                if v is None:
                    return
                args.append(v)
        tys = ", ".join(self.param_type(p) for p in params)
        self.maybe_fence(env, d)
        self.emit(d, "tt.call @%s(%s) : (%s) -> ()"
                  % (name, ", ".join(args), tys))

    def m_fence(self, env, d):
        self.fence(env, d)

    def m_barrier(self, env, d):
        # Both spellings: Triton 3.6's and the newer one.
        self.emit(d, self.rng.pick(["ttg.local_barrier", "ttg.local_barrier",
                                    "ttg.barrier local"]))

    def m_arith(self, env, d):
        rng = self.rng
        a, b = self.any_i32(env), self.any_i32(env)
        n = self.fresh()
        k = rng.below(3)
        if k == 0:
            self.emit(d, "%s = arith.addi %s, %s : i32" % (n, a, b))
            env.i32.append(n)
        elif k == 1:
            self.emit(d, "%s = arith.muli %s, %s : i32" % (n, a, b))
            env.i32.append(n)
        else:
            self.emit(d, "%s = arith.cmpi %s, %s, %s : i32"
                      % (n, rng.pick(["slt", "eq", "ne", "sge"]), a, b))
            env.i1.append(n)

    def m_scratch(self, env, d):
        """A short-lived 1-D buffer written and read by the generic proxy:
        after allocation its bytes are often those of a TMA tile."""
        rng = self.rng
        n = rng.pick([64, 128, 256, 512])
        ty = "!ttg.memdesc<%dxf32, #shared1, #smem, mutable>" % n
        tt_ = "tensor<%dxf32, #blocked1>" % n
        buf = self.fresh("scr")
        self.emit(d, "%s = ttg.local_alloc : () -> %s" % (buf, ty))
        c = self.fresh("cst")
        self.emit(d, "%s = arith.constant dense<0.000000e+00> : %s" % (c, tt_))
        self.emit(d, "ttg.local_store %s, %s : %s -> %s" % (c, buf, tt_, ty))
        self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                  % (self.fresh(), buf, ty, tt_))
        if rng.chance(0.3):
            self.emit(d, "ttg.local_dealloc %s : %s" % (buf, ty))

    def m_cp_async(self, env, d):
        """cp.async (generic proxy) into a tile, committed and waited."""
        rng, t = self.rng, self.ty
        if not env.ptrs:
            return
        v = self.get_view(env, d, "md")
        if v is None:
            return
        p = self.fresh()
        self.emit(d, "%s = tt.splat %s : !tt.ptr<f16> -> %s"
                  % (p, rng.pick(env.ptrs), t.ptrs))
        tok = self.fresh("tok")
        self.emit(d, "%s = ttg.async_copy_global_to_local %s, %s : %s -> %s"
                  % (tok, p, v, t.ptrs, t.md[len("!ttg.memdesc"):]))
        g = self.fresh("tok")
        self.emit(d, "%s = ttg.async_commit_group tokens %s" % (g, tok))
        self.emit(d, "%s = ttg.async_wait %s {num = 0 : i32}"
                  % (self.fresh("tok"), g))

    def m_view(self, env, d):
        """A new view (slot of a ring), or an scf.if choosing between two."""
        rng, t = self.rng, self.ty
        v = self.get_view(env, d, "md", fresh=1.0)
        if v is None or not env.i1 or rng.chance(0.5):
            return
        w = self.get_view(env, d, "md", fresh=0.5)
        if w is None:
            return
        n = self.fresh()
        self.emit(d, "%s = scf.if %s -> (%s) {" % (n, rng.pick(env.i1), t.md))
        self.emit(d + 1, "scf.yield %s : %s" % (v, t.md))
        self.emit(d, "} else {", op=False)
        self.emit(d + 1, "scf.yield %s : %s" % (w, t.md))
        self.emit(d, "}", op=False)
        # A view through a branch: analyses see both buffers.
        env.views.append(View(n, "md", self.view_buf(env, v)))

    def view_buf(self, env, name):
        for v in env.views:
            if v.name == name:
                return v.buf
        return env.bufs[0]

    # ------------------------------------------------------ region motifs
    def sub_budget(self, remaining, frac):
        lo = min(6, remaining)
        hi = max(lo, int(remaining * frac))
        return self.rng.between(lo, hi)

    def m_if(self, env, d, budget):
        rng = self.rng
        if env.i1 and rng.chance(0.6):
            cond = rng.pick(env.i1)
        else:
            cond = self.fresh()
            self.emit(d, "%s = arith.cmpi slt, %s, %s : i32"
                      % (cond, self.any_i32(env), self.any_i32(env)))
            env.i1.append(cond)
        with_result = rng.chance(0.4)
        has_else = with_result or rng.chance(0.6)
        res = None
        if with_result:
            res = self.fresh()
            self.emit(d, "%s = scf.if %s -> (i32) {" % (res, cond))
        else:
            self.emit(d, "scf.if %s {" % cond)
        half = budget // 2 if has_else else budget
        m = env.mark()
        self.block(env, d + 1, half)
        if with_result:
            self.emit(d + 1, "scf.yield %s : i32" % self.any_i32(env))
        env.restore(m)
        if has_else:
            self.emit(d, "} else {", op=False)
            self.block(env, d + 1, budget - half)
            if with_result:
                self.emit(d + 1, "scf.yield %s : i32" % self.any_i32(env))
            env.restore(m)
        self.emit(d, "}", op=False)
        if res:
            env.i32.append(res)

    def advance(self, env, d, idx, phase, stages):
        """(idx + 1) mod stages, and the phase flipped on wrap-around."""
        c1 = env.consts["c1"]
        cs = self.const_i32(env, d, stages)
        n, w, ni = self.fresh(), self.fresh(), self.fresh()
        self.emit(d, "%s = arith.addi %s, %s : i32" % (n, idx, c1))
        self.emit(d, "%s = arith.cmpi eq, %s, %s : i32" % (w, n, cs))
        self.emit(d, "%s = arith.select %s, %s, %s : i32"
                  % (ni, w, env.consts["c0"], n))
        if phase is None:
            return ni, None
        x, np_ = self.fresh(), self.fresh()
        self.emit(d, "%s = arith.xori %s, %s : i32" % (x, phase, c1))
        self.emit(d, "%s = arith.select %s, %s, %s : i32" % (np_, w, x, phase))
        return ni, np_

    def loop_bound(self, env):
        return self.rng.pick(env.bounds)

    def m_for(self, env, d, budget):
        """A loop over a ring: slot index and phase carried, optionally a
        pair of memdescs swapped every iteration."""
        rng, t = self.rng, self.ty
        rings = [b for b in env.bufs
                 if b.kind == "data" and b.stages and not b.locked]
        bars = [b for b in env.bufs
                if b.kind == "bar" and b.stages and not b.locked]
        ring = rng.pick(rings) if rings else None
        carry_md = rng.chance(0.4)
        md_pair = []
        if carry_md:
            a = self.get_view(env, d, "md")
            b = self.get_view(env, d, "md")
            if a is not None and b is not None:
                md_pair = [a, b]
        bar_pair = []
        if rng.chance(0.2):
            a = self.get_view(env, d, "bar")
            b = self.get_view(env, d, "bar")
            if a is not None and b is not None:
                bar_pair = [a, b]
        iv = self.fresh("i")
        args, inits, tys = [], [], []
        if ring is not None:
            idx, ph = self.fresh("a"), self.fresh("a")
            args += [idx, ph]
            inits += [env.consts["c0"], env.consts["c0"]]
            tys += ["i32", "i32"]
        if md_pair:
            m0, m1 = self.fresh("a"), self.fresh("a")
            args += [m0, m1]
            inits += md_pair
            tys += [t.md, t.md]
        nbar = len(args)
        if bar_pair:
            b0, b1 = self.fresh("a"), self.fresh("a")
            args += [b0, b1]
            inits += bar_pair
            tys += [t.bar, t.bar]
        step = env.consts["c1"] if rng.chance(0.8) else env.consts["c2"]
        lo = env.consts["c0"]
        hi = self.loop_bound(env)
        res = self.fresh("r") if args else None
        if args:
            ia = ", ".join("%s = %s" % (a, i) for a, i in zip(args, inits))
            self.emit(d, "%s:%d = scf.for %s = %s to %s step %s iter_args(%s)"
                      " -> (%s)  : i32 {" % (res, len(args), iv, lo, hi, step,
                                             ia, ", ".join(tys)))
        else:
            self.emit(d, "scf.for %s = %s to %s step %s  : i32 {"
                      % (iv, lo, hi, step))
        m = env.mark()
        env.i32.append(iv)
        yields = []
        if ring is not None:
            # The slot of this iteration, a view later motifs may use.
            self.index(env, d + 1, ring, args[0])
            if bars and rng.chance(0.5):
                bar = rng.pick(bars)
                bv = self.index(env, d + 1, bar, self.slot_mod(env, d + 1,
                                                               args[0], bar))
                self.emit(d + 1, "ttng.wait_barrier %s, %s : %s"
                          % (bv, args[1], t.bar))
        if md_pair:
            b0 = self.view_buf(env, md_pair[0])
            b1 = self.view_buf(env, md_pair[1])
            env.views.append(View(args[nbar - 2], "md", b0))
            env.views.append(View(args[nbar - 1], "md", b1))
        if bar_pair:
            # Loop-carried barriers (swapped every iteration).
            env.views.append(View(args[nbar], "bar",
                                  self.view_buf(env, bar_pair[0])))
            env.views.append(View(args[nbar + 1], "bar",
                                  self.view_buf(env, bar_pair[1])))
        self.block(env, d + 1, budget)
        if ring is not None:
            ni, np_ = self.advance(env, d + 1, args[0], args[1], ring.stages)
            yields += [ni, np_]
        if md_pair:
            if rng.chance(0.5):
                yields += [args[nbar - 1], args[nbar - 2]]
            else:
                yields += [args[nbar - 2], args[nbar - 1]]
        if bar_pair:
            yields += [args[nbar + 1], args[nbar]]
        if args:
            self.emit(d + 1, "scf.yield %s : %s"
                      % (", ".join(yields), ", ".join(tys)))
        env.restore(m)
        attr = rng.pick(["", "", " {tt.num_stages = 3 : i32}",
                         " {tt.flatten}"])
        self.emit(d, "}" + attr, op=False)
        if ring is not None and rng.chance(0.5):
            env.i32.append("%s#0" % res)
        if md_pair and rng.chance(0.5):
            # The views the loop carried out, used after it.
            k = nbar - 2
            env.views.append(View("%s#%d" % (res, k), "md",
                                  self.view_buf(env, md_pair[0])))
            env.views.append(View("%s#%d" % (res, k + 1), "md",
                                  self.view_buf(env, md_pair[1])))

    def slot_mod(self, env, d, idx, ring):
        """`idx` reduced modulo the slots of `ring`."""
        cs = self.const_i32(env, d, ring.stages)
        n = self.fresh()
        self.emit(d, "%s = arith.remui %s, %s : i32" % (n, idx, cs))
        return n

    def m_while(self, env, d, budget):
        """scf.while counting an i32 up to a bound, body from motifs."""
        rng = self.rng
        x, y = self.fresh("a"), self.fresh("a")
        res = self.fresh("r")
        bound = self.loop_bound(env)
        self.emit(d, "%s:2 = scf.while (%s = %s, %s = %s) : (i32, i32) -> "
                  "(i32, i32) {" % (res, x, env.consts["c0"], y,
                                    self.any_i32(env)))
        m = env.mark()
        c = self.fresh()
        self.emit(d + 1, "%s = arith.cmpi slt, %s, %s : i32" % (c, x, bound))
        if rng.chance(0.3):
            # A little work in the `before` region too.
            env.i32 += [x, y]
            self.block(env, d + 1, min(6, budget // 4))
        self.emit(d + 1, "scf.condition(%s) %s, %s : i32, i32" % (c, x, y))
        env.restore(m)
        self.emit(d, "} do {", op=False)
        x2, y2 = self.fresh("a"), self.fresh("a")
        self.emit(d, "^bb0(%s: i32, %s: i32):" % (x2, y2), op=False)
        env.i32 += [x2, y2]
        self.block(env, d + 1, budget)
        nx = self.fresh()
        self.emit(d + 1, "%s = arith.addi %s, %s : i32"
                  % (nx, x2, env.consts["c1"]))
        self.emit(d + 1, "scf.yield %s, %s : i32, i32"
                  % (nx, self.any_i32(env)))
        env.restore(m)
        self.emit(d, "}", op=False)
        env.i32.append(res + "#1")

    def m_epilogue(self, env, d, budget):
        """A persistent-style loop whose TMA store is waited for only at
        the top of the next iteration (and after the loop), as Triton's
        epilogues do: the store's read of its tile stays in flight across
        the back edge, so nothing else may write that tile."""
        rng, t = self.rng, self.ty
        c = self.alloc(env, d, "data", 0)
        c.locked = True
        iv = self.fresh("i")
        self.emit(d, "scf.for %s = %s to %s step %s  : i32 {"
                  % (iv, env.consts["c0"], self.loop_bound(env),
                     env.consts["c1"]))
        m = env.mark()
        env.i32.append(iv)
        self.block(env, d + 1, budget // 2)
        self.emit(d + 1, "ttng.async_tma_store_wait {pendings = 0 : i32}")
        src = rng.pick(env.tensors)
        if env.accs and self.cc < 100 and rng.chance(0.5):
            src = self.fresh()
            self.emit(d + 1, "%s = arith.truncf %s : %s to %s"
                      % (src, rng.pick(env.accs), t.acc, t.t16mma))
            self.emit(d + 1, "ttg.local_store %s, %s : %s -> %s"
                      % (src, c.name, t.t16mma, t.md))
        else:
            self.emit(d + 1, "ttg.local_store %s, %s : %s -> %s"
                      % (src, c.name, t.t16, t.md))
        self.maybe_fence(env, d + 1)
        self.emit(d + 1, "ttng.async_tma_copy_local_to_global %s[%s, %s] %s "
                  ": %s, %s" % (rng.pick(env.descs), iv, self.any_i32(env),
                                c.name, t.desc, t.md))
        self.block(env, d + 1, budget - budget // 2)
        env.restore(m)
        self.emit(d, "} {tt.flatten}", op=False)
        self.emit(d, "ttng.async_tma_store_wait {pendings = 0 : i32}")
        c.locked = False

    def m_deferred(self, env, d, budget):
        """An async read issued in a branch, of a buffer the branch
        allocates, and waited for only after the branch (a TMA store, or a
        wgmma on cc 90): the buffer is in use until that wait, though no op
        names it after the branch."""
        rng, t = self.rng, self.ty
        if env.i1 and rng.chance(0.5):
            cond = rng.pick(env.i1)
        else:
            cond = self.fresh()
            self.emit(d, "%s = arith.cmpi sge, %s, %s : i32"
                      % (cond, self.any_i32(env), self.any_i32(env)))
        wgmma = self.cc < 100 and rng.chance(0.4)
        res = self.fresh("r") if wgmma else None
        if wgmma:
            self.emit(d, "%s = scf.if %s -> (%s) {" % (res, cond, t.acc))
        else:
            self.emit(d, "scf.if %s {" % cond)
        m = env.mark()
        buf = self.alloc(env, d + 1, "data", 0)
        buf.locked = True
        self.block(env, d + 1, budget // 3)
        self.emit(d + 1, "ttg.local_store %s, %s : %s -> %s"
                  % (rng.pick(env.tensors), buf.name, t.t16, t.md))
        self.maybe_fence(env, d + 1)
        if wgmma:
            n = self.fresh()
            self.emit(d + 1, "%s = ttng.warp_group_dot %s, %s, %s "
                      "{inputPrecision = 0 : i32, isAsync = true} : %s * %s "
                      "-> %s" % (n, buf.name, buf.name, env.consts["acc"],
                                 t.md, t.md, t.acc))
            self.emit(d + 1, "scf.yield %s : %s" % (n, t.acc))
        else:
            self.emit(d + 1, "ttng.async_tma_copy_local_to_global %s[%s, %s] "
                      "%s : %s, %s" % (rng.pick(env.descs), self.any_i32(env),
                                       self.any_i32(env), buf.name, t.desc,
                                       t.md))
        env.restore(m)
        if wgmma:
            self.emit(d, "} else {", op=False)
            self.emit(d + 1, "scf.yield %s : %s" % (env.consts["acc"], t.acc))
        self.emit(d, "}", op=False)
        # Other work while the read may be in flight.
        self.block(env, d, budget // 3)
        if wgmma:
            w = self.fresh()
            self.emit(d, "%s = ttng.warp_group_dot_wait %s {pendings = 0 : "
                      "i32} : %s" % (w, res, t.acc))
            env.accs.append(w)
        else:
            self.emit(d, "ttng.async_tma_store_wait {pendings = 0 : i32}")

    def m_pipeline(self, env, d, budget, in_ws=False):
        """A software-pipelined loop: S-stage rings of A (and B) tiles with
        one barrier per slot; the prologue loads S-1 slots, every iteration
        waits for one slot, consumes it (MMA or local_load) and refills the
        slot consumed last iteration."""
        rng, t = self.rng, self.ty
        S = rng.between(2, 4)
        consume = rng.pick(["mma", "mma", "load"])
        a = self.alloc(env, d, "data", S)
        b = self.alloc(env, d, "data", S) if consume == "mma" else None
        bars = self.alloc(env, d, "bar", S)
        mbar = None
        tm = None
        if consume == "mma" and self.cc >= 100:
            mbar = self.alloc(env, d, "bar", 0)
            tm = self.get_view(env, d, "tm")
            if tm is None:
                tm = self.alloc(env, d, "tmem", 0).name
        for buf in (a, b, bars):
            if buf is not None:
                buf.locked = True
        nbytes = t.tile_bytes * (2 if b is not None else 1)
        da = rng.pick(env.descs)
        db = rng.pick(env.descs)
        coord = self.any_i32(env)

        def load_slot(dd, slot, k):
            bv = self.index(env, dd, bars, slot)
            self.emit(dd, "ttng.barrier_expect %s, %d, %s : %s"
                      % (bv, nbytes, env.consts["true"], t.bar))
            av = self.index(env, dd, a, slot)
            self.emit(dd, "ttng.async_tma_copy_global_to_local %s[%s, %s] %s,"
                      " %s, %s : %s, %s -> %s"
                      % (da, coord, k, av, bv, env.consts["true"], t.desc,
                         t.bar, t.md))
            if b is not None:
                bbv = self.index(env, dd, b, slot)
                self.emit(dd, "ttng.async_tma_copy_global_to_local %s[%s, %s]"
                          " %s, %s, %s : %s, %s -> %s"
                          % (db, k, coord, bbv, bv, env.consts["true"],
                             t.desc, t.bar, t.md))

        for s in range(S - 1):
            load_slot(d, self.const_i32(env, d, s), self.any_i32(env))
        wg_pend = rng.pick([0, 1]) if self.cc < 100 else 0
        iv = self.fresh("i")
        acc, ci, ph, pi = (self.fresh("a"), self.fresh("a"), self.fresh("a"),
                           self.fresh("a"))
        res = self.fresh("r")
        has_acc = consume == "mma" and self.cc < 100
        args = ([acc] if has_acc else []) + [ci, ph, pi]
        inits = (([env.accs[-1] if env.accs and rng.chance(0.3)
                   else env.consts["acc"]]) if has_acc else []) + \
            [env.consts["c0"], env.consts["c0"],
             self.const_i32(env, d, S - 1)]
        tys = ([t.acc] if has_acc else []) + ["i32", "i32", "i32"]
        self.emit(d, "%s:%d = scf.for %s = %s to %s step %s iter_args(%s) -> "
                  "(%s)  : i32 {"
                  % (res, len(args), iv, env.consts["c0"],
                     self.loop_bound(env), env.consts["c1"],
                     ", ".join("%s = %s" % (x, y)
                               for x, y in zip(args, inits)),
                     ", ".join(tys)))
        m = env.mark()
        env.i32.append(iv)
        dd = d + 1
        bv = self.index(env, dd, bars, ci)
        self.emit(dd, "ttng.wait_barrier %s, %s : %s" % (bv, ph, t.bar))
        av = self.index(env, dd, a, ci)
        bbv = self.index(env, dd, b, ci) if b is not None else None
        # Unrelated work in the loop body (the rings stay locked).
        self.block(env, dd, budget // 2)
        yields = []
        if consume == "mma" and self.cc < 100:
            n = self.fresh()
            self.emit(dd, "%s = ttng.warp_group_dot %s, %s, %s {inputPrecision"
                      " = 0 : i32, isAsync = true} : %s * %s -> %s"
                      % (n, av, bbv, acc, t.md, t.md, t.acc))
            w = self.fresh("w")
            self.emit(dd, "%s:3 = ttng.warp_group_dot_wait %s, %s, %s "
                      "{pendings = %d : i32} : %s, %s, %s"
                      % (w, n, av, bbv, wg_pend, t.acc, t.md, t.md))
            yields.append(w + "#0")
        elif consume == "mma":
            self.emit(dd, "ttng.tc_gen5_mma %s, %s, %s, %s, %s, %s[%s] "
                      "{is_async} : %s, %s, %s, %s"
                      % (av, bbv, tm, env.consts["true"], env.consts["true"],
                         mbar.name, env.consts["true"], t.md, t.md, t.tm,
                         t.bar))
            self.emit(dd, "ttng.wait_barrier %s, %s : %s"
                      % (mbar.name, ph, t.bar))
        else:
            n = self.fresh()
            self.emit(dd, "%s = ttg.local_load %s : %s -> %s"
                      % (n, av, t.md, t.t16))
            env.tensors.append(n)
        self.block(env, dd, budget - budget // 2)
        # Refill the slot consumed last iteration.
        load_slot(dd, pi, iv)
        nci, nph = self.advance(env, dd, ci, ph, S)
        npi, _ = self.advance(env, dd, pi, None, S)
        yields += [nci, nph, npi]
        self.emit(dd, "scf.yield %s : %s" % (", ".join(yields),
                                             ", ".join(tys)))
        env.restore(m)
        self.emit(d, "} {tt.num_stages = %d : i32}" % S, op=False)
        if has_acc:
            w = self.fresh()
            self.emit(d, "%s = ttng.warp_group_dot_wait %s#0 {pendings = 0 : "
                      "i32} : %s" % (w, res, t.acc))
            env.accs.append(w)
        for buf in (a, b, bars):
            if buf is not None:
                buf.locked = False
        if rng.chance(0.4):
            for s in range(S):
                v = self.index(env, d, bars, self.const_i32(env, d, s))
                self.emit(d, "ttng.inval_barrier %s : %s" % (v, t.bar))

    def capture_set(self, env):
        """Values a warp_specialize passes to its partitions."""
        rng = self.rng
        caps = []  # (value, kind, payload)
        for x in env.descs:
            caps.append((x, "desc", None))
        for x in env.deschs:
            caps.append((x, "desch", None))
        picks = [b for b in env.bufs
                 if not b.locked and (b.stages or b.kind != "data" or
                                      self.view_kind(env, b) == "md")]
        rng_order = []
        for b in picks:
            if rng.chance(0.6):
                rng_order.append(b)
        for b in rng_order:
            caps.append((b.name, "buf", b))
        # A few tile views too (slots of rings, views through branches).
        views = [v for v in env.views
                 if v.kind == "md" and not v.buf.locked and v.name != v.buf.name]
        for _ in range(min(len(views), rng.below(3))):
            v = rng.pick(views)
            caps.append((v.name, "view", v.buf))
        for x in env.bounds[:2]:
            caps.append((x, "i32", None))
        for x in env.ptrs:
            caps.append((x, "ptr", None))
        return caps

    def view_kind(self, env, b):
        for v in env.views:
            if v.buf is b and v.name == b.name:
                return v.kind
        return None

    def buf_type(self, b):
        t = self.ty
        if b.kind == "data":
            return t.md_ring(b.stages) if b.stages else t.md
        if b.kind == "bar":
            return t.bar_ring(b.stages) if b.stages else t.bar
        return t.tm_ring(b.stages) if b.stages else t.tm

    def cap_type(self, cap):
        t = self.ty
        v, kind, b = cap
        if kind == "desc":
            return t.desc
        if kind == "desch":
            return t.desch
        if kind == "i32":
            return "i32"
        if kind == "ptr":
            return "!tt.ptr<f16>"
        if kind == "view":
            return t.md
        return self.buf_type(b)

    def partition_env(self, caps, names, d):
        env = Env()
        for cap, name in zip(caps, names):
            v, kind, b = cap
            if kind == "desc":
                env.descs.append(name)
            elif kind == "desch":
                env.deschs.append(name)
            elif kind == "i32":
                env.i32.append(name)
                env.bounds.append(name)
            elif kind == "ptr":
                env.ptrs.append(name)
            elif kind == "view":
                env.views.append(View(name, "md", Buf(name, "data", 0)))
            else:
                nb = Buf(name, b.kind, b.stages)
                env.bufs.append(nb)
                if not b.stages:
                    env.views.append(View(
                        name, {"data": "md", "bar": "bar", "tmem": "tm"}
                        [b.kind], nb))
        self.constants(env, d)
        if not env.bounds:
            env.bounds.append(env.consts["c2"])
        return env

    def m_ws(self, env, d, budget):
        rng = self.rng
        caps = self.capture_set(env)
        nparts = rng.between(1, 3)
        regs = ", ".join(rng.pick(["24", "24", "48", "88"])
                         for _ in range(nparts))
        # Sometimes the default region yields a value (an i32, or a view).
        result = rng.pick([None, None, "i32", "md"])
        res = self.fresh("r") if result else None
        self.emit(d, "%sttg.warp_specialize(%s) attributes {requestedRegisters"
                  " = array<i32: %s>}" % (res + " = " if res else "",
                                          ", ".join(c[0] for c in caps),
                                          regs))
        self.emit(d, "default {", op=False)
        share = budget // (nparts + 1)
        m = env.mark()
        self.block(env, d + 1, share)
        yielded = None
        if result == "md":
            yielded = self.get_view(env, d + 1, "md")
            if yielded is None:
                result = "i32"
        if result == "i32":
            yielded = self.any_i32(env)
        ybuf = self.view_buf(env, yielded) if result == "md" else None
        env.restore(m)
        rtype = {"i32": "i32", "md": self.ty.md, None: None}[result]
        if yielded:
            self.emit(d + 1, "ttg.warp_yield %s : %s" % (yielded, rtype))
        else:
            self.emit(d + 1, "ttg.warp_yield")
        self.emit(d, "}", op=False)
        self.partitions(caps, nparts, d, share, results=rtype)
        if result == "i32":
            env.i32.append(res)
        elif result == "md":
            env.views.append(View(res, "md", ybuf))

    def partitions(self, caps, nparts, d, share, bodies=None, results=None):
        tys = [self.cap_type(c) for c in caps]
        for p in range(nparts):
            names = [self.fresh("p") for _ in caps]
            params = ", ".join("%s: %s" % (n, ty) for n, ty in zip(names, tys))
            self.emit(d, "partition%d(%s) num_warps(%d) {"
                      % (p, params, self.rng.pick([1, 2, 4])), op=False)
            penv = self.partition_env(caps, names, d + 1)
            if bodies is not None and p < len(bodies):
                bodies[p](penv, d + 1)
            else:
                self.ensure_resources(penv, d + 1)
                self.block(penv, d + 1, share)
            self.emit(d + 1, "ttg.warp_return")
            end = "} : (%s) -> (%s)" % (", ".join(tys), results or "") \
                if p == nparts - 1 else "}"
            self.emit(d, end, op=False)

    def ensure_resources(self, env, d):
        """A partition that captured no tile or barrier makes its own."""
        if not any(b.kind == "data" for b in env.bufs):
            self.alloc(env, d, "data", self.rng.pick([0, 2]))
        if not any(b.kind == "bar" for b in env.bufs):
            self.alloc(env, d, "bar", 0)
        if self.cc >= 100 and not any(b.kind == "tmem" for b in env.bufs):
            self.alloc(env, d, "tmem", 0)

    def m_ws_pipeline(self, env, d, budget):
        """Producer / consumer over a ring of tiles: partition 0 issues the
        TMA loads, the default region waits for them and consumes."""
        rng = self.rng
        S = rng.between(2, 4)
        ring = self.alloc(env, d, "data", S)
        full = self.alloc(env, d, "bar", S)
        empty = self.alloc(env, d, "bar", S)
        caps = [(ring.name, "buf", ring), (full.name, "buf", full),
                (empty.name, "buf", empty), (env.descs[0], "desc", None),
                (env.bounds[0], "i32", None)]
        self.emit(d, "ttg.warp_specialize(%s) attributes {requestedRegisters"
                  " = array<i32: 24>}" % ", ".join(c[0] for c in caps))
        self.emit(d, "default {", op=False)
        ring.locked = full.locked = empty.locked = True
        self.ring_loop(env, d + 1, budget // 2, ring, full, empty,
                       env.bounds[0], producer=False)
        ring.locked = full.locked = empty.locked = False
        self.emit(d + 1, "ttg.warp_yield")
        self.emit(d, "}", op=False)

        def producer(penv, dd):
            r, f, e = penv.bufs[0], penv.bufs[1], penv.bufs[2]
            r.locked = f.locked = e.locked = True
            self.ring_loop(penv, dd, budget // 2, r, f, e, penv.bounds[0],
                           producer=True)

        self.partitions(caps, 1, d, 0, bodies=[producer])

    def ring_loop(self, env, d, budget, ring, full, empty, bound, producer):
        rng, t = self.rng, self.ty
        S = ring.stages
        iv = self.fresh("i")
        ci, ph = self.fresh("a"), self.fresh("a")
        res = self.fresh("r")
        self.emit(d, "%s:2 = scf.for %s = %s to %s step %s iter_args(%s = %s,"
                  " %s = %s) -> (i32, i32)  : i32 {"
                  % (res, iv, env.consts["c0"], bound, env.consts["c1"], ci,
                     env.consts["c0"], ph, env.consts["c0"]))
        m = env.mark()
        env.i32.append(iv)
        dd = d + 1
        fv = self.index(env, dd, full, ci)
        ev = self.index(env, dd, empty, ci)
        sv = self.index(env, dd, ring, ci)
        if producer:
            self.emit(dd, "ttng.wait_barrier %s, %s : %s" % (ev, ph, t.bar))
            self.block(env, dd, budget // 2)
            self.emit(dd, "ttng.barrier_expect %s, %d, %s : %s"
                      % (fv, t.tile_bytes, env.consts["true"], t.bar))
            self.emit(dd, "ttng.async_tma_copy_global_to_local %s[%s, %s] %s,"
                      " %s, %s : %s, %s -> %s"
                      % (env.descs[0], iv, self.any_i32(env), sv, fv,
                         env.consts["true"], t.desc, t.bar, t.md))
        else:
            self.emit(dd, "ttng.wait_barrier %s, %s : %s" % (fv, ph, t.bar))
            n = self.fresh()
            self.emit(dd, "%s = ttg.local_load %s : %s -> %s"
                      % (n, sv, t.md, t.t16))
            env.tensors.append(n)
            if rng.chance(0.5):
                self.emit(dd, "ttg.local_store %s, %s : %s -> %s"
                          % (n, sv, t.t16, t.md))
            # The slot goes back to the producer's TMA load (an async
            # write): the consumer's generic accesses are fenced before the
            # arrive that hands it over (the hand-off rule).
            self.emit(dd, "ttng.fence_async_shared {bCluster = false}")
            self.emit(dd, "ttng.arrive_barrier %s, 1 : %s" % (ev, t.bar))
            self.block(env, dd, budget // 2)
        nci, nph = self.advance(env, dd, ci, ph, S)
        self.emit(dd, "scf.yield %s, %s : i32, i32" % (nci, nph))
        env.restore(m)
        self.emit(d, "}", op=False)

    # -------------------------------------------------------------- blocks
    def block(self, env, d, budget):
        """Motifs until `budget` ops have been emitted."""
        rng = self.rng
        start = self.count
        guard = 0
        while self.count - start < budget:
            remaining = budget - (self.count - start)
            before = self.count
            nest = d - 2  # a function body is indented twice
            if nest < MAX_DEPTH and remaining >= 12 and self.depth_ok(nest):
                kinds = STRAIGHT + REGION
            else:
                kinds = STRAIGHT
            weights = [self.weights[k] if k not in REGION_MIN or
                       remaining >= REGION_MIN[k] else 0 for k in kinds]
            kind = rng.weighted(kinds, weights)
            if kind in REGION:
                # Regions at the top take most of what is left (long loop
                # bodies); nested ones stay small.
                if nest == 0:
                    sub = self.sub_budget(remaining, 0.9)
                else:
                    sub = self.sub_budget(min(remaining, 100 // nest), 0.6)
                getattr(self, "m_" + kind)(env, d, sub)
            else:
                getattr(self, "m_" + kind)(env, d)
            if self.count == before:
                guard += 1
                if guard > 20:
                    break
            else:
                guard = 0

    def depth_ok(self, d):
        # Nesting thins out quickly: most regions sit at depth 0 or 1.
        return d == 0 or self.rng.chance(0.15 / d)

    # ----------------------------------------------------------- functions
    def param_type(self, p):
        t = self.ty
        return {"desc": t.desc, "i32": "i32", "md": t.md, "bar": t.bar,
                "tm": t.tm}[p]

    def helper(self, k):
        """A small private function over its arguments."""
        rng, t = self.rng, self.ty
        self.nid = 0
        kind = rng.pick(["store", "write", "read", "load", "chain", "mixed"])
        if kind == "load":
            params = ["desc", "i32", "md", "bar"]
        elif kind == "read":
            params = ["md"]
        elif kind == "write":
            params = ["md", "i32"]
        else:
            params = ["desc", "i32", "md"]
        if kind == "chain" and not self.helpers:
            kind = "store"
        name = "helper%d" % k
        names = ["%%h%d" % i for i in range(len(params))]
        sig = ", ".join("%s: %s" % (n, self.param_type(p))
                        for n, p in zip(names, params))
        self.emit(1, "tt.func private @%s(%s) attributes {noinline = true} {"
                  % (name, sig))
        env = Env()
        for n, p in zip(names, params):
            if p == "desc":
                env.descs.append(n)
            elif p == "i32":
                env.i32.append(n)
            else:
                env.views.append(View(n, p, Buf(n, {"md": "data",
                                                    "bar": "bar"}[p], 0)))
        d = 2
        self.constants(env, d)
        md = names[params.index("md")]
        if kind in ("store", "mixed"):
            if kind == "mixed" or rng.chance(0.5):
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (env.consts["cst"], md, t.t16, t.md))
            self.maybe_fence(env, d)
            self.emit(d, "ttng.async_tma_copy_local_to_global %s[%s, %s] %s :"
                      " %s, %s" % (names[0], names[1], names[1], md, t.desc,
                                   t.md))
            self.emit(d, "ttng.async_tma_store_wait {pendings = 0 : i32}")
            if kind == "mixed":
                self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                          % (self.fresh(), md, t.md, t.t16))
        elif kind == "write":
            self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                      % (env.consts["cst"], md, t.t16, t.md))
        elif kind == "read":
            self.emit(d, "%s = ttg.local_load %s : %s -> %s"
                      % (self.fresh(), md, t.md, t.t16))
        elif kind == "load":
            bar = names[3]
            self.emit(d, "ttng.barrier_expect %s, %d, %s : %s"
                      % (bar, t.tile_bytes, env.consts["true"], t.bar))
            self.emit(d, "ttng.async_tma_copy_global_to_local %s[%s, %s] %s, "
                      "%s, %s : %s, %s -> %s"
                      % (names[0], names[1], names[1], md, bar,
                         env.consts["true"], t.desc, t.bar, t.md))
            self.emit(d, "ttng.wait_barrier %s, %s : %s"
                      % (bar, names[1], t.bar))
        else:  # chain: call an earlier helper with the same signature
            same = [h for h in self.helpers if h[1] == params]
            if same:
                hn, hp = rng.pick(same)
                self.emit(d, "ttg.local_store %s, %s : %s -> %s"
                          % (env.consts["cst"], md, t.t16, t.md))
                self.emit(d, "tt.call @%s(%s) : (%s) -> ()"
                          % (hn, ", ".join(names),
                             ", ".join(self.param_type(p) for p in params)))
            else:
                self.emit(d, "ttng.async_tma_copy_local_to_global %s[%s, %s] "
                          "%s : %s, %s" % (names[0], names[1], names[1], md,
                                           t.desc, t.md))
                self.emit(d, "ttng.async_tma_store_wait {pendings = 0 : i32}")
        self.emit(d, "tt.return")
        self.emit(1, "}", op=False)
        self.helpers.append((name, params))

    def kernel(self, k, budget):
        rng, t = self.rng, self.ty
        self.nid = 0
        start = self.count
        ndesc = rng.between(1, 3)
        params = ["%%desc%d: %s" % (i, t.desc) for i in range(ndesc)]
        if self.use_subslice:
            params.append("%%desch: %s" % t.desch)
        params.append("%ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}")
        params += ["%K: i32", "%M: i32 {tt.divisibility = 16 : i32}"]
        self.emit(1, "tt.func public @kernel%d(%s) attributes {noinline = "
                  "false} {" % (k, ", ".join(params)))
        env = Env()
        env.descs = ["%%desc%d" % i for i in range(ndesc)]
        if self.use_subslice:
            env.deschs = ["%desch"]
        env.i32 = ["%K", "%M"]
        env.ptrs = ["%ptr"]
        env.bounds = ["%K", "%M"]
        d = 2
        self.constants(env, d)
        pid = self.fresh("pid")
        self.emit(d, "%s = tt.get_program_id x : i32" % pid)
        env.i32.append(pid)
        # The function's buffers: a few tile rings and barrier rings.
        for _ in range(rng.between(1, 3)):
            self.alloc(env, d, "data", rng.pick([0, 2, 3, 4]))
        for _ in range(rng.between(1, 2)):
            self.alloc(env, d, "bar", rng.pick([0, 2, 3]))
        if self.cc >= 100:
            self.alloc(env, d, "tmem", rng.pick([0, 2]))
            tv = self.get_view(env, d, "tm")
            self.emit(d, "ttng.tmem_store %s, %s, %s : %s -> %s"
                      % (env.consts["accb"], tv, env.consts["true"], t.accb,
                         t.tm))
        # The body gets what the prologue left (at least a few motifs).
        self.block(env, d, max(8, budget - (self.count - start) - 1))
        if rng.chance(0.3):
            for b in env.bufs:
                if b.kind == "data" and b.name.startswith("%buf"):
                    self.emit(d, "ttg.local_dealloc %s : %s"
                              % (b.name, self.buf_type(b)))
        self.emit(d, "tt.return")
        self.emit(1, "}", op=False)

    # -------------------------------------------------------------- module
    def generate(self, sink):
        """Writes the module through `sink(list_of_lines)`; returns the op
        count."""
        rng = self.rng
        sink(self.header())
        total = self.target_ops
        nhelpers = min(24, max(1, total // 400)) if total >= 150 else \
            rng.between(0, 1)
        for k in range(nhelpers):
            self.helper(k)
        self.flush(sink)
        k = 0
        # Functions of a few dozen to a few thousand ops: a big module is
        # many functions with long loop bodies, not one deep one.
        cap = max(150, min(3000, total // 8))
        while self.count < total or k == 0:
            left = total - self.count
            budget = left if left <= cap * 1.5 else rng.between(cap // 3, cap)
            self.kernel(k, max(budget, 20))
            k += 1
            self.flush(sink)
        sink(["}", ""])
        return self.count

    def flush(self, sink):
        if self.out:
            sink(self.out)
            self.out = []


def write_module(out, seed, ops, cc=None):
    """Writes the module of (seed, ops, cc) to the text stream `out`;
    returns the number of ops written."""
    gen = ModuleGen(seed, ops, cc)

    def sink(lines):
        out.write("\n".join(lines))
        out.write("\n")

    return gen.generate(sink)


def generate_counted(seed, ops, cc=None):
    """(the module of (seed, ops, cc) as a string, its op count)."""
    parts = []
    gen = ModuleGen(seed, ops, cc)
    count = gen.generate(lambda lines: parts.append("\n".join(lines) + "\n"))
    return "".join(parts), count


def generate(seed, ops, cc=None):
    """The module of (seed, ops, cc) as a string."""
    return generate_counted(seed, ops, cc)[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--ops", type=int, required=True,
                    help="approximate number of ops")
    ap.add_argument("--cc", type=int, choices=[90, 100],
                    help="compute capability (default: chosen by the seed)")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--stats", action="store_true",
                    help="print the op count to stderr")
    args = ap.parse_args(argv)
    if args.output == "-":
        n = write_module(sys.stdout, args.seed, args.ops, args.cc)
    else:
        with open(args.output, "w") as f:
            n = write_module(f, args.seed, args.ops, args.cc)
    if args.stats:
        sys.stderr.write("ops: %d\n" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
