//===- EngineTest.cpp - the IR-agnostic proxy-fence rules ----------------===//
//
// The rules of include/proxyfence/Engine/Frontier.h on hand-numbered
// accesses: what each fence scope orders under both readings, the cluster
// arrive that publishes, the fence ledger's verdicts, and what a wait for
// all but the newest N commit groups completes, and the hand-off rules of
// HandOff.h (which arrives meet which waits, what a hand-off proves), and
// the lagging stage counters of Counters.h.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Engine/Completion.h"
#include "proxyfence/Engine/Counters.h"
#include "proxyfence/Engine/FenceVerdicts.h"
#include "proxyfence/Engine/Frontier.h"
#include "proxyfence/Engine/HandOff.h"

#include "gtest/gtest.h"

#include <set>

using namespace proxyfence;
using namespace proxyfence::engine;

namespace {

llvm::BitVector bits(unsigned size, std::initializer_list<unsigned> set) {
  llvm::BitVector v(size);
  for (unsigned i : set)
    v.set(i);
  return v;
}

TEST(Engine, HazardKinds) {
  EXPECT_EQ(getHazardKind(true, false), HazardKind::RAW);
  EXPECT_EQ(getHazardKind(false, true), HazardKind::WAR);
  EXPECT_EQ(getHazardKind(true, true), HazardKind::WAW);
  EXPECT_EQ(getHazardKind(false, false), std::nullopt);
  EXPECT_EQ(stringifyHazardKind(HazardKind::WAR), "WAR");
}

// Key 0: a write of the CTA's own bytes; key 1: a write of another CTA's
// (st.shared::cluster through mapa).
TEST(Engine, CtaFenceByStateSpace) {
  FenceRules rules(bits(2, {1}), 0, CtaFenceReading::ByStateSpace);
  FenceFrontier state = rules.entry();
  rules.access(state, 0);
  rules.access(state, 1);
  EXPECT_EQ(rules.unordered(state, Scope::CTA), bits(2, {0, 1}));
  EXPECT_EQ(rules.why(state, 0, Scope::CTA), Unordered::NoFence);
  rules.fence(state, Scope::CTA);
  // The own-CTA write is ordered for every async access of its bytes, the
  // other CTA's only by a cluster fence, for any async op (that CTA's).
  EXPECT_EQ(rules.unordered(state, Scope::Cluster), bits(2, {1}));
  EXPECT_EQ(rules.unordered(state, Scope::CTA), bits(2, {1}));
  EXPECT_EQ(rules.why(state, 1, Scope::CTA), Unordered::CtaFenceOnly);
  EXPECT_EQ(rules.requiredScope(1, Scope::CTA), Scope::Cluster);
  EXPECT_EQ(rules.requiredScope(0, Scope::CTA), Scope::CTA);
  rules.fence(state, Scope::Cluster);
  EXPECT_TRUE(rules.pending(state).none());
}

// The missing fences at an async access: the unordered keys whose bytes
// the front-end says meet, with the scope each fence needs.
TEST(Engine, MissingFences) {
  FenceRules rules(bits(3, {2}), 0, CtaFenceReading::ByStateSpace);
  FenceFrontier state = rules.entry();
  for (unsigned key : {0u, 1u, 2u})
    rules.access(state, key);
  auto conflict = [](unsigned key) -> std::optional<HazardKind> {
    if (key == 1)
      return std::nullopt; // other bytes
    return key == 0 ? HazardKind::RAW : HazardKind::WAW;
  };
  llvm::SmallVector<FenceRules::Missing, 4> missing =
      rules.missingFences(state, Scope::CTA, conflict);
  ASSERT_EQ(missing.size(), 2u);
  EXPECT_EQ(missing[0].key, 0u);
  EXPECT_EQ(missing[0].kind, HazardKind::RAW);
  EXPECT_EQ(missing[0].scope, Scope::CTA);
  EXPECT_EQ(missing[1].key, 2u);
  EXPECT_EQ(missing[1].scope, Scope::Cluster);
  rules.fence(state, Scope::CTA);
  missing = rules.missingFences(state, Scope::CTA, conflict);
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0].key, 2u);
  EXPECT_EQ(missing[0].why, Unordered::CtaFenceOnly);
}

