//===- Completion.h - when async reads complete, for any IR -----*- C++ -*-===//
//
// The one statement of how async reads of shared memory complete
// (docs/proxy-model.md, Completion), and of the dataflow that finds a write
// over a read not yet complete (a missing completion wait): the lattice of
// pending reads and its transfer functions. Both front-ends number their
// async reads ("keys") and run these rules over their own control flow;
// they answer only questions about bytes, guards and barriers.
//
//   PTX                                         Triton's IR
//   cp.async.bulk.commit_group, then            each TMA store is its own
//     cp.async.bulk.wait_group.read N             group; async_tma_store_wait
//                                                 {pendings = N}
//   wgmma.commit_group, then                    each wgmma its own group;
//     wgmma.wait_group N                          warp_group_dot_wait
//                                                 {pendings = N}
//   tcgen05.commit to an mbarrier, then a       each tcgen05 MMA its own
//     wait on that mbarrier                       group; a wait_barrier
//
// A wait for all but the newest N groups completes a read once N groups
// newer than its own are committed. An mbarrier wait completes the
// committed tcgen05 reads whose commit signals a barrier the wait may be
// on. A read another thread issued (this thread took a branch that
// contradicts the issue's guard; docs/proxy-model.md, Concurrency) is not
// completed by this thread's commits and waits, only by an execution
// barrier this thread waits at, or by an mbarrier wait on a barrier its
// commit signals (PTX ISA #tcgen05-memory-consistency-model).
//
// A read of a ring slot (one stage of a buffer indexed by a stage counter)
// keeps one pending instance per (commit groups, counter advances since
// issue): the instances of earlier iterations hold other slots, which the
// front-end can prove apart from a write's slot. Any other read keeps one
// instance, its newest (it reads the same bytes each time, and the newest
// is pending longest), unless the front-end waits for single issues.
//
// Plain C++ on LLVM ADT: no MLIR, so the PTX launcher stays light.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ENGINE_COMPLETION_H
#define PROXYFENCE_ENGINE_COMPLETION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace proxyfence::engine {

/// The commit groups a pending async read has seen: how many were
/// committed since it was issued, its own included (0: not yet committed).
/// Joined by minimum, the least completed path; capped, so that a loop that
/// commits converges (a wait that keeps kCap or more groups pending is then
/// taken to complete nothing, the conservative side).
struct CommitCount {
  static constexpr unsigned kCap = 64;
  unsigned groups = 0;

  /// A read that is its own group (Triton's TMA stores and MMAs).
  static CommitCount ownGroup() { return CommitCount{1}; }

  /// A commit of the read's kind by the issuing thread.
  void commit() { groups = std::min(groups + 1, kCap); }
  bool isCommitted() const { return groups > 0; }
  /// Whether a wait for all but the newest `pendings` groups completes it.
  bool completedBy(unsigned pendings) const { return groups > pendings; }

  void join(const CommitCount &other) {
    groups = std::min(groups, other.groups);
  }
  bool operator==(const CommitCount &other) const {
    return groups == other.groups;
  }
  bool operator<(const CommitCount &other) const {
    return groups < other.groups;
  }
};

/// How a read completes.
enum class CompletionGroup : uint8_t {
  /// Bulk async-groups: `cp.async.bulk.commit_group`/`wait_group.read N`.
  Bulk,
  /// wgmma groups: `wgmma.commit_group`/`wgmma.wait_group N`.
  Wgmma,
  /// A commit to an mbarrier (`tcgen05.commit`), then a wait on it.
  Mbarrier,
};

/// Counter advances since issue, modulo the counter's slots; kUnknownDelta
/// when paths disagree or the counter restarted.
constexpr int kUnknownDelta = -1;
/// The barrier of a commit, numbered by the front-end; kAnyBarrier once two
/// commits of different barriers joined.
constexpr int kAnyBarrier = -1;

/// One pending instance of a read this thread issued.
struct PendingInstance {
  CommitCount groups;
  /// For a ring-slot read: how many times its stage counter advanced since
  /// its issue, modulo the slots (kUnknownDelta: unknown).
  int delta = 0;
  /// For an mbarrier-completed read: the barrier the commit that committed
  /// it signals (none: not committed to a known one).
  std::optional<int> commitBarrier;

