#!/usr/bin/env python3
"""Seeded generator of warp-specialized PTX kernels (producer, consumers,
issuer-predicated TMA-store epilogues), correct by construction.

  ptx_roles_gen.py --seed N [--target sm_90a|sm_100a] [-o FILE]

One `.entry` per module. Warp 0 is the producer: one lane (`%tid.x == 0`,
or `elect.sync`) loads tiles by TMA into a ring of S slots, each slot with
a `full` and an `empty` mbarrier. One or two consumer roles (code of their
own, warps chosen by warp index) wait on `full`, read the slot through the
generic proxy (`ld.shared`, `ldmatrix`), fence, and arrive on `empty`: the
fence orders their reads before the producer's next TMA load into the slot
(a WAR that crosses warp roles). Each consumer role then writes its result
into a staging ring of E slots (`st.shared`, `stmatrix`), fences, meets on
its named barrier, and one issuer thread (a predicate on `%tid.x`, as a
guard or as a branch around) stores the slot by TMA, commits the group
and, before the barrier that lets the other threads write the next slot,
waits with `cp.async.bulk.wait_group.read E-1`: tight, so weakening it to E
lets a thread overwrite a slot whose store may still be reading it.
A consumer loop is either unrolled over both rings (every slot address a
constant offset of its symbol) or rolled: its ring and staging slots come
from loop-carried stage counters (`add; and` or `add; setp.eq; selp`).
The parities of the mbarrier phases are loop-carried.

A rolled consumer role may release its ring slots one stage late
(CUTLASS's consumer mainloops): the first slot is read before the loop,
and each iteration reads slot k, fences, and arrives on `empty` of slot
k-1, whose index comes from a release counter of its own, advanced like
the read counter; the last slot is released after the loop. Deleting the
fence leaves the reads of slot k unfenced at the release of slot k in the
next iteration. Such a role keeps its result in registers. Its fence is
marked `// released late`: deleting it must be an error, not only an
unproven ordering (the release counter is related to the read counter).

An unrolled consumer role may instead hand its staging slots to a storer
warp of its own (CUTLASS's FMHA epilogue): it waits on the slot's `sempty`
mbarrier, writes, fences and arrives on `sfull`; the storer's one lane
waits on `sfull`, stores the slot by TMA, commits, waits with
`cp.async.bulk.wait_group.read 0` and arrives on `sempty`. The arrive
orders the storer's execution, not its TMA read: weakened to 1, the wait
lets the consumer overwrite a slot the store may still be reading.

A rolled role may hand its staging slots to a storer warp the same way,
both sides picking the slot with stage counters of their own (the
consumer's advanced after its arrive on `sfull`, the storer's after its
arrive on `sempty`): the weakened wait is then a missing completion wait
through a ring of barriers.

Every `fence.proxy.async` of the output is needed, and so is every wait
marked `// needed` (the final wait before exit is not: nothing writes
after it). utils/gen/ptx_roles_check.py checks that `proxyfence check`
agrees. As a module: `generate(seed, target=None)` returns (text, info).
"""

import argparse
import random
import sys


def _lines():
    out = []

    def emit(text=""):
        out.append(text)

    return out, emit


