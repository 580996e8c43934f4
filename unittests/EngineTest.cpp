//===- EngineTest.cpp - the IR-agnostic proxy-fence rules ----------------===//
//
// The rules of include/proxyfence/Engine/Frontier.h on hand-numbered
// accesses: what each fence scope orders under both readings, the cluster
// arrive that publishes, the fence ledger's verdicts, and what a wait for
// all but the newest N commit groups completes.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Engine/Completion.h"
#include "proxyfence/Engine/Frontier.h"

#include "gtest/gtest.h"

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

} // namespace