TEST(Engine, CtaFenceConservative) {
  FenceRules rules(bits(2, {1}), 0, CtaFenceReading::Conservative);
  FenceFrontier state = rules.entry();
  rules.access(state, 0);
  rules.fence(state, Scope::CTA);
  EXPECT_TRUE(rules.unordered(state, Scope::CTA).none());
  EXPECT_EQ(rules.unordered(state, Scope::Cluster), bits(2, {0}));
  EXPECT_EQ(rules.why(state, 0, Scope::Cluster), Unordered::CtaFenceOnly);

  // The over-wide probe reads one CTA fence conservatively under either
  // reading.
  FenceRules byStateSpace(bits(2, {1}), 0, CtaFenceReading::ByStateSpace);
  FenceFrontier probe = byStateSpace.entry();
  byStateSpace.access(probe, 0);
  byStateSpace.fence(probe, Scope::CTA, std::nullopt, /*conservative=*/true);
  EXPECT_EQ(byStateSpace.unordered(probe, Scope::Cluster), bits(2, {0}));
}

TEST(Engine, ClusterFenceAfterArrive) {
  FenceRules rules(bits(1, {}), 0, CtaFenceReading::ByStateSpace);
  FenceFrontier state = rules.entry();
  rules.access(state, 0);
  rules.clusterArrive(state);
  rules.fence(state, Scope::Cluster);
  // Fenced, but after the arrive that published it: not yet ordered for
  // another CTA's async op.
  EXPECT_EQ(rules.unordered(state, Scope::Cluster), bits(1, {0}));
  EXPECT_EQ(rules.why(state, 0, Scope::Cluster), Unordered::FencedAfterArrive);
  EXPECT_TRUE(rules.unordered(state, Scope::CTA).none());
  rules.clusterArrive(state);
  EXPECT_TRUE(rules.pending(state).none());
}

TEST(Engine, FreedMbarrierBytes) {
  FenceRules rules(bits(1, {}), 0, CtaFenceReading::ByStateSpace);
  FenceFrontier state = rules.entry();
  rules.access(state, 0);
  rules.invalidate(state, 0);
  EXPECT_TRUE(state.freed.test(0));
  rules.fence(state, Scope::Cluster);
  EXPECT_FALSE(state.freed.test(0));
  // mbarrier.init of the barrier again: a barrier, not data.
  rules.access(state, 0);
  rules.invalidate(state, 0);
  rules.revive(state, 0);
  EXPECT_FALSE(state.freed.test(0));
  EXPECT_TRUE(state.cta.test(0)); // still a pending generic access
}

TEST(Engine, MergeIsUnionAndGrowsEmptyJoins) {
  FenceRules rules(bits(3, {}), 2, CtaFenceReading::Conservative);
  FenceFrontier a = rules.entry(), b = rules.entry();
  rules.access(a, 0);
  rules.fence(b, Scope::CTA, 1u);
  rules.access(b, 2);
  FenceFrontier joined; // a dataflow's empty join
  EXPECT_TRUE(joined.merge(a));
  EXPECT_TRUE(joined.merge(b));
  EXPECT_FALSE(joined.merge(a));
  EXPECT_EQ(joined.cta, bits(3, {0, 2}));
  EXPECT_EQ(joined.lastCta, bits(2, {1}));
  FenceFrontier unused;
  rules.access(unused, 1); // sized on first use
  EXPECT_EQ(unused.cta, bits(3, {1}));
}