class Kernel:
    """The shape of one kernel, drawn from the seed."""

    def __init__(self, rng, target):
        self.target = target or rng.choice(["sm_90a", "sm_100a"])
        self.slots = rng.choice([1, 2, 2, 3, 4])          # S, TMA-load ring
        self.tile = rng.choice([1024, 2048, 4096])        # bytes per slot
        self.roles = rng.choice([1, 1, 2])                # consumer roles
        self.warps = [rng.choice([1, 2, 4]) for _ in range(self.roles)]
        self.stages = [rng.choice([1, 2]) for _ in range(self.roles)]  # E
        self.stage_bytes = rng.choice([512, 1024, 2048])
        self.elect = rng.random() < 0.4
        self.ldmatrix = [rng.random() < 0.4 for _ in range(self.roles)]
        self.stmatrix = [rng.random() < 0.3 for _ in range(self.roles)]
        # How each role's issuer guards its store: "guard" (@p on each
        # instruction), "branch" (one branch around store, commit, wait),
        # "split" (store and commit in one branch, the wait in another).
        self.issue = [rng.choice(["guard", "branch", "split"])
                      for _ in range(self.roles)]
        self.addr_reg = rng.random() < 0.5  # slot addresses in registers
        # A consumer loop not unrolled: its slots come from stage counters.
        self.rolled = [rng.random() < 0.35 for _ in range(self.roles)]
        # The unrolled body covers every ring an integral number of times.
        unroll = self.slots
        for e in self.stages:
            while unroll % e:
                unroll += self.slots
        self.unroll = unroll
        # Drawn last, so that the kernels of other seeds stay as they were:
        # an unrolled role may hand its staging slots to a storer warp.
        self.handoff = [not self.rolled[r] and rng.random() < 0.4
                        for r in range(self.roles)]
        # A rolled role may release each ring slot one stage late, through
        # a release counter of its own (CUTLASS's consumers); it then keeps
        # its result in registers (no staging epilogue).
        self.lag = [self.rolled[r] and self.slots >= 2 and rng.random() < 0.5
                    for r in range(self.roles)]
        # A rolled role that does not release late may hand its staging
        # slots to a storer warp too, both sides indexing the staging ring
        # with stage counters of their own.
        self.rolled_handoff = [self.rolled[r] and not self.lag[r] and
                               rng.random() < 0.4 for r in range(self.roles)]
        self.handoff = [self.handoff[r] or self.rolled_handoff[r]
                        for r in range(self.roles)]


