//===- Frontier.cpp - the proxy-fence rules, for any IR ------------------===//
//
// Transfer functions of the fence frontier (include/proxyfence/Engine/
// Frontier.h). Each only adds keys or clears sets, so every dataflow over
// it converges.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Engine/Frontier.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace proxyfence;
using namespace proxyfence::engine;

llvm::StringRef proxyfence::stringifyHazardKind(HazardKind kind) {
  switch (kind) {
  case HazardKind::RAW:
    return "RAW";
  case HazardKind::WAR:
    return "WAR";
  case HazardKind::WAW:
    return "WAW";
  }
  llvm_unreachable("unknown hazard kind");
}

std::optional<HazardKind> proxyfence::getHazardKind(bool genericWrites,
                                                    bool asyncWrites) {
  if (!genericWrites && !asyncWrites)
    return std::nullopt;
  return !genericWrites ? HazardKind::WAR
         : asyncWrites  ? HazardKind::WAW
                        : HazardKind::RAW;
}

bool FenceFrontier::merge(const FenceFrontier &other) {
  bool changed = false;
  auto join = [&](llvm::BitVector &into, const llvm::BitVector &from) {
    if (into.size() < from.size())
      into.resize(from.size());
    if (from.none())
      return;
    // Whether `from` holds a bit `into` lacks, without a copy of it.
    if (!changed)
      changed = from.test(into);
    into |= from;
  };
  join(cta, other.cta);
  join(cluster, other.cluster);
  join(late, other.late);
  join(lateFenced, other.lateFenced);
  join(freed, other.freed);
  join(lastCta, other.lastCta);
  join(lastCluster, other.lastCluster);
  return changed;
}

bool FenceFrontier::operator==(const FenceFrontier &other) const {
  return cta == other.cta && cluster == other.cluster && late == other.late &&
         lateFenced == other.lateFenced && freed == other.freed &&
         lastCta == other.lastCta && lastCluster == other.lastCluster;
}

FenceFrontier FenceRules::entry() const {
  unsigned n = remote.size();
  return {llvm::BitVector(n),      llvm::BitVector(n), llvm::BitVector(n),
          llvm::BitVector(n),      llvm::BitVector(n), llvm::BitVector(fences),
          llvm::BitVector(fences)};
}

/// A default-constructed frontier (a dataflow's empty join) grows to the
/// rules' size on first use.
static void fit(FenceFrontier &state, unsigned keys, unsigned fences) {
  for (llvm::BitVector *bits : {&state.cta, &state.cluster, &state.late,
                                &state.lateFenced, &state.freed})
    if (bits->size() < keys)
      bits->resize(keys);
  for (llvm::BitVector *bits : {&state.lastCta, &state.lastCluster})
    if (bits->size() < fences)
      bits->resize(fences);
}

void FenceRules::access(FenceFrontier &state, unsigned key) const {
  fit(state, remote.size(), fences);
  state.cta.set(key);
  state.cluster.set(key);
}

void FenceRules::fence(FenceFrontier &state, Scope scope,
                       std::optional<unsigned> fence,
                       bool conservative) const {
  fit(state, remote.size(), fences);
  state.cta.reset();
  state.lastCta.reset();
  if (fence)
    state.lastCta.set(*fence);
  if (scope == Scope::Cluster) {
    state.lateFenced |= state.late;
    state.late.reset();
    state.cluster.reset();
    state.lastCluster.reset();
    if (fence)
      state.lastCluster.set(*fence);
  } else if (reading == CtaFenceReading::ByStateSpace && !conservative) {
    // The thread's accesses of its own CTA's bytes are ordered for every
    // async access of them; those that had crossed an arrive unfenced are
    // published by the next one.
    llvm::BitVector crossing = state.late;
    crossing.reset(remote);
    state.lateFenced |= crossing;
    state.late &= remote;
    state.cluster &= remote;
  }
  state.freed &= state.cluster;
}

void FenceRules::clusterArrive(FenceFrontier &state) const {
  fit(state, remote.size(), fences);
  state.lateFenced.reset();
  state.late |= state.cluster;
}

using Word = uintptr_t; // BitVector's word (getData)
constexpr unsigned kWordBits = sizeof(Word) * 8;