// g (key 0), a CTA fence 0, a cluster fence 1, a (key 1, a CTA-reach async
// read of g's bytes): each fence alone orders nothing (the other still
// does), but not both: the greedy verdict calls the first spurious and keeps
// the second, which is over-wide (the pair is the CTA frontier's).
TEST(Engine, LedgerGreedyKeepsOneOfTwoFences) {
  FenceRules rules(bits(2, {}), 2, CtaFenceReading::Conservative);
  FenceLedger ledger(rules, 2);
  FenceFrontier state = rules.entry();
  rules.access(state, 0);
  for (auto [fence, scope] : {std::pair(0u, Scope::CTA),
                              std::pair(1u, Scope::Cluster)}) {
    ledger.atFence(state, fence, scope);
    rules.fence(state, scope, fence);
  }
  ledger.atAsync(state, 1, Scope::CTA);
  EXPECT_TRUE(ledger.isReached(0) && ledger.isReached(1));
  auto adds = [](const llvm::BitVector &pending, const llvm::BitVector &reached,
                 bool throughCluster) {
    return !throughCluster && pending.test(0) && reached.test(1);
  };
  EXPECT_FALSE(ledger.alone(0, adds).ordersHazard);
  EXPECT_FALSE(ledger.alone(1, adds).ordersHazard);
  std::vector<FenceLedger::Verdict> verdicts = ledger.greedy({0, 1}, adds);
  ASSERT_EQ(verdicts.size(), 2u);
  EXPECT_TRUE(verdicts[0].spurious);
  EXPECT_FALSE(verdicts[1].spurious);
  EXPECT_TRUE(verdicts[1].overwide);
  // In the other order the cluster fence goes and the CTA fence stays.
  verdicts = ledger.greedy({1, 0}, adds);
  EXPECT_TRUE(verdicts[0].spurious);
  EXPECT_FALSE(verdicts[1].spurious);
}

// wait_group N completes a read once N groups newer than its own are
// committed; a join keeps the least completed path; the count is capped.
TEST(Engine, CommitCounts) {
  CommitCount read;
  EXPECT_FALSE(read.isCommitted());
  EXPECT_FALSE(read.completedBy(0)); // not committed: no wait completes it
  read.commit();
  EXPECT_TRUE(read.completedBy(0));
  EXPECT_FALSE(read.completedBy(1));
  read.commit();
  EXPECT_TRUE(read.completedBy(1));
  // Triton's TMA stores and wgmmas: each read is its own group.
  CommitCount own = CommitCount::ownGroup();
  EXPECT_TRUE(own.completedBy(0));
  EXPECT_FALSE(own.completedBy(1));
  read.join(own);
  EXPECT_EQ(read, own);
  for (unsigned i = 0; i != 2 * CommitCount::kCap; ++i)
    read.commit();
  EXPECT_EQ(read.groups, CommitCount::kCap);
  EXPECT_TRUE(read.completedBy(CommitCount::kCap - 1));
  EXPECT_FALSE(read.completedBy(CommitCount::kCap));
}

/// The keys `state` holds pending for this thread, and for other threads.
static std::vector<unsigned> selfKeys(const PendingReads &state) {
  std::vector<unsigned> keys;
  for (const auto &entry : state.self)
    keys.push_back(entry.first);
  return keys;
}

static bool always(unsigned) { return true; }

// Reads 0 (bulk) and 1 (wgmma): commits and waits of one kind touch only
// that kind; a wait for all but N completes reads with more than N groups.
TEST(Engine, CompletionCommitAndWait) {
  CompletionRules rules({{CompletionGroup::Bulk}, {CompletionGroup::Wgmma}},
                        {}, /*uniformGuards=*/false);
  PendingReads state;
  rules.issue(state, 0, /*ownGroup=*/false);
  rules.issue(state, 1, /*ownGroup=*/false);
  rules.wait(state, CompletionGroup::Bulk, 0, always);
  EXPECT_EQ(selfKeys(state), (std::vector<unsigned>{0, 1})); // not committed
  rules.commit(state, CompletionGroup::Bulk, always);
  rules.wait(state, CompletionGroup::Bulk, 1, always);
  EXPECT_EQ(selfKeys(state), (std::vector<unsigned>{0, 1})); // 1 kept
  // A weakened wait (N + 1 for N): told of what the wait as written
  // completes.
  std::vector<unsigned> lengthened;
  rules.wait(state, CompletionGroup::Bulk, 1, always, /*asWritten=*/0,
             [&](unsigned key) { lengthened.push_back(key); });
  EXPECT_EQ(lengthened, std::vector<unsigned>{0});
  rules.wait(state, CompletionGroup::Bulk, 0, always);
  EXPECT_EQ(selfKeys(state), std::vector<unsigned>{1});
  // A commit or wait another thread runs does not apply.
  rules.commit(state, CompletionGroup::Wgmma, [](unsigned) { return false; });
  rules.wait(state, CompletionGroup::Wgmma, 0, always);
  EXPECT_EQ(selfKeys(state), std::vector<unsigned>{1});
  rules.commit(state, CompletionGroup::Wgmma, always);
  rules.wait(state, CompletionGroup::Wgmma, 0, always);
  EXPECT_TRUE(state.self.empty());
}