def generate(seed, target=None):
    rng = random.Random(seed)
    k = Kernel(rng, target)
    out, emit = _lines()
    label = [0]

    def fresh(name):
        label[0] += 1
        return "$L_%s_%d" % (name, label[0])

    name = "roles_%d" % seed
    storers = [r for r in range(k.roles) if k.handoff[r]]
    threads = 32 * (1 + sum(k.warps) + len(storers))
    emit("//")
    emit("// Generated by utils/gen/ptx_roles_gen.py --seed %d: producer "
         "warp, %d consumer role(s) %s, TMA ring of %d slot(s) of %d bytes, "
         "staging rings %s%s." % (
             seed, k.roles, k.warps, k.slots, k.tile, k.stages,
             ", roles %s hand theirs to storer warps" % storers
             if storers else ""))
    emit("//")
    emit(".version 8.7")
    emit(".target %s" % k.target)
    emit(".address_size 64")
    emit("")
    emit(".shared .align 1024 .b8 ring[%d];" % (k.slots * k.tile))
    for r in range(k.roles):
        emit(".shared .align 1024 .b8 stage%d[%d];" %
             (r, k.stages[r] * k.stage_bytes))
    emit(".shared .align 8 .b64 full[%d];" % k.slots)
    emit(".shared .align 8 .b64 empty[%d];" % k.slots)
    for r in storers:
        emit(".shared .align 8 .b64 sfull%d[%d];" % (r, k.stages[r]))
        emit(".shared .align 8 .b64 sempty%d[%d];" % (r, k.stages[r]))
    emit("")
    emit(".visible .entry %s(" % name)
    emit("\t.param .align 64 .b8 %s_param_0[128]," % name)
    emit("\t.param .align 64 .b8 %s_param_1[128]," % name)
    emit("\t.param .u32 %s_param_2," % name)
    emit("\t.param .u64 %s_param_3" % name)
    emit(")")
    emit(".maxntid %d, 1, 1" % threads)
    emit("{")
    emit("\t.reg .pred \t%p<128>;")
    emit("\t.reg .b32 \t%r<512>;")
    emit("\t.reg .b64 \t%rd<64>;")
    emit("")
    emit("\tmov.u64 \t%%rd1, %s_param_0;" % name)
    emit("\tcvta.param.u64 \t%rd2, %rd1;")
    emit("\tmov.u64 \t%%rd3, %s_param_1;" % name)
    emit("\tcvta.param.u64 \t%rd4, %rd3;")
    emit("\tld.param.u32 \t%%r1, [%s_param_2];" % name)
    emit("\tld.param.u64 \t%%rd5, [%s_param_3];" % name)
    emit("\tcvta.to.global.u64 \t%rd6, %rd5;")
    emit("\tmov.u32 \t%r2, %tid.x;")
    emit("\tshr.u32 \t%r3, %r2, 5;")
    emit("\tand.b32 \t%r4, %r2, 31;")
    emit("\tmov.u32 \t%r5, full;")
    emit("\tmov.u32 \t%r6, empty;")
    emit("\tmov.u32 \t%r7, ring;")
    # Thread 0 initializes the barriers; everyone meets before the roles.
    init_done = fresh("init")
    emit("\tsetp.ne.s32 \t%p1, %r2, 0;")
    emit("\t@%%p1 bra \t%s;" % init_done)
    consumers = 32 * sum(k.warps)
    for s in range(k.slots):
        emit("\tmbarrier.init.shared::cta.b64 \t[full+%d], 1;" % (8 * s))
        emit("\tmbarrier.init.shared::cta.b64 \t[empty+%d], %d;" %
             (8 * s, consumers))
    for r in storers:
        for e in range(k.stages[r]):
            emit("\tmbarrier.init.shared::cta.b64 \t[sfull%d+%d], %d;" %
                 (r, 8 * e, 32 * k.warps[r]))
            emit("\tmbarrier.init.shared::cta.b64 \t[sempty%d+%d], 1;" %
                 (r, 8 * e))
    emit("\tfence.mbarrier_init.release.cluster;")
    emit("%s:" % init_done)
    emit("\tbar.sync \t0;")
    # Dispatch by warp index.
    producer = fresh("producer")
    role_labels = [fresh("consumer%d" % r) for r in range(k.roles)]
    exit_label = fresh("exit")
    emit("\tsetp.eq.s32 \t%p2, %r3, 0;")
    emit("\t@%%p2 bra \t%s;" % producer)
    # The storer warps follow the consumers'.
    storer_labels = {r: fresh("storer%d" % r) for r in storers}
    for h, r in enumerate(storers):
        emit("\tsetp.eq.s32 \t%%p%d, %%r3, %d;" %
             (100 + h, 1 + sum(k.warps) + h))
        emit("\t@%%p%d bra \t%s;" % (100 + h, storer_labels[r]))
    first = 1
    for r in range(k.roles - 1):
        first += k.warps[r]
        emit("\tsetp.lt.u32 \t%%p%d, %%r3, %d;" % (3 + r, first))
        emit("\t@%%p%d bra \t%s;" % (3 + r, role_labels[r]))
    emit("\tbra.uni \t%s;" % role_labels[-1])

    reg = [20]

    def r32():
        reg[0] += 1
        return "%%r%d" % reg[0]

    pred = [10]

    def p():
        pred[0] += 1
        return "%%p%d" % pred[0]

    def slot_address(symbol, base_reg, offset):
        """An operand for the slot at `offset` of `symbol`."""
        if k.addr_reg:
            a = r32()
            emit("\tadd.s32 \t%s, %s, %d;" % (a, base_reg, offset))
            return "[%s]" % a
        return "[%s+%d]" % (symbol, offset) if offset else "[%s]" % symbol

    def wait_parity(barrier, parity):
        loop = fresh("wait")
        q = p()
        emit("%s:" % loop)
        emit("\tmbarrier.try_wait.parity.shared::cta.b64 \t%s, %s, %s;" %
             (q, barrier, parity))
        emit("\t@!%s bra \t%s;" % (q, loop))

    # The producer: one lane loads every slot of the ring, in order.
    emit("%s:" % producer)
    if k.elect:
        lane = r32()
        q = p()
        emit("\telect.sync \t%s|%s, -1;" % (lane, q))
        emit("\t@!%s bra \t%s;" % (q, exit_label))
    else:
        q = p()
        emit("\tsetp.ne.s32 \t%s, %%r4, 0;" % q)
        emit("\t@%s bra \t%s;" % (q, exit_label))
    emit("\tmov.b32 \t%r10, 0;")   # iteration
    emit("\tmov.b32 \t%r11, 1;")   # parity of the empty barriers
    ploop = fresh("ploop")
    emit("%s:" % ploop)
    for j in range(k.unroll):
        s = j % k.slots
        wait_parity("[empty+%d]" % (8 * s), "%r11")
        emit("\tmbarrier.arrive.expect_tx.shared::cta.b64 \t_, [full+%d], %d;"
             % (8 * s, k.tile))
        dst = slot_address("ring", "%r7", s * k.tile)
        emit("\tcp.async.bulk.tensor.2d.shared::cluster.global.tile."
             "mbarrier::complete_tx::bytes %s, [%%rd2, {%d, %%r10}], "
             "[full+%d];" % (dst, j * 64, 8 * s))
        if s == k.slots - 1:
            emit("\txor.b32 \t%r11, %r11, 1;")
    q = p()
    emit("\tadd.s32 \t%%r10, %%r10, %d;" % k.unroll)
    emit("\tsetp.lt.s32 \t%s, %%r10, %%r1;" % q)
    emit("\t@%s bra \t%s;" % (q, ploop))
    emit("\tbra.uni \t%s;" % exit_label)

    def advance(counter, wrap_at, parity=None):
        """counter = counter + 1 == wrap_at ? 0 : counter + 1 (and flip
        `parity` on the wrap)."""
        wrap = p()
        emit("\tadd.s32 \t%s, %s, 1;" % (counter, counter))
        emit("\tsetp.eq.s32 \t%s, %s, %d;" % (wrap, counter, wrap_at))
        emit("\tselp.b32 \t%s, 0, %s, %s;" % (counter, counter, wrap))
        if parity is not None:
            flip = r32()
            emit("\tselp.b32 \t%s, 1, 0, %s;" % (flip, wrap))
            emit("\txor.b32 \t%s, %s, %s;" % (parity, parity, flip))

    def read_slot(rd, acc, parity, ring_slot):
        """Wait on `full` of slot `ring_slot`, read the slot, advance."""
        roff, boff = r32(), r32()
        emit("\tmul.lo.s32 \t%s, %s, %d;" % (roff, ring_slot, k.tile))
        emit("\tshl.b32 \t%s, %s, 3;" % (boff, ring_slot))
        fb, ra = r32(), r32()
        emit("\tadd.s32 \t%s, %%r5, %s;" % (fb, boff))
        emit("\tadd.s32 \t%s, %s, %s;" % (ra, rd, roff))
        wait_parity("[%s]" % fb, parity)
        v = r32()
        emit("\tld.shared.u32 \t%s, [%s];" % (v, ra))
        emit("\tadd.s32 \t%s, %s, %s;" % (acc, acc, v))

    def release_slot(release):
        """Arrive on `empty` of slot `release`."""
        boff, eb = r32(), r32()
        emit("\tshl.b32 \t%s, %s, 3;" % (boff, release))
        emit("\tadd.s32 \t%s, %%r6, %s;" % (eb, boff))
        emit("\tmbarrier.arrive.shared::cta.b64 \t_, [%s];" % eb)

    def emit_lagging_consumer(r, rd, acc, it, parity, ring_slot):
        """A rolled consumer that releases slot k-1 after reading slot k."""
        release = r32()
        emit("\tmov.b32 \t%s, 0;" % release)
        # The first slot is read before the loop; nothing is released.
        read_slot(rd, acc, parity, ring_slot)
        advance(ring_slot, k.slots, parity)
        emit("\tmov.b32 \t%s, 1;" % it)
        loop = fresh("lagloop%d" % r)
        emit("%s:" % loop)
        read_slot(rd, acc, parity, ring_slot)
        # Orders the reads of this slot (and of the one released now)
        # before the producer's next TMA load into them.
        emit("\tfence.proxy.async.shared::cta; // released late")
        release_slot(release)
        advance(release, k.slots)
        advance(ring_slot, k.slots, parity)
        q = p()
        emit("\tadd.s32 \t%s, %s, 1;" % (it, it))
        emit("\tsetp.lt.s32 \t%s, %s, %%r1;" % (q, it))
        emit("\t@%s bra \t%s;" % (q, loop))
        # The last slot read: the loop's last fence ordered its reads.
        release_slot(release)
        emit("\tst.global.u32 \t[%%rd6], %s;" % acc)
        emit("\tbra.uni \t%s;" % exit_label)

    # The consumer roles.
    first_warp = 1
    needed_waits = 0
    for r in range(k.roles):
        warps = k.warps[r]
        nthreads = 32 * warps
        E = k.stages[r]
        emit("%s:" % role_labels[r])
        # The thread's index in its role (the role's threads are a block of
        # `nthreads`, a power of two, so the low bits of %tid.x number them).
        idx = r32()
        emit("\tand.b32 \t%s, %%r2, %d;" % (idx, nthreads - 1))
        issuer = p()
        emit("\tsetp.eq.s32 \t%s, %s, 0;" % (issuer, idx))
        # Byte offset of this thread in a slot (16 bytes per thread, inside
        # the slot: the tile and the staging slot hold every thread's).
        per = 16 if nthreads * 16 <= min(k.tile, k.stage_bytes) else 4
        off = r32()
        emit("\tshl.b32 \t%s, %s, %d;" % (off, idx, 4 if per == 16 else 2))
        if per == 4:
            emit("\tand.b32 \t%s, %s, %d;" %
                 (off, off, min(k.tile, k.stage_bytes) - 4))
        rd = r32()
        emit("\tadd.s32 \t%s, %%r7, %s;" % (rd, off))
        stage = r32()
        emit("\tmov.u32 \t%s, stage%d;" % (stage, r))
        wr = r32()
        emit("\tadd.s32 \t%s, %s, %s;" % (wr, stage, off))
        acc = r32()
        emit("\tmov.b32 \t%s, 0;" % acc)
        it = r32()
        emit("\tmov.b32 \t%s, 0;" % it)
        parity = r32()
        emit("\tmov.b32 \t%s, 0;" % parity)
        rolled = k.rolled[r]
        handoff = k.handoff[r]
        if handoff:
            # The parity of the `sempty` phases: a fresh barrier's preceding
            # phase counts as complete, so the first round does not wait.
            sparity = r32()
            emit("\tmov.b32 \t%s, 1;" % sparity)
        if rolled:
            # Stage counters of both rings, carried by the loop.
            ring_slot, stage_slot = r32(), r32()
            emit("\tmov.b32 \t%s, 0;" % ring_slot)
            emit("\tmov.b32 \t%s, 0;" % stage_slot)
        if k.lag[r]:
            emit_lagging_consumer(r, rd, acc, it, parity, ring_slot)
            first_warp += warps
            continue
        cloop = fresh("cloop%d" % r)
        emit("%s:" % cloop)
        for j in range(1 if rolled else k.unroll):
            if rolled:
                # Slot offsets from the counters: s * TILE, 8 * s, e * STAGE.
                roff, boff, soff = r32(), r32(), r32()
                emit("\tmul.lo.s32 \t%s, %s, %d;" % (roff, ring_slot, k.tile))
                emit("\tshl.b32 \t%s, %s, 3;" % (boff, ring_slot))
                emit("\tmul.lo.s32 \t%s, %s, %d;" %
                     (soff, stage_slot, k.stage_bytes))
                fb, eb, ra, wa, sa = r32(), r32(), r32(), r32(), r32()
                emit("\tadd.s32 \t%s, %%r5, %s;" % (fb, boff))
                emit("\tadd.s32 \t%s, %%r6, %s;" % (eb, boff))
                emit("\tadd.s32 \t%s, %s, %s;" % (ra, rd, roff))
                emit("\tadd.s32 \t%s, %s, %s;" % (wa, wr, soff))
                emit("\tadd.s32 \t%s, %s, %s;" % (sa, stage, soff))
                full_op, empty_op = "[%s]" % fb, "[%s]" % eb
                read_op, write_op, src = ("[%s]" % ra, "[%s]" % wa,
                                          "[%s]" % sa)
            else:
                s = j % k.slots
                e = j % E
                full_op = "[full+%d]" % (8 * s)
                empty_op = "[empty+%d]" % (8 * s)
                read_op = "[%s+%d]" % (rd, s * k.tile)
                write_op = "[%s+%d]" % (wr, e * k.stage_bytes)
                src = "[stage%d+%d]" % (r, e * k.stage_bytes) if e else \
                    "[stage%d]" % r
            wait_parity(full_op, parity)
            # Read the slot through the generic proxy.
            if k.ldmatrix[r] and per == 16:
                v = [r32() for _ in range(4)]
                emit("\tldmatrix.sync.aligned.m8n8.x4.shared::cta.b16 \t"
                     "{%s}, %s;" % (", ".join(v), read_op))
            else:
                v = [r32()]
                emit("\tld.shared.u32 \t%s, %s;" % (v[0], read_op))
            for x in v:
                emit("\tadd.s32 \t%s, %s, %s;" % (acc, acc, x))
            # The reads are done with the slot: fence, hand it back.
            emit("\tfence.proxy.async.shared::cta;")
            emit("\tmbarrier.arrive.shared::cta.b64 \t_, %s;" % empty_op)
            if rolled:
                wrap, flip = p(), r32()
                emit("\tadd.s32 \t%s, %s, 1;" % (ring_slot, ring_slot))
                emit("\tsetp.eq.s32 \t%s, %s, %d;" % (wrap, ring_slot,
                                                      k.slots))
                emit("\tselp.b32 \t%s, 0, %s, %s;" % (ring_slot, ring_slot,
                                                      wrap))
                emit("\tselp.b32 \t%s, 1, 0, %s;" % (flip, wrap))
                emit("\txor.b32 \t%s, %s, %s;" % (parity, parity, flip))
            elif s == k.slots - 1:
                emit("\txor.b32 \t%s, %s, 1;" % (parity, parity))
            if handoff and rolled:
                # The storer has finished reading the slot the counter
                # picks.
                sboff, sempty_base, sfull_base = r32(), r32(), r32()
                sempty_at, sfull_at = r32(), r32()
                emit("\tshl.b32 \t%s, %s, 3;" % (sboff, stage_slot))
                emit("\tmov.u32 \t%s, sempty%d;" % (sempty_base, r))
                emit("\tadd.s32 \t%s, %s, %s;" % (sempty_at, sempty_base, sboff))
                emit("\tmov.u32 \t%s, sfull%d;" % (sfull_base, r))
                emit("\tadd.s32 \t%s, %s, %s;" % (sfull_at, sfull_base, sboff))
                wait_parity("[%s]" % sempty_at, sparity)
            elif handoff:
                # The storer has finished reading slot e.
                wait_parity("[sempty%d+%d]" % (r, 8 * e), sparity)
            # Write the result into staging slot e, fence, meet.
            if k.stmatrix[r] and per == 16:
                emit("\tstmatrix.sync.aligned.m8n8.x4.shared::cta.b16 \t"
                     "%s, {%s, %s, %s, %s};" % (write_op, acc, acc, acc, acc))
            else:
                emit("\tst.shared.u32 \t%s, %s;" % (write_op, acc))
            emit("\tfence.proxy.async.shared::cta;")
            if handoff and rolled:
                # Hand the slot to the storer; advance the staging counter.
                emit("\tmbarrier.arrive.shared::cta.b64 \t_, [%s];" % sfull_at)
                advance(stage_slot, E, sparity)
                continue
            if handoff:
                # Hand slot e to the storer.
                emit("\tmbarrier.arrive.shared::cta.b64 \t_, [sfull%d+%d];" %
                     (r, 8 * e))
                if e == E - 1:
                    emit("\txor.b32 \t%s, %s, 1;" % (sparity, sparity))
                continue
            barrier_id = 1 + r
            emit("\tbar.sync \t%d, %d;" % (barrier_id, nthreads))
            store = ("cp.async.bulk.tensor.2d.global.shared::cta.tile."
                     "bulk_group [%%rd4, {%d, %s}], %s;" % (64 * r, it, src))
            wait = "cp.async.bulk.wait_group.read \t%d; // needed" % (E - 1)
            needed_waits += 1
            how = k.issue[r]
            if how == "guard":
                emit("\t@%s %s" % (issuer, store))
                emit("\t@%s cp.async.bulk.commit_group;" % issuer)
                emit("\t@%s %s" % (issuer, wait))
            elif how == "branch":
                skip = fresh("skip")
                emit("\t@!%s bra \t%s;" % (issuer, skip))
                emit("\t%s" % store)
                emit("\tcp.async.bulk.commit_group;")
                emit("\t%s" % wait)
                emit("%s:" % skip)
            else:
                skip = fresh("skip")
                emit("\t@!%s bra \t%s;" % (issuer, skip))
                emit("\t%s" % store)
                emit("\tcp.async.bulk.commit_group;")
                emit("%s:" % skip)
                emit("\tadd.s32 \t%s, %s, 1;" % (acc, acc))
                skip = fresh("skip")
                emit("\t@!%s bra \t%s;" % (issuer, skip))
                emit("\t%s" % wait)
                emit("%s:" % skip)
            emit("\tbar.sync \t%d, %d;" % (barrier_id, nthreads))
            if rolled:
                emit("\tadd.s32 \t%s, %s, 1;" % (stage_slot, stage_slot))
                if E > 1:
                    emit("\tand.b32 \t%s, %s, %d;" % (stage_slot, stage_slot,
                                                      E - 1))
                else:
                    emit("\tmov.b32 \t%s, 0;" % stage_slot)
        q = p()
        emit("\tadd.s32 \t%s, %s, %d;" % (it, it, 1 if rolled else k.unroll))
        emit("\tsetp.lt.s32 \t%s, %s, %%r1;" % (q, it))
        emit("\t@%s bra \t%s;" % (q, cloop))
        if not handoff:
            emit("\t@%s cp.async.bulk.wait_group.read \t0;" % issuer)
        emit("\tst.global.u32 \t[%%rd6], %s;" % acc)
        emit("\tbra.uni \t%s;" % exit_label)
        first_warp += warps

    # The storers: one lane of each storer warp stores the slots its role
    # hands over, in order, and hands each back once its read is complete.
    for r in storers:
        E = k.stages[r]
        emit("%s:" % storer_labels[r])
        q = p()
        emit("\tsetp.ne.s32 \t%s, %%r4, 0;" % q)
        emit("\t@%s bra \t%s;" % (q, exit_label))
        it, fparity = r32(), r32()
        emit("\tmov.b32 \t%s, 0;" % it)
        emit("\tmov.b32 \t%s, 0;" % fparity)
        sloop = fresh("sloop%d" % r)
        if k.rolled_handoff[r]:
            # Rolled: the slot from a stage counter of the storer's own.
            slot = r32()
            emit("\tmov.b32 \t%s, 0;" % slot)
            emit("%s:" % sloop)
            boff, fbase, ebase, sbase = r32(), r32(), r32(), r32()
            fb, eb, soff, src = r32(), r32(), r32(), r32()
            emit("\tshl.b32 \t%s, %s, 3;" % (boff, slot))
            emit("\tmov.u32 \t%s, sfull%d;" % (fbase, r))
            emit("\tadd.s32 \t%s, %s, %s;" % (fb, fbase, boff))
            emit("\tmov.u32 \t%s, sempty%d;" % (ebase, r))
            emit("\tadd.s32 \t%s, %s, %s;" % (eb, ebase, boff))
            emit("\tmul.lo.s32 \t%s, %s, %d;" % (soff, slot, k.stage_bytes))
            emit("\tmov.u32 \t%s, stage%d;" % (sbase, r))
            emit("\tadd.s32 \t%s, %s, %s;" % (src, sbase, soff))
            wait_parity("[%s]" % fb, fparity)
            emit("\tcp.async.bulk.tensor.2d.global.shared::cta.tile."
                 "bulk_group [%%rd4, {%d, %s}], [%s];" % (64 * r, it, src))
            emit("\tcp.async.bulk.commit_group;")
            emit("\tcp.async.bulk.wait_group.read \t0; // needed")
            needed_waits += 1
            emit("\tmbarrier.arrive.shared::cta.b64 \t_, [%s];" % eb)
            advance(slot, E, fparity)
            q = p()
            emit("\tadd.s32 \t%s, %s, 1;" % (it, it))
            emit("\tsetp.lt.s32 \t%s, %s, %%r1;" % (q, it))
            emit("\t@%s bra \t%s;" % (q, sloop))
            emit("\tbra.uni \t%s;" % exit_label)
            continue
        emit("%s:" % sloop)
        for j in range(k.unroll):
            e = j % E
            wait_parity("[sfull%d+%d]" % (r, 8 * e), fparity)
            src = "[stage%d+%d]" % (r, e * k.stage_bytes) if e else \
                "[stage%d]" % r
            emit("\tcp.async.bulk.tensor.2d.global.shared::cta.tile."
                 "bulk_group [%%rd4, {%d, %s}], %s;" % (64 * r, it, src))
            emit("\tcp.async.bulk.commit_group;")
            emit("\tcp.async.bulk.wait_group.read \t0; // needed")
            needed_waits += 1
            emit("\tmbarrier.arrive.shared::cta.b64 \t_, [sempty%d+%d];" %
                 (r, 8 * e))
            if e == E - 1:
                emit("\txor.b32 \t%s, %s, 1;" % (fparity, fparity))
        q = p()
        emit("\tadd.s32 \t%s, %s, %d;" % (it, it, k.unroll))
        emit("\tsetp.lt.s32 \t%s, %s, %%r1;" % (q, it))
        emit("\t@%s bra \t%s;" % (q, sloop))
        emit("\tbra.uni \t%s;" % exit_label)
    emit("%s:" % exit_label)
    emit("\tret;")
    emit("}")
    features = {
        "target " + k.target, "ring of %d slots" % k.slots,
        "%d consumer roles" % k.roles,
        "producer lane by " + ("elect.sync" if k.elect else "%tid.x"),
        "slot addresses in " + ("registers" if k.addr_reg else "symbols"),
    }
    for r in range(k.roles):
        features.add("staging ring of %d slots" % k.stages[r])
        if k.rolled_handoff[r]:
            features.add("epilogue handed to a storer warp, rolled")
        features.add("epilogue handed to a storer warp" if k.handoff[r]
                     else "issuer " + k.issue[r])
        features.add("consumer loop " + ("rolled (stage counters)"
                                         if k.rolled[r] else "unrolled"))
        if k.lag[r]:
            features.add("release one stage late (release counter)")
        if k.ldmatrix[r] and 32 * k.warps[r] * 16 <= min(k.tile,
                                                         k.stage_bytes):
            features.add("ldmatrix reads")
        if k.stmatrix[r] and 32 * k.warps[r] * 16 <= min(k.tile,
                                                         k.stage_bytes):
            features.add("stmatrix writes")
    info = {"seed": seed, "target": k.target, "slots": k.slots,
            "roles": k.roles, "stages": k.stages, "unroll": k.unroll,
            "needed_waits": needed_waits, "features": sorted(features)}
    return "\n".join(out) + "\n", info


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--target", choices=["sm_90a", "sm_100a"])
    parser.add_argument("-o", "--output")
    args = parser.parse_args()
    text, _ = generate(args.seed, args.target)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
