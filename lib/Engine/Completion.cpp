//===- Completion.cpp - when async reads complete, for any IR -------------===//
//
// The completion rules (include/proxyfence/Engine/Completion.h): the
// transfer functions and the join of the pending-read lattice.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Engine/Completion.h"

using namespace proxyfence::engine;

namespace {
/// A ring-slot read keeps at most this many instances, then one that knows
/// no delta.
constexpr size_t kInstances = 8;
} // namespace

void CompletionRules::normalize(unsigned key, Instances &list) const {
  if (list.size() < 2)
    return;
  auto collapse = [&] {
    PendingInstance one = list.front();
    for (const PendingInstance &r : llvm::drop_begin(list)) {
      one.groups.join(r.groups);
      one.joinCommitBarrier(r.commitBarrier);
      if (one.delta != r.delta)
        one.delta = kUnknownDelta;
    }
    list.assign(1, one);
  };
  const Read &read = reads[key];
  if (!read.ringSlot && !read.keepsOlder) {
    collapse();
    return;
  }
  llvm::sort(list, [](const PendingInstance &a, const PendingInstance &b) {
    return std::make_pair(a.groups, a.delta) <
           std::make_pair(b.groups, b.delta);
  });
  Instances merged;
  for (const PendingInstance &r : list) {
    if (!merged.empty() && merged.back().groups == r.groups &&
        merged.back().delta == r.delta)
      merged.back().joinCommitBarrier(r.commitBarrier);
    else
      merged.push_back(r);
  }
  list = std::move(merged);
  if (list.size() <= kInstances)
    return;
  if (!read.keepsOlder) {
    collapse();
    return;
  }
  // The newest (fewest groups) stays apart; the older ones join.
  PendingInstance newest = list.front();
  list.erase(list.begin());
  collapse();
  list.insert(list.begin(), newest);
}

void CompletionRules::normalize(Deltas &deltas) {
  llvm::sort(deltas);
  deltas.erase(std::unique(deltas.begin(), deltas.end()), deltas.end());
  if (deltas.size() > kInstances || (!deltas.empty() && deltas.front() < 0))
    deltas.assign(1, kUnknownDelta);
}

bool CompletionRules::join(PendingReads &into, const PendingReads &from) const {
  // A new key is copied, a shared one gets both lists, normalized (both
  // are: the same list joins to itself).
  auto joinEntries = [](auto &target, const auto &source, auto normalizeList) {
    bool changed = false;
    for (const auto &[key, list] : source) {
      auto [it, inserted] = target.insert({key, list});
      if (inserted) {
        changed = true;
        continue;
      }
      if (list == it->second)
        continue;
      auto joined = it->second;
      joined.append(list.begin(), list.end());
      normalizeList(key, joined);
      if (!(joined == it->second)) {
        it->second = std::move(joined);
        changed = true;
      }
    }
    return changed;
  };
  bool self = joinEntries(into.self, from.self,
                          [&](unsigned key, Instances &list) {
                            normalize(key, list);
                          });
  bool other = joinEntries(into.other, from.other,
                           [](unsigned, Deltas &deltas) { normalize(deltas); });
  return self || other;
}

void CompletionRules::issue(PendingReads &state, unsigned key, bool ownGroup,
                            std::optional<int> barrier) const {
  // A new instance; a ring-slot read keeps the earlier ones (they hold
  // other slots), another read replaces them.
  Instances &list = state.self[key];
  bool ring = reads[key].ringSlot;
  if (!ring && !reads[key].keepsOlder)
    list.clear();
  PendingInstance fresh;
  if (ownGroup) {
    fresh.groups = CommitCount::ownGroup();
    fresh.commitBarrier = barrier;
  }
  list.push_back(fresh);
  normalize(key, list);
  if (!ring)
    state.other.erase(key);
}

namespace {
/// Applies `apply` to the instances of the reads of `group` whose issuing
/// thread runs the commit or wait (`apply` returns true to complete one),
/// normalizing what is left.
template <typename Apply, typename Normalize>
void forEachExecuting(PendingReads &state, CompletionGroup group,
                      llvm::function_ref<bool(unsigned)> executes,
                      llvm::ArrayRef<CompletionRules::Read> reads,
                      Normalize normalize, Apply apply) {
  bool emptied = false;
  for (auto &[key, list] : state.self) {
    if (reads[key].group == group && executes(key)) {
      llvm::erase_if(list, [&](PendingInstance &read) {
        return apply(key, read);
      });
      normalize(key, list);
    }
    emptied |= list.empty();
  }
  if (emptied)
    state.self.eraseIf([](const auto &entry) { return entry.second.empty(); });
}
} // namespace

void CompletionRules::commit(PendingReads &state, CompletionGroup group,
                             Executes executes) const {
  forEachExecuting(state, group, executes, reads,
                   [&](unsigned key, Instances &list) { normalize(key, list); },
                   [](unsigned, PendingInstance &read) {
                     read.groups.commit();
                     return false;
                   });
}