// A ring-slot read keeps an instance per counter advance; another read
// keeps its newest only. A restart loses the slots.
TEST(Engine, CompletionRingInstances) {
  CompletionRules::Read ring{CompletionGroup::Bulk, /*ringSlot=*/true,
                             /*counter=*/0};
  CompletionRules rules({ring, {CompletionGroup::Bulk}}, {4},
                        /*uniformGuards=*/false);
  PendingReads state;
  for (int k = 0; k != 3; ++k) {
    rules.issue(state, 0, false);
    rules.issue(state, 1, false);
    rules.commit(state, CompletionGroup::Bulk, always);
    rules.advance(state, 0, /*restart=*/false);
  }
  std::vector<int> deltas;
  rules.forEachPending(state, [&](unsigned key, int delta) {
    if (key == 0)
      deltas.push_back(delta);
  });
  llvm::sort(deltas);
  EXPECT_EQ(deltas, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(state.self.find(1)->second.size(), 1u);
  rules.advance(state, 0, /*restart=*/true);
  deltas.clear();
  rules.forEachPending(state, [&](unsigned key, int delta) {
    if (key == 0)
      deltas.push_back(delta);
  });
  EXPECT_TRUE(llvm::all_of(deltas, [](int d) { return d == kUnknownDelta; }));
}

// Along an edge that contradicts a read's guard: another thread's read
// (PTX), completed only by an execution barrier; with uniform guards
// (Triton), never issued.
TEST(Engine, CompletionAlongContradictingEdge) {
  auto contradicts = [](unsigned key) { return key == 0; };
  for (bool uniform : {false, true}) {
    CompletionRules rules({{CompletionGroup::Bulk}, {CompletionGroup::Bulk}},
                          {}, uniform);
    PendingReads state, scratch;
    rules.issue(state, 0, false);
    rules.issue(state, 1, false);
    const PendingReads &along = rules.alongEdge(state, contradicts, scratch);
    EXPECT_EQ(&along, &scratch);
    EXPECT_EQ(selfKeys(along), std::vector<unsigned>{1});
    EXPECT_EQ(along.other.size(), uniform ? 0u : 1u);
    PendingReads next = along;
    rules.commit(next, CompletionGroup::Bulk, always);
    rules.wait(next, CompletionGroup::Bulk, 0, always);
    EXPECT_TRUE(next.self.empty());
    EXPECT_EQ(next.other.size(), uniform ? 0u : 1u); // not this thread's
    rules.executionBarrier(next);
    EXPECT_TRUE(next.other.empty());
  }
}

// An mbarrier wait completes the reads committed to a barrier it may be
// on; a read committed to two barriers on joined paths, to any.
TEST(Engine, CompletionMbarrierCommits) {
  CompletionRules rules({{CompletionGroup::Mbarrier}}, {}, false);
  PendingReads a, b;
  rules.issue(a, 0, false);
  rules.issue(b, 0, false);
  auto waitsOn = [](int wanted) {
    return [wanted](int barrier) {
      return barrier == kAnyBarrier || barrier == wanted;
    };
  };
  auto never = [](unsigned) { return false; };
  PendingReads uncommitted = a;
  rules.waitBarrier(uncommitted, always, waitsOn(7), never);
  EXPECT_FALSE(uncommitted.self.empty()); // not committed
  rules.commitToBarrier(a, 7, always);
  rules.commitToBarrier(b, 8, always);
  PendingReads onlyA = a;
  rules.waitBarrier(onlyA, always, waitsOn(8), never);
  EXPECT_FALSE(onlyA.self.empty()); // committed to 7, waited on 8
  rules.waitBarrier(onlyA, always, waitsOn(7), never);
  EXPECT_TRUE(onlyA.self.empty());
  rules.join(a, b);
  EXPECT_EQ(a.self.find(0)->second.front().commitBarrier,
            std::optional<int>(kAnyBarrier));
  // Triton's MMA: its own group, signalling the barrier it names.
  PendingReads own;
  rules.issue(own, 0, /*ownGroup=*/true, /*barrier=*/7);
  rules.waitBarrier(own, always, waitsOn(8), never);
  EXPECT_FALSE(own.self.empty());
  rules.waitBarrier(own, always, waitsOn(7), never);
  EXPECT_TRUE(own.self.empty());
}

// TLX's token wait completes a read's newest issue; older ones stay.
TEST(Engine, CompletionNewestIssue) {
  CompletionRules::Read read{CompletionGroup::Bulk, false, -1,
                             /*keepsOlder=*/true};
  CompletionRules rules({read}, {}, /*uniformGuards=*/true);
  PendingReads state;
  rules.commit(state, CompletionGroup::Bulk, always);
  rules.issue(state, 0, /*ownGroup=*/true);
  rules.commit(state, CompletionGroup::Bulk, always);
  rules.issue(state, 0, /*ownGroup=*/true);
  ASSERT_EQ(state.self.find(0)->second.size(), 2u);
  rules.completeNewest(state, 0);
  ASSERT_EQ(state.self.find(0)->second.size(), 1u);
  EXPECT_EQ(state.self.find(0)->second.front().groups.groups, 2u);
  rules.completeNewest(state, 0);
  EXPECT_TRUE(state.self.empty());
}

// Which arrives meet which waits: one barrier, or one ring (the slot is
// the front-end's to prove); wait-major, one barrier before the ring.
TEST(Engine, HandOffMeetings) {
  SyncPoint arrives[] = {{10, {0, std::nullopt}},
                         {11, {std::nullopt, 5}},
                         {12, {1, 5}},
                         {13, {std::nullopt, std::nullopt}}};
  SyncPoint waits[] = {{20, {1, 5}}, {21, {0, std::nullopt}}};
  std::vector<Meeting> met = meetings(arrives, waits);
  ASSERT_EQ(met.size(), 4u);
  EXPECT_EQ(met[0].arrive, 12u); // wait 20: barrier 1
  EXPECT_FALSE(met[0].throughRing);
  EXPECT_EQ(met[1].arrive, 11u); // wait 20: ring 5
  EXPECT_TRUE(met[1].throughRing);
  EXPECT_EQ(met[2].arrive, 12u);
  EXPECT_TRUE(met[2].throughRing);
  EXPECT_EQ(met[3].arrive, 10u); // wait 21: barrier 0
  EXPECT_EQ(met[3].wait, 21u);
}

// One barrier against a ring named by an index: the front-end places the
// barrier in the ring (slotOf); such meetings come after all the others.
TEST(Engine, HandOffMeetingsOfAConstantSlot) {
  SyncPoint arrives[] = {{10, {std::nullopt, 5}}, {11, {0, std::nullopt}}};
  SyncPoint waits[] = {{20, {1, std::nullopt}}, {21, {std::nullopt, 5}},
                       {22, {0, std::nullopt}}};
  auto slotOf = [](unsigned one, unsigned indexed) -> std::optional<int64_t> {
    if (one == 20 && indexed == 10)
      return 3;
    if (one == 11 && indexed == 21)
      return 0;
    return std::nullopt;
  };
  std::vector<Meeting> met = meetings(arrives, waits, slotOf);
  ASSERT_EQ(met.size(), 4u);
  EXPECT_EQ(met[0].arrive, 10u); // wait 21: ring 5
  EXPECT_FALSE(met[0].slot);
  EXPECT_EQ(met[1].arrive, 11u); // wait 22: barrier 0
  EXPECT_EQ(met[2].wait, 20u);   // barrier 1 is slot 3 of arrive 10's ring
  EXPECT_EQ(met[2].slot, std::optional<int64_t>(3));
  EXPECT_TRUE(met[2].throughRing);
  EXPECT_EQ(met[3].arrive, 11u); // barrier 0 is slot 0 of wait 21's ring
  EXPECT_EQ(met[3].wait, 21u);
  EXPECT_EQ(met[3].slot, std::optional<int64_t>(0));
  // Without slotOf, none of those.
  EXPECT_EQ(meetings(arrives, waits).size(), 2u);
}

// Unfenced on every path: a fence on one path is enough to leave it out;
// an arrive starts the history again.
TEST(Engine, MustUnfenced) {
  MustUnfenced a(3), b(3);
  a.access(0);
  a.access(1);
  b.access(0);
  b.access(1);
  b.fence();
  b.access(2);
  a.join(b);
  EXPECT_EQ(a.unfenced(), bits(3, {2}));
  a.access(0); // accessed again on every path: unfenced again
  EXPECT_EQ(a.unfenced(), bits(3, {0, 2}));
  a.arrive();
  EXPECT_TRUE(a.unfenced().none());
}

// A fence hand-off is proven through one barrier when the key is unfenced
// at the arrive; through a ring only when the slot is proven too.
TEST(Engine, FenceHandOffs) {
  std::vector<Meeting> met = {{10, 20, /*throughRing=*/true},
                              {11, 20, /*throughRing=*/false}};
  FenceHandOffs handOffs(met, [](unsigned wait) {
    return std::vector<uint64_t>{wait == 20 ? 100u : 0u};
  });
  auto unfencedAt = [](unsigned arrive, unsigned key) {
    return key == 0 || arrive == 10;
  };
  auto meets = [](unsigned, uint64_t) { return true; };
  auto noSlot = [](unsigned, uint64_t, const Meeting &) { return false; };
  auto slot = [](unsigned, uint64_t, const Meeting &) { return true; };
  // Key 0: the one-barrier meeting wins over the ring, though listed later.
  std::optional<Meeting> proof = handOffs.prove(0, 100, unfencedAt, meets, slot);
  ASSERT_TRUE(proof);
  EXPECT_EQ(proof->arrive, 11u);
  EXPECT_FALSE(proof->throughRing);
  // Key 1 is fenced at arrive 11: only the ring, with its slot proven.
  EXPECT_FALSE(handOffs.prove(1, 100, unfencedAt, meets, noSlot));
  proof = handOffs.prove(1, 100, unfencedAt, meets, slot);
  ASSERT_TRUE(proof);
  EXPECT_TRUE(proof->throughRing);
  // Through one barrier only where the bytes are proven to meet.
  proof = handOffs.prove(0, 100, unfencedAt,
                         [](unsigned, uint64_t) { return false; }, slot);
  ASSERT_TRUE(proof);
  EXPECT_TRUE(proof->throughRing);
  // An access no wait is followed by.
  EXPECT_FALSE(handOffs.prove(0, 7, unfencedAt, meets, slot));
}

// A completion hand-off: through one barrier, each overwriting write; through
// a ring, each write whose slot the front-end proves.
TEST(Engine, CompletionHandOffs) {
  Release releases[] = {{{10, {0, std::nullopt}}, 0},
                        {{11, {std::nullopt, 3}}, 1},
                        {{12, {0, std::nullopt}}, 2}};
  SyncPoint waits[] = {{20, {0, 3}}};
  std::vector<uint64_t> writes = {7, 8};
  std::vector<std::pair<unsigned, unsigned>> matched;
  std::vector<std::pair<unsigned, uint64_t>> found;
  completionHandOffs(
      releases, waits,
      [&](unsigned) -> const std::vector<uint64_t> & { return writes; },
      [](unsigned release, uint64_t write) {
        return release != 2 || write == 8;
      },
      [&](unsigned release, unsigned wait) {
        matched.push_back({release, wait});
      },
      [&](unsigned release, unsigned, uint64_t write, bool ring) {
        EXPECT_FALSE(ring);
        found.push_back({release, write});
      });
  using M = std::pair<unsigned, unsigned>;
  using F = std::pair<unsigned, uint64_t>;
  EXPECT_EQ(matched, (std::vector<M>{{0, 20}, {2, 20}}));
  EXPECT_EQ(found, (std::vector<F>{{0, 7}, {0, 8}, {2, 8}}));
  // Through the ring: release 1 names a slot of the wait's ring; only the
  // writes whose slot (and overwrite) the front-end proves are visited,
  // and the meeting is not told to `matched`.
  matched.clear();
  found.clear();
  std::vector<F> ringFound;
  completionHandOffs(
      releases, waits,
      [&](unsigned) -> const std::vector<uint64_t> & { return writes; },
      [](unsigned, uint64_t) { return true; },
      [&](unsigned release, unsigned wait) {
        matched.push_back({release, wait});
      },
      [&](unsigned release, unsigned, uint64_t write, bool ring) {
        (ring ? ringFound : found).push_back({release, write});
      },
      [](unsigned release, unsigned, uint64_t write) {
        return release == 1 && write == 8;
      });
  EXPECT_EQ(matched, (std::vector<M>{{0, 20}, {2, 20}}));
  EXPECT_EQ(ringFound, (std::vector<F>{{1, 8}}));
}

// The greedy verdicts: removed fences stay removed for the later ones' answers
// (two adjacent equal fences: one is reported); over-wide is asked only
// of needed cluster fences; an unneeded fence may be kept or redundant.
TEST(Engine, GreedyFenceVerdicts) {
  // Fences 1 and 2 order the same pair: removing either alone matters
  // only once the other is gone.
  std::set<unsigned> removed;
  std::vector<unsigned> narrowAsked;
  auto matters = [&](unsigned f) {
    if (f == 1)
      return removed.count(2) != 0;
    if (f == 2)
      return removed.count(1) != 0;
    return f == 0 || f == 3;
  };
  auto narrowing = [&](unsigned f) {
    narrowAsked.push_back(f);
    return f == 0 || f == 2;
  };
  auto unneeded = [](unsigned f) {
    return f == 4 ? FenceVerdict::Kept
                  : f == 5 ? FenceVerdict::Redundant : FenceVerdict::Spurious;
  };
  FenceQuestions questions;
  questions.removalMatters = matters;
  questions.narrowingMatters = narrowing;
  questions.unneeded = unneeded;
  auto remove = [&](unsigned f) { removed.insert(f); };
  questions.remove = remove;
  std::vector<FenceSite> sites = {{0, Scope::Cluster}, {1, Scope::CTA},
                                  {2, Scope::Cluster}, {3, Scope::Cluster},
                                  {4, Scope::CTA},     {5, Scope::CTA}};
  std::vector<FenceVerdict> verdicts = greedyFenceVerdicts(sites, questions);
  EXPECT_EQ(verdicts,
            (std::vector<FenceVerdict>{
                FenceVerdict::Needed, FenceVerdict::Spurious,
                FenceVerdict::Needed /* 1 is gone: 2 matters */,
                FenceVerdict::Overwide, FenceVerdict::Kept,
                FenceVerdict::Redundant}));
  EXPECT_EQ(removed, (std::set<unsigned>{1, 5}));
  EXPECT_EQ(narrowAsked, (std::vector<unsigned>{0, 2, 3}));
}

// A consumer that reads ring slot x and releases slot y one stage late,
// as points: 0 x = 0; 1 y = 0; 2 read (before the loop); 3 advance x;
// 4 read (the loop's); 5 nothing; 6 arrive on slot y; 7 advance y;
// 8 advance x; 9 loop back to 4 or on to 10; 10 arrive on slot y (the
// last); 11 the end.
struct LaggingConsumer {
  std::vector<std::vector<unsigned>> next = {{1}, {2}, {3},     {4},
                                             {5}, {6}, {7},     {8},
                                             {9}, {4, 10}, {11}, {}};
  std::set<unsigned> stops;
  llvm::ArrayRef<unsigned> successors(unsigned p) const { return next[p]; }
  CounterEffect x(unsigned p) const {
    if (p == 0)
      return {CounterEffect::Reset, 0};
    if (p == 3 || p == 8)
      return {CounterEffect::Advance, 0};
    return {};
  }
  CounterEffect y(unsigned p) const {
    if (p == 1)
      return {CounterEffect::Reset, 0};
    if (p == 7)
      return {CounterEffect::Advance, 0};
    return {};
  }
  WalkStep step(unsigned p) const {
    if (stops.count(p))
      return WalkStep::Stop;
    if (p == 6 || p == 10)
      return WalkStep::ArriveY;
    return p == 7 ? WalkStep::AdvanceY : WalkStep::Pass;
  }
};

TEST(Engine, CounterDifferenceOfALaggingRelease) {
  LaggingConsumer k;
  auto next = [&](unsigned p) { return k.successors(p); };
  std::vector<std::optional<unsigned>> d = counterDifference(
      12, 0, 2, next, [&](unsigned p) { return k.x(p); },
      [&](unsigned p) { return k.y(p); });
  EXPECT_FALSE(d[0].has_value()); // nothing known at the entry
  EXPECT_EQ(d[2], std::optional<unsigned>(0));
  // In the loop x runs one stage ahead, on every path.
  EXPECT_EQ(d[4], std::optional<unsigned>(1));
  EXPECT_EQ(d[7], std::optional<unsigned>(1));
  EXPECT_EQ(d[8], std::optional<unsigned>(0));
  EXPECT_EQ(d[10], std::optional<unsigned>(1));
  // y's own value: 0 before the loop, either slot in it.
  std::vector<std::optional<unsigned>> v =
      counterValue(12, 0, 2, next, [&](unsigned p) { return k.y(p); });
  EXPECT_EQ(v[2], std::optional<unsigned>(0));
  EXPECT_FALSE(v[4].has_value());
}

TEST(Engine, MustReachSlotArrive) {
  LaggingConsumer k;
  auto next = [&](unsigned p) { return k.successors(p); };
  auto step = [&](unsigned p) { return k.step(p); };
  // The loop's read of slot x (y = x - 1): released by the next
  // iteration's arrive or the last one, not by its own iteration's.
  std::optional<std::vector<unsigned>> arrives =
      mustReachSlotArrive(4, 1, 2, next, step);
  ASSERT_TRUE(arrives.has_value());
  EXPECT_EQ(std::set<unsigned>(arrives->begin(), arrives->end()),
            (std::set<unsigned>{6, 10}));
  // The read before the loop (y = x): by the loop's first arrive.
  arrives = mustReachSlotArrive(2, 0, 2, next, step);
  ASSERT_TRUE(arrives.has_value());
  EXPECT_EQ(*arrives, (std::vector<unsigned>{6}));
  // A fence on the way: nothing proven.
  k.stops = {5};
  EXPECT_FALSE(mustReachSlotArrive(4, 1, 2, next, step).has_value());
  k.stops.clear();
  // A path that ends the thread before the slot is released.
  k.next[7] = {8, 11};
  EXPECT_FALSE(mustReachSlotArrive(4, 1, 2, next, step).has_value());
  // ... which the read before the loop does not take.
  EXPECT_TRUE(mustReachSlotArrive(2, 0, 2, next, step).has_value());
}

} // namespace