  bool operator==(const PendingInstance &o) const {
    return groups == o.groups && commitBarrier == o.commitBarrier &&
           delta == o.delta;
  }
  /// Joins `barrier` in: unset, one barrier, or kAnyBarrier once two differ
  /// (a join, so the transfer stays monotone).
  void joinCommitBarrier(const std::optional<int> &barrier) {
    if (!commitBarrier)
      commitBarrier = barrier;
    else if (barrier && *barrier != *commitBarrier)
      commitBarrier = kAnyBarrier;
  }
};

using Instances = llvm::SmallVector<PendingInstance, 1>;
/// Other threads' pending instances of one read: their deltas (sorted;
/// {kUnknownDelta} once unknown).
using Deltas = llvm::SmallVector<int, 1>;

/// A map from read keys, kept as a vector sorted by key: the dataflows copy
/// and join states once per block, which a node-based map makes expensive
/// when thousands of MMA reads are pending. Iterates in key order.
template <typename V> class SortedMap {
public:
  using Entry = std::pair<unsigned, V>;
  using iterator = typename std::vector<Entry>::iterator;
  using const_iterator = typename std::vector<Entry>::const_iterator;
  iterator begin() { return entries.begin(); }
  iterator end() { return entries.end(); }
  const_iterator begin() const { return entries.begin(); }
  const_iterator end() const { return entries.end(); }
  bool empty() const { return entries.empty(); }
  size_t size() const { return entries.size(); }
  void clear() { entries.clear(); }
  iterator lowerBound(unsigned key) {
    return std::lower_bound(
        entries.begin(), entries.end(), key,
        [](const Entry &e, unsigned k) { return e.first < k; });
  }
  const_iterator find(unsigned key) const {
    auto at = std::lower_bound(
        entries.begin(), entries.end(), key,
        [](const Entry &e, unsigned k) { return e.first < k; });
    return at != entries.end() && at->first == key ? at : entries.end();
  }
  std::pair<iterator, bool> insert(const Entry &entry) {
    iterator at = lowerBound(entry.first);
    if (at != entries.end() && at->first == entry.first)
      return {at, false};
    return {entries.insert(at, entry), true};
  }
  V &operator[](unsigned key) { return insert({key, V()}).first->second; }
  void erase(unsigned key) {
    iterator at = lowerBound(key);
    if (at != entries.end() && at->first == key)
      entries.erase(at);
  }
  /// Removes the entries `pred` holds for, keeping the order.
  template <typename P> void eraseIf(P pred) {
    llvm::erase_if(entries, [&](Entry &e) { return pred(e); });
  }
  bool operator==(const SortedMap &o) const { return entries == o.entries; }

private:
  std::vector<Entry> entries;
};

/// The lattice element: the async reads not yet complete as one thread
/// sees them at a program point.
struct PendingReads {
  /// Issued by this thread.
  SortedMap<Instances> self;
  /// Issued by another thread.
  SortedMap<Deltas> other;
  bool operator==(const PendingReads &o) const {
    return self == o.self && other == o.other;
  }
  bool operator!=(const PendingReads &o) const { return !(*this == o); }
};

/// The rules, over the async reads a front-end numbers.
class CompletionRules {
public:
  struct Read {
    CompletionGroup group = CompletionGroup::Bulk;
    /// Whether it reads a ring slot (keeps an instance per iteration).
    bool ringSlot = false;
    /// The stage counter whose advances move its slot (-1: none the
    /// front-end tracks as events).
    int counter = -1;
    /// Its older issues are kept apart from the newest (a front-end with a
    /// wait for one issue: TLX's token wait, completeNewest); otherwise a
    /// read that is not a ring slot keeps only its newest issue.
    bool keepsOlder = false;
  };
  /// `counterSlots`: per counter, its number of slots. `uniformGuards`: the
  /// front-end's guards are the same for every thread (Triton's scalar
  /// predicates): along an edge that contradicts a read's guard it was never
  /// issued, instead of issued by another thread.
  CompletionRules(std::vector<Read> reads, std::vector<unsigned> counterSlots,
                  bool uniformGuards)
      : reads(std::move(reads)), counterSlots(std::move(counterSlots)),
        uniformGuards(uniformGuards) {}