namespace {
/// The words of the keys an async access of `reach` is unordered after: the
/// rule of FenceRules::unordered, a word at a time. It holds the frontier's
/// words as local arrays, so a loop over them reloads nothing after a call.
struct UnorderedWords {
  UnorderedWords(const FenceFrontier &state, const llvm::BitVector &remote,
                 Scope reach)
      : cluster(state.cluster.getData()),
        lateFenced(state.lateFenced.getData()), cta(state.cta.getData()),
        remote(remote.getData()), reach(reach) {}

  /// How many words may hold a key.
  size_t size() const {
    return std::max({cluster.size(), lateFenced.size(), cta.size()});
  }
  Word operator[](size_t index) const {
    Word bits = at(cluster, index) | at(lateFenced, index);
    if (reach == Scope::Cluster)
      return bits;
    // A generic access of another CTA's shared memory meets this async op
    // as that CTA issues it: ordered by a cluster fence alone.
    return (bits & at(remote, index)) | at(cta, index);
  }
  static Word at(llvm::ArrayRef<Word> words, size_t index) {
    return index < words.size() ? words[index] : 0;
  }

  llvm::ArrayRef<Word> cluster, lateFenced, cta, remote;
  Scope reach;
};
} // namespace

llvm::BitVector FenceRules::unordered(const FenceFrontier &state,
                                      Scope reach) const {
  llvm::BitVector keys(remote.size());
  UnorderedWords words(state, remote, reach);
  for (size_t index = 0; index * kWordBits < keys.size(); ++index)
    for (Word bits = words[index]; bits; bits &= bits - 1)
      keys.set(index * kWordBits + llvm::countr_zero(bits));
  return keys;
}

Unordered FenceRules::why(const FenceFrontier &state, unsigned key,
                          Scope reach) const {
  if (reach != Scope::Cluster && !isRemote(key))
    return Unordered::NoFence;
  if (key >= state.cluster.size() || !state.cluster.test(key))
    return Unordered::FencedAfterArrive;
  if (key >= state.cta.size() || !state.cta.test(key))
    return Unordered::CtaFenceOnly;
  return Unordered::NoFence;
}

llvm::SmallVector<FenceRules::Missing, 4>
FenceRules::missingFences(const FenceFrontier &state, Scope reach,
                          Conflict conflict,
                          const llvm::BitVector *candidates) const {
  llvm::SmallVector<Missing, 4> missing;
  // unordered(state, reach) (restricted to the candidates) a word at a
  // time: this runs at every async access, and a vector built for each
  // would be allocated once a function has more than a few hundred keys.
  auto visit = [&](unsigned key) {
    if (std::optional<HazardKind> kind = conflict(key))
      missing.push_back(
          {key, *kind, requiredScope(key, reach), why(state, key, reach)});
  };
  // Without a remote key, an access of the CTA's reach is unordered after
  // exactly the CTA frontier's keys (UnorderedWords): found by skipping
  // its empty words, not by joining every word of four vectors.
  if (reach != Scope::Cluster && !anyRemote) {
    llvm::ArrayRef<Word> cta = state.cta.getData();
    size_t size = cta.size();
    llvm::ArrayRef<Word> allowed;
    if (candidates) {
      allowed = candidates->getData();
      size = std::min(size, allowed.size());
    }
    for (size_t index = 0; index != size; ++index)
      for (Word bits = candidates ? cta[index] & allowed[index] : cta[index];
           bits; bits &= bits - 1)
        visit(index * kWordBits + llvm::countr_zero(bits));
    return missing;
  }
  UnorderedWords words(state, remote, reach);
  llvm::ArrayRef<Word> allowed;
  if (candidates)
    allowed = candidates->getData();
  for (size_t index = 0, size = words.size(); index != size; ++index) {
    Word bits = words[index];
    if (candidates)
      bits &= UnorderedWords::at(allowed, index);
    for (; bits; bits &= bits - 1)
      visit(index * kWordBits + llvm::countr_zero(bits));
  }
  return missing;
}

llvm::BitVector FenceRules::pending(const FenceFrontier &state) const {
  llvm::BitVector all = state.cta;
  all.resize(remote.size());
  all |= state.cluster;
  all |= state.lateFenced;
  return all;
}

FenceLedger::FenceLedger(const FenceRules &rules, unsigned fences)
    : rules(rules), reached(fences) {
  unsigned n = rules.getNumKeys();
  records.resize(fences);
  for (Record &record : records)
    for (llvm::BitVector *bits :
         {&record.pendingCta, &record.pendingCluster, &record.reachedCta,
          &record.reachedCluster})
      bits->resize(n);
}