void CompletionRules::wait(PendingReads &state, CompletionGroup group,
                           unsigned keep, Executes executes,
                           unsigned asWritten,
                           llvm::function_ref<void(unsigned)> lengthened) const {
  forEachExecuting(state, group, executes, reads,
                   [&](unsigned key, Instances &list) { normalize(key, list); },
                   [&](unsigned key, PendingInstance &read) {
                     bool done = read.groups.completedBy(keep);
                     if (!done && lengthened && asWritten < keep &&
                         read.groups.completedBy(asWritten))
                       lengthened(key);
                     return done;
                   });
}

void CompletionRules::commitToBarrier(PendingReads &state, int barrier,
                                      Executes executes) const {
  forEachExecuting(state, CompletionGroup::Mbarrier, executes, reads,
                   [&](unsigned key, Instances &list) { normalize(key, list); },
                   [&](unsigned, PendingInstance &read) {
                     if (!read.groups.isCommitted())
                       read.joinCommitBarrier(barrier);
                     read.groups.commit();
                     return false;
                   });
}

void CompletionRules::waitBarrier(
    PendingReads &state, Executes executes,
    llvm::function_ref<bool(int)> waitsOn,
    llvm::function_ref<bool(unsigned)> otherCommitted) const {
  // The reads the thread committed to a barrier the wait may be on.
  forEachExecuting(state, CompletionGroup::Mbarrier, executes, reads,
                   [&](unsigned key, Instances &list) { normalize(key, list); },
                   [&](unsigned, PendingInstance &read) {
                     return read.groups.isCommitted() &&
                            (!read.commitBarrier ||
                             waitsOn(*read.commitBarrier));
                   });
  // Another thread's read: its commit's arrive comes once the read
  // completed, whichever thread then waits on the barrier.
  state.other.eraseIf([&](const auto &entry) {
    return reads[entry.first].group == CompletionGroup::Mbarrier &&
           otherCommitted(entry.first);
  });
}

void CompletionRules::completeNewest(PendingReads &state, unsigned key) const {
  if (!reads[key].keepsOlder)
    return;
  auto it = state.self.lowerBound(key);
  if (it == state.self.end() || it->first != key || it->second.empty())
    return;
  Instances &list = it->second;
  CommitCount fewest = list.front().groups;
  for (const PendingInstance &read : list)
    fewest.join(read.groups);
  llvm::erase_if(list, [&](const PendingInstance &read) {
    return read.groups == fewest;
  });
  if (list.empty())
    state.self.erase(key);
}

void CompletionRules::advance(PendingReads &state, unsigned counter,
                              bool restart) const {
  unsigned slots = counterSlots[counter];
  auto step = [&](int &delta) {
    delta = restart || delta < 0 ? kUnknownDelta
                                 : (delta + 1) % static_cast<int>(slots);
  };
  for (auto &[key, list] : state.self)
    if (reads[key].counter == static_cast<int>(counter)) {
      for (PendingInstance &read : list)
        step(read.delta);
      normalize(key, list);
    }
  for (auto &[key, deltas] : state.other)
    if (reads[key].counter == static_cast<int>(counter)) {
      for (int &delta : deltas)
        step(delta);
      normalize(deltas);
    }
}

void CompletionRules::forgetSlots(
    PendingReads &state, llvm::function_ref<bool(unsigned)> which) const {
  for (auto &[key, list] : state.self)
    if (reads[key].ringSlot && which(key)) {
      for (PendingInstance &read : list)
        read.delta = kUnknownDelta;
      normalize(key, list);
    }
  for (auto &[key, deltas] : state.other)
    if (reads[key].ringSlot && which(key))
      deltas.assign(1, kUnknownDelta);
}

const PendingReads &
CompletionRules::alongEdge(const PendingReads &state,
                           llvm::function_ref<bool(unsigned)> contradicts,
                           PendingReads &scratch) const {
  bool any = llvm::any_of(state.self, [&](const auto &entry) {
    return contradicts(entry.first);
  });
  if (!any)
    return state;
  scratch = state;
  if (!uniformGuards)
    for (const auto &[key, list] : state.self)
      if (contradicts(key)) {
        Deltas &deltas = scratch.other[key];
        for (const PendingInstance &read : list)
          deltas.push_back(read.delta);
        normalize(deltas);
      }
  scratch.self.eraseIf(
      [&](const auto &entry) { return contradicts(entry.first); });
  return scratch;
}

void CompletionRules::forEachPending(
    const PendingReads &state,
    llvm::function_ref<void(unsigned, int)> visit) const {
  for (const auto &[key, list] : state.self)
    for (const PendingInstance &read : list)
      visit(key, read.delta);
  for (const auto &[key, deltas] : state.other)
    for (int delta : deltas)
      visit(key, delta);
}