  const Read &getRead(unsigned key) const { return reads[key]; }
  unsigned getNumReads() const { return reads.size(); }

  /// Joins `from` into `into`; true when `into` grew.
  bool join(PendingReads &into, const PendingReads &from) const;

  /// This thread issues read `key`. `ownGroup`: the read is its own commit
  /// group (committed at issue); `barrier`, the mbarrier that group
  /// signals (Triton's tcgen05 MMA with its barrier operand).
  void issue(PendingReads &state, unsigned key, bool ownGroup,
             std::optional<int> barrier = std::nullopt) const;

  /// `executes(key)`: whether a commit or wait runs in the thread that
  /// issued the pending read `key` (the front-end knows the guards).
  using Executes = llvm::function_ref<bool(unsigned)>;

  /// A commit of `group`'s kind (cp.async.bulk.commit_group,
  /// wgmma.commit_group; or the issue of a read that is its own group).
  void commit(PendingReads &state, CompletionGroup group,
              Executes executes) const;
  /// A wait that keeps the newest `keep` groups of `group` pending.
  /// `asWritten` (<= keep): the wait's own count when the front-end reads it
  /// weakened; `lengthened(key)` is told of each read the weakening leaves
  /// pending that the wait as written completes.
  void wait(PendingReads &state, CompletionGroup group, unsigned keep,
            Executes executes, unsigned asWritten = ~0u,
            llvm::function_ref<void(unsigned)> lengthened = nullptr) const;
  /// tcgen05.commit to `barrier`: the thread's earlier mbarrier-completed
  /// reads signal it when they complete.
  void commitToBarrier(PendingReads &state, int barrier,
                       Executes executes) const;
  /// A wait on an mbarrier. `waitsOn(commitBarrier)`: whether the wait may
  /// be on that commit's barrier (kAnyBarrier: any). `otherCommitted(key)`:
  /// whether another thread's read `key` is committed to a barrier the wait
  /// may be on.
  void waitBarrier(PendingReads &state, Executes executes,
                   llvm::function_ref<bool(int)> waitsOn,
                   llvm::function_ref<bool(unsigned)> otherCommitted) const;
  /// A wait for the newest issue of read `key` (TLX's token wait): the
  /// instances with the fewest groups, if it keeps its older issues apart.
  void completeNewest(PendingReads &state, unsigned key) const;
  /// An execution barrier this thread waits at: ordered after what the
  /// other threads completed before reaching it.
  void executionBarrier(PendingReads &state) const { state.other.clear(); }
  /// Stage counter `counter` advances (every thread alike), or restarts.
  void advance(PendingReads &state, unsigned counter, bool restart) const;
  /// The slots of the pending reads `which(key)` holds for are no longer
  /// related to the counters' current values (a front-end that sees a
  /// counter change as a new value, not as an advance).
  void forgetSlots(PendingReads &state,
                   llvm::function_ref<bool(unsigned)> which) const;
  /// The state along an edge whose branch contradicts the guard of the
  /// reads `contradicts(key)` holds for: issued by another thread, or, with
  /// uniform guards, never issued. Returns `state` itself when nothing
  /// changes, else `scratch`, filled.
  const PendingReads &alongEdge(const PendingReads &state,
                                llvm::function_ref<bool(unsigned)> contradicts,
                                PendingReads &scratch) const;
  /// Every pending instance, this thread's and other threads', with its
  /// delta: a write of bytes one may read is a missing completion wait
  /// unless the front-end proves them apart (the delta says which slot).
  void forEachPending(const PendingReads &state,
                      llvm::function_ref<void(unsigned, int)> visit) const;

private:
  void normalize(unsigned key, Instances &list) const;
  static void normalize(Deltas &deltas);

  std::vector<Read> reads;
  std::vector<unsigned> counterSlots;
  bool uniformGuards;
};

} // namespace proxyfence::engine

#endif // PROXYFENCE_ENGINE_COMPLETION_H