void FenceLedger::atFence(const FenceFrontier &state, unsigned fence,
                          Scope scope) {
  Record &record = records[fence];
  reached.set(fence);
  // The CTA frontier's pairs: the generic accesses of the thread's own CTA
  // (those of other CTAs' memory are the cluster frontier's).
  llvm::BitVector cta = state.cta;
  cta.resize(rules.getNumKeys());
  for (unsigned k : cta.set_bits())
    if (!rules.isRemote(k))
      record.pendingCta.set(k);
  for (unsigned previous : state.lastCta.set_bits())
    if (llvm::find(records[previous].nextCta, fence) ==
        records[previous].nextCta.end())
      records[previous].nextCta.push_back(fence);
  if (scope != Scope::Cluster)
    return;
  record.pendingCluster |= state.cluster;
  for (unsigned previous : state.lastCluster.set_bits())
    if (llvm::find(records[previous].nextCluster, fence) ==
        records[previous].nextCluster.end())
      records[previous].nextCluster.push_back(fence);
}

void FenceLedger::atAsync(const FenceFrontier &state, unsigned key,
                          Scope reach) {
  if (reach != Scope::Cluster)
    for (unsigned fence : state.lastCta.set_bits())
      records[fence].reachedCta.set(key);
  // A CTA-reach async access also reaches the last cluster fence: it
  // orders the cluster-reach generic accesses (addsHazard pairs them only
  // with those).
  for (unsigned fence : state.lastCluster.set_bits())
    records[fence].reachedCluster.set(key);
}

FenceLedger::Effect FenceLedger::alone(unsigned fence,
                                       AddsHazard addsHazard) const {
  const Record &record = records[fence];
  Effect effect;
  // Narrowed to the CTA, the fence no longer orders what cluster-reach
  // async accesses see; removed, it orders nothing.
  effect.needsClusterScope =
      addsHazard(record.pendingCluster, record.reachedCluster, true);
  effect.ordersHazard =
      effect.needsClusterScope ||
      addsHazard(record.pendingCta, record.reachedCta, false);
  return effect;
}

std::vector<FenceLedger::Verdict>
FenceLedger::greedy(llvm::ArrayRef<unsigned> order,
                    AddsHazard addsHazard) const {
  std::vector<llvm::SmallVector<unsigned, 2>> prevCta(records.size()),
      prevCluster(records.size());
  for (unsigned fence = 0; fence != records.size(); ++fence) {
    for (unsigned next : records[fence].nextCta)
      prevCta[next].push_back(fence);
    for (unsigned next : records[fence].nextCluster)
      prevCluster[next].push_back(fence);
  }
  llvm::BitVector removed(records.size());
  // The fences chained to `fence` through removed ones, and `fence`.
  auto chain = [&](unsigned fence, bool forward, bool cluster) {
    llvm::BitVector seen(records.size());
    llvm::SmallVector<unsigned> stack{fence};
    seen.set(fence);
    while (!stack.empty()) {
      unsigned at = stack.pop_back_val();
      const llvm::SmallVector<unsigned, 2> &edges =
          forward ? (cluster ? records[at].nextCluster : records[at].nextCta)
                  : (cluster ? prevCluster[at] : prevCta[at]);
      for (unsigned other : edges)
        if (removed.test(other) && !seen.test(other)) {
          seen.set(other);
          stack.push_back(other);
        }
    }
    return seen;
  };
  auto addsWithRemoved = [&](unsigned fence, bool cluster) {
    llvm::BitVector pending(rules.getNumKeys()), reachedKeys(rules.getNumKeys());
    llvm::BitVector before = chain(fence, /*forward=*/false, cluster);
    for (unsigned f : before.set_bits())
      pending |= cluster ? records[f].pendingCluster : records[f].pendingCta;
    llvm::BitVector after = chain(fence, /*forward=*/true, cluster);
    for (unsigned f : after.set_bits())
      reachedKeys |=
          cluster ? records[f].reachedCluster : records[f].reachedCta;
    return addsHazard(pending, reachedKeys, cluster);
  };
  std::vector<Verdict> verdicts;
  for (unsigned fence : order) {
    Verdict verdict;
    if (reached.test(fence)) {
      bool narrowAdds = addsWithRemoved(fence, /*cluster=*/true);
      verdict.spurious =
          !narrowAdds && !addsWithRemoved(fence, /*cluster=*/false);
      verdict.overwide = !verdict.spurious && !narrowAdds;
      if (verdict.spurious)
        removed.set(fence);
    }
    verdicts.push_back(verdict);
  }
  return verdicts;
}
